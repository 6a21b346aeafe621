# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-06f from the numbers transcribed
# below. Each number is copied from text in git (a CSV file, Markdown, a pasted training log); the comments say where.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 2 ** 30
MIB = 2 ** 20

FMS = "fms-acceleration-bench-a100-202502"
TT = "torchtitan-pr1884-flexattn-cp-h100-202510"
ALCF = "alcf-megatron-deepspeed-readme-polaris-202404"
FMSG = "fms-acceleration-bench-granite-a100-202410"
NVFP4 = "torchtitan-nvfp4-doc-gb200-202608"
MUON = "deepspeed-muon-blog-a100-2025"

# ------------------------------------------------------------------ fms-acceleration (IBM)
# foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb.csv, last changed in
# 24bdadb228e2d55bc0c69deec034b86a73da6917 (2025-02-07, "fix: cross entropy for transformers>4.45 (#123)"),
# package versions in refs/requirements.txt of the same commit (torch 2.4.1, transformers 4.48.1, accelerate 1.0.1,
# trl 0.13.0, flash-attn 2.7.3). Rows of the 'full-finetuning' scenario with framework_config 'none' (plain
# Hugging Face Trainer through fms-hf-tuning's sft_trainer, no fms-acceleration plugin).
# Columns transcribed: model_name_or_path, num_gpus, per_device_train_batch_size, mem_nvidia_mem_reserved (MiB),
# mem_peak_torch_mem_alloc_in_bytes (B), train_tokens_per_second, train_samples_per_second.
FMS_ROWS = [
    ("bigcode/gpt_bigcode-santacoder", 1, 4, 15116, 11267745280, 17188.262, 8.393),
    ("bigcode/gpt_bigcode-santacoder", 2, 2, 10345, 5716304896, 13132.913, 12.825),
    ("bigcode/gpt_bigcode-santacoder", 1, 8, 18102, 15193274880, None, None),
    ("bigcode/gpt_bigcode-santacoder", 2, 4, 12788, 7819433984, None, None),
    ("mistralai/Mistral-7B-v0.1", 1, 4, 77256, 72434837504, None, None),
    ("mistralai/Mistral-7B-v0.1", 2, 2, 44382, 36225939968, None, None),
    ("mistralai/Mistral-7B-v0.1", 1, 8, 72988, 72435230720, None, None),
    ("mistralai/Mistral-7B-v0.1", 2, 4, 53587, 36226136576, None, None),
]
FMS_WHERE = ("foundation-model-stack/fms-acceleration scripts/benchmarks/refs/a100_80gb.csv at "
             "24bdadb228e2d55bc0c69deec034b86a73da6917 (2025-02-07), scenario 'full-finetuning', row "
             "model_name_or_path={m}, framework_config=none, num_gpus={g}, per_device_train_batch_size={b}; column {col}; "
             "run settings from scripts/benchmarks/scenarios.yaml, defaults.yaml, accelerate.yaml, benchmark.py and "
             "scripts/run_benchmarks.sh of the same commit")
FMS_TOOL_DEV = ("fms-acceleration benchmark.py --log_nvidia_smi (run_benchmarks.sh MEMORY_LOGGING=all): nvidia-smi "
                "--query-gpu=memory.used sampled in a separate process during the run; per GPU the peak minus the first "
                "reading (get_peak_mem_usage_by_device_id), then the mean over the run's GPUs; MiB")
FMS_TOOL_ALLOC = ("fms-acceleration benchmark.py --log_memory_hf: Hugging Face Trainer memory metrics "
                  "(skip_memory_metrics=False, TrainerMemoryTracker: torch.cuda.memory_allocated / max_memory_allocated "
                  "with reset_peak_memory_stats at each stage), peak = the largest of before_init_mem_gpu + the stages' "
                  "alloc deltas + the stage's peaked delta (extract_gpu_memory_metrics); rank 0 only; bytes")
