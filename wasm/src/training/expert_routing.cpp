// Tokens per expert: the counts behind the expert-parallel all-to-alls (communication.cpp costs
// them) and the expert GEMMs' rows (layer_compute.cpp), gathered into one answer so that the page
// shows the engine's numbers rather than recomputing them.
#include "atlas/training/expert_routing.hpp"

#include <cstring>

#include "atlas/contract/formula.hpp"
#include "atlas/training/communication.hpp"

namespace atlas {

namespace {

// The expert group's dispatch all-to-all as the plan's transfer list costed and placed it (none
// at ep 1).
const Transfer* dispatch(const PlanFigures& f) {
  for (int i = 0; i < f.transfer_count; ++i) {
    const Transfer& t = f.transfers[static_cast<std::size_t>(i)];
    if (std::strcmp(t.id, "ep-fwd-dispatch") == 0) return &t;
  }
  return nullptr;
}

}  // namespace

json expert_routing_json(const PlanInput& in, const PlanFigures& f) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const double ep = static_cast<double>(p.ep);
  const double k = static_cast<double>(m.top_k), experts = static_cast<double>(m.experts);
  const double tokens = routed_tokens_per_rank(in);  // the dispatch's own rule
  const double rows = tokens * k;                    // sent to the experts' ranks; balanced, as many come back
  const double local = experts / ep;
  // With the experts on a tensor split of their own (etp below tp), a rank's experts also see the
  // rows of the other members of its etp group.
  const double gathered = p.expert_grid() ? static_cast<double>(p.etp) : 1.0;
  const double per_expert = rows * gathered / local;
  const double busiest = rows * p.routing_imbalance;
  const Transfer* call = dispatch(f);
  const double call_bytes = call ? call->bytes_per_call : 0.0;  // the busiest rank's bf16 rows
  const double leaving = ep > 1 ? (ep - 1.0) / ep : 0.0;
  const StageFigures& st = f.timed_stage == 0 ? f.first : f.last;
  const std::int64_t moe_layers = m.moe_layer_count(st.first_layer, st.layers);
  const char* link = !call ? "none" : call->inter_node ? "network" : "nvlink";

  Formula formula("a rank routes micro-batch × sequence ÷ cp");
  formula << (p.sequence_parallel ? " ÷ tp (sequence parallel)" : "") << " = " << qty::number(tokens)
          << " tokens; × top_k " << qty::number(k) << " = " << qty::number(rows)
          << " expert rows, sent to the ranks that hold their experts (balanced routing: as many come back); ÷ its "
          << qty::number(local) << " experts";
  if (gathered > 1) formula << " × etp " << qty::number(gathered) << " (rows gathered over the experts' own split)";
  formula << " = " << qty::number(per_expert) << " rows an expert; the busiest rank: × routing imbalance "
          << qty::number(p.routing_imbalance) << " = " << qty::number(busiest) << " rows";
  if (call)
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
              {"all_to_all_bytes", call_bytes},
              {"leaving_fraction", leaving},
              {"link", link},
              {"formula", formula}};
}

}  // namespace atlas
