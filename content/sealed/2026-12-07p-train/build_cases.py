# Builds cases.json / not_expressible.json for the sealed MoE training set of 2026-12-07p: published mixture-of-experts
# training step times (or torchtitan tokens/s per GPU) from publishers other than NVIDIA's Megatron-Bridge / NeMo / DGX Cloud
# pages, none used before by the project (see README.md):
#   * InternLM XTuner, docs/en/benchmark/megatron_moe_benchmark.md at commit b934f462095c1e750229de35367c50ae36caa786 (first
#     added 253c42c9ebd4dde03b41ca2485cc58d1ed8f9814, 2025-09-05; English text 4b10fa3ed3e68f921a209c362c6711108f1bed81,
#     2025-10-22): Qwen3-235B-A22B on 256 H800 with Megatron-Core (Pai-Megatron-Patch 2b201af), 'TimePerIter (s)'.
#   * alibaba/Pai-Megatron-Patch issue #643 (2025-08-08, by jayhenry): Qwen3-30B-A3B on 16 H800, 'TimePerIter (s)'.
#   * PyTorch torchao, torchao/prototype/moe_training/README.md at commit 36027d82d1ad9949597ea16002ff4940374b1b94 (table
#     unchanged since 838dcebb13be7cd7b7ae5d1d8c4e674c89a5d7b8, 2025-10-13), 'End-to-end training benchmark with TorchTitan:
#     Llama4 Scout vs bfloat16 baseline' (4 x B200, 2-layer Llama 4 Scout), 'Throughput (Median Tokens/s)'.
#   * yanring/Megatron-MoE-ModelZoo (NVIDIA's Megatron-Core MoE team; not the Megatron-Bridge / NeMo / DGX Cloud pages),
#     best_practice/qwen3/readme.md at commit e8650517d60d71ab73fc6b3b0388cac4ba435181 (same rows since 8017e11,
#     examples/qwen3/readme.md, 2025-05-27): Qwen3-235B-A22B on 256 H100, 'Step time (sec)'.
# Every number below is copied from the source; the table rows are quoted whole. Step times are kept as step_seconds; the
# torchao figure is tokens/s per GPU (torchtitan's per-rank tps), read by predict.py as global batch x seq / (GPUs x tps).
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
XT = "InternLM/xtuner@b934f462095c1e750229de35367c50ae36caa786/docs/en/benchmark/megatron_moe_benchmark.md"
PAI_ISSUE = "https://github.com/alibaba/Pai-Megatron-Patch/issues/643"
AO = "pytorch/ao@36027d82d1ad9949597ea16002ff4940374b1b94/torchao/prototype/moe_training/README.md"
MZ = "yanring/Megatron-MoE-ModelZoo@e8650517d60d71ab73fc6b3b0388cac4ba435181/best_practice/qwen3/readme.md"

# H800 SXM: the H100 SXM's chip (989 TFLOPS dense bf16, 80 GB HBM3) with NVLink cut to 400 GB/s (200 GB/s per direction).
H800 = {"preset": "h100-sxm", "intra_bandwidth": 200e9}
H800_NOTE = ("hardware: H800 SXM (the source's 'H800'), modelled as the h100-sxm preset (same SMs, clocks, HBM and fitted "
             "efficiencies) with intra_bandwidth 200e9 B/s per direction (NVLink 400 GB/s bidirectional instead of 900); "
             "the inter-node network is not stated and the preset's 8 x 400 Gb/s per node was kept")

cases, notx = [], []


def add(cid, source, where, request, published, assumed):
    assert cid not in {c["id"] for c in cases}, cid
    cases.append({"id": cid, "source": source, "where": where, "request": request, "published": published,
                  "assumed": assumed})


def skip(source, where, reason):
    notx.append({"source": source, "where": where, "reason": reason})


def parse_conf(conf):
    # 'tp2, ep8, pp32, vpp3, mbs=1, recompute=select' -> dict
    out = {"vpp": 1, "mbs": 1, "recompute": None, "deepep": False, "zero_overlap": False, "tp_overlap": False}
    for tok in [t.strip() for t in conf.split(",")]:
        if tok.startswith("tp") and tok[2:].isdigit():
            out["tp"] = int(tok[2:])
        elif tok.startswith("ep") and tok[2:].isdigit():
            out["ep"] = int(tok[2:])
        elif tok.startswith("pp") and tok[2:].isdigit():
            out["pp"] = int(tok[2:])
        elif tok.startswith("vpp"):
            out["vpp"] = int(tok[3:])
        elif tok.startswith("mbs="):
            out["mbs"] = int(tok[4:])
        elif tok.startswith("recompute="):
            out["recompute"] = tok.split("=")[1]
        elif tok == "deepep":
            out["deepep"] = True
        elif tok == "zero overlap":
            out["zero_overlap"] = True
        elif tok == "zero/tp overlap":
            out["zero_overlap"] = out["tp_overlap"] = True
        elif tok.startswith("capacity="):
            out["capacity"] = int(tok.split("=")[1])
        else:
            raise ValueError(tok)
    return out


