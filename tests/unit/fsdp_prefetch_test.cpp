// FSDP's backward prefetch (`backward_prefetch` under fsdp1 at ZeRO-3): with PyTorch's default
// the next block's gather hides behind the current block's gradients; with Composer's
// BACKWARD_POST it is issued after them and the next block waits for it, every micro-batch.
#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

json prefetch_plan(const char* framework, int zero, const char* prefetch, std::int64_t accumulation = 1) {
  json parallel{{"framework", framework}, {"zero", zero}};
  if (prefetch) parallel["backward_prefetch"] = prefetch;
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 2048}}},
                                   {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                                   {"parallel", parallel},
                                   {"batch", {{"micro", 2}, {"accumulation", accumulation}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

bool warned(const json& p, const std::string& code) {
  for (const auto& w : p.value("warnings", json::array()))
    if (w["code"] == code && w["path"] == "/parallel/backward_prefetch") return true;
  return false;
}

}  // namespace

TEST_CASE("BACKWARD_POST: every backward gather waits in the open, once per micro-batch") {
  const json pre = prefetch_plan("fsdp1", 3, nullptr), post = prefetch_plan("fsdp1", 3, "post");
  CHECK(pre["parallel"]["backward_prefetch"] == "pre");
  CHECK(post["parallel"]["backward_prefetch"] == "post");
  const json& hidden = plan_transfer(pre, "dp-param-allgather-bwd");
  const json& open = plan_transfer(post, "dp-param-allgather-bwd");
  REQUIRE(open.is_object());
  // The same calls, priced the same; only what hides differs.
  CHECK(open["time_per_step"].get<double>() == doctest::Approx(hidden["time_per_step"].get<double>()));
  CHECK(open["exposed_time_per_step"].get<double>() == doctest::Approx(open["time_per_step"].get<double>()));
  CHECK(hidden["exposed_time_per_step"].get<double>() < 0.5 * hidden["time_per_step"].get<double>());
  CHECK(step_seconds(post) > step_seconds(pre));
  // The forward gathers and the reduce-scatters still overlap compute as before.
  for (const char* id : {"dp-param-allgather-fwd", "dp-grad-reducescatter"})
    CHECK(plan_transfer(post, id)["exposed_time_per_step"].get<double>() ==
          doctest::Approx(plan_transfer(pre, id)["exposed_time_per_step"].get<double>()));
  // Under accumulation the gathers repeat per micro-batch, and so does the wait.
  const json post4 = prefetch_plan("fsdp1", 3, "post", 4);
  CHECK(plan_transfer(post4, "dp-param-allgather-bwd")["exposed_time_per_step"].get<double>() ==
        doctest::Approx(4 * open["exposed_time_per_step"].get<double>()));
  // The bound hides whatever fits, whatever the framework's order.
  CHECK(post["time"]["ideal"]["step"].get<double>() == doctest::Approx(pre["time"]["ideal"]["step"].get<double>()));
}

TEST_CASE("backward_prefetch elsewhere changes nothing and says so") {
  struct Split {
    const char* framework;
    int zero;
  };
  for (const Split split : {Split{"fsdp", 3}, Split{"fsdp1", 2}, Split{"megatron", 1}}) {
    CAPTURE(split.framework);
    const json post = prefetch_plan(split.framework, split.zero, "post"),
               pre = prefetch_plan(split.framework, split.zero, nullptr);
    CHECK(step_seconds(post) == doctest::Approx(step_seconds(pre)));
    CHECK(warned(post, "backward_prefetch_unused"));
    CHECK_FALSE(warned(pre, "backward_prefetch_unused"));
  }
  CHECK_FALSE(warned(prefetch_plan("fsdp1", 3, "post"), "backward_prefetch_unused"));
  CHECK(error_path(call("plan", plan_request({{"backward_prefetch", "late"}}))) == "/parallel/backward_prefetch");
}