FMS_COMMON = [
    "run: fms-hf-tuning's sft_trainer (TRL 0.13 SFTTrainer on the Hugging Face Trainer, transformers 4.48.1, torch 2.4.1) on yahma/alpaca-cleaned with packing True (benchmark.py --packing_matrix default [True]): TRL's ConstantLengthDataset, so every sequence is full length; gradient accumulation 1 (effective batch 4 or 8 = num_gpus x per_device_train_batch_size); 100 steps",
    "torch_dtype bfloat16 with neither bf16 nor fp16 set and accelerate mixed_precision 'no': the model is held and trained in bf16; the Trainer's default optimizer (adamw_torch) keeps its moments in the parameters' dtype: master_weights none (pure bf16, bf16 moments). The CSV's own mem_torch_mem_alloc_in_bytes (memory held after training) is 6.0 B per parameter for both models, as bf16 weights and two bf16 moments would be",
    "gradient_checkpointing True (defaults.yaml): Hugging Face checkpoints every decoder layer: recompute full; use_cache is switched off under gradient checkpointing: returns_kv_cache false",
    "use_flash_attn True (defaults.yaml): flash_attention_2 attention: flash_attention true",
    "no torch.compile, no fused kernels (framework_config none): kernels eager",
    "loss: the Hugging Face loss upcasts the logits to fp32 before cross-entropy (transformers 4.46+ ForCausalLMLoss; for GPTBigCode taken to be the same, not checked in transformers 4.48.1): loss eager",
    "1 GPU: benchmark.py launches plain python (no accelerate, no FSDP): framework fsdp with dp 1 and zero 0 stands for a plain single-GPU PyTorch loop, as the 2026-12-06b set did",
    "2 GPUs: accelerate launch with accelerate.yaml: FSDP (FSDP1, FullyShardedDataParallel) FULL_SHARD, TRANSFORMER_BASED_WRAP, BACKWARD_PRE, no offload, mixed_precision 'no' (gradients reduced in bf16): framework fsdp1, zero 3, dp 2, reduce_dtype bf16",
    "A100: the file is refs/a100_80gb.csv: preset a100-80gb (80 GB); one node",
    "default caching allocator (no PYTORCH_CUDA_ALLOC_CONF is set by the benchmark)",
]
SANTA = {"layers": 24, "hidden": 2048, "heads": 16, "kv_heads": 1, "ffn": 8192, "vocab": 49280, "seq": 2048,
         "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": True,
         "tied_embeddings": True}
SANTA_ASSUMED = [
    "bigcode/gpt_bigcode-santacoder (GPTBigCode): 24 layers, n_embd 2048, 16 heads with multi-query attention (one K/V head), n_inner 4 x 2048, vocab 49280, learned positions (n_positions 2048), LayerNorm, GELU (tanh), biases, tied embeddings; this shape gives 1.125e9 parameters, and the CSV's memory held after training (6,770,300,416 B on one GPU) is 6.0 B per parameter of that count. The shape is from the model's Hugging Face config as recalled, not from a stored copy of it",
    "seq 2048, not the benchmark's max_seq_len 4096: the CSV's train_tokens_per_second / train_samples_per_second is 2047.9 tokens per sample on one GPU (17188.262 / 8.393), and santacoder's 2048 learned positions cannot take 4096; presumably fms-hf-tuning caps max_seq_length at the tokenizer's model_max_length (2048) (not checked in its code)",
    "dropout true: GPTBigCode's config carries attention, residual and embedding dropout of 0.1 (taken from the model family's defaults; not verified against the checkpoint's config)",
]
MISTRAL = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "vocab": 32000, "seq": 4096,
           "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
           "tied_embeddings": False}
MISTRAL_ASSUMED = [
    "mistralai/Mistral-7B-v0.1: 32 layers, hidden 4096, 32 heads, 8 KV heads, ffn 14336, vocab 32000, rotary, RMSNorm, SwiGLU, no bias, no dropout, untied: 7.24e9 parameters; the CSV's memory held after training (43,467,876,352 B on one GPU) is 6.0 B per parameter of that count",
    "seq 4096 (benchmark.py --max_seq_len_matrix default [4096]; the CSV's tokens per sample is 4094.5 on one GPU); Mistral's sliding window is 4096 tokens, the whole sequence, so the request has no window",
]

