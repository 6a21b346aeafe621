# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-11m from the numbers transcribed below.
# Source the project had not used: the MoE functional tests of NVIDIA/Megatron-LM's CI,
# tests/functional_tests/test_cases/moe/ (and, for not-expressible rows only, test_cases/mixtral/), read at
# d98e8a64ddf34856e74b24714e3bedb2f5a39553 (stored snapshot, 2026-08-22). The project's memory-cases.json cites the
# same CI's *gpt* directory (source megatron-lm-ci-golden, .../test_cases/gpt at the same commit); no file of the moe or
# mixtral directories is cited in content/ or docs/ (grep 'test_cases/moe', 'test_cases/mixtral': no hit), and none of
# the tests below appears in content/presets/memory-cases.json, calibration.json or a sealed set.
# Each case: model_config.yaml of the test (the run's Megatron arguments) and golden_values_dev_<platform>.json
# beside it, key 'mem-max-allocated-bytes' (torch.cuda.memory_stats()['allocated_bytes.all.peak'] written to
# TensorBoard by megatron/training/training.py under --log-memory-to-tensorboard; cumulative since the process started).
# The value taken is the one at the last recorded step (50), which is also the largest of the 50 (the figure is
# cumulative). Bytes are converted to GiB (/ 2**30) only; the byte figure is kept in unit_note.
# GPU count: tests/test_utils/recipes/h100/moe.yaml ('nodes: 1', 'gpus: 8'; its default platform dgx_a100, products
# dgx_h100) and tests/test_utils/recipes/gb200/moe.yaml ('nodes: 2', 'gpus: 4'): 8 GPUs for every test below.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
COMMIT = "d98e8a64ddf34856e74b24714e3bedb2f5a39553"
SRC = "megatron-lm-ci-golden-moe-202608"
SRC_DOC = "megatron-lm-doc-fine-grained-offloading-dsv3-proxy-202608"
BASE = "NVIDIA/Megatron-LM tests/functional_tests/test_cases/moe"

TOOL = ("torch.cuda.memory_stats()['allocated_bytes.all.peak'], written to TensorBoard as 'mem-max-allocated-bytes' by "
        "megatron/training/training.py (--log-memory-to-tensorboard) and stored by the CI in golden_values_dev_<platform>.json; "
        "cumulative peak since start, not reset per iteration")
RANK = ("the last rank (world_size - 1): the TensorBoard writer is created only there (megatron/training/global_vars.py "
        "_set_tensorboard_writer: 'args.rank == (args.world_size - 1)'), i.e. the last pipeline stage, last tp and dp rank")
PRESET = {"dgx_a100": "a100-80gb", "dgx_h100": "h100-sxm", "dgx_gb200": "gb200-nvl72", "dgxh100_dgxc": "h100-sxm"}
GPU_NOTE = {"dgx_a100": "GPUs 8 from tests/test_utils/recipes/h100/moe.yaml (nodes 1, gpus 8; platform dgx_a100): DGX A100 80GB as a100-80gb",
            "dgx_h100": "GPUs 8 from tests/test_utils/recipes/h100/moe.yaml (nodes 1, gpus 8; platform dgx_h100): h100-sxm",
            "dgx_gb200": "GPUs 8 from tests/test_utils/recipes/gb200/moe.yaml (nodes 2 x gpus 4): gb200-nvl72 with gpus 8, as the project's gb200 CI cases",
            "dgxh100_dgxc": "platform dgxh100_dgxc (DGX Cloud H100); GPUs 8 as the h100 recipe (nodes 1, gpus 8): h100-sxm"}

cases, rows = [], []


def gib(b):
    return b / 2 ** 30


