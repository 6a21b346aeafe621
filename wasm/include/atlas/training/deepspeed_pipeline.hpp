// DeepSpeed's pipeline engine (deepspeed/runtime/pipe/: engine.py, schedule.py, p2p.py) and the
// BF16 optimizer it runs with: what it does per micro-batch and per step that Megatron's own 1F1B
// does not, counted from its code (commits and derivations in deepspeed_pipeline.cpp and
// docs/fidelity.md). Used when the framework is DeepSpeed and pp > 1: DeepSpeed has no other
// pipeline, and ZeRO-2 and -3 are refused with it (engine.py asserts so since April 2021).
#pragma once

#include "atlas/training/communication.hpp"

namespace atlas {

/// Transfers per micro-batch on the busiest stage. A stage's forward step receives its input and
/// then sends the previous micro-batch's input gradient back; its backward step sends its output
/// and then receives the output gradient: four blocking transfers one after another on a middle
/// stage (two on the ends), each a rendezvous with the neighbour, so every stage keeps the pace of
/// the middle ones. With tensor parallelism each transfer is a 1/t slice (PartitionedTensor), made
/// whole again by an all-gather over the tp group: the received input (forward), the stage's own
/// output and the received gradient (backward) — three on a middle stage.
struct DeepSpeedPipeCounts {
  double activation_transfers = 0, gradient_transfers = 0;
  double forward_gathers = 0, backward_gathers = 0;
  double tp_gathers() const { return forward_gathers + backward_gathers; }
};
DeepSpeedPipeCounts deepspeed_pipe_counts(std::int64_t pp, std::int64_t tp);

/// HBM bytes per element of a micro-batch's activation (b·s·h) that the partitioning copies on
/// the busiest stage: each all-gather zero-fills its output, copies it out of NCCL's flat buffer
/// and clones it (2 + 4 + 4 B), and each slice is cloned when cut, received and fed forward.
double deepspeed_partition_copy_bytes(std::int64_t pp, std::int64_t tp);

/// BF16_Optimizer.update_hp_grads after every backward: each bf16 gradient cast to fp32 (read 2,
/// write 4) and added into the fp32 gradient (read 4 + 4, write 4): 18 B per weight the stage holds.
constexpr double kBf16AccumulationBytes = 18;
/// HBM bytes per micro-batch of that accumulation for `parameters` weights per tp rank (0 when
/// the plan does not run DeepSpeed's BF16 optimizer or the ideal bound is asked for).
double deepspeed_accumulation_bytes(const PlanInput& in, double parameters);

/// HBM bytes once per step beyond Adam's 28 B per updated weight: the gradient norm (read 4 B),
/// the reduction's cast to the reduce dtype, 1/dp scaling and copy back, zeroing the fp32
/// gradients (write 4 B) — all per weight the stage holds — and the fp32 → bf16 copy of the
/// updated shard (4 + 2 B per updated weight).
double deepspeed_step_bytes(const PlanInput& in, double held, double updated);

/// The data-parallel transfers of the BF16 optimizer: one all-reduce of the stage's gradients
/// after the last micro-batch (nothing left to hide behind) and the all-gather of the updated
/// bf16 shards after the step.
void deepspeed_bf16_transfers(const PlanInput& in, const StageFigures& st, const GroupPlacement& g, TransferList& list);

}  // namespace atlas
