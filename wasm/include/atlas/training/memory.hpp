// Per-device memory: model states per ZeRO stage (Rajbhandari et al. 2020) and activations per
// layer (Korthikanti et al. 2022, Table 2), generalised to grouped-query attention, SwiGLU,
// mixture-of-experts, context parallelism and models without dropout.
#pragma once

#include <algorithm>
#include <cstdint>

#include "atlas/training/device_memory.hpp"
#include "atlas/training/model.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

/// Mixed-precision Adam: 2 B bf16 weights + 2 B bf16 gradients + 12 B fp32 master weights,
/// momentum and variance per parameter — the 16Ψ baseline.
constexpr double kWeightBytes = 2, kGradientBytes = 2, kOptimizerBytes = 12;

struct ModelStates {
  double parameters = 0, gradients = 0, optimizer = 0;
  double total() const { return parameters + gradients + optimizer; }
};

/// Model states of `psi` parameters replicated over `shards` data-parallel ranks.
/// Stage 1 shards optimizer states, 2 also gradients, 3 also weights. `gradient_bytes` is 2 in
/// ZeRO's accounting; Megatron keeps fp32 main gradients (4, so 18Ψ unsharded). PyTorch's FSDP
/// keeps its weights as fp32 shards that are the master copy: 4 B of weights, 8 of optimizer.
inline ModelStates zero_model_states(double psi, double shards, int stage, double gradient_bytes = kGradientBytes,
                                     double weight_bytes = kWeightBytes, double optimizer_bytes = kOptimizerBytes) {
  ModelStates s;
  s.parameters = weight_bytes * psi / (stage >= 3 ? shards : 1.0);
  s.gradients = gradient_bytes * psi / (stage >= 2 ? shards : 1.0);
  s.optimizer = optimizer_bytes * psi / (stage >= 1 ? shards : 1.0);
  return s;
}

/// Model states and buffers of a stage at ZeRO stage `zero` (activations unchanged): lets
/// search try every stage from one stage_figures() call.
/// The dtype the framework keeps and reduces gradients in, unless the request names one
/// (`reduce_dtype`): Megatron accumulates and all-reduces bf16 gradients in an fp32 buffer
/// ("bfloat16 requires gradient accumulation and all-reduce to be done in fp32",
/// megatron/training/arguments.py); 2021's Megatron with --fp16 kept and reduced fp16 gradients
/// as they were; FSDP, DeepSpeed and the ideal model keep them in bf16 (ZeRO's 16Ψ).
inline ReduceDtype reduce_dtype(const Parallel& par) {
  if (par.reduce_dtype != ReduceDtype::framework) return par.reduce_dtype;
  return par.framework == Framework::megatron        ? ReduceDtype::fp32
         : par.framework == Framework::megatron_2021 ? ReduceDtype::fp16
                                                     : ReduceDtype::bf16;
}
/// Bytes per gradient element in that dtype.
inline double gradient_bytes(const Parallel& par) {
  return reduce_dtype(par) == ReduceDtype::fp32 ? 4 : kGradientBytes;
}
/// The contract's name of that dtype: "bf16", "fp32" or "fp16".
inline const char* reduce_dtype_name(const Parallel& par) {
  static const char* const kNames[] = {"", "bf16", "fp32", "fp16"};  // ReduceDtype's order; never `framework`
  return kNames[static_cast<int>(reduce_dtype(par))];
}

/// Whether the split is PyTorch's FSDP sharding its parameters (ZeRO-3), whose sharded parameter
/// is the fp32 master copy.
inline bool fsdp_keeps_fp32_shards(const Parallel& p) {
  return is_fsdp(p.framework) && p.zero >= 3 && p.master_weights;
}

/// DeepSpeed's ZeRO config default sub_group_size (deepspeed/runtime/zero/config.py): weights
/// whose fp32 gradient copy ZeRO-3 makes at once at the optimizer step.
constexpr double kDeepSpeedSubGroup = 1e9;

/// Whether the optimizer step makes DeepSpeed's fp32 copy of the gradients it updates: DeepSpeed
/// without its pipeline engine, whose BF16 optimizer keeps fp32 gradients whole all step (and
/// which runs no ZeRO beyond 1).
inline bool deepspeed_steps_fp32_copy(const Parallel& p) { return is_deepspeed(p.framework) && !deepspeed_pipeline(p); }

