# Builds cases.json / not_expressible.json for the sealed dense training set of 2026-12-06.
# Every number below is transcribed from the cited source text (markdown in git); see README.md.
# Dense models only (the MoE rows of the same pages belong to other sets).
import json, os

# Writes beside this script, wherever the checkout is.
HERE = os.path.dirname(os.path.abspath(__file__))

def llama(layers, hidden, heads, kv, ffn, vocab, seq):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn": ffn, "vocab": vocab, "seq": seq,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False, "tied_embeddings": False}

L3_8B = llama(32, 4096, 32, 8, 14336, 128256, 8192)
L3_70B = llama(80, 8192, 64, 8, 28672, 128256, 8192)
L31_405B = llama(126, 16384, 128, 8, 53248, 128256, 8192)

def par(tp=1, pp=1, cp=1, vp=1, zero=1, precision="bf16", tp_overlap=False, split405=False):
    p = {"tp": tp, "pp": pp, "cp": cp, "ep": 1, "virtual_stages": vp}
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": zero, "framework": "megatron", "sequence_parallel": tp > 1, "recompute": "none",
              "flash_attention": True, "precision": precision, "tp_overlap": tp_overlap, "reduce_dtype": "bf16"})
    if split405:
        p["embedding_as_layer"] = True
        p["loss_as_layer"] = True
    return p

