// A torchtitan job TOML: [model] name and flavor, [training] batch and sequence, [parallelism]
// degrees and pipeline schedule, [activation_checkpoint], [compile] (or 2024's [training]
// compile) for fused or eager kernels. torchtitan trains with FSDP2, so a
// sharded data-parallel degree is ZeRO-3 in the engine's terms; its tensor parallelism always
// shards the norms' activations along the sequence (sequence parallelism).
#include <set>

#include "atlas/interop/import.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

// torchtitan's llama3 flavors and the engine presets with the same shapes.
const char* ignored_key_why(const std::string& key) {
  if (key == "converters_nvfp4")
    return "torchao's NVFP4 linears are not read from a configuration; set the precision in the explorer";
  if (key == "memory_budget")
    return "torch.compile's memory-budget checkpointing has no engine mode; the run is costed without recomputation";
  return "not part of the engine's cost model";
}

const char* ignored_table_why(const std::string& table) {
  if (table == "optimizer" || table == "lr_scheduler")
    return "the engine assumes Adam; the learning rate does not change the cost";
  if (table == "float8" || table == "mx") return "this setting of the low-precision recipe is not modelled";
  return "not part of the engine's cost model";
}

class Job {
 public:
  Job(const Pasted& text, const Toml& toml, RunFacts& facts) : text_(text), toml_(toml), facts_(facts) {}

