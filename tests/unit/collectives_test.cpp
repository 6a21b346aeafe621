// The `allreduce` command: the ideal ring against hand-derived values, its invariants, the
// comparison costs, the animation schedule, strong scaling, sweeps and bad input.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "atlas/collectives/collective_compare.hpp"
#include "atlas/collectives/ring_schedule.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json ring(double ranks, double bytes, double bandwidth = 1e11, double latency = 5e-6) {
  return call("allreduce", json{{"ranks", ranks}, {"bytes", bytes}, {"bandwidth", bandwidth}, {"latency", latency}});
}

constexpr double GiB = 1073741824.0;

}  // namespace

TEST_CASE("p=8, n=1 GiB, B=100 GB/s, α=5 µs: 14·5 µs + 1.75·1 GiB/100 GB/s = 18.860 ms") {
  json r = ring(8, GiB);
  // By hand: latency 14 × 5e-6 = 70 µs; bandwidth 1.75 × 1073741824 / 1e11 = 18.790 ms.
  CHECK(r["steps"] == 14);
  CHECK(r["latency_term"].get<double>() == doctest::Approx(70e-6).scale(0));
  CHECK(r["bandwidth_term"].get<double>() == doctest::Approx(0.01879048192));
  CHECK(r["time"].get<double>() == doctest::Approx(0.01886048192));
  CHECK(std::round(r["time"].get<double>() * 1e6) / 1e3 == doctest::Approx(18.860));
  // One ring step: α + n/(pB) = 5 µs + 1 GiB / 8 / 100 GB/s.
  CHECK(r["step_time"].get<double>() == doctest::Approx(5e-6 + 1073741824.0 / 8 / 1e11));
  CHECK(r["bytes_per_rank"].get<double>() == doctest::Approx(1.75 * GiB));
  CHECK(r["chunk_bytes"].get<double>() == doctest::Approx(GiB / 8));
  // nccl-tests: algbw = S/t; busbw = algbw · 2(p−1)/p.
  CHECK(r["algbw"].get<double>() == doctest::Approx(GiB / 0.01886048192));
  CHECK(r["busbw"].get<double>() == doctest::Approx(GiB / 0.01886048192 * 1.75));
  CHECK(r["bound_fraction"].get<double>() == doctest::Approx(0.01879048192 / 0.01886048192));
  // Crossover where 2(p−1)α = 2(p−1)/p · n/B, i.e. n = p·α·B = 8 · 5e-6 · 1e11 = 4 MB.
  CHECK(r["crossover_bytes"].get<double>() == doctest::Approx(4e6));
  CHECK(r["regime"] == "bandwidth-bound");
  CHECK(r["shares"]["latency"].get<double>() + r["shares"]["bandwidth"].get<double>() == doctest::Approx(1));
  CHECK(r["formula"]["factor"].get<double>() == doctest::Approx(1.75));
  CHECK(r["formula"]["steps"] == 14);
}

TEST_CASE("the two limits: p = 2 costs n/B, large p tends to 2n/B") {
  json two = ring(2, GiB, 1e11, 0);
  CHECK(two["time"].get<double>() == doctest::Approx(GiB / 1e11));
  CHECK(two["busbw"].get<double>() == doctest::Approx(two["algbw"].get<double>()));
  json many = ring(65536, GiB, 1e11, 0);
  CHECK(many["time"].get<double>() == doctest::Approx(2 * GiB / 1e11).epsilon(1e-4));
  CHECK(many["time"].get<double>() < 2 * GiB / 1e11);
  CHECK(many["limits"]["many_ranks"].get<double>() == doctest::Approx(2 * GiB / 1e11));
}

TEST_CASE("invariants: time ≥ bandwidth bound, monotone in n and α, decreasing in B") {
  for (double p : {2.0, 3.0, 8.0, 17.0, 1000.0, 65536.0}) {
    double last = 0;
    for (double n : {1.0, 1e3, 1e6, 1e9, 1e12}) {
      CAPTURE(p);
      CAPTURE(n);
      json r = ring(p, n);
      const double t = r["time"].get<double>();
      CHECK(t >= r["bandwidth_bound"].get<double>());
      CHECK(r["bound_fraction"].get<double>() <= 1.0);
      CHECK(t > last);
      last = t;
      CHECK(ring(p, n, 1e11, 1e-5)["time"].get<double>() > ring(p, n, 1e11, 5e-6)["time"].get<double>());
      CHECK(ring(p, n, 2e11)["time"].get<double>() < t);
    }
  }
}

