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

atlas::PlanInput input(int pp, int v, const json& more = json::object(), int dp = 1) {
  json parallel{{"tp", 8}, {"pp", pp}, {"virtual_stages", v}, {"sequence_parallel", true}};
  parallel.update(more);
  const json request{{"model", {{"preset", "gpt3-175b"}}},
                     {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8 * pp * dp}}},
                     {"parallel", parallel},
                     {"batch", {{"global", 4 * pp * dp}, {"micro", 1}}}};
  atlas::Problems problems;
  const auto read = atlas::read_plan_request(request, problems);
  REQUIRE(read.has_value());
  return read->input;
}

// One stage's transfer by id (a default one, with no calls, when the stage lists none).
atlas::Transfer transfer(const atlas::PlanInput& in, std::int64_t stage, const std::string& id) {
  std::array<atlas::Transfer, atlas::kMaxTransfers> list;
  int count = 0;
  atlas::StageCommunication exposed;
  atlas::stage_transfers(in, stage, atlas::stage_figures(in, stage), list, count, exposed);
  for (int i = 0; i < count; ++i)
    if (id == list[static_cast<std::size_t>(i)].id) return list[static_cast<std::size_t>(i)];
  return {};
}

// Sends per micro-batch of one stage's device, by transfer id (0 when the stage lists none).
double sends(const atlas::PlanInput& in, std::int64_t stage, const std::string& id) {
  return transfer(in, stage, id).count_per_microbatch;
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

TEST_CASE("pipeline sends hide behind compute only where Megatron-Core overlaps them: its interleaved schedule") {
  // A middle stage sends forward and backward once per chunk; under Megatron's interleaved
  // schedule each runs while a chunk computes, so only the first of a micro-batch's series waits.
  const auto exposed_share = [](const atlas::PlanInput& in, const std::string& id) {
    const atlas::Transfer t = transfer(in, 1, id);
    REQUIRE(t.time_per_step > 0);
    return t.exposed_per_step / t.time_per_step;
  };
  for (const std::string id : {"pp-fwd-activation", "pp-bwd-activation-grad"}) {
    CAPTURE(id);
    const double interleaved = exposed_share(input(4, 3), id);
    CHECK(interleaved < 1.0);
    CHECK(interleaved >= 1.0 / 3.0 - 1e-12);                        // the first of three sends per micro-batch waits
    CHECK(exposed_share(input(4, 1), id) == doctest::Approx(1.0));  // 1F1B: overlap_p2p_comm is off
    CHECK(exposed_share(input(4, 3, {{"framework", "megatron-2021"}}), id) == doctest::Approx(1.0));
    CHECK(exposed_share(input(4, 3, {{"framework", "fsdp"}}), id) == doctest::Approx(1.0));
    CHECK(exposed_share(input(4, 3, {{"overlap", false}}), id) == doctest::Approx(1.0));
    // Under ZeRO-3 every micro-batch's weight gathers cross the same NICs in the same phases, so
    // the sends get only their share of the compute: more of them waits, but not all.
    const double sharing = exposed_share(input(4, 3, {{"zero", 3}}, 2), id);
    CHECK(sharing > exposed_share(input(4, 3, json::object(), 2), id));
    CHECK(sharing < 1.0);
  }
}

TEST_CASE("overlapped series on one link split the compute they hide behind in proportion to their time") {
  // A middle stage of the interleaved pipeline under ZeRO-3: its forward sends and its forward
  // weight gathers both leave through the NICs while the forward computes.
  const auto in = input(4, 3, {{"zero", 3}}, 2);
  const atlas::Transfer sends = transfer(in, 1, "pp-fwd-activation");
  const atlas::Transfer gathers = transfer(in, 1, "dp-param-allgather-fwd");
  REQUIRE(sends.inter_node);
  REQUIRE(gathers.inter_node);
  const atlas::StageFigures st = atlas::stage_figures(in, 1);
  const double m = static_cast<double>(in.accumulation);
  const double slowdown = atlas::overlap_slowdown(in.hardware);
  const double window = st.compute_per_microbatch / 3.0;
  const double sends_mb = sends.time_per_step / m, gathers_mb = gathers.time_per_step / m;
  const double share = sends_mb / (sends_mb + gathers_mb);
  const double expected = atlas::exposed_series(sends.count_per_microbatch, sends_mb / sends.count_per_microbatch,
                                                window * share, slowdown, false);
  CHECK(sends.exposed_per_step / m == doctest::Approx(expected).epsilon(1e-9));
  // Alone on its link (ZeRO-1: no gathers in the forward of each micro-batch) a series has the whole window.
  const auto alone_in = input(4, 3, json::object(), 2);
  const atlas::Transfer alone = transfer(alone_in, 1, "pp-fwd-activation");
  const double alone_mb = alone.time_per_step / m;
  CHECK(alone.exposed_per_step / m ==
        doctest::Approx(atlas::exposed_series(alone.count_per_microbatch, alone_mb / alone.count_per_microbatch,
                                              atlas::stage_figures(alone_in, 1).compute_per_microbatch / 3.0, slowdown,
                                              false))
            .epsilon(1e-9));
}
