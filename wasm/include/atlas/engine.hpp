// The engine's one contract: a command name and a JSON request in, a JSON response out.
// The CLI, the WASM module and the tests all go through these two functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace atlas {

using json = nlohmann::json;

/// Runs one command on a parsed request. Never throws: every failure is an {"error":…} response.
json run(std::string_view command, const json& request);

/// Parses request text (malformed JSON and invalid UTF-8 are error responses) and runs the command.
/// Returns compact response JSON text.
std::string run_text(std::string_view command, std::string_view request_text);

/// True when a response is an error response.
bool is_error(const json& response);

/// JSON pointer of the first NaN or infinity in a value, if any ("" for the value itself).
std::optional<std::string> non_finite_path(const json& value);

/// Names of every command, in the order `version` lists them.
std::vector<std::string> command_names();

/// Engine version (semver) and the contract's schema number.
inline constexpr const char* kEngineVersion = "0.1.0";
inline constexpr int kContractVersion = 1;

}  // namespace atlas
