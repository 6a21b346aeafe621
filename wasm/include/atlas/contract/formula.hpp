// A formula as the engine answers it: the symbolic text, with {0}, {1}, … where this plan's
// numbers go, and those numbers as data with their units. The page formats them as it formats
// every other figure ("2.42 ms", not the engine's "0.002421 s"), and a test can check each one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// Units of a formula's values, as the contract names them. `number` is a plain count or ratio;
/// `fraction` is 0–1 and reads as a percentage.
enum class Unit { number, seconds, bytes, bytes_per_second, flops, flop_rate, fraction, tokens_per_second };
const char* unit_name(Unit u);

struct Quantity {
  double value;
  Unit unit;
};
/// Quantities by unit: `f << qty::seconds(0.0024)`.
namespace qty {
inline Quantity number(double v) { return {v, Unit::number}; }
inline Quantity seconds(double v) { return {v, Unit::seconds}; }
inline Quantity bytes(double v) { return {v, Unit::bytes}; }
inline Quantity bytes_per_second(double v) { return {v, Unit::bytes_per_second}; }
inline Quantity flops(double v) { return {v, Unit::flops}; }
inline Quantity flop_rate(double v) { return {v, Unit::flop_rate}; }
inline Quantity fraction(double v) { return {v, Unit::fraction}; }
inline Quantity tokens_per_second(double v) { return {v, Unit::tokens_per_second}; }
}  // namespace qty

/// Built with <<: text goes in as written, a Quantity as the next {i}.
class Formula {
 public:
  Formula() = default;
  explicit Formula(std::string_view text) : text_(text) {}
  Formula& operator<<(std::string_view text);
  Formula& operator<<(const Quantity& q);
  const std::string& text() const { return text_; }
  const std::vector<Quantity>& values() const { return values_; }

 private:
  std::string text_;
  std::vector<Quantity> values_;
};

/// {"text": "…{0}…", "values": [{"value": 28, "unit": "1"}, …]}
void to_json(json& out, const Formula& f);

/// The JSON Schema of that object, units as an enum; `schema` puts it wherever an inferred
/// response schema has a formula's shape.
json formula_schema();
/// True for an inferred schema node that is a formula (an object of exactly text and values).
bool is_formula_schema(const json& node);

}  // namespace atlas
