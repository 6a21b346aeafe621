// PyTorch's async tensor parallelism (FSDP2 with tp_overlap: torch.compile fuses each all-gather
// with the matmul it feeds and each matmul with the reduce-scatter of its output) against
// Transformer Engine's userbuffers under Megatron (tp_overlap: every chunk under the phase's
// GEMMs). The fused pair hides a transfer behind its own matmul only, so it hides less.
#include <doctest/doctest.h>

#include <string>

#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json async_tp_plan(const char* framework, json extra = json::object()) {
  json parallel{{"framework", framework},   {"tp", 8},           {"pp", 1}, {"zero", 3}, {"sequence_parallel", true},
                {"recompute", "selective"}, {"tp_overlap", true}};
  parallel.update(extra);
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 8192}}},
                                   {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                                   {"parallel", parallel},
                                   {"batch", {{"global", 96}, {"micro", 12}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

double async_tp_exposed(const json& plan, const std::string& id) {
  return plan_transfer(plan, id)["exposed_time_per_step"].get<double>();
}
double async_tp_whole(const json& plan, const std::string& id) {
  return plan_transfer(plan, id)["time_per_step"].get<double>();
}

}  // namespace

TEST_CASE("async TP: each fused transfer hides behind its own matmul, and only partly") {
  const json fsdp = async_tp_plan("fsdp");
  for (const char* id : {"tp-fwd-allgather", "tp-fwd-reducescatter", "tp-bwd-allgather"}) {
    CAPTURE(id);
    // At tp 8 on NVLink a Q, K, V or attention-output matmul of 8B is shorter than its transfer.
    CHECK(async_tp_exposed(fsdp, id) > 0.05 * async_tp_whole(fsdp, id));
    CHECK(async_tp_exposed(fsdp, id) < async_tp_whole(fsdp, id));
  }
  // The input gradients' reduce-scatter follows the sum of several matmuls: not fused, it waits.
  CHECK(async_tp_exposed(fsdp, "tp-bwd-reducescatter") ==
        doctest::Approx(async_tp_whole(fsdp, "tp-bwd-reducescatter")));
  // Under Megatron's userbuffers the same gather hides behind the whole forward pass's GEMMs.
  const json megatron = async_tp_plan("megatron");
  CHECK(async_tp_whole(megatron, "tp-fwd-allgather") == doctest::Approx(async_tp_whole(fsdp, "tp-fwd-allgather")));
  CHECK(async_tp_exposed(megatron, "tp-fwd-allgather") < async_tp_exposed(fsdp, "tp-fwd-allgather"));
  CHECK(fsdp["time"]["step"].get<double>() > megatron["time"]["step"].get<double>());
}

TEST_CASE("async TP: a recomputed forward's gathers hide behind their own matmuls as the first ones did") {
  const json selective = async_tp_plan("fsdp"), full = async_tp_plan("fsdp", {{"recompute", "full"}});
  // Twice the calls, each with the same matmul beside it: twice the exposed time.
  CHECK(async_tp_whole(full, "tp-fwd-allgather") == doctest::Approx(2 * async_tp_whole(selective, "tp-fwd-allgather")));
  CHECK(async_tp_exposed(full, "tp-fwd-allgather") ==
        doctest::Approx(2 * async_tp_exposed(selective, "tp-fwd-allgather")));
  // Backward runs once either way.
  CHECK(async_tp_exposed(full, "tp-bwd-allgather") == doctest::Approx(async_tp_exposed(selective, "tp-bwd-allgather")));
}

TEST_CASE("async TP: without sequence parallelism there is nothing to fuse") {
  const json fsdp = async_tp_plan("fsdp", {{"sequence_parallel", false}});
  // The pass fuses all-gathers and reduce-scatters; the all-reduces of plain TP block.
  for (const char* id : {"tp-fwd-attn-allreduce", "tp-fwd-mlp-allreduce", "tp-bwd-attn-allreduce"}) {
    CAPTURE(id);
    CHECK(async_tp_exposed(fsdp, id) == doctest::Approx(async_tp_whole(fsdp, id)));
  }
}
