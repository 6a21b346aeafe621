// Which splits are possible, and sentences that say why one is not.
#pragma once

#include "atlas/contract/problems.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// The rules a split breaks (errors first, then warnings; a plan with any error is not valid).
RuleSet check_rules(const PlanInput& in);

/// The coded issue for one rule, with the path of the control a person would change.
/// `dp_derived`: dp was computed from gpus, so a product mismatch points at /hardware/gpus.
Issue describe_rule(const PlanInput& in, Rule rule, bool dp_derived);

/// Micro-batches per step m = accumulation (each data-parallel replica runs m micro-batches).
inline std::int64_t microbatches(const PlanInput& in) { return in.accumulation; }

}  // namespace atlas
