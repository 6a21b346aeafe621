// The shell reader and the launchers on short texts of their own, Megatron-DeepSpeed's spellings,
// unset variables, torchtitan's 2024 layout and the config.json families: what the fixture
// scripts (import_scripts_test.cpp) do not each show alone.
#include <doctest/doctest.h>

#include "import_support.hpp"

using namespace atlas_test;

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

TEST_CASE("scripts: memory moved to the CPU is refused at its flag, never costed as if it stayed on the GPU") {
  for (const char* flag : {"--optimizer-cpu-offload", "--cpu-offloading"}) {
    const json r =
        import_text(std::string("torchrun --nproc_per_node 8 pretrain_gpt.py --num-layers 2 --hidden-size 64 "
                                "--num-attention-heads 4 --micro-batch-size 1 --global-batch-size 8 ") +
                    flag);
    REQUIRE_MESSAGE(atlas::is_error(r), flag);
    CHECK(r["error"]["code"] == "unsupported_architecture");
    CHECK(r["error"]["message"].get<std::string>().find(flag) != std::string::npos);
    CHECK(r["error"]["message"].get<std::string>().find("CPU memory") != std::string::npos);
  }
}
