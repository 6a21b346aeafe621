# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07b from the numbers transcribed below.
# Two sources the project had not used: the description of pytorch/torchtitan pull request 165 (read as its squash-merge
# commit message, 83c879f18763611bda68586c45f0082fd568d646) and the benchmark table of LitGPT's Thunder extension
# (Lightning-AI/litgpt extensions/thunder/README.md at 101e31d2e4d430b818e7e69974de6139800a36b9). The comments say which
# line each number is from. Configuration is read from each repository's tree at the commit named.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 2 ** 30

T165 = "torchtitan-pr165-per-param-fsdp-h100-202403"
LIT = "litgpt-thunder-readme-tinyllama-a100-202405"

cases, rows = [], []

# ------------------------------------------------------------------ torchtitan PR 165 (March 2024)
# pytorch/torchtitan#165 'Used per-parameter FSDP', merged as 83c879f18 (2024-03-28). Description, '**Numeric Parity**',
# '1D FSDP', '- Eager: 1k steps of minipile on 8 H100 GPUs, local batch size 8, sequence length 2048, AC/SAC, bf16 mixed
# precision, fp32 reduce-scatter':
#   - FSDP1 (AC): 24.81% peak active, 33.82% peak reserved, 6100-6200 WPS
#   - FSDP1 (SAC): 52.98% peak active, 67.23% peak reserved, 6500-6700 WPS
#   - FSDP2 (AC): 23.92% peak active, 32.64% peak reserved, 6100-6300 WPS
#   - FSDP2 (SAC): 52.13% peak active, 62.51% peak reserved, 6600-6800 WPS
#   '- Memory numbers reported as percentage since that is how they are logged; can convert against 95.0396 GiB GPU memory'
# '2D FSDP', '- Eager (2-way SP, 4-way FSDP): 1k steps of minipile on 8 H100 GPUs, local batch size 16 (to preserve global
# batch size), sequence length 2048, bf16 mixed precision, fp32 reduce-scatter':
#   - FSDP2 (AC): 50.12% peak active, 60.97% peak reserved, 5800-5900 WPS
#   - FSDP2 (SAC): 76.49% peak active, 90.14% peak reserved, 6100-6300 WPS
# '- Compile: same setup as eager': FSDP2 (AC) 28.72 GiB and 28.90 GiB, FSDP2 (SAC) 53.83 GiB, FSDP2 (SAC) local batch 16
# 88.23 GiB, FSDP2 (no AC) 90.28 GiB peak reserved.
CAP = 95.0396  # GiB, the description's conversion
TOOL_ACTIVE = ("torchtitan's GPU memory monitor (torchtrain/metrics.py at 83c879f18): torch.cuda.memory_stats()"
               "['active_bytes.all.peak'] as a percentage of the device's total memory (95.0396 GiB, the description's "
               "conversion), reset with torch.cuda.reset_peak_memory_stats() at each log; peak ACTIVE bytes: the allocated "
               "blocks plus any freed block still awaiting another stream's use, each rounded up to 512 B, i.e. the allocated "
               "peak up to cross-stream frees and rounding")
TOOL_RESERVED = ("torchtitan's GPU memory monitor (torchtrain/metrics.py at 83c879f18): torch.cuda.memory_stats()"
                 "['reserved_bytes.all.peak'] as a percentage of the device's total memory (95.0396 GiB, the description's "
                 "conversion), reset at each log")
W165 = ("pytorch/torchtitan pull request 165 ('Used per-parameter FSDP', merged as 83c879f18, 2024-03-28), description "
        "'**Numeric Parity**', '{sec}': '- {row}: {a}% peak active, {r}% peak reserved' ('Memory numbers reported as "
        "percentage ... can convert against 95.0396 GiB GPU memory'); configuration from torchtitan at the parent of "
        "83c879f18 (train_configs/llama_7b.toml, torchtrain/config_manager.py, torchtrain/models/llama/, "
        "torchtrain/parallelisms/parallelize_llama.py, train.py, run_llama_train.sh) and at 83c879f18 for FSDP2")
LLAMA2_7B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 11008, "vocab": 32000, "seq": 2048,
             "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
             "tied_embeddings": False}
