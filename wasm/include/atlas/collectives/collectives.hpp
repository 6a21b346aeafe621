// α-β costs of collectives on p ranks over one link model (Hockney; Thakur, Rabenseifner &
// Gropp 2005). Ideal: every rank has one full-duplex link of `bandwidth` to its ring neighbour,
// no contention, no topology. Shared by the all-reduce lab and the plan engine.
#pragma once

#include <cstdint>

namespace atlas {

/// One link: bytes/s per direction and per-message startup time in seconds.
struct LinkModel {
  double bandwidth;  // B/s
  double latency;    // s (α)
};

struct CollectiveCost {
  double time = 0;            // s, latency_term + bandwidth_term
  double latency_term = 0;    // s
  double bandwidth_term = 0;  // s
  std::int64_t steps = 0;     // sequential message rounds
  double bytes_per_rank = 0;  // B each rank sends in total
};

/// Ring all-reduce of `bytes` on each rank: T = 2(p−1)α + 2(p−1)/p · n/B.
CollectiveCost ring_allreduce(std::int64_t ranks, double bytes, LinkModel link);
/// Ring reduce-scatter (or all-gather) of a full buffer of `bytes`: T = (p−1)α + (p−1)/p · n/B.
CollectiveCost ring_reduce_scatter(std::int64_t ranks, double bytes, LinkModel link);
CollectiveCost ring_all_gather(std::int64_t ranks, double bytes, LinkModel link);
/// Pairwise all-to-all where each rank holds `bytes` and keeps 1/p: T = (p−1)α + (p−1)/p · n/B.
CollectiveCost all_to_all(std::int64_t ranks, double bytes, LinkModel link);
/// One point-to-point message: T = α + n/B.
CollectiveCost send_recv(double bytes, LinkModel link);

}  // namespace atlas
