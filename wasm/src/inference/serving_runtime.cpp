// The serving runtimes' constants, each from the runtime's documented default or a published
// measurement (serving_runtime.hpp says what each field means).
#include "atlas/inference/serving_runtime.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "atlas/inference/inference.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

namespace {

const std::array<RuntimeModel, 6> kRuntimes{{
    {Runtime::ideal, 16, KvPool::share_of_card, 0.9, 0.9, AllReduceImpl::nccl, 0, 0, false, false, 0, 0, 1,
     "the engine's earlier model: NCCL's all-reduce, no kernel floor, a tenth of memory reserved"},
    // vLLM: CacheConfig block_size 16 on CUDA; gpu_memory_utilization 0.9; CustomAllreduce for
    // small intra-node calls; a Llama decoder layer (vllm/model_executor/models/llama.py) runs
    // fused_add_rms_norm twice, rotary_embedding, reshape_and_cache and silu_and_mul beside its
    // GEMMs and attention; asynchronous output processing (v0.6.0) works on step n's outputs
    // during step n + 1, "executing one additional step per request" (vLLM blog, 2024-09-05). The
    // V1 engine (default from v0.8) always chunks prefills and schedules them in the same step as
    // the running decodes, up to max_num_batched_tokens (8192 for the API server); the V0 engine
    // ran prompts in steps of their own. What a step still waits for on the host, 0.33 ms + 0.20 ms
    // per tensor rank, is fitted on vLLM's CI latency runs on H200 (serving-cases.json constants).
    {Runtime::vllm, 16, KvPool::share_after_profile, 0.9, 0.9, AllReduceImpl::vllm_custom, 5, 3, true, true, 0.33e-3,
     0.20e-3, 8192,
     "vLLM defaults: block_size 16, gpu_memory_utilization 0.9, custom all-reduce, five small kernels a layer, "
     "asynchronous output processing"},
    // SGLang: page size 1 (token-granular radix cache); mem_fraction_static 0.88 at tp 1 and 0.85
    // at tp 4 (as sgl-project/sglang benchmark/benchmark_vllm_060/README.md states its defaults);
    // the TensorRT-LLM all-reduce kernels ported in sgl-kernel; the same layer kernels as vLLM's;
    // the zero-overhead (overlap) scheduler of SGLang v0.4 (LMSYS blog, 2024-12-04); prompts run as
    // prefill batches of their own (enable_mixed_chunk off by default) of up to chunked_prefill_size
    // 8192 tokens.
    {Runtime::sglang, 1, KvPool::share_of_total, 0.88, 0.85, AllReduceImpl::trtllm_custom, 5, 3, true, false, 0, 0,
     8192,
     "SGLang defaults: page size 1, mem_fraction_static 0.88 (tp 1) / 0.85 (tp > 1), TensorRT-LLM all-reduce "
     "kernels, overlap scheduler"},
    // TensorRT-LLM: tokens_per_block 32; kv_cache_free_gpu_mem_fraction 0.9 of the memory left
    // after the model and its activations; one-shot / two-shot custom all-reduce; its attention
    // kernel writes the cache and applies rotary itself and the norm adds the residual (two small
    // kernels a layer, assumed); the overlap scheduler "introduces one extra decoding step"
    // (TensorRT-LLM docs, features/overlap-scheduler). In-flight batching runs context (prompt) and
    // generation requests in one forward pass, up to max_num_tokens (default 8192). With the
    // overlap scheduler a step still leaves "~580 µs/iter of host overhead as GPU idle" (issue
    // 13957: Llama 3.1 8B FP8 on B200 at concurrency 64, PyTorch backend).
    {Runtime::trtllm, 32, KvPool::share_of_free, 0.9, 0.9, AllReduceImpl::trtllm_custom, 2, 3, true, true, 0.58e-3, 0,
     8192,
     "TensorRT-LLM defaults: tokens_per_block 32, kv_cache_free_gpu_mem_fraction 0.9, custom all-reduce, "
     "fused attention and norms, overlap scheduler"},
    // LMDeploy TurboMind: cache_block_seq_len 64; cache_max_entry_count 0.8 of free memory;
    // custom all-reduce and fused layer kernels as TensorRT-LLM's (assumed); no overlap; "dynamic
    // split & fuse" puts prompt chunks into the decode batch, max_prefill_token_num 8192.
    {Runtime::lmdeploy, 64, KvPool::share_of_free, 0.8, 0.8, AllReduceImpl::trtllm_custom, 2, 3, false, true, 0, 0,
     8192,
     "LMDeploy TurboMind defaults: cache_block_seq_len 64, cache_max_entry_count 0.8; kernels as TensorRT-LLM's "
     "(assumed)"},
    // gpt-fast: a static cache of max_seq_length per sequence (setup_caches), whole decode step in
    // one CUDA graph (torch.compile mode "reduce-overhead") with Inductor fusing the elementwise
    // work into about three kernels a layer (assumed); torch.distributed's all-reduce (NCCL); a
    // static batch prefills all its prompts in one pass.
    {Runtime::gpt_fast, 0, KvPool::share_of_card, 1.0, 1.0, AllReduceImpl::nccl, 3, 2, false, false, 0, 0, 0,
     "gpt-fast: static KV cache, the whole step in one CUDA graph, torch.distributed all-reduce"},
}};

// pull request 2904 of sgl-project/sglang, "unit test performance in H100 (without cuda graph)":
// latency in ms by tp 2 / 4 / 8 at data sizes 512 … 1048576. The sizes count elements of a
// 2-byte type (the tests' comment: "1KB to 1MB" for 512 … 524288), so bytes are twice them.
constexpr std::array<double, 6> kSizes{512, 4096, 32768, 262144, 524288, 1048576};
constexpr std::array<std::array<double, 6>, 3> kVllmMs{{{0.0095, 0.0088, 0.0087, 0.0129, 0.0177, 0.0266},
                                                        {0.0091, 0.0085, 0.0092, 0.0206, 0.0269, 0.0402},
                                                        {0.0101, 0.0093, 0.0118, 0.0241, 0.0304, 0.0450}}};
constexpr std::array<std::array<double, 6>, 3> kTrtllmMs{{{0.0037, 0.0039, 0.0045, 0.0079, 0.0125, 0.0199},
                                                          {0.0048, 0.0037, 0.0048, 0.0139, 0.0202, 0.0311},
                                                          {0.0059, 0.0057, 0.0078, 0.0167, 0.0221, 0.0338}}};

double along(const std::array<double, 6>& ms, double bytes) {
  const double n = bytes / 2.0;  // elements of the table
  if (n <= kSizes[0]) return ms[0] * 1e-3;
  std::size_t i = 1;
  while (i + 1 < kSizes.size() && n > kSizes[i]) ++i;
  const double t = (n - kSizes[i - 1]) / (kSizes[i] - kSizes[i - 1]);  // past the last size: the last slope on
  return (ms[i - 1] + t * (ms[i] - ms[i - 1])) * 1e-3;
}

}  // namespace

