# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07 from the numbers transcribed below.
# Every number is copied from the description of a pytorch/torchtitan pull request, read as the squash-merge commit
# message in torchtitan's git history (the commit is named with each source); the comments say which line.
# Configuration is read from torchtitan's tree at the merge commit's parent (the tree the pull request ran on).
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

P822 = "torchtitan-pr822-reshard-policy-h100-202502"
P996 = "torchtitan-pr996-chunked-ce-h100-202503"
P1287 = "torchtitan-pr1287-dcp-zoc-h100-202506"
P1230 = "torchtitan-pr1230-gc-debug-h100-202505"
P355 = "torchtitan-pr355-fused-adamw-a100-202406"
P1690 = "torchtitan-pr1690-qwen3-32b-h100-202509"
P887 = "torchtitan-pr887-flexattn-a100-202503"
P1351 = "torchtitan-pr1351-dcp-hf-a100-202507"

TOOL = ("torchtitan's memory monitor (torchtitan/components/metrics.py, earlier torchtitan/metrics.py): "
        "torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2^30, printed as 'memory: X GiB(Y%)' on each logged step "
        "and reset after each log, so a line covers the steps since the previous logged one")

def titan_llama8b(gpu, gpus, allocator, optimizer_kernel, zero=3):
    hw = {"preset": gpu, "gpus": gpus}
    if allocator:
        hw["allocator"] = allocator
    return {"model": {"preset": "llama-3.1-8b", "seq": 8192},
            "hardware": hw,
            "parallel": {"tp": 1, "pp": 1, "dp": gpus, "cp": 1, "zero": zero, "framework": "fsdp",
                         "recompute": "selective-op", "flash_attention": True, "precision": "bf16",
                         "reduce_dtype": "fp32", "kernels": "eager", "loss": "eager",
                         "optimizer_kernel": optimizer_kernel},
            "batch": {"global": gpus, "micro": 1}}

LLAMA8B_COMMON = [
    "torchtitan's llama3_8b.toml of the tree the run used: Llama 3 8B (dim 4096, 32 layers, 32 heads, 8 KV heads, ffn 14336 from multiple_of 1024 and ffn_dim_multiplier 1.3, vocab 128256, rotary, RMSNorm, SwiGLU, untied): preset llama-3.1-8b; seq_len 8192, batch size 1 per rank, compile false, no float8 converter; data_parallel_shard_degree -1 (FSDP2 over every rank), tensor, pipeline and context parallel 1",
    "activation_checkpoint mode 'selective' with selective_ac_option 'op' (torchtitan's per-op policy: saves the outputs of attention, of every other matmul and of the reductions, recomputes the rest): recompute selective-op",
    "FSDP2 (fully_shard) with torchtitan's defaults: parameters in bf16 for compute over fp32 shards (mixed_precision_param bfloat16), gradients reduced in fp32 (mixed_precision_reduce float32): framework fsdp, zero 3, reduce_dtype fp32; fp32 AdamW states",
    "attention through F.scaled_dot_product_attention with a causal mask: its flash backend: flash_attention true",
    "no torch.compile: kernels eager; loss eager (torchtitan's cross_entropy_loss upcasts the whole logits with pred.float())",
    "global batch = ranks x 1 sequence (no gradient accumulation); c4 packed to seq_len by torchtitan's dataloader, so every sequence is full length",
]
H100_95 = ("GPU: Meta's H100 with 95 GiB (the log's percentage puts the capacity at 94.99 GiB, as torchtitan's 'CUDA capacity: "
           "NVIDIA H100 with 94.99GiB memory' lines print on these hosts): preset h100-sxm-96gb-500w, one host of 8")
EXPANDABLE = "run_train.sh of that tree sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: allocator expandable_segments"
FUSED_ADAM = ("optimizer AdamW with torchtitan's default implementation 'fused' (the default since pytorch/torchtitan#881, "
              "2025-02-24): optimizer_kernel fused")

cases = []

