# Builds cases.json / not_expressible.json for the sealed training set of 2026-12-07h: MLPerf Training v5.1 llama31_8b
# submissions (mlcommons/training_results_v5.1) that the 2026-12-07g set did not hold. Same case format, the same step-time
# derivation (step_times_extracted.json, written by extract_steps.py / mlperf_steps.py, which are the 07g scripts) and the
# same default rules as ../2026-12-07g-train/build_cases.py. Never time-to-train.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
V51 = "mlcommons/training_results_v5.1@441d65f4445cd59687466533fd9f55399136e7a4"
EX = json.load(open(os.path.join(HERE, "step_times_extracted.json")))

def llama(layers, hidden, heads, kv, ffn, vocab, seq):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn": ffn, "vocab": vocab, "seq": seq,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False, "tied_embeddings": False}

L31_8B = llama(32, 4096, 32, 8, 14336, 128256, 8192)

def par(tp=1, pp=1, cp=1, vp=1, precision="bf16", tp_overlap=False, sp=None):
    p = {"tp": tp, "pp": pp, "cp": cp, "ep": 1, "virtual_stages": vp}
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": 1, "framework": "megatron", "sequence_parallel": (tp > 1) if sp is None else sp, "recompute": "none",
              "flash_attention": True, "precision": precision, "tp_overlap": tp_overlap, "reduce_dtype": "bf16"})
    return p

cases, notx = [], []
def add(id, source, results_dir, impl_dir, config, preset, gpus, parallel, gbs, mbs, ga, lr, warmup, assumed):
    key = f"v5.1:{results_dir}"
    ex = EX[key]
    assert id not in {c["id"] for c in cases}, id
    assert id.startswith(source + "-"), id
    assert len(ex["meta"]) == 1 and len(ex["hyper"]) == 1, (id, ex["meta"], ex["hyper"])
    meta, hyp = ex["meta"][0], ex["hyper"][0]
    model = parallel_model = L31_8B
    # the log's batch, sequence and accumulation must be the config's (GBS = MINIBS x DP, GA = MINIBS / MICRO_BATCH_SIZE)
    dp = gpus // (parallel["tp"] * parallel["pp"] * parallel["cp"])
    assert meta["global_batch_size"] == gbs and meta["max_sequence_length"] == model["seq"], (id, meta)
    assert gbs == dp * mbs * ga and meta["gradient_accumulation_steps"] == ga, (id, meta, dp)
    # the log's learning rate and warm-up steps must be the config's LR and WARMUP_STEPS (a check that this config ran)
    assert hyp["opt_base_learning_rate"] == lr and hyp["opt_learning_rate_warmup_steps"] == warmup, (id, hyp)
    cases.append({"id": id, "source": source,
                  "where": f"{V51}/{results_dir}/result_*.txt (MLLOG tracked_stats train_step_time, custom_callbacks.py lines); config {V51}/{impl_dir}/{config}",
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": "step_seconds", "value": round(ex["median_of_run_medians"], 4),
                                "how": "per result_*.txt: median of the per-step train_step_time values logged by custom_callbacks.py, "
                                       "dropping the first two logged values; the case value is the median over the submission's result files",
                                "runs": len(ex["files"]), "run_medians": [round(f["median_from_3rd"], 4) for f in ex["files"]],
                                "log_global_batch_size": meta["global_batch_size"], "log_gradient_accumulation_steps": meta["gradient_accumulation_steps"],
                                "log_opt_base_learning_rate": lr, "log_opt_learning_rate_warmup_steps": warmup},
                  "assumed": assumed})

MODEL = ("model: Llama 3.1 8B (32 layers, hidden 4096, 32 heads, 8 kv heads, ffn 14336, vocab 128256, untied) = NeMo Llama31Config8B chosen by "
         "MODEL_SIZE=8b (config_common_8b.sh, OVERWRITTEN_NUM_LAYERS=32); seq 8192 from the log's max_sequence_length; vocab padding not modelled")
