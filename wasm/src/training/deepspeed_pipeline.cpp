// DeepSpeed's pipeline engine and its BF16 optimizer, counted from DeepSpeed's code at 56c5223
// (April 2022, "bf16+pipeline parallelism", #1801: the olruwase/bf16-updates branch BLOOM trained
// with, tr11-176B-ml README): runtime/pipe/engine.py, schedule.py, p2p.py, runtime/bf16_optimizer.py,
// runtime/engine.py and runtime/utils.py. Activations sent between stages are split over the tp
// ranks since the first pipeline engine (65c2f97, September 2020), gradients since e2fdd25
// (September 2021, #1407; sent whole before); both are still the default today
// (pipeline.pipe_partitioned and grad_partitioned).
#include "atlas/training/deepspeed_pipeline.hpp"

#include <algorithm>
#include <cmath>

#include "atlas/training/memory.hpp"

namespace atlas {

// TrainSchedule.steps(): 2(m + p − 1) steps; even stages run forward on even steps, odd stages on
// odd ones. A forward step is [RecvActivation, SendGrad, (LoadMicroBatch), ForwardPass], a
// backward step [SendActivation, RecvGrad, BackwardPass]; p2p.send / p2p.recv are blocking
// dist.send / dist.recv on the compute stream (dist.broadcast in two-rank groups before torch
// 1.8). So a middle stage's four transfers run one after another, where Megatron's
// send_forward_recv_backward runs a send and the opposite receive together; and since each pair
// of steps is a rendezvous, the ends wait for the middle stages: simulated, the makespan is
// (m + p − 1)(t_f + t_b + 4c) − 2(p + 2)c, c one transfer (the fill and drain steps transfer
// less; charging every slot 4c overstates the step by that, 0.2 % for BLOOM).
DeepSpeedPipeCounts deepspeed_pipe_counts(std::int64_t pp, std::int64_t tp) {
  DeepSpeedPipeCounts c;
  if (pp <= 1) return c;
  const double sides = pp >= 3 ? 2.0 : 1.0;  // neighbours of the busiest stage
  c.activation_transfers = sides;            // its input received, its output sent
  c.gradient_transfers = sides;              // its output's gradient received, its input's sent
  // PartitionedTensor.full() all-gathers over the tp ("slice parallel") group: the received input
  // before forward (all but stage 0); in backward the stage's own output, whose data was freed
  // after sending, and the received gradient (all but the last stage).
  if (tp > 1) c.forward_gathers = pp >= 3 ? 1.0 : 0.0, c.backward_gathers = 2.0;
  return c;
}

double deepspeed_partition_copy_bytes(std::int64_t pp, std::int64_t tp) {
  if (pp <= 1 || tp <= 1) return 0.0;
  const double t = static_cast<double>(tp);
  // full(): torch.zeros for the whole tensor (write 2 B), dist.all_gather into a list of views
  // (NCCL's flat output copied into them: read 2, write 2), then .clone() (read 2, write 2).
  const double per_gather = 2.0 + 4.0 + 4.0;
  // Slices, 1/t each, read and written once: the output cut by _partition_tensor's .clone(), the
  // received buffer's .clone(), _exec_forward_pass's inputs .clone(), the input gradient cut.
  // A middle stage does all four; with two stages the last does three.
  const double slices = (pp >= 3 ? 4.0 : 3.0) * (2.0 + 2.0) / t;
  return per_gather * deepspeed_pipe_counts(pp, tp).tp_gathers() + slices;
}

double deepspeed_accumulation_bytes(const PlanInput& in, double parameters) {
  if (in.ideal || !deepspeed_bf16_optimizer(in.parallel)) return 0.0;
  return kBf16AccumulationBytes * parameters;
}

// BF16_Optimizer.step(): get_global_norm_of_tensors over the fp32 gradients (read 4 B; clipping
// multiplies them only when the norm exceeds the limit, so it is not counted); the base
// optimizer on the rank's shard (Adam's 28 B, charged with every plan's optimizer); update_lp_params
// copies that fp32 shard into the bf16 weights (read 4, write 2); all_gather_dp_groups gathers
// into a list of views, so NCCL's output is copied into them (read 2, write 2 per weight);
// clear_hp_grads zeroes the fp32 gradients (write 4). The reduction (engine.allreduce_bucket)
// casts them to communication_data_type, bf16 when bf16 is on (read 4, write 2), multiplies the
// result by 1/dp after the all-reduce (read 2, write 2) and copies it back (read 2, write 4); in
// fp32 it only multiplies (read 4, write 4).
double deepspeed_step_bytes(const PlanInput& in, double held, double updated) {
  if (in.ideal || !deepspeed_bf16_optimizer(in.parallel) || in.parallel.dp * in.parallel.cp <= 1) return 0.0;
  const double g = gradient_bytes(in.parallel);
  const double reduce = g >= 4.0 ? 8.0 : (4.0 + g) + 2.0 * g + (g + 4.0);
  const double per_held = 4.0 + 4.0 + 4.0 + reduce;
  return per_held * held + (4.0 + kWeightBytes) * updated;
}

// PipelineEngine turns DeepSpeed's overlapped reduction off (enable_backward_allreduce = False);
// the schedule's last step runs ReduceTiedGrads, ReduceGrads, OptimizerStep. _bf16_reduce_grads
// hands buffered_allreduce_fallback the optimizer's flat fp32 gradients, one tensor per
// parameter group, each above the 5e8-element bucket and so all-reduced in one call
// (Megatron-DeepSpeed has two groups; the second, biases and norms without weight decay, is
// under 0.1 % of the bytes and counted with the first). The updated shards come back through
// all_gather_dp_groups: max(1, ⌊Ψ / allgather_bucket_size⌋) calls, 5e8 elements by default.
void deepspeed_bf16_transfers(const PlanInput& in, const StageFigures& st, const GroupPlacement& g, TransferList& B) {
  const double psi = st.parameters;
  Transfer* grads = B.add({"dp-grad-allreduce",
                           "gradient",
                           "the stage's gradients after the last micro-batch, cast from fp32",
                           "optimizer",
                           Collective::all_reduce,
                           Group::DP,
                           "gradients",
                           {psi, 0, 0}},
                          g, gradient_bytes(in.parallel) * psi, 0, 1);
  if (grads) B.exposed_step(grads, grads->time_per_step);
  const double calls = std::max(1.0, std::floor(psi / 5e8));
  Transfer* w = weight_shard_gather(B, g, psi, calls, "updated weight shards, after the step");
  if (w) B.exposed_step(w, w->time_per_step);
}

}  // namespace atlas
