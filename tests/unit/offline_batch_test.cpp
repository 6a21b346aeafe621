// Every request sent at once (serving.arrival "all_at_once"): the run is rounds of what fits, each
// a prefill of its prompts under the runtime's token budget and then their decode together.
#include <doctest/doctest.h>

#include "support.hpp"

using atlas_test::has_error;
using atlas_test::serve;
using atlas_test::serving_request;
using json = nlohmann::json;

namespace {

// Llama 3.1 70B in FP8 on 8 H100s under TensorRT-LLM, long outputs: the KV cache holds fewer
// sequences than a few hundred requests.
json offline(std::int64_t requests, const char* runtime = "trtllm", std::int64_t output = 4096) {
  return serve("llama-3.1-70b", 8, {{"tp", 8}},
               {{"prompt", 1024},
                {"output", output},
                {"concurrency", requests},
                {"weights", "fp8"},
                {"kv", "fp8"},
                {"runtime", runtime},
                {"arrival", "all_at_once"}});
}

double figure(const json& plan, const char* section, const char* key) { return plan[section][key].get<double>(); }

}  // namespace

TEST_CASE("all at once, more requests than fit: a second round runs after the first, as two runs would") {
  const json probe = offline(100000);
  REQUIRE(probe.contains("queue"));
  const std::int64_t fits = probe["queue"]["served"].get<std::int64_t>();
  REQUIRE(fits > 20);
  const std::int64_t extra = 15;
  const json both = offline(fits + extra), first = offline(fits), second = offline(extra);
  CHECK(both["queue"]["waves"] == 2);
  CHECK(both["queue"]["last_wave"] == extra);
  CHECK(first["queue"]["waves"] == 1);
  // The run is the first round and then the second, each as long as a run of its own.
  const double sum = figure(first, "queue", "makespan") + figure(second, "queue", "makespan");
  CHECK(figure(both, "queue", "makespan") == doctest::Approx(sum).epsilon(1e-9));
  // The second round's requests wait the whole first round: that is the mean wait.
  const double wait =
      static_cast<double>(extra) * figure(first, "queue", "makespan") / static_cast<double>(fits + extra);
  CHECK(figure(both, "queue", "wait") == doctest::Approx(wait).epsilon(1e-9));
  // Throughput is the run's tokens over its length. The short last round decodes a few sequences
  // for the whole output, slower per request than a full round: below the first round's own.
  const double tokens = static_cast<double>((fits + extra) * 4096);
  CHECK(figure(both, "throughput", "tokens_per_second") ==
        doctest::Approx(tokens / figure(both, "queue", "makespan")).epsilon(1e-12));
  json loop = serving_request("llama-3.1-70b", 8, {{"tp", 8}},
                              {{"prompt", 1024},
                               {"output", 4096},
                               {"concurrency", fits + extra},
                               {"weights", "fp8"},
                               {"kv", "fp8"},
                               {"runtime", "trtllm"}});
  const json steady = atlas::run("plan", loop);
  CHECK(steady["serving"]["arrival"] == "closed_loop");
  CHECK(steady["queue"]["waves"] == 0);
  CHECK(figure(both, "throughput", "tokens_per_second") < figure(first, "throughput", "tokens_per_second"));
}

TEST_CASE("all at once: the prompts prefill a token budget at a time, and the first-token parts add up") {
  const json plan = offline(64, "trtllm", 512);
  REQUIRE(plan.contains("time"));
  CHECK(plan["queue"]["waves"] == 1);
  CHECK(plan["queue"]["wait"].get<double>() == 0);
  const json& parts = plan["time"]["first_token_parts"];
  double sum = 0;
  for (const auto& p : parts.items()) sum += p.value().get<double>();
  CHECK(sum == doctest::Approx(figure(plan, "time", "first_token")).epsilon(1e-9));
  // 8192 tokens a pass hold eight 1024-token prompts: 64 prompts take eight passes, and on
  // average a request waits for three and a half passes beyond its own.
  CHECK(parts["under_load"].get<double>() > 2.0 * figure(plan, "time", "prefill"));
  // 8 passes of 8 prompts. Each request's later tokens wait for the passes after its own; under
  // TensorRT-LLM's in-flight batching each of those passes brings one token too, 3.5 on average.
  const double passes_after = figure(plan, "queue", "round_prefill") -
                              (figure(plan, "time", "first_token") - parts["first_step"].get<double>());
  const double step = figure(plan, "time", "decode_step");
  CHECK(plan["queue"]["prompts_per_pass"] == 8);
  CHECK(figure(plan, "time", "per_output_token") * 511 == doctest::Approx(passes_after + (511 - 3.5) * step));
  CHECK(figure(plan, "time", "prompt_share") == 0);
  // SGLang prefills in batches of its own: no token comes while prompts are left.
  const json sglang = offline(64, "sglang", 512);
  const double sg_after =
      figure(sglang, "queue", "round_prefill") -
      (figure(sglang, "time", "first_token") - sglang["time"]["first_token_parts"]["first_step"].get<double>());
  CHECK(figure(sglang, "time", "per_output_token") * 511 ==
        doctest::Approx(sg_after + 511 * figure(sglang, "time", "decode_step")));
  // A run has an end: its first-token formula names the round, its throughput the run's length.
  const std::string text = plan["throughput"]["formulas"]["tokens_per_second_per_gpu"]["text"];
  CHECK(text.find("the run") != std::string::npos);
}

