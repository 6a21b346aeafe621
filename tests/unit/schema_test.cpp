// The `schema` command: every command has one, and the bounds and choices it states are the ones
// the engine enforces (checked by sending each example request with one value just outside).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Calls visit(pointer, property schema) for every property the
// example request gives, depth first (a property another branch reads is left to the example
// that reaches that branch).
void each_property(const json& schema, const json& example, const std::string& at,
                   const std::function<void(const std::string&, const json&)>& visit) {
  if (!schema.contains("properties") || !example.is_object()) return;
  for (const auto& [key, property] : schema["properties"].items()) {
    if (!example.contains(key)) continue;
    visit(at + "/" + key, property);
    each_property(property, example[key], at + "/" + key, visit);
  }
}

json with_value(json request, const std::string& pointer, const json& value) {
  request[json::json_pointer(pointer)] = value;
  return request;
}

}  // namespace

TEST_CASE("schema: every command has a request schema, examples and a response schema") {
  const json version = call("version", "{}");
  const json all = call("schema", "{}");
  REQUIRE(all.contains("commands"));
  for (const auto& name : version["commands"]) {
    CAPTURE(name.get<std::string>());
    REQUIRE(all["commands"].contains(name.get<std::string>()));
    const json& c = all["commands"][name.get<std::string>()];
    CHECK(c["request"]["type"] == "object");
    CHECK(c["request"]["$schema"] == "https://json-schema.org/draft/2020-12/schema");
    CHECK(c["response"]["anyOf"].size() == 2);
    CHECK(!c["examples"].empty());
    CHECK(!c["description"].get<std::string>().empty());
  }
  CHECK(error_code(call("schema", R"({"command":"nonesuch"})")) == "unknown_value");
  CHECK(error_path(call("schema", R"({"command":"nonesuch"})")) == "/command");
}

TEST_CASE("schema: the stated bounds and choices are the ones the engine enforces") {
  const json all = call("schema", R"({"responses":false})");
  int checked = 0;
  for (auto it = all["commands"].begin(); it != all["commands"].end(); ++it) {
    // Named copies, not structured bindings: clang 14 (emcc) cannot capture those in a lambda.
    const std::string name = it.key();
    const json& c = it.value();
    if (name == "schema") continue;
    for (const json& example : c["examples"]) {
      each_property(c["request"], example, "", [&](const std::string& pointer, const json& p) {
        CAPTURE(name);
        CAPTURE(pointer);
        if (p.contains("enum")) {
          const json r = call(name, with_value(example, pointer, "no-such-choice"));
          CHECK(has_error(r, "unknown_value", pointer));
          ++checked;
        }
        if (p.contains("minimum") && p["minimum"].get<double>() > -1e18) {
          const double min = p["minimum"].get<double>();
          const double below = p["type"] == "integer" ? min - 1 : min - std::max(1e-9, std::fabs(min) * 1e-6);
          CHECK(has_error(call(name, with_value(example, pointer, below)), "out_of_range", pointer));
          ++checked;
        }
        if (p.contains("exclusiveMinimum")) {
          CHECK(has_error(call(name, with_value(example, pointer, p["exclusiveMinimum"])), "out_of_range", pointer));
          ++checked;
        }
        if (p.contains("maximum") && p["maximum"].get<double>() < 1e15) {
          const double max = p["maximum"].get<double>();
          const double above = p["type"] == "integer" ? max + 1 : max * (1 + 1e-6) + 1e-9;
          CHECK(has_error(call(name, with_value(example, pointer, above)), "out_of_range", pointer));
          ++checked;
        }
      });
    }
  }
  INFO(checked << " bounds and choices checked");
  CHECK(checked > 60);
}
