// Which fused attention kernels a plan runs (`parallel.attention_kernel`): the GPU's own, at its
// measured rates by sequence length where the preset has them (a fixed share of the fitted GEMM
// rate elsewhere), or FlashAttention-2, written for Ampere, at the fraction of peak the preset
// cites for it (H100: FlashAttention-3's paper measured it), PyTorch's frameworks' default.
#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

json attention_plan(const char* gpu, json parallel) {
  const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", 4096}}},
                                   {"hardware", {{"preset", gpu}, {"gpus", 8}}},
                                   {"parallel", parallel},
                                   {"batch", {{"micro", 1}, {"accumulation", 1}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

double attention(const json& p) { return p["stages"][0]["attention_per_microbatch"].get<double>(); }

}  // namespace

TEST_CASE("attention kernel: FlashAttention-2 on H100 runs at its cited fraction of peak") {
  const json native = attention_plan("h100-sxm", {{"flash_attention", true}});
  const json fa2 = attention_plan("h100-sxm", {{"flash_attention", true}, {"attention_kernel", "flash-attention-2"}});
  CHECK(native["parallel"]["attention_kernel"] == "native");
  CHECK(fa2["parallel"]["attention_kernel"] == "flash-attention-2");
  const double fa2_share = native["hardware"]["flash_attention_2"].get<double>();
  REQUIRE(fa2_share > 0);
  // The same attention FLOPs at other rates. FlashAttention-2: forward and backward (2.5 forwards)
  // at its cited fraction, over the causal tiles it computes (33 of 64 at 4,096 keys). The GPU's
  // own kernels: each pass at its measured rate at 4,096 tokens, over half the square.
  const json& m = native["hardware"]["attention"];
  const double s = 4096;
  const auto rate = [&](const char* pass, const char* half) {
    return m[pass].get<double>() * s / (s + m[half].get<double>());
  };
  const double fa2_time = 3.5 * (33.0 / 64.0) / fa2_share;
  const double native_time = 0.5 / rate("forward", "forward_half") + 1.25 / rate("backward", "backward_half");
  CHECK(attention(fa2) == doctest::Approx(attention(native) * fa2_time / native_time).epsilon(1e-9));
  CHECK(attention(fa2) > attention(native));
  // Nothing else in the layer moves, so the step's one micro-batch grows by exactly what attention lost.
  CHECK(fa2["time"]["compute"].get<double>() - native["time"]["compute"].get<double>() ==
        doctest::Approx(attention(fa2) - attention(native)).epsilon(1e-6));
  // The formula names the kernel and its rate.
  const std::string text = fa2["time"]["formulas"]["compute"]["text"].get<std::string>();
  CHECK(text.find("FlashAttention-2") != std::string::npos);
}

TEST_CASE("attention kernel: on A100 FlashAttention-2 is the GPU's own kernel, and the bound ignores it") {
  const json native = attention_plan("a100-80gb", {{"flash_attention", true}});
  const json fa2 = attention_plan("a100-80gb", {{"flash_attention", true}, {"attention_kernel", "flash-attention-2"}});
  CHECK(native["hardware"]["flash_attention_2"].get<double>() == 0);
  CHECK(attention(fa2) == doctest::Approx(attention(native)).epsilon(1e-12));
  // The formula says which rate ran when the asked-for kernel has no measured rate here, and
  // says nothing of it when the kernel was not asked for.
  const std::string asked = fa2["time"]["formulas"]["compute"]["text"].get<std::string>();
  const std::string plain = native["time"]["formulas"]["compute"]["text"].get<std::string>();
  CHECK(asked.find("no measured FlashAttention-2 rate") != std::string::npos);
  CHECK(plain.find("FlashAttention-2") == std::string::npos);
  // The ideal bound runs attention at the GEMM fit whichever kernel is named.
  const json h_native = attention_plan("h100-sxm", {{"flash_attention", true}});
  const json h_fa2 = attention_plan("h100-sxm", {{"flash_attention", true}, {"attention_kernel", "flash-attention-2"}});
  CHECK(h_fa2["time"]["ideal"]["compute"].get<double>() ==
        doctest::Approx(h_native["time"]["ideal"]["compute"].get<double>()).epsilon(1e-12));
}

TEST_CASE("attention kernel: naming a fused kernel for unfused attention is an error at its field") {
  const json r =
      call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                        {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                        {"parallel", {{"flash_attention", false}, {"attention_kernel", "flash-attention-2"}}}});
  CHECK(has_error(r, "attention_kernel_unfused", "/parallel/attention_kernel"));
  const json bad = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                     {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                                     {"parallel", {{"attention_kernel", "flash-attention-9"}}}});
  CHECK(error_path(bad) == "/parallel/attention_kernel");
  // A hardware figure outside 0–1 of peak names its field.
  const json share = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                       {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}, {"flash_attention_2", 3}}}});
  CHECK(error_path(share) == "/hardware/flash_attention_2");
}

