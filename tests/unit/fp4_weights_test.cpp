// Serving with 4-bit floating-point weights: MXFP4 (gpt-oss's experts) and NVFP4 (NVIDIA's
// ModelOpt checkpoints), their block scales in the bytes, the experts' format apart from the rest,
// the bandwidth their kernels reach and the arithmetic each runs at.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Llama 3.1 70B (content/presets/models.json), written out so the bytes are checked by hand.
constexpr double kL = 80, kH = 8192, kF = 28672, kV = 128256, kKvWidth = 8192.0 / 64 * 8;
constexpr double kLinearPerLayer = kH * (kH + 2 * kKvWidth) + kH * kH + 3 * kH * kF;

// One device's weights at tp ranks: linear layers in the format, norms on every rank and the
// untied embedding and head split over the vocabulary in bf16.
double llama70b_device(double tp, double per_weight) {
  return kL * kLinearPerLayer / tp * per_weight + 2 * (kL * 2 * kH + kH + 2 * kV * kH / tp);
}

}  // namespace

TEST_CASE("MXFP4 holds a 1 B scale per 32 weights and NVFP4 one per 16, beside 4-bit values") {
  for (const auto& row : {std::pair{"mxfp4", 0.5 + 1.0 / 32}, std::pair{"nvfp4", 0.5 + 1.0 / 16}}) {
    const char* format = row.first;
    const double per_weight = row.second;
    CAPTURE(format);
    const json r = serve("llama-3.1-70b", 2, {{"tp", 2}}, {{"weights", format}}, "b200");
    REQUIRE_FALSE(r.contains("error"));
    CHECK(r["memory"]["weights"].get<double>() == doctest::Approx(llama70b_device(2, per_weight)).epsilon(1e-12));
    CHECK(r["serving"]["weights"] == format);
    CHECK(r["serving"]["expert_weights"] == format);  // absent: as the other weights
  }
}

TEST_CASE("gpt-oss: MXFP4 experts beside bf16 attention take only the experts' bytes down") {
  // 36 layers of 128 experts, each a SwiGLU of 2880 → 2880: gate, up and down matrices.
  const double expert_linear = 36.0 * 128 * 3 * 2880 * 2880;
  const int tp = 4;
  const json bf16 = serve("gpt-oss-120b", tp, {{"tp", tp}}, {{"weights", "bf16"}}, "h200");
  const json mixed =
      serve("gpt-oss-120b", tp, {{"tp", tp}}, {{"weights", "bf16"}, {"expert_weights", "mxfp4"}}, "h200");
  REQUIRE_FALSE(mixed.contains("error"));
  const double saved = bf16["memory"]["weights"].get<double>() - mixed["memory"]["weights"].get<double>();
  CHECK(saved == doctest::Approx(expert_linear / tp * (2.0 - 0.53125)).epsilon(1e-12));
  // Written all in MXFP4 the attention projections shrink too, by their own count alone.
  const json all = serve("gpt-oss-120b", tp, {{"tp", tp}}, {{"weights", "mxfp4"}}, "h200");
  const double attention_linear = 36.0 * (2880.0 * 64 * 64 * 2 + 2880.0 * 8 * 64 * 2);  // q, o; k, v
  CHECK(mixed["memory"]["weights"].get<double>() - all["memory"]["weights"].get<double>() ==
        doctest::Approx(attention_linear / tp * (2.0 - 0.53125)).epsilon(1e-9));
}

TEST_CASE("4-bit float weights stream at 0.777 of bf16's decode bandwidth; bf16 experts' own at bf16's") {
  const json r = serve("gpt-oss-120b", 8, {{"tp", 8}}, {{"weights", "bf16"}, {"expert_weights", "mxfp4"}}, "b200");
  const double bf16 = r["serving"]["bandwidth_fraction"].get<double>();
  CHECK(r["serving"]["weight_bandwidth_fraction"].get<double>() == doctest::Approx(bf16).epsilon(1e-12));
  // FlashInfer pull request 5301's NVFP4 and bf16 fused-MoE times at 64, 128 and 256 tokens.
  const double ratio = 0.28125 * (0.384323 / 0.140178 + 0.398307 / 0.143601 + 0.426659 / 0.153985) / 3;
  CHECK(ratio == doctest::Approx(0.777).epsilon(1e-3));
  CHECK(r["serving"]["expert_weight_bandwidth_fraction"].get<double>() == doctest::Approx(bf16 * ratio).epsilon(1e-12));
}

