// Expert tensor parallelism (parallel.etp): each expert split over etp ranks of the MoE layers'
// own grid instead of over tp. Absent or equal to tp it is the engine's old split, to the bit.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Mixtral 8×7B (8 experts of SwiGLU width 14336, hidden 4096, 32 layers, no biases) on 32 H100s:
// tp 4 × dp 8, ep 8, sequence parallel, one stage.
json mixtral(json extra = json::object()) {
  json parallel{{"tp", 4}, {"ep", 8}, {"sequence_parallel", true}};
  for (auto it = extra.begin(); it != extra.end(); ++it) parallel[it.key()] = *it;
  json r = plan_request(parallel, json{{"global", 64}, {"micro", 1}}, "mixtral-8x7b", 32, "h100-sxm");
  r["model"]["seq"] = 4096;
  return r;
}

double sum_calls(const json& plan, const std::string& prefix) {
  double n = 0;
  for (const auto& t : plan["communication"])
    if (t["id"].get<std::string>().rfind(prefix, 0) == 0) n += t["count_per_step"].get<double>();
  return n;
}

}  // namespace

TEST_CASE("etp absent and etp = tp answer the same plan, to the bit") {
  for (const char* preset : {"mixtral-8x7b", "qwen3-30b-a3b"}) {
    CAPTURE(preset);
    json base = plan_request(json{{"tp", 4}, {"ep", 8}, {"sequence_parallel", true}},
                             json{{"global", 64}, {"micro", 1}}, preset, 32, "h100-sxm");
    base["placement"] = true;
    json same = base;
    same["parallel"]["etp"] = 4;
    const json a = call("plan", base), b = call("plan", same);
    REQUIRE_FALSE(atlas::is_error(a));
    CHECK(a.dump() == b.dump());
    CHECK_FALSE(a["parallel"].contains("etp"));  // a plan without the field echoes none
  }
}

