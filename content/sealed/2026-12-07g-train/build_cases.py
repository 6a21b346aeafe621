# Builds cases.json / not_expressible.json for the sealed training set of 2026-12-07g: MLPerf Training result
# submissions (mlcommons/training_results_v5.0 and v5.1), Llama 3.1 405B and 8B pre-training.
# The published figure is a steady-state step time read from the submitted MLLOG result logs (see README.md and
# step_times_extracted.json, made by extract_steps.py / mlperf_steps.py from the git blobs at the commits below).
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
V50 = "mlcommons/training_results_v5.0@0fdc28f013256aea84fa36fdaf1e0fa46094b18c"
V51 = "mlcommons/training_results_v5.1@441d65f4445cd59687466533fd9f55399136e7a4"
EX = json.load(open(os.path.join(HERE, "step_times_extracted.json")))

def llama(layers, hidden, heads, kv, ffn, vocab, seq):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn": ffn, "vocab": vocab, "seq": seq,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False, "tied_embeddings": False}

L31_8B = llama(32, 4096, 32, 8, 14336, 128256, 8192)
L31_405B = llama(126, 16384, 128, 8, 53248, 128256, 8192)

def par(tp=1, pp=1, cp=1, vp=1, precision="bf16", tp_overlap=False, split405=False, sp=None):
    p = {"tp": tp, "pp": pp, "cp": cp, "ep": 1, "virtual_stages": vp}
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": 1, "framework": "megatron", "sequence_parallel": (tp > 1) if sp is None else sp, "recompute": "none",
              "flash_attention": True, "precision": precision, "tp_overlap": tp_overlap, "reduce_dtype": "bf16"})
    if split405:
        p["embedding_as_layer"] = True
        p["loss_as_layer"] = True
    return p

cases, notx = [], []
def add(id, source, round_, results_dir, impl_dir, config, model, preset, gpus, parallel, gbs, mbs, assumed):
    key = f"{round_}:{results_dir}"
    ex = EX[key]
    assert id not in {c["id"] for c in cases}, id
    assert id.startswith(source + "-"), id
    meta = ex["meta"][0]
    assert meta["global_batch_size"] == gbs and meta["max_sequence_length"] == model["seq"], (id, meta)
    repo = V50 if round_ == "v5.0" else V51
    cases.append({"id": id, "source": source,
                  "where": f"{repo}/{results_dir}/result_*.txt (MLLOG tracked_stats train_step_time, custom_callbacks.py lines); config {repo}/{impl_dir}/{config}",
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": "step_seconds", "value": round(ex["median_of_run_medians"], 4),
                                "how": "per result_*.txt: median of the per-step train_step_time values logged by custom_callbacks.py, "
                                       "dropping the first two logged values; the case value is the median over the submission's result files",
                                "runs": len(ex["files"]), "run_medians": [round(f["median_from_3rd"], 4) for f in ex["files"]],
                                "log_global_batch_size": meta["global_batch_size"], "log_gradient_accumulation_steps": meta["gradient_accumulation_steps"]},
                  "assumed": assumed})

