// `import`: released config.json files give their models' exact parameter counts, launch
// scripts and configs give their split and batch, and every bad text is refused with a code on
// its line (tests/fixtures/import-bad.tsv). Fixtures: tests/fixtures/import (sources in its README).
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "atlas/interop/import.hpp"
#include "atlas/interop/shell_words.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json import_file(const std::string& name, json extra = json::object()) {
  extra["text"] = read_source_file("tests/fixtures/import/" + name);
  return call("import", extra);
}

json import_texts(std::initializer_list<std::string> names) {
  json texts = json::array();
  for (const auto& n : names) texts.push_back(read_source_file("tests/fixtures/import/" + n));
  return call("import", json{{"texts", texts}});
}

bool lists(const json& entries, const std::string& key, const std::string& value) {
  for (const auto& e : entries)
    if (e.value(key, "") == value) return true;
  return false;
}

}  // namespace

TEST_CASE("import: released config.json files give the released parameter counts exactly") {
  const std::pair<const char*, double> models[] = {{"llama-3.1-8b.config.json", 8030261248.0},
                                                   {"llama-3.1-70b.config.json", 70553706496.0},
                                                   {"mixtral-8x7b.config.json", 46702792704.0},
                                                   {"qwen2-7b.config.json", 7615616512.0},
                                                   {"gpt2.config.json", 124439808.0},
                                                   // The released totals: 671B + the 14B MTP module
                                                   // (its layer, projection and embedding and head
                                                   // copies), 116.8B, 20.9B, 235B, and Llama 4 Scout's
                                                   // text model (109B with its vision encoder).
                                                   {"deepseek-v3.config.json", 684489845504.0},
                                                   {"gpt-oss-120b.config.json", 116829156672.0},
                                                   {"gpt-oss-20b.config.json", 20914757184.0},
                                                   {"qwen3-235b-a22b.config.json", 235093634560.0},
                                                   {"llama-4-scout.config.json", 107769861120.0}};
  for (const auto& model : models) {
    const char* file = model.first;
    const double count = model.second;
    CAPTURE(file);
    const json r = import_file(file);
    REQUIRE_FALSE(atlas::is_error(r));
    CHECK(r["format"] == "hf");
    CHECK(r["parameters"].get<double>() == count);
    // The plan the request describes counts the same.
    const json plan = call("plan", r["request"]);
    REQUIRE_FALSE(atlas::is_error(plan));
    CHECK(plan["parameters"].get<double>() == count);
  }
}

TEST_CASE("import: every shape field of a Llama config is read from its key") {
  const json r = import_file("llama-3.1-8b.config.json");
  REQUIRE_FALSE(atlas::is_error(r));
  const json& m = r["request"]["model"];
  CHECK(m["layers"] == 32);
  CHECK(m["hidden"] == 4096);
  CHECK(m["heads"] == 32);
  CHECK(m["kv_heads"] == 8);
  CHECK(m["ffn"] == 14336);
  CHECK(m["vocab"] == 128256);
  CHECK(m["mlp"] == "swiglu");
  CHECK(m["norm"] == "rmsnorm");
  CHECK(m["bias"] == false);
  CHECK(m["tied_embeddings"] == false);
  for (const char* field : {"model.layers", "model.hidden", "model.heads", "model.kv_heads", "model.ffn", "model.vocab",
                            "model.tied_embeddings", "model.mlp", "model.bias"})
    CHECK_MESSAGE(lists(r["read"], "field", field), field);
  // The longest context is not the training length: assumed, and said so.
  CHECK(lists(r["assumed"], "field", "model.seq"));
  CHECK(lists(r["ignored"], "from", "rope_scaling"));
  CHECK(lists(r["ignored"], "from", "torch_dtype"));
  // Lines point into the pasted text: "num_hidden_layers" is on line 19 of the fixture.
  for (const auto& e : r["read"])
    if (e["field"] == "model.layers") CHECK(e["line"] == 17);
}