  const json* get(const std::string& table, const std::string& key) {
    used_.insert(table + "." + key);
    const json& t = toml_.values.contains(table) ? toml_.values[table] : empty_;
    return t.is_object() && t.contains(key) ? &t[key] : nullptr;
  }
  int line(const std::string& table, const std::string& key) const {
    const std::string k = table + "." + key;
    return toml_.lines.contains(k) ? toml_.lines[k].get<int>() : 0;
  }
  std::string from(const std::string& table, const std::string& key) const {
    const std::string k = table + "." + key;
    return toml_.names.contains(k) ? toml_.names[k].get<std::string>() : "[" + table + "] " + key;
  }
  // An integer; -1 is torchtitan's "derive it" where `derive` allows it.
  std::optional<std::int64_t> whole(const std::string& table, const std::string& key, bool derive = false) {
    const json* v = get(table, key);
    if (!v) return std::nullopt;
    if (!v->is_number_integer() || (v->get<std::int64_t>() < 1 && !(derive && v->get<std::int64_t>() == -1)) ||
        v->get<std::int64_t>() > 1000000000) {
      text_.error("not_integer",
                  from(table, key) + " must be a whole number of 1 or more" + (derive ? " (or -1)" : "") + ", not " +
                      v->dump() + ".",
                  line(table, key));
      return std::nullopt;
    }
    return v->get<std::int64_t>();
  }
  std::optional<std::string> text(const std::string& table, const std::string& key) {
    const json* v = get(table, key);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
      text_.error("not_string", from(table, key) + " must be a quoted string, not " + v->dump() + ".",
                  line(table, key));
      return std::nullopt;
    }
    return v->get<std::string>();
  }
  void set(const char* section, const char* key, const json& value, const std::string& table, const std::string& name) {
    facts_.set(text_, line(table, name), section, key, value, from(table, name));
  }

  // torchtitan's selective_ac_option "N": every N-th transformer block of a process fully
  // recomputed (a counter over its blocks, torchtitan/distributed/activation_checkpoint.py;
  // "0": every block). The engine's block method redoes as many of each stage's layers:
  // ⌊stage layers ÷ N⌋, spread over its model chunks, once the model is known.
  void every_nth_block(const std::string& option, std::int64_t pp) {
    const int line_at = line("activation_checkpoint", "selective_ac_option")
                            ? line("activation_checkpoint", "selective_ac_option")
                            : line("activation_checkpoint", "mode");
    const std::string from_text = "[activation_checkpoint] selective_ac_option \"" + option + "\"";
    if (option.empty() || option.find_first_not_of("0123456789") != std::string::npos || option.size() > 6) {
      text_.error(
          "unsupported_value",
          "[activation_checkpoint] selective_ac_option must be \"op\" or a whole number, not \"" + option + "\".",
          line_at);
      return;
    }
    const std::int64_t n = std::stoll(option);
    if (n <= 1) {  // every block
      facts_.set(text_, line_at, "parallel", "recompute", "full", from_text);
      return;
    }
    Problems ignored;
    const auto shape =
        facts_.model_preset ? read_model(json{{"model", {{"preset", *facts_.model_preset}}}}, ignored) : std::nullopt;
    const std::int64_t chunks =
        facts_.parallel.contains("virtual_stages") ? facts_.parallel["virtual_stages"].get<std::int64_t>() : 1;
    if (!shape) {
      facts_.set(text_, line_at, "parallel", "recompute", "full", from_text);
      facts_.assume("parallel.recompute", "full",
                    "torchtitan fully recomputes one transformer block in every " + option +
                        "; without the model's layer count every block is taken as recomputed: the step time is "
                        "an upper bound, the activation memory a lower bound");
      return;
    }
    const std::int64_t redone = shape->layers / std::max<std::int64_t>(1, pp) / n;
    if (redone == 0) {
      facts_.set(text_, line_at, "parallel", "recompute", "none",
                 from_text + " (fewer blocks a stage than " + option + ")");
      return;
    }
    facts_.set(text_, line_at, "parallel", "recompute", "full", from_text);
    facts_.set(text_, line_at, "parallel", "recompute_method", "block", from_text);
    facts_.set(text_, line_at, "parallel", "recompute_num_layers", std::max<std::int64_t>(1, redone / chunks),
               from_text);
    if (redone % chunks != 0)
      facts_.assume("parallel.recompute_num_layers", std::max<std::int64_t>(1, redone / chunks),
                    std::to_string(redone) + " blocks of each stage recomputed, spread over " + std::to_string(chunks) +
                        " model chunks: rounded down per chunk");
  }

  // The table that holds `key`: [parallelism], else 2024's [training] or [experimental].
  std::string where(const std::string& key) const {
    for (const char* t : {"parallelism", "training", "experimental"})
      if (has(t, key)) return t;
    return "parallelism";
  }
  bool has(const std::string& table, const std::string& key) const {
    return toml_.values.contains(table) && toml_.values[table].is_object() && toml_.values[table].contains(key);
  }
  // A degree read where the file has it; absent, torchtitan's default of 1, as assumed.
  void degree(const char* key, std::int64_t value, const std::string& name) {
    if (has(where(name), name))
      set("parallel", key, value, where(name), name);
    else
      facts_.fallback("parallel", key, value, "torchtitan's default (no " + name + ")");
  }

  // The shape `export` wrote under [model] for a custom flavor, set into the model; false if absent.
  bool exported_shape() {
    const std::string_view t = text_.text();
    const auto at = t.find(std::string("\n") + kModelComment);
    if (at == std::string_view::npos) return false;
    const std::size_t start = at + 1 + std::string_view(kModelComment).size();
    const std::string_view row = t.substr(
        start, t.find('\n', start) == std::string_view::npos ? std::string_view::npos : t.find('\n', start) - start);
    const int where = text_.line_of_offset(at + 1);
    const json shape = json::parse(row, nullptr, false);
    if (!shape.is_object()) {
      text_.error("invalid_json",
                  "The exported model shape after \"" + std::string(kModelComment) +
                      "\" is not a JSON object; export the run again.",
                  where);
      return true;
    }
    for (auto it = shape.begin(); it != shape.end(); ++it)
      facts_.set(text_, where, "model", it.key(), it.value(), "the exported model shape (comment under [model])");
    return true;
  }

  void read();
  void kernels();
  void optimizer();
  void precision();
  void report_unused();

 private:
  const Pasted& text_;
  const Toml& toml_;
  RunFacts& facts_;
  std::set<std::string> used_;
  const json empty_ = json::object();
};

