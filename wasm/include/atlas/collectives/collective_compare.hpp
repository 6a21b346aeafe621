// All-reduce algorithms other than the ideal ring, for comparison only: the α-β-γ costs of
// Thakur, Rabenseifner & Gropp, "Optimization of Collective Communication Operations in MPICH"
// (IJHPCA 19(1), 2005). The lab's subject stays the ideal ring; these are overlays.
#pragma once

#include <cstdint>
#include <string_view>

#include "atlas/collectives/collectives.hpp"

namespace atlas {

enum class AllreduceAlgorithm {
  ring,                // reduce-scatter + all-gather around a ring (the lab's model)
  reduce_scatter,      // ring reduce-scatter alone (half of the ring all-reduce)
  all_gather,          // ring all-gather alone (the other half)
  recursive_doubling,  // lg p rounds, full vector each round
  rabenseifner,        // recursive-halving reduce-scatter + recursive-doubling all-gather
  binomial_tree,       // binomial-tree reduce to a root, then binomial-tree broadcast
};

inline constexpr AllreduceAlgorithm kAllreduceAlgorithms[] = {
    AllreduceAlgorithm::ring,         AllreduceAlgorithm::reduce_scatter,
    AllreduceAlgorithm::all_gather,   AllreduceAlgorithm::recursive_doubling,
    AllreduceAlgorithm::rabenseifner, AllreduceAlgorithm::binomial_tree,
};

/// Request/response name ("ring", "recursive_doubling", …).
std::string_view algorithm_name(AllreduceAlgorithm a);
/// People's name with its source ("Recursive doubling (Thakur et al. 2005)").
std::string_view algorithm_label(AllreduceAlgorithm a);
bool parse_algorithm(std::string_view name, AllreduceAlgorithm& out);

/// A cost with the reduction (γ) part kept apart, so latency + bandwidth stays the ring's split.
struct ComparedCost {
  CollectiveCost cost;        // cost.time includes reduction_term
  double reduction_term = 0;  // s spent adding received data (γ · bytes reduced)
};

/// Cost of one algorithm on p ranks for `bytes` per rank. gamma is seconds per byte reduced
/// (0 = reduction is free, the nccl-tests/ideal-ring view). The ring delegates to the shared
/// ring_allreduce so the lab and the plan engine agree to the last bit.
ComparedCost allreduce_cost(AllreduceAlgorithm a, std::int64_t ranks, double bytes, LinkModel link, double gamma);

/// nccl-tests' bus-bandwidth factor for the collective the algorithm performs:
/// 2(p−1)/p for all-reduce, (p−1)/p for reduce-scatter or all-gather alone.
double bus_factor(AllreduceAlgorithm a, std::int64_t ranks);

/// The bandwidth-optimal lower bound on the time of that collective at this link bandwidth
/// (any algorithm must move bus_factor · n bytes through some rank's link).
double bandwidth_bound(AllreduceAlgorithm a, std::int64_t ranks, double bytes, LinkModel link);

}  // namespace atlas
