// Reading `plan` and `search` requests in inference mode: the same model and hardware sections
// as training, a split without batch terms, and the serving workload. Every field gets a coded
// error at its JSON pointer, in the units the request uses.
#include <string>

#include "atlas/inference/inference.hpp"
#include "atlas/inference/inference_request.hpp"
#include "atlas/training/batch.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

bool inference_mode(const json& request, Problems& problems) {
  if (!request.is_object() || !request.contains("mode")) return false;
  const Fields root(request, "", problems);
  auto mode = root.choice("mode", {"training", "inference"}, std::string("training"));
  return mode && *mode == "inference";
}

std::optional<Serving> read_serving(const Fields& root, const ModelShape* model) {
  Problems& problems = root.problems();
  const std::size_t before = problems.errors().size();
  const Fields s = root.section("serving", false);
  s.warn_unknown({"prompt",
                  "output",
                  "output_max",
                  "concurrency",
                  "arrival",
                  "requests",
                  "request_rate",
                  "weights",
                  "kv",
                  "block",
                  "group_size",
                  "runtime",
                  "disaggregated",
                  "bandwidth_fraction",
                  "host_overhead",
                  "cached_prompt",
                  "lengths",
                  "token_budget",
                  "expert_weights",
                  "runtime_version"});
  const Range tokens{1, 1e8, false, true, "tokens"};
  auto prompt = s.integer("prompt", tokens, 2048);
  auto output = s.integer("output", tokens, 256);
  auto output_max = s.integer("output_max", {0, 1e8, false, true, "tokens"}, 0);
  // Tokens at the start of each prompt already in the runtime's prefix cache (a shared system
  // prompt, an earlier turn, a benchmark's repeated prompt): their keys are read, not computed.
  auto cached = s.integer("cached_prompt", {0, 1e8, false, true, "tokens"}, 0);
  auto concurrency = s.integer("concurrency", {1, 1e7, false, true, "sequences"}, 16);
  auto arrival =
      s.choice("arrival",
               {arrival_name(Arrival::closed_loop), arrival_name(Arrival::all_at_once), arrival_name(Arrival::poisson)},
               std::string(arrival_name(Arrival::closed_loop)));
  auto requests = s.integer("requests", {0, 1e9, false, true, "requests"}, 0);
  // Whether every request has the stated lengths (a benchmark's synthetic prompts, answers held to
  // their length) or each its own (a dataset's, answers ending at EOS): a closed loop's users keep
  // in step only in the first case (continuous_batching.cpp).
  auto lengths =
      s.choice("lengths", {"fixed", "dataset"}, std::string(output_max && *output_max > 0 ? "dataset" : "fixed"));
  // A Poisson stream's rate over the whole deployment (vllm bench serve --request-rate).
  auto rate =
      s.has("request_rate") ? s.number("request_rate", {0, 1e7, true, false, "requests/s"}) : std::optional(0.0);
  const std::initializer_list<std::string_view> formats{"bf16", "fp8", "int8", "int4", "mxfp4", "nvfp4"};
  auto weights = s.choice("weights", formats, std::string("bf16"));
  // The routed experts' own format; absent: as the other weights.
  auto expert_weights = s.has("expert_weights") ? s.choice("expert_weights", formats) : weights;
  auto kv = s.choice("kv", {"bf16", "fp8"}, std::string("bf16"));
  auto runtime =
      s.choice("runtime", {"ideal", "vllm", "sglang", "trtllm", "lmdeploy", "gpt-fast"}, std::string("ideal"));
  // Each runtime pages the cache its own way; an explicit block overrides it.
  const std::int64_t runtime_block = runtime ? runtime_model(*runtime_from_name(*runtime)).block : 16;
  auto block = s.has("block") ? s.integer("block", {1, 4096, false, true, "tokens"}) : std::optional(runtime_block);
  auto group = s.integer("group_size", {0, 1e6, false, true, "weights"}, 0);
  // The runtime's release as `vllm --version` prints it; absent: its current engine.
  auto version_text = s.string("runtime_version", 64, std::string());
  // The runtime's token budget a step (vllm serve --max-num-batched-tokens, SGLang's
  // --chunked-prefill-size, TensorRT-LLM's max_num_tokens); 0: the runtime's own on this GPU.
  auto budget = s.integer("token_budget", {0, 1e7, false, true, "tokens"}, 0);
  auto disaggregated = s.boolean("disaggregated", false);
  // Absent: the GPU's own decode fraction, set once the hardware is read.
  auto fraction = s.has("bandwidth_fraction") ? s.number("bandwidth_fraction", {0, 1, true}) : std::optional(0.0);
  // Host work a step waits for (scheduling, input preparation, output processing); absent: the
  // runtime's measured figure at the request's tp, set once tp is read.
  auto host = s.has("host_overhead") ? s.number("host_overhead", {0, 1, false, false, "s"}) : std::optional(-1.0);
  if (problems.errors().size() != before) return std::nullopt;
  if (*cached >= *prompt) {
    problems.error(
        "cached_prompt_too_long",
        "serving.cached_prompt = " + std::to_string(*cached) + " tokens must be shorter than the prompt (" +
            std::to_string(*prompt) +
            " tokens): the runtime computes at least the prompt's last token to give the first output token.",
        s.path_of("cached_prompt"));
    return std::nullopt;
  }
  if (*output_max > *output && *lengths == "fixed") {
    problems.error("lengths_output_max",
                   "serving.lengths \"fixed\" says every output is serving.output = " + std::to_string(*output) +
                       " tokens long, but serving.output_max = " + std::to_string(*output_max) +
                       " tokens says they differ. Set serving.lengths to \"dataset\" or leave output_max out.",
                   s.path_of("lengths"));
    return std::nullopt;
  }
  if (*output_max > 0 && *output_max < *output) {
    problems.error("output_max_below_mean",
                   "serving.output_max = " + std::to_string(*output_max) +
                       " tokens is the longest output and serving.output the mean (" + std::to_string(*output) +
                       " tokens): the longest cannot be shorter than the mean.",
                   s.path_of("output_max"));
    return std::nullopt;
  }
  // The longest sequence must fit the model's context: the longest output's when outputs differ.
  const bool varied = *output_max > 0;
  const std::int64_t longest = varied ? *output_max : *output;
  if (model && *prompt + longest > model->seq) {
    const char* which = varied ? "output_max" : "output";
    problems.error("context_too_long",
                   "prompt + " + std::string(which) + " = " + std::to_string(*prompt) + " + " +
                       std::to_string(longest) + " = " + std::to_string(*prompt + longest) +
                       " tokens, beyond the model's maximum context of " + std::to_string(model->seq) +
                       " tokens (model.seq).",
                   s.path_of(*prompt > model->seq ? "prompt" : which));
    return std::nullopt;
  }
  Serving out;
  if (!version_text->empty()) {
    const auto version = parse_runtime_version(*version_text);
    if (!version) {
      problems.error("runtime_version_format",
                     "serving.runtime_version = \"" + *version_text +
                         "\" is not a release number; give it as the runtime prints it, major.minor first "
                         "(\"0.7.3\", \"0.11.0\").",
                     s.path_of("runtime_version"));
      return std::nullopt;
    }
    out.version = *version, out.version_text = *version_text;
    if (*runtime != "vllm")
      problems.warning("runtime_version_unread",
                       "serving.runtime_version is read for vLLM only, whose V0 engine (before 0.8) waits on "
                       "the host and schedules prompts differently; this runtime is costed at its current "
                       "defaults whatever its release.",
                       s.path_of("runtime_version"));
  }
  // The model's seq is the served max_model_len, which vLLM V0's prompt scheduling follows.
  if (model) out.max_model_len = model->seq;
  out.prompt = *prompt, out.output = *output, out.concurrency = *concurrency, out.block = *block;
  out.output_max = *output_max;
  out.lengths_vary = *lengths == "dataset";
  out.cached_prompt = *cached;
  out.group_size = *group;
  out.runtime = *runtime_from_name(*runtime);
  out.token_budget = *budget;
  if (out.token_budget > 0 && (out.runtime == Runtime::ideal || out.runtime == Runtime::gpt_fast)) {
    problems.error("token_budget_runtime",
                   "serving.token_budget = " + std::to_string(out.token_budget) +
                       " tokens is a continuous-batching runtime's budget a step (vLLM, SGLang, TensorRT-LLM, "
                       "LMDeploy); the \"" +
                       *runtime + "\" runtime " +
                       (out.runtime == Runtime::ideal ? "prefills one prompt a pass" : "runs one static batch") +
                       ". Choose such a runtime in serving.runtime or leave the budget out.",
                   s.path_of("token_budget"));
    return std::nullopt;
  }
  out.weights = *weight_format_from_name(*weights);
  out.expert_weights = *weight_format_from_name(*expert_weights);
  if (s.has("expert_weights") && (!model || !model->moe())) {
    problems.error("expert_weights_dense",
                   "serving.expert_weights is the format of a mixture-of-experts model's routed experts; this "
                   "model has none. Give the format in serving.weights.",
                   s.path_of("expert_weights"));
    return std::nullopt;
  }
  if (out.group_size > 0 && !grouped_format(out.weights) && !grouped_format(out.expert_weights)) {
    problems.error("group_size_format",
                   "serving.group_size = " + std::to_string(out.group_size) +
                       " applies to int4 and int8 weights; these are " + *weights +
                       (out.expert_weights != out.weights ? " (experts " + *expert_weights + ")" : std::string()) +
                       (fp4_format(out.weights) || fp4_format(out.expert_weights)
                            ? ", whose blocks are fixed by the format (MXFP4 32 weights, NVFP4 16)."
                            : "."),
                   s.path_of("group_size"));
    return std::nullopt;
  }
  if (model && out.group_size > 0 && model->hidden % out.group_size != 0) {
    problems.error("group_size_hidden",
                   "serving.group_size = " + std::to_string(out.group_size) +
                       " weights does not divide the hidden size " + std::to_string(model->hidden) +
                       ", so the groups along a layer's input would not be whole.",
                   s.path_of("group_size"));
    return std::nullopt;
  }
  out.kv = *kv == "fp8" ? KvFormat::fp8 : KvFormat::bf16;
  out.disaggregated = *disaggregated;
  out.arrival = *arrival == arrival_name(Arrival::all_at_once) ? Arrival::all_at_once
                : *arrival == arrival_name(Arrival::poisson)   ? Arrival::poisson
                                                               : Arrival::closed_loop;
  out.request_rate = *rate;
  out.capped = out.arrival == Arrival::poisson && s.has("concurrency");
  if (out.arrival == Arrival::poisson && out.request_rate <= 0) {
    problems.error("request_rate_missing",
                   "serving.arrival \"poisson\" sends requests at random at serving.request_rate (requests per "
                   "second over the whole deployment, vllm bench serve's --request-rate); give that rate.",
                   s.path_of("request_rate"));
    return std::nullopt;
  }
  if (out.arrival != Arrival::poisson && out.request_rate > 0) {
    problems.error("request_rate_arrival",
                   "serving.request_rate is the rate of a Poisson stream; with serving.arrival \"" + *arrival +
                       "\" the requests in flight are serving.concurrency. Set serving.arrival to \"poisson\" or "
                       "leave the rate out.",
                   s.path_of("request_rate"));
    return std::nullopt;
  }
  if (out.arrival == Arrival::all_at_once && out.disaggregated) {
    // Separate prefill GPUs hand prompts over as they finish; rounds of a shared batch do not form.
    problems.error("arrival_disaggregated",
                   "serving.arrival \"all_at_once\" is modelled for replicas that prefill and decode their own "
                   "requests; with serving.disaggregated the prefill GPUs feed the decode GPUs as prompts finish, "
                   "which is not modelled. Use \"closed_loop\", or turn disaggregated off.",
                   s.path_of("arrival"));
    return std::nullopt;
  }
  out.requests = *requests;
  if (out.requests > 0 && (out.arrival == Arrival::all_at_once || out.disaggregated)) {
    problems.error("requests_arrival",
                   out.arrival == Arrival::all_at_once
                       ? "serving.requests counts a closed loop's requests in all; sent all at once, "
                         "serving.concurrency is the number of requests. Leave serving.requests out."
                       : "serving.requests is a run's requests in all, which is not modelled with "
                         "serving.disaggregated (the prefill GPUs feed the decode GPUs as prompts finish).",
                   s.path_of("requests"));
    return std::nullopt;
  }
  // Only a run that ends waits for its longest output; a loop or a stream of differing outputs is
  // set by their mean (serving.lengths "dataset").
  if (out.output_max > 0 && out.arrival != Arrival::all_at_once) {
    problems.error("output_max_arrival",
                   "serving.output_max is the longest output of requests sent all at once (serving.arrival "
                   "\"all_at_once\"), whose run lasts until it is answered; a loop or a stream of outputs that "
                   "differ depends on their mean alone. Leave serving.output_max out and set serving.lengths to "
                   "\"dataset\", or send the requests all at once.",
                   s.path_of("output_max"));
    return std::nullopt;
  }
  out.bandwidth_fraction = *fraction;
  out.host_overhead = *host;
  return out;
}

