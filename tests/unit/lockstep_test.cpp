// A closed loop whose requests all have one length keeps its users in step: the prompts that
// shared a prefill step finish together and come back together, so each first token waits for
// its cohort's prompts and a request takes a whole cycle of the slot (continuous_batching.cpp).
// Lengths that differ, random arrivals and too many cohorts spread the arrivals instead.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json in_step_loop(const char* runtime, int concurrency, json extra = json::object()) {
  json serving{{"prompt", 3000}, {"output", 150}, {"concurrency", concurrency}, {"runtime", runtime}};
  serving.update(extra);
  return serve("llama-3.1-70b", 4, {{"tp", 4}}, serving);
}

double plan_figure(const json& plan, const char* section, const char* key) { return plan[section][key].get<double>(); }

}  // namespace

TEST_CASE("one length: cohorts of as many prompts as the token budget holds, a request takes the slot's cycle") {
  // vLLM's API-server budget on an H100 is 8192 tokens: two 3000-token prompts a step, so 8 users
  // form 4 cohorts of 2.
  const json p = in_step_loop("vllm", 8);
  REQUIRE(p.contains("queue"));
  CHECK(plan_figure(p, "queue", "token_budget") == 8192);
  CHECK(plan_figure(p, "queue", "cohort_size") == 2);
  CHECK(plan_figure(p, "queue", "cohorts") == 4);
  // Every user's request lasts one cycle of its slot, and the users' tokens over that cycle are
  // the throughput.
  const double cycle = plan_figure(p, "queue", "cycle");
  CHECK(plan_figure(p, "time", "request") == doctest::Approx(cycle));
  CHECK(plan_figure(p, "throughput", "tokens_per_second") == doctest::Approx(8 * 150 / cycle));
  // The first token waits for the step in flight and for its cohort's prompts, beyond one prompt's.
  const json spread = in_step_loop("vllm", 8, {{"lengths", "dataset"}});
  CHECK(plan_figure(spread, "queue", "cohorts") == 0);
  CHECK(plan_figure(p, "time", "first_token") > plan_figure(spread, "time", "first_token"));
  double sum = 0;
  for (const auto& part : p["time"]["first_token_parts"]) sum += part.get<double>();
  CHECK(sum == doctest::Approx(plan_figure(p, "time", "first_token")));
  // The prompts no longer ride in every step: the steps between the cohorts' are plain decode
  // steps, so a token comes sooner than when every step carries a share of a prompt.
  CHECK(plan_figure(p, "time", "per_output_token") < plan_figure(spread, "time", "per_output_token"));
  CHECK(p["time"]["formulas"]["first_token"]["text"].get<std::string>().find("in step") != std::string::npos);
  CHECK(p["throughput"]["formulas"]["tokens_per_second_per_gpu"]["text"].get<std::string>().find("cycle") !=
        std::string::npos);
}

TEST_CASE("a larger token budget makes larger cohorts, whose first tokens wait for more prompts") {
  const json small = in_step_loop("vllm", 8), large = in_step_loop("vllm", 8, {{"token_budget", 16384}});
  CHECK(plan_figure(large, "queue", "token_budget") == 16384);
  CHECK(large["serving"]["token_budget"] == 16384);
  CHECK(plan_figure(large, "queue", "cohort_size") == 5);
  CHECK(plan_figure(large, "queue", "cohorts") == 2);
  CHECK(plan_figure(large, "time", "first_token") > plan_figure(small, "time", "first_token"));
}

TEST_CASE("without mixed batches the cohorts merge: every prefill batch runs before the next decode step") {
  // SGLang's 8192-token batches hold two 3000-token prompts, so the k-th cohort's first tokens wait
  // for k batches: twice the users, more than half as long again on average.
  const json eight = in_step_loop("sglang", 8), sixteen = in_step_loop("sglang", 16);
  CHECK(plan_figure(eight, "queue", "cohort_size") == 2);
  CHECK(plan_figure(eight, "queue", "cohort_wait") == doctest::Approx(plan_figure(eight, "time", "decode_step")));
  CHECK(plan_figure(sixteen, "time", "first_token") > 1.5 * plan_figure(eight, "time", "first_token"));
  CHECK(plan_figure(eight, "time", "request") == doctest::Approx(plan_figure(eight, "queue", "cycle")));
}

TEST_CASE("lengths that differ, random arrivals, one user or too many cohorts: the arrivals spread") {
  CHECK(plan_figure(in_step_loop("vllm", 8, {{"lengths", "dataset"}}), "queue", "cohorts") == 0);
  CHECK(plan_figure(in_step_loop("vllm", 1), "queue", "cohorts") == 0);
  CHECK(plan_figure(in_step_loop("ideal", 8), "queue", "cohorts") == 0);
  // As many users as the KV cache holds, two 3000-token prompts a step: more cohorts than the 60
  // steps of a cycle.
  const json crowded = in_step_loop("vllm", 400, {{"output", 60}});
  REQUIRE(plan_figure(crowded, "queue", "served") > 2 * 60);
  CHECK(plan_figure(crowded, "queue", "cohorts") == 0);
  const json stream =
      serve("llama-3.1-70b", 4, {{"tp", 4}},
            {{"prompt", 3000}, {"output", 150}, {"runtime", "vllm"}, {"arrival", "poisson"}, {"request_rate", 0.5}});
  REQUIRE(stream.contains("queue"));
  CHECK(plan_figure(stream, "queue", "cohorts") == 0);
  // Sent all at once, the requests run in rounds (offline_batch.cpp), not cohorts.
  CHECK(plan_figure(in_step_loop("vllm", 8, {{"arrival", "all_at_once"}}), "queue", "cohorts") == 0);
}

TEST_CASE("serving.lengths and serving.token_budget get coded errors at their paths") {
  CHECK(has_error(in_step_loop("vllm", 8, {{"lengths", "varied"}}), "unknown_value", "/serving/lengths"));
  CHECK(has_error(in_step_loop("vllm", 8, {{"arrival", "all_at_once"}, {"output_max", 300}, {"lengths", "fixed"}}),
                  "lengths_output_max", "/serving/lengths"));
  // output_max alone implies lengths that differ.
  CHECK(in_step_loop("vllm", 8, {{"arrival", "all_at_once"}, {"output_max", 300}})["serving"]["lengths"] == "dataset");
  CHECK(has_error(in_step_loop("ideal", 8, {{"token_budget", 4096}}), "token_budget_runtime", "/serving/token_budget"));
  CHECK(has_error(in_step_loop("gpt-fast", 8, {{"token_budget", 4096}}), "token_budget_runtime",
                  "/serving/token_budget"));
  CHECK(has_error(in_step_loop("vllm", 8, {{"token_budget", -1}}), "out_of_range", "/serving/token_budget"));
}
