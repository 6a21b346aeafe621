// The plan command: validity errors with their paths, the communication list, the pipeline's
// time decomposition, and request validation (schedules and readouts: plan_readout_test.cpp).
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

bool has_id(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"])
    if (t["id"] == id) return true;
  return false;
}

std::string first_message(const json& plan, const std::string& code) {
  for (const auto& e : plan["errors"])
    if (e["code"] == code) return e["message"];
  return "";
}

}  // namespace

TEST_CASE("an impossible split is an error answer listing every violation, for people") {
  json r = call("plan", plan_request({{"tp", 3}, {"pp", 200}, {"dp", 5}, {"ep", 2}, {"cp", 7}},
                                     {{"global", 100}, {"micro", 3}}, "llama-3.1-8b"));
  REQUIRE(r.contains("error"));
  CHECK(first_message(r, "tp_heads") == "tp = 3 does not divide 32 heads.");
  CHECK(has_error(r, "tp_heads", "/parallel/tp"));
  CHECK(has_error(r, "tp_kv_heads", "/parallel/tp"));
  CHECK(has_error(r, "gpus_mismatch", "/parallel/dp"));
  CHECK(has_error(r, "ep_dense", "/parallel/ep"));
  CHECK(has_error(r, "ep_dp", "/parallel/ep"));
  CHECK(has_error(r, "pp_layers", "/parallel/pp"));
  CHECK(has_error(r, "cp_seq", "/parallel/cp"));
  CHECK(has_error(r, "batch_not_divisible", "/batch/global"));
  // One channel: the same shape as any refused request, the first violation in "error".
  CHECK(r["error"] == r["errors"][0]);
  CHECK_FALSE(r.contains("memory"));
  CHECK_FALSE(r.contains("valid"));
}

TEST_CASE("each rule alone") {
  CHECK(has_error(call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"dp", 2}})), "gpus_mismatch", "/parallel/dp"));
  CHECK(has_error(call("plan", plan_request({{"tp", 8}, {"pp", 3}})), "gpus_not_divisible", "/hardware/gpus"));
  json moe = call("plan", plan_request({{"ep", 3}}, {{"global", 48}}, "mixtral-8x7b", 48, "h100-sxm"));
  CHECK(has_error(moe, "ep_experts", "/parallel/ep"));
  json v = call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 5}}));
  CHECK(first_message(v, "virtual_layers") == "virtual_stages = 5 does not divide the 12 layers per stage.");
  CHECK(has_error(call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}, {"schedule", "1f1b"}})),
                  "virtual_needs_interleaved", "/parallel/schedule"));
  CHECK(has_error(call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"schedule", "interleaved"}})),
                  "interleaved_needs_virtual", "/parallel/virtual_stages"));
  CHECK(has_error(call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}}, {{"global", 12}})),
                  "interleaved_microbatches", "/batch/accumulation"));
  CHECK(has_error(
      call("plan", plan_request({{"tp", 8}, {"pp", 8}}, {{"global", 64}, {"micro", 1}, {"accumulation", 32}})),
      "batch_inconsistent", "/batch/global"));
}

TEST_CASE("warnings are separate from errors: tp across nodes, uneven stages") {
  json r = call("plan", plan_request({{"tp", 16}, {"pp", 5}}, {{"global", 40}}, "megatron-175b", 80));
  CHECK_FALSE(r.contains("error"));
  bool across = false, uneven = false;
  for (const auto& w : r["warnings"]) {
    across = across || (w["code"] == "tp_across_nodes" && w["path"] == "/parallel/tp");
    uneven = uneven || w["code"] == "uneven_stages";
  }
  CHECK(across);
  CHECK(uneven);
  CHECK(r["stages"][0]["layers"] == 20);
  CHECK(r["stages"][4]["layers"] == 19);
  CHECK(plan_transfer(r, "tp-fwd-attn-allreduce")["link"] == "inter");
}

