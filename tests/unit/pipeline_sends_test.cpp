// Point-to-point sends of every pipeline stage, not only the one a plan lists: a plan shows the
// critical stage's transfers, so a miscount on another stage would change no response.
#include <doctest/doctest.h>

#include <string>

#include "atlas/contract/problems.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan_request.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

atlas::PlanInput input(int pp, int v) {
  const json request{{"model", {{"preset", "gpt3-175b"}}},
                     {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8 * pp}}},
                     {"parallel", {{"tp", 8}, {"pp", pp}, {"virtual_stages", v}, {"sequence_parallel", true}}},
                     {"batch", {{"global", 4 * pp}, {"micro", 1}}}};
  atlas::Problems problems;
  const auto read = atlas::read_plan_request(request, problems);
  REQUIRE(read.has_value());
  return read->input;
}

// Sends per micro-batch of one stage's device, by transfer id (0 when the stage lists none).
double sends(const atlas::PlanInput& in, std::int64_t stage, const std::string& id) {
  std::array<atlas::Transfer, atlas::kMaxTransfers> list;
  int count = 0;
  atlas::StageCommunication exposed;
  atlas::stage_transfers(in, stage, atlas::stage_figures(in, stage), list, count, exposed);
  for (int i = 0; i < count; ++i)
    if (id == list[static_cast<std::size_t>(i)].id) return list[static_cast<std::size_t>(i)].count_per_microbatch;
  return 0;
}

}  // namespace

TEST_CASE("pipeline sends per micro-batch: one per chunk boundary a stage owns, none past the model's ends") {
  SUBCASE("1F1B, 4 stages: every stage but the last sends forward, every stage but the first backward") {
    const auto in = input(4, 1);
    for (std::int64_t st = 0; st < 4; ++st) {
      CAPTURE(st);
      CHECK(sends(in, st, "pp-fwd-activation") == (st == 3 ? 0 : 1));
      CHECK(sends(in, st, "pp-bwd-activation-grad") == (st == 0 ? 0 : 1));
    }
  }
  SUBCASE("interleaved, 4 stages × 3 chunks: the model's first and last chunk are the only ends") {
    const auto in = input(4, 3);
    for (std::int64_t st = 0; st < 4; ++st) {
      CAPTURE(st);
      CHECK(sends(in, st, "pp-fwd-activation") == (st == 3 ? 2 : 3));
      CHECK(sends(in, st, "pp-bwd-activation-grad") == (st == 0 ? 2 : 3));
    }
  }
}
