// torchtitan's kernels, low-precision recipe, optimizer and activation checkpointing, as a TOML
// job or a 2026 Python configuration states them (torchtitan_job.hpp), and what the import
// lists as not read, with the reason.
#include "atlas/training/plan_request.hpp"
#include "torchtitan_job.hpp"

namespace atlas::torchtitan_import {

namespace {

// Why a key of a known table is not read: the settings the engine has no mode for say so.
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

}  // namespace

// [activation_checkpoint] mode: none, full, or selective, per-op ("op": every second matmul
// redone) or every N-th block (a number; torchtitan's default option is "2").
void Job::checkpointing(std::int64_t pp) {
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
}

// torchtitan's selective_ac_option "N": every N-th transformer block of a process fully
// recomputed (a counter over its blocks, torchtitan/distributed/activation_checkpoint.py;
// "0": every block). The engine's block method redoes as many of each stage's layers:
// ⌊stage layers ÷ N⌋, spread over its model chunks, once the model is known.
void Job::every_nth_block(const std::string& option, std::int64_t pp) {
  const int line_at = line("activation_checkpoint", "selective_ac_option")
                          ? line("activation_checkpoint", "selective_ac_option")
                          : line("activation_checkpoint", "mode");
  const std::string from_text = "[activation_checkpoint] selective_ac_option \"" + option + "\"";
  if (option.empty() || option.find_first_not_of("0123456789") != std::string::npos || option.size() > 6) {
    text_.error("unsupported_value",
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
  facts_.set(text_, line_at, "parallel", "recompute_num_layers", std::max<std::int64_t>(1, redone / chunks), from_text);
  if (redone % chunks != 0)
    facts_.assume("parallel.recompute_num_layers", std::max<std::int64_t>(1, redone / chunks),
                  std::to_string(redone) + " blocks of each stage recomputed, spread over " + std::to_string(chunks) +
                      " model chunks: rounded down per chunk");
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
  // The loss, where a 2026 configuration wraps it (torchtitan_python.cpp); absent, the engine's
  // default for FSDP, PyTorch's eager cross-entropy over fp32 logits.
  if (const auto loss = text("training", "loss"); loss && *loss == "chunked")
    set("parallel", "loss", "chunked", "training", "loss");
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

}  // namespace atlas::torchtitan_import
