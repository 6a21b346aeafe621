// Prompts under continuous batching: each decode step makes room for the prompts of the sequences
// that finished (sequences ÷ output a step). A runtime with mixed batches runs them inside the
// decode step's forward pass (one read of the weights, their tokens as extra GEMM rows); one
// without prefills them in batches of their own, as many prompts as its token budget holds;
// `ideal` keeps the earlier model of one prefill per prompt. The requests' lengths differ (a
// dataset's), so the arrivals spread over the steps; with one length they keep in step
// (lockstep_test.cpp).
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json prefill_plan(const char* runtime, int prompt, int output, int concurrency) {
  return serve("llama-3.1-8b", 1, {{"tp", 1}},
               {{"prompt", prompt},
                {"output", output},
                {"concurrency", concurrency},
                {"runtime", runtime},
                {"lengths", "dataset"}});
}

double prompt_share(const json& plan) { return plan["time"]["prompt_share"].get<double>(); }

}  // namespace

TEST_CASE("each decode step makes room for sequences ÷ output prompts, and per output token adds their time") {
  for (const char* runtime : {"ideal", "vllm", "sglang", "trtllm", "lmdeploy", "gpt-fast"}) {
    CAPTURE(runtime);
    const json p = prefill_plan(runtime, 512, 64, 32);
    const json& t = p["time"];
    CHECK(t["prompts_per_step"].get<double>() == doctest::Approx(32.0 / 64.0));
    CHECK(prompt_share(p) > 0);
    CHECK(t["per_output_token"].get<double>() ==
          doctest::Approx(t["decode_step"].get<double>() + prompt_share(p)).epsilon(1e-12));
  }
}

TEST_CASE("ideal keeps one prefill pass per prompt, each reading the weights on its own") {
  const json p = prefill_plan("ideal", 512, 64, 32);
  CHECK(prompt_share(p) == doctest::Approx(0.5 * p["time"]["prefill"].get<double>()).epsilon(1e-9));
}

TEST_CASE("a prompt riding in a decode step costs less than its own pass: the weights are read once") {
  // Batch 8 of an 8B model is bound by its weight bytes; one 128-token prompt adds GEMM rows,
  // attention and KV writes to the step, not another read of 8 GB.
  const json p = prefill_plan("trtllm", 128, 8, 8);
  CHECK(p["time"]["prompts_per_step"] == 1.0);
  CHECK(prompt_share(p) < 0.5 * p["time"]["prefill"].get<double>());
  // Half a prompt a step: every other step carries one, so half the share of a whole one.
  const json half = prefill_plan("trtllm", 128, 16, 8);
  CHECK(prompt_share(half) == doctest::Approx(0.5 * prompt_share(p)).epsilon(1e-9));
}

TEST_CASE("compute-bound steps: prompts batched as GEMM rows run at the large-batch efficiency") {
  // About 1900 sequences of 128 + 128 tokens fit: some 15 prompts a step. Their tokens as extra
  // rows of the step's GEMMs cost less than as passes of 128 rows each.
  const json p = prefill_plan("trtllm", 128, 128, 2048);
  const double prompts = p["time"]["prompts_per_step"].get<double>();
  CHECK(prompts == doctest::Approx(p["queue"]["served"].get<double>() / 128.0));
  CHECK(prompts > 8.0);
  CHECK(prompt_share(p) < 0.8 * prompts * p["time"]["prefill"].get<double>());
  CHECK(p["time"]["formulas"]["per_output_token"]["text"].get<std::string>().find("riding in its forward pass") !=
        std::string::npos);
}

TEST_CASE("without mixed batches prompts are prefilled together, as many as the token budget holds") {
  // SGLang's chunked_prefill_size, 8192 tokens: eight 1000-token prompts share one pass.
  const json eight = prefill_plan("sglang", 1000, 100, 800);
  const double prompts = eight["time"]["prompts_per_step"].get<double>();
  REQUIRE(prompts > 1.0);
  CHECK(prompt_share(eight) < prompts * eight["time"]["prefill"].get<double>());
  CHECK(eight["time"]["formulas"]["per_output_token"]["text"].get<std::string>().find("batches of their own") !=
        std::string::npos);
  // A 5000-token prompt fills the budget alone: one pass per prompt, as many passes as prompts.
  const json alone = prefill_plan("sglang", 5000, 50, 400);
  const double n = alone["time"]["prompts_per_step"].get<double>();
  REQUIRE(n > 1.0);
  CHECK(prompt_share(alone) == doctest::Approx(n * alone["time"]["prefill"].get<double>()).epsilon(1e-9));
  // gpt-fast's static batch has no budget: every admitted prompt in one pass (two a step here).
  const json fast = prefill_plan("gpt-fast", 5000, 4, 8);
  REQUIRE(fast["time"]["prompts_per_step"] == 2.0);
  CHECK(prompt_share(fast) < fast["time"]["prompts_per_step"].get<double>() * fast["time"]["prefill"].get<double>());
}
