// Inference mode of plan and search: weight and KV bytes against the hand formulas, decode never
// below the HBM bound, the shapes of the latency–throughput trade, coded errors, and the
// published serving cases (content/presets/serving-cases.json).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Llama 3.1 shapes (content/presets/models.json), written out again so the test does not lean
// on the engine's own parameter count.
struct Shape {
  double L, h, heads, kv, f, V;
};
const Shape k8b{32, 4096, 32, 8, 14336, 128256};
const Shape k70b{80, 8192, 64, 8, 28672, 128256};
const Shape k405b{126, 16384, 128, 8, 53248, 128256};

double linear_per_layer(const Shape& s) {
  const double kv_width = s.h / s.heads * s.kv;
  return s.h * (s.h + 2 * kv_width) + s.h * s.h + 3 * s.h * s.f;  // Q, K, V, O; gate, up, down
}

// bf16 weights of one device with tp ranks and no pipeline: linear ÷ tp, two RMSNorms per layer
// and the final one on every rank, untied embedding and head split over the vocabulary.
double device_bytes(const Shape& s, double tp, double bytes_per_linear) {
  return s.L * linear_per_layer(s) / tp * bytes_per_linear + 2 * (s.L * 2 * s.h + s.h + 2 * s.V * s.h / tp);
}

bool all_finite(const json& j) {
  if (j.is_number()) return std::isfinite(j.get<double>());
  if (j.is_structured())
    for (const auto& v : j)
      if (!all_finite(v)) return false;
  return true;
}

}  // namespace

TEST_CASE("weights per device are the parameter count split by tensor parallelism, norms on every rank") {
  for (int tp : {1, 2, 4, 8}) {
    const json r = serve("llama-3.1-8b", tp, {{"tp", tp}});
    REQUIRE_FALSE(r.contains("error"));
    CHECK(r["memory"]["weights"].get<double>() == doctest::Approx(device_bytes(k8b, tp, 2)).epsilon(1e-12));
    const double whole = 2 * (r["model"]["parameters"].get<double>() + (tp - 1) * (k8b.L * 2 * k8b.h + k8b.h));
    CHECK(r["memory"]["weights_per_instance"].get<double>() == doctest::Approx(whole).epsilon(1e-12));
  }
  const json big = serve("llama-3.1-405b", 8, {{"tp", 8}}, {{"weights", "fp8"}});
  CHECK(big["memory"]["weights"].get<double>() == doctest::Approx(device_bytes(k405b, 8, 1)).epsilon(1e-12));
  // A pipeline puts the embedding on the first stage and the head on the last: the busiest
  // device holds half the layers and one of the two vocabulary tables.
  const json piped = serve("llama-3.1-70b", 8, {{"tp", 4}, {"pp", 2}});
  const double first = 40 * linear_per_layer(k70b) / 4 * 2 + 2 * (40 * 2 * k70b.h + k70b.V * k70b.h / 4);
  CHECK(piped["memory"]["weights"].get<double>() == doctest::Approx(first + 2 * k70b.h).epsilon(1e-12));
}

TEST_CASE("int4 weights carry a 2 B scale and a 0.5 B zero point per group of 128; other tensors stay bf16") {
  const double per_weight = 0.5 + 2.5 / 128;
  const json r = serve("llama-3.1-70b", 1, {{"tp", 1}}, {{"weights", "int4"}, {"prompt", 1024}, {"output", 256}});
  CHECK(r["memory"]["weights"].get<double>() == doctest::Approx(device_bytes(k70b, 1, per_weight)).epsilon(1e-12));
  // A 70B model in bf16 does not fit one 80 GB GPU; in int4 it does, with room for a few sequences.
  CHECK(serve("llama-3.1-70b", 1, {{"tp", 1}})["memory"]["fits"] == false);
  CHECK(r["memory"]["fits"] == true);
  CHECK(r["memory"]["max_concurrency"].get<int>() > 1);
}