cases = []
for (m, g, b, dev_mib, alloc_b, tps, sps) in FMS_ROWS:
    santa = "santacoder" in m
    short = "santacoder-1.1b" if santa else "mistral-7b"
    model = dict(SANTA if santa else MISTRAL)
    if g == 1:
        par = {"tp": 1, "pp": 1, "dp": 1, "cp": 1, "zero": 0, "framework": "fsdp"}
    else:
        par = {"tp": 1, "pp": 1, "dp": 2, "cp": 1, "zero": 3, "framework": "fsdp1", "reduce_dtype": "bf16"}
    par.update({"recompute": "full", "flash_attention": True, "precision": "bf16", "master_weights": "none",
                "kernels": "eager", "loss": "eager", "returns_kv_cache": False})
    request = {"model": model, "hardware": {"preset": "a100-80gb", "gpus": g}, "parallel": par,
               "batch": {"global": g * b, "micro": b}}
    assumed = FMS_COMMON + (SANTA_ASSUMED if santa else MISTRAL_ASSUMED)
    base = f"fms-{short}-full-a100x{g}-mbs{b}"
    cases.append({
        "id": base + "-device", "source": FMS,
        "where": FMS_WHERE.format(m=m, g=g, b=b, col=f"mem_nvidia_mem_reserved = {dev_mib}"),
        "request": request,
        "published": {"kind": "device_gib", "value": dev_mib / 1024,
                      "unit_note": f"{dev_mib} MiB as printed (nvidia-smi memory.used is in MiB) / 1024",
                      "tool": FMS_TOOL_DEV,
                      "rank": "mean over the run's GPUs of each GPU's peak" + (" (one GPU)" if g == 1 else "; with FSDP alone the two GPUs hold about the same")},
        "assumed": assumed + ["the nvidia-smi figure is used memory of the whole device (PyTorch's reserved memory, the CUDA context and NCCL's buffers) less the first reading taken before the job loads: compared with memory.device"],
    })
    cases.append({
        "id": base + "-allocated", "source": FMS,
        "where": FMS_WHERE.format(m=m, g=g, b=b, col=f"mem_peak_torch_mem_alloc_in_bytes = {alloc_b}"),
        "request": request,
        "published": {"kind": "peak_allocated_gib", "value": alloc_b / GIB,
                      "unit_note": f"{alloc_b} B as printed / 2^30",
                      "tool": FMS_TOOL_ALLOC,
                      "rank": "rank 0 (the Trainer logs rank 0 only)"},
        "assumed": assumed + ["the peak covers model loading, Trainer init and the whole of train() (the first optimizer step included); the same run as the device case"],
    })