const char* runtime_name(Runtime r) {
  static const char* const kNames[] = {"ideal", "vllm", "sglang", "trtllm", "lmdeploy", "gpt-fast"};
  return kNames[static_cast<int>(r)];
}

const char* runtime_label(Runtime r) {
  static const char* const kLabels[] = {
      "No runtime named (the GPU work alone)", "vLLM", "SGLang", "TensorRT-LLM", "LMDeploy", "gpt-fast"};
  return kLabels[static_cast<int>(r)];
}

std::optional<Runtime> runtime_from_name(const std::string& name) {
  for (const auto& m : kRuntimes)
    if (name == runtime_name(m.id)) return m.id;
  return std::nullopt;
}

const char* allreduce_name(AllReduceImpl a) {
  static const char* const kNames[] = {"nccl", "vllm-custom", "trtllm-custom"};
  return kNames[static_cast<int>(a)];
}

const char* allreduce_label(AllReduceImpl a) {
  static const char* const kLabels[] = {"NCCL", "vLLM’s custom kernel", "TensorRT-LLM’s one-shot and two-shot kernels"};
  return kLabels[static_cast<int>(a)];
}

const RuntimeModel& runtime_model(Runtime r) { return kRuntimes[static_cast<int>(r)]; }

namespace {

// vLLM's V0 engine (the default before 0.8) as vLLM's own entry, with what V0 did differently.
// Its Python scheduler, input preparation and sampler synchronisation block the GPU between steps:
// "5-13ms of GPU bubble", "about 4ms" a decode step in the profile of vLLM RFC #6854 (multi-step
// scheduling, July 2024), which V1 was built to remove ("near-zero CPU overhead", vLLM blog,
// 2025-01-27). The exposed 5.5 ms a step is fitted on AccelMark's vLLM 0.7.3 runs (H100 and H200,
// tp 1 to 8; serving-cases.json constants), beside V1's measured 0.20 ms per tensor rank. V0
// turns chunked prefill on by default only for a context above 32K (EngineArgs, vLLM 0.6–0.7),
// with a budget of 2048 tokens a step (_DEFAULT_MAX_NUM_BATCHED_TOKENS); otherwise prompts run in
// steps of their own of up to max(max_model_len, 2048) tokens. Asynchronous output processing
// (the extra step a request) arrived in 0.6.0 (vLLM blog, 2024-09-05).
constexpr double kVllmV0HostStep = 5.5e-3;
constexpr std::int64_t kVllmV0ChunkedAbove = 32768, kVllmV0ChunkTokens = 2048;

bool v0_chunks(const Serving& s) { return s.max_model_len > kVllmV0ChunkedAbove; }

RuntimeModel vllm_v0(bool chunked, bool async_output) {
  RuntimeModel m = kRuntimes[static_cast<int>(Runtime::vllm)];
  m.host_step = kVllmV0HostStep;
  m.mixed_batches = chunked;
  m.overlap_scheduler = async_output;
  m.prompt_tokens = kVllmV0ChunkTokens;
  m.source =
      "vLLM's V0 engine (before 0.8): its defaults, and 5.5 ms of host work a step fitted on AccelMark's vLLM "
      "0.7.3 runs";
  return m;
}

}  // namespace

