// Data-parallel and ZeRO traffic at the granularity each framework issues it. The same bytes
// cross the network whatever the framework; how many calls carry them (and so how much latency
// they pay) and what compute each call can hide behind differ. Defaults and their sources are
// listed in docs/fidelity.md.
#include <algorithm>
#include <cmath>

#include "atlas/training/communication.hpp"
#include "atlas/training/deepspeed_pipeline.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/placement.hpp"

namespace atlas {

const char* framework_name(Framework f) {
  static const char* const kNames[] = {"megatron",       "fsdp",  "deepspeed",    "ideal",
                                       "deepspeed-2021", "fsdp1", "megatron-2021"};
  return kNames[static_cast<int>(f)];
}

namespace {

// Parameters per gradient bucket. Megatron-Core: bucket_size = max(40,000,000, 1,000,000 × dp)
// (one bucket when gradient reduction does not overlap); PyTorch DDP (ZeRO-0): bucket_cap_mb =
// 25 MiB; FSDP with sharded state: one unit per wrapped transformer block; DeepSpeed:
// reduce_bucket_size = 5e8 elements.
double bucket_parameters(const Parallel& par, double replicas, double grad_bytes, double total, double layers) {
  if (par.framework == Framework::ideal) return total;
  switch (par.framework) {
    case Framework::megatron:
    case Framework::megatron_2021:
      return par.overlap ? std::max(40e6, 1e6 * replicas) : total;
    case Framework::fsdp:
    case Framework::fsdp1:
      return par.zero == 0 ? 25.0 * 1024 * 1024 / grad_bytes : total / std::max(1.0, layers);
    default:
      return 5e8;
  }
}

// Calls per layer when ZeRO-3 gathers weights: FSDP wraps each transformer block, Megatron's
// FSDP shards per layer too; DeepSpeed fetches each weight above stage3_param_persistence_threshold
// (1e5 elements: the matrices, not biases or norms) with its own call.
// Megatron fuses Q, K and V into one weight when they are the same size; under GQA they are three.
double qkv_tensors(const ModelShape& m) { return m.kv_heads == m.heads ? 1.0 : 3.0; }

double gathers_per_layer(const PlanInput& in) {
  if (!is_deepspeed(in.parallel.framework)) return 1;
  const ModelShape& m = in.model;
  const double mlp = m.swiglu ? 3.0 : 2.0;
  const double attention = qkv_tensors(m) + 1.0;  // Q, K and V, then the output projection
  const double experts = m.moe() ? static_cast<double>(m.experts) / static_cast<double>(in.parallel.ep) : 1.0;
  return attention + mlp * experts;
}

// DeepSpeed 2021 gathered every parameter tensor with a call of its own (v0.3.16's
// partition_parameters.py: _allgather_param per tensor, each after torch.cuda.synchronize()), so
// besides the weight matrices each layer's biases and norm weights cost a call apiece: a few KB,
// priced at NCCL's latency across the whole group, which grows with its size. Dense models only;
// their parameters per tp rank (norms are copied, not split: a slight undercount of bytes).
struct SmallTensors {
  double calls = 0;       // per layer
  double parameters = 0;  // per layer and tp rank
};

SmallTensors small_tensors(const PlanInput& in) {
  const ModelShape& m = in.model;
  if (m.moe()) return {};
  const LayerParameters lp = layer_parameters(m);
  const double biases = m.bias ? gathers_per_layer(in) : m.qkv_bias ? qkv_tensors(m) : 0.0;
  const double norms = 2.0 * (m.rmsnorm ? 1.0 : 2.0);
  const double rest = std::max(0.0, lp.total() - lp.attention_linear - lp.mlp_active);
  return {biases + norms, rest / static_cast<double>(in.parallel.tp)};
}

// HSDP: the shard's gradients, reduce-scattered inside the shard group, are then all-reduced
// across the groups that hold the same shard (PyTorch's HSDP, torchtitan's dp_replicate):
// 1/N of the bytes, over the replica group, as often as the reduce-scatter.
void replica_allreduce(const PlanInput& in, TransferList& B, double psi, double grad_bytes, double calls, bool every_mb,
                       double window) {
  const Parallel& par = in.parallel;
  if (par.shard_replicas() <= 1) return;
  const double shard = static_cast<double>(par.shard_ranks());
  const GroupPlacement rep = kind_placement(in.hardware, par, GroupKind::dp_replicas);
  Transfer* t = B.add({"dp-grad-replica-allreduce",
                       "gradient",
                       "each gradient shard all-reduced across the groups that hold the same shard",
                       "backward",
                       Collective::all_reduce,
                       Group::DP,
                       "gradients",
                       {psi / calls / shard, 0, 0}},
                      rep, grad_bytes * psi / calls / shard, every_mb ? calls : 0.0, every_mb ? 0.0 : calls);
  B.behind(t, window, every_mb);
}

}  // namespace

void data_parallel_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st, TransferList& B) {
  (void)index;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  const std::int64_t replicas = par.dp * par.cp;
  if (replicas <= 1) return;
  using C = Collective;
  // ZeRO's collectives run inside the shard group (all of dp·cp unless dp_shard is set).
  const GroupPlacement g = kind_placement(hw, par, GroupKind::dp);
  const bool ideal = in.ideal || par.framework == Framework::ideal;
  const double psi = st.parameters;
  const double grad_bytes = gradient_bytes(par);
  const double fwd_window = par.overlap ? st.compute_per_microbatch / 3.0 : 0.0;
  const double bwd_window = par.overlap ? 2.0 * st.compute_per_microbatch / 3.0 : 0.0;
  const double bucket = std::min(
      psi, bucket_parameters(par, static_cast<double>(replicas), grad_bytes, psi, static_cast<double>(st.layers)));
  const double buckets = std::max(1.0, std::ceil(psi / std::max(bucket, 1.0)));
  const std::array<double, 3> bucket_shape{psi / buckets, 0, 0};

  if (deepspeed_bf16_optimizer(par) && !ideal) {
    deepspeed_bf16_transfers(in, st, g, B);
    return;
  }
  if (par.zero <= 2) {
    const bool every_mb = par.zero == 2;  // sharded gradients cannot wait for the last micro-batch
    // DeepSpeed's ZeRO-1 and -2 all-reduce each gradient bucket and keep their partition of it
    // (stage_1_and_2.py, average_tensor: use_multi_rank_bucket_allreduce defaults to true, and
    // allreduce_and_scatter all-reduces the bucket): twice what a reduce-scatter moves.
    const bool bucket_allreduce = is_deepspeed(par.framework) && par.zero >= 1;
    const C op = par.zero == 0 || bucket_allreduce ? C::all_reduce : C::reduce_scatter;
    static const char* const kWhat[2][2] = {
        {"weight gradients, one bucket per call", "weight gradients of each micro-batch, one bucket per call"},
        {"weight gradients, each bucket all-reduced and the rank's partition kept",
         "weight gradients of each micro-batch, each bucket all-reduced and the rank's partition kept"}};
    const char* what = kWhat[bucket_allreduce][every_mb];
    Transfer* grads = B.add({op == C::all_reduce ? "dp-grad-allreduce" : "dp-grad-reducescatter", "gradient", what,
                             "backward", op, Group::DP, "gradients", bucket_shape},
                            g, grad_bytes * psi / buckets, every_mb ? buckets : 0.0, every_mb ? 0.0 : buckets);
    B.behind(grads, bwd_window, every_mb);
    if (par.zero >= 1) replica_allreduce(in, B, psi, grad_bytes, buckets, every_mb, bwd_window);
    if (par.zero >= 1) {
      // Updated weight shards go back to every replica. Megatron's distributed optimizer can
      // gather them behind the next step's first forward; DeepSpeed gathers after the step.
      const double gather = is_deepspeed(par.framework) ? std::min(psi, 5e8) : bucket;
      const double calls = std::max(1.0, std::ceil(psi / std::max(gather, 1.0)));
      // Under --fp8-param-gather the blocks' weights travel in the low format (one layout; each rank
      // makes the other itself), the embedding, norms and head in bf16.
      const double block = std::min(psi, st.block_weights());
      const double per_weight =
          par.fp8_param_gather && psi > 0
              ? (kWeightBytes * (psi - block) + low_precision_bytes(par.precision, false) * block) / psi
              : kWeightBytes;
      Transfer* w = weight_shard_gather(B, g, psi, calls, "updated weight shards", per_weight);
      const bool hidden = is_megatron(par.framework) || par.framework == Framework::ideal || is_fsdp(par.framework);
      B.behind(w, hidden ? fwd_window : 0.0, false);
    }
    return;
  }

  // ZeRO-3: every micro-batch gathers each layer's weights before its forward and again before
  // its backward, and reduce-scatters its gradients; the first gather and the last reduction
  // have nothing to hide behind.
  const double layers = std::max(1.0, static_cast<double>(st.layers));
  const double units = ideal ? 1.0 : layers * gathers_per_layer(in);
  // DeepSpeed 2021 gathered synchronously at a measured fraction of NCCL's rate: nothing hides.
  const bool synchronous = !ideal && par.framework == Framework::deepspeed_2021;
  const double rate = synchronous ? kDeepSpeed2021GatherRate : 1.0;
  const SmallTensors small = synchronous ? small_tensors(in) : SmallTensors{};
  const double matrices = std::max(psi - layers * small.parameters, 0.0);
  const std::array<double, 3> unit_shape{matrices / units, 0, 0};
  Transfer* f = B.add({"dp-param-allgather-fwd", "parameter",
                       is_deepspeed(par.framework) ? "each weight gathered before its forward"
                                                   : "one layer's weights gathered before its forward",
                       "forward", C::all_gather, Group::DP, "parameters", unit_shape},
                      g, kWeightBytes * matrices / units, units, 0, rate);
  Transfer* b = B.add({"dp-param-allgather-bwd", "parameter", "the same weights gathered again for backward",
                       "backward", C::all_gather, Group::DP, "parameters", unit_shape},
                      g, kWeightBytes * matrices / units, units, 0, rate);
  B.behind(f, synchronous ? 0.0 : fwd_window, true);
  // FSDP's BACKWARD_POST gathers the next block only once the current one's gradients are done:
  // that block starts when its gather ends, so the backward gathers wait in the open.
  if (!ideal && backward_gathers_wait(par))
    B.blocking(b);
  else
    B.behind(b, synchronous ? 0.0 : bwd_window, true);
  if (small.calls > 0) {
    const std::array<double, 3> small_shape{small.parameters / small.calls, 0, 0};
    const double small_bytes = kWeightBytes * small.parameters / small.calls;
    const double small_calls = layers * small.calls;
    for (const bool fwd : {true, false}) {
      Transfer* t = B.add({fwd ? "dp-param-allgather-small-fwd" : "dp-param-allgather-small-bwd", "parameter",
                           fwd ? "each bias and norm weight gathered before its forward, one call apiece"
                               : "the same biases and norm weights gathered again for backward",
                           fwd ? "forward" : "backward", C::all_gather, Group::DP, "parameters", small_shape},
                          g, small_bytes, small_calls, 0, rate);
      B.behind(t, 0.0, true);
    }
  }
  // FSDP and Megatron reduce each layer's gradients; DeepSpeed fills reduce_bucket_size buckets.
  const double reductions = ideal ? 1.0 : is_deepspeed(par.framework) ? std::max(1.0, std::ceil(psi / 5e8)) : layers;
  Transfer* r = B.add({"dp-grad-reducescatter",
                       "gradient",
                       "gradients reduced to their owners as backward goes",
                       "backward",
                       C::reduce_scatter,
                       Group::DP,
                       "gradients",
                       {psi / reductions, 0, 0}},
                      g, grad_bytes * psi / reductions, reductions, 0);
  B.behind(r, bwd_window, true);  // shares backward with the gathers (settle)
  replica_allreduce(in, B, psi, grad_bytes, reductions, true, bwd_window);
}

