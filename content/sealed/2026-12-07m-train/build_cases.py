# Builds cases.json / not_expressible.json for the sealed training set of 2026-12-07m: published training throughputs from two
# publishers that are not NVIDIA, none used before by the project (see README.md):
#   * MosaicML / Databricks llm-foundry, scripts/train/benchmarking/README.md at commit 495218376830947dce625efabc4d86be7c47cc45
#     (the commit whose 'A100 80GB' and 'H100 80GB BF16' tables are calibration sources mpt-a100 / mpt-h100): here only its
#     OTHER two tables, 'A100 40GB with 1600 Gbps node-node interconnect (RoCE)' (README line 228 on) and 'H100 80GB FP8'
#     (README line 151 on), which no calibration or sealed case has used.
#   * PyTorch torchao, torchao/float8/README.md at commit 8c81863ba85cce742244c0151c6683c5696bbe04 (2025-03-12, PR #1793), section
#     'e2e training benchmarks' (torchtitan, Llama3-8b on 8 x H100).
# The published figure is tokens/s per GPU, kept as such (kind tokens_per_second_per_gpu); predict.py converts it to a step as
# global batch x sequence / (GPUs x tokens/s/GPU). Every number below is copied from the source; the table rows are quoted whole.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
LLMF = "mosaicml/llm-foundry@495218376830947dce625efabc4d86be7c47cc45"
LLMF_README = LLMF + "/scripts/train/benchmarking/README.md"
AO = "pytorch/ao@8c81863ba85cce742244c0151c6683c5696bbe04"
AO_README = AO + "/torchao/float8/README.md"