TEST_CASE("the communication list follows the split") {
  json plain = call("plan", plan_request({{"tp", 1}, {"pp", 1}, {"zero", 0}, {"framework", "ideal"}}, {{"global", 64}},
                                         "llama-3.1-8b"));
  REQUIRE_FALSE(plain.contains("error"));
  CHECK(plain["communication"].size() == 1);
  CHECK(plain["communication"][0]["id"] == "dp-grad-allreduce");
  CHECK(plain["communication"][0]["bytes_per_call"].get<double>() == 2 * 8030261248.0);
  // Megatron carries the same fp32 gradients in buckets of max(40M, 1M × dp) parameters.
  json bucketed = call("plan", plan_request({{"tp", 1}, {"pp", 1}, {"zero", 0}}, {{"global", 64}}, "llama-3.1-8b"));
  const json& g = bucketed["communication"][0];
  CHECK(g["calls_per_step"].get<double>() == std::ceil(8030261248.0 / 64e6));
  CHECK(g["bytes_per_call"].get<double>() * g["calls_per_step"].get<double>() == doctest::Approx(4 * 8030261248.0));
  CHECK(g["latency_share"].get<double>() > 0);

  json tp = call("plan", plan_request({{"tp", 8}, {"pp", 8}}));
  const json& ar = plan_transfer(tp, "tp-fwd-attn-allreduce");
  CHECK(ar["collective"] == "all-reduce");
  CHECK(ar["group"] == "TP");
  CHECK(ar["link"] == "intra");
  CHECK(ar["bytes_per_call"].get<double>() == 2.0 * 2048 * 12288);
  CHECK(ar["count_per_step"].get<double>() == 12 * 64);
  CHECK(ar["bytes_per_step"].get<double>() == ar["bytes_per_call"].get<double>() * 12 * 64);
  CHECK(has_id(tp, "pp-bwd-activation-grad"));
  CHECK(plan_transfer(tp, "pp-bwd-activation-grad")["collective"] == "send-recv");
  std::set<std::string> ids;
  for (const auto& t : tp["communication"]) CHECK(ids.insert(t["id"].get<std::string>()).second);

  json sp = call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"sequence_parallel", true}}));
  CHECK(has_id(sp, "tp-fwd-reducescatter"));
  CHECK(has_id(sp, "tp-fwd-allgather"));
  CHECK_FALSE(has_id(sp, "tp-fwd-attn-allreduce"));

  json z3 = call("plan", plan_request({{"zero", 3}, {"recompute", "full"}}, {{"global", 64}}, "llama-3.1-8b"));
  CHECK(plan_transfer(z3, "dp-param-allgather-fwd")["tensor"] == "parameter");
  CHECK(plan_transfer(z3, "dp-grad-reducescatter")["collective"] == "reduce-scatter");
  json z1 = call("plan", plan_request({{"zero", 1}}, {{"global", 64}}, "llama-3.1-8b"));
  CHECK(has_id(z1, "dp-grad-reducescatter"));
  CHECK(has_id(z1, "dp-param-allgather"));

  json moe = call("plan", plan_request({{"ep", 8}, {"recompute", "full"}, {"zero", 1}}, {{"global", 64}},
                                       "mixtral-8x7b", 64, "h100-sxm"));
  REQUIRE_FALSE(moe.contains("error"));
  CHECK(plan_transfer(moe, "ep-fwd-dispatch")["collective"] == "all-to-all");
  json cp = call("plan", plan_request({{"tp", 8}, {"cp", 4}, {"recompute", "full"}}, {{"global", 2}}, "llama-3.1-70b",
                                      64, "h100-sxm"));
  REQUIRE_FALSE(cp.contains("error"));
  CHECK(plan_transfer(cp, "cp-fwd-kv")["tensor"] == "kv");
  CHECK(plan_transfer(cp, "cp-fwd-kv")["group_size"] == 4);
}

