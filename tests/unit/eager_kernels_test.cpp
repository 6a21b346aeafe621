// Eager PyTorch's unfused elementwise kernels (parallel.kernels): their extra HBM bytes are a
// count, not a fit, so the test recounts one small layer kernel by kernel from each operator's
// reads and writes and checks the engine charges exactly that at the GPU's HBM bandwidth.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

// A small Llama-style layer: h 256, 4 heads of 64, 2 KV heads (k is 128 wide), FFN 1024.
json small_plan(const char* kernels, const char* recompute = "none", std::int64_t micro = 1) {
  return json{{"model",
               {{"layers", 2},
                {"hidden", 256},
                {"heads", 4},
                {"kv_heads", 2},
                {"ffn", 1024},
                {"vocab", 1000},
                {"seq", 512},
                {"position", "rotary"},
                {"mlp", "swiglu"},
                {"norm", "rmsnorm"},
                {"bias", false},
                {"dropout", false}}},
              {"hardware", {{"preset", "a100-80gb"}, {"gpus", 1}}},
              {"parallel", {{"kernels", kernels}, {"recompute", recompute}}},
              {"batch", {{"micro", micro}, {"global", micro}}}};
}

double unfused(const json& plan) {
  REQUIRE_FALSE(atlas::is_error(plan));
  return plan["stages"][0]["unfused_per_microbatch"].get<double>();
}

// Bytes read + written per element by each kernel, in bf16 (2) and fp32 (4).
constexpr double kNormEagerForward = (2 + 4) + (4 + 4) + 4 + (4 + 4) + (4 + 2) + (2 + 2);
constexpr double kNormEagerBackward =
    (2 + 2) + (2 + 2 + 2) + 2 + (2 + 4) + (4 + 4) + (4 + 4 + 4) + 4 + 4 + (4 + 4 + 4) + (4 + 4 + 4) + (4 + 2);
constexpr double kNormFusedForward = 2 + 2, kNormFusedBackward = 2 + 2 + 2;
constexpr double kRotaryEager = (2 + 4) + (4 + 4) + (4 + 2), kRotaryFused = 2 + 2;
constexpr double kSwigluEagerForward = (2 + 2) + (2 + 2 + 2), kSwigluFusedForward = 2 + 2 + 2;
constexpr double kSwigluEagerBackward = 3 * (2 + 2 + 2), kSwigluFusedBackward = (2 + 2 + 2) + (2 + 2);

}  // namespace

TEST_CASE("eager kernels: nothing for fused kernels, the default") {
  CHECK(unfused(call("plan", small_plan("fused"))) == 0);
  json absent = small_plan("fused");
  absent["parallel"].erase("kernels");
  const json plan = call("plan", absent);
  CHECK(plan["parallel"]["kernels"] == "fused");
  CHECK(unfused(plan) == 0);
  CHECK(plan["time"]["step"] == call("plan", small_plan("fused"))["time"]["step"]);
}

TEST_CASE("eager kernels: positive, proportional to the tokens, and slower than fused") {
  const double one = unfused(call("plan", small_plan("eager", "none", 1)));
  const double four = unfused(call("plan", small_plan("eager", "none", 4)));
  CHECK(one > 0);
  CHECK(four == doctest::Approx(4 * one).epsilon(1e-12));
  CHECK(call("plan", small_plan("eager"))["time"]["step"].get<double>() >
        call("plan", small_plan("fused"))["time"]["step"].get<double>());
  // A fused norm removes the norm's share and nothing else.
  CHECK(unfused(call("plan", small_plan("eager-fused-norm"))) < one);
  CHECK(unfused(call("plan", small_plan("eager-fused-norm"))) > 0);
}

TEST_CASE("eager kernels: one small layer counted by hand, kernel by kernel") {
  const double h = 256, k = 2 * 64, f = 1024, tokens = 512, layers = 2, hbm = 2.039e12;
  // Two norms, rotary on q (h wide) and k, SwiGLU over the FFN width.
  const double forward = 2 * (kNormEagerForward - kNormFusedForward) * h + (kRotaryEager - kRotaryFused) * (h + k) +
                         (kSwigluEagerForward - kSwigluFusedForward) * f;
  const double backward = 2 * (kNormEagerBackward - kNormFusedBackward) * h + (kRotaryEager - kRotaryFused) * (h + k) +
                          (kSwigluEagerBackward - kSwigluFusedBackward) * f;
  CHECK(forward == 2 * 32 * 256 + 16 * 384 + 4 * 1024);
  CHECK(backward == 2 * 70 * 256 + 16 * 384 + 8 * 1024);
  const json plan = call("plan", small_plan("eager"));
  REQUIRE(plan["hardware"]["memory_bandwidth"].get<double>() == hbm);
  CHECK(unfused(plan) == doctest::Approx(layers * tokens * (forward + backward) / hbm).epsilon(1e-12));
  // Recomputation runs the elementwise forward again under full and op-level policies, not
  // under Megatron's selective one (the attention core only).
  const double once = unfused(plan);
  CHECK(unfused(call("plan", small_plan("eager", "full"))) ==
        doctest::Approx(once + layers * tokens * forward / hbm).epsilon(1e-12));
  CHECK(unfused(call("plan", small_plan("eager", "selective-op"))) ==
        doctest::Approx(once + layers * tokens * forward / hbm).epsilon(1e-12));
  CHECK(unfused(call("plan", small_plan("eager", "selective"))) == doctest::Approx(once).epsilon(1e-12));
  // The fused norm keeps rotary and SwiGLU.
  const double rest = (kRotaryEager - kRotaryFused) * (h + k) * 2 +
                      (kSwigluEagerForward - kSwigluFusedForward + kSwigluEagerBackward - kSwigluFusedBackward) * f;
  CHECK(unfused(call("plan", small_plan("eager-fused-norm"))) ==
        doctest::Approx(layers * tokens * rest / hbm).epsilon(1e-12));
}

TEST_CASE("eager kernels: LayerNorm, GeLU and learned positions cost nothing extra") {
  json gpt = small_plan("eager");
  gpt["model"]["norm"] = "layernorm", gpt["model"]["mlp"] = "gelu", gpt["model"]["position"] = "learned";
  CHECK(unfused(call("plan", gpt)) == 0);
  // With dropout, eager PyTorch writes the dropped tensor and reads it back for the residual add.
  gpt["model"]["dropout"] = true;
  const double dropout_eager = (2 + 2 + 1) + (2 + 2 + 2), bias_dropout_add = (2 + 2) + (2 + 1);
  CHECK(unfused(call("plan", gpt)) ==
        doctest::Approx(2.0 * 512 * 2 * (dropout_eager - bias_dropout_add) * 256 / 2.039e12).epsilon(1e-12));
}

TEST_CASE("eager kernels: a bad value is a coded error at its JSON pointer") {
  json bad = small_plan("compiled");
  const json r = call("plan", bad);
  REQUIRE(atlas::is_error(r));
  CHECK(r["error"]["code"] == "unknown_value");
  CHECK(r["error"]["path"] == "/parallel/kernels");
  bad["parallel"]["kernels"] = true;
  const json t = call("plan", bad);
  REQUIRE(atlas::is_error(t));
  CHECK(t["error"]["path"] == "/parallel/kernels");
}
