// Low-precision training: which GEMMs run in FP8 or FP4, at what rate, and the HBM bytes the
// quantize kernels move and the weight copies they keep, counted from each recipe's kernels.
// Everything not named here (the output head, the attention core, the router, the
// communication) runs as in bf16; docs/contract-plan.md ("Precision") says so on the page.
#pragma once

#include <string>

#include "atlas/training/model.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// The rate a block's linear layers run at: the format's dense peak, its fitted fraction, and the
/// reduction length at which a tile spends as long on its fixed work as on its products. FP8
/// doubles the tensor cores' products per clock but not the epilogue (the bf16 output tile is the
/// same bytes), so the fixed work costs twice the reduction length of bf16's; FP4 four times.
struct GemmRate {
  double peak = 0, fit = 0, reduction_half = 0;
};
GemmRate block_gemm_rate(const Hardware& hw, Precision p);

/// Why `hw` cannot run `p` (empty when it can): no FP8 tensor cores (A100), no block-scaled
/// tensor cores for MXFP8 and NVFP4 (Hopper), no FP4 peak.
std::string precision_unsupported(const Hardware& hw, Precision p);

/// Why `fp8_param_gather` cannot apply to this plan (Megatron with a low format at ZeRO 0–2); "" when it can.
std::string fp8_param_gather_unsupported(const Parallel& p);

/// Bytes one element takes in the format with its share of the scales: bf16 2; FP8 1 (a scale per
/// tensor); blockwise FP8 an fp32 scale per 128 elements of an activation or per 128 × 128 block of
/// a weight (`weight_blocks`, DeepSeek's recipe); MXFP8 an E8M0 per 32; NVFP4 half a byte and an
/// E4M3 per 16.
double low_precision_bytes(Precision p, bool weight_blocks);

/// HBM bytes one quantize pass moves per element: it reads the bf16 tensor (2 B) and writes two
/// low-precision copies, one per GEMM operand layout the backward pass needs (Hopper's FP8 GEMMs
/// take only K-major operands, Transformer Engine's cast_transpose; Blackwell's block-scaled
/// formats need row-wise and column-wise blocks), with their scales. Current scaling reads the
/// tensor once more first, for its amax.
double cast_bytes_per_element(Precision p);

/// Whether the framework fuses the quantize into the kernel before it: Transformer Engine's
/// LayerNormLinear and LayerNormMLP write the norm's and the activation's outputs (and the
/// activation's gradient) already quantized, so those casts cost nothing extra. Megatron runs
/// Transformer Engine; torchao's float8 under torch.compile (`kernels` fused) fuses the same ones.
bool casts_fused_into_neighbours(const Parallel& par);

/// Elements a layer's quantize kernels read per token on one tensor-parallel rank, forward and
/// backward: each linear layer's input and its output gradient, less the fused ones; under MoE
/// each token enters top_k experts (and the shared ones). The mean over the model's layers.
double cast_elements_per_token(const ModelShape& m, const Parallel& par);

/// HBM bytes to quantize a rank's block weights, per micro-batch. Transformer Engine casts each
/// weight once per step (Megatron passes is_first_microbatch) and keeps the copy: spread over the
/// step's micro-batches. torchao casts in every forward and again for the backward GEMM.
double weight_cast_bytes_per_microbatch(const Parallel& par, double block_weights, std::int64_t accumulation);

/// Bytes per block weight of the low-precision copy kept across micro-batches (Transformer
/// Engine's FP8 weight cache: both layouts), beside the bf16 weights and fp32 master copy; torchao
/// keeps none.
double weight_cache_bytes_per_weight(const Parallel& par);

}  // namespace atlas
