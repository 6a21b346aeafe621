// Compute time of one layer from its kernels' shapes: GEMMs lose to tile and wave quantization
// and to a short reduction dimension, attention runs fused (FlashAttention) or as batched
// matmuls plus memory-bound softmax, and the other kernels move bytes at HBM bandwidth.
#pragma once

#include <cstdint>

#include "atlas/training/model.hpp"

namespace atlas {

/// Fraction of a GEMM's peak that its shape allows: C (m×n) in output tiles spread over `sms`
/// multiprocessors in waves (the best of a few common tile shapes, as cuBLAS's heuristics pick),
/// times k/(k + kReductionHalf) for the fixed cost of each tile's prologue and epilogue.
/// `batch` independent GEMMs of the same shape share the waves.
double gemm_shape_efficiency(double m, double n, double k, std::int64_t sms, double batch = 1,
                             double reduction_half = 128);

/// The reduction length at which a bf16 tile spends as long on its fixed work as on its products.
constexpr double kReductionHalf = 128;

/// FlashAttention's FLOP/s relative to a large GEMM's on the same GPU (an assumption stated in
/// docs/fidelity.md: FlashAttention-2 reaches 50–73 % of A100 peak forward, less backward).
constexpr double kFlashRelative = 0.75;

struct Hardware;
struct PlanInput;
/// FLOP/s of the GPU's own fused attention kernels: kFlashRelative of its fitted GEMM rate.
double native_flash_rate(const Hardware& hw);
/// Whether the plan runs FlashAttention-2 at a rate the hardware states for it (H100: its kernels
/// use none of Hopper's asynchronous tensor-core and copy instructions, and reach about a third of
/// peak); elsewhere FlashAttention-2 is, or stands in for, the native kernels.
bool runs_flash_attention_2(const PlanInput& in);
/// FLOP/s of the fused attention kernels the plan names on its GPU.
double flash_rate(const PlanInput& in);
/// Whether the plan's fused attention runs at the GPU's measured rates by sequence length
/// (Hardware::attention): its own kernels, not FlashAttention-2, and not the ideal bound.
bool runs_measured_attention(const PlanInput& in);
/// FLOP/s of one pass (`backward` or forward) of the GPU's own fused attention over sequences of
/// `length` tokens, from its measured rates.
double measured_attention_rate(const Hardware& hw, bool backward, double length);

/// Seconds of one layer's attention core (QKᵀ and scores·V) for one micro-batch on one device:
/// `flops` is its forward FLOPs over the whole square of keys each query sees, `tokens` the
/// micro-batch's query tokens on this device. Fused at the measured rates by length, at
/// FlashAttention-2's or the assumed rate over the causal tiles, or unfused as batched matmuls
/// with their shapes' losses; backward 2.5 forwards fused (the scores recomputed), 2 unfused.
struct AttentionTime {
  double forward = 0, backward = 0;
};
AttentionTime attention_core_time(const PlanInput& in, const ModelShape& layer, double flops, double tokens);

/// A causal mask hides the scores above the diagonal, and FlashAttention skips every key tile it
/// hides entirely: of n × n tiles (n = context / 128, its tile edge) it computes the n(n + 1)/2 on
/// and below the diagonal. Unfused attention multiplies the whole square and masks afterwards.
inline double causal_tile_share(double context) {
  const double n = context > 128.0 ? static_cast<double>(static_cast<long long>((context + 127.0) / 128.0)) : 1.0;
  return (n + 1.0) / (2.0 * n);
}

struct GemmShape {
  double m = 0, n = 0, k = 0;
};

/// Seconds for forward (1 GEMM) and backward (data and weight gradients: 2 GEMMs) of one
/// linear layer computing y (m×n) = x (m×k) · w (k×n), at `peak` FLOP/s × `fit` × shape losses;
/// `batch` equal GEMMs (experts) share the waves; `sms` ≤ 0 means no shape losses.
struct LinearTime {
  double forward = 0, backward = 0, flops = 0;
};
LinearTime linear_time(GemmShape s, double peak, double fit, std::int64_t sms, double batch = 1,
                       double reduction_half = kReductionHalf);

/// HBM bytes per token and layer that the elementwise kernels around the GEMMs move when eager
/// PyTorch runs them one operator at a time, beyond what fused kernels doing the same work move
/// (Megatron's, on which the memory-traffic constants were fitted). Counted from each operator's
/// definition, for one tensor-parallel rank (heads and FFN width split over tp, the hidden width
/// too under sequence parallelism); `norm_fused` keeps the
/// norm as one kernel (torchtitan's Triton fused_rmsnorm). The derivation is in eager_kernels.cpp
/// and docs/fidelity.md.
struct UnfusedBytes {
  double forward = 0, backward = 0;
  double norms = 0, rotary = 0, activation = 0, dropout = 0;  // forward + backward, by operator
};
UnfusedBytes unfused_bytes_per_token(const ModelShape& m, bool norm_fused, double tp, bool sequence_parallel);

/// Bytes per token and layer that eager PyTorch's autograd keeps for backward beyond what fused
/// kernels keep (the same operators as above, each saving the inputs its backward reads): the
/// reference RMSNorm keeps its fp32 upcast and its bf16 normalised output where a fused norm keeps
/// its bf16 input (+4 B per element, two norms), rotary embedding keeps q and k as fp32 complex
/// numbers (+4 B per element), SwiGLU's product keeps silu(gate) beside up and gate (+2 B per
/// element of the FFN width). Split over tp as the tensors are.
double eager_saved_bytes_per_token(const ModelShape& m, bool norm_fused, double tp, bool sequence_parallel);

}  // namespace atlas