TEST_CASE("KV cache per token: 2 · layers · KV heads · head size · bytes, split over tp, copied when tp > KV heads") {
  const json a = serve("llama-3.1-8b", 1, {{"tp", 1}});
  CHECK(a["memory"]["kv_cache_per_token"] == 2.0 * 32 * 8 * 128 * 2);
  const json b = serve("llama-3.1-70b", 8, {{"tp", 8}}, {{"kv", "fp8"}});
  CHECK(b["memory"]["kv_cache_per_token"] == 2.0 * 80 * 8 * 128 * 1);
  CHECK(b["memory"]["kv_cache_per_token_device"] == 2.0 * 80 * 1 * 128 * 1);
  // 16 ranks share 8 KV heads: each keeps a whole head, the instance stores every head twice.
  const json c = serve("llama-3.1-70b", 16, {{"tp", 16}});
  REQUIRE_FALSE(c.contains("error"));
  CHECK(c["memory"]["kv_cache_per_token_device"] == 2.0 * 80 * 1 * 128 * 2);
  CHECK(c["memory"]["kv_cache_per_token"] == 2.0 * 80 * 16 * 128 * 2);
  const json moe = serve("mixtral-8x7b", 2, {{"tp", 2}});
  CHECK(moe["memory"]["kv_cache_per_token"] == 2.0 * 32 * 8 * 128 * 2);
}

TEST_CASE("paged blocks round each sequence up; max concurrency is exactly where it stops fitting") {
  const json r = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"prompt", 1000}, {"output", 30}, {"block", 16}});
  CHECK(r["memory"]["tokens_per_sequence"] == 1040);
  CHECK(r["memory"]["kv_cache_per_sequence"] == 1040.0 * 131072);
  for (const char* model : {"llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b"}) {
    const int gpus = std::string(model) == "llama-3.1-8b" ? 1 : 4;
    const json base = serve(model, gpus, {{"tp", gpus}}, {{"prompt", 4096}, {"output", 512}});
    const std::int64_t max = base["memory"]["max_concurrency"];
    REQUIRE(max > 0);
    CHECK(serve(model, gpus, {{"tp", gpus}},
                {{"prompt", 4096}, {"output", 512}, {"concurrency", max}})["memory"]["fits"] == true);
    const json over = serve(model, gpus, {{"tp", gpus}}, {{"prompt", 4096}, {"output", 512}, {"concurrency", max + 1}});
    CHECK(over["memory"]["fits"] == false);
    CHECK(over["memory"]["total"].get<double>() > over["memory"]["capacity"].get<double>());
  }
}

TEST_CASE("decode is never below the HBM bound, and every number is finite") {
  for (const char* model : {"llama-3.1-8b", "llama-3.1-70b", "mixtral-8x7b"})
    for (int tp : {1, 2, 4, 8})
      for (int concurrency : {1, 7, 64, 600})
        for (const char* w : {"bf16", "int4"}) {
          const json r = serve(model, 8, {{"tp", tp}}, {{"concurrency", concurrency}, {"weights", w}});
          REQUIRE_FALSE(r.contains("error"));
          CHECK(all_finite(r));
          const json& t = r["time"];
          CHECK(t["decode_step"].get<double>() >= t["hbm_bound"].get<double>());
          CHECK(t["per_output_token"].get<double>() >= t["decode_step"].get<double>());
          CHECK(t["first_token"].get<double>() > 0);
        }
}

