// Launch scripts as people write them (tests/fixtures/import, origins in its README): each is
// pinned to the shape, split, GPU count and batch a careful reader takes from it, and to the
// warnings that say what the reader had to decide.
#include <doctest/doctest.h>

#include "import_support.hpp"

using namespace atlas_test;

TEST_CASE("scripts: GPT-3 175B under srun takes its 1,024 GPUs from #SBATCH, not from the batch") {
  // Before: no torchrun, so no GPU count; dp = global ÷ micro made it 196,608 GPUs.
  const json r = import_script("slurm-gpt3-175b-srun.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["hardware"]["gpus"] == 1024);  // --nodes=128 × --ntasks-per-node=8
  CHECK(q["parallel"]["tp"] == 8);
  CHECK(q["parallel"]["pp"] == 16);
  CHECK(q["parallel"]["dp"] == 8);
  CHECK(q["parallel"]["recompute"] == "full");  // --checkpoint-activations
  CHECK(q["batch"]["micro"] == 1);
  CHECK(q["batch"]["global"] == 1536);
  CHECK(q["model"]["layers"] == 96);
  CHECK(q["model"]["hidden"] == 12288);
  const json* gpus = find_entry(r["read"], "field", "hardware.gpus");
  REQUIRE(gpus);
  CHECK((*gpus)["line"] == 5);
  // The request's own GPU count is replaced, and the response says so.
  const json with =
      import_script("slurm-gpt3-175b-srun.sh", json{{"hardware", {{"preset", "a100-80gb"}, {"gpus", 64}}}});
  REQUIRE_FALSE(atlas::is_error(with));
  CHECK(with["request"]["hardware"]["gpus"] == 1024);
  REQUIRE(warning(with, "gpus_replaced"));
  CHECK((*warning(with, "gpus_replaced"))["path"] == "/hardware/gpus");
}

TEST_CASE("scripts: without any GPU count the explorer's, else one node, is used and said") {
  std::string text = read_source_file("tests/fixtures/import/slurm-gpt3-175b-srun.sh");
  text.replace(text.find("#SBATCH <SLURM"), 7, "# not a directive:");
  const json alone = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(alone), alone.dump());
  CHECK(alone["request"]["hardware"]["gpus"] == 128);  // tp 8 × pp 16 do not fit 8 GPUs: the fewest that do
  CHECK(alone["request"]["parallel"]["dp"] == 1);
  const json* assumed = find_entry(alone["assumed"], "field", "hardware.gpus");
  REQUIRE(assumed);
  const json given = import_text(text, json{{"hardware", {{"preset", "a100-80gb"}, {"gpus", 1024}}}});
  REQUIRE_FALSE(atlas::is_error(given));
  CHECK(given["request"]["hardware"]["gpus"] == 1024);
  CHECK(given["request"]["parallel"]["dp"] == 8);
  CHECK(given["request"]["batch"]["global"] == 1536);
}

TEST_CASE("scripts: NVIDIA-style arrays — quoted elements split when expanded unquoted, branches decided") {
  const json r = import_script("megatron-llama3-8b-fp8-arrays.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(r["parameters"].get<double>() == 8030261248.0);  // Llama 3 8B, vocabulary 128,256
  CHECK(q["model"]["vocab"] == 128256);                  // "--vocab-size 128256", the MOCK branch
  CHECK(q["model"]["head_dim"] == 128);
  CHECK(q["hardware"]["gpus"] == 8);
  CHECK(q["parallel"]["dp"] == 8);
  CHECK(q["parallel"]["precision"] == "fp8-delayed");  // "--fp8-format hybrid", added by the decided if
  CHECK(q["parallel"]["zero"] == 1);                   // TRAINING_ARGS+=("${DDP_ARGS[@]}")
  CHECK(q["parallel"]["overlap"] == true);
  CHECK(q["batch"]["global"] == 128);
  CHECK(q["batch"]["micro"] == 1);
  // The commented-out pipeline flag inside the array is a comment.
  CHECK_FALSE(q["parallel"].contains("pp"));
  // The file test cannot be decided, but an if with no else leaves no branch out: no warning.
  CHECK_FALSE(warning(r, "branch_guessed"));
}

TEST_CASE("scripts: \"${ARGS[@]}\" keeps a quoted \"--flag value\" whole; it is read, with a warning") {
  std::string text = read_source_file("tests/fixtures/import/megatron-llama3-8b-fp8-arrays.sh");
  const std::string unquoted = "${DATA_ARGS_LIST[@]}";
  text.replace(text.find(unquoted), unquoted.size(), "\"" + unquoted + "\"");
  const json r = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["model"]["vocab"] == 128256);
  const json* w = warning(r, "quoted_flag");
  REQUIRE(w);
  CHECK((*w)["line"].get<int>() > 90);
}

