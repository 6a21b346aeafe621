// Exact parameter counts and FLOPs: Megatron-LM 2021 eq. (2)–(4), published model sizes.
#include <doctest/doctest.h>

#include <cmath>

#include "atlas/training/model.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

double billions(double v) { return std::round(v / 1e8) / 10.0; }  // to 0.1 B, as Table 1 prints

json plan_of(const std::string& preset) {
  return call("plan", json{{"model", {{"preset", preset}}},
                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                           {"parallel", {{"tp", 8}}}});
}

}  // namespace

TEST_CASE("Megatron-LM 2021 eq. (2) reproduces Table 1 sizes") {
  CHECK(billions(atlas::megatron_eq2_parameters(128, 25600, 51200, 2048)) == 1008.0);
  CHECK(billions(atlas::megatron_eq2_parameters(105, 20480, 51200, 2048)) == 529.6);
  CHECK(billions(atlas::megatron_eq2_parameters(96, 16384, 51200, 2048)) == 310.1);
  CHECK(billions(atlas::megatron_eq2_parameters(80, 12288, 51200, 2048)) == 145.6);
  CHECK(billions(atlas::megatron_eq2_parameters(24, 2304, 51200, 2048)) == 1.7);
}

TEST_CASE("the general count equals eq. (2) plus the final LayerNorm for Megatron GPT shapes") {
  atlas::ModelShape m;
  m.layers = 128, m.hidden = 25600, m.heads = 160, m.kv_heads = 160, m.ffn = 4 * 25600, m.vocab = 51200, m.seq = 2048;
  CHECK(atlas::parameter_count(m) ==
        doctest::Approx(atlas::megatron_eq2_parameters(128, 25600, 51200, 2048) + 2 * 25600).epsilon(1e-15));
  CHECK(plan_of("megatron-1t")["parameters"].get<double>() == atlas::parameter_count(m));
}

TEST_CASE("published parameter counts, exactly") {
  CHECK(plan_of("llama-3.1-8b")["parameters"].get<double>() == 8030261248.0);
  CHECK(plan_of("llama-3.1-70b")["parameters"].get<double>() == 70553706496.0);
  CHECK(plan_of("llama-3.1-405b")["parameters"].get<double>() == 405853388800.0);
  CHECK(plan_of("mixtral-8x7b")["parameters"].get<double>() == 46702792704.0);
  CHECK(billions(plan_of("gpt3-175b")["parameters"].get<double>()) == 174.6);
}

TEST_CASE("Megatron-LM eq. (4): GPT-3 175B on 300B tokens, 1024 GPUs at 140 TFLOP/s is about 34 days") {
  const double days = atlas::megatron_eq4_seconds(300e9, 175e9, 1024, 140e12) / 86400.0;
  CHECK(days == doctest::Approx(33.9).epsilon(0.002));
  // The plan reports the same estimate for its own throughput.
  json r = call("plan", json{{"model", {{"preset", "megatron-175b"}}},
                             {"hardware", {{"preset", "a100-80gb"}, {"gpus", 64}}},
                             {"parallel", {{"tp", 8}, {"pp", 8}}},
                             {"batch", {{"global", 64}}},
                             {"training", {{"tokens", 300e9}}}});
  const double x = r["throughput"]["hfu"].get<double>() * 312e12;
  CHECK(r["training"]["megatron_eq4_seconds"].get<double>() ==
        doctest::Approx(8 * 300e9 * r["parameters"].get<double>() / (64 * x)));
}

TEST_CASE("model FLOPs: Korthikanti's 72 B s l h² (1 + s/6h + V/12hl)") {
  atlas::ModelShape m;
  m.layers = 96, m.hidden = 12288, m.heads = 96, m.kv_heads = 96, m.ffn = 4 * 12288, m.vocab = 51200, m.seq = 2048;
  const double B = 64, s = 2048, l = 96, h = 12288, V = 51200;
  const double expected = 72 * B * s * l * h * h * (1 + s / (6 * h) + V / (12 * h * l));
  CHECK(atlas::model_flops(m, B) == doctest::Approx(expected).epsilon(1e-12));
}