namespace {

// The GEMMs' arithmetic (the training side's parallel.precision): FP8 weights on a GPU with FP8
// tensor cores run W8A8 by default (activations quantized per tensor as they arrive, vLLM's and
// TensorRT-LLM's FP8 path); "bf16" asks for weight-only FP8 (widened inside the kernel, as on
// A100). NVFP4 weights on FP4 tensor cores default to W4A4 (ModelOpt's recipe); MXFP4 weights
// stay weight-only unless mxfp8 asks for Blackwell's MXFP4 × MXFP8 kernels. A low-precision recipe
// needs weights in a format it can multiply (layer_kernels.cpp, serving_gemm_precision).
bool serving_precision(InferenceInput& in, const std::optional<std::string>& asked, const Fields& p,
                       Problems& problems) {
  const Serving& s = in.serving;
  const auto holds = [&](WeightFormat f) { return s.weights == f || s.expert_weights == f; };
  if (!asked) {
    const bool fp4_cores = precision_unsupported(in.hardware, Precision::nvfp4).empty();
    in.parallel.precision = holds(WeightFormat::fp8) && in.hardware.flops_fp8 > 0 ? Precision::fp8_current
                            : holds(WeightFormat::nvfp4) && fp4_cores             ? Precision::nvfp4
                                                                                  : Precision::bf16;
    return true;
  }
  const Precision q = precision_from_name(*asked);
  // The recipe must be one that some of the weights' GEMMs run (layer_kernels.cpp, gemm_precision).
  if (q != Precision::bf16 && gemm_precision(q, s.weights) != q && gemm_precision(q, s.expert_weights) != q) {
    const std::string formats =
        s.expert_weights == s.weights
            ? std::string(weight_format_name(s.weights))
            : std::string(weight_format_name(s.weights)) + " (experts " + weight_format_name(s.expert_weights) + ")";
    problems.error("precision_weights",
                   "parallel.precision \"" + *asked + "\" multiplies in " +
                       (q == Precision::nvfp4   ? "FP4, which needs NVFP4 weights (serving.weights \"nvfp4\")"
                        : q == Precision::mxfp8 ? "MXFP8, which needs FP8 or MXFP4 weights"
                                                : "FP8, which needs FP8 weights (serving.weights \"fp8\")") +
                       "; the weights here are " + formats + ".",
                   p.path_of("precision"));
    return false;
  }
  if (const std::string why = precision_unsupported(in.hardware, q); !why.empty()) {
    problems.error("precision_unsupported", why, p.path_of("precision"));
    return false;
  }
  in.parallel.precision = q;
  return true;
}

}  // namespace

