// Launch scripts as people write them (tests/fixtures/import, origins in its README): each is
// pinned to the shape, split, GPU count and batch a careful reader takes from it, and to the
// warnings that say what the reader had to decide.
#include <doctest/doctest.h>

#include "atlas/interop/shell_words.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json import_script(const std::string& name, json extra = json::object()) {
  extra["text"] = read_source_file("tests/fixtures/import/" + name);
  return call("import", extra);
}

json import_text(const std::string& text, json extra = json::object()) {
  extra["text"] = text;
  return call("import", extra);
}

const json* find_entry(const json& list, const std::string& key, const std::string& value) {
  for (const auto& e : list)
    if (e.value(key, "") == value) return &e;
  return nullptr;
}

// The warning of this code, or null.
const json* warning(const json& r, const std::string& code) {
  return r.contains("warnings") ? find_entry(r["warnings"], "code", code) : nullptr;
}

std::vector<std::string> words_of(const std::string& script) {
  std::vector<std::string> out;
  for (const auto& w : atlas::shell_words(script))
    if (!w.boundary) out.push_back(w.text);
  return out;
}

}  // namespace

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

TEST_CASE("scripts: launchers — deepspeed, mpirun, elastic torchrun, srun without torchrun") {
  const auto gpus = [](const std::string& launch) {
    const json r = import_text(launch + " pretrain_gpt.py --num-layers 2 --hidden-size 64 --num-attention-heads 4");
    REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
    return r["request"]["hardware"]["gpus"].get<int>();
  };
  CHECK(gpus("deepspeed --num_nodes 2 --num_gpus 8") == 16);
  CHECK(gpus("deepspeed --include localhost:0,1,2,3") == 4);
  CHECK(gpus("mpirun -np 32 --map-by slot python") == 32);
  CHECK(gpus("torchrun --nnodes=1:4 --nproc_per_node=8") == 32);
  CHECK(gpus("srun -N 2 --ntasks-per-node=8 python") == 16);
  CHECK(gpus("#SBATCH --nodes=3\n#SBATCH --gpus-per-node=4\nsrun torchrun --nnodes $SLURM_NNODES --nproc-per-node 4") ==
        12);
  CHECK(gpus("WORLD_SIZE=24\npython") == 24);
  CHECK(gpus("GPUS_PER_NODE=4\nNNODES=2\npython") == 8);
  CHECK(gpus("sbatch --nodes=2 --gpus-per-node=8 job.sh\npython") == 16);
  // A deepspeed launcher given no count: the request's (here none: one node) and a warning.
  const json hosts = import_text(
      "deepspeed --hostfile hosts pretrain_gpt.py --num-layers 2 --hidden-size 64 "
      "--num-attention-heads 4");
  REQUIRE_FALSE(atlas::is_error(hosts));
  CHECK(warning(hosts, "deepspeed_hosts"));
  CHECK(find_entry(hosts["assumed"], "field", "hardware.gpus"));
}

TEST_CASE("shell reader: defaults keep no quotes, substitutions are never flags, heredocs skipped") {
  CHECK(words_of("N=${SLURM_NNODES:-\"1\"}\necho $N") == std::vector<std::string>{"echo", "1"});
  CHECK(words_of("X=$(nvidia-smi --query-gpu=name)\ncmd $X") ==
        std::vector<std::string>{"cmd", "$(nvidia-smi --query-gpu=name)"});
  CHECK(words_of("cat <<EOF > f\n--num-layers 9\nEOF\nrun --a") == std::vector<std::string>{"cat", "run", "--a"});
  CHECK(words_of("A=(\"x y\" z)\nrun \"${A[@]}\" ${A[@]} \"${A[*]}\" ${#A[@]}") ==
        std::vector<std::string>{"run", "x y", "z", "x", "y", "z", "x y z", "2"});
  CHECK(words_of("export T=4 && run --tp $T 2>&1 | tee log") ==
        std::vector<std::string>{"run", "--tp", "4", "tee", "log"});
  CHECK(words_of("O=\"--a 1\"\nO=\"$O --b 2\"\nrun $O") == std::vector<std::string>{"run", "--a", "1", "--b", "2"});
  CHECK(words_of("[ -z \"$N\" ] && N=3\nrun $N") == std::vector<std::string>{"run", "3"});
  CHECK(words_of("N=2; [ $N -gt 1 ] || N=9; run $N") == std::vector<std::string>{"run", "2"});
  CHECK(words_of("for h in a b; do run $h; done") == std::vector<std::string>{"run", "a"});
  // A flag string set but never expanded is still read where it was written.
  CHECK(words_of("ARGS=\"--num-layers 4\"") == std::vector<std::string>{"--num-layers", "4"});
}