/// PyTorch's own loop (the FSDP frameworks): zero_grad sets the gradients to None (its default
/// since PyTorch 2.0), so in a step of one backward without pipeline stages they are allocated
/// during backward as the activations are freed, and the allocated peak is the larger of
/// backward's start (the activations, no gradients) and its end (the gradients, the buffers).
/// Not where DDP's buckets hold a copy of every gradient all along (ZeRO 0 over several ranks),
/// nor with gradients accumulated over micro-batches or pipeline stages. Returns the most the
/// parts held at once at any moment (every part alive, or the step), which the caching
/// allocator keeps reserved.
///
/// Foreach Adam, which the engine runs for these frameworks (optimizer_traffic_bytes: PyTorch's
/// AdamW without `fused`, the Hugging Face Trainer's adamw_torch), makes one temporary as large
/// as a moment for the weights the rank updates (the variance's square root,
/// torch/optim/adamw.py _multi_tensor_adamw) at the step, when the activations are freed and
/// the gradients alive: the peak when that outweighs them.
inline double settle_pytorch_peak(const StageFigures& st, const Parallel& at, double own_weights, DeviceMemory& m) {
  if (!is_fsdp(at.framework)) return m.total();
  const double temporary = at.foreach_adam(false) ? own_weights * (at.optimizer_bf16 ? 2.0 : 4.0) : 0.0;
  const bool after = st.one_backward && !(at.zero == 0 && at.dp > 1);
  const double backward = (after ? std::max(m.activations, m.gradients) : m.activations + m.gradients) + m.buffers;
  const double everything = m.total();
  if (m.gradients + temporary > backward) {
    m.activations = 0, m.buffers = temporary, m.peak = PeakMoment::optimizer_step;
    return std::max(everything, m.total());
  }
  if (after && m.gradients <= m.activations) m.gradients = 0, m.peak = PeakMoment::before_gradients;
  if (after && m.gradients > m.activations) m.activations = 0, m.peak = PeakMoment::backward_end;
  return everything;
}

/// What PyTorch's FSDP2 leaves cached on its communication streams beyond what the allocated peak
/// counts there. The caching allocator pools blocks by CUDA stream, and a block freed on one
/// stream serves only later requests on that stream (c10/cuda/CUDACachingAllocator.cpp). FSDP2
/// allocates its all-gather outputs on its all-gather stream and the flat reduce-scatter input
/// and output on its reduce-scatter stream (torch/distributed/fsdp/_fully_shard/
/// _fsdp_collectives.py), so each pool grows to the most it ever holds and keeps it: the
/// reduce-scatter pool one largest unit's flat gradients in the reduce dtype with its shard, the
/// all-gather pool the largest unit gathered beside a prefetched block. The allocated peak counts
/// a block's reduce-scatter and two gathered blocks; the rest is reserved and never handed out.
inline double fsdp_stream_pools(const StageFigures& st, const Parallel& at, double shards) {
  if (at.framework != Framework::fsdp || shards <= 1) return 0.0;
  const double block = st.layer_dense + st.layer_expert;
  const double beyond = std::max(0.0, st.largest_unit - block);
  const double scatter = beyond * gradient_bytes(at) * (1.0 + 1.0 / shards);
  const double gather = at.zero >= 3 ? beyond * kWeightBytes * (1.0 - 1.0 / shards) : 0.0;
  return scatter + gather;
}

