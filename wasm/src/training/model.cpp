#include "atlas/training/model.hpp"

namespace atlas {

namespace {

double norm_parameters(const ModelShape& m) { return static_cast<double>(m.hidden) * (m.rmsnorm ? 1.0 : 2.0); }

// Latent attention's projections. The down projections (to the query and key-value latents, and
// the shared rotary key) are replicated on every tp rank, as Megatron-Core builds them; the up
// projections and the output projection are split by heads.
void latent_attention(const ModelShape& m, LayerParameters& p) {
  const double h = static_cast<double>(m.hidden), heads = static_cast<double>(m.heads);
  const LatentAttention& a = m.mla;
  const double q_rank = static_cast<double>(a.q_rank), kv_rank = static_cast<double>(a.kv_rank);
  const double q_up = (q_rank > 0 ? q_rank : h) * m.q_width();
  const double q_down = q_rank > 0 ? h * q_rank : 0.0;
  const double kv_down = h * (kv_rank + static_cast<double>(a.qk_rope));
  const double kv_up = kv_rank * heads * (static_cast<double>(a.qk_nope) + m.v_head_dim());
  const double out = m.out_width() * h;
  p.attention_linear = q_up + q_down + kv_down + kv_up + out;
  p.sharded = q_up + kv_up + out;
  p.replicated = q_down + kv_down + q_rank + kv_rank;  // and the latents' RMSNorm weights
}

// One layer of a shape whose every layer is the same kind.
LayerParameters uniform_layer_parameters(const ModelShape& m) {
  const double h = static_cast<double>(m.hidden);
  const double kv = m.kv_width(), q = m.q_width();
  const double f = static_cast<double>(m.mlp_width());
  const double bias = m.bias ? 1.0 : 0.0;
  LayerParameters p;
  if (m.mla.on()) {
    latent_attention(m, p);
  } else {
    // Q, K, V are column-parallel (weights and biases split); the output projection is
    // row-parallel, so its bias is added after the all-reduce and lives on every rank.
    p.attention_linear = h * (q + 2 * kv) + m.out_width() * h;
    p.sharded = p.attention_linear + (m.bias || m.qkv_bias ? 1.0 : 0.0) * (q + 2 * kv);
    p.replicated = bias * h;
  }
  // QK-norm: one RMSNorm weight of a head's width for the queries and one for the keys.
  p.replicated += 2 * norm_parameters(m) + (m.qk_norm ? 2.0 * m.head_dim() : 0.0);
  if (m.attention_sinks) p.sharded += static_cast<double>(m.heads);  // split with the heads
  // One MLP: fc1 (or gate and up) column-parallel, fc2 row-parallel.
  const double up_matrices = m.swiglu ? 2.0 : 1.0;
  const auto mlp = [&](double width) { return (up_matrices + 1.0) * h * width; };
  const auto split_bias = [&](double width) { return bias * up_matrices * width; };
  if (m.moe()) {
    const double e = static_cast<double>(m.experts);
    p.expert = e * (mlp(f) + split_bias(f) + bias * h);
    p.replicated += h * e + (m.router_bias ? e : 0.0);  // router
    // Shared experts are dense weights every token uses: split over tp like a dense MLP.
    const double shared = static_cast<double>(m.shared_experts * m.shared_expert_ffn);
    p.sharded += mlp(shared) + split_bias(shared);
    p.replicated += m.shared_experts > 0 ? bias * h : 0.0;
    p.mlp_active = static_cast<double>(m.top_k) * mlp(f) + mlp(shared);
  } else {
    p.sharded += mlp(f) + split_bias(f);
    p.replicated += bias * h;
    p.mlp_active = mlp(f);
  }
  return p;
}

}  // namespace

bool ModelShape::uniform() const {
  const bool mlp_same = !moe() || (dense_layers == 0 && moe_every == 1);
  const bool attention_same = window == 0 || full_every == 0;
  return mlp_same && attention_same;
}

std::int64_t ModelShape::moe_layer_count(std::int64_t first, std::int64_t count) const {
  const std::int64_t end = count < 0 ? layers : first + count;
  std::int64_t n = 0;
  for (std::int64_t i = first; i < end; ++i) n += moe_layer(i) ? 1 : 0;
  return n;
}

std::int64_t ModelShape::sliding_layer_count() const {
  std::int64_t n = 0;
  for (std::int64_t i = 0; i < layers; ++i) n += sliding_layer(i) ? 1 : 0;
  return n;
}

LayerKinds layer_kinds(const ModelShape& m, std::int64_t first, std::int64_t count) {
  LayerKinds out;
  double counts[4] = {0, 0, 0, 0};
  const std::int64_t end = count < 0 ? m.layers : std::min(m.layers, first + count);
  for (std::int64_t i = first; i < end; ++i) counts[(m.moe_layer(i) ? 1 : 0) + (m.sliding_layer(i) ? 2 : 0)] += 1;
  for (int kind = 0; kind < 4; ++kind) {
    if (counts[kind] == 0) continue;
    ModelShape v = m;
    if (kind & 1) {
      v.dense_layers = 0, v.moe_every = 1;
    } else {
      v.experts = 1, v.top_k = 1, v.shared_experts = 0, v.dense_layers = 0, v.moe_every = 1;
    }
    if (kind & 2)
      v.full_every = 0;
    else
      v.window = 0, v.full_every = 0;
    out.kinds[out.size++] = LayerKind{v, counts[kind]};
  }
  return out;
}

LayerParameters layer_parameters(const ModelShape& m) {
  if (m.uniform()) return uniform_layer_parameters(m);
  LayerParameters mean;
  const LayerKinds k = layer_kinds(m);
  const double n = static_cast<double>(m.layers);
  for (int i = 0; i < k.size; ++i) {
    const LayerParameters p = uniform_layer_parameters(k.kinds[i].shape);
    const double w = k.kinds[i].count / n;
    mean.sharded += w * p.sharded, mean.replicated += w * p.replicated, mean.expert += w * p.expert;
    mean.attention_linear += w * p.attention_linear, mean.mlp_active += w * p.mlp_active;
  }
  return mean;
}

LayerParameters mtp_layer_parameters(const ModelShape& m) {
  // The module's layer is of the kind the model's last layer has.
  return uniform_layer_parameters(layer_kinds(m, m.layers - 1, 1).kinds[0].shape);
}

EmbeddingParameters embedding_parameters(const ModelShape& m) {
  const double h = static_cast<double>(m.hidden);
  EmbeddingParameters e;
  e.word = static_cast<double>(m.vocab) * h;
  e.position = m.learned_positions ? static_cast<double>(m.seq) * h : 0.0;
  e.final_norm = norm_parameters(m);
  e.head = m.tied_embeddings ? 0.0 : e.word;
  if (m.mtp_layers > 0) {
    const double k = static_cast<double>(m.mtp_layers);
    // DeepSeek-V3's module: norms on the hidden state and on the next token's embedding, their
    // concatenation projected 2h → h, a layer, and the norm before the shared head.
    e.mtp = k * (mtp_layer_parameters(m).total() + 2.0 * h * h + 3.0 * norm_parameters(m));
    e.mtp_copies = k * 2.0 * e.word;
  }
  return e;
}

double parameter_count(const ModelShape& m) {
  return static_cast<double>(m.layers) * layer_parameters(m).total() + embedding_parameters(m).total();
}

double active_parameter_count(const ModelShape& m) {
  // The routed experts a token skips: all but top_k of each expert layer's.
  const double skipped = mean_over_layers(m, [](const ModelShape& v) {
    return v.moe() ? uniform_layer_parameters(v).expert *
                         (1.0 - static_cast<double>(v.top_k) / static_cast<double>(v.experts))
                   : 0.0;
  });
  const EmbeddingParameters e = embedding_parameters(m);
  return static_cast<double>(m.layers) * (layer_parameters(m).total() - skipped) + e.word + e.position + e.final_norm +
         e.head;
}

double megatron_eq2_parameters(std::int64_t layers, std::int64_t hidden, std::int64_t vocab, std::int64_t seq) {
  const double l = static_cast<double>(layers), h = static_cast<double>(hidden);
  return 12.0 * l * h * h * (1.0 + 13.0 / (12.0 * h) + static_cast<double>(vocab + seq) / (12.0 * l * h));
}

double megatron_eq4_seconds(double tokens, double parameters, double gpus, double flops_per_gpu) {
  return 8.0 * tokens * parameters / (gpus * flops_per_gpu);
}

double attention_core_forward_flops(const ModelShape& m, double tokens, double context) {
  return mean_over_layers(m, [&](const ModelShape& v) {
    return 2.0 * tokens * v.attended(context) * static_cast<double>(v.heads) * (v.qk_head_dim() + v.v_head_dim());
  });
}

double layer_forward_flops(const ModelShape& m, double tokens, double context) {
  return layer_forward_flops(layer_parameters(m), m, tokens, context);
}

double op_selective_recomputed_share(const ModelShape& m) {
  // Each matmul's FLOPs per token are proportional to its width here (they share the hidden size).
  // The even-numbered matmuls run again: K, the output projection and one of the MLP's; the
  // routed experts' grouped GEMMs all of them (torch._grouped_mm is in no save list).
  const double q = m.q_width(), kv = m.kv_width();
  const double mlp_matmuls = m.swiglu ? 3.0 : 2.0;
  const double f = mean_over_layers(m, [](const ModelShape& v) { return v.active_mlp_width(); });
  const double routed = mean_over_layers(
      m, [](const ModelShape& v) { return v.moe() ? static_cast<double>(v.top_k * v.expert_ffn) : 0.0; });
  return (kv + q + (f - routed) + mlp_matmuls * routed) / (2.0 * q + 2.0 * kv + mlp_matmuls * f);
}

double mtp_forward_flops(const ModelShape& m, double tokens, double context) {
  if (m.mtp_layers == 0) return 0;
  const double h = static_cast<double>(m.hidden);
  const LayerParameters p = mtp_layer_parameters(m);
  const double layer = 2.0 * tokens * (p.attention_linear + p.mlp_active) +
                       2.0 * tokens * context * static_cast<double>(m.heads) * (m.qk_head_dim() + m.v_head_dim());
  return static_cast<double>(m.mtp_layers) * (layer + 2.0 * tokens * 2.0 * h * h + head_forward_flops(m, tokens));
}

double model_flops(const ModelShape& m, double samples) {
  const double s = static_cast<double>(m.seq);
  const double tokens = samples * s;
  return 3.0 * (static_cast<double>(m.layers) * layer_forward_flops(m, tokens, s) + head_forward_flops(m, tokens) +
                mtp_forward_flops(m, tokens, s));
}

}  // namespace atlas
