// Decode's bandwidth by GPU: each preset cites what a streaming kernel reaches of its nominal HBM
// bandwidth (FluidX3D's table); a decode step's weight reads reach 0.7531 / 0.767 of that (fitted
// on gpt-fast's batch-1 Llama-2-7B on A100 80GB), its KV reads the streaming fraction itself. A
// request may give either fraction; a GPU without one takes 0.80.
#include <doctest/doctest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "support.hpp"

using namespace atlas_test;

namespace {

constexpr double kOfStream = 0.7531 / 0.767;

json decode_serving(const json& hardware, json serving = json{{"prompt", 512}, {"output", 64}, {"concurrency", 1}}) {
  return atlas::run("plan", json{{"mode", "inference"},
                                 {"model", {{"preset", "llama-3.1-8b"}}},
                                 {"hardware", hardware},
                                 {"parallel", {{"tp", 1}}},
                                 {"serving", std::move(serving)}});
}

}  // namespace

TEST_CASE("each GPU decodes at its own share of nominal bandwidth, from its cited streaming fraction") {
  const std::vector<std::pair<const char*, double>> presets{{"a100-80gb", 0.767}, {"a100-40gb", 0.838},
                                                            {"h100-sxm", 0.804},  {"h200", 0.735},
                                                            {"b200", 0.806},      {"gb200-nvl72", 0.806}};
  for (const auto& preset : presets) {
    CAPTURE(preset.first);
    const json p = decode_serving({{"preset", preset.first}, {"gpus", 1}});
    REQUIRE_FALSE(atlas::is_error(p));
    CHECK(p["serving"]["bandwidth_fraction"].get<double>() == doctest::Approx(preset.second * kOfStream));
  }
  // The calibration GPU itself: gpt-fast's 0.7531 of nominal.
  CHECK(decode_serving({{"preset", "a100-80gb"}, {"gpus", 1}})["serving"]["bandwidth_fraction"].get<double>() ==
        doctest::Approx(0.7531));
}

TEST_CASE("weights stream at the decode fraction, the KV cache at the streaming fraction") {
  // A long cache at batch 64 is mostly KV bytes; at batch 1 with a short prompt, mostly weights.
  const json big = decode_serving({{"preset", "h100-sxm"}, {"gpus", 1}},
                                  {{"prompt", 4096}, {"output", 256}, {"concurrency", 64}, {"runtime", "trtllm"}});
  const json& d = big["time"]["decode"];
  const double nominal = 3.35e12;
  CHECK(d["memory_time"].get<double>() ==
        doctest::Approx(d["weight_bytes"].get<double>() / (nominal * 0.804 * kOfStream)).epsilon(1e-9));
  // The KV part of the step: its bytes at the streaming fraction, as the formula says.
  const std::string text = big["time"]["formulas"]["decode_step"]["text"].get<std::string>();
  CHECK(text.find("KV") != std::string::npos);
  const json kv_rate = big["time"]["formulas"]["decode_step"]["values"][6];
  CHECK(kv_rate["value"].get<double>() == doctest::Approx(nominal * 0.804).epsilon(1e-9));
}

TEST_CASE("a request's own fractions win; a GPU with none takes 0.80; a fraction past 1 names its field") {
  const json mine = decode_serving({{"preset", "h200"}, {"gpus", 1}},
                                   {{"prompt", 512}, {"output", 64}, {"concurrency", 1}, {"bandwidth_fraction", 0.6}});
  CHECK(mine["serving"]["bandwidth_fraction"] == 0.6);
  const json measured = decode_serving({{"preset", "h200"}, {"gpus", 1}, {"efficiencies", {{"hbm", 0.9}}}});
  CHECK(measured["serving"]["bandwidth_fraction"].get<double>() == doctest::Approx(0.9 * kOfStream));
  const json custom = decode_serving({{"gpus", 1},
                                      {"gpus_per_node", 8},
                                      {"memory", 8e10},
                                      {"flops", 5e14},
                                      {"memory_bandwidth", 2e12},
                                      {"intra_bandwidth", 3e11},
                                      {"inter_bandwidth", 2.5e10},
                                      {"latency", 2e-6}});
  REQUIRE_FALSE(atlas::is_error(custom));
  CHECK(custom["serving"]["bandwidth_fraction"].get<double>() == doctest::Approx(0.80 * kOfStream));
  const json bad = decode_serving({{"preset", "h200"}, {"gpus", 1}, {"efficiencies", {{"hbm", 1.5}}}});
  REQUIRE(atlas::is_error(bad));
  CHECK(bad["error"]["path"] == "/hardware/efficiencies/hbm");
}

TEST_CASE("the serving search plans with the GPU's decode fraction, as plan does") {
  const json s = atlas::run("search", json{{"mode", "inference"},
                                           {"model", {{"preset", "llama-3.1-8b"}}},
                                           {"hardware", {{"preset", "h200"}, {"gpus", 2}}},
                                           {"serving", {{"prompt", 512}, {"output", 64}, {"concurrency", 4}}}});
  REQUIRE_FALSE(atlas::is_error(s));
  CHECK(s["serving"]["bandwidth_fraction"].get<double>() == doctest::Approx(0.735 * kOfStream));
  for (const auto& t : s["top"]) CHECK(std::isfinite(t["throughput"]["tokens_per_second"].get<double>()));
}
