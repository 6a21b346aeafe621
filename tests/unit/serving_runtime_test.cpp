// serving.runtime and the terms it brings (issue 39): each runtime's KV block and pool rule, its
// custom all-reduce at the measured latency, the small-kernel floor of a step, the extra step of
// an overlap scheduler; decode bandwidth by weight format and group size; FP8 arithmetic through
// parallel.precision; queueing past what the KV cache holds; the first token as parts.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "atlas/inference/serving_runtime.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

const json& decode_transfer(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"]["decode"])
    if (t["id"] == id) return t;
  FAIL("no decode transfer " << id);
  static const json none;
  return none;
}

}  // namespace

TEST_CASE("each runtime pages the KV cache with its own block, and an explicit block wins") {
  const json base{{"prompt", 1000}, {"output", 30}, {"concurrency", 1}};
  const auto tokens = [&](const char* runtime) {
    json s = base;
    s["runtime"] = runtime;
    return serve("llama-3.1-8b", 1, {{"tp", 1}}, s)["memory"]["tokens_per_sequence"].get<double>();
  };
  CHECK(tokens("vllm") == 1040);      // ⌈1030 ÷ 16⌉ × 16
  CHECK(tokens("sglang") == 1030);    // token-granular pages
  CHECK(tokens("trtllm") == 1056);    // ⌈1030 ÷ 32⌉ × 32
  CHECK(tokens("lmdeploy") == 1088);  // ⌈1030 ÷ 64⌉ × 64
  CHECK(tokens("gpt-fast") == 1030);  // one static slot of prompt + output
  json pinned = base;
  pinned["runtime"] = "trtllm", pinned["block"] = 128;
  CHECK(serve("llama-3.1-8b", 1, {{"tp", 1}}, pinned)["memory"]["tokens_per_sequence"] == 1152);
  CHECK(serve("llama-3.1-8b", 1, {{"tp", 1}}, base)["serving"]["runtime"] == "ideal");
}

TEST_CASE("the KV pool: a share of the GPU for vLLM and SGLang, a share of what is free for TensorRT-LLM") {
  const json s{{"prompt", 1024}, {"output", 128}, {"concurrency", 1}};
  const auto with = [&](const char* runtime, int tp) {
    json x = s;
    x["runtime"] = runtime;
    return serve("llama-3.1-8b", tp, {{"tp", tp}}, x)["memory"];
  };
  const double capacity = 85899345920.0, visible = atlas::kCudaVisible * capacity;
  const double one = atlas::kOutsideTorch * atlas::kGiB, many = atlas::kOutsideTorchTp * atlas::kGiB;
  // A share of what CUDA reports, less what lies outside PyTorch (more at tp > 1: NCCL and the
  // custom all-reduce's buffers).
  CHECK(with("vllm", 1)["reserve"].get<double>() == doctest::Approx(capacity - 0.9 * visible + one));
  CHECK(with("sglang", 1)["reserve"].get<double>() == doctest::Approx(capacity - 0.88 * visible + one));
  CHECK(with("sglang", 2)["reserve"].get<double>() == doctest::Approx(capacity - 0.85 * visible + many));
  // TensorRT-LLM and LMDeploy: a share of what is free once weights, activations and the memory
  // outside PyTorch are placed; the rest of the card is the reserve.
  const auto pool_of_free = [&](const json& m, double share) {
    const double fixed = m["weights"].get<double>() + m["activations"].get<double>();
    return capacity - fixed - m["reserve"].get<double>() == doctest::Approx(share * (visible - fixed - one));
  };
  const json t = with("trtllm", 1);
  CHECK(pool_of_free(t, 0.9));
  CHECK(pool_of_free(with("lmdeploy", 1), 0.8));
  // Less reserved, more sequences: TensorRT-LLM's rule leaves more cache than vLLM's here.
  CHECK(t["max_concurrency"].get<int>() > with("vllm", 1)["max_concurrency"].get<int>());
}

