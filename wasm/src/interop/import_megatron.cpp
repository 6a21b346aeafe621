// Megatron-LM arguments as pasted from a launch script: the model shape, the split, the batch
// and the GPU count (torchrun's --nproc_per_node × --nnodes). Defaults are Megatron's own
// (arguments.py) and are listed as assumed when a flag is absent.
#include <map>

#include "atlas/interop/import.hpp"
#include "atlas/interop/shell_words.hpp"

namespace atlas {

namespace {

enum class Kind { whole, text, fraction, flag };

struct Flag {
  const char* name;
  Kind kind;
  const char* section;  // "model", "parallel", or "" (handled by hand)
  const char* key;
};

constexpr Flag kFlags[] = {
    {"num-layers", Kind::whole, "model", "layers"},
    {"hidden-size", Kind::whole, "model", "hidden"},
    {"ffn-hidden-size", Kind::whole, "", "ffn"},
    {"num-attention-heads", Kind::whole, "model", "heads"},
    {"num-query-groups", Kind::whole, "", "kv_heads"},
    {"seq-length", Kind::whole, "model", "seq"},
    {"max-position-embeddings", Kind::whole, "", ""},
    {"vocab-size", Kind::whole, "", "vocab"},
    {"num-experts", Kind::whole, "model", "experts"},
    {"moe-router-topk", Kind::whole, "", "top_k"},
    {"moe-ffn-hidden-size", Kind::whole, "", "expert_ffn"},
    {"micro-batch-size", Kind::whole, "", ""},
    {"global-batch-size", Kind::whole, "", ""},
    {"tensor-model-parallel-size", Kind::whole, "parallel", "tp"},
    {"pipeline-model-parallel-size", Kind::whole, "parallel", "pp"},
    {"num-layers-per-virtual-pipeline-stage", Kind::whole, "", ""},
    {"num-virtual-stages-per-pipeline-rank", Kind::whole, "parallel", "virtual_stages"},
    {"context-parallel-size", Kind::whole, "parallel", "cp"},
    {"expert-model-parallel-size", Kind::whole, "parallel", "ep"},
    {"recompute-num-layers", Kind::whole, "", ""},
    {"nproc_per_node", Kind::whole, "", ""},
    {"nproc-per-node", Kind::whole, "", ""},
    {"nnodes", Kind::whole, "", ""},
    {"recompute-granularity", Kind::text, "", ""},
    {"recompute-method", Kind::text, "", ""},
    {"cp-comm-type", Kind::text, "", ""},
    {"position-embedding-type", Kind::text, "", ""},
    {"normalization", Kind::text, "", ""},
    {"attention-dropout", Kind::fraction, "", ""},
    {"hidden-dropout", Kind::fraction, "", ""},
    {"sequence-parallel", Kind::flag, "parallel", "sequence_parallel"},
    {"use-distributed-optimizer", Kind::flag, "", ""},
    {"bf16", Kind::flag, "", ""},
    {"fp16", Kind::flag, "", ""},
    {"swiglu", Kind::flag, "", ""},
    {"untie-embeddings-and-output-weights", Kind::flag, "", ""},
    {"use-flash-attn", Kind::flag, "parallel", "flash_attention"},
    {"disable-bias-linear", Kind::flag, "", ""},
    {"add-qkv-bias", Kind::flag, "", ""},
    {"group-query-attention", Kind::flag, "", ""},
    {"recompute-activations", Kind::flag, "", ""},
    {"overlap-grad-reduce", Kind::flag, "", ""},
    {"grad-reduce-in-bf16", Kind::flag, "", ""},
    {"overlap-param-gather", Kind::flag, "", ""},
    {"tp-comm-overlap", Kind::flag, "parallel", "tp_overlap"},
    {"use-rotary-position-embeddings", Kind::flag, "", ""},
    {"kv-channels", Kind::whole, "model", "head_dim"},
    {"qk-layernorm", Kind::flag, "model", "qk_norm"},
    {"fp8-format", Kind::text, "", ""},
    {"fp8-recipe", Kind::text, "", ""},
    {"fp4-format", Kind::text, "", ""},
    {"account-for-embedding-in-pipeline-split", Kind::flag, "", ""},
    {"account-for-loss-in-pipeline-split", Kind::flag, "", ""},
    {"decoder-first-pipeline-num-layers", Kind::whole, "", ""},
    {"decoder-last-pipeline-num-layers", Kind::whole, "", ""},
};

const Flag* find_flag(const std::string& name) {
  for (const auto& f : kFlags)
    if (name == f.name) return &f;
  return nullptr;
}

struct Given {
  json value;
  int line = 0;
};

class Script {
 public:
  Script(const Pasted& text, RunFacts& facts) : text_(text), facts_(facts) {}

