// A pasted nccl-tests log read through the planner's own collective model (network.cpp): the
// bus bandwidth large messages reach and the per-call overhead small ones show, the model's time
// for every row with those two figures, and the nominal in-node link each hardware preset would
// need to reach that bandwidth. The lab stays the ideal ring; this is what recalibrates the planner.
#include <algorithm>
#include <cmath>

#include "atlas/collectives/nccl_network_fit.hpp"
#include "atlas/collectives/network.hpp"
#include "atlas/content/presets.hpp"

namespace atlas {

json planner_network_fit(const std::vector<TimedSize>& points, std::int64_t ranks) {
  if (points.empty() || ranks < 2) return nullptr;
  const double p = static_cast<double>(ranks);
  // One node (a single-node log is what the lab reads): NVLink for every hop.
  const GroupPlacement g{ranks, 1, ranks};
  NetworkLinks links;
  links.gpus_per_node = ranks, links.nics_per_node = ranks, links.nic_busbw = 1;
  // Peak: the best bus bandwidth of the largest quarter of the sizes (Simple at large messages).
  std::vector<TimedSize> sorted = points;
  std::sort(sorted.begin(), sorted.end(), [](const TimedSize& a, const TimedSize& b) { return a.bytes < b.bytes; });
  double peak = 0;
  for (std::size_t i = sorted.size() * 3 / 4; i < sorted.size(); ++i)
    peak = std::max(peak, sorted[i].bytes * 2.0 * (p - 1.0) / p / sorted[i].time);
  if (!(peak > 0)) return nullptr;
  links.nvlink_busbw = peak;
  // Overhead: what the smallest messages take beyond NCCL's own latency for them.
  links.call_overhead = 0;
  double overhead = 1e300;
  for (std::size_t i = 0; i < std::min<std::size_t>(sorted.size(), 4); ++i)
    overhead = std::min(overhead, sorted[i].time - nccl_time(Collective::all_reduce, sorted[i].bytes, g, links).time);
  links.call_overhead = std::max(0.0, overhead);
  double sum = 0;
  json rows = json::array();
  for (const auto& pt : sorted) {
    const CollectiveTime t = nccl_time(Collective::all_reduce, pt.bytes, g, links);
    sum += std::fabs(t.time / pt.time - 1.0);
    rows.push_back({{"size", pt.bytes},
                    {"time", pt.time},
                    {"model_time", t.time},
                    {"protocol", protocol_name(t.protocol)},
                    {"algorithm", algorithm_name(t.algorithm)}});
  }
  json presets = json::object();
  for (const auto& h : preset_catalog()["hardware"]) {
    const json& eff = h["hardware"].value("efficiencies", json::object());
    const double intra = eff.value("intra", 0.0);
    if (intra > 0) presets[h.value("id", "")] = {{"intra_bandwidth", peak / intra}, {"efficiency", intra}};
  }
  return json{{"busbw", peak},
              {"call_overhead", links.call_overhead},
              {"mean_abs_error", sum / static_cast<double>(sorted.size())},
              {"rows", rows},
              {"intra_bandwidth_by_preset", presets},
              {"meaning",
               "The planner's NCCL model on one node: Simple-protocol bus bandwidth from the largest sizes, per-call "
               "overhead from the smallest; intra_bandwidth_by_preset is the nominal in-node link that reaches this "
               "bus bandwidth at each preset's fitted efficiency."}};
}

}  // namespace atlas
