// The serving runtime a deployment runs: how it lays out the KV cache (block size, the share of
// memory it gives the cache), which all-reduce its tensor ranks call on a decode step's few
// kilobytes, the small kernels of a layer that the GEMM and attention model does not count, and
// whether it overlaps each step's host work with the next step (which costs one extra step per
// request). Each constant cites the runtime's own default or a published measurement; `ideal`
// keeps the engine's earlier behaviour (NCCL's model, no kernel floor, 10 % reserve).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atlas {

enum class Runtime : std::uint8_t { ideal, vllm, sglang, trtllm, lmdeploy, gpt_fast };
const char* runtime_name(Runtime r);
/// The runtime in words, as a reader names it ("TensorRT-LLM"; `ideal`: no runtime named).
const char* runtime_label(Runtime r);
std::optional<Runtime> runtime_from_name(const std::string& name);

/// Which all-reduce a runtime's tensor ranks call for a decode step's activations.
enum class AllReduceImpl : std::uint8_t { nccl, vllm_custom, trtllm_custom };
const char* allreduce_name(AllReduceImpl a);
/// The all-reduce kernels in words ("TensorRT-LLM's one-shot and two-shot kernels").
const char* allreduce_label(AllReduceImpl a);

/// How the KV cache pool is sized. Each running runtime takes its share of what CUDA reports and
/// loses the memory outside PyTorch: a share of the whole memory (SGLang's mem_fraction_static); the
/// same after its start-up profile's peak (vLLM's gpu_memory_utilization: the working set is that
/// peak, not one prompt's); or a share of what is free once the weights and the working set are
/// placed (TensorRT-LLM's kv_cache_free_gpu_mem_fraction, LMDeploy's cache_max_entry_count).
/// `share_of_card` is a plain share of the card's memory (`ideal`, and gpt-fast's static cache).
enum class KvPool : std::uint8_t { share_of_total, share_after_profile, share_of_free, share_of_card };

struct RuntimeModel {
  Runtime id = Runtime::ideal;
  std::int64_t block = 16;  // KV block in tokens; 0: one slot of prompt + output per sequence (static cache)
  KvPool pool = KvPool::share_of_total;
  double pool_fraction = 0.9;     // at tp 1
  double pool_fraction_tp = 0.9;  // at tp > 1
  AllReduceImpl allreduce = AllReduceImpl::nccl;
  double small_kernels_per_layer = 0;          // kernels of a layer beside its GEMMs, attention and collectives
  double small_kernels_per_pass = 0;           // embedding lookup, final norm, sampling
  bool overlap_scheduler = false;              // step n's outputs handled while step n + 1 runs
  bool mixed_batches = false;                  // new prompts ride in a decode step's forward pass
  double host_step = 0, host_step_per_tp = 0;  // s a step waits for the host: base + per tensor rank
  std::int64_t prompt_tokens = 0;              // tokens a prefill batch of its own may carry (0: the whole batch)
  const char* source = "";                     // where the constants come from, in words
};
const RuntimeModel& runtime_model(Runtime r);
struct Serving;
/// The runtime as the request's version runs it: vLLM before 0.8 is its V0 engine (serving.hpp's
/// RuntimeVersion); every other runtime and version is runtime_model(s.runtime).
const RuntimeModel& runtime_model(const Serving& s);
/// Seconds of host work a step of this runtime waits for at `tp` tensor ranks (what its
/// scheduler, input preparation and output handling leave exposed).
double runtime_host_step(const Serving& s, std::int64_t tp);