TEST_CASE("scripts: Megatron-DeepSpeed spellings — rmsnorm, --num-key-value-heads, --topk, --pad-vocab-size-to") {
  const json r = import_text(
      "deepspeed --num_gpus 8 pretrain_gpt.py --deepspeed --zero-stage 2 \\\n"
      "  --num-layers 4 --hidden-size 512 --num-attention-heads 8 --num-key-value-heads 2 \\\n"
      "  --normalization rmsnorm --swiglu --seq-length 1024 --pad-vocab-size-to 51200 \\\n"
      "  --num-experts 8 --expert-interval 1 --topk 2 --moe-expert-parallel-size 4 \\\n"
      "  --micro-batch-size 2 --global-batch-size 64");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["model"]["norm"] == "rmsnorm");
  CHECK(q["model"]["kv_heads"] == 2);
  CHECK(q["model"]["vocab"] == 51200);
  CHECK(q["model"]["top_k"] == 2);
  CHECK(q["model"]["experts"] == 8);
  CHECK(q["parallel"]["ep"] == 4);
  CHECK(q["parallel"]["zero"] == 2);
  CHECK(q["parallel"]["framework"] == "deepspeed");
  CHECK(q["hardware"]["gpus"] == 8);
  CHECK(q["parallel"]["dp"] == 8);
}

