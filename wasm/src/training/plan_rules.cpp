#include "atlas/training/plan_rules.hpp"

#include "atlas/training/pipeline.hpp"
#include "atlas/training/placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace atlas {

namespace {

std::string fmt(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.15g", v);
  return buffer;
}

RuleSet bit(Rule r) { return 1u << static_cast<int>(r); }

// Whether an order other than Megatron's spreads tensor-parallel groups that would fit a node
// over several (dp innermost puts tp ranks dp apart).
bool order_splits_tp(const PlanInput& in) {
  const Parallel& p = in.parallel;
  if (p.order == kMegatronOrder || p.tp <= 1) return false;
  if (static_cast<double>(p.dp) * p.tp * p.pp * p.cp != static_cast<double>(in.hardware.gpus)) return false;
  return kind_placement(in.hardware, p, GroupKind::tp).nodes > 1;
}

// Expert-parallel groups that would fit one NVLink domain but straddle two because the domain is
// no multiple of their span (32 ranks over NVL72's 72): the straddling group's all-to-all leaves
// on the NICs, and every step waits for it.
bool ep_straddles_domains(const PlanInput& in) {
  const Parallel& p = in.parallel;
  if (p.ep <= 1 || in.hardware.gpus <= in.hardware.gpus_per_node) return false;
  const GroupAxes a = group_axes(p, GroupKind::ep);
  std::int64_t span = 1;  // from the group's first rank to one past its last
  for (int i = 0; i < a.count; ++i)
    span = std::max(span, a.axes[static_cast<std::size_t>(i)].stride * a.axes[static_cast<std::size_t>(i)].size);
  if (span > in.hardware.gpus_per_node) return false;
  return kind_placement(in.hardware, p, GroupKind::ep).nodes > 1;
}

}  // namespace

RuleSet check_rules(const PlanInput& in) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  RuleSet s = 0;
  if (m.heads % p.tp != 0) s |= bit(Rule::tp_heads);
  if (m.kv_heads % p.tp != 0) s |= bit(Rule::tp_kv_heads);
  if (m.mlp_width() % p.tp != 0) s |= bit(Rule::tp_ffn);
  // Degrees are validated only up to 1e6 each, so multiply in double: no int64 overflow.
  const double product = static_cast<double>(p.dp) * p.tp * p.pp * p.cp;
  if (product != static_cast<double>(in.hardware.gpus)) s |= bit(Rule::gpus_product);
  if (p.ep > 1 && !m.moe()) s |= bit(Rule::ep_dense);
  if (m.moe() && m.experts % p.ep != 0) s |= bit(Rule::ep_experts);
  if (p.etp > 0) {
    // Expert tensor parallelism (Megatron-Core): etp divides tp (the engine keeps it at that),
    // and the expert grid etp × ep × expert-dp tiles the tp × cp × dp ranks of a stage.
    if (!m.moe() && p.etp != p.tp) s |= bit(Rule::etp_dense);
    if (p.tp % p.etp != 0) s |= bit(Rule::etp_tp);
    if (p.expert_grid()) {
      if (std::fmod(static_cast<double>(p.tp) * p.cp * p.dp, static_cast<double>(p.ep) * p.etp) != 0)
        s |= bit(Rule::etp_grid);
      if (!p.sequence_parallel) s |= bit(Rule::etp_sequence_parallel);
      if (p.pp > 1 && p.order[kRankDims - 1] != RankDim::pp) s |= bit(Rule::etp_order);
    }
  }
  // With an expert grid of its own, ep is no longer carved out of dp (etp_grid stands instead).
  if (!p.expert_grid() && p.dp % p.ep != 0) s |= bit(Rule::ep_dp);
  if (p.pp > m.layers) s |= bit(Rule::pp_layers);
  const bool interleaved = p.schedule == Schedule::interleaved;
  if (p.virtual_stages > 1 && !interleaved) s |= bit(Rule::virtual_needs_interleaved);
  if (interleaved && p.virtual_stages < 2) s |= bit(Rule::interleaved_needs_virtual);
  if (p.virtual_stages > 1 && p.pp <= m.layers) {
    // Interleaving cuts every stage into virtual_stages equal chunks of layer slots.
    bool equal = true;
    const std::int64_t slots = m.layers + (p.embedding_as_layer ? 1 : 0) + (p.loss_as_layer ? 1 : 0);
    if (p.first_stage_layers > 0 || p.last_stage_layers > 0) {
      for (std::int64_t i = 0; i < p.pp && equal; ++i) equal = stage_layers(m, p, i) % p.virtual_stages == 0;
    } else {
      equal = slots % p.pp == 0 && (slots / p.pp) % p.virtual_stages == 0;
    }
    if (!equal) s |= bit(Rule::virtual_layers);
  }
  if (interleaved && in.accumulation % p.pp != 0) s |= bit(Rule::interleaved_microbatches);
  if (static_cast<double>(in.micro) * static_cast<double>(in.accumulation) * static_cast<double>(p.dp) !=
      static_cast<double>(in.global))
    s |= bit(Rule::batch_product);
  if (m.seq % p.cp != 0) s |= bit(Rule::cp_seq);

  const std::int64_t node = in.hardware.gpus_per_node;
  if (p.tp > node || node % p.tp != 0 || order_splits_tp(in)) s |= bit(Rule::tp_across_nodes);
  if (p.pp <= m.layers && m.layers % p.pp != 0 && !p.custom_stage_layers()) s |= bit(Rule::uneven_stages);
  if (p.pp > 1 && in.accumulation < p.pp) s |= bit(Rule::few_microbatches);
  if (p.zero >= 2 && p.pp > 1) s |= bit(Rule::zero_with_pipeline);
  if (ep_straddles_domains(in)) s |= bit(Rule::ep_across_domains);
  return s;
}

