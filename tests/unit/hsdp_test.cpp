// Sharding inside groups of data-parallel ranks (`parallel.dp_shard`: HSDP, node-local ZeRO):
// model state sharded over dp_shard × cp ranks and replicated across dp / dp_shard groups, the
// shard collectives inside the group and one all-reduce of each gradient shard across groups.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json hsdp(json shard, int zero = 1, int gpus = 512) {
  json parallel{{"zero", zero}, {"framework", "fsdp"}};
  if (!shard.is_null()) parallel["dp_shard"] = shard;
  return call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                           {"hardware", {{"preset", "a100-80gb"}, {"gpus", gpus}}},
                           {"parallel", parallel},
                           {"batch", {{"global", 1024}, {"micro", 2}}}});
}

}  // namespace

TEST_CASE("node-local sharding: state over 8 ranks, shard collectives on NVLink, one all-reduce across nodes") {
  const json all = hsdp(nullptr), local = hsdp(8);
  REQUIRE_FALSE(atlas::is_error(all));
  REQUIRE_FALSE(atlas::is_error(local));
  CHECK(all["parallel"]["dp_shard"] == 512);
  CHECK(local["parallel"]["dp_shard"] == 8);
  // Optimizer states: 12 B per weight over 512 ranks, or over 8.
  CHECK(local["memory"]["optimizer"].get<double>() == doctest::Approx(64 * all["memory"]["optimizer"].get<double>()));
  const json* rs = find_transfer(local, "dp-grad-reducescatter");
  const json* ar = find_transfer(local, "dp-grad-replica-allreduce");
  REQUIRE(rs);
  REQUIRE(ar);
  CHECK((*rs)["group_size"] == 8);
  CHECK((*rs)["link"] == "intra");
  CHECK((*ar)["group_size"] == 64);
  CHECK((*ar)["link"] == "inter");
  // The all-reduce carries one shard: 1/8 of what the reduce-scatter takes in.
  CHECK((*ar)["bytes_per_step"].get<double>() == doctest::Approx((*rs)["bytes_per_step"].get<double>() / 8));
  CHECK(find_transfer(all, "dp-grad-replica-allreduce") == nullptr);
  // dp_shard = dp is plain ZeRO: the same plan.
  CHECK(hsdp(512)["time"]["step"] == all["time"]["step"]);
}

TEST_CASE("ZeRO-3 inside the shard group: gathers stay in the node, a replica all-reduce per micro-batch") {
  const json local = hsdp(8, 3);
  REQUIRE_FALSE(atlas::is_error(local));
  for (const char* id : {"dp-param-allgather-fwd", "dp-param-allgather-bwd", "dp-grad-reducescatter"}) {
    const json* t = find_transfer(local, id);
    REQUIRE(t);
    CHECK((*t)["group_size"] == 8);
  }
  const json* ar = find_transfer(local, "dp-grad-replica-allreduce");
  REQUIRE(ar);
  CHECK((*ar)["count_per_microbatch"].get<double>() > 0);
  CHECK(local["memory"]["parameters"].get<double>() > hsdp(nullptr, 3)["memory"]["parameters"].get<double>());
}

TEST_CASE("dp_shard that does not divide dp, with nothing sharded, or splitting experts: coded errors at the path") {
  CHECK(has_error(hsdp(7), "dp_shard_not_divisible", "/parallel/dp_shard"));
  CHECK(has_error(hsdp(8, 0), "dp_shard_without_zero", "/parallel/dp_shard"));
  CHECK(has_error(hsdp(-1), "out_of_range", "/parallel/dp_shard"));
  CHECK(hsdp(0)["time"]["step"] == hsdp(nullptr)["time"]["step"]);  // 0: over all of dp
  CHECK(has_error(hsdp("8"), "wrong_type", "/parallel/dp_shard"));
  const json moe = call("plan", json{{"model", {{"preset", "mixtral-8x7b"}, {"seq", 4096}}},
                                     {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                                     {"parallel", {{"ep", 8}, {"zero", 1}, {"dp_shard", 4}}},
                                     {"batch", {{"global", 64}}}});
  CHECK(has_error(moe, "dp_shard_experts", "/parallel/dp_shard"));
}