def case(cid, source, where, request, value, rank, assumed, unit_note=None):
    cases.append({"id": cid, "source": source, "where": where, "request": request,
                  "published": {"kind": "peak_reserved_gib", "value": value,
                                "unit_note": unit_note or f"GiB as printed ('memory: {value:.2f}GiB')",
                                "tool": TOOL, "rank": rank},
                  "assumed": assumed})

# ------------------------------------------------------------------ PR 822 (Feb 2025)
# pytorch/torchtitan#822 'Makes FSDP `reshard_after_forward` configurable', merged as
# commit 5940ddeb532c60928314aa1a19b54e043eec2a44 (2025-02-06). Description, section '# Tests': 'Ran Llama3
# 8B model with all options, default / never / always on a machine with 8 H100s', rank-0 logs, 50 steps:
#   ## Default  step: 50 ... memory: 49.59GiB(52.19%)   (steps 10-50 all 49.59)
#   ## Always   step: 50 ... memory: 49.41GiB(52.01%)   (steps 10-50 all 49.41)
#   ## Never    step: 50 ... memory: 62.18GiB(65.45%)   (steps 10-50 all 62.18)
# The logs print 'local batch size 1, global batch size 8, sequence length 8192'. Config: llama3_8b.toml,
# config_manager.py (--optimizer.fused store_true, off by default; mixed_precision_reduce float32) and run_train.sh at
# the parent of 5940ddeb5.
W822 = ("pytorch/torchtitan pull request 822 (merged as 5940ddeb5, 2025-02-06), description '# Tests', section '## {sec}': "
        "rank-0 line 'step: 50 ... memory: {v}GiB({p}%)' (steps 10 to 50 print the same); configuration from "
        "torchtitan at the parent of 5940ddeb5 (train_configs/llama3_8b.toml, config_manager.py, run_train.sh)")
A822 = LLAMA8B_COMMON + [
    "8 H100 (the description) on one host, FSDP over the 8: dp 8; the log prints global batch size 8",
    H100_95, EXPANDABLE,
    "optimizer: --optimizer.fused is off by default in this tree (before pytorch/torchtitan#881): torch.optim.AdamW's default foreach implementation: optimizer_kernel foreach",
]
for sec, v, p, pol in [("Default", 49.59, "52.19", "default"), ("Always", 49.41, "52.01", "always"),
                       ("Never", 62.18, "65.45", "never")]:
    z = 2 if pol == "never" else 3
    extra = {
        "default": ["reshard_after_forward_policy 'default': every transformer block but the last is resharded after forward (its parameters freed and gathered again for backward): zero 3"],
        "always": ["reshard_after_forward_policy 'always': every block, the last included, is resharded after forward: zero 3 (the request cannot tell 'always' from 'default', which keeps one block's parameters gathered)"],
        "never": ["reshard_after_forward_policy 'never': no block is resharded after forward, so the gathered bf16 parameters stay until backward, while gradients and optimizer states stay sharded (FSDP's SHARD_GRAD_OP, ZeRO-2): zero 2"],
    }[pol]
    case(f"titan-pr822-llama3-8b-fsdp2-reshard-{pol}-h100x8", P822, W822.format(sec=sec, v=f"{v:.2f}", p=p),
         titan_llama8b("h100-sxm-96gb-500w", 8, "expandable_segments", "foreach", zero=z), v,
         "rank 0 (LOG_RANK default 0)", A822 + extra)

