// Shared helpers for the engine's doctest suites.
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <utility>

#include "atlas/contract/engine.hpp"

namespace atlas_test {

using atlas::json;

/// Reads a file under the repository root (works natively and under node with NODERAWFS).
inline std::string read_source_file(const std::string& relative) {
  std::ifstream in(std::string(ATLAS_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

/// Runs a command from request text and parses the response.
inline json call(const std::string& command, const std::string& request_text) {
  return json::parse(atlas::run_text(command, request_text));
}

inline json call(const std::string& command, const char* request_text) {
  return call(command, std::string(request_text));
}

inline json call(const std::string& command, const json& request) { return atlas::run(command, request); }

/// The error code of a response ("" when it is not an error).
inline std::string error_code(const json& response) {
  return atlas::is_error(response) ? response["error"]["code"].get<std::string>() : "";
}

inline std::string error_path(const json& response) {
  return atlas::is_error(response) ? response["error"]["path"].get<std::string>() : "";
}

/// True when some error in the response has this code and path.
inline bool has_error(const json& response, const std::string& code, const std::string& path) {
  if (!response.contains("errors")) return false;
  for (const auto& e : response["errors"])
    if (e["code"] == code && e["path"] == path) return true;
  return false;
}

/// A plan request over presets: the split, the batch, a model and a hardware preset.
inline json plan_request(json parallel, json batch = json{{"global", 64}}, const char* model = "megatron-175b",
                         int gpus = 64, const char* hardware = "a100-80gb") {
  return json{{"model", {{"preset", model}}},
              {"hardware", {{"preset", hardware}, {"gpus", gpus}}},
              {"parallel", std::move(parallel)},
              {"batch", std::move(batch)}};
}

/// The transfer of a plan with this id (null when the plan has none).
inline const json& plan_transfer(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"])
    if (t["id"] == id) return t;
  static const json none;
  return none;
}

/// The transfer of a plan with this id, or null when the plan has none.
inline const json* find_transfer(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"])
    if (t["id"] == id) return &t;
  return nullptr;
}

/// A serving plan over presets (mode inference).
/// A serving request for a preset model on a preset GPU, and the engine's plan for it.
inline json serving_request(const char* model, int gpus, json parallel, json serving = json::object(),
                            const char* hardware = "h100-sxm") {
  return json{{"mode", "inference"},
              {"model", {{"preset", model}}},
              {"hardware", {{"preset", hardware}, {"gpus", gpus}}},
              {"parallel", std::move(parallel)},
              {"serving", std::move(serving)}};
}
inline json serve(const char* model, int gpus, json parallel, json serving = json::object(),
                  const char* hardware = "h100-sxm") {
  return atlas::run("plan", serving_request(model, gpus, std::move(parallel), std::move(serving), hardware));
}

/// A plan's step time (s) and its ZeRO-3 weight copies per micro-batch.
inline double step_seconds(const json& plan) { return plan["time"]["step"].get<double>(); }
inline double copies_per_microbatch(const json& plan) {
  return plan["stages"][0]["copies_per_microbatch"].get<double>();
}

}  // namespace atlas_test