TEST_CASE("tensor-parallel decode all-reduces take the runtime's custom kernel at the measured latency") {
  const json s{{"prompt", 1024}, {"output", 128}, {"concurrency", 1}};
  const auto tp4 = [&](const char* runtime) {
    json x = s;
    x["runtime"] = runtime;
    return serve("llama-3.1-8b", 4, {{"tp", 4}}, x);
  };
  // One token of a 4096-wide model: 8192 B = 4096 two-byte elements, a size the table has.
  const json trt = tp4("trtllm"), vllm = tp4("vllm"), ideal = tp4("ideal");
  const json& a = decode_transfer(trt, "tp-mlp-allreduce");
  CHECK(a["bytes_per_call"] == 8192.0);
  // Relative tolerances: doctest's default Approx scale of 1 would pass any two microseconds.
  CHECK(a["time"].get<double>() / a["calls"].get<double>() == doctest::Approx(3.7e-6).scale(0));
  CHECK(a["algorithm"] == "trtllm-custom");
  const json& b = decode_transfer(vllm, "tp-mlp-allreduce");
  CHECK(b["time"].get<double>() / b["calls"].get<double>() == doctest::Approx(8.5e-6).scale(0));
  CHECK(decode_transfer(ideal, "tp-mlp-allreduce")["algorithm"] == "ring");
  CHECK(vllm["time"]["decode"]["allreduce"] == "vllm-custom");
  // Between two measured sizes the time is on the line joining them: 16 KiB = 8192 elements.
  json sixteen = s;
  sixteen["runtime"] = "trtllm", sixteen["concurrency"] = 2;
  const json two = serve("llama-3.1-8b", 4, {{"tp", 4}}, sixteen);
  const json& c = decode_transfer(two, "tp-mlp-allreduce");
  const double expect = 3.7e-6 + (8192.0 - 4096.0) / (32768.0 - 4096.0) * (4.8e-6 - 3.7e-6);
  CHECK(c["time"].get<double>() / c["calls"].get<double>() == doctest::Approx(expect).scale(0));
  // A prompt's all-reduce past 8 MiB goes to NCCL.
  json long_prompt = s;
  long_prompt["runtime"] = "trtllm", long_prompt["prompt"] = 4096;
  for (const auto& t : serve("llama-3.1-8b", 4, {{"tp", 4}}, long_prompt)["communication"]["prefill"])
    if (t["id"] == "tp-mlp-allreduce") CHECK(t["algorithm"] != "trtllm-custom");
}

TEST_CASE("off H100 the custom all-reduce's bytes move at the GPU's own NVLink rate, its latency as measured") {
  // 64 tokens of a 4096-wide model: 512 KiB a call, where the H100 table's time is mostly bytes.
  const json s{{"prompt", 128}, {"output", 128}, {"concurrency", 64}, {"runtime", "trtllm"}};
  const auto per_call = [&](const char* gpu) {
    const json plan = serve("llama-3.1-8b", 4, {{"tp", 4}}, s, gpu);
    const json& t = decode_transfer(plan, "tp-mlp-allreduce");
    return t["time"].get<double>() / t["calls"].get<double>();
  };
  const double latency = 3.7e-6;  // the fastest call of the table's tp 4 row (4,096 elements)
  const double h100 = per_call("h100-sxm"), a100 = per_call("a100-80gb"), b200 = per_call("b200");
  // On H100 the table itself: 512 KiB is 262,144 elements, a size it has.
  CHECK(h100 == doctest::Approx(13.9e-6).scale(0));
  CHECK(a100 - latency == doctest::Approx((h100 - latency) * 450.0 / 300.0).scale(0));
  CHECK(b200 - latency == doctest::Approx((h100 - latency) * 450.0 / 900.0).scale(0));
}

