// The JSON the lab shows for one configuration. Every number the page prints comes from here,
// including the ones substituted into the formula, so the page only formats.
#include <cmath>

#include "atlas/collectives/ring_lab.hpp"
#include "atlas/collectives/ring_schedule.hpp"

namespace atlas {

namespace {

// The cost formula in symbols, per algorithm, as the page prints it above the numbers.
const char* symbolic(AllreduceAlgorithm a) {
  switch (a) {
    case AllreduceAlgorithm::ring:
      return "T = 2(p−1)·α + 2(p−1)/p · n/B";
    case AllreduceAlgorithm::reduce_scatter:
      return "T = (p−1)·α + (p−1)/p · n/B + (p−1)/p · n·γ";
    case AllreduceAlgorithm::all_gather:
      return "T = (p−1)·α + (p−1)/p · n/B";
    case AllreduceAlgorithm::recursive_doubling:
      return "T = lg p·α + lg p · n/B + lg p · n·γ";
    case AllreduceAlgorithm::rabenseifner:
      return "T = 2 lg p·α + 2(p−1)/p · n/B + (p−1)/p · n·γ";
    case AllreduceAlgorithm::binomial_tree:
      return "T = 2⌈lg p⌉·α + 2⌈lg p⌉ · n/B + ⌈lg p⌉ · n·γ";
  }
  return "";
}

}  // namespace

json point_json(AllreduceAlgorithm a, std::int64_t ranks, double bytes, const LabInput& in) {
  const ComparedCost c = allreduce_cost(a, ranks, bytes, in.link, in.gamma);
  const double factor = bus_factor(a, ranks);
  const double algbw = bytes / c.cost.time;  // nccl-tests: algbw = S / t
  const double bound = bandwidth_bound(a, ranks, bytes, in.link);
  // Both terms are linear in n through the origin or constant, so the crossover is where the
  // per-byte slope times n equals the constant part.
  const double per_byte = (c.cost.bandwidth_term + c.reduction_term) / bytes;
  const double crossover = c.cost.latency_term / per_byte;
  json r{{"algorithm", algorithm_name(a)},
         {"label", algorithm_label(a)},
         {"ranks", ranks},
         {"bytes", bytes},
         {"time", c.cost.time},
         {"latency_term", c.cost.latency_term},
         {"bandwidth_term", c.cost.bandwidth_term},
         {"reduction_term", c.reduction_term},
         // Shares of the total, for the stacked bar (they sum to 1).
         {"shares",
          {{"latency", c.cost.latency_term / c.cost.time},
           {"bandwidth", c.cost.bandwidth_term / c.cost.time},
           {"reduction", c.reduction_term / c.cost.time}}},
         {"steps", c.cost.steps},
         {"bytes_per_rank", c.cost.bytes_per_rank},
         {"chunk_bytes", bytes / static_cast<double>(ranks)},
         // Mean time of one message round; for the ring exactly one startup plus one chunk.
         {"step_time", c.cost.time / static_cast<double>(c.cost.steps)},
         {"algbw", algbw},
         {"busbw", algbw * factor},
         {"bus_factor", factor},
         {"bandwidth_bound", bound},
         {"bound_fraction", bound / c.cost.time},
         {"crossover_bytes", crossover},
         {"regime", bytes < crossover ? "latency-bound" : "bandwidth-bound"},
         {"formula",
          {{"symbolic", symbolic(a)},
           {"steps", c.cost.steps},
           {"latency", in.link.latency},
           {"factor", c.cost.bytes_per_rank / bytes},
           {"bytes", bytes},
           {"bandwidth", in.link.bandwidth},
           {"gamma", in.gamma},
           {"latency_term", c.cost.latency_term},
           {"bandwidth_term", c.cost.bandwidth_term},
           {"reduction_term", c.reduction_term},
           {"time", c.cost.time}}}};
  if (a == AllreduceAlgorithm::ring) {
    // The two limits the reader should see: p = 2 costs n/B, p → ∞ tends to 2n/B.
    r["limits"] = {{"two_ranks", bytes / in.link.bandwidth}, {"many_ranks", 2 * bytes / in.link.bandwidth}};
  }
  return r;
}

json schedule_json(std::int64_t ranks, double bytes, LinkModel link) {
  if (ranks > kScheduleMaxRanks) return {{"available", false}, {"max_ranks", kScheduleMaxRanks}, {"ranks", ranks}};
  json steps = json::array();
  int index = 0;
  for (const RingStep& s : ring_schedule(static_cast<int>(ranks))) {
    json sends = json::array();
    for (const RingSend& m : s.sends) sends.push_back({{"from", m.from}, {"to", m.to}, {"chunk", m.chunk}});
    steps.push_back({{"index", index++},
                     {"phase", s.reduce_scatter ? "reduce-scatter" : "all-gather"},
                     {"phase_step", s.phase_step},
                     {"sends", sends},
                     {"contributions", s.contributions}});
  }
  return {{"available", true},
          {"max_ranks", kScheduleMaxRanks},
          {"ranks", ranks},
          {"chunks", ranks},
          {"chunk_bytes", bytes / static_cast<double>(ranks)},
          // One step: a startup plus one chunk over the link; 2(p−1) of them make the total.
          {"step_time", link.latency + bytes / static_cast<double>(ranks) / link.bandwidth},
          {"steps", steps}};
}

json scaling_json(const LabInput& in, std::int64_t max_ranks) {
  const ScalingInput s = *in.scaling;
  auto point = [&](std::int64_t p) {
    const ScalingPoint x = strong_scaling(p, in.bytes, in.link, s);
    return json{{"ranks", x.ranks},     {"compute", x.compute},       {"allreduce", x.allreduce},
                {"hidden", x.hidden},   {"exposed", x.exposed},       {"step_time", x.step_time},
                {"speedup", x.speedup}, {"efficiency", x.efficiency}, {"ideal_speedup", static_cast<double>(p)}};
  };
  const ScalingPoint here = strong_scaling(in.ranks, in.bytes, in.link, s);
  json r = point(in.ranks);
  r["compute_single"] = s.compute;
  r["overlap"] = s.overlap;
  if (in.ranks * 2 <= kMaxRanks) {
    const ScalingPoint twice = strong_scaling(in.ranks * 2, in.bytes, in.link, s);
    // "Doubling GPUs halves the runtime" would make this ratio 0.5.
    r["doubled"] = point(in.ranks * 2);
    r["doubled"]["time_ratio"] = twice.step_time / here.step_time;
  }
  const std::int64_t best = best_rank_count(in.bytes, in.link, s, max_ranks);
  r["best"] = point(best);
  r["best"]["searched_to"] = max_ranks;
  return r;
}

}  // namespace atlas