# ---------------------------------------------------------------------------------------------------------------------------
# llm-foundry README @4952183, table '## A100 40GB with 1600 Gbps node-node interconnect (RoCE)': EVERY row whose SeqLen (T) is
# 2048 (39 of its 78 rows; the selection rule was fixed before any engine run). Columns:
# | Model | SeqLen (T) | # GPUs | GPU | MFU | HFU | Model TFLOP | MicroBatchSize | GradAccum | GlobalBatchSize | Throughput (S/s) |
# | Throughput (T/s) | Throughput (T/s/GPU) | GlobalBatchSize (T) | Precision | MP Mode | Sharding Strategy |
# | Activation Checkpointing | Activation CPUOffload | NumParams |
A100_40GB_ROWS = """
|  70b | 2048 | 128 | a100_40gb | 48.91 | 65.21 | 152 | 4 | 1 | 512 | 23 | 48194 | 376 | 1048576 | bf16 | PURE | FULL_SHARD | True | False | 64862437376 |
|  70b | 2048 | 64 | a100_40gb | 35.87 | 47.82 | 111 | 2 | 1 | 128 | 8 | 17672 | 276 | 262144 | bf16 | PURE | FULL_SHARD | True | False | 64862437376 |
|  30b | 2048 | 128 | a100_40gb | 52.25 | 69.66 | 163 | 6 | 1 | 768 | 54 | 110803 | 865 | 1572864 | bf16 | PURE | FULL_SHARD | True | False | 29975214080 |
|  30b | 2048 | 32 | a100_40gb | 51.74 | 68.98 | 161 | 4 | 1 | 128 | 13 | 27431 | 857 | 262144 | bf16 | PURE | FULL_SHARD | True | False | 29975214080 |
|  13b | 2048 | 128 | a100_40gb | 51.93 | 69.24 | 162 | 16 | 1 | 2048 | 123 | 252444 | 1972 | 4194304 | bf16 | PURE | FULL_SHARD | True | False | 12853954560 |
|  13b | 2048 | 64 | a100_40gb | 52.04 | 69.39 | 162 | 16 | 1 | 1024 | 61 | 126479 | 1976 | 2097152 | bf16 | PURE | FULL_SHARD | True | False | 12853954560 |
|  13b | 2048 | 32 | a100_40gb | 52.62 | 70.16 | 164 | 14 | 1 | 448 | 31 | 63946 | 1998 | 917504 | bf16 | PURE | FULL_SHARD | True | False | 12853954560 |
|  13b | 2048 | 16 | a100_40gb | 52.5 | 70.0 | 163 | 10 | 1 | 160 | 15 | 31900 | 1993 | 327680 | bf16 | PURE | FULL_SHARD | True | False | 12853954560 |
|  13b | 2048 | 8 | a100_40gb | 43.94 | 58.58 | 137 | 4 | 16 | 512 | 6 | 13347 | 1668 | 1048576 | bf16 | PURE | FULL_SHARD | True | False | 12853954560 |
|  7b | 2048 | 128 | a100_40gb | 50.14 | 66.85 | 156 | 18 | 1 | 2304 | 226 | 463749 | 3623 | 4718592 | bf16 | PURE | FULL_SHARD | True | False | 6658859008 |
|  7b | 2048 | 64 | a100_40gb | 50.73 | 67.64 | 158 | 18 | 1 | 1152 | 114 | 234614 | 3665 | 2359296 | bf16 | PURE | FULL_SHARD | True | False | 6658859008 |
|  7b | 2048 | 32 | a100_40gb | 51.55 | 68.73 | 160 | 18 | 1 | 576 | 58 | 119202 | 3725 | 1179648 | bf16 | PURE | FULL_SHARD | True | False | 6658859008 |
|  7b | 2048 | 16 | a100_40gb | 50.44 | 67.26 | 157 | 16 | 1 | 256 | 28 | 58322 | 3645 | 524288 | bf16 | PURE | FULL_SHARD | True | False | 6658859008 |
|  7b | 2048 | 8 | a100_40gb | 50.92 | 67.89 | 158 | 12 | 4 | 384 | 14 | 29436 | 3679 | 786432 | bf16 | PURE | FULL_SHARD | True | False | 6658859008 |
|  3b | 2048 | 128 | a100_40gb | 54.8 | 54.8 | 170 | 6 | 1 | 768 | 596 | 1220885 | 9538 | 1572864 | bf16 | PURE | FULL_SHARD | False | False | 2651837440 |
|  3b | 2048 | 64 | a100_40gb | 55.94 | 55.94 | 174 | 6 | 1 | 384 | 304 | 623167 | 9736 | 786432 | bf16 | PURE | FULL_SHARD | False | False | 2651837440 |
|  3b | 2048 | 32 | a100_40gb | 56.96 | 56.96 | 177 | 6 | 1 | 192 | 154 | 317261 | 9914 | 393216 | bf16 | PURE | FULL_SHARD | False | False | 2651837440 |
|  3b | 2048 | 16 | a100_40gb | 56.02 | 56.02 | 174 | 5 | 1 | 80 | 76 | 156013 | 9750 | 163840 | bf16 | PURE | FULL_SHARD | False | False | 2651837440 |
|  3b | 2048 | 8 | a100_40gb | 57.82 | 57.82 | 180 | 5 | 8 | 320 | 39 | 80520 | 10065 | 655360 | bf16 | PURE | FULL_SHARD | False | False | 2651837440 |
|  1b | 2048 | 128 | a100_40gb | 54.41 | 54.41 | 169 | 10 | 1 | 1280 | 1165 | 2386897 | 18647 | 2621440 | bf16 | PURE | FULL_SHARD | False | False | 1315950592 |
|  1b | 2048 | 64 | a100_40gb | 55.44 | 55.44 | 172 | 10 | 1 | 640 | 593 | 1216104 | 19001 | 1310720 | bf16 | PURE | FULL_SHARD | False | False | 1315950592 |
|  1b | 2048 | 32 | a100_40gb | 45.39 | 45.39 | 141 | 10 | 1 | 320 | 243 | 497782 | 15555 | 655360 | bf16 | PURE | FULL_SHARD | False | False | 1315950592 |
|  1b | 2048 | 16 | a100_40gb | 55.69 | 55.69 | 173 | 8 | 1 | 128 | 149 | 305372 | 19085 | 262144 | bf16 | PURE | FULL_SHARD | False | False | 1315950592 |
|  1b | 2048 | 8 | a100_40gb | 56.23 | 56.23 | 175 | 8 | 8 | 512 | 75 | 154171 | 19271 | 1048576 | bf16 | PURE | FULL_SHARD | False | False | 1315950592 |
|  760m | 2048 | 128 | a100_40gb | 50.73 | 50.73 | 158 | 12 | 1 | 1536 | 1808 | 3704382 | 28940 | 3145728 | bf16 | PURE | FULL_SHARD | False | False | 760470528 |
|  760m | 2048 | 64 | a100_40gb | 51.44 | 51.44 | 160 | 12 | 1 | 768 | 917 | 1878030 | 29344 | 1572864 | bf16 | PURE | FULL_SHARD | False | False | 760470528 |
|  760m | 2048 | 32 | a100_40gb | 51.97 | 51.97 | 162 | 12 | 1 | 384 | 463 | 948745 | 29648 | 786432 | bf16 | PURE | FULL_SHARD | False | False | 760470528 |
|  760m | 2048 | 16 | a100_40gb | 51.9 | 51.9 | 161 | 12 | 1 | 192 | 231 | 473723 | 29607 | 393216 | bf16 | PURE | FULL_SHARD | False | False | 760470528 |
|  760m | 2048 | 8 | a100_40gb | 52.89 | 52.89 | 165 | 12 | 4 | 384 | 117 | 241389 | 30173 | 786432 | bf16 | PURE | FULL_SHARD | False | False | 760470528 |
|  350m | 2048 | 128 | a100_40gb | 45.61 | 45.61 | 142 | 18 | 1 | 2304 | 3245 | 6647647 | 51934 | 4718592 | bf16 | PURE | FULL_SHARD | False | False | 355985408 |
|  350m | 2048 | 64 | a100_40gb | 46.27 | 46.27 | 144 | 18 | 1 | 1152 | 1646 | 3372118 | 52689 | 2359296 | bf16 | PURE | FULL_SHARD | False | False | 355985408 |
|  350m | 2048 | 32 | a100_40gb | 47.26 | 47.26 | 147 | 18 | 1 | 576 | 840 | 1721978 | 53811 | 1179648 | bf16 | PURE | FULL_SHARD | False | False | 355985408 |
|  350m | 2048 | 16 | a100_40gb | 48.66 | 48.66 | 151 | 18 | 1 | 288 | 432 | 886622 | 55413 | 589824 | bf16 | PURE | FULL_SHARD | False | False | 355985408 |
|  350m | 2048 | 8 | a100_40gb | 49.17 | 49.17 | 153 | 16 | 4 | 512 | 218 | 447963 | 55995 | 1048576 | bf16 | PURE | FULL_SHARD | False | False | 355985408 |
|  125m | 2048 | 128 | a100_40gb | 38.86 | 38.86 | 121 | 26 | 1 | 3328 | 7746 | 15863837 | 123936 | 6815744 | bf16 | PURE | FULL_SHARD | False | False | 125311488 |
|  125m | 2048 | 64 | a100_40gb | 39.27 | 39.27 | 122 | 26 | 1 | 1664 | 3913 | 8015010 | 125234 | 3407872 | bf16 | PURE | FULL_SHARD | False | False | 125311488 |
|  125m | 2048 | 32 | a100_40gb | 39.86 | 39.86 | 124 | 26 | 1 | 832 | 1986 | 4067922 | 127122 | 1703936 | bf16 | PURE | FULL_SHARD | False | False | 125311488 |
|  125m | 2048 | 16 | a100_40gb | 40.93 | 40.93 | 127 | 26 | 1 | 416 | 1019 | 2088560 | 130535 | 851968 | bf16 | PURE | FULL_SHARD | False | False | 125311488 |
|  125m | 2048 | 8 | a100_40gb | 42.75 | 42.75 | 133 | 26 | 3 | 624 | 532 | 1090678 | 136334 | 1277952 | bf16 | PURE | FULL_SHARD | False | False | 125311488 |
"""
# llm-foundry README @4952183, table '## H100 80GB FP8': every row (7), same columns.
H100_FP8_ROWS = """
|  3b | 32768 | 8 | h100_80gb | 14.38 | 19.18 | 284 | 3 | 6 | 144 | 1 | 46853 | 5856 | 4718592 | amp_fp8 | DEFAULT | FULL_SHARD | True | False | 2730480640 |
|  3b | 8192 | 8 | h100_80gb | 23.28 | 23.28 | 460 | 3 | 6 | 144 | 18 | 153174 | 19146 | 1179648 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 2667566080 |
|  3b | 2048 | 8 | h100_80gb | 27.7 | 27.7 | 548 | 10 | 6 | 480 | 119 | 244692 | 30586 | 983040 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 2651837440 |
|  3b | 512 | 8 | h100_80gb | 30.25 | 30.25 | 598 | 40 | 6 | 1920 | 570 | 292217 | 36527 | 983040 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 2647905280 |
|  1b | 32768 | 8 | h100_80gb | 17.55 | 17.55 | 347 | 1 | 4 | 32 | 3 | 100643 | 12580 | 1048576 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 1378865152 |
|  1b | 8192 | 8 | h100_80gb | 20.71 | 20.71 | 409 | 2 | 4 | 64 | 31 | 256087 | 32010 | 524288 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 1328533504 |
|  1b | 512 | 8 | h100_80gb | 29.06 | 29.06 | 575 | 56 | 4 | 1792 | 1098 | 562523 | 70315 | 917504 | amp_fp8 | DEFAULT | FULL_SHARD | False | False | 1312804864 |
"""

