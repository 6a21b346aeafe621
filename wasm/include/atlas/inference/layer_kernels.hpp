// The kernels of one pass over a stage's layers as the serving runtime runs them
// (layer_kernels.cpp): what inference_time.cpp builds a stage's pass from.
#pragma once

#include <cstdint>

#include "atlas/inference/inference.hpp"

namespace atlas {

/// Share of a device's experts that `tokens` tokens touch, each routed to top_k of E experts at
/// random: 1 − (1 − k/E)^(tokens of the whole expert group), each pick routing_imbalance times as
/// likely on the busiest expert rank; 1 for a dense model.
double experts_touched(const InferenceInput& in, double tokens);
/// How `tokens` tokens of a pass spread over a device's routed experts (of `m`'s kind): its
/// experts, the tokens arriving (routing_imbalance times them on the busiest expert rank), the
/// experts they touch (at least one) and the rows each of those multiplies.
struct RoutedRows {
  double local = 0, arriving = 0, touched = 0, per_expert = 0;
};
RoutedRows rows_per_expert(const InferenceInput& in, const ModelShape& m, double tokens);
/// The least time any kernel of the runtime takes; 0 for `ideal`, which counts no kernels beside
/// its GEMMs, attention and collectives.
double kernel_time_floor(const InferenceInput& in);
/// The model's mean layer's GEMM arithmetic for `tokens` rows (dense and expert layers weighted
/// by their counts): what decides whether a pass is compute-bound.
double layer_arithmetic(const InferenceInput& in, double tokens);
/// The mean layer's GEMMs as run for `tokens` rows, and the routed experts' share of them.
struct LayerGemms {
  double all = 0, experts = 0;
};
LayerGemms layer_gemms_as_run(const InferenceInput& in, double tokens);
/// Weight bytes a pass over `tokens` tokens reads on the device: all it holds but the embedding
/// rows it does not look up and the experts no token was routed to.
double weights_read(const InferenceInput& in, const StageWeights& w, double tokens);
/// The part of weights_read that is routed experts' (read at their own format's bandwidth).
double expert_weights_read(const InferenceInput& in, const StageWeights& w, double tokens);
/// Seconds of the runtime's small kernels in one pass of `tokens` rows over `layers` layers of
/// stage `index`: each kernel's fixed time, and the activation bytes they move.
double stage_kernel_floor(const InferenceInput& in, std::int64_t index, double layers, double tokens);
/// Bytes per token the small kernels of one layer of `v`'s kind move on a tensor rank (bf16
/// activations; the KV cache in its format): norms, rotary and the cache write, the MLP's
/// activation and, in an expert layer, the sum of a token's experts' outputs.
double small_kernel_bytes(const InferenceInput& in, const ModelShape& v);

}  // namespace atlas