BASE = [
    MODEL,
    "global batch from the log's global_batch_size (= MINIBS x DP), micro-batch from MICRO_BATCH_SIZE; the log's gradient_accumulation_steps, opt_base_learning_rate and opt_learning_rate_warmup_steps equal the config's MINIBS / MICRO_BATCH_SIZE, LR and WARMUP_STEPS (asserted in build_cases.py)",
    "zero 1: USE_DIST_OPTIMIZER=True; reduce_dtype bf16 (pretrain.py: grad_reduce_in_fp32=False)",
    "recompute none: ACT_CKPT_* unset (custom.yaml defaults null)",
    "flash_attention true: Transformer Engine fused attention (not stated; NeMo/TE default)",
    "pipeline 1, no virtual stages (PIPELINE_MODEL_PARALLEL=1, INTERLEAVED_PIPELINE null)",
]
NV25 = [  # NVIDIA's v5.1 llama31 code (NGC 25.09 NeMo), as used by every submitter below except Cisco
    "steady state: train_step_time is logged every 32nd step (LOG_EVERY_N_STEPS=32 in config_common_8b.sh) as NeMo's timer value of that step; the first two logged values dropped",
    "FP8_HYBRID=True (E4M3 forward / E5M2 backward) recorded; USE_TE_OPS, FUSED_QKV_ROPE and CE_FUSION_IMPL=te fusions recorded, not modelled",
    "rank order: engine default (TP_PP_DP_MAPPING=True in config_common.sh not modelled)",
]
def fp8cur(extra=""):
    return ["precision fp8-current: config_common.sh FP8=True, FP8_RECIPE='tensorwise' (Transformer Engine per-tensor current scaling); FP8_PARAM_GATHER=True recorded, not modelled" + extra]
NVFP4 = ["precision nvfp4: config_common_fp4.sh FP4=True, FP8=False, FP4_RECIPE=nvfp4, FP8_PARAM_GATHER=False, NVTE_NVFP4_DISABLE_RHT=1; config_common_8b.sh, sourced after it, sets NVTE_NVFP4_DISABLE_STOCHASTIC_ROUNDING=0 and _DISABLE_2D_QUANTIZATION=0 (stochastic rounding and 2D weight quantisation on); custom.yaml first_last_layers_bf16 False, num_layers_at_start/end_in_bf16 0 (every block in FP4); recorded, not modelled: RHT off, stochastic rounding, 2D quantisation",
         "not expressible, recorded: FP8 attention (config_common_fp8attn.sh: FP8_DPA=True, NVTE_DPA_FP8_RECIPE Float8CurrentScaling from config_common_fp4.sh)"]
CG_MCORE_ONLY = ["not expressible, recorded: CUDA graphs (config_common_cg.sh MCORE_CUDA_GRAPH=1; the config sets FULL_CUDA_GRAPH=0)"]
CG_FULL = ["not expressible, recorded: CUDA graphs (config_common_cg.sh: FULL_CUDA_GRAPH=1, MCORE_CUDA_GRAPH=1)"]
TP1 = ["TP 1, CP as in the config name, SEQ_PARALLEL=False, TP_COMM_OVERLAP=False"]
def b200(what):
    return [f"hardware: b200 preset ({what}: NVIDIA Blackwell GPU B200-SXM-180GB in the systems JSON), DGXNNODES x 8 GPUs"]

# ---------------------------------------------------------------- Cisco, H100 (NVIDIA's v5.0 NeMo 25.01 code)
cisco = [
    "software: the implementation folder is NVIDIA's v5.0 code (README-eos-dfw_n64_ngc25.01_nemo.md, Dockerfile FROM nvcr.io/nvidia/pytorch:25.01-py3); its pretrain.py builds Llama31Config8B for MODEL_SIZE=8b",
    "precision fp8-delayed: config_common.sh FP8=True; FP8_RECIPE and FP8_HYBRID unset -> custom.yaml defaults 'delayed' and False (pretrain.py: fp8 = 'e4m3'), FP8_AMAX_HISTORY default 1, amax most_recent; FP8_PARAMS=True (fp8 parameter all-gather) recorded, not modelled",
    "no CUDA graphs: MCORE_CUDA_GRAPH=False, LAYER_CUDA_GRAPH unset (custom.yaml default False)",
    "steady state: this code logs train_step_time every step (LOG_EVERY_N_STEPS unset, custom.yaml default 1; the metadata 'step' is the sample count (step + 1) x global batch, so successive entries differ by 64); the first two logged values dropped",
    "hardware: h100-sxm preset (systems JSON hpf_n8 / hpf_n16: NVIDIA H100-SXM5-80GB, 8 GPUs per node); the log's submission_platform is a placeholder",
    "rank order: engine default",
]
add("mlperf-v5.1-cisco-llama3.1-8b-h100-sxm-64-fp8-delayed", "mlperf-v5.1-cisco", "Cisco/results/hpf_n8/llama31_8b",
    "Cisco/benchmarks/llama31_8b/implementations/nemo", "config_DGXH100_8x8x1xtp1pp1cp1.sh", "h100-sxm", 64,
    par(tp=1, cp=1, precision="fp8-delayed", tp_overlap=False, sp=False), 64, 1, 1, 0.0008, 192,
    BASE + cisco + ["TP 1, CP 1: the config's TP_COMM_OVERLAP=True and custom.yaml's SEQ_PARALLEL default True have nothing to act on at TP 1 (written as tp_overlap false, sequence_parallel false)",
                    "config chosen by GPU count: the folder's only 8-node config"])
