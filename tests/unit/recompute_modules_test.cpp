// Megatron-Core's selective recomputation by module (parallel.recompute_modules): each module's
// forward FLOPs counted again exactly, what it no longer keeps, the MoE layer's all-to-alls run
// again, and the request's errors at their paths.
#include <doctest/doctest.h>

#include "atlas/training/memory.hpp"
#include "atlas/training/recompute.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json megatron_selective(const char* model, int gpus, json modules, json split = json::object()) {
  json parallel{{"recompute", "selective"}, {"flash_attention", true}, {"framework", "megatron"}};
  for (auto& [k, v] : split.items()) parallel[k] = v;
  if (!modules.is_null()) parallel["recompute_modules"] = std::move(modules);
  return plan_request(parallel, json{{"global", 64}, {"micro", 1}}, model, gpus, "h100-sxm");
}

double hardware_flops(const json& plan) { return plan["hardware_flops_per_step"].get<double>(); }

// Llama 3.1 8B's layer, for the memory terms by hand: hidden 4096, SwiGLU 14336, seq 8192.
atlas::ModelShape llama8b_layer() {
  atlas::ModelShape m;
  m.layers = 32, m.hidden = 4096, m.heads = 32, m.kv_heads = 8, m.ffn = 14336, m.vocab = 128256, m.seq = 8192;
  m.swiglu = true, m.dropout = false;
  return m;
}

}  // namespace

TEST_CASE("no list is Megatron's default, the attention core; an empty list recomputes nothing") {
  const json by_default = call("plan", megatron_selective("llama-3.1-8b", 8, nullptr, {{"tp", 2}}));
  const json core = call("plan", megatron_selective("llama-3.1-8b", 8, {"core_attn"}, {{"tp", 2}}));
  const json nothing = call("plan", megatron_selective("llama-3.1-8b", 8, json::array(), {{"tp", 2}}));
  REQUIRE_FALSE(atlas::is_error(nothing));
  CHECK(hardware_flops(by_default) == hardware_flops(core));
  CHECK(hardware_flops(nothing) == nothing["flops_per_step"].get<double>());
  CHECK(hardware_flops(core) > hardware_flops(nothing));
  CHECK(core["time"]["compute"].get<double>() > nothing["time"]["compute"].get<double>());
  // The default is not echoed; any other list is, in Megatron's order.
  CHECK_FALSE(by_default["parallel"].contains("recompute_modules"));
  const json two = call("plan", megatron_selective("llama-3.1-8b", 8, {"mlp", "layernorm"}, {{"tp", 2}}));
  CHECK(two["parallel"]["recompute_modules"] == json({"layernorm", "mlp"}));
}

TEST_CASE("mlp runs the dense MLP's forward again: 2 × 3 × hidden × ffn FLOPs per token and layer") {
  const json nothing = call("plan", megatron_selective("llama-3.1-8b", 8, json::array(), {{"tp", 2}}));
  const json mlp = call("plan", megatron_selective("llama-3.1-8b", 8, {"mlp"}, {{"tp", 2}}));
  // 64 sequences × 8192 tokens × 32 layers × 2 × 3 × 4096 × 14336 FLOPs.
  CHECK(hardware_flops(mlp) - hardware_flops(nothing) == doctest::Approx(64.0 * 8192 * 32 * 2 * 3 * 4096 * 14336.0));
  CHECK(mlp["time"]["compute"].get<double>() > nothing["time"]["compute"].get<double>());
  CHECK(mlp["memory"]["activations"].get<double>() < nothing["memory"]["activations"].get<double>());
}

TEST_CASE("what each module no longer keeps, by hand") {
  const atlas::ModelShape m = llama8b_layer();
  const auto bytes = [&](std::uint8_t modules, bool sp) {
    return atlas::activation_bytes_per_layer(m, 1, 2, 1, sp, atlas::Recompute::selective, true, modules);
  };
  const double sb = 8192, h = 4096, f = 14336;
  // A dense MLP keeps its input alone: its fused norm's output (2 B × h, on every tp rank without
  // sequence parallelism) and gate, up and the down projection's input (3 × 2 B × f / tp) go.
  CHECK(bytes(atlas::kRecomputeCoreAttn, false) - bytes(atlas::kRecomputeCoreAttn | atlas::kRecomputeMlp, false) ==
        doctest::Approx(sb * (2 * h + 3 * 2 * f / 2)));
  CHECK(bytes(atlas::kRecomputeCoreAttn, true) - bytes(atlas::kRecomputeCoreAttn | atlas::kRecomputeMlp, true) ==
        doctest::Approx(sb * (2 * h / 2 + 3 * 2 * f / 2)));
  // A dense layer's norms are fused into the linear layers after them: nothing apart to discard.
  CHECK(bytes(atlas::kRecomputeCoreAttn | atlas::kRecomputeLayernorm, false) ==
        bytes(atlas::kRecomputeCoreAttn, false));
}

