// Errors are data: every command reports what is wrong with a request as coded issues
// with JSON-pointer paths, and reports all of them rather than stopping at the first.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace atlas {

using json = nlohmann::json;

/// One finding about a request: a stable machine code, a sentence for people, and where it is.
struct Issue {
  std::string code;
  std::string message;
  std::string path;  // JSON pointer into the request, "" for the whole request
  int line = 0;      // 1-based line in a pasted text (command import), 0 when not about one
};

class SchemaRecorder;

/// Collects errors (the request cannot be answered) and warnings (it can, but look here).
class Problems {
 public:
  /// While set, every field a reader is asked for is also noted in the recorder (schema.hpp).
  void record_schema(SchemaRecorder* recorder) { recorder_ = recorder; }
  SchemaRecorder* recorder() const { return recorder_; }

  void error(std::string code, std::string message, std::string path);
  void error(Issue issue) { errors_.push_back(std::move(issue)); }
  void warning(std::string code, std::string message, std::string path);
  void warning(Issue issue) { warnings_.push_back(std::move(issue)); }

  bool ok() const { return errors_.empty(); }
  const std::vector<Issue>& errors() const { return errors_; }
  const std::vector<Issue>& warnings() const { return warnings_; }

  /// {"error": first, "errors": [all], "warnings": [...]} — the contract's error shape.
  json error_response() const;
  /// Adds "warnings" to a successful response when there are any.
  void attach_warnings(json& response) const;

 private:
  std::vector<Issue> errors_;
  std::vector<Issue> warnings_;
  SchemaRecorder* recorder_ = nullptr;
};

json to_json(const Issue& issue);

/// Escapes a key for use as one JSON-pointer reference token (RFC 6901: ~ → ~0, / → ~1).
std::string pointer_token(const std::string& key);
/// Joins a base pointer and a key or index.
std::string child_path(const std::string& base, const std::string& key);
std::string child_path(const std::string& base, std::size_t index);

}  // namespace atlas
