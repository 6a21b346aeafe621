// Megatron-Core's selective recomputation by module (--recompute-modules): reading the field,
// checking it against the model, and what each module costs again in backward and no longer
// keeps. The attention core, its default, is priced where the attention is (layer_compute.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "atlas/contract/fields.hpp"
#include "atlas/training/model.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// Megatron's names of the bits that are set, in Megatron's order.
std::vector<std::string> recompute_module_names(std::uint8_t modules);
/// The module a Megatron name stands for; nullopt for a name the engine does not price.
std::optional<RecomputeModule> recompute_module_named(std::string_view name);
/// Every name the engine prices, comma-separated, for messages.
std::string known_recompute_modules();

/// The modules in plain words, for the plan's formulas ("nothing" for none).
std::string recomputed_parts_text(std::uint8_t modules);

/// parallel.recompute_modules: a list of Megatron's module names (absent: nullopt, Megatron's
/// default applies). An unknown name is a coded error at its entry.
std::optional<std::uint8_t> read_recompute_modules(const Fields& parallel);

/// The request's recomputation choices beyond `recompute`: Megatron's modules (selective) and
/// which layers full recomputation redoes. Read with the other fields; applied to a split whose
/// recompute and framework are set, warning where the split never reads them.
struct RecomputeFields {
  std::optional<std::uint8_t> modules;
  std::optional<std::string> method;
  std::optional<std::int64_t> layers;
};
RecomputeFields read_recompute_fields(const Fields& parallel);
void apply_recompute_fields(const RecomputeFields& f, const Fields& parallel, const ModelShape& m, Parallel& q);
/// The choices that differ from the defaults, echoed in the plan's `parallel`.
void recompute_json(const Parallel& p, json& out);

/// What Megatron-Core itself refuses or ignores: mla_up_proj without latent attention is an
/// error (its TransformerConfig raises); modules it never reads here are warnings.
void check_recompute_modules(const Parallel& p, const ModelShape& m, const Fields& parallel);

/// The forward parts of one layer of a kind that the modules may run again, per micro-batch on
/// one device: GEMM seconds and FLOPs of the latent up projections, the dense MLP, the routed
/// experts and the shared experts.
struct RecomputableParts {
  double mla_up = 0, mlp = 0, experts = 0, shared = 0;                          // seconds
  double mla_up_flops = 0, mlp_flops = 0, experts_flops = 0, shared_flops = 0;  // forward FLOPs
};

/// Extra forward GEMM seconds (or FLOPs, with `flops`) the modules add to one such layer.
double recomputed_gemm(const Parallel& p, const RecomputableParts& parts, bool flops);

/// Forward FLOPs per sequence of `seq` tokens that the modules run again over all the model's
/// layers (their linear layers; the hardware FLOPs count them beside the model's).
double recomputed_forward_flops(const Parallel& p, const ModelShape& m, double seq);

/// HBM bytes per token of one layer of `v` that the memory-bound modules move again (the
/// separate norms read and written once more, the experts' activation function, the MoE
/// layer's token permutation forward), on one device at the busiest rank's load: `t` the tp
/// degree, `outside_split` t under sequence parallelism (else 1).
double recomputed_bytes_per_token(const Parallel& p, const ModelShape& v, double t, double outside_split);

/// Activation bytes one layer of `v` no longer keeps because the modules discard them, per
/// micro-batch at the mean load: `sb` tokens on the device, t and outside_split as above.
double recompute_saved_bytes(std::uint8_t modules, const ModelShape& v, double sb, double t, double outside_split);

}  // namespace atlas