  // Every --flag with its value; the last one given counts, as with argparse.
  bool collect() {
    const auto words = shell_words(text_.text());
    for (std::size_t i = 0; i < words.size(); ++i) {
      const ShellWord& w = words[i];
      if (w.boundary || w.assignment || w.text.rfind("--", 0) != 0 || w.text.size() < 3) continue;
      std::string name = w.text.substr(2), value;
      bool inline_value = false;
      if (const auto eq = name.find('='); eq != std::string::npos)
        value = name.substr(eq + 1), name.resize(eq), inline_value = true;
      const Flag* flag = find_flag(name);
      const bool next_is_value = i + 1 < words.size() && !words[i + 1].boundary && !words[i + 1].assignment &&
                                 words[i + 1].text.rfind("--", 0) != 0;
      const ShellWord* source = &w;
      if (!inline_value && (!flag || flag->kind != Kind::flag) && next_is_value)
        source = &words[++i], value = source->text;
      if (!source->undefined.empty()) {
        text_.error("undefined_variable",
                    "--" + name + " is " + source->raw + ", and " + source->undefined[0] +
                        " is not set in the pasted text. Paste the line that sets it, or write the number.",
                    source->line);
        continue;
      }
      if (!flag) {
        facts_.ignore("--" + name, value.empty() ? json(true) : json(value), "not part of the engine's cost model",
                      w.line);
        continue;
      }
      auto read = parse(*flag, name, value, inline_value || flag->kind != Kind::flag ? source->line : w.line);
      if (!read) continue;
      if (given_.count(name) && given_[name].value != *read)
        facts_.ignore("--" + name, given_[name].value,
                      "given again on line " + std::to_string(w.line) + "; the last value counts, as in Megatron",
                      given_[name].line);
      given_[name] = Given{*read, w.line};
    }
    return true;
  }

  void interpret();