TEST_CASE("serving plans run the attention kernel they name: FlashAttention-2 on H100 makes the prompt slower") {
  // A long prompt (the model's 8k context), so the attention core is a large share of prefill.
  const json serving{{"prompt", 8000}, {"output", 16}, {"concurrency", 1}};
  const json native = serve("llama-3.1-8b", 1, {{"tp", 1}}, serving);
  const json fa2 = serve("llama-3.1-8b", 1, {{"tp", 1}, {"attention_kernel", "flash-attention-2"}}, serving);
  REQUIRE_FALSE(native.contains("error"));
  REQUIRE_FALSE(fa2.contains("error"));
  CHECK(native["parallel"]["attention_kernel"] == "native");
  CHECK(fa2["parallel"]["attention_kernel"] == "flash-attention-2");
  // FlashAttention-2's cited H100 rate (0.315 of peak) is below the native fused kernels'.
  CHECK(fa2["time"]["first_token"].get<double>() > 1.05 * native["time"]["first_token"].get<double>());
  const std::string text = fa2["time"]["formulas"]["first_token"]["text"].get<std::string>();
  CHECK(text.find("FlashAttention-2") != std::string::npos);
  // On A100, which cites no separate rate, naming it changes nothing.
  const json a_native = serve("llama-3.1-8b", 1, {{"tp", 1}}, serving, "a100-80gb");
  const json a_fa2 =
      serve("llama-3.1-8b", 1, {{"tp", 1}, {"attention_kernel", "flash-attention-2"}}, serving, "a100-80gb");
  CHECK(a_fa2["time"]["first_token"].get<double>() ==
        doctest::Approx(a_native["time"]["first_token"].get<double>()).epsilon(1e-12));
  // A kernel the engine does not know is an error at its field.
  CHECK(error_path(serve("llama-3.1-8b", 1, {{"attention_kernel", "flash-attention-9"}})) ==
        "/parallel/attention_kernel");
}

TEST_CASE("more concurrency: slower for each user, more tokens/s per GPU until compute-bound, then it saturates") {
  const json r = serve("llama-3.1-70b", 8, {{"tp", 8}}, {{"concurrency", 1024}});
  const json& points = r["curve"]["points"];
  const std::int64_t knee = r["curve"]["compute_bound_from"];
  REQUIRE(knee > 1);
  REQUIRE(points.size() > 6);
  const std::int64_t max = r["memory"]["max_concurrency"];
  REQUIRE(points.back()["concurrency"].get<std::int64_t>() > max);
  for (std::size_t i = 1; i < points.size(); ++i) {
    // Past what the KV cache holds, the fitting number is served and the rest wait: nothing changes.
    if (points[i]["concurrency"].get<std::int64_t>() > max) {
      CHECK(points[i]["served"] == max);
      CHECK(points[i]["tokens_per_second"] == points[i - 1]["tokens_per_second"]);
      continue;
    }
    CHECK(points[i]["per_output_token"].get<double>() > points[i - 1]["per_output_token"].get<double>());
    CHECK(points[i]["tokens_per_second_per_user"].get<double>() <
          points[i - 1]["tokens_per_second_per_user"].get<double>());
    const double gain =
        points[i]["tokens_per_second_per_gpu"].get<double>() / points[i - 1]["tokens_per_second_per_gpu"].get<double>();
    const double ratio = points[i]["concurrency"].get<double>() / points[i - 1]["concurrency"].get<double>();
    CHECK(gain > 1.0);
    if (points[i - 1]["concurrency"].get<std::int64_t>() >= knee) CHECK(gain < 1 + 0.15 * (ratio - 1));
    CHECK((points[i]["bound"] == "compute") == (points[i]["concurrency"].get<std::int64_t>() >= knee));
  }
  CHECK(points[1]["tokens_per_second_per_gpu"].get<double>() >
        1.5 * points[0]["tokens_per_second_per_gpu"].get<double>());
  for (const auto& p : points)
    CHECK(p["fits"] == (p["concurrency"].get<std::int64_t>() <= r["memory"]["max_concurrency"].get<std::int64_t>()));
}

TEST_CASE("tensor parallelism: fewer weight bytes per device, two all-reduces per layer on every token") {
  const json one = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"concurrency", 1}});
  const json two = serve("llama-3.1-8b", 2, {{"tp", 2}}, {{"concurrency", 1}});
  CHECK(two["memory"]["weights"].get<double>() < one["memory"]["weights"].get<double>());
  CHECK(one["time"]["decode"]["communication"] == 0.0);
  CHECK(one["communication"]["decode"].empty());
  CHECK(two["time"]["decode"]["communication"].get<double>() > 0);
  int per_layer = 0;
  for (const auto& t : two["communication"]["decode"]) {
    if (t["group"] != "TP" || t["collective"] != "all-reduce" || t["calls"] != 32.0) continue;
    ++per_layer;
    CHECK(t["bytes_per_call"] == 2.0 * 4096);       // one bf16 hidden state
    CHECK(t["latency_share"].get<double>() > 0.5);  // a few kilobytes: latency dominates
  }
  CHECK(per_layer == 2);
  // Splitting 8 ways makes one user faster, but under load the GPUs give fewer tokens than 8 replicas.
  const auto on8 = [](int tp, int concurrency) {
    return serve("llama-3.1-8b", 8, {{"tp", tp}}, {{"concurrency", concurrency}});
  };
  CHECK(on8(8, 1)["time"]["per_output_token"].get<double>() < on8(1, 1)["time"]["per_output_token"].get<double>());
  const json tp8 = on8(8, 512), dp8 = on8(1, 512);
  REQUIRE(dp8["memory"]["fits"] == true);
  CHECK(tp8["throughput"]["tokens_per_second_per_gpu"].get<double>() <
        dp8["throughput"]["tokens_per_second_per_gpu"].get<double>());
}

