// Megatron-DeepSpeed's tensor-parallel collectives (framework "deepspeed": BLOOM, MT-NLG) take a
// fixed time per ring step beyond NCCL's model (kMegatronDeepSpeedTpStep, fitted on MT-NLG and
// tested on BigScience's benchmarks: fidelity_test). Here, the form of that cost: per call, per
// ring step of the tensor-parallel group, the same for any size, and nowhere else.
#include <doctest/doctest.h>

#include <string>

#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json tp_plan(const char* framework, int tp, int micro, bool sequence_parallel = false) {
  const json r{{"model", {{"preset", "megatron-175b"}}},
               {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8 * tp}}},
               {"parallel",
                {{"tp", tp},
                 {"pp", 1},
                 {"zero", 1},
                 {"recompute", "full"},
                 {"framework", framework},
                 {"sequence_parallel", sequence_parallel}}},
               {"batch", {{"global", 64}, {"micro", micro}}}};
  const json p = call("plan", r);
  REQUIRE_FALSE(atlas::is_error(p));
  return p;
}

// Time per call of one of the plan's transfers.
double per_call(const json& p, const std::string& id) {
  for (const auto& t : p["communication"])
    if (t["id"] == id) return t["time_per_step"].get<double>() / t["calls_per_step"].get<double>();
  FAIL("no transfer " << id);
  return 0;
}

}  // namespace

TEST_CASE("Megatron-DeepSpeed's tensor-parallel calls take a fixed time per ring step, whatever their size") {
  const double step = atlas::kMegatronDeepSpeedTpStep;
  for (int tp : {2, 4, 8})
    for (int micro : {1, 4}) {
      CAPTURE(tp);
      CAPTURE(micro);
      // The same calls under Megatron-LM's own code: NCCL's time alone.
      const json ds = tp_plan("deepspeed", tp, micro), mg = tp_plan("megatron-2021", tp, micro);
      for (const char* id : {"tp-fwd-attn-allreduce", "tp-fwd-mlp-allreduce", "tp-bwd-attn-allreduce"})
        CHECK(per_call(ds, id) - per_call(mg, id) == doctest::Approx(2.0 * (tp - 1) * step).epsilon(1e-9));
      // Not bandwidth: the time is latency, and the transfer says how much of it is the framework's.
      const double extra = 2.0 * (tp - 1) * step, call = per_call(ds, "tp-fwd-attn-allreduce");
      for (const json* p : {&ds, &mg})
        for (const auto& t : (*p)["communication"])
          if (t["id"] == "tp-fwd-attn-allreduce") {
            CHECK(t["framework_share"].get<double>() == doctest::Approx(p == &ds ? extra / call : 0.0).epsilon(1e-9));
            CHECK(t["latency_share"].get<double>() >= t["framework_share"].get<double>());
          }
    }
  // A reduce-scatter or gather (sequence parallelism) has half an all-reduce's ring steps.
  const json sp = tp_plan("deepspeed", 8, 1, true), sp_mg = tp_plan("megatron-2021", 8, 1, true);
  CHECK(per_call(sp, "tp-fwd-allgather") - per_call(sp_mg, "tp-fwd-allgather") ==
        doctest::Approx(7 * step).epsilon(1e-9));
}