/// A runtime's release as the request names it (serving.runtime_version, "0.7.3"): the parts that
/// change what a step costs. Only vLLM's are read: before 0.8 its V0 engine schedules and waits on
/// the host differently (runtime_model(const Serving&)); before 0.6 it has no asynchronous output
/// processing. 0.0: not given, the runtime's current engine.
struct RuntimeVersion {
  std::int64_t major = 0, minor = 0;
  bool given() const { return major > 0 || minor > 0; }
  bool before(std::int64_t ma, std::int64_t mi) const { return given() && (major < ma || (major == ma && minor < mi)); }
};
/// "0.7.3", "v0.6.3.post2", "0.7.4.dev181+gf35f8e22": the leading major.minor; nullopt otherwise.
std::optional<RuntimeVersion> parse_runtime_version(const std::string& text);
/// Whether the request runs vLLM's V0 engine (vllm before 0.8).
bool runs_v0_engine(const Serving& s);

/// GPU time of one small kernel inside a CUDA graph: NVIDIA's measurement of back-to-back short
/// kernels captured in a graph, 3.4 µs each (A. Gray, "Getting Started with CUDA Graphs", NVIDIA
/// Technical Blog, 2019). Norms, rotary embeddings, KV writes and activations of a decode step
/// each take at least this long however few bytes they touch.
constexpr double kSmallKernelTime = 3.4e-6;

/// vLLM's and SGLang's routed experts run as one fused-MoE block (Triton's fused_moe: the tokens
/// sorted by expert, the grouped gate-and-up GEMM, the activation, the grouped down GEMM, the sum
/// over each token's experts). Published kernel tables of that block fit time = a fixed part + per
/// touched expert (its weight slice over the decode bandwidth + an overhead), each within 6 %:
///   vLLM #24700, Qwen3-30B-A3B FP8 (128 experts of 768, hidden 2048), H100, batch 1–128: 29.3 µs
///     and 0.124 µs an expert;
///   vLLM #31448, Qwen3-Omni-30B-A3B bf16 (the same shape), B200, batch 1–4, default config:
///     26.9 µs and 0.10 µs;
///   SGLang #11730, Qwen3-235B-A22B FP8 tp 8 (128 experts of 192 a rank, hidden 4096), H200,
///     batch 1–24, default config: 24.5 µs and 0.37 µs.
/// Their means: the block's fixed time and each touched expert's overhead (a few output tiles
/// each: the tail of every expert's small GEMM does not overlap the next one's).
constexpr double kFusedMoeFixed = 26.9e-6, kFusedMoePerExpert = 0.20e-6;
/// The same block's arithmetic with FP8 (W8A8) experts on Hopper, once enough tokens make it
/// compute-bound, as a share of the GPU's dense FP8 peak: vLLM #24700's table (Qwen3-30B-A3B FP8,
/// H100, the defaults of September 2025) from 1,024 to 4,096 tokens, fitted as its arithmetic at
/// one rate plus the block's fixed and per-expert times: 180 TFLOP/s, 0.0911 of 1,979 (each row
/// within 10 %; dense FP8 GEMMs reach about 0.55 of peak). Each expert's rows are gathered through
/// the sort's index rather than streamed as one tile, and a bf16 Mixtral in the same table does
/// reach the dense rate (49 % of peak at 1,536 tokens), so the rate is FP8's alone. Blackwell's
/// runtimes run other MoE kernels (FlashInfer's, CUTLASS's) there: not measured, left at the dense
/// rate. Later vLLM defaults (#34846, 2026) are faster for shapes without tuned configurations.
constexpr double kFusedMoeFp8Peak = 0.0911;
/// Whether the runtime's routed experts are that fused-MoE block (vLLM, SGLang); TensorRT-LLM's
/// and LMDeploy's MoE kernels are not measured: their expert GEMMs are costed as other GEMMs.
bool runs_fused_moe(Runtime r);