# MPT shapes: llm-foundry's scripts/train/yamls/pretrain/mpt-<size>.yaml (n_layers, d_model, n_heads; expansion_ratio 4;
# vocab_size 50368), the same shapes as the calibration sources mpt-a100 / mpt-h100; MPTConfig defaults: learned positions
# (max_seq_len x d_model table), biases on every linear and LayerNorm (no_bias False), LayerNorm, GELU, tied embeddings,
# no dropout in the benchmark configs. The row's NumParams is asserted below against this shape and the row's sequence length.
MPT = {"125m": (12, 768, 12), "350m": (24, 1024, 16), "760m": (24, 1536, 12), "1b": (24, 2048, 16), "3b": (32, 2560, 20),
       "7b": (32, 4096, 32), "13b": (40, 5120, 40), "30b": (48, 7168, 56), "70b": (80, 8192, 64)}
MPT_VOCAB = 50368

def mpt_model(size, seq):
    L, d, h = MPT[size]
    return {"layers": L, "hidden": d, "heads": h, "kv_heads": h, "ffn": 4 * d, "vocab": MPT_VOCAB, "seq": seq,
            "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": False, "tied_embeddings": True}

def mpt_params(size, seq):
    L, d, h = MPT[size]
    # tied embedding V*d + position table seq*d + per block (Wqkv 3d^2+3d, out d^2+d, up 4d^2+4d, down 4d^2+d, 2 LayerNorms 4d)
    # + final LayerNorm 2d
    return MPT_VOCAB * d + seq * d + L * (12 * d * d + 13 * d) + 2 * d