cases, notx = [], []
def add(id, source, where, model, preset, gpus, parallel, gbs, mbs, kind, value, assumed):
    assert id not in {c["id"] for c in cases}, id
    assert id.startswith(source + "-"), id
    cases.append({"id": id, "source": source, "where": where,
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": kind, "value": value}, "assumed": assumed})

# ==================================================================== Megatron-Bridge performance summary archive
MB_DOC = "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md at commit 067f987df03b8355b03192d88d70f1709fedf51a"
SYSTEM = {"gb200-nvl72": "DGX-GB200", "b200": "DGX-B200", "h100-sxm": "DGX-H100"}
PREC_NOTE = {
    "fp8-current": "precision FP8 current scaling = fp8-current: scripts/performance/utils/precision get_precision_config('fp8_cs') = bf16_with_fp8_current_scaling_mixed with first_last_layers_bf16 = False (every block in FP8)",
    "mxfp8": "precision MXFP8 = mxfp8: get_precision_config('fp8_mx') = bf16_with_mxfp8_mixed (1x32 blocks, E8M0 scales)",
    "nvfp4": "precision NVFP4 = nvfp4: get_precision_config('nvfp4') = bf16_with_nvfp4_mixed (fp4 e2m1, fp4_recipe nvfp4, first_last_layers_bf16 default False, fp8_param_gather False)",
}
mb_common = [
    "measured figure: 'Tokens / sec / GPU' column",
    "zero 1: the Llama recipes set use_distributed_optimizer=True (Megatron distributed optimizer); FSDP column 0 (DDP)",
    "reduce_dtype bf16: the perf scripts set cfg.mixed_precision.grad_reduce_in_fp32 = False and cfg.ddp.grad_reduce_in_fp32 = False",
    "flash_attention true: Transformer Engine fused attention (cuDNN) in the Megatron-Bridge recipes; not stated on the page",
    "sequence_parallel = (tp > 1): WorkloadBaseConfig.sequence_parallel property / the recipe's sequence_parallel (scripts/performance/utils); not stated on the page",
    "rank order: Megatron-Core's default tp-cp-ep-dp-pp (not set by scripts/performance), the engine's default",
    "global batch, micro-batch, sequence and degrees are the table row's; the release's workload base config supplied only what the row does not state",
]
split405_note = ("pipeline split: llama31_405b_pretrain_config sets account_for_embedding_in_pipeline_split and "
                 "account_for_loss_in_pipeline_split = True (src/megatron/bridge/recipes/llama): 126 layers + embedding + loss = 128 slots, "
                 "written as embedding_as_layer and loss_as_layer")
model_note = {
    "llama3-8b": "model: Llama 3 8B (32 layers, hidden 4096, 32 heads, 8 kv heads, ffn 14336, rope, swiglu, rmsnorm, untied); tokenizer vocab_size 128256 set by the perf script (padded by Megatron to a multiple of 128 x tp, not modelled)",
    "llama3-70b": "model: Llama 3 70B (80 layers, hidden 8192, 64 heads, 8 kv heads, ffn 28672, untied); tokenizer vocab_size 128256 set by the perf script (should_pad_vocab: padded to a multiple of 128 x tp, not modelled)",
    "llama3.1-405b": "model: Llama 3.1 405B (126 layers, hidden 16384, 128 heads, 8 kv heads, ffn 53248, untied); tokenizer vocab_size 128256 set by the perf script (should_pad_vocab: padded to a multiple of 128 x tp, not modelled)",
}
MODELS = {"llama3-8b": L3_8B, "llama3-70b": L3_70B, "llama3.1-405b": L31_405B}

def mb(S, section, heading, name, preset, gpus, prec, gbs, mbs, tp, pp, cp, vp, tok, row, extra, tp_overlap, zero=1):
    a = list(mb_common) + [model_note[name], PREC_NOTE[prec]]
    split = name == "llama3.1-405b"
    if split:
        a.append(split405_note)
    if zero == 3:
        a = [x for x in a if not x.startswith("zero 1:")]
    a += extra
    where = f"{MB_DOC}, section '{section}' > {heading}, row '{row}'"
    add(f"{S}-{name}-{preset}-{gpus}-{prec}", S, where, MODELS[name], preset, gpus,
        par(tp=tp, pp=pp, cp=cp, vp=vp, zero=zero, precision=prec, tp_overlap=tp_overlap, split405=split), gbs, mbs,
        "tokens_per_second_per_gpu", tok, a)

# ---------------------------------------------------------------- 25.09 section (published 2025-10-10, ea2990630 / fa0315ae2)
S = "megatron-bridge-perf-25.09"
SEC = "25.09 NeMo Container > Pre-Training Performance"
R01 = "Megatron-Bridge r0.1.0 branch (684a68616597c8097b17e089f91f86383d9e7b74, 2025-10-23; its llama YAMLs differ from v0.1.0rc3, bf71eba07, only in train_iters and where the 8B GB200 cuda_graphs key sits)"
Y = lambda f: f"{R01} scripts/performance/configs/{f}"
prec2509 = ("precision not printed in the 25.09 section: its footnote says the numbers in parentheses use other 'quantization granularities' "
            "(GB200/B200: the MXFP8 presets; H100: 128x128 / 1x128 blockwise, DeepSeek-V3 only), so the plain numbers are per-tensor FP8. "
            "Read as current scaling (fp8_cs): the 25.11 section of the same page labels the same layouts FP8-CS, and the GB200 LLAMA3_70B plain row's MBS 2 "
            "matches only the fp8_cs preset (fp8_ds has mbs 1); but scripts/performance/argument_parser.py at r0.1.0 defaults --fp8_recipe to 'ds' "
            "(delayed), so delayed scaling cannot be ruled out")
prec2509_mx = ("precision of the parenthesised value = mxfp8: the 25.09 footnote says the parenthesised numbers use '32x32 for both weights and "
               "activations' on GB200/B200 (wording as in 25.11, does not match MXFP8's 1x32 blocks); the layout in parentheses matches the fp8_mx "
               "entry of the r0.1.0 perf_matrix, so recorded as mxfp8")
tpo = "tp_overlap true: the recipe's CommOverlapConfig(tp_comm_overlap=True) (src/megatron/bridge/recipes/llama/{f}.py at r0.1.0) with the userbuffers config of run_script.py COMM_OVERLAP_CONFIG_MAP"
GB, BB, HH = "'System: DGX-GB200'", "'System: DGX-B200'", "'System: DGX-H100'"
# GB200
row = "LLAMA3_8B | 8 | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 | 31357 (29925) | 1614 (1540)"
mb(S, SEC, GB, "llama3-8b", "gb200-nvl72", 8, "fp8-current", 128, 2, 1, 1, 1, 1, 31357, row,
   [prec2509, "recompute none, no CUDA graphs: " + Y("llama3/llama3_8b_llm_pretrain.yaml") + " perf_matrix gb200 num_gpus_8: mbs 2, gbs 128, tp/pp/cp 1, fp8_cs cuda_graphs false; no recompute key",
    "tp_overlap false: llama3_8b recipe CommOverlapConfig(tp_comm_overlap=False) (tp 1 anyway)"], False)
mb(S, SEC, GB, "llama3-8b", "gb200-nvl72", 8, "mxfp8", 128, 2, 1, 1, 1, 1, 29925, row,
   [prec2509_mx, "recompute none: " + Y("llama3/llama3_8b_llm_pretrain.yaml") + " gb200 num_gpus_8 fp8_mx: no recompute key",
    "not expressible, recorded: the fp8_mx entry sets cuda_graphs: true (CUDA graphs, not in the request format)",
    "tp_overlap false: llama3_8b recipe tp_comm_overlap=False (tp 1 anyway)"], False)
row = "LLAMA3_70B | 64 | 128 | 2 | 8192 | 64 (0) | 1 (2) | 1 (4) | 1 | 1 (5) | 1 | 1 (16) | 3986 (3546) | 1791 (1593)"
mb(S, SEC, GB, "llama3-70b", "gb200-nvl72", 64, "mxfp8", 128, 1, 2, 4, 1, 5, 3546, row,
   [prec2509_mx,
    "micro-batch 1 for the parenthesised run: the MBS column prints 2 with no alternative, but the row's parenthesised GA 16 = GBS 128 / (MBS x DP 8) gives MBS 1, and " + Y("llama3/llama3_70b_llm_pretrain.yaml") + " gb200 fp8_mx says mbs 1",
    "recompute none, no FSDP, no CPU offloading, no CUDA graphs: the same YAML's gb200 fp8_mx entry (tp 2, pp 4, vp 5, use_megatron_fsdp false)",
    tpo.format(f="llama3_70b")], True)
row = "LLAMA3.1_405B | 128 | 64 | 1 | 8192 | 64 (0) | 2 (4) | 1 (8) | 1 (2) | 1 (8) | 1 | 1 (32) | 729 (578) | 1840 (1458)"
mb(S, SEC, GB, "llama3.1-405b", "gb200-nvl72", 128, "mxfp8", 64, 1, 4, 8, 2, 8, 578, row,
   [prec2509_mx,
    "recompute none, no FSDP, no CPU offloading, no CUDA graphs: " + Y("llama31/llama31_405b_llm_pretrain.yaml") + " gb200 num_gpus_128 fp8_mx (tp 4, pp 8, cp 2, vp 8, gbs 64, mbs 1)",
    tpo.format(f="llama31_405b")], True)
# B200
row = "LLAMA3_8B | 8 | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 | 29994 (29388) | 1544 (1513)"
for prec, v, pn in [("fp8-current", 29994, prec2509), ("mxfp8", 29388, prec2509_mx)]:
    mb(S, SEC, BB, "llama3-8b", "b200", 8, prec, 128, 2, 1, 1, 1, 1, v, row,
       [pn, "recompute none: " + Y("llama3/llama3_8b_llm_pretrain.yaml") + " b200 num_gpus_8 common: mbs 2, gbs 128, no recompute key",
        "not expressible, recorded: the b200 common entry sets cuda_graphs: true (CUDA graphs)",
        "tp_overlap false: llama3_8b recipe tp_comm_overlap=False (tp 1 anyway)"], False)
row = "LLAMA3.1_405B | 128 | 64 | 1 | 8192 | 0 | 4 | 8 | 2 | 8 | 1 | 32 | 664 (622) | 1676 (1569)"
for prec, v, pn in [("fp8-current", 664, prec2509), ("mxfp8", 622, prec2509_mx)]:
    mb(S, SEC, BB, "llama3.1-405b", "b200", 128, prec, 64, 1, 4, 8, 2, 8, v, row,
       [pn, "recompute none, no CUDA graphs: " + Y("llama31/llama31_405b_llm_pretrain.yaml") + " b200 num_gpus_128 common (tp 4, pp 8, cp 2, vp 8, gbs 64, mbs 1, cuda_graphs false), the same for every precision",
        tpo.format(f="llama31_405b")], True)
# H100
mb(S, SEC, HH, "llama3-8b", "h100-sxm", 8, "fp8-current", 128, 1, 1, 1, 1, 1, 14079,
   "LLAMA3_8B | 8 | 128 | 1 | 8192 | 8 | 1 | 1 | 1 | n/a | 1 | 16 | 14079 | 725",
   [prec2509,
    "zero 3: the row's FSDP 8 (as first published on 2025-10-10: FSDP 1, 'use FSDP'; the archive's later nomenclature gives the sharding group, #GPUs / (TP x PP) = 8) = Megatron-FSDP over all 8 GPUs; " + Y("llama3/llama3_8b_llm_pretrain.yaml") + " h100 fp8_cs sets use_megatron_fsdp: true and utils/helpers.py set_megatron_fsdp_overrides sets data_parallel_sharding_strategy = 'optim_grads_params' (parameters, gradients and optimizer states sharded); the engine's framework stays megatron at zero 3",
    "not expressible, recorded: the same entry sets nccl_ub: true and keep_fp8_transpose_cache_when_using_custom_fsdp: true (NCCL user buffers for the FSDP collectives)",
    "recompute none, no CUDA graphs: the h100 num_gpus_8 common entry (cuda_graphs false, no recompute key); the YAML's bf16 entry uses cp 2, the fp8 entries cp 1 as the row",
    "tp_overlap false: tp 1"], False, zero=3)
mb(S, SEC, HH, "llama3-70b", "h100-sxm", 64, "fp8-current", 128, 1, 4, 8, 1, 5, 1619,
   "LLAMA3_70B | 64 | 128 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | 1 | 64 | 1619 | 727",
   [prec2509, "recompute none, no CUDA graphs, no FSDP: " + Y("llama3/llama3_70b_llm_pretrain.yaml") + " h100 num_gpus_64 fp8_cs (tp 4, pp 8, cp 1, vp 5, mbs 1, gbs 128)",
    tpo.format(f="llama3_70b")], True)
mb(S, SEC, HH, "llama3.1-405b", "h100-sxm", 1024, "fp8-current", 512, 1, 8, 8, 2, 8, 302,
   "LLAMA3.1_405B | 1024 | 512 | 1 | 8192 | 0 | 8 | 8 | 2 | 8 | 1 | 64 | 302 | 763",
   [prec2509, "recompute none, no CUDA graphs: " + Y("llama31/llama31_405b_llm_pretrain.yaml") + " h100 num_gpus_1024 common (tp 8, pp 8, cp 2, vp 8, gbs 512, mbs 1)",
    tpo.format(f="llama31_405b")], True)
notx.append({"source": S, "where": f"{MB_DOC}, section '{SEC}' > {GB}, rows LLAMA3_70B and LLAMA3.1_405B, the values outside parentheses (3986 and 729 tokens/s/GPU, FSDP 64)",
             "reason": "Megatron-FSDP with CPU activation offloading: r0.1.0 perf_matrix gb200 fp8_cs sets cpu_offloading_num_layers 40 (70B) and 95 (405B); offloading is the engine's error offload_not_modelled"})
notx.append({"source": S, "where": f"{MB_DOC}, section '{SEC}', rows DeepSeekV3, Qwen3_30B_a3B, Qwen3_235B_a22B (all systems)",
             "reason": "models with experts: outside this dense set (MoE sets are kept apart)"})

# ---------------------------------------------------------------- 26.02 and later: one table per model, a Precision column
def v2_note(ref, fam_file, preset, matches=True):
    return (f"configuration gaps from {ref} scripts/performance/configs/llama/{fam_file} {preset} (config variant v2, the launcher's default "
            f"--config_variant; {'its layout matches the row' if matches else 'its layout differs from the row, used only for what the row does not state'})")
def ver(ref, container):
    return f"software: NeMo {container} container; Megatron-Bridge {ref}"

def mb26(S, SEC, REF, container, rows):
    """rows: (model, preset, gpus, prec, gbs, mbs, tp, pp, cp, vp, tok, row text, extra)"""
    for name, preset, gpus, prec, gbs, mbs, tp, pp, cp, vp, tok, rowtxt, extra in rows:
        heading = "'Model: LLAMA3_70B'" if name == "llama3-70b" else "'Model: LLAMA3.1_405B'"
        fam = "llama3_workload_base_configs.py" if name == "llama3-70b" else "llama31_workload_base_configs.py"
        cfgname = ("LLAMA3_70B" if name == "llama3-70b" else "LLAMA31_405B") + "_PRETRAIN_CONFIG_" + \
            {"gb200-nvl72": "GB200", "h100-sxm": "H100"}[preset] + "_" + {"fp8-current": "FP8_CS", "mxfp8": "FP8_MX", "nvfp4": "NVFP4"}[prec] + "_V2"
        recipe = "llama3_70b" if name == "llama3-70b" else "llama31_405b"
        if prec == "nvfp4":
            tpo_ = False
            tpn = f"tp_overlap false: configs/llama/{'llama3' if name == 'llama3-70b' else 'llama31'}_llm_pretrain.py sets cfg.comm_overlap.tp_comm_overlap = False if precision == 'nvfp4'"
        else:
            tpo_ = True
            tpn = (f"tp_overlap true: the {recipe}_pretrain_config recipe's CommOverlapConfig(tp_comm_overlap=True) (src/megatron/bridge/recipes/llama/llama3.py), "
                   f"kept by configs/llama/{'llama3' if name == 'llama3-70b' else 'llama31'}_llm_pretrain.py with a userbuffers config for the system")
        a = [ver(REF, container), extra[0] if extra and extra[0].startswith("configuration gaps") else v2_note(REF, fam, cfgname), tpn]
        a += [x for x in extra if not x.startswith("configuration gaps")]
        if prec == "fp8-current":
            a.append("the page writes 'FP8'; the release's Llama presets are BF16, FP8_CS, FP8_MX and NVFP4 only, so FP8 = FP8_CS (fp8-current)")
        mb(S, SEC, heading, name, preset, gpus, prec, gbs, mbs, tp, pp, cp, vp, tok, rowtxt, a, tpo_)

no_rc = "recompute none: the preset sets no recompute_num_layers or recompute_modules and the recipe none; no CPU offloading"
no_cg_nvfp4 = "no CUDA graphs: the preset sets cuda_graph_impl='none'"
def gb300_notx(S, SEC, which):
    notx.append({"source": S, "where": f"{MB_DOC}, section '{SEC}', every DGX-GB300 row ({which})",
                 "reason": "GB300 has no hardware preset"})
def fsdp70_notx(S, SEC, REF, tok):
    notx.append({"source": S, "where": f"{MB_DOC}, section '{SEC}' > 'Model: LLAMA3_70B', row DGX-GB200 | 64 | FP8 | 256 | 2 | 8192 | 64 | 1 | 1 | 1 | n/a | n/a ({tok} tokens/s/GPU)",
                 "reason": f"Megatron-FSDP with CPU activation offloading: {REF} scripts/performance/configs/llama/llama3_workload_base_configs.py LLAMA3_70B_PRETRAIN_CONFIG_GB200_FP8_CS_V2 sets use_megatron_fsdp=True, cpu_offloading_num_layers=40 (the row's layout: FSDP 64, MBS 2); offloading is the engine's error offload_not_modelled"})
def moe_notx(S, SEC, models):
    notx.append({"source": S, "where": f"{MB_DOC}, section '{SEC}', tables {models}",
                 "reason": "models with experts (MoE) or hybrid Mamba (Nemotron-3 Nano/Super): outside this dense set; MoE rows are kept to the MoE sets, Mamba layers are not in the engine's model"})

# ----- 26.02 (first published in docs/performance-summary.md at c0b9a0003, 2026-02-25)
S = "megatron-bridge-perf-26.02"
SEC = "26.02 NeMo Container > Pre-Training Performance"
REF = "v0.3.0 (21b02e0cfb2f8ff907e0d8baee0c5205876c6812)"
mb26(S, SEC, REF, "26.02", [
    ("llama3-70b", "gb200-nvl72", 64, "nvfp4", 256, 1, 2, 4, 1, 5, 4458, "DGX-GB200 | 64 | NVFP4 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 4458 | 2004", [no_rc, no_cg_nvfp4]),
    ("llama3-70b", "gb200-nvl72", 64, "mxfp8", 256, 1, 2, 4, 1, 5, 3613, "DGX-GB200 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 3613 | 1623", [no_rc, "no CUDA graphs: the preset sets no cuda_graph_impl"]),
    ("llama3-70b", "h100-sxm", 64, "fp8-current", 256, 1, 4, 8, 1, 5, 1621, "DGX-H100 | 64 | FP8 | 256 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | n/a | 1621 | 728", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "nvfp4", 1536, 1, 4, 16, 1, 8, 1076, "DGX-GB200 | 256 | NVFP4 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 1076 | 2716",
     ["recompute none: LLAMA31_405B_PRETRAIN_CONFIG_GB200_NVFP4_V2 sets recompute_num_layers=None (the V1 preset's full recompute of 1 layer is cleared); no CPU offloading", no_cg_nvfp4]),
    ("llama3.1-405b", "gb200-nvl72", 256, "mxfp8", 1536, 1, 4, 16, 1, 8, 786, "DGX-GB200 | 256 | MXFP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 786 | 1983", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "fp8-current", 1536, 1, 4, 16, 1, 4, 793, "DGX-GB200 | 256 | FP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | n/a | 793 | 2004",
     ["recompute none: LLAMA31_405B_PRETRAIN_CONFIG_GB200_FP8_CS_V2 sets use_megatron_fsdp=False and cpu_offloading_num_layers=None (the V1 preset's FSDP and offloading cleared)", "no CUDA graphs"]),
    ("llama3.1-405b", "h100-sxm", 1024, "fp8-current", 1536, 1, 8, 8, 2, 8, 311, "DGX-H100 | 1024 | FP8 | 1536 | 1 | 8192 | 0 | 8 | 8 | 2 | 8 | n/a | 311 | 784", [no_rc, "no CUDA graphs"]),
])
fsdp70_notx(S, SEC, REF, 4040)
gb300_notx(S, SEC, "LLAMA3_70B NVFP4 6798, MXFP8 4596, FP8 5003; LLAMA3.1_405B NVFP4 1333, MXFP8 931, FP8 988")
moe_notx(S, SEC, "DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B, Qwen3_235B_a22B")

# ----- 26.02.01 (first published at cfeddcd94, 2026-03-21, '2602_perf_table_reorder and patch container data')
S = "megatron-bridge-perf-26.02.01"
SEC = "26.02.01 NeMo Container > Pre-Training Performance"
REF = "v0.3.1 (9c9dd848966322fc3ed7706747ec13219ef49dda; the Llama presets are the same as v0.3.0's)"
mb26(S, SEC, REF, "26.02.01", [
    ("llama3-70b", "gb200-nvl72", 64, "nvfp4", 256, 1, 2, 4, 1, 5, 4557, "DGX-GB200 | 64 | NVFP4 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 4557 | 2047", [no_rc, no_cg_nvfp4]),
    ("llama3-70b", "gb200-nvl72", 64, "mxfp8", 256, 1, 2, 4, 1, 5, 3837, "DGX-GB200 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 3837 | 1724", [no_rc, "no CUDA graphs"]),
    ("llama3-70b", "h100-sxm", 64, "fp8-current", 256, 1, 4, 8, 1, 5, 1639, "DGX-H100 | 64 | FP8 | 256 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | n/a | 1639 | 736", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "nvfp4", 1536, 1, 4, 16, 1, 4, 1083, "DGX-GB200 | 256 | NVFP4 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | n/a | 1083 | 2734",
     [v2_note(REF, "llama31_workload_base_configs.py", "LLAMA31_405B_PRETRAIN_CONFIG_GB200_NVFP4_V2", matches=False) + ": the preset says VP 8, the row VP 4; the row's VP was taken",
      "recompute none: the V2 preset sets recompute_num_layers=None; no CPU offloading", no_cg_nvfp4]),
    ("llama3.1-405b", "gb200-nvl72", 256, "mxfp8", 1536, 1, 4, 16, 1, 8, 775, "DGX-GB200 | 256 | MXFP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 775 | 1957", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "fp8-current", 1536, 1, 4, 16, 1, 4, 818, "DGX-GB200 | 256 | FP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | n/a | 818 | 2063",
     ["recompute none: the GB200 FP8_CS V2 preset clears the V1 FSDP and offloading (use_megatron_fsdp=False, cpu_offloading_num_layers=None)", "no CUDA graphs"]),
])
fsdp70_notx(S, SEC, REF, 4357)
gb300_notx(S, SEC, "LLAMA3_70B NVFP4 7002, MXFP8 4798, FP8 5243; LLAMA3.1_405B NVFP4 1358, MXFP8 949, FP8 1024")
moe_notx(S, SEC, "DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B, Qwen3_235B_a22B, Nemotron_3_Nano, Kimi_K2")

# ----- 26.04 (first published at 74695a06d, 2026-04-17)
S = "megatron-bridge-perf-26.04"
SEC = "26.04 NeMo Container > Pre-Training Performance"
REF = "v0.4.0 (0fbfe7d3e970fbd75c1281d71cee586ce1f3df5e; the Llama presets are the same as v0.3.0's)"
mb26(S, SEC, REF, "26.04", [
    ("llama3-70b", "gb200-nvl72", 64, "nvfp4", 256, 1, 2, 4, 1, 5, 4898, "DGX-GB200 | 64 | NVFP4 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 4898 | 2201", [no_rc, no_cg_nvfp4]),
    ("llama3-70b", "gb200-nvl72", 64, "mxfp8", 256, 1, 2, 4, 1, 5, 3828, "DGX-GB200 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 3828 | 1721", [no_rc, "no CUDA graphs"]),
    ("llama3-70b", "h100-sxm", 64, "fp8-current", 256, 1, 4, 8, 1, 5, 1633, "DGX-H100 | 64 | FP8 | 256 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | n/a | 1633 | 734", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "nvfp4", 1536, 1, 4, 16, 1, 8, 1136, "DGX-GB200 | 256 | NVFP4 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 1136 | 2866",
     ["recompute none: the V2 preset sets recompute_num_layers=None; no CPU offloading", no_cg_nvfp4]),
    ("llama3.1-405b", "gb200-nvl72", 256, "mxfp8", 1536, 1, 4, 16, 1, 8, 793, "DGX-GB200 | 256 | MXFP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 793 | 2002", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "fp8-current", 1536, 1, 4, 16, 1, 4, 842, "DGX-GB200 | 256 | FP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | n/a | 842 | 2126",
     ["recompute none: the GB200 FP8_CS V2 preset clears the V1 FSDP and offloading", "no CUDA graphs"]),
])
fsdp70_notx(S, SEC, REF, 4143)
gb300_notx(S, SEC, "LLAMA3_70B NVFP4 7397, MXFP8 4742, FP8 5243; LLAMA3.1_405B NVFP4 1424, MXFP8 968, FP8 1036")
moe_notx(S, SEC, "DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B, Qwen3_235B_a22B, Nemotron_3_Nano, Nemotron_3_Super, Kimi_K2")

# ----- 26.04.01 (first published between 17a381f95, 2026-05-16, and 21d102f5e, 2026-05-27)
S = "megatron-bridge-perf-26.04.01"
SEC = "26.04.01 NeMo Container > Pre-Training Performance"
REF = "v0.4.1 (f9b6319e58494b9a655b4789724df715aebabaef; v0.4.2, c81012934, has the same Llama presets)"
mb26(S, SEC, REF, "26.04.01", [
    ("llama3-70b", "gb200-nvl72", 64, "nvfp4", 256, 1, 2, 4, 1, 5, 4864, "DGX-GB200 | 64 | NVFP4 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 4864 | 2202", [no_rc, no_cg_nvfp4]),
    ("llama3-70b", "gb200-nvl72", 64, "mxfp8", 256, 1, 2, 4, 1, 5, 3712, "DGX-GB200 | 64 | MXFP8 | 256 | 1 | 8192 | 0 | 2 | 4 | 1 | 5 | n/a | 3712 | 1664", [no_rc, "no CUDA graphs"]),
    ("llama3-70b", "h100-sxm", 64, "fp8-current", 256, 1, 4, 8, 1, 5, 1664, "DGX-H100 | 64 | FP8 | 256 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | n/a | 1664 | 731", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "fp8-current", 1536, 1, 4, 16, 1, 4, 864, "DGX-GB200 | 256 | FP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | n/a | 864 | 2144",
     ["recompute none: the GB200 FP8_CS V2 preset clears the V1 FSDP and offloading", "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "mxfp8", 1536, 1, 4, 16, 1, 8, 800, "DGX-GB200 | 256 | MXFP8 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 800 | 1994", [no_rc, "no CUDA graphs"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "nvfp4", 1536, 1, 4, 16, 1, 8, 1184, "DGX-GB200 | 256 | NVFP4 | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 8 | n/a | 1184 | 2960",
     ["recompute none: the V2 preset sets recompute_num_layers=None; no CPU offloading", no_cg_nvfp4]),
    ("llama3.1-405b", "h100-sxm", 1024, "fp8-current", 1536, 1, 8, 8, 2, 8, 328, "DGX-H100 | 1024 | FP8 | 1536 | 1 | 8192 | 0 | 8 | 8 | 2 | 8 | n/a | 328 | 827", [no_rc, "no CUDA graphs"]),
])
fsdp70_notx(S, SEC, REF, 4224)
gb300_notx(S, SEC, "LLAMA3_70B FP8 5248, MXFP8 4864, NVFP4 7296; LLAMA3.1_405B FP8 1024, MXFP8 960, NVFP4 1440")
moe_notx(S, SEC, "DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B, Qwen3_235B_a22B, Kimi_K2, Nemotron_3_Nano, Nemotron_3_Super")

# ----- 26.06 (first published at 63b08b397, 2026-06-15)
S = "megatron-bridge-perf-26.06"
SEC = "26.06 NeMo Container > Pre-Training Performance"
REF = "v0.5.0 (fcbb6031103d0ca845c1a54d4fee55ecfcca17b6; the 405B presets are v0.3.0's, cuda_graph_scope=[] in the NVFP4 V1)"
mb26(S, SEC, REF, "26.06", [
    ("llama3.1-405b", "gb200-nvl72", 256, "fp8-current", 1536, 1, 4, 16, 1, 4, 843, "DGX-GB200 | 256 | FP8 | 1536 | 1 | 8192 | 4 | 16 | 1 | 4 | n/a | 843 | 2129",
     ["recompute none: the GB200 FP8_CS V2 preset clears the V1 FSDP and offloading", "no CUDA graphs", "this section's table has no FSDP column; FSDP 0 read from the preset"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "mxfp8", 1536, 1, 4, 16, 1, 8, 783, "DGX-GB200 | 256 | MXFP8 | 1536 | 1 | 8192 | 4 | 16 | 1 | 8 | n/a | 783 | 1976",
     [no_rc, "no CUDA graphs", "this section's table has no FSDP column; FSDP 0 read from the preset"]),
    ("llama3.1-405b", "gb200-nvl72", 256, "nvfp4", 1536, 1, 4, 16, 1, 8, 1166, "DGX-GB200 | 256 | NVFP4 | 1536 | 1 | 8192 | 4 | 16 | 1 | 8 | n/a | 1166 | 2944",
     ["recompute none: the V2 preset sets recompute_num_layers=None; no CPU offloading", "no CUDA graphs: cuda_graph_impl='none' in the V1 preset the V2 inherits",
      "this section's table has no FSDP column; FSDP 0 read from the preset"]),
    ("llama3.1-405b", "h100-sxm", 1024, "fp8-current", 1536, 1, 8, 8, 2, 8, 326, "DGX-H100 | 1024 | FP8 | 1536 | 1 | 8192 | 8 | 8 | 2 | 8 | n/a | 326 | 822",
     [no_rc, "no CUDA graphs", "this section's table has no FSDP column; FSDP 0 read from the preset"]),
])
gb300_notx(S, SEC, "LLAMA3.1_405B FP8 1048, MXFP8 952, NVFP4 1413")
moe_notx(S, SEC, "DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B, Qwen3_235B_a22B, Kimi_K2, Nemotron_3_Nano, Nemotron_3_Super")
notx.append({"source": S, "where": f"{MB_DOC}, section '26.06 NeMo Container' > 'SFT Performance' and 'LoRA Performance' > 'Model: LLAMA3_70B' (GB300, GB200, H100)",
             "reason": "fine-tuning, not pre-training: LoRA adapters (frozen base weights) are not in the engine's model; SFT runs on packed SQuAD-style sequences of 4096 whose padding and token count the page does not give; GB300 rows have no preset"})

# ==================================================================== DGX Cloud Benchmarking v25.04 (H100, NeMo 25.02.01, NeMo 2)
S = "dgxc-bench-v25.04-h100"
TAG = "NVIDIA/dgxc-benchmarking tag v25.04 (commit 741c886025a7665a1d690c05ff12ac29c1be7252)"
NEMO = "NeMo d2b21556f2455b52ad7217f334bb66eaa13c0f83 (llama3.1/setup.sh NEMO_COMMIT; Megatron-LM ee6737da824b18f945946b4c798adf2328374cb7)"
dg_common = [
    "framework: NeMo 2 in container nvcr.io/nvidia/nemo:25.02.01 (llama3.1/launch.sh FW_VERSION=25.02.01) running " + NEMO + " scripts/performance/llm/pretrain_llama31.py (llama3.1/pretrain_llama31.py in " + TAG + ") with the llm.recipes pretrain_recipe(performance_mode=True)",
    "measured figure: seconds per step read from the table; README: 'we are using the last training step timing' of a 50-step run",
    "zero 1: the NeMo llama recipes set use_distributed_optimizer=True (DDP config); ZeRO stage not stated in the table",
    "reduce_dtype bf16: pretrain_performance_optimizations sets recipe.trainer.plugins.grad_reduce_in_fp32 = False, and pretrain_llama31.py sets it again for FP8",
    "flash_attention true: Transformer Engine fused attention; not stated in the table",
    "sequence_parallel = (tp > 1): scripts/performance/utils.py set_primary_perf_configs sets recipe.trainer.strategy.sequence_parallel = bool(tp_size > 1)",
    "recompute none: the NeMo llama3_8b / llama3_70b / llama31_405b recipes at that commit set no activation recompute, and the perf script adds none",
    "no CUDA graphs: llama31_utils.py llama31_auto_configs leaves enable_cuda_graphs False unless asked",
    "layout (TP, PP, CP, VP, MBS, GBS) is the README's configuration table, the same as llama31_utils.py llama31_auto_configs",
    "only the smallest and the largest GPU count of each table were taken (the columns between repeat the same layout with more data-parallel replicas)",
]
fp8_dg = ("precision FP8 = fp8-delayed: pretrain_llama31.py sets recipe.trainer.plugins = bf16_with_fp8_mixed(), which at that NeMo commit is "
          "fp8 = 'hybrid', fp8_amax_history_len = 1024, fp8_amax_compute_algo = 'max', fp8_params = True (Transformer Engine delayed scaling)")
model_dg = {
    "llama3.1-8b": "model: recipe llama3_8b (Llama 3 8B shape: 32 layers, hidden 4096, 32 heads, 8 kv heads, ffn 14336, untied) with num_layers 32 and hidden 4096 forced by llama31_auto_configs; tokenizer meta-llama/Meta-Llama-3-8B (vocab 128256)",
    "llama3.1-70b": "model: recipe llama3_70b (80 layers, hidden 8192, 64 heads, 8 kv heads, ffn 28672, untied); tokenizer meta-llama/Meta-Llama-3-70B (vocab 128256)",
    "llama3.1-405b": "model: recipe llama31_405b (126 layers, hidden 16384, 128 heads, 8 kv heads, ffn 53248, untied); tokenizer meta-llama/Llama-3.1-405B (vocab 128256); only the 126-layer columns are used (the 32/64/128-GPU '405b-Proxy' columns have 8/30/62 layers)",
}
tp_dg = {
    "llama3.1-8b": (False, "tp_overlap false: the llama3_8b recipe's MegatronCommOverlapCallback(tp_comm_overlap=False) (tp 1 anyway)"),
    "llama3.1-70b": (True, "tp_overlap true: the llama3_70b recipe's performance optimizations add MegatronCommOverlapCallback(tp_comm_overlap=True); pretrain_llama31.py sets its userbuffers config (userbuffers_{bf16,fp8}_h100_h8192_tp4_mbs1_seqlen8192)"),
    "llama3.1-405b": (True, "tp_overlap true: the llama31_405b recipe's performance optimizations add MegatronCommOverlapCallback(tp_comm_overlap=True, defer_embedding_wgrad_compute=True); pretrain_llama31.py sets userbuffers_{bf16,fp8}_h100_h16384_tp8_cp2_mbs1_seqlen8192"),
}
DGM = {"llama3.1-8b": L3_8B, "llama3.1-70b": L3_70B, "llama3.1-405b": L31_405B}
def dg(name, gpus, gbs, tp, pp, cp, vp, prec, step, cfgrow, table, col):
    tpo_, tpn = tp_dg[name]
    a = list(dg_common) + [model_dg[name], tpn]
    split = name == "llama3.1-405b"
    if split:
        a.append("pipeline split: the llama31_405b recipe sets account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split = True: 126 layers + embedding + loss = 128 slots = 8 stages x 8 virtual stages of 2")
    if prec == "fp8":
        a.append(fp8_dg)
    where = (f"{TAG} llama3.1/README.md, configuration table row '{cfgrow}'; 'Expected Performance' table '{table}', column '{col}', "
             f"row 'Training step time (seconds per step)'")
    add(f"{S}-{name}-{gpus}-{prec}", S, where, DGM[name], "h100-sxm", gpus,
        par(tp=tp, pp=pp, cp=cp, vp=vp, precision="fp8-delayed" if prec == "fp8" else "bf16", tp_overlap=tpo_, split405=split),
        gbs, 1, "step_seconds", step, a)

for gpus, gbs, b, f in [(8, 128, 12.27, 9.33), (128, 2048, 12.33, 9.54)]:
    dp = gpus // 2
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("llama3.1-8b", gpus, gbs, 1, 1, 2, 1, prec, v, f"8b | BF16/FP8 | {gpus} | 8192 | 32 | 1 | 1 | 2 | NA | {dp} | NA | 1 | {gbs} | 32",
           f"Llama 3.1 8b {prec.upper()}", f"{gpus}x H100 GPUs")
for gpus, gbs, b, f in [(64, 128, 14.66, 9.86), (2048, 4096, 14.66, 10.15)]:
    dpb, dpf = gpus // 32, gpus // 32
    dg("llama3.1-70b", gpus, gbs, 4, 4, 2, 5, "bf16", b, f"70b | BF16 | {gpus} | 8192 | 80 | 4 | 4 | 2 | NA | {dpb} | 5 | 1 | {gbs} | 64", "Llama 3.1 70b BF16", f"{gpus}x H100 GPUs")
    dg("llama3.1-70b", gpus, gbs, 4, 8, 1, 5, "fp8", f, f"70b | FP8 | {gpus} | 8192 | 80 | 4 | 8 | 1 | NA | {dpf} | 5 | 1 | {gbs} | 64", "Llama 3.1 70b FP8", f"{gpus}x H100 GPUs")
for gpus, gbs, b, f in [(512, 256, 19.78, 12.37), (2048, 1024, 19.87, 12.56)]:
    dp = gpus // 128
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("llama3.1-405b", gpus, gbs, 8, 8, 2, 8, prec, v, f"405b | BF16/FP8 | {gpus} | 8192 | 126 | 8 | 8 | 2 | NA | {dp} | 8 | 1 | {gbs} | 64",
           f"Llama 3.1 405b {prec.upper()}", f"{gpus}x H100 GPUs")
notx.append({"source": S, "where": f"{TAG} nemo_megatron/README_175b.md (GPT-3 175B BF16 / FP8 step times)",
             "reason": "not a new run: the step times (8.309 ... 8.49 BF16, 5.626 ... 5.96 FP8) are the ones of tag v25.02, already cases of the sealed source dgxc-bench-v25.02-h100"})
notx.append({"source": S, "where": f"{TAG} grok1/README_314b.md, nemotron/README.md, maxtext/README_70b.md, ft_llama3/README_*.md",
             "reason": "not taken: Grok-1 has experts, Nemotron uses squared-ReLU MLPs, MaxText is JAX/XLA (no framework in the request), ft_llama3 is fine-tuning"})

json.dump(cases, open(os.path.join(HERE, "cases.json"), "w"), indent=1)
json.dump(notx, open(os.path.join(HERE, "not_expressible.json"), "w"), indent=1)
print(len(cases), "cases,", len(notx), "not expressible")
