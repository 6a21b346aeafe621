// parallel.routing_imbalance: the busiest expert-parallel rank's routed tokens over the mean. Its
// expert GEMMs and its all-to-all volume set the step; balanced (1) answers as before the field.
#include <doctest/doctest.h>

#include "support.hpp"

using atlas_test::call;
using atlas_test::error_code;
using atlas_test::error_path;
using atlas_test::find_transfer;
using atlas_test::json;
using atlas_test::step_seconds;

namespace {

json imbalanced_mixtral(double imbalance = 0) {
  json parallel{{"tp", 2}, {"ep", 8}, {"zero", 1}, {"sequence_parallel", true}};
  if (imbalance > 0) parallel["routing_imbalance"] = imbalance;
  return atlas_test::plan_request(parallel, {{"micro", 1}, {"global", 64}}, "mixtral-8x7b", 64, "h100-sxm");
}

}  // namespace

TEST_CASE("routing imbalance: balanced is the plan without the field; the busiest rank sets the step") {
  const json none = call("plan", imbalanced_mixtral()), balanced = call("plan", imbalanced_mixtral(1.0)),
             skewed = call("plan", imbalanced_mixtral(1.5));
  REQUIRE_FALSE(skewed.contains("error"));
  CHECK(balanced["time"]["step"] == none["time"]["step"]);
  CHECK_FALSE(balanced["parallel"].contains("routing_imbalance"));
  CHECK(skewed["parallel"]["routing_imbalance"] == 1.5);
  // The all-to-all carries the busiest rank's tokens: 1.5 × the balanced call's bytes.
  for (const char* id : {"ep-fwd-dispatch", "ep-fwd-combine", "ep-bwd-tokens"}) {
    CAPTURE(id);
    const json* a = find_transfer(none, id);
    const json* b = find_transfer(skewed, id);
    REQUIRE(a != nullptr);
    REQUIRE(b != nullptr);
    CHECK((*b)["bytes_per_call"].get<double>() == doctest::Approx(1.5 * (*a)["bytes_per_call"].get<double>()));
  }
  // Its expert GEMMs take 1.5 × the rows: more compute, and a slower step.
  CHECK(skewed["time"]["compute"].get<double>() > none["time"]["compute"].get<double>());
  CHECK(step_seconds(skewed) > step_seconds(none));
}

TEST_CASE("routing imbalance: more than ep, or on a dense model, is named at its path") {
  const json over = call("plan", imbalanced_mixtral(9));  // 8 expert-parallel ranks: at most 8 × the mean
  CHECK(error_code(over) == "routing_imbalance_range");
  CHECK(error_path(over) == "/parallel/routing_imbalance");
  json dense = atlas_test::plan_request({{"tp", 8}, {"routing_imbalance", 1.2}}, {{"micro", 1}, {"global", 8}},
                                        "llama-3.1-8b", 8, "h100-sxm");
  const json answer = call("plan", dense);
  REQUIRE_FALSE(answer.contains("error"));
  bool warned = false;
  for (const auto& w : answer.value("warnings", json::array()))
    warned = warned || (w["code"] == "routing_imbalance_dense" && w["path"] == "/parallel/routing_imbalance");
  CHECK(warned);
  CHECK(error_path(call("plan", imbalanced_mixtral(0.5))) == "/parallel/routing_imbalance");
}
