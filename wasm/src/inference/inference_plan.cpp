// `plan` with "mode": "inference": one serving layout in full — memory per device, time to first
// token and per output token, throughput, the latency–throughput curve over concurrency, and the
// tensors that cross device boundaries in one prefill and one decode step (inference_devices.cpp). Each number carries
// the formula that made it, with this layout's values in it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference_formulas.hpp"
#include "atlas/inference/inference_request.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

namespace {

// Concurrency where decode GEMMs turn compute-bound on the busiest device (doubling search);
// 0 when they stay memory-bound up to 2^20 sequences.
std::int64_t compute_bound_from(const InferenceInput& in) {
  const double context = static_cast<double>(in.serving.prompt) + static_cast<double>(in.serving.output) / 2.0;
  const double replicas = static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)));
  for (std::int64_t c = 1; c <= (1 << 20); c *= 2)
    if (decode_step(in, static_cast<double>(c), context).compute_bound) return c * static_cast<std::int64_t>(replicas);
  return 0;
}

json curve_json(const InferenceInput& in, const InferenceFigures& f) {
  // A Poisson stream's point on the curve is the requests it keeps in flight.
  const std::int64_t requested =
      f.queue.uncapped_stream() ? std::max<std::int64_t>(1, f.queue.requested) : in.serving.concurrency;
  std::set<std::int64_t> at{requested};
  if (f.memory.max_concurrency > 0) at.insert(f.memory.max_concurrency);
  const std::int64_t top =
      std::min<std::int64_t>(1 << 16, std::max<std::int64_t>({8, requested, 2 * f.memory.max_concurrency}));
  for (std::int64_t c = 1; c <= top; c *= 2) at.insert(c);
  json points = json::array();
  const bool at_once = in.serving.arrival == Arrival::all_at_once;
  // A run of a fixed number of requests is a run at every point too: its users' first requests
  // go out together whatever their number, so a point is that run with c users.
  const bool runs = at_once || in.serving.requests > 0;
  for (std::int64_t c : at) {
    json point{{"concurrency", c}, {"fits", c <= f.memory.max_concurrency}};
    if (runs) {
      // Each point is its own run: c requests at once (rounds and all), or c users' finite loop.
      InferenceInput run = in;
      run.serving.concurrency = c;
      InferenceFigures g;
      evaluate_inference(run, g);
      point.update({{"served", g.queue.served},
                    {"per_output_token", g.per_output_token},
                    {"tokens_per_second", g.tokens_per_second},
                    {"tokens_per_second_per_gpu", g.tokens_per_second_per_gpu},
                    {"tokens_per_second_per_user", g.tokens_per_second_per_user},
                    {"bound", bound_name(g.decode)}});
    } else {
      const ServingPoint pt = serving_point(in, c, f);
      point.update({{"served", pt.served},
                    {"per_output_token", pt.per_output_token},
                    {"tokens_per_second", pt.tokens_per_second},
                    {"tokens_per_second_per_gpu", pt.tokens_per_second_per_gpu},
                    {"tokens_per_second_per_user", pt.per_user},
                    {"bound", bound_name(pt.decode)}});
    }
    points.push_back(point);
  }
  return json{{"points", points},
              {"max_concurrency", f.memory.max_concurrency},
              {"requested", requested},
              {"arrival", arrival_name(in.serving.arrival)},
              {"compute_bound_from", compute_bound_from(in)},
              {"axis", at_once ? "requests sent at once over the whole deployment, each answered once"
                               : "concurrency: sequences decoded at once over the whole deployment"}};
}

}  // namespace

