// The planner's network constants read off a pasted all_reduce_perf log (nccl_network_fit.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/collectives/ring_fit.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

/// Bus bandwidth and per-call overhead of the planner's NCCL model fitted to the log's points
/// (one node of `ranks` GPUs), the model's time per size, and the nominal in-node link per
/// hardware preset. null when there is nothing to fit.
json planner_network_fit(const std::vector<TimedSize>& points, std::int64_t ranks);

}  // namespace atlas