def add(test, platform, golden_commit, nbytes, req, assumed, extra_where=""):
    where = (f"{BASE}/{test}/golden_values_dev_{platform}.json (last changed in {golden_commit}), key "
             f"'mem-max-allocated-bytes', step 50 (the last; the largest of the 50): {nbytes:.1f}; configuration from "
             f"model_config.yaml beside it, both at {COMMIT}{extra_where}")
    req = json.loads(json.dumps(req))
    req["hardware"]["preset"] = PRESET[platform]
    cases.append({"id": f"mlm-ci-moe-{test}-{platform}", "source": SRC, "where": where, "request": req,
                  "published": {"kind": "peak_allocated_gib", "value": gib(nbytes),
                                "unit_note": f"{nbytes:.1f} B as stored, / 2^30", "tool": TOOL, "rank": RANK},
                  "stage": "last",
                  "assumed": assumed + [GPU_NOTE[platform]]})


def ne(src, where, reason, values, kind="peak_allocated_gib", tool=TOOL, note="B as stored, / 2^30"):
    rows.append({"source": src, "where": where, "reason": reason,
                 "published": [{"kind": kind, "value": v, "unit_note": note, "tool": tool} for v in values]})


# ------------------------------------------------------------------ the small GPT-MoE tests (12 x 512, seq 1024)
# Common model_config.yaml lines: '--num-layers: 12', '--hidden-size: 512', '--num-attention-heads: 8',
# '--micro-batch-size: 4', '--global-batch-size: 32', '--seq-length: 1024', '--max-position-embeddings: 1024',
# '--disable-bias-linear: true', '--no-gradient-accumulation-fusion: true', '--use-mcore-models: true', '--bf16: true',
# '--no-bias-gelu-fusion: true', '--vocab-file: .../common_pile/v01_filtered_data/bpe/vocab.json' (GPT-2 BPE).
SMALL_ASSUMED = [
    "vocab 50257: the test reads the GPT-2 BPE vocab file (--vocab-file .../bpe/vocab.json), 50257 tokens, padded by "
    "Megatron to a multiple of 128 x tp (--make-vocab-size-divisible-by default 128); the padded rows are allocated",
    "ffn 2048: Megatron's default --ffn-hidden-size 4 x hidden (no --swiglu); expert_ffn 2048: --moe-ffn-hidden-size "
    "defaults to ffn_hidden_size (megatron/training/arguments.py); every layer has experts (--moe-layer-freq default 1)",
    "position learned: Megatron's default --position-embedding-type learned_absolute",
    "norm layernorm: Megatron's default --normalization LayerNorm",
    "bias false: --disable-bias-linear (the norms keep their bias)",
    "tied_embeddings true: no --untie-embeddings-and-output-weights",
    "kv_heads 8 = heads: no --group-query-attention",
    "--no-gradient-accumulation-fusion: weight gradients are formed in bf16 then added to the fp32 main grad (a transient the request cannot state)",
    "bf16 mixed precision (--bf16), fp32 gradients in the DDP buffer (Megatron default), Adam",
    "batch: micro 4, global 32 as in the config; accumulation = 32 / (4 x dp)",
    "routing: no forced load balance (--moe-router-force-load-balancing not set); routing_imbalance left at the engine's default",
    "golden values recorded with the config of their commit; the config's later changes (ft_launcher, async save, "
    "persistent checkpoint worker, the data path moved from the_pile to common_pile with the same GPT-2 BPE files) "
    "are taken as not changing the allocated peak",
]


