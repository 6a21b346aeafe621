// The check question and the batch-accounting practice: fetched when the check section nears
// the view, or at once for a quiz embed. Built for size like the core: nothing in it loops hot.
#include "atlas/contract/registry.hpp"

ATLAS_DEFINE_MODULE("quiz", ATLAS_QUIZ_COMMANDS)
