// The split explorer's module, fetched when the explorer nears the view or is opened: plans,
// the search (built for speed), presets, fidelity, import and export.
#include "atlas/contract/registry.hpp"
#include "atlas/training/search_budget.hpp"

namespace atlas {

const CommandSet& registered_commands() {
  static const CommandSet set{"planner",
                              {ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_ENTRY) ATLAS_PLANNER_COMMANDS(ATLAS_COMMAND_ENTRY)}};
  return set;
}

}  // namespace atlas
