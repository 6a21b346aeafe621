// The page's first module: the entry's validation and the ring lab. It has
// no hot loop, so it is built for size; the planner's code is not linked in.
#include "atlas/contract/registry.hpp"

namespace atlas {

const CommandSet& registered_commands() {
  static const CommandSet set{"core",
                              {ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_ENTRY) ATLAS_CORE_COMMANDS(ATLAS_COMMAND_ENTRY)}};
  return set;
}

}  // namespace atlas