def parse(rows):
    out = []
    for line in rows.strip().splitlines():
        f = [x.strip() for x in line.strip().strip("|").split("|")]
        assert len(f) == 20, line
        out.append({"model": f[0], "seq": int(f[1]), "gpus": int(f[2]), "gpu": f[3], "mfu": float(f[4]), "micro": int(f[7]),
                    "accum": int(f[8]), "global": int(f[9]), "tps": int(f[11]), "tps_gpu": int(f[12]), "global_tokens": int(f[13]),
                    "precision": f[14], "mp_mode": f[15], "sharding": f[16], "act_ckpt": f[17], "cpu_offload": f[18],
                    "params": int(f[19]), "row": line.strip()})
    return out

COMMON_MPT = [
    "framework fsdp1: Composer's PyTorch FSDP1 (FullyShardedDataParallel, flat parameters), as in 2023-2024; Sharding Strategy FULL_SHARD as ZeRO-3 with one FSDP unit per MPT block; parameters gathered again for every micro-batch under accumulation",
    "backward_prefetch post: the benchmark configs set no backward_prefetch and Composer's FSDP then uses BACKWARD_POST (composer/trainer/dist_strategy.py, 2023), as for the calibration sources mpt-a100 / mpt-h100",
    "attention: a FlashAttention-class fused kernel (llm-foundry attn_impl 'flash' or 'triton'; submit_benchmarks.py at 4952183 defaults to 'flash'; the table does not say which)",
    "no tensor, pipeline or context parallelism (llm-foundry's MPT runs FSDP only); activation CPU offload False (the row)",
    "published: the row's Throughput (T/s/GPU) column, tokens/s per GPU (the README: runs of a few steps on the MosaicML platform; 'Throughput (T/s)' / '# GPUs' agrees within rounding); predict.py reads it as a step of GlobalBatchSize x SeqLen tokens",
    "global batch = the row's GlobalBatchSize (samples) = MicroBatchSize x GradAccum x # GPUs (asserted); GlobalBatchSize (T) = GlobalBatchSize x SeqLen (asserted)",
    "MPT shape (asserted against the row's NumParams with the row's sequence length): llm-foundry's mpt yamls' n_layers / d_model / n_heads, expansion_ratio 4, vocab 50368, learned positions, biases, LayerNorm, GELU, tied embeddings, no dropout",
    "software: not stated by the table (llm-foundry at or before 4952183, Composer, PyTorch 2.x of early 2024)",
]

