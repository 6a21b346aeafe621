// What an expert layer keeps for backward beyond a dense layer's count: the grouped fc1's input
// (top_k dispatched copies of each token), and on the busiest expert-parallel rank the routed
// tensors of routing_imbalance × the mean tokens. The plan's memory is that rank's; a rank at the
// mean load is shown beside it.
#include <doctest/doctest.h>

#include <string>

#include "atlas/training/memory.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

// Mixtral 8×7B's layer: hidden 4096, 8 experts of SwiGLU width 14336, two per token.
atlas::ModelShape mixtral_layer() {
  atlas::ModelShape m;
  m.layers = 32, m.hidden = 4096, m.heads = 32, m.kv_heads = 8, m.ffn = 14336, m.vocab = 32000, m.seq = 4096;
  m.swiglu = true, m.experts = 8, m.top_k = 2, m.expert_ffn = 14336;
  return m;
}

json mixtral_plan(double imbalance, const char* recompute = "selective") {
  json parallel{{"tp", 2}, {"ep", 8}, {"sequence_parallel", true}, {"recompute", recompute}};
  if (imbalance != 1.0) parallel["routing_imbalance"] = imbalance;
  json r = plan_request(parallel, json{{"global", 64}, {"micro", 1}}, "mixtral-8x7b", 64, "h100-sxm");
  r["model"]["seq"] = 4096;
  return r;
}

}  // namespace

TEST_CASE("a dense layer keeps nothing routed; full recomputation keeps only the layer input") {
  atlas::ModelShape dense = mixtral_layer();
  dense.experts = 1, dense.top_k = 1;
  CHECK(atlas::routed_expert_bytes_per_layer(dense, 1, 1, 1, 1, 1.0, atlas::Recompute::none) == 0.0);
  CHECK(atlas::routed_expert_bytes_per_layer(mixtral_layer(), 1, 1, 1, 1, 1.5, atlas::Recompute::full) == 0.0);
}

TEST_CASE("balanced routing: the dispatched copies, 2 B × hidden each, gathered over etp") {
  const atlas::ModelShape m = mixtral_layer();
  // By hand: 4096 tokens × 2 copies × 4096 × 2 B = 67,108,864 B on one rank (tp = etp = 1).
  CHECK(atlas::routed_expert_bytes_per_layer(m, 1, 1, 1, 1, 1.0, atlas::Recompute::none) == 67108864.0);
  // tp 4 under sequence parallelism: a rank dispatches its 1024 tokens; etp 4 gathers the group's
  // 4096 back (the same bytes), etp 1 keeps its own quarter.
  CHECK(atlas::routed_expert_bytes_per_layer(m, 1, 4, 4, 1, 1.0, atlas::Recompute::none) == 67108864.0);
  CHECK(atlas::routed_expert_bytes_per_layer(m, 1, 4, 1, 1, 1.0, atlas::Recompute::selective) == 16777216.0);
  // Two micro-batch sequences over cp 2: the same 4096 tokens on the rank.
  CHECK(atlas::routed_expert_bytes_per_layer(m, 2, 1, 1, 2, 1.0, atlas::Recompute::none) == 67108864.0);
}

TEST_CASE("the busiest rank keeps imbalance × the copies and (imbalance − 1) × the routed intermediates more") {
  const atlas::ModelShape m = mixtral_layer();
  // Intermediates at the mean: 8192 copies × (gate, up, down input) 3 × 14336 × 2 B = 704,643,072 B.
  // At 1.5: 1.5 × 67,108,864 + 0.5 × 704,643,072 = 100,663,296 + 352,321,536 = 452,984,832 B.
  CHECK(atlas::routed_expert_bytes_per_layer(m, 1, 1, 1, 1, 1.5, atlas::Recompute::none) == 452984832.0);
  // GeLU experts keep two intermediates, not three.
  atlas::ModelShape gelu = m;
  gelu.swiglu = false;
  CHECK(atlas::routed_expert_bytes_per_layer(gelu, 1, 1, 1, 1, 1.5, atlas::Recompute::none) ==
        100663296.0 + 0.5 * 8192.0 * 2.0 * 14336.0 * 2.0);
}

