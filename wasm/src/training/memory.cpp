#include "atlas/training/memory.hpp"

#include <algorithm>

#include "atlas/training/recompute.hpp"

namespace atlas {

namespace {

// One layer of a shape whose every layer is alike.
double uniform_activation_bytes(const ModelShape& m, double micro, std::int64_t tp, std::int64_t cp,
                                bool sequence_parallel, Recompute recompute, bool flash, std::uint8_t modules) {
  const double t = static_cast<double>(tp);
  const double s = static_cast<double>(m.seq) / static_cast<double>(cp);  // query tokens on this device
  const double context = m.attended(static_cast<double>(m.seq));          // keys each query attends to
  const double sbh = s * micro * static_cast<double>(m.hidden);
  // Tensors outside the tensor-parallel region are replicated on every tp rank unless
  // sequence parallelism splits them along the sequence.
  const double outside_split = sequence_parallel ? t : 1.0;
  if (recompute == Recompute::full) return 2.0 * sbh / outside_split;  // only the layer input

  const double sb = s * micro;
  const double h = static_cast<double>(m.hidden);
  const double kv = m.kv_width();
  const double f = m.active_mlp_width();
  const double mask = m.dropout ? 1.0 : 0.0;
  if (recompute == Recompute::op_selective) {
    // torchtitan's policy keeps the layer input, the odd-numbered matmul outputs (Q, V, gate or
    // fc1, and SwiGLU's down projection), the attention output and FlashAttention's statistics.
    // Only aten.mm counts as a matmul there: the routed experts run as torch._grouped_mm, which
    // no save list names (torchtitan's per-model lists of 2025, and PyTorch's compute-intensive
    // ops its 2026 policy takes), so they keep nothing and are run again in backward from the
    // layer input; an expert layer's kept matmul is its shared experts'.
    const double kept_mlp = m.moe() ? static_cast<double>(m.shared_experts * m.shared_expert_ffn) : f;
    const double outside = sb * 2.0 * h * (m.swiglu ? 2.0 : 1.0);
    const double inside = sb * 2.0 * (m.q_width() + kv + m.out_width() + kept_mlp);
    const double stats = flash ? 4.0 * static_cast<double>(m.heads) * s * micro : 0.0;
    const double scores = flash ? 0.0 : (2.0 + 3.0 * mask) * static_cast<double>(m.heads) * s * context * micro;
    return outside / outside_split + (inside + stats + scores) / t;
  }
  // Outside: two norm inputs, the QKV input and the MLP input (2 B each), two dropout masks (1 B).
  const double outside = sb * (4 * 2.0 * h + 2 * mask * h);
  // Inside: Q, K, V, the output-projection input, and the MLP's intermediate tensors:
  // GeLU keeps its input and fc2's input; SwiGLU keeps gate, up and down-projection input.
  // Q and the output projection's input are heads × head size wide (the hidden size, mostly).
  const double q = m.q_width();
  double inside = sb * (2.0 * q + 2 * 2.0 * kv + 2.0 * m.out_width() + (m.swiglu ? 3.0 : 2.0) * 2.0 * f);
  // Latent attention also keeps the latents its up projections read (and the query latent).
  if (m.mla.on()) inside += sb * 2.0 * static_cast<double>(m.mla.kv_rank + m.mla.q_rank) * t;
  if (flash) {
    inside += 4.0 * static_cast<double>(m.heads) * s * micro;  // log-sum-exp per row and head
  } else if (recompute == Recompute::none || (recompute == Recompute::selective && !(modules & kRecomputeCoreAttn))) {
    // Attention scores per head: softmax output (2 B), and with dropout its mask (1 B) and output (2 B).
    const double per_score = 2.0 + 3.0 * mask;
    inside += per_score * static_cast<double>(m.heads) * s * context * micro;
  }
  const double saved =
      recompute == Recompute::selective ? recompute_saved_bytes(modules, m, sb, t, outside_split) : 0.0;
  return std::max(0.0, outside / outside_split + inside / t - saved);
}

}  // namespace

double activation_bytes_per_layer(const ModelShape& m, double micro, std::int64_t tp, std::int64_t cp,
                                  bool sequence_parallel, Recompute recompute, bool flash, std::uint8_t modules) {
  return mean_over_layers(m, [&](const ModelShape& v) {
    return uniform_activation_bytes(v, micro, tp, cp, sequence_parallel, recompute, flash, modules);
  });
}

double low_precision_kept_change(const ModelShape& m, double micro, const Parallel& par, Recompute recompute,
                                 std::uint8_t modules) {
  if (!is_megatron(par.framework) || !low_precision(par.precision)) return 0.0;
  if (recompute == Recompute::full || recompute == Recompute::op_selective) return 0.0;
  const double low = low_precision_bytes(par.precision, false), d = 2.0 - low;
  const double t = static_cast<double>(par.tp), et = static_cast<double>(par.expert_tp());
  const double os = par.sequence_parallel ? t : 1.0;
  const double sb = static_cast<double>(m.seq) / static_cast<double>(par.cp) * micro;
  const auto redone = [&](std::uint8_t bit) { return recompute == Recompute::selective && (modules & bit) != 0; };
  return mean_over_layers(m, [&](const ModelShape& v) {
    const double h = static_cast<double>(v.hidden);
    double per_token = 0;
    if (v.mla.on()) {
      // A separate input norm read by two down projections, each keeping its own low copy; the
      // latents' norms are fused into the up projections, which keep theirs low.
      if (!redone(kRecomputeLayernorm)) per_token += (2.0 * low - 2.0) * h / os;
      if (!redone(kRecomputeMlaUpProj)) per_token -= d * static_cast<double>(v.mla.kv_rank + v.mla.q_rank);
    } else {
      per_token -= d * h / os;  // QKV's norm-fused input
    }
    // A fused attention keeps its output for backward; unfused batched matmuls do not (they keep
    // their inputs), nor does a recomputed core: then the output projection's low copy is all.
    const double out = v.out_width() / t;
    per_token += par.flash_attention && !redone(kRecomputeCoreAttn) ? low * out : -d * out;
    if (!v.moe()) {
      if (!redone(kRecomputeMlp)) per_token -= d * (h / os + static_cast<double>(v.mlp_width()) / t);
      return sb * per_token;
    }
    if (!redone(kRecomputeMoe)) {
      // The grouped fc1 keeps the dispatched copies (gathered over etp), on the busiest rank
      // routing_imbalance × the mean; the down projections' inputs follow.
      const double routed = static_cast<double>(v.top_k);
      per_token -= d * routed * h * et / t * par.routing_imbalance;
      if (!redone(kRecomputeMoeAct)) per_token -= d * routed * static_cast<double>(v.expert_ffn) / t;
      const double shared = static_cast<double>(v.shared_experts * v.shared_expert_ffn);
      if (shared > 0 && !redone(kRecomputeSharedExperts)) per_token += low * h / os - d * shared / t;
    }
    return sb * per_token;
  });
}

double routed_expert_bytes_per_layer(const ModelShape& m, double micro, std::int64_t tp, std::int64_t etp,
                                     std::int64_t cp, double imbalance, Recompute recompute, std::uint8_t modules) {
  // Full recomputation keeps the layer input alone; torchtitan's operator-level policy reruns the
  // grouped experts from it (uniform_activation_bytes).
  if (!m.moe() || recompute == Recompute::full || recompute == Recompute::op_selective) return 0.0;
  const bool selective = recompute == Recompute::selective;
  if (selective && (modules & kRecomputeMoe)) return 0.0;  // the layer keeps its input alone
  return mean_over_layers(m, [&](const ModelShape& v) {
    if (!v.moe()) return 0.0;
    const double t = static_cast<double>(tp);
    const double sb = static_cast<double>(v.seq) / static_cast<double>(cp) * micro;
    const double routed = sb * static_cast<double>(v.top_k);  // token copies a rank at the mean load receives
    // The grouped fc1 keeps its input, the dispatched copies, for its weight gradient: gathered
    // over the etp group from the tp ranks' own s/tp tokens (the permute traffic's rule).
    const double input = routed * static_cast<double>(v.hidden) * 2.0 * static_cast<double>(etp) / t;
    // The routed experts' intermediates are in the dense count at the mean load; the busiest rank
    // keeps (imbalance − 1) × them more.
    const double kept = (v.swiglu ? 3.0 : 2.0) - (selective && (modules & kRecomputeMoeAct) ? 1.0 : 0.0);
    const double intermediates = routed * kept * 2.0 * static_cast<double>(v.expert_ffn) / t;
    return imbalance * input + (imbalance - 1.0) * intermediates;
  });
}

double korthikanti_table2(double s, double b, double h, double a, double t, bool sequence_parallel, Recompute recompute,
                          bool tensor_parallel) {
  const double sbh = s * b * h;
  if (recompute == Recompute::full) return 2.0 * sbh;
  if (!tensor_parallel) return sbh * (34.0 + 5.0 * a * s / h);
  const double scores = recompute == Recompute::selective ? 0.0 : 5.0 * a * s / (h * t);
  return sequence_parallel ? sbh * (34.0 / t + scores) : sbh * (10.0 + 24.0 / t + scores);
}

}  // namespace atlas
