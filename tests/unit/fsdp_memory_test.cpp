// PyTorch's FSDP at ZeRO-3 holds 16 B a weight, N-way: the fp32 parameter shard is the master
// copy, the reduced gradient shard is cast back to fp32, and Adam adds 8 B. ZeRO's accounting
// (2 B bf16 weights + gradients + 12 B of fp32 master and moments) is DeepSpeed's.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json states(const char* framework, const char* reduce = nullptr) {
  json parallel{{"zero", 3}, {"framework", framework}};
  if (reduce) parallel["reduce_dtype"] = reduce;
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                   {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                                   {"parallel", parallel},
                                   // Two micro-batches a step: the gradients live through it (with
                                   // one, backward's start would peak before they exist).
                                   {"batch", {{"global", 128}, {"micro", 1}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

double per_weight(const json& r) {
  const json& m = r["memory"];
  const double held = m["parameters"].get<double>() + m["gradients"].get<double>() + m["optimizer"].get<double>();
  return held * 64.0 / r["parameters"].get<double>();
}

}  // namespace

TEST_CASE("FSDP at ZeRO-3: 16 B a weight over the shards, whatever dtype the gradients travel in") {
  for (const char* reduce : {"bf16", "fp32"}) {
    CAPTURE(reduce);
    const json r = states("fsdp", reduce);
    CHECK(per_weight(r) == doctest::Approx(16.0).epsilon(0.001));
    CHECK(r["memory"]["parameters"].get<double>() == doctest::Approx(r["memory"]["gradients"].get<double>()));
    CHECK(r["memory"]["formulas"]["parameters"]["text"].get<std::string>().find("4Ψ/N") == 0);
    CHECK(r["memory"]["formulas"]["optimizer"]["text"].get<std::string>().find("8Ψ/N") == 0);
  }
  CHECK(per_weight(states("fsdp1")) == doctest::Approx(16.0).epsilon(0.001));
  // DeepSpeed keeps bf16 weights and gradients beside its fp32 master copy: ZeRO's 16 B.
  const json ds = states("deepspeed");
  CHECK(ds["memory"]["parameters"].get<double>() == doctest::Approx(ds["memory"]["gradients"].get<double>()));
  CHECK(ds["memory"]["formulas"]["optimizer"]["text"].get<std::string>().find("12Ψ/N") == 0);
}

TEST_CASE("each memory formula names the bytes its figure counts") {
  // Megatron keeps fp32 gradients: the formula says 4Ψ, not ZeRO's 2Ψ.
  const json megatron = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                          {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                                          {"parallel", {{"tp", 8}, {"zero", 0}}},
                                          {"batch", {{"global", 8}}}});
  REQUIRE_FALSE(atlas::is_error(megatron));
  const json& f = megatron["memory"]["formulas"];
  CHECK(f["gradients"]["text"].get<std::string>().find("4Ψ bytes (fp32 gradients)") == 0);
  // Nothing is gathered or recomputed: no ZeRO-3 buffers named.
  CHECK(f["buffers"]["text"].get<std::string>().find("ZeRO-3") == std::string::npos);
  const json fp8 = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                     {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                                     {"parallel", {{"tp", 8}, {"zero", 0}, {"precision", "fp8-delayed"}}},
                                     {"batch", {{"global", 8}}}});
  CHECK(fp8["memory"]["formulas"]["parameters"]["text"].get<std::string>().find("FP8 copy") != std::string::npos);
}
