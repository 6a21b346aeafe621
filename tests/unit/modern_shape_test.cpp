// The 2025-26 shapes in the plan: stages of different layer kinds add up to the model, the
// layers each stage holds decide its experts, windows and latent attention change the attention
// FLOPs by their formulas, and every inconsistent shape is a coded error at its field.
#include <doctest/doctest.h>

#include "atlas/training/model.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json modern_plan(json model, int gpus, json parallel) {
  return call("plan", json{{"model", std::move(model)},
                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", gpus}}},
                           {"parallel", std::move(parallel)},
                           {"batch", {{"global", gpus}, {"micro", 1}}}});
}

}  // namespace

TEST_CASE("stages of dense and expert layers add up to the whole model") {
  // Llama 4 Maverick's pattern on Scout's widths: experts in every second layer.
  const json r =
      modern_plan({{"preset", "llama-4-scout"}, {"moe_every", 2}, {"ffn", 16384}}, 4, {{"tp", 1}, {"pp", 4}});
  REQUIRE_FALSE(atlas::is_error(r));
  double sum = 0;
  for (const auto& st : r["stages"]) sum += st["parameters"].get<double>();
  CHECK(sum == r["parameters"].get<double>());
}

TEST_CASE("DeepSeek-V3's dense first layers make its first stage lighter in experts") {
  // 61 layers over 4 stages: 16, 15, 15, 15; the first holds the 3 dense layers.
  const json r = modern_plan({{"preset", "deepseek-v3"}, {"mtp_layers", 0}}, 4, {{"tp", 1}, {"pp", 4}});
  REQUIRE_FALSE(atlas::is_error(r));
  const double h = 7168;
  const double moe = 256 * 3 * h * 2048 + 3 * h * 2048 + h * 256 + 256;  // routed, shared, router and its bias
  const double dense = 3 * h * 18432;
  const double attention = h * 1536 + 1536 + 1536 * 128 * 192 + h * 576 + 512 + 512 * 128 * 256 + 128 * 128 * h + 2 * h;
  const double embedding = 129280 * h;
  const double first = r["stages"][0]["parameters"].get<double>(), second = r["stages"][1]["parameters"].get<double>();
  // Stage 1: 16 layers (3 dense, 13 with experts) and the embedding; stage 2: 15 with experts.
  CHECK(second - first == doctest::Approx(2 * moe - attention - 3 * dense - embedding));
}

TEST_CASE("Kimi K2 counts, by hand from its config, 1,026 billion parameters: the model card's '1T'") {
  const json r = modern_plan({{"preset", "kimi-k2"}}, 4, {{"tp", 1}, {"pp", 4}});
  REQUIRE_FALSE(atlas::is_error(r));
  const double h = 7168;
  const double moe = 384 * 3 * h * 2048 + 3 * h * 2048 + h * 384 + 384;  // routed, shared, router and its bias
  const double dense = 3 * h * 18432;
  // MLA with 64 heads: q down 1536 (and its norm), q up to 64 × 192, kv down 512 + 64 (and its norm),
  // kv up to 64 × (128 + 128), output 64 × 128 → h, two layer norms.
  const double attention = h * 1536 + 1536 + 1536 * 64 * 192 + h * 576 + 512 + 512 * 64 * 256 + 64 * 128 * h + 2 * h;
  const double total = 61 * attention + 60 * moe + dense + 2 * 163840 * h + h;  // untied embedding and head, final norm
  CHECK(r["parameters"].get<double>() == doctest::Approx(total).epsilon(1e-12));
  CHECK(r["parameters"].get<double>() / 1e12 == doctest::Approx(1.0264).epsilon(1e-4));
}

TEST_CASE("a sliding window caps attention FLOPs by its formula; latent attention uses its own head widths") {
  atlas::ModelShape m;
  m.layers = 24, m.hidden = 2880, m.heads = 64, m.kv_heads = 8, m.head_size = 64, m.ffn = 2880, m.vocab = 201088;
  m.seq = 4096, m.swiglu = true, m.rmsnorm = true;
  atlas::ModelShape windowed = m;
  windowed.window = 128, windowed.full_every = 2;
  const double s = 4096, tokens = s;
  // 12 sliding layers see 128 keys instead of 4,096: forward, backward = 3 × forward.
  const double saved = 3.0 * 12 * 2.0 * tokens * (s - 128) * 64 * (64 + 64);
  CHECK(atlas::model_flops(m, 1) - atlas::model_flops(windowed, 1) == doctest::Approx(saved));
  atlas::ModelShape mla = m;
  mla.head_size = 0, mla.hidden = 7168, mla.heads = 128, mla.kv_heads = 128;
  mla.mla = atlas::LatentAttention{1536, 512, 128, 64, 128};
  CHECK(atlas::attention_core_forward_flops(mla, tokens, s) == doctest::Approx(2.0 * tokens * s * 128 * (192 + 128)));
}

TEST_CASE("an inconsistent modern shape is a coded error at its field") {
  const std::pair<json, std::pair<const char*, const char*>> cases[] = {
      {{{"preset", "deepseek-v3"}, {"qk_rope_head_dim", 0}},
       {"latent_attention_incomplete", "/model/qk_rope_head_dim"}},
      {{{"preset", "deepseek-v3"}, {"q_lora_rank", 9000}}, {"latent_rank", "/model/q_lora_rank"}},
      {{{"preset", "llama-3.1-8b"}, {"shared_experts", 1}}, {"shared_experts_dense", "/model/shared_experts"}},
      {{{"preset", "qwen3-30b-a3b"}, {"moe_every", 100}}, {"moe_pattern_empty", "/model/moe_every"}},
      {{{"preset", "qwen3-30b-a3b"}, {"dense_layers", 48}}, {"moe_pattern_empty", "/model/dense_layers"}},
      {{{"preset", "gpt-oss-20b"}, {"window", 8192}}, {"window_longer_than_sequence", "/model/window"}},
      {{{"preset", "llama-3.1-8b"}, {"full_every", 2}}, {"full_every_without_window", "/model/full_every"}},
  };
  for (const auto& c : cases) {
    // (No structured binding: doctest's CAPTURE is a lambda, which C++17 cannot give one to.)
    const json& model = c.first;
    const auto& expected = c.second;
    CAPTURE(model.dump());
    const json r = modern_plan(model, 8, {{"tp", 1}});
    REQUIRE(atlas::is_error(r));
    CHECK(error_code(r) == expected.first);
    CHECK(error_path(r) == expected.second);
  }
}
