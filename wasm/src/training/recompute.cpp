#include "atlas/training/recompute.hpp"

#include <iterator>

namespace atlas {

namespace {

constexpr std::size_t kModuleCount = std::size(kRecomputeModuleNames);

bool has(std::uint8_t modules, RecomputeModule m) { return (modules & m) != 0; }

// Megatron-Core's TE layer spec keeps a norm apart from the linear layer after it (so that
// "layernorm" can discard its output) in two places: before the MoE layer, whose router and
// experts both read it, and before latent attention's down projections. Elsewhere the norm is
// fused into the next linear layer and there is nothing apart to redo.
int separate_norms(const ModelShape& v) { return (v.moe() ? 1 : 0) + (v.mla.on() ? 1 : 0); }

// Tensors a SwiGLU MLP keeps (gate, up, the down projection's input) or a GeLU one (fc1's
// output, fc2's input), each as wide as the MLP.
double kept_per_width(const ModelShape& v) { return v.swiglu ? 3.0 : 2.0; }

}  // namespace

std::vector<std::string> recompute_module_names(std::uint8_t modules) {
  std::vector<std::string> names;
  for (std::size_t i = 0; i < kModuleCount; ++i)
    if (modules & (1u << i)) names.emplace_back(kRecomputeModuleNames[i]);
  return names;
}

std::optional<RecomputeModule> recompute_module_named(std::string_view name) {
  for (std::size_t k = 0; k < kModuleCount; ++k)
    if (name == kRecomputeModuleNames[k]) return static_cast<RecomputeModule>(1u << k);
  return std::nullopt;
}

std::string known_recompute_modules() {
  std::string known;
  for (std::size_t k = 0; k < kModuleCount; ++k) known += (k ? ", " : "") + std::string(kRecomputeModuleNames[k]);
  return known;
}

std::string recomputed_parts_text(std::uint8_t modules) {
  static const char* const kWords[] = {"the attention core",
                                       "the experts' activation function",
                                       "the norms kept apart from their linear layers",
                                       "latent attention's up projections",
                                       "the dense MLP",
                                       "the whole expert layer (its all-to-alls too)",
                                       "the shared experts"};
  std::string text;
  for (std::size_t i = 0; i < kModuleCount; ++i)
    if (modules & (1u << i)) text += (text.empty() ? "" : ", ") + std::string(kWords[i]);
  return text.empty() ? "nothing" : text;
}

std::optional<std::uint8_t> read_recompute_modules(const Fields& parallel) {
  const json* list = parallel.array("recompute_modules", false, 0, 2 * kModuleCount);
  if (!list) return std::nullopt;
  std::uint8_t modules = 0;
  bool ok = true;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& item = (*list)[i];
    const auto module = item.is_string() ? recompute_module_named(item.get<std::string>()) : std::nullopt;
    if (!module) {
      const std::string what = item.is_string() ? "\"" + quote_cut(item.get<std::string>()) + "\" is not"
                                                : "is " + describe_type(item) + ", not";
      parallel.problems().error("unknown_recompute_module",
                                "Recompute module " + std::to_string(i + 1) + " " + what +
                                    " one of Megatron-Core's modules the engine prices: " + known_recompute_modules() +
                                    ".",
                                parallel.path_of("recompute_modules") + "/" + std::to_string(i));
      ok = false;
    } else {
      modules |= *module;
    }
  }
  return ok ? std::optional<std::uint8_t>(modules) : std::nullopt;
}

