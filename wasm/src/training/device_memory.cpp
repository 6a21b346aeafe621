#include "atlas/training/device_memory.hpp"

#include <algorithm>

#include "atlas/training/placement.hpp"

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

double nvls_bytes_per_head(const Hardware& hw, bool multi_node) {
  const int v = hw.nccl_minor;
  if (!hw.nvls || v < 17) return 0.0;
  if (v <= 20) return 16.0 * 2.0 * (4.0 + 2.0) * kMiB;
  if (v == 21) return 16.0 * 2.0 * (1.0 + 2.0) * kMiB;
  // Blackwell is the GPU with block-scaled tensor cores (Hopper's 16 channels before 2.26).
  const double channels = !hw.microscaling || v < 26 ? 16.0 : v >= 27 && !multi_node ? 24.0 : 32.0;
  return channels * 2.0 * 1.0 * kMiB;
}

bool nvls_at_creation(const Hardware& hw) { return hw.nccl_minor < 22; }

namespace {

// `nvls_use`: the group runs collectives NCCL's NVLS algorithm takes (all-reduce, reduce-scatter,
// all-gather of large tensors), which is when 2.22 and later set its buffers up.
void add(Communicators& c, const Hardware& hw, const char* group, std::int64_t ranks, std::int64_t local,
         bool nvls_use) {
  if (ranks <= 1 || c.count >= kMaxCommunicators) return;
  Communicator k{group, ranks, 0, ranks == 2 ? kNcclPairBytes : kNcclGroupBytes, 0};
  // NCCL sets NVLS up for a group of more than two GPUs in a node (ncclNvlsInit: gpuCount <= 2
  // returns), one head per such GPU.
  if (local > 2 && (nvls_use || nvls_at_creation(hw))) {
    k.local = local;
    k.nvls = static_cast<double>(local) * nvls_bytes_per_head(hw, ranks > local);
    k.bytes += k.nvls;
  }
  c.list[static_cast<std::size_t>(c.count++)] = k;
  c.bytes += k.bytes, c.nvls += k.nvls;
}

}  // namespace

Communicators nccl_communicators(const Parallel& p, const Hardware& hw, bool tied_embeddings) {
  Communicators c;
  // GPUs of each group in one node, where NVLS can take buffers (0 elsewhere: not needed).
  const bool nvls = nvls_bytes_per_head(hw, false) > 0 && hw.gpus_per_node > 2;
  const auto local = [&](GroupKind kind) -> std::int64_t {
    if (!nvls) return 0;
    const GroupPlacement g = kind_placement(hw, p, kind);
    return g.nodes > 1 ? g.members_per_node : g.ranks;  // members_per_node speaks for spanned nodes only
  };
  const std::int64_t tp_local = local(GroupKind::tp), dp_local = local(GroupKind::dp);
  add(c, hw, "TP", p.tp, tp_local, true);
  // Ring attention passes keys and values point to point; the all-gather variant gathers them.
  add(c, hw, "CP", p.cp, local(GroupKind::cp), p.cp_attention == ContextAttention::all_gather);
  // Gradients (and ZeRO's gathers) run over dp × cp ranks; HSDP splits that into the group a
  // shard spans and the group its replicas span.
  if (p.shard_replicas() > 1) {
    add(c, hw, "DP-shard", p.shard_ranks(), dp_local, true);
    add(c, hw, "DP-replicate", p.shard_replicas(), local(GroupKind::dp_replicas), true);
  } else {
    add(c, hw, "DP", p.dp * p.cp, dp_local, true);
  }
  // Experts: the dispatch group (all-to-all, which NVLS does not run), and the data-parallel
  // group of each expert's replicas (its members per node: the data-parallel group's, less the
  // expert group's share of them).
  if (p.ep > 1) {
    const std::int64_t ep_local = local(GroupKind::ep);
    add(c, hw, "EP", p.ep, ep_local, false);
    add(c, hw, "EP-DP", p.expert_dp(), ep_local > 0 ? std::max<std::int64_t>(1, dp_local / ep_local) : 0, true);
  }
  // An expert grid of its own (etp below tp) adds the group each expert is split over.
  if (p.expert_grid()) add(c, hw, "ETP", p.etp, local(GroupKind::etp), true);
  // Megatron's model-parallel group (tp × pp) all-reduces the gradient norm (a few bytes, which
  // NVLS does not take); the embedding group (first and last stage) all-reduces the tied
  // embedding's gradient (parallel_state.py); the default group runs start-up barriers.
  if (is_megatron(p.framework)) {
    add(c, hw, "MP", p.tp * p.pp, nvls ? tp_local * local(GroupKind::pipeline) : 0, false);
    if (tied_embeddings && p.pp > 1) add(c, hw, "embedding", 2, 0, false);
    add(c, hw, "world", hw.gpus, nvls ? std::min(hw.gpus, hw.gpus_per_node) : 0, false);
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
