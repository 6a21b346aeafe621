// Strong scaling of data-parallel training under the ideal ring: a fixed global batch whose
// compute takes T_c on one device is split over N ranks, and every step all-reduces the full
// gradient (the payload does not shrink with N). Makes the entry's misconception measurable:
// doubling GPUs does not halve the step time.
#pragma once

#include <cstdint>

#include "atlas/collectives/collectives.hpp"

namespace atlas {

struct ScalingInput {
  double compute;  // s, T_c: one step's compute on a single device
  double overlap;  // 0…1, fraction of the per-rank compute that communication can run under
};

struct ScalingPoint {
  std::int64_t ranks = 1;
  double compute = 0;     // s, T_c / N
  double allreduce = 0;   // s, full all-reduce time (0 at N = 1)
  double hidden = 0;      // s of it that runs under compute
  double exposed = 0;     // s, allreduce − hidden
  double step_time = 0;   // s, compute + exposed
  double speedup = 1;     // T_c / step_time
  double efficiency = 1;  // speedup / N
};

/// One point: exposed = max(0, T_ar − overlap · T_c/N).
ScalingPoint strong_scaling(std::int64_t ranks, double bytes, LinkModel link, ScalingInput in);

/// The asymptote of speedup as N → ∞ with these numbers is 0 (the all-reduce time grows
/// with N); the rank count that maximises speedup is returned here (searched up to max_ranks).
std::int64_t best_rank_count(double bytes, LinkModel link, ScalingInput in, std::int64_t max_ranks);

}  // namespace atlas
