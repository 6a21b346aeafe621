// The plan command's schedules and readouts: the pipeline's blocks, what the caller already
// holds, the formulas' numbers, overlap as run, strong scaling, and published runs of a split.
#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

std::string passes(const json& row) { return row["pass"].get<std::string>(); }

}  // namespace

TEST_CASE("pipeline.blocks: the engine's schedule, block by block") {
  // 4 stages, 8 micro-batches (tp 8 × pp 4 × dp 2, global 16).
  const json batch{{"global", 16}, {"micro", 1}};
  json f = call("plan", plan_request({{"tp", 8}, {"pp", 4}}, batch));
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
  json g = call("plan", plan_request({{"tp", 8}, {"pp", 4}, {"schedule", "gpipe"}}, batch));
  CHECK(passes(g["pipeline"]["blocks"]["stages"][2]) == "FFFFFFFFBBBBBBBB");
  CHECK(g["pipeline"]["blocks"]["makespan"].get<double>() == 3.0 * (8 + 4 - 1));
  // Interleaved, v = 2: chunk units are half a stage; the fill is (p − 1)/v slots.
  json v = call("plan", plan_request({{"tp", 8}, {"pp", 4}, {"virtual_stages", 2}}, batch));
  const json& vb = v["pipeline"]["blocks"];
  REQUIRE(vb["omitted"] == false);
  CHECK(vb["makespan"].get<double>() == 2 * 3.0 * (8 + 3.0 / 2));
  CHECK(vb["stages"][0]["pass"].get<std::string>().size() == 32);
  CHECK(vb["stages"][0]["microbatch"][4] == 0);  // after micro-batches 0–3 on chunk 0, micro-batch 0 on chunk 1
  CHECK(vb["stages"][0]["chunk"][4] == 1);
  // Too many blocks to list: a note instead.
  json big = call("plan", plan_request({{"tp", 8}, {"pp", 8}}, {{"global", 4096}, {"micro", 1}}, "megatron-175b", 64));
  CHECK(big["pipeline"]["blocks"]["omitted"] == true);
  CHECK(big["pipeline"]["blocks"]["note"].get<std::string>().find("4096") != std::string::npos);
  CHECK(!big["pipeline"]["blocks"].contains("stages"));
}