TEST_CASE("small kernels: every layer's norms, rotary, KV write and activation cost 3.4 µs each") {
  const json s{{"prompt", 1024}, {"output", 128}, {"concurrency", 1}};
  json v = s, g = s;
  v["runtime"] = "vllm", v["host_overhead"] = 0;  // the floor alone: vLLM's host time is its own test
  g["runtime"] = "ideal";
  const json vllm = serve("llama-3.1-8b", 1, {{"tp", 1}}, v), ideal = serve("llama-3.1-8b", 1, {{"tp", 1}}, g);
  const double floor = (32 * 5 + 3) * 3.4e-6;  // five a layer, three for the embedding, final norm and sampling
  CHECK(vllm["time"]["decode"]["kernel_floor"].get<double>() == doctest::Approx(floor));
  CHECK(ideal["time"]["decode"]["kernel_floor"] == 0.0);
  // The floor comes on top; each GEMM and attention kernel also takes at least 3.4 µs (below).
  CHECK(vllm["time"]["decode_step"].get<double>() >= ideal["time"]["decode_step"].get<double>() + floor);
}

TEST_CASE("every GEMM and attention kernel takes at least a small kernel's time; expert layers add routing kernels") {
  const json tiny{{"layers", 2},     {"hidden", 256},     {"heads", 4},    {"kv_heads", 4},
                  {"ffn", 512},      {"vocab", 1000},     {"seq", 4096},   {"position", "rotary"},
                  {"mlp", "swiglu"}, {"norm", "rmsnorm"}, {"bias", false}, {"tied_embeddings", false}};
  const auto run = [](json model, const char* runtime) {
    return atlas::run("plan",
                      json{{"mode", "inference"},
                           {"model", std::move(model)},
                           {"hardware", {{"preset", "b200"}, {"gpus", 1}}},
                           {"parallel", {{"tp", 1}}},
                           {"serving", {{"prompt", 16}, {"output", 16}, {"concurrency", 1}, {"runtime", runtime}}}});
  };
  const double k = 3.4e-6;
  // Two layers of four GEMMs (QKV, output, gate-and-up, down) and the output head: each costs 3.4 µs
  // on top of the larger of its reads and its arithmetic, both far below 3.4 µs here.
  const json dense = run(tiny, "sglang");
  REQUIRE_FALSE(atlas::is_error(dense));
  const double gemms = dense["time"]["decode"]["gemm_time"].get<double>();
  CHECK(gemms >= 9 * k);
  CHECK(gemms < 9 * k + 9e-6);
  CHECK(dense["time"]["decode"]["compute_time"].get<double>() < 9 * k);            // their arithmetic alone
  CHECK(run(tiny, "ideal")["time"]["decode"]["gemm_time"].get<double>() < 8 * k);  // the earlier model: no floor
  // Experts with QK-norm: a router GEMM and two grouped GEMMs, and 3 + 2 more small kernels a layer.
  json moe = tiny;
  moe["experts"] = 8, moe["top_k"] = 2, moe["expert_ffn"] = 128, moe["qk_norm"] = true;
  const json m = run(moe, "sglang");
  REQUIRE_FALSE(atlas::is_error(m));
  CHECK(m["time"]["decode"]["gemm_time"].get<double>() >= 11 * k);  // five GEMMs a layer and the head
  // SGLang runs the experts as one fused-MoE block, whose fixed time holds the sort, activation and
  // sum (fused_moe_test.cpp): only the router's top-k takes the activation's place among the floors.
  CHECK(m["time"]["decode"]["kernel_floor"].get<double>() == doctest::Approx((2 * (5 + 2) + 3) * k));
  // TensorRT-LLM's experts are GEMMs like any other, beside three routing kernels a layer.
  const json t = run(moe, "trtllm");
  CHECK(t["time"]["decode"]["kernel_floor"].get<double>() == doctest::Approx((2 * (2 + 3 + 2) + 3) * k));
  CHECK(dense["time"]["decode"]["kernel_floor"].get<double>() == doctest::Approx((2 * 5 + 3) * k));
}