TEST_CASE("comparison algorithms follow Thakur et al. (2005)") {
  const atlas::LinkModel link{1e9, 1e-5};
  using A = atlas::AllreduceAlgorithm;
  const double n = 1e6;
  // p = 8: lg p = 3.
  CHECK(atlas::allreduce_cost(A::recursive_doubling, 8, n, link, 0).cost.time == doctest::Approx(3e-5 + 3e-3));
  CHECK(atlas::allreduce_cost(A::rabenseifner, 8, n, link, 0).cost.time == doctest::Approx(6e-5 + 1.75e-3));
  CHECK(atlas::allreduce_cost(A::binomial_tree, 8, n, link, 0).cost.time == doctest::Approx(6e-5 + 6e-3));
  CHECK(atlas::allreduce_cost(A::reduce_scatter, 8, n, link, 0).cost.time == doctest::Approx(7e-5 + 0.875e-3));
  // γ: recursive doubling reduces the whole vector lg p times.
  CHECK(atlas::allreduce_cost(A::recursive_doubling, 8, n, link, 1e-9).reduction_term == doctest::Approx(3e-3));
  // p = 6 folds to 4 ranks: 2 extra messages of n and one extra reduction.
  CHECK(atlas::allreduce_cost(A::recursive_doubling, 6, n, link, 0).cost.time ==
        doctest::Approx(2e-5 + 2e-3 + 2e-5 + 2e-3));
  CHECK(atlas::allreduce_cost(A::binomial_tree, 6, n, link, 0).cost.steps == 6);
  // The ring with γ = 0 is exactly the shared cost the plan engine uses.
  CHECK(atlas::allreduce_cost(A::ring, 8, n, link, 0).cost.time == atlas::ring_allreduce(8, n, link).time);

  json r =
      call("allreduce", json{{"ranks", 8}, {"bytes", GiB}, {"bandwidth", 1e11}, {"latency", 5e-6}, {"compare", true}});
  REQUIRE(r["comparison"]["algorithms"].size() == 5);
  CHECK(r["comparison"]["note"].get<std::string>().find("comparison only") != std::string::npos);
  json tree =
      call("allreduce",
           json{{"ranks", 8}, {"bytes", 1e6}, {"bandwidth", 1e9}, {"latency", 1e-5}, {"algorithm", "binomial_tree"}});
  CHECK(tree["time"].get<double>() == doctest::Approx(6e-5 + 6e-3));
}

TEST_CASE("ring schedule: every chunk fully reduced on every rank after 2(p−1) steps") {
  for (int p = 2; p <= 16; ++p) {
    CAPTURE(p);
    auto steps = atlas::ring_schedule(p);
    REQUIRE(steps.size() == static_cast<std::size_t>(2 * (p - 1)));
    // After reduce-scatter, rank r owns the complete chunk (r+1) mod p.
    const auto& mid = steps[static_cast<std::size_t>(p - 2)].contributions;
    for (int r = 0; r < p; ++r) CHECK(mid[r][(r + 1) % p] == p);
    for (const auto& row : steps.back().contributions)
      for (int c : row) CHECK(c == p);
    // Each step every rank sends exactly one chunk to its right-hand neighbour.
    for (const auto& s : steps) {
      REQUIRE(s.sends.size() == static_cast<std::size_t>(p));
      for (const auto& m : s.sends) CHECK(m.to == (m.from + 1) % p);
    }
  }
  // Step 0: rank r starts by sending its own chunk r.
  const auto eight = atlas::ring_schedule(8);
  for (const auto& m : eight.front().sends) CHECK(m.chunk == m.from);
  CHECK(atlas::ring_schedule(17).empty());
}

TEST_CASE("the schedule travels with the response up to 16 ranks") {
  json r =
      call("allreduce", json{{"ranks", 4}, {"bytes", 4096}, {"bandwidth", 1e9}, {"latency", 0}, {"schedule", true}});
  REQUIRE(r["schedule"]["available"] == true);
  CHECK(r["schedule"]["steps"].size() == 6);
  CHECK(r["schedule"]["steps"][0]["phase"] == "reduce-scatter");
  CHECK(r["schedule"]["steps"][3]["phase"] == "all-gather");
  CHECK(r["schedule"]["chunk_bytes"].get<double>() == doctest::Approx(1024));
  CHECK(r["schedule"]["step_time"].get<double>() == doctest::Approx(1024 / 1e9));
  // 2(p−1) steps of one chunk each add up to the ring's time.
  CHECK(6 * r["schedule"]["step_time"].get<double>() == doctest::Approx(r["time"].get<double>()));
  CHECK(r["schedule"]["steps"][0]["contributions"][1][0] == 2);
  json big =
      call("allreduce", json{{"ranks", 64}, {"bytes", 4096}, {"bandwidth", 1e9}, {"latency", 0}, {"schedule", true}});
  CHECK(big["schedule"]["available"] == false);
  CHECK(big["schedule"]["max_ranks"] == 16);
}

