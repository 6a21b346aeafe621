// Thakur, Rabenseifner & Gropp (2005) all-reduce costs as MPICH implements them. Non-power-of-two
// p: MPICH first folds the r = p − p' surplus ranks into partners (one message of n bytes and one
// reduction), runs the algorithm on p' = 2^⌊lg p⌋ ranks, then sends the result back (another n).
#include "atlas/collectives/collective_compare.hpp"

#include <cmath>

namespace atlas {

namespace {

std::int64_t floor_pow2(std::int64_t p) {
  std::int64_t q = 1;
  while (q * 2 <= p) q *= 2;
  return q;
}

std::int64_t lg(std::int64_t pow2) {
  std::int64_t k = 0;
  while ((std::int64_t{1} << k) < pow2) ++k;
  return k;
}

// Fills a cost from counts: `steps` messages, `sent` bytes on the critical path, `reduced` bytes added.
ComparedCost make(std::int64_t steps, double sent, double reduced, LinkModel link, double gamma) {
  ComparedCost c;
  c.cost.steps = steps;
  c.cost.latency_term = static_cast<double>(steps) * link.latency;
  c.cost.bytes_per_rank = sent;
  c.cost.bandwidth_term = sent / link.bandwidth;
  c.reduction_term = reduced * gamma;
  c.cost.time = c.cost.latency_term + c.cost.bandwidth_term + c.reduction_term;
  return c;
}

// The fold to a power of two and back: 2 messages of n, one reduction of n.
void add_fold(ComparedCost& c, std::int64_t ranks, double bytes, LinkModel link, double gamma) {
  if (floor_pow2(ranks) == ranks) return;
  ComparedCost extra = make(2, 2 * bytes, bytes, link, gamma);
  c.cost.steps += extra.cost.steps;
  c.cost.latency_term += extra.cost.latency_term;
  c.cost.bytes_per_rank += extra.cost.bytes_per_rank;
  c.cost.bandwidth_term += extra.cost.bandwidth_term;
  c.reduction_term += extra.reduction_term;
  c.cost.time += extra.cost.time;
}

}  // namespace

std::string_view algorithm_name(AllreduceAlgorithm a) {
  switch (a) {
    case AllreduceAlgorithm::ring:
      return "ring";
    case AllreduceAlgorithm::reduce_scatter:
      return "reduce_scatter";
    case AllreduceAlgorithm::all_gather:
      return "all_gather";
    case AllreduceAlgorithm::recursive_doubling:
      return "recursive_doubling";
    case AllreduceAlgorithm::rabenseifner:
      return "rabenseifner";
    case AllreduceAlgorithm::binomial_tree:
      return "binomial_tree";
  }
  return "ring";
}

std::string_view algorithm_label(AllreduceAlgorithm a) {
  switch (a) {
    case AllreduceAlgorithm::ring:
      return "Ideal ring all-reduce";
    case AllreduceAlgorithm::reduce_scatter:
      return "Ring reduce-scatter alone";
    case AllreduceAlgorithm::all_gather:
      return "Ring all-gather alone";
    case AllreduceAlgorithm::recursive_doubling:
      return "Recursive doubling (Thakur et al. 2005)";
    case AllreduceAlgorithm::rabenseifner:
      return "Rabenseifner: halving + doubling (Thakur et al. 2005)";
    case AllreduceAlgorithm::binomial_tree:
      return "Binomial-tree reduce + broadcast (Thakur et al. 2005)";
  }
  return "";
}

bool parse_algorithm(std::string_view name, AllreduceAlgorithm& out) {
  for (auto a : kAllreduceAlgorithms)
    if (algorithm_name(a) == name) {
      out = a;
      return true;
    }
  return false;
}

ComparedCost allreduce_cost(AllreduceAlgorithm a, std::int64_t ranks, double bytes, LinkModel link, double gamma) {
  const double p = static_cast<double>(ranks);
  const double share = (p - 1.0) / p * bytes;  // what a ring phase or halving sequence moves
  switch (a) {
    case AllreduceAlgorithm::ring: {
      ComparedCost c;
      c.cost = ring_allreduce(ranks, bytes, link);
      c.reduction_term = share * gamma;  // each rank adds p−1 received chunks of n/p
      c.cost.time += c.reduction_term;
      return c;
    }
    case AllreduceAlgorithm::reduce_scatter: {
      ComparedCost c;
      c.cost = ring_reduce_scatter(ranks, bytes, link);
      c.reduction_term = share * gamma;
      c.cost.time += c.reduction_term;
      return c;
    }
    case AllreduceAlgorithm::all_gather: {
      ComparedCost c;
      c.cost = ring_all_gather(ranks, bytes, link);
      return c;
    }
    case AllreduceAlgorithm::recursive_doubling: {
      // lg p' rounds; every round exchanges and reduces the whole vector.
      const std::int64_t q = floor_pow2(ranks);
      const double rounds = static_cast<double>(lg(q));
      ComparedCost c = make(lg(q), rounds * bytes, rounds * bytes, link, gamma);
      add_fold(c, ranks, bytes, link, gamma);
      return c;
    }
    case AllreduceAlgorithm::rabenseifner: {
      // Halving: lg p' rounds moving n/2, n/4, … = (p'−1)/p'·n, reduced as it arrives;
      // doubling: the same volume back, no reduction.
      const std::int64_t q = floor_pow2(ranks);
      const double half = (static_cast<double>(q) - 1.0) / static_cast<double>(q) * bytes;
      ComparedCost c = make(2 * lg(q), 2 * half, half, link, gamma);
      add_fold(c, ranks, bytes, link, gamma);
      return c;
    }
    case AllreduceAlgorithm::binomial_tree: {
      // ⌈lg p⌉ rounds to reduce to the root plus ⌈lg p⌉ to broadcast, full vector each round;
      // the root sits on the critical path of every round. No fold is needed for trees.
      std::int64_t rounds = 0;
      while ((std::int64_t{1} << rounds) < ranks) ++rounds;
      const double r = static_cast<double>(rounds);
      return make(2 * rounds, 2 * r * bytes, r * bytes, link, gamma);
    }
  }
  return {};
}

double bus_factor(AllreduceAlgorithm a, std::int64_t ranks) {
  const double p = static_cast<double>(ranks);
  const bool half = a == AllreduceAlgorithm::reduce_scatter || a == AllreduceAlgorithm::all_gather;
  return (half ? 1.0 : 2.0) * (p - 1.0) / p;
}

double bandwidth_bound(AllreduceAlgorithm a, std::int64_t ranks, double bytes, LinkModel link) {
  return bus_factor(a, ranks) * bytes / link.bandwidth;
}

}  // namespace atlas