TEST_CASE("host overhead: what a step waits for when the runtime does not hide it, on every step and the first token") {
  // One user: no other sequence's step to wait for, so the host time is the only difference.
  const json s{{"prompt", 1024}, {"output", 128}, {"concurrency", 1}, {"runtime", "lmdeploy"}};
  json slow = s;
  slow["host_overhead"] = 0.002;
  const json a = serve("llama-3.1-8b", 1, {{"tp", 1}}, s), b = serve("llama-3.1-8b", 1, {{"tp", 1}}, slow);
  CHECK(b["time"]["decode_step"].get<double>() == doctest::Approx(a["time"]["decode_step"].get<double>() + 0.002));
  CHECK(b["time"]["first_token"].get<double>() == doctest::Approx(a["time"]["first_token"].get<double>() + 0.002));
  CHECK(b["time"]["first_token_parts"]["host_overhead"] == 0.002);
  CHECK(a["serving"]["host_overhead"] == 0.0);
  CHECK(error_path(serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"host_overhead", -1}})) == "/serving/host_overhead");
}

TEST_CASE("an overlap scheduler: the first token waits one step, and a slot is held for output + 1 steps") {
  const json s{{"prompt", 1024}, {"output", 128}, {"concurrency", 8}, {"runtime", "vllm"}, {"lengths", "dataset"}};
  const json r = serve("llama-3.1-8b", 1, {{"tp", 1}}, s);
  const json& parts = r["time"]["first_token_parts"];
  CHECK(parts["first_step"] == r["time"]["decode_step"]);
  double sum = 0;
  for (const auto& p : parts) sum += p.get<double>();
  CHECK(sum == doctest::Approx(r["time"]["first_token"].get<double>()));
  CHECK(r["throughput"]["tokens_per_second"].get<double>() ==
        doctest::Approx(8.0 / r["time"]["per_output_token"].get<double>() * 128.0 / 129.0));
  json lm = s;
  lm["runtime"] = "lmdeploy";
  CHECK(serve("llama-3.1-8b", 1, {{"tp", 1}}, lm)["time"]["first_token_parts"]["first_step"] == 0.0);
}

TEST_CASE("decode bandwidth by weight format: int8 and int4 kernels stream slower than bf16, as gpt-fast measured") {
  const auto fraction = [](json s) {
    return serve("llama-3.1-8b", 1, {{"tp", 1}}, s)["serving"]["weight_bandwidth_fraction"].get<double>();
  };
  // H100 SXM: FluidX3D's 0.804 of nominal, times decode's 0.7531 / 0.767 of streaming (gpt-fast on A100).
  const double bf16 = 0.804 * 0.7531 / 0.767;
  CHECK(fraction({{"weights", "bf16"}}) == doctest::Approx(bf16));
  CHECK(fraction({{"weights", "fp8"}}) == doctest::Approx(bf16));
  CHECK(fraction({{"weights", "int8"}}) == doctest::Approx(bf16 * 1069.20 / 1397.31));
  CHECK(fraction({{"weights", "int4"}}) == doctest::Approx(bf16 * 862.69 / 1397.31));
  // A smaller group carries more scale bytes per weight: 0.5 + 2.5 / 64 B for int4, 1 + 2 / 128 B for int8.
  const auto bytes = [](json s) { return serve("llama-3.1-8b", 1, {{"tp", 1}}, s)["memory"]["weights"].get<double>(); };
  const double g128 = bytes({{"weights", "int4"}}), g64 = bytes({{"weights", "int4"}, {"group_size", 64}});
  const double linear = 32.0 * (4096.0 * (4096 + 2 * 1024) + 4096.0 * 4096 + 3 * 4096.0 * 14336);
  CHECK(g64 - g128 == doctest::Approx(linear * (2.5 / 64 - 2.5 / 128)));
  CHECK(bytes({{"weights", "int8"}, {"group_size", 128}}) - bytes({{"weights", "int8"}}) ==
        doctest::Approx(linear * 2.0 / 128));
  CHECK(has_error(serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"weights", "int4"}, {"group_size", 96}}), "group_size_hidden",
                  "/serving/group_size"));
}

