// DeepSpeed's ZeRO-3 as of 2021 (`framework: "deepspeed-2021"`, Narayanan et al.'s baseline):
// every parameter tensor gathered with a synchronous call of its own, at the fraction of NCCL's
// time that DeepSpeed issue #1174 measured. The fraction is derived here again from that issue's
// model, with the same per-tensor calls the engine prices, so the constant cannot drift from it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "atlas/collectives/network.hpp"
#include "atlas/content/presets.hpp"
#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json zero3(const char* framework, int gpus) {
  const json r = call(
      "plan", json{{"model", {{"preset", "megatron-175b"}}},
                   {"hardware", {{"preset", "a100-80gb"}, {"gpus", gpus}}},
                   {"parallel", {{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", framework}}},
                   {"batch", {{"global", 1536}, {"micro", 1536 / gpus}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

}  // namespace

TEST_CASE("the 2021 gather rate is issue #1174's measurement over NCCL's time for that model's own calls") {
  // bing_bert 5.1B (PR #1188): hidden 2560, 64 layers, MLP 10240, vocabulary 32003, sequence 512;
  // query, key, value and output as separate Linear layers, pre-LN; pooler and masked-LM head.
  const json* a100 = atlas::find_preset("hardware", "a100-80gb");
  REQUIRE(a100 != nullptr);
  const json& e = (*a100)["efficiencies"];
  const atlas::NetworkLinks links{(*a100)["intra_bandwidth"].get<double>() * e["intra"].get<double>(),
                                  (*a100)["inter_bandwidth"].get<double>() * e["inter"].get<double>(),
                                  (*a100)["nics_per_node"].get<std::int64_t>(),
                                  (*a100)["gpus_per_node"].get<std::int64_t>(), (*a100)["latency"].get<double>()};
  const atlas::GroupPlacement node{8, 1, 8, 0};
  const double h = 2560, f = 10240, vocab = 32003;
  std::vector<double> tensors{vocab * h, 512 * h, 2 * h, h, h};
  for (int l = 0; l < 64; ++l)
    for (double x : {h * h, h, h * h, h, h * h, h, h * h, h, h, h, h * f, f, f * h, h, h, h}) tensors.push_back(x);
  for (double x : {h * h, h, h * h, h, h, h, vocab}) tensors.push_back(x);
  double nccl = 0, parameters = 0;
  for (double x : tensors) {
    nccl += atlas::nccl_time(atlas::Collective::all_gather, 2 * x, node, links).time;
    parameters += x;
  }
  CHECK(tensors.size() == 1036);
  CHECK(parameters == doctest::Approx(5.13e9).epsilon(0.01));
  // ~470 ms of forward under ZeRO-3 against ~60 ms under ZeRO-2: ~410 ms for the gathers.
  CHECK(nccl / 0.410 == doctest::Approx(atlas::kDeepSpeed2021GatherRate).epsilon(0.005));
}

TEST_CASE("DeepSpeed 2021 gathers biases and norm weights one call apiece, latency that grows with the group") {
  const json at384 = zero3("deepspeed-2021", 384), at1536 = zero3("deepspeed-2021", 1536);
  const json& small = plan_transfer(at384, "dp-param-allgather-small-fwd");
  REQUIRE(small.is_object());
  // GPT-style layers: 4 weight matrices with a bias each, and two LayerNorms of weight and bias.
  CHECK(small["calls_per_step"] == 96 * 8);
  CHECK(plan_transfer(at384, "dp-param-allgather-small-bwd")["calls_per_step"] == 96 * 8);
  CHECK(small["bytes_per_call"].get<double>() < 1e5);
  CHECK(small["latency_share"].get<double>() > 0.9);
  // Synchronous: all of it exposed, and each call costs more the more ranks the ring passes.
  CHECK(small["exposed_time_per_step"] == small["time_per_step"]);
  const json& wide = plan_transfer(at1536, "dp-param-allgather-small-fwd");
  CHECK(wide["time_per_step"].get<double>() > 3.5 * small["time_per_step"].get<double>());
  // The weight matrices carry the rest of the bytes: the parameters are all gathered once each way.
  const json& weights = plan_transfer(at384, "dp-param-allgather-fwd");
  const double gathered = weights["bytes_per_step"].get<double>() + small["bytes_per_step"].get<double>();
  CHECK(gathered / 2 == doctest::Approx(at384["stages"][0]["parameters"].get<double>()).epsilon(1e-9));
  // Today's DeepSpeed and FSDP gather whole modules or buckets: no calls per bias.
  for (const char* framework : {"deepspeed", "fsdp"}) {
    CAPTURE(framework);
    CHECK(plan_transfer(zero3(framework, 384), "dp-param-allgather-small-fwd").is_null());
  }
}
