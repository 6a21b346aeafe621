// FSDP2's copies around its collectives (`fsdp` at ZeRO-3): counted per weight from what FSDP2
// does, recounted here from its kernels, and absent where the framework's buffers are the
// parameters and gradients themselves (Megatron) or nothing is sharded.
#include <doctest/doctest.h>

#include <string>

#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json fsdp_plan(const char* framework, int zero, std::int64_t gpus, const char* reduce = nullptr) {
  json parallel{{"framework", framework}, {"zero", zero}};
  if (reduce) parallel["reduce_dtype"] = reduce;
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 1024}}},
                                   {"hardware", {{"preset", "a100-80gb"}, {"gpus", gpus}}},
                                   {"parallel", parallel},
                                   {"batch", {{"micro", 1}, {"accumulation", 1}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

}  // namespace

TEST_CASE("FSDP2 copies: bf16 weights copied out of two gathers, bf16 gradients copied in and pre-divided") {
  const json p = fsdp_plan("fsdp", 3, 16);
  const double weights = p["stages"][0]["parameters"].get<double>();
  const double copy_out = 2 * (2 + 2);     // forward and backward gather: read and write 2 B each
  const double copy_in = 2 + 2 + (2 + 2);  // read the gradient, write it, divide it in place
  CHECK(copies_per_microbatch(p) == doctest::Approx((copy_out + copy_in) * weights / 2.039e12).epsilon(1e-12));
  // The copies are of whole layers, so more ranks do not shrink them.
  CHECK(copies_per_microbatch(fsdp_plan("fsdp", 3, 64)) == doctest::Approx(copies_per_microbatch(p)).epsilon(1e-12));
  CHECK(p["time"]["step"].get<double>() > p["time"]["ideal"]["step"].get<double>());
  // torchtitan reduces in fp32: the gradient is written in fp32 and divided there.
  const json fp32 = fsdp_plan("fsdp", 3, 16, "fp32");
  CHECK(fp32["parallel"]["reduce_dtype"] == "fp32");
  CHECK(copies_per_microbatch(fp32) ==
        doctest::Approx((copy_out + 2 + 4 + (4 + 4)) * weights / 2.039e12).epsilon(1e-12));
}

TEST_CASE(
    "reduce_dtype: fp32 for Megatron and bf16 for the others unless given; fp16 as asked; a bad value is a coded "
    "error") {
  CHECK(fsdp_plan("megatron", 1, 16)["parallel"]["reduce_dtype"] == "fp32");
  CHECK(fsdp_plan("fsdp", 3, 16)["parallel"]["reduce_dtype"] == "bf16");
  CHECK(fsdp_plan("deepspeed", 3, 16)["parallel"]["reduce_dtype"] == "bf16");
  // Megatron's gradient buffer in bf16 (--grad-reduce-in-bf16) halves its reduce-scatter.
  const json m32 = fsdp_plan("megatron", 1, 16), m16 = fsdp_plan("megatron", 1, 16, "bf16");
  CHECK(m16["memory"]["gradients"].get<double>() == doctest::Approx(m32["memory"]["gradients"].get<double>() / 2));
  // 2021's Megatron with --fp16 kept and reduced its gradients in fp16: 2 B, named as asked.
  const json f16 = fsdp_plan("megatron", 1, 16, "fp16");
  CHECK(f16["parallel"]["reduce_dtype"] == "fp16");
  CHECK(f16["memory"]["gradients"].get<double>() == doctest::Approx(m16["memory"]["gradients"].get<double>()));
  const auto reduced = [](const json& p) {  // the gradients' reduction, not ZeRO-1's weight gather
    double sum = 0;
    for (const auto& t : p["communication"])
      if (t["id"].get<std::string>().rfind("dp-grad", 0) == 0) sum += t["bytes_per_step"].get<double>();
    return sum;
  };
  REQUIRE(reduced(m32) > 0);
  CHECK(reduced(f16) == doctest::Approx(reduced(m32) / 2));
  const json bad = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                     {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8}}},
                                     {"parallel", {{"reduce_dtype", "fp8"}}}});
  REQUIRE(atlas::is_error(bad));
  CHECK(bad["error"]["code"] == "unknown_value");
  CHECK(bad["error"]["path"] == "/parallel/reduce_dtype");
}