TEST_CASE("FP8 weights on Blackwell stream at vLLM's measured SM100 share of bf16's bandwidth; on Hopper at bf16's") {
  const auto plan = [](const char* gpu, const char* weights) {
    return serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"weights", weights}}, gpu);
  };
  const auto fraction = [&](const char* gpu, const char* weights) {
    return plan(gpu, weights)["serving"]["weight_bandwidth_fraction"].get<double>();
  };
  // bench_fp8_gemm.py at batch 1: half the bytes in 5.916/8.431 (pull request 19566) and
  // 4.887/5.651 (pull request 20071) of bf16's time.
  const double ratio = (8.431 / 5.916 + 5.651 / 4.887) / 4.0;
  CHECK(atlas::kFp8BlackwellBandwidthRatio == doctest::Approx(ratio));
  CHECK(ratio == doctest::Approx(0.6456).epsilon(1e-3));
  CHECK(fraction("b200", "fp8") == doctest::Approx(fraction("b200", "bf16") * ratio));
  CHECK(fraction("h100-sxm", "fp8") == doctest::Approx(fraction("h100-sxm", "bf16")));
  // At one sequence the step is the weights' read: FP8 on B200 is faster than bf16, by less than
  // its halved bytes (1 / (2 × 0.6456) of bf16's read time, before the fixed kernels).
  const double bf16_step = plan("b200", "bf16")["time"]["decode"]["memory_time"].get<double>();
  const double fp8_step = plan("b200", "fp8")["time"]["decode"]["memory_time"].get<double>();
  CHECK(fp8_step < bf16_step);
  CHECK(fp8_step > 0.5 * bf16_step);
}

TEST_CASE("FP8 arithmetic through parallel.precision: W8A8 by default on Hopper, weight-only when asked") {
  const json s{{"prompt", 4096}, {"output", 16}, {"concurrency", 1}, {"weights", "fp8"}};
  const json w8a8 = serve("llama-3.1-8b", 1, {{"tp", 1}}, s);
  const json w8a16 = serve("llama-3.1-8b", 1, {{"tp", 1}, {"precision", "bf16"}}, s);
  CHECK(w8a8["parallel"]["precision"] == "fp8-current");
  CHECK(w8a16["parallel"]["precision"] == "bf16");
  // A 4k-token prefill is compute-bound: FP8's rate makes it faster.
  CHECK(w8a8["time"]["prefill"].get<double>() < 0.8 * w8a16["time"]["prefill"].get<double>());
  // A100 has no FP8 tensor cores: FP8 weights are widened, and FP8 arithmetic is refused.
  CHECK(serve("llama-3.1-8b", 1, {{"tp", 1}}, s, "a100-80gb")["parallel"]["precision"] == "bf16");
  CHECK(has_error(serve("llama-3.1-8b", 1, {{"tp", 1}, {"precision", "fp8-current"}}, s, "a100-80gb"),
                  "precision_unsupported", "/parallel/precision"));
  CHECK(has_error(serve("llama-3.1-8b", 1, {{"tp", 1}, {"precision", "fp8-current"}}, {{"weights", "bf16"}}),
                  "precision_weights", "/parallel/precision"));
}

