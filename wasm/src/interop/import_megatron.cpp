// Megatron-LM arguments as pasted from a launch script: the script is read as a shell would
// (shell_script.cpp), its launchers give the GPU count (megatron_launch.cpp), and the flags the
// training program is handed give the model, the split and the batch (megatron_interpret.cpp).
#include <algorithm>

#include "megatron_flags.hpp"
#include "megatron_launch.hpp"

namespace atlas {

namespace {

constexpr MegatronFlag kFlags[] = {
    {"num-layers", FlagKind::whole, "model", "layers"},
    {"hidden-size", FlagKind::whole, "model", "hidden"},
    {"ffn-hidden-size", FlagKind::whole, "", "ffn"},
    {"num-attention-heads", FlagKind::whole, "model", "heads"},
    {"num-query-groups", FlagKind::whole, "", "kv_heads"},
    {"seq-length", FlagKind::whole, "model", "seq"},
    {"max-position-embeddings", FlagKind::whole, "", ""},
    {"vocab-size", FlagKind::whole, "", "vocab"},
    {"num-experts", FlagKind::whole, "", ""},
    {"moe-router-topk", FlagKind::whole, "", "top_k"},
    {"moe-ffn-hidden-size", FlagKind::whole, "", "expert_ffn"},
    {"micro-batch-size", FlagKind::whole, "", ""},
    {"global-batch-size", FlagKind::whole, "", ""},
    {"tensor-model-parallel-size", FlagKind::whole, "parallel", "tp"},
    {"model-parallel-size", FlagKind::whole, "", ""},  // Megatron-LM before 2.0 (2020): tensor parallelism
    {"pipeline-model-parallel-size", FlagKind::whole, "parallel", "pp"},
    {"num-layers-per-virtual-pipeline-stage", FlagKind::whole, "", ""},
    {"num-virtual-stages-per-pipeline-rank", FlagKind::whole, "parallel", "virtual_stages"},
    {"context-parallel-size", FlagKind::whole, "parallel", "cp"},
    {"expert-model-parallel-size", FlagKind::whole, "parallel", "ep"},
    {"recompute-num-layers", FlagKind::whole, "", ""},
    {"recompute-granularity", FlagKind::text, "", ""},
    {"recompute-method", FlagKind::text, "", ""},
    {"recompute-modules", FlagKind::list, "", ""},
    {"moe-layer-recompute", FlagKind::flag, "", ""},
    {"cp-comm-type", FlagKind::text, "", ""},
    {"position-embedding-type", FlagKind::text, "", ""},
    {"normalization", FlagKind::text, "", ""},
    {"attention-dropout", FlagKind::fraction, "", ""},
    {"hidden-dropout", FlagKind::fraction, "", ""},
    {"sequence-parallel", FlagKind::flag, "parallel", "sequence_parallel"},
    {"use-distributed-optimizer", FlagKind::flag, "", ""},
    // Megatron-FSDP: its sharding strategy is the ZeRO stage; its gradient dtypes the reduction's.
    {"use-megatron-fsdp", FlagKind::flag, "", ""},
    {"data-parallel-sharding-strategy", FlagKind::text, "", ""},
    {"megatron-fsdp-main-grads-dtype", FlagKind::text, "", ""},
    {"megatron-fsdp-grad-comm-dtype", FlagKind::text, "", ""},
    {"bf16", FlagKind::flag, "", ""},
    {"fp16", FlagKind::flag, "", ""},
    {"swiglu", FlagKind::flag, "", ""},
    {"quick-geglu", FlagKind::flag, "", ""},
    {"squared-relu", FlagKind::flag, "", ""},
    {"untie-embeddings-and-output-weights", FlagKind::flag, "", ""},
    {"use-flash-attn", FlagKind::flag, "parallel", "flash_attention"},
    {"disable-bias-linear", FlagKind::flag, "", ""},
    {"add-qkv-bias", FlagKind::flag, "", ""},
    {"group-query-attention", FlagKind::flag, "", ""},
    {"recompute-activations", FlagKind::flag, "", ""},
    {"overlap-grad-reduce", FlagKind::flag, "", ""},
    {"grad-reduce-in-bf16", FlagKind::flag, "", ""},
    {"overlap-param-gather", FlagKind::flag, "", ""},
    {"tp-comm-overlap", FlagKind::flag, "parallel", "tp_overlap"},
    {"use-tp-pp-dp-mapping", FlagKind::flag, "", ""},
    {"use-rotary-position-embeddings", FlagKind::flag, "", ""},
    {"kv-channels", FlagKind::whole, "model", "head_dim"},
    {"qk-layernorm", FlagKind::flag, "model", "qk_norm"},
    {"fp8-format", FlagKind::text, "", ""},
    {"fp8-recipe", FlagKind::text, "", ""},
    {"fp4-format", FlagKind::text, "", ""},
    {"fp8-param-gather", FlagKind::flag, "", ""},
    {"account-for-embedding-in-pipeline-split", FlagKind::flag, "", ""},
    {"account-for-loss-in-pipeline-split", FlagKind::flag, "", ""},
    {"decoder-first-pipeline-num-layers", FlagKind::whole, "", ""},
    {"decoder-last-pipeline-num-layers", FlagKind::whole, "", ""},
    // Megatron-LM before 2021 and Megatron-DeepSpeed.
    {"checkpoint-activations", FlagKind::flag, "", ""},
    {"batch-size", FlagKind::whole, "", ""},
    {"num-microbatches-in-minibatch", FlagKind::whole, "", ""},
    {"zero-stage", FlagKind::text, "", ""},
    {"num-key-value-heads", FlagKind::whole, "", ""},
    {"moe-expert-parallel-size", FlagKind::whole, "", ""},
    {"topk", FlagKind::whole, "", ""},
    {"pad-vocab-size-to", FlagKind::whole, "", ""},
    {"padded-vocab-size", FlagKind::whole, "", ""},
    {"enable-gpt-oss", FlagKind::flag, "", ""},
    {"deepspeed", FlagKind::flag, "", ""},
    {"tokenizer-type", FlagKind::text, "", ""},
    {"tokenizer-model", FlagKind::text, "", ""},
    {"tokenizer-name-or-path", FlagKind::text, "", ""},
    // Latent attention, shared experts, the layer pattern and multi-token prediction
    // (Megatron-Core's MLA and MoE arguments), read in megatron_modern.cpp.
    {"multi-latent-attention", FlagKind::flag, "", ""},
    {"q-lora-rank", FlagKind::whole, "", ""},
    {"kv-lora-rank", FlagKind::whole, "", ""},
    {"qk-head-dim", FlagKind::whole, "", ""},
    {"qk-pos-emb-head-dim", FlagKind::whole, "", ""},
    {"v-head-dim", FlagKind::whole, "", ""},
    {"moe-shared-expert-intermediate-size", FlagKind::whole, "", ""},
    {"moe-layer-freq", FlagKind::text, "", ""},
    {"mtp-num-layers", FlagKind::whole, "", ""},
    {"moe-router-enable-expert-bias", FlagKind::flag, "model", "router_bias"},
    {"expert-tensor-parallel-size", FlagKind::whole, "", ""},
    // GPT-OSS's attention: learned sink logits, a sliding window and its pattern of full layers.
    {"softmax-type", FlagKind::text, "", ""},
    {"window-size", FlagKind::text, "", ""},
    {"window-attn-skip-freq", FlagKind::text, "", ""},
};

// Shapes the engine does not model: refused by name rather than costed as another model.
constexpr RefusedFlag kRefused[] = {
    {"expert-interval", "1", "the engine puts experts in every layer, not in every k-th"},
    {"mlp-type", "standard", "residual MoE (a dense MLP beside the experts) is not modelled"},
    {"hybrid-override-pattern", nullptr, "hybrid Mamba / attention layer patterns are not modelled"},
    {"heterogeneous-layers-config-path", nullptr, "layers of different shapes are not modelled"},
    {"num-experts-per-layer", nullptr, "a different expert count per layer is not modelled"},
    // Memory moved off the GPU: a plan would count it on the GPU and say it does not fit.
    {"optimizer-cpu-offload", nullptr,
     "the optimizer's state offloaded to CPU memory is not modelled (the plan would keep it on the GPU)"},
    {"cpu-offloading", nullptr,
     "activations and weights offloaded to CPU memory are not modelled (the plan would keep them on the GPU)"},
};

std::string quote_cut(const std::string& s, std::size_t n) { return s.size() <= n ? s : s.substr(0, n) + "…"; }

}  // namespace

const MegatronFlag* find_megatron_flag(const std::string& name) {
  for (const auto& f : kFlags)
    if (name == f.name) return &f;
  return nullptr;
}

const RefusedFlag* find_refused_flag(const std::string& name) {
  for (const auto& f : kRefused)
    if (name == f.name) return &f;
  return nullptr;
}

void MegatronArgs::collect(const std::vector<const ShellWord*>& words) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const ShellWord& w = *words[i];
    if (w.text.rfind("--", 0) != 0 || w.text.size() < 3) continue;
    std::string name = w.text.substr(2), value;
    bool has_value = false;
    if (const auto eq = name.find('='); eq != std::string::npos)
      value = name.substr(eq + 1), name.resize(eq), has_value = true;
    if (const auto blank = name.find_first_of(" \t\n"); blank != std::string::npos && !has_value) {
      // "${ARGS[@]}" with an element "--vocab-size 128256": one argument, which argparse would
      // refuse; read as the flag and value its author meant.
      const auto start = name.find_first_not_of(" \t\n", blank);
      value = start == std::string::npos ? "" : name.substr(start), name.resize(blank), has_value = true;
      text_.warning("quoted_flag",
                    "\"" + quote_cut(w.text, 40) + "\" is one argument as quoted; it is read as --" + name + " " +
                        quote_cut(value, 20) + " (Megatron's argument parser would refuse it whole).",
                    w.line);
    }
    // argparse matches the spelling given; forks accept --ffn_hidden_size beside --ffn-hidden-size.
    std::replace(name.begin(), name.end(), '_', '-');
    const MegatronFlag* flag = find_megatron_flag(name);
    const bool boolean = flag && flag->kind == FlagKind::flag;
    const ShellWord* source = &w;
    if (flag && flag->kind == FlagKind::list) {
      // Every word up to the next flag belongs to it, space-separated in `value`.
      while (i + 1 < words.size() && words[i + 1]->text.rfind("--", 0) != 0) {
        source = words[++i];
        value += (has_value && !value.empty() ? " " : "") + source->text, has_value = true;
      }
      take(name, value, has_value, w, *source);
      continue;
    }
    if (!has_value && !boolean && i + 1 < words.size() && words[i + 1]->text.rfind("--", 0) != 0) {
      source = words[++i], value = source->text, has_value = true;
      // Megatron-DeepSpeed's --num-experts takes a list (nargs='+'), one count per group of layers.
      if (name == "num-experts" && i + 1 < words.size() && !words[i + 1]->text.empty() &&
          words[i + 1]->text.find_first_not_of("0123456789") == std::string::npos)
        text_.error("unsupported_architecture",
                    "--num-experts " + value + " " + words[i + 1]->text + ": " +
                        find_refused_flag("num-experts-per-layer")->why + ".",
                    words[i + 1]->line);
    }
    take(name, value, has_value, w, *source);
  }
}

