// Serving the same model: weights and the paged KV cache per device, time to first token
// (prefill, compute-bound) and time per output token (decode, bound by HBM bytes or by FLOPs),
// the small per-token collectives of each split, and throughput as concurrency grows.
// The figures work on plain structs so search can evaluate every layout; inference_plan.cpp
// turns them into the JSON answer of `plan` and `search` with "mode": "inference".
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atlas/contract/problems.hpp"
#include "atlas/inference/serving_runtime.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

enum class WeightFormat : std::uint8_t { bf16, fp8, int8, int4, mxfp4, nvfp4 };
enum class KvFormat : std::uint8_t { bf16, fp8 };
const char* weight_format_name(WeightFormat f);
std::optional<WeightFormat> weight_format_from_name(const std::string& name);

/// int4 weights as AWQ and GPTQ store them: per group of 128 weights along the input
/// dimension (the default `serving.group_size`) one fp16 scale (2 B) and one packed 4-bit zero
/// point (0.5 B). int8 with a group size keeps one fp16 scale per group; without one, a scale
/// per output channel (under 0.1 %, not counted).
constexpr double kInt4Group = 128;
constexpr double kInt4GroupBytes = 2.5;
constexpr double kInt8GroupBytes = 2.0;
/// The OCP microscaling FP4 (MXFP4, gpt-oss's experts): 4-bit E2M1 values and one 1-byte E8M0
/// scale per block of 32. NVIDIA's NVFP4 (ModelOpt checkpoints): E2M1 values and one 1-byte E4M3
/// scale per block of 16, beside a per-tensor fp32 scale (not counted).
constexpr double kMxfp4Block = 32, kNvfp4Block = 16;
/// Whether a weight format stores 4-bit floating-point values with block scales.
inline bool fp4_format(WeightFormat f) { return f == WeightFormat::mxfp4 || f == WeightFormat::nvfp4; }
/// Whether a weight format takes serving.group_size (the integer formats' groups).
inline bool grouped_format(WeightFormat f) { return f == WeightFormat::int4 || f == WeightFormat::int8; }

/// Bytes per weight of a quantized linear layer (int4 and grouped int8 include their group
/// overhead; `group` 0 is the format's default).
double weight_bytes(WeightFormat f, std::int64_t group = 0);
inline double kv_bytes(KvFormat f) { return f == KvFormat::fp8 ? 1.0 : 2.0; }

/// vLLM's default gpu_memory_utilization is 0.9: a tenth of the memory stays with the
/// runtime (CUDA context, NCCL and library workspaces, allocator slack). Other runtimes size
/// their pool their own way (serving_runtime.hpp).
constexpr double kRuntimeReserve = 0.10;
/// Decode's weight and KV reads reach this share of what a streaming kernel moves on the same GPU
/// (Efficiencies::hbm): fitted on gpt-fast's bf16 Llama-2-7B at batch 1 on A100-80GB, 104.9
/// tokens/s (content/presets/serving-cases.json, calibration case), whose small kernels the
/// runtime's floor already counts and each GEMM paying a small kernel's fixed time on top of its
/// reads: 0.7531 of nominal there, over FluidX3D's 0.767 on that card.
constexpr double kDecodeOfStream = 0.7531 / 0.767;
/// A GPU without a measured streaming fraction takes the median of FluidX3D's datacenter
/// GPUs (A100 40/80 GB, H100 SXM/PCIe, H200, B200: 0.74–0.85).
constexpr double kStreamFractionDefault = 0.80;
struct Hardware;
/// Fraction of nominal HBM bandwidth bf16 decode reaches on this GPU.
double decode_bandwidth_fraction(const Hardware& hw);

/// How the requests reach the deployment. `closed_loop`: `concurrency` users, each sending its next
/// request when the last one is answered (genai-perf --concurrency, vLLM's and SGLang's serving
/// benchmarks with a concurrency cap): a steady state. `all_at_once`: `concurrency` requests sent
/// together, each once (trtllm-bench throughput, vLLM's and SGLang's offline throughput scripts):
/// the run is the prefill of every prompt, then waves of as many as fit.
enum class Arrival : std::uint8_t { closed_loop, all_at_once, poisson };
const char* arrival_name(Arrival a);

