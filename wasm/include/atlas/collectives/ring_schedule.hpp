// The step-by-step schedule of the ideal ring all-reduce, for the lab's animation: which chunk
// each rank sends to its right-hand neighbour in each of the 2(p−1) steps, and how many ranks'
// contributions every copy of every chunk holds afterwards.
#pragma once

#include <cstdint>
#include <vector>

namespace atlas {

/// Largest ring the animation draws; the cost model itself goes to 65,536 ranks.
inline constexpr std::int64_t kScheduleMaxRanks = 16;

struct RingSend {
  int from;   // rank
  int to;     // (from + 1) mod p
  int chunk;  // index of the n/p slice being sent
};

struct RingStep {
  bool reduce_scatter;  // false: all-gather phase
  int phase_step;       // 0-based within the phase
  std::vector<RingSend> sends;
  // contributions[rank][chunk] after this step: how many ranks' inputs that copy sums
  // (1 = only its own; p = fully reduced).
  std::vector<std::vector<int>> contributions;
};

/// Schedule for 2 ≤ ranks ≤ kScheduleMaxRanks (empty otherwise).
std::vector<RingStep> ring_schedule(int ranks);

}  // namespace atlas
