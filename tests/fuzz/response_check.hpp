// What every engine answer must satisfy whatever the request (issue 12): it parses, it is an
// object, it never says `internal` (an escaped exception) or `non_finite` (a NaN or infinity the
// request could provoke), and it is bounded in size. Shared by the libFuzzer harness and by
// the doctest that replays the corpus in `npm test`, natively and under WASM.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace atlas_fuzz {

/// Largest answer allowed: the biggest real ones (presets, plan) are a few hundred KB.
inline constexpr std::size_t kMaxResponseBytes = 16 * 1024 * 1024;

/// "" when the response is acceptable, else what is wrong with it.
inline std::string response_problem(std::string_view response) {
  if (response.size() > kMaxResponseBytes) return "response of " + std::to_string(response.size()) + " bytes";
  const nlohmann::json r = nlohmann::json::parse(response.begin(), response.end(), nullptr, false);
  if (r.is_discarded()) return "response is not JSON";
  if (!r.is_object()) return "response is not an object";
  if (r.contains("error")) {  // (a plan's successful answer has its own "errors": rule findings)
    if (!r.contains("errors") || !r["errors"].is_array() || r["errors"].empty() || r["errors"][0] != r["error"])
      return "error response without a matching error/errors pair";
    for (const auto& e : r["errors"]) {
      if (!e.is_object() || !e.contains("code") || !e["code"].is_string() || !e.contains("path"))
        return "error without code or path";
      const auto code = e["code"].get<std::string>();
      if (code == "internal" || code == "non_finite")
        return code + ": " + e.value("message", std::string()).substr(0, 300) + " at " + e["path"].dump();
    }
  }
  return "";
}

/// A corpus input is "<command>\n<request>"; without a known command on the first line, the
/// first byte picks one and the whole input is the request (raw bytes reach every command).
struct Input {
  std::string command;
  std::string request;
};

template <class Names>
Input split_input(std::string_view data, const Names& names) {
  const auto newline = data.find('\n');
  if (newline != std::string_view::npos && newline < 32) {
    const std::string_view first = data.substr(0, newline);
    for (const auto& n : names)
      if (first == n) return {std::string(first), std::string(data.substr(newline + 1))};
  }
  if (data.empty() || names.empty()) return {"version", std::string(data)};
  return {names[static_cast<unsigned char>(data[0]) % names.size()], std::string(data)};
}

}  // namespace atlas_fuzz
