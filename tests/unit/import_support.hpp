// Helpers the import suites share: a fixture or a text imported, a warning by its code, and a
// launch script split into the words a shell would pass on.
#pragma once

#include <string>
#include <vector>

#include "atlas/interop/shell_words.hpp"
#include "support.hpp"

namespace atlas_test {

inline json import_script(const std::string& name, json extra = json::object()) {
  extra["text"] = read_source_file("tests/fixtures/import/" + name);
  return call("import", extra);
}

inline json import_text(const std::string& text, json extra = json::object()) {
  extra["text"] = text;
  return call("import", extra);
}

inline const json* find_entry(const json& list, const std::string& key, const std::string& value) {
  for (const auto& e : list)
    if (e.value(key, "") == value) return &e;
  return nullptr;
}

/// The warning of this code, or null.
inline const json* warning(const json& r, const std::string& code) {
  return r.contains("warnings") ? find_entry(r["warnings"], "code", code) : nullptr;
}

inline std::vector<std::string> words_of(const std::string& script) {
  std::vector<std::string> out;
  for (const auto& w : atlas::shell_words(script))
    if (!w.boundary) out.push_back(w.text);
  return out;
}

}  // namespace atlas_test
