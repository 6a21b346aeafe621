// vLLM's KV pool as its start-up profile sizes it, and the running limit its scheduler keeps
// (issue 39): the profile's torch peak against vLLM v0.19's own logs (llm-d-planner's accuracy
// sweep on H100), the pool left for the KV cache, and max_num_seqs by GPU.
#include <doctest/doctest.h>

#include "atlas/inference/serving_runtime.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json vllm_memory(const char* model, int tp, const char* hardware = "h100-sxm") {
  return serve(model, tp, {{"tp", tp}}, {{"prompt", 1000}, {"output", 100}, {"concurrency", 1}, {"runtime", "vllm"}},
               hardware)["memory"];
}

double gib(const json& v) { return v.get<double>() / atlas::kGiB; }

}  // namespace

TEST_CASE("vLLM's profile peak follows the vocabulary its sampler's dummy run spans, as its logs show") {
  // "torch peak memory increase" in the v0.19 start-up logs at max_num_seqs 1024, 8192 tokens.
  CHECK(gib(vllm_memory("llama-3.1-8b", 1)["activations"]) == doctest::Approx(1.89).epsilon(0.05));
  CHECK(gib(vllm_memory("llama-3.1-70b", 4)["activations"]) == doctest::Approx(1.97).epsilon(0.05));
  CHECK(gib(vllm_memory("qwen3-8b", 1)["activations"]) == doctest::Approx(2.21).epsilon(0.05));
  // Mixture of experts: the fused-MoE caches come on top (2.68 GiB logged for Qwen3-30B-A3B).
  CHECK(gib(vllm_memory("qwen3-30b-a3b", 1)["activations"]) == doctest::Approx(2.68).epsilon(0.08));
  CHECK(gib(vllm_memory("mixtral-8x7b", 2)["activations"]) == doctest::Approx(1.21).epsilon(0.10));
  // Only the last pipeline stage samples: an earlier stage's peak has no sampler in it.
  const json staged = serve("llama-3.1-70b", 8, {{"tp", 4}, {"pp", 2}},
                            {{"prompt", 1000}, {"output", 100}, {"concurrency", 1}, {"runtime", "vllm"}});
  CHECK(gib(staged["stages"][0]["memory"]["activations"]) < 1.0);
  CHECK(gib(staged["stages"][1]["memory"]["activations"]) > 1.5);
}

TEST_CASE("vLLM's KV pool: 0.9 of CUDA's memory less weights, profile peak and what lies outside PyTorch") {
  const json m = vllm_memory("llama-3.1-8b", 1);
  const double capacity = m["capacity"].get<double>();
  const double pool =
      capacity - m["weights"].get<double>() - m["activations"].get<double>() - m["reserve"].get<double>();
  // The log's own parts at 0.9: 0.9 × 79.19 − 14.99 weights − 1.89 peak − 0.25 outside = 54.14 GiB.
  CHECK(pool / atlas::kGiB == doctest::Approx(0.9 * 79.19 - 14.99 - 1.89 - 0.25).epsilon(0.02));
  // At tp > 1, NCCL and the custom all-reduce take about 2.1 GiB more of each GPU.
  const json tp2 = vllm_memory("llama-3.1-8b", 2);
  CHECK(gib(tp2["reserve"]) - gib(m["reserve"]) == doctest::Approx(2.1 - 0.25));
}

TEST_CASE("vLLM's scheduler runs at most max_num_seqs per replica: 1024 on an H100, 256 on an A100") {
  const json s{{"prompt", 128}, {"output", 128}, {"concurrency", 4000}, {"runtime", "vllm"}};
  const json h100 = serve("llama-3.1-8b", 1, {{"tp", 1}}, s);
  CHECK(h100["memory"]["max_concurrency"].get<int>() > 1024);  // the KV cache would hold more
  CHECK(h100["queue"]["served"] == 1024);
  CHECK(h100["queue"]["limit"] == "scheduler");
  CHECK(h100["queue"]["running_limit"] == 1024);
  CHECK(serve("llama-3.1-8b", 1, {{"tp", 1}}, s, "a100-80gb")["queue"]["served"] == 256);
  // Two replicas run their own schedulers.
  CHECK(serve("llama-3.1-8b", 2, {{"tp", 1}, {"dp", 2}}, s)["queue"]["served"] == 2048);
  // SGLang sizes its running requests from its token pool: only the KV cache limits it.
  json sg = s;
  sg["runtime"] = "sglang";
  const json sglang = serve("llama-3.1-8b", 1, {{"tp", 1}}, sg);
  CHECK(sglang["queue"]["running_limit"] == 0);
  CHECK(sglang["queue"]["served"] == std::min<std::int64_t>(4000, sglang["memory"]["max_concurrency"]));
}
