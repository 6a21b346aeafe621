// Entry validation: the seed passes; each kind of malformed entry gives its own code and path.
#include <doctest/doctest.h>

#include "atlas/content/entry.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json seed() { return json::parse(read_source_file("content/parallelism.json")); }

// Applies one RFC 6902 patch to the seed and validates the result.
json validate_patched(const json& patch) { return call("validate", seed().patch(patch)); }

struct Case {
  const char* what;
  json patch;
  const char* code;
  const char* path;
};

}  // namespace

TEST_CASE("the seed entry is valid and comes back normalized") {
  json r = call("validate", seed());
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["valid"] == true);
  CHECK(r["entry"]["id"] == "parallelism");
  CHECK(r["entry"]["check"]["answer"] == 2);
  CHECK(r["entry"]["mechanism"].size() == 3);
  CHECK(r["entry"]["related"].size() == 5);
  CHECK_FALSE(r.contains("warnings"));
}

TEST_CASE("normalization trims text and adds absent optional lists") {
  json e = seed();
  e["name"] = "  Parallelism  ";
  e.erase("related");
  json r = call("validate", e);
  CHECK(r["entry"]["name"] == "Parallelism");
  CHECK(r["entry"]["related"] == json::array());
}

TEST_CASE("malformed entries: one code and one path each") {
  const std::string huge(20000, 'x');
  const Case cases[] = {
      {"missing name", R"j([{"op":"remove","path":"/name"}])j"_json, "missing_field", "/name"},
      {"missing check", R"j([{"op":"remove","path":"/check"}])j"_json, "missing_field", "/check"},
      {"name a number", R"j([{"op":"replace","path":"/name","value":5}])j"_json, "wrong_type", "/name"},
      {"empty name", R"j([{"op":"replace","path":"/name","value":"   "}])j"_json, "empty", "/name"},
      {"answer out of range", R"j([{"op":"replace","path":"/check/answer","value":3}])j"_json, "answer_out_of_range",
       "/check/answer"},
      {"answer negative", R"j([{"op":"replace","path":"/check/answer","value":-1}])j"_json, "out_of_range",
       "/check/answer"},
      {"answer fractional", R"j([{"op":"replace","path":"/check/answer","value":1.5}])j"_json, "not_integer",
       "/check/answer"},
      {"answer a string", R"j([{"op":"replace","path":"/check/answer","value":"2"}])j"_json, "wrong_type",
       "/check/answer"},
      {"empty option text", R"j([{"op":"replace","path":"/check/options/1","value":""}])j"_json, "empty",
       "/check/options/1"},
      {"one option only", R"j([{"op":"replace","path":"/check/options","value":["a"]}])j"_json, "too_few",
       "/check/options"},
      {"options not an array", R"j([{"op":"replace","path":"/check/options","value":"a,b"}])j"_json, "wrong_type",
       "/check/options"},
      {"bad source URL", R"j([{"op":"replace","path":"/sources/1/url","value":"arxiv.org/abs/2104.04473"}])j"_json,
       "bad_url", "/sources/1/url"},
      {"javascript URL", R"j([{"op":"replace","path":"/sources/0/url","value":"javascript:alert(1)"}])j"_json,
       "bad_url", "/sources/0/url"},
      {"bad history URL", R"j([{"op":"replace","path":"/history/0/source/url","value":"https://exa mple.com"}])j"_json,
       "bad_url", "/history/0/source/url"},
      {"duplicate related id", R"j([{"op":"add","path":"/related/-","value":"nccl"}])j"_json, "duplicate",
       "/related/5"},
      {"related id not kebab", R"j([{"op":"replace","path":"/related/0","value":"Loss_Optimizer"}])j"_json, "bad_id",
       "/related/0"},
      {"id not kebab", R"j([{"op":"replace","path":"/id","value":"Parallelism Entry"}])j"_json, "bad_id", "/id"},
      {"year implausible", R"j([{"op":"replace","path":"/history/0/year","value":20210}])j"_json, "out_of_range",
       "/history/0/year"},
      {"year a string", R"j([{"op":"replace","path":"/history/0/year","value":"2021"}])j"_json, "wrong_type",
       "/history/0/year"},
      {"specs empty", R"j([{"op":"replace","path":"/specs","value":[]}])j"_json, "too_few", "/specs"},
      {"spec not an object", R"j([{"op":"replace","path":"/specs/1","value":"x"}])j"_json, "wrong_type", "/specs/1"},
      {"spec missing value", R"j([{"op":"remove","path":"/specs/0/value"}])j"_json, "missing_field", "/specs/0/value"},
      {"interface direction", R"j([{"op":"replace","path":"/interfaces/0/direction","value":"sideways"}])j"_json,
       "unknown_value", "/interfaces/0/direction"},
      {"mechanism step null", R"j([{"op":"replace","path":"/mechanism/2","value":null}])j"_json, "wrong_type",
       "/mechanism/2"},
      {"science not an array", R"j([{"op":"replace","path":"/science","value":{}}])j"_json, "wrong_type", "/science"},
      {"huge description", json::array({{{"op", "replace"}, {"path", "/description"}, {"value", huge}}}), "too_long",
       "/description"},
  };
  for (const auto& c : cases) {
    CAPTURE(c.what);
    json r = validate_patched(c.patch);
    REQUIRE(atlas::is_error(r));
    CHECK(has_error(r, c.code, c.path));
  }
}

TEST_CASE("non-object roots, truncated JSON and invalid UTF-8") {
  CHECK(error_code(call("validate", "[]")) == "not_object");
  CHECK(error_code(call("validate", "\"parallelism\"")) == "not_object");
  CHECK(error_code(call("validate", "null")) == "not_object");
  const std::string text = read_source_file("content/parallelism.json");
  CHECK(error_code(call("validate", text.substr(0, text.size() / 2))) == "invalid_json");
  std::string broken = text;
  broken.replace(broken.find("Parallelism"), 1, std::string(1, char(0xC0)));
  CHECK(error_code(call("validate", broken)) == "invalid_utf8");
}

TEST_CASE("every error is reported, not only the first") {
  json e = seed();
  e.erase("name");
  e["check"]["answer"] = 9;
  e["sources"][0]["url"] = "ftp://x";
  json r = call("validate", e);
  CHECK(r["errors"].size() == 3);
}

TEST_CASE("unknown top-level keys warn but do not fail") {
  json e = seed();
  e["colour"] = "blue";
  json r = call("validate", e);
  REQUIRE_FALSE(atlas::is_error(r));
  REQUIRE(r.contains("warnings"));
  CHECK(r["warnings"][0]["code"] == "unknown_field");
  CHECK(r["warnings"][0]["path"] == "/colour");
}

TEST_CASE("ids and URLs") {
  CHECK(atlas::is_kebab_id("loss-optimizer"));
  CHECK(atlas::is_kebab_id("a100"));
  CHECK_FALSE(atlas::is_kebab_id("-a"));
  CHECK_FALSE(atlas::is_kebab_id("a--b"));
  CHECK_FALSE(atlas::is_kebab_id("A"));
  CHECK(atlas::is_web_url("https://arxiv.org/abs/2104.04473"));
  CHECK_FALSE(atlas::is_web_url("https://localhost"));
  CHECK_FALSE(atlas::is_web_url("https://user@evil.com/"));
  CHECK_FALSE(atlas::is_web_url("http://"));
}