TEST_CASE("etp 1 at tp 4: expert weights per rank 4× those at etp 4, and the MoE layer's tp collectives vanish") {
  const json at4 = call("plan", mixtral()), at1 = call("plan", mixtral(json{{"etp", 1}}));
  REQUIRE_FALSE(atlas::is_error(at4));
  REQUIRE_FALSE(atlas::is_error(at1));
  CHECK(at1["parallel"]["etp"] == 1);
  // By hand: one layer's experts hold 8 × 3 × 4096 × 14336 = 1,409,286,144 weights, 32 layers
  // 45,097,156,608. Over ep × etp = 8 × 4 = 32 ranks: 1,409,286,144 per rank; over 8 × 1 = 8:
  // 5,637,144,576. The dense weights do not change, so at ZeRO 0 (2 B a bf16 weight) the
  // weight bytes differ by 2 × (5,637,144,576 − 1,409,286,144) = 8,455,716,864 B.
  const double expert4 = 45097156608.0 / 32, expert1 = 45097156608.0 / 8;
  CHECK(expert1 == doctest::Approx(4 * expert4));
  const double w4 = at4["memory"]["parameters"].get<double>(), w1 = at1["memory"]["parameters"].get<double>();
  CHECK(w1 - w4 == doctest::Approx(2.0 * (expert1 - expert4)).epsilon(1e-12));
  // Adam's 12 B and Megatron's fp32 gradients (4 B) follow the same shard.
  CHECK(at1["memory"]["optimizer"].get<double>() - at4["memory"]["optimizer"].get<double>() ==
        doctest::Approx(12.0 * (expert1 - expert4)).epsilon(1e-12));

  // Expert GEMMs: balanced routing gives each rank the same expert FLOPs at any etp (the stage's
  // tokens × top_k × expert FLOPs over its tp × dp ranks), run as GEMMs of a quarter of the rows
  // at four times the width; the FLOPs per step do not move.
  CHECK(at1["flops_per_step"].get<double>() == at4["flops_per_step"].get<double>());
  CHECK(at1["hardware_flops_per_step"].get<double>() == at4["hardware_flops_per_step"].get<double>());
  // What a rank permutes does: at etp = tp each rank permutes the tp group's 4096 tokens, at etp 1
  // its own 1024. Per token 2 × 2 × (1 + top_k) × h × 2 B = 4 × 3 × 4096 × 2 = 98,304 B, over
  // 32 expert layers at the H100's 3.35 TB/s: the memory-bound time falls by
  // 32 × (4096 − 1024) × 98,304 B / 3.35e12 B/s = 2.8847 ms per micro-batch.
  const double permute_saved = 32.0 * (4096 - 1024) * 98304 / 3.35e12;
  CHECK(at4["stages"][0]["memory_bound_per_microbatch"].get<double>() -
            at1["stages"][0]["memory_bound_per_microbatch"].get<double>() ==
        doctest::Approx(permute_saved).epsilon(1e-9));
  // And the GEMM time (compute less attention and memory-bound work) is the same work at another
  // shape: within a few per cent, not a quarter or four times.
  const auto gemm = [](const json& plan) {
    const json& s = plan["stages"][0];
    return s["compute_per_microbatch"].get<double>() - s["attention_per_microbatch"].get<double>() -
           s["memory_bound_per_microbatch"].get<double>();
  };
  CHECK(gemm(at1) != gemm(at4));
  CHECK(gemm(at1) / gemm(at4) == doctest::Approx(1.0).epsilon(0.1));

  // Sequence parallelism at etp = tp: an all-gather before and a reduce-scatter after attention
  // and the MLP, 2 per layer each way (32 layers, 8 micro-batches of 64 / dp 8): 512 per step.
  // At etp 1 the MLP's go (every layer has experts, no shared ones): 1 per layer, 256.
  const double m = 8, L = 32;
  CHECK(plan_transfer(at4, "tp-fwd-allgather")["count_per_step"].get<double>() == 2 * L * m);
  CHECK(plan_transfer(at1, "tp-fwd-allgather")["count_per_step"].get<double>() == L * m);
  CHECK(plan_transfer(at1, "tp-bwd-reducescatter")["count_per_step"].get<double>() == L * m);
  // What is left is the attention block's, and the diagram marks it there, not at the MLP.
  CHECK(plan_transfer(at4, "tp-bwd-allgather")["where"] == "layer.mlp.fc2");
  CHECK(plan_transfer(at1, "tp-bwd-allgather")["where"] == "layer.attention.out");
  CHECK(plan_transfer(at1, "tp-bwd-reducescatter")["where"] == "layer.attention.in");
  CHECK(sum_calls(at1, "etp-") == 0);  // etp 1: nothing to gather over one rank
  // The all-to-all carries each rank's own tokens: b × s/tp × top_k × h × 2 B = 4096/4 × 2 × 4096 × 2.
  CHECK(plan_transfer(at1, "ep-fwd-dispatch")["bytes_per_call"].get<double>() == 1024.0 * 2 * 4096 * 2);
  CHECK(plan_transfer(at1, "ep-fwd-dispatch")["bytes_per_call"] ==
        plan_transfer(at4, "ep-fwd-dispatch")["bytes_per_call"]);
}

TEST_CASE("etp 2 at tp 4 gathers the routed tokens over its two ranks") {
  const json at2 = call("plan", mixtral(json{{"etp", 2}}));
  REQUIRE_FALSE(atlas::is_error(at2));
  const json& gather = plan_transfer(at2, "etp-fwd-allgather");
  REQUIRE_FALSE(gather.is_null());
  CHECK(gather["group_size"] == 2);
  // etp × the rank's routed tokens × hidden × 2 B: 2 × (1024 × 2) × 4096 × 2.
  CHECK(gather["bytes_per_call"].get<double>() == 2.0 * 2048 * 4096 * 2);
  CHECK(gather["count_per_step"].get<double>() == 32 * 8);
}