struct Serving {
  std::int64_t prompt = 2048, output = 256, concurrency = 16;
  // The longest output when outputs differ (a dataset's answers ending at EOS or a cap), `output`
  // being their mean; 0: every output is `output` long. Every request sent at once runs until the
  // longest is answered (offline_batch.cpp); a steady state depends on the mean alone.
  std::int64_t output_max = 0;
  // Each request its own lengths (serving.lengths "dataset"): a closed loop's arrivals spread over
  // the steps. false: every prompt and output as stated, so a closed loop's users keep in step.
  bool lengths_vary = false;
  // Tokens at the start of each prompt the runtime finds in its prefix cache (vLLM's and SGLang's
  // automatic prefix caching): prefill computes the rest, whose queries attend to the whole prompt.
  // The cache still holds every prompt's whole KV (no sharing between sequences is credited).
  std::int64_t cached_prompt = 0;
  Arrival arrival = Arrival::closed_loop;
  // A closed loop's requests in all (vLLM's --num-prompts beside --max-concurrency): its users
  // start together, so the first of them meet a burst. 0: an endless loop, a steady state.
  std::int64_t requests = 0;
  // A Poisson stream's requests per second over the whole deployment (arrival poisson); its
  // concurrency, when given, is the client's cap on requests in flight (vLLM's --max-concurrency).
  double request_rate = 0;
  bool capped = false;
  std::int64_t token_budget = 0;  // tokens a step may carry (prompt chunks and decodes); 0: the runtime's own
  std::int64_t block = 16;        // KV block in tokens; 0: a static slot of prompt + output per sequence
  std::int64_t group_size = 0;    // quantization group (int4, int8); 0: the format's default
  WeightFormat weights = WeightFormat::bf16;
  // The routed experts' weights, where a checkpoint quantizes them apart from the rest (gpt-oss:
  // MXFP4 experts beside bf16 attention; NVIDIA's FP4 DeepSeek-R1: FP4 experts beside FP8 layers).
  // Read as `weights` when the request does not name it.
  WeightFormat expert_weights = WeightFormat::bf16;
  KvFormat kv = KvFormat::bf16;
  Runtime runtime = Runtime::ideal;
  // The runtime's release (serving.runtime_version); vLLM before 0.8 runs its V0 engine, whose
  // prompt scheduling follows the served context (serving_runtime.cpp).
  RuntimeVersion version;
  std::string version_text;
  std::int64_t max_model_len = 2048;  // the served context: the model's seq
  bool disaggregated = false;
  double bandwidth_fraction = 0;  // bf16 weights; other formats scale it (0 until read: the GPU's own)
  double host_overhead = 0;       // s of host work per step the GPU waits for (0: hidden by the runtime)
  // FP8 weights' streaming against bf16's on this GPU's decode GEMMs (serving_for: Blackwell's
  // measured kFp8BlackwellBandwidthRatio, else 1).
  double fp8_weight_ratio = 1.0;
};

/// Fraction of nominal HBM bandwidth the decode kernels of this weight format reach: the bf16
/// fraction times the format's measured ratio (serving_runtime.hpp).
double format_bandwidth_fraction(const Serving& s);
/// The same for weights stored in format `f` (the routed experts' own format, for one).
double format_bandwidth_fraction(const Serving& s, WeightFormat f);
/// Fraction of nominal HBM bandwidth a decode step's KV reads reach: the streaming fraction the
/// weights' figure was scaled from. Attention over a long cache reads long contiguous blocks, as
/// a streaming kernel does, without the per-layer GEMV launches and tails that batch-1 weight
/// reads pay (FlashInfer's decode kernels measured 0.85–0.89 of nominal on A100 and H100 at batch
/// 64 and 1k-token contexts, above the 0.71–0.75 of whole-model batch-1 decode).
double kv_bandwidth_fraction(const Serving& s);

struct InferenceInput {
  ModelShape model;
  Hardware hardware;
  Parallel parallel;  // dp = replicas; tp, pp, ep as for training; cp must be 1
  Serving serving;
};

/// Weight bytes one device of stage `index` holds, split by what they are.
struct StageWeights {
  std::int64_t layers = 0;
  double quantized = 0;  // B: linear weights of the transformer layers, in the serving format
  double bf16 = 0;       // B: embedding, output head, norms, biases, router: kept in bf16
  double expert = 0;     // B: the part of `quantized` that is expert weights
  double lookup = 0;     // B: the part of `bf16` that is the input embedding (a step reads only its rows)
  double total() const { return quantized + bf16; }
};
StageWeights stage_weights(const InferenceInput& in, std::int64_t index);

