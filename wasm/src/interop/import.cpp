// Command `import`: one or more pasted texts become one complete plan request. Each reader
// records what it read; finish() settles what no text said (GPU count, batch, hardware) and
// lists every such choice as assumed, so the plan shown is never silently someone else's run.
#include "atlas/interop/import.hpp"

#include <numeric>

#include "atlas/content/presets.hpp"
#include "atlas/contract/engine.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

using Importer = void (*)(const Pasted&, RunFacts&);

struct Format {
  const char* name;
  Importer read;
};
constexpr Format kFormats[] = {{"hf", import_hf},
                               {"megatron", import_megatron},
                               {"deepspeed", import_deepspeed},
                               {"torchtitan", import_torchtitan}};

Importer importer_for(const std::string& name) {
  for (const auto& f : kFormats)
    if (name == f.name) return f.read;
  return nullptr;
}

class Finisher {
 public:
  Finisher(RunFacts& facts, Problems& problems, std::string path)
      : f_(facts), problems_(problems), path_(std::move(path)) {}

  void apply_defaults() {
    for (const auto& d : f_.defaults) {
      json& target = d["section"] == "model" ? f_.model : f_.parallel;
      const std::string key = d["key"];
      if (target.contains(key)) continue;
      target[key] = d["value"];
      f_.assume(d["section"].get<std::string>() + "." + key, d["value"], d["why"]);
    }
  }

  std::optional<json> model(const json* fallback) {
    const bool shape = f_.model.contains("layers") || f_.model.contains("hidden");
    if (!shape && f_.unknown_model) {
      problems_.error(*f_.unknown_model);
      return std::nullopt;
    }
    if (f_.unknown_model)
      f_.ignore("the named torchtitan model", f_.unknown_model->message, "another pasted text gives the model's shape",
                f_.unknown_model->line);
    json m = f_.model;
    if (f_.model_preset && !shape) {
      m["preset"] = *f_.model_preset;
      return m;
    }
    if (f_.model_preset) f_.ignore("model preset", *f_.model_preset, "another pasted text gives the model's shape", 0);
    if (!shape && fallback) {
      f_.assume("model", fallback->contains("preset") ? (*fallback)["preset"] : json("custom"),
                "no pasted text describes the model: the explorer's is kept");
      json kept = *fallback;
      if (m.contains("seq")) kept["seq"] = m["seq"];
      return kept;
    }
    if (!shape) {
      f_.assume("model.preset", "llama-3.1-8b",
                "no pasted text describes the model; paste its config.json or launch arguments");
      m["preset"] = "llama-3.1-8b";
      return m;
    }
    for (const char* key : {"layers", "hidden", "heads"})
      if (!m.contains(key)) {
        problems_.error("missing_model_field",
                        std::string("The pasted text gives part of a model but not its ") + key +
                            " (Megatron --num-layers / --hidden-size / --num-attention-heads, or config.json).",
                        path_);
        return std::nullopt;
      }
    if (!m.contains("vocab"))
      m["vocab"] = 50257,
      f_.assume("model.vocab", 50257,
                "no vocabulary size given: GPT-2's tokenizer (Megatron's --vocab-file default family)");
    if (!m.contains("seq")) m["seq"] = 4096, f_.assume("model.seq", 4096, "no sequence length given");
    return m;
  }

