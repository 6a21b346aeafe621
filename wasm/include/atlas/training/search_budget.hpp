// The work budget of `search`: the size of the space is counted (cheaply, without evaluating a
// plan) before anything is enumerated, and a request over the budget is refused with a coded
// error that says how large the space is and what to narrow. The count mirrors the loops of
// search_plans (search.cpp): one unit per (tp, cp, pp, ep, micro-batch, sequence parallelism,
// schedule) group, each of which costs up to three stage evaluations and three pending entries.
#pragma once

#include <cstdint>

#include "atlas/contract/problems.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/search.hpp"

namespace atlas {

/// Groups search_plans may enumerate. Measured natively (2 shared cores): 0.8–3.5 µs and up to
/// ~300 B of pending candidates per group (the slow end when most groups fit and the bound
/// prunes little), so at most ~0.5 s and ~45 MB; WASM is about 1.3× slower.
inline constexpr std::int64_t kMaxSearchGroups = 150000;

/// The number of groups search_plans would enumerate for this model, cluster, batch and
/// limits, counting at most up to `cap` (it stops and returns a value > cap once it passes it).
std::int64_t estimate_search_groups(const ModelShape& model, std::int64_t gpus, std::int64_t global,
                                    const SearchLimits& limits, std::int64_t cap = kMaxSearchGroups);

/// The budget check for a raw `search` request, run by the dispatcher before cmd_search. A
/// request it cannot read passes (cmd_search reports those problems itself); one over the
/// budget is refused: `search_too_large` at /limits.
bool search_within_budget(const json& request, Problems& problems);

}  // namespace atlas
