// Where the layers fall on pipeline stages: Megatron's accounting of the embedding and the loss
// as a layer each (126 + 2 = 128 slots for Llama 3.1 405B), and explicit first- and last-stage
// layer counts with the rest spread evenly between.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json llama405b(json extra, int pp = 8, int v = 8) {
  json parallel{{"tp", 8}, {"pp", pp}, {"virtual_stages", v}, {"sequence_parallel", true}};
  for (auto it = extra.begin(); it != extra.end(); ++it) parallel[it.key()] = it.value();
  return call("plan", json{{"model", {{"preset", "llama-3.1-405b"}}},
                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", 1024}}},
                           {"parallel", parallel},
                           {"batch", {{"global", 512}, {"micro", 1}}}});
}

}  // namespace

TEST_CASE("126 layers interleaved over 8 stages: refused as they are, 128 slots with the embedding and loss counted") {
  CHECK(has_error(llama405b(json::object()), "virtual_layers", "/parallel/virtual_stages"));
  const json r = llama405b({{"embedding_as_layer", true}, {"loss_as_layer", true}});
  REQUIRE_FALSE(atlas::is_error(r));
  const json& stages = r["stages"];
  REQUIRE(stages.size() == 8);
  CHECK(stages[0]["layers"] == 15);  // the embedding takes the sixteenth slot
  for (int i = 1; i < 7; ++i) CHECK(stages[i]["layers"] == 16);
  CHECK(stages[7]["layers"] == 15);  // the loss takes the last
  CHECK(stages[1]["first_layer"] == 15);
  CHECK(r["parallel"]["embedding_as_layer"] == true);
  // Without interleaving the flags still move a layer off each end: 128 slots, 16 a stage.
  const json plain = llama405b({{"embedding_as_layer", true}, {"loss_as_layer", true}}, 8, 1);
  REQUIRE_FALSE(atlas::is_error(plain));
  CHECK(plain["stages"][0]["layers"] == 15);
}

TEST_CASE("first and last stage layers set, the rest spread evenly; what cannot be laid out is refused") {
  const json r = llama405b({{"first_stage_layers", 14}, {"last_stage_layers", 14}}, 8, 1);
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["stages"][0]["layers"] == 14);
  CHECK(r["stages"][7]["layers"] == 14);
  for (int i = 1; i < 7; ++i) CHECK(r["stages"][i]["layers"] == 98 / 6 + (i - 1 < 98 % 6 ? 1 : 0));
  CHECK(has_error(llama405b({{"first_stage_layers", 100}, {"last_stage_layers", 40}}, 8, 1), "stage_layers",
                  "/parallel/first_stage_layers"));
  CHECK(has_error(llama405b({{"first_stage_layers", 14}, {"embedding_as_layer", true}}, 8, 1), "stage_layers",
                  "/parallel/first_stage_layers"));
  CHECK(has_error(llama405b({{"loss_as_layer", true}}, 1, 1), "stage_layers", "/parallel/loss_as_layer"));
  CHECK(has_error(llama405b({{"first_stage_layers", -1}}, 8, 1), "out_of_range", "/parallel/first_stage_layers"));
  // 0 is "not set", as a plan gives its split back.
  CHECK(llama405b({{"first_stage_layers", 0}}, 8, 1)["stages"][0]["layers"] == 16);
  // Interleaving needs every stage's layers to split into the chunks.
  CHECK(has_error(llama405b({{"first_stage_layers", 14}, {"last_stage_layers", 14}}, 8, 4), "virtual_layers",
                  "/parallel/virtual_stages"));
}
