#include "atlas/training/split_options.hpp"

#include <string>

#include "atlas/training/precision.hpp"

namespace atlas {

namespace {

// Why a stage layout cannot be run, in the request's words (empty when it can).
std::string stage_layout_problem(const ModelShape& m, const Parallel& q) {
  const auto n = [](std::int64_t x) { return std::to_string(x); };
  const std::int64_t f = q.first_stage_layers, l = q.last_stage_layers;
  if (!q.custom_stage_layers()) return "";
  if (q.pp < 2) return "a pipeline layout needs pp of at least 2; this split has one stage.";
  if ((f > 0 || l > 0) && (q.embedding_as_layer || q.loss_as_layer))
    return "first_stage_layers and last_stage_layers set the stages' layers themselves; Megatron does not combine "
           "them with accounting for the embedding or the loss. Use one or the other.";
  if (f > 0 || l > 0) {
    const std::int64_t middle = q.pp - (f > 0 ? 1 : 0) - (l > 0 ? 1 : 0);
    const std::int64_t rest = m.layers - f - l;
    if (rest < 0 || (middle == 0 && rest != 0) || (middle > 0 && rest < middle))
      return "first_stage_layers = " + n(f) + " and last_stage_layers = " + n(l) + " leave " + n(rest) + " of the " +
             n(m.layers) + " layers for the " + n(middle) +
             " stages between them; every stage needs at least one layer and all layers a stage.";
    return "";
  }
  const std::int64_t slots = m.layers + (q.embedding_as_layer ? 1 : 0) + (q.loss_as_layer ? 1 : 0);
  if (slots / q.pp < 2 && (q.embedding_as_layer || q.loss_as_layer))
    return n(slots) + " layer slots over pp = " + n(q.pp) +
           " stages leave a stage with only the embedding or the loss; use fewer stages.";
  return "";
}

}  // namespace

bool apply_split_options(const ModelShape& m, const Hardware& hw, std::int64_t dp_shard, Parallel& q, const Fields& p,
                         Problems& problems) {
  if (const std::string why = precision_unsupported(hw, q.precision); !why.empty()) {
    problems.error("precision_unsupported", why, p.path_of("precision"));
    return false;
  }
  if (const std::string why = stage_layout_problem(m, q); !why.empty()) {
    const bool explicit_counts = q.first_stage_layers > 0 || q.last_stage_layers > 0;
    problems.error("stage_layers", why,
                   p.path_of(explicit_counts ? (q.first_stage_layers > 0 ? "first_stage_layers" : "last_stage_layers")
                                             : (q.embedding_as_layer ? "embedding_as_layer" : "loss_as_layer")));
    return false;
  }
  if (dp_shard > 0) {
    const std::string at = p.path_of("dp_shard");
    if (q.dp % dp_shard != 0) {
      problems.error("dp_shard_not_divisible",
                     "dp_shard = " + std::to_string(dp_shard) + " ranks does not divide the " + std::to_string(q.dp) +
                         " data-parallel ranks, so the shards cannot be replicated in whole "
                         "groups; use a divisor of dp (dp_shard = dp shards over all of them).",
                     at);
    } else if (q.zero == 0 && dp_shard != q.dp) {
      problems.error("dp_shard_without_zero",
                     "dp_shard shards model state, but zero is 0 (nothing is sharded); set zero to 1, 2 or 3, or "
                     "leave dp_shard out.",
                     at);
    } else if (q.ep > 1 && (dp_shard * q.cp * q.tp / q.expert_tp()) % q.ep != 0) {
      // The expert state is sharded over the shard group's share of the expert data-parallel
      // ranks: dp_shard × cp × tp / etp of them hold each expert-parallel group's experts.
      problems.error("dp_shard_experts",
                     (q.expert_grid() ? "dp_shard × cp × tp / etp = " : "dp_shard × cp = ") +
                         std::to_string(dp_shard * q.cp * q.tp / q.expert_tp()) +
                         " ranks cannot hold whole shards of "
                         "the experts of an expert-parallel group of " +
                         std::to_string(q.ep) +
                         "; make it a "
                         "multiple of ep.",
                     at);
    } else {
      q.dp_shard = dp_shard == q.dp ? 0 : dp_shard;
    }
    if (!problems.ok()) return false;
  }
  return true;
}

}  // namespace atlas