TEST_CASE("import: Mixtral reads experts, Qwen2 its Q/K/V biases, GPT-2 learned positions and tied embeddings") {
  const json mixtral = import_file("mixtral-8x7b.config.json");
  CHECK(mixtral["request"]["model"]["experts"] == 8);
  CHECK(mixtral["request"]["model"]["top_k"] == 2);
  CHECK(mixtral["request"]["model"]["expert_ffn"] == 14336);
  CHECK(lists(mixtral["ignored"], "from", "sliding_window"));
  const json qwen = import_file("qwen2-7b.config.json");
  CHECK(qwen["request"]["model"]["qkv_bias"] == true);
  CHECK(qwen["request"]["model"]["bias"] == false);
  const json gpt2 = import_file("gpt2.config.json");
  CHECK(gpt2["request"]["model"]["position"] == "learned");
  CHECK(gpt2["request"]["model"]["seq"] == 1024);
  CHECK(gpt2["request"]["model"]["tied_embeddings"] == true);
  CHECK(gpt2["request"]["model"]["dropout"] == true);
}

TEST_CASE("import: a Megatron-LM script with argument arrays and $(( )) arithmetic") {
  const json r = import_file("megatron-gpt3-175b.sh");
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["format"] == "megatron");
  const json& q = r["request"];
  CHECK(q["hardware"]["gpus"] == 1024);  // --nproc_per_node 8 × --nnodes ${NUM_NODES:-128}
  CHECK(q["parallel"]["tp"] == 8);
  CHECK(q["parallel"]["pp"] == 16);
  CHECK(q["parallel"]["dp"] == 8);
  CHECK(q["parallel"]["sequence_parallel"] == true);
  CHECK(q["parallel"]["recompute"] == "selective");
  CHECK(q["parallel"]["zero"] == 1);
  CHECK(q["batch"]["micro"] == 1);
  CHECK(q["batch"]["global"] == 1536);
  CHECK(q["model"]["vocab"] == 51200);
  CHECK(lists(r["ignored"], "from", "--lr"));
  CHECK(lists(r["ignored"], "from", "--data-path"));
  CHECK(lists(r["assumed"], "field", "model.norm"));  // Megatron's LayerNorm default, said so
}

TEST_CASE("import: a Megatron-LM script with string arguments, ${VAR:-default} and continuations") {
  const json r = import_file("megatron-llama-8b.sh");
  REQUIRE_FALSE(atlas::is_error(r));
  const json& q = r["request"];
  CHECK(r["parameters"].get<double>() == 8030261248.0);
  CHECK(q["hardware"]["gpus"] == 32);
  CHECK(q["parallel"]["tp"] == 2);              // ${TP:-2}
  CHECK(q["parallel"]["pp"] == 2);              // ${PP}
  CHECK(q["parallel"]["virtual_stages"] == 4);  // 32 layers ÷ (2 stages × 4 layers per chunk)
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["parallel"]["flash_attention"] == true);
  CHECK(q["model"]["seq"] == 8192);  // $SEQ
  CHECK(q["model"]["kv_heads"] == 8);
  CHECK(q["model"]["dropout"] == false);
  for (const auto& e : r["read"])
    if (e["field"] == "parallel.tp") CHECK(e["line"] == 25);
}

TEST_CASE("shell words: comments, quotes, defaults and arithmetic") {
  const auto words = atlas::shell_words("A=4 # four\nB=${B:-3}\nC=$(( (A + B) * 2 ))\necho \"$C\" '$A' x\\ y\n");
  std::vector<std::string> texts;
  for (const auto& w : words)
    if (!w.boundary && !w.assignment) texts.push_back(w.text);
  REQUIRE(texts.size() == 4);
  CHECK(texts[1] == "14");
  CHECK(texts[2] == "$A");
  CHECK(texts[3] == "x y");
  CHECK(atlas::shell_arithmetic("2 * (3 + 4) - 10 / 5") == 12);
  CHECK_FALSE(atlas::shell_arithmetic("1 / 0"));
  CHECK_FALSE(atlas::shell_arithmetic("999999999999999 * 999999999999999"));
}

