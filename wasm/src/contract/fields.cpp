#include "atlas/contract/fields.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "atlas/contract/schema.hpp"

namespace atlas {

namespace {

std::string format_bound(double v) { return format_number(v); }

std::string with_unit(double v, const Range& r) {
  return format_bound(v) + (r.unit ? std::string(" ") + r.unit : std::string());
}

std::string range_text(const Range& r) {
  std::string lo = r.min_exclusive ? "greater than " + with_unit(r.min, r) : "at least " + with_unit(r.min, r);
  return lo + " and at most " + with_unit(r.max, r);
}

}  // namespace

// Keys and values quoted in messages are cut: a 50 MB key must not make a 50 MB message.
std::string quote_cut(std::string_view text, std::size_t max_bytes) {
  if (text.size() <= max_bytes) return std::string(text);
  std::size_t cut = max_bytes;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return std::string(text.substr(0, cut)) + "…";
}

std::string format_number(double v) {
  if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e18) {
    return std::to_string(static_cast<long long>(v));
  }
  // printf's %.12g is what a stream at precision 12 writes; it keeps iostream and its locale
  // machinery out of the WebAssembly.
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", v);
  return buffer;
}

std::string g4(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", v);
  return buffer;
}

std::string describe_type(const json& value) {
  switch (value.type()) {
    case json::value_t::null:
      return "null";
    case json::value_t::boolean:
      return "a boolean";
    case json::value_t::string:
      return "a string";
    case json::value_t::array:
      return "an array";
    case json::value_t::object:
      return "an object";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
      return "a number";
    default:
      return "an unsupported value";
  }
}

bool require_object(const json& request, Problems& problems) {
  if (request.is_object()) return true;
  problems.error("not_object", "The request must be a JSON object, not " + describe_type(request) + ".", "");
  return false;
}

Fields::Fields(const json& object, std::string path, Problems& problems)
    : object_(object), path_(std::move(path)), problems_(problems) {}

bool Fields::has(std::string_view key) const {
  if (auto* r = problems_.recorder()) r->asked(path_, key);
  return contains(key);
}

bool Fields::contains(std::string_view key) const { return object_.is_object() && object_.contains(std::string(key)); }

void Fields::note(std::string_view key, const json& spec, bool required) const {
  if (auto* r = problems_.recorder()) r->field(path_, key, spec, required);
}

std::string Fields::path_of(std::string_view key) const { return child_path(path_, std::string(key)); }

const json* Fields::present(std::string_view key, bool has_fallback) const {
  if (contains(key)) return &object_.at(std::string(key));
  if (!has_fallback) problems_.error("missing_field", "'" + std::string(key) + "' is required.", path_of(key));
  return nullptr;
}

std::optional<double> Fields::number(std::string_view key, Range range, std::optional<double> fallback) const {
  if (problems_.recorder()) {
    json spec{{"type", range.integer ? "integer" : "number"}, {"maximum", range.max}};
    spec[range.min_exclusive ? "exclusiveMinimum" : "minimum"] = range.min;
    if (range.unit) spec["x-unit"] = range.unit;
    if (fallback) spec["default"] = range.integer ? json(static_cast<std::int64_t>(*fallback)) : json(*fallback);
    note(key, spec, !fallback);
  }
  const std::string path = path_of(key);
  const json* value = present(key, fallback.has_value());
  if (!value) return fallback;
  const json& v = *value;
  if (!v.is_number()) {
    problems_.error("wrong_type", "'" + std::string(key) + "' must be a number, not " + describe_type(v) + ".", path);
    return std::nullopt;
  }
  const double x = v.get<double>();
  if (!std::isfinite(x)) {
    problems_.error("not_finite", "'" + std::string(key) + "' must be a finite number.", path);
    return std::nullopt;
  }
  if (range.integer && std::floor(x) != x) {
    problems_.error("not_integer", "'" + std::string(key) + "' must be a whole number, not " + format_bound(x) + ".",
                    path);
    return std::nullopt;
  }
  const bool below = range.min_exclusive ? !(x > range.min) : x < range.min;
  if (below || x > range.max) {
    problems_.error("out_of_range",
                    "'" + std::string(key) + "' is " + with_unit(x, range) + "; it must be " + range_text(range) + ".",
                    path);
    return std::nullopt;
  }
  return x;
}

std::optional<std::int64_t> Fields::integer(std::string_view key, Range range,
                                            std::optional<std::int64_t> fallback) const {
  range.integer = true;
  // Beyond ±2^63 the conversion below would be undefined: no integer field reaches that far.
  range.max = std::min(range.max, 9.2e18);
  range.min = std::max(range.min, -9.2e18);
  auto x = number(key, range, fallback ? std::optional<double>(static_cast<double>(*fallback)) : std::nullopt);
  if (!x) return std::nullopt;
  return static_cast<std::int64_t>(*x);
}

