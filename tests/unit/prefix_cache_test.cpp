// serving.cached_prompt: the tokens at the start of each prompt a runtime finds in its prefix
// cache. Prefill computes the rest, whose queries still attend to the whole prompt; the cache
// holds every prompt whole; the token budget counts computed tokens.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json cached_request(std::int64_t prompt, std::int64_t cached, const char* runtime = "ideal") {
  json r{{"mode", "inference"},
         {"model", {{"preset", "llama-3.1-8b"}, {"seq", 16384}}},
         {"hardware", {{"preset", "h100-sxm"}, {"gpus", 1}}},
         {"parallel", {{"tp", 1}}},
         {"serving", {{"prompt", prompt}, {"output", 64}, {"concurrency", 1}, {"runtime", runtime}}}};
  if (cached >= 0) r["serving"]["cached_prompt"] = cached;
  return r;
}

json cached_plan(const json& request) {
  const json out = call("plan", request);
  REQUIRE_MESSAGE(!atlas::is_error(out), out.dump());
  return out;
}

double first_token(std::int64_t prompt, std::int64_t cached) {
  return cached_plan(cached_request(prompt, cached))["time"]["first_token"].get<double>();
}

// An H100-like card given by its figures, without the preset's attention rates measured by
// sequence length, so that attention runs at one rate whatever its length.
double first_token_flat_rate(std::int64_t prompt, std::int64_t cached) {
  json r = cached_request(prompt, cached);
  r["hardware"] = json{{"gpus", 1},
                       {"gpus_per_node", 8},
                       {"memory", 8e10},
                       {"flops", 9.89e14},
                       {"memory_bandwidth", 3.35e12},
                       {"intra_bandwidth", 4.5e11},
                       {"inter_bandwidth", 5e10},
                       {"latency", 5e-6}};
  return cached_plan(r)["time"]["first_token"].get<double>();
}

}  // namespace

TEST_CASE("prefix cache: no cached tokens is the request without the field") {
  const json without = cached_plan(cached_request(4096, -1));
  const json with = cached_plan(cached_request(4096, 0));
  CHECK(with["time"] == without["time"]);
  CHECK(with["serving"]["cached_prompt"] == 0);
}

TEST_CASE("prefix cache: cached tokens cost their keys, not their compute") {
  // A prompt of n computed tokens after c cached ones attends to n(n + 2c)/2 keys, so the extra
  // over n tokens alone grows linearly in c: twice the cache, twice the extra (the 8B model at
  // these lengths is compute-bound in attention, so the KV reads do not set the time).
  const double alone = first_token_flat_rate(4096, 0);
  const double after_c = first_token_flat_rate(4096 + 2048, 2048);
  const double after_2c = first_token_flat_rate(4096 + 4096, 4096);
  CHECK(after_c > alone);
  CHECK(after_2c - alone == doctest::Approx(2.0 * (after_c - alone)).epsilon(1e-9));
  // And at the rate a prompt's own causal attention costs: uncached prompts of n, 2n and 3n
  // tokens attend to n², 4n² and 9n² keys, so their second difference is 2n² (the GEMMs and any
  // fixed cost, linear in n, cancel); c cached tokens add 2nc.
  const double second = first_token_flat_rate(3 * 4096, 0) - 2.0 * first_token_flat_rate(2 * 4096, 0) + alone;
  CHECK((after_c - alone) / second == doctest::Approx(2048.0 / 4096.0).epsilon(1e-6));
  // Cheaper than computing the whole prompt, dearer than its computed part alone (with the
  // preset's measured attention rates too).
  CHECK(after_c < first_token_flat_rate(4096 + 2048, 0));
  CHECK(first_token(6144, 2048) < first_token(6144, 0));
  CHECK(first_token(6144, 2048) > first_token(4096, 0));
  // The formula says what was cached.
  const json plan = cached_plan(cached_request(6144, 2048));
  const std::string text = plan["time"]["formulas"]["first_token"]["text"];
  CHECK(text.find("cached ones") != std::string::npos);
}

TEST_CASE("prefix cache: the cache holds whole prompts, and the budget counts computed tokens") {
  json plain = cached_request(6000, 0, "vllm");
  plain["serving"]["concurrency"] = 64;
  plain["serving"]["arrival"] = "all_at_once";
  json cached = plain;
  cached["serving"]["cached_prompt"] = 4000;
  const json a = cached_plan(plain), b = cached_plan(cached);
  CHECK(a["memory"]["kv_cache"] == b["memory"]["kv_cache"]);
  // vLLM's 8192-token budget on an H100: one 6000-token prompt a pass, four of 2000 computed.
  CHECK(a["queue"]["prompts_per_pass"] == 1.0);
  CHECK(b["queue"]["prompts_per_pass"] == 4.0);
  CHECK(b["time"]["first_token"].get<double>() < a["time"]["first_token"].get<double>());
  // Decode reads the same context either way.
  CHECK(a["time"]["decode_step"] == b["time"]["decode_step"]);
}

TEST_CASE("prefix cache: a cache as long as the prompt is an error at its path") {
  for (const std::int64_t cached : {4096, 5000}) {
    const json out = call("plan", cached_request(4096, cached));
    REQUIRE(atlas::is_error(out));
    CHECK(out["error"]["code"] == "cached_prompt_too_long");
    CHECK(out["error"]["path"] == "/serving/cached_prompt");
    const std::string message = out["error"]["message"];
    CHECK(message.find("4096 tokens") != std::string::npos);
  }
  json below = cached_request(4096, 0);
  below["serving"]["cached_prompt"] = -5;
  const json negative = call("plan", below);
  REQUIRE(atlas::is_error(negative));
  CHECK(negative["error"]["path"] == "/serving/cached_prompt");
}
