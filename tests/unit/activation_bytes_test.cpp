// The activation bytes a serving pass moves besides its weights and KV cache: each GEMM's input
// and output rows, and the small kernels' reads and writes (norms, rotary and the cache write, the
// MLP's activation, an expert layer's sum). Counted by hand from the shapes and checked through the
// plan's own answer, so a change to either term that leaves the hand count behind fails.
#include <doctest/doctest.h>

#include <cmath>

#include "atlas/inference/inference.hpp"
#include "atlas/inference/layer_kernels.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

// One layer of Qwen3-30B-A3B's shape (hidden 2048, 32 query and 4 KV heads of 128, 128 experts of
// 768, 8 a token): a one-layer model keeps the plan's per-step figures one layer's.
json qwen3_moe_layer() {
  return {{"layers", 1},       {"hidden", 2048},          {"heads", 32},     {"kv_heads", 4},        {"head_dim", 128},
          {"ffn", 768},        {"vocab", 151936},         {"seq", 8192},     {"position", "rotary"}, {"mlp", "swiglu"},
          {"norm", "rmsnorm"}, {"bias", false},           {"qk_norm", true}, {"experts", 128},       {"top_k", 8},
          {"expert_ffn", 768}, {"tied_embeddings", false}};
}

json decode_plan(const json& model, const char* runtime, int batch) {
  const json r = atlas::run("plan", json{{"mode", "inference"},
                                         {"model", model},
                                         {"hardware", {{"preset", "b200"}, {"gpus", 1}}},
                                         {"parallel", {{"tp", 1}}},
                                         {"serving",
                                          {{"prompt", 16},
                                           {"output", 4096},
                                           {"concurrency", batch},
                                           {"weights", "bf16"},
                                           {"kv", "bf16"},
                                           {"runtime", runtime}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

// The bandwidth the decode step streams bf16 tensors at: the KV term's, as its formula states it.
double bf16_bandwidth(const json& plan) {
  return plan["time"]["formulas"]["decode_step"]["values"][6]["value"].get<double>();
}

}  // namespace

TEST_CASE("a layer's small kernels move the bytes counted by hand, dense and expert layers alike") {
  // One layer of Llama 3.1 8B's shape at tp 1, bf16 cache: norms 2 × 8 × 4096; rotary 4 × (4096 +
  // 1024); the cache write 2048 elements × (2 in + 2 out); SwiGLU 6 × 14336.
  const json llama = {{"layers", 1},     {"hidden", 4096},    {"heads", 32},   {"kv_heads", 8},
                      {"ffn", 14336},    {"vocab", 128256},   {"seq", 8192},   {"position", "rotary"},
                      {"mlp", "swiglu"}, {"norm", "rmsnorm"}, {"bias", false}, {"tied_embeddings", false}};
  const double dense = 2 * 8 * 4096.0 + 4 * (4096.0 + 1024) + 2048 * 4.0 + 6 * 14336.0;
  CHECK(dense == doctest::Approx(180224));
  // Qwen3-30B-A3B: norms 2 × 8 × 2048; rotary 4 × (4096 + 512); cache 1024 × 4; each of 8 rows
  // through SwiGLU of 768 (6 × 768) and the sum of their outputs, 9 rows of 2 × 2048.
  const double moe = 2 * 8 * 2048.0 + 4 * (4096.0 + 512) + 1024 * 4.0 + 8 * 6 * 768.0 + 9 * 2 * 2048.0;
  CHECK(moe == doctest::Approx(129024));

  // Through the plan: the small kernels' time grows by exactly these bytes per decode token.
  const auto grown = [](const json& model) {
    const json few = decode_plan(model, "trtllm", 64), many = decode_plan(model, "trtllm", 192);
    return (many["time"]["decode"]["kernel_floor"].get<double>() -
            few["time"]["decode"]["kernel_floor"].get<double>()) *
           bf16_bandwidth(few) / 128.0;
  };
  CHECK(grown(llama) == doctest::Approx(dense).epsilon(1e-9));
  CHECK(grown(qwen3_moe_layer()) == doctest::Approx(moe).epsilon(1e-9));
  // The engine's earlier model counts no kernels, so it moves no such bytes either.
  const json ideal = decode_plan(llama, "ideal", 192);
  CHECK(ideal["time"]["decode"]["kernel_floor"].get<double>() == 0.0);
}

TEST_CASE("a routed expert's GEMMs stream each token's row once and every expert row's output") {
  // Every expert is touched at both batches (1 − (1 − 8/128)^256 ≈ 1) and the bf16 experts are
  // bound by their bytes, not their arithmetic, so the experts' time grows by the activation rows
  // alone: per token its hidden row into the gate-and-up GEMM (2 × 2048), 8 outputs of 2 × 768,
  // 8 inputs of 768 into the down GEMM and 8 outputs of 2048, all bf16.
  const json few = decode_plan(qwen3_moe_layer(), "trtllm", 256), many = decode_plan(qwen3_moe_layer(), "trtllm", 512);
  const double per_token = 2.0 * 2048 + 8 * 2.0 * (2 * 768) + 8 * 2.0 * 768 + 8 * 2.0 * 2048;
  const double grown =
      many["time"]["decode"]["experts_time"].get<double>() - few["time"]["decode"]["experts_time"].get<double>();
  CHECK(grown == doctest::Approx(256 * per_token / bf16_bandwidth(few)).epsilon(1e-6));
  // At two tokens the same rows are a sliver of the experts' weight reads.
  const json two = decode_plan(qwen3_moe_layer(), "trtllm", 2);
  const double rows = 2 * per_token / bf16_bandwidth(two);
  CHECK(rows < 0.01 * two["time"]["decode"]["experts_time"].get<double>());
}