TEST_CASE("the expert grid places the EP group etp-ep-edp: etp 1 puts ep ranks side by side") {
  json r = mixtral(json{{"etp", 1}});
  r["placement"] = true;
  const json plan = call("plan", r);
  REQUIRE_FALSE(atlas::is_error(plan));
  // Ranks 0–7 form the first EP group (etp 1: stride 1), one 8-GPU host on NVLink; at etp = tp
  // the EP group is carved out of dp, its members tp = 4 apart over four hosts.
  const json& ep = plan["placement"]["kinds"]["EP"];
  CHECK(ep["size"] == 8);
  CHECK(ep["link"] == "nvlink");
  CHECK(plan["placement"]["groups"]["EP"][0]["ranks"] == json({0, 1, 2, 3, 4, 5, 6, 7}));
  CHECK(plan["placement"]["ranks"][5]["ep"] == 5);
  json old = mixtral();
  old["placement"] = true;
  const json before = call("plan", old);
  CHECK(before["placement"]["kinds"]["EP"]["link"] == "network");
  CHECK(before["placement"]["groups"]["EP"][0]["ranks"][1] == 4);
  // The communicators add the etp group only when it is its own (none at etp 1); EP-DP is 32 / 8.
  bool edp = false;
  for (const auto& c : plan["memory"]["communicators"])
    if (c["group"] == "EP-DP") edp = c["ranks"] == 4;
  CHECK(edp);
}

TEST_CASE("bad etp values are coded errors at /parallel/etp with their numbers") {
  const json not_divisor = call("plan", mixtral(json{{"etp", 3}}));
  CHECK(has_error(not_divisor, "etp_tp", "/parallel/etp"));
  CHECK(not_divisor["errors"][0]["message"].get<std::string>().find("etp = 3 must divide tp = 4") != std::string::npos);
  const json above = call("plan", mixtral(json{{"etp", 8}}));
  CHECK(has_error(above, "etp_tp", "/parallel/etp"));
  CHECK(error_path(call("plan", mixtral(json{{"etp", 0}}))) == "/parallel/etp");  // below the range
  // ep 8 × etp 2 = 16 does not divide tp 4 × dp 2 = 8 (8 GPUs).
  json small = mixtral(json{{"etp", 2}});
  small["hardware"]["gpus"] = 8;
  small["batch"]["global"] = 16;
  const json grid = call("plan", small);
  CHECK(has_error(grid, "etp_grid", "/parallel/etp"));
  bool numbers = false;
  for (const auto& e : grid["errors"])
    if (e["code"] == "etp_grid") numbers = e["message"].get<std::string>().find("8 × 2 = 16") != std::string::npos;
  CHECK(numbers);
  CHECK(has_error(call("plan", mixtral(json{{"etp", 1}, {"sequence_parallel", false}})), "etp_sequence_parallel",
                  "/parallel/etp"));
  CHECK(has_error(call("plan", mixtral(json{{"etp", 1}, {"pp", 2}, {"order", "tp-cp-ep-pp-dp"}})), "etp_order",
                  "/parallel/etp"));
  const json dense = call("plan", plan_request(json{{"tp", 4}, {"etp", 1}, {"sequence_parallel", true}},
                                               json{{"global", 64}}, "llama-3.1-8b", 32, "h100-sxm"));
  CHECK(has_error(dense, "etp_dense", "/parallel/etp"));
  // With etp at tp, ep must still divide dp, and the message says why in terms of etp.
  const json carved = call("plan", mixtral(json{{"ep", 8}, {"tp", 8}}));
  bool names_etp = false;
  for (const auto& e : carved["errors"])
    if (e["code"] == "ep_dp") names_etp = e["message"].get<std::string>().find("etp") != std::string::npos;
  CHECK(names_etp);
  // The same ep over an expert grid that tiles the stage: allowed (ep 8 × etp 1 divides 8 × 4).
  CHECK_FALSE(atlas::is_error(call("plan", mixtral(json{{"ep", 8}, {"tp", 8}, {"etp", 1}}))));
}

