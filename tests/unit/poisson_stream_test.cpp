// Requests arriving at random at a steady rate (serving.arrival "poisson"): how many are in flight
// follows from Little's law, a prompt waits for those that arrived first (M/D/1), the deployment
// answers what is offered below its capacity, and beyond it the request is refused unless the
// client caps what it sends at once or the stream is finite (serving.requests), which then runs
// the deployment full until its queue drains.
#include <doctest/doctest.h>

#include <algorithm>

#include "support.hpp"

using atlas_test::has_error;
using atlas_test::serve;
using atlas_test::serving_request;
using json = nlohmann::json;

namespace {

// Llama 3.1 70B over 4 H200 under SGLang, DataCrunch's online lengths.
json stream(double rate, json extra = json::object()) {
  json serving{{"prompt", 513}, {"output", 507}, {"runtime", "sglang"}, {"arrival", "poisson"}, {"request_rate", rate}};
  serving.update(extra);
  return serve("llama-3.1-70b", 4, {{"tp", 4}}, serving, "h200");
}

// The closed loop a stream is compared with: its arrivals spread over the steps as a stream's do,
// so its requests' lengths differ (with one length its users would keep in step).
json loop(std::int64_t users) {
  return serve(
      "llama-3.1-70b", 4, {{"tp", 4}},
      {{"prompt", 513}, {"output", 507}, {"runtime", "sglang"}, {"concurrency", users}, {"lengths", "dataset"}},
      "h200");
}

double stream_figure(const json& plan, const char* section, const char* key) {
  return plan[section][key].get<double>();
}

}  // namespace

TEST_CASE("a Poisson stream holds rate × a request's time in flight and answers what it is offered") {
  for (const double rate : {0.5, 2.0, 6.0}) {
    const json p = stream(rate);
    REQUIRE_MESSAGE(p.contains("queue"), p.dump().substr(0, 300));
    // Little's law, with the request's time from the figures themselves (interpolated between two
    // whole concurrencies, so not to the last digit).
    CHECK(stream_figure(p, "queue", "in_flight") ==
          doctest::Approx(rate * stream_figure(p, "time", "request")).epsilon(0.02));
    CHECK(stream_figure(p, "throughput", "tokens_per_second") == doctest::Approx(rate * 507));
    CHECK(stream_figure(p, "throughput", "tokens_per_second_per_gpu") == doctest::Approx(rate * 507 / 4));
    CHECK(p["queue"]["capped"] == false);
    CHECK(stream_figure(p, "queue", "arrival_rate") == rate);
  }
  // More offered: more in flight, each step carrying more, a longer wait for the prefill.
  const json slow = stream(1), fast = stream(6);
  CHECK(stream_figure(fast, "queue", "in_flight") > stream_figure(slow, "queue", "in_flight"));
  CHECK(stream_figure(fast, "time", "per_output_token") > stream_figure(slow, "time", "per_output_token"));
  CHECK(stream_figure(fast, "queue", "wait") > stream_figure(slow, "queue", "wait"));
  // The curve marks the stream's requests in flight, not the unused default concurrency.
  CHECK(fast["curve"]["requested"] == fast["queue"]["requested"]);
  CHECK(fast["curve"]["arrival"] == "poisson");
}

TEST_CASE("a Poisson stream's prompt waits ρ·S / (2(1 − ρ)) for those that arrived first") {
  const json p = stream(4);
  REQUIRE(p.contains("queue"));
  const double service = stream_figure(p, "time", "prefill"), busy = 4 * service;  // one replica prefills every prompt
  CHECK(stream_figure(p, "queue", "prefill_busy") == doctest::Approx(busy));
  CHECK(stream_figure(p, "queue", "wait") == doctest::Approx(busy * service / (2 * (1 - busy))));
  // The first token is the closed loop's parts with that wait in place of a slot's.
  const json& parts = p["time"]["first_token_parts"];
  CHECK(parts["queue"].get<double>() == stream_figure(p, "queue", "wait"));
  CHECK(stream_figure(p, "time", "first_token") ==
        doctest::Approx(stream_figure(p, "queue", "wait") + service + parts["first_step"].get<double>() +
                        parts["under_load"].get<double>() + parts["kv_handoff"].get<double>()));
  CHECK(p["time"]["formulas"]["first_token"]["text"].get<std::string>().find("arrived first") != std::string::npos);
  CHECK(p["throughput"]["formulas"]["tokens_per_second_per_gpu"]["text"].get<std::string>().find(
            "requests per second") != std::string::npos);
}