A165 = [
    "model: the description names no model; its 1D layout (local batch size 8, sequence length 2048, 1k steps, FSDP over every rank) is train_configs/llama_7b.toml of the parent tree, flavor '7B' = ModelArgs(dim=4096, n_layers=32, n_heads=32) with n_kv_heads = n_heads, multiple_of 256 (SwiGLU hidden 11008), the Llama 2 tokenizer of torchtrain/datasets/tokenizer (vocab 32000), rotary, RMSNorm, untied output: written inline",
    "activation checkpointing 'AC' = activation_checkpoint.mode 'full' (torchtrain's ptd_checkpoint_wrapper around every TransformerBlock): recompute full",
    "bf16 mixed precision with fp32 reduce-scatter (the description): param_dtype bf16, reduce_dtype fp32 over fp32 sharded parameters; AdamW with foreach=True (train.py build_optimizer): optimizer_kernel foreach, fp32 states",
    "attention: F.scaled_dot_product_attention(is_causal=True): flash_attention true; no torch.compile (the 'Eager' rows): kernels eager",
    "loss: the model returns self.output(h).float() and train.py takes F.cross_entropy over it: loss eager",
    "allocator: run_llama_train.sh of that tree sets no PYTORCH_CUDA_ALLOC_CONF: the default caching allocator",
    "GPU: H100 with 95.04 GiB (the description's conversion): Meta's 96 GB H100 hosts, preset h100-sxm-96gb-500w, one host of 8",
    "dataset minipile packed to seq_len by torchtrain's HF dataset loader: every sequence full length; global batch = ranks x local batch, no gradient accumulation",
    "the step of the logged percentages is not stated (1k steps were run; the monitor resets its peak at each log of log_freq 10): taken as a steady step",
]

def t165(cid, sec, row, a, r, framework, tp, dp, local, extra):
    req = {"model": dict(LLAMA2_7B),
           "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": 8},
           "parallel": {"tp": tp, "pp": 1, "dp": dp, "cp": 1, "zero": 3, "framework": framework,
                        "recompute": "full", "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32",
                        "kernels": "eager", "loss": "eager", "optimizer_kernel": "foreach"},
           "batch": {"global": dp * local, "micro": local}}
    if tp > 1:
        req["parallel"]["sequence_parallel"] = True
    where = W165.format(sec=sec, row=row, a=a, r=r)
    for kind, pct, tool, suffix in (("peak_allocated_gib", a, TOOL_ACTIVE, "active"),
                                    ("peak_reserved_gib", r, TOOL_RESERVED, "reserved")):
        cases.append({"id": f"{cid}-{suffix}", "source": T165, "where": where, "request": req,
                      "published": {"kind": kind, "value": float(pct) / 100 * CAP,
                                    "unit_note": f"{pct}% of 95.0396 GiB as the description converts ({float(pct) / 100 * CAP:.3f} GiB)",
                                    "tool": tool, "rank": "rank 0 (run_llama_train.sh's LOG_RANK default 0)"},
                      "assumed": A165 + extra})

t165("titan-pr165-llama2-7b-fsdp1-fullac-h100x8", "1D FSDP", "FSDP1 (AC)", "24.81", "33.82", "fsdp1", 1, 8, 8,
     ["FSDP1: the parent tree's FullyShardedDataParallel (FULL_SHARD, MixedPrecision param bf16 / reduce fp32, BACKWARD_PRE, use_orig_params True) wrapping each TransformerBlock: framework fsdp1, zero 3"])
t165("titan-pr165-llama2-7b-fsdp2-fullac-h100x8", "1D FSDP", "FSDP2 (AC)", "23.92", "32.64", "fsdp", 1, 8, 8,
     ["FSDP2: this commit's fully_shard per TransformerBlock with MixedPrecisionPolicy(param bf16, reduce fp32), reshard_after_forward False only for the last block: framework fsdp, zero 3"])
t165("titan-pr165-llama2-7b-tp2sp-fsdp2x4-fullac-h100x8", "2D FSDP", "FSDP2 (AC)", "50.12", "60.97", "fsdp", 2, 4, 16,
     ["2D: 2-way tensor parallelism with sequence parallelism (torchtrain's ColwiseParallel / RowwiseParallel plan with SequenceParallel norms) and 4-way FSDP2: tp 2, sequence_parallel true, dp 4, framework fsdp, zero 3",
      "local batch size 16 per data-parallel rank (the description): micro 16, global 64",
      "loss parallel on by default in that tree (training.disable_loss_parallel false): the logits stay vocabulary-sharded over tp, the eager loss on each shard"])