# ---------------------------------------------------------------------------------------------------------------------------
# Source xtuner-megatron-moe-qwen3-235b-h800: XTuner doc, section 'Megatron Training Qwen3-235B-A22B MoE Model Tuning Practice
# and Benchmark Results'. 'Environment: H800 256 cards; Code based on Pai-Megatron-Patch Commit id: 2b201af; Image:
# pai-megatron-patch:25.04'. Common settings quoted from the doc: 'recompute=select means ... --recompute-granularity selective
# --recompute-modules moe_act layernorm'; 'recompute=moe means ... --recompute-modules moe layernorm'; 'If TP is enabled, enable
# --sequcen_parallel'; 'If not specified, default MicroBatchSize mbs=1'; 'Enable zero overlap: --overlap-grad-reduce
# --overlap-param-gather'; 'For speed testing, enable moe forced balancing: --moe-router-force-load-balancing'; 'Disable cuda
# graph'; '--manual-gc --manual-gc-interval 5 --cross-entropy-fusion-impl te ... --moe-permute-fusion'. And: 'The 235B model has
# 94 transformer layers in total ... one fewer transformer layer is placed in the first and last stages. This is equivalent to
# treating embedding and loss calculation as one layer.'
# Every distinct row of its tables (rows repeated across tables are one case; each repetition carries the same numbers):
# Configuration | SeqLen | GlobalBatchSize | GPUNum | TimePerIter (s) | Tokens/GPU/Second
XT_ROWS = [
    # table 'TP vs PP' (doc line 81-82), also 'Trying Different EP Settings', 'PP Parallelism Setting', 'Recomputation', 'Optimal'
    ("TP vs PP: Prioritize PP", "tp2, ep8, pp32, vpp3, mbs=1, recompute=select | 4096 | 2048 | 256 | 22.42 | 1461.56"),
    ("TP vs PP: Prioritize PP", "tp4, ep8, pp8, vpp4, mbs=1 | 4096 | 2048 | 256 | 35.481 | 923.53"),
    # table 'Trying Different EP Settings' (line 116-117)
    ("Trying Different EP Settings", "tp2, ep32, pp8, vpp4, recompute=select | 4096 | 2048 | 256 | 35.392 | 925.87"),
    ("Trying Different EP Settings", "tp2, ep32, deepep, pp8, vpp4, recompute=select | 4096 | 2048 | 256 | 25.73 | 1273.54"),
    # table 'Trying Communication Overlap' (line 131-133; the first row also in 'PP Parallelism Setting')
    ("Trying Communication Overlap", "tp2, ep8, pp8, recompute=select | 4096 | 2048 | 256 | 27.555 | 1189.17"),
    ("Trying Communication Overlap", "tp2, ep8, pp8, recompute=select, zero overlap | 4096 | 2048 | 256 | 29.66 | 1104.8"),
    ("Trying Communication Overlap", "tp2, ep8, pp8, recompute=select, zero/tp overlap | 4096 | 2048 | 256 | 29.276 | 1119.26"),
    # pp overlap table (line 142-143; the first also in 'Optimal Strategy Summary')
    ("Trying Communication Overlap (pp overlap)", "tp2, ep8, pp32, vpp3, mbs=4, recompute=full | 4096 | 4096 | 256 | 43.495 | 1506.76"),
    ("Trying Communication Overlap (pp overlap)", "tp2, ep8, pp32, mbs=4, recompute=full | 4096 | 8192 | 256 | 92.652 | 1414.68"),
    # table 'Recomputation' (line 191-193; also in 'Optimal Strategy Summary' with TFlops/GPU 211.52, 228.09, 225.15)
    ("Recomputation", "tp1, ep8, pp32, vpp3, recompute=moe | 4096 | 2048 | 256 | 22.946 | 1428.04"),
    ("Recomputation", "tp1, ep8, pp32, vpp3, mbs=4, recompute=full | 4096 | 4096 | 256 | 42.537 | 1540.68"),
    ("Recomputation", "tp1, ep8, pp32, vpp3, mbs=8, recompute=full | 4096 | 8192 | 256 | 86.186 | 1520.8"),
]
# table 'EP Load Imbalance' (line 207-210): forced balancing OFF, capacity factor 1..5 -> not expressible (below)
XT_IMBALANCE = [
    "tp4, ep8, deepep, pp8, vpp4, capacity=1 | 4096 | 2048 | 256 | 50.81 | 644.92",
    "tp4, ep8, deepep, pp8, vpp4, capacity=2 | 4096 | 2048 | 256 | 51.637 | 634.58",
    "tp4, ep8, deepep, pp8, vpp4, capacity=3 | 4096 | 2048 | 256 | 53.734 | 609.82",
    "tp4, ep8, deepep, pp8, vpp4, capacity=5 | 4096 | 2048 | 256 | 66.337 | 493.96",
]