cases, notx = [], []

def add_mpt(source, r, hardware, precision, reduce_dtype, extra_parallel, extra_assumed, table):
    size = r["model"]
    assert size in MPT, size
    assert r["micro"] * r["accum"] * r["gpus"] == r["global"], r["row"]
    assert r["global"] * r["seq"] == r["global_tokens"], r["row"]
    assert mpt_params(size, r["seq"]) == r["params"], (r["row"], mpt_params(size, r["seq"]))
    assert r["sharding"] == "FULL_SHARD" and r["cpu_offload"] == "False", r["row"]
    recompute = {"True": "full", "False": "none"}[r["act_ckpt"]]
    par = {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "zero": 3, "recompute": recompute, "framework": "fsdp1",
           "reduce_dtype": reduce_dtype, "flash_attention": True, "backward_prefetch": "post", "precision": precision}
    par.update(extra_parallel)
    cid = f"{source}-mpt-{size}-{r['gpus']}gpu-mb{r['micro']}-ga{r['accum']}-seq{r['seq']}"
    assert cid not in {c["id"] for c in cases}, cid
    cases.append({
        "id": cid, "source": source,
        "where": f"{LLMF_README}, table '{table}', row: {r['row']}",
        "request": {"model": mpt_model(size, r["seq"]), "hardware": {"preset": hardware, "gpus": r["gpus"]}, "parallel": par,
                    "batch": {"global": r["global"], "micro": r["micro"]}},
        "published": {"kind": "tokens_per_second_per_gpu", "value": r["tps_gpu"],
                      "how": "the row's 'Throughput (T/s/GPU)' column as printed; step = GlobalBatchSize x SeqLen / (# GPUs x T/s/GPU)",
                      "table_throughput_tokens_per_s": r["tps"], "table_mfu_percent": r["mfu"],
                      "step_seconds_from_column": round(r["global"] * r["seq"] / (r["gpus"] * r["tps_gpu"]), 6)},
        "assumed": [f"recompute {recompute}: Activation Checkpointing {r['act_ckpt']} (the row); True read as full recomputation of each block"]
                   + extra_assumed + COMMON_MPT,
    })

# ---- source llmfoundry-a100-40gb ----
A100_40 = parse(A100_40GB_ROWS)
assert len(A100_40) == 39 and all(r["seq"] == 2048 and r["gpu"] == "a100_40gb" for r in A100_40)
for r in A100_40:
    assert r["precision"] == "bf16" and r["mp_mode"] == "PURE", r["row"]
    add_mpt("llmfoundry-a100-40gb", r, "a100-40gb", "bf16", "bf16", {},
            ["precision bf16, MP Mode PURE: Composer's FSDP MixedPrecision PURE, parameters gathered and gradients reduce-scattered in bf16 (reduce_dtype bf16)",
             "hardware: a100-40gb preset (the table's GPU column a100_40gb); '1600 Gbps node-node interconnect (RoCE)' read as 8 x 200 Gb/s per 8-GPU node, the preset's one NIC per GPU with its fitted (InfiniBand) efficiency; RoCE vs InfiniBand not modelled"],
            "A100 40GB with 1600 Gbps node-node interconnect (RoCE)")