# ------------------------------------------------------------------ PR 996 (Mar 2025)
# pytorch/torchtitan#996 'chunked cross entropy loss to reduce peak memory', merged as e23bb707d (2025-03-24).
# Description, '**Baseline run**': rank-0 lines 'step: 30/40/50/60 ... memory: 49.58GiB(52.20%)', dated 2025-03-20.
# The description names 'the Llama3-8B models'; NGPU is not stated: run_train.sh's default, 8.
# Config from the parent tree (f3943ddf7; their settings are unchanged from 986f6800f, 2025-03-20, the run's date): torchtitan/models/llama/train_configs/llama3_8b.toml,
# run_train.sh (NGPU default 8, expandable segments), config_manager.py (optimizer implementation fused).
case("titan-pr996-llama3-8b-fsdp2-baseline-h100x8", P996,
     ("pytorch/torchtitan pull request 996 (merged as e23bb707d, 2025-03-24), description '**Baseline run**': rank-0 line "
      "'step: 60 ... memory: 49.58GiB(52.20%)' (steps 30 to 60 print the same); configuration from torchtitan at "
      "f3943ddf7, the merge's parent (torchtitan/models/llama/train_configs/llama3_8b.toml, run_train.sh, config_manager.py; "
      "the same settings as at 986f6800f, 2025-03-20, the day of the run)"),
     titan_llama8b("h100-sxm-96gb-500w", 8, "expandable_segments", "fused"), 49.58, "rank 0 (the log prefix [rank0])",
     LLAMA8B_COMMON + [
         "GPU count not stated: run_train.sh's default NGPU=8, one host; the 52.20 % puts the card at 94.98 GiB",
         H100_95, EXPANDABLE, FUSED_ADAM,
         "the baseline is the plain (unchunked) loss of the tree before the pull request"])

# ------------------------------------------------------------------ PR 1287 (Jun 2025)
# pytorch/torchtitan#1287 'Titan changes to use DCP ZOC instead of titan default Async + Pinned Memory', merged as
# c31ff8b05 (2025-07-01). Description '### DCP + Titan Training on LLAMA3 8B Model For 500 Steps': the command
# CONFIG_FILE=./torchtitan/models/llama3/train_configs/llama3_8b.toml ./run_train.sh, '+ NGPU=8', 'CUDA capacity: NVIDIA
# H100 with 94.99GiB memory', 'Applied selective activation checkpointing', 'local batch size 1, global batch size 8,
# gradient accumulation steps 1, sequence length 8192', and 'step: 80 ... memory: 49.66GiB(52.28%)' (steps 10-80 alike).
case("titan-pr1287-llama3-8b-fsdp2-h100x8", P1287,
     ("pytorch/torchtitan pull request 1287 (merged as c31ff8b05, 2025-07-01), description '### DCP + Titan Training on "
      "LLAMA3 8B Model For 500 Steps': rank-0 line 'step: 80 ... memory: 49.66GiB(52.28%)' (steps 10 to 80 print the "
      "same); configuration from the log's own lines and torchtitan at the parent of c31ff8b05 "
      "(torchtitan/models/llama3/train_configs/llama3_8b.toml, run_train.sh)"),
     titan_llama8b("h100-sxm-96gb-500w", 8, "expandable_segments", "fused"), 49.66, "rank 0 (--local-ranks-filter 0)",
     LLAMA8B_COMMON + [
         "the log prints NGPU=8, 'NVIDIA H100 with 94.99GiB memory', selective activation checkpointing, FSDP, local batch 1, global batch 8, no gradient accumulation, sequence 8192",
         H100_95, EXPANDABLE, FUSED_ADAM,
         "checkpointing is on in this run (the pull request's subject) with an interval of 500 steps by default: no save happens within the steps shown"])

# ------------------------------------------------------------------ PR 1230 (May 2025)
# pytorch/torchtitan#1230 'Implement debug mode for GarbageCollection', merged as f8f545c45 (2025-05-28). Description:
# command CONFIG_FILE="torchtitan/models/llama3/train_configs/llama3_8b.toml" ./run_train.sh --training.steps=20
# --training.gc_debug, line 'step: 20 ... memory: 49.66GiB(52.27%)'. (The run without gc_debug grows step by step,
# 68.72 then 90.29 GiB: a leak, in not_expressible.json.)
case("titan-pr1230-llama3-8b-fsdp2-gc-debug-h100x8", P1230,
     ("pytorch/torchtitan pull request 1230 (merged as f8f545c45, 2025-05-28), description, second log (with "
      "--training.gc_debug): rank-0 line 'step: 20 ... memory: 49.66GiB(52.27%)'; configuration from torchtitan at the "
      "parent of f8f545c45 (torchtitan/models/llama3/train_configs/llama3_8b.toml, run_train.sh, config_manager.py)"),
     titan_llama8b("h100-sxm-96gb-500w", 8, "expandable_segments", "fused"), 49.66, "rank 0 (the log prefix [rank0])",
     LLAMA8B_COMMON + [
         "GPU count not stated: run_train.sh's default NGPU=8, one host; the 52.27 % puts the card at 95.0 GiB",
         H100_95, EXPANDABLE, FUSED_ADAM,
         "--training.gc_debug calls gc.collect() every step, which frees the reference cycles that otherwise leak about 2 GiB a step (the pull request's finding); the line covers steps 11 to 20"])