QWEN235_NOTE = ("model: Qwen3-235B-A22B (preset qwen3-235b-a22b: 94 layers, hidden 4096, 64 query / 4 KV heads of 128, QK-norm, "
                "128 experts of 1536 with 8 per token, no shared expert, vocab 151936, untied); Pai-Megatron-Patch's "
                "run_mcore_qwen3.sh A22B block has the same sizes (its EXTRA_VOCAB_SIZE 293 padding not modelled)")


def recompute_fields(rc):
    if rc is None:
        return {"recompute": "none"}, ("recompute none: the row states no recompute; the doc says 'if we require no recompute "
                                       "(recompute=select is also approximately no recompute), then TP must be enabled', "
                                       "which this TP4 row is (the script's own default '--recompute-modules moe' was taken as "
                                       "replaced by the doc's per-row settings)")
    if rc == "select":
        return ({"recompute": "selective", "recompute_modules": ["moe_act", "layernorm"]},
                "recompute=select: --recompute-granularity selective --recompute-modules moe_act layernorm (the doc)")
    if rc == "moe":
        return ({"recompute": "selective", "recompute_modules": ["moe", "layernorm"]},
                "recompute=moe: --recompute-granularity selective --recompute-modules moe layernorm (the doc)")
    if rc == "full":
        return ({"recompute": "full"}, "recompute=full: Pai-Megatron-Patch's AC=full, --recompute-granularity full "
                                       "--recompute-method uniform --recompute-num-layers 1 (MP_AC_LAYERS assumed 1; the doc: "
                                       "'each transformer layer only retains input hidden states')")
    raise ValueError(rc)