# ---- source llmfoundry-h100-fp8 ----
H100_FP8 = parse(H100_FP8_ROWS)
assert len(H100_FP8) == 7 and all(r["gpu"] == "h100_80gb" and r["gpus"] == 8 for r in H100_FP8)
for r in H100_FP8:
    assert r["precision"] == "amp_fp8" and r["mp_mode"] == "DEFAULT", r["row"]
    add_mpt("llmfoundry-h100-fp8", r, "h100-sxm", "fp8-delayed", "fp32", {"attention_kernel": "flash-attention-2"},
            ["precision fp8-delayed: Precision amp_fp8 is Composer's Transformer Engine fp8_autocast, whose default recipe is TE DelayedScaling (HYBRID format); the table states neither the recipe nor the amax history; the MPT linear layers as Transformer Engine te.Linear (llm-foundry needs fc_type 'te' for fp8)",
             "MP Mode DEFAULT: Composer's FSDP MixedPrecision DEFAULT, parameters gathered in bf16, gradients reduce-scattered in fp32 (reduce_dtype fp32)",
             "attention_kernel flash-attention-2: the kernels llm-foundry used in early 2024 were written for Ampere and run on H100 at FlashAttention-2's measured rate (the calibration source mpt-h100's reading)",
             "hardware: h100-sxm preset (the table's GPU column h100_80gb; 8 GPUs, one node, so the inter-node network does not enter)"],
            "H100 80GB FP8")

# ---------------------------------------------------------------------------------------------------------------------------
# torchao/float8/README.md @8c81863ba (2025-03-12), '# e2e training benchmarks', quoted:
#   [Torchtitan](https://github.com/pytorch/torchtitan) was used to benchmark float8 training performance, for both rowwise
#   and tensorwise scaling. The training benchmarks were all run using:
#   - Single-node training on 8xH100 GPUs
#   - Batch size 1
#   - Sequence length 8192
#   - Steps 100
#   - `torch.compile`
#   - FSDP2
#   - pytorch version: `2.7.0a0+gitb98af95`
#   - torchao version: `0.10.0+git890e0ac8`
#   - torchtitan version: `0.0.2`
#   | Model     | Scaling                            | Activation checkpointing | Peak Memory (GB) | Median tokens/second | Speedup over baseline
#   | Llama3-8b |  none (bfloat16)                   | per op SAC               | 47.65            |  6150                | -
#   | Llama3-8b |  tensorwise with float8 all-gather | per op SAC               | 47.77            |  7689.5              | 25.03%
#   | Llama3-8b |  rowwise with bfloat16 all-gather  | per op SAC               | 47.79            |  6768                | 10.05%
# The same three rows are unchanged in every later version of the README up to 4b119edb6 (2025-07-30) and in
# docs/source/workflows/training.md at the snapshot's HEAD. Reproduction script (same commit):
# benchmarks/float8/training/float8_training_benchmark.sh runs torchtitan's llama3_8b.toml with --training.batch_size=1
# --training.compile [tensorwise: --model.converters=float8 --float8.enable_fsdp_float8_all_gather
# --float8.precompute_float8_dynamic_scale_for_fsdp --float8.force_recompute_fp8_weight_in_bwd]; parse_torchtitan_logs.py
# takes the median of torchtitan's logged per-step 'tps' over steps 2..100.
LLAMA3_8B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "vocab": 128256, "seq": 8192,
             "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False, "tied_embeddings": False}
AO_COMMON = [
    "model: torchtitan's Llama 3 8B (torchtitan 0.0.2 llama3 '8B': dim 4096, 32 layers, 32 heads, 8 KV heads, ffn_dim_multiplier 1.3 and multiple_of 1024 -> 14336, vocab 128256, RMSNorm, SwiGLU, rotary, untied output)",
    "seq 8192 ('Sequence length 8192'); micro = global per GPU = 1 ('Batch size 1', torchtitan's per-rank batch, no gradient accumulation), global 8 over 8 GPUs",
    "parallel: FSDP2 over the 8 GPUs (zero 3, framework fsdp; llama3_8b.toml data_parallel_shard_degree -1, no TP/PP/CP)",
    "recompute selective-op: 'per op SAC' (torchtitan's selective_ac_option 'op', the engine's selective-op)",
    "kernels fused: torch.compile on ('torch.compile' in the README, --training.compile in the script); the request has no compile field",
    "reduce_dtype fp32: torchtitan's default mixed_precision_reduce float32 (not stated in the README); parameters bf16 (mixed_precision_param bfloat16)",
    "flash_attention true: torchtitan's SDPA (flash/cuDNN backend); not stated",
    "hardware: h100-sxm preset; the README says only '8xH100 GPUs' (Meta's own H100 hosts are likely, whose variant is not stated), single node",
    "published: 'Median tokens/second', the median over steps 2-100 of torchtitan's logged 'tps' (parse_torchtitan_logs.py), which torchtitan computes per GPU (tokens of one rank / step time); read as tokens/s per GPU, step = 8 x 8192 / (8 x tps)",
    "software: pytorch 2.7.0a0+gitb98af95, torchao 0.10.0+git890e0ac8, torchtitan 0.0.2 (the README)",
]