TEST_CASE("torchtitan's 2024 layout: degrees in [training] and [experimental], read lists only those tables") {
  const json r =
      import_script("torchtitan-llama3-70b-2024.toml", json{{"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}}});
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  const json& q = r["request"];
  CHECK(q["model"]["preset"] == "llama-3.1-70b");
  CHECK(q["parallel"]["tp"] == 8);
  CHECK(q["parallel"]["dp"] == 8);    // data_parallel_degree = -1: the rest of the 64 GPUs
  CHECK(q["parallel"]["zero"] == 3);  // FSDP2
  CHECK(q["parallel"]["recompute"] == "full");
  CHECK(q["batch"]["micro"] == 8);  // [training] batch_size
  CHECK(q["batch"]["global"] == 64);
  for (const auto& e : r["read"]) {
    CAPTURE(e.dump());
    CHECK(e["from"].get<std::string>().find("[parallelism]") == std::string::npos);
  }
  const json* tp = find_entry(r["read"], "field", "parallel.tp");
  REQUIRE(tp);
  CHECK((*tp)["from"] == "[training] tensor_parallel_degree");
  CHECK((*tp)["line"] == 24);
  const json* pp = find_entry(r["read"], "field", "parallel.pp");
  REQUIRE(pp);
  CHECK((*pp)["from"] == "[experimental] pipeline_parallel_degree");
  CHECK(find_entry(r["assumed"], "field", "parallel.cp"));  // absent: torchtitan's default, not "read"
}

TEST_CASE("config.json: Qwen3-MoE is read (experts in every layer), other families refused for their reason") {
  const json r = import_script("qwen3-30b-a3b.config.json");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["parameters"].get<double>() == 30532122624.0);
  CHECK(r["request"]["model"]["experts"] == 128);
  CHECK(r["request"]["model"]["top_k"] == 8);
  CHECK(r["request"]["model"]["expert_ffn"] == 768);
  CHECK(r["request"]["model"]["qk_norm"] == true);
  const json bert = import_text(
      "{\"model_type\": \"bert\", \"hidden_size\": 768, \"num_hidden_layers\": 12, "
      "\"num_attention_heads\": 12, \"vocab_size\": 30522}");
  REQUIRE(atlas::is_error(bert));
  CHECK(bert["error"]["code"] == "unsupported_architecture");
  CHECK(bert["error"]["message"].get<std::string>().find("encoder") != std::string::npos);
}

TEST_CASE("scripts: one unset variable fails no other flag of its string; several texts name theirs") {
  const json r = import_text(
      "ARGS=\"--num-layers 2 --data-path $DATA --hidden-size 64 --num-attention-heads 4\"\n"
      "torchrun --nproc_per_node 8 pretrain_gpt.py $ARGS --jobid $SLURM_JOB_ID\n");
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(r["request"]["model"]["layers"] == 2);
  CHECK(r["request"]["model"]["hidden"] == 64);
  int unset = 0;
  for (const auto& w : r["warnings"])
    if (w["code"] == "undefined_variable") {
      ++unset;
      CHECK(w["path"] == "/text");
    }
  CHECK(unset == 2);
  // Beside a config.json, the script's warnings name the second text.
  const json both = call("import", json{{"texts",
                                         {read_source_file("tests/fixtures/import/llama-3.1-8b.config.json"),
                                          "torchrun --nproc_per_node 8 pretrain_gpt.py --seq-length 4096 \\\n"
                                          "  --data-path $DATA\n"}}});
  REQUIRE_MESSAGE(!atlas::is_error(both), both.dump());
  const json* w = warning(both, "undefined_variable");
  REQUIRE(w);
  CHECK((*w)["path"] == "/texts/1");
  CHECK((*w)["line"] == 2);
  CHECK((*w)["message"].get<std::string>().rfind("Line 2: --data-path", 0) == 0);
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

TEST_CASE("scripts: DeepSeek-V3-like — each shape the engine cannot model is refused at its flag") {
  const json r = import_script("megatron-deepseek-v3-mla.sh");
  REQUIRE(atlas::is_error(r));
  std::vector<std::pair<int, std::string>> refused;
  for (const auto& e : r["errors"]) {
    CHECK(e["code"] == "unsupported_architecture");
    const std::string m = e["message"].get<std::string>();
    refused.emplace_back(e["line"].get<int>(), m.substr(m.find("--"), m.find(':', m.find("--")) - m.find("--")));
  }
  const std::vector<std::pair<int, std::string>> expected = {{15, "--multi-latent-attention"},
                                                             {16, "--kv-lora-rank 512"},
                                                             {17, "--q-lora-rank 1536"},
                                                             {29, "--moe-shared-expert-intermediate-size 2048"},
                                                             {30, "--moe-layer-freq ([0]*3+[1]*58)"},
                                                             {31, "--mtp-num-layers 1"}};
  CHECK(refused == expected);
}

TEST_CASE("scripts: a launcher that runs another script lists it as not read") {
  const json r = import_text(
      "#SBATCH --nodes=8\n#SBATCH --gres=gpu:8\n"
      "srun bash -c 'MBS=2 TP_SIZE=1 bash examples/mixtral/train_mixtral_moe.sh'\n",
      json{{"format", "megatron"}, {"model", {{"preset", "mixtral-8x7b"}}}});
  REQUIRE_MESSAGE(!atlas::is_error(r), r.dump());
  CHECK(find_entry(r["ignored"], "from", "examples/mixtral/train_mixtral_moe.sh"));
  CHECK(r["request"]["hardware"]["gpus"] == 64);  // srun runs bash (not one task per GPU): --gres gpu:8 × 8 nodes
  CHECK(r["request"]["model"]["preset"] == "mixtral-8x7b");
}
