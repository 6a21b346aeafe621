// torchtitan's 2026 configurations: a Python function returning Trainer.Config(...), and the
// command line that names one with --module and --config and overrides it with
// --section.option flags. Both read into the explorer's request as a TOML job would.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

// A configuration written the way torchtitan's config registries write them.
const char* const kConfig = R"(def llama3_8b_fp8() -> Trainer.Config:
    model_spec = model_registry(
        "8B",
        converters=[Float8LinearConverter.Config(model_compile_enabled=True)],
    )
    return Trainer.Config(
        model_spec=model_spec,
        optimizer=default_adamw(lr=3e-4),
        training=TrainingConfig(
            num_tokens_per_microbatch_per_dp_rank=2 * 8192,
            max_context_length=8192,
            steps=1000,
        ),
        parallelism=ParallelismConfig(
            tensor_parallel_degree=2,
            data_parallel_shard_degree=4,
        ),
        compile=CompileConfig(enable=True, components=["model", "loss"]),
        activation_checkpoint=SelectiveAC.Config(),
    )
)";

json import_titan_text(const std::string& text, int gpus) {
  const json r = call("import", json{{"text", text}, {"hardware", {{"preset", "h100-sxm"}, {"gpus", gpus}}}});
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  return r;
}

std::string read_from(const json& r, const std::string& field) {
  for (const auto& e : r["read"])
    if (e["field"] == field) return e["from"].get<std::string>();
  return "";
}

}  // namespace

TEST_CASE("torchtitan Python configuration: model, batch, split, kernels and recipe as the function sets them") {
  const json r = import_titan_text(kConfig, 8);
  CHECK(r["format"] == "torchtitan");
  const json& q = r["request"];
  CHECK(q["model"]["preset"] == "llama-3.1-8b");
  CHECK(q["model"]["seq"] == 8192);
  // 2 × 8192 tokens a micro-batch of 8192-token sequences: two sequences.
  CHECK(q["batch"]["micro"] == 2);
  CHECK(q["parallel"]["tp"] == 2);
  CHECK(q["parallel"]["zero"] == 3);
  CHECK(q["parallel"]["recompute"] == "selective-op");  // SelectiveAC: every second matmul
  CHECK(q["parallel"]["kernels"] == "fused");           // torch.compile
  CHECK(q["parallel"]["precision"] == "fp8-current");   // torchao float8, tensorwise
  CHECK(q["parallel"]["optimizer_kernel"] == "fused");  // torchtitan's default AdamW since 2025
  // Each figure names where the function set it, at its line.
  CHECK(read_from(r, "parallel.tp") == "ParallelismConfig tensor_parallel_degree");
  CHECK(read_from(r, "model.seq") == "TrainingConfig max_context_length");
  for (const auto& e : r["read"])
    if (e["field"] == "parallel.tp") CHECK(e["line"] == 15);
}

TEST_CASE("torchtitan command line: --module and --config name the model, --section.option flags override") {
  const json r = import_titan_text(
      "NGPU=64 ./run_train.sh --module torchtitan_recipes.llama3 --config llama3_70b \\\n"
      "  --parallelism.tensor_parallel_degree 8 --parallelism.pipeline_parallel_degree=2 \\\n"
      "  --training.max_context_length 8192 --compile.enable\n",
      64);
  const json& q = r["request"];
  CHECK(q["model"]["preset"] == "llama-3.1-70b");
  CHECK(q["parallel"]["tp"] == 8);
  CHECK(q["parallel"]["pp"] == 2);
  CHECK(q["parallel"]["kernels"] == "fused");
  CHECK(read_from(r, "parallel.pp") == "--parallelism.pipeline_parallel_degree");
  // A flag overrides the configuration's own value, as torchtitan's command line does.
  const json both = import_titan_text(std::string(kConfig) + "# run with --parallelism.tensor_parallel_degree 4\n", 8);
  CHECK(both["request"]["parallel"]["tp"] == 4);
}

TEST_CASE("torchtitan Python configuration: a derived one's assignments count, and what is not modelled is said") {
  const std::string derived = std::string(kConfig) +
                              "\n\ndef llama3_8b_fp8_full_ac() -> Trainer.Config:\n"
                              "    config = llama3_8b_fp8()\n"
                              "    config.activation_checkpoint = FullAC.Config()\n"
                              "    config.parallelism.context_parallel_degree = 2\n"
                              "    config.optimizer = default_adamw(lr=3e-4, implementation=\"foreach\")\n"
                              "    return config\n";
  const json r = import_titan_text(derived, 16);
  const json& q = r["request"];
  CHECK(q["parallel"]["cp"] == 2);
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["parallel"]["optimizer_kernel"] == "foreach");
  // NVFP4's converter is named, not silently dropped.
  const json nvfp4 = import_titan_text(
      "def llama3_8b_nvfp4() -> Trainer.Config:\n    model_spec = model_registry(\"8B\", "
      "converters=[NVFP4LinearConverter.Config()])\n    return Trainer.Config(model_spec=model_spec)\n",
      8);
  bool said = false;
  for (const auto& e : nvfp4["ignored"])
    if (e["why"].get<std::string>().find("NVFP4") != std::string::npos) said = true;
  CHECK(said);
}
