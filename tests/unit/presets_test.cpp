// Embedded presets: every one cited, valid through the request reader, and listed.
#include <doctest/doctest.h>

#include <set>

#include "atlas/content/presets.hpp"
#include "support.hpp"

using namespace atlas_test;

TEST_CASE("embedded presets pass validation") {
  const auto issues = atlas::check_presets();
  for (const auto& i : issues) MESSAGE(i.code << " " << i.path << " " << i.message);
  CHECK(issues.empty());
}

TEST_CASE("presets lists the required models and hardware with citations") {
  json r = call("presets", "{}");
  REQUIRE_FALSE(atlas::is_error(r));
  std::set<std::string> models, hardware;
  for (const auto& m : r["models"]) {
    models.insert(m["id"].get<std::string>());
    CHECK(m["citation"]["url"].get<std::string>().rfind("https://", 0) == 0);
  }
  for (const auto& h : r["hardware"]) hardware.insert(h["id"].get<std::string>());
  for (const char* id : {"gpt3-175b", "megatron-22b", "megatron-175b", "megatron-530b", "megatron-1t", "llama-3.1-8b",
                         "llama-3.1-70b", "llama-3.1-405b", "mixtral-8x7b"})
    CHECK(models.count(id) == 1);
  for (const char* id : {"a100-80gb", "h100-sxm", "h200", "b200"}) CHECK(hardware.count(id) == 1);
  CHECK(r["efficiencies"]["compute"].get<double>() > 0);
}

TEST_CASE("the A100 preset is a DGX A100 node: 8 GPUs, NVLink3, HDR 200 Gb/s per GPU") {
  const json* a100 = atlas::find_preset("hardware", "a100-80gb");
  REQUIRE(a100 != nullptr);
  CHECK((*a100)["gpus_per_node"] == 8);
  CHECK((*a100)["intra_bandwidth"].get<double>() == 300e9);
  CHECK((*a100)["inter_bandwidth"].get<double>() == 200e9 / 8);
  CHECK((*a100)["flops"].get<double>() == 312e12);
  CHECK(atlas::find_preset("hardware", "b200") != nullptr);
  CHECK(atlas::find_preset("models", "nope") == nullptr);
}

TEST_CASE("overrides lay over a preset") {
  json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"layers", 16}}},
                             {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8}, {"memory", 40e9}}}});
  CHECK(r["model"]["layers"] == 16);
  CHECK(r["hardware"]["memory"].get<double>() == 40e9);
  json w = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}, {"layerz", 16}}},
                             {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8}}}});
  CHECK(w["warnings"][0]["path"] == "/model/layerz");
}