# ------------------------------------------------------------------ PR 355 (Jun 2024, A100)
# pytorch/torchtitan#355 '[torchtitan][optim] Add fused as an option in train config', merged as 40f8fd007 (2024-06-06).
# Description: 'Run performance evaluation on 8 A100 DevGPU: 1000 steps on 1D DP default llama_8b.toml', logs of the
# last 100 steps: '**Fused = False**' ... 'step: 1000 ... memory: 59.48GiB(75.15%)' and '**Fused = True**' ...
# 'step: 1000 ... memory: 59.48GiB(75.15%)' (steps 910-1000 alike in both).
# Config: train_configs/llama3_8b.toml, run_llama_train.sh and torchtitan/config_manager.py at 40f8fd007's parent.
A355 = LLAMA8B_COMMON + [
    "8 A100 on one host ('8 A100 DevGPU'); 59.48 GiB is printed as 75.15 % of the device, a 79.15 GiB card: the A100 80GB: preset a100-80gb",
    "run_llama_train.sh of that tree sets no PYTORCH_CUDA_ALLOC_CONF: default caching allocator",
    "norm_type 'rmsnorm' in that toml (torchtitan's own RMSNorm in eager PyTorch, not the fused Triton one); data_parallel_degree -1",
    "profiling is on in the toml (profile_freq 100): the profiler's trace of one step per 100 falls in the window the line covers",
]
for fused, kern in [(False, "foreach"), (True, "fused")]:
    case(f"titan-pr355-llama3-8b-fsdp2-adamw-{kern}-a100x8", P355,
         (f"pytorch/torchtitan pull request 355 (merged as 40f8fd007, 2024-06-06), description, '**Fused = {fused}**' log: "
          "rank-0 line 'step: 1000 ... memory: 59.48GiB(75.15%)' (steps 910 to 1000 print the same); configuration from "
          "torchtitan at the parent of 40f8fd007 (train_configs/llama3_8b.toml, run_llama_train.sh, torchtitan/config_manager.py)"),
         titan_llama8b("a100-80gb", 8, None, kern), 59.48, "rank 0 (the log prefix [rank0])",
         A355 + [f"optimizer AdamW with fused={fused}: " + ("torch's default foreach implementation: optimizer_kernel foreach" if not fused else "optimizer_kernel fused")])

