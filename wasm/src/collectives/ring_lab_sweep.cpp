// Whole curves in one engine call, so a slider move costs one round trip, not hundreds.
// Arrays are columnar (x, time, …) because that is what the charts consume, and only the
// columns the sweep asked for are computed and returned.
#include <algorithm>
#include <array>
#include <cmath>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "atlas/collectives/ring_lab.hpp"

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

// The asked-for columns of one curve, filled point by point: add() of a column not asked for
// is a no-op, and callers skip computing what only such columns would need.
class Curve {
 public:
  explicit Curve(ColumnSet want) : want_(want) {}
  bool wants(Column c) const { return want_.has(c); }
  bool wants_any(ColumnSet s) const { return want_.any(s); }
  void add_x(json v) { x_.push_back(std::move(v)); }
  void add(Column c, json v) {
    if (want_.has(c)) columns_[static_cast<std::size_t>(c)].push_back(std::move(v));
  }
  void add_compare(AllreduceAlgorithm a, double time) { others_[std::string(algorithm_name(a))].push_back(time); }

  json finish() {
    json out{{"x", std::move(x_)}};
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const auto c = static_cast<Column>(i);
      if (c != Column::compare && want_.has(c)) out[std::string(kColumnNames[i])] = std::move(columns_[i]);
    }
    if (want_.has(Column::compare)) out["compare"] = std::move(others_);
    return out;
  }

 private:
  ColumnSet want_;
  json x_ = json::array();
  std::array<json, std::size(kColumnNames)> columns_{};  // null until the first add: points ≥ 2
  json others_ = json::object();
};

// Columns that need the selected algorithm's cost at each point, and those that need scaling.
constexpr ColumnSet kCostColumns{Column::time, Column::latency_term, Column::bandwidth_term, Column::algbw,
                                 Column::busbw};
constexpr ColumnSet kScalingColumns{Column::speedup, Column::efficiency, Column::step_time, Column::exposed};

}  // namespace

json bytes_curve(const LabInput& in, const SweepRange& range) {
  Curve curve(range.columns);
  const bool cost = curve.wants_any(kCostColumns);
  const double factor = bus_factor(in.algorithm, in.ranks);
  for (double n : log_space(range.from, range.to, range.points)) {
    curve.add_x(n);
    if (cost) {
      const ComparedCost c = allreduce_cost(in.algorithm, in.ranks, n, in.link, in.gamma);
      curve.add(Column::time, c.cost.time);
      curve.add(Column::latency_term, c.cost.latency_term);
      curve.add(Column::bandwidth_term, c.cost.bandwidth_term);
      curve.add(Column::algbw, n / c.cost.time);
      curve.add(Column::busbw, n / c.cost.time * factor);
    }
    if (curve.wants(Column::bound)) curve.add(Column::bound, bandwidth_bound(in.algorithm, in.ranks, n, in.link));
    if (!curve.wants(Column::compare)) continue;
    for (auto a : kAllreduceAlgorithms)
      if (a != in.algorithm) curve.add_compare(a, allreduce_cost(a, in.ranks, n, in.link, in.gamma).cost.time);
  }
  return curve.finish();
}

json ranks_curve(const LabInput& in, const SweepRange& range) {
  ColumnSet want = range.columns;
  // Speedup and the rest exist only for a request with scaling (there is no compute time else).
  if (!in.scaling)
    for (Column c : {Column::speedup, Column::efficiency, Column::step_time, Column::exposed}) want.remove(c);
  Curve curve(want);
  const bool cost = curve.wants_any(kCostColumns);
  const bool scaling = curve.wants_any(kScalingColumns);
  for (std::int64_t p : rank_counts(range)) {
    curve.add_x(p);
    if (cost) {
      // p = 1 has nothing to exchange; every algorithm's cost is then zero.
      const ComparedCost c = p > 1 ? allreduce_cost(in.algorithm, p, in.bytes, in.link, in.gamma) : ComparedCost{};
      curve.add(Column::time, c.cost.time);
      curve.add(Column::latency_term, c.cost.latency_term);
      curve.add(Column::bandwidth_term, c.cost.bandwidth_term);
      curve.add(Column::algbw, rate_or_null(in.bytes, c.cost.time, 1.0));
      curve.add(Column::busbw, rate_or_null(in.bytes, c.cost.time, p > 1 ? bus_factor(in.algorithm, p) : 0.0));
    }
    if (scaling) {
      const ScalingPoint s = strong_scaling(p, in.bytes, in.link, *in.scaling);
      curve.add(Column::speedup, s.speedup);
      curve.add(Column::efficiency, s.efficiency);
      curve.add(Column::step_time, s.step_time);
      curve.add(Column::exposed, s.exposed);
    }
    if (!curve.wants(Column::compare)) continue;
    for (auto a : kAllreduceAlgorithms) {
      if (a == in.algorithm) continue;
      curve.add_compare(a, p > 1 ? allreduce_cost(a, p, in.bytes, in.link, in.gamma).cost.time : 0.0);
    }
  }
  return curve.finish();
}

}  // namespace atlas
