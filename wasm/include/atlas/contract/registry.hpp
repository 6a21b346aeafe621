// Which commands a build of the engine answers. The library (src/) holds every command; each
// link target picks its set with one file of wasm/modules/: the native CLI, the doctests and the
// fuzzer answer them all, while the page gets three WebAssembly modules — "core" (the entry and
// the ring lab: what the first screen needs), "quiz" (the check question and the practice,
// fetched when they near) and "planner" (the split explorer's commands, fetched when the
// explorer is near, and the lab's log reader). A module links only the code its commands
// reach.
#pragma once

#include <string_view>
#include <vector>

#include "atlas/contract/commands.hpp"

namespace atlas {

/// A command's work budget: runs before the handler and refuses (false, with a coded error) a
/// request whose work could not be bounded otherwise. Commands whose fields bound their work
/// have none.
using Budget = bool (*)(const json& request, Problems& problems);

struct Command {
  const char* name;
  Handler handler;
  Budget budget = nullptr;
};

// The commands of each module as (name, handler, budget). One list serves both the handler
// tables below and the names-only map that `version` publishes: a module can name the other
// modules' commands (so the page knows where to send them) without linking their code.
// Every module answers `version`, about itself.
#define ATLAS_SHARED_COMMANDS(X) X("version", cmd_version, nullptr)
// The first module a visit fetches holds only what the first screen runs: the entry's check and
// the ring lab. The lab's nccl-tests log reader is the planner's: it runs only when a reader
// pastes a log, it fits the planner's network model from the hardware presets, and it would add
// about 40 KB to the module every first visit compiles.
#define ATLAS_CORE_COMMANDS(X) \
  X("validate", cmd_validate, nullptr) X("batch", cmd_batch, nullptr) X("allreduce", cmd_allreduce, nullptr)
// The check question and the practice exercises sit far down the page: their module (about
// 200 KB raw) is fetched when the check section nears, or at once for a quiz
// embed, which then needs no other.
#define ATLAS_QUIZ_COMMANDS(X) X("quiz", cmd_quiz, nullptr) X("practice", cmd_practice, nullptr)
// The network lab's `collective` shares the planner's NCCL model and sits beside it, with
// `dp-network`, which evaluates the explorer's plan again at other NIC bandwidths; `reconcile`
// sets a pasted training log beside the explorer's plan.
// `schema` is development data (the page's types, the contract tests) that the page itself asks
// only for the planner's import panel: it lives in the planner module (answering for the
// planner's commands) and in the CLI (every command), and keeps about 40 KB out of the core.
#define ATLAS_PLANNER_COMMANDS(X)               \
  X("presets", cmd_presets, nullptr)            \
  X("plan", cmd_plan, nullptr)                  \
  X("search", cmd_search, search_within_budget) \
  X("fidelity", cmd_fidelity, nullptr)          \
  X("import", cmd_import, nullptr)              \
  X("export", cmd_export, nullptr)              \
  X("nccl-tests", cmd_nccl_tests, nullptr)      \
  X("collective", cmd_collective, nullptr)      \
  X("dp-network", cmd_dp_network, nullptr)      \
  X("reconcile", cmd_reconcile, nullptr) X("schema", cmd_schema, nullptr)

/// One module of the engine: its name and the commands it answers.
struct CommandSet {
  const char* module;
  std::vector<Command> commands;
};

/// This build's commands. Defined once per link target, by the file of wasm/modules/ it links.
const CommandSet& registered_commands();

/// Each module's commands by name, version included ({"core": […], "quiz": […], "planner": […]}).
/// Names only: no handler is referenced, so any build can say where every command lives.
json command_modules();

}  // namespace atlas

// Expanders for the lists above: a table entry, or the name alone.
#define ATLAS_COMMAND_ENTRY(name, handler, budget) ::atlas::Command{name, handler, budget},
#define ATLAS_COMMAND_NAME(name, handler, budget) name,
// Every module's commands at once (the native build's list).
#define ATLAS_ALL_COMMANDS(X) ATLAS_CORE_COMMANDS(X) ATLAS_QUIZ_COMMANDS(X) ATLAS_PLANNER_COMMANDS(X)

// Defines registered_commands() for a link target: `version` plus one of the lists above.
#define ATLAS_DEFINE_MODULE(module_name, COMMANDS)                                                           \
  namespace atlas {                                                                                          \
  const CommandSet& registered_commands() {                                                                  \
    static const CommandSet set{module_name,                                                                 \
                                {ATLAS_SHARED_COMMANDS(ATLAS_COMMAND_ENTRY) COMMANDS(ATLAS_COMMAND_ENTRY)}}; \
    return set;                                                                                              \
  }                                                                                                          \
  }