/// Key/value heads one tensor-parallel rank holds: kv/tp, or 1 (replicated) when tp > kv.
double kv_heads_per_rank(const ModelShape& m, std::int64_t tp);
/// Cache elements one token adds in one layer on one tp rank: K and V of the rank's heads, or
/// latent attention's latent and rotary key (whole on every rank).
double kv_elements_per_layer(const ModelShape& m, std::int64_t tp);
/// Cache elements one sequence of `tokens` holds on one rank over layers first … first + count − 1,
/// sliding layers capped at their window in whole blocks of `block` tokens.
double kv_sequence_elements(const ModelShape& m, std::int64_t tp, std::int64_t first, std::int64_t count, double tokens,
                            double block);

/// The plan input whose kernel and link models a serving plan reuses (GEMM shapes, NCCL's model,
/// the attention kernel's rate): its model, hardware and split, with training's defaults elsewhere.
PlanInput training_view(const InferenceInput& in);

/// What one device of pipeline stage `index` holds while serving (every device of a stage holds
/// the same: tensor ranks split heads and MLP evenly, and with tp > KV heads each keeps a copy).
struct StageMemory {
  std::int64_t index = 0, first_layer = 0, layers = 0;
  double weights = 0;          // B
  double kv_per_token = 0;     // B: layers · cache elements per layer and rank · bytes
  double kv_per_sequence = 0;  // B: block-rounded tokens × kv_per_token, sliding layers at their window
  double kv_cache = 0;         // B at the requested concurrency
  double activations = 0, reserve = 0, total = 0;
  double max_sequences = 0;  // sequences this device has room for beside its fixed part
};

struct InferenceMemory {
  double weights = 0;                 // B, the most loaded device
  double weights_per_instance = 0;    // B, all devices of one copy of the model (tp·pp·ep)
  double kv_per_token = 0;            // B, whole model, all devices of one copy
  double kv_per_token_device = 0;     // B, one device of the most loaded stage
  double tokens_per_sequence = 0;     // prompt + output rounded up to whole blocks
  double kv_per_sequence_device = 0;  // B
  double sequences_per_device = 0;    // concurrency served by one decode replica
  double kv_cache = 0;                // B on one device at the requested concurrency
  double activations = 0;             // B, one prompt's prefill working set
  double reserve = 0;                 // B
  double total = 0;
  std::int64_t max_concurrency = 0;  // whole deployment
  bool fits = false;
};

/// One device of stage `index`; `shared` must hold inference_memory()'s figures for the same input
/// (blocks per sequence, sequences per device, activations, reserve).
StageMemory stage_memory(const InferenceInput& in, std::int64_t index, const InferenceMemory& shared);

/// What one forward pass of a replica carries: `decode` sequences' next tokens over a mean
/// context of `context` positions, and `prompts` whole prompts of `prompt` tokens (a prefill,
/// alone or riding in a decode step). Both share the pass's GEMMs and its read of the weights.
struct PassShape {
  double decode = 0, context = 0, prompts = 0, prompt = 0;  // `prompt`: tokens each prompt computes
  double cached = 0;  // tokens before them already in the cache: their keys are read, not computed
  double rows() const { return decode + prompts * prompt; }
};

/// Tokens of each prompt the prefill computes: those not already in the runtime's prefix cache.
inline double computed_prompt(const Serving& s) { return static_cast<double>(s.prompt - s.cached_prompt); }
/// A decode step on a pipeline passes a replica's sequences round in up to pp groups, one per
/// stage at a time: how many groups, and the tokens of each pass.
struct DecodeGroups {
  double groups = 1, per_group = 0;
};
inline DecodeGroups decode_groups(double sequences, std::int64_t pp) {
  const double groups = std::max(1.0, std::min(sequences, static_cast<double>(pp)));
  return {groups, std::ceil(sequences / groups)};
}
/// One pass of `prompts` prompts, as the prefill computes them.
inline PassShape prompt_pass(const Serving& s, double prompts) {
  return PassShape{0, 0, prompts, computed_prompt(s), static_cast<double>(s.cached_prompt)};
}

