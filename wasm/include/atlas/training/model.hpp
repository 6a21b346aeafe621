// Transformer shapes and what follows from them exactly: parameter counts (per layer, per
// tensor-parallel rank) and FLOPs. Megatron-LM 2021 eq. (2) is the special case of a GPT with
// biases, LayerNorm, learned positions, tied embeddings and a 4h GeLU MLP.
#pragma once

#include <cstdint>

namespace atlas {

struct ModelShape {
  std::int64_t layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn = 0, vocab = 0, seq = 0;
  bool learned_positions = true;
  bool swiglu = false;    // gate + up + down projections instead of fc1/fc2
  bool rmsnorm = false;   // weight only; LayerNorm has weight and bias
  bool bias = true;       // biases on the linear layers
  bool qkv_bias = false;  // biases on Q, K and V only (Qwen2), when `bias` is off
  bool dropout = true;    // dropout masks are stored for backward (Korthikanti's accounting)
  bool tied_embeddings = true;
  bool qk_norm = false;      // an RMSNorm over each head's queries and keys (Qwen3, OLMo 2, Gemma 3)
  std::int64_t experts = 1;  // 1 = dense MLP
  std::int64_t top_k = 1;
  std::int64_t expert_ffn = 0;
  std::int64_t head_size = 0;  // each head's width when it is not hidden ÷ heads (0: it is)

  bool moe() const { return experts > 1; }
  double head_dim() const {
    return head_size > 0 ? static_cast<double>(head_size) : static_cast<double>(hidden) / static_cast<double>(heads);
  }
  /// Width of the queries and of the attention output: heads × head size (the hidden size unless
  /// the model sets its own head size, as Qwen3 and Gemma do).
  double q_width() const { return head_dim() * static_cast<double>(heads); }
  double kv_width() const { return head_dim() * static_cast<double>(kv_heads); }
  std::int64_t mlp_width() const { return moe() ? expert_ffn : ffn; }
};

/// Parameters of one transformer layer, split by how tensor parallelism treats them.
struct LayerParameters {
  double sharded = 0;           // divided over tp ranks (column/row-parallel weights and their split biases)
  double replicated = 0;        // copied on every tp rank (norms, row-parallel output biases, router)
  double expert = 0;            // all experts' weights (sharded over tp and ep); 0 for dense models
  double attention_linear = 0;  // weights of Q, K, V and output projections (for FLOPs)
  double mlp_active = 0;        // MLP weights one token passes through (top_k experts for MoE)
  double total() const { return sharded + replicated + expert; }
};

LayerParameters layer_parameters(const ModelShape& m);

/// Word embedding (V·h), learned positions (s·h), final norm, and an untied output head.
struct EmbeddingParameters {
  double word = 0, position = 0, final_norm = 0, head = 0;
  double total() const { return word + position + final_norm + head; }
};

EmbeddingParameters embedding_parameters(const ModelShape& m);

/// Exact parameter count of the whole model.
double parameter_count(const ModelShape& m);

/// Megatron-LM 2021 eq. (2): 12 l h² (1 + 13/(12h) + (V + s)/(12 l h)).
double megatron_eq2_parameters(std::int64_t layers, std::int64_t hidden, std::int64_t vocab, std::int64_t seq);

/// Megatron-LM 2021 eq. (4): end-to-end training time ≈ 8 T P / (n X) seconds.
double megatron_eq4_seconds(double tokens, double parameters, double gpus, double flops_per_gpu);

/// Forward FLOPs of just the attention core (QKᵀ and attention·V): what selective recompute redoes.
/// QKᵀ and scores·V, each 2·(tokens·context·h) for h = heads·head_dim.
inline double attention_core_forward_flops(const ModelShape& m, double tokens, double context) {
  return 4.0 * tokens * context * m.q_width();
}
/// Forward FLOPs of one layer for `tokens` query tokens attending over `context` keys
/// (matmuls only, 2 FLOPs per multiply-add; full s² attention as Megatron counts it).
/// The second form takes the layer's parameters when the caller already has them.
inline double layer_forward_flops(const LayerParameters& p, const ModelShape& m, double tokens, double context) {
  return 2.0 * tokens * (p.attention_linear + p.mlp_active) + attention_core_forward_flops(m, tokens, context);
}
double layer_forward_flops(const ModelShape& m, double tokens, double context);
/// torchtitan's operator-level selective checkpointing saves the output of every odd-numbered
/// matmul of a layer in call order (Q, K, V, output; then gate, up, down, or fc1, fc2) and
/// redoes the even ones (K, output, up or fc2). This is their share of the layer's matmul
/// forward FLOPs.
double op_selective_recomputed_share(const ModelShape& m);
/// Forward FLOPs of the output projection to the vocabulary.
inline double head_forward_flops(const ModelShape& m, double tokens) {
  return 2.0 * tokens * static_cast<double>(m.hidden) * static_cast<double>(m.vocab);
}

/// Model FLOPs of one training step on `samples` sequences (forward + backward = 3× forward,
/// no recomputation) — Korthikanti's "model FLOPs".
double model_flops(const ModelShape& m, double samples);

}  // namespace atlas
