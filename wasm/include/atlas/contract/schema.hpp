// The contract as data: JSON Schema (draft 2020-12) of each command's request, recorded from the
// very readers that check requests (Fields notes every field it is asked for, with its type,
// range, unit, default and choices), and of its response, inferred from answers to example
// requests. One source for the bounds: the schema cannot drift from what the engine accepts.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "atlas/contract/problems.hpp"

namespace atlas {

class SchemaRecorder {
 public:
  /// A field read at `object_path` (a JSON pointer to the object holding it).
  void field(const std::string& object_path, std::string_view key, const json& spec, bool required);
  /// Keys a reader asked about with has(): present or not, they are optional.
  void asked(const std::string& object_path, std::string_view key);
  /// The keys an object knows (warn_unknown's list): listed even when no reader ran for them.
  void known(const std::string& object_path, std::initializer_list<std::string_view> keys);
  /// The object schema recorded so far. An object that takes a "preset" needs either the preset
  /// or every field the preset would have given, so its required list becomes that choice.
  json schema() const;

 private:
  json& node(const std::string& object_path);
  json root_ = json{{"type", "object"}, {"properties", json::object()}};
  std::set<std::pair<std::string, std::string>> optional_;
};

/// Schema of a value as seen in examples: types, object properties and array items, merged
/// over every example given; nothing is required.
void infer_schema(const json& example, json& schema);

/// The shape every error answer has: {"error": {code, message, path}, "errors", "warnings"}.
json error_schema();

}  // namespace atlas
