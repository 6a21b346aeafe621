// Every engine command, one handler each. A handler reads its request through Fields,
// records problems, and returns the response body; run() turns problems into the error shape.
#pragma once

#include <string_view>

#include "atlas/contract/problems.hpp"

namespace atlas {

using Handler = json (*)(const json& request, Problems& problems);

json cmd_version(const json& request, Problems& problems);     // version.cpp
json cmd_validate(const json& request, Problems& problems);    // entry.cpp
json cmd_batch(const json& request, Problems& problems);       // batch.cpp
json cmd_allreduce(const json& request, Problems& problems);   // collectives.cpp
json cmd_nccl_tests(const json& request, Problems& problems);  // nccl_tests.cpp
json cmd_presets(const json& request, Problems& problems);     // presets.cpp
json cmd_plan(const json& request, Problems& problems);        // plan.cpp
json cmd_search(const json& request, Problems& problems);      // search.cpp
json cmd_quiz(const json& request, Problems& problems);        // quiz.cpp
json cmd_practice(const json& request, Problems& problems);    // practice.cpp
json cmd_fidelity(const json& request, Problems& problems);    // fidelity.cpp
json cmd_schema(const json& request, Problems& problems);      // schema_command.cpp

/// The handler of a command by name (nullptr when there is none).
Handler find_handler(std::string_view name);
json cmd_import(const json& request, Problems& problems);  // import.cpp
json cmd_export(const json& request, Problems& problems);  // export_config.cpp

}  // namespace atlas
