#include "atlas/training/model.hpp"

namespace atlas {

namespace {

double norm_parameters(const ModelShape& m) { return static_cast<double>(m.hidden) * (m.rmsnorm ? 1.0 : 2.0); }

}  // namespace

LayerParameters layer_parameters(const ModelShape& m) {
  const double h = static_cast<double>(m.hidden);
  const double kv = m.kv_width(), q = m.q_width();
  const double f = static_cast<double>(m.mlp_width());
  const double bias = m.bias ? 1.0 : 0.0;
  LayerParameters p;
  // Q, K, V are column-parallel (weights and biases split); the output projection is
  // row-parallel, so its bias is added after the all-reduce and lives on every rank.
  p.attention_linear = h * (q + 2 * kv) + q * h;
  p.sharded = p.attention_linear + (m.bias || m.qkv_bias ? 1.0 : 0.0) * (q + 2 * kv);
  // QK-norm: one RMSNorm weight of a head's width for the queries and one for the keys.
  p.replicated = bias * h + 2 * norm_parameters(m) + (m.qk_norm ? 2.0 * m.head_dim() : 0.0);
  // One MLP: fc1 (or gate and up) column-parallel, fc2 row-parallel.
  const double up_matrices = m.swiglu ? 2.0 : 1.0;
  const double mlp_weights = (up_matrices + 1.0) * h * f;
  const double mlp_split_bias = bias * up_matrices * f;
  const double mlp_replicated_bias = bias * h;
  if (m.moe()) {
    const double e = static_cast<double>(m.experts);
    p.expert = e * (mlp_weights + mlp_split_bias + mlp_replicated_bias);
    p.replicated += h * e;  // router
    p.mlp_active = static_cast<double>(m.top_k) * mlp_weights;
  } else {
    p.sharded += mlp_weights + mlp_split_bias;
    p.replicated += mlp_replicated_bias;
    p.mlp_active = mlp_weights;
  }
  return p;
}

EmbeddingParameters embedding_parameters(const ModelShape& m) {
  const double h = static_cast<double>(m.hidden);
  EmbeddingParameters e;
  e.word = static_cast<double>(m.vocab) * h;
  e.position = m.learned_positions ? static_cast<double>(m.seq) * h : 0.0;
  e.final_norm = norm_parameters(m);
  e.head = m.tied_embeddings ? 0.0 : e.word;
  return e;
}

double parameter_count(const ModelShape& m) {
  return static_cast<double>(m.layers) * layer_parameters(m).total() + embedding_parameters(m).total();
}

double megatron_eq2_parameters(std::int64_t layers, std::int64_t hidden, std::int64_t vocab, std::int64_t seq) {
  const double l = static_cast<double>(layers), h = static_cast<double>(hidden);
  return 12.0 * l * h * h * (1.0 + 13.0 / (12.0 * h) + static_cast<double>(vocab + seq) / (12.0 * l * h));
}

double megatron_eq4_seconds(double tokens, double parameters, double gpus, double flops_per_gpu) {
  return 8.0 * tokens * parameters / (gpus * flops_per_gpu);
}

double layer_forward_flops(const ModelShape& m, double tokens, double context) {
  return layer_forward_flops(layer_parameters(m), m, tokens, context);
}

double op_selective_recomputed_share(const ModelShape& m) {
  // Each matmul's FLOPs per token are proportional to its width here (they share the hidden size).
  const double q = m.q_width(), kv = m.kv_width();
  const double f = static_cast<double>(m.mlp_width()) * static_cast<double>(m.moe() ? m.top_k : 1);
  const double mlp_matmuls = m.swiglu ? 3.0 : 2.0;
  return (kv + q + f) / (2.0 * q + 2.0 * kv + mlp_matmuls * f);
}

double model_flops(const ModelShape& m, double samples) {
  const double s = static_cast<double>(m.seq);
  const double tokens = samples * s;
  return 3.0 * (static_cast<double>(m.layers) * layer_forward_flops(m, tokens, s) + head_forward_flops(m, tokens));
}

}  // namespace atlas
