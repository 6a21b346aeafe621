// Every tensor that crosses a device boundary in one training step, with its α-β cost and how
// much of it the schedule cannot hide behind compute.
#pragma once

#include <array>

#include "atlas/collectives.hpp"
#include "atlas/plan.hpp"

namespace atlas {

/// Exposed communication of one device of a stage: per micro-batch (inside the pipeline's
/// time slot, so the bubble stretches it too) and once per step.
struct StageCommunication {
  std::array<double, kGroups> per_microbatch{};
  std::array<double, kGroups> per_step{};
};

/// Which transfers to list: all, those of the model-parallel groups (TP, CP, EP, PP — they do
/// not depend on the ZeRO stage), or the data-parallel ones only. Search lists the first once per
/// split and the last once per ZeRO stage; the exposed sums are the same as from `all`.
enum class TransferSet { all, model_parallel, data_parallel };

/// Lists the transfers of a device of stage `index` into `out` (at most kMaxTransfers) and sums
/// their exposed times. `st` must come from stage_figures() for the same stage.
void stage_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& out, int& count, StageCommunication& exposed,
                     TransferSet which = TransferSet::all);

/// The link a group of `size` ranks, `stride` ranks apart, runs over: NVLink inside a node;
/// across nodes, the network, with one NIC per member the group has in each node.
LinkModel group_link(const Hardware& hw, std::int64_t stride, std::int64_t size, bool& inter_node);

}  // namespace atlas