for row, a, r, sec in (("FSDP1 (SAC)", "52.98", "67.23", "1D FSDP"), ("FSDP2 (SAC)", "52.13", "62.51", "1D FSDP"),
                       ("FSDP2 (SAC)", "76.49", "90.14", "2D FSDP")):
    rows.append({"source": T165,
                 "where": f"pytorch/torchtitan PR 165 description, '{sec}', '- {row}: {a}% peak active, {r}% peak reserved'",
                 "reason": "which selective checkpointing 'SAC' means is not stated: the tree's default (activation_checkpoint.mode 'selective', selective_ac_option '2') checkpoints every other TransformerBlock whole, which the request cannot state (recompute is per model: none, selective, selective-op or full), and the per-op option 'op' was the other choice; not guessed",
                 "published": [{"kind": "peak_allocated_gib", "value": float(a) / 100 * CAP, "unit_note": f"{a}% of 95.0396 GiB", "tool": TOOL_ACTIVE},
                               {"kind": "peak_reserved_gib", "value": float(r) / 100 * CAP, "unit_note": f"{r}% of 95.0396 GiB", "tool": TOOL_RESERVED}]})
rows.append({"source": T165,
             "where": "pytorch/torchtitan PR 165 description, '- Compile: same setup as eager': FSDP2 (AC) buffer reuse disabled 28.72 GiB and enabled 28.90 GiB, FSDP2 (SAC) 53.83 GiB, FSDP2 (SAC) local batch 16 88.23 GiB, FSDP2 (no AC) 90.28 GiB peak reserved",
             "reason": "torch.compile: the request has no compiled-kernel memory model (kernels fused is Megatron's fused elementwise kernels, not Inductor's); and the SAC rows as above",
             "published": [{"kind": "peak_reserved_gib", "value": v, "unit_note": "GiB as written", "tool": TOOL_RESERVED}
                           for v in (28.72, 28.90, 53.83, 88.23, 90.28)]})

# ------------------------------------------------------------------ LitGPT Thunder README (May 2024)
# Lightning-AI/litgpt extensions/thunder/README.md at 101e31d2 ('[thunder] Update `torch.compile` executor usage (#1264)',
# 2024-05-06), section '## Examples and benchmarks', table 'Setting | Compiler | Executors | Devices | ms/iter @ step 10 |
# Memory (GB)':
#   | Fully-sharded ZeRO 3 | Eager | - | 8 | 456.57 | 22.13 |
#   | Replicated           | Eager | - | 8 | 569.46 | 32.04 |
#   | -                    | Eager | - | 1 | 447.65 | 29.84 |
# (the Thunder rows are in not_expressible.json). 'The CUDA devices are all NVIDIA A100-SXM4-40GB.' Reproduction commands:
#   python extensions/thunder/pretrain.py --config config.yaml --compiler null --train.global_batch_size 32
#   python extensions/thunder/pretrain.py --config config.yaml --compiler null --strategy ddp
#   python extensions/thunder/pretrain.py --config config.yaml --compiler null --devices 1
# with config.yaml 'out_dir: out/pretrain-thunder, data: TinyStories, tokenizer_dir: checkpoints/TinyLlama/
# TinyLlama-1.1B-Chat-v1.0, logger_name: csv'. The fsdp row's numbers (22.13) are the same since the table's first
# version (fc600439, 2024-03-20).
TOOL_LIT = ("extensions/thunder/pretrain.py (at 101e31d2) prints f\"Memory used: {torch.cuda.max_memory_allocated() / 1e9:.02f} GB\" "
            "after training and saving the final checkpoint: the allocated peak of the whole process in 10^9 bytes; the "
            "table's column 'Memory (GB)'")
WLIT = ("Lightning-AI/litgpt extensions/thunder/README.md at 101e31d2e4d430b818e7e69974de6139800a36b9, '## Examples and "
        "benchmarks', row '| {row} | Eager | - | {dev} | {ms} | {v} |' (Memory (GB)); configuration from the README's "
        "'Reproduction details' and extensions/thunder/pretrain.py, litgpt/config.py ('tiny-llama-1.1b'), litgpt/utils.py "
        "at that commit")
