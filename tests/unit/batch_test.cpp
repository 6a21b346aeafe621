// Batch accounting: B_global = B_micro × N_accumulation × N_data-parallel.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

TEST_CASE("the entry's engineering example: 8 × 16 × 64 = 8192") {
  json r = call("batch", json{{"micro", 8}, {"accumulation", 16}, {"dp", 64}});
  CHECK(r["global"] == 8192);
  CHECK(r["solved_for"] == "global");
}

TEST_CASE("solves for each unknown") {
  CHECK(call("batch", json{{"global", 8192}, {"micro", 8}, {"dp", 64}})["accumulation"] == 16);
  CHECK(call("batch", json{{"global", 8192}, {"accumulation", 16}, {"dp", 64}})["micro"] == 8);
  CHECK(call("batch", json{{"global", 8192}, {"micro", 8}, {"accumulation", 16}})["dp"] == 64);
}

TEST_CASE("dp from world size: tensor and pipeline ranks are not replicas") {
  json r = call("batch", json{{"world", 512}, {"tp", 8}, {"pp", 1}, {"cp", 1}, {"micro", 8}, {"accumulation", 16}});
  CHECK(r["dp"] == 64);
  CHECK(r["global"] == 8192);
  json bad = call("batch", json{{"world", 512}, {"tp", 3}, {"micro", 1}, {"accumulation", 1}});
  CHECK(error_code(bad) == "not_divisible");
  CHECK(error_path(bad) == "/world");
}

TEST_CASE("a global batch that does not divide is a coded error that says so") {
  json r = call("batch", json{{"global", 1000}, {"micro", 8}, {"dp", 64}});
  CHECK(error_code(r) == "not_divisible");
  CHECK(error_path(r) == "/global");
  CHECK(r["error"]["message"].get<std::string>().find("not divisible") != std::string::npos);
}

TEST_CASE("all four given must agree; two unknowns are underdetermined") {
  CHECK(error_code(call("batch", json{{"global", 100}, {"micro", 8}, {"accumulation", 16}, {"dp", 64}})) ==
        "inconsistent");
  CHECK(call("batch", json{{"global", 8192}, {"micro", 8}, {"accumulation", 16}, {"dp", 64}})["solved_for"] == "");
  CHECK(error_code(call("batch", json{{"global", 100}, {"micro", 8}})) == "underdetermined");
}

TEST_CASE("tokens per step use the sequence length") {
  json r = call("batch", json{{"micro", 1}, {"accumulation", 8}, {"dp", 192}, {"seq", 2048}});
  CHECK(r["global"] == 1536);
  CHECK(r["tokens_per_step"].get<double>() == doctest::Approx(1536.0 * 2048));
}

TEST_CASE("bad values name their field") {
  CHECK(error_path(call("batch", json{{"global", 0}, {"micro", 8}, {"dp", 64}})) == "/global");
  CHECK(error_code(call("batch", json{{"global", 8192}, {"micro", 8.5}, {"dp", 64}})) == "not_integer");
  CHECK(error_code(call("batch", json{{"global", 8192}, {"micro", nullptr}, {"dp", 64}})) == "wrong_type");
  CHECK(error_code(call("batch", json::array())) == "not_object");
  CHECK(error_code(call("batch", json{{"global", 8192}, {"micro", 8}, {"dp", 64}, {"world", 64}})) == "conflict");
  CHECK(error_code(call("batch", json{{"micro", 1e9}, {"accumulation", 1e9}, {"dp", 64}})) == "out_of_range");
}

TEST_CASE("an answer fed back as a request gives the same answer, without warnings") {
  const json first = call("batch", json{{"micro", 8}, {"accumulation", 16}, {"dp", 64}, {"seq", 2048}});
  const json again = call("batch", first);
  CHECK_FALSE(again.contains("warnings"));
  for (const char* k : {"global", "micro", "accumulation", "dp", "tokens_per_step", "equation"})
    CHECK(again[k] == first[k]);
  CHECK(again["solved_for"] == "");  // nothing was unknown the second time
}