# ------------------------------------------------------------------ PR 1690 (Sep 2025, Qwen3 32B)
# pytorch/torchtitan#1690 '[Qwen3] Add 32b training configs', merged as d66b72a6a (2025-09-17). Description: a table
# 'Local bs (gbs) | seq_len | Training parallelism | Performance' introduced by 'Some other recommended training configs
# (no compile applied for following benchmarking)'; each Performance cell pastes one log line. Transcribed rows
# (local batch, global batch or None, fsdp, tp, memory GiB, percent, logging rank, step):
Q32 = [
    (16, 64, 4, 8, 43.45, "45.73", "trainer1|1", 20),
    (32, 128, 4, 8, 70.79, "74.51", "trainer5|5", 10),
    (32, 256, 8, 8, 63.27, "66.60", "trainer55|7", 70),
    (1, 8, 8, 1, 81.47, "85.76", "rank0", 50),
    (2, 16, 8, 1, 89.33, "94.04", "rank7", 50),
    (4, 64, 16, 1, 78.48, "82.54", "trainer11|3", 80),
    (16, None, 8, 4, 70.20, "73.89", "trainer0|0", 90),
]
# Config: torchtitan/experiments/qwen3/train_configs/qwen3_32b.toml added by the commit (full AC, compile false,
# seq_len 4096, local_batch_size 2), torchtitan/experiments/qwen3/__init__.py ('32B': vocab 151936, head_dim 128,
# dim 5120, 64 layers, 64 heads, 8 KV heads, qk_norm, hidden_dim 25600), model/args.py (enable_weight_tying False),
# infra/parallelize.py (TP with SequenceParallel norms and loss_parallel unless disabled), run_train.sh
# (PYTORCH_ALLOC_CONF=expandable_segments:True), config/job_config.py (AdamW implementation fused, reduce float32).
for (lb, gbs, fsdp, tp, v, p, rank, step) in Q32:
    gpus = fsdp * tp
    g = gbs if gbs else lb * fsdp
    par = {"tp": tp, "pp": 1, "dp": fsdp, "cp": 1, "zero": 3, "framework": "fsdp",
           "sequence_parallel": tp > 1, "recompute": "full", "flash_attention": True, "precision": "bf16",
           "reduce_dtype": "fp32", "kernels": "eager", "loss": "eager", "optimizer_kernel": "fused"}
    req = {"model": {"preset": "qwen3-32b", "seq": 4096},
           "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": gpus, "allocator": "expandable_segments"},
           "parallel": par, "batch": {"global": g, "micro": lb}}
    par_txt = f"FSDP {fsdp}" + (f", TP {tp}" if tp > 1 else "")
    cases.append({
        "id": f"titan-pr1690-qwen3-32b-fsdp{fsdp}" + (f"-tp{tp}" if tp > 1 else "") + f"-lbs{lb}-h100x{gpus}",
        "source": P1690,
        "where": (f"pytorch/torchtitan pull request 1690 (merged as d66b72a6a, 2025-09-17), description, table row "
                  f"'{lb}" + (f" ({gbs})" if gbs else "") + f" | 4096 | {par_txt}': the pasted line 'step: {step} ... memory: "
                  f"{v:.2f}GiB({p}%)' of {rank}; configuration from the commit's qwen3_32b.toml and torchtitan at d66b72a6a"),
        "request": req,
        "published": {"kind": "peak_reserved_gib", "value": v, "unit_note": f"GiB as printed ('memory: {v:.2f}GiB')",
                      "tool": TOOL, "rank": f"{rank} (one rank's line, the one pasted)"},
        "assumed": [
            "Qwen3 32B as torchtitan's '32B' flavor: 64 layers, dim 5120, 64 heads of 128, 8 KV heads, qk_norm, ffn 25600, vocab 151936, untied (enable_weight_tying False), rotary, RMSNorm, SwiGLU: preset qwen3-32b; seq_len 4096",
            "no torch.compile (the description: 'no compile applied for following benchmarking'): kernels eager",
            "activation checkpointing: qwen3_32b.toml's mode 'full' (the table writes 'Full AC' in its TP rows and nothing else in the FSDP-only rows): recompute full",
            f"parallelism: data_parallel_shard_degree {fsdp}" + (f", tensor_parallel_degree {tp}" if tp > 1 else "") + f", {gpus} GPUs" + (" on several hosts of 8" if gpus > 8 else "") + ": FSDP2 over the shard degree (framework fsdp, zero 3, dp " + str(fsdp) + ")" + (f"; TP {tp} with torchtitan's SequenceParallel norms: sequence_parallel true" if tp > 1 else ""),
            f"batch: local {lb} per data-parallel rank, global " + (f"{gbs} as the table prints" if gbs else f"not printed: {g} = local x FSDP degree, no gradient accumulation (torchtitan's default global_batch_size)") + "; micro = local batch",
            "FSDP2 mixed precision: bf16 compute over fp32 shards, gradients reduced in fp32 (mixed_precision_reduce float32): reduce_dtype fp32; AdamW in torchtitan's default implementation 'fused': optimizer_kernel fused",
            "loss: torchtitan's cross_entropy_loss upcasts the logits with .float(); under TP the logits stay vocabulary-sharded (loss_parallel): loss eager",
            "attention: F.scaled_dot_product_attention with a causal mask (sdpa is the flavor's default): flash_attention true",
            H100_95.replace("one host of 8", "hosts of 8") + "; 'trainerN|k' prefixes are multi-host jobs",
            EXPANDABLE,
            "dataset c4, packed to seq_len: every sequence full length",
        ],
    })