struct Hardware;
/// What a runtime's scheduler holds to at its defaults on a GPU, beside what the KV cache holds:
/// the sequences one engine runs at once (vLLM's max_num_seqs, TensorRT-LLM's and LMDeploy's
/// max_batch_size; 0: only the KV cache limits them) and the tokens one step may carry (vLLM's
/// max_num_batched_tokens, which its start-up profile runs through the model).
struct SchedulerLimits {
  std::int64_t running = 0;
  std::int64_t step_tokens = 0;
};
SchedulerLimits scheduler_limits(const Serving& s, const Hardware& hw);

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
/// What CUDA reports as a GPU's memory, against the card's: 79.19 of 80 GiB on H100 (vLLM's
/// start-up logs), 79.15 of 80 on A100 (ml-engineering's torch.cuda.mem_get_info), 139.81 of 141
/// on H200 (torchtitan's start-up log). vLLM's gpu_memory_utilization is a share of it.
constexpr double kCudaVisible = 0.99;
/// vLLM's KV pool is utilization × CUDA's memory − weights − the torch peak of its start-up
/// profile − what that profile saw outside PyTorch. Both fitted on the v0.19 start-up logs of
/// llm-d-planner's accuracy sweep (llm-d-incubation/llm-d-planner at d3121e05,
/// accuracy/results/v0.19.0/logs: 44 configurations on H100, 15 dense ones for the peak):
/// - the peak is 0.19 GiB + 3.5 fp32 copies of max_num_seqs × vocabulary logits (the sampler's
///   dummy run), within 4 % from a 49k to a 256k vocabulary, or the budget's MLP if larger;
/// - outside PyTorch: 0.25 GiB on one GPU, 2.1 GiB at tp > 1 (NCCL and the custom all-reduce).
constexpr double kVllmProfileBase = 0.19, kVllmSamplerCopies = 3.5;
constexpr double kOutsideTorch = 0.25, kOutsideTorchTp = 2.1;
/// GiB a serving process holds outside PyTorch at this tensor-parallel size (NCCL's buffers, the
/// custom all-reduce's), measured by vLLM's profile. Every pool-sizing runtime loses it: SGLang
/// and LMDeploy size their pools from the memory CUDA reports free after start-up, TensorRT-LLM
/// counts it in its profile's peak (pyexecutor/_util.py: "torch + non-torch").
double outside_torch(std::int64_t tp);

/// SGLang runs a prompt's pass ("extend") without CUDA graphs unless asked (its piecewise graphs
/// for prefill are opt-in, --enable-piecewise-cuda-graph): the host issues every kernel from
/// Python, and a short prompt's pass lasts as long as the host takes to issue them. SGLang's own
/// log of a DeepSeek-V3 prefill of one new token reads "forward cost 82.6 ms" eager and 23.1 ms in
/// a CUDA graph (sgl-project/sglang pull request 12160, 2025-10); with that pass's launches counted
/// as eager_launches counts them at tp 8 and FP8 (31 in each of its 58 expert layers, 22 in each of
/// its 3 dense ones, and the ends: 1,870), the host spends 44.2 µs a launch (module calls, tensor
/// bookkeeping and the launch itself). A different host CPU moves it.
constexpr double kEagerLaunchTime = 44.2e-6;
/// Whether the runtime issues a prompt's pass eagerly, kernel by kernel from the host (SGLang);
/// the others capture it or run compiled code (vLLM's piecewise graphs and Inductor, TensorRT-LLM
/// and LMDeploy's C++ runtimes, gpt-fast's CUDA graph).
bool prefills_eagerly(Runtime r);
/// Whether the runtime's working set is its start-up profile's peak (KvPool::share_after_profile,
/// vLLM) rather than one prompt's prefill.
bool sizes_after_profile(Runtime r);

/// The custom all-reduces stop at 8 MiB a call (vLLM's CustomAllreduce max_size, 8192 × 1024);
/// larger calls go to NCCL.
constexpr double kCustomAllReduceMaxBytes = 8.0 * 1024 * 1024;

