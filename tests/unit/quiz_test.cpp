// The entry's check question: grading, answer validation, and seeded option shuffles.
#include <doctest/doctest.h>

#include <set>

#include "support.hpp"

using namespace atlas_test;

namespace {

json entry_check() { return json::parse(read_source_file("content/parallelism.json"))["check"]; }

json ask(const json& answer) { return call("quiz", json{{"check", entry_check()}, {"answer", answer}}); }

}  // namespace

TEST_CASE("the entry's right answer is graded right, with its explanation and a full score") {
  json r = ask(2);
  CHECK(r["correct"] == true);
  CHECK(r["answer"] == 2);
  CHECK(r["correct_answer"] == 2);
  CHECK(r["chosen"] == "Tensor parallelism");
  CHECK(r["explanation"].get<std::string>().find("divides a layer") != std::string::npos);
  CHECK(r["score"] == json{{"raw", 1}, {"min", 0}, {"max", 1}, {"scaled", 1.0}});
}

TEST_CASE("each wrong option is graded wrong and points at the right one") {
  for (int wrong : {0, 1}) {
    json r = ask(wrong);
    CHECK(r["correct"] == false);
    CHECK(r["answer"] == wrong);
    CHECK(r["correct_answer"] == 2);
    CHECK(r["correct_option"] == "Tensor parallelism");
    CHECK(r["score"]["raw"] == 0);
  }
}

TEST_CASE("answers that are not a valid option are errors at /answer") {
  CHECK(error_code(ask(3)) == "out_of_range");
  CHECK(error_path(ask(3)) == "/answer");
  CHECK(error_code(ask(-1)) == "out_of_range");
  CHECK(error_code(ask(1.5)) == "not_integer");
  CHECK(error_code(ask("2")) == "wrong_type");
  CHECK(error_code(ask(nullptr)) == "wrong_type");
  for (const json& bad : {json(3), json(-1), json(1.5), json("2"), json(nullptr), json::array()})
    CHECK(error_path(ask(bad)) == "/answer");
  CHECK(error_code(call("quiz", json{{"check", entry_check()}})) == "missing_field");
  // 2.0 is the whole number 2, not a fraction.
  CHECK(ask(2.0)["correct"] == true);
}

TEST_CASE("the check object is validated with the entry's own rules, at /check paths") {
  json check = entry_check();
  check["answer"] = 5;
  json r = call("quiz", json{{"check", check}, {"answer", 0}});
  CHECK(error_code(r) == "answer_out_of_range");
  CHECK(error_path(r) == "/check/answer");

  json one_option = entry_check();
  one_option["options"] = json::array({"only"});
  CHECK(has_error(call("quiz", json{{"check", one_option}, {"answer", 0}}), "too_few", "/check/options"));

  json no_question = entry_check();
  no_question.erase("question");
  CHECK(has_error(call("quiz", json{{"check", no_question}, {"answer", 0}}), "missing_field", "/check/question"));
  CHECK(error_path(call("quiz", json{{"check", "text"}, {"answer", 0}})) == "/check");
  CHECK(error_code(call("quiz", json{{"answer", 0}})) == "missing_field");
}

TEST_CASE("a seed gives a stable shuffled order and grading follows the shuffle") {
  json a = call("quiz", json{{"check", entry_check()}, {"seed", 7}});
  json b = call("quiz", json{{"check", entry_check()}, {"seed", 7}});
  CHECK(a == b);
  CHECK_FALSE(a.contains("correct"));  // a layout request does not grade anything
  // Pinned: the same order must come out natively and in WASM (the suite runs under node too).
  CHECK(a["order"] == json::array({1, 2, 0}));
  CHECK(a["options"][1] == "Tensor parallelism");

  std::set<int> positions;
  for (int seed = 0; seed < 300; ++seed) {
    json layout = call("quiz", json{{"check", entry_check()}, {"seed", seed}});
    const auto& options = layout["options"];
    for (int k = 0; k < 3; ++k) {
      json r = call("quiz", json{{"check", entry_check()}, {"seed", seed}, {"answer", k}});
      REQUIRE_FALSE(atlas::is_error(r));
      const bool is_tensor = options[static_cast<std::size_t>(k)] == "Tensor parallelism";
      CHECK(r["correct"] == is_tensor);
      CHECK(r["original_answer"] == layout["order"][static_cast<std::size_t>(k)]);
      if (is_tensor) positions.insert(k);
      CHECK(options[r["correct_answer"].get<std::size_t>()] == "Tensor parallelism");
    }
  }
  CHECK(positions == std::set<int>{0, 1, 2});  // the right answer moves around
}

TEST_CASE("seeds are validated") {
  CHECK(error_path(call("quiz", json{{"check", entry_check()}, {"seed", -1}})) == "/seed");
  CHECK(error_code(call("quiz", json{{"check", entry_check()}, {"seed", "7"}})) == "wrong_type");
  CHECK(error_code(call("quiz", json{{"check", entry_check()}, {"seed", 1e300}})) == "out_of_range");
  json big = call("quiz", json{{"check", entry_check()}, {"seed", 9007199254740991.0}, {"answer", 0}});
  CHECK_FALSE(atlas::is_error(big));
}
