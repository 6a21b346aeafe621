// Tokens per expert: the counts behind the expert-parallel all-to-alls (communication.cpp costs
// them) and the expert GEMMs' rows (layer_compute.cpp), gathered into one answer so that the page
// shows the engine's numbers rather than recomputing them.
#include "atlas/training/expert_routing.hpp"

#include <cstring>

#include "atlas/contract/formula.hpp"

namespace atlas {

namespace {

// The link the expert group's all-to-all crosses, as the plan's transfer list placed it.
const char* dispatch_link(const PlanInput& in, const PlanFigures& f) {
  if (in.parallel.ep <= 1) return "none";
  for (int i = 0; i < f.transfer_count; ++i) {
    const Transfer& t = f.transfers[static_cast<std::size_t>(i)];
    if (std::strcmp(t.id, "ep-fwd-dispatch") == 0) return t.inter_node ? "network" : "nvlink";
  }
  return "none";
}

}  // namespace

json expert_routing_json(const PlanInput& in, const PlanFigures& f) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const double t = static_cast<double>(p.tp), ep = static_cast<double>(p.ep);
  const double k = static_cast<double>(m.top_k), experts = static_cast<double>(m.experts);
  // A rank routes its own tokens: the micro-batch's sequence share under context parallelism, a
  // tp-th of it under sequence parallelism (the dispatch's rule in communication.cpp).
  const double tokens = static_cast<double>(in.micro) * static_cast<double>(m.seq) / static_cast<double>(p.cp) /
                        (p.sequence_parallel ? t : 1.0);
  const double rows = tokens * k;  // sent to the experts' ranks; balanced, as many come back
  const double local = experts / ep;
  // With the experts on a tensor split of their own (etp below tp), a rank's experts also see the
  // rows of the other members of its etp group.
  const double gathered = p.expert_grid() ? static_cast<double>(p.etp) : 1.0;
  const double per_expert = rows * gathered / local;
  const double busiest = rows * p.routing_imbalance;
  const double call_bytes = 2.0 * busiest * static_cast<double>(m.hidden);  // bf16 rows of the hidden size
  const double leaving = ep > 1 ? (ep - 1.0) / ep : 0.0;
  const StageFigures& st = f.timed_stage == 0 ? f.first : f.last;
  const std::int64_t moe_layers = m.moe_layer_count(st.first_layer, st.layers);
  const char* link = dispatch_link(in, f);

  Formula formula("a rank routes micro-batch × sequence ÷ cp");
  formula << (p.sequence_parallel ? " ÷ tp (sequence parallel)" : "") << " = " << qty::number(tokens)
          << " tokens; × top_k " << qty::number(k) << " = " << qty::number(rows)
          << " expert rows, sent to the ranks that hold their experts (balanced routing: as many come back); ÷ its "
          << qty::number(local) << " experts";
  if (gathered > 1) formula << " × etp " << qty::number(gathered) << " (rows gathered over the experts' own split)";
  formula << " = " << qty::number(per_expert) << " rows an expert; the busiest rank: × routing imbalance "
          << qty::number(p.routing_imbalance) << " = " << qty::number(busiest) << " rows";
  if (ep > 1)
    formula << "; one all-to-all moves " << qty::bytes(call_bytes) << " on it (2 B × hidden a row), "
            << qty::fraction(leaving) << " of it to other ranks, four a layer per micro-batch (dispatch and combine, "
            << "forward and backward) in each of the stage's " << qty::number(static_cast<double>(moe_layers))
            << " expert layers";
  return json{{"experts", m.experts},
              {"top_k", m.top_k},
              {"shared_experts", m.shared_experts},
              {"ep", p.ep},
              {"local_experts", local},
              {"moe_layers", moe_layers},
              {"tokens", tokens},
              {"rows", rows},
              {"rows_per_expert", per_expert},
              {"routing_imbalance", p.routing_imbalance},
              {"busiest_rows", busiest},
              {"all_to_all_bytes", ep > 1 ? call_bytes : 0.0},
              {"leaving_fraction", leaving},
              {"link", link},
              {"formula", formula}};
}

}  // namespace atlas
