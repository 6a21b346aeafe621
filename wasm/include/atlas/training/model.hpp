// Transformer shapes and what follows from them exactly: parameter counts (per layer, per
// tensor-parallel rank) and FLOPs. Megatron-LM 2021 eq. (2) is the special case of a GPT with
// biases, LayerNorm, learned positions, tied embeddings and a 4h GeLU MLP.
#pragma once

#include <algorithm>
#include <cstdint>

namespace atlas {

/// Multi-head latent attention (DeepSeek-V2/V3): keys and values are expanded per head from one
/// shared low-rank latent, and queries optionally pass through their own low-rank projection.
/// Each query and key head is qk_nope + qk_rope wide; the rotary part of the key is one head
/// shared by all heads, so the cache holds only the latent and that key.
struct LatentAttention {
  std::int64_t q_rank = 0;   // 0: queries projected directly from the hidden state
  std::int64_t kv_rank = 0;  // 0: no latent attention
  std::int64_t qk_nope = 0, qk_rope = 0, v_head = 0;
  bool on() const { return kv_rank > 0; }
};

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
  LatentAttention mla;
  // Experts every token passes through beside the routed ones (DeepSeek, Llama 4), each a gated
  // MLP of shared_expert_ffn; they are dense weights, split over tp like a dense MLP.
  std::int64_t shared_experts = 0, shared_expert_ffn = 0;
  // Which layers have experts: none of the first dense_layers (DeepSeek's first_k_dense_replace),
  // then layer i (from 0) when (i + 1) is a multiple of moe_every (Qwen's decoder_sparse_step,
  // Llama 4's interleave step); the others have a dense MLP of `ffn`.
  std::int64_t dense_layers = 0, moe_every = 1;
  // Sliding-window attention: a layer attends to at most `window` keys, except layer i when
  // (i + 1) is a multiple of full_every (0: every layer slides). window 0: every layer is full.
  std::int64_t window = 0, full_every = 0;
  bool attention_sinks = false;  // a learned logit per head (GPT-OSS): one scalar per head and layer
  bool router_bias = false;      // a bias per expert on the router (GPT-OSS; DeepSeek's score correction)
  // Multi-token prediction (DeepSeek-V3): each module is one more layer of the model's last kind
  // with a 2h → h projection and three norms, predicting one more token through the output head.
  std::int64_t mtp_layers = 0;

  bool moe() const { return experts > 1; }
  bool moe_layer(std::int64_t i) const { return moe() && i >= dense_layers && (i + 1) % moe_every == 0; }
  bool sliding_layer(std::int64_t i) const { return window > 0 && !(full_every > 0 && (i + 1) % full_every == 0); }
  /// Expert layers among `count` layers from `first` (every layer when count < 0).
  std::int64_t moe_layer_count(std::int64_t first = 0, std::int64_t count = -1) const;
  std::int64_t sliding_layer_count() const;
  /// Every layer the same kind: the per-layer formulas apply to it as written.
  bool uniform() const;
  double head_dim() const {
    return head_size > 0 ? static_cast<double>(head_size) : static_cast<double>(hidden) / static_cast<double>(heads);
  }
  /// Width of one query (and key) head as attention's QKᵀ sees it, and of one value head.
  double qk_head_dim() const { return mla.on() ? static_cast<double>(mla.qk_nope + mla.qk_rope) : head_dim(); }
  double v_head_dim() const { return mla.on() ? static_cast<double>(mla.v_head) : head_dim(); }
  /// Width of the queries: heads × head size (the hidden size unless the model sets its own head
  /// size, as Qwen3 and Gemma do, or uses latent attention).
  double q_width() const { return qk_head_dim() * static_cast<double>(heads); }
  /// Width of the attention output (the output projection's input): heads × value head size.
  double out_width() const { return v_head_dim() * static_cast<double>(heads); }
  /// The mean of the key and value widths, so that 2 × kv_width is K and V together. Under latent
  /// attention K and V are expanded per head (heads × (qk_nope + qk_rope), heads × v_head), as
  /// Megatron's and FlashAttention's kernels take them.
  double kv_width() const {
    if (mla.on()) return 0.5 * static_cast<double>(heads) * (qk_head_dim() + v_head_dim());
    return head_dim() * static_cast<double>(kv_heads);
  }
  std::int64_t mlp_width() const { return moe() ? expert_ffn : ffn; }
  /// MLP width one token passes through in a layer of this shape's kind: top_k experts and the
  /// shared ones in an expert layer, the dense MLP otherwise.
  double active_mlp_width() const {
    return moe() ? static_cast<double>(top_k * expert_ffn + shared_experts * shared_expert_ffn)
                 : static_cast<double>(ffn);
  }
  /// Keys a query of a layer of this kind attends to, out of `context`.
  double attended(double context) const {
    return window > 0 && full_every == 0 ? std::min(context, static_cast<double>(window)) : context;
  }
};