  // The data-parallel degree and batch: any text's figures first, then the rule
  // global = micro × accumulation × dp, then the explorer's GPU count.
  bool split(json& parallel, json& batch, std::int64_t& gpus, std::optional<std::int64_t> fallback_gpus) {
    auto degree = [&](const char* k) { return parallel.contains(k) ? parallel[k].get<std::int64_t>() : 1; };
    const std::int64_t mp = times(times(degree("tp"), degree("pp")), degree("cp"));
    auto& micro = f_.micro;
    auto& global = f_.global;
    auto& acc = f_.accumulation;
    std::int64_t dp = 1;
    if (f_.dp) {
      dp = *f_.dp;
      if (f_.gpus && *f_.gpus != times(dp, mp))
        return fail("gpus_mismatch", std::to_string(*f_.gpus) + " GPUs are not the " + std::to_string(times(dp, mp)) +
                                         " that dp × tp × pp × cp = " + std::to_string(dp) + " × " +
                                         std::to_string(mp) + " need.");
    } else if (f_.gpus) {
      // Expert parallelism over the data-parallel ranks (experts split like the rest of the
      // layer) needs ep of them: one copy of the layout is then tp × pp × cp × ep GPUs.
      const bool carved = degree("ep") > 1 && (!parallel.contains("etp") || degree("etp") == degree("tp"));
      const std::int64_t unit = carved ? times(mp, degree("ep")) : mp;
      if (*f_.gpus < unit) raise_gpus(unit, carved);
      if (*f_.gpus % mp != 0)
        return fail("gpus_not_divisible", std::to_string(*f_.gpus) +
                                              " GPUs are not a multiple of tp × pp × cp = " + std::to_string(mp) + ".");
      dp = *f_.gpus / mp;
    } else if (global && micro && acc) {
      dp = *global / times(*micro, *acc);
    } else if (global && (micro || acc)) {
      // DeepSpeed's rule: two of the three and the data-parallel ranks settle the third. The
      // ranks come from the explorer's GPU count when it fits, else from one micro-batch per step.
      const std::int64_t given = micro ? *micro : *acc;
      const char* third = micro ? "batch.accumulation" : "batch.micro";
      // No text gives the GPU count: the explorer's when it fits, else one node of 8, else the
      // fewest the split needs. Never "one micro-batch per step", which made a 1,024-GPU script
      // 196,608 GPUs (global 1536 ÷ micro 1 × tp·pp 128).
      const std::pair<std::optional<std::int64_t>, std::string> candidates[] = {
          {fallback_gpus, "no pasted text gives the GPU count: the explorer's"},
          {8, "no pasted text gives the GPU count: one node of 8 GPUs"},
          {mp, "no pasted text gives the GPU count: the fewest the split needs (tp × pp × cp)"}};
      bool settled = false;
      for (const auto& [n, why] : candidates)
        if (n && *n % mp == 0 && *global % times(given, *n / mp) == 0) {
          dp = *n / mp, settled = true;
          f_.assume("hardware.gpus", *n, why);
          break;
        }
      if (!settled)
        return fail("batch_inconsistent",
                    "global batch " + std::to_string(*global) + " is not a multiple of " + std::to_string(given) + ".");
      f_.assume(third, *global / times(given, dp),
                "global batch ÷ (" + std::string(micro ? "micro-batch" : "accumulation") + " × data-parallel ranks " +
                    std::to_string(dp) + ")");
      (micro ? acc : micro) = *global / times(given, dp);
    } else {
      const std::int64_t n = fallback_gpus && *fallback_gpus % mp == 0 ? *fallback_gpus : (8 % mp == 0 ? 8 : mp);
      dp = n / mp;
      f_.assume("hardware.gpus", n,
                fallback_gpus && n == *fallback_gpus ? "no pasted text gives the GPU count: the explorer's"
                                                     : "no pasted text gives the GPU count: one node of 8 GPUs");
    }
    if (dp < 1) return fail("batch_inconsistent", "The batch figures give fewer than one data-parallel rank.");
    gpus = times(dp, mp);
    parallel["dp"] = dp;
    if (!micro) micro = 1, f_.assume("batch.micro", 1, "no micro-batch size given");
    if (global) {
      if (acc && *global != times(times(*micro, *acc), dp))
        return fail("batch_inconsistent", "global batch " + std::to_string(*global) + " ≠ micro-batch " +
                                              std::to_string(*micro) + " × accumulation " + std::to_string(*acc) +
                                              " × data-parallel ranks " + std::to_string(dp) + ".");
    } else {
      if (!acc) acc = 1, f_.assume("batch.accumulation", 1, "no global batch or accumulation given");
      global = times(times(*micro, *acc), dp);
    }
    batch = json{{"micro", *micro}, {"global", *global}};
    return true;
  }

