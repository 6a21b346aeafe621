// The contract itself: dispatch, parse errors, the error shape, version.
#include <doctest/doctest.h>

#include <cmath>

#include "../fuzz/response_check.hpp"
#include "support.hpp"

using namespace atlas_test;

TEST_CASE("version names the engine and every command") {
  json v = call("version", "{}");
  CHECK(v["engine"] == "parallelism-atlas");
  CHECK(v["contract"] == atlas::kContractVersion);
  CHECK(v["commands"].size() == atlas::command_names().size());
  CHECK(v["units"]["bandwidth"] == "B/s");
}

TEST_CASE("unknown command is a coded error listing the commands") {
  json r = call("frobnicate", "{}");
  CHECK(error_code(r) == "unknown_command");
  CHECK(r["error"]["message"].get<std::string>().find("validate") != std::string::npos);
}

TEST_CASE("malformed request text is invalid_json with the byte position") {
  for (const char* text : {"", "{", "{\"a\":", "[1,2", "nul", "{\"a\" 1}", "\"unterminated"}) {
    CAPTURE(text);
    json r = call("validate", text);
    CHECK(error_code(r) == "invalid_json");
    CHECK(r["error"]["path"] == "");
    CHECK(r["error"]["message"].get<std::string>().find("byte") != std::string::npos);
  }
}

TEST_CASE("invalid UTF-8 in a request is invalid_utf8") {
  const std::string bad = std::string("{\"name\":\"caf") + char(0xC3) + char(0x28) + "\"}";
  CHECK(error_code(call("validate", bad)) == "invalid_utf8");
  const std::string lone = std::string("{\"name\":\"") + char(0xFF) + "\"}";
  CHECK(error_code(call("validate", lone)) == "invalid_utf8");
}

TEST_CASE("error responses carry the first error and the full list") {
  json r = call("batch", json{{"global", -1}, {"micro", "8"}, {"accumulation", 16}});
  REQUIRE(atlas::is_error(r));
  CHECK(r["errors"].size() == 2);
  CHECK(r["error"] == r["errors"][0]);
  for (const auto& e : r["errors"]) {
    CHECK(e.contains("code"));
    CHECK(e.contains("message"));
    CHECK(e.contains("path"));
  }
}

TEST_CASE("responses are always parseable JSON, whatever the input bytes") {
  std::string text;
  unsigned state = 12345;
  for (int i = 0; i < 2000; ++i) {
    state = state * 1103515245u + 12345u;
    const auto length = (state >> 16) % 40;
    text.clear();
    for (unsigned j = 0; j < length; ++j) {
      state = state * 1103515245u + 12345u;
      text += "{}[]\":,0123456789.eE+-tfnul\\ \xC3\xFF"[(state >> 16) % 34];
    }
    for (const auto& name : atlas::command_names()) {
      const std::string out = atlas::run_text(name, text);
      // Parses, and is never `internal` or `non_finite` (the fuzz target's checks).
      CHECK(atlas_fuzz::response_problem(out) == "");
    }
  }
}

TEST_CASE("a non-finite number anywhere in a response is found with its pointer") {
  const double nan = std::nan("");
  CHECK_FALSE(atlas::non_finite_path(json{{"a", json::array({1, 2.5, "x"})}}).has_value());
  CHECK(atlas::non_finite_path(json{{"a", json::array({1, json{{"b~/", nan}}})}}) == "/a/1/b~0~1");
  CHECK(atlas::non_finite_path(json(INFINITY)) == "");
  CHECK(atlas::non_finite_path(json::array({0.0, -INFINITY})) == "/1");
}
