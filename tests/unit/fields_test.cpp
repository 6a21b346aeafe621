// Field readers: paths, fallbacks and nested sections.
#include <doctest/doctest.h>

#include "atlas/contract/fields.hpp"
#include "support.hpp"

using atlas::Fields;
using atlas::json;
using atlas::Problems;

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

TEST_CASE("range messages write whole numbers in full and quote the field's unit") {
  CHECK(atlas::format_number(9007199254740992.0) == "9007199254740992");
  CHECK(atlas::format_number(1e15) == "1000000000000000");
  CHECK(atlas::format_number(-3) == "-3");
  CHECK(atlas::format_number(2.5e-6) == "2.5e-06");
  CHECK(atlas::format_number(1e300) == "1e+300");
  Problems problems;
  const json request{{"bandwidth", 5.0}, {"count", 1e19}};
  const Fields f(request, "", problems);
  CHECK_FALSE(f.number("bandwidth", {1e6, 1e15, false, false, "B/s"}).has_value());
  CHECK_FALSE(f.integer("count", {1, 1e30}).has_value());  // beyond int64: refused, not cast
  REQUIRE(problems.errors().size() == 2);
  CHECK(problems.errors()[0].message ==
        "'bandwidth' is 5 B/s; it must be at least 1000000 B/s and at most 1000000000000000 B/s.");
  CHECK(problems.errors()[1].code == "out_of_range");
}

TEST_CASE("quoted keys and values are cut on a UTF-8 boundary") {
  CHECK(atlas::quote_cut("short") == "short");
  const std::string cut = atlas::quote_cut(std::string(59, 'a') + "é" + "tail");  // é straddles byte 60
  CHECK(cut == std::string(59, 'a') + "…");
  Problems problems;
  const json request{{std::string(200, 'k'), 1}, {"mode", std::string(5000, 'x')}};
  const Fields f(request, "", problems);
  f.warn_unknown({"mode"});
  CHECK_FALSE(f.choice("mode", {"a", "b"}).has_value());
  REQUIRE(problems.warnings().size() == 1);
  CHECK(problems.warnings()[0].message.size() < 120);
  REQUIRE(problems.errors().size() == 1);
  CHECK(problems.errors()[0].code == "too_long");  // choice() reads at most 200 bytes
}