TEST_CASE("without the attention core in the list, unfused attention keeps its scores again") {
  const atlas::ModelShape m = llama8b_layer();
  const double kept = atlas::activation_bytes_per_layer(m, 1, 1, 1, false, atlas::Recompute::selective, false, 0);
  const double none = atlas::activation_bytes_per_layer(m, 1, 1, 1, false, atlas::Recompute::none, false);
  const double core = atlas::activation_bytes_per_layer(m, 1, 1, 1, false, atlas::Recompute::selective, false,
                                                        atlas::kRecomputeCoreAttn);
  CHECK(kept == none);
  // The softmax output, 2 B per score, 32 heads × 8192 × 8192 (no dropout).
  CHECK(kept - core == doctest::Approx(2.0 * 32 * 8192.0 * 8192.0));
}

TEST_CASE("moe recomputes the expert layer: its all-to-alls run twice forward, its routed tensors go") {
  const json split{{"tp", 1}, {"ep", 8}, {"dp", 8}};
  const json core = call("plan", megatron_selective("mixtral-8x7b", 8, {"core_attn"}, split));
  const json moe = call("plan", megatron_selective("mixtral-8x7b", 8, {"core_attn", "moe"}, split));
  REQUIRE_FALSE(atlas::is_error(moe));
  const json& d0 = plan_transfer(core, "ep-fwd-dispatch");
  const json& d1 = plan_transfer(moe, "ep-fwd-dispatch");
  CHECK(d1["count_per_microbatch"].get<double>() == 2 * d0["count_per_microbatch"].get<double>());
  CHECK(plan_transfer(moe, "ep-bwd-tokens")["count_per_microbatch"] ==
        plan_transfer(core, "ep-bwd-tokens")["count_per_microbatch"]);
  // Full recomputation runs the whole layer again, its all-to-alls too.
  json full_request = megatron_selective("mixtral-8x7b", 8, nullptr, split);
  full_request["parallel"]["recompute"] = "full";
  const json full = call("plan", full_request);
  CHECK(plan_transfer(full, "ep-fwd-combine")["count_per_microbatch"].get<double>() ==
        2 * plan_transfer(core, "ep-fwd-combine")["count_per_microbatch"].get<double>());
  CHECK(moe["memory"]["activations"].get<double>() < core["memory"]["activations"].get<double>());
  // Mixtral: 2 of 8 experts, 3 × 4096 × 14336 each, forward again on every token of every layer.
  const double seq = moe["model"]["seq"].get<double>();
  CHECK(hardware_flops(moe) - hardware_flops(core) == doctest::Approx(64.0 * seq * 32 * 2 * 2 * 3 * 4096 * 14336.0));
  // moe_act alone keeps the layer's tokens and discards only the down projection's input.
  atlas::ModelShape m;
  m.layers = 1, m.hidden = 4096, m.heads = 32, m.kv_heads = 8, m.ffn = 14336, m.seq = 4096, m.swiglu = true;
  m.experts = 8, m.top_k = 2, m.expert_ffn = 14336, m.dropout = false;
  const double base = atlas::activation_bytes_per_layer(m, 1, 1, 1, false, atlas::Recompute::selective, true);
  const double act = atlas::activation_bytes_per_layer(m, 1, 1, 1, false, atlas::Recompute::selective, true,
                                                       atlas::kRecomputeCoreAttn | atlas::kRecomputeMoeAct);
  CHECK(base - act == doctest::Approx(4096.0 * 2 * 14336 * 2));
}

TEST_CASE("mla_up_proj runs latent attention's up projections again") {
  const json split{{"tp", 1}, {"ep", 8}, {"dp", 8}, {"pp", 8}};
  const json none = call("plan", megatron_selective("deepseek-v3", 64, json::array(), split));
  const json up = call("plan", megatron_selective("deepseek-v3", 64, {"mla_up_proj"}, split));
  REQUIRE_FALSE(atlas::is_error(up));
  // Per token and layer: q 1536 → 128 × 192 and kv 512 → 128 × (128 + 128), 2 FLOPs a weight.
  const double seq = up["model"]["seq"].get<double>();
  const double per_token = 2.0 * (1536.0 * 128 * 192 + 512.0 * 128 * 256);
  CHECK(hardware_flops(up) - hardware_flops(none) == doctest::Approx(64.0 * seq * 61 * per_token));
  CHECK(up["memory"]["activations"].get<double>() < none["memory"]["activations"].get<double>());
}