TEST_CASE("past what fits, the fitting concurrency is served, the rest wait, and the wait is in the first token") {
  json s{{"prompt", 4096}, {"output", 512}, {"runtime", "vllm"}};
  s["concurrency"] = 1;
  const std::int64_t max = serve("llama-3.1-70b", 4, {{"tp", 4}}, s)["memory"]["max_concurrency"];
  REQUIRE(max > 4);
  REQUIRE(max < 1024);  // the KV cache, not vLLM's running limit, is what stops them
  s["concurrency"] = max;
  const json at = serve("llama-3.1-70b", 4, {{"tp", 4}}, s);
  s["concurrency"] = 3 * max;
  const json over = serve("llama-3.1-70b", 4, {{"tp", 4}}, s);
  CHECK(over["queue"]["limit"] == "kv_cache");
  CHECK(over["memory"]["fits"] == false);
  CHECK(over["queue"]["served"] == max);
  CHECK(over["queue"]["waiting"] == 2 * max);
  CHECK(over["throughput"]["tokens_per_second"] == at["throughput"]["tokens_per_second"]);
  CHECK(over["time"]["per_output_token"] == at["time"]["per_output_token"]);
  // Three users per slot: a request takes three times a served one, two of them waiting.
  CHECK(over["time"]["request"].get<double>() == doctest::Approx(3 * at["time"]["request"].get<double>()));
  CHECK(over["queue"]["wait"].get<double>() == doctest::Approx(2 * at["time"]["request"].get<double>()));
  CHECK(at["queue"]["wait"] == 0.0);
  // Nothing fits: no throughput at all.
  const json none = serve("llama-3.1-405b", 1, {{"tp", 1}}, {{"weights", "fp8"}, {"concurrency", 4}});
  CHECK(none["queue"]["held"] == false);
  CHECK(none["throughput"]["tokens_per_second"] == 0.0);
}

