// Placeholder until this unit lands: the command answers with a coded error, never a fake result.
#include "atlas/commands.hpp"

namespace atlas {

json cmd_search(const json&, Problems& problems) {
  problems.error("not_implemented", "This command is not part of this build yet.", "");
  return {};
}

}  // namespace atlas
