// NVLink segments: a job on several NVL72 racks whose expert-parallel groups do not tile the
// 72-GPU fabric has groups that straddle two fabrics; the plan warns and names the remedy, and a
// segment that the groups tile (64 GPUs, as Megatron-Bridge's launcher asks of SLURM) keeps every
// all-to-all on NVLink.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Qwen3-235B-A22B on 256 GB200s at ep 32, pp 8 (96 layer slots: 94 layers, embedding, loss).
json qwen_on_gb200(int segment) {
  json r = plan_request(json{{"tp", 1},
                             {"pp", 8},
                             {"ep", 32},
                             {"embedding_as_layer", true},
                             {"loss_as_layer", true},
                             {"precision", "bf16"}},
                        json{{"global", 1024}, {"micro", 1}}, "qwen3-235b-a22b", 256, "gb200-nvl72");
  if (segment) r["hardware"]["gpus_per_node"] = segment, r["hardware"]["nics_per_node"] = segment;
  return call("plan", r);
}

const json* straddle_warning(const json& plan) {
  if (!plan.contains("warnings")) return nullptr;
  for (const auto& w : plan["warnings"])
    if (w["code"] == "ep_across_domains") return &w;
  return nullptr;
}

}  // namespace

TEST_CASE("expert groups of 32 straddle NVL72's 72-GPU fabrics: warned, with the worst group's split and the remedy") {
  const json racks = qwen_on_gb200(0);
  REQUIRE_FALSE(atlas::is_error(racks));
  const json* w = straddle_warning(racks);
  REQUIRE(w != nullptr);
  CHECK((*w)["path"] == "/hardware/gpus_per_node");
  const std::string text = (*w)["message"].get<std::string>();
  CHECK(text.find("groups of 32") != std::string::npos);
  CHECK(text.find("8 of its ranks") != std::string::npos);  // ranks 64–71 on one fabric, 72–95 on the next
  CHECK(text.find("--segment") != std::string::npos);
  // The straddling group's all-to-all runs on the network cards.
  CHECK(plan_transfer(racks, "ep-fwd-dispatch")["link"] == "inter");
}

TEST_CASE("a 64-GPU NVLink segment keeps every expert group on one fabric: no warning, all-to-all on NVLink") {
  const json racks = qwen_on_gb200(0), segments = qwen_on_gb200(64);
  REQUIRE_FALSE(atlas::is_error(segments));
  CHECK(straddle_warning(segments) == nullptr);
  CHECK(plan_transfer(segments, "ep-fwd-dispatch")["link"] == "intra");
  CHECK(segments["time"]["communication"]["EP"].get<double>() <
        racks["time"]["communication"]["EP"].get<double>() / 4.0);
  // Within one rack there is nothing to straddle.
  json one_rack =
      plan_request(json{{"tp", 1}, {"pp", 2}, {"ep", 32}, {"embedding_as_layer", true}, {"loss_as_layer", true}},
                   json{{"global", 64}, {"micro", 1}}, "qwen3-235b-a22b", 64, "gb200-nvl72");
  const json small = call("plan", one_rack);
  REQUIRE_FALSE(atlas::is_error(small));
  CHECK(straddle_warning(small) == nullptr);
}
