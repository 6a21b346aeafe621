// The plan command: validity errors with their paths, the communication list, the pipeline,
// the time decomposition, and request validation.
#include <doctest/doctest.h>

#include <cstdio>
#include <set>

#include "atlas/training/pipeline.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json request(json parallel, json batch = json{{"global", 64}}, const char* model = "megatron-175b", int gpus = 64,
             const char* hardware = "a100-80gb") {
  return json{{"model", {{"preset", model}}},
              {"hardware", {{"preset", hardware}, {"gpus", gpus}}},
              {"parallel", std::move(parallel)},
              {"batch", std::move(batch)}};
}

bool has_id(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"])
    if (t["id"] == id) return true;
  return false;
}

const json& transfer(const json& plan, const std::string& id) {
  for (const auto& t : plan["communication"])
    if (t["id"] == id) return t;
  static const json none;
  return none;
}

std::string first_message(const json& plan, const std::string& code) {
  for (const auto& e : plan["errors"])
    if (e["code"] == code) return e["message"];
  return "";
}

}  // namespace

TEST_CASE("an impossible split is an error answer listing every violation, for people") {
  json r = call("plan", request({{"tp", 3}, {"pp", 200}, {"dp", 5}, {"ep", 2}, {"cp", 7}},
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
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 8}, {"dp", 2}})), "gpus_mismatch", "/parallel/dp"));
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 3}})), "gpus_not_divisible", "/hardware/gpus"));
  json moe = call("plan", request({{"ep", 3}}, {{"global", 48}}, "mixtral-8x7b", 48, "h100-sxm"));
  CHECK(has_error(moe, "ep_experts", "/parallel/ep"));
  json v = call("plan", request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 5}}));
  CHECK(first_message(v, "virtual_layers") == "virtual_stages = 5 does not divide the 12 layers per stage.");
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}, {"schedule", "1f1b"}})),
                  "virtual_needs_interleaved", "/parallel/schedule"));
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 8}, {"schedule", "interleaved"}})),
                  "interleaved_needs_virtual", "/parallel/virtual_stages"));
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}}, {{"global", 12}})),
                  "interleaved_microbatches", "/batch/accumulation"));
  CHECK(has_error(call("plan", request({{"tp", 8}, {"pp", 8}}, {{"global", 64}, {"micro", 1}, {"accumulation", 32}})),
                  "batch_inconsistent", "/batch/global"));
}

TEST_CASE("warnings are separate from errors: tp across nodes, uneven stages") {
  json r = call("plan", request({{"tp", 16}, {"pp", 5}}, {{"global", 40}}, "megatron-175b", 80));
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
  CHECK(transfer(r, "tp-fwd-attn-allreduce")["link"] == "inter");
}

