// A DeepSpeed config JSON: the batch (train_batch_size = micro × accumulation × data-parallel
// ranks, any two of the three settle the third), the ZeRO stage and its offload sections. A
// DeepSpeed config names no model; the page's own export adds one under "_parallelism_atlas",
// which DeepSpeed ignores, so an exported file reads back to the same plan.
#include "atlas/interop/import.hpp"

namespace atlas {

namespace {

constexpr const char* kAtlasKey = "_parallelism_atlas";

struct Config {
  const Pasted& text;
  const json& c;
  RunFacts& facts;

  // A positive integer at the top level; "auto" (filled in by the Hugging Face Trainer) is absent.
  std::optional<std::int64_t> count(const char* key) {
    if (!c.contains(key)) return std::nullopt;
    const json& v = c[key];
    if (v.is_string() && v.get<std::string>() == "auto") {
      facts.ignore(key, "auto",
                   "\"auto\" is filled in by the Hugging Face Trainer at launch; the engine settles it from the other "
                   "batch figures",
                   text.line_of_key(key));
      return std::nullopt;
    }
    if (!v.is_number_integer() || v.get<std::int64_t>() < 1 || v.get<std::int64_t>() > 1000000000000) {
      text.error(
          "not_integer",
          "\"" + std::string(key) + "\" (/" + key + ") must be a whole number of 1 or more, not " + v.dump() + ".",
          text.line_of_key(key));
      return std::nullopt;
    }
    return v.get<std::int64_t>();
  }

  void batch() {
    const auto train = count("train_batch_size");
    const auto micro = count("train_micro_batch_size_per_gpu");
    const auto accumulation = count("gradient_accumulation_steps");
    if (train && micro && accumulation && *train % times(*micro, *accumulation) != 0) {
      text.error("batch_inconsistent",
                 "train_batch_size " + std::to_string(*train) + " is not train_micro_batch_size_per_gpu " +
                     std::to_string(*micro) + " × gradient_accumulation_steps " + std::to_string(*accumulation) +
                     " × a whole number of data-parallel ranks; DeepSpeed refuses this config.",
                 text.line_of_key("train_batch_size"));
      return;
    }
    if (train)
      facts.count(text, text.line_of_key("train_batch_size"), facts.global, "batch.global", *train, "train_batch_size");
    if (micro)
      facts.count(text, text.line_of_key("train_micro_batch_size_per_gpu"), facts.micro, "batch.micro", *micro,
                  "train_micro_batch_size_per_gpu");
    if (accumulation)
      facts.count(text, text.line_of_key("gradient_accumulation_steps"), facts.accumulation, "batch.accumulation",
                  *accumulation, "gradient_accumulation_steps");
    if (train && micro && accumulation)
      facts.count(text, text.line_of_key("train_batch_size"), facts.dp, "parallel.dp",
                  *train / times(*micro, *accumulation),
                  "train_batch_size ÷ (micro-batch × accumulation), DeepSpeed's rule");
  }

  void zero() {
    if (!c.contains("zero_optimization")) {
      facts.fallback("parallel", "zero", 0, "no zero_optimization section: DeepSpeed's default stage 0");
      return;
    }
    const json& z = c["zero_optimization"];
    if (z.is_boolean()) {  // the early form: true meant what is now stage 1
      facts.set(text, text.line_of_key("zero_optimization"), "parallel", "zero", z.get<bool>() ? 1 : 0,
                "zero_optimization (true = stage 1)");
      return;
    }
    if (!z.is_object()) {
      text.error("not_object", "\"zero_optimization\" must be an object ({\"stage\": …}).",
                 text.line_of_key("zero_optimization"));
      return;
    }
    if (z.contains("stage")) {
      const json& s = z["stage"];
      if (!s.is_number_integer() || s.get<std::int64_t>() < 0 || s.get<std::int64_t>() > 3) {
        text.error("not_integer", "/zero_optimization/stage must be 0, 1, 2 or 3, not " + s.dump() + ".",
                   text.line_of_key("stage"));
        return;
      }
      facts.set(text, text.line_of_key("stage"), "parallel", "zero", s.get<int>(), "zero_optimization.stage");
    } else {
      facts.fallback("parallel", "zero", 0, "zero_optimization has no stage: DeepSpeed's default 0");
    }
    if (z.contains("overlap_comm") && z["overlap_comm"].is_boolean())
      facts.set(text, text.line_of_key("overlap_comm"), "parallel", "overlap", z["overlap_comm"].get<bool>(),
                "zero_optimization.overlap_comm");
    for (auto it = z.begin(); it != z.end(); ++it) {
      const std::string& k = it.key();
      if (k == "stage" || k == "overlap_comm") continue;
      const bool offload = k.rfind("offload_", 0) == 0 || k == "cpu_offload";
      const json device = it->is_object() && it->contains("device") ? (*it)["device"] : json(nullptr);
      if (offload && device == "none")
        facts.ignore("zero_optimization." + k, "{…}", "its device is \"none\": nothing is offloaded",
                     text.line_of_key(k));
      else if (offload)
        facts.ignore("zero_optimization." + k, it->is_structured() ? json("{…}") : *it,
                     "offloading to CPU or NVMe is not modelled: the plan keeps this state in GPU memory and has no "
                     "PCIe traffic",
                     text.line_of_key(k));
      else
        facts.ignore("zero_optimization." + k, it->is_structured() ? json("{…}") : *it,
                     "bucket sizes and tuning knobs are not modelled", facts.ignored_full() ? 0 : text.line_of_key(k));
    }
  }

  // The model and split written by this page's export (DeepSpeed itself ignores the key).
  void atlas_section() {
    const json& a = c[kAtlasKey];
    if (!a.is_object()) return;
    const std::string from = std::string(kAtlasKey) + " (written by the explorer's export)";
    if (a.contains("model") && a["model"].is_object())
      for (auto it = a["model"].begin(); it != a["model"].end(); ++it)
        facts.set(text, text.line_of_key(kAtlasKey), "model", it.key(), *it, from);
    if (a.contains("parallel") && a["parallel"].is_object())
      for (auto it = a["parallel"].begin(); it != a["parallel"].end(); ++it)
        facts.set(text, text.line_of_key(kAtlasKey), "parallel", it.key(), *it, from);
  }
};

}  // namespace

void import_deepspeed(const Pasted& text, RunFacts& facts) {
  const auto parsed = text.parse_json();
  if (!parsed) return;
  Config config{text, *parsed, facts};
  config.batch();
  config.zero();
  facts.set(text, 0, "parallel", "framework", "deepspeed", "a DeepSpeed config");
  if (parsed->contains(kAtlasKey)) config.atlas_section();
  for (auto it = parsed->begin(); it != parsed->end(); ++it) {
    const std::string& k = it.key();
    if (k == "train_batch_size" || k == "train_micro_batch_size_per_gpu" || k == "gradient_accumulation_steps" ||
        k == "zero_optimization" || k == kAtlasKey)
      continue;
    const char* why = k == "bf16" || k == "fp16" ? "bf16 and fp16 mixed precision cost the same in the engine"
                      : k == "optimizer"         ? "the engine assumes Adam with fp32 state"
                      : k == "activation_checkpointing"
                          ? "DeepSpeed's checkpointing API depends on the model code; set recompute in the explorer"
                          : "not part of the engine's cost model";
    facts.ignore(k, it->is_structured() ? json("{…}") : *it, why, facts.ignored_full() ? 0 : text.line_of_key(k));
  }
}

}  // namespace atlas
