#include "atlas/training/device_memory.hpp"

#include <algorithm>

namespace atlas {

LossKernel loss_kernel(const Parallel& p) {
  if (p.loss != LossKernel::framework) return p.loss;
  const bool megatron_loss =
      is_megatron(p.framework) || p.framework == Framework::deepspeed || p.framework == Framework::ideal;
  return megatron_loss ? LossKernel::fused : LossKernel::eager;
}

const char* loss_kernel_name(LossKernel k) {
  static const char* const kNames[] = {"", "fused", "eager", "chunked"};  // LossKernel's order
  return kNames[static_cast<int>(k)];
}

double loss_bytes_per_logit(const Parallel& p) {
  switch (loss_kernel(p)) {
    case LossKernel::eager:
      // loss_parallel's backward holds one fp32 shard more than the fused kernel (see the header).
      return p.tp > 1 ? 16.0 : 12.0;
    case LossKernel::chunked:
      return 0.0;
    default:
      return 6.0;
  }
}

namespace {

void add(Communicators& c, const char* group, std::int64_t ranks) {
  if (ranks <= 1 || c.count >= kMaxCommunicators) return;
  const double bytes = ranks == 2 ? kNcclPairBytes : kNcclGroupBytes;
  c.list[static_cast<std::size_t>(c.count++)] = {group, ranks, bytes};
  c.bytes += bytes;
}

}  // namespace

Communicators nccl_communicators(const Parallel& p, bool tied_embeddings) {
  Communicators c;
  add(c, "TP", p.tp);
  add(c, "CP", p.cp);
  // Gradients (and ZeRO's gathers) run over dp × cp ranks; HSDP splits that into the group a
  // shard spans and the group its replicas span.
  if (p.shard_replicas() > 1) {
    add(c, "DP-shard", p.shard_ranks());
    add(c, "DP-replicate", p.shard_replicas());
  } else {
    add(c, "DP", p.dp * p.cp);
  }
  // Experts: the dispatch group, and the data-parallel group of each expert's replicas.
  if (p.ep > 1) {
    add(c, "EP", p.ep);
    add(c, "EP-DP", p.expert_dp());
  }
  // An expert grid of its own (etp below tp) adds the group each expert is split over.
  if (p.expert_grid()) add(c, "ETP", p.etp);
  // Megatron's model-parallel group (tp × pp) all-reduces the gradient norm; the embedding group
  // (first and last stage) all-reduces the tied embedding's gradient (parallel_state.py).
  if (is_megatron(p.framework)) {
    add(c, "MP", p.tp * p.pp);
    if (tied_embeddings && p.pp > 1) add(c, "embedding", 2);
  }
  return c;
}

GemmWorkspaces gemm_workspaces(const Parallel& p, const Hardware& hw, bool experts) {
  GemmWorkspaces w;
  if (p.framework == Framework::ideal) return w;
  // Compute capability 9.0 is the GPU with FP8 tensor cores that takes no per-block scales;
  // Blackwell (10.x) takes them, and gets PyTorch's smaller default.
  w.hopper = hw.flops_fp8 > 0 && !hw.microscaling;
  w.torch = (w.hopper ? kTorchCublasHopper : kTorchCublasOther) + kTorchCublasLt;
  // Megatron-Core builds its layers from Transformer Engine's modules; 2021's Megatron did not.
  if (p.framework == Framework::megatron) {
    w.te_each = hw.flops_fp8 > 0 ? kTeCublasHopperOn : kTeCublasBefore;
    w.te_copies = 1.0 + (experts ? kTeComputeStreams : 0) + (has_userbuffers(p) ? kTeUserbufferStreams : 0);
  }
  return w;
}

double allocator_reserve(double allocated, double outside, const Hardware& hw) {
  if (hw.allocator == Allocator::expandable_segments || allocated <= 0) return 0.0;
  const double free_for_cache = hw.memory - outside - allocated;
  return std::max(0.0, std::min(kCachingReserveFraction * allocated, free_for_cache));
}

double userbuffer_bytes(const Parallel& p, double tokens_per_microbatch, double hidden) {
  if (!has_userbuffers(p)) return 0.0;
  // Eight gather the GEMM's input (1 B under FP8); the four reduce-scatter and external ones hold bf16.
  const double gathered = 8.0 * (low_precision(p.precision) ? 1.0 : 2.0);
  return (gathered + 4.0 * 2.0) * tokens_per_microbatch * hidden;
}

double optimizer_state_bytes(const Parallel& p, bool weights_are_master) {
  const double master = p.master_weights && !weights_are_master ? 4.0 : 0.0;
  return master + (p.optimizer_bf16 ? 4.0 : 8.0);
}

}  // namespace atlas