add("mlperf-v5.1-cisco-llama3.1-8b-h100-sxm-128-fp8-delayed", "mlperf-v5.1-cisco", "Cisco/results/hpf_n16/llama31_8b",
    "Cisco/benchmarks/llama31_8b/implementations/nemo", "config_DGXH100_16x8x1xtp2pp1cp1.sh", "h100-sxm", 128,
    par(tp=2, cp=1, precision="fp8-delayed", tp_overlap=True, sp=True), 64, 1, 1, 0.0008, 192,
    BASE + cisco + ["TP 2, CP 1; sequence_parallel true: SEQ_PARALLEL unset, custom.yaml default True; tp_overlap true: TP_COMM_OVERLAP=True, MC_TP_OVERLAP_AG/RS True (userbuffers conf/tp_overlap/h100tp2mbs1.yaml)",
                    "config chosen by GPU count: the folder's only 16-node config"])

# ---------------------------------------------------------------- Dell, B200 (NVIDIA's v5.1 code)
dell = ["software: Dell/benchmarks/llama31_8b/implementations/nemo (Dockerfile FROM pytorch:25.09-py3); config_common*.sh, custom.yaml, pretrain.py and custom_callbacks.py equal NVIDIA's nemo files except that config_common.sh lacks GPU_ARCH=gb200",
        "config chosen by the system name in its file name (the README's config_<SYSTEM_NAME>_... convention); the log's submission_platform is the same system"]
add("mlperf-v5.1-dell-llama3.1-8b-b200-8-nvfp4", "mlperf-v5.1-dell", "Dell/results/1xXE9680Lx8B200-SXM-180GB/llama31_8b",
    "Dell/benchmarks/llama31_8b/implementations/nemo", "config_1xXE9680Lx8B200-SXM-180GB.sh", "b200", 8,
    par(tp=1, cp=1, precision="nvfp4"), 16, 2, 1, 0.0004, 16,
    BASE + NV25 + TP1 + NVFP4 + CG_MCORE_ONLY + dell + b200("PowerEdge XE9680L"))
add("mlperf-v5.1-dell-llama3.1-8b-b200-16-fp8-current-xe9680l", "mlperf-v5.1-dell", "Dell/results/2xXE9680Lx8B200-SXM-180GB/llama31_8b",
    "Dell/benchmarks/llama31_8b/implementations/nemo", "config_2xXE9680Lx8B200-SXM-180GB_2x8x2xtp1pp1cp1_8b.sh", "b200", 16,
    par(tp=1, cp=1, precision="fp8-current"), 32, 2, 1, 0.0004, 16,
    BASE + NV25 + TP1 + fp8cur("; attention not FP8 (config_common_fp8attn.sh not sourced)") + CG_FULL + dell + b200("2 x PowerEdge XE9680L"))
add("mlperf-v5.1-dell-llama3.1-8b-b200-16-fp8-current-xe9685l", "mlperf-v5.1-dell", "Dell/results/2xXE9685Lx8B200-SXM-180GB/llama31_8b",
    "Dell/benchmarks/llama31_8b/implementations/nemo", "config_XE9685Lx8B200-SXM-180GB_2x8x2xtp1pp1cp1.sh", "b200", 16,
    par(tp=1, cp=1, precision="fp8-current"), 32, 2, 1, 0.0004, 16,
    BASE + NV25 + TP1 + fp8cur("; attention not FP8 (config_common_fp8attn.sh not sourced)") + CG_FULL + dell + b200("2 x PowerEdge XE9685L")
    + ["the config sources config_common_8b.sh (not config_XE9685Lx8B200-SXM-180GB_common_8b.sh)"])