TEST_CASE("the communication list follows the split") {
  json plain = call(
      "plan", request({{"tp", 1}, {"pp", 1}, {"zero", 0}, {"framework", "ideal"}}, {{"global", 64}}, "llama-3.1-8b"));
  REQUIRE_FALSE(plain.contains("error"));
  CHECK(plain["communication"].size() == 1);
  CHECK(plain["communication"][0]["id"] == "dp-grad-allreduce");
  CHECK(plain["communication"][0]["bytes_per_call"].get<double>() == 2 * 8030261248.0);
  // Megatron carries the same fp32 gradients in buckets of max(40M, 1M × dp) parameters.
  json bucketed = call("plan", request({{"tp", 1}, {"pp", 1}, {"zero", 0}}, {{"global", 64}}, "llama-3.1-8b"));
  const json& g = bucketed["communication"][0];
  CHECK(g["calls_per_step"].get<double>() == std::ceil(8030261248.0 / 64e6));
  CHECK(g["bytes_per_call"].get<double>() * g["calls_per_step"].get<double>() == doctest::Approx(4 * 8030261248.0));
  CHECK(g["latency_share"].get<double>() > 0);

  json tp = call("plan", request({{"tp", 8}, {"pp", 8}}));
  const json& ar = transfer(tp, "tp-fwd-attn-allreduce");
  CHECK(ar["collective"] == "all-reduce");
  CHECK(ar["group"] == "TP");
  CHECK(ar["link"] == "intra");
  CHECK(ar["bytes_per_call"].get<double>() == 2.0 * 2048 * 12288);
  CHECK(ar["count_per_step"].get<double>() == 12 * 64);
  CHECK(ar["bytes_per_step"].get<double>() == ar["bytes_per_call"].get<double>() * 12 * 64);
  CHECK(has_id(tp, "pp-bwd-activation-grad"));
  CHECK(transfer(tp, "pp-bwd-activation-grad")["collective"] == "send-recv");
  std::set<std::string> ids;
  for (const auto& t : tp["communication"]) CHECK(ids.insert(t["id"].get<std::string>()).second);

  json sp = call("plan", request({{"tp", 8}, {"pp", 8}, {"sequence_parallel", true}}));
  CHECK(has_id(sp, "tp-fwd-reducescatter"));
  CHECK(has_id(sp, "tp-fwd-allgather"));
  CHECK_FALSE(has_id(sp, "tp-fwd-attn-allreduce"));

  json z3 = call("plan", request({{"zero", 3}, {"recompute", "full"}}, {{"global", 64}}, "llama-3.1-8b"));
  CHECK(transfer(z3, "dp-param-allgather-fwd")["tensor"] == "parameter");
  CHECK(transfer(z3, "dp-grad-reducescatter")["collective"] == "reduce-scatter");
  json z1 = call("plan", request({{"zero", 1}}, {{"global", 64}}, "llama-3.1-8b"));
  CHECK(has_id(z1, "dp-grad-reducescatter"));
  CHECK(has_id(z1, "dp-param-allgather"));

  json moe = call("plan", request({{"ep", 8}, {"recompute", "full"}, {"zero", 1}}, {{"global", 64}}, "mixtral-8x7b", 64,
                                  "h100-sxm"));
  REQUIRE_FALSE(moe.contains("error"));
  CHECK(transfer(moe, "ep-fwd-dispatch")["collective"] == "all-to-all");
  json cp = call(
      "plan", request({{"tp", 8}, {"cp", 4}, {"recompute", "full"}}, {{"global", 2}}, "llama-3.1-70b", 64, "h100-sxm"));
  REQUIRE_FALSE(cp.contains("error"));
  CHECK(transfer(cp, "cp-fwd-kv")["tensor"] == "kv");
  CHECK(transfer(cp, "cp-fwd-kv")["group_size"] == 4);
}

TEST_CASE("context parallelism: a ring hides its passes, Llama 3's all-gather waits for them") {
  const json split{{"tp", 8}, {"cp", 4}, {"recompute", "none"}};
  json ring = call("plan", request(split, {{"global", 2}}, "llama-3.1-70b", 64, "h100-sxm"));
  json with_gather = split;
  with_gather["cp_attention"] = "all-gather";
  json gather = call("plan", request(with_gather, {{"global", 2}}, "llama-3.1-70b", 64, "h100-sxm"));
  REQUIRE_FALSE(ring.contains("error"));
  REQUIRE_FALSE(gather.contains("error"));
  CHECK(ring["parallel"]["cp_attention"] == "ring");
  CHECK(gather["parallel"]["cp_attention"] == "all-gather");
  CHECK_FALSE(has_id(gather, "cp-fwd-kv"));
  // The same bytes arrive either way: cp − 1 blocks per layer, forward.
  const json& f = transfer(gather, "cp-fwd-kv-gather");
  const json& r = transfer(ring, "cp-fwd-kv");
  CHECK(f["collective"] == "all-gather");
  CHECK(f["bytes_per_call"].get<double>() == doctest::Approx(4 * r["bytes_per_call"].get<double>()));
  CHECK(f["count_per_microbatch"].get<double>() * 3 == doctest::Approx(r["count_per_microbatch"].get<double>()));
  // Nothing hides a gather that attention waits for; the ring hides part of its passes.
  for (const char* id : {"cp-fwd-kv-gather", "cp-bwd-kv-gather", "cp-bwd-kv-grad"}) {
    const json& x = transfer(gather, id);
    CHECK(x["exposed_time_per_step"].get<double>() == doctest::Approx(x["time_per_step"].get<double>()));
  }
  CHECK(r["exposed_time_per_step"].get<double>() < r["time_per_step"].get<double>());
  CHECK(gather["time"]["communication"]["CP"].get<double>() > ring["time"]["communication"]["CP"].get<double>());
  CHECK(gather["time"]["step"].get<double>() > ring["time"]["step"].get<double>());
  CHECK(error_path(call("plan", request({{"cp", 2}, {"cp_attention", "allgather"}}))) == "/parallel/cp_attention");
}

