// torchtitan's model flavors: a job that names one by [model] name and flavor, by
// model_registry in a Python configuration, or by the configuration torchtitan ships for it,
// imports as that model's shape; the released parameter totals are the check. Export names the
// flavor back.
#include <doctest/doctest.h>

#include <cmath>

#include "atlas/interop/import.hpp"
#include "import_support.hpp"

using namespace atlas_test;

namespace {

json flavor_job(const std::string& family, const std::string& flavor, const std::string& training) {
  return import_text("[model]\nname = \"" + family + "\"\nflavor = \"" + flavor + "\"\n\n[training]\n" + training +
                         "local_batch_size = 1\n\n[parallelism]\ndata_parallel_shard_degree = 8\n",
                     json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
}

double flavor_parameters(const json& imported) {
  const json plan = call("plan", imported["request"]);
  REQUIRE_MESSAGE(!atlas::is_error(plan), plan.dump());
  return plan["parameters"].get<double>();
}

// The totals each model's release states, to the digit it gives (embeddings counted once where
// they are tied).
struct Released {
  const char *family, *flavor;
  double parameters, digit;
  const char* where;
};
const Released kReleased[] = {
    {"llama3", "1B", 1.24e9, 1e7, "Llama 3.2 1B model card: 1.24B"},
    {"llama3", "3B", 3.21e9, 1e7, "Llama 3.2 3B model card: 3.21B"},
    {"llama3", "8B", 8.03e9, 1e7, "Llama 3.1 8B model card: 8.03B"},
    {"llama3", "70B", 70.6e9, 1e8, "Llama 3.1 70B model card: 70.6B"},
    {"llama3", "405B", 405.9e9, 1e8, "Llama 3.1 405B model card: 405.9B"},
    {"qwen3", "0.6B", 0.6e9, 1e8, "Qwen3-0.6B model card: 0.6B"},
    {"qwen3", "1.7B", 1.7e9, 1e8, "Qwen3-1.7B model card: 1.7B"},
    {"qwen3", "4B", 4.0e9, 1e8, "Qwen3-4B model card: 4.0B"},
    {"qwen3", "8B", 8.2e9, 1e8, "Qwen3-8B model card: 8.2B"},
    {"qwen3", "14B", 14.8e9, 1e8, "Qwen3-14B model card: 14.8B"},
    {"qwen3", "32B", 32.8e9, 1e8, "Qwen3-32B model card: 32.8B"},
    {"qwen3", "30B-A3B", 30.5e9, 1e8, "Qwen3-30B-A3B model card: 30.5B"},
    {"qwen3", "235B-A22B", 235e9, 1e9, "Qwen3-235B-A22B model card: 235B"},
    {"deepseek_v3", "16B", 15.7e9, 1e8, "DeepSeek-V2 report: DeepSeek-V2-Lite 15.7B"},
    {"deepseek_v3", "236B", 236e9, 1e9, "DeepSeek-V2 report: 236B"},
    {"deepseek_v3", "671B", 671e9, 1e9, "DeepSeek-V3 report: 671B without its MTP module"},
    {"gpt_oss", "20b", 20.9e9, 1e8, "gpt-oss model card: 20.9B"},
    {"gpt_oss", "120b", 116.8e9, 1e8, "gpt-oss model card: 116.8B"},
};

}  // namespace

TEST_CASE("torchtitan flavors: every flavor the engine knows imports at its released size") {
  // The table and the released totals cover the same flavors, so a row added to one is checked.
  CHECK(atlas::torchtitan_flavors().size() == std::size(kReleased));
  for (const auto& r : kReleased) {
    const std::string where = r.where;
    CAPTURE(where);
    const json imported = flavor_job(r.family, r.flavor, "seq_len = 4096\n");
    REQUIRE_MESSAGE(!atlas::is_error(imported), imported.dump());
    CHECK(imported["request"]["model"]["seq"] == 4096);
    // Within half the released figure's last digit.
    CHECK(std::fabs(flavor_parameters(imported) - r.parameters) <= 0.5 * r.digit);
  }
}

TEST_CASE("torchtitan flavors: torchtitan's own defaults where the job is silent") {
  // DeepSeek-V3 without the multi-token-prediction module its preset has (model_registry's
  // num_mtp_layers defaults to 0), and torchtitan's 2048-token context with no seq_len.
  const json v3 = flavor_job("deepseek_v3", "671B", "");
  REQUIRE_MESSAGE(!atlas::is_error(v3), v3.dump());
  CHECK(v3["request"]["model"]["preset"] == "deepseek-v3");
  CHECK(v3["request"]["model"]["mtp_layers"] == 0);
  CHECK(v3["request"]["model"]["seq"] == 2048);
  CHECK(find_entry(v3["assumed"], "field", "model.seq") != nullptr);
  // A flavor in the other case is the same model; one the engine lacks lists those it has.
  CHECK(flavor_job("gpt_oss", "120B", "")["request"]["model"]["preset"] == "gpt-oss-120b");
  const json scout = flavor_job("llama4", "17bx16e", "");
  REQUIRE(atlas::is_error(scout));
  CHECK(scout["error"]["code"] == "unknown_model");
  const std::string message = scout["error"]["message"];
  CHECK(message.find("llama4 \"17bx16e\"") != std::string::npos);
  CHECK(message.find("qwen3 0.6B") != std::string::npos);
}

TEST_CASE("torchtitan flavors: a configuration function or --config names its flavor and family") {
  const json hw{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 16}}}};
  // The shipped function's name alone (no model_registry call pasted with it).
  const json moe = import_text(
      "def qwen3_30b_a3b() -> Trainer.Config:\n    return Trainer.Config(\n        training=TrainingConfig("
      "max_context_length=4096),\n        parallelism=ParallelismConfig(expert_parallel_degree=8),\n    )\n",
      hw);
  REQUIRE_MESSAGE(!atlas::is_error(moe), moe.dump());
  CHECK(moe["request"]["model"]["preset"] == "qwen3-30b-a3b");
  CHECK(moe["request"]["parallel"]["ep"] == 8);
  // A command line: the family from --config, not the first word of its name.
  const json lite = import_text(
      "torchrun --nproc_per_node 8 -m torchtitan.train --config deepseek_v3_16b --training.max_context_length 4096",
      json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
  REQUIRE_MESSAGE(!atlas::is_error(lite), lite.dump());
  CHECK(lite["request"]["model"]["kv_lora_rank"] == 512);
  CHECK(lite["request"]["model"]["experts"] == 64);
  CHECK_FALSE(lite["request"]["model"].contains("q_lora_rank"));
  // model_registry under a function whose family has an underscore.
  const json oss = import_text("def gpt_oss_custom() -> Trainer.Config:\n    model_spec = model_registry(\"20b\")\n",
                               json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
  REQUIRE_MESSAGE(!atlas::is_error(oss), oss.dump());
  CHECK(oss["request"]["model"]["preset"] == "gpt-oss-20b");
}

TEST_CASE("torchtitan flavors: export names the flavor, and import reads back the same model") {
  for (const auto& row : {std::pair{"qwen3", "14B"}, {"deepseek_v3", "236B"}, {"gpt_oss", "120b"}}) {
    const std::string family = row.first, flavor = row.second;
    CAPTURE(flavor);
    const json imported = flavor_job(family, flavor, "seq_len = 4096\n");
    REQUIRE_MESSAGE(!atlas::is_error(imported), imported.dump());
    const json out = call("export", json{{"request", imported["request"]}, {"format", "torchtitan"}});
    REQUIRE_MESSAGE(!atlas::is_error(out), out.dump());
    const std::string toml = out["text"];
    CHECK(toml.find("name = \"" + family + "\"\nflavor = \"" + flavor + "\"") != std::string::npos);
    CHECK(toml.find(atlas::kModelComment) == std::string::npos);
    const json back = import_text(toml, json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
    REQUIRE_MESSAGE(!atlas::is_error(back), back.dump());
    CHECK(flavor_parameters(back) == flavor_parameters(imported));
  }
}

TEST_CASE("torchtitan flavors: a TOML job that mentions --config in a comment stays a TOML job") {
  const json r = import_text(
      "# launched with ./run_train.sh --config qwen3_32b\n[model]\nname = \"qwen3\"\nflavor = \"14B\"\n\n"
      "[training]\nseq_len = 4096\nlocal_batch_size = 1\n",
      json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}}}});
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  // The table's flavor, not the commented configuration's.
  CHECK(r["request"]["model"]["hidden"] == 5120);
  CHECK(r["request"]["model"]["layers"] == 40);
}