TEST_CASE("all at once without a token budget: a static batch prefills every prompt in one pass") {
  const json plan = offline(16, "gpt-fast", 256);
  REQUIRE(plan.contains("time"));
  const double one = figure(plan, "time", "prefill");
  // One pass of sixteen prompts takes longer than one prompt, and every request waits for all of it.
  CHECK(plan["time"]["first_token_parts"]["under_load"].get<double>() > 0);
  CHECK(figure(plan, "time", "first_token") > one);
  CHECK(plan["queue"]["prompts_per_pass"] == 16);
  // The engine's bare model prefills one prompt a pass, as it admits them in a loop.
  CHECK(offline(16, "ideal", 256)["queue"]["prompts_per_pass"] == 1);
}

TEST_CASE("serving.arrival: an unknown way is refused at its path; all at once with separate prefill GPUs too") {
  json bad = serving_request("llama-3.1-8b", 2, {{"tp", 1}}, {{"arrival", "burst"}});
  CHECK(has_error(atlas::run("plan", bad), "unknown_value", "/serving/arrival"));
  json split = serving_request("llama-3.1-8b", 2, {{"tp", 1}}, {{"arrival", "all_at_once"}, {"disaggregated", true}});
  CHECK(has_error(atlas::run("plan", split), "arrival_disaggregated", "/serving/arrival"));
}

TEST_CASE("a closed loop of a fixed number of requests: the users' first requests are a burst, the rest steady") {
  const json loop{{"prompt", 1024},   {"output", 512}, {"concurrency", 32},
                  {"weights", "fp8"}, {"kv", "fp8"},   {"runtime", "vllm"}};
  const auto run = [&](json extra) {
    json serving = loop;
    serving.update(extra);
    return serve("llama-3.1-70b", 8, {{"tp", 8}}, serving);
  };
  const json steady = run(json::object()), burst = run({{"arrival", "all_at_once"}});
  const json finite = run({{"requests", 128}});  // four requests a user
  REQUIRE(finite.contains("time"));
  CHECK(finite["serving"]["requests"] == 128);
  CHECK(finite["queue"]["requests"] == 128);
  // A quarter of the requests meet the burst, three quarters the steady state.
  const double first = (figure(burst, "time", "first_token") + 3 * figure(steady, "time", "first_token")) / 4;
  CHECK(figure(finite, "time", "first_token") == doctest::Approx(first).epsilon(1e-12));
  CHECK(figure(finite, "time", "first_token") > figure(steady, "time", "first_token"));
  // The run: the burst's length, then 96 × 512 tokens at the steady rate.
  const double length =
      figure(burst, "queue", "makespan") + 96.0 * 512.0 / figure(steady, "throughput", "tokens_per_second");
  CHECK(figure(finite, "queue", "makespan") == doctest::Approx(length).epsilon(1e-12));
  CHECK(figure(finite, "throughput", "tokens_per_second") == doctest::Approx(128.0 * 512.0 / length).epsilon(1e-12));
  // The first-token parts still add up.
  double sum = 0;
  for (const auto& p : finite["time"]["first_token_parts"].items()) sum += p.value().get<double>();
  CHECK(sum == doctest::Approx(figure(finite, "time", "first_token")).epsilon(1e-9));
  // No more requests than users: every one goes out at once.
  const json few = run({{"requests", 16}});
  const json sixteen = serve("llama-3.1-70b", 8, {{"tp", 8}},
                             {{"prompt", 1024},
                              {"output", 512},
                              {"concurrency", 16},
                              {"weights", "fp8"},
                              {"kv", "fp8"},
                              {"runtime", "vllm"},
                              {"arrival", "all_at_once"}});
  CHECK(figure(few, "time", "first_token") == doctest::Approx(figure(sixteen, "time", "first_token")));
  CHECK(figure(few, "throughput", "tokens_per_second") ==
        doctest::Approx(figure(sixteen, "throughput", "tokens_per_second")));
  // The curve's point at the users asked for is this run, not the endless loop's steady state.
  bool found = false;
  for (const auto& p : finite["curve"]["points"])
    if (p["concurrency"] == 32) {
      found = true;
      CHECK(p["tokens_per_second"].get<double>() ==
            doctest::Approx(figure(finite, "throughput", "tokens_per_second")).epsilon(1e-12));
      CHECK(p["tokens_per_second"].get<double>() != figure(steady, "throughput", "tokens_per_second"));
    }
  CHECK(found);
  // A count only a closed loop has.
  json bad = serving_request("llama-3.1-8b", 1, {{"tp", 1}}, {{"arrival", "all_at_once"}, {"requests", 10}});
  CHECK(has_error(atlas::run("plan", bad), "requests_arrival", "/serving/requests"));
}