TEST_CASE("FSDP2 copies: none for Megatron, without ZeRO-3, or on one rank") {
  CHECK(copies_per_microbatch(fsdp_plan("megatron", 3, 16)) == 0);
  CHECK(copies_per_microbatch(fsdp_plan("fsdp", 0, 16)) == 0);
  CHECK(copies_per_microbatch(fsdp_plan("fsdp", 2, 16)) == 0);
  CHECK(copies_per_microbatch(fsdp_plan("fsdp", 3, 1)) == 0);
}

TEST_CASE("FSDP1 copies: gathered into the parameters' own storage; a gradient cast only when the dtypes differ") {
  const json two = fsdp_plan("fsdp", 3, 16);
  const double weights = two["stages"][0]["parameters"].get<double>();
  const double hbm = 2.039e12;
  // bf16 reduction: the flat gradient is divided in place (read and write 2 B), nothing else.
  const json bf16 = fsdp_plan("fsdp1", 3, 16);
  CHECK(bf16["parallel"]["framework"] == "fsdp1");
  CHECK(copies_per_microbatch(bf16) == doctest::Approx((2 + 2) * weights / hbm).epsilon(1e-12));
  // fp32 reduction: cast (read 2, write 4), then divide in place (4 + 4) — FSDP2's copy-in, no copy-out.
  CHECK(copies_per_microbatch(fsdp_plan("fsdp1", 3, 16, "fp32")) ==
        doctest::Approx((2 + 4 + (4 + 4)) * weights / hbm).epsilon(1e-12));
  CHECK(copies_per_microbatch(bf16) < copies_per_microbatch(two));
  // Same collectives as FSDP2: one unit per block, the same bytes on the wire.
  CHECK(bf16["communication"].size() == two["communication"].size());
  for (std::size_t i = 0; i < two["communication"].size(); ++i) {
    CAPTURE(two["communication"][i]["id"]);
    CHECK(bf16["communication"][i]["bytes_per_call"] == two["communication"][i]["bytes_per_call"]);
    CHECK(bf16["communication"][i]["calls_per_step"] == two["communication"][i]["calls_per_step"]);
  }
  CHECK(copies_per_microbatch(fsdp_plan("fsdp1", 2, 16)) == 0);
}

TEST_CASE("optimizer: PyTorch's foreach AdamW for the FSDP frameworks, a fused Adam for the others") {
  // Per updated fp32 weight, one pass per foreach operation: decay 4+4, lerp 4+4+4, mul 4+4,
  // addcmul 4+4+4, sqrt 4+4, div 4+4, add 4+4, addcdiv 4+4+4+4.
  const double foreach = 8 + 12 + 8 + 12 + 8 + 8 + 8 + 16;
  CHECK(foreach == atlas::kForeachAdamTrafficBytes);
  for (const char* framework : {"fsdp", "fsdp1", "megatron", "deepspeed"}) {
    CAPTURE(framework);
    const json p = fsdp_plan(framework, 3, 16);
    const double updated = p["stages"][0]["parameters"].get<double>() / 16;
    const bool fsdp = std::string(framework).rfind("fsdp", 0) == 0;
    CHECK(p["time"]["optimizer"].get<double>() == doctest::Approx((fsdp ? foreach : 28.0) * updated / 2.039e12));
    // The ideal bound runs a fused Adam whatever the framework.
    CHECK(p["time"]["ideal"]["gap_parts"]["optimizer"].get<double>() ==
          doctest::Approx((fsdp ? foreach - 28.0 : 0.0) * updated / 2.039e12));
  }
}