TEST_CASE("a Megatron script with an expert tensor-parallel size of its own imports to etp and exports back") {
  const char* script =
      "pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --num-query-groups 8 \\\n"
      "  --ffn-hidden-size 14336 --swiglu --normalization RMSNorm --position-embedding-type rope \\\n"
      "  --untie-embeddings-and-output-weights --disable-bias-linear --seq-length 4096 \\\n"
      "  --num-experts 8 --moe-router-topk 2 --sequence-parallel \\\n"
      "  --tensor-model-parallel-size 2 --expert-tensor-parallel-size 1 --expert-model-parallel-size 8 \\\n"
      "  --micro-batch-size 1 --global-batch-size 64 --bf16\n";
  const json hardware{{"preset", "h100-sxm"}, {"gpus", 32}};
  const json imported = call("import", json{{"text", script}, {"hardware", hardware}});
  REQUIRE_MESSAGE(!atlas::is_error(imported), imported.dump());
  const json& request = imported["request"];
  CHECK(request["parallel"]["etp"] == 1);
  CHECK(request["parallel"]["tp"] == 2);
  CHECK(request["parallel"]["ep"] == 8);
  const json plan = call("plan", request);
  REQUIRE_MESSAGE(!atlas::is_error(plan), plan.dump());
  CHECK(plan["parallel"]["etp"] == 1);

  const json exported = call("export", json{{"request", request}, {"format", "megatron"}});
  REQUIRE_FALSE(atlas::is_error(exported));
  const std::string text = exported["text"].get<std::string>();
  CHECK(text.find("--expert-tensor-parallel-size 1") != std::string::npos);
  const json back = call("import", json{{"text", text}, {"hardware", hardware}});
  REQUIRE_MESSAGE(!atlas::is_error(back), back.dump());
  CHECK(back["request"]["parallel"]["etp"] == 1);
  const json again = call("plan", back["request"]);
  CHECK(again["parallel"] == plan["parallel"]);
  CHECK(again["time"]["step"] == plan["time"]["step"]);
  CHECK(again["memory"]["total"] == plan["memory"]["total"]);

  // etp equal to tp is the default split: nothing is written, and the plan is etp-free.
  json same = request;
  same["parallel"]["etp"] = 2;
  const json plain = call("export", json{{"request", same}, {"format", "megatron"}});
  CHECK(plain["text"].get<std::string>().find("expert-tensor-parallel-size") == std::string::npos);
  // DeepSpeed's JSON keeps it under the explorer's own key, torchtitan's TOML as its degree.
  const json ds = call("export", json{{"request", request}, {"format", "deepspeed"}});
  CHECK(ds["text"].get<std::string>().find("\"etp\": 1") != std::string::npos);
  const json tt = call("export", json{{"request", request}, {"format", "torchtitan"}});
  CHECK(tt["text"].get<std::string>().find("expert_tensor_parallel_degree = 1") != std::string::npos);
}

TEST_CASE("a Megatron MoE plan says that the host time its dispatcher serialises is not in the step") {
  const auto says_host = [](const json& plan) {
    REQUIRE_FALSE(atlas::is_error(plan));
    REQUIRE(plan.at("scope").size() > 5);
    for (const auto& line : plan.at("scope"))
      if (line.get<std::string>().rfind("Host time under Megatron-Core's MoE layers", 0) == 0) return true;
    return false;
  };
  CHECK(says_host(call("plan", mixtral())));
  // A dense model, or experts under another framework, run no such dispatcher.
  CHECK_FALSE(says_host(
      call("plan", plan_request(json{{"tp", 4}}, json{{"global", 64}, {"micro", 1}}, "llama-3.1-8b", 32, "h100-sxm"))));
  CHECK_FALSE(says_host(call("plan", mixtral(json{{"framework", "fsdp"}, {"zero", 3}}))));
}