TEST_CASE("a slow Poisson stream is the closed loop of one user, its requests mostly alone") {
  const json p = stream(0.05), one = loop(1);
  REQUIRE(p.contains("queue"));
  CHECK(stream_figure(p, "queue", "in_flight") < 1);
  CHECK(stream_figure(p, "time", "per_output_token") ==
        doctest::Approx(stream_figure(one, "time", "per_output_token")));
  CHECK(stream_figure(p, "time", "first_token") ==
        doctest::Approx(stream_figure(one, "time", "first_token") + stream_figure(p, "queue", "wait")));
}

TEST_CASE("beyond the deployment's capacity a Poisson stream is refused, or held to a closed loop by a cap") {
  const json limit = loop(10'000'000);
  const double capacity = stream_figure(limit, "throughput", "tokens_per_second") / 507;
  const json over = atlas::run("plan", serving_request("llama-3.1-70b", 4, {{"tp", 4}},
                                                       {{"prompt", 513},
                                                        {"output", 507},
                                                        {"runtime", "sglang"},
                                                        {"arrival", "poisson"},
                                                        {"request_rate", capacity * 1.5}},
                                                       "h200"));
  REQUIRE(has_error(over, "request_rate_beyond_capacity", "/serving/request_rate"));
  CHECK(over["error"]["message"].get<std::string>().find("requests/s") != std::string::npos);
  // With the client's cap the stream is the closed loop at the cap.
  const json capped = stream(capacity * 1.5, {{"concurrency", 64}}), closed = loop(64);
  REQUIRE(capped.contains("queue"));
  CHECK(capped["queue"]["capped"] == true);
  CHECK(stream_figure(capped, "throughput", "tokens_per_second") ==
        stream_figure(closed, "throughput", "tokens_per_second"));
  CHECK(stream_figure(capped, "time", "first_token") == stream_figure(closed, "time", "first_token"));
  // A cap above what the stream holds changes nothing.
  const json loose = stream(2, {{"concurrency", 100000}}), free = stream(2);
  CHECK(loose["queue"]["capped"] == false);
  CHECK(stream_figure(loose, "time", "request") == doctest::Approx(stream_figure(free, "time", "request")));
}

TEST_CASE("a Poisson stream's settings get coded errors at their paths") {
  const auto plan = [](json serving) {
    return atlas::run("plan", serving_request("llama-3.1-8b", 1, {{"tp", 1}}, serving));
  };
  CHECK(has_error(plan({{"arrival", "poisson"}}), "request_rate_missing", "/serving/request_rate"));
  CHECK(has_error(plan({{"request_rate", 2}}), "request_rate_arrival", "/serving/request_rate"));
  CHECK(has_error(plan({{"arrival", "all_at_once"}, {"request_rate", 2}}), "request_rate_arrival",
                  "/serving/request_rate"));
  CHECK(has_error(plan({{"arrival", "poisson"}, {"request_rate", 2}, {"requests", 100}, {"disaggregated", true}}),
                  "requests_arrival", "/serving/requests"));
  CHECK(has_error(plan({{"arrival", "all_at_once"}, {"requests", 100}}), "requests_arrival", "/serving/requests"));
  const json zero = plan({{"arrival", "poisson"}, {"request_rate", 0}});
  REQUIRE(zero.contains("error"));
  CHECK(zero["error"]["path"] == "/serving/request_rate");
}

