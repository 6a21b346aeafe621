// The page's first module: the entry's validation and the ring lab. It has
// no hot loop, so it is built for size; the planner's code is not linked in.
#include "atlas/contract/registry.hpp"

ATLAS_DEFINE_MODULE("core", ATLAS_CORE_COMMANDS)
