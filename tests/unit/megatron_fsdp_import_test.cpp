// Megatron-FSDP on the command line: --use-megatron-fsdp with its sharding strategy is the ZeRO
// stage, bf16 main and communicated gradients the reduction's dtype; and the vocabularies of the
// 2025-26 tokenizers a script names without --vocab-size.
#include <doctest/doctest.h>

#include "import_support.hpp"

using namespace atlas_test;

namespace {

json fsdp_import(const std::string& flags) {
  return import_text(
      "torchrun pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
      "--seq-length 4096 --micro-batch-size 1 --global-batch-size 64 --bf16 " +
          flags,
      json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 16}}}});
}

}  // namespace

TEST_CASE("Megatron-FSDP: the sharding strategy is the ZeRO stage, Megatron-LM's default ZeRO-3") {
  const struct {
    const char* flags;
    int zero;
  } rows[] = {{"--use-megatron-fsdp", 3},
              {"--use-megatron-fsdp --data-parallel-sharding-strategy optim_grads_params", 3},
              {"--use-megatron-fsdp --data-parallel-sharding-strategy optim_grads", 2},
              {"--use-megatron-fsdp --data-parallel-sharding-strategy optim", 1},
              {"--use-megatron-fsdp --data-parallel-sharding-strategy no_shard", 0},
              {"--use-distributed-optimizer", 1}};
  for (const auto& row : rows) {
    const std::string flags = row.flags;
    CAPTURE(flags);
    const json r = fsdp_import(flags);
    REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
    CHECK(r["request"]["parallel"]["zero"] == row.zero);
    CHECK(find_entry(r["ignored"], "from", "--use-megatron-fsdp") == nullptr);
  }
  const json bad = fsdp_import("--use-megatron-fsdp --data-parallel-sharding-strategy everything");
  REQUIRE(atlas::is_error(bad));
  CHECK(bad["error"]["code"] == "unsupported_value");
}

TEST_CASE("Megatron-FSDP: gradients in bf16 only when both its gradient dtypes say so") {
  const json both =
      fsdp_import("--use-megatron-fsdp --megatron-fsdp-main-grads-dtype bf16 --megatron-fsdp-grad-comm-dtype bf16");
  REQUIRE_MESSAGE(!atlas::is_error(both), both.dump());
  CHECK(both["request"]["parallel"]["reduce_dtype"] == "bf16");
  const json one = fsdp_import("--use-megatron-fsdp --megatron-fsdp-grad-comm-dtype bf16");
  REQUIRE_MESSAGE(!atlas::is_error(one), one.dump());
  CHECK_FALSE(one["request"]["parallel"].contains("reduce_dtype"));
  CHECK(find_entry(one["ignored"], "from", "--megatron-fsdp-grad-comm-dtype") != nullptr);
}

TEST_CASE("Megatron tokenizers: the 2025-26 models' vocabularies from the tokenizer a script names") {
  const struct {
    const char* name;
    int vocab;
  } rows[] = {{"deepseek-ai/DeepSeek-V3", 129280},
              {"openai/gpt-oss-120b", 201088},
              {"meta-llama/Llama-4-Scout-17B-16E", 202048},
              {"Qwen/Qwen2.5-7B", 152064},
              {"deepseek-ai/DeepSeek-V2-Lite", 102400}};
  for (const auto& row : rows) {
    const std::string name = row.name;
    CAPTURE(name);
    const json r = fsdp_import("--tokenizer-type HuggingFaceTokenizer --tokenizer-model " + name);
    REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
    CHECK(r["request"]["model"]["vocab"] == row.vocab);
  }
}
