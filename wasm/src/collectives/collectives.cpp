#include "atlas/collectives/collectives.hpp"

namespace atlas {

namespace {

// Shared shape of the ring phases: `rounds` messages of n/p each.
CollectiveCost ring_phases(std::int64_t ranks, double bytes, LinkModel link, int phases) {
  CollectiveCost c;
  if (ranks <= 1) return c;  // nothing to exchange
  const double p = static_cast<double>(ranks);
  c.steps = phases * (ranks - 1);
  c.latency_term = static_cast<double>(c.steps) * link.latency;
  c.bytes_per_rank = phases * (p - 1.0) / p * bytes;
  c.bandwidth_term = c.bytes_per_rank / link.bandwidth;
  c.time = c.latency_term + c.bandwidth_term;
  return c;
}

}  // namespace

CollectiveCost ring_allreduce(std::int64_t ranks, double bytes, LinkModel link) {
  return ring_phases(ranks, bytes, link, 2);
}

CollectiveCost ring_reduce_scatter(std::int64_t ranks, double bytes, LinkModel link) {
  return ring_phases(ranks, bytes, link, 1);
}

CollectiveCost ring_all_gather(std::int64_t ranks, double bytes, LinkModel link) {
  return ring_phases(ranks, bytes, link, 1);
}

CollectiveCost all_to_all(std::int64_t ranks, double bytes, LinkModel link) {
  return ring_phases(ranks, bytes, link, 1);
}

CollectiveCost send_recv(double bytes, LinkModel link) {
  CollectiveCost c;
  c.steps = 1;
  c.latency_term = link.latency;
  c.bytes_per_rank = bytes;
  c.bandwidth_term = bytes / link.bandwidth;
  c.time = c.latency_term + c.bandwidth_term;
  return c;
}

}  // namespace atlas
