#include "atlas/contract/engine.hpp"

#include <cmath>
#include <exception>
#include <set>
#include <vector>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/contract/registry.hpp"

namespace atlas {

namespace {

json single_error(const std::string& code, const std::string& message, const std::string& path) {
  Problems p;
  p.error(code, message, path);
  return p.error_response();
}

// Keeps the first kMaxIssuesListed errors and warnings; the rest become one count, so a
// request with 200,000 bad entries cannot make a response of megabytes.
void cap_issues(json& response) {
  for (const char* key : {"errors", "warnings"}) {
    if (!response.contains(key)) continue;
    json& list = response[key];
    if (list.size() <= kMaxIssuesListed) continue;
    const std::size_t more = list.size() - kMaxIssuesListed;
    list.erase(list.begin() + static_cast<std::ptrdiff_t>(kMaxIssuesListed), list.end());
    list.push_back(json{{"code", "too_many_issues"},
                        {"message", std::to_string(more) + " more " +
                                        (std::string(key) == "errors" ? "errors" : "warnings") + " are not listed."},
                        {"path", ""}});
  }
}

// One SAX pass turns request text into its DOM, checking the contract's limits on the way
// (depth, value count, key length, duplicate keys, numbers beyond double range) with the exact
// JSON pointer of the offending value, and stopping at the first one, so nothing more is built
// from a 10,000-deep or 50 MB request and no command ever recurses into one. Every JSON text the
// engine reads goes through this one parser (parse_json): each other way of parsing would add
// its own copy of nlohmann's parser to the WebAssembly.
class RequestScan {
 public:
  using string_t = json::string_t;
  explicit RequestScan(json& result) : dom_(result, false) {}

  bool null() { return scalar() && dom_.null(); }
  bool boolean(bool v) { return scalar() && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return scalar() && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return scalar() && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const string_t& text) { return scalar() && dom_.number_float(v, text); }
  bool string(string_t& v) { return scalar() && dom_.string(v); }
  bool binary(json::binary_t& v) { return scalar() && dom_.binary(v); }
  bool start_object(std::size_t n) { return open(false) && dom_.start_object(n); }
  bool start_array(std::size_t n) { return open(true) && dom_.start_array(n); }
  bool end_object() { return close() && dom_.end_object(); }
  bool end_array() { return close() && dom_.end_array(); }
  bool key(string_t& k) {
    Frame& f = frames_.back();
    if (k.size() > kMaxKeyBytes)
      return fail("too_long",
                  "A key of " + std::to_string(k.size()) + " bytes (\"" + quote_cut(k) + "\") is longer than the " +
                      std::to_string(kMaxKeyBytes) + "-byte limit for keys.",
                  path_here());
    if (!f.keys.insert(k).second)
      return fail("duplicate_key", "The key \"" + k + "\" is given twice in this object; give it once.",
                  child_path(path_here(), k));
    f.key = k;
    return dom_.key(k);
  }
  bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
    if (e.id == 406)  // number overflow: the lexer's value does not fit a double
      return fail("out_of_range",
                  "The number " + quote_cut(token, 40) + " is beyond the range of a double (about ±1.8e308).",
                  path_of_next());
    const std::string what = e.what();
    const bool utf8 = what.find("UTF-8") != std::string::npos || what.find("utf-8") != std::string::npos;
    return fail(utf8 ? "invalid_utf8" : "invalid_json",
                std::string(utf8 ? "The request is not valid UTF-8 text" : "The request is not valid JSON") +
                    " (byte " + std::to_string(position) + ").",
                "");
  }

  std::optional<json> error;  // set when the scan stopped

 private:
  struct Frame {
    bool array = false;
    std::size_t count = 0;  // elements seen (arrays)
    std::string key;        // the current key (objects)
    std::set<std::string> keys;
  };

  // Pointer of the container being read ("" at the root, before any container).
  std::string path_here() const {
    std::string p;
    for (std::size_t i = 0; i + 1 < frames_.size(); ++i) p += "/" + token_of(frames_[i]);
    return p;
  }
  // Pointer of the value about to be read in the current container.
  std::string path_of_next() const {
    if (frames_.empty()) return "";
    const Frame& f = frames_.back();
    return path_here() + "/" + (f.array ? std::to_string(f.count) : pointer_token(f.key));
  }
  static std::string token_of(const Frame& f) {
    // A container's own entry in its parent was counted when it opened: its index is count − 1.
    return f.array ? std::to_string(f.count - 1) : pointer_token(f.key);
  }
  bool count_value() {
    if (++values_ > kMaxValues)
      return fail("too_many", "The request holds more than " + std::to_string(kMaxValues) + " values.", path_of_next());
    return true;
  }
  void advance() {
    if (!frames_.empty() && frames_.back().array) ++frames_.back().count;
  }
  bool scalar() {
    if (!count_value()) return false;
    advance();
    return true;
  }
  bool open(bool array) {
    if (!count_value()) return false;
    if (frames_.size() >= kMaxDepth)
      return fail("too_deep",
                  "The request nests deeper than " + std::to_string(kMaxDepth) + " levels of objects and arrays.",
                  path_of_next());
    advance();
    Frame f;
    f.array = array;
    frames_.push_back(std::move(f));
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }
  bool fail(const std::string& code, const std::string& message, const std::string& path) {
    error = single_error(code, message, path);
    return false;
  }