namespace {

// FSDP2 as torchtitan ran it (PyTorch's torch/distributed/_composable/fsdp/_fsdp_collectives.py, 2024)
// keeps every parameter a tensor of its own, so the flat buffers NCCL works on are copies:
// - all-gather copy-out: torch.split_with_sizes_copy reads the gathered bf16 buffer and writes
//   each parameter, 2 + 2 B per weight, on the compute stream after the gather; ZeRO-3 gathers
//   before forward and again before backward (reshard_after_forward);
// - reduce-scatter copy-in: torch.cat reads each bf16 gradient and writes it into the reduction's
//   input in the reduce dtype, then divides it in place by the pre-divide factor (a power of two
//   near sqrt(dp), at least 2 whenever there is more than one rank): 2 + g + 2g B per weight. It
//   runs on the reduce-scatter stream, but the compute stream waits for it before it frees the
//   gradients.
// What touches only the rank's 1/dp shard (the all-gather's copy-in, the post-divide, the
// gradient's accumulation) is left out. Megatron's buffers are its parameters and gradients
// (views into one contiguous buffer), so the calibration runs have none of these copies.
// FSDP1 (FullyShardedDataParallel, torch/distributed/fsdp/_runtime_utils.py) gathers into the
// FlatParameter whose views the parameters are, and its gradient is already one flat tensor:
// no copy-out, and a copy-in only when the reduction's dtype differs (the cast, 2 + g B), then
// the same in-place pre-divide (2g B).
double fsdp_copy_bytes(const Parallel& par, double parameters) {
  if (par.zero < 3 || par.dp * par.cp <= 1) return 0.0;
  const double g = gradient_bytes(par);
  if (par.framework == Framework::fsdp1)
    return ((g != kGradientBytes ? kGradientBytes + g : 0.0) + 2.0 * g) * parameters;
  const double copy_out = 2.0 * (kWeightBytes + kWeightBytes);
  const double copy_in = kGradientBytes + g + 2.0 * g;
  return (copy_out + copy_in) * parameters;
}

// Megatron-LM before its gradient-accumulation fusion (83b1e42, February 2022): autograd writes
// each micro-batch's weight gradient as a new tensor and adds it into the accumulated one (read
// both, write one: 3g B per weight) for every micro-batch but the first; since then the weight-
// gradient GEMM accumulates into Megatron's buffer itself. Per micro-batch, averaged over a step.
double unfused_accumulation_bytes(const PlanInput& in, double parameters) {
  if (in.accumulation <= 1) return 0.0;
  const double m = static_cast<double>(in.accumulation);
  return (m - 1.0) / m * 3.0 * gradient_bytes(in.parallel) * parameters;
}

}  // namespace

