// Importing low precision and pipeline layouts: Megatron's --fp8-format / --fp8-recipe /
// --fp4-format and its pipeline-split accounting flags, torchtitan's float8 and MX converters and
// HSDP degrees; the Megatron export writes them back; and the serving formats a Hugging Face
// quantization_config implies.
#include <doctest/doctest.h>

#include <string>

#include "import_support.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json import_on(const std::string& text, const char* gpu = "h100-sxm") {
  return call("import", json{{"text", text}, {"hardware", {{"preset", gpu}}}});
}

const char* kMegatron405b =
    "torchrun --nproc_per_node 8 --nnodes 128 pretrain_gpt.py \\\n"
    "  --num-layers 126 --hidden-size 16384 --num-attention-heads 128 --group-query-attention \\\n"
    "  --num-query-groups 8 --ffn-hidden-size 53248 --seq-length 8192 --position-embedding-type rope \\\n"
    "  --normalization RMSNorm --swiglu --disable-bias-linear --untie-embeddings-and-output-weights \\\n"
    "  --vocab-size 128256 --tensor-model-parallel-size 8 --pipeline-model-parallel-size 8 \\\n"
    "  --num-layers-per-virtual-pipeline-stage 2 \\\n"
    "  --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split \\\n"
    "  --micro-batch-size 1 --global-batch-size 512 --bf16 --fp8-format hybrid RECIPE \\\n"
    "  --use-distributed-optimizer --sequence-parallel\n";

std::string with_recipe(const std::string& recipe) {
  std::string s = kMegatron405b;
  s.replace(s.find("RECIPE"), 6, recipe);
  return s;
}

}  // namespace

TEST_CASE("Megatron: FP8 recipes by --fp8-recipe (delayed by default), 128 layer slots from the accounting flags") {
  const json r = import_on(with_recipe(""));
  REQUIRE_FALSE(atlas::is_error(r));
  const json& p = r["request"]["parallel"];
  CHECK(p["precision"] == "fp8-delayed");
  CHECK(p["embedding_as_layer"] == true);
  CHECK(p["loss_as_layer"] == true);
  CHECK(p["virtual_stages"] == 8);  // 128 slots ÷ (8 stages × 2 per chunk)
  CHECK(import_on(with_recipe("--fp8-recipe tensorwise"))["request"]["parallel"]["precision"] == "fp8-current");
  CHECK(import_on(with_recipe("--fp8-recipe blockwise"))["request"]["parallel"]["precision"] == "fp8-blockwise");
  CHECK(import_on(with_recipe("--fp8-recipe mxfp8"), "b200")["request"]["parallel"]["precision"] == "mxfp8");
  CHECK(error_code(import_on(with_recipe("--fp8-recipe nonsense"))) == "unsupported_value");
  // The imported plan runs, and the export writes the same flags back.
  REQUIRE_FALSE(atlas::is_error(call("plan", r["request"])));
  const json out = call("export", json{{"format", "megatron"}, {"request", r["request"]}});
  const std::string text = out["text"].get<std::string>();
  for (const char* flag : {"--account-for-embedding-in-pipeline-split", "--account-for-loss-in-pipeline-split",
                           "--fp8-format hybrid", "--fp8-recipe delayed", "--num-layers-per-virtual-pipeline-stage 2"})
    CHECK(text.find(flag) != std::string::npos);
  const json back = import_on(text)["request"]["parallel"];
  for (const char* key : {"precision", "embedding_as_layer", "loss_as_layer", "virtual_stages", "tp", "pp", "dp"})
    CHECK(back[key] == p[key]);
}

TEST_CASE("Megatron: --fp8-param-gather keeps the blocks' weights in FP8, and the export writes it back") {
  const json r = import_on(with_recipe("--fp8-recipe tensorwise --fp8-param-gather"));
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["request"]["parallel"]["fp8_param_gather"] == true);
  const json plan = call("plan", r["request"]);
  REQUIRE_FALSE(atlas::is_error(plan));
  CHECK(plan["parallel"]["fp8_param_gather"] == true);
  const json out = call("export", json{{"format", "megatron"}, {"request", r["request"]}});
  CHECK(out["text"].get<std::string>().find("--fp8-param-gather") != std::string::npos);
  // Without a low format Megatron refuses the flag, and so does the import, on its line.
  std::string bf16 = with_recipe("--fp8-param-gather");
  bf16.replace(bf16.find("--fp8-format hybrid "), 20, "");
  CHECK(error_code(import_on(bf16)) == "unsupported_value");
}

TEST_CASE("torchtitan: the float8 converter is tensorwise FP8, mx is MXFP8, replicate × shard degrees are HSDP") {
  const std::string base =
      "[model]\nname = \"llama3\"\nflavor = \"70B\"\nCONVERTERS\n[training]\nlocal_batch_size = 2\nseq_len = 8192\n"
      "[parallelism]\ndata_parallel_replicate_degree = 4\ndata_parallel_shard_degree = 16\n"
      "tensor_parallel_degree = 4\n";
  const auto toml = [&](const std::string& converters, const char* gpu = "h100-sxm") {
    std::string s = base;
    s.replace(s.find("CONVERTERS"), 10, converters);
    return import_on(s, gpu);
  };
  const json fp8 = toml("converters = [\"float8\"]");
  REQUIRE_FALSE(atlas::is_error(fp8));
  CHECK(fp8["request"]["parallel"]["precision"] == "fp8-current");
  CHECK(fp8["request"]["parallel"]["dp_shard"] == 16);
  CHECK(fp8["request"]["parallel"]["dp"] == 64);
  CHECK(toml("converters = [\"mx\"]", "b200")["request"]["parallel"]["precision"] == "mxfp8");
  // Hopper has no MXFP8: the import says so where the converter is named.
  CHECK(error_code(toml("converters = [\"mx\"]")) == "precision_unsupported");
  CHECK_FALSE(toml("")["request"]["parallel"].contains("precision"));
}

// gpt-oss's config says its experts are MXFP4 and the rest bf16; an AWQ checkpoint gives its
// group: the import names the serving fields that say so.
TEST_CASE("import: MXFP4 and AWQ quantization_config name the serving formats") {
  const std::string shape =
      R"("model_type": "llama", "hidden_size": 4096, "intermediate_size": 14336, "num_attention_heads": 32,
         "num_key_value_heads": 8, "num_hidden_layers": 32, "vocab_size": 128256, )";
  const json mx = import_text("{" + shape +
                              R"("quantization_config": {"quant_method": "mxfp4", "modules_to_not_convert":
                                 ["model.layers.*.self_attn", "model.layers.*.mlp.router", "model.embed_tokens",
                                  "lm_head"]}})");
  REQUIRE_FALSE(atlas::is_error(mx));
  const json* q = find_entry(mx["ignored"], "from", "quantization_config");
  REQUIRE(q != nullptr);
  CHECK((*q)["why"].get<std::string>().find("serving.expert_weights \"mxfp4\"") != std::string::npos);
  const json awq =
      import_text("{" + shape + R"("quantization_config": {"quant_method": "awq", "bits": 4, "group_size": 64}})");
  const json* a = find_entry(awq["ignored"], "from", "quantization_config");
  REQUIRE(a != nullptr);
  CHECK((*a)["why"].get<std::string>().find("serving.weights \"int4\" with serving.group_size 64") !=
        std::string::npos);
}
