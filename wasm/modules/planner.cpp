// The split explorer's module, fetched when the explorer nears the view or is opened: plans,
// the search (built for speed), presets, fidelity, import and export.
#include "atlas/contract/registry.hpp"
#include "atlas/training/search_budget.hpp"

ATLAS_DEFINE_MODULE("planner", ATLAS_PLANNER_COMMANDS)