TEST_CASE("pipeline and experts: sends per token, all-to-all per layer, a pipeline does not cut latency") {
  const json tp = serve("llama-3.1-70b", 4, {{"tp", 4}}, {{"concurrency", 1}});
  const json pp = serve("llama-3.1-70b", 8, {{"tp", 4}, {"pp", 2}}, {{"concurrency", 1}});
  CHECK(pp["time"]["per_output_token"].get<double>() >= 0.95 * tp["time"]["per_output_token"].get<double>());
  CHECK(pp["memory"]["max_concurrency"].get<double>() > 2 * tp["memory"]["max_concurrency"].get<double>());
  bool send = false;
  for (const auto& t : pp["communication"]["decode"]) send = send || t["id"] == "pp-send";
  CHECK(send);
  const json moe = serve("mixtral-8x7b", 8, {{"tp", 1}, {"ep", 8}});
  REQUIRE_FALSE(moe.contains("error"));
  int a2a = 0;
  for (const auto& t : moe["communication"]["decode"]) a2a += t["collective"] == "all-to-all" && t["calls"] == 32.0;
  CHECK(a2a == 2);
}

TEST_CASE("disaggregated prefill: even replicas, the KV hand-off, decode steps free of prompts") {
  const json odd = serve("llama-3.1-8b", 3, {{"tp", 1}}, {{"disaggregated", true}});
  CHECK(has_error(odd, "disaggregated_replicas", "/serving/disaggregated"));
  const json r = serve("llama-3.1-8b", 2, {{"tp", 1}}, {{"disaggregated", true}});
  REQUIRE_FALSE(r.contains("error"));
  CHECK(r["time"]["per_output_token"] == r["time"]["decode_step"]);
  CHECK(r["time"]["kv_handoff"].get<double>() > 0);
  CHECK(r["communication"]["prefill"].back()["id"] == "kv-handoff");
}

TEST_CASE("bad serving requests get coded errors at their paths") {
  CHECK(has_error(serve("llama-3.1-8b", 3, {{"tp", 3}}), "tp_heads", "/parallel/tp"));
  CHECK(has_error(serve("llama-3.1-70b", 4, {{"tp", 4}, {"pp", 2}}), "gpus_mismatch", "/parallel/dp") == false);
  CHECK(has_error(serve("llama-3.1-70b", 6, {{"tp", 4}}), "gpus_not_divisible", "/hardware/gpus"));
  CHECK(has_error(serve("llama-3.1-8b", 1, {{"tp", 1}, {"cp", 2}}), "cp_serving", "/parallel/cp"));
  const json ctx = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"prompt", 8000}, {"output", 500}});
  CHECK(error_code(ctx) == "context_too_long");
  CHECK(error_path(ctx) == "/serving/output");
  CHECK(error_path(serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"prompt", 9000}})) == "/serving/prompt");
  const json zero = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"concurrency", 0}});
  CHECK(error_code(zero) == "out_of_range");
  CHECK(error_path(zero) == "/serving/concurrency");
  const json fmt = serve("llama-3.1-8b", 1, {{"tp", 1}}, {{"weights", "int3"}});
  CHECK(error_code(fmt) == "unknown_value");
  CHECK(error_path(fmt) == "/serving/weights");
  json bad_mode{{"mode", "serving"}, {"model", {{"preset", "llama-3.1-8b"}}}};
  CHECK(error_path(call("plan", bad_mode)) == "/mode");
  CHECK(error_path(call("search", bad_mode)) == "/mode");
}