# ------------------------------------------------------------------ torchtitan PR 1884 (Meta)
# pytorch/torchtitan pull request 1884 '[llama3-8B] add flex_attention model flavor' (XilunWu, 2025-10-15), description,
# section **Test**: command
#   CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml NGPU=4 LOG_RANK=0,1,2,3 ./run_train.sh
#   --model.flavor "8B_flex_attn" --activation_checkpoint.mode "full" --parallelism.context_parallel_degree 2
# and the log line of rank 2/3 (all four ranks print the same): 'step: 10 loss: 10.2391 grad_norm: 16.1413
# memory: 44.84GiB(47.19%) tps: 5,615 tflops: 325.20 mfu: 32.88%'.
# Configuration from torchtitan at 92ed8b318513e067075e831b7e43461d3e42157e (2025-10-14, the day before the PR):
# torchtitan/models/llama3/train_configs/llama3_8b.toml, torchtitan/config/job_config.py, run_train.sh,
# torchtitan/components/metrics.py.
cases.append({
    "id": "titan-pr1884-llama3-8b-flex-cp2-fsdp2-h100x4-step10",
    "source": TT,
    "where": ("pytorch/torchtitan pull request 1884 (2025-10-15), description, **Test** section: the 'step: 10' log line, "
              "'memory: 44.84GiB(47.19%)' (ranks 0 to 3 alike); configuration from torchtitan at "
              "92ed8b318513e067075e831b7e43461d3e42157e (train_configs/llama3_8b.toml, config/job_config.py, run_train.sh, "
              "components/metrics.py)"),
    "request": {"model": {"preset": "llama-3.1-8b", "seq": 8192},
                "hardware": {"preset": "h100-sxm", "gpus": 4, "allocator": "expandable_segments"},
                "parallel": {"tp": 1, "pp": 1, "dp": 2, "cp": 2, "zero": 3, "framework": "fsdp",
                             "recompute": "full", "flash_attention": True, "precision": "bf16",
                             "reduce_dtype": "fp32", "kernels": "eager", "loss": "eager",
                             "cp_attention": "all-gather"},
                "batch": {"global": 2, "micro": 1}},
    "published": {"kind": "peak_reserved_gib", "value": 44.84,
                  "unit_note": "GiB as printed ('memory: 44.84GiB')",
                  "tool": ("torchtitan DeviceMemoryMonitor (components/metrics.py at 92ed8b31): "
                           "torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2^30, reset after each logged step; "
                           "the step-10 line covers steps 2 to 10"),
                  "rank": "all four ranks print 44.84 GiB"},
    "assumed": [
        "llama3_8b.toml at 92ed8b31: Llama 3 8B (dim 4096, 32 layers, 32 heads, 8 KV heads, ffn 14336, vocab 128256, rotary, RMSNorm, SwiGLU, untied): preset llama-3.1-8b; seq_len 8192, local_batch_size 1, compile disabled, no float8 converter, AdamW",
        "NGPU=4 with context_parallel_degree 2 and data_parallel_shard_degree -1: dp_shard 2, cp 2; FSDP2 shards over dp_shard x cp (4 ranks): framework fsdp, zero 3, dp 2, cp 2; global batch 2 sequences of 8192 tokens",
        "FSDP2 mixed precision (job_config defaults mixed_precision_param bfloat16, mixed_precision_reduce float32): bf16 compute over fp32 shards, gradients reduced in fp32, fp32 AdamW states: reduce_dtype fp32",
        "activation_checkpoint.mode full (command line): recompute full",
        "flavor '8B_flex_attn' (added by the PR; not in the 92ed8b31 tree): the 8B shape with FlexAttention and torchtitan's block-causal document mask; FlexAttention keeps only its output and log-sum-exp for backward, like flash: flash_attention true",
        "context parallel on FlexAttention: K and V are all-gathered over the CP group (job_config context_parallel_rotate_method default 'allgather'): cp_attention all-gather",
        "no torch.compile: kernels eager; loss eager (torchtitan's cross_entropy on pred.float())",
        "run_train.sh sets PYTORCH_ALLOC_CONF=expandable_segments:True: allocator expandable_segments",
        "GPU: 44.84 GiB is printed as 47.19 % of the device, a 95 GiB card: Meta's 96 GB H100 (torchtitan's docs/performance.md: 'H100 GPUs with 95 GiB memory'); the request uses preset h100-sxm (80 GB); only capacity, fits and the reserve cap depend on that, and with expandable segments the request has no reserve",
        "dataset c4, packed to seq_len by torchtitan's dataloader: every sequence full length",
    ],
})

# ------------------------------------------------------------------ argonne-lcf Megatron-DeepSpeed ALCF/README.md
# argonne-lcf/Megatron-DeepSpeed ALCF/README.md at d243489c1c6b0e41e39e3e81d78b42a04538a849 (2024-04-18), 'Running' >
# 'Launch' > '[output]' > '[Polaris]' (text moved to ALCF/notes/deprecated.md in 2025). Lines 446-447:
#  [Rank 1] (after 1 iterations) memory (MB) | allocated: 14165.525390625 | max allocated: 22332.37255859375 | reserved: 24642.0 | max reserved: 35824.0
#  [Rank 0] (after 1 iterations) memory (MB) | allocated: 14165.525390625 | max allocated: 22332.37255859375 | reserved: 24642.0 | max reserved: 32994.0
# The launch line above them gives the full argument list; ds config from ALCF/helpers.sh and generate_config.sh of
# the same commit.
ALCF_WHERE = ("argonne-lcf/Megatron-DeepSpeed ALCF/README.md at d243489c1c6b0e41e39e3e81d78b42a04538a849 (2024-04-18), "
              "'Launch' > '[output]' > '[Polaris]' block, line '[Rank 0] (after 1 iterations) memory (MB) | allocated: "
              "14165.525390625 | max allocated: 22332.37255859375 | reserved: 24642.0 | max reserved: 32994.0'; arguments from "
              "the deepspeed launch line printed above it; DeepSpeed config from ALCF/helpers.sh and generate_config.sh of the same commit")