TEST_CASE("attention kernel: the GPU's own kernels run faster on longer sequences, as measured") {
  // Attention time per attention FLOP at 2k and 8k on H100 (Megatron: cuDNN's fused attention).
  const auto per_flop = [](double seq) {
    const json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"seq", seq}}},
                                     {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                                     {"parallel", {{"flash_attention", true}}},
                                     {"batch", {{"micro", 1}, {"accumulation", 1}}}});
    REQUIRE_FALSE(atlas::is_error(r));
    return r["stages"][0]["attention_per_microbatch"].get<double>() / (seq * seq);
  };
  const double short_seq = per_flop(2048), long_seq = per_flop(8192);
  // cuDNN 9.19 measured forward 484 -> 644 TFLOP/s and backward 370 -> 541 from 2k to 8k; with
  // backward's 2.5 times forward's FLOPs that is (1/484 + 2.5/370) / (1/644 + 2.5/541) = 1.43 times
  // faster per FLOP over both together. Relative tolerance (doctest's default scale would add
  // another ±0.05 here).
  CHECK(short_seq / long_seq == doctest::Approx(1.43).epsilon(0.02).scale(0));
}

TEST_CASE("attention kernel: PyTorch's frameworks attend with FlashAttention-2 unless told, Megatron with its own") {
  const json fsdp = attention_plan("h100-sxm", {{"flash_attention", true}, {"framework", "fsdp"}});
  const json megatron = attention_plan("h100-sxm", {{"flash_attention", true}, {"framework", "megatron"}});
  CHECK(fsdp["parallel"]["attention_kernel"] == "flash-attention-2");
  CHECK(megatron["parallel"]["attention_kernel"] == "native");
  const json told =
      attention_plan("h100-sxm", {{"flash_attention", true}, {"framework", "fsdp"}, {"attention_kernel", "native"}});
  CHECK(told["parallel"]["attention_kernel"] == "native");
  CHECK(attention(told) < attention(fsdp));
  // Unfused attention names no fused kernel, whatever the framework.
  const json unfused = attention_plan("h100-sxm", {{"flash_attention", false}, {"framework", "fsdp"}});
  CHECK(unfused["parallel"]["attention_kernel"] == "native");
}

TEST_CASE("attention kernel: a served prompt's attention runs at the GPU's measured forward rate for its length") {
  const auto prefill = [](json hardware, json parallel = json{{"tp", 1}}) {
    hardware["preset"] = "h100-sxm";
    hardware["gpus"] = 1;
    const json r = call("plan", json{{"mode", "inference"},
                                     {"model", {{"preset", "llama-3.1-8b"}, {"seq", 131072}}},
                                     {"hardware", hardware},
                                     {"parallel", parallel},
                                     {"serving", {{"prompt", 16384}, {"output", 16}, {"concurrency", 1}}}});
    REQUIRE_FALSE(atlas::is_error(r));
    return r["time"]["prefill"].get<double>();
  };
  // A higher measured forward rate shortens a 16k prompt's prefill, whose attention is a fifth of
  // its FLOPs; FlashAttention-2, asked for, keeps its own rate.
  const json faster{{"forward", 0.99}, {"forward_half", 1}, {"backward", 0.6435}, {"backward_half", 1461}};
  CHECK(prefill(json{{"attention", faster}}) < 0.97 * prefill(json::object()));
  const json fa2{{"tp", 1}, {"attention_kernel", "flash-attention-2"}};
  CHECK(prefill(json{{"attention", faster}}, fa2) == doctest::Approx(prefill(json::object(), fa2)));
}
