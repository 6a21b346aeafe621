#include "atlas/content/corrections.hpp"

#include <string>

namespace atlas {

bool correction_covers(const nlohmann::json& k, const nlohmann::json& c) {
  if (k.contains("source") && k["source"] != c.value("source", "")) return false;
  const std::string id = c.value("id", "");
  const nlohmann::json parts = k.value("match", nlohmann::json(""));
  for (const auto& part : parts.is_array() ? parts : nlohmann::json::array({parts}))
    if (id.find(part.get<std::string>()) == std::string::npos) return false;
  return true;
}

nlohmann::json corrected_request(const nlohmann::json& corrections, const nlohmann::json& c, nlohmann::json& row) {
  using json = nlohmann::json;
  json request = c["request"];
  json why = json::array();
  for (const auto& k : corrections) {
    if (!correction_covers(k, c)) continue;
    request[json::json_pointer(k["pointer"].get<std::string>())] = k["value"];
    why.push_back(k["why"]);
  }
  if (!why.empty()) row["corrected"] = why;
  return request;
}

}  // namespace atlas