Serving serving_for(const Serving& asked, const Hardware& hw, std::int64_t tp) {
  Serving s = asked;
  if (s.bandwidth_fraction <= 0) s.bandwidth_fraction = decode_bandwidth_fraction(hw);
  // Blackwell's FP8 GEMMs at decode's few rows reach less of the bandwidth than its bf16 ones.
  s.fp8_weight_ratio = hw.microscaling ? kFp8BlackwellBandwidthRatio : 1.0;
  if (s.host_overhead < 0) s.host_overhead = runtime_host_step(s, tp);
  return s;
}

std::optional<InferenceRequest> read_inference_request(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return std::nullopt;
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "model", "hardware", "parallel", "serving"});
  auto model = read_model(request, problems);
  auto hardware = read_hardware(request, problems);
  const Fields p = root.section("parallel", false);
  p.warn_unknown({"dp", "tp", "pp", "cp", "ep", "attention_kernel", "precision", "routing_imbalance"});
  const ParallelDegrees degrees = read_degrees(p);
  // Serving always runs fused attention; which kernel sets its rate (as in training plans).
  const auto attention_kernel = read_attention_kernel(p, AttentionKernel::native);
  std::optional<std::string> precision;
  if (p.has("precision"))
    precision = p.choice("precision", {"bf16", "fp8-delayed", "fp8-current", "fp8-blockwise", "mxfp8", "nvfp4"});
  const auto& [dp, tp, pp, cp, ep] = degrees;
  const auto imbalance = p.number("routing_imbalance", {1, 1024}, 1.0);
  auto serving = read_serving(root, model ? &*model : nullptr);
  if (!problems.ok() || !model || !hardware || !serving || !degrees.read() || !attention_kernel || !imbalance)
    return std::nullopt;
  check_routing_imbalance(*imbalance, model->moe(), *ep, p, problems);
  if (!problems.ok()) return std::nullopt;
  InferenceRequest out;
  InferenceInput& in = out.input;
  in.model = *model, in.hardware = *hardware, in.serving = *serving;
  in.parallel.tp = *tp, in.parallel.pp = *pp, in.parallel.cp = *cp, in.parallel.ep = *ep;
  in.parallel.attention_kernel = *attention_kernel;
  in.parallel.routing_imbalance = *imbalance;
  if (!serving_precision(in, precision, p, problems)) return std::nullopt;
  in.serving = serving_for(*serving, in.hardware, in.parallel.tp);
  if (dp) {
    in.parallel.dp = *dp;
  } else {
    out.dp_derived = true;
    Problems ignored;  // a count that does not divide is one of the split's errors (inference_split_errors)
    in.parallel.dp = data_parallel_degree(in.hardware.gpus, *tp, *pp, *cp, ignored).value_or(1);
  }
  return out;
}

}  // namespace atlas