inline DeviceMemory memory_at_zero(const StageFigures& st, const Parallel& par, int zero, bool tied_embeddings,
                                   const Hardware& hw) {
  // ZeRO shards over every replica of the weights: dp × cp ranks for dense weights, and
  // dp × cp / ep for experts (each expert lives on one rank of its expert-parallel group). With
  // etp below tp an expert shard is replicated over tp·cp·dp / (ep·etp) ranks, the expert
  // data-parallel group, and ZeRO shards it over that group's share of the shard ranks.
  const double shards = static_cast<double>(par.shard_ranks());
  const double expert_shards = par.expert_grid()
                                   ? shards * static_cast<double>(par.tp / par.etp) / static_cast<double>(par.ep)
                                   : shards / static_cast<double>(par.ep);
  Parallel at = par;
  at.zero = zero;
  // DeepSpeed's BF16 optimizer keeps the bf16 gradients (freed only before the next backward) and
  // an fp32 copy of them for the whole stage, and shards fp32 weights and Adam's states even at
  // ZeRO 0 (bf16_optimizer.py: fp32_groups_gradients_flat, fp32_groups_flat_partition).
  const bool bf16_optimizer = deepspeed_bf16_optimizer(at);
  // PyTorch's FSDP at ZeRO-3 keeps no bf16 copy: the sharded parameter is the fp32 master, cast to
  // bf16 only for the all-gather (MixedPrecisionPolicy), and the reduced gradient shard is cast back
  // to the parameter's fp32 whatever dtype it travelled in: 4 + 4 + Adam's 8 = 16 B a weight, N-way.
  const bool fp32_shards = fsdp_keeps_fp32_shards(at);
  const double gb = bf16_optimizer ? kGradientBytes + 4.0 : fp32_shards ? 4.0 : gradient_bytes(at);
  const double wb = fp32_shards ? 4.0 : kWeightBytes, ob = optimizer_state_bytes(at, fp32_shards);
  const int states = bf16_optimizer ? 1 : zero;
  const ModelStates d = zero_model_states(st.dense, shards, states, gb, wb, ob);
  const ModelStates e = zero_model_states(st.expert, expert_shards, states, gb, wb, ob);
  DeviceMemory m;
  m.parameters = d.parameters + e.parameters;
  // Transformer Engine keeps each block weight's FP8 copy (both layouts) for the whole step; under
  // --fp8-param-gather those copies are the weights, and no bf16 copy of a block weight is kept.
  m.parameters +=
      (weight_cache_bytes_per_weight(par) - (par.fp8_param_gather ? kWeightBytes : 0.0)) * st.block_weights();
  m.gradients = d.gradients + e.gradients;
  m.optimizer = d.optimizer + e.optimizer;
  m.activations = st.memory.activations;
  // Working buffers beyond the stored activations: the tensor-parallel gather and the
  // pipeline's received input are tensors Table 2 already counts (a layer's input), so only
  // ZeRO-3's gathered weights (current and prefetched layer) are extra; the rank's own shard
  // is part of the gathered buffer, so only the other ranks' (1 − 1/N) counts.
  if (zero >= 3)
    m.buffers =
        st.gathered_layer * (st.layer_dense * (1.0 - 1.0 / shards) + st.layer_expert * (1.0 - 1.0 / expert_shards));
  // PyTorch's FSDP2 reduces a block's gradients by copying its unsharded gradients into one flat
  // reduce-scatter input in the reduce dtype (with the shard it receives), then freeing them
  // (foreach_reduce, torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py): at that moment
  // the block's bf16 gradients and the flat buffer are alive together.
  if (par.framework == Framework::fsdp)
    m.buffers += (st.layer_dense + st.layer_expert) * (kGradientBytes + gradient_bytes(at) * (1.0 + 1.0 / shards));
  m.buffers += st.working_set;
  m.workspaces = st.workspaces;
  const double everything =
      settle_pytorch_peak(st, at, zero >= 1 ? st.dense / shards + st.expert / expert_shards : st.dense + st.expert, m);
  // DeepSpeed steps on fp32 gradients made at the step. ZeRO 1–3 cast a flat bf16 copy of the
  // rank's partition (stage_1_and_2.py step(); stage3.py _prepare_fp32_grad_for_sub_group, one
  // sub-group of at most sub_group_size weights at a time), ZeRO 0 flattens every gradient's fp32
  // cast (fp16/fused_optimizer.py step()). By then the activations are freed and, under ZeRO-1,
  // the gradients outside the rank's partition: the step is the peak when it holds more.
  if (deepspeed_steps_fp32_copy(at)) {
    // ZeRO 1–3: the rank's partition, flat in the gradients' dtype, then cast (no copy when the
    // gradients are fp32 already). ZeRO 0: every weight, cast and then flattened in fp32.
    const double own = st.dense / shards + st.expert / expert_shards, cast = gb == 4.0 ? 0.0 : 4.0;
    double copied = own, per_weight = gb + cast, grads_at_step = m.gradients;
    if (zero == 0) copied = st.dense + st.expert, per_weight = cast + 4.0;
    if (zero == 1) grads_at_step = gb * own;
    if (zero >= 3) copied = std::min(own, kDeepSpeedSubGroup);
    const double step = grads_at_step + per_weight * copied;
    const double backward = m.gradients + m.activations + m.buffers;
    if (step > backward) m.buffers += step - backward;
  }
  m.context = kCudaContextBytes;
  m.nccl = nccl_communicators(par, hw, tied_embeddings).bytes;
  m.userbuffers = st.userbuffers;
  // The reserved peak is not lowered with the allocated one: the caching allocator keeps the
  // blocks zero_grad freed, and whether the next forward's activations fit in them depends on
  // their sizes and places, which the engine does not follow. It holds every part at once.
  const double outside = m.context + m.nccl + m.userbuffers;
  m.reserve = allocator_reserve(everything, outside, hw) + (everything - m.total());
  // Expandable segments too: each stream grows a segment of its own and keeps its freed pages mapped.
  const double room = std::max(0.0, hw.memory - outside - m.total() - m.reserve);
  m.stream_pools = std::min(room, fsdp_stream_pools(st, at, shards));
  m.reserve += m.stream_pools;
  return m;
}