TEST_CASE("import: DeepSpeed's rule — any two batch figures settle the third") {
  const json r = import_file("deepspeed-zero3-offload.json");
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["request"]["parallel"]["dp"] == 32);  // 256 ÷ (4 × 2)
  CHECK(r["request"]["parallel"]["zero"] == 3);
  CHECK(r["request"]["parallel"]["framework"] == "deepspeed");
  CHECK(lists(r["ignored"], "from", "zero_optimization.offload_optimizer"));
  CHECK(lists(r["assumed"], "field", "model.preset"));  // a DeepSpeed config names no model
  // Two of three with the explorer's 16 GPUs: accumulation = 64 ÷ (2 × 16) = 2.
  const json two = call("import", json{{"text", "{\"train_batch_size\": 64, \"train_micro_batch_size_per_gpu\": 2}"},
                                       {"hardware", {{"preset", "a100-80gb"}, {"gpus", 16}}}});
  REQUIRE_FALSE(atlas::is_error(two));
  CHECK(two["request"]["parallel"]["dp"] == 16);
  const json plan = call("plan", two["request"]);
  CHECK(plan["batch"]["accumulation"] == 2);
  // The caller's model is kept when no text describes one; a config.json beside it wins.
  const json kept = import_file("deepspeed-zero3-offload.json", json{{"model", {{"preset", "mixtral-8x7b"}}}});
  CHECK(kept["request"]["model"]["preset"] == "mixtral-8x7b");
  CHECK(kept["parameters"].get<double>() == 46702792704.0);
  // The early boolean form of zero_optimization.
  const json early = import_file("deepspeed-getting-started.json");
  REQUIRE_FALSE(atlas::is_error(early));
  CHECK(early["request"]["parallel"]["zero"] == 1);
  CHECK(early["request"]["batch"]["global"] == 8);
}