/// Time of one decode step of `sequences` on one replica, and how it splits.
struct DecodeStep {
  double cycle = 0;                            // s: one new token for each sequence (the pipeline's cycle)
  double kernel_floor = 0;                     // s of the runtime's small kernels in that cycle (all stages)
  double weight_bytes = 0, kv_bytes = 0;       // B read per step on the busiest device
  double memory_time = 0, compute_time = 0;    // s of the GEMMs' weight reads and arithmetic on the busiest device
  double gemm_time = 0;                        // s of its GEMMs as run: each the larger of the two, plus a small kernel
  double experts_time = 0;                     // s of that spent in the routed experts (0 for a dense model)
  double busiest = 0, stages = 0, groups = 1;  // s of the busiest stage with its collectives; s of all in turn; groups
  double communication = 0;                    // s of blocking collectives per step (all stages, one token)
  bool compute_bound = false;
};

/// Who is served and who waits when more sequences are asked for than the KV cache holds or the
/// runtime's scheduler runs at once.
struct Queue {
  std::int64_t requested = 0, served = 0, waiting = 0;
  bool scheduler_limited = false;  // served is the runtime's running limit (max_num_seqs), not the KV cache's
  double wait = 0;  // s a request waits for a slot, on average (closed loop: each user sends again on completion)
  // Sent all at once: the requests run in `waves` rounds of `served`, the last of `last_wave`, and
  // the whole run takes `makespan` s (0 in a closed loop, which has no end).
  std::int64_t waves = 0, last_wave = 0;
  double makespan = 0;
  double longest = 0;           // s of the makespan the longest output decodes alone (serving.output_max)
  std::int64_t requests = 0;    // a finite closed loop's requests in all (0: endless)
  double wave_prefill = 0;      // s the first wave's prompts take before its last one's first token
  double prompts_per_pass = 0;  // prompts a prefill pass carries under the runtime's token budget
  // A closed loop whose users keep in step (ServingPoint): cohorts per replica, prompts in each,
  // and s of the step in flight a cohort waits for on arrival, on average; s of a slot's cycle.
  double cohorts = 0, cohort_size = 0, cohort_wait = 0, cycle = 0;
  // A Poisson stream (poisson_stream.cpp): requests per second offered, requests in flight on
  // average (Little's law), the share of a replica's time spent prefilling, and the most requests
  // per second the deployment answers; `capped` when the client's cap holds the stream to a closed
  // loop, `unstable` when the offered rate exceeds the capacity and nothing caps it.
  // `saturated` when a finite stream (serving.requests) outruns the capacity: the deployment runs
  // full while the queue grows, then drains it.
  double arrival_rate = 0, in_flight = 0, prefill_busy = 0, capacity = 0;
  bool capped = false, unstable = false, saturated = false;
  // A saturated finite stream whose pace the prompts' prefill sets (one after another, slower than
  // they arrive), not the decode slots: `capacity` is then the prompts prefilled a second.
  bool prefill_paced = false;
  /// A Poisson stream the deployment keeps up with at its own pace (no client cap holding it).
  bool open_stream() const { return uncapped_stream() && !saturated; }
  /// A Poisson stream no client cap holds: what it keeps in flight follows from the stream
  /// (`requested`), kept up with or not, not from serving.concurrency.
  bool uncapped_stream() const { return arrival_rate > 0 && !capped; }
};

struct InferenceFigures {
  InferenceMemory memory;
  double prefill = 0, prefill_occupancy = 0;  // s: one prompt end to end; the busiest stage's share
  double prefill_communication = 0, kv_handoff = 0;
  double prefill_kernel_floor = 0;  // s: the small kernels of one prompt's pass (part of prefill)
  double prefill_launch_bound = 0;  // s the host's kernel launches outlast the GPU in an eager prefill (part of it)
  double first_step = 0;            // s: the decode step an overlap scheduler runs before the first token is out
  double under_load = 0;  // s: the step in flight when the prompt arrives, and the running decode sharing its step
  DecodeStep decode;
  Queue queue;
  double first_token = 0, per_output_token = 0, request = 0;
  double prompts_per_step = 0, prompt_share = 0;  // prompts admitted per decode step; s they add to it
  double tokens_per_second = 0, tokens_per_second_per_gpu = 0, tokens_per_second_per_user = 0;
  bool prefill_limited = false;  // disaggregated: the prefill replicas cannot keep up
};

