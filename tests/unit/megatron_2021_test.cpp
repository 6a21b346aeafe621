// Megatron-LM as Narayanan et al. (2021) ran it (`framework: "megatron-2021"`): no communication
// overlapped with compute, fp16 gradients reduced as they are, and each micro-batch's weight
// gradients added into the accumulated ones outside the GEMM — against today's Megatron, which
// overlaps, reduces in fp32 and accumulates inside the weight-gradient GEMM.
#include <doctest/doctest.h>

#include <string>

#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json accumulation_plan(const char* framework, std::int64_t accumulation, json extra = json::object()) {
  json parallel{{"framework", framework}, {"tp", 8}, {"pp", 1}, {"recompute", "full"}, {"sequence_parallel", false}};
  parallel.update(extra);
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 2048}}},
                                   {"hardware", {{"preset", "a100-80gb"}, {"gpus", 32}}},
                                   {"parallel", parallel},
                                   {"batch", {{"micro", 1}, {"accumulation", accumulation}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

double exposed(const json& p, const std::string& id) {
  for (const auto& t : p["communication"])
    if (t["id"] == id) return t["exposed_time_per_step"].get<double>();
  return -1;
}

}  // namespace

TEST_CASE("megatron-2021: no overlap and fp16 gradients unless the request says otherwise") {
  const json old = accumulation_plan("megatron-2021", 4);
  CHECK(old["parallel"]["framework"] == "megatron-2021");
  CHECK(old["parallel"]["overlap"] == false);
  CHECK(old["parallel"]["reduce_dtype"] == "fp16");
  // Gradients held in fp16: 2 B per weight against today's fp32 buffer.
  const json now = accumulation_plan("megatron", 4);
  CHECK(old["memory"]["gradients"].get<double>() == doctest::Approx(now["memory"]["gradients"].get<double>() / 2));
  // Its backward tensor-parallel all-reduces block; today's travel under the weight gradient.
  const double blocking = exposed(old, "tp-bwd-mlp-allreduce");
  CHECK(blocking > 0);
  CHECK(exposed(now, "tp-bwd-mlp-allreduce") < blocking);
  // The request may still ask for overlap: it is the default that changes.
  CHECK(accumulation_plan("megatron-2021", 4, {{"overlap", true}})["parallel"]["overlap"] == true);
}

TEST_CASE("megatron-2021: every micro-batch but the first adds its fp16 weight gradient outside the GEMM") {
  const json one = accumulation_plan("megatron-2021", 1), four = accumulation_plan("megatron-2021", 4);
  const double weights = four["stages"][0]["parameters"].get<double>();
  const double hbm = 2.039e12;  // the A100 80GB preset's HBM bandwidth
  // One micro-batch per step: nothing to accumulate.
  CHECK(copies_per_microbatch(one) == 0);
  // Read the accumulated gradient and the new one, write the sum (3 × 2 B), on 3 of 4 micro-batches.
  CHECK(copies_per_microbatch(four) == doctest::Approx(3.0 / 4.0 * 3 * 2 * weights / hbm).epsilon(1e-12));
  // Today's Megatron accumulates inside the weight-gradient GEMM.
  CHECK(copies_per_microbatch(accumulation_plan("megatron", 4)) == 0);
  // The compute formula names what those seconds are.
  const std::string formula = four["time"]["formulas"]["compute"]["text"].get<std::string>();
  CHECK(formula.find("Megatron-LM of 2021") != std::string::npos);
  CHECK(formula.find("FSDP") == std::string::npos);
}
