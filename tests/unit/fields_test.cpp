// Field readers: paths, fallbacks and nested sections.
#include <doctest/doctest.h>

#include "atlas/fields.hpp"
#include "support.hpp"

using atlas::Fields;
using atlas::Problems;
using atlas::json;

TEST_CASE("a section reads a nested object with exact paths") {
  Problems problems;
  const json request{{"parallel", {{"tp", 3.5}}}};
  const Fields root(request, "", problems);
  const Fields p = root.section("parallel", false);
  CHECK(p.present());
  CHECK_FALSE(p.integer("tp", {1, 100}).has_value());
  REQUIRE(problems.errors().size() == 1);
  CHECK(problems.errors()[0].code == "not_integer");
  CHECK(problems.errors()[0].path == "/parallel/tp");
}

TEST_CASE("an absent optional section gives defaults and no error") {
  Problems problems;
  const json request = json::object();
  const Fields p = Fields(request, "", problems).section("parallel", false);
  CHECK_FALSE(p.present());
  CHECK(p.integer("tp", {1, 100}, 1) == 1);
  CHECK(problems.ok());
}

TEST_CASE("a missing required section or one of the wrong type is one error at its path") {
  Problems problems;
  const json request{{"limits", "none"}};
  const Fields root(request, "", problems);
  CHECK_FALSE(root.section("batch", true).present());
  CHECK_FALSE(root.section("limits", false).present());
  REQUIRE(problems.errors().size() == 2);
  CHECK(problems.errors()[0].code == "missing_field");
  CHECK(problems.errors()[0].path == "/batch");
  CHECK(problems.errors()[1].code == "wrong_type");
  CHECK(problems.errors()[1].path == "/limits");
}
