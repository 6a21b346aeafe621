#include "atlas/collectives/ring_scaling.hpp"

#include <algorithm>

namespace atlas {

ScalingPoint strong_scaling(std::int64_t ranks, double bytes, LinkModel link, ScalingInput in) {
  ScalingPoint s;
  s.ranks = ranks;
  const double n = static_cast<double>(ranks);
  s.compute = in.compute / n;
  s.allreduce = ranks > 1 ? ring_allreduce(ranks, bytes, link).time : 0.0;
  // Gradients become ready during the backward pass, so communication can only hide under
  // the part of the compute that is still running when it starts.
  s.hidden = std::min(s.allreduce, in.overlap * s.compute);
  s.exposed = s.allreduce - s.hidden;
  s.step_time = s.compute + s.exposed;
  s.speedup = s.step_time > 0 ? in.compute / s.step_time : 1.0;
  s.efficiency = s.speedup / n;
  return s;
}

std::int64_t best_rank_count(double bytes, LinkModel link, ScalingInput in, std::int64_t max_ranks) {
  // Step time is not convex in N when overlap hides small all-reduces, so scan every count;
  // 65,536 evaluations of a closed form are cheap.
  std::int64_t best = 1;
  double best_time = strong_scaling(1, bytes, link, in).step_time;
  for (std::int64_t r = 2; r <= max_ranks; ++r) {
    const double t = strong_scaling(r, bytes, link, in).step_time;
    if (t < best_time) {
      best_time = t;
      best = r;
    }
  }
  return best;
}

}  // namespace atlas
