// Every engine command, one handler each. A handler reads its request through Fields,
// records problems, and returns the response body; run() turns problems into the error shape.
#pragma once

#include <string_view>

#include "atlas/contract/problems.hpp"

namespace atlas {

using Handler = json (*)(const json& request, Problems& problems);

json cmd_version(const json& request, Problems& problems);     // contract/engine.cpp
json cmd_validate(const json& request, Problems& problems);    // content/entry.cpp
json cmd_batch(const json& request, Problems& problems);       // training/batch.cpp
json cmd_allreduce(const json& request, Problems& problems);   // collectives/ring_lab.cpp
json cmd_nccl_tests(const json& request, Problems& problems);  // collectives/nccl_tests.cpp
json cmd_presets(const json& request, Problems& problems);     // content/presets.cpp
json cmd_plan(const json& request, Problems& problems);        // training/plan.cpp
json cmd_search(const json& request, Problems& problems);      // training/search.cpp
json cmd_quiz(const json& request, Problems& problems);        // content/quiz.cpp
json cmd_practice(const json& request, Problems& problems);    // content/practice.cpp
json cmd_fidelity(const json& request, Problems& problems);    // training/fidelity.cpp
json cmd_schema(const json& request, Problems& problems);      // contract/schema_command.cpp

/// The handler of a command by name (nullptr when there is none).
Handler find_handler(std::string_view name);
json cmd_import(const json& request, Problems& problems);      // interop/import.cpp
json cmd_export(const json& request, Problems& problems);      // interop/export_config.cpp
json cmd_collective(const json& request, Problems& problems);  // collectives/collective_command.cpp
json cmd_dp_network(const json& request, Problems& problems);  // training/dp_network.cpp
json cmd_reconcile(const json& request, Problems& problems);   // training/reconcile.cpp

}  // namespace atlas
