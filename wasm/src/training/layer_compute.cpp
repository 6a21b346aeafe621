// A stage's compute per micro-batch on one of its devices: the layers' GEMMs in the plan's
// format at the fitted fraction of peak times each shape's efficiency, attention fused or as
// batched matmuls, the memory-bound kernels, recomputation and the output head (pipeline.cpp
// places the layers and the micro-batches; this file prices one micro-batch of them).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "atlas/training/communication.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/precision.hpp"
#include "atlas/training/recompute.hpp"

namespace atlas {

// Compute per micro-batch on one device of the stage: each GEMM at the fitted peak fraction
// times its shape's efficiency; attention fused or as batched matmuls; the memory-bound kernels
// (norms, softmax, dropout, activations) move `memory_traffic` × the bytes a layer produces, and
// eager kernels move the extra bytes counted in eager_kernels.cpp.
void layer_compute(const PlanInput& in, StageFigures& st, bool last) {
  const ModelShape& m = in.model;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  const double t = static_cast<double>(par.tp);
  const double l = static_cast<double>(st.layers);
  const double tokens = static_cast<double>(in.micro) * static_cast<double>(m.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(m.hidden);
  const double seq = static_cast<double>(m.seq);
  const double peak = hw.flops, fit = hw.efficiency.compute;
  const std::int64_t sms = in.ideal ? 0 : hw.sms;
  // The blocks' linear layers run in the plan's format; the output head stays in bf16.
  const GemmRate low = block_gemm_rate(hw, par.precision);
  const auto linear = [&](double rows, double n, double k, double batch = 1) {
    return linear_time({rows, n, k}, low.peak, low.fit, sms, batch, low.reduction_half);
  };
  const auto head_linear = [&](double rows, double n, double k) { return linear_time({rows, n, k}, peak, fit, sms); };
  // Per-layer figures depend on the shape, tokens, tp, ep, the GPU and the attention kind, not
  // on pp, dp, the ZeRO stage or the schedule: search asks for the same ones many times in a row.
  struct LayerKey {
    const ModelShape* model;
    double tokens, peak, fit;
    std::int64_t tp, ep, etp, sms, micro;
    double flash_rate;  // FLOP/s of fused attention; 0 when attention runs unfused
    bool ideal;
    double low_peak, low_fit, low_half;  // the blocks' GEMM rate (block_gemm_rate)
    double imbalance;                    // the busiest expert-parallel rank's routed tokens over the mean
    AttentionRates rates;                // the GPU's measured attention rates
    bool operator==(const LayerKey& o) const {
      return model == o.model && tokens == o.tokens && peak == o.peak && fit == o.fit && tp == o.tp && ep == o.ep &&
             etp == o.etp && sms == o.sms && micro == o.micro && flash_rate == o.flash_rate && ideal == o.ideal &&
             low_peak == o.low_peak && low_fit == o.low_fit && low_half == o.low_half && imbalance == o.imbalance &&
             rates.forward == o.rates.forward && rates.forward_half == o.rates.forward_half &&
             rates.backward == o.rates.backward && rates.backward_half == o.rates.backward_half;
    }
  };
  struct LayerFigures {
    double fwd = 0, bwd = 0, flops = 0, attn_flops = 0, attn_fwd = 0, attn_bwd = 0;
    double head_fwd = 0, head_bwd = 0, head_flops = 0;  // the output layer (last stage only)
    RecomputableParts parts;                            // what Megatron's recompute modules may redo
  };
  // A few dozen (tp, cp, micro-batch) combinations recur in any one search, in no fixed order.
  struct Entry {
    LayerKey key{};
    ModelShape model{};
    LayerFigures figures{};
    bool used = false;
  };
  static std::array<Entry, 2048> memo;
  // One layer of a kind (every layer of `v` alike), memoised: the key holds no pointer, so the
  // kind shapes built per stage find their figures again.
  const auto kind_figures = [&](const ModelShape& v) {
    const LayerKey key{nullptr,
                       tokens,
                       peak,
                       fit,
                       par.tp,
                       par.ep,
                       par.expert_tp(),
                       sms,
                       in.micro,
                       par.flash_attention ? flash_rate(in) : 0.0,
                       in.ideal,
                       low.peak,
                       low.fit,
                       low.reduction_half,
                       par.routing_imbalance,
                       hw.attention};
    const std::uint64_t mix =
        static_cast<std::uint64_t>(par.tp) * 73856093u ^ static_cast<std::uint64_t>(in.micro) * 19349663u ^
        static_cast<std::uint64_t>(par.ep) * 83492791u ^ static_cast<std::uint64_t>(tokens) * 2654435761u ^
        (par.flash_attention ? 1u : 0u) ^ (in.ideal ? 2u : 0u) ^ (static_cast<std::uint64_t>(par.precision) << 2) ^
        static_cast<std::uint64_t>(v.experts) * 40503u ^ static_cast<std::uint64_t>(v.window) * 7919u;
    Entry& slot = memo[static_cast<std::size_t>(mix % memo.size())];
    if (slot.used && slot.key == key && std::memcmp(&slot.model, &v, sizeof v) == 0) return slot.figures;
    LayerFigures lf;
    const auto add = [&](const LinearTime& x) { lf.fwd += x.forward, lf.bwd += x.backward, lf.flops += 3.0 * x.flops; };
    // A linear layer that a recompute module may run again: its forward noted in `seconds`, `fwd_flops`.
    const auto add_part = [&](const LinearTime& x, double& seconds, double& fwd_flops) {
      add(x), seconds += x.forward, fwd_flops += x.flops;
    };
    RecomputableParts& rp = lf.parts;
    const double q = v.q_width(), kv = v.kv_width();
    if (v.mla.on()) {
      // Down projections run whole on every rank; the up projections and the output by heads.
      const LatentAttention& a = v.mla;
      const double heads = static_cast<double>(v.heads) / t;
      if (a.q_rank > 0) {
        add(linear(tokens, static_cast<double>(a.q_rank), h));
        add_part(linear(tokens, q / t, static_cast<double>(a.q_rank)), rp.mla_up, rp.mla_up_flops);
      } else {
        add(linear(tokens, q / t, h));  // queries straight from the hidden state: no up projection
      }
      add(linear(tokens, static_cast<double>(a.kv_rank + a.qk_rope), h));
      add_part(linear(tokens, heads * static_cast<double>(a.qk_nope + a.v_head), static_cast<double>(a.kv_rank)),
               rp.mla_up, rp.mla_up_flops);
    } else {
      add(linear(tokens, (q + 2.0 * kv) / t, h));  // Q, K, V
    }
    add(linear(tokens, h, v.out_width() / t));  // output projection
    const double up = v.swiglu ? 2.0 : 1.0;
    if (v.moe()) {
      // Balanced routing: each rank's local experts see tokens × top_k routed copies in all (its
      // ep group's tokens, a 1/ep share of them each). With etp below tp (sequence parallel) a
      // rank dispatches only its own tokens/tp and gathers those of its etp group, so each
      // expert's GEMMs get etp/tp of the rows at tp/etp times the width: the same FLOPs per rank.
      const double local_experts = static_cast<double>(v.experts) / static_cast<double>(par.ep);
      const double et = static_cast<double>(par.expert_tp());
      // The busiest rank's experts take routing_imbalance times the mean, and every rank waits for it.
      const double routed = tokens * static_cast<double>(v.top_k) * static_cast<double>(par.ep) /
                            static_cast<double>(v.experts) * (et / t) * par.routing_imbalance;
      const double f = static_cast<double>(v.expert_ffn);
      add_part(linear(routed, up * f / et, h, local_experts), rp.experts, rp.experts_flops);
      add_part(linear(routed, h, f / et, local_experts), rp.experts, rp.experts_flops);
      if (v.shared_experts > 0) {
        const double fs = static_cast<double>(v.shared_experts * v.shared_expert_ffn);
        add_part(linear(tokens, up * fs / t, h), rp.shared, rp.shared_flops);
        add_part(linear(tokens, h, fs / t), rp.shared, rp.shared_flops);
      }
    } else {
      const double f = static_cast<double>(v.ffn);
      add_part(linear(tokens, up * f / t, h), rp.mlp, rp.mlp_flops);
      add_part(linear(tokens, h, f / t), rp.mlp, rp.mlp_flops);
    }
    // Attention core (QKᵀ and scores·V) over the keys each query sees, heads split over tp.
    lf.attn_flops = attention_core_forward_flops(v, tokens, seq) / t;
    const AttentionTime core = attention_core_time(in, v, lf.attn_flops, tokens);
    lf.attn_fwd = core.forward, lf.attn_bwd = core.backward;
    const LinearTime head = head_linear(tokens, static_cast<double>(v.vocab) / t, h);
    lf.head_fwd = head.forward, lf.head_bwd = head.backward, lf.head_flops = 3.0 * head.flops;
    slot.key = key, slot.model = v, slot.figures = lf, slot.used = true;
    return lf;
  };
  // The stage's layers by kind (dense or expert MLP, full or sliding attention): the mean layer
  // of this stage, so that l × it is the stage's sum.
  LayerFigures lf;
  if (m.uniform()) {
    lf = kind_figures(m);
  } else {
    const LayerKinds kinds = layer_kinds(m, st.first_layer, st.layers);
    for (int k = 0; k < kinds.size; ++k) {
      const LayerFigures one = kind_figures(kinds.kinds[k].shape);
      const double w = l > 0 ? kinds.kinds[k].count / l : 0.0;
      lf.fwd += w * one.fwd, lf.bwd += w * one.bwd, lf.flops += w * one.flops;
      lf.attn_flops += w * one.attn_flops, lf.attn_fwd += w * one.attn_fwd, lf.attn_bwd += w * one.attn_bwd;
      lf.head_fwd = one.head_fwd, lf.head_bwd = one.head_bwd, lf.head_flops = one.head_flops;
      RecomputableParts& p = lf.parts;
      const RecomputableParts& o = one.parts;
      p.mla_up += w * o.mla_up, p.mlp += w * o.mlp, p.experts += w * o.experts, p.shared += w * o.shared;
      p.mla_up_flops += w * o.mla_up_flops, p.mlp_flops += w * o.mlp_flops;
      p.experts_flops += w * o.experts_flops, p.shared_flops += w * o.shared_flops;
    }
    if (kinds.size == 0) {  // a stage of no layers (a custom layout) still runs the head
      const LayerFigures any = kind_figures(layer_kinds(m).kinds[0].shape);
      lf.head_fwd = any.head_fwd, lf.head_bwd = any.head_bwd, lf.head_flops = any.head_flops;
    }
  }
  const double fwd = lf.fwd, bwd = lf.bwd, flops = lf.flops, attn_flops = lf.attn_flops, attn_fwd = lf.attn_fwd;
  const double attn_bwd = lf.attn_bwd;
  // Multi-token prediction runs on the last stage (Megatron's default placement): each module
  // one more layer of the stage's mean kind, its 2h → h projection, and the head once more.
  const double mtp = last ? static_cast<double>(m.mtp_layers) : 0.0;
  const double lx = l + mtp;
  const LinearTime joint = linear(tokens, h, 2.0 * h);
  const double heads_run = 1.0 + mtp;
  const double head_fwd = last ? heads_run * lf.head_fwd + mtp * joint.forward : 0.0;
  const double head_bwd = last ? heads_run * lf.head_bwd + mtp * joint.backward : 0.0;
  const double head_flops = last ? heads_run * lf.head_flops + mtp * 3.0 * joint.flops : 0.0;
  double recompute = 0;
  // Full recomputation runs the layers' forward again (block: only the share it recomputes).
  const double full = st.full_share;
  if (par.recompute == Recompute::full) recompute = full * lx * (fwd + attn_fwd);
  if (par.recompute == Recompute::selective && par.attention_recomputed()) recompute = lx * attn_fwd;
  const double op_share = par.recompute == Recompute::op_selective ? op_selective_recomputed_share(m) : 0.0;
  recompute += lx * op_share * fwd;
  // Megatron's recompute modules beyond the attention core: their linear layers' forward again.
  recompute += lx * recomputed_gemm(par, lf.parts, false);
  const double gemm = lx * (fwd + bwd) + head_fwd + head_bwd;
  const double attention = lx * (attn_fwd + attn_bwd);
  const double model = lx * (flops + 3.0 * attn_flops) + head_flops;
  // What recomputation runs again scales the elementwise traffic below; Megatron's recompute
  // modules count their own memory-bound bytes instead (recompute_memory_seconds), so only the
  // attention core and the other modes enter here.
  const double hardware = model + lx * op_share * flops / 3.0 +
                          (par.recompute == Recompute::full ? full * lx * (flops / 3.0 + attn_flops)
                           : par.recompute == Recompute::selective && par.attention_recomputed() ? lx * attn_flops
                                                                                                 : 0.0);
  // Counted as if every kernel were split over the tp ranks (the sequence-parallel layout).
  const double produced = lx * activation_bytes_per_layer(m, static_cast<double>(in.micro), par.tp, par.cp, true,
                                                          Recompute::none, par.flash_attention) +
                          st.head_produced;
  const double traffic = hw.efficiency.memory * produced * (model > 0 ? hardware / model : 1.0);
  // Eager kernels' extra bytes, counted rather than fitted, at nominal HBM bandwidth (a lower
  // bound on their time: no kernel reaches the nominal figure). Recomputation runs the
  // elementwise forward again under `full` and under torchtitan's op-level policy, which keeps
  // only matmul and attention outputs; Megatron's selective redoes the attention core alone.
  if (par.kernels != Kernels::fused) {
    const UnfusedBytes u =
        unfused_bytes_per_token(m, par.kernels == Kernels::eager_fused_norm, t, par.sequence_parallel);
    const double redone = par.recompute == Recompute::full           ? full
                          : par.recompute == Recompute::op_selective ? 1.0
                                                                     : 0.0;
    st.unfused_seconds = lx * tokens * (u.forward * (1.0 + redone) + u.backward) / hw.memory_bandwidth;
  }
  // The framework's own copies and accumulation run on the compute stream.
  st.copy_seconds = framework_copies(in, st.parameters).bytes / hw.memory_bandwidth;
  // Quantize kernels of the low-precision recipe: each linear layer's input and output gradient
  // cast per micro-batch (a recomputed forward's casts are not counted again), and the block
  // weights as the framework casts them; all at nominal HBM bandwidth, like the eager kernels.
  if (low_precision(par.precision)) {
    const double per_byte = cast_bytes_per_element(par.precision);
    const double elements = cast_elements_per_token(m, par);
    const double block_weights = lx * (st.layer_dense + st.layer_expert);  // the MTP layers' weights too
    st.cast_seconds =
        (lx * tokens * elements * per_byte + weight_cast_bytes_per_microbatch(par, block_weights, in.accumulation)) /
        hw.memory_bandwidth;
  }
  // Token permutation around the experts (Megatron's permute and unpermute, fused or not): the
  // gathered tokens are read and their top_k routed copies written on the way in, the copies read
  // and the weighted sums written on the way out, and the same again in backward; counted at
  // nominal HBM bandwidth like the eager kernels.
  if (m.moe()) {
    double moe_layers = mtp > 0 && m.moe_layer(m.layers - 1) ? mtp : 0.0;
    moe_layers += static_cast<double>(m.moe_layer_count(st.first_layer, st.layers));
    const double per_token = 2.0 * 2.0 * (1.0 + static_cast<double>(m.top_k)) * h * 2.0;
    // With etp below tp a rank permutes its own tokens and its etp group's: etp/tp of them.
    const double permuted = tokens * (static_cast<double>(par.expert_tp()) / t);
    st.permute_seconds = moe_layers * permuted * per_token / hw.memory_bandwidth;
  }
  // The memory-bound parts of Megatron's recompute modules (norms, activation functions, the MoE
  // layer's permutation), at nominal HBM bandwidth like the permutation itself.
  if (par.selective_modules() & ~kRecomputeCoreAttn) {
    const double split = par.sequence_parallel ? t : 1.0;
    // Per token of the stage's mean layer, as its GEMMs are counted (multi-token prediction included).
    double mean = 0;
    if (m.uniform()) {
      mean = recomputed_bytes_per_token(par, m, t, split);
    } else if (l > 0) {
      const LayerKinds kinds = layer_kinds(m, st.first_layer, st.layers);
      for (int k = 0; k < kinds.size; ++k)
        mean += kinds.kinds[k].count / l * recomputed_bytes_per_token(par, kinds.kinds[k].shape, t, split);
    }
    st.recompute_memory_seconds = lx * tokens * mean / hw.memory_bandwidth;
  }
  st.memory_bound_seconds = traffic / hw.memory_bandwidth + st.unfused_seconds + st.copy_seconds + st.cast_seconds +
                            st.permute_seconds + st.recompute_memory_seconds;
  st.attention_seconds = attention + par.attention_forward_again(full) * lx * attn_fwd;
  st.attention_forward_per_layer = attn_fwd;
  // FLOP-weighted fraction of each GEMM's own peak (the blocks' format, the head's bf16).
  st.gemm_efficiency = gemm > 0 ? (lx * flops / low.peak + head_flops / peak) / gemm : fit;
  st.gemm_forward = lx * fwd, st.gemm_backward = lx * bwd;
  st.compute_per_microbatch = gemm + attention + recompute + st.memory_bound_seconds;
}

}  // namespace atlas
