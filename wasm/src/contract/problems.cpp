#include "atlas/contract/problems.hpp"

namespace atlas {

void Problems::error(std::string code, std::string message, std::string path) {
  errors_.push_back({std::move(code), std::move(message), std::move(path)});
}

void Problems::warning(std::string code, std::string message, std::string path) {
  warnings_.push_back({std::move(code), std::move(message), std::move(path)});
}

json to_json(const Issue& issue) {
  json j{{"code", issue.code}, {"message", issue.message}, {"path", issue.path}};
  if (issue.line > 0) j["line"] = issue.line;
  return j;
}

json Problems::error_response() const {
  json all = json::array();
  for (const auto& e : errors_) all.push_back(to_json(e));
  json response{{"error", all.empty() ? json(nullptr) : all.front()}, {"errors", all}};
  attach_warnings(response);
  return response;
}

void Problems::attach_warnings(json& response) const {
  if (warnings_.empty()) return;
  json list = json::array();
  for (const auto& w : warnings_) list.push_back(to_json(w));
  response["warnings"] = std::move(list);
}

std::string pointer_token(const std::string& key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~')
      out += "~0";
    else if (c == '/')
      out += "~1";
    else
      out += c;
  }
  return out;
}

std::string child_path(const std::string& base, const std::string& key) { return base + "/" + pointer_token(key); }

std::string child_path(const std::string& base, std::size_t index) { return base + "/" + std::to_string(index); }

}  // namespace atlas
