// DeepSpeed's ZeRO-1 and -2 as its code runs them (deepspeed/runtime/zero/stage_1_and_2.py and
// config.py): each gradient bucket all-reduced with every rank keeping its partition (the
// multi-rank bucket all-reduce, on by default), and the reduction overlapped with backward only
// when the config says so (overlap_comm defaults to stage == 3).
#include <doctest/doctest.h>

#include <cmath>

#include "support.hpp"

using namespace atlas_test;

namespace {

json zero12_plan(int zero, json extra = json::object()) {
  json parallel{{"zero", zero}, {"framework", "deepspeed"}};
  parallel.update(extra);
  return call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                           {"hardware", {{"preset", "a100-80gb"}, {"gpus", 32}}},
                           {"parallel", parallel},
                           {"batch", {{"global", 256}, {"micro", 2}}}});
}

}  // namespace

TEST_CASE("DeepSpeed overlaps the gradients' reduction only at ZeRO-3 unless the request says so") {
  for (int zero : {0, 1, 2}) CHECK(zero12_plan(zero)["parallel"]["overlap"] == false);
  CHECK(zero12_plan(3)["parallel"]["overlap"] == true);
  CHECK(zero12_plan(1, {{"overlap", true}})["parallel"]["overlap"] == true);
  // Other frameworks keep overlapping by default.
  const json megatron = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                          {"hardware", {{"preset", "a100-80gb"}, {"gpus", 32}}},
                                          {"parallel", {{"zero", 1}}},
                                          {"batch", {{"global", 256}, {"micro", 2}}}});
  CHECK(megatron["parallel"]["overlap"] == true);
}

TEST_CASE("DeepSpeed's ZeRO-1 and -2 all-reduce each gradient bucket: twice a reduce-scatter's traffic, in the open") {
  for (int zero : {1, 2}) {
    CAPTURE(zero);
    const json run = zero12_plan(zero);
    REQUIRE_FALSE(atlas::is_error(run));
    const json* grads = find_transfer(run, "dp-grad-allreduce");
    REQUIRE(grads);
    CHECK((*grads)["collective"] == "all-reduce");
    CHECK(find_transfer(run, "dp-grad-reducescatter") == nullptr);
    // bf16 gradients, all of them once a step under ZeRO-1 and once a micro-batch (4 here) under
    // ZeRO-2, in reduce_bucket_size buckets of 5e8 elements.
    const double weights = run["parameters"].get<double>();
    CHECK((*grads)["bytes_per_step"].get<double>() == doctest::Approx(2.0 * weights * (zero == 2 ? 4 : 1)));
    CHECK((*grads)["calls_per_step"].get<double>() == doctest::Approx(std::ceil(weights / 5e8) * (zero == 2 ? 4 : 1)));
    // Without overlap_comm the reduction waits in the open: overlapping it makes the step shorter.
    const json overlapped = zero12_plan(zero, {{"overlap", true}});
    CHECK(overlapped["time"]["step"].get<double>() < run["time"]["step"].get<double>());
  }
}
