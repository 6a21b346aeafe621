// How a mixture-of-experts layer's tokens spread over the experts (expert_routing.cpp): the plan's
// `experts` answer, which the page's "Tokens per expert" view shows beside the crossings.
#pragma once

#include "atlas/contract/commands.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// One rank of the expert group, per micro-batch and MoE layer: the tokens it routes, the expert
/// rows they make, the rows each of its experts receives (mean and busiest rank), the bytes of one
/// all-to-all and the link it crosses; with the formula. Only for a mixture-of-experts model.
json expert_routing_json(const PlanInput& in, const PlanFigures& f);

}  // namespace atlas