  std::vector<Frame> frames_;
  std::size_t values_ = 0;
  nlohmann::detail::json_sax_dom_parser<json> dom_;
};

// Nesting depth of a parsed value, without recursion, stopping once it passes `limit`.
bool deeper_than(const json& root, std::size_t limit) {
  std::vector<std::pair<const json*, std::size_t>> stack{{&root, 1}};
  while (!stack.empty()) {
    auto [v, depth] = stack.back();
    stack.pop_back();
    if (!v->is_structured()) continue;
    if (depth > limit) return true;
    for (const auto& child : *v) stack.push_back({&child, depth + 1});
  }
  return false;
}

// nlohmann writes NaN and Inf as null; a null where a number belongs would reach the page
// as a blank or "NaN". Finding one is an engine bug, so it becomes an internal error.
// The scan runs on every response (some hold thousands of values), so it builds the JSON
// pointer only on the way back out of a hit.
bool scan_non_finite(const json& v, std::string& where) {
  if (v.is_number_float()) return !std::isfinite(v.get<double>());
  if (v.is_object()) {
    for (auto it = v.begin(); it != v.end(); ++it)
      if (scan_non_finite(it.value(), where)) {
        where = child_path("", it.key()) + where;
        return true;
      }
  } else if (v.is_array()) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (scan_non_finite(v[i], where)) {
        where = child_path("", i) + where;
        return true;
      }
  }
  return false;
}

}  // namespace

std::optional<json> check_request_shape(const json& request) {
  if (deeper_than(request, kMaxDepth))
    return single_error("too_deep",
                        "The request nests deeper than " + std::to_string(kMaxDepth) + " levels of objects and arrays.",
                        "");
  return std::nullopt;
}

std::optional<std::string> non_finite_path(const json& value) {
  std::string where;
  if (!scan_non_finite(value, where)) return std::nullopt;
  return where;
}

Handler find_handler(std::string_view name) {
  for (const auto& c : registered_commands().commands)
    if (name == c.name) return c.handler;
  return nullptr;
}

std::vector<std::string> command_names() {
  std::vector<std::string> names;
  for (const auto& c : registered_commands().commands) names.emplace_back(c.name);
  return names;
}

bool is_error(const json& response) { return response.is_object() && response.contains("error"); }

json run(std::string_view command, const json& request) {
  const auto& commands = registered_commands().commands;
  for (const auto& c : commands) {
    if (command != c.name) continue;
    try {
      if (auto refused = check_request_shape(request)) return *refused;
      Problems problems;
      if (c.budget && !c.budget(request, problems)) {
        json response = problems.error_response();
        cap_issues(response);
        return response;
      }
      json response = c.handler(request, problems);
      if (!problems.ok())
        response = problems.error_response();
      else if (auto where = non_finite_path(response))
        return single_error("non_finite", "The engine produced a non-finite number at " + *where + ".", "");
      else
        problems.attach_warnings(response);
      cap_issues(response);
      return response;
    } catch (const std::exception& e) {
      return single_error("internal", std::string("Internal engine error: ") + e.what(), "");
    } catch (...) {
      return single_error("internal", "Internal engine error.", "");
    }
  }
  std::string list;
  for (const auto& c : commands) list += (list.empty() ? "" : ", ") + std::string(c.name);
  return single_error("unknown_command", "Unknown command \"" + std::string(command) + "\"; commands: " + list + ".",
                      "");
}

std::string run_text(std::string_view command, std::string_view request_text) {
  json response;
  try {
    if (request_text.size() > kMaxRequestBytes) {
      response = single_error("too_large",
                              "The request is " + std::to_string(request_text.size()) + " bytes; the limit is " +
                                  std::to_string(kMaxRequestBytes) + ".",
                              "");
    } else {
      json request;
      RequestScan scan(request);
      if (json::sax_parse(request_text.begin(), request_text.end(), &scan)) {
        response = run(command, request);
      } else {
        response = scan.error ? *scan.error : single_error("invalid_json", "The request is not valid JSON.", "");
      }
    }
  } catch (const std::exception& e) {
    response = single_error("internal", std::string("Internal engine error: ") + e.what(), "");
  }
  // Replace rather than throw on strings that are not UTF-8 (cannot come from parse, but a
  // handler could echo a byte string it built itself).
  return response.dump(-1, ' ', false, json::error_handler_t::replace);
}

json parse_json(std::string_view text) {
  json value;
  RequestScan scan(value);
  try {
    if (json::sax_parse(text.begin(), text.end(), &scan)) return value;
  } catch (const std::exception&) {
    // falls through: not JSON the engine can read
  }
  return json(json::value_t::discarded);
}

json cmd_version(const json& request, Problems& problems) {
  (void)request;
  (void)problems;
  return json{{"engine", "parallelism-atlas"},
              {"version", kEngineVersion},
              {"contract", kContractVersion},
              {"commands", command_names()},
              {"module", registered_commands().module},
              {"modules", command_modules()},
              {"units", {{"bytes", "B"}, {"time", "s"}, {"bandwidth", "B/s"}, {"compute", "FLOP/s"}}}};
}

}  // namespace atlas
