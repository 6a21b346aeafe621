// Reading a request's model: the shape fields with their Hugging Face names where they have
// one, every value checked at its JSON pointer, and the shape written back the same way.
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

// Latent attention, shared experts, the MoE layer pattern, sliding windows and multi-token
// prediction: each checked against the rest of the shape.
void read_modern_shape(const Fields& f, ModelShape& m, Problems& problems) {
  const Range rank{0, 1e6, false, true};
  auto q_rank = f.integer("q_lora_rank", rank, 0);
  auto kv_rank = f.integer("kv_lora_rank", rank, 0);
  auto nope = f.integer("qk_nope_head_dim", rank, 0);
  auto rope = f.integer("qk_rope_head_dim", rank, 0);
  auto v_head = f.integer("v_head_dim", rank, 0);
  auto shared = f.integer("shared_experts", {0, 1e4, false, true}, 0);
  auto shared_ffn = f.integer("shared_expert_ffn", {1, 1e7}, m.expert_ffn);
  auto dense = f.integer("dense_layers", {0, 1e4, false, true, "layers"}, 0);
  auto every = f.integer("moe_every", {1, 1e4, false, true, "layers"}, 1);
  auto window = f.integer("window", {0, 1e8, false, true, "tokens"}, 0);
  auto full_every = f.integer("full_every", {0, 1e4, false, true, "layers"}, 0);
  auto sinks = f.boolean("attention_sinks", false);
  auto router_bias = f.boolean("router_bias", false);
  auto mtp = f.integer("mtp_layers", {0, 100, false, true, "modules"}, 0);
  if (!q_rank || !kv_rank || !nope || !rope || !v_head || !shared || !shared_ffn || !dense || !every || !window ||
      !full_every || !sinks || !router_bias || !mtp)
    return;
  m.mla = LatentAttention{*q_rank, *kv_rank, *nope, *rope, *v_head};
  if (m.mla.on() && (*nope == 0 || *rope == 0 || *v_head == 0)) {
    const char* missing = *nope == 0 ? "qk_nope_head_dim" : *rope == 0 ? "qk_rope_head_dim" : "v_head_dim";
    problems.error("latent_attention_incomplete",
                   std::string("Latent attention (kv_lora_rank > 0) needs ") + missing +
                       ": each head's width without rotary positions, its rotary part, and the value head.",
                   f.path_of(missing));
  }
  if (!m.mla.on() && (*q_rank > 0 || *nope > 0 || *rope > 0 || *v_head > 0))
    problems.error("latent_attention_incomplete",
                   "q_lora_rank and the qk_/v_head_dim widths describe latent attention, which needs kv_lora_rank.",
                   f.path_of("kv_lora_rank"));
  for (const auto& [key, value] :
       {std::pair<const char*, std::int64_t>{"kv_lora_rank", *kv_rank}, {"q_lora_rank", *q_rank}})
    if (value > m.hidden)
      problems.error("latent_rank",
                     std::string(key) + " = " + std::to_string(value) + " is larger than the hidden size " +
                         std::to_string(m.hidden) + ": a latent wider than the hidden state compresses nothing.",
                     f.path_of(key));
  m.shared_experts = *shared, m.shared_expert_ffn = *shared_ffn;
  if (m.shared_experts > 0 && !m.moe())
    problems.error("shared_experts_dense",
                   "shared_experts = " + std::to_string(m.shared_experts) +
                       " needs routed experts beside them (experts > 1); a dense "
                       "model's MLP is ffn.",
                   f.path_of("shared_experts"));
  m.dense_layers = *dense, m.moe_every = *every;
  if (m.moe() && m.moe_layer_count() == 0)
    problems.error("moe_pattern_empty",
                   "dense_layers = " + std::to_string(m.dense_layers) +
                       " and moe_every = " + std::to_string(m.moe_every) + " leave none of the " +
                       std::to_string(m.layers) + " layers with experts.",
                   f.path_of(m.dense_layers >= m.layers ? "dense_layers" : "moe_every"));
  m.window = *window, m.full_every = *full_every;
  if (m.window > m.seq)
    problems.error("window_longer_than_sequence",
                   "window = " + std::to_string(m.window) + " tokens is longer than the sequence (" +
                       std::to_string(m.seq) +
                       " tokens): every layer would see the whole sequence; set window to 0 for full attention.",
                   f.path_of("window"));
  if (m.window == 0 && m.full_every > 0)
    problems.error("full_every_without_window",
                   "full_every sets which layers attend fully among sliding ones; "
                   "it needs window > 0.",
                   f.path_of("full_every"));
  m.attention_sinks = *sinks, m.router_bias = *router_bias && m.moe();
  m.mtp_layers = *mtp;
}

}  // namespace

