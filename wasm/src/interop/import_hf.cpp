// A Hugging Face config.json as the engine's model shape: Llama, Mistral, Mixtral, Qwen2/3,
// GPT-2 and GPT-NeoX keys here, DeepSeek, GPT-OSS and Llama 4 in import_hf_modern.cpp. The
// shape must give the released parameter count exactly, so a config whose architecture the
// engine cannot count (biases on only some projections, per-layer block configs) is refused
// naming its key. A multimodal config's text_config is the model read (its vision encoder is
// not counted).
#include <algorithm>
#include <iterator>
#include <set>

#include "atlas/interop/import.hpp"
#include "atlas/interop/import_hf_modern.hpp"

namespace atlas {

namespace {

// Keys whose presence means an architecture the engine's layer cannot represent.
constexpr const char* kUnsupported[][2] = {
    {"kv_lora_rank", "multi-head latent attention (DeepSeek-V2/V3)"},
    {"q_lora_rank", "multi-head latent attention (DeepSeek-V2/V3)"},
    {"qk_rope_head_dim", "multi-head latent attention (DeepSeek-V2/V3)"},
    {"n_shared_experts", "shared experts beside the routed ones"},
    {"shared_expert_intermediate_size", "a shared expert beside the routed ones"},
    {"moe_intermediate_size", "experts narrower than the dense MLP, laid out as this model_type does not say"},
    {"first_k_dense_replace", "dense layers before the expert layers"},
    {"num_experts", "experts whose layout this model_type does not say (the engine reads Mixtral's and Qwen3-MoE's)"},
    {"block_configs", "layers of different shapes (per-layer block_configs, as in the Nemotron NAS models)"},
};

// Families the engine does not read, with the reason: a config of another family is refused
// rather than read with Llama's rules.
constexpr const char* kOtherFamilies[][2] = {
    {"bert", "an encoder (bidirectional attention, no causal language-model head)"},
    {"roberta", "an encoder (bidirectional attention, no causal language-model head)"},
    {"deberta", "an encoder (bidirectional attention, no causal language-model head)"},
    {"distilbert", "an encoder (bidirectional attention, no causal language-model head)"},
    {"t5", "an encoder-decoder"},
    {"bart", "an encoder-decoder"},
    {"gemma", "a GELU-gated MLP (GeGLU; the engine's gated MLP is SwiGLU)"},
    {"gemma2", "a GELU-gated MLP (GeGLU) and alternating sliding-window layers"},
    {"gemma3", "a GELU-gated MLP (GeGLU) and alternating sliding-window layers"},
    {"falcon", "attention and MLP side by side in one block (parallel attention)"},
    {"phi", "attention and MLP side by side in one block (parallel attention)"},
    {"mamba", "state-space (Mamba) layers instead of attention"},
    {"jamba", "Mamba layers interleaved with attention"},
    {"deci", "layers of different shapes (per-layer block configs)"},
    {"nemotron-nas", "layers of different shapes (per-layer block configs)"},
    {"qwen2_moe", "a shared expert with its own sigmoid gate beside the routed ones"},
    // 2025-26 hybrids and sparse attention: layers whose cost is not attention's.
    {"mamba2", "state-space (Mamba-2) layers instead of attention"},
    {"nemotron_h", "Mamba-2 layers interleaved with attention (a hybrid)"},
    {"falcon_h1", "Mamba-2 heads beside attention in every layer (a hybrid)"},
    {"qwen3_next", "Gated DeltaNet linear-attention layers beside gated attention (a hybrid)"},
    {"minimax", "lightning (linear) attention in most layers"},
    {"minimax_m1", "lightning (linear) attention in most layers"},
    {"deepseek_v32", "DeepSeek sparse attention (an indexer picks the keys each query attends to)"},
    {"glm_moe_dsa", "DeepSeek sparse attention (an indexer picks the keys each query attends to)"},
    {"rwkv", "RWKV's recurrence instead of attention"},
};

// The families read, each with Llama's keys (gpt2 and gpt_neox with their own).
constexpr const char* kFamilies[] = {"llama",     "mistral", "mixtral",    "qwen2",       "qwen3",
                                     "qwen3_moe", "gpt2",    "gpt_neox",   "deepseek_v2", "deepseek_v3",
                                     "glm4_moe",  "gpt_oss", "llama4_text"};

// What a checkpoint's quantization_config means for a serving plan, where the engine has its
// format: gpt-oss's MXFP4 experts, FP8 (DeepSeek's blocks, Qwen's FP8 releases), AWQ and GPTQ at
// 4 bits, and NVIDIA ModelOpt's NVFP4 and FP8.
std::string quantization_why(const json& q) {
  const auto text = [&](const char* key) {
    return q.is_object() && q.contains(key) && q[key].is_string() ? q[key].get<std::string>() : std::string();
  };
  const std::string method = text("quant_method"), algo = text("quant_algo");
  std::string serving;
  if (method == "mxfp4") {
    serving =
        "serving.weights \"bf16\" with serving.expert_weights \"mxfp4\" (the experts in MXFP4; the modules it "
        "does not convert, attention, router, embedding and head, stay bf16)";
  } else if (method == "fp8" || (method == "modelopt" && algo == "FP8")) {
    serving = "serving.weights \"fp8\"";
  } else if (method == "modelopt" && algo == "NVFP4") {
    serving = "serving.weights \"nvfp4\" (on FP4 tensor cores parallel.precision \"nvfp4\", W4A4)";
  } else if ((method == "awq" || method == "gptq") && q.contains("bits") && q["bits"] == 4) {
    serving = "serving.weights \"int4\"";
    if (q.contains("group_size") && q["group_size"].is_number_integer() && q["group_size"].get<std::int64_t>() > 0)
      serving += " with serving.group_size " + std::to_string(q["group_size"].get<std::int64_t>());
  }
  const std::string head =
      "how the released checkpoint stores its weights; a training plan computes in "
      "parallel.precision, and a serving plan reads its weights' format from ";
  return head + (serving.empty() ? "serving.weights" : serving);
}

// Why a key the engine does not use changes nothing it computes (or what it leaves out).
std::string ignored_why(const std::string& key, const json& value) {
  if (key == "quantization_config") return quantization_why(value);
  if (key == "sliding_window" || key == "use_sliding_window" || key == "max_window_layers")
    return "the engine costs full causal attention over the whole sequence, not a sliding window";
  if (key.rfind("rope", 0) == 0 || key == "rotary_pct" || key == "rotary_emb_base")
    return "rotary settings have no parameters and no measurable cost";
  if (key.find("token_id") != std::string::npos || key == "architectures" || key == "transformers_version")
    return "bookkeeping for the tokenizer and library, not part of the cost";
  if (key == "initializer_range" || key == "use_cache" || key.find("eps") != std::string::npos)
    return "does not change parameters, memory or time";
  return "not part of the engine's cost model";
}

struct Reader {
  const Pasted& text;
  const json& config;
  RunFacts& facts;
  std::set<std::string> used;