TEST_CASE("strong scaling: doubling ranks does not halve the step time") {
  json r = call("allreduce", json{{"ranks", 8},
                                  {"bytes", GiB},
                                  {"bandwidth", 1e11},
                                  {"latency", 5e-6},
                                  {"scaling", {{"compute", 1.0}, {"overlap", 0.0}}}});
  const json& s = r["scaling"];
  // No overlap: step = 1/8 + 18.860 ms.
  CHECK(s["step_time"].get<double>() == doctest::Approx(0.125 + 0.01886048192));
  CHECK(s["speedup"].get<double>() == doctest::Approx(1.0 / (0.125 + 0.01886048192)));
  CHECK(s["speedup"].get<double>() < 8);
  CHECK(s["doubled"]["time_ratio"].get<double>() > 0.5);
  CHECK(s["efficiency"].get<double>() == doctest::Approx(s["speedup"].get<double>() / 8));
  // Full overlap hides an all-reduce shorter than the compute.
  json hidden = call("allreduce", json{{"ranks", 8},
                                       {"bytes", GiB},
                                       {"bandwidth", 1e11},
                                       {"latency", 5e-6},
                                       {"scaling", {{"compute", 1.0}, {"overlap", 1.0}}}});
  CHECK(hidden["scaling"]["exposed"].get<double>() == 0);
  CHECK(hidden["scaling"]["speedup"].get<double>() == doctest::Approx(8));
  // With latency growing in p, more ranks eventually make the step slower: a best count exists.
  CHECK(s["best"]["ranks"].get<int>() > 8);
  CHECK(s["best"]["ranks"].get<int>() < 65536);
  json bounded = call("allreduce", json{{"ranks", 8},
                                        {"bytes", GiB},
                                        {"bandwidth", 1e11},
                                        {"latency", 0},
                                        {"scaling", {{"compute", 1.0}, {"search_to", 64}}}});
  CHECK(bounded["scaling"]["best"]["ranks"] == 64);  // no latency: more ranks always help here
  CHECK(bounded["scaling"]["best"]["searched_to"] == 64);
}

TEST_CASE("sweeps return whole curves in one call") {
  json r = call("allreduce", json{{"ranks", 8},
                                  {"bytes", GiB},
                                  {"bandwidth", 1e11},
                                  {"latency", 5e-6},
                                  {"compare", true},
                                  {"scaling", {{"compute", 1.0}}},
                                  {"sweep",
                                   {{"bytes", {{"from", 1}, {"to", 1e11}, {"points", 45}}},
                                    {"ranks", {{"from", 1}, {"to", 4096}, {"points", 40}}}}}});
  const json& b = r["curves"]["bytes"];
  REQUIRE(b["x"].size() == 45);
  CHECK(b["x"][0] == 1.0);
  CHECK(b["x"][44] == 1e11);
  for (std::size_t i = 1; i < 45; ++i) CHECK(b["time"][i].get<double>() > b["time"][i - 1].get<double>());
  CHECK(b["compare"]["rabenseifner"].size() == 45);
  const json& k = r["curves"]["ranks"];
  CHECK(k["x"][0] == 1);
  CHECK(k["busbw"][0].is_null());  // nothing moves on one rank
  CHECK(k["speedup"][0].get<double>() == doctest::Approx(1));
  CHECK(k["x"].back() == 4096);
  for (std::size_t i = 1; i < k["x"].size(); ++i) CHECK(k["x"][i].get<int>() > k["x"][i - 1].get<int>());
}

namespace {

// The keys of a curve object, sorted (json objects iterate in key order).
// The data columns of a curve; its cache key has a test of its own below.
std::vector<std::string> keys(const json& curve) {
  std::vector<std::string> out;
  for (auto it = curve.begin(); it != curve.end(); ++it)
    if (it.key() != "key") out.push_back(it.key());
  return out;
}

json lab_request(bool compare, json sweep, bool scaling = true) {
  json req{{"ranks", 8},      {"bytes", GiB},       {"bandwidth", 1e11},
           {"latency", 5e-6}, {"compare", compare}, {"sweep", std::move(sweep)}};
  if (scaling) req["scaling"] = {{"compute", 1.0}};
  return req;
}

const json kBytes{{"from", 1}, {"to", 1e11}, {"points", 45}};
const json kRanks{{"from", 1}, {"to", 4096}, {"points", 37}};

json with_columns(json range, json columns) {
  range["columns"] = std::move(columns);
  return range;
}

}  // namespace