json to_json(const Serving& s) {
  return json{{"prompt", s.prompt},
              {"cached_prompt", s.cached_prompt},
              {"output", s.output},
              {"output_max", s.output_max},
              {"lengths", s.lengths_vary ? "dataset" : "fixed"},
              {"token_budget", s.token_budget},
              {"concurrency", s.concurrency},
              {"arrival", arrival_name(s.arrival)},
              {"requests", s.requests},
              {"request_rate", s.request_rate},
              {"capped", s.capped},
              {"weights", weight_format_name(s.weights)},
              {"expert_weights", weight_format_name(s.expert_weights)},
              {"kv", s.kv == KvFormat::fp8 ? "fp8" : "bf16"},
              {"block", s.block},
              {"group_size", s.group_size},
              {"runtime", runtime_name(s.runtime)},
              {"runtime_label", runs_v0_engine(s) ? "vLLM V0" : runtime_label(s.runtime)},
              {"runtime_version", s.version_text},
              {"engine", runs_v0_engine(s) ? "v0" : "current"},
              {"overlap_scheduler", runtime_model(s).overlap_scheduler},
              {"disaggregated", s.disaggregated},
              {"bandwidth_fraction", s.bandwidth_fraction},
              {"host_overhead", s.host_overhead},
              {"weight_bandwidth_fraction", format_bandwidth_fraction(s)},
              {"expert_weight_bandwidth_fraction", format_bandwidth_fraction(s, s.expert_weights)}};
}

json inference_summary(const InferenceInput& in, const InferenceFigures& f) {
  const InferenceMemory& m = f.memory;
  const Parallel& p = in.parallel;
  return json{{"parallel",
               {{"dp", p.dp},
                {"tp", p.tp},
                {"pp", p.pp},
                {"ep", p.ep},
                {"cp", p.cp},
                {"attention_kernel", attention_kernel_name(p.attention_kernel)},
                {"precision", precision_name(p.precision)},
                {"routing_imbalance", p.routing_imbalance},
                {"decode_replicas", decode_replicas(in)},
                {"gpus_per_replica", p.tp * p.pp}}},
              {"memory",
               {{"weights", m.weights},
                {"weights_per_instance", m.weights_per_instance},
                {"kv_cache_per_token", m.kv_per_token},
                {"kv_cache_per_token_device", m.kv_per_token_device},
                {"kv_cache_per_sequence", m.kv_per_sequence_device},
                {"tokens_per_sequence", m.tokens_per_sequence},
                {"sequences_per_device", m.sequences_per_device},
                {"kv_cache", m.kv_cache},
                {"activations", m.activations},
                {"activations_from", sizes_after_profile(in.serving.runtime) ? "startup_profile" : "prompt"},
                {"reserve", m.reserve},
                {"total", m.total},
                {"capacity", in.hardware.memory},
                {"fits", m.fits},
                {"max_concurrency", m.max_concurrency}}},
              {"queue",
               {{"requested", f.queue.requested},
                {"served", f.queue.served},
                {"waiting", f.queue.waiting},
                {"limit", f.queue.waiting <= 0        ? "none"
                          : f.queue.scheduler_limited ? "scheduler"
                                                      : "kv_cache"},
                {"running_limit", scheduler_limits(in.serving, in.hardware).running},
                {"wait", f.queue.wait},
                {"waves", f.queue.waves},
                {"last_wave", f.queue.last_wave},
                {"makespan", f.queue.makespan},
                {"longest", f.queue.longest},
                {"requests", f.queue.requests},
                {"round_prefill", f.queue.wave_prefill},
                {"prompts_per_pass", f.queue.prompts_per_pass},
                {"token_budget", scheduler_limits(in.serving, in.hardware).step_tokens},
                {"cohorts", f.queue.cohorts},
                {"cohort_size", f.queue.cohort_size},
                {"cohort_wait", f.queue.cohort_wait},
                {"cycle", f.queue.cycle},
                {"arrival_rate", f.queue.arrival_rate},
                {"in_flight", f.queue.in_flight},
                {"prefill_busy", f.queue.prefill_busy},
                {"capacity", f.queue.capacity},
                {"capped", f.queue.capped},
                {"saturated", f.queue.saturated},
                {"prefill_paced", f.queue.prefill_paced},
                {"open_stream", f.queue.open_stream()},
                {"uncapped_stream", f.queue.uncapped_stream()},
                {"held", f.queue.served > 0}}},
              {"time",
               {{"first_token", f.first_token},
                {"first_token_parts",
                 {{"queue", f.queue.wait},
                  {"kernel_floor", f.prefill_kernel_floor},
                  {"launch_bound", f.prefill_launch_bound},
                  {"host_overhead", in.serving.host_overhead},
                  {"prefill", f.prefill - f.prefill_kernel_floor - f.prefill_launch_bound - f.prefill_communication -
                                  in.serving.host_overhead},
                  {"communication", f.prefill_communication},
                  {"kv_handoff", f.kv_handoff},
                  {"first_step", f.first_step},
                  {"under_load", f.under_load}}},
                {"prefill", f.prefill},
                {"kv_handoff", f.kv_handoff},
                {"per_output_token", f.per_output_token},
                {"decode_step", f.decode.cycle},
                {"prompts_per_step", f.prompts_per_step},
                {"prompt_share", f.prompt_share},
                {"request", f.request},
                {"hbm_bound", (f.decode.weight_bytes + f.decode.kv_bytes) / in.hardware.memory_bandwidth},
                {"decode",
                 {{"weight_bytes", f.decode.weight_bytes},
                  {"kv_bytes", f.decode.kv_bytes},
                  {"memory_time", f.decode.memory_time},
                  {"compute_time", f.decode.compute_time},
                  {"gemm_time", f.decode.gemm_time},
                  {"experts_time", f.decode.experts_time},
                  {"communication", f.decode.communication},
                  {"kernel_floor", f.decode.kernel_floor},
                  {"host_overhead", in.serving.host_overhead},
                  {"allreduce", allreduce_name(runtime_model(in.serving).allreduce)},
                  {"allreduce_label", allreduce_label(runtime_model(in.serving).allreduce)},
                  {"bound", bound_name(f.decode)}}},
                {"prefill_communication", f.prefill_communication}}},
              {"throughput",
               {{"tokens_per_second", f.tokens_per_second},
                {"tokens_per_second_per_gpu", f.tokens_per_second_per_gpu},
                {"tokens_per_second_per_replica",
                 f.tokens_per_second / static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)))},
                {"tokens_per_second_per_user", f.tokens_per_second_per_user},
                {"prefill_limited", f.prefill_limited}}}};
}