TEST_CASE("the plan names the pipeline stage it times, whose transfers it lists") {
  // Even stages: the last also holds the output layer, so it sets the pace; it sends no activation on.
  json even = call("plan", request({{"tp", 8}, {"pp", 8}}));
  CHECK(even["pipeline"]["timed_stage"] == 7);
  CHECK(has_id(even, "pp-bwd-activation-grad"));
  CHECK_FALSE(has_id(even, "pp-fwd-activation"));
  // 96 layers over 7 stages: the first stages get the 14-layer shares, so the first is slowest;
  // it receives no gradient from before it.
  json uneven = call("plan", request({{"tp", 8}, {"pp", 7}}, json{{"global", 64}}, "megatron-175b", 56));
  CHECK(uneven["pipeline"]["timed_stage"] == 0);
  CHECK(has_id(uneven, "pp-fwd-activation"));
  CHECK_FALSE(has_id(uneven, "pp-bwd-activation-grad"));
  CHECK(call("plan", request({{"tp", 8}}, json{{"global", 64}}, "megatron-175b", 8))["pipeline"]["timed_stage"] == 0);
}

TEST_CASE("pipeline bubble and the time decomposition") {
  json r = call("plan", request({{"tp", 8}, {"pp", 8}}));
  CHECK(r["pipeline"]["bubble_fraction"].get<double>() == doctest::Approx(7.0 / 64));
  json v = call("plan", request({{"tp", 8}, {"pp", 8}, {"virtual_stages", 2}}));
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
  CHECK(error_path(call("plan", request({{"tp", 0}}))) == "/parallel/tp");
  CHECK(error_code(call("plan", request({{"tp", -2}}))) == "out_of_range");
  CHECK(error_code(call("plan", request({{"tp", 1.5}}))) == "not_integer");
  CHECK(error_code(call("plan", request({{"tp", 1e30}}))) == "out_of_range");
  CHECK(error_code(call("plan", request({{"tp", "8"}}))) == "wrong_type");
  CHECK(error_code(call(
            "plan", R"({"model":{"preset":"gpt3-175b"},"hardware":{"preset":"a100-80gb"},"parallel":{"tp":NaN}})")) ==
        "invalid_json");
  CHECK(error_path(call("plan", request(json::object(), {{"global", 0}}))) == "/batch/global");
  CHECK(error_path(call("plan", request(json::object(), {{"micro", 1e13}}))) == "/batch/micro");
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

namespace {

std::string passes(const json& row) { return row["pass"].get<std::string>(); }

}  // namespace

TEST_CASE("pipeline.blocks: the engine's schedule, block by block") {
  // 4 stages, 8 micro-batches (tp 8 × pp 4 × dp 2, global 16).
  const json batch{{"global", 16}, {"micro", 1}};
  json f = call("plan", request({{"tp", 8}, {"pp", 4}}, batch));
  const json& b = f["pipeline"]["blocks"];
  REQUIRE(b["omitted"] == false);
  REQUIRE(b["stages"].size() == 4);
  // 1F1B: stage i runs p − i − 1 forwards, then alternates, then drains its backwards.
  CHECK(passes(b["stages"][0]) == "FFFFBFBFBFBFBBBB");
  CHECK(passes(b["stages"][3]) == "FBFBFBFBFBFBFBFB");
  CHECK(b["makespan"].get<double>() == 3.0 * (8 + 4 - 1));
  // The schedule in seconds is the step's pipeline part: (m + p − 1) slots of one micro-batch.
  const double slot_seconds = 3.0 * b["unit_seconds"].get<double>();
  CHECK(f["time"]["bubble"].get<double>() == doctest::Approx(3 * slot_seconds));
  for (const auto& row : b["stages"]) {
    REQUIRE(row["pass"].get<std::string>().size() == 16);
    for (const char* k : {"microbatch", "chunk", "start", "duration"}) CHECK(row[k].size() == 16);
    double end = 0;
    for (std::size_t i = 0; i < 16; ++i) {
      const double start = row["start"][i].get<double>(), duration = row["duration"][i].get<double>();
      CHECK(start >= end);  // in order, no overlap on one GPU
      CHECK(duration == (row["pass"].get<std::string>()[i] == 'F' ? 1.0 : 2.0));
      end = start + duration;
    }
  }
  json g = call("plan", request({{"tp", 8}, {"pp", 4}, {"schedule", "gpipe"}}, batch));
  CHECK(passes(g["pipeline"]["blocks"]["stages"][2]) == "FFFFFFFFBBBBBBBB");
  CHECK(g["pipeline"]["blocks"]["makespan"].get<double>() == 3.0 * (8 + 4 - 1));
  // Interleaved, v = 2: chunk units are half a stage; the fill is (p − 1)/v slots.
  json v = call("plan", request({{"tp", 8}, {"pp", 4}, {"virtual_stages", 2}}, batch));
  const json& vb = v["pipeline"]["blocks"];
  REQUIRE(vb["omitted"] == false);
  CHECK(vb["makespan"].get<double>() == 2 * 3.0 * (8 + 3.0 / 2));
  CHECK(vb["stages"][0]["pass"].get<std::string>().size() == 32);
  CHECK(vb["stages"][0]["microbatch"][4] == 0);  // after micro-batches 0–3 on chunk 0, micro-batch 0 on chunk 1
  CHECK(vb["stages"][0]["chunk"][4] == 1);
  // Too many blocks to list: a note instead.
  json big = call("plan", request({{"tp", 8}, {"pp", 8}}, {{"global", 4096}, {"micro", 1}}, "megatron-175b", 64));
  CHECK(big["pipeline"]["blocks"]["omitted"] == true);
  CHECK(big["pipeline"]["blocks"]["note"].get<std::string>().find("4096") != std::string::npos);
  CHECK(!big["pipeline"]["blocks"].contains("stages"));
}

TEST_CASE("known_schedules: blocks the caller holds are not listed again") {
  const json batch{{"global", 16}, {"micro", 1}};
  json full = call("plan", request({{"tp", 8}, {"pp", 4}}, batch));
  const json& b = full["pipeline"]["blocks"];
  CHECK(b["key"] == "1f1b/4/8/1");
  CHECK(b["known"] == false);
  // The key names exactly what the blocks depend on: another schedule or micro-batch count differs.
  json gpipe = call("plan", request({{"tp", 8}, {"pp", 4}, {"schedule", "gpipe"}}, batch));
  CHECK(gpipe["pipeline"]["blocks"]["key"] == "gpipe/4/8/1");
  json micro2 = call("plan", request({{"tp", 8}, {"pp", 4}}, {{"global", 32}, {"micro", 2}}));
  CHECK(micro2["pipeline"]["blocks"]["key"] == "1f1b/4/8/1");  // same m = 8: same blocks

  json req = request({{"tp", 8}, {"pp", 4}}, batch);
  req["known_schedules"] = {"gpipe/4/8/1", "1f1b/4/8/1"};
  json known = call("plan", req);
  const json& k = known["pipeline"]["blocks"];
  CHECK(k["known"] == true);
  CHECK(!k.contains("stages"));
  CHECK(k["makespan"] == b["makespan"]);
  CHECK(k["unit_seconds"] == b["unit_seconds"]);
  CHECK(k["key"] == b["key"]);
  // Everything else in the answer is unchanged.
  json a = full, c = known;
  a["pipeline"].erase("blocks");
  c["pipeline"].erase("blocks");
  CHECK(a == c);
  // A key for another schedule does not suppress these blocks.
  req["known_schedules"] = {"1f1b/4/16/1"};
  CHECK(call("plan", req)["pipeline"]["blocks"]["stages"].size() == 4);

  req["known_schedules"] = "1f1b/4/8/1";
  CHECK(has_error(call("plan", req), "wrong_type", "/known_schedules"));
  req["known_schedules"] = {"1f1b/4/8/1", 7};
  CHECK(has_error(call("plan", req), "wrong_type", "/known_schedules/1"));
  req["known_schedules"] = {std::string(200, 'x')};
  CHECK(has_error(call("plan", req), "too_long", "/known_schedules/0"));
  req["known_schedules"] = json::array();
  for (int i = 0; i < 65; ++i) req["known_schedules"].push_back("x");
  CHECK(has_error(call("plan", req), "wrong_type", "/known_schedules"));
}

TEST_CASE("time and throughput formulas carry the plan's own numbers") {
  json r = call("plan", request({{"tp", 8}, {"pp", 8}}));
  // The formula's values include the figure itself; its symbols stay text.
  const auto last = [](const json& f) { return f["values"].back(); };
  const json& tf = r["time"]["formulas"];
  double exposed = 0;
  for (const auto& [group, seconds] : r["time"]["communication"].items()) exposed += seconds.get<double>();
  for (const char* k : {"compute", "communication", "bubble", "optimizer", "step"}) {
    CHECK(tf[k]["text"].is_string());
    const double figure = std::string(k) == "communication" ? exposed : r["time"][k].get<double>();
    bool shown = false;  // the figure is one of its values, in seconds
    for (const auto& v : tf[k]["values"])
      shown |= v["unit"] == "s" && v["value"].get<double>() == doctest::Approx(figure);
    CHECK_MESSAGE(shown, k);
  }
  CHECK(tf["bubble"]["text"].get<std::string>().find("(p − 1)/v × slot = ({0} − 1)/{1} × {2}") != std::string::npos);
  CHECK(tf["bubble"]["values"][0]["value"] == 8);
  const json& pf = r["throughput"]["formulas"];
  CHECK(last(pf["mfu"]) == json{{"value", r["throughput"]["mfu"]}, {"unit", "fraction"}});
  CHECK(pf["tokens_per_second"]["values"][0]["value"] == 64);
  CHECK(pf["tokens_per_second"]["values"][1]["value"] == 2048);
}

TEST_CASE("overlapped data-parallel transfers: ideal exposes only the excess, as run the first call waits") {
  // ZeRO-3 without model parallelism on a slow network: the gathers outlast the compute.
  json req = request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "ideal"}},
                     {{"global", 64}, {"micro", 1}}, "megatron-22b", 64);
  req["hardware"]["inter_bandwidth"] = 1e9;
  json r = call("plan", req);
  REQUIRE_FALSE(r.contains("error"));
  const double per_mb_compute = r["stages"][0]["compute_per_microbatch"].get<double>();
  const double m = r["pipeline"]["microbatches"].get<double>();
  const json& fwd = transfer(r, "dp-param-allgather-fwd");
  REQUIRE(fwd.is_object());
  const double comm = fwd["time_per_step"].get<double>();
  const double window = m * per_mb_compute / 3;  // the forward
  REQUIRE(comm > window);
  CHECK(fwd["exposed_time_per_step"].get<double>() == doctest::Approx(comm - window));
  // As FSDP runs it: one gather per layer, the first exposed, the rest behind the layer before.
  json run = call("plan", request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "fsdp"}},
                                  {{"global", 64}, {"micro", 1}}, "megatron-22b", 64));
  const json& g = transfer(run, "dp-param-allgather-fwd");
  const double calls = g["count_per_microbatch"].get<double>();
  CHECK(calls == 48);  // one per layer
  const double each = g["time_per_step"].get<double>() / g["count_per_step"].get<double>();
  const double exposed = g["exposed_time_per_step"].get<double>() / m;
  CHECK(exposed >= each);                                 // the first gather has nothing to hide behind
  CHECK(exposed < g["time_per_step"].get<double>() / m);  // the others mostly hide
}