common405 = [
    "model: Llama 3.1 405B (126 layers, hidden 16384, 128 heads, 8 kv heads, ffn 53248, vocab 128256, untied) = NeMo Llama31Config405B chosen by MODEL_SIZE=405b in pretrain.py (num_layers 126 from custom.yaml OVERWRITTEN_NUM_LAYERS default); seq 8192 from the log's max_sequence_length and custom.yaml encoder_seq_length; vocab padding (make_vocab_size_divisible_by) not modelled",
    "global batch from the log's global_batch_size (= MINIBS x DP per custom.yaml), micro-batch from MICRO_BATCH_SIZE",
    "pipeline split: ASYM_PP_EMBED=True and ASYM_PP_LOSS=True -> account_for_embedding/loss_in_pipeline_split: 126 layers + embedding + loss = 128 slots, written as embedding_as_layer and loss_as_layer",
    "zero 1: USE_DIST_OPTIMIZER=True (Megatron distributed optimizer); OVERLAP_GRAD_REDUCE and OVERLAP_PARAM_GATHER True",
    "reduce_dtype bf16: pretrain.py sets grad_reduce_in_fp32=False",
    "recompute none: ACT_CKPT_GRANULARITY / METHOD / NUM_LAYERS unset (custom.yaml defaults null)",
    "flash_attention true: Transformer Engine fused attention (not stated; NeMo/TE default)",
    "sequence_parallel true: custom.yaml SEQ_PARALLEL default True",
    "rank order: engine default (TP_PP_DP_MAPPING not modelled where set)",
    "steady state: the first two logged steps dropped; train_step_time is NeMo's per-step timer (validation steps are logged under another key and excluded)",
]
h100_extra = [
    "precision fp8-delayed: FP8=True, custom.yaml FP8_RECIPE default 'delayed', FP8_HYBRID default False (pretrain.py: fp8 = 'e4m3'), FP8_AMAX_HISTORY default 1, amax most_recent; FP8_PARAMS=True (fp8 parameter all-gather) recorded, not modelled",
    "tp_overlap true: TP_COMM_OVERLAP=True, MC_TP_OVERLAP_AG/RS True (userbuffers conf/tp_overlap/h100tp*mbs1.yaml)",
    "no CUDA graphs: MCORE_CUDA_GRAPH / FULL_CUDA_GRAPH / LAYER_CUDA_GRAPH not set",
    "software: NGC 25.01 NeMo container (implementation folder name)",
]
# ---------------------------------------------------------------- v5.0 NVIDIA eos-dfw H100 (TP8 PP8 CP2 VP8)
for n, mini in [(64, 288), (256, 72), (304, 64), (320, 56), (1024, 24)]:
    gbs = {64: 1152, 256: 1152, 304: 1216, 320: 1120, 1024: 1536}[n]
    add(f"mlperf-v5.0-nvidia-llama3.1-405b-h100-sxm-{n*8}-fp8-delayed", "mlperf-v5.0-nvidia", "v5.0",
        f"NVIDIA/results/eos-dfw_n{n}_ngc25.01_nemo/llama31_405b", f"NVIDIA/benchmarks/llama31_405b/implementations/eos-dfw_n{n}_ngc25.01_nemo",
        f"config_DGXH100_{n}x8x{mini}xtp8pp8cp2.sh", L31_405B, "h100-sxm", n * 8,
        par(tp=8, pp=8, cp=2, vp=8, precision="fp8-delayed", tp_overlap=True, split405=True), gbs, 1,
        common405 + h100_extra + ["hardware: h100-sxm preset for 'NVIDIA HGX H100' (submission_platform), DGXNNODES x 8 GPUs"])
# ---------------------------------------------------------------- v5.0 Nebius H200 (TP4 PP8 CP2 VP8)
for n, mini in [(64, 144), (128, 72)]:
    add(f"mlperf-v5.0-nebius-llama3.1-405b-h200-{n*8}-fp8-delayed", "mlperf-v5.0-nebius", "v5.0",
        f"Nebius/results/nebius_soperator_8xH200_n{n}_ngc25.01_nemo/llama31_405b", f"Nebius/benchmarks/llama31_405b/implementations/nebius_soperator_8xH200_n{n}_ngc25.01_nemo",
        f"config_DGXH200_{n}x8x{mini}xtp4pp8cp2.sh", L31_405B, "h200", n * 8,
        par(tp=4, pp=8, cp=2, vp=8, precision="fp8-delayed", tp_overlap=True, split405=True), 1152, 1,
        common405 + h100_extra + ["hardware: h200 preset (folder name 8xH200, config DGXH200); the log's submission_platform is a placeholder",
                                  "config_common.sh equals NVIDIA's eos-dfw one except that NCCL_NVLS_ENABLE=0 is commented out; pretrain.py identical",
                                  "the same result logs (identical git blobs) are resubmitted in v5.1 as Nebius/results/nebius_h200_n64 and _n128: counted once, here"])