void MegatronArgs::take(const std::string& name, const std::string& value, bool has_value, const ShellWord& w,
                        const ShellWord& source) {
  const MegatronFlag* flag = find_megatron_flag(name);
  if (!source.undefined.empty()) {
    const std::string what =
        "--" + name + " is " + quote_cut(source.raw, 60) + ", and " + why_unknown(source.undefined[0]);
    // A tokenizer's path only names the vocabulary, which --vocab-size, the tokenizer type or the
    // stated default can give: a script run with the path as an argument is still read.
    const bool names_vocabulary = name == "tokenizer-model" || name == "tokenizer-name-or-path";
    if (flag && !names_vocabulary)
      text_.error("undefined_variable", what + ". Paste the line that sets it, or write the number.", w.line);
    else if (names_vocabulary)
      text_.warning("undefined_variable",
                    what +
                        "; the vocabulary comes from --vocab-size or --tokenizer-type where given, else the "
                        "default the response lists under assumed.",
                    w.line);
    else
      text_.warning("undefined_variable", what + "; the engine does not need it.", w.line);
    if (!flag || names_vocabulary)
      facts_.ignore("--" + name, source.raw, "not part of the engine's cost model", w.line);
    return;
  }
  if (const RefusedFlag* r = find_refused_flag(name)) {
    if (!r->allowed || value != r->allowed)
      text_.error("unsupported_architecture",
                  "--" + name + (has_value ? " " + quote_cut(value, 30) : std::string()) + ": " + r->why + ".",
                  source.line);
    else
      given_[name] = Given{json(value), w.line};  // the engine's own layout, said explicitly
    return;
  }
  if (!flag) {
    facts_.ignore("--" + name, has_value ? json(value) : json(true), megatron_unread_why(name, value), w.line);
    return;
  }
  const int line = has_value || flag->kind != FlagKind::flag ? source.line : w.line;
  auto read = parse(*flag, name, value, line);
  if (!read) return;
  if (given_.count(name) && given_[name].value != *read)
    facts_.ignore("--" + name, given_[name].value,
                  "given again on line " + std::to_string(w.line) + "; the last value counts, as in Megatron",
                  given_[name].line);
  given_[name] = Given{*read, w.line};
  if (name == "deepspeed" || name == "zero-stage" || name == "moe-expert-parallel-size" || name == "topk" ||
      name == "num-key-value-heads")
    deepspeed = true;
}