TEST_CASE("context parallelism: a ring hides its passes, Llama 3's all-gather waits for them") {
  const json split{{"tp", 8}, {"cp", 4}, {"recompute", "none"}};
  json ring = call("plan", plan_request(split, {{"global", 2}}, "llama-3.1-70b", 64, "h100-sxm"));
  json with_gather = split;
  with_gather["cp_attention"] = "all-gather";
  json gather = call("plan", plan_request(with_gather, {{"global", 2}}, "llama-3.1-70b", 64, "h100-sxm"));
  REQUIRE_FALSE(ring.contains("error"));
  REQUIRE_FALSE(gather.contains("error"));
  CHECK(ring["parallel"]["cp_attention"] == "ring");
  CHECK(gather["parallel"]["cp_attention"] == "all-gather");
  CHECK_FALSE(has_id(gather, "cp-fwd-kv"));
  // The same bytes arrive either way: cp − 1 blocks per layer, forward.
  const json& f = plan_transfer(gather, "cp-fwd-kv-gather");
  const json& r = plan_transfer(ring, "cp-fwd-kv");
  CHECK(f["collective"] == "all-gather");
  CHECK(f["bytes_per_call"].get<double>() == doctest::Approx(4 * r["bytes_per_call"].get<double>()));
  CHECK(f["count_per_microbatch"].get<double>() * 3 == doctest::Approx(r["count_per_microbatch"].get<double>()));
  // Nothing hides a gather that attention waits for; the ring hides part of its passes.
  for (const char* id : {"cp-fwd-kv-gather", "cp-bwd-kv-gather", "cp-bwd-kv-grad"}) {
    const json& x = plan_transfer(gather, id);
    CHECK(x["exposed_time_per_step"].get<double>() == doctest::Approx(x["time_per_step"].get<double>()));
  }
  CHECK(r["exposed_time_per_step"].get<double>() < r["time_per_step"].get<double>());
  CHECK(gather["time"]["communication"]["CP"].get<double>() > ring["time"]["communication"]["CP"].get<double>());
  CHECK(gather["time"]["step"].get<double>() > ring["time"]["step"].get<double>());
  CHECK(error_path(call("plan", plan_request({{"cp", 2}, {"cp_attention", "allgather"}}))) == "/parallel/cp_attention");
}

TEST_CASE("the plan names the pipeline stage it times, whose transfers it lists") {
  // Even stages: the last also holds the output layer, so it sets the pace; it sends no activation on.
  json even = call("plan", plan_request({{"tp", 8}, {"pp", 8}}));
  CHECK(even["pipeline"]["timed_stage"] == 7);
  CHECK(has_id(even, "pp-bwd-activation-grad"));
  CHECK_FALSE(has_id(even, "pp-fwd-activation"));
  // 96 layers over 7 stages: the first stages get the 14-layer shares, so the first is slowest;
  // it receives no gradient from before it.
  json uneven = call("plan", plan_request({{"tp", 8}, {"pp", 7}}, json{{"global", 64}}, "megatron-175b", 56));
  CHECK(uneven["pipeline"]["timed_stage"] == 0);
  CHECK(has_id(uneven, "pp-fwd-activation"));
  CHECK_FALSE(has_id(uneven, "pp-bwd-activation-grad"));
  CHECK(call("plan", plan_request({{"tp", 8}}, json{{"global", 64}}, "megatron-175b", 8))["pipeline"]["timed_stage"] ==
        0);
}

TEST_CASE("pipeline bubble and the time decomposition") {
  json r = call("plan", plan_request({{"tp", 8}, {"pp", 8}}));
  CHECK(r["pipeline"]["bubble_fraction"].get<double>() == doctest::Approx(7.0 / 64));
  json v = call("plan", plan_request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}}));
  CHECK(v["pipeline"]["bubble_fraction"].get<double>() == doctest::Approx(7.0 / 128));
  CHECK(v["time"]["step"].get<double>() < r["time"]["step"].get<double>());
  for (const json* p : {&r, &v}) {
    const json& t = (*p)["time"];
    double sum = t["compute"].get<double>() + t["bubble"].get<double>() + t["optimizer"].get<double>();
    for (const auto& g : t["communication"]) sum += g.get<double>();
    CHECK(t["step"].get<double>() == doctest::Approx(sum));
    double exposed = 0;
    for (const auto& x : (*p)["communication"]) exposed += x["exposed_time_per_step"].get<double>();
    double groups = 0;
    for (const auto& g : t["communication"]) groups += g.get<double>();
    CHECK(exposed == doctest::Approx(groups));
  }
  const json& tp = r["throughput"];
  CHECK(tp["tokens_per_second"].get<double>() == doctest::Approx(64 * 2048 / r["time"]["step"].get<double>()));
  CHECK(tp["hfu"].get<double>() >= tp["mfu"].get<double>());
  CHECK(r["batch"]["equation"] == "64 = 1 × 64 × 1");
  CHECK(r["batch"]["tokens_per_step"].get<double>() == 64.0 * 2048);
}