ALCF_TOOL = ("Megatron's report_memory (megatron/utils.py): torch.cuda.max_memory_allocated() and max_memory_reserved() "
             "/ 2^20, printed once after the first iteration (log-interval 1), never reset")
ALCF_REQ = {"model": {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 11008, "vocab": 32000, "seq": 4096,
                      "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": True,
                      "tied_embeddings": False},
            "hardware": {"preset": "a100-40gb", "gpus": 8, "gpus_per_node": 4},
            "parallel": {"tp": 2, "pp": 1, "dp": 4, "cp": 1, "zero": 2, "framework": "deepspeed",
                         "sequence_parallel": False, "recompute": "full", "flash_attention": True,
                         "precision": "bf16", "loss": "fused"},
            "batch": {"global": 32, "micro": 8}}
ALCF_ASSUMED = [
    "arguments on the printed launch line: --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --num-key-value-heads 8 --ffn-hidden-size 11008 --seq-length 4096 --swiglu --normalization rmsnorm --disable-bias-linear --use-rotary-position-embeddings --untie-embeddings-and-output-weights --use-flash-attn-v2 --bf16 --optimizer adamw --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --no-pipeline-parallel --micro-batch-size 8 --global-batch-size 32 --zero-stage=2 --deepspeed --checkpoint-activations --checkpoint-num-layers 1 --deepspeed-activation-checkpointing; 8 GPUs on 2 Polaris nodes: tp 2 x dp 4, gradient accumulation 32 / (8 x 4) = 1",
    "vocab: Llama2Tokenizer, 32000 tokens; Megatron pads to a multiple of 128 x tp = 256, and 32000 is one",
    "dropout: Megatron's defaults (hidden and attention dropout 0.1) are not switched off on the launch line: dropout true",
    "activation checkpointing: --checkpoint-activations with --checkpoint-num-layers 1 through deepspeed.checkpointing, every layer: recompute full; the log prints 'Partition Activations False, CPU CHECKPOINTING False' (the DeepSpeed config's partition_activations true is not passed on: megatron/initialize.py passes args.partition_activations, which is off), so the checkpointed inputs are whole on each TP rank",
    "DeepSpeed config (generate_config.sh, ZERO_STAGE 2, DTYPE bf16): bf16 enabled, zero_optimization {stage 2} with DeepSpeed's defaults (overlap_comm false, contiguous_gradients true, reduce and allgather buckets 5e8): framework deepspeed, zero 2; fp32 master partition and fp32 AdamW moments on each rank's partition",
    "--optimizer adamw builds torch.optim.AdamW (megatron/optimizer/__init__.py), wrapped by DeepSpeed's ZeRO-2 optimizer (zero_allow_untested_optimizer); the request's DeepSpeed optimizer is a fused Adam; the states are the same",
    "loss: Megatron's vocabulary-parallel cross-entropy over tp 2: loss fused",
    "no sequence parallelism (not on the launch line); --no-masked-softmax-fusion etc. do not touch memory with flash attention",
    "GPU: Polaris nodes carry four A100-SXM4-40GB: preset a100-40gb, gpus_per_node 4",
    "default caching allocator (no PYTORCH_CUDA_ALLOC_CONF on the launch line); DeepSpeed 0.14.0, torch 2.2.1 (printed by ds_report)",
    "the peak is read after the first iteration: it covers model build, DeepSpeed initialization and the first optimizer step",
]
cases.append({"id": "alcf-mds-llama-32l-h4096-tp2-zero2-a100-40gbx8-allocated", "source": ALCF, "where": ALCF_WHERE,
              "request": ALCF_REQ,
              "published": {"kind": "peak_allocated_gib", "value": 22332.37255859375 / 1024,
                            "unit_note": "22332.37255859375 MB as printed; Megatron's report_memory divides by 2^20, so MiB / 1024",
                            "tool": ALCF_TOOL, "rank": "rank 0 (rank 1 prints the same max allocated)"},
              "assumed": ALCF_ASSUMED})