TEST_CASE("scripts: a BigScience-style slurm file — bash -c '$LAUNCHER … $CMD', here-document, DeepSpeed") {
  const json r = import_script("bigscience-13b-style.slurm");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["model"]["layers"] == 40);
  CHECK(q["model"]["ffn"] == 20480);  // --ffn_hidden_size, the underscore spelling
  CHECK(q["model"]["seq"] == 1024);
  CHECK(q["parallel"]["tp"] == 4);
  CHECK(q["parallel"]["pp"] == 8);
  CHECK(q["parallel"]["zero"] == 1);  // --zero-stage
  CHECK(q["parallel"]["framework"] == "deepspeed");
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["hardware"]["gpus"] == 64);  // the launcher: --nproc_per_node 4 × --nnodes 16
  CHECK(q["parallel"]["dp"] == 2);
  CHECK(q["batch"]["micro"] == 2);
  CHECK(q["batch"]["global"] == 2048);
  // #SBATCH asks for 64 nodes × 4 GPUs: named, not silently dropped.
  const json* disagree = warning(r, "gpus_disagree");
  REQUIRE(disagree);
  CHECK((*disagree)["line"] == 7);
  CHECK(warning(r, "heredoc_skipped"));
  // Unset paths in flags the plan does not need are warnings at their flag, not errors.
  const json* unset = warning(r, "undefined_variable");
  REQUIRE(unset);
  CHECK(find_entry(r["ignored"], "from", "source $ALL_WORK/start-prod"));  // listed as not read
}

TEST_CASE("scripts: Megatron-DeepSpeed MoE — its default expert interval is refused by name, old flags read") {
  const json r = import_script("megatron-deepspeed-moe-350m.sh");
  REQUIRE(atlas::is_error(r));
  CHECK(r["error"]["code"] == "unsupported_architecture");
  CHECK(r["error"]["line"] == 44);
  CHECK(r["error"]["message"].get<std::string>().find("--expert-interval") != std::string::npos);
  // With experts in every layer said explicitly, the run is read.
  std::string text = read_source_file("tests/fixtures/import/megatron-deepspeed-moe-350m.sh");
  text.replace(text.find("--num-experts ${EP_SIZE}"), 24, "--num-experts ${EP_SIZE} --expert-interval 1");
  const json ok = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(ok), ok.dump());
  const json& q = ok["request"];
  CHECK(q["model"]["experts"] == 128);
  CHECK(q["model"]["top_k"] == 1);     // Megatron-DeepSpeed's --topk default
  CHECK(q["parallel"]["ep"] == 64);    // --moe-expert-parallel-size, decided by [[ 128 -gt 64 ]]
  CHECK(q["hardware"]["gpus"] == 64);  // NUM_GPUS: the deepspeed launcher is given no count
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["batch"]["micro"] == 4);
  CHECK(q["batch"]["global"] == 256);
  CHECK(find_entry(ok["assumed"], "field", "model.top_k"));
}

