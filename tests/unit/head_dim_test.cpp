// Heads of their own size (Qwen3-32B: 64 heads × 128 over a 5120 hidden size) and QK-norm: the
// released parameter counts from the Hugging Face configs, queries and the attention output at
// heads × head size in the FLOPs, and the Megatron flags that say the same.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json imported(const char* file) {
  const json r = call("import", json{{"text", read_source_file(std::string("tests/fixtures/import/") + file)}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

}  // namespace

TEST_CASE("Qwen3's configs import to the released parameter counts") {
  const json q8 = imported("qwen3-8b.config.json");
  CHECK(q8["parameters"].get<double>() == 8190735360.0);
  CHECK(q8["request"]["model"]["qk_norm"] == true);
  const json q32 = imported("qwen3-32b.config.json");
  CHECK(q32["parameters"].get<double>() == 32762123264.0);
  CHECK(q32["request"]["model"]["head_dim"] == 128);
  // The plan of the imported request counts the same parameters.
  const json plan = call("plan", q32["request"]);
  REQUIRE_FALSE(atlas::is_error(plan));
  CHECK(plan["parameters"].get<double>() == 32762123264.0);
}

TEST_CASE("a head size of its own widens Q, the output projection and attention, not the residual stream") {
  json base{{"model",
             {{"layers", 2},
              {"hidden", 5120},
              {"heads", 64},
              {"kv_heads", 8},
              {"ffn", 25600},
              {"vocab", 1000},
              {"seq", 4096},
              {"position", "rotary"},
              {"mlp", "swiglu"},
              {"norm", "rmsnorm"},
              {"bias", false},
              {"dropout", false},
              {"tied_embeddings", false}}},
            {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
            {"parallel", {{"tp", 8}}},
            {"batch", {{"global", 8}}}};
  const json plain = call("plan", base);  // head size 80 = 5120 ÷ 64
  base["model"]["head_dim"] = 128;
  const json wide = call("plan", base);
  REQUIRE_FALSE(atlas::is_error(plain));
  REQUIRE_FALSE(atlas::is_error(wide));
  // Per layer: Q and the output projection grow from 5120² to 5120 × 8192 each, K and V from
  // 5120 × 640 to 5120 × 1024 each.
  const double grown = 2.0 * 5120.0 * (8192 - 5120) + 2.0 * 5120.0 * (1024 - 640);
  CHECK(wide["parameters"].get<double>() - plain["parameters"].get<double>() == doctest::Approx(2 * grown));
  // Attention's FLOPs scale with heads × head size: 8192 / 5120 of the plain model's.
  CHECK(wide["flops_per_step"].get<double>() > plain["flops_per_step"].get<double>());
  CHECK(wide["model"]["head_dim"] == 128);
  CHECK_FALSE(plain["model"].contains("head_dim"));
  // Not dividing the hidden size is refused only when no head size is given.
  base["model"].erase("head_dim");
  base["model"]["heads"] = 48;
  base["model"]["kv_heads"] = 8;
  CHECK(has_error(call("plan", base), "heads_hidden", "/model/heads"));
  base["model"]["head_dim"] = 128;
  CHECK_FALSE(atlas::is_error(call("plan", base)));
}

TEST_CASE("Megatron: --kv-channels is the head size and --qk-layernorm the QK-norm") {
  const json r = call("import", json{{"text",
                                      "torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 36 --hidden-size 4096 "
                                      "--num-attention-heads 32 --group-query-attention --num-query-groups 8 "
                                      "--kv-channels 128 --qk-layernorm --ffn-hidden-size 12288 --swiglu "
                                      "--normalization RMSNorm --position-embedding-type rope --disable-bias-linear "
                                      "--untie-embeddings-and-output-weights --vocab-size 151936 --seq-length 4096 "
                                      "--attention-dropout 0 --hidden-dropout 0 --micro-batch-size 1 "
                                      "--global-batch-size 8"}});
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["request"]["model"]["qk_norm"] == true);
  CHECK(r["parameters"].get<double>() == 8190735360.0);
}
