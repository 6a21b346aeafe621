#include "atlas/engine.hpp"

#include <cmath>
#include <exception>

#include "atlas/commands.hpp"

namespace atlas {

namespace {

struct Command {
  const char* name;
  Handler handler;
};

constexpr Command kCommands[] = {
    {"version", cmd_version},     {"validate", cmd_validate}, {"batch", cmd_batch},
    {"allreduce", cmd_allreduce}, {"nccl-tests", cmd_nccl_tests}, {"presets", cmd_presets},
    {"plan", cmd_plan},           {"search", cmd_search},     {"quiz", cmd_quiz},
    {"practice", cmd_practice},
};

json single_error(const std::string& code, const std::string& message, const std::string& path) {
  Problems p;
  p.error(code, message, path);
  return p.error_response();
}

// nlohmann writes NaN and Inf as null; a null where a number belongs would reach the page
// as a blank or "NaN". Finding one is an engine bug, so it becomes an internal error.
// The scan runs on every response (some hold thousands of values), so it builds the JSON
// pointer only on the way back out of a hit.
bool scan_non_finite(const json& v, std::string& where) {
  if (v.is_number_float()) return !std::isfinite(v.get<double>());
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      if (scan_non_finite(it.value(), where)) {
        where = child_path("", it.key()) + where;
        return true;
      }
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (scan_non_finite(v[i], where)) {
        where = child_path("", i) + where;
        return true;
      }
  }
  return false;
}

}  // namespace

std::optional<std::string> non_finite_path(const json& value) {
  std::string where;
  if (!scan_non_finite(value, where)) return std::nullopt;
  return where;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : kCommands) names.emplace_back(c.name);
  return names;
}

bool is_error(const json& response) { return response.is_object() && response.contains("error"); }

json run(std::string_view command, const json& request) {
  for (const auto& c : kCommands) {
    if (command != c.name) continue;
    try {
      Problems problems;
      json response = c.handler(request, problems);
      if (!problems.ok()) return problems.error_response();
      if (auto where = non_finite_path(response))
        return single_error("non_finite", "The engine produced a non-finite number at " + *where + ".", "");
      problems.attach_warnings(response);
      return response;
    } catch (const std::exception& e) {
      return single_error("internal", std::string("Internal engine error: ") + e.what(), "");
    } catch (...) {
      return single_error("internal", "Internal engine error.", "");
    }
  }
  std::string list;
  for (const auto& c : kCommands) list += (list.empty() ? "" : ", ") + std::string(c.name);
  return single_error("unknown_command", "Unknown command \"" + std::string(command) + "\"; commands: " + list + ".",
                      "");
}

std::string run_text(std::string_view command, std::string_view request_text) {
  json response;
  try {
    json request = json::parse(request_text.begin(), request_text.end());
    response = run(command, request);
  } catch (const json::parse_error& e) {
    // nlohmann reports invalid UTF-8 as a parse error too; name it so people know what to fix.
    const std::string what = e.what();
    const bool utf8 = what.find("UTF-8") != std::string::npos || what.find("utf-8") != std::string::npos;
    response = single_error(utf8 ? "invalid_utf8" : "invalid_json",
                            std::string(utf8 ? "The request is not valid UTF-8 text" : "The request is not valid JSON") +
                                " (byte " + std::to_string(e.byte) + ").",
                            "");
  } catch (const std::exception& e) {
    response = single_error("internal", std::string("Internal engine error: ") + e.what(), "");
  }
  // Replace rather than throw on strings that are not UTF-8 (cannot come from parse, but a
  // handler could echo a byte string it built itself).
  return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

json cmd_version(const json& request, Problems& problems) {
  (void)request;
  (void)problems;
  return json{{"engine", "parallelism-atlas"},
              {"version", kEngineVersion},
              {"contract", kContractVersion},
              {"commands", command_names()},
              {"units", {{"bytes", "B"}, {"time", "s"}, {"bandwidth", "B/s"}, {"compute", "FLOP/s"}}}};
}

}  // namespace atlas