TEST_CASE("known_schedules: blocks the caller holds are not listed again") {
  const json batch{{"global", 16}, {"micro", 1}};
  json full = call("plan", plan_request({{"tp", 8}, {"pp", 4}}, batch));
  const json& b = full["pipeline"]["blocks"];
  CHECK(b["key"] == "1f1b/4/8/1");
  CHECK(b["known"] == false);
  // The key names exactly what the blocks depend on: another schedule or micro-batch count differs.
  json gpipe = call("plan", plan_request({{"tp", 8}, {"pp", 4}, {"schedule", "gpipe"}}, batch));
  CHECK(gpipe["pipeline"]["blocks"]["key"] == "gpipe/4/8/1");
  json micro2 = call("plan", plan_request({{"tp", 8}, {"pp", 4}}, {{"global", 32}, {"micro", 2}}));
  CHECK(micro2["pipeline"]["blocks"]["key"] == "1f1b/4/8/1");  // same m = 8: same blocks

  json req = plan_request({{"tp", 8}, {"pp", 4}}, batch);
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
  json r = call("plan", plan_request({{"tp", 8}, {"pp", 8}}));
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
  json req = plan_request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "ideal"}},
                          {{"global", 64}, {"micro", 1}}, "megatron-22b", 64);
  req["hardware"]["inter_bandwidth"] = 1e9;
  json r = call("plan", req);
  REQUIRE_FALSE(r.contains("error"));
  const double per_mb_compute = r["stages"][0]["compute_per_microbatch"].get<double>();
  const double m = r["pipeline"]["microbatches"].get<double>();
  const json& fwd = plan_transfer(r, "dp-param-allgather-fwd");
  REQUIRE(fwd.is_object());
  const double comm = fwd["time_per_step"].get<double>();
  const double window = m * per_mb_compute / 3;  // the forward
  REQUIRE(comm > window);
  CHECK(fwd["exposed_time_per_step"].get<double>() == doctest::Approx(comm - window));
  // As FSDP runs it: one gather per layer, the first exposed, the rest behind the layer before.
  json run =
      call("plan", plan_request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "fsdp"}},
                                {{"global", 64}, {"micro", 1}}, "megatron-22b", 64));
  const json& g = plan_transfer(run, "dp-param-allgather-fwd");
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
    return call("plan", plan_request({{"zero", 3}, {"recompute", recompute}, {"framework", "fsdp"}},
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

TEST_CASE("Megatron-Core's selective recomputation redoes the fused attention core; legacy flash paths do not") {
  // Llama 3.1 8B: 32 layers of 32 heads of 128 (h 4096), seq 8192. The attention core's forward
  // is QKᵀ and scores·V over every key, 2 · s · s · h FLOPs each: 4 s² h per layer and sequence.
  const double h = 4096, layers = 32, seq = 8192, samples = 16;
  const double expected_extra = layers * 4.0 * seq * seq * h * samples;
  const auto at = [&](const char* framework, const char* recompute) {
    return call("plan", plan_request({{"tp", 2},
                                      {"zero", 1},
                                      {"recompute", recompute},
                                      {"framework", framework},
                                      {"flash_attention", true},
                                      {"sequence_parallel", true}},
                                     {{"global", samples}, {"micro", 1}}, "llama-3.1-8b", 8, "h100-sxm"));
  };
  const json none = at("megatron", "none"), selective = at("megatron", "selective");
  REQUIRE_FALSE(selective.contains("error"));
  const double extra =
      selective["hardware_flops_per_step"].get<double>() - none["hardware_flops_per_step"].get<double>();
  CHECK(extra == doctest::Approx(expected_extra).epsilon(1e-9));
  CHECK(step_seconds(selective) > step_seconds(none));
  // Legacy Megatron-LM ran its flash path outside the checkpoint, and the other frameworks' fused
  // kernels keep what backward needs: nothing is redone, in time or in FLOPs.
  for (const char* framework : {"megatron-2021", "fsdp"}) {
    CAPTURE(framework);
    const json n = at(framework, "none"), s = at(framework, "selective");
    REQUIRE_FALSE(s.contains("error"));
    CHECK(s["hardware_flops_per_step"].get<double>() == doctest::Approx(n["hardware_flops_per_step"].get<double>()));
    CHECK(step_seconds(s) == doctest::Approx(step_seconds(n)));
  }
}

TEST_CASE("strong scaling keeps the micro-batch or the micro-batches per step, and says which") {
  // ZeRO-3 as Narayanan et al. ran it, 1536 GPUs, one micro-batch of one sequence per step.
  const json parallel{{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}};
  const auto sweep = [&](const char* hold) {
    json r = plan_request(parallel, {{"global", 1536}, {"micro", 1}}, "megatron-175b", 1536);
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
        call("plan", plan_request(parallel, {{"global", 1536}, {"micro", 1536 / gpus}}, "megatron-175b", gpus));
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
  json bad = plan_request(parallel, {{"global", 1536}, {"micro", 1}}, "megatron-175b", 1536);
  bad["scaling"] = true;
  bad["scaling_hold"] = "sequences";
  const json e = call("plan", bad);
  REQUIRE(e.contains("error"));
  CHECK(e["error"]["path"] == "/scaling_hold");
}

TEST_CASE("a plan says so when a published run had exactly its configuration") {
  // Narayanan et al. 2021 Table 2, ZeRO-3 on 384 A100s at batch 1536 (144 TFLOP/s per GPU by eq. 3).
  const json parallel{{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}};
  const json run = call("plan", plan_request(parallel, {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384));
  REQUIRE(run.contains("published"));
  CHECK(run["published"]["source"] == "narayanan2021");
  CHECK(run["published"]["set"] == "validation");
  const double eq3 =
      96.0 * 1536 * 2048 * 96 * 12288.0 * 12288 * (1 + 2048 / (6 * 12288.0) + 51200 / (16 * 96 * 12288.0));
  CHECK(run["published"]["step"].get<double>() == doctest::Approx(eq3 / (384 * 144e12)));
  // Anything else about the run differs, and there is no published figure: the micro-batch,
  CHECK_FALSE(call("plan", plan_request(parallel, {{"global", 1536}, {"micro", 2}}, "megatron-175b", 384))
                  .contains("published"));
  // the vocabulary (GPT-3's 50,257 against Megatron's 51,200), or the framework.
  CHECK_FALSE(
      call("plan", plan_request(parallel, {{"global", 1536}, {"micro", 4}}, "gpt3-175b", 384)).contains("published"));
  json now = parallel;
  now["framework"] = "deepspeed";
  CHECK_FALSE(
      call("plan", plan_request(now, {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384)).contains("published"));
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
  const json one = call(
      "plan", plan_request({{"tp", 1}, {"pp", 1}, {"zero", 3}, {"recompute", "full"}, {"framework", "deepspeed-2021"}},
                           {{"global", 1536}, {"micro", 4}}, "megatron-175b", 384));
  CHECK_FALSE(one["published"].contains("also"));
}