TEST_CASE("search in inference mode: fastest per token first, or the most tokens/s per GPU within a limit") {
  json req{{"mode", "inference"},
           {"model", {{"preset", "llama-3.1-70b"}}},
           {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
           {"serving", {{"concurrency", 32}}},
           {"top", 20}};
  const json fast = call("search", req);
  REQUIRE(!fast["top"].empty());
  const json& c = fast["counts"];
  CHECK(c["evaluated"] == c["invalid"].get<int>() + c["out_of_memory"].get<int>() + c["fits"].get<int>());
  for (std::size_t i = 1; i < fast["top"].size(); ++i)
    CHECK(fast["top"][i]["time"]["per_output_token"].get<double>() >=
          fast["top"][i - 1]["time"]["per_output_token"].get<double>());
  CHECK(fast["top"][0]["parallel"]["tp"] == 8);
  req["objective"] = "throughput";
  req["latency_limit"] = 0.05;
  const json most = call("search", req);
  REQUIRE(!most["top"].empty());
  for (std::size_t i = 0; i < most["top"].size(); ++i) {
    CHECK(most["top"][i]["time"]["per_output_token"].get<double>() <= 0.05);
    if (i > 0)
      CHECK(most["top"][i]["throughput"]["tokens_per_second_per_gpu"].get<double>() <=
            most["top"][i - 1]["throughput"]["tokens_per_second_per_gpu"].get<double>());
  }
  // Every layout it returns is what plan says about the same layout.
  json one{{"mode", "inference"},
           {"model", req["model"]},
           {"hardware", req["hardware"]},
           {"serving", req["serving"]},
           {"parallel", {{"tp", most["top"][0]["parallel"]["tp"]}, {"pp", most["top"][0]["parallel"]["pp"]}}}};
  CHECK(call("plan", one)["throughput"]["tokens_per_second_per_gpu"] ==
        most["top"][0]["throughput"]["tokens_per_second_per_gpu"]);
}

TEST_CASE("published serving cases: each within its stated tolerance, calibration and validation apart") {
  const json cases = json::parse(read_source_file("content/presets/serving-cases.json"));
  REQUIRE(cases["cases"].size() >= 9);
  int validation = 0;
  for (const auto& k : cases["cases"]) {
    const json r = call("plan", k["request"]);
    REQUIRE_FALSE(r.contains("error"));
    const std::string metric = k["metric"];
    const double predicted =
        metric == "first_token" ? r["time"][metric].get<double>() : r["throughput"][metric].get<double>();
    const double error = predicted / k["measured"].get<double>() - 1;
    INFO(k["id"].get<std::string>() << ": predicted " << predicted << ", measured " << k["measured"] << ", error "
                                    << error);
    CHECK(std::fabs(error) < k["tolerance"].get<double>());
    // Wide tolerances are for cases whose gap the file explains.
    if (k["tolerance"].get<double>() > 0.15) CHECK(k.contains("gap"));
    if (k["role"] == "calibration")
      CHECK(k["tolerance"].get<double>() <= 0.05);
    else
      validation += 1;
    bool cited = false;
    for (const auto& src : cases["sources"])
      cited = cited || (src["id"] == k["source"] && src["url"].get<std::string>().rfind("https://", 0) == 0);
    CHECK(cited);
  }
  CHECK(validation >= 8);
}

TEST_CASE("fidelity in inference mode: every serving case with the engine's figure and error, summaries by role") {
  const json f = call("fidelity", json{{"mode", "inference"}});
  REQUIRE(!atlas::is_error(f));
  const json cases = json::parse(read_source_file("content/presets/serving-cases.json"));
  REQUIRE(f["cases"].size() == cases["cases"].size());
  int calibration = 0;
  double worst = 0;
  for (const auto& c : f["cases"]) {
    CHECK(c["error"].get<double>() == doctest::Approx(c["engine"].get<double>() / c["measured"].get<double>() - 1));
    if (c["role"] == "calibration")
      ++calibration;
    else
      worst = std::fmax(worst, std::fabs(c["error"].get<double>()));
  }
  CHECK(f["calibration"]["cases"] == calibration);
  CHECK(f["validation"]["cases"].get<int>() + calibration == static_cast<int>(f["cases"].size()));
  CHECK(f["validation"]["max_abs_error"].get<double>() == doctest::Approx(worst));
  CHECK(error_path(call("fidelity", json{{"mode", "serve"}})) == "/mode");
}

TEST_CASE("serving the 2025-26 shapes: latent attention caches its latent, sliding layers their window") {
  // DeepSeek-V3 in bf16: 61 layers × (512 latent + 64 rotary key) × 2 B, whole on every tp rank.
  const json ds =
      serve("deepseek-v3", 16, {{"tp", 16}}, {{"prompt", 1024}, {"output", 1024}, {"concurrency", 1}}, "h200");
  REQUIRE_FALSE(atlas::is_error(ds));
  CHECK(ds["memory"]["kv_cache_per_token"].get<double>() == 61.0 * (512 + 64) * 2);
  CHECK(ds["memory"]["kv_cache_per_token"].get<double>() == 70272.0);
  // GPT-OSS-20B holding 8,192 tokens: 12 full layers × 8,192 and 12 sliding layers × 128 tokens,
  // each 2 × 8 KV heads × 64 × 2 B (one GPU, so all 8 heads on it).
  // (seq is the serving context limit: the released model's 131,072.)
  const auto oss_serve = [](int prompt, int output) {
    return call("plan", json{{"mode", "inference"},
                             {"model", {{"preset", "gpt-oss-20b"}, {"seq", 131072}}},
                             {"hardware", {{"preset", "h100-sxm"}, {"gpus", 1}}},
                             {"parallel", {{"tp", 1}}},
                             {"serving", {{"prompt", prompt}, {"output", output}, {"concurrency", 1}}}});
  };
  const json oss = oss_serve(4096, 4096);
  REQUIRE_FALSE(atlas::is_error(oss));
  const double per_layer_token = 2.0 * 8 * 64 * 2;
  const json& stage = oss["stages"][0]["memory"];
  CHECK(stage["kv_cache_per_sequence"].get<double>() == doctest::Approx((12 * 8192.0 + 12 * 128.0) * per_layer_token));
  // A longer sequence grows only the full layers' cache.
  const json longer = oss_serve(8192, 8192);
  REQUIRE_FALSE(atlas::is_error(longer));
  CHECK(longer["stages"][0]["memory"]["kv_cache_per_sequence"].get<double>() ==
        doctest::Approx((12 * 16384.0 + 12 * 128.0) * per_layer_token));
}

// Never a speed for a batch that cannot be held: with no sequence beside the weights, a user's
// token rate is 0 like the GPU's, while one sequence's step time is still shown.
TEST_CASE("a model that does not fit serves no user: no tokens per second per user either") {
  const json r = serve("gpt-oss-120b", 1, {{"tp", 1}}, {{"weights", "bf16"}, {"concurrency", 4}}, "h100-sxm");
  REQUIRE_FALSE(r.contains("error"));
  CHECK(r["memory"]["fits"] == false);
  CHECK(r["throughput"]["tokens_per_second_per_gpu"].get<double>() == 0.0);
  CHECK(r["throughput"]["tokens_per_second_per_user"].get<double>() == 0.0);
  CHECK(r["time"]["per_output_token"].get<double>() > 0.0);
  const std::string why = r["throughput"]["formulas"]["tokens_per_second_per_user"]["text"].get<std::string>();
  CHECK(why.find("no sequence fits") != std::string::npos);
  const json fits =
      serve("gpt-oss-120b", 1, {{"tp", 1}}, {{"weights", "bf16"}, {"expert_weights", "mxfp4"}, {"concurrency", 4}});
  CHECK(fits["throughput"]["tokens_per_second_per_user"].get<double>() ==
        doctest::Approx(1.0 / fits["time"]["per_output_token"].get<double>()).epsilon(1e-12));
}