TEST_CASE("a finite stream past the capacity runs the deployment full until its queue drains") {
  const json limit = loop(10'000'000);
  const double capacity = stream_figure(limit, "throughput", "tokens_per_second") / 507;
  const double rate = capacity * 3;
  const double most = stream_figure(limit, "queue", "served");
  const auto few = static_cast<std::int64_t>(2 * most), many = static_cast<std::int64_t>(10 * most);
  const json small = stream(rate, {{"requests", few}}), large = stream(rate, {{"requests", many}});
  REQUIRE_MESSAGE(large.contains("queue"), large.dump().substr(0, 300));
  CHECK(large["queue"]["saturated"] == true);
  // The fluid queue: the k-th request waits k(1/μ − 1/λ) − most/μ once that is positive (here the
  // slots, not the prompts, set the pace: a prompt's prefill is short beside a request's time).
  REQUIRE(large["queue"]["prefill_paced"] == false);
  // Its prompts may still queue for the replica's prefill before the slots fill (k(1/μ_p − 1/λ)).
  const double a = 1 / capacity - 1 / rate, n = static_cast<double>(many);
  const double prompt_gap = std::max(0.0, (stream_figure(large, "queue", "prefill_busy") - 1) / rate);
  const auto wait_of = [&](double k) { return std::max({0.0, k * prompt_gap, k * a - most / capacity}); };
  double waited = 0;
  for (std::int64_t k = 0; k < many; ++k) waited += wait_of(static_cast<double>(k));
  REQUIRE(wait_of(n - 1) > 0);
  CHECK(stream_figure(large, "queue", "wait") == doctest::Approx(waited / n));
  // The run ends when the last one started and was answered; its throughput nears the capacity.
  const double served_request = stream_figure(limit, "time", "request") - stream_figure(limit, "queue", "wait");
  CHECK(stream_figure(large, "queue", "makespan") ==
        doctest::Approx(std::max((n - 1) / rate + wait_of(n - 1) + served_request, n / capacity)));
  CHECK(stream_figure(large, "throughput", "tokens_per_second") ==
        doctest::Approx(n * 507 / stream_figure(large, "queue", "makespan")));
  CHECK(stream_figure(large, "throughput", "tokens_per_second") <= doctest::Approx(capacity * 507));
  CHECK(stream_figure(large, "throughput", "tokens_per_second") > 0.9 * capacity * 507);
  // More requests behind the same rate: a longer wait, the same per-token time once running.
  CHECK(stream_figure(large, "time", "first_token") > stream_figure(small, "time", "first_token"));
  CHECK(stream_figure(large, "time", "per_output_token") == stream_figure(small, "time", "per_output_token"));
  // The formulas say what the run is.
  CHECK(large["time"]["formulas"]["first_token"]["text"].get<std::string>().find("arrived first") != std::string::npos);
}

TEST_CASE("a finite stream past the capacity that fits at once waits only for the prompts before it") {
  const json limit = loop(10'000'000);
  const double capacity = stream_figure(limit, "throughput", "tokens_per_second") / 507;
  const double rate = capacity * 3;
  const json few = stream(rate, {{"requests", 4}}), closed = loop(4);
  REQUIRE(few.contains("queue"));
  CHECK(few["queue"]["saturated"] == true);
  // Four slots are free, but one replica prefills the prompts one after another: the k-th waits
  // k(1/μ_p − 1/λ), where 1/μ_p = ρ/λ (ρ the replica's share of time prefilling at this rate).
  const double busy = stream_figure(few, "queue", "prefill_busy");
  const double gap = std::max(0.0, (busy - 1) / rate);
  CHECK(stream_figure(few, "queue", "wait") == doctest::Approx((0 + 1 + 2 + 3) * gap / 4));
  const bool paced = busy > 1;
  CHECK(few["queue"]["prefill_paced"] == paced);
  // The last starts after three gaps and its prompts' turn, then takes a request's time; with no
  // prompt left behind it, its decode steps carry no prompt.
  double served = stream_figure(closed, "time", "request");
  if (paced)
    served -= 506 * (stream_figure(closed, "time", "per_output_token") - stream_figure(closed, "time", "decode_step"));
  CHECK(stream_figure(few, "queue", "makespan") == doctest::Approx(3 / rate + 3 * gap + served));
}