TINYLLAMA = {"layers": 22, "hidden": 2048, "heads": 32, "kv_heads": 4, "ffn": 5632, "vocab": 32000, "seq": 2048,
             "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
             "tied_embeddings": False}
ALIT = [
    "model: pretrain.py's default model_name 'tiny-llama-1.1b' (litgpt/config.py: 22 layers, n_embd 2048, 32 heads, 4 query groups, LLaMAMLP of 5632, vocab 32000 padded to a multiple of 64 = 32000, rotary over the whole head, RMSNorm, no biases, block_size 2048), untied (TrainArgs tie_embeddings False): written inline; sequence = block_size 2048 (TinyStories packed by litdata's TokensLoader to 2049-token blocks)",
    "precision: Fabric precision 'bf16-true': weights, gradients and AdamW states all bf16, no fp32 master copy: master_weights none, optimizer_dtype bf16",
    "optimizer: torch.optim.AdamW(fused=True): optimizer_kernel fused",
    "micro batch: TrainArgs micro_batch_size 4 (the commands do not change it)",
    "no activation checkpointing (the FSDPStrategy of pretrain.py sets no activation_checkpointing_policy): recompute none",
    "attention: litgpt's CausalSelfAttention through F.scaled_dot_product_attention: flash_attention true; eager PyTorch (--compiler null): kernels eager",
    "loss: chunked_cross_entropy(logits, targets, chunk_size=0): one F.cross_entropy over the whole bf16 logits (not upcast): loss eager, the request's nearest (its eager loss counts fp32 logits, so it holds twice what bf16 ones do)",
    "allocator: nothing in the README or pretrain.py sets PYTORCH_CUDA_ALLOC_CONF: the default (only the allocated peak is compared)",
    "GPU: 'NVIDIA A100-SXM4-40GB': preset a100-40gb",
    "the printed peak covers the whole run (the 2-iteration validation sanity check before training, and the final checkpoint save), not only training steps; the number of steps run is not stated (the time column is read at step 10)",
]

def lit(cid, row, dev, ms, v, framework, zero, global_batch, extra):
    cases.append({"id": cid, "source": LIT, "where": WLIT.format(row=row, dev=dev, ms=ms, v=v),
                  "request": {"model": dict(TINYLLAMA),
                              "hardware": {"preset": "a100-40gb", "gpus": dev},
                              "parallel": {"tp": 1, "pp": 1, "dp": dev, "cp": 1, "zero": zero, "framework": framework,
                                           "recompute": "none", "flash_attention": True, "precision": "bf16",
                                           "master_weights": "none", "optimizer_dtype": "bf16", "reduce_dtype": "bf16",
                                           "kernels": "eager", "loss": "eager", "optimizer_kernel": "fused"},
                              "batch": {"global": global_batch, "micro": 4}},
                  "published": {"kind": "peak_allocated_gib", "value": float(v) * 1e9 / GIB,
                                "unit_note": f"{v} GB as printed (10^9 B): {float(v) * 1e9 / GIB:.3f} GiB",
                                "tool": TOOL_LIT, "rank": "rank 0 (fabric.print prints on global rank 0 only)"},
                  "assumed": ALIT + extra})

lit("litgpt-thunder-tinyllama-fsdp-eager-a100-40gbx8", "Fully-sharded ZeRO 3", 8, "456.57", "22.13", "fsdp1", 3, 32,
    ["strategy 'fsdp' without Thunder: Lightning's FSDPStrategy(auto_wrap_policy={Block}, sharding_strategy 'FULL_SHARD') over PyTorch's FullyShardedDataParallel (FSDP1) on bf16 parameters, so gradients are reduced in bf16: framework fsdp1, zero 3, reduce_dtype bf16, dp 8",
     "--train.global_batch_size 32 = 8 ranks x micro 4: no gradient accumulation"])
lit("litgpt-thunder-tinyllama-ddp-eager-a100-40gbx8", "Replicated", 8, "569.46", "32.04", "fsdp", 0, 512,
    ["strategy 'ddp': Lightning's DDPStrategy, PyTorch DistributedDataParallel (replicated bf16 weights, gradients and states on every rank, bucketed gradient all-reduce): a PyTorch framework at ZeRO 0 over 8 ranks (framework fsdp, zero 0, dp 8)",
     "global batch: TrainArgs' default 512 (the command does not set it) = 8 x 4 x 16: gradient accumulation 16 under no_backward_sync"])