TEST_CASE("sweep columns: x and exactly the columns asked for, equal to the full curve's") {
  json full = call("allreduce", lab_request(true, {{"bytes", kBytes}, {"ranks", kRanks}}));
  REQUIRE(full.contains("curves"));
  // compare via columns alone (top-level compare false), duplicates and any order.
  json some = call("allreduce", lab_request(false, {{"bytes", with_columns(kBytes, {"bound", "time", "time"})},
                                                    {"ranks", with_columns(kRanks, {"compare", "speedup", "busbw"})}}));
  REQUIRE(some.contains("curves"));
  CHECK_FALSE(some.contains("comparison"));
  const json& b = some["curves"]["bytes"];
  const json& k = some["curves"]["ranks"];
  CHECK(keys(b) == std::vector<std::string>{"bound", "time", "x"});
  CHECK(keys(k) == std::vector<std::string>{"busbw", "compare", "speedup", "x"});
  for (const auto& key : keys(b)) CHECK(b[key] == full["curves"]["bytes"][key]);
  for (const auto& key : keys(k)) CHECK(k[key] == full["curves"]["ranks"][key]);
  CHECK(keys(k["compare"]).size() == 5);

  // An empty list returns the grid alone; scaling columns need a request with scaling.
  json bare = call("allreduce", lab_request(false,
                                            {{"bytes", with_columns(kBytes, json::array())},
                                             {"ranks", with_columns(kRanks, {"time", "speedup"})}},
                                            false));
  CHECK(keys(bare["curves"]["bytes"]) == std::vector<std::string>{"x"});
  CHECK(keys(bare["curves"]["ranks"]) == std::vector<std::string>{"time", "x"});
}

TEST_CASE("sweep columns: absent, every column as before (compare with the top-level flag)") {
  const std::vector<std::string> bytes{"algbw", "bandwidth_term", "bound", "busbw", "latency_term", "time", "x"};
  const std::vector<std::string> ranks{"algbw", "bandwidth_term", "busbw", "latency_term", "time", "x"};
  const std::vector<std::string> scaled{"algbw",        "bandwidth_term", "busbw",     "efficiency", "exposed",
                                        "latency_term", "speedup",        "step_time", "time",       "x"};
  auto plus_compare = [](std::vector<std::string> v) {
    v.push_back("compare");
    std::sort(v.begin(), v.end());
    return v;
  };
  json off = call("allreduce", lab_request(false, {{"bytes", kBytes}, {"ranks", kRanks}}, false));
  CHECK(keys(off["curves"]["bytes"]) == bytes);
  CHECK(keys(off["curves"]["ranks"]) == ranks);
  json on = call("allreduce", lab_request(true, {{"bytes", kBytes}, {"ranks", kRanks}}));
  CHECK(keys(on["curves"]["bytes"]) == plus_compare(bytes));
  CHECK(keys(on["curves"]["ranks"]) == plus_compare(scaled));
  CHECK(on["comparison"]["algorithms"].size() == 5);
}

TEST_CASE("a curve's key moves with exactly the inputs the curve is drawn from") {
  const json sweep{{"bytes", with_columns(kBytes, {"time"})}, {"ranks", with_columns(kRanks, {"time", "speedup"})}};
  const json base = call("allreduce", lab_request(false, sweep));
  const auto key_of = [&](json patch, const char* curve) {
    json req = lab_request(false, sweep);
    req.merge_patch(patch);
    return call("allreduce", req)["curves"][curve]["key"].get<std::string>();
  };
  const std::string bytes_key = base["curves"]["bytes"]["key"], ranks_key = base["curves"]["ranks"]["key"];
  // The payload slider moves the rank curve (drawn at this payload), never the payload curve.
  CHECK(key_of({{"bytes", 2 * GiB}}, "bytes") == bytes_key);
  CHECK(key_of({{"bytes", 2 * GiB}}, "ranks") != ranks_key);
  CHECK(key_of({{"ranks", 16}}, "bytes") != bytes_key);
  CHECK(key_of({{"ranks", 16}}, "ranks") == ranks_key);
  for (const char* curve : {"bytes", "ranks"}) {
    CHECK(key_of({{"bandwidth", 2e11}}, curve) != base["curves"][curve]["key"]);
    CHECK(key_of({{"latency", 1e-5}}, curve) != base["curves"][curve]["key"]);
  }
  // Only the rank curve carries speed-up, so only it moves with the compute time.
  CHECK(key_of({{"scaling", {{"compute", 2.0}}}}, "bytes") == bytes_key);
  CHECK(key_of({{"scaling", {{"compute", 2.0}}}}, "ranks") != ranks_key);
  CHECK(key_of({{"sweep", {{"bytes", {{"columns", {"time", "busbw"}}}}}}}, "bytes") != bytes_key);
}

