# Builds cases.json / not_expressible.json for the sealed validation set.
# Every number below is transcribed from the cited source text (markdown in git); see README.md.
import json, copy, os

# Writes beside this script, wherever the checkout is.
HERE = os.path.dirname(os.path.abspath(__file__))

def llama(layers, hidden, heads, kv, ffn, vocab, seq, dropout=False):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv, "ffn": ffn, "vocab": vocab, "seq": seq,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": dropout, "tied_embeddings": False}

def L31_8B(seq): return llama(32, 4096, 32, 8, 14336, 128256, seq)
def L31_70B(seq): return llama(80, 8192, 64, 8, 28672, 128256, seq)
def L31_405B(seq): return llama(126, 16384, 128, 8, 53248, 128256, seq)
def L2_7B(seq): return llama(32, 4096, 32, 32, 11008, 32000, seq)
def L2_70B(seq): return llama(80, 8192, 64, 8, 28672, 32000, seq)
def GPT3_175B(seq, vocab=50257):
    return {"layers": 96, "hidden": 12288, "heads": 96, "kv_heads": 96, "ffn": 49152, "vocab": vocab, "seq": seq,
            "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": True, "tied_embeddings": True}

def par(tp=1, pp=1, cp=1, ep=1, vp=1, zero=1, framework="megatron", sp=None, recompute="none", precision="bf16"):
    p = {"tp": tp, "pp": pp, "cp": cp, "ep": ep, "virtual_stages": vp}
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": zero, "framework": framework,
              "sequence_parallel": (tp > 1) if sp is None else sp,
              "recompute": recompute, "flash_attention": True, "precision": precision})
    return p