TEST_CASE("import: a torchtitan TOML names its model by flavor and shards with FSDP") {
  const json r = import_file("torchtitan-llama3-8b.toml", json{{"hardware", {{"preset", "a100-80gb"}, {"gpus", 64}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  const json& q = r["request"];
  CHECK(q["model"]["preset"] == "llama-3.1-8b");
  CHECK(q["model"]["seq"] == 8192);
  CHECK(q["parallel"]["zero"] == 3);
  CHECK(q["parallel"]["dp"] == 64);                     // data_parallel_shard_degree = -1 over the explorer's 64 GPUs
  CHECK(q["parallel"]["recompute"] == "selective-op");  // mode "selective", selective_ac_option "op"
  CHECK(q["batch"]["global"] == 64);
  CHECK(lists(r["ignored"], "from", "[optimizer] lr"));
  CHECK(lists(r["ignored"], "from", "[training] steps"));
  CHECK(q["parallel"]["kernels"] == "eager");      // [training] compile = false
  CHECK(q["parallel"]["reduce_dtype"] == "fp32");  // torchtitan's FSDP reduces in float32
}

TEST_CASE("import: torchtitan's torch.compile switch is the plan's kernels") {
  const auto kernels = [](const std::string& toml) {
    const json r = call("import", json{{"text", "[model]\nname = \"llama3\"\nflavor = \"8B\"\n" + toml},
                                       {"format", "torchtitan"},
                                       {"hardware", {{"preset", "a100-80gb"}, {"gpus", 8}}}});
    REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
    return r["request"]["parallel"]["kernels"];
  };
  CHECK(kernels("[compile]\nenable = true\n") == "fused");
  CHECK(kernels("[compile]\nenable = false\n") == "eager");
  CHECK(kernels("") == "eager");  // torchtitan's default: no torch.compile
  CHECK(kernels("norm_type = \"fused_rmsnorm\"\n[training]\ncompile = false\n") == "eager-fused-norm");
  CHECK(kernels("[training]\ncompile = true\n") == "fused");
  const json bad = call("import", json{{"text", "[model]\nname = \"llama3\"\nflavor = \"8B\"\n[compile]\nenable = 1\n"},
                                       {"format", "torchtitan"}});
  REQUIRE(atlas::is_error(bad));
  CHECK(bad["error"]["code"] == "not_boolean");
}

TEST_CASE("TOML subset: tables, dotted keys, arrays, numbers with _ and comments, with lines") {
  atlas::Problems problems;
  const atlas::Pasted text(
      "top = 1\n[a.b]  # header\nx = \"s # not a comment\"\ny.z = [1, 2.5, true, 'lit']\nn = 1_000\n", "/text",
      problems);
  const auto toml = atlas::parse_toml(text);
  REQUIRE(toml);
  CHECK(problems.ok());
  CHECK(toml->values["top"] == 1);
  CHECK(toml->values["a"]["b"]["x"] == "s # not a comment");
  CHECK(toml->values["a"]["b"]["y"]["z"] == json::array({1, 2.5, true, "lit"}));
  CHECK(toml->values["a"]["b"]["n"] == 1000);
  CHECK(toml->lines["a.b.y.z"] == 4);
}

TEST_CASE("import: several texts combine, and disagreeing ones are refused on their line") {
  const json both = import_texts({"llama-3.1-8b.config.json", "deepspeed-zero3-offload.json"});
  REQUIRE_FALSE(atlas::is_error(both));
  CHECK(both["format"] == "hf+deepspeed");
  CHECK(both["parameters"].get<double>() == 8030261248.0);
  CHECK(both["request"]["parallel"]["zero"] == 3);
  json texts = json::array({read_source_file("tests/fixtures/import/llama-3.1-8b.config.json"),
                            "pretrain_gpt.py \\\n  --num-layers 40 \\\n  --hidden-size 4096 --num-attention-heads 32"});
  const json clash = call("import", json{{"texts", texts}});
  REQUIRE(atlas::is_error(clash));
  CHECK(clash["error"]["code"] == "conflicting_value");
  CHECK(clash["error"]["path"] == "/texts/1");
  CHECK(clash["error"]["line"] == 2);
}

TEST_CASE("import: request-level mistakes are coded at their pointer") {
  CHECK(has_error(call("import", json::object()), "missing_field", "/text"));
  CHECK(has_error(call("import", json{{"text", "a"}, {"texts", {"b"}}}), "conflicting_fields", "/texts"));
  CHECK(has_error(call("import", json{{"texts", {"a", "b", "c", "d", "e"}}}), "too_many", "/texts"));
  CHECK(has_error(call("import", json{{"texts", {1}}}), "wrong_type", "/texts/0"));
  CHECK(has_error(call("import", json{{"text", "{}"}, {"format", "yaml"}}), "unknown_value", "/format"));
}

TEST_CASE("import: every malformed text in the table is refused with its code on its line") {
  std::istringstream in(read_source_file("tests/fixtures/import-bad.tsv"));
  std::string row;
  int rows = 0;
  while (std::getline(in, row)) {
    if (row.empty() || row[0] == '#') continue;
    ++rows;
    std::istringstream cells(row);
    std::string format, code, line, text;
    std::getline(cells, format, '\t'), std::getline(cells, code, '\t'), std::getline(cells, line, '\t'),
        std::getline(cells, text);
    CAPTURE(row);
    const json r = call("import", json{{"text", json::parse(text)}, {"format", format}});
    REQUIRE(atlas::is_error(r));
    bool found = false;
    for (const auto& e : r["errors"])
      if (e["code"] == code && e.value("line", 0) == std::stoi(line) && e["path"] == "/text") found = true;
    CHECK_MESSAGE(found, r.dump());
  }
  CHECK(rows >= 30);
}

TEST_CASE("import: torchtitan's per-block selective checkpointing redoes every N-th block of a stage") {
  const auto import_with = [](const char* option, int pp, const char* flavor) {
    const std::string toml = std::string("[model]\nname = \"llama3\"\nflavor = \"") + flavor +
                             "\"\n\n[parallelism]\npipeline_parallel_degree = " + std::to_string(pp) +
                             "\n\n[activation_checkpoint]\nmode = \"selective\"\nselective_ac_option = \"" + option +
                             "\"\n";
    const json r = call("import", json{{"text", toml}, {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8 * pp}}}});
    REQUIRE_FALSE(atlas::is_error(r));
    return r["request"]["parallel"];
  };
  // Llama 3 8B's 32 blocks over 2 stages: 16 a stage, every 2nd of them recomputed, 8.
  const json half = import_with("2", 2, "8B");
  CHECK(half["recompute"] == "full");
  CHECK(half["recompute_method"] == "block");
  CHECK(half["recompute_num_layers"] == 8);
  // "1" (and torchtitan's "0") is every block: full recomputation as the engine has it.
  const json every = import_with("1", 1, "8B");
  CHECK(every["recompute"] == "full");
  CHECK_FALSE(every.contains("recompute_method"));
  // Fewer blocks a stage than N: none is recomputed.
  CHECK(import_with("40", 1, "8B")["recompute"] == "none");
}

TEST_CASE("import: DeepSeek-V3 without its prediction module is the 671B main model; its shape reads every key") {
  json r = import_file("deepseek-v3.config.json");
  REQUIRE_FALSE(atlas::is_error(r));
  const json& m = r["request"]["model"];
  CHECK(m["kv_lora_rank"] == 512);
  CHECK(m["q_lora_rank"] == 1536);
  CHECK(m["dense_layers"] == 3);
  CHECK(m["shared_experts"] == 1);
  CHECK(m["shared_expert_ffn"] == 2048);
  CHECK(m["router_bias"] == true);
  json request = r["request"];
  request["model"]["mtp_layers"] = 0;
  const json plan = call("plan", request);
  REQUIRE_FALSE(atlas::is_error(plan));
  // 61 layers: 3 dense (MLA + 3 x 7168 x 18432) and 58 with 256 routed + 1 shared expert of 2048,
  // a router and its bias; untied 129,280-token embedding and head.
  CHECK(plan["parameters"].get<double>() == 671026419200.0);
}

TEST_CASE("import: GPT-OSS slides every other layer over 128 keys; Llama 4 reads its text_config and says so") {
  const json oss = import_file("gpt-oss-20b.config.json");
  REQUIRE_FALSE(atlas::is_error(oss));
  CHECK(oss["request"]["model"]["window"] == 128);
  CHECK(oss["request"]["model"]["full_every"] == 2);
  CHECK(oss["request"]["model"]["attention_sinks"] == true);
  const json scout = import_file("llama-4-scout.config.json");
  REQUIRE_FALSE(atlas::is_error(scout));
  CHECK(scout["request"]["model"]["shared_experts"] == 1);
  CHECK(lists(scout["assumed"], "field", "model.text_config"));
}

TEST_CASE("import: a config.json alone keeps the explorer's split and batch, listed as assumed; a script its own") {
  const json explorer_parallel{{"tp", 8}, {"pp", 2}, {"zero", 1}, {"first_stage_layers", 3}};
  const json explorer_batch{{"global", 512}, {"micro", 1}};
  const json hardware{{"preset", "h100-sxm"}, {"gpus", 64}};
  json r = import_file("llama-3.1-8b.config.json",
                       json{{"parallel", explorer_parallel}, {"batch", explorer_batch}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["request"]["parallel"]["tp"] == 8);
  CHECK(r["request"]["parallel"]["pp"] == 2);
  CHECK(r["request"]["parallel"]["dp"] == 4);
  CHECK_FALSE(r["request"]["parallel"].contains("first_stage_layers"));  // the old model's layout stays behind
  CHECK(r["request"]["batch"]["global"] == 512);
  CHECK(lists(r["assumed"], "field", "parallel.tp"));
  CHECK(lists(r["assumed"], "field", "batch.global"));
  // An explorer split that cannot plan the new model is not kept (tp 64 does not divide its 8 KV
  // heads): the config's own defaults come back.
  r = import_file("llama-3.1-8b.config.json", json{{"parallel", {{"tp", 64}}}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["request"]["parallel"].value("tp", 1) == 1);
  // A launch script's own split wins (its omitted degrees are its framework's defaults).
  r = import_file("megatron-llama-8b.sh", json{{"parallel", explorer_parallel}, {"hardware", hardware}});
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK_FALSE(lists(r["assumed"], "field", "parallel.pp"));
}

TEST_CASE("import: Kimi K2 is DeepSeek-V3's architecture under its own model_type") {
  // Moonshot's config.json names model_type kimi_k2 over DeepseekV3ForCausalLM: read with
  // DeepSeek-V3's rules, said in assumed.
  json config = json::parse(read_source_file("tests/fixtures/import/deepseek-v3.config.json"));
  const json v3 = import_file("deepseek-v3.config.json");
  REQUIRE_FALSE(atlas::is_error(v3));
  config["model_type"] = "kimi_k2";
  const json renamed = call("import", json{{"text", config.dump()}});
  REQUIRE_MESSAGE(!atlas::is_error(renamed), renamed.dump());
  CHECK(renamed["request"]["model"] == v3["request"]["model"]);
  const json* why = nullptr;
  for (const auto& a : renamed["assumed"])
    if (a.value("field", "") == "model.architecture") why = &a;
  REQUIRE(why);
  // Kimi K2's own widths (its model card: 61 layers, 384 experts of 2048, 8 routed, one shared, the
  // first layer dense, 64 heads, a 163,840-token vocabulary): 1T parameters as released.
  config["num_attention_heads"] = 64, config["num_key_value_heads"] = 64, config["n_routed_experts"] = 384;
  config["first_k_dense_replace"] = 1, config["vocab_size"] = 163840, config["num_nextn_predict_layers"] = 0;
  const json k2 = call("import", json{{"text", config.dump()}});
  REQUIRE_MESSAGE(!atlas::is_error(k2), k2.dump());
  CHECK(std::fabs(k2["parameters"].get<double>() - 1.0e12) <= 0.05e12);
}

TEST_CASE("import: GLM-4.5-Air is DeepSeek-V3's experts over grouped-query attention with Q, K, V biases") {
  const json r = import_file("glm-4.5-air.config.json");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& m = r["request"]["model"];
  CHECK(m["heads"] == 96);
  CHECK(m["head_dim"] == 128);  // queries 12,288 wide over a 4,096 hidden size
  CHECK(m["kv_heads"] == 8);
  CHECK(m["qkv_bias"] == true);
  CHECK(m["experts"] == 128);
  CHECK(m["shared_experts"] == 1);
  CHECK(m["shared_expert_ffn"] == 1408);
  CHECK(m["dense_layers"] == 1);
  CHECK(m["mtp_layers"] == 1);
  CHECK(m["router_bias"] == true);
  CHECK_FALSE(m.contains("kv_lora_rank"));
  // The model card's 106B is the main model (106.85B here: within 1 %, the card not saying how it
  // rounds); the checkpoint's 110B adds its prediction layer.
  CHECK(r["parameters"].get<double>() == 110468824832.0);
  json request = r["request"];
  request["model"]["mtp_layers"] = 0;
  const json plan = call("plan", request);
  REQUIRE_FALSE(atlas::is_error(plan));
  CHECK(std::fabs(plan["parameters"].get<double>() / 106e9 - 1.0) < 0.01);
}

TEST_CASE("import: the 2025-26 hybrids and sparse-attention models are refused naming what they are") {
  const struct {
    const char *type, *says;
  } rows[] = {{"qwen3_next", "Gated DeltaNet"},
              {"nemotron_h", "Mamba-2"},
              {"falcon_h1", "Mamba-2"},
              {"minimax_m1", "lightning"},
              {"deepseek_v32", "DeepSeek sparse attention"},
              {"glm_moe_dsa", "DeepSeek sparse attention"}};
  for (const auto& row : rows) {
    const std::string type = row.type;
    CAPTURE(type);
    const json r = call("import", json{{"text", json{{"model_type", type},
                                                     {"hidden_size", 2048},
                                                     {"num_hidden_layers", 48},
                                                     {"num_attention_heads", 16},
                                                     {"vocab_size", 151936}}
                                                    .dump()}});
    REQUIRE(atlas::is_error(r));
    CHECK(r["error"]["code"] == "unsupported_architecture");
    CHECK(r["error"]["message"].get<std::string>().find(row.says) != std::string::npos);
  }
}

// A released FP8 checkpoint's config.json carries its quantization_config (DeepSeek-V3's and the
// Qwen3 FP8 releases' 128 × 128 weight blocks): the import says where the plan's precision and a
// serving plan's weight format come from instead, rather than calling it irrelevant.
TEST_CASE("import: an FP8 checkpoint's quantization_config names where precision and weight format are set") {
  const json r = import_text(
      R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
          "num_key_value_heads": 8, "num_hidden_layers": 32, "vocab_size": 128256,
          "quantization_config": {"quant_method": "fp8", "weight_block_size": [128, 128]}})");
  REQUIRE_FALSE(atlas::is_error(r));
  const json* q = find_entry(r["ignored"], "from", "quantization_config");
  REQUIRE(q != nullptr);
  const std::string why = (*q)["why"].get<std::string>();
  CHECK(why.find("parallel.precision") != std::string::npos);
  CHECK(why.find("serving.weights") != std::string::npos);
}
