// Per-device memory: model states per ZeRO stage (Rajbhandari et al. 2020) and activations per
// layer (Korthikanti et al. 2022, Table 2), generalised to grouped-query attention, SwiGLU,
// mixture-of-experts, context parallelism and models without dropout.
#pragma once

#include <cstdint>

#include "atlas/model.hpp"
#include "atlas/plan.hpp"

namespace atlas {

/// Mixed-precision Adam: 2 B bf16 weights + 2 B bf16 gradients + 12 B fp32 master weights,
/// momentum and variance per parameter — the 16Ψ baseline.
constexpr double kWeightBytes = 2, kGradientBytes = 2, kOptimizerBytes = 12;

struct ModelStates {
  double parameters = 0, gradients = 0, optimizer = 0;
  double total() const { return parameters + gradients + optimizer; }
};

/// Model states of `psi` parameters replicated over `shards` data-parallel ranks.
/// Stage 1 shards optimizer states, 2 also gradients, 3 also weights.
ModelStates zero_model_states(double psi, double shards, int stage);

/// Activation bytes one layer keeps for backward for one micro-batch of `micro` sequences
/// on one device. cp splits the sequence; tp splits heads and MLP columns, and with sequence
/// parallelism the remaining (norm, dropout) tensors too.
double activation_bytes_per_layer(const ModelShape& m, double micro, std::int64_t tp, std::int64_t cp,
                                  bool sequence_parallel, Recompute recompute);

/// Korthikanti Table 2 terms in units of s·b·h bytes for a GPT layer (a heads, t-way TP):
/// the published closed forms, used by the tests to pin the general formula above.
double korthikanti_table2(double s, double b, double h, double a, double t, bool sequence_parallel,
                          Recompute recompute, bool tensor_parallel);

}  // namespace atlas
