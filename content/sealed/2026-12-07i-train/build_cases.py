# Builds cases.json / not_expressible.json for the sealed training set of 2026-12-07i: MLPerf Training v4.0 and v4.1 gpt3
# (GPT-3 175B) submissions on NVIDIA GPUs (mlcommons/training_results_v4.0 and _v4.1). Same case format, the same step-time
# derivation (step_times_extracted.json, written by extract_steps.py / mlperf_steps.py; mlperf_steps.py is 07g's file) and
# the same default rules as ../2026-12-07h-train/build_cases.py. Never time-to-train.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
V40 = "mlcommons/training_results_v4.0@6fe954378efe4a1a1bd665550b18ff8f26018def"
V41 = "mlcommons/training_results_v4.1@b87b9e396f771345d4ef122ba33456304f15228d"
REPO = {"v4.0": V40, "v4.1": V41}
EX = json.load(open(os.path.join(HERE, "step_times_extracted.json")))

# GPT-3 175B as NeMo builds it for MLPerf (see MODEL below for where each field comes from). TP is 4 in every case, so the
# padded vocabulary is the same for all of them.
TP = 4
VOCAB_TOKENIZER = 50257
PAD = 128 * TP                                   # make_vocab_size_divisible_by (128) x tensor_model_parallel_size
VOCAB = -(-VOCAB_TOKENIZER // PAD) * PAD          # 50688
assert VOCAB == 50688
GPT3 = {"layers": 96, "hidden": 12288, "heads": 96, "kv_heads": 96, "ffn": 49152, "vocab": VOCAB, "seq": 2048,
        "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": False, "tied_embeddings": True}
# the resolved NeMo config as the SMC and Oracle logs print it (extract_steps.py reads it); the request must agree with it
PRINTED_MODEL = {"num_layers": "96", "hidden_size": "12288", "num_attention_heads": "96", "ffn_hidden_size": "49152",
                 "encoder_seq_length": "2048", "max_position_embeddings": "2048", "position_embedding_type": "learned_absolute",
                 "activation": "gelu", "normalization": "layernorm1p", "bias": "true", "hidden_dropout": "0.0",
                 "attention_dropout": "0.0", "share_embeddings_and_output_weights": "true", "make_vocab_size_divisible_by": "128"}

def par(pp, vp, mbs):
    return {"tp": TP, "pp": pp, "cp": 1, "ep": 1, "virtual_stages": vp, "schedule": "interleaved", "zero": 1,
            "framework": "megatron", "sequence_parallel": True, "recompute": "none", "flash_attention": True,
            "precision": "fp8-delayed", "tp_overlap": True, "reduce_dtype": "bf16"}

cases, notx = [], []
def add(id, source, rnd, results_dir, impl_dir, config, gpus, pp, vp, mbs, minibs, printed, assumed):
    key = f"{rnd}:{results_dir}"
    ex = EX[key]
    assert id not in {c["id"] for c in cases}, id
    assert id.startswith(source + "-"), id
    assert len(ex["meta"]) == 1 and len(ex["hyper"]) == 1, (id, ex["meta"], ex["hyper"])
    assert "median_of_run_medians" in ex and all(f["n"] > 3 for f in ex["files"]), id
    meta, hyp = ex["meta"][0], ex["hyper"][0]
    dp = gpus // (TP * pp)
    gbs = minibs * dp                              # custom.yaml: GBS = MINIBS x (GPUs // (TP x PP))
    ga = minibs // mbs
    # the log's batch, sequence and accumulation must be the config's
    assert meta["global_batch_size"] == gbs and meta["max_sequence_length"] == GPT3["seq"], (id, meta, gbs)
    assert meta["gradient_accumulation_steps"] == ga and gbs == dp * mbs * ga, (id, meta, ga)
    assert 96 % (pp * vp) == 0, id
    # custom.yaml (no LR / WARMUP_STEPS in any config here): lr 2e-5 when GBS < 3600 else 3e-5; warmup_steps 407040 / GBS,
    # logged as its integer part. The log must agree (a check on GBS, not an independent check of the config).
    lr = 2e-5 if gbs < 3600 else 3e-5
    assert hyp["opt_base_learning_rate"] == lr and hyp["opt_learning_rate_warmup_steps"] == 407040 // gbs, (id, hyp)
    # where the log prints the resolved NeMo config, every layout and model value must be the request's
    if printed:
        assert len(ex["printed_config"]) == 1, id
        pc = ex["printed_config"][0]
        want = dict(PRINTED_MODEL)
        want.update({"tensor_model_parallel_size": str(TP), "pipeline_model_parallel_size": str(pp),
                     "virtual_pipeline_model_parallel_size": str(vp), "micro_batch_size": str(mbs), "global_batch_size": str(gbs),
                     "sequence_parallel": "true", "fp8": "true", "fp8_hybrid": "true", "fp8_amax_history_len": "1024",
                     "fp8_amax_compute_algo": "max", "ub_tp_comm_overlap": "true", "activations_checkpoint_granularity": "null",
                     "activations_checkpoint_method": "null", "cpu_offloading": "false", "enable_cuda_graph": "false",
                     "grad_sync_dtype": "bf16", "megatron_amp_O2": "true", "log_every_n_steps": "1"})
        bad = {k: (pc.get(k), v) for k, v in want.items() if pc.get(k) != v}
        assert not bad, (id, bad)
    else:
        assert ex["printed_config"] == [{}], id
    files = ex["files"]
    cases.append({"id": id, "source": source,
                  "where": f"{REPO[rnd]}/{results_dir}/result_*.txt (MLLOG tracked_stats 'train_step_timing in s', custom_callbacks.py lines); config {REPO[rnd]}/{impl_dir}/{config}",
                  "request": {"model": GPT3, "hardware": {"preset": "h100-sxm", "gpus": gpus},
                              "parallel": par(pp, vp, mbs), "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": "step_seconds", "value": round(ex["median_of_run_medians"], 4),
                                "how": "per result_*.txt: median of the per-step 'train_step_timing in s' values logged by custom_callbacks.py "
                                       "(one per optimizer step: the metadata 'step' advances by global batch x 2048 tokens), dropping the first "
                                       "two logged values; the case value is the median over the submission's result files",
                                "runs": len(files), "run_medians": [round(f["median_from_3rd"], 4) for f in files],
                                "run_ranges": [[round(f["min_from_3rd"], 3), round(f["max_from_3rd"], 3)] for f in files],
                                "run_first20_last20_medians": [[round(f["median_first20_kept"], 3), round(f["median_last20_kept"], 3)] for f in files],
                                "log_global_batch_size": meta["global_batch_size"], "log_gradient_accumulation_steps": meta["gradient_accumulation_steps"],
                                "log_opt_base_learning_rate": hyp["opt_base_learning_rate"],
                                "log_opt_learning_rate_warmup_steps": hyp["opt_learning_rate_warmup_steps"]},
                  "assumed": assumed})

MODEL_PRINTED = ("model: GPT-3 175B as the log's printed NeMo config resolves it: num_layers 96, hidden_size 12288, num_attention_heads 96 "
                 "(multihead, so kv_heads 96), ffn_hidden_size 49152, encoder_seq_length / max_position_embeddings 2048, activation gelu, "
                 "bias true, position_embedding_type learned_absolute, share_embeddings_and_output_weights true, hidden/attention dropout 0.0 "
                 "(asserted in build_cases.py)")
MODEL_FROM_ORACLE = ("model: GPT-3 175B. custom.yaml sets num_layers 96, hidden_size 12288, num_attention_heads 96 (kv_heads 96), "
                     "ffn_hidden_size 4 x hidden = 49152, encoder_seq_length 2048, normalization layernorm1p, dropouts 0.0; the rest "
                     "(activation gelu, bias true, learned_absolute positions, tied output) are the NeMo container's megatron_gpt_config.yaml "
                     "defaults, which this log does not print: taken from the resolved config that Oracle's v4.1 logs print, Oracle having run "
                     "this same NVIDIA v4.1 code (identical run_and_time.sh, custom_callbacks.py, megatron_gpt_pretraining_custom.py; "
                     "Dockerfile identical apart from the base image's registry, nvcr.io/nvdlfwea vs nvcr.io/nvidia pytorch:24.09-py3)")
COMMON = [
    "norm layernorm: NeMo normalization 'layernorm1p' (LayerNorm with a zero-centred gain, the same cost)",
    f"vocab {VOCAB}: the tokenizer is the mounted SentencePiece model c4_en_301_5Mexp2_spm.model, whose size the submission does not state; "
    f"taken as {VOCAB_TOKENIZER} (the GPT-3 vocabulary) and padded as NeMo pads it, to a multiple of make_vocab_size_divisible_by 128 x TP 4 = 512; "
    "any tokenizer of 50177 to 50688 pieces gives the same padded size",
    "dropout false: hidden_dropout and attention_dropout 0.0",
    "global batch from the log's global_batch_size (= MINIBS x DP, custom.yaml), micro-batch 2 (MICRO_BATCH_SIZE=2); the log's "
    "gradient_accumulation_steps equals MINIBS / MICRO_BATCH_SIZE; its learning rate and warm-up steps equal custom.yaml's GBS-derived "
    "defaults (2e-5 below GBS 3600; 407040 / GBS), which the configs do not override (asserted in build_cases.py)",
    "zero 1: USE_DIST_OPTIMIZER=True selects optim distributed_fused_adam (Apex DistributedFusedAdam: optimizer state sharded, "
    "gradients reduce-scattered and parameters all-gathered, overlap_grad_sync / overlap_param_sync true); reduce_dtype bf16: grad_sync_dtype bf16",
    "precision fp8-delayed: config_fp8.sh FP8=True, FP8_HYBRID=True (E4M3 forward, E5M2 backward), FP8_AMAX_HISTORY=1024, FP8_AMAX_ALGO=max, "
    "FP8_REDUCE_AMAX=True (Transformer Engine delayed scaling); FP8_PARAMS=True (fp8 parameter all-gather) recorded, not modelled",
    "sequence_parallel true: SEQ_PARALLEL unset, custom.yaml default True; tp_overlap true: TP_COMM_OVERLAP=True with MC_TP_OVERLAP_AG/RS True "
    "(Transformer Engine userbuffers, conf/tp_overlap/h100tp4mbs2.yaml; atomic-GEMM / strided reduce-scatter settings recorded, not modelled)",
    "recompute none: ACT_CKPT_* unset (custom.yaml defaults null); no CPU offloading",
    "flash_attention true: Transformer Engine fused attention inside the mcore TE layer (not stated; use_flash_attention false is NeMo's "
    "non-TE path and does not apply to megatron_gpt_full_te_layer_autocast)",
    "schedule interleaved: virtual_pipeline_model_parallel_size from INTERLEAVED_PIPELINE; overlap_p2p_comm true (recorded, not modelled)",
    "no CUDA graphs: LAYER_CUDA_GRAPH unset (custom.yaml enable_cuda_graph False)",
    "rank order: engine default (TP_PP_DP_MAPPING unset, custom.yaml use_tp_pp_dp_mapping False)",
    "steady state: log_every_n_steps 1, every step's NeMo step timer is logged; the first two logged values dropped, as in 07g/07h "
    "(the runs resume from a checkpoint; custom.yaml also runs warmup_train_steps 2 on synthetic data before training)",
]
def h100(what):
    return [f"hardware: h100-sxm preset ({what}: NVIDIA H100-SXM5-80GB, 8 per node in the systems JSON)"]

# ---------------------------------------------------------------- Supermicro v4.0 (NVIDIA's v4.0 NeMo code)
add("mlperf-v4.0-supermicro-gpt3-175b-h100-sxm-512-fp8-delayed", "mlperf-v4.0-supermicro", "v4.0", "smc/results/64xSMC-H100-SXM-80GB/gpt3",
    "smc/benchmarks/gpt3/implementations/nemo", "config_SMCH100_64x8x128x4x8.sh", 512, 8, 12, 2, 128, True,
    [MODEL_PRINTED] + COMMON + h100("systems JSON 64xSMC-H100-SXM-80GB, 64 nodes") +
    ["layout TP 4, PP 8, VP 12 (INTERLEAVED_PIPELINE unset: custom.yaml default 12), micro-batch 2, GBS 2048; the log's printed config states each (asserted)",
     "config chosen by GPU count: the folder's only 64-node config; its config_common.sh, config_fp8.sh and conf/custom.yaml equal NVIDIA's v4.0 nemo files",
     "the smc-ac-power and smc-dc-power folders hold the same three logs (same git blobs, asserted in extract_steps.py): counted once",
     "software: PyTorch NVIDIA Release 24.04 (systems JSON), NVIDIA's v4.0 NeMo GPT-3 implementation",
     "the log's submission_org / submission_platform are placeholders; source id mlperf-v4.0-supermicro (submitter folder 'smc')"])

# ---------------------------------------------------------------- NVIDIA v4.1 (eos, NGC 24.09 NeMo)
nv = ["software: NVIDIA's v4.1 NeMo GPT-3 implementation (Dockerfile FROM nvcr.io/nvidia/pytorch:24.09-py3; systems JSON: NVIDIA NeMo Framework Release 24.09)",
      "config: the one the submission's README-<system>.md names",
      "DEFER_EMBEDDING_WGRAD_COMPUTE=True, WGRAD_DEFERRAL_LIMIT=65, BUCKET_CAP_MB as set, NVTE_*_LAYERNORM_SM_MARGIN=8, NCCL tuning: recorded, not modelled"]
add("mlperf-v4.1-nvidia-gpt3-175b-h100-sxm-256-fp8-delayed", "mlperf-v4.1-nvidia", "v4.1", "NVIDIA/results/eos_n32_ngc24.09_nemo/gpt3",
    "NVIDIA/benchmarks/gpt3/implementations/eos_n32_ngc24.09_nemo", "config_DGXH100_32x8x256x4x8_mbs2.sh", 256, 8, 6, 2, 256, False,
    [MODEL_FROM_ORACLE] + COMMON + nv + h100("Eos_n32, 32 DGX H100") +
    ["layout TP 4, PP 8, VP 6 (INTERLEAVED_PIPELINE=6), micro-batch 2, MINIBS 256 -> GBS 2048 (this log prints no resolved config; the log's GBS and accumulation agree)"])
add("mlperf-v4.1-nvidia-gpt3-175b-h100-sxm-512-fp8-delayed", "mlperf-v4.1-nvidia", "v4.1", "NVIDIA/results/eos_n64_ngc24.09_nemo/gpt3",
    "NVIDIA/benchmarks/gpt3/implementations/eos_n64_ngc24.09_nemo", "config_DGXH100_64x8x128x4x8_mbs2.sh", 512, 8, 6, 2, 128, False,
    [MODEL_FROM_ORACLE] + COMMON + nv + h100("Eos_n64, 64 DGX H100") +
    ["layout TP 4, PP 8, VP 6 (INTERLEAVED_PIPELINE=6), micro-batch 2, MINIBS 128 -> GBS 2048 (this log prints no resolved config; the log's GBS and accumulation agree)",
     "VBOOST_VALUE=1 (MINIBS 128: nvidia-smi boost slider) recorded, not modelled"])

# ---------------------------------------------------------------- Oracle v4.1 (NVIDIA's v4.1 NeMo code on OCI BM.GPU.H100.8)
orc = ["software: NVIDIA's v4.1 NeMo GPT-3 code (Oracle/benchmarks/gpt3/DGXH100_*: config_common.sh equal to NVIDIA's v4.1 file apart from the commented-out "
       "NCCL_SHARP_GROUP_SIZE_THRESH and an appended block of OCI NCCL / UCX / MPI environment settings; config_fp8.sh equal; container gpt3-20240923.sqsh from "
       "nvcr.io/nvdlfwea/pytorch:24.09-py3); the five DGXH100_* folders hold byte-identical copies of the config used",
       "config: the one run_test_192.sh / run_test_384.sh sources, the only config for the node count; the log's printed config agrees (asserted)",
       "network: RoCE v2 Ethernet (systems JSON), 16 HCAs per node in NCCL_IB_HCA; the h100-sxm preset's inter-node figures used as they are",
       "DEFER_EMBEDDING_WGRAD_COMPUTE unset (the log prints defer_embedding_wgrad_compute false); NCCL tuning recorded, not modelled",
       "the log's submission_org / submission_platform are placeholders"]
add("mlperf-v4.1-oracle-gpt3-175b-h100-sxm-1536-fp8-delayed", "mlperf-v4.1-oracle", "v4.1", "Oracle/results/1536xBM.GPU.H100.8/gpt3",
    "Oracle/benchmarks/gpt3/DGXH100_128x8x64x4x8_mbs2", "config_DGXH100_192x8x64x4x8_mbs2.sh", 1536, 8, 4, 2, 64, True,
    [MODEL_PRINTED] + COMMON + orc + h100("systems JSON 1536xBM.GPU.H100.8, 192 nodes") +
    ["layout TP 4, PP 8, VP 4 (INTERLEAVED_PIPELINE=4), micro-batch 2, MINIBS 64 -> GBS 3072"])
add("mlperf-v4.1-oracle-gpt3-175b-h100-sxm-3072-fp8-delayed", "mlperf-v4.1-oracle", "v4.1", "Oracle/results/3072xBM.GPU.H100.8/gpt3",
    "Oracle/benchmarks/gpt3/DGXH100_128x8x64x4x8_mbs2", "config_DGXH100_384x8x32x4x8_mbs2.sh", 3072, 8, 4, 2, 32, True,
    [MODEL_PRINTED] + COMMON + orc + h100("systems JSON 3072xBM.GPU.H100.8, 384 nodes") +
    ["layout TP 4, PP 8, VP 4 (INTERLEAVED_PIPELINE=4), micro-batch 2, MINIBS 32 -> GBS 3072",
     "not steady within a run: in all three logs the step time rises from about 2.74 s (median of the first 20 kept steps) to about 3.2 s "
     "(last 20; run_first20_last20_medians); the case value is the method's median all the same, not a chosen part of the run"])

# ---------------------------------------------------------------- not expressible
NX = [
    ("mlperf-v4.1-nvidia", f"{V41}/NVIDIA/results/b200_n8_preview_nemo/gpt3 (64 B200, TP4 PP8 VP6, GBS 2048; config_DGXB200_8x8x1024x4x8_mbs2_cg.sh)",
     "the config sources config_common_blackwell.sh, which is not in the submission (nor anywhere in the v4.1 repository), after config_common.sh and "
     "before the lines that set VP, micro-batch, FP8 and TP overlap; what it sets (recompute, sequence parallelism, optimizer, anything not re-set "
     "afterwards) cannot be read, and the log prints no resolved config. Recorded: LAYER_CUDA_GRAPH=1 (CUDA graphs), NVTE_FUSED_ATTN=1; steps log "
     "36.23 s (median of run medians, 3 logs)"),
    ("mlperf-v4.0-nvidia", f"{V40}/NVIDIA/results/eos_n64_ngc24.04_nemo, eos-dfw_n1344_ngc24.04_nemo, eos-dfw_n1452_ngc24.04_nemo /gpt3 (512, 10752, 11616 H100)",
     "the logs carry no per-step time: no tracked_stats lines, only block_start / block_stop intervals around groups of steps between evaluations "
     "(the block time of several steps, not a per-step figure; not used, as the brief asks)"),
    ("mlperf-v4.1-nvidia", f"{V41}/NVIDIA/results/eos-dfw_n1452_ngc24.04_nemo/gpt3 (11616 H100)",
     "as v4.0's eos-dfw runs: no per-step time in the logs"),
    ("mlperf-v4.0 / v4.1 non-NVIDIA", f"{V40} and {V41}: Google cloud-tpu-* (maxtext), Intel-HabanaLabs HLS-Gaudi2-N128-PT gpt3",
     "not NVIDIA GPUs (out of this set's scope)"),
    ("mlperf-v4.0 / v4.1 others", f"{V40} and {V41}: results/*/gpt3 folders",
     "no other submitter has gpt3 results in either round (v4.0: NVIDIA, smc / smc-ac-power / smc-dc-power, Google, Intel-HabanaLabs; "
     "v4.1: NVIDIA, Oracle, Google); no H200 gpt3 result exists in either round"),
]
for s, w, r in NX:
    notx.append({"source": s, "where": w, "reason": r})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1); f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(notx, f, indent=1); f.write("\n")
print(len(cases), "cases,", len(notx), "not expressible rows")