lit("litgpt-thunder-tinyllama-single-eager-a100-40gb", "-", 1, "447.65", "29.84", "fsdp", 0, 512,
    ["--devices 1: Fabric strategy 'auto', one GPU, no data parallelism: dp 1 (framework fsdp at zero 0 stands for plain PyTorch)",
     "global batch: TrainArgs' default 512 = 4 x 128: gradient accumulation 128"])

rows.append({"source": LIT,
             "where": "Lightning-AI/litgpt extensions/thunder/README.md at 101e31d2, the rows with Compiler 'Thunder' (FSDP ZeRO 3: 21.40 GB; Replicated: 22.19 and 27.42 GB; one device: 22.19 and 27.42 GB; Unsloth: 25.19 GB) and those marked 'Not supported'",
             "reason": "Thunder-compiled runs (nvFuser, torch.compile and Unsloth executors fuse and rematerialize kernels): the request has no compiled-kernel memory model",
             "published": [{"kind": "peak_allocated_gib", "value": v * 1e9 / GIB, "unit_note": f"{v} GB as printed", "tool": TOOL_LIT}
                           for v in (21.40, 22.19, 27.42, 22.19, 27.42, 25.19)]})

# ------------------------------------------------------------------ DeepSpeed sdma_allgather example (May 2026)
# deepspeedai/DeepSpeed examples/sdma_allgather/README.md (added by 66af8f03a, #7999, 2026-05-14), '## Verified results on
# 8x MI300X': '| peak mem (rank 0) | 12.12 GB, unchanged off <-> on | 96.45 GB, unchanged off <-> on |' for 'GPT-7B-ish'
# (train_zero3.py) and 'Qwen3-32B' (train_qwen3_zero3.py, seq 1024, micro batch 1, ZeRO-3 with ds_config_zero3.json).
DSS = "deepspeed-sdma-allgather-mi300x-202605"
rows.append({"source": DSS,
             "where": "deepspeedai/DeepSpeed examples/sdma_allgather/README.md at 66af8f03a, '## Verified results on 8x MI300X', row 'peak mem (rank 0)': 'GPT-7B-ish' 12.12 GB",
             "reason": "no tool: train_zero3.py prints no memory figure (its summary has throughput, TFLOPS and step times only), so what the 12.12 GB measured is not stated; and its model (48 layers of 4096, about 9.7 B weights) would hold more than that in ZeRO-3 states alone on 8 ranks, so the row cannot be read as this script's allocated peak",
             "published": [{"kind": "peak_allocated_gib", "value": 12.12e9 / GIB, "unit_note": "12.12 GB as written", "tool": "not stated"}]})
rows.append({"source": DSS,
             "where": "deepspeedai/DeepSpeed examples/sdma_allgather/README.md at 66af8f03a, '## Verified results on 8x MI300X', row 'peak mem (rank 0)': 'Qwen3-32B' 96.45 GB",
             "reason": "the attention implementation is not determined: train_qwen3_zero3.py sets cfg.attn_implementation = 'eager' as a plain attribute on the config before AutoModelForCausalLM.from_config, which Hugging Face transformers reads only as a from_config/from_pretrained argument or its private _attn_implementation, and the transformers version is not stated; eager attention keeps every layer's 64 x 1024 x 1024 probabilities (about 8 GiB over 64 layers at micro batch 1) where SDPA keeps none, so the request would be a guess either way. Also an AMD MI300X (192 GB), for which the engine has no preset. Tool: get_accelerator().max_memory_allocated() / 1e9 after the measured steps (train_qwen3_zero3.py)",
             "published": [{"kind": "peak_allocated_gib", "value": 96.45e9 / GIB, "unit_note": "96.45 GB as written (10^9 B)",
                            "tool": "train_qwen3_zero3.py: get_accelerator().max_memory_allocated() / 1e9 over the run after reset_peak_memory_stats() before training"}]})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases;", sum(len(r["published"]) for r in rows), "values not expressible in", len(rows), "rows")
