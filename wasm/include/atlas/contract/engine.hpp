// The engine's one contract: a command name and a JSON request in, a JSON response out.
// The CLI, the WASM module and the tests all go through these two functions.
#pragma once

#include <cstddef>
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

/// Parses JSON text the engine carries itself (presets, example requests) through the request
/// parser, limits included; a discarded value (is_discarded()) when it is not such JSON.
json parse_json(std::string_view text);

/// True when a response is an error response.
bool is_error(const json& response);

/// JSON pointer of the first NaN or infinity in a value, if any ("" for the value itself).
std::optional<std::string> non_finite_path(const json& value);

/// Names of the commands this build answers (registry.hpp), in the order `version` lists them.
std::vector<std::string> command_names();

/// Limits of the contract, checked by the dispatcher before any command runs (all coded errors):
/// request text larger than kMaxRequestBytes is `too_large`; nesting deeper than kMaxDepth is
/// `too_deep` at the value that goes too deep; more than kMaxValues values is `too_many`; an
/// object key longer than kMaxKeyBytes is `too_long` at its object; a key given twice is
/// `duplicate_key`; a number beyond double range is `out_of_range` at its path. A response lists
/// at most kMaxIssuesListed errors and as many warnings (then one `too_many_issues` entry).
inline constexpr std::size_t kMaxRequestBytes = 8 * 1024 * 1024;
inline constexpr std::size_t kMaxDepth = 64;
inline constexpr std::size_t kMaxValues = 200000;
inline constexpr std::size_t kMaxKeyBytes = 256;
inline constexpr std::size_t kMaxIssuesListed = 100;

/// The first request limit a parsed value breaks (nesting deeper than kMaxDepth), as an error
/// response, or nullopt. run() applies it to requests that did not come through run_text.
std::optional<json> check_request_shape(const json& request);

/// Engine version (semver) and the contract's schema number.
inline constexpr const char* kEngineVersion = "0.1.0";
inline constexpr int kContractVersion = 1;

}  // namespace atlas