TEST_CASE("recompute_modules: unknown names, a model without latent attention, a plan that never reads it") {
  const json bad = call("plan", megatron_selective("llama-3.1-8b", 8, {"core_attn", "attention"}));
  CHECK(has_error(bad, "unknown_recompute_module", "/parallel/recompute_modules/1"));
  const json number = call("plan", megatron_selective("llama-3.1-8b", 8, {3}));
  CHECK(has_error(number, "unknown_recompute_module", "/parallel/recompute_modules/0"));
  const json mla = call("plan", megatron_selective("llama-3.1-8b", 8, {"mla_up_proj"}));
  CHECK(has_error(mla, "recompute_module_model", "/parallel/recompute_modules"));
  json full = megatron_selective("llama-3.1-8b", 8, {"mlp"});
  full["parallel"]["recompute"] = "full";
  const json unused = call("plan", full);
  REQUIRE_FALSE(atlas::is_error(unused));
  REQUIRE(unused.contains("warnings"));
  CHECK(unused["warnings"][0]["code"] == "recompute_modules_unused");
  // Megatron-Core refuses moe_act and layernorm recomputation under FP8 delayed scaling.
  json delayed = megatron_selective("mixtral-8x7b", 8, {"moe_act"}, {{"tp", 1}, {"ep", 8}, {"dp", 8}});
  delayed["parallel"]["precision"] = "fp8-delayed";
  CHECK(has_error(call("plan", delayed), "recompute_module_precision", "/parallel/recompute_modules"));
  delayed["parallel"]["precision"] = "fp8-current";
  CHECK_FALSE(atlas::is_error(call("plan", delayed)));
  const json dense_moe = call("plan", megatron_selective("llama-3.1-8b", 8, {"moe"}));
  REQUIRE_FALSE(atlas::is_error(dense_moe));
  CHECK(dense_moe["warnings"][0]["code"] == "recompute_module_unused");
}

