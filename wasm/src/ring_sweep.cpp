// Whole curves in one engine call, so a slider move costs one round trip, not hundreds.
// Arrays are columnar (x, time, …) because that is what the charts consume.
#include <algorithm>
#include <cmath>
#include <vector>

#include "atlas/ring_lab.hpp"

namespace atlas {

namespace {

std::vector<double> log_space(double from, double to, int points) {
  std::vector<double> xs;
  const double a = std::log(from), b = std::log(to);
  for (int i = 0; i < points; ++i) xs.push_back(std::exp(a + (b - a) * i / (points - 1)));
  xs.front() = from;  // exact ends: no 0.99999 bytes at the edge of the chart
  xs.back() = to;
  return xs;
}

// Log-spaced rank counts, rounded and de-duplicated (small ranges give fewer points).
std::vector<std::int64_t> rank_counts(SweepRange r) {
  std::vector<std::int64_t> out;
  for (double x : log_space(r.from, r.to, r.points)) {
    const auto n = static_cast<std::int64_t>(std::llround(x));
    if (out.empty() || n > out.back()) out.push_back(n);
  }
  return out;
}

// A rate that does not exist (nothing moves at p = 1) is null, which charts draw as a gap.
json rate_or_null(double bytes, double time, double factor) {
  return time > 0 ? json(bytes / time * factor) : json(nullptr);
}

}  // namespace

json bytes_curve(const LabInput& in, SweepRange range, bool compare) {
  json x = json::array(), time = json::array(), lat = json::array(), bw = json::array(), algbw = json::array(),
       busbw = json::array(), bound = json::array();
  json others = json::object();
  const double factor = bus_factor(in.algorithm, in.ranks);
  for (double n : log_space(range.from, range.to, range.points)) {
    const ComparedCost c = allreduce_cost(in.algorithm, in.ranks, n, in.link, in.gamma);
    x.push_back(n);
    time.push_back(c.cost.time);
    lat.push_back(c.cost.latency_term);
    bw.push_back(c.cost.bandwidth_term);
    algbw.push_back(n / c.cost.time);
    busbw.push_back(n / c.cost.time * factor);
    bound.push_back(bandwidth_bound(in.algorithm, in.ranks, n, in.link));
    if (!compare) continue;
    for (auto a : kAllreduceAlgorithms) {
      if (a == in.algorithm) continue;
      others[std::string(algorithm_name(a))].push_back(allreduce_cost(a, in.ranks, n, in.link, in.gamma).cost.time);
    }
  }
  json out{{"x", x},         {"time", time},   {"latency_term", lat}, {"bandwidth_term", bw},
           {"algbw", algbw}, {"busbw", busbw}, {"bound", bound}};
  if (compare) out["compare"] = others;
  return out;
}

json ranks_curve(const LabInput& in, SweepRange range, bool compare) {
  json x = json::array(), time = json::array(), lat = json::array(), bw = json::array(), algbw = json::array(),
       busbw = json::array();
  json speedup = json::array(), efficiency = json::array(), step = json::array(), exposed = json::array();
  json others = json::object();
  for (std::int64_t p : rank_counts(range)) {
    // p = 1 has nothing to exchange; every algorithm's cost is then zero.
    const ComparedCost c = p > 1 ? allreduce_cost(in.algorithm, p, in.bytes, in.link, in.gamma) : ComparedCost{};
    x.push_back(p);
    time.push_back(c.cost.time);
    lat.push_back(c.cost.latency_term);
    bw.push_back(c.cost.bandwidth_term);
    algbw.push_back(rate_or_null(in.bytes, c.cost.time, 1.0));
    busbw.push_back(rate_or_null(in.bytes, c.cost.time, p > 1 ? bus_factor(in.algorithm, p) : 0.0));
    if (in.scaling) {
      const ScalingPoint s = strong_scaling(p, in.bytes, in.link, *in.scaling);
      speedup.push_back(s.speedup);
      efficiency.push_back(s.efficiency);
      step.push_back(s.step_time);
      exposed.push_back(s.exposed);
    }
    if (!compare) continue;
    for (auto a : kAllreduceAlgorithms) {
      if (a == in.algorithm) continue;
      others[std::string(algorithm_name(a))].push_back(
          p > 1 ? allreduce_cost(a, p, in.bytes, in.link, in.gamma).cost.time : 0.0);
    }
  }
  json out{{"x", x},         {"time", time},  {"latency_term", lat}, {"bandwidth_term", bw},
           {"algbw", algbw}, {"busbw", busbw}};
  if (in.scaling) {
    out["speedup"] = speedup;
    out["efficiency"] = efficiency;
    out["step_time"] = step;
    out["exposed"] = exposed;
  }
  if (compare) out["compare"] = others;
  return out;
}

}  // namespace atlas