std::optional<ModelShape> read_model(const json& request, Problems& problems) {
  const std::size_t before = problems.errors().size();
  auto merged = merged_section(request, "model", "models", problems);
  if (!merged) return std::nullopt;
  const Fields f(*merged, "/model", problems);
  if (request.contains("model") && request["model"].is_object())
    Fields(request["model"], "/model", problems)
        .warn_unknown({"preset",
                       "layers",
                       "hidden",
                       "heads",
                       "kv_heads",
                       "ffn",
                       "vocab",
                       "seq",
                       "position",
                       "mlp",
                       "norm",
                       "bias",
                       "qkv_bias",
                       "dropout",
                       "tied_embeddings",
                       "experts",
                       "top_k",
                       "expert_ffn",
                       "head_dim",
                       "qk_norm",
                       "q_lora_rank",
                       "kv_lora_rank",
                       "qk_nope_head_dim",
                       "qk_rope_head_dim",
                       "v_head_dim",
                       "shared_experts",
                       "shared_expert_ffn",
                       "dense_layers",
                       "moe_every",
                       "window",
                       "full_every",
                       "attention_sinks",
                       "router_bias",
                       "mtp_layers"});
  ModelShape m;
  auto layers = f.integer("layers", {1, 1e4});
  auto hidden = f.integer("hidden", {1, 1e6});
  auto heads = f.integer("heads", {1, 1e5});
  auto vocab = f.integer("vocab", {1, 1e8});
  auto seq = f.integer("seq", {1, 1e8});
  auto kv = f.integer("kv_heads", {1, 1e5}, heads ? *heads : 1);
  auto ffn = f.integer("ffn", {1, 1e7}, hidden ? 4 * *hidden : 1);
  auto position = f.choice("position", {"learned", "rotary"}, std::string("learned"));
  auto mlp = f.choice("mlp", {"gelu", "swiglu"}, std::string("gelu"));
  auto norm = f.choice("norm", {"layernorm", "rmsnorm"}, std::string("layernorm"));
  auto bias = f.boolean("bias", true);
  auto qkv_bias = f.boolean("qkv_bias", false);
  auto dropout = f.boolean("dropout", true);
  auto tied = f.boolean("tied_embeddings", true);
  auto experts = f.integer("experts", {1, 1e4}, 1);
  auto top_k = f.integer("top_k", {1, 1e4}, 1);
  auto expert_ffn = f.integer("expert_ffn", {1, 1e7}, ffn ? *ffn : 1);
  // 0: hidden ÷ heads, as a plan gives it back when the model does not set its own.
  auto head_dim = f.integer("head_dim", {0, 1e5, false, true}, 0);
  auto qk_norm = f.boolean("qk_norm", false);
  if (problems.errors().size() != before) return std::nullopt;
  m.layers = *layers, m.hidden = *hidden, m.heads = *heads, m.kv_heads = *kv, m.ffn = *ffn;
  m.vocab = *vocab, m.seq = *seq;
  m.learned_positions = *position == "learned";
  m.swiglu = *mlp == "swiglu";
  m.rmsnorm = *norm == "rmsnorm";
  m.bias = *bias, m.qkv_bias = *qkv_bias && !*bias, m.dropout = *dropout, m.tied_embeddings = *tied;
  m.experts = *experts, m.top_k = *top_k, m.expert_ffn = *expert_ffn;
  m.qk_norm = qk_norm.value_or(false);
  // A head size that is hidden ÷ heads is the default one: keep one representation of it.
  if (head_dim && *head_dim > 0 && *head_dim * m.heads != m.hidden) m.head_size = *head_dim;
  read_modern_shape(f, m, problems);
  if (m.head_size == 0 && !m.mla.on() && m.hidden % m.heads != 0)
    problems.error("heads_hidden",
                   std::to_string(m.heads) + " heads do not divide the hidden size " + std::to_string(m.hidden) + ".",
                   "/model/heads");
  if (m.heads % m.kv_heads != 0)
    problems.error(
        "kv_heads",
        std::to_string(m.kv_heads) + " key/value heads do not divide " + std::to_string(m.heads) + " query heads.",
        "/model/kv_heads");
  if (m.top_k > m.experts)
    problems.error(
        "top_k", "top_k = " + std::to_string(m.top_k) + " is more than the " + std::to_string(m.experts) + " experts.",
        "/model/top_k");
  if (problems.errors().size() != before) return std::nullopt;
  return m;
}

json to_json(const ModelShape& m) {
  json j{{"layers", m.layers},
         {"hidden", m.hidden},
         {"heads", m.heads},
         {"kv_heads", m.kv_heads},
         {"ffn", m.ffn},
         {"vocab", m.vocab},
         {"seq", m.seq},
         {"position", m.learned_positions ? "learned" : "rotary"},
         {"mlp", m.swiglu ? "swiglu" : "gelu"},
         {"norm", m.rmsnorm ? "rmsnorm" : "layernorm"},
         {"bias", m.bias},
         {"dropout", m.dropout},
         {"tied_embeddings", m.tied_embeddings},
         {"experts", m.experts}};
  if (m.moe()) j["top_k"] = m.top_k, j["expert_ffn"] = m.expert_ffn;
  if (m.qkv_bias) j["qkv_bias"] = true;
  if (m.head_size > 0) j["head_dim"] = m.head_size;
  if (m.qk_norm) j["qk_norm"] = true;
  if (m.mla.on()) {
    if (m.mla.q_rank > 0) j["q_lora_rank"] = m.mla.q_rank;
    j["kv_lora_rank"] = m.mla.kv_rank, j["qk_nope_head_dim"] = m.mla.qk_nope;
    j["qk_rope_head_dim"] = m.mla.qk_rope, j["v_head_dim"] = m.mla.v_head;
  }
  if (m.shared_experts > 0) j["shared_experts"] = m.shared_experts, j["shared_expert_ffn"] = m.shared_expert_ffn;
  if (m.moe() && m.dense_layers > 0) j["dense_layers"] = m.dense_layers;
  if (m.moe() && m.moe_every > 1) j["moe_every"] = m.moe_every;
  if (m.window > 0) j["window"] = m.window, j["full_every"] = m.full_every;
  if (m.attention_sinks) j["attention_sinks"] = true;
  if (m.router_bias) j["router_bias"] = true;
  if (m.mtp_layers > 0) j["mtp_layers"] = m.mtp_layers;
  return j;
}

}  // namespace atlas