/// One tensor that crosses a device boundary while serving, on one device of a stage.
struct ServingTransfer {
  const char* id = "";
  const char* tensor = "";  // activation | logits | tokens | kv
  const char* name = "";
  const char* phase = "";  // prefill | decode
  const char* where = "";  // the place in the model, with the training plan's tags (layer.attention.out, …)
  std::array<const char*, 3> dims{"", "", ""};  // what each entry of `shape` counts
  const char* collective = "";
  const char* group = "";
  std::int64_t group_size = 1;
  std::array<double, 3> shape{0, 0, 0};  // tokens × 1 × width; bytes_per_call = element bytes × their product
  double bytes_per_call = 0, calls = 0, time = 0, latency = 0;  // calls per prompt or per decode step
  const char* algorithm = "";
  const char* protocol = "";
  bool inter_node = false;
};
/// Blocking collectives of one device of stage `index` moving `tokens` tokens (a prompt, or one
/// token of each sequence of a decode step): seconds; each transfer appended to `out` if given.
/// `logit_rows` counts the rows whose logits are gathered (default: one for a prompt, every token
/// of a decode step).
double stage_collectives(const InferenceInput& in, std::int64_t index, double tokens, bool prefill,
                         std::vector<ServingTransfer>* out = nullptr, double logit_rows = -1);
/// Prefill→decode hand-off of one prompt's KV cache between replicas (disaggregated serving).
double kv_handoff(const InferenceInput& in, std::vector<ServingTransfer>* out = nullptr);

/// One concurrency: what a user and the deployment see. Past what the KV cache holds, the
/// served concurrency is the fitting one and the rest wait.
struct ServingPoint {
  std::int64_t concurrency = 0, served = 0;
  double sequences_per_replica = 0;
  DecodeStep decode;
  double per_output_token = 0, tokens_per_second = 0, tokens_per_second_per_gpu = 0, per_user = 0;
  double prompts_per_step = 0, prompt_share = 0;  // prompts admitted per decode step; s they add to it
  bool prefill_limited = false;
  bool scheduler_limited = false;  // the runtime's own running limit, not the KV cache, set `served`
  // Requests of one output length in a closed loop keep in step (continuous_batching.cpp): they
  // arrive as cohorts of as many prompts as a step's token budget takes, and each cohort's prompts
  // share one heavy step. 0 cohorts: the arrivals spread evenly over the steps instead.
  double cohorts = 0, cohort_size = 0;
  double cohort_wait = 0;   // s: the step in flight when a cohort arrives, on average over the requests
  double cohort_first = 0;  // s: from its own heavy step's start to its first tokens, on average
  double period = 0;        // s: a slot's cycle, every cohort's heavy step and the light steps between
};
/// `prefill` must hold evaluate_inference's prefill figures for the same input.
ServingPoint serving_point(const InferenceInput& in, std::int64_t concurrency, const InferenceFigures& prefill);
/// The mean context a decode step attends over: the prompt and half the output.
double serving_context(const InferenceInput& in);
/// What a new prompt meets when `pt`'s other sequences are decoding: half the step in flight, and
/// with mixed batches the running tokens in its own step beyond `alone` (its pass by itself).
double first_token_under_load(const InferenceInput& in, const ServingPoint& pt, double context, double alone);

/// The split's errors (tp against heads, pp against layers, …) as coded issues.
std::vector<Issue> inference_split_errors(const InferenceInput& in, bool dp_derived);

/// One user's tokens per second: a sequence's rate where any is served, else none (never a speed
/// for a batch that cannot be held; the step time for one sequence is still given).
inline double user_token_rate(std::int64_t served, double per_output_token) {
  return served > 0 ? 1.0 / per_output_token : 0.0;
}

