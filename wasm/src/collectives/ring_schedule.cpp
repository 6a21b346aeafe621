// Reduce-scatter: in step s rank r passes chunk (r − s) mod p to rank r+1, which adds its own
// copy; after p−1 steps rank r holds the complete sum of chunk (r + 1) mod p. All-gather: in
// step s rank r passes chunk (r + 1 − s) mod p, which it holds complete, and the receiver
// overwrites its copy. Each step every link carries exactly one chunk of n/p bytes.
#include "atlas/collectives/ring_schedule.hpp"

namespace atlas {

namespace {

int wrap(int x, int p) { return ((x % p) + p) % p; }

}  // namespace

std::vector<RingStep> ring_schedule(int ranks) {
  std::vector<RingStep> steps;
  if (ranks < 2 || ranks > kScheduleMaxRanks) return steps;
  const int p = ranks;
  std::vector<std::vector<int>> held(p, std::vector<int>(p, 1));
  for (int phase = 0; phase < 2; ++phase) {
    for (int s = 0; s < p - 1; ++s) {
      RingStep step;
      step.reduce_scatter = phase == 0;
      step.phase_step = s;
      // Read every sender's state before writing any receiver's: all sends happen at once.
      std::vector<std::vector<int>> next = held;
      for (int r = 0; r < p; ++r) {
        const int to = wrap(r + 1, p);
        const int chunk = phase == 0 ? wrap(r - s, p) : wrap(r + 1 - s, p);
        step.sends.push_back({r, to, chunk});
        next[to][chunk] = phase == 0 ? held[r][chunk] + held[to][chunk] : held[r][chunk];
      }
      held = std::move(next);
      step.contributions = held;
      steps.push_back(std::move(step));
    }
  }
  return steps;
}

}  // namespace atlas
