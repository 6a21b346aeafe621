#include "atlas/content/corrections.hpp"

#include <algorithm>
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
    const json::json_pointer at(k["pointer"].get<std::string>());
    // null removes a field the case gave and the run did not have (a client cap it never set).
    if (k["value"].is_null()) {
      if (request.contains(at)) request.at(at.parent_pointer()).erase(at.back());
    } else {
      request[at] = k["value"];
    }
    // One reason may stand behind several fields: say it once.
    if (std::find(why.begin(), why.end(), k["why"]) == why.end()) why.push_back(k["why"]);
  }
  if (!why.empty()) row["corrected"] = why;
  return request;
}

}  // namespace atlas
