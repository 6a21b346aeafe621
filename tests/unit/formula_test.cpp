// Formulas carry their numbers as data: every formula of a training or serving plan is
// {"text", "values"} whose placeholders {0}, {1}, … match its values in order, each value a finite
// number with a unit the page knows how to format. The text itself holds no engine-formatted
// number ("1.763e+08"), so nothing the page shows escapes its formatters.
#include <doctest/doctest.h>

#include <cmath>
#include <regex>
#include <set>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

const std::set<std::string> kUnits{"1", "s", "B", "B/s", "FLOP", "FLOP/s", "fraction", "tokens/s"};

void check_formula(const json& f, const std::string& at) {
  INFO(at);
  REQUIRE(f.is_object());
  REQUIRE(f.contains("text"));
  REQUIRE(f.contains("values"));
  const std::string text = f["text"].get<std::string>();
  const json& values = f["values"];
  CHECK(text.find("e+") == std::string::npos);
  CHECK(text.find("e-0") == std::string::npos);
  // Placeholders appear once each, in order: {0} first, then {1}, …
  static const std::regex placeholder(R"(\{(\d+)\})");
  std::size_t next = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), placeholder); it != std::sregex_iterator(); ++it)
    CHECK(std::stoul((*it)[1].str()) == next++);
  CHECK(next == values.size());
  for (const auto& v : values) {
    REQUIRE(v.contains("value"));
    CHECK(v["value"].is_number());
    CHECK(std::isfinite(v["value"].get<double>()));
    CHECK(kUnits.count(v["unit"].get<std::string>()) == 1);
  }
}

// Every "formulas" map and every "formula" field anywhere in the answer; returns how many.
int check_all(const json& node, const std::string& at) {
  int n = 0;
  if (node.is_object()) {
    for (auto it = node.begin(); it != node.end(); ++it) {
      const std::string path = at + "/" + it.key();
      if (it.key() == "formulas") {
        for (auto f = it.value().begin(); f != it.value().end(); ++f, ++n)
          check_formula(f.value(), path + "/" + f.key());
      } else if (it.key() == "formula") {
        check_formula(it.value(), path);
        ++n;
      } else {
        n += check_all(it.value(), path);
      }
    }
  } else if (node.is_array()) {
    for (std::size_t i = 0; i < node.size(); ++i) n += check_all(node[i], at + "/" + std::to_string(i));
  }
  return n;
}

}  // namespace

TEST_CASE("formula: every formula of the golden training plans is text plus finite values with units") {
  for (const char* name : {"gpt3-tp8-pp8", "gpt3-interleaved-v2", "llama70b-zero3-fsdp", "mixtral-ep8", "llama70b-cp4",
                           "tp-across-nodes"}) {
    const json golden = json::parse(read_source_file(std::string("tests/golden/") + name + ".json"));
    const json plan = call("plan", golden["request"]);
    REQUIRE_MESSAGE(plan.contains("time"), name);
    CHECK(check_all(plan, name) >= 14);  // memory 5, time 5, throughput 4
  }
}

TEST_CASE("formula: every formula of a serving plan, stages and transfers included, is text plus values") {
  for (
      const char* request :
      {R"({"mode":"inference","model":{"preset":"llama-3.1-70b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":8},"serving":{"prompt":2048,"output":256,"concurrency":16,"weights":"int4","kv":"fp8"}})",
       R"({"mode":"inference","model":{"preset":"llama-3.1-70b"},"hardware":{"preset":"h100-sxm","gpus":16},"parallel":{"tp":4,"pp":2},"serving":{"prompt":1024,"output":128,"concurrency":1,"disaggregated":true}})",
       R"({"mode":"inference","model":{"preset":"mixtral-8x7b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":2,"ep":4},"serving":{"prompt":512,"output":64,"concurrency":64}})"}) {
    const json plan = call("plan", request);
    REQUIRE_MESSAGE(plan.contains("stages"), plan.dump().substr(0, 300));
    CHECK(check_all(plan, "serving") >= 12);
  }
}

TEST_CASE("formula: the schema describes a formula's values and their units") {
  const json s = call("schema", R"({"command":"plan"})");
  const std::string dump = s.dump();
  CHECK(dump.find(R"("enum":["1","s","B","B/s","FLOP","FLOP/s","fraction","tokens/s"])") != std::string::npos);
}
