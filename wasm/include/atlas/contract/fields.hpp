// Readers for request fields. Each one checks presence, type and range, records a coded
// issue at the field's JSON pointer when something is wrong, and returns nullopt then.
// Commands call them for every field first and compute only when problems.ok().
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// Allowed range of a numeric field; bounds are inclusive unless marked exclusive.
/// `unit` (SI, as the request gives it: "B/s", "s", "FLOP/s") is quoted with the bounds in
/// messages, so a rejected value reads in the user's terms.
struct Range {
  double min;
  double max;
  bool min_exclusive = false;
  bool integer = false;
  const char* unit = nullptr;
};

/// The object being read and the pointer it sits at, so nested readers build exact paths.
class Fields {
 public:
  Fields(const json& object, std::string path, Problems& problems);

  bool has(std::string_view key) const;
  std::string path_of(std::string_view key) const;
  const json& object() const { return object_; }
  Problems& problems() const { return problems_; }

  /// A number within range. Absent: fallback if given, else a missing_field error.
  std::optional<double> number(std::string_view key, Range range, std::optional<double> fallback = std::nullopt) const;
  /// An integer within range (1.0 is accepted, 1.5 is not_integer).
  std::optional<std::int64_t> integer(std::string_view key, Range range,
                                      std::optional<std::int64_t> fallback = std::nullopt) const;
  std::optional<bool> boolean(std::string_view key, std::optional<bool> fallback = std::nullopt) const;
  /// A string; max_length guards against absurd input (counted in bytes).
  std::optional<std::string> string(std::string_view key, std::size_t max_length = 10000,
                                    std::optional<std::string> fallback = std::nullopt) const;
  /// A string that must be one of the allowed values.
  std::optional<std::string> choice(std::string_view key, std::initializer_list<std::string_view> allowed,
                                    std::optional<std::string> fallback = std::nullopt) const;
  /// An array of min_items…max_items entries (nullptr with an error when it is not one, or is
  /// missing and required: missing_field, wrong_type, too_few, too_many).
  const json* array(std::string_view key, bool required, std::size_t min_items, std::size_t max_items) const;
  /// A nested object (nullptr with an error when present but not an object, or missing and required).
  const json* object(std::string_view key, bool required) const;
  /// Readers for a nested object at key; when it is absent or not an object (errors recorded as
  /// by object()), the readers see an empty object so defaults apply and present() is false.
  Fields section(std::string_view key, bool required) const;
  /// False for the empty stand-in section() gives when the object was not there.
  bool present() const;

  /// Warns about keys not in the known list (typos should not pass silently).
  void warn_unknown(std::initializer_list<std::string_view> known) const;

 private:
  bool contains(std::string_view key) const;
  // Notes the field in the schema recorder when one is set (schema.hpp).
  void note(std::string_view key, const json& spec, bool required) const;
  // The value at key, or nullptr when absent (a missing_field error unless there is a fallback).
  const json* present(std::string_view key, bool has_fallback) const;

  const json& object_;
  std::string path_;
  Problems& problems_;
};

/// A bound or value as people write it: whole numbers in full (9007199254740992, not
/// 9.00719925474e+15), others with up to 12 significant digits.
std::string format_number(double v);

/// Four significant digits ("0.002421", "1.536e+04"), for the formulas a plan shows.
std::string g4(double v);

/// Cuts text for quoting in a message: at most max_bytes, on a UTF-8 boundary, "…" when cut.
std::string quote_cut(std::string_view text, std::size_t max_bytes = 60);

/// JSON type names as people say them, for messages ("a number", "a string", …).
std::string describe_type(const json& value);

/// Reads the request root as an object; records not_object when it is not.
bool require_object(const json& request, Problems& problems);

}  // namespace atlas