TEST_CASE(
    "torchtitan flavors: a configuration's ChunkedLossWrapper is the chunked loss, and export says the TOML loses it") {
  const json r = import_text(
      "def qwen3_30b_a3b() -> Trainer.Config:\n    model_spec = model_registry(\"30B-A3B\")\n"
      "    return Trainer.Config(\n        loss=ChunkedLossWrapper.Config(loss_fn=CrossEntropyLoss.Config()),\n"
      "        training=TrainingConfig(num_tokens_per_microbatch_per_dp_rank=2 * 4096, max_context_length=4096),\n"
      "    )\n",
      json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 16}}}});
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["parallel"]["loss"] == "chunked");
  CHECK(find_entry(r["read"], "field", "parallel.loss") != nullptr);
  // No full-vocabulary tensor: the plan holds less than with PyTorch's eager loss.
  json eager = r["request"];
  eager["parallel"]["loss"] = "eager";
  const json chunked_plan = call("plan", r["request"]), eager_plan = call("plan", eager);
  REQUIRE_FALSE(atlas::is_error(chunked_plan));
  CHECK(chunked_plan["memory"]["total"].get<double>() < eager_plan["memory"]["total"].get<double>());
  const json out = call("export", json{{"request", r["request"]}, {"format", "torchtitan"}});
  REQUIRE_MESSAGE(!atlas::is_error(out), out.dump());
  CHECK(out["text"].get<std::string>().find("ChunkedLossWrapper") != std::string::npos);
}