TEST_CASE("all at once with outputs of different lengths: the run ends when the longest is answered") {
  // 40 requests of Llama 3.1 70B on 8 H100s under vLLM, outputs of 1024 tokens on average.
  const auto request = [](std::int64_t longest) {
    return serving_request("llama-3.1-70b", 8, {{"tp", 8}},
                           {{"prompt", 1024},
                            {"output", 1024},
                            {"output_max", longest},
                            {"concurrency", 40},
                            {"weights", "fp8"},
                            {"kv", "fp8"},
                            {"runtime", "vllm"},
                            {"arrival", "all_at_once"}});
  };
  const json same = offline(40, "vllm", 1024), mean_only = atlas::run("plan", request(1024));
  // The longest equal to the mean is a run of fixed lengths, to the bit.
  CHECK(figure(mean_only, "queue", "makespan") == figure(same, "queue", "makespan"));
  CHECK(figure(mean_only, "queue", "longest") == 0);
  const json varied = atlas::run("plan", request(3072));
  REQUIRE(varied["queue"]["waves"] == 1);
  // The longest output's last 2048 tokens decode alone: each step is one sequence's, the step a
  // closed loop of one user takes at the same lengths.
  json one = request(0);
  one["serving"].erase("arrival"), one["serving"]["concurrency"] = 1;
  const double step_alone = figure(atlas::run("plan", one), "time", "decode_step");
  CHECK(figure(varied, "queue", "longest") == doctest::Approx(2048 * step_alone).epsilon(1e-12));
  CHECK(figure(varied, "queue", "makespan") ==
        doctest::Approx(figure(same, "queue", "makespan") + 2048 * step_alone).epsilon(1e-12));
  // The tokens are the mean's: throughput falls by the run's length, not by more tokens.
  CHECK(figure(varied, "throughput", "tokens_per_second") ==
        doctest::Approx(40.0 * 1024 / figure(varied, "queue", "makespan")).epsilon(1e-12));
  CHECK(varied["throughput"]["formulas"]["tokens_per_second_per_gpu"]["text"].get<std::string>().find("decode alone") !=
        std::string::npos);
}

TEST_CASE("serving.output_max: below the mean, past the context, or with a steady state, refused at its path") {
  const auto with = [](json serving) {
    serving["prompt"] = 1024, serving["output"] = 512;
    return atlas::run("plan", serving_request("llama-3.1-8b", 1, {{"tp", 1}}, serving));
  };
  CHECK(has_error(with({{"output_max", 256}, {"arrival", "all_at_once"}}), "output_max_below_mean",
                  "/serving/output_max"));
  CHECK(
      has_error(with({{"output_max", 200000}, {"arrival", "all_at_once"}}), "context_too_long", "/serving/output_max"));
  CHECK(has_error(with({{"output_max", 1024}}), "output_max_arrival", "/serving/output_max"));
  CHECK(has_error(with({{"output_max", 1024}, {"arrival", "poisson"}, {"request_rate", 1}}), "output_max_arrival",
                  "/serving/output_max"));
  CHECK(with({{"output_max", 1024}, {"arrival", "all_at_once"}})["serving"]["output_max"] == 1024);
}