# ---------------------------------------------------------------- HPE, H200
add("mlperf-v5.1-hpe-llama3.1-8b-h200-64-fp8-current", "mlperf-v5.1-hpe", "HPE/results/HPE-Cray-XD670-H200-SXM5-141GB_n8_25.09/llama31_8b",
    "HPE/benchmarks/llama3_8b/implementations/nemo-x86_64", "config_XD670_8x8x1xtp1pp1cp2_8b.sh", "h200", 64,
    par(tp=1, cp=2, precision="fp8-current"), 32, 1, 1, 0.0008, 96,
    BASE + NV25 + TP1 + fp8cur() + CG_FULL +
    ["not expressible, recorded: FP8 attention (config_common_fp8attn.sh sourced: FP8_DPA=True, NVTE_DPA_FP8_FORMAT HYBRID)",
     "software: HPE/benchmarks/llama3_8b/implementations/nemo-x86_64 (Dockerfile FROM pytorch:25.08-py3); custom.yaml, pretrain.py and custom_callbacks.py equal NVIDIA's v5.1 nemo files; config_common.sh lacks NVTE_DPA_FP8_RECIPE, NVTE_DPA_FP8DS_REDUCE_AMAX and GPU_ARCH lines, config_common_8b.sh lacks BUCKET_SIZE",
     "config chosen by GPU count: the folder's only 8-node config (config_XD670_8x8x1xtp1pp1cp2_8b.sh)",
     "hardware: h200 preset (systems JSON: HPE Cray XD670, NVIDIA H200-SXM5-141GB, 8 nodes x 8); the log's submission_platform is a placeholder"])

# ---------------------------------------------------------------- Lenovo, B200
lenovo = ["software: Lenovo/benchmarks/llama31_8b (Dockerfile FROM pytorch:25.09-py3); config_common*.sh, custom.yaml, pretrain.py and custom_callbacks.py equal NVIDIA's nemo files except that config_common.sh lacks GPU_ARCH=gb200",
          "config: the folder's only config, config_SR780aV3_SR680aV3_SR680aV4.sh, named for this system (1 node x 8)"]
for sysn, tag in [("SR680aV3-8xB200_SXM_180GB", "sr680av3"), ("SR780aV3-8xB200_SXM_180GB", "sr780av3")]:
    add(f"mlperf-v5.1-lenovo-llama3.1-8b-b200-8-nvfp4-{tag}", "mlperf-v5.1-lenovo", f"Lenovo/results/{sysn}/llama31_8b",
        "Lenovo/benchmarks/llama31_8b", "config_SR780aV3_SR680aV3_SR680aV4.sh", "b200", 8,
        par(tp=1, cp=1, precision="nvfp4"), 16, 2, 1, 0.0004, 16,
        BASE + NV25 + TP1 + NVFP4 + CG_MCORE_ONLY + lenovo + b200("ThinkSystem " + sysn.split("-")[0]))

# ---------------------------------------------------------------- NVIDIA tyche, GB200
nvt = ["software: NGC 25.09 NeMo container; the README in implementations/tyche_ngpu*_ngc25.09_nemo names the config in implementations/nemo, which is read there",
       "hardware: gb200-nvl72 preset (systems JSON: NVIDIA GB200, DGXNNODES x 4 GPUs); source id mlperf-v5.1-nvidia-tyche, kept apart from 07g's mlperf-v5.1-nvidia (hsg 405B)"]
add("mlperf-v5.1-nvidia-tyche-llama3.1-8b-gb200-nvl72-8-nvfp4", "mlperf-v5.1-nvidia-tyche", "NVIDIA/results/tyche_ngpu8_ngc25.09_nemo/llama31_8b",
    "NVIDIA/benchmarks/llama31_8b/implementations/nemo", "config_GB200_2x4x2xtp1pp1cp1_8b_fp4.sh", "gb200-nvl72", 8,
    par(tp=1, cp=1, precision="nvfp4"), 16, 2, 1, 0.0004, 16,
    BASE + NV25 + TP1 + NVFP4 + CG_MCORE_ONLY + nvt)
add("mlperf-v5.1-nvidia-tyche-llama3.1-8b-gb200-nvl72-72-fp8-current", "mlperf-v5.1-nvidia-tyche", "NVIDIA/results/tyche_ngpu72_ngc25.09_nemo/llama31_8b",
    "NVIDIA/benchmarks/llama31_8b/implementations/nemo", "config_GB200_18x4x1xtp1pp1cp2_8b.sh", "gb200-nvl72", 72,
    par(tp=1, cp=2, precision="fp8-current"), 36, 1, 1, 0.0008, 96,
    BASE + NV25 + TP1 + fp8cur("; attention not FP8 (NVTE_DPA_FP8_RECIPE=F16, config_common_fp8attn.sh not sourced)") + CG_FULL + nvt)
