// The check question and the batch-accounting practice: fetched when the check section nears
// the view, or at once for a quiz embed. Built for size like the core: nothing in it loops hot.
#include "atlas/contract/registry.hpp"

namespace atlas {

const CommandSet& registered_commands() {
  static const CommandSet set{"quiz",
                              {ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_ENTRY) ATLAS_QUIZ_COMMANDS(ATLAS_COMMAND_ENTRY)}};
  return set;
}

}  // namespace atlas