bool runs_v0_engine(const Serving& s) { return s.runtime == Runtime::vllm && s.version.before(0, 8); }

const RuntimeModel& runtime_model(const Serving& s) {
  if (!runs_v0_engine(s)) return runtime_model(s.runtime);
  static const std::array<RuntimeModel, 4> kV0{
      {vllm_v0(false, false), vllm_v0(false, true), vllm_v0(true, false), vllm_v0(true, true)}};
  return kV0[(v0_chunks(s) ? 2 : 0) + (s.version.before(0, 6) ? 0 : 1)];
}

std::optional<RuntimeVersion> parse_runtime_version(const std::string& text) {
  std::size_t i = !text.empty() && (text[0] == 'v' || text[0] == 'V') ? 1 : 0;
  const auto number = [&](std::int64_t& out) {
    const std::size_t start = i;
    out = 0;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && i - start < 6)
      out = out * 10 + (text[i++] - '0');
    return i > start;
  };
  RuntimeVersion v;
  if (!number(v.major) || i >= text.size() || text[i] != '.') return std::nullopt;
  ++i;
  if (!number(v.minor)) return std::nullopt;
  if (i < text.size() && text[i] != '.' && text[i] != '+' && text[i] != '-' && text[i] != 'r') return std::nullopt;
  if (!v.given()) return std::nullopt;
  return v;
}