  const json* find(std::initializer_list<const char*> keys) {
    for (const char* k : keys) {
      used.insert(k);
      if (config.contains(k) && !config[k].is_null()) return &config[k];
    }
    return nullptr;
  }
  std::string name_of(std::initializer_list<const char*> keys) {
    for (const char* k : keys)
      if (config.contains(k) && !config[k].is_null()) return k;
    return *keys.begin();
  }
  std::optional<std::int64_t> whole(std::initializer_list<const char*> keys, bool required) {
    const json* v = find(keys);
    const std::string key = name_of(keys);
    if (!v) {
      if (required)
        text.error("missing_key", "config.json has no \"" + key + "\"; the engine needs it for the model shape.", 0);
      return std::nullopt;
    }
    if (!v->is_number_integer() || v->get<std::int64_t>() < 1 || v->get<std::int64_t>() > 1000000000000) {
      text.error("not_integer", "\"" + key + "\" must be a whole number from 1 to 10¹², not " + v->dump() + ".",
                 text.line_of_key(key));
      return std::nullopt;
    }
    return v->get<std::int64_t>();
  }
  std::optional<bool> flag(const char* key) {
    used.insert(key);
    if (!config.contains(key) || config[key].is_null()) return std::nullopt;
    if (!config[key].is_boolean()) {
      text.error("not_boolean", "\"" + std::string(key) + "\" must be true or false, not " + config[key].dump() + ".",
                 text.line_of_key(key));
      return std::nullopt;
    }
    return config[key].get<bool>();
  }
  void set(const std::string& field, const json& value, const std::string& key) {
    facts.set(text, text.line_of_key(key), "model", field, value, "config.json \"" + key + "\"");
  }
};

// The dense MLP's width and, for Mixtral and Qwen3-MoE, the experts'.
void read_mlp_widths(Reader& r, RunFacts& facts, std::optional<std::int64_t> ffn,
                     std::optional<std::int64_t> expert_width, std::optional<std::int64_t> experts,
                     std::optional<std::int64_t> top_k, std::int64_t hidden, bool qwen3_moe) {
  const std::int64_t width = ffn ? *ffn : times(4, hidden);
  if (expert_width) {
    r.set("expert_ffn", *expert_width, "moe_intermediate_size");
    if (ffn) r.set("ffn", *ffn, "intermediate_size");
  } else if (ffn) {
    r.set(experts && *experts > 1 ? "expert_ffn" : "ffn", *ffn, r.name_of({"intermediate_size", "n_inner"}));
  } else {
    facts.fallback("model", experts && *experts > 1 ? "expert_ffn" : "ffn", width,
                   "no intermediate_size (or n_inner is null): GPT's 4 × hidden");
  }
  if (experts && *experts > 1) {
    facts.fallback("model", "ffn", width, "the dense MLP width of an all-expert model: the experts' width");
    r.set("experts", *experts, qwen3_moe ? "num_experts" : "num_local_experts");
    r.set("top_k", top_k.value_or(2), "num_experts_per_tok");
  }
}

}  // namespace

void import_hf(const Pasted& text, RunFacts& facts) {
  const auto parsed = text.parse_json();
  if (!parsed) return;
  // Llama 4 and other multimodal configs keep the language model under text_config.
  const bool wrapped = parsed->contains("text_config") && (*parsed)["text_config"].is_object();
  const json& c = wrapped ? (*parsed)["text_config"] : *parsed;
  if (wrapped)
    facts.assume("model.text_config", "read",
                 "config.json wraps the language model in text_config; its vision encoder (vision_config) is not "
                 "counted in the parameters or the cost");
  std::string type = c.contains("model_type") && c["model_type"].is_string() ? c["model_type"].get<std::string>() : "";
  // Kimi K2 is DeepSeek-V3's architecture under its own name (DeepseekV3ForCausalLM; Moonshot set
  // model_type kimi_k2 only so that runtimes can tell the two apart).
  if (type == "kimi_k2") {
    facts.assume("model.architecture", "deepseek_v3",
                 "model_type kimi_k2 is DeepSeek-V3's architecture (DeepseekV3ForCausalLM), read with its rules");
    type = "deepseek_v3";
  }
  const bool qwen3_moe = type == "qwen3_moe";
  const bool modern = is_modern_hf_family(type);
  for (const auto& [key, what] : kUnsupported)
    if (!modern && c.contains(key) && !c[key].is_null() &&
        !(qwen3_moe && (std::string(key) == "num_experts" || std::string(key) == "moe_intermediate_size"))) {
      text.error("unsupported_architecture",
                 "\"" + std::string(key) + "\" describes " + what +
                     ", which the engine cannot represent; its parameter "
                     "count and traffic would be wrong.",
                 text.line_of_key(key));
      return;
    }
  if (!type.empty() && std::find(std::begin(kFamilies), std::end(kFamilies), type) == std::end(kFamilies)) {
    std::string why =
        "it is not a family the engine reads (llama, mistral, mixtral, qwen2, qwen3, qwen3_moe, gpt2, "
        "gpt_neox, deepseek_v2, deepseek_v3 and kimi_k2, glm4_moe, gpt_oss, llama4), and reading it with another "
        "family's rules "
        "would "
        "count the wrong model";
    for (const auto& [family, what] : kOtherFamilies)
      if (type == family) why = std::string(what) + ", which the engine does not model";
    text.error("unsupported_architecture", "\"model_type\" is \"" + type + "\": " + why + ".",
               text.line_of_key("model_type"));
    return;
  }
  Reader r{text, c, facts, {}};
  r.used.insert("model_type");
  const bool gpt2 = type == "gpt2", neox = type == "gpt_neox", qwen2 = type == "qwen2";
  const bool qwen3 = type == "qwen3" || qwen3_moe;
  const bool llama_like = !gpt2 && !neox;
  if (type.empty())
    facts.assume("model.architecture", "llama",
                 "config.json names no model_type; it is read with Llama's keys and rules");
  const auto layers = r.whole({"num_hidden_layers", "n_layer", "num_layers"}, true);
  const auto hidden = r.whole({"hidden_size", "n_embd", "d_model"}, true);
  const auto heads = r.whole({"num_attention_heads", "n_head"}, true);
  const auto vocab = r.whole({"vocab_size"}, true);
  const auto kv = r.whole({"num_key_value_heads"}, false);
  const auto ffn = modern ? std::nullopt : r.whole({"intermediate_size", "n_inner"}, false);
  const auto positions = r.whole({"max_position_embeddings", "n_positions", "n_ctx"}, false);
  const auto experts = modern ? std::nullopt : r.whole({qwen3_moe ? "num_experts" : "num_local_experts"}, false);
  const auto expert_width = qwen3_moe ? r.whole({"moe_intermediate_size"}, true) : std::nullopt;
  const auto top_k = modern ? std::nullopt : r.whole({"num_experts_per_tok"}, false);
  const auto head_dim = r.whole({"head_dim"}, false);
  const auto tied = r.flag("tie_word_embeddings");
  const auto attention_bias = r.flag("attention_bias");
  const auto mlp_bias = r.flag("mlp_bias");
  if (!layers || !hidden || !heads || !vocab) return;
  if (llama_like && !modern && attention_bias.value_or(false) != mlp_bias.value_or(false)) {
    const char* key = attention_bias.value_or(false) ? "attention_bias" : "mlp_bias";
    text.error("unsupported_architecture",
               "\"" + std::string(key) +
                   "\" puts biases on only some projections; the "
                   "engine has biases on every linear layer or none (or on Q, K and V only, as in Qwen2).",
               text.line_of_key(key));
    return;
  }

  r.set("layers", *layers, r.name_of({"num_hidden_layers", "n_layer", "num_layers"}));
  r.set("hidden", *hidden, r.name_of({"hidden_size", "n_embd", "d_model"}));
  r.set("heads", *heads, r.name_of({"num_attention_heads", "n_head"}));
  r.set("vocab", *vocab, "vocab_size");
  // A head size of its own (Qwen3, Gemma, Mistral-Nemo): queries and the attention output are
  // heads × head_dim wide, not the hidden size.
  if (head_dim) r.set("head_dim", *head_dim, "head_dim");
  if (qwen3) facts.set(text, 0, "model", "qk_norm", true, "the qwen3 architecture (RMSNorm on each head's Q and K)");
  if (kv)
    r.set("kv_heads", *kv, "num_key_value_heads");
  else
    facts.fallback("model", "kv_heads", *heads, "no num_key_value_heads: one key/value head per query head");
  const std::int64_t seq_read =
      positions ? (gpt2 ? *positions : std::min<std::int64_t>(*positions, 8192)) : std::int64_t{8192};
  if (modern || qwen3_moe) {
    if (!import_hf_modern(text, c, type, *layers, seq_read, facts, r.used)) return;
  }
  // The modern families set their own MLP and expert widths.
  if (!modern) read_mlp_widths(r, facts, ffn, expert_width, experts, top_k, *hidden, qwen3_moe);

  const std::string act_key = r.name_of({"hidden_act", "activation_function"});
  const json* act = r.find({"hidden_act", "activation_function"});
  const std::string activation = act && act->is_string() ? act->get<std::string>() : (llama_like ? "silu" : "gelu");
  const bool gated = llama_like && (activation == "silu" || activation == "swish");
  if (llama_like && !gated) {
    text.error("unsupported_architecture",
               "\"" + act_key + "\" is \"" + activation +
                   "\"; Llama-style models gate "
                   "their MLP with SiLU (SwiGLU), the only gated MLP the engine has.",
               text.line_of_key(act_key));
    return;
  }
  facts.set(text, text.line_of_key(act_key), "model", "mlp", gated ? "swiglu" : "gelu",
            act ? "config.json \"" + act_key + "\""
                : "the " + (type.empty() ? std::string("Llama") : type) + " architecture");
  facts.set(text, 0, "model", "norm", llama_like ? "rmsnorm" : "layernorm",
            "the " + (type.empty() ? std::string("Llama") : type) + " architecture");
  facts.set(text, 0, "model", "position", gpt2 ? "learned" : "rotary",
            "the " + (type.empty() ? std::string("Llama") : type) + " architecture");
  const bool all_bias = !llama_like || attention_bias.value_or(false);
  if (!modern)
    facts.set(text, attention_bias ? text.line_of_key("attention_bias") : 0, "model", "bias", all_bias,
              attention_bias ? "config.json \"attention_bias\""
                             : "the " + (type.empty() ? std::string("Llama") : type) + " architecture");
  // Mistral 7B v0.1 slides every layer over 4,096 keys; Qwen2 names a window it does not use.
  if (type == "mistral") {
    const auto window = r.whole({"sliding_window"}, false);
    if (window && *window < seq_read) r.set("window", *window, "sliding_window");
  }
  if (qwen2) facts.set(text, 0, "model", "qkv_bias", true, "the qwen2 architecture (biases on Q, K and V)");
  // Defaults of the library's config classes when the key is absent.
  if (tied)
    r.set("tied_embeddings", *tied, "tie_word_embeddings");
  else
    facts.fallback(
        "model", "tied_embeddings", gpt2,
        "no tie_word_embeddings: the default of the " + (type.empty() ? std::string("llama") : type) + " config class");
  const json* drop = r.find({"attention_dropout", "attn_pdrop", "resid_pdrop", "hidden_dropout"});
  const bool dropout = drop ? drop->is_number() && drop->get<double>() > 0 : gpt2;
  facts.fallback("model", "dropout", dropout,
                 dropout ? "the config trains with dropout: its masks are stored for backward"
                         : "no dropout in the config: no masks are stored");
  if (positions) {
    if (gpt2)
      r.set("seq", *positions, r.name_of({"n_positions", "max_position_embeddings", "n_ctx"}));
    else {
      const std::int64_t seq = std::min<std::int64_t>(*positions, 8192);
      facts.fallback("model", "seq", seq,
                     "config.json gives the longest context (" + std::to_string(*positions) +
                         "), not the training sequence length; paste the launch script or set it");
    }
  }
  if (const json* dtype = r.find({"torch_dtype"}))
    facts.ignore("torch_dtype", *dtype, "the engine costs bf16/fp16 mixed-precision training with fp32 Adam state",
                 text.line_of_key("torch_dtype"));
  for (auto it = c.begin(); it != c.end(); ++it)
    if (!r.used.count(it.key()))
      facts.ignore(it.key(), it.value().is_structured() ? json("{…}") : it.value(), ignored_why(it.key(), it.value()),
                   facts.ignored_full() ? 0 : text.line_of_key(it.key()));
}

}  // namespace atlas