def add_ao(cid, scaling, precision, tps, extra):
    cases.append({
        "id": cid, "source": "torchao-float8-h100-202503",
        "where": f"{AO_README}, section 'e2e training benchmarks', row 'Llama3-8b | {scaling} | per op SAC'",
        "request": {"model": dict(LLAMA3_8B), "hardware": {"preset": "h100-sxm", "gpus": 8},
                    "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "dp": 8, "zero": 3, "framework": "fsdp", "recompute": "selective-op",
                                 "flash_attention": True, "precision": precision, "reduce_dtype": "fp32", "kernels": "fused"},
                    "batch": {"global": 8, "micro": 1}},
        "published": {"kind": "tokens_per_second_per_gpu", "value": tps,
                      "how": "the row's 'Median tokens/second' (median of torchtitan's per-GPU tps over steps 2-100); step = 8 x 8192 / (8 x value)",
                      "step_seconds_from_column": round(8 * 8192 / (8 * tps), 6)},
        "assumed": extra + AO_COMMON,
    })

add_ao("torchao-float8-h100-202503-llama3-8b-8gpu-bf16", "none (bfloat16)", "bf16", 6150,
       ["precision bf16: 'none (bfloat16)', the baseline without float8 (the script's run without FLOAT8_RECIPE_WITH_BEST_SETTINGS)"])
add_ao("torchao-float8-h100-202503-llama3-8b-8gpu-fp8-tensorwise", "tensorwise with float8 all-gather", "fp8-current", 7689.5,
       ["precision fp8-current: torchao float8 'tensorwise' = dynamic per-tensor scaling computed from the current tensor (the engine's fp8-current)",
        "recorded, not modelled: float8 all-gather of the FSDP parameters (enable_fsdp_float8_all_gather) and precompute_float8_dynamic_scale_for_fsdp (FP8 communication is not modelled: gathers counted in bf16); force_recompute_fp8_weight_in_bwd"])

notx.append({"source": "torchao-float8-h100-202503",
             "where": f"{AO_README}, 'e2e training benchmarks', row 'Llama3-8b | rowwise with bfloat16 all-gather | per op SAC | 47.79 | 6768 | 10.05%'",
             "reason": "torchao's rowwise float8 recipe (a scale per row of each operand, CUTLASS rowwise-scaled GEMMs) is none of the engine's precisions: fp8-current is per-tensor and fp8-blockwise is 1x128 / 128x128 blocks"})
notx.append({"source": "torchao-float8-h100-202503",
             "where": "pytorch/ao@853f87d1bd56d8d6c980a518cf9fa08fbb20135c (2025-08-11) and later, torchao/float8/README.md 'AMD MI300x' table (Llama3-8b on 8 x MI300X; at 36027d82d1ad9949597ea16002ff4940374b1b94 docs/source/workflows/training.md: 5376.5, 6166.0, 6100.0, 5891.0 tokens/s)",
             "reason": "AMD MI300X: no hardware preset (the engine's presets are NVIDIA only)"})
notx.append({"source": "torchao-float8-h100-202503",
             "where": "pytorch/ao@36027d82d1ad9949597ea16002ff4940374b1b94 docs/source/workflows/training.md (formerly torchao/prototype/mx_formats/README.md), 'Training e2e benchmarks on NVIDIA B200': Llama3-8b on '8x power limited B200 GPUs' (an earlier version: 'limited to 750W'), bf16 8307.5, float8 tensorwise 10417.0, mxfp8_cublas 9969.0, mxfp8_cublas_rceil 9642.0, float8 rowwise 8640.5 tokens/s",
             "reason": "the GPUs ran under a power cap (750 W in one version of the text, unstated in another) that no request field or preset expresses (the b200 preset is the uncapped DGX B200); rowwise as above; also a later, different publication than the H100 table"})

assert 20 <= len(cases) <= 50, len(cases)
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1); f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(notx, f, indent=1); f.write("\n")
print(len(cases), "cases;", len(notx), "not expressible")
