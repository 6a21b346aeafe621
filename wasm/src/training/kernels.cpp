#include "atlas/training/kernels.hpp"

#include <algorithm>
#include <cmath>

#include "atlas/training/plan.hpp"

namespace atlas {

double gemm_shape_efficiency(double m, double n, double k, std::int64_t sms, double batch, double reduction_half) {
  if (m <= 0 || n <= 0 || k <= 0) return 1.0;
  const double units = static_cast<double>(std::max<std::int64_t>(1, sms));
  // Output tiles of CUTLASS/cuBLAS bf16 kernels on Ampere and Hopper.
  static const double kTiles[][2] = {{256, 128}, {128, 256}, {128, 128}, {128, 64}, {64, 128}};
  double best = 0;
  for (const auto& t : kTiles) {
    const double rows = std::ceil(m / t[0]), cols = std::ceil(n / t[1]);
    const double tiles = rows * cols * batch;
    const double waves = std::ceil(tiles / units);
    const double wave_fill = tiles / (waves * units);
    const double tile_fill = (m * n) / (rows * t[0] * cols * t[1]);
    best = std::max(best, wave_fill * tile_fill);
  }
  return best * k / (k + reduction_half);
}

LinearTime linear_time(GemmShape s, double peak, double fit, std::int64_t sms, double batch, double reduction_half) {
  const double flops = 2.0 * s.m * s.n * s.k * batch;
  const double rate = peak * fit;
  // Without an SM count (or at the ideal bound) the shape costs nothing.
  const auto eff = [&](double m, double n, double k) {
    return sms > 0 ? gemm_shape_efficiency(m, n, k, sms, batch, reduction_half) : 1.0;
  };
  LinearTime t;
  t.flops = flops;
  t.forward = flops / (rate * eff(s.m, s.n, s.k));
  // dX (m×k) = dY (m×n) · wᵀ reduces over n; dW (k×n) = xᵀ · dY reduces over m.
  t.backward = flops / (rate * eff(s.m, s.k, s.n)) + flops / (rate * eff(s.k, s.n, s.m));
  return t;
}

double native_flash_rate(const Hardware& hw) { return hw.flops * hw.efficiency.compute * kFlashRelative; }

bool runs_flash_attention_2(const PlanInput& in) {
  return in.parallel.attention_kernel == AttentionKernel::flash_attention_2 && in.hardware.flash_attention_2 > 0;
}

double flash_rate(const PlanInput& in) {
  return runs_flash_attention_2(in) ? in.hardware.flops * in.hardware.flash_attention_2
                                    : native_flash_rate(in.hardware);
}

bool runs_measured_attention(const PlanInput& in) {
  return in.parallel.flash_attention && !in.ideal && !runs_flash_attention_2(in) && in.hardware.attention.measured();
}

double measured_attention_rate(const Hardware& hw, bool backward, double length) {
  const AttentionRates& a = hw.attention;
  const double fraction = backward ? a.backward : a.forward, half = backward ? a.backward_half : a.forward_half;
  const double s = std::max(1.0, length);
  return hw.flops * fraction * s / (s + half);
}

AttentionTime attention_core_time(const PlanInput& in, const ModelShape& v, double flops, double tokens) {
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  const double peak = hw.flops, fit = hw.efficiency.compute;
  const std::int64_t sms = in.ideal ? 0 : hw.sms;
  const double keys = v.attended(static_cast<double>(v.seq));
  AttentionTime a;
  if (par.flash_attention && hw.attention.measured() && (in.ideal || !runs_flash_attention_2(in))) {
    // The kernels' measured rates by sequence length, which count a causal pass as half the
    // square; a sliding window's band is counted whole. Under context parallelism each kernel
    // call sees a chunk of seq / cp keys; a band sees its window. The bound runs each pass at its
    // long-sequence rate (or the GEMM fit, if higher). Backward: 2.5 forwards of work.
    const double share = v.window > 0 ? 1.0 : 0.5;
    const double length = v.window > 0 ? keys : keys / static_cast<double>(par.cp);
    const auto rate = [&](bool backward) {
      const double fraction = backward ? hw.attention.backward : hw.attention.forward;
      return in.ideal ? peak * std::max(fit, fraction) : measured_attention_rate(hw, backward, length);
    };
    a.forward = share * flops / rate(false);
    a.backward = 2.5 * share * flops / rate(true);
    return a;
  }
  if (par.flash_attention) {
    // A sliding window's band of keys fills nearly every tile it touches; causal attention over
    // the whole sequence skips the tiles above the diagonal.
    const double share = v.window > 0 ? 1.0 : causal_tile_share(keys);
    a.forward = share * flops / (in.ideal ? peak * fit : flash_rate(in));
  } else if (in.ideal || sms <= 0) {
    a.forward = flops / (peak * fit);
  } else {
    const double batch = static_cast<double>(in.micro) * static_cast<double>(v.heads) / static_cast<double>(par.tp);
    const double rows = tokens / static_cast<double>(in.micro);
    a.forward = 0.5 * flops / (peak * fit * gemm_shape_efficiency(rows, keys, v.qk_head_dim(), sms, batch)) +
                0.5 * flops / (peak * fit * gemm_shape_efficiency(rows, v.v_head_dim(), keys, sms, batch));
  }
  // FlashAttention's backward recomputes the scores: 2.5 forwards of work against Megatron's 2.
  a.backward = a.forward * (par.flash_attention ? 2.5 : 2.0);
  return a;
}

}  // namespace atlas