 private:
  std::optional<json> parse(const Flag& f, const std::string& name, const std::string& value, int line) const {
    if (f.kind == Kind::flag) return json(true);
    if (value.empty()) {
      text_.error("missing_value", "--" + name + " needs a value after it.", line);
      return std::nullopt;
    }
    if (f.kind == Kind::text) return json(value);
    char* end = nullptr;
    const double v = std::strtod(value.c_str(), &end);
    const bool whole = f.kind == Kind::whole;
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

  const Given* get(const char* name) const {
    const auto it = given_.find(name);
    return it == given_.end() ? nullptr : &it->second;
  }
  std::string from(const char* name) const { return "--" + std::string(name); }
  void set(const char* section, const char* key, const json& value, const char* flag) {
    if (const Given* g = get(flag))
      facts_.set(text_, g->line, section, key, value, from(flag));
    else
      facts_.fallback(section, key, value, "Megatron's default (no --" + std::string(flag) + ")");
  }

  const Pasted& text_;
  RunFacts& facts_;
  std::map<std::string, Given> given_;

  static std::string quote_cut(const std::string& s, std::size_t n) { return s.size() <= n ? s : s.substr(0, n) + "…"; }
};

void Script::interpret() {
  for (const auto& f : kFlags)
    if (*f.section && get(f.name)) set(f.section, f.key, get(f.name)->value, f.name);
  const Given* hidden = get("hidden-size");
  const bool swiglu = get("swiglu") != nullptr;
  set("model", "mlp", swiglu ? "swiglu" : "gelu", "swiglu");
  if (const Given* ffn = get("ffn-hidden-size"))
    set("model", "ffn", ffn->value, "ffn-hidden-size");
  else if (hidden) {
    // Megatron's own default (arguments.py): 4h, or 2/3 of it rounded down to 64 with SwiGLU.
    const std::int64_t h = hidden->value.get<std::int64_t>();
    const std::int64_t ffn_default = swiglu ? (4 * h * 2 / 3) / 64 * 64 : 4 * h;
    facts_.fallback("model", "ffn", ffn_default,
                    swiglu
                        ? "no --ffn-hidden-size: Megatron's default for SwiGLU, 4h·2/3 rounded down to a multiple of 64"
                        : "no --ffn-hidden-size: Megatron's default, 4 × hidden size");
  }
  if (const Given* groups = get("num-query-groups")) {
    if (get("group-query-attention"))
      set("model", "kv_heads", groups->value, "num-query-groups");
    else
      facts_.ignore("--num-query-groups", groups->value, "Megatron uses it only with --group-query-attention",
                    groups->line);
  }
  if (const Given* v = get("vocab-size")) {
    set("model", "vocab", v->value, "vocab-size");
    facts_.assume("model.vocab", v->value,
                  "as given; Megatron pads the vocabulary to a multiple of 128 × tp (--make-vocab-size-divisible-by)");
  }
  if (get("num-experts")) {
    if (const Given* k = get("moe-router-topk"))
      set("model", "top_k", k->value, "moe-router-topk");
    else
      facts_.fallback("model", "top_k", 2, "no --moe-router-topk: Megatron's default");
    if (const Given* e = get("moe-ffn-hidden-size"))
      set("model", "expert_ffn", e->value, "moe-ffn-hidden-size");
    else if (facts_.model.contains("ffn"))
      facts_.model["expert_ffn"] = facts_.model["ffn"];
  }
  const Given* pos = get("position-embedding-type");
  const bool rope = get("use-rotary-position-embeddings") || (pos && pos->value == "rope");
  if (pos && pos->value != "rope" && pos->value != "learned_absolute")
    text_.error("unsupported_value",
                "--position-embedding-type " + pos->value.get<std::string>() +
                    " is not one the engine has (rope or learned_absolute).",
                pos->line);
  set("model", "position", rope ? "rotary" : "learned",
      pos ? "position-embedding-type" : "use-rotary-position-embeddings");
  const Given* norm = get("normalization");
  if (norm && norm->value != "RMSNorm" && norm->value != "LayerNorm")
    text_.error("unsupported_value",
                "--normalization " + norm->value.get<std::string>() + " is not LayerNorm or RMSNorm.", norm->line);
  set("model", "norm", norm && norm->value == "RMSNorm" ? "rmsnorm" : "layernorm", "normalization");
  set("model", "bias", get("disable-bias-linear") == nullptr, "disable-bias-linear");
  if (get("add-qkv-bias")) set("model", "qkv_bias", true, "add-qkv-bias");
  set("model", "tied_embeddings", get("untie-embeddings-and-output-weights") == nullptr,
      "untie-embeddings-and-output-weights");
  const Given* attention_dropout = get("attention-dropout");
  const Given* hidden_dropout = get("hidden-dropout");
  const bool dropout =
      !(attention_dropout && hidden_dropout && attention_dropout->value == 0.0 && hidden_dropout->value == 0.0);
  set("model", "dropout", dropout, "hidden-dropout");
  if (const Given* seq = get("seq-length"); seq && !rope)
    if (const Given* mpe = get("max-position-embeddings"); mpe && mpe->value != seq->value)
      facts_.assume(
          "model.seq", seq->value,
          "the position table is counted at the sequence length, not --max-position-embeddings " + mpe->value.dump());

  // The split.
  const Given* granularity = get("recompute-granularity");
  std::string recompute = get("recompute-activations") ? "selective" : "none";
  if (granularity) recompute = granularity->value.get<std::string>();
  if (recompute != "none" && recompute != "selective" && recompute != "full")
    text_.error("unsupported_value", "--recompute-granularity must be full or selective, not " + recompute + ".",
                granularity->line);
  set("parallel", "recompute", recompute, granularity ? "recompute-granularity" : "recompute-activations");
  if (const Given* method = get("recompute-method"); method && recompute == "full" && method->value == "block")
    facts_.assume(
        "parallel.recompute", "full",
        "--recompute-method block recomputes only --recompute-num-layers per stage; the engine recomputes every layer");
  if (const Given* cp_comm = get("cp-comm-type")) {
    // Transformer Engine's names: p2p is the ring, all_gather gathers K and V whole first.
    const std::string kind = cp_comm->value.get<std::string>();
    if (kind == "p2p" || kind == "all_gather")
      set("parallel", "cp_attention", kind == "p2p" ? "ring" : "all-gather", "cp-comm-type");
    else
      text_.error("unsupported_value",
                  "--cp-comm-type " + kind + " is not one the engine has (p2p, the ring, or all_gather).",
                  cp_comm->line);
  }
  set("parallel", "zero", get("use-distributed-optimizer") ? 1 : 0, "use-distributed-optimizer");
  set("parallel", "overlap", get("overlap-grad-reduce") != nullptr, "overlap-grad-reduce");
  if (get("grad-reduce-in-bf16")) set("parallel", "reduce_dtype", "bf16", "grad-reduce-in-bf16");
  facts_.set(text_, 0, "parallel", "framework", "megatron", "Megatron-LM arguments");
  // Low precision: Transformer Engine's FP8 under --fp8-format, its scaling from --fp8-recipe
  // (Megatron's default: delayed); FP4 under --fp4-format (NVFP4 is its one recipe).
  if (const Given* fp8 = get("fp8-format")) {
    const Given* recipe = get("fp8-recipe");
    const std::string r = recipe ? recipe->value.get<std::string>() : "delayed";
    const char* precision = r == "delayed"      ? "fp8-delayed"
                            : r == "tensorwise" ? "fp8-current"
                            : r == "blockwise"  ? "fp8-blockwise"
                            : r == "mxfp8"      ? "mxfp8"
                                                : nullptr;
    if (!precision)
      text_.error("unsupported_value",
                  "--fp8-recipe " + r + " is not one the engine has (delayed, tensorwise, blockwise or mxfp8).",
                  recipe->line);
    else
      facts_.set(text_, (recipe ? recipe : fp8)->line, "parallel", "precision", precision,
                 recipe ? "--fp8-format with --fp8-recipe" : "--fp8-format (Megatron's --fp8-recipe default: delayed)");
  }
  if (const Given* fp4 = get("fp4-format"))
    facts_.set(text_, fp4->line, "parallel", "precision", "nvfp4", "--fp4-format");
  // Where the layers fall on the stages.
  const bool embedding_slot = get("account-for-embedding-in-pipeline-split") != nullptr;
  const bool loss_slot = get("account-for-loss-in-pipeline-split") != nullptr;
  if (embedding_slot) set("parallel", "embedding_as_layer", true, "account-for-embedding-in-pipeline-split");
  if (loss_slot) set("parallel", "loss_as_layer", true, "account-for-loss-in-pipeline-split");
  if (const Given* first = get("decoder-first-pipeline-num-layers"))
    set("parallel", "first_stage_layers", first->value, "decoder-first-pipeline-num-layers");
  if (const Given* last = get("decoder-last-pipeline-num-layers"))
    set("parallel", "last_stage_layers", last->value, "decoder-last-pipeline-num-layers");
  if (const Given* per_stage = get("num-layers-per-virtual-pipeline-stage")) {
    const Given* layers = get("num-layers");
    const std::int64_t pp =
        get("pipeline-model-parallel-size") ? get("pipeline-model-parallel-size")->value.get<std::int64_t>() : 1;
    const std::int64_t n = per_stage->value.get<std::int64_t>();
    // The embedding and the loss take a layer's slot when they are accounted for.
    const std::int64_t slots =
        layers ? layers->value.get<std::int64_t>() + (embedding_slot ? 1 : 0) + (loss_slot ? 1 : 0) : 0;
    if (!layers || slots % times(n, pp) != 0)
      text_.error("virtual_layers",
                  "--num-layers-per-virtual-pipeline-stage " + std::to_string(n) +
                      " must divide the layers of each pipeline stage (--num-layers ÷ --pipeline-model-parallel-size).",
                  per_stage->line);
    else
      facts_.set(text_, per_stage->line, "parallel", "virtual_stages", slots / times(n, pp),
                 "--num-layers ÷ (--pipeline-model-parallel-size × --num-layers-per-virtual-pipeline-stage)");
  }
  if (const Given* m = get("micro-batch-size"))
    facts_.count(text_, m->line, facts_.micro, "batch.micro", m->value, "--micro-batch-size");
  if (const Given* g = get("global-batch-size"))
    facts_.count(text_, g->line, facts_.global, "batch.global", g->value, "--global-batch-size");
  const Given* per_node = get("nproc_per_node") ? get("nproc_per_node") : get("nproc-per-node");
  if (per_node) {
    const Given* nodes = get("nnodes");
    const std::int64_t gpus = times(per_node->value.get<std::int64_t>(), nodes ? nodes->value.get<std::int64_t>() : 1);
    facts_.count(text_, per_node->line, facts_.gpus, "hardware.gpus", gpus,
                 nodes ? "torchrun --nproc_per_node × --nnodes" : "torchrun --nproc_per_node");
  }
  if (get("fp16"))
    facts_.ignore("--fp16", true, "fp16 and bf16 cost the same in the engine (loss scaling is not modelled)",
                  get("fp16")->line);
  if (const Given* g = get("overlap-param-gather"))
    facts_.ignore("--overlap-param-gather", true, "follows --overlap-grad-reduce in the engine", g->line);
}

}  // namespace

void import_megatron(const Pasted& text, RunFacts& facts) {
  Script script(text, facts);
  script.collect();
  script.interpret();
}

}  // namespace atlas
