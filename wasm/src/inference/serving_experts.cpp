// Tokens per expert in a decode step: how many expert rows a device's sequences make, how many of
// its experts they touch (the rest are not read) and the rows each touched expert multiplies. The
// same counts the step's GEMMs are costed from (layer_kernels.cpp), answered for the page.

#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/inference/layer_kernels.hpp"

namespace atlas {

json serving_experts_json(const InferenceInput& in, const InferenceFigures& f) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  // One pass of a stage: a pipeline sends a replica's sequences round in up to pp groups.
  const double tokens = decode_groups(f.memory.sequences_per_device, p.pp).per_group;
  const double k = static_cast<double>(m.top_k), e = static_cast<double>(m.experts);
  const double rows = tokens * k;
  // The figures are the busiest expert rank's: routing_imbalance times the mean rows arrive there,
  // spread as the step's GEMMs spread them.
  const RoutedRows routed = rows_per_expert(in, m, tokens);
  const double busiest = routed.arriving * k, local = routed.local, touched = routed.touched;
  const double share = experts_touched(in, tokens);
  // The stage that holds the most expert weights (dense first layers leave the first one fewer).
  StageWeights w = stage_weights(in, 0);
  for (std::int64_t i = 1; i < p.pp; ++i)
    if (const StageWeights x = stage_weights(in, i); x.expert > w.expert) w = x;
  const double read = expert_weights_read(in, w, tokens);

  Formula formula("a decode step gives each of a device's ");
  formula << qty::number(tokens) << " sequences one token; × top_k " << qty::number(k) << " = " << qty::number(rows)
          << " expert rows. Each token picks " << qty::number(k) << " of " << qty::number(e) << " experts";
  if (p.routing_imbalance > 1)
    formula << "; the busiest expert rank receives routing imbalance " << qty::number(p.routing_imbalance)
            << " × them, " << qty::number(busiest) << " rows, each of its experts picked that many times as often";
  formula << ", so the step touches 1 − (1 − " << (p.routing_imbalance > 1 ? "imbalance × " : "")
          << "k/E)^(tokens × ep) = " << qty::fraction(share)
          << " of them (routing taken as random): " << qty::number(touched) << " of the device's " << qty::number(local)
          << " experts, " << qty::number(routed.per_expert)
          << " rows each. Only their weights are read: " << qty::bytes(read) << " of the stage's "
          << qty::bytes(w.expert) << " of expert weights";
  return json{{"experts", m.experts},
              {"top_k", m.top_k},
              {"ep", p.ep},
              {"tokens", tokens},
              {"rows", rows},
              {"routing_imbalance", p.routing_imbalance},
              {"busiest_rows", busiest},
              {"touched_fraction", share},
              {"local_experts", local},
              {"touched_experts", touched},
              {"rows_per_touched_expert", routed.per_expert},
              {"expert_bytes_read", read},
              {"expert_bytes", w.expert},
              {"formula", formula}};
}

}  // namespace atlas
