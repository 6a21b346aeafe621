// DeepSpeed's optimizer step makes fp32 gradients: ZeRO 1–3 cast a flat copy of the rank's
// partition (ZeRO-3 one sub-group of at most 10⁹ weights at a time), ZeRO 0 flattens every
// gradient's fp32 cast. Activations are freed by then, so the step sets the peak when it holds
// more than backward did: with recomputation and a small micro-batch.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

json deepspeed(int zero, const char* framework = "deepspeed", const char* model = "llama-3.1-8b", int micro = 1) {
  json r = plan_request(json{{"tp", 1}, {"pp", 1}, {"zero", zero}, {"recompute", "full"}, {"framework", framework}},
                        json{{"global", 64}, {"micro", micro}}, model, 8, "a100-80gb");
  r["model"]["seq"] = 2048;
  return r;
}

double at(const json& plan, const char* key) { return plan["memory"][key].get<double>(); }

}  // namespace

TEST_CASE("ZeRO-3: the peak is the step's flat bf16 copy and fp32 cast of one sub-group of 10⁹ weights") {
  const json p = call("plan", deepspeed(3));
  REQUIRE_FALSE(atlas::is_error(p));
  // Llama 3.1 8B over 8 ranks: about 1.0e9 weights a rank (2 B each in `parameters`), capped at 10⁹.
  const double own = at(p, "parameters") / 2.0;
  const double copied = std::min(own, 1e9);
  CHECK(own > 9e8);
  CHECK(at(p, "total") == doctest::Approx(at(p, "parameters") + at(p, "gradients") + at(p, "optimizer") +
                                          at(p, "workspaces") + 6.0 * copied));
  const std::string text = p["memory"]["formulas"]["buffers"]["text"].get<std::string>();
  CHECK(text.find("one sub-group of at most 10⁹ weights") != std::string::npos);
}

TEST_CASE("ZeRO-2 copies the whole partition; ZeRO-1 first frees the gradients outside it") {
  for (int zero : {1, 2}) {
    CAPTURE(zero);
    const json p = call("plan", deepspeed(zero, "deepspeed", "qwen3-8b"));
    REQUIRE_FALSE(atlas::is_error(p));
    const double own = at(p, "parameters") / 2.0 / 8.0;  // bf16 weights whole; the partition is 1/8
    const double step = 2.0 * own + 6.0 * own;           // own bf16 gradients + flat copy + fp32 cast
    const double backward = at(p, "gradients") + at(p, "activations");
    const double expected = at(p, "parameters") + at(p, "optimizer") + std::max(step, backward);
    CHECK(at(p, "total") >= expected * (1 - 1e-12));
  }
  // ZeRO-1 keeps all gradients through backward (2 B × all weights), more than the step's 8 B × 1/8.
  const json z1 = call("plan", deepspeed(1, "deepspeed", "qwen3-8b"));
  CHECK(at(z1, "gradients") == doctest::Approx(at(z1, "parameters")));
}

TEST_CASE("ZeRO 0 flattens each gradient's fp32 cast: 8 B a weight beside the bf16 gradients") {
  const json p = call("plan", deepspeed(0, "deepspeed", "qwen3-8b"));
  REQUIRE_FALSE(atlas::is_error(p));
  const double weights = at(p, "parameters") / 2.0;
  CHECK(at(p, "total") >= at(p, "parameters") + at(p, "gradients") + at(p, "optimizer") + 8.0 * weights - 1.0);
}

TEST_CASE("Megatron and FSDP make no such copy; neither does a step smaller than backward") {
  const json ds = call("plan", deepspeed(3)), meg = call("plan", deepspeed(3, "megatron"));
  REQUIRE_FALSE(atlas::is_error(meg));
  CHECK(at(meg, "buffers") < at(ds, "buffers"));
  CHECK(meg["memory"]["formulas"]["buffers"]["text"].get<std::string>().find("DeepSpeed") == std::string::npos);
  // Eight sequences of 2048 a micro-batch without recomputation: backward holds far more than
  // the step's copy, which then changes nothing (the buffers are the gathered layers alone).
  json big = deepspeed(3, "deepspeed", "llama-3.1-8b", 8);
  big["parallel"]["recompute"] = "none";
  json big_meg = big;
  big_meg["parallel"]["framework"] = "megatron";
  const json a = call("plan", big), b = call("plan", big_meg);
  REQUIRE_FALSE(atlas::is_error(a));
  CHECK(at(a, "activations") > 6.0 * 1e9);
  CHECK(at(a, "buffers") == doctest::Approx(at(b, "buffers")));
}