cases.append({"id": "alcf-mds-llama-32l-h4096-tp2-zero2-a100-40gbx8-reserved", "source": ALCF, "where": ALCF_WHERE,
              "request": ALCF_REQ,
              "published": {"kind": "peak_reserved_gib", "value": 32994.0 / 1024,
                            "unit_note": "32994.0 MB as printed (MiB) / 1024",
                            "tool": ALCF_TOOL,
                            "rank": "rank 0; rank 1, its TP partner, prints max reserved 35824.0 MB (34.98 GiB) with the same max allocated"},
              "assumed": ALCF_ASSUMED + ["rank 0's max reserved is taken; rank 1's 35824 MB shows how far the cache of two ranks with identical allocations can differ"]})

# ---------------------------------------------------------------- not expressible
def val(kind, v, unit_note, tool):
    return {"kind": kind, "value": v, "unit_note": unit_note, "tool": tool}

# fms-acceleration a100_80gb.csv, full-finetuning rows with framework_config foak-fast-kernels
# (model, num_gpus, per_device_bs, nvidia MiB, peak torch B)
FOAK = [("bigcode/gpt_bigcode-santacoder", 1, 4, 15122, 11267745280), ("bigcode/gpt_bigcode-santacoder", 2, 2, 10344, 5658123264),
        ("bigcode/gpt_bigcode-santacoder", 1, 8, 18108, 13582956544), ("bigcode/gpt_bigcode-santacoder", 2, 4, 12429, 7019943936),
        ("mistralai/Mistral-7B-v0.1", 1, 4, 77278, 72432707584), ("mistralai/Mistral-7B-v0.1", 2, 2, 44088, 36225939968),
        ("mistralai/Mistral-7B-v0.1", 1, 8, 71198, 72433100800), ("mistralai/Mistral-7B-v0.1", 2, 4, 53304, 36226136576)]
# Mixtral-8x7B-Instruct-v0.1 and Llama-2-70b-hf full-finetuning rows: nvidia MiB only, no Trainer metrics
# (framework none then foak-fast-kernels; num_gpus/bs 1/4, 2/2, 1/8, 2/4)
BIG = {"mistralai/Mixtral-8x7B-Instruct-v0.1": [81166, 80284, 81166, 80750, 81168, 79960, 81168, 80464],
       "NousResearch/Llama-2-70b-hf": [80882, 80808, 80882, 80603, 80884, 80938, 80884, 80430]}
# refs/a100_80gb_granite.csv (last changed fc78b55b6, 2024-10-18), ibm/PowerLM-3b full-finetuning, framework none:
# (num_gpus, bs, nvidia MiB, peak torch B)
POWERLM = [(1, 4, 47683.0, 35134836736), (2, 2, 25563.0, 17626672128), (1, 8, 52927.0, 47059390976), (2, 4, 28962.0, 23781051904)]

