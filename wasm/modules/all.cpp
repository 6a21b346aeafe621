// Every command in one build: the native CLI, the doctests (natively and under node) and the
// fuzzer. The page loads the same commands as three modules (core.cpp, quiz.cpp, planner.cpp).
#include "atlas/contract/registry.hpp"
#include "atlas/training/search_budget.hpp"

ATLAS_DEFINE_MODULE("all", ATLAS_ALL_COMMANDS)