std::optional<json> MegatronArgs::parse(const MegatronFlag& f, const std::string& name, const std::string& value,
                                        int line) const {
  if (f.kind == FlagKind::flag) return json(true);
  if (value.empty()) {
    text_.error("missing_value", "--" + name + " needs a value after it.", line);
    return std::nullopt;
  }
  if (f.kind == FlagKind::text) return json(value);
  if (f.kind == FlagKind::list) {
    json items = json::array();
    for (std::size_t at = 0; (at = value.find_first_not_of(" \t\n", at)) != std::string::npos;) {
      const std::size_t end = value.find_first_of(" \t\n", at);
      items.push_back(value.substr(at, end == std::string::npos ? std::string::npos : end - at));
      at = end == std::string::npos ? value.size() : end;
    }
    return items;
  }
  char* end = nullptr;
  const double v = std::strtod(value.c_str(), &end);
  const bool whole = f.kind == FlagKind::whole;
  if (end != value.c_str() + value.size() || !(v >= (whole ? 1 : 0)) || v > 1e12 ||
      (whole && v != static_cast<double>(static_cast<std::int64_t>(v)))) {
    text_.error(whole ? "not_integer" : "not_number",
                "--" + name + " is \"" + quote_cut(value, 40) + "\"; it must be " +
                    (whole ? "a whole number of 1 or more." : "a number from 0 to 1."),
                line);
    return std::nullopt;
  }
  return whole ? json(static_cast<std::int64_t>(v)) : json(v);
}