void check_recompute_modules(const Parallel& p, const ModelShape& m, const Fields& parallel) {
  Problems& problems = parallel.problems();
  const std::string path = parallel.path_of("recompute_modules");
  if (p.recompute != Recompute::selective || p.framework != Framework::megatron) {
    problems.warning("recompute_modules_unused",
                     "Megatron-Core reads recompute_modules only under its selective recomputation (recompute "
                     "\"selective\", framework \"megatron\"); this plan does not recompute that way, so the list "
                     "changes nothing.",
                     path);
    return;
  }
  if (has(p.recompute_modules, kRecomputeMlaUpProj) && !m.mla.on())
    problems.error("recompute_module_model",
                   "mla_up_proj recomputes latent attention's up projections, and this model has no latent attention "
                   "(Megatron-Core refuses the pair too).",
                   path);
  // Megatron-Core raises for these two under FP8 delayed scaling (TransformerConfig: "Delayed
  // scaling does not support moe_act and layernorm recompute for fp8").
  if (p.precision == Precision::fp8_delayed && (p.recompute_modules & (kRecomputeMoeAct | kRecomputeLayernorm)))
    problems.error("recompute_module_precision",
                   "moe_act and layernorm recomputation do not run under FP8 delayed scaling (Megatron-Core refuses "
                   "the pair); choose current or block scaling, or drop them from recompute_modules.",
                   path);
  if (!m.moe() && (p.recompute_modules & (kRecomputeMoe | kRecomputeMoeAct | kRecomputeSharedExperts)))
    problems.warning("recompute_module_unused",
                     "This model has no experts: moe, moe_act and shared_experts change nothing.", path);
  else if (m.moe() && m.shared_experts == 0 && has(p.recompute_modules, kRecomputeSharedExperts))
    problems.warning("recompute_module_unused", "This model has no shared experts: shared_experts changes nothing.",
                     path);
}

RecomputeFields read_recompute_fields(const Fields& parallel) {
  RecomputeFields f;
  f.modules = read_recompute_modules(parallel);
  f.method = parallel.choice("recompute_method", {"uniform", "block"}, std::string("uniform"));
  f.layers = parallel.integer("recompute_num_layers", {1, 1e6}, 1);
  return f;
}

void apply_recompute_fields(const RecomputeFields& f, const Fields& parallel, const ModelShape& m, Parallel& q) {
  q.recompute_modules = f.modules.value_or(kRecomputeCoreAttn);
  if (f.method && f.layers) {
    q.recompute_block = *f.method == "block";
    q.recompute_num_layers = *f.layers;
    const bool given = parallel.has("recompute_method") || parallel.has("recompute_num_layers");
    if (given && q.recompute != Recompute::full)
      parallel.problems().warning(
          "recompute_layers_unused",
          "recompute_method and recompute_num_layers choose the layers full recomputation redoes; this plan does "
          "not recompute fully, so they change nothing.",
          parallel.path_of(parallel.has("recompute_num_layers") ? "recompute_num_layers" : "recompute_method"));
  }
  if (parallel.has("recompute_modules")) check_recompute_modules(q, m, parallel);
}

void recompute_json(const Parallel& p, json& out) {
  // Where full recomputation reads them and they differ from every layer on its own.
  if (p.recompute == Recompute::full && (p.recompute_block || p.recompute_num_layers != 1)) {
    out["recompute_method"] = p.recompute_block ? "block" : "uniform";
    out["recompute_num_layers"] = p.recompute_num_layers;
  }
  // Where Megatron-Core reads them and they differ from its default (the attention core).
  if (p.recompute == Recompute::selective && p.framework == Framework::megatron &&
      p.recompute_modules != kRecomputeCoreAttn)
    out["recompute_modules"] = recompute_module_names(p.recompute_modules);
}

double recomputed_gemm(const Parallel& p, const RecomputableParts& parts, bool flops) {
  const std::uint8_t mod = p.selective_modules();
  double sum = 0;
  if (has(mod, kRecomputeMlaUpProj)) sum += flops ? parts.mla_up_flops : parts.mla_up;
  if (has(mod, kRecomputeMlp)) sum += flops ? parts.mlp_flops : parts.mlp;
  if (has(mod, kRecomputeMoe)) sum += flops ? parts.experts_flops : parts.experts;
  // The MoE layer's checkpoint already holds its shared experts.
  if (has(mod, kRecomputeMoe) || has(mod, kRecomputeSharedExperts)) sum += flops ? parts.shared_flops : parts.shared;
  return sum;
}

