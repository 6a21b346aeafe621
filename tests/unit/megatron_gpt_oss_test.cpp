// GPT-OSS as Megatron-Core takes it on the command line: quick GeGLU (a gated MLP), learned
// sink logits (--softmax-type learnable), a causal band (--window-size left,0) on all but every
// N-th layer (--window-attn-skip-freq N), and the padded vocabulary. Each flag reaches the model;
// a form the engine cannot count is refused at its line.
#include <doctest/doctest.h>

#include <cmath>

#include "import_support.hpp"

using namespace atlas_test;

namespace {

// GPT-OSS-120B's shape in Megatron-LM's argument names (the model card: 36 layers, hidden 2880,
// 64 heads of 64 over 8 key-value groups, 128 experts of 2880, 4 routed, a 201,088-entry
// vocabulary, a 128-token window on alternate layers, a learned sink logit per head).
std::string gpt_oss_args(const std::string& attention) {
  return "torchrun pretrain_gpt.py --num-layers 36 --hidden-size 2880 --ffn-hidden-size 2880 "
         "--num-attention-heads 64 --group-query-attention --num-query-groups 8 --kv-channels 64 "
         "--num-experts 128 --moe-ffn-hidden-size 2880 --moe-router-topk 4 --seq-length 4096 "
         "--max-position-embeddings 131072 --position-embedding-type rope --normalization RMSNorm "
         "--untie-embeddings-and-output-weights --padded-vocab-size 201088 --quick-geglu "
         "--attention-dropout 0.0 --hidden-dropout 0.0 --micro-batch-size 1 --global-batch-size 64 " +
         attention;
}

json import_oss(const std::string& attention) {
  return import_text(gpt_oss_args(attention), json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
}

}  // namespace

TEST_CASE("Megatron GPT-OSS: every shape flag reaches the model, at the released size") {
  const json r = import_oss("--softmax-type learnable --window-size 127,0 --window-attn-skip-freq 2");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& m = r["request"]["model"];
  CHECK(m["mlp"] == "swiglu");
  CHECK(m["attention_sinks"] == true);
  CHECK(m["window"] == 128);
  CHECK(m["full_every"] == 2);
  CHECK(m["vocab"] == 201088);
  CHECK(find_entry(r["assumed"], "field", "model.mlp") != nullptr);  // says GeGLU is costed as SwiGLU
  // None of them is listed as outside the cost model.
  for (const char* flag : {"--quick-geglu", "--softmax-type", "--window-size", "--window-attn-skip-freq"})
    CHECK(find_entry(r["ignored"], "from", flag) == nullptr);
  const json plan = call("plan", r["request"]);
  REQUIRE_MESSAGE(!atlas::is_error(plan), plan.dump());
  // The model card's 116.8B; the router's bias (4,608 parameters), which Megatron's flags do not
  // give, is all that separates it from the preset.
  CHECK(std::fabs(plan["parameters"].get<double>() - 116.8e9) <= 0.05e9);
  const json preset = call("plan", json{{"model", {{"preset", "gpt-oss-120b"}}},
                                        {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}},
                                        {"batch", {{"global", 64}}}});
  CHECK(preset["parameters"].get<double>() - plan["parameters"].get<double>() == 36.0 * 128.0);
}

TEST_CASE("Megatron GPT-OSS: the window's pattern as an integer or a list, and what cannot be counted") {
  // [1,1,1,0]*3 (three sliding layers, then a full one) is a full layer every four.
  const json list = import_oss("--window-size 127,0 --window-attn-skip-freq [1,1,1,0]*3");
  REQUIRE_MESSAGE(!atlas::is_error(list), list.dump());
  CHECK(list["request"]["model"]["full_every"] == 4);
  // Without a window every layer attends fully: the pattern is listed as unused, not applied.
  const json none = import_oss("--window-attn-skip-freq 2");
  REQUIRE_MESSAGE(!atlas::is_error(none), none.dump());
  CHECK_FALSE(none["request"]["model"].contains("full_every"));
  CHECK(find_entry(none["ignored"], "from", "--window-attn-skip-freq") != nullptr);
  // A band that looks ahead, a pattern with two full layers in a row, an unknown softmax.
  for (const char* bad :
       {"--window-size 127,16", "--window-size 127,0 --window-attn-skip-freq [1,0,0]", "--softmax-type sparsemax"}) {
    CAPTURE(bad);
    const json r = import_oss(bad);
    REQUIRE(atlas::is_error(r));
    const std::string code = r["error"]["code"];
    CHECK((code == "unsupported_architecture" || code == "unsupported_value"));
    CHECK(r["error"]["line"] == 1);
  }
}

// Flags that change a real MoE run's time but not the plan say which way the plan differs, so an
// engineer reading the import knows what the plan's figure leaves out.
TEST_CASE("Megatron MoE flags the plan does not read name what the plan leaves out") {
  const json r = import_oss(
      "--moe-grouped-gemm --overlap-moe-expert-parallel-comm --moe-token-dispatcher-type flex "
      "--cuda-graph-impl transformer_engine --moe-aux-loss-coeff 1e-3 --log-interval 1");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const auto why = [&](const char* flag) {
    const json* e = find_entry(r["ignored"], "from", flag);
    REQUIRE_MESSAGE(e != nullptr, flag);
    return (*e)["why"].get<std::string>();
  };
  CHECK(why("--overlap-moe-expert-parallel-comm").find("all-to-all exposed") != std::string::npos);
  CHECK(why("--moe-grouped-gemm").find("one after another") != std::string::npos);
  CHECK(why("--moe-token-dispatcher-type").find("flex") != std::string::npos);
  CHECK(why("--cuda-graph-impl").find("host") != std::string::npos);
  CHECK(why("--moe-aux-loss-coeff").find("routing_imbalance") != std::string::npos);
  CHECK(why("--log-interval") == "not part of the engine's cost model");
}