TEST_CASE("scripts: if / elif and case decided by MODEL_SIZE; an undecided if is named with its lines") {
  const json r = import_script("megatron-model-size-branches.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["model"]["layers"] == 24);  // the 1.7B branch, not the last (1T) one
  CHECK(q["model"]["hidden"] == 2304);
  CHECK(q["parallel"]["tp"] == 1);  // case 1.7B)
  CHECK(q["batch"]["micro"] == 16);
  CHECK(q["batch"]["global"] == 512);  // the first branch of the undecided SLURM_JOB_ID test
  CHECK(q["hardware"]["gpus"] == 32);  // --nproc-per-node=8 × --nnodes=4
  const json* guessed = warning(r, "branch_guessed");
  REQUIRE(guessed);
  CHECK((*guessed)["line"] == 25);
  CHECK((*guessed)["message"].get<std::string>().find("line 27") != std::string::npos);
  // --jobid ${SLURM_JOB_ID} and --data-path ${DATA}: unset, not needed, warned at line 36 —
  // and the other flags of that line are read.
  int unset = 0;
  for (const auto& w : r["warnings"])
    if (w["code"] == "undefined_variable" && w["line"] == 36) ++unset;
  CHECK(unset == 2);
}

TEST_CASE("scripts: Megatron-LM 2020 — torch.distributed.launch, --model-parallel-size, --batch-size") {
  const json r = import_script("megatron-2020-launch.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["hardware"]["gpus"] == 32);
  CHECK(q["parallel"]["tp"] == 2);
  CHECK(q["parallel"]["dp"] == 16);
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["batch"]["micro"] == 8);
  CHECK(q["batch"]["global"] == 512);  // 8 × 4 micro-batches × 16 ranks
  const json plan = call("plan", q);
  REQUIRE_FALSE(atlas::is_error(plan));
  CHECK(plan["batch"]["accumulation"] == 4);
}

TEST_CASE("scripts: a script without model flags keeps the model it is given") {
  const json alone = import_script("megatron-sourced-model.sh", json{{"model", {{"preset", "mixtral-8x7b"}}}});
  REQUIRE_MESSAGE(!atlas::is_error(alone), alone.dump());
  CHECK(alone["request"]["model"]["preset"] == "mixtral-8x7b");
  CHECK(alone["parameters"].get<double>() == 46702792704.0);
  CHECK(alone["request"]["model"]["seq"] == 8192);
  CHECK(alone["request"]["parallel"]["tp"] == 2);
  CHECK(alone["request"]["hardware"]["gpus"] == 16);
  // Beside a config.json, the config's model — not Megatron's defaults over it.
  const json both = call("import", json{{"texts",
                                         {read_source_file("tests/fixtures/import/llama-3.1-8b.config.json"),
                                          read_source_file("tests/fixtures/import/megatron-sourced-model.sh")}}});
  REQUIRE_MESSAGE(!atlas::is_error(both), both.dump());
  CHECK(both["parameters"].get<double>() == 8030261248.0);
  CHECK(both["request"]["model"]["norm"] == "rmsnorm");
  CHECK(both["request"]["model"]["mlp"] == "swiglu");
  CHECK(find_entry(both["assumed"], "field", "model.norm") == nullptr);
}

TEST_CASE("scripts: the Hugging Face tokenizer named sets the vocabulary; SLURM_NNODES from #SBATCH -N") {
  const json r = import_script("megatron-llama3-70b-slurm-hf-tokenizer.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["model"]["vocab"] == 128256);
  CHECK(r["parameters"].get<double>() == 70553706496.0);  // Llama 3.1 70B's released count
  const json* vocab = find_entry(r["assumed"], "field", "model.vocab");
  REQUIRE(vocab);
  CHECK((*vocab)["why"].get<std::string>().find("Meta-Llama-3-8B") != std::string::npos);
  CHECK(q["hardware"]["gpus"] == 64);  // torchrun --nproc-per-node 8 × --nnodes $SLURM_NNODES (= 8)
  CHECK(q["parallel"]["virtual_stages"] == 4);
  CHECK(q["parallel"]["dp"] == 2);
  CHECK_FALSE(warning(r, "default_used"));  // SLURM_NNODES is set by the #SBATCH line, not its ${…:-"1"}
  // Where the count rests on a default of an unset variable, the response says so.
  const json gpt3 = import_script("megatron-gpt3-175b.sh");
  const json* defaulted = warning(gpt3, "default_used");
  REQUIRE(defaulted);
  CHECK((*defaulted)["message"].get<std::string>().find("${NUM_NODES:-128}") != std::string::npos);
  // GPT-2's BPE and an unknown tokenizer.
  const char* base = "pretrain_gpt.py --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 128 ";
  const json gpt2 = import_text(std::string(base) + "--tokenizer-type GPT2BPETokenizer");
  CHECK(gpt2["request"]["model"]["vocab"] == 50257);
  const json other = import_text(std::string(base) + "--tokenizer-type HuggingFaceTokenizer --tokenizer-model acme/x");
  REQUIRE_FALSE(atlas::is_error(other));
  CHECK(warning(other, "unknown_tokenizer"));
}

TEST_CASE("scripts: Mixtral 8x7B with Megatron-Core MoE — arrays with comments and stray continuations") {
  const json r = import_script("megatron-mixtral-8x7b-moe.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(r["parameters"].get<double>() == 46702792704.0);  // the released count: vocabulary 32,000 from Llama2Tokenizer
  CHECK(q["model"]["experts"] == 8);
  CHECK(q["model"]["top_k"] == 2);
  CHECK(q["parallel"]["ep"] == 2);
  CHECK(q["parallel"]["pp"] == 4);
  CHECK(q["hardware"]["gpus"] == 8);  // 8 per node × ${SLURM_NNODES:-"1"}, said to rest on a default
  CHECK(warning(r, "default_used"));
  CHECK(q["batch"]["global"] == 256);
  CHECK(q["parallel"]["dp"] == 2);
}

TEST_CASE("scripts: Megatron-DeepSpeed Llama 2 7B — --zero-stage=N, options prepended, tokenizer path") {
  const json r = import_script("megatron-deepspeed-llama2-7b.sh");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(r["parameters"].get<double>() == 6738415616.0);  // Llama-2-7B's released count
  CHECK(q["model"]["kv_heads"] == 32);                   // --num-key-value-heads
  CHECK(q["model"]["norm"] == "rmsnorm");
  CHECK(q["parallel"]["zero"] == 1);
  CHECK(q["parallel"]["framework"] == "deepspeed");
  CHECK(q["parallel"]["recompute"] == "full");  // the activation_checkpoint="true" branch
  CHECK(q["hardware"]["gpus"] == 16);
  CHECK(q["parallel"]["dp"] == 4);
  CHECK(q["batch"]["global"] == 1024);
}

TEST_CASE("scripts: DeepSeek-V3 by Megatron-Core's flags — latent attention, shared expert, layer list, MTP") {
  const json r = import_script("megatron-deepseek-v3-mla.sh");
  REQUIRE_FALSE(atlas::is_error(r));
  const json& m = r["request"]["model"];
  CHECK(m["kv_lora_rank"] == 512);
  CHECK(m["q_lora_rank"] == 1536);
  CHECK(m["qk_nope_head_dim"] == 128);
  CHECK(m["qk_rope_head_dim"] == 64);
  CHECK(m["v_head_dim"] == 128);
  CHECK(m["shared_experts"] == 1);
  CHECK(m["shared_expert_ffn"] == 2048);
  CHECK(m["dense_layers"] == 3);  // ([0]*3+[1]*58)
  CHECK(m["mtp_layers"] == 1);
  CHECK(m["router_bias"] == true);
  // The same model as its Hugging Face config gives.
  CHECK(r["parameters"].get<double>() == 684489845504.0);
}

TEST_CASE("scripts: --moe-layer-freq the engine cannot count is refused at its line") {
  for (const char* freq : {"2", "'([1]*3+[0]*58)'", "'[0,1,0,1]'"}) {
    CAPTURE(freq);
    const std::string script = std::string("torchrun pretrain_gpt.py --num-layers 61 --hidden-size 1024 ") +
                               "--num-attention-heads 8 --seq-length 1024 --num-experts 8 --moe-layer-freq " + freq +
                               " --micro-batch-size 1 --global-batch-size 8\n";
    const json r = atlas_test::call("import", json{{"text", script}});
    REQUIRE(atlas::is_error(r));
    CHECK(r["error"]["code"] == "unsupported_architecture");
  }
}

TEST_CASE("scripts: a launch set for one node with a layout for many is read as enough launches, and said") {
  // Example scripts ship with one node and a model-parallel layout larger than it; as written
  // they cannot start. The reader takes the fewest repeats of the launch that hold one copy.
  const std::string text =
      "GPUS_PER_NODE=8\n"
      "NUM_NODES=1\n"
      "torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES pretrain_gpt.py \\\n"
      "  --num-layers 96 --hidden-size 12288 --num-attention-heads 96 --seq-length 2048 \\\n"
      "  --max-position-embeddings 2048 --micro-batch-size 1 --global-batch-size 1536 \\\n"
      "  --tensor-model-parallel-size 8 --pipeline-model-parallel-size 16 --bf16\n";
  const json r = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["hardware"]["gpus"] == 128);  // 16 launches of 8: one copy of tp 8 × pp 16
  CHECK(r["request"]["parallel"]["dp"] == 1);
  const json* raised = warning(r, "gpus_raised");
  REQUIRE(raised);
  CHECK((*raised)["message"].get<std::string>().find("Line 3: the text launches 8 GPUs") == 0);
  const json* assumed = find_entry(r["assumed"], "field", "hardware.gpus");
  REQUIRE(assumed);
  CHECK((*assumed)["value"] == 128);
  // A launch as large as a copy but not a multiple of it is still refused: no guess is safe.
  std::string odd = text;
  odd.replace(odd.find("NUM_NODES=1"), 11, "NUM_NODES=17");
  CHECK(atlas_test::error_code(import_text(odd)) == "gpus_not_divisible");
}

TEST_CASE("scripts: a tokenizer path given as the script's argument is read on, the vocabulary from its type") {
  const std::string text =
      "torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 32 --hidden-size 4096 \\\n"
      "  --num-attention-heads 32 --seq-length 4096 --max-position-embeddings 4096 \\\n"
      "  --micro-batch-size 1 --global-batch-size 64 --bf16 \\\n"
      "  --tokenizer-type Llama2Tokenizer --tokenizer-model $2\n";
  const json r = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["model"]["vocab"] == 32000);  // Llama 2's tokenizer, named by the type
  const json* w = warning(r, "undefined_variable");
  REQUIRE(w);
  CHECK((*w)["message"].get<std::string>().find("--tokenizer-model is $2") != std::string::npos);
  // A flag the cost depends on, given as an argument, is still refused.
  std::string layers = text;
  layers.replace(layers.find("--num-layers 32"), 15, "--num-layers $3");
  CHECK(atlas_test::error_code(import_text(layers)) == "undefined_variable");
}

TEST_CASE(
    "scripts: virtual stages given where the layer count is not (it sits in a sourced file) are said, not refused") {
  const std::string text =
      "EXTRA=\"--num-layers-per-virtual-pipeline-stage 2\"\n"
      ". ./CONFIG.sh\n"
      "torchrun --nproc_per_node 8 pretrain_gpt.py $EXTRA --pipeline-model-parallel-size 4\n";
  const json r = import_text(text);
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  REQUIRE(warning(r, "virtual_layers"));
  CHECK_FALSE(r["request"]["parallel"].contains("virtual_stages"));
  CHECK(find_entry(r["ignored"], "from", "source ./CONFIG.sh"));
}

TEST_CASE("scripts: a one-node launch of an expert layout is raised to the GPUs its expert groups need") {
  // Megatron-LM's Mixtral example shape: 8 GPUs unless SLURM_NNODES says more, pipeline 4 and
  // expert parallelism 8. Its expert groups come out of the data-parallel ranks, so one copy of
  // the layout is tp × pp × cp × ep = 32 GPUs; 8 cannot run it (dp 2 holds no group of 8).
  const json r = import_text(
      "GPUS_PER_NODE=8\nNNODES=${SLURM_NNODES:-\"1\"}\n"
      "torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES pretrain_gpt.py --num-layers 32 "
      "--hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 --swiglu --seq-length 4096 "
      "--num-experts 8 --moe-router-topk 2 --pipeline-model-parallel-size 4 --expert-model-parallel-size 8 "
      "--micro-batch-size 1 --global-batch-size 256\n");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["hardware"]["gpus"] == 32);
  CHECK(r["request"]["parallel"]["dp"] == 8);
  const json* raised = warning(r, "gpus_raised");
  REQUIRE(raised);
  CHECK((*raised)["message"].get<std::string>().find("tp × pp × cp × ep") != std::string::npos);
  CHECK_FALSE(atlas::is_error(call("plan", r["request"])));
}