TEST_CASE("prompts that arrive faster than they are prefilled wait for one another, however many slots are free") {
  // Long prompts at 20 a second into one replica: each prefill outlasts the gap between arrivals.
  const auto run = [](std::int64_t n) {
    return serve("llama-3.1-70b", 4, {{"tp", 4}},
                 {{"prompt", 8000},
                  {"output", 100},
                  {"runtime", "vllm"},
                  {"arrival", "poisson"},
                  {"request_rate", 20},
                  {"requests", n}},
                 "h200");
  };
  const json ten = run(10), forty = run(40);
  REQUIRE_MESSAGE(forty.contains("queue"), forty.dump().substr(0, 300));
  CHECK(forty["queue"]["prefill_paced"] == true);
  CHECK(forty["queue"]["served"] == 40);  // every one holds a slot at once
  const double busy = stream_figure(forty, "queue", "prefill_busy");
  REQUIRE(busy > 1);
  const double gap = (busy - 1) / 20;
  // The mean wait over N is (N − 1)/2 gaps: it grows with the stream, not with the slots.
  CHECK(stream_figure(ten, "queue", "wait") == doctest::Approx(4.5 * gap));
  CHECK(stream_figure(forty, "queue", "wait") == doctest::Approx(19.5 * gap));
  // The deployment answers as many requests a second as it prefills prompts.
  CHECK(stream_figure(forty, "queue", "capacity") == doctest::Approx(20 / busy));
  // While prompts are queued a running request gains one token a pass (a pass: one 8,000-token
  // prompt under vLLM's 8,192-token budget, plus the decode step's work beside its weight reads);
  // after the last prompt, one a decode step. The k-th request has (39 − k) passes still to come.
  const double passes_per_prompt = 1 / stream_figure(forty, "queue", "prompts_per_pass");
  CHECK(passes_per_prompt == doctest::Approx(1.0));
  const double step = stream_figure(forty, "time", "decode_step");
  const double pass = stream_figure(forty, "time", "prefill") / passes_per_prompt + step -
                      forty["time"]["decode"]["memory_time"].get<double>();
  double decoding = 0;
  for (int k = 0; k < 40; ++k) {
    const double passes = std::min(99.0, (39.0 - k) * passes_per_prompt);
    decoding += passes * pass + (99 - passes) * step;
  }
  CHECK(stream_figure(forty, "time", "per_output_token") == doctest::Approx(decoding / (40 * 99)));
  // A request, on average, ends before the run does; the last one's decode is the steps alone.
  CHECK(stream_figure(forty, "time", "request") < stream_figure(forty, "queue", "makespan"));
  CHECK(stream_figure(forty, "queue", "makespan") ==
        doctest::Approx(39.0 / 20 + 39 * gap + stream_figure(forty, "time", "first_token") -
                        stream_figure(forty, "queue", "wait") + 99 * step));
  CHECK(forty["time"]["formulas"]["first_token"]["text"].get<std::string>().find("prefill") != std::string::npos);
}

TEST_CASE("a finite stream below the capacity: its tokens over the arrivals' span and the last request's time") {
  // 200 requests at 2 a second: the last leaves 199 ÷ 2 s after the first, then takes a request's
  // time, so the run's throughput is below the 2 × 507 tokens/s offered, nearer it the longer it runs.
  const json endless = stream(2), few = stream(2, {{"requests", 200}}), many = stream(2, {{"requests", 20000}});
  REQUIRE(few.contains("queue"));
  CHECK(few["queue"]["saturated"] == false);
  CHECK(stream_figure(few, "queue", "requests") == 200);
  const double request = stream_figure(few, "time", "request");
  CHECK(stream_figure(few, "queue", "makespan") == doctest::Approx(199.0 / 2.0 + request));
  CHECK(stream_figure(few, "throughput", "tokens_per_second") ==
        doctest::Approx(200.0 * 507 / (199.0 / 2.0 + request)));
  CHECK(stream_figure(few, "throughput", "tokens_per_second") <
        stream_figure(endless, "throughput", "tokens_per_second"));
  CHECK(stream_figure(many, "throughput", "tokens_per_second") > stream_figure(few, "throughput", "tokens_per_second"));
  CHECK(stream_figure(many, "throughput", "tokens_per_second") ==
        doctest::Approx(stream_figure(endless, "throughput", "tokens_per_second")).epsilon(0.01));
  // The time per request is the steady state's either way.
  CHECK(stream_figure(few, "time", "per_output_token") == stream_figure(endless, "time", "per_output_token"));
  CHECK(few["throughput"]["formulas"]["tokens_per_second_per_gpu"]["text"].get<std::string>().find("arrivals' span") !=
        std::string::npos);
}