TEST_CASE("a data-parallel group straddling two nodes gets the NICs it has there, not one per member") {
  // Issue 12, item 9: dp 7 -> 14 on 35 -> 70 GPUs (32 per node), ZeRO-2. Before, the straddling
  // group was credited one NIC per member, so 2x the GPUs gave 2.6x the speed.
  const auto step = [](int gpus, int dp) {
    json r = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                               {"hardware", {{"preset", "h100-sxm"}, {"gpus", gpus}, {"gpus_per_node", 32}}},
                               {"parallel", {{"tp", 1}, {"pp", 5}, {"dp", dp}, {"zero", 2}}},
                               {"batch", {{"global", 14 * 8}, {"micro", 1}}}});
    return r;
  };
  const json a = step(35, 7), b = step(70, 14);
  REQUIRE_FALSE(a.contains("error"));
  REQUIRE_FALSE(b.contains("error"));
  CHECK(a["time"]["step"].get<double>() / b["time"]["step"].get<double>() <= 2.0 * (1 + 1e-9));
}

TEST_CASE("torchtitan's operator-level selective recomputation redoes every second matmul") {
  // Llama 3.1 8B: h 4096, 8 KV heads of 128 (kv width 1024), SwiGLU FFN 14336, 32 layers, seq 8192.
  const double h = 4096, kv = 1024, f = 14336, layers = 32, seq = 8192, samples = 16;
  const double redone = (kv + h + f) / (2 * h + 2 * kv + 3 * f);  // K, output and up of Q K V O gate up down
  const double linear_weights = h * (h + 2 * kv) + h * h + 3 * h * f;
  const double expected_extra = layers * redone * 2.0 * seq * samples * linear_weights;

  const auto at = [&](const char* recompute) {
    return call("plan", request({{"zero", 3}, {"recompute", recompute}, {"framework", "fsdp"}},
                                {{"global", samples}, {"micro", 2}}, "llama-3.1-8b", 8, "h100-sxm"));
  };
  const json none = at("none"), op = at("selective-op"), full = at("full");
  REQUIRE_FALSE(op.contains("error"));
  CHECK(op["parallel"]["recompute"] == "selective-op");
  const double extra = op["hardware_flops_per_step"].get<double>() - none["hardware_flops_per_step"].get<double>();
  CHECK(extra == doctest::Approx(expected_extra).epsilon(1e-9));
  // Between no recomputation and full recomputation in time and in activation memory.
  CHECK(none["time"]["step"].get<double>() < op["time"]["step"].get<double>());
  CHECK(op["time"]["step"].get<double>() < full["time"]["step"].get<double>());
  CHECK(full["memory"]["activations"].get<double>() < op["memory"]["activations"].get<double>());
  CHECK(op["memory"]["activations"].get<double>() < none["memory"]["activations"].get<double>());
}