void MegatronArgs::set(const char* section, const char* key, const json& value, const char* flag) {
  if (const Given* g = get(flag))
    facts_.set(text_, g->line, section, key, value, "--" + std::string(flag));
  else
    facts_.fallback(section, key, value, "Megatron's default (no --" + std::string(flag) + ")");
}

void MegatronArgs::apply_direct(bool shape) {
  for (const auto& f : kFlags) {
    const Given* g = get(f.name);
    if (!*f.section || !g) continue;
    if (std::string(f.section) == "model" && !shape && std::string(f.key) != "seq") continue;
    set(f.section, f.key, g->value, f.name);
  }
}

void import_megatron(const Pasted& text, RunFacts& facts) {
  const ShellScript script = read_shell_script(text.text());
  if (script.too_long) {
    text.error("too_long",
               "The script nests deeper or expands to more text than the reader follows; paste the launch lines.", 0);
    return;
  }
  for (const auto& note : script.notes) text.warning(note.code, note.message, note.line);
  for (const auto& [file, line] : script.sourced)
    facts.ignore("source " + file, file,
                 "a sourced file is not in the pasted text; paste it beside the script if it sets the model", line);
  MegatronArgs args(text, facts);
  const auto programs = read_launch(script, text, facts);
  for (const auto& p : programs) {
    args.collect(p.arguments);
    if (p.deepspeed) args.deepspeed = true;
  }
  for (const auto& c : script.unused) {
    std::vector<const ShellWord*> words;
    for (const auto& w : c.words) words.push_back(&w);
    args.collect(words);
  }
  args.interpret();
}

}  // namespace atlas
