// Reading `plan` and `search` requests in inference mode: the same model and hardware sections
// as training, a split without batch terms, and the serving workload. Every field gets a coded
// error at its JSON pointer, in the units the request uses.
#include <string>

#include "atlas/inference/inference.hpp"
#include "atlas/inference/inference_request.hpp"
#include "atlas/training/batch.hpp"
#include "atlas/training/plan_request.hpp"

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
  s.warn_unknown({"prompt", "output", "concurrency", "weights", "kv", "block", "disaggregated", "bandwidth_fraction"});
  const Range tokens{1, 1e8, false, true, "tokens"};
  auto prompt = s.integer("prompt", tokens, 2048);
  auto output = s.integer("output", tokens, 256);
  auto concurrency = s.integer("concurrency", {1, 1e7, false, true, "sequences"}, 16);
  auto weights = s.choice("weights", {"bf16", "fp8", "int8", "int4"}, std::string("bf16"));
  auto kv = s.choice("kv", {"bf16", "fp8"}, std::string("bf16"));
  auto block = s.integer("block", {1, 4096, false, true, "tokens"}, 16);
  auto disaggregated = s.boolean("disaggregated", false);
  auto fraction = s.number("bandwidth_fraction", {0, 1, true}, kDecodeBandwidthFraction);
  if (problems.errors().size() != before) return std::nullopt;
  if (model && *prompt + *output > model->seq) {
    const bool prompt_alone = *prompt > model->seq;
    problems.error("context_too_long",
                   "prompt + output = " + std::to_string(*prompt) + " + " + std::to_string(*output) + " = " +
                       std::to_string(*prompt + *output) + " tokens, beyond the model's maximum context of " +
                       std::to_string(model->seq) + " tokens (model.seq).",
                   s.path_of(prompt_alone ? "prompt" : "output"));
    return std::nullopt;
  }
  Serving out;
  out.prompt = *prompt, out.output = *output, out.concurrency = *concurrency, out.block = *block;
  out.weights = *weights == "fp8"    ? WeightFormat::fp8
                : *weights == "int8" ? WeightFormat::int8
                : *weights == "int4" ? WeightFormat::int4
                                     : WeightFormat::bf16;
  out.kv = *kv == "fp8" ? KvFormat::fp8 : KvFormat::bf16;
  out.disaggregated = *disaggregated;
  out.bandwidth_fraction = *fraction;
  return out;
}

std::optional<InferenceRequest> read_inference_request(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return std::nullopt;
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "model", "hardware", "parallel", "serving"});
  auto model = read_model(request, problems);
  auto hardware = read_hardware(request, problems);
  const Fields p = root.section("parallel", false);
  p.warn_unknown({"dp", "tp", "pp", "cp", "ep", "attention_kernel"});
  const ParallelDegrees degrees = read_degrees(p);
  // Serving always runs fused attention; which kernel sets its rate (as in training plans).
  const auto attention_kernel = read_attention_kernel(p);
  const auto& [dp, tp, pp, cp, ep] = degrees;
  auto serving = read_serving(root, model ? &*model : nullptr);
  if (!problems.ok() || !model || !hardware || !serving || !degrees.read() || !attention_kernel) return std::nullopt;
  InferenceRequest out;
  InferenceInput& in = out.input;
  in.model = *model, in.hardware = *hardware, in.serving = *serving;
  in.parallel.tp = *tp, in.parallel.pp = *pp, in.parallel.cp = *cp, in.parallel.ep = *ep;
  in.parallel.attention_kernel = *attention_kernel;
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
