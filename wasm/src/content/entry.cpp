#include "atlas/content/entry.hpp"

#include <set>
#include <string_view>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

constexpr std::size_t kShortText = 300;  // names, labels, titles
constexpr std::size_t kLongText = 5000;  // descriptions, explanations
constexpr int kEarliestYear = 1800;      // history of computing starts well after this
constexpr int kLatestYear = 2100;

enum class Kind { ShortText, LongText, Id, IdList, Object };

std::string trim(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

// A required or optional non-empty text field, trimmed.
void text(const Fields& f, json& out, std::string_view key, bool required, std::size_t limit) {
  if (!required && !f.has(key)) return;
  auto s = f.string(key, limit);
  if (!s) return;
  std::string t = trim(*s);
  if (t.empty()) {
    f.problems().error("empty", "'" + std::string(key) + "' must not be empty.", f.path_of(key));
    return;
  }
  out[std::string(key)] = t;
}

void id_field(const Fields& f, json& out, std::string_view key, bool required) {
  if (!required && !f.has(key)) return;
  auto s = f.string(key, 100);
  if (!s) return;
  if (!is_kebab_id(*s)) {
    f.problems().error(
        "bad_id",
        "'" + std::string(key) + "' is \"" + *s + "\"; ids are lowercase kebab-case (letters, digits, single hyphens).",
        f.path_of(key));
    return;
  }
  out[std::string(key)] = *s;
}

void id_list(const Fields& f, json& out, std::string_view key) {
  out[std::string(key)] = json::array();
  const json* arr = f.array(key, false, 0, 100);
  if (!arr) return;
  std::set<std::string> seen;
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string path = child_path(f.path_of(key), i);
    const json& v = (*arr)[i];
    if (!v.is_string()) {
      f.problems().error("wrong_type", "Each id must be a string, not " + describe_type(v) + ".", path);
      continue;
    }
    const auto& s = v.get_ref<const std::string&>();
    if (!is_kebab_id(s)) {
      f.problems().error("bad_id", "\"" + s.substr(0, 100) + "\" is not a kebab-case id.", path);
    } else if (!seen.insert(s).second) {
      f.problems().error("duplicate", "\"" + s + "\" is listed twice.", path);
    } else {
      out[std::string(key)].push_back(s);
    }
  }
}

// Runs `each` over the objects of an array field, reporting non-objects.
template <typename Each>
void object_list(const Fields& f, json& out, std::string_view key, bool required, std::size_t min_items, Each each) {
  if (!required) out[std::string(key)] = json::array();
  const json* arr = f.array(key, required, min_items, 200);
  if (!arr) return;
  json items = json::array();
  for (std::size_t i = 0; i < arr->size(); ++i) {
    const std::string path = child_path(f.path_of(key), i);
    if (!(*arr)[i].is_object()) {
      f.problems().error("wrong_type", "Each item must be an object, not " + describe_type((*arr)[i]) + ".", path);
      continue;
    }
    json item = json::object();
    each(Fields((*arr)[i], path, f.problems()), item);
    items.push_back(std::move(item));
  }
  out[std::string(key)] = std::move(items);
}

void source_fields(const Fields& s, json& item) {
  text(s, item, "title", true, kShortText);
  auto url = s.string("url", 2000);
  if (!url) return;
  if (!is_web_url(*url)) {
    s.problems().error("bad_url", "\"" + url->substr(0, 200) + "\" is not an absolute http(s) URL.", s.path_of("url"));
    return;
  }
  item["url"] = *url;
}

void check_fields(const Fields& f, json& out) {
  const json* check = f.object("check", true);
  if (!check) return;
  Fields c(*check, f.path_of("check"), f.problems());
  json result = json::object();
  text(c, result, "question", true, kLongText);
  std::size_t option_count = 0;
  if (const json* options = c.array("options", true, 2, 10)) {
    option_count = options->size();
    result["options"] = json::array();
    for (std::size_t i = 0; i < options->size(); ++i) {
      const std::string path = child_path(c.path_of("options"), i);
      const json& o = (*options)[i];
      if (!o.is_string()) {
        f.problems().error("wrong_type", "Each option must be a string, not " + describe_type(o) + ".", path);
      } else if (trim(o.get<std::string>()).empty()) {
        f.problems().error("empty", "Option " + std::to_string(i) + " has no text.", path);
      } else if (o.get_ref<const std::string&>().size() > kLongText) {
        f.problems().error("too_long", "Option " + std::to_string(i) + " is too long.", path);
      } else {
        result["options"].push_back(trim(o.get<std::string>()));
      }
    }
  }
  if (auto answer = c.integer("answer", {0, 1e6})) {
    if (option_count > 0 && static_cast<std::size_t>(*answer) >= option_count) {
      f.problems().error("answer_out_of_range",
                         "'answer' is " + std::to_string(*answer) + " but there are only " +
                             std::to_string(option_count) + " options (indices 0 to " +
                             std::to_string(option_count - 1) + ").",
                         c.path_of("answer"));
    } else {
      result["answer"] = *answer;
    }
  }
  text(c, result, "explanation", true, kLongText);
  c.warn_unknown({"question", "options", "answer", "explanation"});
  out["check"] = std::move(result);
}

}  // namespace