json cmd_inference_plan(const json& request, Problems& problems) {
  auto req = read_inference_request(request, problems);
  if (!req) return {};
  const InferenceInput& in = req->input;
  // An impossible split is an error answer, as in training.
  for (const auto& e : inference_split_errors(in, req->dp_derived)) problems.error(e.code, e.message, e.path);
  if (!problems.ok()) return {};
  json model = to_json(in.model);
  model["parameters"] = parameter_count(in.model);
  json out{
      {"mode", "inference"}, {"model", model}, {"hardware", to_json(in.hardware)}, {"serving", to_json(in.serving)}};
  const RuntimeModel& rt = runtime_model(in.serving);
  out["scope"] = json::array(
      {"Weights and KV cache bytes are exact for the model's shape and the serving formats; paged blocks are "
       "rounded up whole. Activations are one prompt's working set (under vLLM, the peak of its start-up "
       "profile); the runtime's reserve is its KV pool rule, a share of what CUDA reports less the memory outside "
       "PyTorch (memory.formulas.reserve).",
       "Each GEMM costs the larger of its bytes ÷ HBM bandwidth (its weights at " +
           g4(100 * format_bandwidth_fraction(in.serving)) +
           " % of nominal for these weights, calibrated, and its input rows in and output rows out) and its FLOPs ÷ "
           "the fitted GEMM rate with the shape's tile and wave losses, plus one small kernel's fixed time; "
           "attention likewise with its KV bytes. Norms, rotary embeddings, KV writes, activations and sampling cost "
           "one small kernel's time each (" +
           std::string(runtime_name(rt.id)) + ": " + g4(rt.small_kernels_per_layer) +
           " a layer) plus the activation bytes they read and write; every activation byte goes to HBM (what the "
           "L2 cache keeps between two kernels is not modelled). Host work per step is the runtime's measured "
           "figure" +
           std::string(runs_v0_engine(in.serving)
                           ? " (vLLM's V0 engine: fitted on vLLM 0.7.3 runs; its multi-step scheduling, "
                             "--num-scheduler-steps, is not modelled)"
                           : "") +
           ", and under SGLang a prompt's pass waits for the host to launch its kernels one by one.",
       std::string(rt.allreduce == AllReduceImpl::nccl
                       ? "Collectives use NCCL's cost model (ring or tree, LL/LL128/Simple, per-call overhead)"
                       : "Tensor-parallel all-reduces within a node use the runtime's custom kernel at its latency "
                         "measured on H100s, its bytes at this GPU's NVLink rate; other collectives use NCCL's "
                         "cost model") +
           "; decode's messages are kilobytes, so latency dominates. They block: no overlap with compute.",
       in.serving.arrival == Arrival::poisson
           ? "Requests arriving at random at serving.request_rate (a Poisson stream): the requests in flight follow "
             "from Little's law (rate × a request's time, found with the closed loop's model at each concurrency), "
             "and a prompt that arrives while another is prefilled waits for it (a queue with random arrivals and "
             "a fixed prefill time, M/D/1; the wait is a mean, not a median). Below capacity the deployment answers "
             "the offered rate; a stream of serving.requests ends when its last request, sent (requests − 1) ÷ rate "
             "after the first on average, is answered, and its throughput is its tokens over that. Past capacity "
             "it is a fluid queue: each request waits for the later of its prompt's turn (one replica prefills "
             "prompts one after another, however many slots are free) and a slot, and while prompts wait a "
             "running request gains one token a pass (queue.prefill_paced). Not modelled: bursts beyond "
             "Poisson, prompt and output lengths that vary (each is its mean; the longest does not end the run), "
             "the HTTP front end and tokenization."
       : in.serving.arrival == Arrival::all_at_once
           ? "Every request sent at once and answered once: rounds of as many as the KV cache holds and the runtime "
             "runs at once, each prefilling its prompts a token budget at a time and then decoding them together; "
             "the next round starts when one ends (queue.waves, queue.makespan). Outputs of different lengths "
             "(serving.output their mean, serving.output_max the longest) end the run when the longest is "
             "answered: the mean's steps at the full batch, then the rest alone, which a step's fixed cost plus a "
             "cost per sequence makes the same for any spread of lengths (queue.longest). Not modelled: decodes "
             "riding in the prefill passes, a runtime that admits more than fits and preempts later, prompts of "
             "different lengths (each is the mean), the HTTP front end and tokenization."
           : std::string("Continuous batching at a steady state: every sequence decodes, and (without separate "
                         "prefill GPUs) the prompts of the sequences that finish are prefilled in the steps. ") +
                 (in.serving.lengths_vary
                      ? "The requests' lengths differ (serving.lengths \"dataset\"), so the users drift apart and "
                        "the prompts spread over the steps, sequences ÷ output a step. "
                      : "Every request has the stated lengths (serving.lengths \"fixed\"), so the users keep in "
                        "step: prompts that shared a step return together a cycle later, and a first token waits "
                        "for its cohort's prompts (queue.cohorts; with one user, too many cohorts or the ideal and "
                        "gpt-fast runtimes the prompts spread over the steps instead). Jitter that would break the "
                        "cohorts up over a long run is not modelled. ") +
                 "Past what the KV cache holds or the runtime runs at once, the served concurrency is the fitting "
                 "one and the rest wait (queue; the wait is in the first token). Not modelled: the HTTP front end "
                 "and tokenization before a prompt reaches the scheduler. A run that sends every request at once is "
                 "serving.arrival \"all_at_once\".",
       "A prompt's cached tokens (serving.cached_prompt) cost their keys' reads, not their compute; each "
       "sequence's cache still holds its whole prompt (blocks shared between sequences are not credited), and "
       "the cache is taken to keep them (no eviction).",
       "Pipeline stages pass groups of sequences round the pipeline; mixture-of-experts routing is balanced and "
       "random. GEMMs run at parallel.precision's rate where their weights can take it (FP8 weights on FP8 "
       "tensor cores: W8A8; NVFP4 weights on FP4 tensor cores: W4A4; MXFP4 weights under mxfp8: W4A8), other "
       "formats widened to bf16 inside the kernel, except the experts of vLLM's and SGLang's fused-MoE kernel in "
       "FP8 on Hopper, which run at that kernel's measured rate, about a tenth of the FP8 peak once a prompt "
       "makes them compute-bound. MXFP4 and NVFP4 weights stream at 0.777 of bf16's decode bandwidth (NVFP4 "
       "fused MoE on a B300; not measured per kernel on each GPU), whatever the runtime's kernel. Weight-only 4-bit "
       "GEMMs (int4 and FP4 weights on Hopper and A100) are costed at the bf16 GEMM rate once compute-bound; "
       "dequantizing MoE kernels run below it (Marlin's MXFP4 MoE: 254 TFLOP/s on an H100, SGLang pull request "
       "38884), which is not modelled."});
  if (in.model.mla.on() && in.model.moe())
    out["scope"].push_back(
        "Models like DeepSeek's (latent attention, many small experts): their block-scaled FP8 projections and "
        "latent attention with its wider query and key heads are costed as plain FP8 GEMMs and fused attention; "
        "their experts, under vLLM or SGLang on Hopper, at the fused-MoE kernel's measured FP8 rate. With that, "
        "published DeepSeek-R1 runs on 8 H200s (GPUStack's offline runs, 2,000 to 32,000-token prompts) come "
        "within 4 %; on Blackwell and under TensorRT-LLM the experts run at the dense FP8 rate, which no "
        "published kernel table here checks, so long prompts there may be optimistic. That kernel's rate on "
        "block-scaled experts changed between releases: vLLM's own benchmark of DeepSeek-V3's experts on an H100 "
        "in February 2025 (pull request 13932, tensor parallel 1 to 8) added 97 to 109 TFLOP/s per extra "
        "token, about 0.55 of the rate used here, and vLLM 0.8.4's DeepSeek-R1 streams on 8 H200s (April 2025) "
        "wait 45 to 55 % longer for a first token behind long prompts than this plan gives. The plan does not "
        "know the release.");
  InferenceFigures f;
  evaluate_inference(in, f);
  if (f.queue.unstable) {
    problems.error("request_rate_beyond_capacity",
                   "serving.request_rate = " + g4(in.serving.request_rate) +
                       " requests/s is more than this deployment answers: at most " + g4(f.queue.capacity) +
                       " requests/s (" + g4(f.queue.capacity * static_cast<double>(in.serving.output)) +
                       " output tokens/s)" +
                       (f.queue.prefill_busy >= 1 ? ", its prompts alone keeping the prefill busy all the time" : "") +
                       ", so the queue grows without end and no steady state exists. Lower the rate, add replicas, or "
                       "give serving.concurrency as the client's cap on requests in flight.",
                   "/serving/request_rate");
    return {};
  }
  json summary = inference_summary(in, f);
  for (auto it = summary.begin(); it != summary.end(); ++it) out[it.key()] = it.value();
  out["memory"]["formulas"] = memory_formulas(in, f);
  out["time"]["formulas"] = time_formulas(in, f);
  out["throughput"]["formulas"] = {
      {"tokens_per_second_per_gpu", throughput_formula(in, f)},
      {"tokens_per_second_per_user",
       f.queue.served > 0
           ? Formula("1 ÷ per output token = ") << qty::tokens_per_second(f.tokens_per_second_per_user)
           : Formula("no sequence fits beside the weights, so no user is served: ") << qty::tokens_per_second(0)}};
  out["curve"] = curve_json(in, f);
  out["throughput"]["compute_bound_from"] = out["curve"]["compute_bound_from"];
  out["stages"] = serving_stages_json(in, f);
  out["communication"] = serving_communication_json(in, f);
  if (in.model.moe()) out["experts"] = serving_experts_json(in, f);
  return out;
}

}  // namespace atlas
