#include "atlas/content/corrections.hpp"

#include <string>

namespace atlas {

nlohmann::json corrected_request(const nlohmann::json& corrections, const nlohmann::json& c, nlohmann::json& row) {
  using json = nlohmann::json;
  json request = c["request"];
  json why = json::array();
  const std::string source = c.value("source", ""), id = c.value("id", "");
  for (const auto& k : corrections) {
    if (k.value("source", "") != source || id.find(k.value("match", "")) == std::string::npos) continue;
    request[json::json_pointer(k["pointer"].get<std::string>())] = k["value"];
    why.push_back(k["why"]);
  }
  if (!why.empty()) row["corrected"] = why;
  return request;
}

}  // namespace atlas