/// The model's layers by kind (dense or expert MLP, full or sliding attention), each as a shape
/// whose every layer is that kind, with how many layers it stands for. Per-layer figures of a
/// mixed model are the count-weighted mean of its kinds' figures, so sums over layers are exact.
struct LayerKind {
  ModelShape shape;
  double count = 0;
};
struct LayerKinds {
  LayerKind kinds[4];
  int size = 0;
};
/// The kinds of layers first … first + count − 1 (all layers when count < 0).
LayerKinds layer_kinds(const ModelShape& m, std::int64_t first = 0, std::int64_t count = -1);

/// The count-weighted mean of `f(kind shape)` over the model's layers.
template <class F>
double mean_over_layers(const ModelShape& m, F f) {
  if (m.uniform()) return f(m);
  const LayerKinds k = layer_kinds(m);
  double sum = 0;
  for (int i = 0; i < k.size; ++i) sum += k.kinds[i].count * f(k.kinds[i].shape);
  return sum / static_cast<double>(m.layers);
}

/// Parameters of one transformer layer, split by how tensor parallelism treats them.
struct LayerParameters {
  double sharded = 0;           // divided over tp ranks (column/row-parallel weights and their split biases)
  double replicated = 0;        // copied on every tp rank (norms, row-parallel output biases, router)
  double expert = 0;            // all experts' weights (sharded over tp and ep); 0 for dense models
  double attention_linear = 0;  // weights of Q, K, V and output projections (for FLOPs)
  double mlp_active = 0;        // MLP weights one token passes through (top_k and shared experts for MoE)
  double total() const { return sharded + replicated + expert; }
};

/// One layer's parameters: for a model whose layers differ (dense and expert MLPs), the mean
/// over its layers, so that layers × it is the exact sum.
LayerParameters layer_parameters(const ModelShape& m);

/// Word embedding (V·h), learned positions (s·h), final norm, an untied output head, and the
/// multi-token-prediction modules: their own layer, 2h → h projection and norms (`mtp`), and the
/// embedding and head copies the released checkpoints store with each (`mtp_copies`; training
/// shares them with the main model).
struct EmbeddingParameters {
  double word = 0, position = 0, final_norm = 0, head = 0, mtp = 0, mtp_copies = 0;
  double total() const { return word + position + final_norm + head + mtp + mtp_copies; }
};

EmbeddingParameters embedding_parameters(const ModelShape& m);
/// One multi-token-prediction module's layer (a layer of the model's last kind).
LayerParameters mtp_layer_parameters(const ModelShape& m);

/// Exact parameter count of the whole model as released (multi-token-prediction modules with
/// their embedding and head copies included).
double parameter_count(const ModelShape& m);
/// Parameters one token passes through (top_k and shared experts; every dense weight).
double active_parameter_count(const ModelShape& m);

/// Megatron-LM 2021 eq. (2): 12 l h² (1 + 13/(12h) + (V + s)/(12 l h)).
double megatron_eq2_parameters(std::int64_t layers, std::int64_t hidden, std::int64_t vocab, std::int64_t seq);

/// Megatron-LM 2021 eq. (4): end-to-end training time ≈ 8 T P / (n X) seconds.
double megatron_eq4_seconds(double tokens, double parameters, double gpus, double flops_per_gpu);

/// Forward FLOPs of just the attention core (QKᵀ and attention·V): what selective recompute
/// redoes. Per layer 2·tokens·keys·heads·(qk head + v head), the keys capped at the window in a
/// sliding layer; the mean over the model's layers.
double attention_core_forward_flops(const ModelShape& m, double tokens, double context);
/// Forward FLOPs of one (mean) layer for `tokens` query tokens attending over `context` keys
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
/// Forward FLOPs of the multi-token-prediction modules: each a layer, its 2h → h projection and
/// one more pass through the output head.
double mtp_forward_flops(const ModelShape& m, double tokens, double context);

/// Model FLOPs of one training step on `samples` sequences (forward + backward = 3× forward,
/// no recomputation) — Korthikanti's "model FLOPs".
double model_flops(const ModelShape& m, double samples);

}  // namespace atlas
