// What eager PyTorch's unfused elementwise kernels cost beyond fused ones: each operator reads
// its inputs from HBM and writes its output back, where a fused kernel reads the first input and
// writes the last output once. Counted per element of each tensor, read plus written, in bytes:
// activations in bf16 (2 B, the mixed-precision compute dtype), the upcasts a model's code asks
// for in fp32 (4 B), dropout masks as bool (1 B). A backward kernel reads the output gradient and
// what its operator saved and writes the input gradient; a reduction for a weight gradient reads
// its product once. Per-token scalars (a norm's mean and reciprocal root) and tables shared by
// every token (rotary frequencies, norm weights) are left out: they are under 1 % of the rest.
#include "atlas/training/kernels.hpp"

namespace atlas {

namespace {

// RMSNorm as Llama's reference code writes it (torchtitan's `rmsnorm`):
// y = (x.float() · rsqrt(mean(x.float()²) + ε)).type_as(x) · w, per element of h:
//   forward:  cast 2 + 4, square 4 + 4, mean 4, multiply 4 + 4, cast back 4 + 2, scale 2 + 2 = 36
//   backward: scale dy·w 2 + 2 and its weight gradient dy·y 2 + 2 + 2, summed 2; cast 2 + 4;
//             multiply dy·r 4 + 4 and its gradient of r dy·x 4 + 4 + 4, summed 4; mean's gradient
//             broadcast 4; square's 2·x·dy 4 + 4 + 4; the two gradients of x.float() added
//             4 + 4 + 4; cast back 4 + 2 = 76
// Fused, one kernel each way: forward x in, y out, 2 + 2 = 4; backward dy and x in, dx out, 6.
// LayerNorm is one native kernel even in eager PyTorch, so it costs nothing extra.
constexpr double kNormForward = 36 - 4, kNormBackward = 76 - 6;

// Rotary embedding on q or k as complex multiplication (Llama's reference apply_rotary_emb):
//   forward:  cast to fp32 2 + 4, complex multiply 4 + 4, cast back 4 + 2 = 20
//   backward: the same three kernels in reverse (the frequencies need no gradient) = 20
// Fused (Megatron's or Transformer Engine's rope kernel): 2 + 2 each way.
constexpr double kRotaryForward = 20 - 4, kRotaryBackward = 20 - 4;

// SwiGLU's silu(gate) · up, per element of the FFN width:
//   forward:  silu 2 + 2, multiply 2 + 2 + 2 = 10
//   backward: d(up) = dy·silu(gate) 2 + 2 + 2, d(silu) = dy·up 2 + 2 + 2, silu's gradient
//             2 + 2 + 2 = 18
// Fused (Megatron's swiglu): forward gate and up in, product out, 6; backward dy, gate and up in,
// both gradients out, 10. GeLU is one kernel in eager PyTorch (its bias goes into the GEMM's
// epilogue), so it costs nothing extra.
constexpr double kSwigluForward = 10 - 6, kSwigluBackward = 18 - 10;

// Residual adds cost the same fused or not (2 + 2 in, 2 out), but with dropout eager PyTorch
// writes the dropped tensor and reads it back for the add: dropout 2 in, 2 + 1 (mask) out, add
// 2 + 2 in, 2 out = 11 against Megatron's bias-dropout-add 2 + 2 in, 2 + 1 out = 7; backward
// reads dy and the mask and writes dx either way. Two such sites per layer.
constexpr double kDropoutForward = 11 - 7;

}  // namespace

UnfusedBytes unfused_bytes_per_token(const ModelShape& m, bool norm_fused, double tp, bool sequence_parallel) {
  // Norms, dropout and residual adds run on the whole hidden width on every tensor-parallel rank
  // unless the sequence is split over them; attention heads and the FFN width always are.
  const double h = static_cast<double>(m.hidden) / (sequence_parallel ? tp : 1.0);
  const double qk = (m.q_width() + m.kv_width()) / tp;
  // Linear in the widths, so the mean layer's widths give the mean layer's bytes.
  const double mlp = mean_over_layers(m, [](const ModelShape& v) { return v.active_mlp_width(); }) / tp;
  UnfusedBytes b;
  const bool norm = m.rmsnorm && !norm_fused;
  const double norm_f = norm ? 2.0 * kNormForward * h : 0.0, norm_b = norm ? 2.0 * kNormBackward * h : 0.0;
  const bool rotary = !m.learned_positions;
  const double rot_f = rotary ? kRotaryForward * qk : 0.0, rot_b = rotary ? kRotaryBackward * qk : 0.0;
  const double act_f = m.swiglu ? kSwigluForward * mlp : 0.0, act_b = m.swiglu ? kSwigluBackward * mlp : 0.0;
  const double drop_f = m.dropout ? 2.0 * kDropoutForward * h : 0.0;
  b.forward = norm_f + rot_f + act_f + drop_f;
  b.backward = norm_b + rot_b + act_b;
  b.norms = norm_f + norm_b, b.rotary = rot_f + rot_b, b.activation = act_f + act_b, b.dropout = drop_f;
  return b;
}

double eager_saved_bytes_per_token(const ModelShape& m, bool norm_fused, double tp, bool sequence_parallel) {
  const double h = static_cast<double>(m.hidden) / (sequence_parallel ? tp : 1.0);
  const double qk = (m.q_width() + m.kv_width()) / tp;
  const double mlp = mean_over_layers(m, [](const ModelShape& v) { return v.active_mlp_width(); }) / tp;
  // Norm: the square and the multiply by the reciprocal root save x.float() (4 B), the weight's
  // multiply saves the bf16 normalised tensor (2 B); nothing saves the bf16 input, which the
  // fused count holds (2 B). Rotary: the complex multiply saves its fp32 operand. SwiGLU: the
  // product saves silu(gate), a tensor of its own.
  const double norms = m.rmsnorm && !norm_fused ? 2.0 * (4.0 + 2.0 - 2.0) * h : 0.0;
  const double rotary = m.learned_positions ? 0.0 : 4.0 * qk;
  const double swiglu = m.swiglu ? 2.0 * mlp : 0.0;
  return norms + rotary + swiglu;
}

}  // namespace atlas