void Job::read() {
  facts_.set(text_, 0, "parallel", "framework", "fsdp", "torchtitan (FSDP2)");
  const auto name = text("model", "name");
  const auto flavor = text("model", "flavor");
  if (name || flavor) {
    const char* preset = nullptr;
    if (name.value_or("llama3") == "llama3")
      for (const auto& [f, id] : kTorchtitanFlavors)
        if (flavor && *flavor == f) preset = id;
    if (!preset && exported_shape()) {
      // A model no flavor names, exported with its shape in the comment under [model].
    } else if (preset) {
      facts_.model_preset = preset;
      facts_.read.push_back(json{{"field", "model.preset"},
                                 {"value", preset},
                                 {"from", "[model] name and flavor"},
                                 {"line", line("model", "flavor")}});
    } else {
      facts_.unknown_model = Issue{"unknown_model",
                                   "Line " + std::to_string(line("model", flavor ? "flavor" : "name")) +
                                       ": the engine does not know the torchtitan model " + name.value_or("llama3") +
                                       " \"" + flavor.value_or("") +
                                       "\" (it knows llama3 8B, 70B and 405B); paste the model's "
                                       "config.json too.",
                                   text_.path(), line("model", flavor ? "flavor" : "name")};
    }
  }
  if (const auto seq = whole("training", "seq_len")) set("model", "seq", *seq, "training", "seq_len");
  optimizer();
  kernels();
  // 2024's layout kept the degrees in [training] (pipelining in [experimental], and at first one
  // data_parallel_degree); 2025's moved them to [parallelism]. Each is read where the file has it.
  const std::string shard_key = has(where("data_parallel_shard_degree"), "data_parallel_shard_degree") ||
                                        !has(where("data_parallel_degree"), "data_parallel_degree")
                                    ? "data_parallel_shard_degree"
                                    : "data_parallel_degree";
  const auto tp = whole(where("tensor_parallel_degree"), "tensor_parallel_degree").value_or(1);
  const auto pp = whole(where("pipeline_parallel_degree"), "pipeline_parallel_degree").value_or(1);
  const auto cp = whole(where("context_parallel_degree"), "context_parallel_degree").value_or(1);
  const auto ep = whole(where("expert_parallel_degree"), "expert_parallel_degree").value_or(1);
  const auto replicate = whole(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree").value_or(1);
  const auto shard = whole(where(shard_key), shard_key, true).value_or(-1);
  degree("tp", tp, "tensor_parallel_degree");
  degree("pp", pp, "pipeline_parallel_degree");
  degree("cp", cp, "context_parallel_degree");
  if (ep > 1) degree("ep", ep, "expert_parallel_degree");
  // torchtitan's expert_tensor_parallel_degree, read only where the file states it and it
  // differs from tp (equal, it is the engine's default split of each expert).
  if (has(where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree")) {
    const auto etp = whole(where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree").value_or(tp);
    if (etp != tp) set("parallel", "etp", etp, where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree");
  }
  if (has(where("tensor_parallel_degree"), "tensor_parallel_degree"))
    facts_.set(text_, line(where("tensor_parallel_degree"), "tensor_parallel_degree"), "parallel", "sequence_parallel",
               tp > 1, "torchtitan's tensor parallelism (always sequence-parallel)");
  const std::string shard_from = from(where(shard_key), shard_key);
  if (has(where(shard_key), shard_key))
    facts_.set(text_, line(where(shard_key), shard_key), "parallel", "zero", shard == 1 ? 0 : 3,
               shard == 1 ? shard_from + " = 1 (replicated, DDP)"
                          : shard_from + " (FSDP2 shards parameters, gradients and optimizer state)");
  else
    facts_.fallback("parallel", "zero", 3,
                    "no data_parallel_shard_degree: torchtitan's default -1 shards over the rest of the GPUs (FSDP2)");
  // FSDP reduces in mixed_precision_reduce, whose only value is "float32".
  if (shard != 1) {
    const auto reduce = text("training", "mixed_precision_reduce");
    if (reduce && *reduce != "float32" && *reduce != "bfloat16")
      text_.error("unsupported_value",
                  "[training] mixed_precision_reduce must be float32 (or bfloat16), not \"" + *reduce + "\".",
                  line("training", "mixed_precision_reduce"));
    else if (reduce)
      set("parallel", "reduce_dtype", *reduce == "float32" ? "fp32" : "bf16", "training", "mixed_precision_reduce");
    else
      facts_.fallback("parallel", "reduce_dtype", "fp32", "torchtitan's FSDP reduces gradients in float32");
  }
  if (shard > 0)
    facts_.count(text_, line(where(shard_key), shard_key), facts_.dp, "parallel.dp", times(replicate, shard),
                 replicate > 1 ? "data_parallel_replicate_degree × " + shard_from : shard_from);
  // HSDP: FSDP2 shards within groups of data_parallel_shard_degree and replicates across them.
  if (replicate > 1 && shard > 1)
    set("parallel", "dp_shard", shard, where(shard_key), shard_key);
  else if (replicate > 1 && shard < 0)
    facts_.ignore(from(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree"), replicate,
                  "with data_parallel_shard_degree derived (-1) the shard group's size is not in the text; the "
                  "engine shards over every data-parallel rank",
                  line(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree"));
  precision();
  if (const json* async = get(where("enable_async_tensor_parallel"), "enable_async_tensor_parallel");
      async && async->is_boolean())
    set("parallel", "tp_overlap", *async, where("enable_async_tensor_parallel"), "enable_async_tensor_parallel");
  if (const auto schedule = text(where("pipeline_parallel_schedule"), "pipeline_parallel_schedule")) {
    const std::string s = *schedule;
    if (s == "1F1B")
      set("parallel", "schedule", "1f1b", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
    else if (s == "GPipe")
      set("parallel", "schedule", "gpipe", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
    else if (s == "Interleaved1F1B") {
      set("parallel", "schedule", "interleaved", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
      facts_.fallback("parallel", "virtual_stages", 2,
                      "Interleaved1F1B without a stage count: two model chunks per GPU");
    } else {
      facts_.fallback("parallel", "schedule", "1f1b", "the engine has no " + s + " schedule; costed as 1F1B");
    }
  }
  // Model chunks per GPU follow from the layers each stage holds, once the model is known.
  if (const auto per_stage = whole(where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage")) {
    Problems ignored;
    const auto shape =
        facts_.model_preset ? read_model(json{{"model", {{"preset", *facts_.model_preset}}}}, ignored) : std::nullopt;
    if (shape && shape->layers % times(*per_stage, pp) == 0)
      set("parallel", "virtual_stages", shape->layers / times(*per_stage, pp),
          where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage");
    else
      text_.error("virtual_layers",
                  "[parallelism] pipeline_parallel_layers_per_stage " + std::to_string(*per_stage) +
                      " must divide the model's layers per pipeline stage (and the model must be a known flavor).",
                  line(where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage"));
  }
  if (const auto mode = text("activation_checkpoint", "mode")) {
    if (*mode != "none" && *mode != "selective" && *mode != "full")
      text_.error("unsupported_value",
                  "[activation_checkpoint] mode must be none, selective or full, not \"" + *mode + "\".",
                  line("activation_checkpoint", "mode"));
    else if (*mode != "selective")
      set("parallel", "recompute", *mode, "activation_checkpoint", "mode");
    else {
      // torchtitan's "selective" is op-level ("op": every second matmul redone) or every Nth
      // block fully recomputed (an integer, "2" by default), which the engine has no mode for.
      const auto option = text("activation_checkpoint", "selective_ac_option");
      if (option && *option == "op") {
        set("parallel", "recompute", "selective-op", "activation_checkpoint", "selective_ac_option");
      } else {
        every_nth_block(option.value_or("2"), pp);
      }
    }
  }

  const std::string local_key = get("training", "local_batch_size") ? "local_batch_size" : "batch_size";
  const auto local = whole("training", local_key);
  const auto global = whole("training", "global_batch_size", true);
  const auto pp_micro = whole(where("pipeline_parallel_microbatch_size"), "pipeline_parallel_microbatch_size");
  const std::int64_t per_rank = local.value_or(8);
  if (!local) facts_.assume("training.local_batch_size", 8, "torchtitan's default");
  const std::int64_t micro = pp > 1 ? pp_micro.value_or(1) : per_rank;
  if (pp > 1 && per_rank % micro != 0) {
    text_.error("batch_not_divisible",
                "[training] " + local_key + " " + std::to_string(per_rank) +
                    " is not a whole number of pipeline micro-batches of " + std::to_string(micro) + ".",
                line("training", local_key));
    return;
  }
  facts_.count(text_, line("training", local_key), facts_.micro, "batch.micro", micro,
               pp > 1 ? "[parallelism] pipeline_parallel_microbatch_size" : "[training] " + local_key);
  if (global && *global > 0)
    facts_.count(text_, line("training", "global_batch_size"), facts_.global, "batch.global", *global,
                 "[training] global_batch_size");
  else
    facts_.accumulation = per_rank / micro;  // one optimizer step per local batch
}

// torch.compile fuses the elementwise kernels; without it (torchtitan's default) PyTorch runs
// them one operator at a time, but for the norm in 2024's Triton `fused_rmsnorm`.
// torchao's float8 linears: 2024's [float8] enable_float8_linear, or the model converter "float8"
// (tensorwise dynamic scaling unless [float8] recipe_name says otherwise); "mx" converts to MXFP8.
void Job::precision() {
  bool float8 = false, mx = false;
  int at = 0;
  if (const json* on = get("float8", "enable_float8_linear"); on && on->is_boolean() && on->get<bool>())
    float8 = true, at = line("float8", "enable_float8_linear");
  if (const json* on = get("training", "enable_fp8_linear"); on && on->is_boolean() && on->get<bool>())
    float8 = true, at = line("training", "enable_fp8_linear");  // torchtitan's first spelling (2024)
  if (const json* converters = get("model", "converters"); converters && converters->is_array())
    for (const auto& c : *converters) {
      if (c == "float8") float8 = true, at = line("model", "converters");
      if (c == "mx") mx = true, at = line("model", "converters");
    }
  if (mx) {
    facts_.set(text_, at, "parallel", "precision", "mxfp8", "[model] converters = [\"mx\"] (torchao MXFP8)");
  } else if (float8) {
    const auto recipe = text("float8", "recipe_name");
    if (!recipe || *recipe == "tensorwise")
      facts_.set(text_, at, "parallel", "precision", "fp8-current",
                 "torchao float8 with tensorwise dynamic scaling (its default recipe)");
    else
      facts_.ignore("[float8] recipe_name", *recipe,
                    "row-wise scaling is not one of the engine's recipes; the run is costed in bf16",
                    line("float8", "recipe_name"));
  }
}

// torchtitan's AdamW: [optimizer] implementation where the text says it (foreach, or fused and its
// bf16-state variant); a 2026 configuration that does not runs torchtitan's default, fused since
// pytorch/torchtitan#881 (2025-02-24). A 2024–25 TOML that does not keeps the engine's choice.
void Job::optimizer() {
  if (const auto impl = text("optimizer", "implementation")) {
    if (*impl == "foreach" || *impl == "fused" || *impl == "fused_opt_states_bf16")
      set("parallel", "optimizer_kernel", *impl == "foreach" ? "foreach" : "fused", "optimizer", "implementation");
    else
      facts_.ignore(from("optimizer", "implementation"), *impl,
                    "a per-tensor loop is neither of the engine's optimizer kernels",
                    line("optimizer", "implementation"));
  } else if (toml_.python) {
    facts_.fallback("parallel", "optimizer_kernel", "fused",
                    "torchtitan's default AdamW implementation, fused since pytorch/torchtitan#881");
  }
}

void Job::kernels() {
  const bool table = toml_.values.contains("compile");
  const json* on = table ? get("compile", "enable") : get("training", "compile");
  if (on && !on->is_boolean()) {
    text_.error("not_boolean",
                (table ? from("compile", "enable") : from("training", "compile")) + " must be true or false, not " +
                    on->dump() + ".",
                table ? line("compile", "enable") : line("training", "compile"));
    return;
  }
  const auto norm = text("model", "norm_type");
  const bool fused_norm = norm && *norm == "fused_rmsnorm";
  if (on && on->get<bool>()) {
    set("parallel", "kernels", "fused", table ? "compile" : "training", table ? "enable" : "compile");
  } else if (on) {
    facts_.set(text_, table ? line("compile", "enable") : line("training", "compile"), "parallel", "kernels",
               fused_norm ? "eager-fused-norm" : "eager",
               (table ? from("compile", "enable") : from("training", "compile")) + " = false" +
                   (fused_norm ? " and [model] norm_type = \"fused_rmsnorm\"" : ""));
  } else {
    facts_.fallback("parallel", "kernels", fused_norm ? "eager-fused-norm" : "eager",
                    "torchtitan compiles only when [compile] enable = true: eager PyTorch kernels");
  }
}

void Job::report_unused() {
  for (auto t = toml_.values.begin(); t != toml_.values.end(); ++t) {
    if (!t->is_object()) {
      facts_.ignore(t.key(), *t, "a key outside any table", 0);
      continue;
    }
    const bool known = t.key() == "model" || t.key() == "training" || t.key() == "parallelism" ||
                       t.key() == "activation_checkpoint" || t.key() == "compile" || t.key() == "experimental" ||
                       t.key() == "optimizer";
    if (!known) {
      facts_.ignore("[" + t.key() + "]", "…", ignored_table_why(t.key()), 0);
      continue;
    }
    for (auto k = t->begin(); k != t->end(); ++k)
      if (!used_.count(t.key() + "." + k.key()))
        facts_.ignore(from(t.key(), k.key()), k->is_structured() ? json("…") : *k,
                      t.key() == "optimizer" ? ignored_table_why("optimizer") : ignored_key_why(k.key()),
                      line(t.key(), k.key()));
  }
}

}  // namespace

void import_torchtitan(const Pasted& text, RunFacts& facts) {
  const auto toml =
      torchtitan_python(text.text()) ? std::optional<Toml>(torchtitan_python_tables(text)) : parse_toml(text);
  if (!toml) return;
  Job job(text, *toml, facts);
  job.read();
  job.report_unused();
}

}  // namespace atlas