std::optional<bool> Fields::boolean(std::string_view key, std::optional<bool> fallback) const {
  if (problems_.recorder()) {
    json spec{{"type", "boolean"}};
    if (fallback) spec["default"] = *fallback;
    note(key, spec, !fallback);
  }
  const std::string path = path_of(key);
  const json* value = present(key, fallback.has_value());
  if (!value) return fallback;
  const json& v = *value;
  if (!v.is_boolean()) {
    problems_.error("wrong_type", "'" + std::string(key) + "' must be true or false, not " + describe_type(v) + ".",
                    path);
    return std::nullopt;
  }
  return v.get<bool>();
}

std::optional<std::string> Fields::string(std::string_view key, std::size_t max_length,
                                          std::optional<std::string> fallback) const {
  if (problems_.recorder()) {
    json spec{{"type", "string"}, {"maxLength", max_length}};
    if (fallback) spec["default"] = *fallback;
    note(key, spec, !fallback);
  }
  const std::string path = path_of(key);
  const json* value = present(key, fallback.has_value());
  if (!value) return fallback;
  const json& v = *value;
  if (!v.is_string()) {
    problems_.error("wrong_type", "'" + std::string(key) + "' must be a string, not " + describe_type(v) + ".", path);
    return std::nullopt;
  }
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max_length) {
    problems_.error("too_long",
                    "'" + std::string(key) + "' is " + std::to_string(s.size()) + " bytes; the limit is " +
                        std::to_string(max_length) + ".",
                    path);
    return std::nullopt;
  }
  return s;
}

std::optional<std::string> Fields::choice(std::string_view key, std::initializer_list<std::string_view> allowed,
                                          std::optional<std::string> fallback) const {
  if (problems_.recorder()) {
    json values = json::array();
    for (auto a : allowed) values.push_back(std::string(a));
    note(key, json{{"enum", values}}, !fallback);
  }
  auto s = string(key, 200, std::move(fallback));
  if (!s) return std::nullopt;
  for (auto a : allowed)
    if (*s == a) return s;
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  problems_.error("unknown_value",
                  "'" + std::string(key) + "' is \"" + quote_cut(*s) + "\"; expected one of: " + list + ".",
                  path_of(key));
  return std::nullopt;
}

const json* Fields::object(std::string_view key, bool required) const {
  note(key, json{{"type", "object"}}, required);
  const json* value = present(key, !required);
  if (!value) return nullptr;
  const json& v = *value;
  if (!v.is_object()) {
    problems_.error("wrong_type", "'" + std::string(key) + "' must be an object, not " + describe_type(v) + ".",
                    path_of(key));
    return nullptr;
  }
  return &v;
}

namespace {
const json kAbsent = json::object();  // section() of a missing object reads from this
}  // namespace

Fields Fields::section(std::string_view key, bool required) const {
  const json* value = object(key, required);
  return Fields(value ? *value : kAbsent, path_of(key), problems_);
}

bool Fields::present() const { return &object_ != &kAbsent; }

void Fields::warn_unknown(std::initializer_list<std::string_view> known) const {
  if (auto* r = problems_.recorder()) r->known(path_, known);
  if (!object_.is_object()) return;
  for (auto it = object_.begin(); it != object_.end(); ++it) {
    bool found = false;
    for (auto k : known) found = found || it.key() == k;
    if (!found)
      problems_.warning("unknown_field", "'" + quote_cut(it.key()) + "' is not a known field here and is ignored.",
                        path_of(it.key()));
  }
}

const json* Fields::array(std::string_view key, bool required, std::size_t min_items, std::size_t max_items) const {
  note(key, json{{"type", "array"}, {"minItems", min_items}, {"maxItems", max_items}}, required);
  if (!contains(key)) {
    if (required) problems_.error("missing_field", "'" + std::string(key) + "' is required.", path_of(key));
    return nullptr;
  }
  const json& v = object_.at(std::string(key));
  if (!v.is_array()) {
    problems_.error("wrong_type", "'" + std::string(key) + "' must be an array, not " + describe_type(v) + ".",
                    path_of(key));
    return nullptr;
  }
  if (v.size() < min_items) {
    problems_.error("too_few",
                    "'" + std::string(key) + "' needs at least " + std::to_string(min_items) +
                        (min_items == 1 ? " item." : " items."),
                    path_of(key));
    return nullptr;
  }
  if (v.size() > max_items) {
    problems_.error("too_many",
                    "'" + std::string(key) + "' has " + std::to_string(v.size()) + " items; the limit is " +
                        std::to_string(max_items) + ".",
                    path_of(key));
    return nullptr;
  }
  return &v;
}

}  // namespace atlas