Issue describe_rule(const PlanInput& in, Rule rule, bool dp_derived) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  switch (rule) {
    case Rule::tp_heads:
      return {"tp_heads", "tp = " + std::to_string(p.tp) + " does not divide " + std::to_string(m.heads) + " heads.",
              "/parallel/tp"};
    case Rule::tp_kv_heads:
      return {"tp_kv_heads",
              "tp = " + std::to_string(p.tp) + " does not divide " + std::to_string(m.kv_heads) + " key/value heads.",
              "/parallel/tp"};
    case Rule::tp_ffn:
      return {"tp_ffn",
              "tp = " + std::to_string(p.tp) + " does not divide the MLP width " + std::to_string(m.mlp_width()) + ".",
              "/parallel/tp"};
    case Rule::gpus_product:
      if (dp_derived)
        return {"gpus_not_divisible",
                std::to_string(in.hardware.gpus) +
                    " GPUs are not divisible by tp × pp × cp = " + fmt(static_cast<double>(p.tp) * p.pp * p.cp) +
                    ", so there is no whole number of data-parallel replicas.",
                "/hardware/gpus"};
      return {"gpus_mismatch",
              "dp × tp × pp × cp = " + std::to_string(p.dp) + " × " + std::to_string(p.tp) + " × " +
                  std::to_string(p.pp) + " × " + std::to_string(p.cp) + " = " +
                  fmt(static_cast<double>(p.dp) * p.tp * p.pp * p.cp) + ", not the " +
                  std::to_string(in.hardware.gpus) + " GPUs of the cluster.",
              "/parallel/dp"};
    case Rule::ep_dense:
      return {"ep_dense",
              "ep = " + std::to_string(p.ep) + " needs a mixture-of-experts model; this one has a dense MLP.",
              "/parallel/ep"};
    case Rule::ep_experts:
      return {"ep_experts",
              "ep = " + std::to_string(p.ep) + " does not divide " + std::to_string(m.experts) + " experts.",
              "/parallel/ep"};
    case Rule::ep_dp:
      return {"ep_dp",
              "ep = " + std::to_string(p.ep) + " must divide dp = " + std::to_string(p.dp) +
                  ": with etp = tp = " + std::to_string(p.tp) +
                  " (each expert split like the rest of the layer) expert-parallel groups are carved out of "
                  "the data-parallel replicas; an etp below tp builds them from tensor-parallel ranks too.",
              "/parallel/ep"};
    case Rule::etp_dense:
      return {"etp_dense",
              "etp = " + std::to_string(p.etp) + " differs from tp = " + std::to_string(p.tp) +
                  ", but expert tensor parallelism needs a mixture-of-experts model; this one has a dense MLP.",
              "/parallel/etp"};
    case Rule::etp_tp:
      return {"etp_tp",
              "etp = " + std::to_string(p.etp) + " must divide tp = " + std::to_string(p.tp) +
                  ": the engine splits each expert over a part of the tensor-parallel group, never over more ranks.",
              "/parallel/etp"};
    case Rule::etp_grid:
      return {"etp_grid",
              "ep × etp = " + std::to_string(p.ep) + " × " + std::to_string(p.etp) + " = " +
                  fmt(static_cast<double>(p.ep) * p.etp) + " must divide tp × cp × dp = " + std::to_string(p.tp) +
                  " × " + std::to_string(p.cp) + " × " + std::to_string(p.dp) + " = " +
                  fmt(static_cast<double>(p.tp) * p.cp * p.dp) +
                  ": the expert grid (etp × ep × expert data parallel) tiles the ranks of a pipeline stage.",
              "/parallel/etp"};
    case Rule::etp_sequence_parallel:
      return {"etp_sequence_parallel",
              "etp = " + std::to_string(p.etp) + " below tp = " + std::to_string(p.tp) +
                  " needs sequence parallelism: each tensor-parallel rank dispatches its own share of the tokens "
                  "(Megatron-Core's MoE layer refuses tensor parallelism without sequence parallelism in training).",
              "/parallel/etp"};
    case Rule::etp_order:
      return {"etp_order",
              "etp = " + std::to_string(p.etp) + " below tp = " + std::to_string(p.tp) +
                  " needs pp last in the order (this one is " + rank_order_name(p.order) +
                  "): the expert grid numbers each stage's ranks etp-ep-edp, so a stage must be one block of ranks.",
              "/parallel/etp"};
    case Rule::pp_layers:
      return {"pp_layers",
              "pp = " + std::to_string(p.pp) + " stages is more than the " + std::to_string(m.layers) + " layers.",
              "/parallel/pp"};
    case Rule::virtual_layers:
      return {"virtual_layers",
              p.custom_stage_layers()
                  ? "virtual_stages = " + std::to_string(p.virtual_stages) +
                        " does not divide every stage's layer slots under this layout (the embedding and the loss "
                        "count as a layer each when they are accounted for)."
              : m.layers % p.pp != 0
                  ? "Interleaving needs equal stages, but " + std::to_string(m.layers) +
                        " layers do not split evenly over pp = " + std::to_string(p.pp) +
                        " (Megatron's --account-for-embedding-in-pipeline-split and "
                        "--account-for-loss-in-pipeline-split, parallel.embedding_as_layer and loss_as_layer, "
                        "can make the slots even)."
                  : "virtual_stages = " + std::to_string(p.virtual_stages) + " does not divide the " +
                        std::to_string(m.layers / p.pp) + " layers per stage.",
              "/parallel/virtual_stages"};
    case Rule::virtual_needs_interleaved:
      return {"virtual_needs_interleaved",
              "virtual_stages = " + std::to_string(p.virtual_stages) + " needs the interleaved schedule.",
              "/parallel/schedule"};
    case Rule::interleaved_needs_virtual:
      return {"interleaved_needs_virtual", "The interleaved schedule needs virtual_stages of 2 or more.",
              "/parallel/virtual_stages"};
    case Rule::interleaved_microbatches:
      return {"interleaved_microbatches",
              "The interleaved schedule needs the " + std::to_string(in.accumulation) +
                  " micro-batches per step to be a multiple of pp = " + std::to_string(p.pp) + ".",
              "/batch/accumulation"};
    case Rule::batch_product:
      return {"batch_product",
              "micro × accumulation × dp = " + std::to_string(in.micro) + " × " + std::to_string(in.accumulation) +
                  " × " + std::to_string(p.dp) + " does not equal the global batch " + std::to_string(in.global) + ".",
              "/batch/global"};
    case Rule::cp_seq:
      return {"cp_seq",
              "cp = " + std::to_string(p.cp) + " does not divide the sequence length " + std::to_string(m.seq) + ".",
              "/parallel/cp"};
    case Rule::tp_across_nodes:
      if (p.tp <= in.hardware.gpus_per_node && in.hardware.gpus_per_node % p.tp == 0)
        return {"tp_across_nodes",
                "The order " + rank_order_name(p.order) + " puts tensor-parallel ranks " +
                    std::to_string(rank_grid(p).stride[static_cast<std::size_t>(RankDim::tp)]) +
                    " apart, so each tensor-parallel group spans " +
                    std::to_string(kind_placement(in.hardware, p, GroupKind::tp).nodes) + " nodes of " +
                    std::to_string(in.hardware.gpus_per_node) +
                    " GPUs: their per-layer collectives run over the network. Put tp first in the order to keep "
                    "them on NVLink.",
                "/parallel/order"};
      return {
          "tp_across_nodes",
          (p.tp > in.hardware.gpus_per_node
               ? "tp = " + std::to_string(p.tp) + " spans more than one node of " +
                     std::to_string(in.hardware.gpus_per_node) + " GPUs"
               : "tp = " + std::to_string(p.tp) + " does not divide the " + std::to_string(in.hardware.gpus_per_node) +
                     " GPUs of a node, so some tensor-parallel groups straddle two nodes") +
              ": their per-layer collectives run over the network.",
          "/parallel/tp"};
    case Rule::uneven_stages: {
      const std::int64_t extra = m.layers % p.pp;
      return {"uneven_stages",
              std::to_string(m.layers) + " layers over pp = " + std::to_string(p.pp) +
                  " stages: " + std::to_string(extra) + " stage(s) with " + std::to_string(m.layers / p.pp + 1) +
                  " layers, " + std::to_string(p.pp - extra) + " with " + std::to_string(m.layers / p.pp) + ".",
              "/parallel/pp"};
    }
    case Rule::few_microbatches:
      return {"few_microbatches",
              "Only " + std::to_string(in.accumulation) + " micro-batches for pp = " + std::to_string(p.pp) +
                  " stages: most of the pipeline is idle.",
              "/batch/micro"};
    case Rule::zero_with_pipeline:
      return {"zero_with_pipeline",
              "ZeRO stage " + std::to_string(p.zero) +
                  " with pipeline parallelism is modelled, but DeepSpeed and Megatron do not offer it.",
              "/parallel/zero"};
    case Rule::ep_across_domains: {
      const GroupPlacement g = kind_placement(in.hardware, p, GroupKind::ep);
      const std::string node = std::to_string(in.hardware.gpus_per_node);
      return {"ep_across_domains",
              "Expert-parallel groups of " + std::to_string(p.ep) + " would fit one NVLink domain of " + node +
                  " GPUs, but " + node +
                  " is not a multiple of their span, so some straddle two domains (the worst with " +
                  std::to_string(g.members_per_node) +
                  " of its ranks on one side): their all-to-all crosses on the network cards, and every step waits "
                  "for it. Jobs on several NVL72 racks usually run in equal NVLink segments (SLURM's --segment; "
                  "Megatron-Bridge's launcher asks for the largest divisor of the tray count up to 18 trays): set "
                  "gpus_per_node, and nics_per_node, to the segment's GPUs.",
              "/hardware/gpus_per_node"};
    }
    case Rule::count:
      break;
  }
  return {"internal", "Unknown rule.", ""};
}

}  // namespace atlas