bool is_kebab_id(const std::string& s) {
  if (s.empty() || s.size() > 100 || s.front() == '-' || s.back() == '-') return false;
  char prev = 0;
  for (char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    if (!ok || (c == '-' && prev == '-')) return false;
    prev = c;
  }
  return true;
}

bool is_web_url(const std::string& s) {
  std::string_view v(s);
  std::size_t scheme = 0;
  if (v.rfind("https://", 0) == 0)
    scheme = 8;
  else if (v.rfind("http://", 0) == 0)
    scheme = 7;
  else
    return false;
  for (unsigned char c : v)
    if (c <= 0x20 || c == 0x7f || c == '"' || c == '<' || c == '>' || c == '\\') return false;
  const auto host_end = v.find_first_of("/?#", scheme);
  const auto host = v.substr(scheme, host_end == std::string_view::npos ? std::string_view::npos : host_end - scheme);
  if (host.empty() || host.find('.') == std::string_view::npos || host.front() == '.' || host.back() == '.')
    return false;
  return host.find('@') == std::string_view::npos;  // credentials in links are a phishing pattern
}

json validate_entry(const json& entry, Problems& problems) {
  json out = json::object();
  if (!entry.is_object()) {
    problems.error("not_object", "An entry must be a JSON object, not " + describe_type(entry) + ".", "");
    return out;
  }
  const Fields f(entry, "", problems);
  id_field(f, out, "id", true);
  for (auto key : {"name", "shortName", "level", "kind", "branch", "subbranch", "scale", "visualFamily"})
    text(f, out, key, true, kShortText);
  for (auto key : {"role", "description", "tradeoff", "whyAI", "misconception", "learningObjective"})
    text(f, out, key, true, kLongText);

  object_list(f, out, "specs", true, 1, [](const Fields& s, json& item) {
    text(s, item, "label", true, kShortText);
    text(s, item, "value", true, kShortText);
    text(s, item, "context", false, kLongText);
    s.warn_unknown({"label", "value", "context"});
  });
  object_list(f, out, "interfaces", true, 1, [](const Fields& s, json& item) {
    text(s, item, "name", true, kShortText);
    if (auto d = s.choice("direction", {"in", "out"})) item["direction"] = *d;
    text(s, item, "signal", true, kLongText);
    s.warn_unknown({"name", "direction", "signal"});
  });
  if (const json* steps = f.array("mechanism", true, 1, 50)) {
    out["mechanism"] = json::array();
    for (std::size_t i = 0; i < steps->size(); ++i) {
      const json& s = (*steps)[i];
      const std::string path = child_path(f.path_of("mechanism"), i);
      if (!s.is_string())
        problems.error("wrong_type", "Each step must be a string, not " + describe_type(s) + ".", path);
      else if (trim(s.get<std::string>()).empty())
        problems.error("empty", "Step " + std::to_string(i) + " is empty.", path);
      else if (s.get_ref<const std::string&>().size() > kLongText)
        problems.error("too_long", "Step is too long.", path);
      else
        out["mechanism"].push_back(trim(s.get<std::string>()));
    }
  }
  check_fields(f, out);
  object_list(f, out, "sources", true, 1, [](const Fields& s, json& item) {
    source_fields(s, item);
    s.warn_unknown({"title", "url"});
  });
  object_list(f, out, "science", false, 0, [](const Fields& s, json& item) {
    text(s, item, "title", true, kShortText);
    text(s, item, "equation", true, 1000);
    text(s, item, "explanation", true, kLongText);
    text(s, item, "assumptions", false, kLongText);
    s.warn_unknown({"title", "equation", "explanation", "assumptions"});
  });
  object_list(f, out, "history", false, 0, [](const Fields& s, json& item) {
    if (auto y = s.integer("year", {static_cast<double>(kEarliestYear), static_cast<double>(kLatestYear)}))
      item["year"] = *y;
    text(s, item, "title", true, kShortText);
    text(s, item, "significance", true, kLongText);
    if (const json* src = s.object("source", false)) {
      json source = json::object();
      Fields sf(*src, s.path_of("source"), s.problems());
      source_fields(sf, source);
      sf.warn_unknown({"title", "url"});
      item["source"] = std::move(source);
    }
    s.warn_unknown({"year", "title", "significance", "source"});
  });
  id_list(f, out, "related");
  id_list(f, out, "prerequisites");
  for (auto key : {"engineeringExample", "evidenceNotes", "scope", "labScope"}) text(f, out, key, false, kLongText);
  for (auto key : {"labId", "deepLabId", "investigationId"}) id_field(f, out, key, false);

  f.warn_unknown({"id",
                  "level",
                  "name",
                  "shortName",
                  "role",
                  "description",
                  "specs",
                  "interfaces",
                  "tradeoff",
                  "whyAI",
                  "related",
                  "sources",
                  "scale",
                  "kind",
                  "mechanism",
                  "misconception",
                  "check",
                  "branch",
                  "subbranch",
                  "science",
                  "history",
                  "learningObjective",
                  "engineeringExample",
                  "evidenceNotes",
                  "visualFamily",
                  "prerequisites",
                  "labId",
                  "scope",
                  "deepLabId",
                  "investigationId",
                  "labScope"});
  return out;
}

json cmd_validate(const json& request, Problems& problems) {
  json entry = validate_entry(request, problems);
  return json{{"valid", problems.ok()}, {"entry", std::move(entry)}};
}

}  // namespace atlas
