# Builds cases.json / not_expressible.json for the sealed MoE validation set (2025-26 model shapes).
# Every published number below is transcribed from the cited source text (markdown in git); see README.md.
# Shapes are written out in full (not as preset names) so that a later preset edit cannot change a sealed case.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- model shapes (Hugging Face config.json values)
def deepseek_v3(mtp):
    return {"layers": 61, "hidden": 7168, "heads": 128, "kv_heads": 128, "ffn": 18432, "vocab": 129280, "seq": 4096,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
            "tied_embeddings": False, "experts": 256, "top_k": 8, "expert_ffn": 2048,
            "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
            "shared_experts": 1, "shared_expert_ffn": 2048, "dense_layers": 3, "router_bias": True, "mtp_layers": mtp}

def qwen3_30b_a3b():
    return {"layers": 48, "hidden": 2048, "heads": 32, "kv_heads": 4, "head_dim": 128, "qk_norm": True, "ffn": 6144,
            "vocab": 151936, "seq": 4096, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False,
            "dropout": False, "tied_embeddings": False, "experts": 128, "top_k": 8, "expert_ffn": 768}

def qwen3_235b_a22b():
    return {"layers": 94, "hidden": 4096, "heads": 64, "kv_heads": 4, "head_dim": 128, "qk_norm": True, "ffn": 12288,
            "vocab": 151936, "seq": 4096, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False,
            "dropout": False, "tied_embeddings": False, "experts": 128, "top_k": 8, "expert_ffn": 1536}

def gpt_oss_120b(seq):
    return {"layers": 36, "hidden": 2880, "heads": 64, "kv_heads": 8, "head_dim": 64, "ffn": 2880, "vocab": 201088,
            "seq": seq, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": True, "dropout": False,
            "tied_embeddings": False, "experts": 128, "top_k": 4, "expert_ffn": 2880, "window": 128, "full_every": 2,
            "attention_sinks": True, "router_bias": True}

def llama4_maverick():
    return {"layers": 48, "hidden": 5120, "heads": 40, "kv_heads": 8, "head_dim": 128, "ffn": 16384, "vocab": 202048,
            "seq": 8192, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
            "tied_embeddings": False, "experts": 128, "top_k": 1, "expert_ffn": 8192, "shared_experts": 1,
            "shared_expert_ffn": 8192, "moe_every": 2}

SHAPE_NOTE = {
    "deepseek-v3": "model: DeepSeek-V3 as released (deepseek-ai/DeepSeek-V3 config.json, which Megatron-Bridge's recipe loads through AutoBridge): 61 layers, hidden 7168, 128 heads, MLA (q_lora_rank 1536, kv_lora_rank 512, qk_nope 128 + rope 64, v 128), first 3 layers dense (ffn 18432), 256 routed experts of 2048 with 8 per token plus 1 shared expert of 2048, sigmoid router with score-correction bias, vocab 129280, untied",
    "qwen3-30b-a3b": "model: Qwen3-30B-A3B as released (Qwen/Qwen3-30B-A3B config.json, loaded by the recipe through AutoBridge): 48 layers, hidden 2048, 32 query / 4 KV heads of head_dim 128, QK-norm, 128 experts of 768 with 8 per token, no shared expert, vocab 151936, untied",
    "qwen3-235b-a22b": "model: Qwen3-235B-A22B as released (Qwen/Qwen3-235B-A22B config.json, loaded by the recipe through AutoBridge): 94 layers, hidden 4096, 64 query / 4 KV heads of head_dim 128, QK-norm, 128 experts of 1536 with 8 per token, no shared expert, vocab 151936, untied",
    "gpt-oss-120b": "model: GPT-OSS-120B as released (openai/gpt-oss-120b config.json, loaded by the recipe through AutoBridge): 36 layers, hidden 2880, 64 query / 8 KV heads of 64, attention sinks, sliding window 128 on every other layer, biases, 128 experts of 2880 with 4 per token (router bias), vocab 201088, untied; its clamped SwiGLU is read as swiglu",
    "llama-4-maverick": "model: Llama 4 Maverick text model as NeMo 2 builds it (nemo/collections/llm/gpt/model/llama.py Llama4Experts128Config at NeMo 7a8f1cc7): 48 layers, hidden 5120, 40 query / 8 KV heads of 128, dense layers ffn 16384 alternating with MoE layers (moe_layer_freq [0, 1] x 24) of 128 experts of 8192, top-1, plus 1 shared expert of 8192, vocab 202048, untied; its no-RoPE layers (every 4th) and chunked attention (chunk 8192 = the sequence) change no FLOPs at seq 8192",
}

def par(tp=1, pp=1, ep=1, vp=1, precision="bf16", recompute="none", sp=None, reduce_dtype=None, tp_overlap=None,
        embedding_as_layer=False, loss_as_layer=False, last_stage_layers=0, etp=None, first_stage_layers=0):
    p = {"tp": tp, "pp": pp, "cp": 1, "ep": ep, "virtual_stages": vp}
    if etp is not None:  # written only where it differs from tp (the 2026-12-04 addendum), so no earlier case changes
        p["etp"] = etp
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": 1, "framework": "megatron", "sequence_parallel": (tp > 1) if sp is None else sp,
              "recompute": recompute, "flash_attention": True, "precision": precision})
    if reduce_dtype:
        p["reduce_dtype"] = reduce_dtype
    if tp_overlap is not None:
        p["tp_overlap"] = tp_overlap
    if embedding_as_layer:
        p["embedding_as_layer"] = True
    if loss_as_layer:
        p["loss_as_layer"] = True
    if first_stage_layers:  # written only where set (the DeepSeek-V3 addendum), so no earlier case changes
        p["first_stage_layers"] = first_stage_layers
    if last_stage_layers:
        p["last_stage_layers"] = last_stage_layers
    return p

