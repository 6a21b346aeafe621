// Model states per ZeRO stage (Rajbhandari et al. 2020) and activations per layer
// (Korthikanti et al. 2022 Table 2).
#include <doctest/doctest.h>

#include <cmath>

#include "atlas/training/memory.hpp"
#include "support.hpp"

using namespace atlas_test;
using atlas::Recompute;

namespace {

double gb(double bytes) { return std::round(bytes / 1e8) / 10.0; }

atlas::ModelShape gpt3() {
  atlas::ModelShape m;
  m.layers = 96, m.hidden = 12288, m.heads = 96, m.kv_heads = 96, m.ffn = 4 * 12288, m.vocab = 51200, m.seq = 2048;
  return m;
}

}  // namespace

TEST_CASE("ZeRO paper's example: 7.5B parameters, dp 64 → 120 / 31.4 / 16.6 / 1.9 GB") {
  CHECK(gb(atlas::zero_model_states(7.5e9, 64, 0).total()) == 120.0);
  CHECK(gb(atlas::zero_model_states(7.5e9, 64, 1).total()) == 31.4);
  CHECK(gb(atlas::zero_model_states(7.5e9, 64, 2).total()) == 16.6);
  CHECK(gb(atlas::zero_model_states(7.5e9, 64, 3).total()) == 1.9);
}

TEST_CASE("Korthikanti Table 2, GPT-3 at t = 8, all six configurations") {
  const atlas::ModelShape m = gpt3();
  const double s = 2048, b = 1, h = 12288, a = 96, sbh = s * b * h;
  struct Case {
    std::int64_t tp;
    bool sp;
    Recompute rc;
    double published;  // the closed form, in s·b·h units
  };
  const Case cases[] = {
      {1, false, Recompute::none, 34 + 5 * a * s / h},                   // no parallelism
      {8, false, Recompute::none, 10 + 24.0 / 8 + 5 * a * s / (h * 8)},  // tensor parallel
      {8, true, Recompute::none, 34.0 / 8 + 5 * a * s / (h * 8)},        // + sequence parallel
      {8, false, Recompute::selective, 10 + 24.0 / 8},                   // tp + selective
      {8, true, Recompute::selective, 34.0 / 8},                         // tp + sp + selective
      {8, false, Recompute::full, 2},                                    // full recompute
  };
  for (const auto& c : cases) {
    CAPTURE(c.tp);
    CAPTURE(c.sp);
    const double got = atlas::activation_bytes_per_layer(m, b, c.tp, 1, c.sp, c.rc);
    CHECK(got == doctest::Approx(c.published * sbh).epsilon(1e-12));
    CHECK(got == doctest::Approx(atlas::korthikanti_table2(s, b, h, a, double(c.tp), c.sp, c.rc, c.tp > 1)));
  }
  // In bytes: 2.87 GB without parallelism, 579 MB with t = 8, 107 MB with sp + selective.
  CHECK(atlas::activation_bytes_per_layer(m, 1, 1, 1, false, Recompute::none) == 114 * sbh);
  CHECK(atlas::activation_bytes_per_layer(m, 1, 8, 1, true, Recompute::selective) == 4.25 * sbh);
}

TEST_CASE("activations of the plan: the first stage holds p micro-batches of L/p layers = L layers") {
  json r =
      call("plan", json{{"model", {{"preset", "megatron-175b"}}},
                        {"hardware", {{"preset", "a100-80gb"}, {"gpus", 64}}},
                        {"parallel", {{"tp", 8}, {"pp", 8}, {"sequence_parallel", true}, {"recompute", "selective"}}},
                        {"batch", {{"global", 64}}}});
  const double sbh = 2048.0 * 12288;
  const double layers = 96 * 4.25 * sbh;    // Korthikanti: 34 s b h L / t
  const double dropout_mask = 8 * sbh / 8;  // embedding dropout, p micro-batches, split by sp
  CHECK(r["stages"][0]["memory"]["activations"].get<double>() == doctest::Approx(layers + dropout_mask));
  CHECK(r["stages"][0]["inflight_microbatches"] == 8);
  CHECK(r["stages"][7]["inflight_microbatches"] == 1);
  // Interleaving: L (1 + (p − 1)/(p v)) layers.
  json v = call(
      "plan",
      json{{"model", {{"preset", "megatron-175b"}}},
           {"hardware", {{"preset", "a100-80gb"}, {"gpus", 64}}},
           {"parallel",
            {{"tp", 8}, {"pp", 8}, {"sequence_parallel", true}, {"recompute", "selective"}, {"virtual_stages", 3}}},
           {"batch", {{"global", 64}}}});
  CHECK(v["parallel"]["schedule"] == "interleaved");
  const double interleaved = 96 * (1 + 7.0 / (8 * 3)) * 4.25 * sbh;
  CHECK(v["stages"][0]["memory"]["activations"].get<double>() ==
        doctest::Approx(interleaved + dropout_mask * (1 + 7.0 / 24)));
}

TEST_CASE("plan memory: ZeRO stages shard over dp, totals add up, fits compares with capacity") {
  double previous = 1e300;
  for (int zero = 0; zero <= 3; ++zero) {
    json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                               {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                               {"parallel", {{"zero", zero}, {"recompute", "full"}}},
                               {"batch", {{"global", 64}}}});
    REQUIRE_FALSE(r.contains("error"));
    const json& m = r["memory"];
    const double sum = m["parameters"].get<double>() + m["gradients"].get<double>() + m["optimizer"].get<double>() +
                       m["activations"].get<double>() + m["buffers"].get<double>() + m["workspaces"].get<double>();
    CHECK(m["total"].get<double>() == doctest::Approx(sum));
    CHECK(m["fits"] == (m["total"].get<double>() <= m["capacity"].get<double>()));
    CHECK(m["total"].get<double>() < previous);
    previous = m["total"].get<double>();
  }
  json zero0 = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                 {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                                 {"batch", {{"global", 64}}}});
  CHECK(zero0["memory"]["optimizer"].get<double>() == 12 * 8030261248.0);
  CHECK(zero0["memory"]["fits"] == false);
}