 private:
  // A launch smaller than one copy of its own layout cannot run as written: example scripts ship
  // set for one node ("change for multinode config") with a layout meant for many. The run is
  // read as that launch repeated until one copy fits (the fewest GPUs that do), and said so.
  void raise_gpus(std::int64_t mp, bool with_ep) {
    const std::int64_t launched = *f_.gpus, gpus = std::lcm(launched, mp);
    int line = 0;
    for (const auto& r : f_.read)
      if (r.value("field", "") == "hardware.gpus") line = r.value("line", 0);
    const std::string why =
        "the text launches " + std::to_string(launched) + " GPUs, fewer than one copy of its layout needs (" +
        (with_ep ? "tp × pp × cp × ep, its expert groups carved out of the data-parallel ranks" : "tp × pp × cp") +
        " = " + std::to_string(mp) + "); read as " + std::to_string(gpus / launched) + " such launches, " +
        std::to_string(gpus) + " GPUs, the fewest that hold it";
    f_.assume("hardware.gpus", gpus, why);
    problems_.warning("gpus_raised", (line > 0 ? "Line " + std::to_string(line) + ": " : std::string()) + why + ".",
                      path_);
    f_.gpus = gpus;
  }

  bool fail(const char* code, const std::string& message) {
    problems_.error(code, message + " Check the pasted texts describe one run.", path_);
    return false;
  }
  RunFacts& f_;
  Problems& problems_;
  std::string path_;
};

// The texts' facts made into a plan request: the model, the split and batch, the hardware.
// Problems of the request are the pasted run's, at `path`.
std::optional<json> finish_import(RunFacts& facts, Problems& problems, const std::string& path,
                                  const json* model_option, const json* hardware_option) {
  Finisher finish(facts, problems, path);
  finish.apply_defaults();
  auto model = finish.model(model_option);
  json parallel = facts.parallel, batch;
  std::int64_t gpus = 0;
  json hardware = hardware_option ? *hardware_option : json{{"preset", "h100-sxm"}};
  std::optional<std::int64_t> explorer_gpus;
  if (hardware.contains("gpus") && hardware["gpus"].is_number_integer())
    explorer_gpus = hardware["gpus"].get<std::int64_t>();
  if (!model || !finish.split(parallel, batch, gpus, explorer_gpus)) return std::nullopt;
  if (!hardware_option)
    facts.assume("hardware.preset", "h100-sxm",
                 "configs do not name the GPU: the explorer's hardware is kept when importing there");
  if (explorer_gpus && facts.gpus && *explorer_gpus != *facts.gpus)
    problems.warning(Issue{"gpus_replaced",
                           "The pasted text runs on " + std::to_string(*facts.gpus) + " GPUs; the request's " +
                               std::to_string(*explorer_gpus) + " are replaced by them.",
                           "/hardware/gpus", 0});
  hardware["gpus"] = gpus;
  json plan_request{{"model", *model}, {"hardware", hardware}, {"parallel", parallel}, {"batch", batch}};

  // The request must read as a plan request; anything it rejects is the pasted run's problem.
  Problems check;
  const auto read = read_plan_request(plan_request, check);
  for (const auto& e : check.errors()) problems.error(e.code, "The imported run: " + e.message, path);
  if (!problems.ok() || !read) return std::nullopt;
  return plan_request;
}

// The explorer's degrees and run settings, and its batch, for what no text sets. The layout of
// layers over stages belongs to the explorer's model, so it is not carried to another.
void keep_explorer_split(RunFacts& facts, const json* parallel, const json* batch) {
  const std::string why = "a config.json describes the model, not the run: the explorer's is kept";
  if (parallel)
    for (auto it = parallel->begin(); it != parallel->end(); ++it) {
      const std::string& key = it.key();
      if (key == "dp" || key == "first_stage_layers" || key == "last_stage_layers" || key == "embedding_as_layer" ||
          key == "loss_as_layer" || facts.parallel.contains(key))
        continue;
      facts.parallel[key] = it.value();
      facts.assume("parallel." + key, it.value(), why);
    }
  if (batch) {
    const auto take = [&](const char* key, std::optional<std::int64_t>& slot) {
      if (!slot && batch->contains(key) && (*batch)[key].is_number_integer()) {
        slot = (*batch)[key].get<std::int64_t>();
        facts.assume(std::string("batch.") + key, *slot, why);
      }
    };
    take("global", facts.global);
    take("micro", facts.micro);
  }
}

}  // namespace