double recomputed_bytes_per_token(const Parallel& p, const ModelShape& v, double t, double outside_split) {
  const std::uint8_t mod = p.selective_modules();
  if (mod == 0) return 0.0;
  const double h = static_cast<double>(v.hidden);
  const double up = v.swiglu ? 2.0 : 1.0;
  // An activation function reads its input (gate and up under SwiGLU) and writes its output, bf16.
  const auto activation = [&](double width) { return (up + 1.0) * width * 2.0; };
  double bytes = 0;
  if (has(mod, kRecomputeLayernorm)) bytes += separate_norms(v) * 2.0 * h * 2.0 / outside_split;
  if (has(mod, kRecomputeMlp) && !v.moe()) bytes += activation(static_cast<double>(v.ffn) / t);
  if (v.moe()) {
    const double shared = static_cast<double>(v.shared_experts * v.shared_expert_ffn) / t;
    // The busiest rank's routed rows, each 1/etp of an expert wide: top_k × imbalance × f / tp
    // per token (layer_compute.cpp's expert GEMMs).
    const double routed = static_cast<double>(v.top_k) * p.routing_imbalance * static_cast<double>(v.expert_ffn) / t;
    if (has(mod, kRecomputeMoe)) {
      // The whole layer again: its permutation forward (the gathered tokens read, top_k copies
      // written, then read and summed back; etp/tp of the tokens per rank), both activations.
      const double permuted = static_cast<double>(p.expert_tp()) / t;
      bytes += 2.0 * (1.0 + static_cast<double>(v.top_k)) * h * 2.0 * permuted;
      bytes += activation(routed) + activation(shared);
    } else {
      if (has(mod, kRecomputeMoeAct)) bytes += activation(routed);
      if (has(mod, kRecomputeSharedExperts)) bytes += activation(shared);
    }
  }
  return bytes;
}

double recomputed_forward_flops(const Parallel& p, const ModelShape& m, double seq) {
  const std::uint8_t mod = p.selective_modules();
  if ((mod & ~kRecomputeCoreAttn) == 0) return 0.0;
  const double per_layer = mean_over_layers(m, [&](const ModelShape& v) {
    const double h = static_cast<double>(v.hidden);
    const double mats = v.swiglu ? 3.0 : 2.0;  // the MLP's weight matrices, each h × width
    double weights = 0;                        // multiply-adds per token that run again
    if (has(mod, kRecomputeMlaUpProj) && v.mla.on()) {
      const LatentAttention& a = v.mla;
      if (a.q_rank > 0) weights += static_cast<double>(a.q_rank) * v.q_width();
      weights +=
          static_cast<double>(a.kv_rank) * static_cast<double>(v.heads) * static_cast<double>(a.qk_nope + a.v_head);
    }
    if (!v.moe()) {
      if (has(mod, kRecomputeMlp)) weights += mats * h * static_cast<double>(v.ffn);
      return 2.0 * seq * weights;
    }
    const double shared = mats * h * static_cast<double>(v.shared_experts * v.shared_expert_ffn);
    if (has(mod, kRecomputeMoe))
      weights += mats * h * static_cast<double>(v.top_k * v.expert_ffn) + shared;
    else if (has(mod, kRecomputeSharedExperts))
      weights += shared;
    return 2.0 * seq * weights;
  });
  return static_cast<double>(m.layers) * per_layer;
}

double recompute_saved_bytes(std::uint8_t modules, const ModelShape& v, double sb, double t, double outside_split) {
  const double h = static_cast<double>(v.hidden);
  const double kept = kept_per_width(v);
  double saved = 0;
  // The norm's output, the next linear layer's input, which that layer would otherwise keep.
  if (has(modules, kRecomputeLayernorm)) saved += separate_norms(v) * 2.0 * h * sb / outside_split;
  // Q, K and V as the up projections expand them; the latents they read stay.
  if (has(modules, kRecomputeMlaUpProj) && v.mla.on()) saved += sb * (2.0 * v.q_width() + 4.0 * v.kv_width()) / t;
  if (!v.moe()) {
    // A checkpointed dense MLP keeps only its input: its fused norm's output and its
    // intermediates go.
    if (has(modules, kRecomputeMlp)) saved += 2.0 * h * sb / outside_split + sb * kept * 2.0 * v.active_mlp_width() / t;
    return saved;
  }
  const double routed = static_cast<double>(v.top_k * v.expert_ffn);
  const double shared = static_cast<double>(v.shared_experts * v.shared_expert_ffn);
  if (has(modules, kRecomputeMoe)) return saved + sb * kept * 2.0 * (routed + shared) / t;
  if (has(modules, kRecomputeMoeAct)) saved += sb * 2.0 * routed / t;  // the down projection's input
  if (has(modules, kRecomputeSharedExperts)) saved += sb * kept * 2.0 * shared / t;
  return saved;
}

}  // namespace atlas