bool runs_fused_moe(Runtime r) { return r == Runtime::vllm || r == Runtime::sglang; }

bool prefills_eagerly(Runtime r) { return r == Runtime::sglang; }

bool sizes_after_profile(Runtime r) { return runtime_model(r).pool == KvPool::share_after_profile; }

SchedulerLimits scheduler_limits(const Serving& s, const Hardware& hw) {
  const Runtime r = s.runtime;
  // vLLM (engine/arg_utils.py, v0.9 on): a GPU of at least 70 GiB that is not an A100 gets
  // max_num_seqs 1024 and, for the API server, max_num_batched_tokens 8192; others 256 and 2048
  // (an A100 regressed with the larger budget, vLLM pull request 17885). The A100 is told apart
  // here as the large GPU without FP8 tensor cores.
  // LMDeploy (utils.py get_max_batch_size): 384 on A100 and A800, 1024 on H100, H800 and H200, 256
  // on other CUDA GPUs. TensorRT-LLM: max_batch_size 2048, max_num_tokens 8192 (trtllm-serve's
  // defaults). SGLang sizes max_running_requests from its token pool, so only the KV cache counts.
  const bool big = hw.memory >= 70.0 * kGiB;
  const bool large = big && hw.flops_fp8 > 0, a100_class = big && hw.flops_fp8 <= 0;
  // A token budget the request states (vllm serve --max-num-batched-tokens, SGLang's
  // --chunked-prefill-size, TensorRT-LLM's max_num_tokens) replaces the runtime's own.
  const std::int64_t stated = s.token_budget;
  const std::int64_t budget = stated > 0 ? stated : runtime_model(r).prompt_tokens;
  // vLLM's V0 engine: max_num_seqs 256 on every GPU; a prompt step's budget as runtime_model says.
  if (runs_v0_engine(s))
    return {256, stated > 0     ? stated
                 : v0_chunks(s) ? kVllmV0ChunkTokens
                                : std::max(s.max_model_len, kVllmV0ChunkTokens)};
  switch (r) {
    case Runtime::vllm:
      return large ? SchedulerLimits{1024, budget} : SchedulerLimits{256, stated > 0 ? stated : 2048};
    case Runtime::lmdeploy:
      return {large ? 1024 : a100_class ? 384 : 256, budget};
    case Runtime::trtllm:
      return {2048, budget};
    case Runtime::sglang:
    case Runtime::ideal:     // one prompt a pass (its table's budget of 1 token)
    case Runtime::gpt_fast:  // the static batch in one pass (0: no budget)
      break;
  }
  return {0, budget};
}

double runtime_host_step(const Serving& s, std::int64_t tp) {
  const RuntimeModel& m = runtime_model(s);
  return m.host_step + m.host_step_per_tp * static_cast<double>(tp);
}

double custom_allreduce_time(AllReduceImpl impl, std::int64_t ranks, double bytes, double intra_bandwidth) {
  if (impl == AllReduceImpl::nccl || ranks < 2 || ranks > 8 || bytes > kCustomAllReduceMaxBytes) return -1;
  // tp 3, 5, 6, 7 take the next measured group size up (more peers to read from).
  const std::size_t row = ranks <= 2 ? 0 : ranks <= 4 ? 1 : 2;
  const std::array<double, 6>& ms = impl == AllReduceImpl::vllm_custom ? kVllmMs[row] : kTrtllmMs[row];
  // The row's fastest call is its latency (vLLM's smallest calls are a little slower than its
  // 8 KiB ones); what a larger call takes beyond it is bytes on NVLink.
  const double latency = *std::min_element(ms.begin(), ms.end()) * 1e-3, measured = along(ms, bytes);
  const double link = intra_bandwidth > 0 ? kAllReduceTableLink / intra_bandwidth : 1.0;
  return latency + std::max(0.0, measured - latency) * link;
}

}  // namespace atlas