TEST_CASE("malformed requests are error responses with the field's path") {
  CHECK(error_path(call("plan", plan_request({{"tp", 0}}))) == "/parallel/tp");
  CHECK(error_code(call("plan", plan_request({{"tp", -2}}))) == "out_of_range");
  CHECK(error_code(call("plan", plan_request({{"tp", 1.5}}))) == "not_integer");
  CHECK(error_code(call("plan", plan_request({{"tp", 1e30}}))) == "out_of_range");
  CHECK(error_code(call("plan", plan_request({{"tp", "8"}}))) == "wrong_type");
  CHECK(error_code(call(
            "plan", R"({"model":{"preset":"gpt3-175b"},"hardware":{"preset":"a100-80gb"},"parallel":{"tp":NaN}})")) ==
        "invalid_json");
  CHECK(error_path(call("plan", plan_request(json::object(), {{"global", 0}}))) == "/batch/global");
  CHECK(error_path(call("plan", plan_request(json::object(), {{"micro", 1e13}}))) == "/batch/micro");
  json bad_model = call("plan", json{{"model", {{"preset", "gpt-5"}}}, {"hardware", {{"preset", "a100-80gb"}}}});
  CHECK(error_code(bad_model) == "unknown_preset");
  CHECK(error_path(bad_model) == "/model/preset");
  CHECK(error_path(call("plan", json{{"model", {{"preset", "gpt3-175b"}, {"hidden", 0}}},
                                     {"hardware", {{"preset", "a100-80gb"}}}})) == "/model/hidden");
  CHECK(error_path(call("plan", json{{"model", {{"preset", "gpt3-175b"}}},
                                     {"hardware", {{"preset", "a100-80gb"}, {"efficiencies", {{"compute", 0}}}}}})) ==
        "/hardware/efficiencies/compute");
  CHECK(error_path(call("plan", json{{"model", {{"preset", "gpt3-175b"}}}, {"hardware", {{"flops", 1e15}}}})) ==
        "/hardware/gpus_per_node");
  CHECK(error_code(call("plan", json{{"hardware", {{"preset", "a100-80gb"}}}})) == "missing_field");
  CHECK(error_code(call("plan", json::array())) == "not_object");
}

TEST_CASE("an explicit model and hardware need no presets") {
  json r = call("plan", json{{"model", {{"layers", 2}, {"hidden", 64}, {"heads", 4}, {"vocab", 100}, {"seq", 16}}},
                             {"hardware",
                              {{"gpus", 2},
                               {"gpus_per_node", 2},
                               {"memory", 1e9},
                               {"flops", 1e12},
                               {"memory_bandwidth", 1e11},
                               {"intra_bandwidth", 1e10},
                               {"inter_bandwidth", 1e9},
                               {"latency", 1e-5}}},
                             {"parallel", {{"tp", 2}}}});
  REQUIRE_FALSE(r.contains("error"));
  // 12h² + 13h per layer, V·h + s·h embeddings, 2h final norm.
  CHECK(r["parameters"].get<double>() == 2 * (12.0 * 64 * 64 + 13 * 64) + 100 * 64 + 16 * 64 + 2 * 64);
  CHECK(r["time"]["step"].get<double>() > 0);
}