# ---------------------------------------------------------------- not expressible
def val(v, note="GiB as printed"):
    return {"kind": "peak_reserved_gib", "value": v, "unit_note": note, "tool": TOOL}

ne = [
    {"source": P822, "where": "pytorch/torchtitan PR 822, '## Default', '## Always', '## Never' logs, the 'step: 1' lines (42.08, 41.89, 54.66 GiB)",
     "reason": "the first step's window: it holds model build and a forward and backward before the optimizer states exist; the request describes the steady state (the step-50 lines are cases)",
     "published": [val(42.08), val(41.89), val(54.66)]},
    {"source": P996, "where": "pytorch/torchtitan PR 996, '**With the changes**': 'step: 30..60 ... memory: 42.26GiB(44.49%)'",
     "reason": "the pull request's chunked_cross_entropy_loss splits logits that the output layer has already produced whole: the full bf16 logits exist and only the fp32 upcast and the cross-entropy run a chunk at a time. The request's loss 'chunked' has no full-vocabulary tensor and 'eager' upcasts the whole logits; neither is this loss",
     "published": [val(42.26)]},
    {"source": P1230, "where": "pytorch/torchtitan PR 1230, first log (without --training.gc_debug): 'step: 10 ... memory: 68.72GiB(72.34%)', 'step: 20 ... memory: 90.29GiB(95.03%)' (step 1: 42.16 GiB)",
     "reason": "a memory leak (reference cycles through activation checkpointing holding about 2 GiB a step, the pull request's subject): not a steady peak; the step-1 figure is the first step",
     "published": [val(68.72), val(90.29), val(42.16)]},
    {"source": P1690, "where": "pytorch/torchtitan PR 1690, 'When `torch.compile` is enabled, FSDP=8 gives following results': 'step: 50 ... memory: 81.85GiB(86.17%)' (local batch 2, FSDP 8, full AC)",
     "reason": "torch.compile run; the table's OOM rows (64 with FSDP 4 x TP 8 or FSDP 8 x TP 8; 8 and 16 with FSDP 16; 16 with FSDP 32, FSDP 16 x TP 2; 32 with FSDP 8 x TP 4) carry no figure",
     "published": [val(81.85)]},
    {"source": P887, "where": "pytorch/torchtitan PR 887 (merged as 986f6800f, 2025-03-20), description: SDPA 'step: 20 ... memory: 36.06GiB(45.56%)', FlexAttention 'memory: 36.06GiB(45.56%)', FlexAttention + max autotune 'memory: 36.75GiB(46.43%)'",
     "reason": "the description names neither the model flavor, the GPU count, the batch nor the checkpointing (only 'llama model'; the percentages put the card at 79.1 GiB); the third run uses torch.compile's max-autotune",
     "published": [val(36.06), val(36.06), val(36.75)]},
    {"source": P1351, "where": "pytorch/torchtitan PR 1351 (merged as db52d57ca, 2025-07-14), description: llama3_8b.toml on 8 NVIDIA PG509-210 (79.14 GiB): 'step: 1 ... memory: 42.12GiB(53.23%)' (ranks 0-2)",
     "reason": "only the first step is logged (total steps 2): the first step's window holds model build and runs before the optimizer states exist",
     "published": [val(42.12)]},
]

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(ne, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases;", len(ne), "not-expressible rows with", sum(len(r["published"]) for r in ne), "values")
