// Requests arriving at random at a steady rate (serving.arrival "poisson"): how many are in flight
// follows from Little's law, a prompt waits for those that arrived first (M/D/1), the deployment
// answers what is offered below its capacity, and beyond it the request is refused unless the
// client caps what it sends at once.
#include <doctest/doctest.h>

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

json loop(std::int64_t users) {
  return serve("llama-3.1-70b", 4, {{"tp", 4}},
               {{"prompt", 513}, {"output", 507}, {"runtime", "sglang"}, {"concurrency", users}}, "h200");
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
  CHECK(has_error(plan({{"arrival", "poisson"}, {"request_rate", 2}, {"requests", 100}}), "requests_arrival",
                  "/serving/requests"));
  const json zero = plan({{"arrival", "poisson"}, {"request_rate", 0}});
  REQUIRE(zero.contains("error"));
  CHECK(zero["error"]["path"] == "/serving/request_rate");
}