TEST_CASE("strong scaling keeps the micro-batch or the micro-batches per step, and says which") {
  // ZeRO-3 as Narayanan et al. ran it, 1536 GPUs, one micro-batch of one sequence per step.
  const json parallel{{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}};
  const auto sweep = [&](const char* hold) {
    json r = request(parallel, {{"global", 1536}, {"micro", 1}}, "megatron-175b", 1536);
    r["scaling"] = true;
    r["scaling_hold"] = hold;
    return call("plan", r);
  };
  const auto at = [&](const json& scaling, int gpus) {
    for (const auto& p : scaling["points"])
      if (p["gpus"] == gpus) return p;
    return json();
  };
  const json by_micro = sweep("micro"), by_count = sweep("accumulation");
  REQUIRE_FALSE(by_micro.contains("error"));
  REQUIRE_FALSE(by_count.contains("error"));
  CHECK(by_micro["scaling"]["hold"] == "micro");
  CHECK(by_count["scaling"]["hold"] == "accumulation");
  for (int gpus : {384, 768, 1536}) {
    CAPTURE(gpus);
    const json m = at(by_micro["scaling"], gpus), c = at(by_count["scaling"], gpus);
    REQUIRE(m.is_object());
    REQUIRE(c.is_object());
    // Holding the micro-batch, each GPU runs 1536 / gpus of them; holding the count, one of that size.
    CHECK(m["micro"] == 1);
    CHECK(m["accumulation"] == 1536 / gpus);
    CHECK(c["micro"] == 1536 / gpus);
    CHECK(c["accumulation"] == 1);
    // Each point is the plan of its own split, and these are Narayanan et al.'s runs (Table 2):
    // the point and the plan both carry the published step.
    const json direct =
        call("plan", request(parallel, {{"global", 1536}, {"micro", 1536 / gpus}}, "megatron-175b", gpus));
    CHECK(c["step"].get<double>() == doctest::Approx(direct["time"]["step"].get<double>()).epsilon(1e-12));
    REQUIRE(direct.contains("published"));
    CHECK(direct["published"]["id"] == "narayanan-t2-zero3-174b-" + std::to_string(gpus) + "gpu");
    CHECK(c["measured"]["step"] == direct["published"]["step"]);
    CHECK(direct["published"]["error"].get<double>() ==
          doctest::Approx(direct["time"]["step"].get<double>() / direct["published"]["step"].get<double>() - 1));
    // Holding the micro-batch, 384 and 768 GPUs run micro-batches of one: not how those runs ran.
    CHECK(m.contains("measured") == (gpus == 1536));
  }
  // ZeRO-3 gathers the weights again for every micro-batch: with the count held, the step stops
  // shrinking past 768 GPUs (as Table 2 measured); with the micro-batch held, it does not.
  const auto step = [&](const json& plan, int gpus) { return at(plan["scaling"], gpus)["step"].get<double>(); };
  CHECK(step(by_count, 1536) > 0.9 * step(by_count, 768));
  CHECK(step(by_micro, 1536) < 0.7 * step(by_micro, 768));
  CHECK(step(by_micro, 384) > step(by_count, 384));
  // Holding the count, 96 and 192 GPUs would need micro-batches of 16 and 8 sequences, which do
  // not fit: speed-ups count from 384 GPUs, the smallest size that runs.
  const json& summary = by_count["scaling"]["summary"];
  CHECK(summary["from_gpus"] == 384);
  CHECK_FALSE(at(by_count["scaling"], 96)["fits"].get<bool>());
  CHECK(at(by_count["scaling"], 384)["baseline"].get<bool>());
  CHECK(at(by_count["scaling"], 384)["speedup"].get<double>() == doctest::Approx(1.0));
  CHECK(summary["speedup"].get<double>() == doctest::Approx(step(by_count, 384) / step(by_count, 1536)));
  // An unknown choice is an error at its field.
  json bad = request(parallel, {{"global", 1536}, {"micro", 1}}, "megatron-175b", 1536);
  bad["scaling"] = true;
  bad["scaling_hold"] = "sequences";
  const json e = call("plan", bad);
  REQUIRE(e.contains("error"));
  CHECK(e["error"]["path"] == "/scaling_hold");
}

