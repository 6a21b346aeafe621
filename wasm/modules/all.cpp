// Every command in one build: the native CLI, the doctests (natively and under node) and the
// fuzzer. The page loads the same commands as three modules (core.cpp, quiz.cpp, planner.cpp).
#include "atlas/contract/registry.hpp"
#include "atlas/training/search_budget.hpp"

namespace atlas {

const CommandSet& registered_commands() {
  static const CommandSet set{
      "all",
      {ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_ENTRY) ATLAS_CORE_COMMANDS(ATLAS_COMMAND_ENTRY)
           ATLAS_QUIZ_COMMANDS(ATLAS_COMMAND_ENTRY) ATLAS_PLANNER_COMMANDS(ATLAS_COMMAND_ENTRY)}};
  return set;
}

}  // namespace atlas