def small(layers=12, experts=4, top_k=1, ffn=2048, mlp="gelu", tp=1, pp=1, cp=1, ep=1, etp=None, zero=0, sp=True,
          flash=False, dropout=True):
    vocab_mult = 128 * tp
    vocab = -(-50257 // vocab_mult) * vocab_mult
    dp = 8 // (tp * pp * cp)
    par = {"tp": tp, "pp": pp, "cp": cp, "ep": ep, "dp": dp, "zero": zero, "framework": "megatron",
           "sequence_parallel": sp, "recompute": "none", "flash_attention": flash, "precision": "bf16"}
    if etp is not None:
        par["etp"] = etp
    return {"model": {"layers": layers, "hidden": 512, "heads": 8, "kv_heads": 8, "ffn": ffn, "vocab": vocab, "seq": 1024,
                      "position": "learned", "mlp": mlp, "norm": "layernorm", "bias": False, "dropout": dropout,
                      "tied_embeddings": True, "experts": experts, "top_k": top_k, "expert_ffn": ffn},
            "hardware": {"preset": "h100-sxm", "gpus": 8},
            "parallel": par,
            "batch": {"global": 32, "micro": 4}}


UNFUSED = "flash_attention false: --attention-backend unfused (Megatron's own softmax(QK^T) path, scores materialised)"
FP32SM = "--attention-softmax-in-fp32 is set: the unfused softmax runs in fp32; the request has no field for it"
DROP = "dropout true: Megatron defaults --hidden-dropout 0.1 and --attention-dropout 0.1, not overridden"

# 1. gpt3_mcore_tp2_pp2_ep2_te_4experts2parallel: '--transformer-impl: local', '--tensor-model-parallel-size: 2',
#    '--pipeline-model-parallel-size: 2', '--expert-model-parallel-size: 2', '--sequence-parallel: true',
#    '--num-experts: 4', '--moe-router-load-balancing-type: sinkhorn', '--moe-router-topk: 1',
#    '--attention-backend: unfused'; no --use-distributed-optimizer.
#    mem-max-allocated-bytes step 50: dgx_a100 2080728064.0, dgx_h100 2110856192.0, dgx_gb200 2111965696.0 (93ebf8d72f).
T = "gpt3_mcore_tp2_pp2_ep2_te_4experts2parallel"
A = SMALL_ASSUMED + [DROP, UNFUSED,
                     "--transformer-impl local (Megatron's own layers, no Transformer Engine): kernels left at the default 'fused' "
                     "(Megatron's fused kernels; --no-bias-gelu-fusion has no bias to fuse)",
                     "tp 2, pp 2, ep 2 (etp = tp, Megatron's default), sequence parallel; dp = 8 / (2 x 2) = 2",
                     "zero 0: no --use-distributed-optimizer", "router: sinkhorn with top-1"]
for plat, b in [("dgx_a100", 2080728064.0), ("dgx_h100", 2110856192.0), ("dgx_gb200", 2111965696.0)]:
    add(T, plat, "93ebf8d72f", b, small(tp=2, pp=2, ep=2), A)

# 2. gpt3_mcore_cp2_pp2_ep2_te_4experts2parallel_nondeterministic: '--transformer-impl: transformer_engine',
#    '--context-parallel-size: 2', '--pipeline-model-parallel-size: 2', '--expert-model-parallel-size: 2',
#    '--sequence-parallel: true', '--hidden-dropout: 0.0', '--attention-dropout: 0.0', '--num-experts: 4',
#    '--moe-router-topk: 1', '--attention-backend: flash'; tp 1 (default).
#    step 50: dgx_a100 2022154752.0, dgx_h100 2061327360.0, dgx_gb200 2058651648.0 (93ebf8d72f).
T = "gpt3_mcore_cp2_pp2_ep2_te_4experts2parallel_nondeterministic"
A = SMALL_ASSUMED + ["dropout false: --hidden-dropout 0.0 and --attention-dropout 0.0",
                     "flash_attention true: --attention-backend flash (Transformer Engine's flash attention)",
                     "tp 1, cp 2, pp 2, ep 2, sequence parallel flag set (no effect at tp 1); dp = 8 / (2 x 2) = 2; "
                     "context parallelism with Transformer Engine's default ring (p2p) exchange: cp_attention ring",
                     "zero 0: no --use-distributed-optimizer", "router: sinkhorn with top-1",
                     "kernels: Transformer Engine layers, taken as the default 'fused'"]
for plat, b in [("dgx_a100", 2022154752.0), ("dgx_h100", 2061327360.0), ("dgx_gb200", 2058651648.0)]:
    add(T, plat, "93ebf8d72f", b, small(cp=2, pp=2, ep=2, flash=True, dropout=False), A)

# 3. gpt3_mcore_tp2_pp2_ep2_etp2_te_4experts2parallel: '--transformer-impl: local', '--tensor-model-parallel-size: 4',
#    '--pipeline-model-parallel-size: 2', '--expert-model-parallel-size: 2', '--expert-tensor-parallel-size: 2',
#    '--sequence-parallel: true', '--num-experts: 4', '--moe-router-topk: 1', '--attention-backend: unfused'.
#    step 50: dgx_a100 1197033984.0, dgx_h100 1226082304.0, dgx_gb200 1226491904.0 (93ebf8d72f).
T = "gpt3_mcore_tp2_pp2_ep2_etp2_te_4experts2parallel"
A = SMALL_ASSUMED + [DROP, UNFUSED,
                     "--transformer-impl local: kernels left at the default 'fused'",
                     "tp 4, pp 2, ep 2, etp 2 (--expert-tensor-parallel-size 2), sequence parallel; dp = 8 / (4 x 2) = 1; "
                     "the expert grid: 4 ranks of a stage = etp 2 x ep 2",
                     "zero 0: no --use-distributed-optimizer", "router: sinkhorn with top-1"]
for plat, b in [("dgx_a100", 1197033984.0), ("dgx_h100", 1226082304.0), ("dgx_gb200", 1226491904.0)]:
    add(T, plat, "93ebf8d72f", b, small(tp=4, pp=2, ep=2, etp=2), A)

# 4. gpt3_mcore_te_tp2_pp1_te_8experts_etp1_ep4: '--transformer-impl: transformer_engine',
#    '--tensor-model-parallel-size: 2', '--pipeline-model-parallel-size: 1', '--expert-model-parallel-size: 4',
#    '--expert-tensor-parallel-size: 1', '--sequence-parallel: true', '--num-experts: 8',
#    '--moe-router-load-balancing-type: aux_loss', '--moe-router-topk: 2', '--moe-grouped-gemm: true',
#    '--attention-softmax-in-fp32: true', '--attention-backend: unfused'.
#    step 50: dgx_a100 3926147584.0, dgx_h100 4013319680.0 (adc69dba2d, 2025-10-21).
T = "gpt3_mcore_te_tp2_pp1_te_8experts_etp1_ep4"
A4 = SMALL_ASSUMED + [DROP, UNFUSED, FP32SM,
                      "kernels: Transformer Engine layers, taken as the default 'fused'; grouped GEMM for the experts",
                      "tp 2, pp 1, ep 4, etp 1, sequence parallel; dp = 8 / 2 = 4; expert grid: 8 ranks = etp 1 x ep 4 x expert-dp 2",
                      "zero 0: no --use-distributed-optimizer", "router: aux_loss with top-2, 8 experts",
                      "token dispatcher: Megatron's default (allgather)"]
for plat, b in [("dgx_a100", 3926147584.0), ("dgx_h100", 4013319680.0)]:
    add(T, plat, "adc69dba2d", b, small(tp=2, ep=4, etp=1, experts=8, top_k=2), A4)

# 5. gpt3_mcore_te_tp2_pp1_te_a2a_ovlp_8experts_etp1_ep4: as 4 plus '--moe-token-dispatcher-type: alltoall',
#    '--overlap-moe-expert-parallel-comm: true'.
#    step 50: dgx_h100 4065854464.0 (cd4afffa64, 2026-07-25), dgx_gb200 4060747776.0 (e79110c67b, 2026-08-15).
T = "gpt3_mcore_te_tp2_pp1_te_a2a_ovlp_8experts_etp1_ep4"
A5 = [a for a in A4 if not a.startswith("token dispatcher")] + [
    "token dispatcher alltoall with --overlap-moe-expert-parallel-comm (the all-to-all overlapped with another "
    "micro-batch's compute, two micro-batches in flight in its schedule): the request has no field for it"]
for plat, gc, b in [("dgx_h100", "cd4afffa64", 4065854464.0), ("dgx_gb200", "e79110c67b", 4060747776.0)]:
    add(T, plat, gc, b, small(tp=2, ep=4, etp=1, experts=8, top_k=2), A5)

# 6. gpt3_mcore_te_tp2_pp1_te_8experts2parallel_overlap_grad_reduce_param_gather_groupedGEMM:
#    '--tensor-model-parallel-size: 2', '--pipeline-model-parallel-size: 1', '--expert-model-parallel-size: 2',
#    '--moe-grouped-gemm: true', '--sequence-parallel: true', '--num-experts: 8', '--use-distributed-optimizer: true',
#    '--moe-router-load-balancing-type: sinkhorn', '--moe-router-topk: 1', '--overlap-grad-reduce: true',
#    '--overlap-param-gather: true', '--attention-softmax-in-fp32: true', '--attention-backend: unfused'.
#    step 50: dgx_a100 3110486016.0 (adc69dba2d), dgx_h100 3300554752.0 (cd4afffa64), dgx_gb200 3301637632.0 (e79110c67b).
#    (The ..._ddp_average_in_collective test has the same arguments plus the averaging flag and prints the same three
#    figures; it is not added again.)
T = "gpt3_mcore_te_tp2_pp1_te_8experts2parallel_overlap_grad_reduce_param_gather_groupedGEMM"
A = SMALL_ASSUMED + [DROP, UNFUSED, FP32SM,
                     "kernels: Transformer Engine layers, taken as the default 'fused'; grouped GEMM for the experts",
                     "tp 2, pp 1, ep 2 (etp = tp = 2), sequence parallel; dp = 8 / 2 = 4",
                     "zero 1: --use-distributed-optimizer; overlap_grad_reduce/overlap_param_gather set (bucketed DDP buffers); not a request field",
                     "router: sinkhorn with top-1, 8 experts"]
for plat, gc, b in [("dgx_a100", "adc69dba2d", 3110486016.0), ("dgx_h100", "cd4afffa64", 3300554752.0),
                    ("dgx_gb200", "e79110c67b", 3301637632.0)]:
    add(T, plat, gc, b, small(tp=2, ep=2, experts=8, top_k=1, zero=1), A)

# 7. gpt3_mcore_te_tp1_pp1_te_4experts_groupedGEMM_op_fuser: '--num-layers: 4', '--transformer-impl: transformer_engine',
#    '--tensor-model-parallel-size: 1', '--pipeline-model-parallel-size: 1', '--expert-model-parallel-size: 1',
#    '--moe-grouped-gemm: true', '--use-transformer-engine-op-fuser: true', '--num-experts: 4', '--moe-router-topk: 1',
#    '--swiglu: true', '--attention-softmax-in-fp32: true'; no --attention-backend (auto).
#    step 50: dgx_h100 2956330496.0 (93ebf8d72f).
T = "gpt3_mcore_te_tp1_pp1_te_4experts_groupedGEMM_op_fuser"
A = [a for a in SMALL_ASSUMED if not a.startswith("ffn 2048")] + [
    DROP,
    "ffn 1344 and expert_ffn 1344: with --swiglu and no --ffn-hidden-size Megatron sets int((4 x 512 x 2/3) / 64) x 64 = 1344 "
    "(megatron/training/arguments.py), and --moe-ffn-hidden-size defaults to it; 4 layers, every one with experts",
    "mlp swiglu: --swiglu",
    "flash_attention true: --attention-backend default auto (Transformer Engine picks flash/fused attention)",
    "kernels: Transformer Engine's op fuser (--use-transformer-engine-op-fuser, NVTE_CUTEDSL_FUSED_GROUPED_MLP=1), taken as 'fused'",
    "tp 1, pp 1, ep 1; dp 8", "zero 0: no --use-distributed-optimizer", "router: sinkhorn with top-1"]
add(T, "dgx_h100", "93ebf8d72f", 2956330496.0,
    small(layers=4, ffn=1344, mlp="swiglu", tp=1, ep=1, sp=False, flash=True), A)

# 8. gpt3_mcore_te_tp2_pp2_ep4_etp1_memory_speed (a memory test: METRICS lists mem-max-allocated-bytes):
#    ENV PYTORCH_CUDA_ALLOC_CONF 'expandable_segments:True'; '--tensor-model-parallel-size: 2',
#    '--pipeline-model-parallel-size: 2', '--num-virtual-stages-per-pipeline-rank: 4', '--expert-model-parallel-size: 4',
#    '--context-parallel-size: 1', '--expert-tensor-parallel-size: 1', '--use-distributed-optimizer: true',
#    '--overlap-grad-reduce: true', '--overlap-param-gather: true', '--attention-backend: unfused',
#    '--sequence-parallel: true', '--disable-bias-linear: true', '--micro-batch-size: 4', '--global-batch-size: 32',
#    '--cross-entropy-loss-fusion: true', '--cross-entropy-fusion-impl: native', '--seq-length: 4096',
#    '--num-layers: 16', '--hidden-size: 1024', '--ffn-hidden-size: 4096', '--num-attention-heads: 32',
#    '--kv-channels: 128', '--position-embedding-type: rope', '--make-vocab-size-divisible-by: 3232',
#    '--normalization: RMSNorm', '--swiglu: true', '--untie-embeddings-and-output-weights: true',
#    '--multi-latent-attention: true', '--mtp-num-layers: 1', '--attention-dropout: 0.0', '--hidden-dropout: 0.0',
#    '--qk-layernorm: true', '--num-experts: 32', '--moe-layer-freq: ([0]*1+[1]*15)', '--moe-ffn-hidden-size: 1024',
#    '--moe-shared-expert-intermediate-size: 1024', '--moe-router-topk: 4', '--moe-token-dispatcher-type: alltoall',
#    '--moe-grouped-gemm: true', '--moe-router-enable-expert-bias: true', '--moe-router-score-function: sigmoid',
#    '--moe-permute-fusion: true', '--q-lora-rank: 1536', '--kv-lora-rank: 512', '--qk-head-dim: 128',
#    '--qk-pos-emb-head-dim: 64', '--v-head-dim: 128', '--bf16: true'.
#    step 50: dgx_h100 60111630336.0 (11debfa7b4, 2026-01-14); dgxh100_dgxc 57961472000.0 (a3a1f06787, 2025-10-23).
T = "gpt3_mcore_te_tp2_pp2_ep4_etp1_memory_speed"
MS_REQ = {"model": {"layers": 16, "hidden": 1024, "heads": 32, "kv_heads": 32, "ffn": 4096, "vocab": 51712, "seq": 4096,
                    "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
                    "tied_embeddings": False, "experts": 32, "top_k": 4, "expert_ffn": 1024, "shared_experts": 1,
                    "shared_expert_ffn": 1024, "dense_layers": 1, "q_lora_rank": 1536, "kv_lora_rank": 512,
                    "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128, "router_bias": True,
                    "mtp_layers": 1},
          "hardware": {"preset": "h100-sxm", "gpus": 8, "allocator": "expandable_segments"},
          "parallel": {"tp": 2, "pp": 2, "cp": 1, "ep": 4, "etp": 1, "dp": 2, "zero": 1, "framework": "megatron",
                       "sequence_parallel": True, "recompute": "none", "flash_attention": False, "precision": "bf16",
                       "virtual_stages": 4, "schedule": "interleaved", "loss": "fused"},
          "batch": {"global": 32, "micro": 4}}
MS_ASSUMED = [
    "model: a DeepSeek-V3-like proxy written inline: 16 layers of 1024, 32 heads with multi-latent attention (q_lora_rank "
    "1536, kv_lora_rank 512, qk head 128 + rope 64, v 128), the first layer dense (ffn 4096, --moe-layer-freq "
    "([0]*1+[1]*15)), 15 MoE layers of 32 routed experts of 1024 with top-4 and one shared expert of 1024, sigmoid router "
    "with expert bias (router_bias), SwiGLU, RMSNorm, rotary, untied, no linear biases; one MTP layer (--mtp-num-layers 1)",
    "vocab 51712: GPT-2 BPE (50257) padded to a multiple of --make-vocab-size-divisible-by 3232 x tp 2 = 6464",
    "--qk-layernorm (norms on the latent q/kv): not a request field", "dropout false: both dropouts 0.0",
    UNFUSED + " (the config's comment: MLA with fused attention and deterministic mode gives NaN)",
    "loss fused: --cross-entropy-loss-fusion with the native implementation",
    "tp 2, pp 2 with 4 virtual stages per rank (--num-virtual-stages-per-pipeline-rank 4: 8 chunks of 2 layers, the MTP "
    "layer, final norm and head on the last), ep 4, etp 1, sequence parallel; dp = 8 / (2 x 2) = 2; accumulation 32 / (4 x 2) = 4",
    "zero 1: --use-distributed-optimizer; overlap_grad_reduce/overlap_param_gather set; not request fields",
    "allocator expandable_segments (PYTORCH_CUDA_ALLOC_CONF in ENV_VARS); does not change the allocated peak compared here",
    "token dispatcher alltoall with permute fusion and grouped GEMM; kernels: Transformer Engine, taken as the default 'fused'",
    "routing: not forced balanced; routing_imbalance left at the engine's default",
    "golden values recorded with the config of their commit; later config changes (data path the_pile -> common_pile with "
    "the same GPT-2 BPE files, async save, persistent checkpoint worker, ft_launcher) taken as not changing the allocated peak",
    "bf16 mixed precision, fp32 gradients in the DDP buffer (Megatron default), Adam",
]
# Checked against the frozen CLI before freezing: refused with error latent_rank at /model/q_lora_rank
# ('q_lora_rank = 1536 is larger than the hidden size 1024'), so both readings go to not_expressible.json with the
# request that was tried (MS_REQ) and its assumptions; no smaller rank is substituted.
MS_WHERE = (f"{BASE}/{T}/golden_values_dev_dgx_h100.json (11debfa7b4) and golden_values_dev_dgxh100_dgxc.json "
            f"(a3a1f06787), 'mem-max-allocated-bytes' step 50 (the last and largest), at {COMMIT}")
ne(SRC, MS_WHERE,
   "--q-lora-rank 1536 above --hidden-size 1024: the frozen engine refuses the request (error latent_rank at "
   "/model/q_lora_rank); the run itself is legal in Megatron-Core. Request tried: " + json.dumps(MS_REQ) +
   "; assumed: " + " | ".join(MS_ASSUMED),
   [60111630336.0 / 2 ** 30, 57961472000.0 / 2 ** 30])

# ------------------------------------------------------------------ not expressible
# gpt3_mcore_tp2_cp2_pp2_ep2_te_4experts2parallel: tp 2, cp 2, pp 2, ep 2 (etp = tp), dp 1, flash; step 50:
#   dgx_a100 1083935744.0, dgx_h100 1114966528.0, dgx_gb200 1114732032.0 (93ebf8d72f).
ne(SRC, f"{BASE}/gpt3_mcore_tp2_cp2_pp2_ep2_te_4experts2parallel/golden_values_dev_{{dgx_a100,dgx_h100,dgx_gb200}}.json, "
        f"'mem-max-allocated-bytes' step 50, at {COMMIT}",
   "tp 2 x cp 2 x pp 2 on 8 GPUs leaves dp 1 while ep 2 (etp = tp): Megatron-Core builds the expert-parallel group from "
   "the cp x dp ranks, the frozen engine refuses it (error ep_dp: ep must divide dp when etp = tp)",
   [1083935744.0 / 2 ** 30, 1114966528.0 / 2 ** 30, 1114732032.0 / 2 ** 30])
# gpt3_mcore_te_tp2_pp2_ep4_etp1_selective_recompute_experimental: as the memory_speed test but
#   '--recompute-granularity: selective', '--recompute-modules: "[layernorm mla_up_proj mlp moe_act]"',
#   '--moe-layer-freq: ([0]*3+[1]*13)', '--pipeline-model-parallel-layout: Et*3|(tt|)*6tmL',
#   '--overlap-moe-expert-parallel-comm: true'; step 50 dgx_h100 49211260928.0 (the test is commented out of the recipe).
ne(SRC, f"{BASE}/gpt3_mcore_te_tp2_pp2_ep4_etp1_selective_recompute_experimental/golden_values_dev_dgx_h100.json, "
        f"'mem-max-allocated-bytes' step 50, at {COMMIT}",
   "custom --pipeline-model-parallel-layout 'Et*3|(tt|)*6tmL' (8 uneven virtual chunks: 3, 2 x 6, 1 + MTP + loss) that "
   "the request's virtual_stages / first_stage_layers cannot state; the test is also commented out of the h100 recipe",
   [49211260928.0 / 2 ** 30])
# mixtral/ release tests: GPU count and nodes are not in the public recipes of this tree.
for t, b, note in [
        ("mixtral_8x7b_alltoall_tp2pp4ep4_release", 26495959040.0, "largest of the values every 5 steps (1 to 24000)"),
        ("mixtral_8x7b_tp1pp4ep8vpp8_release", 35505844224.0, "step 200, the last and the largest"),
        ("mixtral_8x22b_tp2pp8ep8vpp1_release", 28533706752.0, "step 150, the last and the largest"),
        ("deepseekv3_proxy_flex_tp1pp4emp16etp1cp1_release", 46597890048.0, "largest of the values every 5 steps")]:
    ne(SRC, f"NVIDIA/Megatron-LM tests/functional_tests/test_cases/mixtral/{t}/golden_values_dev_dgx_h100.json, "
            f"'mem-max-allocated-bytes' ({note}), at {COMMIT}",
       "release test: the number of GPUs (hence dp and the distributed optimizer's sharding) is not stated in the "
       "repository (no public recipe lists it); it also loads a checkpoint (--load, --finetune for two)", [b / 2 ** 30])
# docs/user-guide/features/fine_grained_activation_offloading.md, '## H100 / ### DeepSeek-V3-Proxy': 14 layers of
#   DeepSeek-V3, 'TP1PP4EP16VPP1CP1-MBS1GBS512', bf16, DeepEP; 'Baseline (no offloading)':
#   '[Rank 0] (after 10 iterations) memory (MB) | ... | max allocated: 65203.93359375 | ... | max reserved: 74306.0'
#   '[Rank 16] ... max allocated: 52228.1533203125 | ... | max reserved: 58770.0'
#   '[Rank 32] ... max allocated: 45200.8349609375 | ... | max reserved: 51772.0'
#   '[Rank 48] ... max allocated: 48166.263671875 | ... | max reserved: 56328.0'
ne(SRC_DOC, f"NVIDIA/Megatron-LM docs/user-guide/features/fine_grained_activation_offloading.md at {COMMIT}, "
            "'Memory consumption', 'Baseline (no offloading)': report_memory 'max allocated' of ranks 0, 16, 32, 48 (MiB)",
   "sequence length, GPU count, recomputation and the MTP setting are not stated (only 'TP1PP4EP16VPP1CP1-MBS1GBS512', "
   "14 layers, DeepEP); the offloaded runs besides use activation offloading, which the request cannot express",
   [65203.93359375 / 1024, 52228.1533203125 / 1024, 45200.8349609375 / 1024, 48166.263671875 / 1024],
   tool="Megatron's report_memory: torch.cuda.max_memory_allocated() / 2^20 printed as 'max allocated' in MB (MiB)",
   note="MiB as printed, / 1024")

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