# ---------------------------------------------------------------- v5.1 NVIDIA hsg GB200 NVFP4 (TP4 PP8 CP2 VP8)
nv51 = [
    "software: NGC 25.09 NeMo container (implementation folder name)",
    "precision nvfp4: config_common_fp4.sh sets FP4=True, FP8=False, FP4_RECIPE=nvfp4 (e2m1) with NVTE_NVFP4_DISABLE_RHT=1, _DISABLE_STOCHASTIC_ROUNDING=1, _DISABLE_2D_QUANTIZATION=1; custom.yaml first_last_layers_bf16 False and num_layers_at_start/end_in_bf16 0 (every block in FP4); attention not FP8 (config_common_fp8attn.sh not sourced)",
    "tp_overlap false: config_common_fp4.sh and the config set TP_COMM_OVERLAP=False",
    "not expressible, recorded: CUDA graphs (config_common_cg.sh: FULL_CUDA_GRAPH=1, MCORE_CUDA_GRAPH=1, scope full_iteration)",
    "hardware: gb200-nvl72 preset for 'NVIDIA GB200' (submission_platform), DGXNNODES x 4 GPUs",
    "config chosen by GPU count: the folder holds one GB200 config with 640 (resp. 1280) nodes; the log's global batch and accumulation steps match it (24 x 40 = 960; 16 x 80 = 1280)",
]
for folder, nodes, mini, gbs in [("hsg_ngpu2560_ngc25.09_nemo", 640, 24, 960), ("hsg_ngpu5120_ngc25.09_nemo", 1280, 16, 1280)]:
    add(f"mlperf-v5.1-nvidia-llama3.1-405b-gb200-nvl72-{nodes*4}-nvfp4", "mlperf-v5.1-nvidia", "v5.1",
        f"NVIDIA/results/{folder}/llama31_405b", f"NVIDIA/benchmarks/llama31_405b/implementations/{folder}",
        f"config_GB200_{nodes}x4x{mini}xtp4pp8cp2_cg_fp4.sh", L31_405B, "gb200-nvl72", nodes * 4,
        par(tp=4, pp=8, cp=2, vp=8, precision="nvfp4", tp_overlap=False, split405=True), gbs, 1,
        common405 + nv51)
# ---------------------------------------------------------------- v5.1 University of Florida B200 (FP8 tensorwise)
uf = [
    "software: NGC 25.09-based NeMo container (b200_nemo folder); hpg.dgxb200x8 holds only the per-size configs and run_*.sub; its README says 'refer to the implementation directory b200_nemo for the details', so the sourced config_common.sh, config_common_405b.sh / config_common_8b.sh, config_common_cg.sh, custom.yaml and pretrain.py are read from University-of-Florida/benchmarks/<bench>/implementations/b200_nemo at the same commit (they equal NVIDIA's hsg files except NVTE_DPA_FP8_RECIPE / GPU_ARCH / BUCKET_SIZE lines)",
    "precision fp8-current: config_common.sh FP8=True, FP8_RECIPE='tensorwise' (Transformer Engine per-tensor current scaling); FP8_PARAM_GATHER=True recorded, not modelled",
    "not expressible, recorded: CUDA graphs (config_common_cg.sh: FULL_CUDA_GRAPH=1, MCORE_CUDA_GRAPH=1)",
    "hardware: b200 preset (folder hpg.dgxb200x8, config DGXB200), DGXNNODES x 8 GPUs; the log's submission_platform is a placeholder",
]
for n in (32, 56):
    add(f"mlperf-v5.1-uf-llama3.1-405b-b200-{n*8}-fp8-current", "mlperf-v5.1-uf", "v5.1",
        f"University-of-Florida/results/hpg.dgxb200x8.n{n}/llama31_405b", "University-of-Florida/benchmarks/llama31_405b/implementations/hpg.dgxb200x8",
        f"config_DGXB200_{n}x8x144xtp4pp8cp2_cg.sh", L31_405B, "b200", n * 8,
        par(tp=4, pp=8, cp=2, vp=8, precision="fp8-current", tp_overlap=False, split405=True), {32: 576, 56: 1008}[n], 1,
        common405 + uf + ["tp_overlap false: the config's '#export TP_COMM_OVERLAP=True' is commented out; custom.yaml default False"])
common8 = [
    "model: Llama 3.1 8B (32 layers, hidden 4096, 32 heads, 8 kv heads, ffn 14336, vocab 128256, untied) = NeMo Llama31Config8B chosen by MODEL_SIZE=8b (config_common_8b.sh, OVERWRITTEN_NUM_LAYERS=32); seq 8192 from the log's max_sequence_length",
    "global batch from the log's global_batch_size, micro-batch from MICRO_BATCH_SIZE; TP 1, PP 1, SEQ_PARALLEL=False, TP_COMM_OVERLAP=False",
    "zero 1: USE_DIST_OPTIMIZER=True; reduce_dtype bf16 (grad_reduce_in_fp32=False in pretrain.py)",
    "recompute none: ACT_CKPT_* unset",
    "flash_attention true: Transformer Engine fused attention (not stated)",
    "FP8_HYBRID=True (E4M3 forward / E5M2 backward) recorded; USE_TE_OPS, FUSED_QKV_ROPE and CE_FUSION_IMPL=te fusions recorded, not modelled",
    "steady state: train_step_time is logged every 32nd step (LOG_EVERY_N_STEPS=32) as NeMo's timer value of that step; the first two logged values dropped",
]
for n, cp, mini, mbs, gbs in [(1, 1, 2, 2, 16), (2, 1, 2, 2, 32), (4, 2, 1, 1, 16), (8, 2, 1, 1, 32), (16, 2, 1, 1, 64), (32, 2, 1, 1, 128)]:
    add(f"mlperf-v5.1-uf-llama3.1-8b-b200-{n*8}-fp8-current", "mlperf-v5.1-uf", "v5.1",
        f"University-of-Florida/results/hpg.dgxb200x8.n{n}/llama31_8b", "University-of-Florida/benchmarks/llama31_8b/implementations/hpg.dgxb200x8",
        f"config_DGXB200_{n}x8x{mini}xtp1pp1cp{cp}_8b.sh", L31_8B, "b200", n * 8,
        par(tp=1, pp=1, cp=cp, vp=1, precision="fp8-current", tp_overlap=False, sp=False), gbs, mbs, common8 + uf)