ne = [
    {"source": FMS, "where": "fms-acceleration scripts/benchmarks/refs/a100_80gb.csv at 24bdadb2, scenario full-finetuning, framework_config foak-fast-kernels (8 rows: santacoder and Mistral-7B, 1 and 2 GPUs, effective batch 4 and 8)",
     "reason": "the foak-fast-kernels plugin swaps in fms-acceleration's Triton kernels (fast RMSNorm, RoPE, cross-entropy and, where SwiGLU, fused MLP ops); the request cannot state those kernels or a Triton cross-entropy that never forms the fp32 logits",
     "published": [val("device_gib", r[3] / 1024, "MiB / 1024", FMS_TOOL_DEV) for r in FOAK] +
                  [val("peak_allocated_gib", r[4] / GIB, "B / 2^30", FMS_TOOL_ALLOC) for r in FOAK]},
    {"source": FMS, "where": "fms-acceleration scripts/benchmarks/refs/a100_80gb.csv at 24bdadb2, scenario full-finetuning, Mixtral-8x7B-Instruct-v0.1 and Llama-2-70b-hf rows (framework none and foak-fast-kernels; 1 and 2 GPUs)",
     "reason": "the runs did not finish: no Trainer metrics, no runtime, and the nvidia-smi figure sits at the 80 GB card's limit (79960 to 81168 MiB): an out-of-memory, not a peak",
     "published": [val("device_gib", v / 1024, "MiB / 1024", FMS_TOOL_DEV) for vs in BIG.values() for v in vs]},
    {"source": FMS, "where": "fms-acceleration scripts/benchmarks/refs/a100_80gb.csv at 24bdadb2, scenarios standard-peft, baseline-peft-bnb, accelerated-peft-* (LoRA and QLoRA rows)",
     "reason": "LoRA / QLoRA fine-tuning (frozen base weights, adapters, 4-bit GPTQ/bnb bases): not stated by the request. Values not transcribed",
     "published": []},
    {"source": FMSG, "where": "fms-acceleration scripts/benchmarks/refs/a100_80gb_granite.csv (last changed fc78b55b65446fbade0306ac2e619a6182bfea47, 2024-10-18), scenario full-finetuning, ibm/PowerLM-3b, framework_config none, num_gpus/per_device batch 1/4, 2/2, 1/8, 2/4",
     "reason": "the model's shape (ibm/PowerLM-3b, a GraniteForCausalLM of about 3.5e9 parameters by the CSV's memory held after training) is in no stored source this session could read, so the request could not be written without guessing layers, widths and vocabulary. Same run settings as the a100_80gb.csv cases otherwise. Kept with the values for a later set",
     "published": [val("device_gib", r[2] / 1024, "MiB / 1024", FMS_TOOL_DEV) for r in POWERLM] +
                  [val("peak_allocated_gib", r[3] / GIB, "B / 2^30", FMS_TOOL_ALLOC) for r in POWERLM]},
    {"source": TT, "where": "pytorch/torchtitan pull request 1884, **Test** log, 'step: 1 ... memory: 33.21GiB(34.95%)' (all four ranks)",
     "reason": "the first step's peak: torchtitan resets the peak after each log, and the first window holds model build and the first step, whose forward and backward run before the optimizer states exist; the request describes the steady state (step 10 is a case)",
     "published": [val("peak_reserved_gib", 33.21, "GiB as printed", "torchtitan DeviceMemoryMonitor max reserved")]},
    {"source": ALCF, "where": "argonne-lcf/Megatron-DeepSpeed ALCF/README.md at d243489c, '[Sunspot]' block: '[Rank 0] (after 1 iterations) memory (MB) | allocated: 18244.640625 | max allocated: 41299.50146484375 | reserved: 46764.0 | max reserved: 46764.0' (32 layers, hidden 4096, seq 4096, micro batch 4, global 96, TP 1, ZeRO-2, 24 GPUs)",
     "reason": "Intel Data Center GPU Max (Sunspot, XPU backend with ccl): not an NVIDIA GPU the request's hardware presets describe, and its allocator differs",
     "published": [val("peak_allocated_gib", 41299.50146484375 / 1024, "MB (MiB) / 1024", ALCF_TOOL),
                   val("peak_reserved_gib", 46764.0 / 1024, "MB (MiB) / 1024", ALCF_TOOL)]},
    {"source": NVFP4, "where": "pytorch/torchtitan torchtitan/components/quantization/nvfp4.md (added in bcc09297a, 2026-08-05), tables 'Llama 3 8B 200M-Token Evidence' (column Memory) and 'Qwen3 8B 200M-Token Evidence' (column Peak Reserved Memory), 4 GB200",
     "reason": "every run uses torch.compile ('eager + torch.compile runs'); the NVFP4 rows also leave some layers in bf16. GB200 in a 4-GPU job",
     "published": [val("peak_reserved_gib", v, "GiB as printed", "torchtitan DeviceMemoryMonitor max reserved") for v in (110.95, 179.94, 174.49, 78.63, 112.63, 112.88)]},
    {"source": MUON, "where": "deepspeedai/DeepSpeed blogs/muon-optimizer/README.md, 'Measured GPU Memory: Qwen2.5-3B Finetuning' (8 x A100 40GB, batch size 32, ZeRO-2, bf16)",
     "reason": "the measuring tool is not named and the data are tatsu-lab/alpaca samples of unstated (variable) length; the Muon row also needs an optimizer the request lacks",
     "published": [val("unknown_gib", 34.5, "GiB as printed (AdamW)", "not named"), val("unknown_gib", 31.4, "GiB as printed (Muon)", "not named")]},
]

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(ne, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases;", len(ne), "not-expressible rows with", sum(len(r["published"]) for r in ne), "values")
