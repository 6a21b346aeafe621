// What a rank holds besides its model states and stored activations: the logits-sized tensors
// its loss keeps alive at the last stage's peak, and, outside PyTorch's caching allocator, the
// CUDA context and NCCL's communication buffers — the part nvidia-smi shows and
// torch.cuda.max_memory_allocated() does not.
#pragma once

#include <array>
#include <cstdint>

#include "atlas/training/plan.hpp"

namespace atlas {

/// The loss the split runs: the request's, or its framework's own.
LossKernel loss_kernel(const Parallel& p);
/// The contract's name of it: "fused", "eager" or "chunked".
const char* loss_kernel_name(LossKernel k);

/// Bytes per logit (per token and vocabulary entry on this rank) alive at the loss's peak.
/// fused, Megatron's vocabulary-parallel cross-entropy
/// (megatron/core/tensor_parallel/cross_entropy.py): the head's bf16 logits (2 B) and the fp32
/// copy it upcasts to and turns into the softmax in place, saved for backward (4 B): 6.
/// eager, PyTorch's F.cross_entropy over logits.float() (torchtitan's loss): the fp32 log-softmax
/// saved for backward, and in backward the gradient of the log-likelihood and of the log-softmax,
/// all fp32, alive together: 12 (the bf16 logits are freed before backward, as torchtitan's
/// train step deletes them). With tp > 1 the eager loss is PyTorch's loss_parallel over the
/// vocabulary shard (torch/distributed/tensor/parallel/loss.py, as torchtitan runs it), whose
/// backward computes (zeros_like(x) + exp(x)) * grad: the saved log-softmax, the one-hot
/// gradient, exp(x) and their sum are alive at once, 16. chunked (a loss computed over slices of the tokens, as Liger's
/// or torchtune's): no full-vocabulary tensor; one slice's is left out, its size not being given.
double loss_bytes_per_logit(const Parallel& p);

/// The CUDA context of a PyTorch process with its libraries loaded (cuBLAS, cuDNN, NCCL's
/// kernels): 1.79 GiB of "non_torch_memory" measured by vLLM's memory profiler on an H100 with
/// Llama 3 8B at tp 1 (vllm-project/vllm PR #10511, December 2024). Assumed the same on every GPU
/// and in training, where Transformer Engine's kernels may add to it.
constexpr double kMiB = 1048576.0;
constexpr double kCudaContextBytes = 1.79 * 1024.0 * kMiB;
/// NCCL's buffers per communicator a rank has used: 544 MiB for a 2-rank group and 688 MiB for a
/// larger one, measured with PyTorch on 4 A100s over NVLink after a 4 MB all-reduce in each group
/// (NVIDIA/nccl issue #964). Memory grows with NCCL's channels and stops growing beyond two
/// nodes (a maintainer, issue #864); assumed the same on every GPU and network.
constexpr double kNcclPairBytes = 544.0 * kMiB, kNcclGroupBytes = 688.0 * kMiB;

/// The GEMM workspaces a rank allocates through PyTorch's caching allocator on its first matmuls
/// and keeps for the run, so torch.cuda.max_memory_allocated() counts them:
/// - PyTorch's cuBLAS workspace per handle and stream, CUBLAS_WORKSPACE_CONFIG's default
///   ":4096:8" (32 MiB) on Hopper (compute capability 9.0) and ":4096:2:16:8" (8.125 MiB) on
///   others, and its cuBLASLt workspace of 1 MiB beside it (aten/src/ATen/cuda/
///   CublasHandlePool.cpp: parseChosenWorkspaceSize, parseCUDABlasLtWorkspaceSize, both taken
///   from the allocator). One stream runs a step's GEMMs, so one of each.
/// - Transformer Engine's (Megatron-Core's layers): 32 MiB + 1 KiB from Hopper on, 4 MiB before
///   (transformer_engine/pytorch/cpp_extensions/gemm.py, get_cublas_workspace_size_bytes), one
///   per device; grouped GEMMs (the experts' TEGroupedLinear) one per compute stream, of which
///   there are 4 (common/util/multi_stream.cpp); userbuffers' overlapped GEMMs 3 more.
constexpr double kTorchCublasHopper = 32.0 * kMiB, kTorchCublasOther = 8.125 * kMiB, kTorchCublasLt = 1.0 * kMiB;
constexpr double kTeCublasHopperOn = 32.0 * kMiB + 1024.0, kTeCublasBefore = 4.0 * kMiB;
constexpr int kTeComputeStreams = 4, kTeUserbufferStreams = 3;
struct GemmWorkspaces {
  bool hopper = false;  // PyTorch's Hopper default applies (compute capability 9.0)
  double torch = 0;     // PyTorch's cuBLAS and cuBLASLt workspaces
  double te_each = 0;   // one Transformer Engine workspace (0: no Transformer Engine)
  double te_copies = 0;
  double total() const { return torch + te_each * te_copies; }
};
GemmWorkspaces gemm_workspaces(const Parallel& p, const Hardware& hw, bool experts);

/// One communicator a rank joins, as the framework creates and uses it in a step.
struct Communicator {
  const char* group = "";  // "TP", "CP", "DP", "DP-shard", "DP-replicate", "EP", "EP-DP", "ETP", "MP", "embedding",
                           // "world"
  std::int64_t ranks = 0;
  std::int64_t local = 0;  // its GPUs in one node (NVLink domain): NVLS's heads (0 where not counted)
  double bytes = 0;        // its NCCL buffers, NVLS's included
  double nvls = 0;         // of which NVLS's
};
constexpr int kMaxCommunicators = 12;
struct Communicators {
  std::array<Communicator, kMaxCommunicators> list{};
  int count = 0;
  double bytes = 0;
  double nvls = 0;
};
/// The communicators of groups with more than one rank that run collectives each step (pipeline
/// send/receive is point-to-point, whose buffers are far smaller and not counted), and under
/// Megatron the default group its start-up barriers run on (megatron/training/initialize.py).
Communicators nccl_communicators(const Parallel& p, const Hardware& hw, bool tied_embeddings);

/// NCCL's NVLS buffer for one head (one GPU of the group in the node) on this hardware:
/// nChannels × 2 × (buffer + flags) (src/transport/nvls.cc at each release). 2.17–2.20: 16
/// channels × 2 × (NCCL_BUFFSIZE's 4 MiB + 2 MiB) = 192 MiB; 2.21: the buffer became 8 steps of
/// NCCL_NVLS_CHUNKSIZE's 128 KiB (1 MiB), 96 MiB; 2.22 on: the flags moved out, 32 MiB on Hopper,
/// and Blackwell takes 32 channels (2.26), 24 inside one NVLink domain (2.27). 0 without NVLS or
/// before 2.17, which introduced it.
double nvls_bytes_per_head(const Hardware& hw, bool multi_node);
/// Before 2.22 every communicator with more than two GPUs in a node sets NVLS up when it is
/// created; from 2.22 (runtime connection, on by default) only when an NVLS collective first runs.
bool nvls_at_creation(const Hardware& hw);

/// What PyTorch's caching allocator holds beyond the allocated peak, as a fraction of that peak:
/// max reserved ÷ max allocated − 1 in Megatron training logs of large models on 80–96 GB cards
/// (bf16, no expandable segments), the mean of four sources' means: Megatron-LM's fine-grained
/// offloading README baseline (DeepSeek-V3 proxy on H100, four ranks: 1.140, 1.125, 1.145,
/// 1.169), inclusionAI's Ling-V2 pre-training guide (1.054), swiss-ai's Megatron notes (Qwen3-30B-
/// A3B on GH200, three ranks: 1.008, 1.006, 1.006) and Pai-Megatron-Patch's Llama 3.1 8B script
/// (1.025). The cache comes from blocks freed at one size and asked for at another (segments of
/// 2 and 20 MiB, large ones rounded to 2 MiB: c10/cuda/CUDACachingAllocator.cpp); the spread is
/// wide (1.006 to 1.169), and small models and FSDP1 were measured higher (1.2–1.4), not modelled.
constexpr double kCachingReserveFraction = 0.058;

/// The reserve at the peak for an allocated peak of `allocated` bytes. Under the default
/// allocator the fraction above, but never more than the card leaves after the context and NCCL
/// (`outside`): on a failed cudaMalloc the allocator frees its cached blocks and tries again, so a
/// run near the card's size shows reserved ≈ what is free. Expandable segments grow one mapped
/// segment page by page instead of caching blocks of fixed sizes: none counted (the last page's
/// rounding, under 20 MiB, is left out).
double allocator_reserve(double allocated, double outside, const Hardware& hw);

/// Transformer Engine's userbuffers, which Megatron creates for overlapped tensor-parallel GEMMs
/// (tp_comm_overlap): one buffer per GEMM name shared by every layer, each of the gathered
/// activation's shape [seq · micro / cp, hidden] (megatron/training/initialize.py,
/// _initialize_tp_communicators; transformer_engine/pytorch/module/base.py, initialize_ub):
/// twelve by default — four ring-exchange all-gathers (Q/K/V and the MLP's first layer forward,
/// the projections' data gradients), two pipelined reduce-scatters, four bulk and two external
/// overlaps. The eight that gather a GEMM's input hold its format (1 B under FP8), the rest bf16.
/// Registered with NCCL-like CUDA allocations (cuMemCreate or cudaMalloc), outside PyTorch's
/// allocator: nvidia-smi shows them, torch.cuda.max_memory_allocated does not.
double userbuffer_bytes(const Parallel& p, double tokens_per_microbatch, double hidden);
/// Whether the split has them: Megatron overlapping tensor-parallel communication (tp_overlap, tp > 1).
inline bool has_userbuffers(const Parallel& p) {
  return p.framework == Framework::megatron && p.tp_overlap && p.tp > 1;
}

/// Bytes per parameter of the optimizer's own state: the fp32 master copy (4 B, unless the
/// weights are the master or there is none) and Adam's momentum and variance (8 B fp32, 4 B bf16).
double optimizer_state_bytes(const Parallel& p, bool weights_are_master);

}  // namespace atlas
