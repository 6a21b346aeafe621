// Where each rank of a training split sits, and which ranks form each group. The rank order
// (Parallel::order) gives every dimension a stride: rank = Σ coordinate × stride, the first
// dimension's stride 1 and each next one's the product of the sizes before it. A group is the
// ranks that differ only along its dimensions. The collectives' costs (communication.cpp) and the
// plan's `placement` answer (placement_answer.cpp) both take their groups from group_axes(), so
// the device map and the step time cannot disagree about where a group runs.
//
// EP is carved out of DP, as the engine has always treated it (ep must divide dp; expert weights
// are replicated over dp·cp / ep): the order's ep dimension holds ep of the dp replicas (size ep)
// and its dp dimension the dp / ep groups of them. A rank's data-parallel index is
// ep coordinate + ep × dp coordinate, whatever the order; the data-parallel group spans cp, ep and
// dp, and a ZeRO shard group (dp_shard) the first dp_shard data-parallel indices with all of cp.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "atlas/collectives/network.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// Megatron-LM's other order, --use-tp-pp-dp-mapping: pipeline stages inside the data-parallel
/// replicas.
constexpr RankOrder kTpPpDpOrder{RankDim::tp, RankDim::cp, RankDim::ep, RankDim::pp, RankDim::dp};

/// The contract's name of a dimension ("tp", …) and of an order ("tp-cp-ep-dp-pp").
const char* rank_dim_name(RankDim d);
std::string rank_order_name(const RankOrder& order);

/// parallel.order: absent → Megatron's; a string naming each of tp, cp, ep, dp, pp once, joined
/// by "-", innermost first. Coded errors at /parallel/order: order_unknown_dimension,
/// order_missing_dimension, order_repeated_dimension.
std::optional<RankOrder> read_rank_order(const Fields& parallel);

/// Size of each dimension of the grid (ep's and dp's as above) and its stride under the order.
struct RankGrid {
  std::array<std::int64_t, kRankDims> size{}, stride{};
  std::int64_t gpus = 1;
};
RankGrid rank_grid(const Parallel& p);

/// One dimension (or part of one) a group spans: members `stride` apart, `size` of them.
struct Axis {
  std::int64_t stride = 1, size = 1;
};

/// The groups a plan's collectives run in. TP, CP, EP: their own dimension. DP: cp × ep × dp
/// (or the shard group under dp_shard); DP replicas: the groups holding the same shard (HSDP);
/// a pipeline: all pp stages; a stage pair: two neighbouring stages, what one send crosses.
/// With etp below tp (Parallel::expert_grid) EP and ETP come from the expert grid instead: each
/// stage's block of tp·cp·dp ranks numbered etp-ep-edp, etp fastest (Megatron-Core's expert
/// rank generator); ETP is the tp group otherwise.
enum class GroupKind : std::uint8_t { tp, cp, ep, dp, dp_replicas, pipeline, stage_pair, etp };

/// The axes a group of this kind spans (at most 4, size-1 ones left out), lowest stride first;
/// `count` 0 means the group is one rank. `regular` is false when the shard group cannot be cut
/// out of this order in whole blocks (dp_shard neither divides ep nor is a multiple of it while ep
/// and dp are apart in the order): read_plan_request refuses those.
struct GroupAxes {
  std::array<Axis, 4> axes{};
  int count = 0;
  bool regular = true;
  std::int64_t ranks() const;
};
GroupAxes group_axes(const Parallel& p, GroupKind kind);

/// Placement of one kind of group on the hardware's nodes: what its collectives are priced on.
/// A group that is one run of equally spaced ranks is placed by place_group() (the same answer,
/// to the bit, as before orders existed); others are walked group by group.
GroupPlacement kind_placement(const Hardware& hw, const Parallel& p, GroupKind kind);

/// The group of this kind that holds `rank`: its members in coordinate order, and its index
/// among the groups of its kind (the order for_each_group visits them in).
std::vector<std::int64_t> group_of(std::int64_t gpus, const GroupAxes& a, std::int64_t rank, std::int64_t* index);

/// Walks the groups of these axes over `gpus` ranks in index order, `visit(members)` with the
/// members in coordinate order, until `budget` members have been visited (whole groups);
/// returns the number of groups visited.
std::int64_t for_each_group(std::int64_t gpus, const GroupAxes& a, std::int64_t budget,
                            const std::function<void(const std::vector<std::int64_t>&)>& visit);

/// GPUs of a node that send a pipeline activation at the same moment: those holding the same
/// stage (its tp, cp and dp ranks run the same schedule), which share the node's NICs.
std::int64_t stage_senders_per_node(const Hardware& hw, const Parallel& p);

/// Refuses (order_shard_group, at /parallel/order) a shard group this order cannot cut out in
/// whole blocks (GroupAxes::regular).
void check_order(const Parallel& p, const Fields& parallel);

}  // namespace atlas