TEST_CASE("decode bound by weight reads is faster with MXFP4 experts by their bytes over their bandwidth") {
  // Enough sequences that every expert is touched each step and the weights' reads dominate.
  const json serving{{"prompt", 256}, {"output", 256}, {"concurrency", 64}, {"runtime", "ideal"}};
  json mixed_serving = serving;
  mixed_serving["weights"] = "bf16", mixed_serving["expert_weights"] = "mxfp4";
  const json bf16 = serve("gpt-oss-120b", 8, {{"tp", 8}}, serving, "h100-sxm");
  const json mixed = serve("gpt-oss-120b", 8, {{"tp", 8}}, mixed_serving, "h100-sxm");
  const double t_bf16 = bf16["time"]["decode"]["memory_time"].get<double>();
  const double t_mixed = mixed["time"]["decode"]["memory_time"].get<double>();
  // Bytes fall by 2 / 0.53125 on the experts, bandwidth by 0.777: the experts' reads take
  // 0.53125 / 2 / 0.777 ≈ 0.34 of their bf16 time; attention and head are unchanged.
  CHECK(t_mixed < 0.6 * t_bf16);
  CHECK(t_mixed > 0.34 * t_bf16);
}

TEST_CASE("NVFP4 weights run W4A4 on FP4 tensor cores by default; weight-only elsewhere") {
  const json serving{{"weights", "nvfp4"}, {"prompt", 4096}, {"output", 16}, {"concurrency", 1}};
  const json b200 = serve("llama-3.1-70b", 4, {{"tp", 4}}, serving, "b200");
  CHECK(b200["parallel"]["precision"] == "nvfp4");
  const json widened = serve("llama-3.1-70b", 4, {{"tp", 4}, {"precision", "bf16"}}, serving, "b200");
  CHECK(widened["parallel"]["precision"] == "bf16");
  // A long prompt is compute-bound: FP4 arithmetic takes its GEMMs well under bf16's time.
  CHECK(b200["time"]["prefill"].get<double>() < 0.8 * widened["time"]["prefill"].get<double>());
  const json h100 = serve("llama-3.1-70b", 4, {{"tp", 4}}, serving, "h100-sxm");
  CHECK(h100["parallel"]["precision"] == "bf16");  // Hopper has no FP4 tensor cores
}

TEST_CASE("4-bit float formats: coded errors at the field") {
  const auto code = [](const json& r) { return r["error"]["code"].get<std::string>(); };
  const auto path = [](const json& r) { return r["error"]["path"].get<std::string>(); };
  // A dense model has no routed experts.
  const json dense = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"expert_weights", "mxfp4"}});
  CHECK(code(dense) == "expert_weights_dense");
  CHECK(path(dense) == "/serving/expert_weights");
  // The FP4 formats' blocks are fixed; a group size is the integer formats'.
  const json group = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"weights", "mxfp4"}, {"group_size", 64}});
  CHECK(code(group) == "group_size_format");
  CHECK(group["error"]["message"].get<std::string>().find("block of 32") == std::string::npos);
  CHECK(group["error"]["message"].get<std::string>().find("MXFP4 32 weights") != std::string::npos);
  // FP4 arithmetic needs NVFP4 weights; MXFP8 needs FP8 or MXFP4 ones, and Blackwell's block scales.
  const json fp4 = serve("llama-3.1-8b", 1, {{"tp", 1}, {"precision", "nvfp4"}}, {{"weights", "mxfp4"}}, "b200");
  CHECK(code(fp4) == "precision_weights");
  CHECK(path(fp4) == "/parallel/precision");
  const json mx = serve("gpt-oss-120b", 4, {{"tp", 4}, {"precision", "mxfp8"}},
                        {{"weights", "bf16"}, {"expert_weights", "mxfp4"}}, "b200");
  CHECK_FALSE(mx.contains("error"));
  const json hopper = serve("gpt-oss-120b", 4, {{"tp", 4}, {"precision", "mxfp8"}},
                            {{"weights", "bf16"}, {"expert_weights", "mxfp4"}}, "h100-sxm");
  CHECK(code(hopper) == "precision_unsupported");
  const json unknown = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"weights", "fp4"}});
  CHECK(path(unknown) == "/serving/weights");
}