TEST_CASE(
    "each runtime's host time per step: vLLM's grows with tp, TensorRT-LLM's measured 0.58 ms, a given value wins") {
  const auto host = [](const char* runtime, int tp, json extra = json::object()) {
    json s{{"prompt", 512}, {"output", 64}, {"concurrency", 4}, {"runtime", runtime}};
    s.update(extra);
    return serve("llama-3.1-70b", 8, {{"tp", tp}}, s)["serving"]["host_overhead"].get<double>();
  };
  CHECK(host("vllm", 1) == doctest::Approx(0.33e-3 + 0.20e-3));
  CHECK(host("vllm", 4) == doctest::Approx(0.33e-3 + 4 * 0.20e-3));
  CHECK(host("trtllm", 8) == doctest::Approx(0.58e-3));
  CHECK(host("sglang", 8) == 0.0);  // the overlap scheduler leaves the GPU no gap
  CHECK(host("ideal", 8) == 0.0);
  CHECK(host("vllm", 4, {{"host_overhead", 0.002}}) == 0.002);
  // The step waits for it: a vLLM step at tp 4 is its GPU step plus the host time.
  json s{{"prompt", 512}, {"output", 64}, {"concurrency", 4}, {"runtime", "vllm"}};
  const json with = serve("llama-3.1-70b", 4, {{"tp", 4}}, s);
  s["host_overhead"] = 0;
  const json without = serve("llama-3.1-70b", 4, {{"tp", 4}}, s);
  CHECK(with["time"]["decode_step"].get<double>() ==
        doctest::Approx(without["time"]["decode_step"].get<double>() + 0.33e-3 + 4 * 0.20e-3));
  // The search gives each layout its own tp's host time.
  const json found = atlas::run(
      "search", json{{"mode", "inference"},
                     {"model", {{"preset", "llama-3.1-70b"}}},
                     {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                     {"serving", {{"prompt", 512}, {"output", 64}, {"concurrency", 4}, {"runtime", "vllm"}}}});
  REQUIRE_FALSE(atlas::is_error(found));
  for (const auto& t : found["top"]) {
    const double tp = t["parallel"]["tp"].get<double>();
    CHECK(t["time"]["decode"]["host_overhead"].get<double>() == doctest::Approx(0.33e-3 + tp * 0.20e-3));
  }
}

TEST_CASE("the host time's formula says where the figure comes from") {
  json s{{"prompt", 512}, {"output", 64}, {"concurrency", 4}, {"runtime", "vllm"}};
  const auto text = [](const json& plan) {
    return plan["time"]["formulas"]["host_overhead"]["text"].get<std::string>();
  };
  CHECK(text(serve("llama-3.1-70b", 4, {{"tp", 4}}, s)).find("measured for this runtime") != std::string::npos);
  s["host_overhead"] = 0.003;
  CHECK(text(serve("llama-3.1-70b", 4, {{"tp", 4}}, s)).find("as the request gives it") != std::string::npos);
  s.erase("host_overhead"), s["runtime"] = "sglang";
  CHECK(text(serve("llama-3.1-70b", 4, {{"tp", 4}}, s)).find("hides behind") != std::string::npos);
}

TEST_CASE("under load a prompt waits for the step in flight, and mixed batches run it beside every running token") {
  const auto plan = [](const char* runtime, int concurrency) {
    return serve("llama-3.1-8b", 1, {{"tp", 1}},
                 {{"prompt", 1024},
                  {"output", 256},
                  {"concurrency", concurrency},
                  {"runtime", runtime},
                  {"lengths", "dataset"}});
  };
  const auto load = [](const json& p) { return p["time"]["first_token_parts"]["under_load"].get<double>(); };
  // SGLang prefills on its own: half a step on average before its prompt's batch starts.
  const json sg = plan("sglang", 32);
  CHECK(load(sg) == doctest::Approx(0.5 * sg["time"]["per_output_token"].get<double>()));
  // vLLM mixes the prompt into a step that also decodes the 32 running sequences: longer still.
  const json v = plan("vllm", 32);
  CHECK(load(v) > 0.5 * v["time"]["per_output_token"].get<double>());
  CHECK(v["time"]["formulas"]["first_token"]["text"].get<std::string>().find("under load") != std::string::npos);
  double sum = 0;
  for (const auto& part : v["time"]["first_token_parts"]) sum += part.get<double>();
  CHECK(sum == doctest::Approx(v["time"]["first_token"].get<double>()));
  // One user, the earlier model, or gpt-fast's static batch: nothing in flight.
  CHECK(load(plan("vllm", 1)) == 0.0);
  CHECK(load(plan("ideal", 32)) == 0.0);
  CHECK(load(plan("gpt-fast", 32)) == 0.0);
}

TEST_CASE("with pipeline stages the decode step's formula adds up: the busiest stage, then the pipeline's cycle") {
  const json s{{"prompt", 512}, {"output", 256}, {"concurrency", 16}, {"runtime", "sglang"}};
  const json staged = serve("llama-3.1-70b", 8, {{"tp", 4}, {"pp", 2}}, s);
  REQUIRE_FALSE(atlas::is_error(staged));
  const json& f = staged["time"]["formulas"]["decode_step"];
  CHECK(f["text"].get<std::string>().rfind("the busiest stage", 0) == 0);
  const json& v = f["values"];
  REQUIRE(v.size() == 14);
  const double busiest = v[7]["value"], stages = v[9]["value"], groups = v[11]["value"], host = v[12]["value"];
  CHECK(v[8]["value"] == 2.0);  // the stages
  CHECK(v[10]["value"] == busiest);
  CHECK(std::max(stages, groups * busiest) + host == doctest::Approx(v[13]["value"].get<double>()));
  CHECK(v[13]["value"] == staged["time"]["decode_step"]);
  // Both stages take their turn, each at most the busiest.
  CHECK(stages <= 2 * busiest + 1e-12);
  CHECK(stages > busiest);
  // One stage: the step is the stage's terms and the host, as before.
  const json flat = serve("llama-3.1-70b", 4, {{"tp", 4}}, s);
  CHECK(flat["time"]["formulas"]["decode_step"]["text"].get<std::string>().rfind("Σ over GEMMs", 0) == 0);
}
