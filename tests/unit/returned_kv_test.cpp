// parallel.returns_kv_cache: a model that returns every layer's keys and values (Hugging Face's
// use_cache) leaves them with the training loop's output, which the loop holds until the next
// forward returns. Two copies at the peak, one where the attention already keeps the same tensors
// for backward (multi-head attention without recomputation).
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json llama2_returning(const char* recompute, bool returns, int kv_heads = 32) {
  const json model{{"layers", 32},    {"hidden", 4096},    {"heads", 32},   {"kv_heads", kv_heads},
                   {"ffn", 11008},    {"vocab", 32000},    {"seq", 4096},   {"position", "rotary"},
                   {"mlp", "swiglu"}, {"norm", "rmsnorm"}, {"bias", false}, {"tied_embeddings", false}};
  return call("plan", json{{"model", model},
                           {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8}}},
                           {"parallel",
                            {{"tp", 1},
                             {"dp", 8},
                             {"zero", 3},
                             {"framework", "fsdp1"},
                             {"recompute", recompute},
                             {"flash_attention", true},
                             {"returns_kv_cache", returns}}},
                           {"batch", {{"global", 32}, {"micro", 4}}}});
}

double activations(const json& plan) { return plan["memory"]["activations"].get<double>(); }

}  // namespace

TEST_CASE("returned keys and values: two copies at the peak under recomputation, one when backward keeps them") {
  // 32 layers × 4 sequences × 4096 tokens × (K and V, 4096 wide) × 2 B.
  const double kv = 32.0 * 4 * 4096 * 2 * 4096 * 2;
  const json off = llama2_returning("full", false), on = llama2_returning("full", true);
  REQUIRE_FALSE(atlas::is_error(on));
  CHECK(activations(on) - activations(off) == doctest::Approx(2 * kv));
  CHECK(on["parallel"]["returns_kv_cache"] == true);
  CHECK_FALSE(off["parallel"].contains("returns_kv_cache"));
  CHECK(on["memory"]["formulas"]["activations"]["text"].get<std::string>().find("returned keys and values") !=
        std::string::npos);
  // Without recomputation multi-head attention saves these very tensors: only the previous step's.
  CHECK(activations(llama2_returning("none", true)) - activations(llama2_returning("none", false)) ==
        doctest::Approx(kv));
  // Grouped queries save the expanded heads, so this step's eight-head K and V are a copy of their own.
  const double gqa = kv / 4;
  CHECK(activations(llama2_returning("none", true, 8)) - activations(llama2_returning("none", false, 8)) ==
        doctest::Approx(2 * gqa));
}