add("mlperf-v5.1-nvidia-tyche-llama3.1-8b-gb200-nvl72-512-fp8-current", "mlperf-v5.1-nvidia-tyche", "NVIDIA/results/tyche_ngpu512_ngc25.09_nemo/llama31_8b",
    "NVIDIA/benchmarks/llama31_8b/implementations/nemo", "config_GB200_128x4x1xtp2pp1cp4_8b.sh", "gb200-nvl72", 512,
    par(tp=2, cp=4, precision="fp8-current", tp_overlap=True, sp=True), 64, 1, 1, 0.0008, 64,
    BASE + NV25 + fp8cur("; attention not FP8 (NVTE_DPA_FP8_RECIPE=F16, config_common_fp8attn.sh not sourced)") + CG_FULL + nvt +
    ["TP 2, CP 4: SEQ_PARALLEL=True; tp_overlap true: TP_COMM_OVERLAP=True, MC_TP_OVERLAP_AG/RS True (userbuffers conf/tp_overlap/gb200tp2mbs1.yaml, GPU_ARCH=gb200); USE_TE_OPS=False and BUCKET_SIZE=768000000 in the config"])

# ---------------------------------------------------------------- Nebius, B200 (1 node)
add("mlperf-v5.1-nebius-llama3.1-8b-b200-8-nvfp4", "mlperf-v5.1-nebius", "Nebius/results/nebius_b200_n1/llama31_8b",
    "Nebius/benchmarks/llama31_8b/configs/nebius_b200_n1", "config_DGXB200_1x8x2xtp1pp1cp1_8b_fp4.sh", "b200", 8,
    par(tp=1, cp=1, precision="nvfp4"), 16, 2, 1, 0.0004, 16,
    BASE + NV25 + TP1 + NVFP4 + CG_MCORE_ONLY + b200("nebius_b200_n1") +
    ["config: configs/nebius_b200_n1 holds only this config and run_DGXB200_1x8x2xtp1pp1cp1_8b_fp4.sh, which sources it; its config_common*.sh equal NVIDIA's except the GPU_ARCH line; custom.yaml, pretrain.py and custom_callbacks.py read at Nebius/benchmarks/llama31_8b (equal to NVIDIA's); Dockerfile FROM pytorch:25.09-py3",
     "source id mlperf-v5.1-nebius: 07g counted Nebius's v5.1 H200 405B logs once, under mlperf-v5.0-nebius"])

# ---------------------------------------------------------------- Oracle, B200 (8 nodes)
add("mlperf-v5.1-oracle-llama3.1-8b-b200-64-fp8-current", "mlperf-v5.1-oracle", "Oracle/results/8xBM.GPU.B200.8/llama31_8b",
    "Oracle/benchmarks/llama31_8b", "config_DGXB200_8x8x1xtp1pp1cp2_8b.sh", "b200", 64,
    par(tp=1, cp=2, precision="fp8-current"), 32, 1, 1, 0.0008, 96,
    BASE + NV25 + TP1 + fp8cur("; attention not FP8 (NVTE_DPA_FP8_RECIPE=F16, config_common_fp8attn.sh not sourced)") + CG_FULL + b200("8 x BM.GPU.B200.8") +
    ["config: the folder's only 8-node config, and the one run_llama31-8b.sh sources",
     "software: Oracle/benchmarks/llama31_8b holds only configs and run scripts; its config_common*.sh equal NVIDIA's v5.1 nemo files except the GPU_ARCH line, so the custom.yaml defaults and pretrain.py (model choice, grad_reduce_in_fp32) are read at NVIDIA/benchmarks/llama31_8b/implementations/nemo, same commit (the container, llama3_8b_20251008.sqsh, is not in the submission)"])

# ---------------------------------------------------------------- Supermicro, B200 (1 node)
for sysn in ("AS-4126GS-NBR-LCC", "SYS-422GS-NBRT-LCC"):
    add(f"mlperf-v5.1-supermicro-llama3.1-8b-b200-8-nvfp4-{sysn.lower()}", "mlperf-v5.1-supermicro", f"Supermicro/results/{sysn}/llama31_8b",
        f"Supermicro/benchmarks/llama31_8b/implementations/{sysn}", f"config_{sysn}_1x8x2xtp1pp1cp1_8b_fp4.sh", "b200", 8,
        par(tp=1, cp=1, precision="nvfp4"), 16, 2, 1, 0.0004, 16,
        BASE + NV25 + TP1 + NVFP4 + CG_MCORE_ONLY + b200(sysn) +
        ["config chosen by the system name in its file name (the folder also holds NVIDIA's generic DGXB200 configs, one of them FP8 for 8 GPUs; the system-named one is taken, as the README's config_<SYSTEM_NAME>_... convention says)",
         "software: the folder's config_common*.sh equal NVIDIA's except NCCL_NET=Socket added and the GPU_ARCH line; it has no custom.yaml / pretrain.py: read at Supermicro/benchmarks/llama31_8b/implementations/Blackwell_llama31_8b (equal to NVIDIA's)"])