/// Seconds of one custom all-reduce of `bytes` over `ranks` GPUs of one NVLink node, from the
/// H100 table of sgl-project/sglang pull request 2904 (vLLM's kernel and the TensorRT-LLM
/// kernels SGLang ported, without CUDA graphs, tp 2, 4 and 8), linear between its sizes and past
/// the largest; a negative value when the runtime calls NCCL for this size or group. On another
/// GPU the time beyond the row's fastest call (its latency: flags and launch) moves bytes over
/// NVLink, so it scales with H100's 450 GB/s over the GPU's `intra_bandwidth` (A100: 300 GB/s,
/// half again as long; B200: 900 GB/s, half).
double custom_allreduce_time(AllReduceImpl impl, std::int64_t ranks, double bytes, double intra_bandwidth);
/// The NVLink bandwidth a GPU direction of the H100s that table was measured on (bytes/s).
constexpr double kAllReduceTableLink = 450e9;

/// Fraction of the bf16 decode bandwidth a weight format's kernels reach: gpt-fast's measured
/// memory bandwidth on one A100 (pytorch-labs/gpt-fast README, Llama-2-7B at batch 1): bf16
/// 1,397.31 GB/s, int8 weight-only 1,069.20 GB/s (0.765 of bf16), int4 with groups of 32
/// 862.69 GB/s (0.617). FP8 weights: kFp8BlackwellBandwidthRatio below.
constexpr double kInt8BandwidthRatio = 1069.20 / 1397.31;
constexpr double kInt4BandwidthRatio = 862.69 / 1397.31;
/// MXFP4 and NVFP4 weights (4-bit floats with block scales) stream at this share of bf16's decode
/// bandwidth. FlashInfer pull request 5301 times TensorRT-LLM's fused MoE on one B300 (DeepSeek's
/// shape: 32 local experts of 7168 × 2048, top 8; routing, experts, finalize and the activations'
/// FP4 quantization timed) in NVFP4 and in bf16, ms: 64 tokens 0.140178 / 0.384323, 128 tokens
/// 0.143601 / 0.398307, 256 tokens 0.153985 / 0.426659. NVFP4 moves 0.5625 ÷ 2 of bf16's bytes in
/// those times: the mean of the three is 0.777 of bf16's bandwidth (fewer tokens leave the fixed
/// time a larger share, which the engine counts apart). On Hopper, which has no FP4 tensor cores,
/// Triton's bf16 × MXFP4 MoE reaches 2,640 GB/s on an H200 (triton-lang/triton pull request 9248):
/// 0.76 of the engine's bf16 decode bandwidth there (0.722 × 4.8 TB/s), the same within 2 %.
constexpr double kFp4BandwidthRatio =
    (0.5625 / 2.0) * (0.384323 / 0.140178 + 0.398307 / 0.143601 + 0.426659 / 0.153985) / 3.0;
/// FP8 weights on Blackwell stream at this share of bf16's decode bandwidth: vLLM's CUTLASS FP8
/// GEMMs for SM100 (benchmarks/kernels/bench_fp8_gemm.py, batch 1, without the activation's
/// quantization kernel) against torch's bf16 GEMM on the same GPU, TFLOP/s:
///   vLLM pull request 19566 ("Further tunings for SM100 FP8 CUTLASS kernel"), Llama-3.1-8B
///     N 6144 × K 4096: FP8 8.431, bf16 5.916 — half the bytes in 0.70 of the time, 0.713;
///   vLLM pull request 20071 ("SM100 FP8 GEMM Optimizations after cutlass_profiler"),
///     Llama-3.3-70B N 8192 × K 2048: FP8 5.651, bf16 4.887 — 0.578.
/// Their mean. The same tables keep FP8 at 0.66–0.73 of bf16's bandwidth up to 64 rows. On Hopper
/// FP8 weights stream as bf16's do (vLLM pull request 49363 on H100, batch 1: 0.90; 5144's
/// CUTLASS configurations on H100 at bf16's fraction), within the fused-MoE fit they entered.
constexpr double kFp8BlackwellBandwidthRatio = (8.431 / 5.916 + 5.651 / 4.887) / 4.0;

}  // namespace atlas
