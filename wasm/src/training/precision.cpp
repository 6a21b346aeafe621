#include "atlas/training/precision.hpp"

#include <iterator>

#include "atlas/training/communication.hpp"
#include "atlas/training/kernels.hpp"

namespace atlas {

namespace {

// Each format's request id and its words for readers, in the enum's order.
struct PrecisionNames {
  const char* id;
  const char* words;
};
constexpr PrecisionNames kPrecisions[] = {
    {"bf16", "bf16"},
    {"fp8-delayed", "FP8 (delayed scaling)"},
    {"fp8-current", "FP8 (current scaling)"},
    {"fp8-blockwise", "FP8 (scaled by blocks)"},
    {"mxfp8", "MXFP8"},
    {"nvfp4", "NVFP4"},
};

}  // namespace

const char* precision_name(Precision p) { return kPrecisions[static_cast<int>(p)].id; }

const char* precision_words(Precision p) { return kPrecisions[static_cast<int>(p)].words; }

Precision precision_from_name(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPrecisions); ++i)
    if (name == kPrecisions[i].id) return static_cast<Precision>(i);
  return Precision::bf16;
}

GemmRate block_gemm_rate(const Hardware& hw, Precision p) {
  const double bf16_fit = hw.efficiency.compute;
  if (p == Precision::bf16) return {hw.flops, bf16_fit, kReductionHalf};
  if (p == Precision::nvfp4) {
    const double fit = hw.efficiency.compute_fp4 > 0 ? hw.efficiency.compute_fp4 : bf16_fit;
    return {hw.flops_fp4, fit, 4 * kReductionHalf};
  }
  const double fit = hw.efficiency.compute_fp8 > 0 ? hw.efficiency.compute_fp8 : bf16_fit;
  return {hw.flops_fp8, fit, 2 * kReductionHalf};
}

std::string precision_unsupported(const Hardware& hw, Precision p) {
  if (p == Precision::bf16) return "";
  const std::string name = precision_name(p);
  if (p == Precision::nvfp4) {
    if (hw.flops_fp4 <= 0 || !hw.microscaling)
      return "precision \"nvfp4\" needs FP4 tensor cores with block scales (Blackwell: B200, GB200); this GPU has "
             "none (its flops_fp4 is 0 or microscaling is false). Use \"bf16\"" +
             std::string(hw.flops_fp8 > 0 ? " or an FP8 recipe." : ".");
    return "";
  }
  if (hw.flops_fp8 <= 0)
    return "precision \"" + name +
           "\" needs FP8 tensor cores, and this GPU has none (A100 and older run FP8 at no faster than bf16; its "
           "flops_fp8 is 0). Use \"bf16\", or a Hopper or Blackwell GPU.";
  if (p == Precision::mxfp8 && !hw.microscaling)
    return "precision \"mxfp8\" needs tensor cores that apply a scale per 32 elements (Blackwell); this GPU's do "
           "not (microscaling is false). On Hopper use \"fp8-delayed\", \"fp8-current\" or \"fp8-blockwise\".";
  return "";
}

std::string fp8_param_gather_unsupported(const Parallel& p) {
  if (!p.fp8_param_gather || (p.framework == Framework::megatron && low_precision(p.precision) && p.zero <= 2))
    return "";
  return "fp8_param_gather is Megatron-Core's --fp8-param-gather: the blocks' weights kept and gathered in the low "
         "format by its distributed optimizer. It needs framework \"megatron\", an FP8 or FP4 precision and ZeRO "
         "0-2; this plan has framework \"" +
         std::string(framework_name(p.framework)) + "\", precision \"" + precision_name(p.precision) + "\" and ZeRO " +
         std::to_string(p.zero) + ".";
}

double low_precision_bytes(Precision p, bool weight_blocks) {
  switch (p) {
    case Precision::bf16:
      return 2.0;
    case Precision::fp8_blockwise:
      return 1.0 + 4.0 / (weight_blocks ? 128.0 * 128.0 : 128.0);
    case Precision::mxfp8:
      return 1.0 + 1.0 / 32.0;
    case Precision::nvfp4:
      return 0.5 + 1.0 / 16.0;
    default:
      return 1.0;  // per-tensor scales (delayed or current)
  }
}

double cast_bytes_per_element(Precision p) {
  if (!low_precision(p)) return 0;
  // Read the bf16 tensor (current scaling reads it once more first, for the amax; delayed scaling
  // takes the scale from its history), write the two layouts with their scales.
  return 2.0 + (p == Precision::fp8_current ? 2.0 : 0.0) + 2.0 * low_precision_bytes(p, false);
}

bool casts_fused_into_neighbours(const Parallel& par) {
  return is_megatron(par.framework) || par.kernels == Kernels::fused;
}

namespace {

double uniform_cast_elements(const ModelShape& m, const Parallel& par) {
  const double t = static_cast<double>(par.tp);
  const double h = static_cast<double>(m.hidden), kv = m.kv_width(), q = m.q_width(), o = m.out_width();
  const double up = m.swiglu ? 2.0 : 1.0;
  // The MLP's tokens: each token once in a dense model; under MoE each local expert's share.
  const double mlp_tokens = m.moe() ? static_cast<double>(m.top_k) : 1.0;
  const double f = static_cast<double>(m.mlp_width());
  // Shared experts: every token once more through an MLP of their width.
  const double fs = m.moe() ? static_cast<double>(m.shared_experts * m.shared_expert_ffn) : 0.0;
  const double shared = fs > 0 ? 1.0 : 0.0;
  // Inputs: QKV's (the norm's output), the projection's (attention's output), fc1's (the norm's
  // output), fc2's (the activation's output). Output gradients: QKV's (from attention's
  // backward), the projection's and fc2's (from the residual stream), fc1's (from the
  // activation's backward).
  const double qkv_in = h, proj_in = o / t, fc1_in = (mlp_tokens + shared) * h, fc2_in = (mlp_tokens * f + fs) / t;
  const double qkv_grad = (q + 2.0 * kv) / t, proj_grad = h, fc1_grad = up * (mlp_tokens * f + fs) / t,
               fc2_grad = (mlp_tokens + shared) * h;
  if (casts_fused_into_neighbours(par)) return proj_in + qkv_grad + proj_grad + fc2_grad;
  return qkv_in + proj_in + fc1_in + fc2_in + qkv_grad + proj_grad + fc1_grad + fc2_grad;
}

}  // namespace

double cast_elements_per_token(const ModelShape& m, const Parallel& par) {
  if (!low_precision(par.precision)) return 0;
  return mean_over_layers(m, [&](const ModelShape& v) { return uniform_cast_elements(v, par); });
}

double weight_cast_bytes_per_microbatch(const Parallel& par, double block_weights, std::int64_t accumulation) {
  // With the weights kept in the low format the optimizer writes them there: no cast in the step.
  if (!low_precision(par.precision) || par.fp8_param_gather) return 0;
  const double per_cast = cast_bytes_per_element(par.precision) * block_weights;
  if (is_megatron(par.framework)) return per_cast / static_cast<double>(accumulation > 0 ? accumulation : 1);
  return 2.0 * per_cast;
}

double weight_cache_bytes_per_weight(const Parallel& par) {
  if (!low_precision(par.precision) || !is_megatron(par.framework)) return 0;
  // Two layouts (rowwise for forward, columnwise for the input gradient), each with its scales.
  return 2.0 * low_precision_bytes(par.precision, true);
}

}  // namespace atlas