for table, row in XT_ROWS:
    f = [x.strip() for x in row.split("|")]
    conf = parse_conf(f[0])
    seq, gbs, gpus, step, tgs = int(f[1]), int(f[2]), int(f[3]), float(f[4]), float(f[5])
    assert seq == 4096 and gpus == 256
    # the row's Tokens/GPU/Second equals GBS x SeqLen / (GPUNum x TimePerIter) within 0.1 %
    assert abs(gbs * seq / (gpus * step) / tgs - 1) < 1e-3, row
    tp, pp, ep, vpp, mbs = conf["tp"], conf["pp"], conf["ep"], conf["vpp"], conf["mbs"]
    dp = gpus // (tp * pp)
    assert gbs % (dp * mbs) == 0
    rfields, rnote = recompute_fields(conf["recompute"])
    par = {"tp": tp, "pp": pp, "dp": dp, "cp": 1, "ep": ep, "etp": 1, "zero": 1, "framework": "megatron",
           "sequence_parallel": tp > 1, "virtual_stages": vpp, "flash_attention": True, "precision": "bf16",
           "embedding_as_layer": True, "loss_as_layer": True}
    if vpp > 1:
        par["schedule"] = "interleaved"
    par.update(rfields)
    in_overlap_table = table == "Trying Communication Overlap"
    par["overlap"] = conf["zero_overlap"] if in_overlap_table else True
    if conf["tp_overlap"]:
        par["tp_overlap"] = True
    assumed = [
        rnote,
        "etp 1 (expert tensor parallelism): not stated by the doc (Pai-Megatron-Patch's script takes ETP as an argument); 1 was "
        "taken, as the same author's Pai-Megatron-Patch issue #643 states 'expert tp=1' and as EP 32 under TP 2 on 256 GPUs "
        "needs it (ep x etp must divide tp x dp = 32)",
        "sequence_parallel " + str(tp > 1).lower() + ": 'If TP is enabled, enable --sequcen_parallel' (the doc)",
        "pipeline split: embedding and loss each take one layer slot (embedding_as_layer, loss_as_layer; 96 slots for 94 "
        "layers), from the doc's 'one fewer transformer layer is placed in the first and last stages ... equivalent to "
        "treating embedding and loss calculation as one layer'; how the script realises it under virtual stages is not stated",
        ("overlap " + str(par["overlap"]).lower() + ": the 'Trying Communication Overlap' table names zero overlap "
         "(--overlap-grad-reduce --overlap-param-gather) per row; this row " + ("has it" if par["overlap"] else "has not"))
        if in_overlap_table else
        "overlap true: the doc's common settings 'Enable zero overlap: --overlap-grad-reduce --overlap-param-gather'",
        "zero 1: Pai-Megatron-Patch's DO=true (--use-distributed-optimizer); the doc: 'Zero1 is a must-have option'",
        "routing: --moe-router-force-load-balancing (the doc, for every speed test), so balanced (routing_imbalance 1); "
        "dropless alltoall dispatcher (run_mcore_qwen3.sh: --moe-token-dispatcher-type alltoall)",
        "micro-batch " + str(mbs) + " ('If not specified, default MicroBatchSize mbs=1'); accumulation = GBS / (dp x mbs) = "
        + str(gbs // (dp * mbs)),
        "reduce_dtype: not stated; the engine's Megatron default (fp32) was kept",
        "flash_attention: Transformer Engine fused attention (--transformer-impl transformer_engine, attention backend from "
        "FL; not stated)",
        "CUDA graphs off ('Disable cuda graph'); manual GC, TE cross-entropy fusion and --moe-permute-fusion are not modelled",
        H800_NOTE, QWEN235_NOTE,
        "software: Pai-Megatron-Patch 2b201af08336dea0403df7c6b497c964cf5a2e75 in image pai-megatron-patch:25.04 (Megatron-Core "
        "of that image; not stated further)",
        "published: the row's 'TimePerIter (s)' as printed (its 'Tokens/GPU/Second' agrees, asserted); how many iterations "
        "were averaged is not stated",
    ]
    if conf["deepep"]:
        assumed.append("dispatcher DeepEP (the row's 'deepep'): the engine models the all-to-all dispatcher's bytes at its "
                       "NCCL cost and has no DeepEP kernel; not modelled")
    if conf["tp_overlap"]:
        assumed.append("tp_overlap true: the row's 'zero/tp overlap' (--tp-comm-overlap); the engine's tp_overlap hides every "
                       "TP transfer, Megatron's covers the attention and dense linear layers")
    name = f[0].replace(", ", "-").replace("=", "").replace("/", "").replace(" ", "-")
    cid = f"xtuner-h800-qwen3-235b-a22b-{name}-gbs{gbs}"
    add(cid, "xtuner-megatron-moe-qwen3-235b-h800",
        f"{XT}, section 'Megatron Training Qwen3-235B-A22B MoE Model Tuning Practice and Benchmark Results', table under "
        f"'{table}', row: {row}",
        {"model": {"preset": "qwen3-235b-a22b", "seq": seq}, "hardware": dict(H800, gpus=gpus), "parallel": par,
         "batch": {"global": gbs, "micro": mbs}},
        {"kind": "step_seconds", "value": step, "how": "the row's 'TimePerIter (s)' as printed",
         "table_tokens_per_gpu_per_second": tgs},
        assumed)

for row in XT_IMBALANCE:
    skip("xtuner-megatron-moe-qwen3-235b-h800",
         f"{XT}, table under 'EP Load Imbalance', row: {row}",
         "forced load balancing was off for this table (the doc: 'an experiment with different capacity'), so the busiest "
         "expert-parallel rank's load is unknown; routing_imbalance is a stated figure in the engine and the source gives none")

# ---------------------------------------------------------------------------------------------------------------------------
# Source pai-megatron-patch-issue-643-qwen3-30b-h800: GitHub issue alibaba/Pai-Megatron-Patch#643, '训练Qwen3-30B-A3B MoE模型速度偏慢'
# (jayhenry, 2025-08-08). Quoted: '环境：DLC上H800 32卡或64卡 / Commit id: 2b201af / 镜像：pai-megatron-patch:25.04';
# table 配置 | SeqLen | GlobalBatchSize | GPUNum | TimePerIter (s) | Tokens/GPU/Second
#   tp=1, pp=2, ep=8 | 8192 | 128 | 16 | 10.361 | 6325
#   tp=1, pp=4, ep=4 | 8192 | 256 | 16 | 20.992 | 6244
# '其他配置说明: expert tp=1, MicroBatchSize=1; recompute=false，包括去掉： --recompute-granularity selective --recompute-modules moe;
#  开启drop防止moe负载不均衡：--moe-expert-capacity-factor 1.0; 关闭cuda graph; PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True'
PAI_ROWS = ["tp=1, pp=2, ep=8 | 8192 | 128 | 16 | 10.361 | 6325",
            "tp=1, pp=4, ep=4 | 8192 | 256 | 16 | 20.992 | 6244"]
for row in PAI_ROWS:
    f = [x.strip() for x in row.split("|")]
    d = dict(kv.strip().split("=") for kv in f[0].split(","))
    tp, pp, ep = int(d["tp"]), int(d["pp"]), int(d["ep"])
    seq, gbs, gpus, step, tgs = int(f[1]), int(f[2]), int(f[3]), float(f[4]), int(f[5])
    assert abs(gbs * seq / (gpus * step) / tgs - 1) < 1e-3, row
    dp = gpus // (tp * pp)
    par = {"tp": tp, "pp": pp, "dp": dp, "cp": 1, "ep": ep, "etp": 1, "zero": 1, "framework": "megatron",
           "sequence_parallel": False, "recompute": "none", "flash_attention": True, "precision": "bf16", "overlap": True}
    add(f"pai643-h800-qwen3-30b-a3b-tp{tp}-pp{pp}-ep{ep}-gbs{gbs}", "pai-megatron-patch-issue-643-qwen3-30b-h800",
        f"{PAI_ISSUE} (issue description, 2025-08-08), table '测速结果', row: {row}",
        {"model": {"preset": "qwen3-30b-a3b", "seq": seq}, "hardware": dict(H800, gpus=gpus), "parallel": par,
         "batch": {"global": gbs, "micro": 1}},
        {"kind": "step_seconds", "value": step, "how": "the row's 'TimePerIter (s)' as printed",
         "table_tokens_per_gpu_per_second": tgs},
        ["recompute none: 'recompute=false, including removing --recompute-granularity selective --recompute-modules moe' "
         "(the issue)",
         "etp 1 and micro-batch 1: 'expert tp=1, MicroBatchSize=1' (the issue); accumulation = GBS / dp = " + str(gbs // dp),
         "routing: '--moe-expert-capacity-factor 1.0' (tokens dropped above capacity) with no forced balancing: no expert "
         "receives more than its balanced share; modelled as balanced (routing_imbalance 1), ranks below their share not "
         "credited",
         "GPUs: the row's GPUNum 16 (the text's '32 or 64 cards on DLC' is read as the cluster, not this row)",
         "pipeline split: even (48 layers over pp; no uneven split stated)",
         "zero 1 and overlap true: Pai-Megatron-Patch run_mcore_qwen3.sh defaults (DO=true in the README examples; "
         "--overlap-grad-reduce --overlap-param-gather), not stated in the issue",
         "reduce_dtype: not stated; the engine's Megatron default (fp32) was kept",
         "CUDA graphs off (the issue); flash_attention: Transformer Engine fused attention (not stated)",
         H800_NOTE,
         "model: Qwen3-30B-A3B (preset qwen3-30b-a3b: 48 layers, hidden 2048, 32 query / 4 KV heads of 128, QK-norm, 128 "
         "experts of 768 with 8 per token, vocab 151936, untied)",
         "software: Pai-Megatron-Patch 2b201af08336dea0403df7c6b497c964cf5a2e75, image pai-megatron-patch:25.04 (the issue)",
         "published: the row's 'TimePerIter (s)' (its 'Tokens/GPU/Second' agrees, asserted); averaging not stated"])

# ---------------------------------------------------------------------------------------------------------------------------
# Source torchao-moe-training-llama4-b200: torchao README section 'End-to-end training benchmark with TorchTitan: Llama4 Scout
# vs bfloat16 baseline'. Quoted: '- Single node benchmarks with 4xB200 / - Llama4 16e default configs; FSDP=4, EP=4; AC=none;
# compile=True; seq_len=8192; local_bs=8 / - Reduced num layers from 48 -> 2 to avoid OOM in single node setting / - TorchTitan
# debug model config (same as Llama4 17bx16e, but with 2 layers)'; reproduction commands: --parallelism.data_parallel_shard_degree=4
# --parallelism.expert_parallel_degree=4 --parallelism.tensor_parallel_degree=1 --compile.enable --training.seq_len=8192
# --activation_checkpoint.mode=none, converters quantize.linear.mx / quantize.grouped_mm.mx.
# | Configuration | Throughput (Median Tokens/s) | Max Memory (GiB) | Speedup over bf16
AO_ROWS = [
    ("| bf16 baseline | 49381.0 | 145.55 | -", "bf16", None),
    ("| MXFP8 for Linears only | 52038.0 | 146.62 | 1.053x", None,
     "MXFP8 on the dense linear layers only, the experts' grouped GEMMs in bf16: the engine's precision applies one format to "
     "every block linear layer and the experts together"),
    ("| MXFP8 for Grouped GEMMs only | 69350.0 | 144.71 | 1.404x", None,
     "MXFP8 on the experts' grouped GEMMs only, the attention and shared-expert linears in bf16: the engine's precision applies "
     "one format to every block linear layer and the experts together"),
    ("| MXFP8 for Linears + Grouped GEMMs | 70747.0 | 145.32 | 1.433x", "mxfp8", None),
]
for row, prec, reason in AO_ROWS:
    f = [x.strip() for x in row.strip().strip("|").split("|")]
    tps = float(f[1])
    where = (f"{AO}, section 'End-to-end training benchmark with TorchTitan: Llama4 Scout vs bfloat16 baseline', row: {row} "
             "(the same row since 838dcebb13be7cd7b7ae5d1d8c4e674c89a5d7b8, 2025-10-13)")
    if reason:
        skip("torchao-moe-training-llama4-b200", where, reason)
        continue
    gpus, local_bs, seq = 4, 8, 8192
    par = {"tp": 1, "pp": 1, "cp": 1, "dp": 4, "ep": 4, "zero": 3, "framework": "fsdp", "recompute": "none",
           "kernels": "fused", "flash_attention": True, "precision": prec}
    add(f"torchao-b200-llama-4-scout-2l-fsdp4-ep4-{prec}", "torchao-moe-training-llama4-b200", where,
        {"model": {"preset": "llama-4-scout", "layers": 2, "seq": seq}, "hardware": {"preset": "b200", "gpus": gpus},
         "parallel": par, "batch": {"global": gpus * local_bs, "micro": local_bs}},
        {"kind": "tokens_per_second_per_gpu", "value": tps,
         "how": "the row's 'Throughput (Median Tokens/s)': torchtitan's tps, logged per rank (local tokens / s); step = global "
                "batch 32 x 8192 / (4 x tps)",
         "step_seconds_from_column": round(gpus * local_bs * seq / (gpus * tps), 6)},
        ["model: 'TorchTitan debug model config (same as Llama4 17bx16e, but with 2 layers)': the llama-4-scout preset "
         "(hidden 5120, 40 query / 8 KV heads of 128, 16 experts of 8192, top-1, one shared expert of 8192, vocab 202048, "
         "untied) with layers 2; both layers have experts (17bx16e interleaves MoE every layer); chunked attention "
         "(8192-token chunks) equals causal attention at seq 8192",
         "parallelism: 'FSDP=4, EP=4' (data_parallel_shard_degree 4, expert_parallel_degree 4, tensor_parallel_degree 1): "
         "framework fsdp (FSDP2, zero 3) over 4 ranks, experts split 4 ways over the same ranks",
         "batch: local_bs 8 per rank, one micro-batch per step (no gradient accumulation stated): global 32 sequences of 8192",
         "recompute none ('AC=none'); torch.compile ('compile=True') as kernels fused",
         "precision " + prec + ("" if prec == "bf16" else ": converters quantize.grouped_mm.mx,quantize.linear.mx (MXFP8 "
                                "dynamic quantization of the experts' grouped GEMMs and the linear layers; torchao leaves the "
                                "output head and router in bf16, as the engine does); the recipe (cuBLAS or CUTLASS kernels, "
                                "rounding) is not stated"),
         "hardware: b200 preset, 4 of a node's 8 GPUs (CUDA_VISIBLE_DEVICES=4,5,6,7 in the commands); power limit not stated "
         "(the kernel tables of the same README say 'B200, 1000W limit')",
         "attention: torchtitan's Llama 4 attention kernel (SDPA or FlexAttention) is not stated; the engine's default under "
         "fsdp (flash-attention-2 class) was kept",
         "reduce_dtype: torchtitan's default (fp32 mixed_precision_reduce) not stated; the engine's fsdp default kept",
         "routing: not stated (torchtitan's Llama 4 uses an auxiliary-loss-free load balancing bias); modelled as balanced",
         "software: torchtitan and torchao versions not stated (README of 2025-10-13)"])

skip("torchao-moe-training-llama4-b200",
     f"{AO}, section 'Case study training at scale: 1.3x e2e speedup ...', table '| 512 | 6169 | 7401 | 1.20x' (Number of GPUs | "
     "BF16 tokens/sec | MXFP8 tokens/sec), Llama4 Scout on a 64-node GB200 cluster, seq 8192",
     "layout not stated in this README (only 'Local batch size: 1'); torchtitan's mxfp8.md at b5bcd76c describes the same run "
     "as '64 nodes of 4 devices each = 256 chips', FSDP=256, EP=16, 'Local batch size: 10', contradicting both the 512 GPUs "
     "and the batch; not expressible without guessing")

# ---------------------------------------------------------------------------------------------------------------------------
# Source megatron-moe-modelzoo-qwen3-235b-h100: Megatron-MoE-ModelZoo best_practice/qwen3/readme.md, '### H100', 'Experiment
# Setup: 256 H100 GPUS / NVLink 4th Generation / InfiniBand 8x50 GB/s'. Columns:
# | Model | Dispatcher | System | Precision | #GPUs | SEQ LEN | TP | CP | EP | PP | EDP | ETP | VPP | DP | FSDP | MBS | GBS | GA |
# | recompute | Step time (sec) | Per GPU TF | MFU | Mem | Notes | Code |
MZ_ROWS = [
    "| 235B | DeepEP | H100 | BF16 | 256 | 4096 | 2 | 1 | 32 | 8 | 1 | 1 | 4 | 16 | / | 1 | 2048 | 128 | norm, act | 19.7 | 245 |  |  |  | moe_dev(f3e6c5) |",
    "| 235B | DeepEP | H100 | BF16 | 256 | 4096 | 2 | 1 | 32 | 8 | 1 | 1 | 4 | 16 | / | 1 | 2048 | 128 | norm, act | 17.6 | 276 |  |  | +1f1b overlap | moe_dev(f3e6c5) |",
    "| 235B | DeepEP | H100 | BF16 | 256 | 4096 | 2 | 1 | 8 | 1 | 32 | 1 | 1 | 128 | On | 4 | 2048 | 4 | full | 17.6 | 276 |  |  | disable log para norm | main(1e057005) |",
    "| 235B | A2A | H100 | BF16 | 256 | 4096 | 2 | 1 | 8 | 32 | 1 | 1 | 3 | 4 | / | 1 | 2048 | 512 | norm, act | 24.2 | 200 |  |  |  | main(1e057005) |",
    "| 235B | DeepEP | H100 | BF16 | 256 | 4096 | 4 | 1 | 8 | 8 | 4 | 1 | 4 | 8 | / | 1 | 2048 | 256 |  | 29.0 | 167 |  |  |  | main(1e057005) |",
]
for row in MZ_ROWS:
    f = [x.strip() for x in row.strip().strip("|").split("|")]
    (model, disp, system, prec, gpus, seq, tp, cp, ep, pp, edp, etp, vpp, dp, fsdp, mbs, gbs, ga, rc, step, tf, mfu, mem,
     notes, code) = f
    gpus, seq, tp, cp, ep, pp, edp, etp, vpp, dp, mbs, gbs, ga = map(int, (gpus, seq, tp, cp, ep, pp, edp, etp, vpp, dp, mbs,
                                                                         gbs, ga))
    step = float(step)
    assert tp * cp * pp * dp == gpus and dp * mbs * ga == gbs and ep * etp * edp == tp * cp * dp, row
    where = f"{MZ}, section '### H100', row: {row}"
    if notes == "+1f1b overlap":
        skip("megatron-moe-modelzoo-qwen3-235b-h100", where,
             "the row differs from the one above only by the moe_dev branch's unreleased 1F1B all-to-all overlap "
             "(computation of one micro-batch hiding another's expert all-to-all), which no request field expresses")
        continue
    par = {"tp": tp, "pp": pp, "dp": dp, "cp": cp, "ep": ep, "etp": etp, "framework": "megatron",
           "sequence_parallel": tp > 1, "virtual_stages": vpp, "flash_attention": True, "precision": "bf16"}
    if vpp > 1:
        par["schedule"] = "interleaved"
    if pp > 1:
        par["embedding_as_layer"] = True
        par["loss_as_layer"] = True
    assumed = []
    if rc == "norm, act":
        par.update({"recompute": "selective", "recompute_modules": ["layernorm", "moe_act"]})
        assumed.append("recompute 'norm, act': Megatron selective recompute of the modules layernorm and moe_act")
    elif rc == "full":
        par["recompute"] = "full"
        assumed.append("recompute 'full': Megatron full recompute, uniform, one layer per group (method not stated)")
    else:
        par["recompute"] = "none"
        assumed.append("recompute none: the row's recompute cell is empty")
    if fsdp == "On":
        par["zero"] = 3
        assumed.append("FSDP On: Megatron-Core's own FSDP (Megatron-FSDP) sharding parameters, gradients and optimizer "
                       "states over the data-parallel ranks, modelled as zero 3; 'disable log para norm' (the note) not modelled")
    else:
        par["zero"] = 1
        assumed.append("zero 1: FSDP '/', Megatron's distributed optimizer (not stated; the ModelZoo scripts' default)")
    if pp > 1:
        assumed.append("pipeline split: embedding and loss each take one layer slot (96 slots for 94 layers), as Megatron's "
                       "Qwen3-235B recipes set --account-for-embedding/loss-in-pipeline-split; the row does not say")
    if disp == "DeepEP":
        assumed.append("dispatcher DeepEP (the row): the engine has no DeepEP kernel and costs the all-to-all at NCCL's rate")
    assumed += [
        "degrees, MBS, GBS, GA and ETP are the row's (asserted: TP x CP x PP x DP = #GPUs, DP x MBS x GA = GBS, "
        "EP x ETP x EDP = TP x CP x DP)",
        "sequence_parallel " + str(tp > 1).lower() + ": required by ETP 1 under TP > 1 in Megatron-Core; not stated",
        "routing: not stated for this table (the long-context table of the same README distinguishes forced balance from "
        "dropless, and its command adds --moe-router-force-load-balancing only 'to test forced load balancing'); modelled as "
        "balanced (routing_imbalance 1) for lack of a stated imbalance",
        "reduce_dtype: not stated; the engine's Megatron default (fp32) was kept; overlap of gradient reduce and parameter "
        "gather assumed on (engine default)",
        "flash_attention: Transformer Engine fused attention (not stated)",
        "hardware: h100-sxm preset; 'InfiniBand 8x50 GB/s' per node matches the preset's 8 NICs of 50 GB/s",
        QWEN235_NOTE.replace("Pai-Megatron-Patch's run_mcore_qwen3.sh A22B block has the same sizes (its EXTRA_VOCAB_SIZE "
                             "293 padding not modelled)", "as released"),
        "software: Megatron-LM " + code + " (the row's Code column); TransformerEngine and container not stated in the table",
        "published: the row's 'Step time (sec)' as printed; averaging not stated",
    ]
    tag = f"{disp.lower()}-tp{tp}-ep{ep}-pp{pp}-vpp{vpp}-dp{dp}" + ("-fsdp" if fsdp == "On" else "") + f"-mbs{mbs}"
    add(f"modelzoo-h100-qwen3-235b-a22b-{tag}", "megatron-moe-modelzoo-qwen3-235b-h100", where,
        {"model": {"preset": "qwen3-235b-a22b", "seq": seq}, "hardware": {"preset": "h100-sxm", "gpus": gpus},
         "parallel": par, "batch": {"global": gbs, "micro": mbs}},
        {"kind": "step_seconds", "value": step, "how": "the row's 'Step time (sec)' as printed", "table_per_gpu_tflops": float(tf)},
        assumed)

skip("megatron-moe-modelzoo-qwen3-235b-h100",
     f"{MZ}, section '### H100', row '| Next-80B-A3B | DeepEP | H100 | BF16 | 128 | 4096 | 1 | 1 | 32 | 4 | 1 | 1 | 3 | 32 | / | 1 | 256 | 8 | norm, act, shared_expert | 2.2 | 89 | ...'",
     "Qwen3-Next-80B-A3B mixes Gated DeltaNet (linear attention) layers with gated attention; the engine has no linear-attention layer")
skip("megatron-moe-modelzoo-qwen3-235b-h100",
     f"{MZ}, sections '#### Long Context' (H100, 32 nodes, seq 16384-131072), '### GB200' and '### GB300' tables",
     "these tables give only TFLOPS per GPU, not a step time or tokens/s; converting needs Megatron's FLOP formula for the "
     "run, which the brief does not allow as a transcription; GB300 also has no hardware preset")

with open(os.path.join(HERE, "cases.json"), "w") as fh:
    json.dump(cases, fh, indent=1, ensure_ascii=False)
    fh.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as fh:
    json.dump(notx, fh, indent=1, ensure_ascii=False)
    fh.write("\n")
print(len(cases), "cases;", len(notx), "not expressible")