# ---------------------------------------------------------------- not expressible
NX = [
    ("mlperf-v5.0-nvidia", f"{V50}/NVIDIA/results/tyche_ngpu256_ngc25.04_nemo and tyche_ngpu512_ngc25.04_nemo (llama31_405b, GB200, 256 and 512 GPUs)",
     "the configs source config_common_blackwell.sh (and tyche_ngpu256 also config_common_cg.sh), which are not in the submission: FP8 recipe, CUDA graphs and other Blackwell settings unknown"),
    ("mlperf-v5.0-ibm-coreweave", f"{V50}/IBM+CoreWeave+NVIDIA/results/carina_ngpu512..2496_ngc25.04_nemo (llama31_405b, 5 GB200 runs)",
     "the configs source config_common_blackwell.sh, which is not in the submission"),
    ("mlperf-v5.1-nvidia", f"{V51}/NVIDIA/results/tyche_ngpu512_ngc25.09_nemo/llama31_405b (512 GB200, GBS 1152)",
     "two configs fit the run (config_GB200_128x4x144xtp4pp8cp2_cg.sh FP8 and ..._cg_fp4.sh NVFP4, plus DGXB200_64x8x144) and neither the log nor the folder says which was used"),
    ("mlperf-v5.1-nvidia", f"{V51}/NVIDIA/results/theia_ngpu512_ngc25.09_nemo/llama31_405b and theia 8B runs",
     "GB300 (the TP2 GB300 configs match the log's accumulation steps 72): no GB300 hardware preset; FP8 vs NVFP4 config also ambiguous"),
    ("mlperf-v4.1-nvidia", "mlcommons/training_results_v4.1@b87b9e396f771345d4ef122ba33456304f15228d/NVIDIA/results/eos_n32_ngc24.09_nemo and eos_n64_ngc24.09_nemo (gpt3, H100; train_step_timing in s logged)",
     "GPT-3 shape gaps: the vocabulary is the mounted SentencePiece model c4_en_301_5Mexp2_spm.model (size not stated in the submission), and position embedding / bias / tied output come from the NeMo container's megatron_gpt_config.yaml, not in the submission; normalization is layernorm1p"),
    ("mlperf-v4.1-nvidia", "mlcommons/training_results_v4.1@b87b9e396f771345d4ef122ba33456304f15228d/NVIDIA/results/b200_n8_preview_nemo/gpt3 (64 B200)",
     "as the GPT-3 H100 runs, and the config sources config_common_blackwell.sh, which is not in the submission"),
    ("mlperf-v4.0", "mlcommons/training_results_v4.0@6fe954378efe4a1a1bd665550b18ff8f26018def gpt3 NVIDIA / smc results",
     "the NVIDIA v4.0 GPT-3 logs carry no per-step timing (no train_step_time tracked_stats); the rest as the v4.1 GPT-3 runs"),
    ("mlperf-v5.1-partners", f"{V51} llama31_8b results of Dell, Lenovo, Supermicro, Oracle, Nebius, Verda, Cisco, NVIDIA tyche GB200 8B",
     "not read for lack of time (each folder holds many configs, FP8 and NVFP4 alternatives for the same GPU count, so the config of a run must be established per submission)"),
]
for s, w, r in NX:
    notx.append({"source": s, "where": w, "reason": r})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1); f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(notx, f, indent=1); f.write("\n")
print(len(cases), "cases,", len(notx), "not expressible rows")