InferenceMemory inference_memory(const InferenceInput& in);
/// Kernels one eager pass of stage `index` issues (serving_runtime.hpp, kEagerLaunchTime), and the
/// seconds the host takes to issue them under a runtime that prefills eagerly (0 otherwise).
double eager_launches(const InferenceInput& in, std::int64_t index);
double eager_host_time(const InferenceInput& in, std::int64_t index);
/// The routed experts run as the fused-MoE block with W8A8 FP8 experts on Hopper, whose arithmetic
/// then runs at the block's measured rate (kFusedMoeFp8Peak) rather than a dense FP8 GEMM's.
bool fused_moe_fp8_on_hopper(const InferenceInput& in);
/// The arithmetic of the GEMMs whose weights are stored in `f`, under the request's precision
/// (gemm_precision: under precision `p`; a recipe a format cannot take leaves it bf16).
Precision serving_gemm_precision(const InferenceInput& in, WeightFormat f);
Precision gemm_precision(Precision p, WeightFormat f);
/// B at the peak of the runtime's start-up profile on one device of a stage (the last holds the
/// sampler): what a KvPool::share_after_profile runtime (vLLM) takes off the pool as its working
/// set (serving_runtime.hpp's constants, fitted on vLLM's logs).
double startup_profile_peak(const InferenceInput& in, bool last_stage);
/// One decode step of `sequences` per decode replica, over a mean context of `context` tokens,
/// with `prompts` whole prompts riding in its forward pass (a mixed batch).
DecodeStep decode_step(const InferenceInput& in, double sequences, double context, double prompts = 0);
/// The busiest stage's time of one prefill batch of `prompts` prompts (one read of the weights,
/// the prompts' tokens as the GEMMs' rows, each prompt's causal attention on its own).
double prompt_batch(const InferenceInput& in, double prompts);
/// Everything at in.serving.concurrency. `with_time` false stops after memory.
void evaluate_inference(const InferenceInput& in, InferenceFigures& out, bool with_time = true);
/// Every request sent at once (serving.arrival "all_at_once"): replaces the closed loop's steady
/// state in `out` with the run's waves (offline_batch.cpp). `out` holds the closed loop's figures.
void all_at_once(const InferenceInput& in, InferenceFigures& out);
/// A closed loop of `serving.requests` requests in all (finite_run.cpp): the users' first
/// requests go out together, the rest meet the steady state in `out`, which it replaces.
void finite_run(const InferenceInput& in, InferenceFigures& out);
/// Whole prompts one pass carries under the runtime's token budget (at least one); `unbounded`
/// where the runtime has no budget (a static batch prefills everything at once).
double prompts_per_pass(const InferenceInput& in, double unbounded);
/// The first token from its parts and a request's time from it (offline_batch.cpp).
void settle_times(const InferenceInput& in, InferenceFigures& out);
/// settle_times, and the throughputs from `tokens` output over `seconds`.
void settle_run(const InferenceInput& in, InferenceFigures& out, double tokens, double seconds);
/// Requests arriving at random at serving.request_rate (serving.arrival "poisson",
/// poisson_stream.cpp): replaces the closed loop's figures in `out` with the stream's steady
/// state, or marks the queue unstable when the rate exceeds what the deployment answers.
void poisson_stream(const InferenceInput& in, InferenceFigures& out);

/// Replicas that decode (half of dp when prefill runs on its own replicas).
inline std::int64_t decode_replicas(const InferenceInput& in) {
  return in.serving.disaggregated ? in.parallel.dp / 2 : in.parallel.dp;
}

/// Per pipeline stage its layers and what one of its devices holds (inference_devices.cpp).
json serving_stages_json(const InferenceInput& in, const InferenceFigures& f);
/// `prefill` and `decode` lists of the tensors that cross device boundaries on the first stage
/// (and the last, with a pipeline), per prompt and per decode step, each with its formula.
json serving_communication_json(const InferenceInput& in, const InferenceFigures& f);
/// Tokens per expert in a decode step (serving_experts.cpp): a device's expert rows, the share of
/// its experts they touch and the rows each multiplies, the expert bytes read; MoE models only.
json serving_experts_json(const InferenceInput& in, const InferenceFigures& f);

/// True when the request asks for "mode": "inference" (coded error for another value).
bool inference_mode(const json& request, Problems& problems);
json cmd_inference_plan(const json& request, Problems& problems);      // inference_plan.cpp
json cmd_inference_search(const json& request, Problems& problems);    // inference_search.cpp
json cmd_inference_fidelity(const json& request, Problems& problems);  // inference_fidelity.cpp
/// The sealed serving set against the engine, sealed and informed apart (inference_heldout.cpp).
json serving_heldout(Problems& problems);

}  // namespace atlas
