// Formulas as text plus values (atlas/contract/formula.hpp).
#include "atlas/contract/formula.hpp"

namespace atlas {

namespace {
constexpr Unit kUnits[] = {Unit::number, Unit::seconds,   Unit::bytes,    Unit::bytes_per_second,
                           Unit::flops,  Unit::flop_rate, Unit::fraction, Unit::tokens_per_second};
}  // namespace

const char* unit_name(Unit u) {
  switch (u) {
    case Unit::number:
      return "1";
    case Unit::seconds:
      return "s";
    case Unit::bytes:
      return "B";
    case Unit::bytes_per_second:
      return "B/s";
    case Unit::flops:
      return "FLOP";
    case Unit::flop_rate:
      return "FLOP/s";
    case Unit::fraction:
      return "fraction";
    case Unit::tokens_per_second:
      return "tokens/s";
  }
  return "1";
}

Formula& Formula::operator<<(std::string_view text) {
  text_ += text;
  return *this;
}

Formula& Formula::operator<<(const Quantity& q) {
  text_ += "{" + std::to_string(values_.size()) + "}";
  values_.push_back(q);
  return *this;
}

void to_json(json& out, const Formula& f) {
  json values = json::array();
  for (const Quantity& q : f.values()) values.push_back({{"value", q.value}, {"unit", unit_name(q.unit)}});
  out = json{{"text", f.text()}, {"values", values}};
}

json formula_schema() {
  json units = json::array();
  for (Unit u : kUnits) units.push_back(unit_name(u));
  return json{
      {"type", "object"},
      {"description",
       "A formula: symbolic text with {0}, {1}, … standing for the values, in order; each value is a number in "
       "the unit given (fraction: 0–1, shown as a percentage; 1: a plain number)."},
      {"required", {"text", "values"}},
      {"properties",
       {{"text", {{"type", "string"}}},
        {"values",
         {{"type", "array"},
          {"items",
           {{"type", "object"},
            {"required", {"value", "unit"}},
            {"properties", {{"value", {{"type", "number"}}}, {"unit", {{"type", "string"}, {"enum", units}}}}}}}}}}}};
}

bool is_formula_schema(const json& node) {
  if (!node.is_object() || !node.contains("properties")) return false;
  const json& p = node["properties"];
  return p.is_object() && p.size() == 2 && p.contains("text") && p.contains("values");
}

}  // namespace atlas