json cmd_import(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return json();
  const Fields root(request, "", problems);
  root.warn_unknown({"text", "texts", "format", "hardware", "model", "parallel", "batch"});
  std::vector<std::pair<std::string, std::string>> texts;  // (path, text)
  if (root.has("text") == root.has("texts")) {
    problems.error(root.has("text") ? "conflicting_fields" : "missing_field",
                   "Give the pasted text as \"text\", or several as \"texts\" (not both).",
                   root.has("text") ? "/texts" : "/text");
    return json();
  }
  if (root.has("text")) {
    if (auto t = root.string("text", kMaxPastedBytes)) texts.emplace_back("/text", *t);
  } else if (const json* list = root.array("texts", true, 1, 4)) {
    for (std::size_t i = 0; i < list->size(); ++i) {
      const std::string path = "/texts/" + std::to_string(i);
      if (!(*list)[i].is_string())
        problems.error("wrong_type", "Each pasted text must be a string, not " + describe_type((*list)[i]) + ".", path);
      else if ((*list)[i].get_ref<const std::string&>().size() > kMaxPastedBytes)
        problems.error("too_long", "A pasted text is at most " + std::to_string(kMaxPastedBytes / 1024) + " KiB.",
                       path);
      else
        texts.emplace_back(path, (*list)[i].get<std::string>());
    }
  }
  const auto format = root.choice("format", {"auto", "hf", "megatron", "deepspeed", "torchtitan"}, std::string("auto"));
  const json* hardware_option = root.object("hardware", false);
  const json* model_option = root.object("model", false);
  const json* parallel_option = root.object("parallel", false);
  const json* batch_option = root.object("batch", false);
  if (!problems.ok() || !format) return json();

  RunFacts facts;
  json formats = json::array();
  for (const auto& [path, text] : texts) {
    const Pasted pasted(text, path, problems);
    const std::string name = *format != "auto" ? *format : detect_format(text);
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
      pasted.error("empty_text", "The pasted text is empty.", 0);
      continue;
    }
    if (name.empty()) {
      pasted.error("unknown_format",
                   "This is not a Hugging Face config.json, Megatron-LM arguments, a DeepSpeed config or a "
                   "torchtitan TOML (none of their keys or flags were found).",
                   0);
      continue;
    }
    formats.push_back(name);
    importer_for(name)(pasted, facts);
  }
  if (!problems.ok()) return json();

  // A config.json describes a model, not a run: with only such texts the explorer's split and
  // batch are kept (each listed as assumed) when they suit the model; otherwise, and for launch
  // scripts, the texts' own values and their frameworks' defaults.
  bool only_models = true;
  for (const auto& f : formats) only_models = only_models && f == "hf";
  std::optional<json> imported;
  if (only_models && (parallel_option || batch_option)) {
    RunFacts kept = facts;
    keep_explorer_split(kept, parallel_option, batch_option);
    Problems trial;
    imported = finish_import(kept, trial, texts.front().first, model_option, hardware_option);
    // Kept only if the explorer's split plans the new model (its tp may not divide the heads).
    if (imported && trial.ok() && !is_error(run("plan", *imported))) {
      facts = std::move(kept);
      for (const auto& w : trial.warnings()) problems.warning(w);
    } else {
      imported.reset();
    }
  }
  if (!imported) imported = finish_import(facts, problems, texts.front().first, model_option, hardware_option);
  if (!imported || !problems.ok()) return json();
  const json& plan_request = *imported;
  Problems check;
  const auto read = read_plan_request(plan_request, check);
  if (!read) return json();
  if (facts.ignored_more > 0)
    facts.ignored.push_back(json{{"from", "…"},
                                 {"value", facts.ignored_more},
                                 {"why", std::to_string(facts.ignored_more) + " more entries are not listed"}});
  std::string joined;
  for (const auto& f : formats) joined += (joined.empty() ? "" : "+") + f.get<std::string>();
  return json{{"format", joined},        {"formats", formats},
              {"request", plan_request}, {"parameters", parameter_count(read->input.model)},
              {"read", facts.read},      {"assumed", facts.assumed},
              {"ignored", facts.ignored}};
}

}  // namespace atlas
