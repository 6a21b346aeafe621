// The names-only map of which module answers which command (registry.hpp): `version` publishes
// it, and the page's loader routes each command by it, fetching the quiz and planner modules only
// when one of their commands is first needed.
#include "atlas/contract/registry.hpp"

namespace atlas {

json command_modules() {
  return json{
      {"core", json::array({ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_NAME) ATLAS_CORE_COMMANDS(ATLAS_COMMAND_NAME)})},
      {"quiz", json::array({ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_NAME) ATLAS_QUIZ_COMMANDS(ATLAS_COMMAND_NAME)})},
      {"planner", json::array({ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_NAME) ATLAS_PLANNER_COMMANDS(ATLAS_COMMAND_NAME)})}};
}

}  // namespace atlas