Transfer* weight_shard_gather(TransferList& B, const GroupPlacement& g, double psi, double calls, const char* name,
                              double bytes_per_weight) {
  return B.add({"dp-param-allgather",
                "parameter",
                name,
                "optimizer",
                Collective::all_gather,
                Group::DP,
                "parameters",
                {psi / calls, 0, 0}},
               g, bytes_per_weight * psi / calls, 0, calls);
}

FrameworkCopies framework_copies(const PlanInput& in, double parameters) {
  const Parallel& par = in.parallel;
  if (in.ideal) return {};  // the ideal bound has no framework
  if (deepspeed_pipeline(par)) {
    const double activation = static_cast<double>(in.micro) * static_cast<double>(in.model.seq) /
                              static_cast<double>(par.cp) * static_cast<double>(in.model.hidden);
    return {deepspeed_accumulation_bytes(in, parameters) + deepspeed_partition_copy_bytes(par.pp, par.tp) * activation,
            "DeepSpeed's pipeline engine",
            "adding each micro-batch's bf16 gradients into the BF16 optimizer's fp32 copy, 18 B per weight, and "
            "copying the slices of what crosses a stage boundary"};
  }
  if (par.framework == Framework::megatron_2021)
    return {unfused_accumulation_bytes(in, parameters), "Megatron-LM of 2021",
            "adding each micro-batch's weight gradients into the accumulated ones, outside the GEMM"};
  if (par.framework == Framework::fsdp1)
    return {fsdp_copy_bytes(par, parameters), "FSDP1",
            "casting its flat gradient for the reduction and dividing it in place"};
  if (par.framework == Framework::fsdp)
    return {fsdp_copy_bytes(par, parameters), "FSDP2",
            "copying gathered weights out of, and gradients into, its collectives' flat buffers"};
  return {};
}

}  // namespace atlas