# ---------------------------------------------------------------- Verda, B200 (8 nodes)
add("mlperf-v5.1-verda-llama3.1-8b-b200-64-fp8-current", "mlperf-v5.1-verda", "Verda/results/b200_8x8_ngc25.09/llama31_8b",
    "Verda/benchmarks/llama31_8b/implementations/b200_8x8_ngc25.09", "config_DGXB200_8x8x1xtp1pp1cp2_8b.sh", "b200", 64,
    par(tp=1, cp=2, precision="fp8-current"), 32, 1, 1, 0.0008, 96,
    BASE + NV25 + TP1 + fp8cur("; attention not FP8 (config_common_fp8attn.sh not sourced)") + CG_FULL + b200("b200_8x8") +
    ["config chosen by GPU count: the folder's only 64-GPU B200 config",
     "software: Dockerfile FROM pytorch:25.09-py3; custom.yaml, pretrain.py, custom_callbacks.py equal NVIDIA's; config_common.sh lacks NVTE_DPA_FP8_RECIPE / NVTE_DPA_FP8DS_REDUCE_AMAX / GPU_ARCH lines, config_common_8b.sh lacks BUCKET_SIZE"])

# ---------------------------------------------------------------- not expressible
NX = [
    ("mlperf-v5.1-nebius", f"{V51}/Nebius/results/nebius_b200_n2/llama31_8b (16 B200, GBS 32, accumulation 2)",
     "the only config for it (configs/nebius_b200_n2/config_DGXB200_2x8x2xtp1pp1cp1_8b_fp4.sh) sets LR=0.0004 and WARMUP_STEPS=96, but the log states opt_base_learning_rate 0.0008 and warm-up 192 steps: the submitted config is not the one that ran as written, so its other settings (precision, CUDA graphs) cannot be taken as the run's"),
    ("mlperf-v5.1-nebius", f"{V51}/Nebius/results/nebius_b200_n4/llama31_8b (32 B200, GBS 32)",
     "the only config for it (configs/nebius_b200_n4/config_DGXB200_4x8x1xtp1pp1cp1_8b_fp4.sh) sets LR=0.0004; the log states 0.0008: as n2"),
    ("mlperf-v5.1-oracle", f"{V51}/Oracle/results/1xBM.GPU.B200.8/llama31_8b (8 B200, GBS 16)",
     "two configs fit (config_DGXB200_1x8x2xtp1pp1cp1_8b.sh FP8 and ..._8b_fp4.sh NVFP4; both LR 0.0004, warm-up 16, MINIBS 2 = MICRO_BATCH_SIZE 2) and neither the log, run_llama31-8b.sh (which sources the 8-node config) nor the folder says which ran"),
    ("mlperf-v5.1 B300 / GB300", f"{V51}: Dell 1xXE9780x8B300, Lenovo SR680aV4-8xB300, Nebius nebius_b300_n1, Supermicro AS-8126GS-NB3RT (B300), Lambda gb300_n18, NVIDIA theia (GB300) llama31_8b",
     "no B300 / GB300 hardware preset"),
    ("mlperf-v5.1 AMD", f"{V51}: AMD, Cisco 1xC885A_M8-8xMI350X, Dell XE9785L_8xMI355X, GigaComputing G893-ZX1-AAX4, Supermicro 8xMI355X llama31_8b",
     "not NVIDIA H100/H200/B200/GB200 (out of this set's scope)"),
    ("llama31_405b v5.0 / v5.1", "mlcommons/training_results_v5.0@0fdc28f013256aea84fa36fdaf1e0fa46094b18c and " + V51 + " llama31_405b",
     "no submission beyond those the 07g set holds or lists as not expressible (NVIDIA eos-dfw, tyche, hsg, theia; IBM+CoreWeave carina; Nebius; University of Florida)"),
]
for s, w, r in NX:
    notx.append({"source": s, "where": w, "reason": r})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1); f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(notx, f, indent=1); f.write("\n")
print(len(cases), "cases,", len(notx), "not expressible rows")
