// What eager PyTorch's autograd keeps for backward beyond fused kernels: per token and layer, the
// reference RMSNorm's fp32 upcast and normalised output, rotary's fp32 complex q and k, SwiGLU's
// silu(gate); nothing when the layer is recomputed whole or only its matmul outputs are kept.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json eager_saved_plan(const char* kernels, const char* recompute) {
  return call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 4096}}},
                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                           {"parallel",
                            {{"framework", "fsdp"},
                             {"zero", 3},
                             {"tp", 1},
                             {"kernels", kernels},
                             {"recompute", recompute},
                             {"loss", "fused"}}},
                           {"batch", {{"global", 8}, {"micro", 1}}}});
}

double eager_saved_activations(const json& p) { return p["memory"]["activations"].get<double>(); }

}  // namespace

TEST_CASE("eager kernels keep the norms' fp32 upcasts, rotary's fp32 q and k and silu(gate) for backward") {
  const json fused = eager_saved_plan("fused", "none"), eager = eager_saved_plan("eager", "none");
  REQUIRE_FALSE(atlas::is_error(fused));
  REQUIRE_FALSE(atlas::is_error(eager));
  // Llama 3.1 8B: h 4096, q 4096, k 1024, FFN 14336, 32 layers; one sequence of 4096 tokens.
  const double per_token = 2 * 4.0 * 4096 + 4.0 * (4096 + 1024) + 2.0 * 14336;
  CHECK(eager_saved_activations(eager) - eager_saved_activations(fused) == doctest::Approx(32 * 4096.0 * per_token));
  // A fused norm (torchtitan's Triton kernel) keeps what the fused count keeps.
  const json fused_norm = eager_saved_plan("eager-fused-norm", "none");
  CHECK(eager_saved_activations(fused_norm) - eager_saved_activations(fused) ==
        doctest::Approx(32 * 4096.0 * (4.0 * (4096 + 1024) + 2.0 * 14336)));
}

TEST_CASE("eager kernels add nothing kept when the elementwise operators run again in backward") {
  for (const char* recompute : {"full", "selective-op"}) {
    CAPTURE(recompute);
    const json fused = eager_saved_plan("fused", recompute), eager = eager_saved_plan("eager", recompute);
    REQUIRE_FALSE(atlas::is_error(eager));
    CHECK(eager_saved_activations(eager) == doctest::Approx(eager_saved_activations(fused)));
  }
}