TEST_CASE("a model with dense first layers counts its expert layers only, as a mean over all layers") {
  atlas::ModelShape m = mixtral_layer();
  m.dense_layers = 8;  // 24 of 32 layers have experts
  CHECK(atlas::routed_expert_bytes_per_layer(m, 1, 1, 1, 1, 1.0, atlas::Recompute::none) ==
        doctest::Approx(67108864.0 * 24.0 / 32.0));
}

TEST_CASE("plan: the headline is the busiest expert rank; mean_expert_rank is the balanced plan's rank") {
  const json busy = call("plan", mixtral_plan(1.5)), balanced = call("plan", mixtral_plan(1.0));
  REQUIRE_FALSE(atlas::is_error(busy));
  REQUIRE_FALSE(atlas::is_error(balanced));
  CHECK_FALSE(balanced["memory"].contains("mean_expert_rank"));
  REQUIRE(busy["memory"].contains("mean_expert_rank"));
  const json& mean = busy["memory"]["mean_expert_rank"];
  CHECK(mean["activations"].get<double>() == balanced["memory"]["activations"].get<double>());
  CHECK(mean["device"].get<double>() == doctest::Approx(balanced["memory"]["device"].get<double>()));
  CHECK(busy["memory"]["activations"].get<double>() > mean["activations"].get<double>());
  // Weights and optimizer states do not depend on where tokens go.
  CHECK(mean["parameters"] == busy["memory"]["parameters"]);
  CHECK(mean["optimizer"] == busy["memory"]["optimizer"]);
  const std::string text = busy["memory"]["formulas"]["activations"]["text"].get<std::string>();
  CHECK(text.find("dispatched copies") != std::string::npos);
}

TEST_CASE("plan: under full recomputation the routed tensors are rebuilt one layer at a time, in buffers") {
  const json full = call("plan", mixtral_plan(1.0, "full"));
  REQUIRE_FALSE(atlas::is_error(full));
  // One layer's rebuilt set includes the dispatched copies: tp 2 under sequence parallelism
  // gathers 4096 tokens over etp = tp, 4096 × 2 × 4096 × 2 B = 67,108,864 B of it.
  const json none = call("plan", mixtral_plan(1.0, "selective"));
  CHECK(full["memory"]["buffers"].get<double>() > 67108864.0);
  CHECK(none["memory"]["activations"].get<double>() > full["memory"]["activations"].get<double>());
}

TEST_CASE("a dense model's formula says nothing of dispatched copies") {
  const json dense =
      call("plan", plan_request(json{{"tp", 2}}, json{{"global", 16}, {"micro", 1}}, "llama-3.1-8b", 8, "h100-sxm"));
  REQUIRE_FALSE(atlas::is_error(dense));
  const std::string text = dense["memory"]["formulas"]["activations"]["text"].get<std::string>();
  CHECK(text.find("dispatched") == std::string::npos);
}

// torchtitan's operator-level policy saves aten.mm outputs (every other one); the routed experts run
// as torch._grouped_mm, which no save list names, so an expert layer keeps only its attention's and
// shared experts' matmul outputs, and backward runs the experts' three GEMMs again.
TEST_CASE("torchtitan's operator-level recomputation keeps nothing of the routed experts and reruns them") {
  const atlas::ModelShape moe = mixtral_layer();
  CHECK(atlas::routed_expert_bytes_per_layer(moe, 1, 1, 1, 1, 1.5, atlas::Recompute::op_selective) == 0.0);
  // Per token: the layer input and SwiGLU's down output (2 × 2 B × h), Q, V and the attention output
  // (2 B each), and no MLP matmul (Mixtral has no shared expert); FlashAttention's 4 B per head.
  const double h = 4096, kv = 1024, s = 4096, heads = 32;
  const double per_layer = s * (2.0 * 2 * h + 2.0 * (h + kv + h)) + 4.0 * heads * s;
  CHECK(atlas::activation_bytes_per_layer(moe, 1, 1, 1, false, atlas::Recompute::op_selective, true) ==
        doctest::Approx(per_layer).epsilon(1e-12));
  // The recomputed share of the layer's matmul FLOPs: K, O and all three routed GEMMs of 2 experts.
  const double f = 2 * 14336.0;
  CHECK(atlas::op_selective_recomputed_share(moe) ==
        doctest::Approx((kv + h + 3 * f) / (2 * h + 2 * kv + 3 * f)).epsilon(1e-12));
}