TEST_CASE("a plan says so when a published run had exactly its configuration") {
  // Narayanan et al. 2021 Table 2, ZeRO-3 on 384 A100s at batch 1536 (144 TFLOP/s per GPU by eq. 3).
  const json parallel{{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}};
  const json run = call("plan", request(parallel, {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384));
  REQUIRE(run.contains("published"));
  CHECK(run["published"]["source"] == "narayanan2021");
  CHECK(run["published"]["set"] == "validation");
  const double eq3 =
      96.0 * 1536 * 2048 * 96 * 12288.0 * 12288 * (1 + 2048 / (6 * 12288.0) + 51200 / (16 * 96 * 12288.0));
  CHECK(run["published"]["step"].get<double>() == doctest::Approx(eq3 / (384 * 144e12)));
  // Anything else about the run differs, and there is no published figure: the micro-batch,
  CHECK_FALSE(
      call("plan", request(parallel, {{"global", 1536}, {"micro", 2}}, "megatron-175b", 384)).contains("published"));
  // the vocabulary (GPT-3's 50,257 against Megatron's 51,200), or the framework.
  CHECK_FALSE(
      call("plan", request(parallel, {{"global", 1536}, {"micro", 4}}, "gpt3-175b", 384)).contains("published"));
  json now = parallel;
  now["framework"] = "deepspeed";
  CHECK_FALSE(call("plan", request(now, {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384)).contains("published"));
}

TEST_CASE("a configuration two sources measured names both runs, the first and the other beside it") {
  // BLOOM's final run and BigScience's benchmark of the same shape and split a month before.
  const json bloom = json::parse(
      R"({"model":{"layers":70,"hidden":14336,"heads":112,"kv_heads":112,"ffn":57344,"vocab":250880,"seq":2048,)"
      R"("position":"rotary","mlp":"gelu","norm":"layernorm","bias":true,"dropout":false,"tied_embeddings":true},)"
      R"("hardware":{"preset":"a100-80gb-jean-zay","gpus":384},)"
      R"("parallel":{"tp":4,"pp":12,"zero":1,"recompute":"full","framework":"deepspeed"},)"
      R"("batch":{"global":2048,"micro":2}})");
  const json run = call("plan", bloom);
  REQUIRE(run.contains("published"));
  const json& first = run["published"];
  CHECK(first["id"] == "bloom-176b");
  REQUIRE(first.contains("also"));
  REQUIRE(first["also"].size() == 1);
  const json& other = first["also"][0];
  CHECK(other["id"] == "bloom-prequel-h14336-l70-tp4-pp12-mb2-heads112");
  CHECK(other["source"] != first["source"]);
  CHECK(other["step"] != first["step"]);
  CHECK(other["error"].get<double>() ==
        doctest::Approx(run["time"]["step"].get<double>() / other["step"].get<double>() - 1));
  // A configuration one source measured lists no others.
  const json one =
      call("plan", request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}},
                           {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384));
  CHECK_FALSE(one["published"].contains("also"));
}