cases = []
def add(id, source, where, model, preset, gpus, parallel, gbs, mbs, kind, value, assumed):
    cases.append({"id": id, "source": source, "where": where,
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": kind, "value": value}, "assumed": assumed})

# ---------------------------------------------------------------- dgxc-benchmarking v25.02 (H100, NeMo 24.12)
S = "dgxc-bench-v25.02-h100"
TAG = "NVIDIA/dgxc-benchmarking tag v25.02 (commit 8f5cbb3799ea8cc031ed2c2cee1cbdbc15b240ad)"
common_nemo1 = [
    "framework: NeMo 24.12 container (nvcr.io/nvidia/nemo:24.12, NeMo-1 Megatron launcher path), llama3.1/launch.sh FW_VERSION=24.12 in " + TAG,
    "zero 1: optimizer is NeMo distributed_fused_adam (distributed optimizer) in the recipe YAML; ZeRO stage not stated in the table",
    "flash_attention true: recipe YAML sets use_flash_attention: true / transformer_engine: true (fused attention)",
    "measured figure is seconds per step read from the table (last/averaged step, 50-step run, per README 'Expected Performance')",
    "TP comm overlap (ub_tp_comm_overlap: true) and overlap_grad_sync/overlap_param_sync true in recipe YAML; not part of the request format",
]
fp8_nemo1 = "precision FP8 = fp8-delayed: table says only 'FP8'; llama3.1/configure.sh sets model.fp8=true, model.fp8_hybrid=true, +model.fp8_params=true and the recipe YAML has fp8_amax_history_len: 1024, fp8_amax_compute_algo: max (Transformer Engine delayed scaling)"
def dg(model_name, model, gpus, gbs, tp, pp, cp, vp, mbs, prec, step, where, extra, sp=None):
    pr = "fp8-delayed" if prec == "fp8" else "bf16"
    a = list(common_nemo1) + extra
    if prec == "fp8": a.append(fp8_nemo1)
    add(f"{S}-{model_name}-{gpus}-{prec}", S, where, model, "h100-sxm", gpus,
        par(tp=tp, pp=pp, cp=cp, vp=vp, precision=pr, sp=sp), gbs, mbs, "step_seconds", step, a)

ex8 = ["recompute none: llama3.1/llama3.1_8b.yaml activations_checkpoint_granularity: null, activations_checkpoint_method: null",
       "sequence_parallel false: llama3.1_8b.yaml sequence_parallel: false (TP=1 anyway)",
       "model: released Llama 3.1 8B shape; recipe YAML num_layers 32, hidden 4096, ffn 14336, heads 32, query groups 8, rope, fast-swiglu, rmsnorm, no bias, untied; tokenizer Llama 3 (vocab 128256) via configure.sh model.tokenizer.type=/dataset/llama",
       "GBS = 128 x GPUs / 8 (configure.sh weak scaling) and given in the table header"]
for gpus, gbs, b, f in [(8, 128, 12.78, 9.44), (128, 2048, 13.16, 9.73)]:
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("llama3.1-8b", L31_8B(8192), gpus, gbs, 1, 1, 2, 1, 1, prec, v,
           f"llama3.1/README_8b.md, table 'Llama 3.1 8b {prec.upper()} (TP=1, PP=1, CP=2, MBS=1, GA=32)', column '{gpus}x H100 GPUs (GBS={gbs})', row 'Training step time (seconds per step)'", ex8, sp=False)

ex70 = ["recompute none: llama3.1/llama3.1_70b.yaml activations_checkpoint_granularity: null, activations_checkpoint_method: null",
        "sequence_parallel true: llama3.1_70b.yaml",
        "model: released Llama 3.1 70B shape (YAML: 80 layers, hidden 8192, ffn 28672, 64 heads, 8 query groups, rope, fast-swiglu, rmsnorm, no bias, untied); tokenizer Llama 3 (vocab 128256) via configure.sh",
        "BF16 and FP8 tables both give TP=4, PP=4, CP=2, VP=5, MBS=1, GA=64"]
for gpus, gbs, b, f in [(64, 128, 14.61, 10.46), (2048, 4096, 14.84, 10.99)]:
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("llama3.1-70b", L31_70B(8192), gpus, gbs, 4, 4, 2, 5, 1, prec, v,
           f"llama3.1/README_70b.md, table 'Llama 3.1 70b {prec.upper()} (TP=4, PP=4, CP=2, VP=5, MBS=1, GA=64)', column 'Throughput on {gpus}x H100 GPUs (GBS={gbs})', row 'Training step time (seconds per step)'", ex70)

m405 = llama(126, 16384, 128, 16, 53248, 50257, 8192)
ex405 = ["MODEL SHAPE AS RUN, NOT THE RELEASED 405B: llama3.1/llama3.1_405b.yaml has num_query_groups: 16 (released Llama 3.1 405B has 8 kv heads) and configure.sh runs 405b with synthetic data (model.data.data_impl=mock) and the GPT-2 tokenizer (model.tokenizer.library=huggingface, type=/megatron-gpt2-345m) so vocab is GPT-2's 50257 (padded by Megatron to a multiple of 128*TP=1024, i.e. 51200); I recorded kv_heads 16 and vocab 50257 as run. Use kv 8 / vocab 128256 only if you want the released shape, which was not what was timed.",
         "recompute none: llama3.1_405b.yaml activations_checkpoint_granularity: null, activations_checkpoint_method: null",
         "sequence_parallel true: llama3.1_405b.yaml",
         "only the full-depth (126-layer) columns are used; the 32/96/192-GPU columns use 7/21/42 layers",
         "table gives TP=8, PP=9, CP=2, VP=7, MBS=1, GA=63; 126 layers / (9*7) = 2 layers per virtual stage"]
for gpus, gbs, b, f in [(576, 252, 17.50, 11.00), (2304, 1008, 17.70, 11.20)]:
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("llama3.1-405b", m405, gpus, gbs, 8, 9, 2, 7, 1, prec, v,
           f"llama3.1/README_405b.md, table 'Llama 3.1 405b {prec.upper()} (TP=8, PP=9, CP=2, VP=7, MBS=1, GA=63)', column 'Throughput on {gpus}x H100 GPUs' (Layers 126, GBS {gbs}, PP 9, VP 7), row 'Training step time (seconds per step)'", ex405)

g175 = GPT3_175B(2048)
ex175 = ["VIRTUAL STAGES UNCERTAIN: README_175b.md table headers say VP=12, but nemo_megatron/gpt3_175b_hydra.yaml at the same tag has virtual_pipeline_model_parallel_size: 6 and configure.sh does not override it; I recorded the published VP=12 (96 layers / (8*12) = 1 layer per virtual stage).",
         "recompute none: gpt3_175b_hydra.yaml activations_checkpoint_granularity: null, activations_checkpoint_method: null",
         "sequence_parallel true: gpt3_175b_hydra.yaml",
         "model: GPT-3 175B per the YAML (96 layers, hidden 12288, ffn 49152, 96 heads, no GQA, seq 2048, learned positions, gelu, layernorm, bias, hidden/attention dropout 0.1); tokenizer GPT2BPE so vocab 50257 (padded by Megatron to a multiple of 128*TP=512, i.e. 50688); tied embeddings: Megatron GPT default share_embeddings_and_output_weights (not set in the YAML) - assumed true",
         "GBS = 16 x nodes (configure.sh) = 2 x GPUs, matching the table columns"]
for gpus, gbs, b, f in [(128, 256, 8.309, 5.626), (2048, 4096, 8.49, 5.96)]:
    for prec, v in [("bf16", b), ("fp8", f)]:
        dg("gpt3-175b", g175, gpus, gbs, 4, 8, 1, 12, 1, prec, v,
           f"nemo_megatron/README_175b.md, table 'NeMo Megatron {prec.upper()} (TP=4,PP=8, MBS=1, VP=12, SEQ=2048)', column '{gpus}x H100 GPUs (GBS={gbs})', row 'Training step time (seconds per step)'", ex175)

# ---------------------------------------------------------------- dgxc-benchmarking v25.05 (GB200, NeMo 25.04.01)
S = "dgxc-bench-v25.05-gb200"
for gpus, gbs, b, f in [(128, 64, 9.347, 6.131), (256, 128, 9.484, 6.183), (512, 256, 9.508, 6.244)]:
    for prec, v in [("bf16", b), ("fp8", f)]:
        a = ["framework: NeMo 2 container nvcr.io/nvidia/nemo:25.04.01 (llama3.1/metadata.yaml), launched via NeMo scripts/performance/llm/pretrain_llama31_405b.py at NeMo commit 7a8f1cc7bc40a84447c0681a9e4e956a135ae8a2 (llama3.1/setup.sh NEMO_COMMIT)",
             "parallel layout from the README config table (TP 4, PP 8, CP 2, VP 8, MBS 1, FSDP 0, GBS = GPUs/2, GA 32) and llama3.1/launch.sh (-tp 4 -pp 8 -cp 2 -vp 8 -mb 1 -fsdp 0 -ep 1)",
             "recompute none: launch.sh passes no -rl/--recompute_layers; NeMo scripts/performance/utils.py get_user_configs falls back to recommended_model_configs/model_configs_gb200.csv (405b pre_train rows recompute_layers 0; no row for 256/512 GPUs -> 0)",
             "model: released Llama 3.1 405B shape (NeMo llama31_405b recipe, tokenizer meta-llama/Llama-3.1-405B -> vocab 128256)",
             "pipeline split: 126 layers do not divide by PP*VP = 64; the NeMo llama31_405b recipe trainer() sets account_for_embedding_in_pipeline_split=True and account_for_loss_in_pipeline_split=True (embedding and loss each count as a layer: 128 = 64 x 2)",
             "zero 1: NeMo 2 performance recipes use the Megatron distributed optimizer; not stated on the page",
             "sequence_parallel true: NeMo llama31_405b recipe trainer(sequence_parallelism=True)",
             "hardware: GB200 with 4 GPUs per node (launch.sh DEF_GPUS_PER_NODE=4 for gb200); preset gb200-nvl72",
             "measured figure: mean step time over iterations 11-44 of a 50-step run (README 'Expected Performance')"]
        if prec == "fp8":
            a.append("precision FP8 = fp8-delayed: launch.sh passes --compute_dtype fp8 and no --fp8_recipe; NeMo scripts/performance/argument_parser.py (commit 7a8f1cc) defaults fp8_recipe to 'ds' (per-tensor delayed scaling) and utils.py maps 'ds' to bf16_with_fp8_mixed (fp8_recipe='delayed', amax history 1024, max)")
        add(f"{S}-llama3.1-405b-{gpus}-{prec}", S,
            f"llama3.1/README.md, table 'Llama3.1 405b {prec.upper()}', column '{gpus}x GB200 GPUs', row 'Training step time (seconds per step)'",
            L31_405B(8192), "gb200-nvl72", gpus, par(tp=4, pp=8, cp=2, vp=8, precision="fp8-delayed" if prec == "fp8" else "bf16"),
            gbs, 1, "step_seconds", v, a)

# ---------------------------------------------------------------- NeMo 24.07 performance summary (H100 FP8)
S = "nemo-perf-summary-24.07"
n_common = ["framework: NeMo 24.07 container on DGX-H100 (page header); NeMo-1 Megatron path",
            "precision FP8 = fp8-delayed: page says 'at FP8 precision' only; NeMo-Framework-Launcher tag 24.07 training YAMLs configure Transformer Engine delayed scaling (fp8_amax_history_len / fp8_amax_compute_algo), there is no current-scaling option in that path",
            "zero 1: NeMo-Framework-Launcher 24.07 YAMLs use optim name distributed_fused_adam (distributed optimizer); not stated on the page",
            "measured figure: 'Tokens / sec / GPU' column; the page does not state how many steps were averaged",
            "note: the table's parallel layout differs from the launcher YAML defaults (e.g. VP), so recompute is taken from the YAML only as the framework default"]
def nm(name, model, gpus, gbs, mbs, tp, pp, cp, vp, tok, where, extra):
    add(f"{S}-{name}-{gpus}-fp8", S, where, model, "h100-sxm", gpus, par(tp=tp, pp=pp, cp=cp, vp=vp, precision="fp8-delayed"),
        gbs, mbs, "tokens_per_second_per_gpu", tok, n_common + extra)
T = "docs/source/performance/performance_summary.md, 'Pretraining' table (NeMo24.07, DGX-H100, FP8), row "
nm("gpt3-175b", GPT3_175B(2048), 128, 256, 1, 4, 8, 1, 6, 716, T + "'GPT3-175B | 128 | 256 | 1 | 2048 | 4 | 8 | 1 | 6'",
   ["recompute none: NeMo-Framework-Launcher 24.07 conf/training/gpt3/175b.yaml activations_checkpoint_granularity: null, method null",
    "model: GPT-3 175B per launcher YAML (96 layers, hidden 12288, ffn 4*hidden, 96 heads, GPT2BPE vocab 50257, learned positions, gelu, layernorm, bias, dropout 0.1); tied embeddings assumed (Megatron default)"])
nm("gpt3-175b", GPT3_175B(2048), 512, 2048, 2, 4, 8, 1, 6, 825, T + "'GPT3-175B | 512 | 2048 | 2 | 2048 | 4 | 8 | 1 | 6'",
   ["recompute none: NeMo-Framework-Launcher 24.07 conf/training/gpt3/175b.yaml activations_checkpoint_granularity: null",
    "model: as the 128-GPU row; the row's TFLOP figure (888) links to MLCommons, i.e. this configuration is the MLPerf-style GPT-3 setup; tokens/s/GPU 825 used"])
nm("llama2-7b", L2_7B(4096), 8, 128, 1, 1, 1, 1, 1, 16934, T + "'LLAMA2-7B | 8 | 128 | 1 | 4096 | 1 | 1 | 1 | 1'",
   ["recompute none: launcher 24.07 conf/training/llama/llama2_7b.yaml activations_checkpoint_granularity: null, activations_checkpoint_num_layers: 0",
    "model: Llama 2 7B (32 layers, hidden 4096, 32 heads, no GQA, ffn 11008, vocab 32000, rope, swiglu, rmsnorm)"])
nm("llama2-70b", L2_70B(4096), 64, 128, 1, 4, 4, 1, 20, 1728, T + "'LLAMA2-70B | 64 | 128 | 1 | 4096 | 4 | 4 | 1 | 20'",
   ["recompute none: launcher 24.07 conf/training/llama/llama2_70b.yaml activations_checkpoint_granularity: null, activations_checkpoint_num_layers: 0",
    "model: Llama 2 70B (80 layers, hidden 8192, 64 heads, 8 kv, ffn 28672, vocab 32000)",
    "the launcher's llama2_70b.yaml sets fp8_amax_history_len 1 / most_recent (still TE delayed-scaling recipe, with a history of one step)"])
nm("llama3-8b", L31_8B(8192), 8, 128, 1, 1, 1, 2, 1, 12273, T + "'LLAMA3-8B | 8 | 128 | 1 | 8192 | 1 | 1 | 2 | 1'",
   ["recompute none: launcher 24.07 conf/training/llama/llama3_8b.yaml activations_checkpoint_granularity: null",
    "model: Llama 3 8B (same shape as 3.1 8B: 32, 4096, 32 heads, 8 kv, ffn 14336, vocab 128256)"])
nm("llama3-70b", L31_70B(8192), 64, 128, 1, 4, 4, 2, 5, 1524, T + "'LLAMA3-70B | 64 | 128 | 1 | 8192 | 4 | 4 | 2 | 5'",
   ["recompute none: launcher 24.07 conf/training/llama/llama3_70b.yaml activations_checkpoint_granularity: null",
    "model: Llama 3 70B (same shape as 3.1 70B)"])

# ---------------------------------------------------------------- Megatron-Bridge performance summary, 25.11 section
S = "megatron-bridge-perf-25.11"
mb_common = ["framework: Megatron-Bridge (NeMo 25.11 container), Megatron-Core",
             "zero 1: Megatron distributed optimizer assumed (FSDP column = 0 means DDP + distributed optimizer in these recipes); not stated on the page",
             "measured figure: 'Tokens / sec / GPU' column",
             "sequence_parallel: assumed true when TP>1 (Megatron-Bridge llama recipes default); not stated on the page"]
cfg = "Megatron-Bridge commit 5776a6d90b4dd8692902ab2eb581369484e19283 (r0.2.0 branch, 2025-12-10) scripts/performance/configs/llama/"
def mb(name, model, preset, sysname, gpus, gbs, mbs, tp, pp, cp, vp, prec, tok, rowtxt, extra):
    p = {"fp8-current": "FP8-CS", "mxfp8": "FP8-MX"}[prec]
    a = list(mb_common) + extra
    if prec == "fp8-current":
        a.append("precision FP8-CS = fp8-current (per-tensor current scaling); scripts/performance/utils/precision.py get_precision_config('fp8_cs') uses current scaling with first_last_layers_bf16 = False")
    else:
        a.append("precision FP8-MX = mxfp8 (the parenthesised value in a 'FP8-CS (FP8-MX)' cell); utils/precision.py maps fp8_mx to bf16_with_mxfp8_mixed. The page footnote says the parenthesised numbers use '32x32 for both weights and activations' on GB200/B200, which does not match MXFP8's 1x32 blocks - recorded as mxfp8 per the Precision column, footnote wording uncertain")
    add(f"{S}-{name}-{preset}-{gpus}-{prec}", S, f"docs/performance-summary-archive.md, '25.11 NeMo Container' > 'System: {sysname}', row {rowtxt}",
        model, preset, gpus, par(tp=tp, pp=pp, cp=cp, vp=vp, precision=prec), gbs, mbs, "tokens_per_second_per_gpu", tok, a)

e8 = ["recompute none and CUDA graphs on: " + cfg + "llama3_workload_base_configs.py LLAMA3_8B_PRETRAIN_CONFIG_{GB200,B200}_FP8_CS_BASE_CONFIG (micro_batch_size=2, cuda_graph_impl='local', cuda_graph_scope='full_iteration', no recompute); FP8_MX reuses the FP8_CS config",
      "model: Llama 3 8B (released shape, vocab 128256)"]
for preset, sysname, cs, mx in [("gb200-nvl72", "DGX-GB200", 31508, 29789), ("b200", "DGX-B200", 30624, 29521)]:
    row = "'LLAMA3_8B | 8 | FP8-CS (FP8-MX) | 128 | 2 | 8192 | 0 | 1 | 1 | 1 | n/a | 1 | 8 | %d (%d)'" % (cs, mx)
    mb("llama3-8b", L31_8B(8192), preset, sysname, 8, 128, 2, 1, 1, 1, 1, "fp8-current", cs, row, e8)
    mb("llama3-8b", L31_8B(8192), preset, sysname, 8, 128, 2, 1, 1, 1, 1, "mxfp8", mx, row, e8)
split405 = "pipeline split: 126 layers do not divide by PP*VP = 64; Megatron-Bridge llama3.1 405B recipes account for embedding and loss as pipeline layers (128 = 64 x 2) - not stated on the page, taken from the NeMo llama31_405b recipe convention"
e405b = [split405, "recompute none: " + cfg + "llama31_workload_base_configs.py LLAMA31_405B_PRETRAIN_CONFIG_B200_FP8_CS_BASE_CONFIG (128 GPUs, TP4 PP8 CP2 VP8, GBS 64, no recompute, no CUDA graph setting); FP8_MX reuses it",
         "model: released Llama 3.1 405B shape"]
row = "'LLAMA3.1_405B | 128 | FP8-CS (FP8-MX) | 64 | 1 | 8192 | 0 | 4 | 8 | 2 | 8 | 1 | 32 | 661 (624)'"
mb("llama3.1-405b", L31_405B(8192), "b200", "DGX-B200", 128, 64, 1, 4, 8, 2, 8, "fp8-current", 661, row, e405b)
mb("llama3.1-405b", L31_405B(8192), "b200", "DGX-B200", 128, 64, 1, 4, 8, 2, 8, "mxfp8", 624, row, e405b)
mb("llama3.1-405b", L31_405B(8192), "gb200-nvl72", "DGX-GB200", 256, 1536, 1, 4, 16, 1, 4, "fp8-current", 813,
   "'LLAMA3.1_405B | 256 | FP8-CS | 1536 | 1 | 8192 | 0 | 4 | 16 | 1 | 4 | 1 | 384 | 813'",
   [split405, "recompute not stated: the r0.2.0 config file's GB200 FP8_CS preset is a different layout (128 GPUs, TP2, Megatron-FSDP, CPU offloading) so it does not describe this row; none taken",
    "model: released Llama 3.1 405B shape"])
mb("llama3-70b", L31_70B(8192), "h100-sxm", "DGX-H100", 64, 128, 1, 4, 8, 1, 5, "fp8-current", 1602,
   "'LLAMA3_70B | 64 | FP8-CS | 128 | 1 | 8192 | 0 | 4 | 8 | 1 | 5 | 1 | 64 | 1602'",
   ["recompute none: " + cfg + "llama3_workload_base_configs.py LLAMA3_70B_PRETRAIN_CONFIG_H100_FP8_CS_BASE_CONFIG (TP4 PP8 VP5, GBS 128, no recompute)",
    "model: Llama 3 70B (released shape)"])
mb("llama3.1-405b", L31_405B(8192), "h100-sxm", "DGX-H100", 1024, 512, 1, 8, 8, 2, 8, "fp8-current", 292,
   "'LLAMA3.1_405B | 1024 | FP8-CS | 512 | 1 | 8192 | 0 | 8 | 8 | 2 | 8 | 1 | 64 | 292'",
   [split405, "recompute none: " + cfg + "llama31_workload_base_configs.py LLAMA31_405B_PRETRAIN_CONFIG_H100_FP8_CS_BASE_CONFIG (1024 GPUs, TP8 PP8 CP2 VP8, GBS 512, no recompute)",
    "model: released Llama 3.1 405B shape"])

# ---------------------------------------------------------------- torchtitan llama3_h100_202412
S = "torchtitan-bench-h100-202412"
tt_hw = "hardware: Grand Teton H100 with 96GB HBM2e, 2.4 TB/s, 500 W power limit (below the 700 W SXM TDP), 400 Gb/s RDMA per GPU; nearest preset h100-sxm - the machine is slower than a standard H100 SXM5 (source footnote 2 says its peak is between SXM and NVL)"
tt_common = [tt_hw, "framework: torchtitan (commit 9dec370, torch 1963fc8, torchao eab345c, Dec 2024); FSDP2 = ZeRO-3 style sharding (zero 3)",
             "measured figure: TPS/GPU read at the 90th iteration (source text)",
             "flash_attention true: torchtitan uses PyTorch SDPA (flash/cuDNN backend); not stated in the tables",
             "torch.compile is on where the row says so; the request format has no compile field"]
tt_fp8 = "precision Float8 = fp8-current: torchtitan at 9dec370 config_manager.py --float8.scaling_type_input/weight/grad_output default 'dynamic' (per-tensor scales computed from the current tensor, torchao Float8Linear); whether FSDP float8 all-gather was on is not stated for the 8B/70B rows (the 405B toml enables it)"
def tt(name, model, gpus, p, gbs, mbs, tok, where, extra):
    add(f"{S}-{name}-{gpus}-{'bf16' if p['precision']=='bf16' else 'fp8'}" + extra.pop(0), S, where, model, "h100-sxm", gpus, p, gbs, mbs,
        "tokens_per_second_per_gpu", tok, tt_common + ([tt_fp8] if p["precision"] != "bf16" else []) + extra)
seq_note = "seq 8192 not stated in the table: train_configs/llama3_8b.toml at torchtitan 9dec370 sets seq_len = 8192"
for gpus, gbs, b, f, tab in [(8, 16, 6667, 8532, "Table 1"), (128, 256, 6514, 8380, "Table 3")]:
    for prec, v in [("bf16", b), ("fp8-current", f)]:
        rown = "FSDP + torch.compile" + (" + Float8" if prec != "bf16" else "")
        tt("llama3.1-8b", L31_8B(8192), gpus, par(zero=3, framework="fsdp", recompute="selective", precision=prec, sp=False), gbs, 2, v,
           f"benchmarks/llama3_h100_202412_torchtitan.md, {tab} (1D FSDP, Llama 3.1 8B, {gpus} GPUs, local batch 2, global batch {gbs}, selective AC), row '{rown}'",
           ["-compile", seq_note, "recompute selective: table caption 'Selective activation checkpointing' (toml selective_ac_option = 'op', per-op SAC)", "micro = local batch size 2 (torchtitan at this commit had no gradient accumulation)"])
for cp, seq, gbs, v in [(1, 32768, 8, 3890), (2, 65536, 4, 2540)]:
    tt("llama3.1-8b", L31_8B(seq), 8, par(cp=cp, zero=3, framework="fsdp", recompute="full", precision="fp8-current", sp=False), gbs, 1, v,
       f"benchmarks/llama3_h100_202412_torchtitan.md, Table 2 (FSDP + CP + torch.compile + Float8, Llama 3.1 8B, 8 GPUs, local batch 1, full AC), row 'FSDP {8//cp}, CP {cp} | {seq}'",
       [f"-cp{cp}-seq{seq}", f"global batch {gbs} derived: FSDP degree {8//cp} x local batch 1 (not printed in the table)", "recompute full: table caption 'Full activation checkpointing'",
        "model seq set to the row's sequence length"])
tt("llama3.1-70b", L31_70B(8192), 256, par(tp=8, zero=3, framework="fsdp", recompute="full", precision="fp8-current", sp=True), 512, 16, 829,
   "benchmarks/llama3_h100_202412_torchtitan.md, Table 4 (2D FSDP 32 + TP 8, torch.compile + Float8, Llama 3.1 70B, 256 GPUs, local batch 16, global batch 512, full AC), row '2D'",
   ["-2d", "seq 8192 not stated: train_configs/llama3_70b.toml at 9dec370 seq_len = 8192", "recompute full: table caption",
    "sequence_parallel true: torchtitan's TP plan shards norms/activations with SequenceParallel (not stated in the table)",
    "micro = local batch 16 (no gradient accumulation); row '2D + AsyncTP' (876) not used because the request format has no async-TP switch"])
tt("llama3.1-405b", L31_405B(8192), 512, par(tp=8, pp=8, zero=3, framework="fsdp", recompute="full", precision="fp8-current", sp=True), 256, 4, 100,
   "benchmarks/llama3_h100_202412_torchtitan.md, Table 5 (3D FSDP 8 + TP 8 + PP 8, torch.compile + Float8 + AsyncTP, Llama 3.1 405B, 512 GPUs, local batch 32, global batch 256, full AC), row '1F1B'",
   ["-3d-1f1b", "seq 8192 not stated: train_configs/llama3_405b.toml at 9dec370 seq_len = 8192", "recompute full: table caption",
    "micro 4 derived, not stated: config_manager.py --experimental.pipeline_parallel_microbatches default = number of pipeline stages (8), so local batch 32 / 8 = 4",
    "pipeline split: 126 layers over 8 stages is uneven; split points are not stated (torchtitan splits the layer list at chosen points)", "schedule 1F1B (non-interleaved), virtual_stages 1; AsyncTP was ON for this run (caption) and cannot be expressed",
    "row 'Interleaved 1F1B' (128) not used: stages per rank not stated"])

# ---------------------------------------------------------------- torchtitan asyncTP 2025-06
S = "torchtitan-asynctp-h100-202506"
at_common = [tt_hw, "framework: torchtitan commit 820504e (torch 38410cf9, June 2025); FSDP2 (zero 3) + TP 8, torch.compile on",
             "measured figure: 'Vanilla TP tokens/sec' column; the header does not say per GPU, but the values (e.g. 70B float8 809.8) match the per-GPU TPS of the Dec 2024 torchtitan Table 4 (829), so read as tokens/s per GPU",
             "flash_attention true: PyTorch SDPA; not stated",
             "seq 8192 not stated: torchtitan/models/llama3/train_configs/llama3_{8b,70b}.toml at 820504e set seq_len = 8192",
             "sequence_parallel true: torchtitan TP plan uses SequenceParallel; not stated",
             "async-TP columns not used (no switch in the request format); 'float8 rowwise' rows not used (row-wise scaling is not one of the request precisions)"]
at_fp8 = "precision 'float8 tensorwise' = fp8-current (per-tensor dynamic scaling computed from the current tensor, torchao Float8Linear tensorwise recipe); toml filter_fqns = ['output'] keeps the output projection in bf16"
for name, model, gpus, gbs, lbs, rc, rows, where in [
        ("llama3.1-70b", L31_70B(8192), 256, 512, 16, "full", [("bf16", 597.3), ("fp8-current", 809.8)],
         "benchmarks/asyncTP_llama3_h100_2025-06_torchtitan.md, table 'Llama3 70b on 256 H100s with FSDP=32, TP=8, torch.compile, full AC, local batch size 16'"),
        ("llama3.1-8b", L31_8B(8192), 64, 96, 12, "selective", [("bf16", 4378), ("fp8-current", 5078.1)],
         "benchmarks/asyncTP_llama3_h100_2025-06_torchtitan.md, table 'Llama3 8b on 64 H100s with FSDP=8, TP=8, torch.compile, per op SAC, local batch size 12'")]:
    for prec, v in rows:
        rl = "None (bfloat16)" if prec == "bf16" else "float8 tensorwise"
        a = list(at_common) + [f"global batch {gbs} derived: FSDP degree x local batch {lbs} (not printed)", f"micro = local batch {lbs} (no gradient accumulation stated)",
                               "recompute " + rc + ": table title ('full AC' / 'per op SAC')"]
        if prec != "bf16": a.append(at_fp8)
        add(f"{S}-{name}-{gpus}-{'bf16' if prec=='bf16' else 'fp8'}", S, where + f", row '{rl}'", model, "h100-sxm", gpus,
            par(tp=8, zero=3, framework="fsdp", recompute=rc, precision=prec, sp=True), gbs, lbs, "tokens_per_second_per_gpu", v, a)

# ---------------------------------------------------------------- Trainy / WhiteFiber H200
S = "torchtitan-trainy-h200-202506"
for nodes, v in [(4, 10938), (8, 10753)]:
    gpus = nodes * 8
    add(f"{S}-llama3.1-8b-{gpus}-fp8", S,
        f"benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md, Results table, row 'NUM_NODES {nodes}' (TPS/GPU at the 100th iteration)",
        L31_8B(8192), "h200", gpus, par(zero=3, framework="fsdp", recompute="selective", precision="fp8-current", sp=False), gpus * 2, 2,
        "tokens_per_second_per_gpu", v,
        ["framework: torchtitan commit e7c0cae (June 2025), torch 2.8.0a0+5228986c39 (NGC 25.05), torchao 0afa4c1; command in the source as first published (torchtitan commit cbccb387871a5e1f522c1e222c51ab88b03c0392): --job.config-file torchtitan/models/llama3/train_configs/llama3_8b.toml --training.local_batch_size=2 --training.compile --model.converters=float8 --float8.enable_fsdp_float8_all_gather --float8.precompute_float8_dynamic_scale_for_fsdp --float8.force_recompute_fp8_weight_in_bwd (later renamed to quantize.linear.float8.* in the file; numbers unchanged)",
         "parallel: FSDP over all GPUs (toml data_parallel_shard_degree = -1, tensor_parallel_degree = 1); zero 3",
         f"global batch {gpus*2} derived: {gpus} GPUs x local batch 2 (not printed)",
         "seq 8192: torchtitan/models/llama3/train_configs/llama3_8b.toml at e7c0cae seq_len = 8192 (not in the source text)",
         "recompute selective: the toml's activation_checkpoint mode = 'selective', selective_ac_option = 'op' (not in the source text)",
         "precision fp8-current: float8 converter with no recipe_name (config_manager.py Float8.recipe_name default None -> torchao tensorwise dynamic scaling); filter_fqns = ['output'] in the toml keeps the output layer bf16",
         "hardware: 8x H200 per host with NVLink, 400 Gb/s CX-7 per GPU (source); preset h200",
         "flash_attention true: PyTorch SDPA; not stated"])

json.dump(cases, open(os.path.join(HERE, "cases.json"), "w"), indent=1)

notx = [
 {"source": "nemo-perf-summary-24.07", "where": "Pretraining table rows Nemotron-8B (64 GPUs, GBS 256, MBS 4, seq 4096, TP2; 12507 tok/s/GPU), Nemotron-22B (64, 256, 2, 4096, TP2 PP4 VP10; 4312), Nemotron-340B (128, 32, 1, 4096, TP8 PP8 VP12; 326)",
  "reason": "Nemotron-3/4 family uses squared-ReLU MLP (not swiglu/gelu); architecture gap"},
 {"source": "megatron-bridge-perf-25.11", "where": "25.11 rows DeepSeekV3 (all systems)", "reason": "multi-head latent attention, shared expert, MTP"},
 {"source": "megatron-bridge-perf-25.11", "where": "25.11 rows GPT OSS 120B", "reason": "attention sinks / alternating sliding-window attention, MoE with biases; not the dense-Llama or Mixtral shape"},
 {"source": "megatron-bridge-perf-25.11", "where": "25.11 rows Qwen3_30B_a3B, Qwen3_235B_a22B", "reason": "QK-norm attention and 128-expert top-8 MoE; closest to Mixtral-style but QK-norm and expert shape not checked, left out"},
 {"source": "megatron-bridge-perf-25.11", "where": "25.11 rows LLAMA3_70B on DGX-GB200/GB300 (FSDP 64)", "reason": "expressible shape, but the r0.2.0 config presets use Megatron-FSDP with CPU activation offloading (cpu_offloading_num_layers 20-40) and the GBS in the config (128) disagrees with the table (256); left out as unverifiable"},
 {"source": "megatron-bridge-perf-25.11", "where": "25.11 row LLAMA3_8B on DGX-H100 (FP8-CS, FSDP 8, 14451)", "reason": "expressible shape, but the table says FSDP 8 while the r0.2.0 H100 FP8_CS preset shows no FSDP and recompute_num_layers=5; left out as unverifiable"},
]
json.dump(notx, open(os.path.join(HERE, "not_expressible.json"), "w"), indent=1)
print(len(cases))