/// Activation bytes one layer keeps for backward for one micro-batch of `micro` sequences
/// on one device. cp splits the sequence; tp splits heads and MLP columns, and with sequence
/// parallelism the remaining (norm, dropout) tensors too.
/// With `flash` (FlashAttention) the scores are never stored: only the softmax statistics
/// (fp32, one per query row and head). Under selective recomputation `modules` are the parts
/// redone (Parallel::selective_modules; by default the attention core, whose scores are then not
/// kept): each discards what recompute_saved_bytes says.
double activation_bytes_per_layer(const ModelShape& m, double micro, std::int64_t tp, std::int64_t cp,
                                  bool sequence_parallel, Recompute recompute, bool flash = false,
                                  std::uint8_t modules = kRecomputeCoreAttn);

/// What an expert layer keeps beyond activation_bytes_per_layer, one micro-batch, on the busiest
/// expert-parallel rank (`imbalance` × the mean routed tokens): the grouped fc1's input, the
/// top_k dispatched copies of each token (Megatron's GroupedLinear and torch's grouped_mm save
/// it for the weight gradient), and the routed intermediates' share above the mean. 0 for dense
/// layers, under full recomputation and when Megatron's "moe" module recomputes the layer
/// ("moe_act" drops the down projection's input from the share above the mean).
double routed_expert_bytes_per_layer(const ModelShape& m, double micro, std::int64_t tp, std::int64_t etp,
                                     std::int64_t cp, double imbalance, Recompute recompute,
                                     std::uint8_t modules = kRecomputeCoreAttn);

/// How much one layer's kept activations change, per micro-batch on one device, because
/// Transformer Engine keeps each linear layer's input for its weight gradient in the low format
/// (Linear, LayerNormLinear and GroupedLinear save the quantized input, not the bf16 one:
/// transformer_engine/pytorch/module/linear.py, saved_inputmat) under Megatron with an FP8 or FP4
/// recipe; 0 otherwise. Per token: the norm-fused QKV and fc1 inputs and the down projections'
/// inputs shrink; the output projection keeps a low copy beside the bf16 attention output the
/// fused attention keeps (the low copy alone when the attention core is recomputed or unfused); a separate
/// norm's output read by several low-format linear layers is kept once per reader (latent
/// attention's down projections, the shared experts beside the bf16 router).
double low_precision_kept_change(const ModelShape& m, double micro, const Parallel& par, Recompute recompute,
                                 std::uint8_t modules);

/// Korthikanti Table 2 terms in units of s·b·h bytes for a GPT layer (a heads, t-way TP):
/// the published closed forms, used by the tests to pin the general formula above.
double korthikanti_table2(double s, double b, double h, double a, double t, bool sequence_parallel, Recompute recompute,
                          bool tensor_parallel);

}  // namespace atlas