cases, notx = [], []
def add(id, source, where, model, preset, gpus, parallel, gbs, mbs, kind, value, assumed):
    assert id not in {c["id"] for c in cases}, id
    cases.append({"id": id, "source": source, "where": where,
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": kind, "value": value}, "assumed": assumed})

# ---------------------------------------------------------------- Megatron-Bridge performance summary (both sections)
MB_DOC = "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md at commit 067f987df03b8355b03192d88d70f1709fedf51a"
PRESET_FILE = "scripts/performance/configs/{fam}/{file}"
SYSTEM = {"gb200-nvl72": "DGX-GB200", "b200": "DGX-B200", "h100-sxm": "DGX-H100"}
mb_common = [
    "measured figure: 'Tokens / sec / GPU' column; the page's footnote says MoE benchmarks force-balance the tokens among experts (moe_router_force_load_balancing = True in the perf scripts) and are token-dropless, so every expert gets top_k x tokens / experts tokens, as the engine assumes",
    "zero 1: the recipes use distributed_fused_adam_with_cosine_annealing (use_distributed_optimizer=True); FSDP column 0",
    "reduce_dtype bf16: the perf scripts set cfg.ddp.grad_reduce_in_fp32 = False and cfg.mixed_precision.grad_reduce_in_fp32 = False",
    "flash_attention true: Transformer Engine fused attention (cuDNN) in every Megatron-Bridge recipe; not stated on the page",
    "expert tensor parallelism 1 (expert_tensor_parallel_size=1 in every MoE workload base config) equals tp 1 here, so the engine's experts-split-over-tp matches",
    "global batch, micro-batch, sequence length and the degrees are the table row's; where the release's workload base config for this model, system and precision has other values, the row's were taken (the page is the publication) and the config is used only for what the row does not state",
]
PREC = {"BF16": "bf16", "FP8-MX": "mxfp8", "MXFP8": "mxfp8", "FP8-CS": "fp8-current", "FP8": "fp8-current"}
prec_note = {
    "mxfp8": "precision MXFP8 = mxfp8: scripts/performance/utils/precision get_precision_config('fp8_mx') = bf16_with_mxfp8_mixed (1x32 blocks with E8M0 scales); the router and attention core stay bf16",
    "fp8-current": "precision FP8 current scaling = fp8-current: get_precision_config('fp8_cs') = bf16_with_fp8_current_scaling_mixed with first_last_layers_bf16 = False",
    "bf16": "precision bf16: get_precision_config('bf16') = bf16_mixed",
}
H100_FP8_NOTE = "the 26.02 page writes only 'FP8' for H100; the release's Qwen3 presets for H100 are BF16 and FP8_CS only, so FP8 = FP8-CS (fp8-current) is assumed"

def mb(S, section, name, model, preset, gpus, prec_txt, gbs, mbs, tp, pp, vp, ep, tok, row, extra, etp_note=None, **kw):
    prec = PREC[prec_txt]
    # A case with ETP below TP says so in place of the common note that ETP 1 equals TP 1.
    common = [etp_note if etp_note and x.startswith("expert tensor parallelism 1 (") else x for x in mb_common]
    a = common + [prec_note[prec]] + extra
    sysname = SYSTEM[preset]
    rec = kw.pop("recompute", "none")
    where = f"{MB_DOC}, section '{section}' > {row[0]}, row '{row[1]}'"
    add(f"{S}-{name}-{preset}-{gpus}-{prec}", S, where, model, preset, gpus,
        par(tp=tp, pp=pp, ep=ep, vp=vp, precision=prec, recompute=rec, reduce_dtype="bf16", **kw), gbs, mbs,
        "tokens_per_second_per_gpu", tok, a)

def recompute_note(modules, why):
    return ("recompute selective (Megatron's recompute_granularity 'selective'): the preset recomputes only the modules " + modules +
            "; the engine's 'selective' counts only the attention-score recompute (nothing with flash attention), so the extra forward work of these modules is not counted. " + why)

# ----- 25.11 (published 2025-12-04 in docs/performance-summary.md at 97ad8cc6f; GB300/GB200 rows replaced 2025-12-10 in 5776a6d90)
S = "megatron-bridge-perf-25.11-moe"
SEC = "25.11 NeMo Container > Pre-Training Performance"
REF = "Megatron-Bridge v0.2.1 (1c43b39285a4605799ca0ab5a69fe2f254802e18, r0.2.0 branch, 2025-12-09, the release the 25.11 container carries)"
cfg25 = lambda fam, f: f"{REF} scripts/performance/configs/{fam}/{f}"
edit_note = "this row is as it reads at 067f987df: the GB300 and GB200 rows of the 25.11 section were replaced on 2025-12-10 ('25.11 summary typo corrections', 5776a6d90) with other layouts and numbers than first published on 2025-12-04; the B200 and H100 rows are unchanged since 2025-12-04"
ver_note = "software: NeMo 25.11 container; configuration gaps filled from " + REF

# GB200
mb(S, SEC, "gpt-oss-120b", gpt_oss_120b(8192), "gb200-nvl72", 64, "BF16", 1280, 1, 1, 1, 1, 64, 15876,
   ("'System: DGX-GB200'", "GPT OSS 120B | 64 | BF16 | 1280 | 1 | 8192 | 0 | 1 | 1 | 1 | 1 | 64 | 20 | 15876 | 488"),
   [SHAPE_NOTE["gpt-oss-120b"], "sequence 8192 from the row (the recipe's default is 4096; the row must have set it)", ver_note, edit_note,
    recompute_note("['layernorm', 'moe_act']", "(" + cfg25("gpt_oss", "workload_base_configs.py") + " GPT_OSS_120B_GB200_BF16_BASE_CONFIG; that preset says micro-batch 4 and global batch 512, the row 1 and 1280)"),
    "token dispatcher: the preset names no flex backend (Megatron's all-to-all dispatcher); no CUDA graphs in the preset"],
   recompute="selective")
mb(S, SEC, "qwen3-30b-a3b", qwen3_30b_a3b(), "gb200-nvl72", 8, "FP8-MX", 512, 4, 1, 1, 1, 8, 23766,
   ("'System: DGX-GB200'", "Qwen3_30B_a3B | 8 | FP8-MX | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | 1 | 8 | 16 | 23766 | 547"),
   [SHAPE_NOTE["qwen3-30b-a3b"], ver_note, edit_note,
    "recompute none: qwen3_llm_pretrain.py set_qwen3_common_configs sets recompute_granularity = None, and the preset names no recompute modules (the qwen3_30b_a3b recipe's full recompute is switched off there)",
    "not expressible in the request, recorded: " + cfg25("qwen3", "workload_base_configs.py") + " QWEN3_30B_A3B_GB200_FP8_MX_BASE_CONFIG (8 GPUs, EP 8, micro-batch 4, matches the row) uses the HybridEP flex dispatcher and Transformer Engine CUDA graphs of the router and MoE preprocessing"])
mb(S, SEC, "qwen3-235b-a22b", qwen3_235b_a22b(), "gb200-nvl72", 256, "BF16", 8192, 1, 1, 8, 3, 32, 4916,
   ("'System: DGX-GB200'", "Qwen3_235B_a22B | 256 | BF16 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | 3 | 32 | 256 | 4916 | 728"),
   [SHAPE_NOTE["qwen3-235b-a22b"], ver_note, edit_note,
    "pipeline split: the qwen3_235b_a22b recipe sets account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split = True (src/megatron/bridge/recipes/qwen/qwen3_moe.py at v0.2.1): 94 layers + embedding + loss = 96 slots = 8 x 3 virtual stages of 4",
    "recompute none: set_qwen3_common_configs sets recompute_granularity = None; no recompute modules in the presets",
    "not expressible in the request, recorded: the release's QWEN3_235B_A22B_GB200_BF16_BASE_CONFIG (64 GPUs, PP 8, EP 8, global batch 1024: not this row's layout) uses the HybridEP flex dispatcher and CUDA graphs of attention, router and MoE preprocessing; whether this 256-GPU run did is not stated"],
   embedding_as_layer=True, loss_as_layer=True)
# B200
mb(S, SEC, "deepseek-v3", deepseek_v3(1), "b200", 256, "FP8-MX", 2048, 1, 1, 16, 1, 8, 2139,
   ("'System: DGX-B200'", "DeepSeekV3 (w/ MTP) | 256 | FP8-MX | 2048 | 1 | 4096 | 0 | 1 | 16 | 1 | 1 | 8 | 128 | 2139 | 557"),
   [SHAPE_NOTE["deepseek-v3"], "MTP: the row says 'w/ MTP'; the recipe's mtp_num_layers default is 1, so mtp_layers 1", ver_note,
    "pipeline split: deepseek_v3.py layout_map[(16, 1)] at v0.2.1 = [embedding + 4 layers], 14 x [4 layers], [1 layer + MTP + loss]; written as last_stage_layers 1 (the other 15 stages hold 60 / 15 = 4) with the MTP module on the last stage",
    recompute_note("['mla_up_proj']", "(" + cfg25("deepseek", "workload_base_configs.py") + " DEEPSEEK_V3_B200_FP8_MX_BASE_CONFIG = the B200 base config: 256 GPUs, PP 16, EP 8, global batch 2048, matching the row)"),
    "token dispatcher: that preset names no flex backend (Megatron's all-to-all dispatcher), moe_a2a_overlap False, no CUDA graphs"],
   recompute="selective", last_stage_layers=1)
mb(S, SEC, "gpt-oss-120b", gpt_oss_120b(4096), "b200", 64, "BF16", 512, 4, 1, 1, 1, 8, 8213,
   ("'System: DGX-B200'", "GPT OSS 120B | 64 | BF16 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | 1 | 8 | 2 | 8213 | 223"),
   [SHAPE_NOTE["gpt-oss-120b"], ver_note,
    recompute_note("['layernorm', 'moe_act']", "(" + cfg25("gpt_oss", "workload_base_configs.py") + " GPT_OSS_120B_B200_BF16_BASE_CONFIG; that preset says EP 64, the row 8; every GPT-OSS preset of the release recomputes these modules)"),
    "token dispatcher: the preset names no flex backend (all-to-all); no CUDA graphs"],
   recompute="selective")
mb(S, SEC, "qwen3-30b-a3b", qwen3_30b_a3b(), "b200", 8, "FP8-MX", 512, 1, 1, 1, 1, 8, 9299,
   ("'System: DGX-B200'", "Qwen3_30B_a3B | 8 | FP8-MX | 512 | 1 | 4096 | 0 | 1 | 1 | 1 | 1 | 8 | 64 | 9299 | 214"),
   [SHAPE_NOTE["qwen3-30b-a3b"], ver_note,
    "recompute none: set_qwen3_common_configs sets recompute_granularity = None",
    "not expressible in the request, recorded: QWEN3_30B_A3B_B200_FP8_MX_BASE_CONFIG (8 GPUs, EP 8, micro-batch 1, matches the row) uses CUDA graphs of the router and MoE preprocessing; all-to-all dispatcher"])
mb(S, SEC, "qwen3-235b-a22b", qwen3_235b_a22b(), "b200", 64, "FP8-MX", 1024, 1, 1, 8, 2, 8, 3269,
   ("'System: DGX-B200'", "Qwen3_235B_a22B | 64 | FP8-MX | 1024 | 1 | 4096 | 0 | 1 | 8 | 1 | 2 | 8 | 128 | 3269 | 484"),
   [SHAPE_NOTE["qwen3-235b-a22b"], ver_note,
    "pipeline split: account_for_embedding/loss_in_pipeline_split = True in the recipe: 96 slots = 8 x 2 virtual stages of 6",
    "recompute none: set_qwen3_common_configs sets recompute_granularity = None",
    "not expressible in the request, recorded: QWEN3_235B_A22B_B200_FP8_MX_BASE_CONFIG (64 GPUs, PP 8, EP 8, global batch 1024; VP 4 where the row says 2) sets moe_a2a_overlap = True (expert all-to-all overlapped with the other micro-batch's compute); all-to-all dispatcher"],
   embedding_as_layer=True, loss_as_layer=True)
# H100
mb(S, SEC, "gpt-oss-120b", gpt_oss_120b(4096), "h100-sxm", 64, "BF16", 512, 4, 1, 4, 1, 8, 5630,
   ("'System: DGX-H100'", "GPT OSS 120B | 64 | BF16 | 512 | 4 | 4096 | 0 | 1 | 4 | 1 | 1 | 8 | 2 | 5630 | 153"),
   [SHAPE_NOTE["gpt-oss-120b"], ver_note,
    "the row's GA 2 does not agree with its own GBS 512 / (MBS 4 x DP 16) = 8 (GA 2 is 512 / (4 x 64 GPUs), the pipeline ignored); the global batch and micro-batch were taken, so accumulation 8",
    "pipeline split: 36 layers over 4 stages, 9 each (the gpt_oss recipe does not account for embedding or loss)",
    recompute_note("['layernorm', 'moe_act']", "(" + cfg25("gpt_oss", "workload_base_configs.py") + " GPT_OSS_120B_H100_BF16_BASE_CONFIG: PP 4, EP 8, micro-batch 1 where the row says 4)"),
    "token dispatcher: all-to-all (no flex backend in the preset); no CUDA graphs"],
   recompute="selective")
mb(S, SEC, "qwen3-30b-a3b", qwen3_30b_a3b(), "h100-sxm", 16, "FP8-CS", 512, 2, 1, 2, 24, 8, 5275,
   ("'System: DGX-H100'", "Qwen3_30B_a3B | 16 | FP8-CS | 512 | 2 | 4096 | 0 | 1 | 2 | 1 | 24 | 8 | 32 | 5275 | 121"),
   [SHAPE_NOTE["qwen3-30b-a3b"], ver_note,
    "pipeline split: 48 layers over 2 stages x 24 virtual stages, one layer each (the 30B recipe does not account for embedding or loss)",
    "recompute none: set_qwen3_common_configs sets recompute_granularity = None",
    "not expressible in the request, recorded: QWEN3_30B_A3B_H100_FP8_CS_BASE_CONFIG (16 GPUs, PP 2, VP 12 where the row says 24) sets moe_a2a_overlap = True; all-to-all dispatcher; no CUDA graphs"])

# ----- Addendum 2026-12-04: the engine's parallel.etp (expert tensor parallelism below TP) makes the H100
# Qwen3-235B rows expressible; they were listed in not_expressible.json on 2026-12-03 for ETP 1 != TP 2 alone.
ADDENDUM = ("addendum 2026-12-04: listed in not_expressible.json on 2026-12-03 only for ETP 1 under TP 2; added after the engine "
            "gained parallel.etp, with its configuration fixed from the release before the engine was run on it")
ETP_NOTE = ("expert tensor parallelism 1 under tp 2 = parallel etp 1: BASE_QWEN3_235B_A22B_CONFIG sets expert_tensor_parallel_size=1 and "
            "the H100 presets inherit it (dataclasses.replace), set_workload_base_configs copies it onto the model; each expert is whole "
            "on its rank, 32 EP ranks x ETP 1 = the 32 ranks of a pipeline stage (TP 2 x DP 16)")
qwen_h100_common = lambda at, helpers, h100_fn: [
    "sequence_parallel true: WorkloadBaseConfig.sequence_parallel = tensor_model_parallel_size > 1 (scripts/performance/utils/utils.py at " + at +
    "), which set_workload_base_configs (" + helpers + " at " + at + ") writes to the model; the recipe's default is also True",
    "rank order: Megatron-Core's default tp-cp-ep-dp-pp (DistributedInitConfig.use_tp_pp_dp_mapping = False in "
    "src/megatron/bridge/training/config.py at v0.2.1 and v0.3.0, not set by scripts/performance), the engine's default order",
    "pipeline split: qwen3_235b_a22b_pretrain_config sets account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split "
    "= True (src/megatron/bridge/recipes/qwen/qwen3_moe.py): 94 layers + embedding + loss = 96 slots = 8 stages x 4 virtual stages of 3 "
    "(first virtual stage embedding + 2 layers, last 2 layers + loss)",
    "recompute none: set_qwen3_common_configs sets recompute_granularity = None; the H100 preset names no recompute_modules and no "
    "recompute_num_layers, so the recompute overrides leave it off",
    "tp_overlap false: " + h100_fn + " at " + at + " passes CommOverlapConfig(tp_comm_overlap=False) (the Blackwell ones pass True)",
    "micro-batch 1: the row's, and WorkloadBaseConfig's default micro_batch_size (the H100 preset does not set it)",
]
mb(S, SEC, "qwen3-235b-a22b", qwen3_235b_a22b(), "h100-sxm", 256, "FP8-CS", 2048, 1, 2, 8, 4, 32, 1575,
   ("'System: DGX-H100'", "Qwen3_235B_a22B | 256 | FP8-CS | 2048 | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 128 | 1575 | 233"),
   [ADDENDUM, SHAPE_NOTE["qwen3-235b-a22b"], ver_note,
    "this row as it reads at 067f987df; on 2025-12-04 (97ad8cc6f, 9f4aa3f50) it read 'Qwen3_235B_a22B | 256 | FP8-CS | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 1575 | 1575 | 233' "
    "(one cell short: no GBS, 1575 in the GA column), corrected on 2025-12-10 ('25.11 summary typo corrections', 5776a6d90) to GBS 2048 and GA 128 "
    "with the same 1575 tokens/s/GPU; 2048 / (1 x DP 16) = 128 agrees, and 2048 is the release preset's global batch",
    ] + qwen_h100_common("v0.2.1", "scripts/performance/utils/helpers.py",
                         "qwen3_235b_a22b_h100_config (scripts/performance/configs/qwen3/qwen3_llm_pretrain.py)") + [
    "not expressible in the request, recorded: " + cfg25("qwen3", "workload_base_configs.py") + " QWEN3_235B_A22B_H100_FP8_CS_BASE_CONFIG "
    "(256 GPUs, TP 2, PP 8, VP 4, EP 32, ETP 1, global batch 2048: matches the row) sets moe_a2a_overlap = True (set_moe_a2a_overlap_overrides in "
    "scripts/performance/utils/helpers.py: overlap_moe_expert_parallel_comm and delay_wgrad_compute True, the expert all-to-all overlapped with the "
    "other micro-batch's compute); no flex dispatcher (Megatron's all-to-all dispatcher); no CUDA graphs (cuda_graph_impl None)"],
   etp_note=ETP_NOTE, etp=1, sp=True, embedding_as_layer=True, loss_as_layer=True)

notx += [
    {"source": S, "where": f"{MB_DOC}, section '{SEC}' > 'System: DGX-GB300', all five rows (DeepSeekV3 w/o MTP BF16 3848 and FP8-MX 4357, GPT OSS 120B BF16 18347, Qwen3_30B_a3B FP8-MX 28934, Qwen3_235B_a22B BF16 6131 tokens/s/GPU)",
     "reason": "no GB300 hardware preset (content/presets/hardware.json has h100-sxm, h200, b200, gb200-nvl72)"},
    {"source": S, "where": f"{MB_DOC}, section '{SEC}' > 'System: DGX-GB200', row 'DeepSeekV3 (w/o MTP) | 256 | BF16 | 4096 | 1 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 64 | 3139 | 782'",
     "reason": "pipeline layout not expressible: deepseek_v3.py layout_map[(4, 4)] = [embedding + 4], 14 x [4], [1 + loss] puts 4, 4, 4, 4 layers in the first stage's virtual chunks and 4, 4, 4, 1 in the last's; the engine splits a stage's layers evenly over its virtual stages (first/last_stage_layers must divide by virtual_stages)"},
    {"source": S, "where": f"{MB_DOC}, section '{SEC}' > 'System: DGX-GB200', row 'DeepSeekV3 (w/o MTP) | 256 | FP8-MX | 4096 | 1 | 4096 | 0 | 1 | 8 | 1 | 4 | 32 | 128 | 4018 | 1003'",
     "reason": "pipeline layout not stated: 61 layers over PP 8 x VP 4 = 32 virtual stages needs an explicit layout, the recipe's layout_map has no (8, 4) entry and the preset for GB200 is PP 4 x VP 4; Megatron-LM's GB200 guide uses 'Et|(tt|)*30L' (1, 2 x 30, 0 layers), uneven virtual stages the engine cannot split either"},
]

# ----- 26.02 (published 2026-02-26 in docs/performance-summary.md at c0b9a0003, per-system tables; reordered per model 2026-03-21 in cfeddcd94, same values)
S = "megatron-bridge-perf-26.02-moe"
SEC = "26.02 NeMo Container > Pre-Training Performance"
REF = "Megatron-Bridge v0.3.0 (21b02e0cfb2f8ff907e0d8baee0c5205876c6812, 2026-02-26, tagged the day the 26.02 section was published)"
ver_note = ("software: NeMo 26.02 container; configuration gaps filled from " + REF + " scripts/performance, whose launcher "
            "defaults to config variant v2 (argument_parser.py --config_variant default 'v2', falling back to v1 where no v2 exists)")
cfgq = REF + " scripts/performance/configs/qwen/qwen3_workload_base_configs.py"
cfgg = REF + " scripts/performance/configs/gpt_oss/gpt_oss_workload_base_configs.py"
cfgd = REF + " scripts/performance/configs/deepseek/deepseek_workload_base_configs.py"
mb(S, SEC, "deepseek-v3", deepseek_v3(1), "b200", 256, "MXFP8", 4096, 1, 1, 16, 1, 8, 2689,
   ("'Model: DeepSeekV3'", "DGX-B200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 16 | 1 | n/a | 8 | 2689 | 699"),
   [SHAPE_NOTE["deepseek-v3"], ver_note,
    "MTP: not stated on the page; the recipe's mtp_num_layers default is 1 and nothing in scripts/performance changes it, so mtp_layers 1",
    "pipeline split: deepseek_v3.py layout_map[(16, 1)] at v0.3.0 = [embedding + 4], 14 x [4], [1 + MTP + loss]: last_stage_layers 1",
    recompute_note("['mla_up_proj']", "(" + cfgd + " DEEPSEEK_V3_PRETRAIN_CONFIG_B200_FP8_MX_V2: 256 GPUs, PP 16, EP 8, global batch 4096, matching the row)"),
    "not expressible in the request, recorded: that preset uses the HybridEP flex dispatcher; no CUDA graphs"],
   recompute="selective", last_stage_layers=1)
for preset, tok, ep, mbs, gbs, pp, cfgname, rowtxt in [
        ("gb200-nvl72", 15784, 64, 4, 1280, 1, "GPT_OSS_120B_PRETRAIN_CONFIG_GB200_BF16_V2", "DGX-GB200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 64 | 15784 | 428"),
        ("b200", 8047, 64, 4, 1280, 1, "GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16_V2", "DGX-B200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 64 | 8047 | 219"),
        ("h100-sxm", 5993, 8, 1, 1280, 4, "GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2", "DGX-H100 | 64 | BF16 | 1280 | 1 | 4096 | 0 | 1 | 4 | 1 | n/a | 8 | 5993 | 163")]:
    extra = [SHAPE_NOTE["gpt-oss-120b"], ver_note,
             recompute_note("['layernorm', 'moe_act']", "(" + cfgg + " " + cfgname + ", whose degrees and batch match the row)"),
             "token dispatcher: all-to-all (no flex backend in the preset); no CUDA graphs"]
    if pp > 1:
        extra.append("pipeline split: 36 layers over 4 stages, 9 each")
    mb(S, SEC, "gpt-oss-120b", gpt_oss_120b(4096), preset, 64, "BF16", gbs, mbs, 1, pp, 1, ep, tok,
       ("'Model: GPT OSS 120B'", rowtxt), extra, recompute="selective")
for preset, gpus, prec, tok, mbs, gbs, pp, vp, cfgname, rowtxt, tail in [
        ("gb200-nvl72", 8, "MXFP8", 26084, 4, 512, 1, 1, "QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1",
         "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26084 | 600",
         "that preset uses the HybridEP flex dispatcher and CUDA graphs of the router and MoE preprocessing"),
        ("b200", 8, "MXFP8", 9691, 1, 512, 1, 1, "QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1",
         "DGX-B200 | 8 | MXFP8 | 512 | 1 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 9691 | 223",
         "that preset uses CUDA graphs of the router and MoE preprocessing; all-to-all dispatcher"),
        ("h100-sxm", 16, "FP8", 5113, 1, 1024, 2, 12, "QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1",
         "DGX-H100 | 16 | FP8 | 1024 | 1 | 4096 | 0 | 1 | 2 | 1 | 12 | 8 | 5113 | 118",
         "that preset uses the DeepEP flex dispatcher with moe_a2a_overlap = True (expert all-to-all overlapped with the other micro-batch's compute); no CUDA graphs")]:
    extra = [SHAPE_NOTE["qwen3-30b-a3b"], ver_note,
             "recompute none: qwen3_llm_pretrain.py set_qwen3_common_configs sets recompute_granularity = None; no recompute modules in the preset",
             "not expressible in the request, recorded: " + cfgq + " " + cfgname + " (no v2 variant; its degrees and batch match the row): " + tail]
    if prec == "FP8":
        extra.append(H100_FP8_NOTE)
    if pp > 1:
        extra.append("pipeline split: 48 layers over 2 stages x 12 virtual stages, 2 each (no embedding or loss accounting in the 30B recipe)")
    mb(S, SEC, "qwen3-30b-a3b", qwen3_30b_a3b(), preset, gpus, prec, gbs, mbs, 1, pp, vp, 8, tok,
       ("'Model: Qwen3_30B_a3B'", rowtxt), extra)
for preset, tok, ep, cfgname, rowtxt, tail in [
        ("gb200-nvl72", 5448, 32, "QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2",
         "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | n/a | 32 | 5448 | 806",
         "that preset uses the HybridEP flex dispatcher and CUDA graphs of attention, router and MoE preprocessing"),
        ("b200", 3805, 8, "QWEN3_235B_A22B_PRETRAIN_CONFIG_B200_FP8_MX_V2",
         "DGX-B200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | n/a | 8 | 3805 | 563",
         "all-to-all dispatcher, no CUDA graphs, no expert-communication overlap in that preset")]:
    mb(S, SEC, "qwen3-235b-a22b", qwen3_235b_a22b(), preset, 256, "MXFP8", 8192, 1, 1, 8, 1, ep, tok,
       ("'Model: Qwen3_235B_a22B'", rowtxt),
       [SHAPE_NOTE["qwen3-235b-a22b"], ver_note,
        "pipeline split: account_for_embedding/loss_in_pipeline_split = True in the qwen3_235b_a22b recipe at v0.3.0: 96 slots over 8 stages, 12 each (first stage embedding + 11 layers, last 11 layers + loss)",
        "recompute none: set_qwen3_common_configs sets recompute_granularity = None",
        "not expressible in the request, recorded: " + cfgq + " " + cfgname + " (its degrees and batch match the row): " + tail],
       embedding_as_layer=True, loss_as_layer=True)
# Addendum 2026-12-04 (see the 25.11 one): the H100 row, ETP 1 under TP 2.
mb(S, SEC, "qwen3-235b-a22b", qwen3_235b_a22b(), "h100-sxm", 256, "FP8", 8192, 1, 2, 8, 4, 32, 1633,
   ("'Model: Qwen3_235B_a22B'", "DGX-H100 | 256 | FP8 | 8192 | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 1633 | 242"),
   [ADDENDUM, SHAPE_NOTE["qwen3-235b-a22b"], ver_note, H100_FP8_NOTE,
    ] + qwen_h100_common("v0.3.0", "scripts/performance/utils/overrides.py",
                         "qwen3_235b_a22b_pretrain_config_h100 (scripts/performance/configs/qwen/qwen3_llm_pretrain.py)") + [
    "not expressible in the request, recorded: " + cfgq + " QWEN3_235B_A22B_PRETRAIN_CONFIG_H100_FP8_CS_V2 (= the V1 preset with global batch 8192: "
    "256 GPUs, TP 2, PP 8, VP 4, EP 32, ETP 1, matches the row) sets moe_a2a_overlap = True (_set_moe_a2a_overlap_overrides in "
    "scripts/performance/utils/overrides.py: overlap_moe_expert_parallel_comm and delay_wgrad_compute True, the expert all-to-all overlapped with the "
    "other micro-batch's compute); no flex dispatcher (Megatron's all-to-all dispatcher); no CUDA graphs (cuda_graph_impl None)"],
   etp_note=ETP_NOTE, etp=1, sp=True, embedding_as_layer=True, loss_as_layer=True)

notx += [
    {"source": S, "where": f"{MB_DOC}, section '{SEC}', every DGX-GB300 and DGX-B300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (GB300: 4612, 19412, 30376, 6583; B300: 2983, 8359, 29521, 2691 tokens/s/GPU)",
     "reason": "no GB300 or B300 hardware preset"},
    {"source": S, "where": f"{MB_DOC}, section '{SEC}', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 3955 | 1028' (DeepSeekV3)",
     "reason": "pipeline layout not expressible: PP 4 x VP 4 with deepseek_v3.py layout_map[(4, 4)] (first virtual stage embedding + 4, last 1 + MTP + loss) gives uneven virtual stages on the last pipeline stage"},
]

# ---------------------------------------------------------------- DGX Cloud Benchmarking v25.05.01: Llama 4 Maverick (NeMo 25.04.01)
S = "dgxc-bench-v25.05.01-moe"
TAG = "NVIDIA/dgxc-benchmarking tag v25.05.01 (commit 85d92846ecd5a6a963b9152f3e61bbb034efcb39)"
NEMO = "NVIDIA/NeMo 7a8f1cc7bc40a84447c0681a9e4e956a135ae8a2 (llama4/setup.sh NEMO_COMMIT, 'r2.3.0 llmb-nemo')"
l4_common = [
    SHAPE_NOTE["llama-4-maverick"],
    "framework: NeMo 2 in container nvcr.io/nvidia/nemo:25.04.01 (llama4/metadata.yaml, launch.sh FW_VERSION=25.04.01), launched as scripts.performance.llm.pretrain_llama4_e128 of " + NEMO + " with Megatron-Core 7094270c",
    "measured figure: 'Training step time (seconds per step)', the mean of iterations 11-44 of a 50-step run on synthetic data (README 'Expected Performance')",
    "zero 1: the llama4_e128 recipe's optimizer is distributed_fused_adam_with_cosine_annealing (use_distributed_optimizer=True)",
    "reduce_dtype bf16: pretrain_performance_optimizations sets recipe.trainer.plugins.grad_reduce_in_fp32 = False, which NeMo copies onto the DDP config (update_config_with_dtype_overrides)",
    "recompute none: model_configs_<gpu>.csv recompute_layers 0, no recompute modules, and the recipe sets no recompute",
    "flash_attention true: Transformer Engine fused attention; not stated",
    "routing: pretrain_performance_optimizations adds MegatronTokenDropCallback (capacity factor 1.0, inputs padded to capacity), so every expert computes the same number of tokens, as the engine assumes",
    "global batch from the README's configuration table (weak scaling, 8 x GPUs on GB200, 2 x GPUs on H100); launch.sh's own default is 1024 whatever the scale, but the README's tokens/s (e.g. 8192 x 2048 / 7.859 = 2.13 M at 256 GPUs) agree with the table's batch",
    "the v25.05 tag's README has the same step times but lists 32 layers; v25.05.01 corrected it to 48 (the model's count)",
]
l4_fp8 = "precision FP8 = fp8-delayed: the script sets recipe.trainer.plugins = bf16_with_fp8_mixed() (nemo/collections/llm/recipes/precision/mixed_precision.py: fp8 'hybrid', fp8_recipe 'delayed', amax history 1024, fp8_param_gather True)"
for prec, rows in [("bf16", [(128, 1024, 7.781), (256, 2048, 7.859), (512, 4096, 7.992)]),
                   ("fp8", [(128, 1024, 6.093), (256, 2048, 6.223), (512, 4096, 6.327)])]:
    for gpus, gbs, step in rows:
        col = {128: 0, 256: 1, 512: 2}[gpus]
        a = list(l4_common) + [
            "parallel: README 'GB200 Configs' row (TP 1, PP 2, CP 1, EP 64, VP 12, ETP 1, MBS 1) = launch.sh GB200 defaults; 48 layers over 2 x 12 virtual stages of 2 (one dense, one MoE layer each)",
            "hardware: GB200 (launch.sh GPUS_PER_NODE 4); preset gb200-nvl72 (72 GPUs on one NVLink domain) assumed, the README does not name the rack size",
            "CUDA graphs off: launch.sh CUDA_GRAPH default false on GB200",
            "tp_comm_overlap: the recipe's MegatronCommOverlapCallback(tp_comm_overlap=True) is moot at TP 1"]
        if prec == "fp8":
            a.append(l4_fp8)
        add(f"{S}-llama4-maverick-gb200-nvl72-{gpus}-{prec}", S,
            f"{TAG} llama4/README.md, 'GB200' table 'LLAMA4 maverick 400b {prec.upper()}', column '{gpus}x GB200 GPUs', row 'Training step time (seconds per step)' = {step}",
            llama4_maverick(), "gb200-nvl72", gpus,
            par(tp=1, pp=2, ep=64, vp=12, precision="fp8-delayed" if prec == "fp8" else "bf16", reduce_dtype="bf16"),
            gbs, 1, "step_seconds", step, a)
for prec, step in [("bf16", 4.426), ("fp8", 3.855)]:
    a = list(l4_common) + [
        "parallel: README 'H100 Configs' row (TP 4, PP 1, CP 1, EP 128, ETP 4, MBS 1, GBS 1024); its 'VP 12' is moot at PP 1 and launch.sh sets VP=1 for H100",
        "expert tensor parallelism 4 = tp 4, so the engine's experts-split-over-tp matches",
        "sequence_parallel true: scripts/performance/utils.py set_primary_perf_configs sets sequence_parallel = tp > 1",
        "tp_overlap true: pretrain_performance_optimizations adds MegatronCommOverlapCallback(tp_comm_overlap=True); in Megatron this overlaps the attention and dense-MLP linear layers' TP collectives (userbuffers), not the experts' (the engine's tp_overlap hides every TP transfer)"]
    if prec == "fp8":
        a += [l4_fp8, "NOT EXPRESSIBLE, recorded: CUDA graphs on (launch.sh CUDA_GRAPH true for fp8 on H100; the README says the FP8 run used CUDA graphs and was faster for it)"]
    else:
        a.append("CUDA graphs off: launch.sh CUDA_GRAPH default false for bf16 on H100 (model_configs_h100.csv says 1, but launch.sh passes --cuda_graphs false)")
    add(f"{S}-llama4-maverick-h100-sxm-512-{prec}", S,
        f"{TAG} llama4/README.md, 'H100' table 'LLAMA4 Maverick 400b {prec.upper()}', column '512x H100 GPUs', row 'Training step time (seconds per step)' = {step}",
        llama4_maverick(), "h100-sxm", 512,
        par(tp=4, pp=1, ep=128, precision="fp8-delayed" if prec == "fp8" else "bf16", reduce_dtype="bf16", tp_overlap=True),
        1024, 1, "step_seconds", step, a)

# ----- Addendum 2026-12-04 (after the Megatron-Bridge one): DeepSeek-V3 BF16 (NeMo 25.04.01), ETP 1 under TP 2.
# Listed in not_expressible.json on 2026-12-03 only for ETP 1 != TP 2; parallel.etp now expresses it. The
# configuration below was written from the tag's launch.sh / README and NeMo 7a8f1cc7 before the engine was run on it.
DS_ADDENDUM = ("addendum, added 2026-12-04 after parallel.etp made it expressible: listed in not_expressible.json on 2026-12-03 only for "
               "ETP 1 under TP 2; its configuration was fixed from the tag's deepseek_v3/pretraining files and NeMo before the engine was run on it")
TAG04 = "NVIDIA/dgxc-benchmarking tag v25.05.04 (commit 6be5ea0e19c583ee4d445a1cd65a3ff2fcb4e58b)"
ds_common = [
    DS_ADDENDUM,
    "model: DeepSeek-V3 as NeMo 2 builds it (nemo/collections/llm/gpt/model/deepseek.py DeepSeekV3Config at NeMo 7a8f1cc7, launch.sh passes "
    "--num_layers 61 --hidden_size 7168): 61 layers, hidden 7168, 128 heads, MLA (q_lora_rank 1536, kv_lora_rank 512, qk_head_dim 128 + rope 64, "
    "v 128), first 3 layers dense (ffn 18432, moe_layer_freq [0] x 3 + [1] x 58), 256 routed experts of 2048 with 8 per token plus 1 shared "
    "expert of 2048, sigmoid router with expert bias, untied; vocab 129280 (the deepseek-ai/DeepSeek-V3-Base tokenizer the script loads, a "
    "multiple of make_vocab_size_divisible_by 1280)",
    "MTP: the script calls deepseek_v3.pretrain_recipe() whose use_mtp default is True (DeepSeekV3Config mtp_num_layers=1), so mtp_layers 1, "
    "on the last pipeline stage",
    "framework: NeMo 2 in container nvcr.io/nvidia/nemo:25.04.01 (deepseek_v3/pretraining/metadata.yaml, launch.sh FW_VERSION=25.04.01), "
    "launched as scripts.performance.llm.pretrain_deepseek_v3 of " + NEMO + " (deepseek_v3/pretraining/setup.sh NEMO_COMMIT) with "
    "Megatron-Core 7094270c",
    "measured figure: 'Training step time (seconds per step)', the mean of iterations 11-44 of a 50-step run on synthetic data (README "
    "'Expected Performance'); the README's tokens/s (e.g. 4096 x 8192 / 52.04 = 644781.55) use the table's global batch",
    "global batch: launch.sh GBS = JOB_TOTAL_GPUS x 8 = the README table's GBS; micro-batch 1 (launch.sh MBS=1); sequence 4096",
    "zero 1: the recipe's optimizer is distributed_fused_adam_with_cosine_annealing (use_distributed_optimizer=True); "
    "set_primary_perf_configs sets use_precision_aware_optimizer = True for bf16, with Megatron's default fp32 main parameters and moments",
    "reduce_dtype fp32: the deepseek trainer's DDP config and its bf16_mixed plugin set grad_reduce_in_fp32 = True, and "
    "set_primary_perf_configs turns it off only for fp8",
    "precision bf16: bf16_mixed (DTYPE=bf16; the README says FP8 is not supported for this recipe)",
    "flash_attention true: Transformer Engine fused attention; not stated",
    "sequence_parallel true: scripts/performance/utils.py set_primary_perf_configs sets sequence_parallel = tp > 1",
    "rank order: Megatron-Core's default tp-cp-ep-dp-pp (NeMo's MegatronStrategy use_tp_pp_dp_mapping = False, not set by the script), "
    "the engine's default order",
    "tp_overlap false: the script adds MegatronCommOverlapCallback(tp_comm_overlap=False)",
    "routing: the script adds MegatronTokenDropCallback (USE_TOKEN_DROP = True: capacity factor 1.0, inputs padded to capacity, "
    "alltoall dispatcher, seq_aux_loss), so every expert computes the same number of tokens, as the engine assumes",
    "CUDA graphs off: launch.sh passes no --cuda_graphs, and model_configs_<gpu>.csv at NeMo 7a8f1cc7 says cuda_graphs 0 for the rows it has "
    "(H100 1024, GB200 128 and 256) and has no row for the others (default False); recompute_layers 0 and activation_offload_layers 0 "
    "(launch.sh AOL=0), so no full recompute and no CPU offload",
    "not expressible in the request, recorded: DeepSeekConfig moe_shared_expert_overlap = True (the shared expert's computation overlapped "
    "with the routed tokens' all-to-all); Megatron's all-to-all dispatcher (no flex backend), no moe_a2a_overlap",
]
def ds_recompute(modules, gpu):
    return ("recompute selective: the script sets recompute_granularity 'selective' and launch.sh passes --recompute_modules " + modules +
            " on " + gpu + "; the engine's 'selective' counts only the attention-score recompute (nothing with flash attention), so the "
            "recompute of " + modules + " is not counted")
def ds_layout(pp):
    mid = 64 // pp
    first, last = mid - 1, mid - 2
    assert first + (pp - 2) * mid + last == 61
    return first, last, ("pipeline split: pretrain_deepseek_v3.py sets num_layers_in_first_pipeline_stage = 64 // pp - 1 and "
                         f"num_layers_in_last_pipeline_stage = 64 // pp - 2: at PP {pp} {first}, {pp - 2} x {mid}, {last} layers "
                         f"(= 61; the last stage also holds the MTP module and the loss): first_stage_layers {first}, last_stage_layers {last}; "
                         "no embedding or loss accounting, VP 1")
ds_runs = [  # (tag, gpus, preset, pp, ep, step, where-table, where-column, config-row source)
    (TAG, 128, "gb200-nvl72", 4, 32, 34.168, "'GB200 Performance' table 'Deepseek V3 BF16 GB200'", "128x GB200 GPUs",
     "README 'GB200 specifications' row (128 GPUs: TP 2, PP 4, CP 1, EP 32, ETP 1, DP 16, VP 1, MBS 1, GBS 1024, GA 64) = launch.sh gb200 "
     "(TP=2, PP=4, EP=32 at 128 GPUs, VP=1, ETP=1)"),
    (TAG, 256, "gb200-nvl72", 4, 64, 34.194, "'GB200 Performance' table 'Deepseek V3 BF16 GB200'", "256x GB200 GPUs",
     "README 'GB200 specifications' row (256 GPUs: TP 2, PP 4, CP 1, EP 64, ETP 1, DP 32, VP 1, MBS 1, GBS 2048, GA 64) = launch.sh gb200 "
     "(TP=2, PP=4, EP=64, VP=1, ETP=1)"),
    (TAG, 512, "gb200-nvl72", 4, 64, 34.274, "'GB200 Performance' table 'Deepseek V3 BF16 GB200'", "512x GB200 GPUs",
     "README 'GB200 specifications' row (512 GPUs: TP 2, PP 4, CP 1, EP 64, ETP 1, DP 64, VP 1, MBS 1, GBS 4096, GA 64) = launch.sh gb200 "
     "(TP=2, PP=4, EP=64, VP=1, ETP=1)"),
    (TAG04, 512, "h100-sxm", 8, 64, 48.948, "'H100 Performance' table 'Deepseek V3 BF16 H100'", "512x H100 GPUs",
     "README 'H100s specifications' row at v25.05.04 (512 GPUs: TP 2, PP 8, CP 1, EP 64, ETP 1, DP 32, VP 1, MBS 1, GBS 4096, GA 128) = "
     "launch.sh h100 at v25.05.04 (TP=2, PP=8 at 512 GPUs, EP=64, VP=1, ETP=1)"),
    (TAG, 1024, "h100-sxm", 16, 64, 52.04, "'H100 Performance' table 'Deepseek V3 BF16 H100'", "1024x H100 GPUs",
     "README 'H100s specifications' row (1024 GPUs: TP 2, PP 16, CP 1, EP 64, ETP 1, DP 32, VP 1, MBS 1, GBS 8192, GA 256) = launch.sh h100 "
     "(TP=2, PP=16, EP=64, VP=1, ETP=1)"),
]
for tag, gpus, preset, pp, ep, step, table, column, cfgrow in ds_runs:
    first, last, layout = ds_layout(pp)
    dp = gpus // (2 * pp)
    h100 = preset == "h100-sxm"
    a = list(ds_common) + [
        "parallel: " + cfgrow,
        f"expert tensor parallelism 1 under tp 2 = parallel etp 1: launch.sh ETP=1 (--expert_tensor_parallel_size), which "
        f"set_primary_perf_configs writes to the strategy; each expert is whole on its rank, EP {ep} x ETP 1 of the {2 * dp} ranks of a "
        f"pipeline stage (TP 2 x DP {dp})",
        layout,
        ds_recompute("mla_up_proj", "H100") if h100 else ds_recompute("core_attn", "GB200") +
        " (Megatron re-runs the fused attention forward in the backward pass)",
        ("hardware: H100 (launch.sh GPUS_PER_NODE 8); preset h100-sxm" if h100 else
         "hardware: GB200 (launch.sh GPUS_PER_NODE 4); preset gb200-nvl72 (72 GPUs on one NVLink domain) assumed, the README does not name the rack size"),
    ]
    if tag == TAG04:
        a.append("this run is in the README from tag v25.05.04 on (added in 1f6d9f4 'v25.05.04 changes', 2025-09-04: H100 512 with PP 8, the other four "
                 "step times unchanged), not at v25.05.01; same container nvcr.io/nvidia/nemo:25.04.01 and the same NeMo, Megatron-Core and "
                 "NeMo-Run commits in setup.sh (v25.05.04 adds only transformers==4.55.4), so it is read with this source")
    add(f"{S}-deepseek-v3-{preset}-{gpus}-bf16", S,
        f"{tag} deepseek_v3/pretraining/README.md, {table}, column '{column}', row 'Training step time (seconds per step)' = {step}",
        deepseek_v3(1), preset, gpus,
        par(tp=2, pp=pp, ep=ep, precision="bf16", recompute="selective", sp=True, reduce_dtype="fp32", tp_overlap=False,
            etp=1, first_stage_layers=first, last_stage_layers=last),
        gpus * 8, 1, "step_seconds", step, a)

json.dump(cases, open(os.path.join(HERE, "cases.json"), "w"), indent=1)
json.dump(notx, open(os.path.join(HERE, "not_expressible.json"), "w"), indent=1)
print(len(cases), "cases,", len(notx), "rows left out")