TEST_CASE("Megatron scripts: --recompute-modules is read, written back, and an unknown module refused at its line") {
  const std::string script =
      "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 \\\n"
      "  --max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 128 \\\n"
      "  --tensor-model-parallel-size 2 --bf16 --use-flash-attn \\\n"
      "  --recompute-granularity selective --recompute-modules core_attn mlp --sequence-parallel\n";
  const json hardware{{"preset", "h100-sxm"}, {"gpus", 8}};
  const json read = call("import", json{{"text", script}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(read));
  CHECK(read["request"]["parallel"]["recompute_modules"] == json({"core_attn", "mlp"}));
  CHECK(read["ignored"].empty());
  // Written back as the same flag, read again to the same plan.
  const json text = call("export", json{{"request", read["request"]}, {"format", "megatron"}});
  REQUIRE_FALSE(atlas::is_error(text));
  CHECK(text["text"].get<std::string>().find("--recompute-modules core_attn mlp") != std::string::npos);
  const json back = call("import", json{{"text", text["text"]}, {"hardware", hardware}});
  CHECK(call("plan", back["request"])["time"]["step"] == call("plan", read["request"])["time"]["step"]);
  // The deprecated --moe-layer-recompute is selective recomputation with the MoE layer added.
  const json moe = call("import", json{{"text",
                                        "pretrain_gpt.py --num-layers 8 --hidden-size 1024 --num-attention-heads 8 "
                                        "--seq-length 2048 --num-experts 8 --moe-layer-recompute"},
                                       {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(moe));
  CHECK(moe["request"]["parallel"]["recompute"] == "selective");
  CHECK(moe["request"]["parallel"]["recompute_modules"] == json({"core_attn", "moe"}));
  std::string wrong = script;
  wrong.replace(wrong.find("core_attn mlp"), 13, "core_attn gdn_norm_out");
  const json refused = call("import", json{{"text", wrong}, {"hardware", hardware}});
  REQUIRE(atlas::is_error(refused));
  CHECK(refused["error"]["code"] == "unsupported_value");
  CHECK(refused["error"]["message"].get<std::string>().find("gdn_norm_out") != std::string::npos);
}

TEST_CASE("block recomputation redoes only its layers of each chunk; uniform groups keep one input per group") {
  const auto plan_with = [](json extra) {
    json parallel{{"tp", 8}, {"pp", 4}, {"sequence_parallel", true}};
    for (auto& [k, v] : extra.items()) parallel[k] = v;
    return call("plan", plan_request(parallel, json{{"global", 64}, {"micro", 1}}, "llama-3.1-70b", 64, "h100-sxm"));
  };
  const json none = plan_with({{"recompute", "none"}});
  const json every = plan_with({{"recompute", "full"}});
  // 80 layers over 4 stages: 20 a stage; block 5 redoes a quarter of them.
  const json block = plan_with({{"recompute", "full"}, {"recompute_method", "block"}, {"recompute_num_layers", 5}});
  REQUIRE_FALSE(atlas::is_error(block));
  CHECK(block["parallel"]["recompute_method"] == "block");
  const double model = none["hardware_flops_per_step"].get<double>();
  CHECK(hardware_flops(block) - model == doctest::Approx(0.25 * (hardware_flops(every) - model)));
  const auto activations = [](const json& p) { return p["memory"]["activations"].get<double>(); };
  CHECK(activations(block) == doctest::Approx(0.25 * activations(every) + 0.75 * activations(none)));
  CHECK(block["time"]["compute"].get<double>() < every["time"]["compute"].get<double>());
  // Forward tensor-parallel collectives run again for the recomputed quarter only.
  const auto count = [](const json& p) {
    return plan_transfer(p, "tp-fwd-allgather")["count_per_microbatch"].get<double>();
  };
  CHECK(count(block) - count(none) == doctest::Approx(0.25 * (count(every) - count(none))));
  // Block of a chunk's every layer or more is full recomputation.
  const json all = plan_with({{"recompute", "full"}, {"recompute_method", "block"}, {"recompute_num_layers", 40}});
  CHECK(all["time"]["step"] == every["time"]["step"]);
  // Uniform groups of 4: every layer is redone, one input of every four kept, four rebuilt at once.
  const json groups = plan_with({{"recompute", "full"}, {"recompute_num_layers", 4}});
  CHECK(hardware_flops(groups) == hardware_flops(every));
  CHECK(activations(groups) < activations(every));
  CHECK(groups["memory"]["buffers"].get<double>() > every["memory"]["buffers"].get<double>());
  // Without full recomputation they say so and change nothing.
  const json unused = plan_with({{"recompute", "selective"}, {"recompute_num_layers", 4}});
  REQUIRE(unused.contains("warnings"));
  CHECK(unused["warnings"][0]["code"] == "recompute_layers_unused");
  CHECK(unused["warnings"][0]["path"] == "/parallel/recompute_num_layers");
  CHECK(error_path(plan_with({{"recompute", "full"}, {"recompute_method", "some"}})) == "/parallel/recompute_method");
  CHECK(error_path(plan_with({{"recompute", "full"}, {"recompute_num_layers", 0}})) ==
        "/parallel/recompute_num_layers");
}

TEST_CASE("Megatron scripts: --recompute-method block and --recompute-num-layers are read and written back") {
  const std::string script =
      "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 4096 "
      "--max-position-embeddings 4096 --micro-batch-size 1 --global-batch-size 128 --pipeline-model-parallel-size 2 "
      "--bf16 --recompute-granularity full --recompute-method block --recompute-num-layers 3\n";
  const json hardware{{"preset", "h100-sxm"}, {"gpus", 8}};
  const json read = call("import", json{{"text", script}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(read));
  CHECK(read["request"]["parallel"]["recompute_method"] == "block");
  CHECK(read["request"]["parallel"]["recompute_num_layers"] == 3);
  CHECK(read["assumed"].dump().find("recomputes every layer") == std::string::npos);
  const json text = call("export", json{{"request", read["request"]}, {"format", "megatron"}});
  const std::string written = text["text"].get<std::string>();
  CHECK(written.find("--recompute-method block") != std::string::npos);
  CHECK(written.find("--recompute-num-layers 3") != std::string::npos);
  const json back = call("import", json{{"text", written}, {"hardware", hardware}});
  CHECK(call("plan", back["request"])["time"]["step"] == call("plan", read["request"])["time"]["step"]);
  // Under selective recomputation Megatron does not read them: listed as left out.
  std::string selective = script;
  selective.replace(selective.find("granularity full"), 16, "granularity selective");
  const json ignored = call("import", json{{"text", selective}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(ignored));
  CHECK(ignored["ignored"].dump().find("--recompute-method") != std::string::npos);
  CHECK_FALSE(ignored["request"]["parallel"].contains("recompute_num_layers"));
}

TEST_CASE("torchtitan: block recomputation exports as every N-th block and reads back") {
  const json request = plan_request({{"pp", 2},
                                     {"recompute", "full"},
                                     {"recompute_method", "block"},
                                     {"recompute_num_layers", 4},
                                     {"framework", "fsdp"},
                                     {"zero", 3}},
                                    json{{"global", 16}, {"micro", 1}}, "llama-3.1-8b", 16, "h100-sxm");
  const json text = call("export", json{{"request", request}, {"format", "torchtitan"}});
  REQUIRE_FALSE(atlas::is_error(text));
  // 16 layers a stage, 4 of them redone: every 4th block.
  CHECK(text["text"].get<std::string>().find("selective_ac_option = \"4\"") != std::string::npos);
  const json back = call("import", json{{"text", text["text"]}, {"hardware", request["hardware"]}});
  REQUIRE_FALSE(atlas::is_error(back));
  CHECK(back["request"]["parallel"]["recompute_num_layers"] == 4);
}
