#include "atlas/contract/schema.hpp"

#include <algorithm>
#include <cctype>

namespace atlas {

namespace {

// Array indices in a request path ("/sources/1") stand for the array's items.
bool is_index(const std::string& token) {
  if (token.empty()) return false;
  for (char c : token)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

std::string unescape(std::string token) {
  for (std::size_t at = 0; (at = token.find('~', at)) != std::string::npos; ++at)
    token.replace(at, 2, token.compare(at, 2, "~1") == 0 ? "/" : "~");
  return token;
}

const char* type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "boolean";
    case json::value_t::string:
      return "string";
    case json::value_t::array:
      return "array";
    case json::value_t::object:
      return "object";
    // A count in one answer may be a fraction in the next (a tolerance, a mean): answers say
    // "number"; request schemas keep "integer" where the reader requires a whole number.
    default:
      return "number";
  }
}

// "integer" and "number" seen at one place make "number"; other pairs a list of types.
void add_type(json& schema, const std::string& type) {
  if (!schema.contains("type")) {
    schema["type"] = type;
    return;
  }
  json types = schema["type"].is_array() ? schema["type"] : json::array({schema["type"]});
  for (const auto& t : types)
    if (t == type) return;
  if (type == "integer" && std::find(types.begin(), types.end(), "number") != types.end()) return;
  for (auto& t : types)
    if (t == "integer" && type == "number") {
      t = "number";
      schema["type"] = types.size() == 1 ? types[0] : types;
      return;
    }
  types.push_back(type);
  schema["type"] = types;
}

}  // namespace

json& SchemaRecorder::node(const std::string& object_path) {
  json* at = &root_;
  std::size_t start = 1;
  while (start <= object_path.size() && !object_path.empty()) {
    const std::size_t end = object_path.find('/', start);
    const std::string token = unescape(object_path.substr(start, end == std::string::npos ? end : end - start));
    if (is_index(token)) {
      json& items = (*at)["items"];
      if (!items.is_object()) items = json::object();
      if (!items.contains("type")) items["type"] = "object";
      at = &items;
    } else {
      json& child = (*at)["properties"][token];
      if (!child.contains("type")) child["type"] = "object";
      at = &child;
    }
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (!at->contains("properties") && (*at)["type"] == "object") (*at)["properties"] = json::object();
  return *at;
}

namespace {

void preset_or_fields(json& node) {
  if (!node.is_object()) return;
  if (json* props = node.contains("properties") ? &node["properties"] : nullptr) {
    for (auto& item : props->items()) preset_or_fields(item.value());
    if (props->contains("preset") && node.contains("required")) {
      json fields = node["required"];
      node.erase("required");
      node["anyOf"] = json::array({json{{"required", json::array({"preset"})}}, json{{"required", fields}}});
    }
  }
  if (node.contains("items")) preset_or_fields(node["items"]);
}

}  // namespace

json SchemaRecorder::schema() const {
  json out = root_;
  preset_or_fields(out);
  return out;
}

void SchemaRecorder::field(const std::string& object_path, std::string_view key, const json& spec, bool required) {
  json& parent = node(object_path);
  json& property = parent["properties"][std::string(key)];
  if (!property.is_object()) property = json::object();
  for (const auto& [k, v] : spec.items()) property[k] = v;
  const bool optional = optional_.count({object_path, std::string(key)}) != 0;
  if (required && !optional) {
    json& list = parent["required"];
    if (!list.is_array()) list = json::array();
    if (std::find(list.begin(), list.end(), std::string(key)) == list.end()) list.push_back(std::string(key));
  }
}

void SchemaRecorder::asked(const std::string& object_path, std::string_view key) {
  optional_.insert({object_path, std::string(key)});
  json& parent = node(object_path);
  if (json& list = parent["required"]; list.is_array()) {
    list.erase(std::remove(list.begin(), list.end(), std::string(key)), list.end());
    if (list.empty()) parent.erase("required");
  } else {
    parent.erase("required");
  }
  json& property = parent["properties"][std::string(key)];
  if (!property.is_object()) property = json::object();
}

void SchemaRecorder::known(const std::string& object_path, std::initializer_list<std::string_view> keys) {
  json& parent = node(object_path);
  for (auto k : keys) {
    json& property = parent["properties"][std::string(k)];
    if (!property.is_object()) property = json::object();
  }
}

// Types only: which keys an answer carries depends on the request (a plan without a training
// budget has no "training"), so inferred schemas list properties but require none.
void infer_schema(const json& example, json& schema) {
  add_type(schema, type_name(example));
  if (example.is_object()) {
    json& properties = schema["properties"];
    if (!properties.is_object()) properties = json::object();
    for (const auto& [k, v] : example.items()) {
      json& p = properties[k];
      if (!p.is_object()) p = json::object();
      infer_schema(v, p);
    }
  } else if (example.is_array()) {
    json& items = schema["items"];
    if (!items.is_object()) items = json::object();
    for (const auto& v : example) infer_schema(v, items);
    if (items.empty()) schema.erase("items");
  }
}

json error_schema() {
  const json issue{{"type", "object"},
                   {"required", {"code", "message", "path"}},
                   {"properties",
                    {{"code", {{"type", "string"}}},
                     {"message", {{"type", "string"}}},
                     {"path", {{"type", "string"}, {"description", "JSON pointer into the request"}}}}}};
  return json{{"type", "object"},
              {"required", {"error", "errors"}},
              {"properties",
               {{"error", issue},
                {"errors", {{"type", "array"}, {"items", issue}}},
                {"warnings", {{"type", "array"}, {"items", issue}}}}}};
}

}  // namespace atlas
