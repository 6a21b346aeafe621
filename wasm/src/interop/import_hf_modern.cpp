// Hugging Face configs of the 2025-26 families: DeepSeek-V2/V3 (latent attention, shared
// experts, dense first layers, multi-token prediction), GLM-4.5 (DeepSeek-V3's experts over
// grouped-query attention), GPT-OSS (sliding-window layers,
// attention sinks, biased experts and router), Llama 4 (a shared expert, interleaved expert
// layers) and Qwen3-MoE's sparse step. Each key sets the field it names; a pattern the engine
// cannot represent exactly is refused naming its key.
#include "atlas/interop/import_hf_modern.hpp"

namespace atlas {

namespace {

struct Keys {
  const Pasted& text;
  const json& c;
  RunFacts& facts;
  std::set<std::string>& used;

  const json* get(const char* key) {
    used.insert(key);
    return c.contains(key) && !c[key].is_null() ? &c[key] : nullptr;
  }
  // A whole number ≥ `least`; nullopt when absent (and an error when required or malformed).
  std::optional<std::int64_t> whole(const char* key, bool required, std::int64_t least = 1) {
    const json* v = get(key);
    if (!v) {
      if (required)
        text.error("missing_key",
                   "config.json has no \"" + std::string(key) + "\"; the engine needs it for the model shape.", 0);
      return std::nullopt;
    }
    if (!v->is_number_integer() || v->get<std::int64_t>() < least) {
      text.error("not_integer",
                 "\"" + std::string(key) + "\" must be a whole number of at least " + std::to_string(least) + ", not " +
                     v->dump() + ".",
                 text.line_of_key(key));
      return std::nullopt;
    }
    return v->get<std::int64_t>();
  }
  void set(const char* field, const json& value, const char* key) {
    facts.set(text, text.line_of_key(key), "model", field, value, "config.json \"" + std::string(key) + "\"");
  }
  void fact(const char* field, const json& value, const std::string& why) {
    facts.set(text, 0, "model", field, value, why);
  }
  bool refuse(const char* key, const std::string& why) {
    text.error("unsupported_architecture", "\"" + std::string(key) + "\" " + why, text.line_of_key(key));
    return false;
  }
};

// DeepSeek's expert layout, which GLM-4.5 shares: routed experts of moe_intermediate_size,
// shared ones as wide, the first layers dense, and a multi-token-prediction module.
bool deepseek_experts(Keys& k, const std::string& family) {
  // DeepSeek's rule is layer % moe_layer_freq == 0 after the dense ones; only 1 (every layer)
  // matches the engine's pattern, and it is what every released model sets.
  if (const auto freq = k.whole("moe_layer_freq", false); freq && *freq != 1)
    return k.refuse("moe_layer_freq", "is " + std::to_string(*freq) +
                                          ": DeepSeek puts experts where layer % freq is 0, which the engine's "
                                          "every-k-th pattern does not count alike.");
  const auto experts = k.whole("n_routed_experts", true), top_k = k.whole("num_experts_per_tok", true);
  const auto width = k.whole("moe_intermediate_size", true), ffn = k.whole("intermediate_size", true);
  const auto shared = k.whole("n_shared_experts", false, 0), dense = k.whole("first_k_dense_replace", false, 0);
  const auto mtp = k.whole("num_nextn_predict_layers", false, 0);
  if (!experts || !top_k || !width || !ffn) return false;
  k.set("experts", *experts, "n_routed_experts"), k.set("top_k", *top_k, "num_experts_per_tok");
  k.set("expert_ffn", *width, "moe_intermediate_size"), k.set("ffn", *ffn, "intermediate_size");
  if (shared && *shared > 0) {
    k.set("shared_experts", *shared, "n_shared_experts");
    k.fact("shared_expert_ffn", *width,
           "the " + family + " architecture (each shared expert is moe_intermediate_size wide)");
  }
  if (dense && *dense > 0) k.set("dense_layers", *dense, "first_k_dense_replace");
  if (mtp && *mtp > 0) k.set("mtp_layers", *mtp, "num_nextn_predict_layers");
  return true;
}

bool deepseek(Keys& k, bool v3) {
  if (!deepseek_experts(k, "deepseek")) return false;
  const auto q_rank = k.whole("q_lora_rank", false), kv_rank = k.whole("kv_lora_rank", true);
  const auto nope = k.whole("qk_nope_head_dim", true), rope = k.whole("qk_rope_head_dim", true);
  const auto v_head = k.whole("v_head_dim", true);
  if (!kv_rank || !nope || !rope || !v_head) return false;
  if (q_rank) k.set("q_lora_rank", *q_rank, "q_lora_rank");
  k.set("kv_lora_rank", *kv_rank, "kv_lora_rank"), k.set("qk_nope_head_dim", *nope, "qk_nope_head_dim");
  k.set("qk_rope_head_dim", *rope, "qk_rope_head_dim"), k.set("v_head_dim", *v_head, "v_head_dim");
  // V3's auxiliary-loss-free balancing keeps a learned bias per expert (e_score_correction_bias).
  const json* method = k.get("topk_method");
  if (v3 && method && method->is_string() && method->get<std::string>() == "noaux_tc")
    k.set("router_bias", true, "topk_method");
  k.fact("bias", false, "the deepseek architecture (no biases on its projections)");
  return true;
}

// GLM-4.5 (Glm4MoeForCausalLM): DeepSeek-V3's expert layout, with its sigmoid router's
// correction bias, over grouped-query attention with biases on Q, K and V (attention_bias), a
// head size of its own and optional QK-norm. Its partial rotary factor has no parameters.
bool glm4_moe(Keys& k) {
  if (!deepseek_experts(k, "glm4_moe")) return false;
  const json* bias = k.get("attention_bias");
  if (bias && bias->is_boolean() && bias->get<bool>()) k.set("qkv_bias", true, "attention_bias");
  const json* qk_norm = k.get("use_qk_norm");
  if (qk_norm && qk_norm->is_boolean() && qk_norm->get<bool>()) k.set("qk_norm", true, "use_qk_norm");
  k.fact("router_bias", true, "the glm4_moe architecture (its router keeps a correction bias per expert)");
  k.fact("bias", false, "the glm4_moe architecture (no biases beyond Q, K and V)");
  return true;
}

bool gpt_oss(Keys& k, std::int64_t layers, std::int64_t seq) {
  const auto experts = k.whole("num_local_experts", true), width = k.whole("intermediate_size", true);
  auto top_k = k.whole("num_experts_per_tok", false);
  if (!top_k) top_k = k.whole("experts_per_token", true);
  const auto window = k.whole("sliding_window", false);
  if (!experts || !width || !top_k) return false;
  k.set("experts", *experts, "num_local_experts"), k.set("expert_ffn", *width, "intermediate_size");
  k.set("top_k", *top_k, "num_experts_per_tok"),
      k.fact("ffn", *width, "the gpt_oss architecture (every MLP is experts)");
  k.fact("bias", true, "the gpt_oss architecture (biases on Q, K, V, the output and every expert)");
  k.fact("router_bias", true, "the gpt_oss architecture (the router has a bias)");
  k.fact("attention_sinks", true, "the gpt_oss architecture (a learned sink logit per head)");
  if (!window) return true;
  // layer_types lists each layer's attention; the engine needs a full layer every k-th.
  std::int64_t every = 0;
  if (const json* types = k.get("layer_types"); types && types->is_array()) {
    for (std::size_t i = 0; i < types->size(); ++i)
      if ((*types)[i] == "full_attention") {
        every = static_cast<std::int64_t>(i) + 1;
        break;
      }
    for (std::size_t i = 0; i < types->size(); ++i) {
      const bool full = every > 0 && (static_cast<std::int64_t>(i) + 1) % every == 0;
      if (((*types)[i] == "full_attention") != full)
        return k.refuse("layer_types",
                        "does not put a full-attention layer every k-th layer; the engine's sliding "
                        "pattern cannot count it.");
    }
    if (static_cast<std::int64_t>(types->size()) != layers)
      return k.refuse("layer_types", "lists " + std::to_string(types->size()) + " layers for " +
                                         std::to_string(layers) + " hidden layers.");
  } else {
    every = 2;  // GPT-OSS alternates sliding and full layers
    k.facts.assume("model.full_every", 2, "no layer_types: GPT-OSS alternates sliding and full attention");
  }
  if (*window < seq) {
    k.set("window", *window, "sliding_window");
    k.fact("full_every", every, "config.json \"layer_types\"");
  }
  return true;
}

bool llama4(Keys& k) {
  const auto experts = k.whole("num_local_experts", true), top_k = k.whole("num_experts_per_tok", true);
  const auto width = k.whole("intermediate_size", true), dense = k.whole("intermediate_size_mlp", false);
  const auto step = k.whole("interleave_moe_layer_step", false);
  if (!experts || !top_k || !width) return false;
  k.set("experts", *experts, "num_local_experts"), k.set("top_k", *top_k, "num_experts_per_tok");
  k.set("expert_ffn", *width, "intermediate_size");
  if (dense) k.set("ffn", *dense, "intermediate_size_mlp");
  k.fact("shared_experts", 1, "the llama4 architecture (one shared expert beside the routed ones)");
  k.fact("shared_expert_ffn", *width, "the llama4 architecture (the shared expert is intermediate_size wide)");
  if (step && *step > 1) k.set("moe_every", *step, "interleave_moe_layer_step");
  k.fact("bias", false, "the llama4 architecture (no biases on its projections)");
  // Llama 4's QK norm is an L2 norm without weights: nothing to count.
  k.get("use_qk_norm");
  return true;
}

bool qwen3_moe(Keys& k) {
  const auto step = k.whole("decoder_sparse_step", false);
  const json* dense = k.get("mlp_only_layers");
  if (dense && dense->is_array() && !dense->empty())
    return k.refuse("mlp_only_layers",
                    "lists layers without experts one by one; the engine's pattern is the first "
                    "dense_layers and then every k-th.");
  if (step && *step > 1) k.set("moe_every", *step, "decoder_sparse_step");
  return true;
}

}  // namespace

bool is_modern_hf_family(const std::string& type) {
  return type == "deepseek_v2" || type == "deepseek_v3" || type == "glm4_moe" || type == "gpt_oss" ||
         type == "llama4_text";
}

bool import_hf_modern(const Pasted& text, const json& config, const std::string& type, std::int64_t layers,
                      std::int64_t seq, RunFacts& facts, std::set<std::string>& used) {
  Keys k{text, config, facts, used};
  if (type == "deepseek_v2" || type == "deepseek_v3") return deepseek(k, type == "deepseek_v3");
  if (type == "glm4_moe") return glm4_moe(k);
  if (type == "gpt_oss") return gpt_oss(k, layers, seq);
  if (type == "llama4_text") return llama4(k);
  if (type == "qwen3_moe") return qwen3_moe(k);
  return true;
}

}  // namespace atlas