TEST_CASE("a curve the caller already holds comes back as its key alone") {
  json req = lab_request(false, {{"bytes", with_columns(kBytes, {"time"})}});
  const json first = call("allreduce", req);
  req["sweep"]["bytes"]["known"] = first["curves"]["bytes"]["key"];
  const json again = call("allreduce", req);
  CHECK(again["curves"]["bytes"] == json{{"key", first["curves"]["bytes"]["key"]}, {"unchanged", true}});
  req["bandwidth"] = 5e10;  // the held curve is now stale: the whole curve comes back
  const json moved = call("allreduce", req);
  CHECK_FALSE(moved["curves"]["bytes"].contains("unchanged"));
  CHECK(moved["curves"]["bytes"]["time"].size() == first["curves"]["bytes"]["time"].size());
  CHECK(moved["curves"]["bytes"]["key"] != first["curves"]["bytes"]["key"]);
}

TEST_CASE("bad values name their field") {
  auto bad = [](json patch) {
    json req{{"ranks", 8}, {"bytes", GiB}, {"bandwidth", 1e11}, {"latency", 5e-6}};
    for (auto it = patch.begin(); it != patch.end(); ++it) req[it.key()] = it.value();
    return call("allreduce", req);
  };
  CHECK(has_error(bad({{"ranks", 0}}), "out_of_range", "/ranks"));
  CHECK(has_error(bad({{"ranks", 1}}), "out_of_range", "/ranks"));
  CHECK(has_error(bad({{"ranks", -4}}), "out_of_range", "/ranks"));
  CHECK(has_error(bad({{"ranks", 2.5}}), "not_integer", "/ranks"));
  CHECK(has_error(bad({{"ranks", 1e12}}), "out_of_range", "/ranks"));
  CHECK(has_error(bad({{"bytes", 0}}), "out_of_range", "/bytes"));
  CHECK(has_error(bad({{"bytes", -1}}), "out_of_range", "/bytes"));
  CHECK(has_error(bad({{"bytes", nullptr}}), "wrong_type", "/bytes"));  // JSON.stringify(NaN) is null
  CHECK(has_error(bad({{"bandwidth", 0}}), "out_of_range", "/bandwidth"));
  CHECK(has_error(bad({{"latency", -1e-6}}), "out_of_range", "/latency"));
  CHECK(has_error(bad({{"latency", "5us"}}), "wrong_type", "/latency"));
  CHECK(has_error(bad({{"algorithm", "butterfly"}}), "unknown_value", "/algorithm"));
  CHECK(has_error(bad({{"scaling", {{"compute", 0}}}}), "out_of_range", "/scaling/compute"));
  CHECK(has_error(bad({{"sweep", {{"bytes", {{"from", 10}, {"to", 5}}}}}}), "out_of_range", "/sweep/bytes/to"));
  CHECK(has_error(bad({{"sweep", {{"ranks", {{"from", 1}, {"to", 64}, {"points", 5000}}}}}}), "out_of_range",
                  "/sweep/ranks/points"));
  // Curve columns: names each curve offers, as strings, in an array; the path names the entry.
  CHECK(has_error(bad({{"sweep", {{"bytes", with_columns(kBytes, {"time", "speedup"})}}}}), "unknown_value",
                  "/sweep/bytes/columns/1"));
  CHECK(has_error(bad({{"sweep", {{"ranks", with_columns(kRanks, {"bound"})}}}}), "unknown_value",
                  "/sweep/ranks/columns/0"));
  CHECK(has_error(bad({{"sweep", {{"ranks", with_columns(kRanks, {"time", "time", 3})}}}}), "wrong_type",
                  "/sweep/ranks/columns/2"));
  CHECK(has_error(bad({{"sweep", {{"bytes", with_columns(kBytes, "time")}}}}), "wrong_type", "/sweep/bytes/columns"));
  CHECK(error_code(call("allreduce", "{\"ranks\":NaN}")) == "invalid_json");
  // Every problem is reported, not just the first.
  CHECK(bad({{"ranks", 0}, {"bytes", 0}, {"bandwidth", 0}})["errors"].size() == 3);
}
