// `reconcile`: a measured run beside the engine's plan of it. The request is a training plan
// request with the run's log excerpt in "log"; the answer lists each quantity both sides have
// (step time, tokens/s per GPU, model TFLOP/s per GPU, peak memory) with the engine's residual,
// and the parts of the engine's step that could close the gap, each with the factor it would
// need alone: the likeliest first (the smallest change), since a part that would have to grow
// tenfold is a poor explanation of a 10 % gap.
#include <cmath>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/engine.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/interop/import.hpp"
#include "atlas/training/training_log.hpp"

namespace atlas {

namespace {

json compared(const char* quantity, const char* unit, double measured, double engine, const char* how) {
  return json{{"quantity", quantity},
              {"unit", unit},
              {"measured", measured},
              {"engine", engine},
              {"residual", engine / measured - 1.0},
              {"measured_from", how}};
}

/// The step's parts that could explain `gap` seconds (measured − engine) alone, likeliest first.
json closing_terms(const json& time, double gap) {
  struct Part {
    const char* name;
    double seconds;
  };
  std::vector<Part> parts{{"compute (matrix multiplications, attention and elementwise kernels)", time["compute"]},
                          {"pipeline bubble", time["bubble"]},
                          {"optimizer step", time["optimizer"]}};
  const std::pair<const char*, const char*> groups[] = {{"TP", "exposed tensor-parallel communication"},
                                                        {"CP", "exposed context-parallel communication"},
                                                        {"PP", "exposed pipeline sends"},
                                                        {"DP", "exposed data-parallel and ZeRO communication"},
                                                        {"EP", "exposed expert all-to-all"}};
  for (const auto& [key, name] : groups)
    if (time["communication"].contains(key)) parts.push_back({name, time["communication"][key].get<double>()});
  std::vector<json> rows;
  for (const Part& p : parts) {
    if (!(p.seconds > 0) || !(p.seconds + gap > 0)) continue;  // it would have to be negative
    const double factor = (p.seconds + gap) / p.seconds;
    rows.push_back(json{{"term", p.name}, {"engine_seconds", p.seconds}, {"factor", factor}});
  }
  std::sort(rows.begin(), rows.end(), [](const json& a, const json& b) {
    return std::abs(std::log(a["factor"].get<double>())) < std::abs(std::log(b["factor"].get<double>()));
  });
  if (rows.size() > 4) rows.resize(4);
  return json(rows);
}

}  // namespace

json cmd_reconcile(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  if (inference_mode(request, problems)) {
    problems.error("unknown_value", "A training log is set beside a training plan; this request is a serving plan.",
                   "/mode");
    return {};
  }
  if (!problems.ok()) return {};
  const Fields root(request, "", problems);
  const auto text = root.string("log", kMaxPastedBytes);
  if (!text) {
    if (problems.ok()) problems.error("missing_field", "Paste the run's training log excerpt as \"log\".", "/log");
    return {};
  }
  const TrainingLog log = read_training_log(*text);
  if (log.format.empty()) {
    problems.error("unknown_log",
                   "No Megatron-LM iteration line (\"elapsed time per iteration (ms): …\") or torchtitan step line "
                   "(\"step: … tps: …\") was found in the log.",
                   "/log");
    return {};
  }
  json plan_request = request;
  plan_request.erase("log");
  const json plan = run("plan", plan_request);
  if (plan.contains("error")) {
    const json& e = plan["error"];
    problems.error(e.value("code", "invalid_plan"), e.value("message", ""), e.value("path", ""));
    return {};
  }
  const double gpus = plan["hardware"]["gpus"].get<double>();
  const double tokens_per_gpu = plan["batch"]["tokens_per_step"].get<double>() / gpus;
  const double step = plan["time"]["step"].get<double>();
  if (log.global_batch && *log.global_batch != plan["batch"]["global"].get<double>())
    problems.warning("log_batch",
                     "The log's global batch is " + format_number(*log.global_batch) + " sequences and the plan's " +
                         format_number(plan["batch"]["global"].get<double>()) +
                         ": set the plan's batch to the run's to compare like with like.",
                     "/batch/global");

  json rows = json::array();
  double measured_step = 0;
  if (log.step_seconds) {
    measured_step = *log.step_seconds;
    rows.push_back(compared("step time", "s", measured_step, step, "logged"));
    rows.push_back(compared("tokens per second per GPU", "tokens/s", tokens_per_gpu / measured_step,
                            tokens_per_gpu / step, "the plan's tokens per step over the logged step time"));
  } else if (log.tokens_per_second_per_gpu) {
    measured_step = tokens_per_gpu / *log.tokens_per_second_per_gpu;
    rows.push_back(compared("step time", "s", measured_step, step,
                            "the plan's tokens per step over the logged tokens per second"));
    rows.push_back(compared("tokens per second per GPU", "tokens/s", *log.tokens_per_second_per_gpu,
                            tokens_per_gpu / step, "logged"));
  }
  if (log.tflops_per_gpu && *log.tflops_per_gpu > 0)
    rows.push_back(compared("model TFLOP/s per GPU", "TFLOP/s", *log.tflops_per_gpu,
                            plan["throughput"]["model_flops_per_gpu"].get<double>() / 1e12,
                            "logged (each side counts model FLOPs its own way)"));
  if (log.memory_bytes && *log.memory_bytes > 0)
    rows.push_back(compared(
        log.memory_quantity == "reserved" ? "peak memory (the allocator's reserved peak)" : "peak memory (allocated)",
        "B", *log.memory_bytes, plan["memory"]["peak_allocated"].get<double>(),
        "logged; the engine's most loaded pipeline stage"));

  json read{{"format", log.format},
            {"intervals", log.intervals},
            {"used", log.used},
            {"lines", log.read},
            {"note", log.used < log.intervals ? "Medians over the logged intervals after the first, which holds "
                                                "warm-up (compilation, allocator growth)."
                                              : "Medians over every logged interval (fewer than three)."}};
  const double gap = measured_step - step;
  return json{{"log", read},
              {"compare", rows},
              {"gap_seconds", gap},
              {"terms", measured_step > 0 ? closing_terms(plan["time"], gap) : json::array()},
              {"scope",
               "Each term's factor is what it alone would have to be multiplied by for the engine's step to "
               "equal the measured one; the engine does not know which it is. Memory: the engine's peak "
               "allocated bytes of its most loaded stage, against the rank the log reports."}};
}

}  // namespace atlas
