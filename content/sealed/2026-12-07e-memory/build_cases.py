# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07e from the numbers transcribed below.
# Two sources the project had not used: a Megatron-Bridge training log committed in verdimrc/playground-nemo-2.0-gh
# (05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md at 155bbece) and the Megatron-LM pre-training how-to of Fixstars'
# MDK (fixstars/mdk doc/docs/how-to-guides/trainer/pretrain-megatron-lm.md with
# scripts/pretrain_megatron_lm/pretrain_7b_mpi.patch, at 43b4c041). The comments say which line each number is from.
# Megatron's report_memory prints torch.cuda.memory_allocated / max_memory_allocated / memory_reserved /
# max_memory_reserved divided by 2**20 and labels them "MB": the values are MiB, stored here in GiB (/ 1024).
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

VM = "verdimrc-byoc-mbridge-llama32-1b-h100-202510"
FX = "fixstars-mdk-megatron-gpt7b-fp8-h100-202409"

TOOL_ALLOC = ("Megatron's report_memory (megatron/training/utils.py), printed once at the first logged iteration: "
              "'max allocated' = torch.cuda.max_memory_allocated() / 2**20, the allocated peak since the process "
              "started (never reset), in MiB labelled MB")
TOOL_RES = ("Megatron's report_memory (megatron/training/utils.py), printed once at the first logged iteration: "
            "'max reserved' = torch.cuda.max_memory_reserved() / 2**20, the caching allocator's reserved peak since "
            "the process started, in MiB labelled MB")

cases, rows = [], []

def add(cid, src, where, req, kind, mib, tool, rank, assumed):
    cases.append({"id": cid, "source": src, "where": where, "request": req,
                  "published": {"kind": kind, "value": mib / 1024.0,
                                "unit_note": f"{mib} MB as printed (MiB, bytes / 2**20): {mib / 1024.0:.3f} GiB",
                                "tool": tool, "rank": rank},
                  "assumed": assumed})

# ------------------------------------------------------------------ verdimrc/playground-nemo-2.0-gh (Oct 2025)
# 05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md at 155bbece89e7d5d1f43fea19b897ed1b2e0eae81, '## 3. Appendix:
# training log' (the run of section 2.4, 'torchrun --standalone --nproc_per_node=8 /workspace/train.py'):
#   '[Rank 0] (after 10 iterations) memory (MB) | allocated: 9554.87939453125 | max allocated: 12003.60400390625 |
#    reserved: 12232.0 | max reserved: 12232.0'
# The same log prints the whole ConfigContainer ('------- Task Configuration -------'): model Llama31ModelProvider
# (num_layers 16, hidden_size 2048, num_attention_heads 32, num_query_groups 8, kv_channels 64, ffn_hidden_size 8192,
# gated_linear_unit true, silu, normalization RMSNorm, position_embedding_type rope, add_bias_linear false,
# hidden_dropout 0.0, attention_dropout 0.0, share_embeddings_and_output_weights true, vocab_size 128256,
# make_vocab_size_divisible_by 128, tensor/pipeline/context/expert parallel 1, sequence_parallel false,
# recompute_granularity null, transformer_impl transformer_engine, attention_backend 5 (auto),
# cross_entropy_loss_fusion true, cross_entropy_fusion_impl native, cuda graphs off, fp8 null, bf16 true),
# dataset sequence_length 1024 (MockGPTDataset), train micro_batch_size 1, global_batch_size 512, train_iters 10,
# ddp use_distributed_optimizer true, grad_reduce_in_fp32 true, overlap_grad_reduce true, overlap_param_gather true,
# optimizer adam, main_params/main_grads/exp_avg/exp_avg_sq fp32, use_precision_aware_optimizer false.
# DDP bucket 17 holds module.embedding.word_embeddings.weight whole (273158144 elements with layer 0): tp 1, dp 8.
# GPU: the nvidia-smi snapshot in the same appendix lists eight 'NVIDIA H100 80GB HBM3' (81559MiB).
WVM = ("verdimrc/playground-nemo-2.0-gh 05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md at "
       "155bbece89e7d5d1f43fea19b897ed1b2e0eae81, '## 3. Appendix: training log': '[Rank 0] (after 10 iterations) "
       "memory (MB) | allocated: 9554.87939453125 | max allocated: 12003.60400390625 | reserved: 12232.0 | max "
       "reserved: 12232.0'; configuration from the '------- Task Configuration -------' dump of the same log and "
       "section 2.4's train.py (Megatron-Bridge b30bded5, Transformer Engine 2.9.0.dev0+7e45be73, NGC PyTorch 25.06)")
LLAMA32_1B = {"layers": 16, "hidden": 2048, "heads": 32, "kv_heads": 8, "ffn": 8192, "vocab": 128256, "seq": 1024,
              "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
              "tied_embeddings": True}
REQ_VM = {"model": LLAMA32_1B,
          "hardware": {"preset": "h100-sxm", "gpus": 8},
          "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "ep": 1, "zero": 1, "framework": "megatron",
                       "sequence_parallel": False, "recompute": "none", "flash_attention": True,
                       "precision": "bf16"},
          "batch": {"global": 512, "micro": 1}}
AVM = [
    "model: the log's Llama31ModelProvider dump (Llama 3.2 1B via AutoBridge.from_hf_pretrained('meta-llama/Llama-3.2-1B')): 16 layers of 2048, 32 heads, 8 query groups, SwiGLU 8192, RMSNorm, rope, no biases, tied embeddings, vocab 128256 (already a multiple of 128, no padding); dropout 0.0: written inline",
    "sequence 1024 (train.py sets cfg.model.seq_length and cfg.dataset.sequence_length = 1024; the provider's own seq_length 131072 is overwritten, the dump's dataset sequence_length 1024); MockGPTDataset: every sample full length",
    "parallelism: tensor/pipeline/context/expert 1 in the dump; 8 ranks (torchrun --nproc_per_node=8): dp 8. Although train.py passes tensor_parallelism=8 to the recipe, cfg.model is then replaced by the HF provider (tp 1); the DDP bucket holding the whole 128256 x 2048 embedding confirms tp 1",
    "distributed optimizer (use_distributed_optimizer true): zero 1; grad_reduce_in_fp32 true (fp32 main grads, the megatron default reduce_dtype); overlap_grad_reduce and overlap_param_gather true (bucket_size 40000000)",
    "no recomputation (recompute_granularity null): recompute none; Transformer Engine attention (attention_backend auto, fused/flash): flash_attention true",
    "loss: cross_entropy_loss_fusion true with impl native (Megatron's vocabulary-parallel cross-entropy): loss left at the megatron default (fused)",
    "batch: micro_batch_size 1, global_batch_size 512: 64 micro-batches per rank per step",
    "GPU: 'NVIDIA H100 80GB HBM3' in the appendix's nvidia-smi snapshot: preset h100-sxm",
    "allocator: neither the container steps nor train.py set PYTORCH_CUDA_ALLOC_CONF: the default caching allocator",
    "the reading is after 10 iterations (train_iters 10, log_interval 10): the peaks cover nine full steady-state steps after the first one; manual_gc true, empty_unused_memory_level 0",
]
add("vm-mbridge-llama32-1b-dp8-h100-allocated", VM, WVM, REQ_VM, "peak_allocated_gib", 12003.60400390625,
    TOOL_ALLOC, "rank 0 (report_memory prints on data-parallel rank 0)", AVM)
add("vm-mbridge-llama32-1b-dp8-h100-reserved", VM, WVM, REQ_VM, "peak_reserved_gib", 12232.0,
    TOOL_RES, "rank 0 (report_memory prints on data-parallel rank 0)", AVM)
rows.append({"source": VM,
             "where": "verdimrc/playground-nemo-2.0-gh 05-byoc-te-mb/with-ngc-pytorch-25.06-cleanup.md at 155bbece, '## 3. Appendix: training log', the 'nvidia-smi -l 2' snapshot 'Mon Oct  6 03:29:21 2025': GPU 0 18449MiB, GPUs 1-3 16273MiB / 81559MiB (GPUs 4-7 cut in the stored copy)",
             "reason": "a single nvidia-smi sample taken at 03:29:21, after the 10 training iterations ended (03:27:07) and during or after the validation/test evaluation and checkpoint save: not the training peak, and the moment in the run is not stated",
             "published": [{"kind": "device_gib", "value": 18449 / 1024.0, "unit_note": "18449 MiB (GPU 0)", "tool": "nvidia-smi memory.used"},
                           {"kind": "device_gib", "value": 16273 / 1024.0, "unit_note": "16273 MiB (GPUs 1-3)", "tool": "nvidia-smi memory.used"}]})

# ------------------------------------------------------------------ fixstars/mdk (Sep 2024)
# doc/docs/how-to-guides/trainer/pretrain-megatron-lm.md at 43b4c04189ed8efa83ca88539981d9ef6fb6a93d,
# '### シングルノード実行' (single node, 'mpirun --np 8 ... bash examples/gpt3/train_gpt3_7b_mpi.sh ...'):
#   'Theoretical memory footprints: weight and optimizer=46038.57 MB'
#   '[Rank 0] (after 20 iterations) memory (MB) | allocated: 48465.275390625 | max allocated: 75078.4326171875 |
#    reserved: 75682.0 | max reserved: 75682.0'
# '### マルチノード実行（2ノード）' (two nodes, 'mpirun --np 16 ...'):
#   'Theoretical memory footprints: weight and optimizer=41434.72 MB'
#   '[Rank 0] (after 20 iterations) memory (MB) | allocated: 42358.798828125 | max allocated: 70522.5751953125 |
#    reserved: 71202.0 | max reserved: 71202.0'
# Both logs: 'Number of parameters in transformer layers in billions:  6.02', 'embedding layers 0.41', 'global batch
# size:  1024', loss scale 262144 / 131072 with skipped iterations (fp16 dynamic loss scaling).
# Script: Megatron-LM core_r0.8.0 (the how-to's 'git clone ... -b core_r0.8.0') examples/gpt3/
# train_gpt3_175b_distributed.sh patched by scripts/pretrain_megatron_lm/pretrain_7b_mpi.patch (same commit):
# PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True, MICRO_BATCH_SIZE=2, GLOBAL_BATCH_SIZE=1024, SEQUENCE_LENGTH=4096,
# --num-layers 30 --hidden-size 4096 --num-attention-heads 32, --transformer-impl transformer_engine --fp8-format
# hybrid --fp8-interval 1024 --fp8-amax-history-len 1 --fp8-amax-compute-algo max, --swiglu --hidden-dropout 0.0
# --attention-dropout 0.0 --disable-bias-linear --no-masked-softmax-fusion --untie-embeddings-and-output-weights,
# --use-distributed-optimizer --overlap-grad-reduce --sequence-parallel, --use-legacy-models
# --attention-softmax-in-fp32, --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1; the base script
# keeps --fp16 (the patch leaves it; the logs' loss scale confirms it) and the GPT-2 BPE vocab/merges.
WFX = ("fixstars/mdk doc/docs/how-to-guides/trainer/pretrain-megatron-lm.md at 43b4c04189ed8efa83ca88539981d9ef6fb6a93d, "
       "'{sec}': '[Rank 0] (after 20 iterations) memory (MB) | allocated: {a} | max allocated: {ma} | reserved: {r} | "
       "max reserved: {mr}'; configuration from scripts/pretrain_megatron_lm/pretrain_7b_mpi.patch (same commit) applied "
       "to Megatron-LM core_r0.8.0 examples/gpt3/train_gpt3_175b_distributed.sh")
GPT7B = {"layers": 30, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 10880, "vocab": 50304, "seq": 4096,
         "position": "learned", "mlp": "swiglu", "norm": "layernorm", "bias": False, "dropout": False,
         "tied_embeddings": False}
AFX = [
    "model: the patch's GPT '7B' (30 layers of 4096, 32 heads, no --group-query-attention: kv_heads 32), --swiglu with no --ffn-hidden-size: Megatron's default int(4h*2/3 / 64)*64 = 10880 (checks with the log's 6.02 B transformer parameters: 30 x (4 x 4096^2 + 3 x 4096 x 10880)), GPT-2 BPE vocabulary 50257 padded to a multiple of 128 = 50304 (the log's 0.41 B embedding parameters = 2 x 50304 x 4096, untied), learned absolute positions and LayerNorm (Megatron defaults, not overridden), no biases, dropout 0.0: written inline",
    "sequence 4096 (SEQUENCE_LENGTH); Megatron's GPT dataset packs the arxiv documents into full-length samples",
    "precision: --fp16 (the base script's; the logs' dynamic loss scale 262144 with skipped iterations confirm it) with Transformer Engine FP8 'hybrid' delayed scaling (amax history 1, max): precision fp8-delayed; fp16 has bf16's 2 B per value",
    "gradients: with --fp16 Megatron does not set accumulate_allreduce_grads_in_fp32 (only --bf16 does), so the DDP grad buffer is fp16: reduce_dtype fp16",
    "distributed optimizer (--use-distributed-optimizer): zero 1 over dp (fp32 main params and Adam moments sharded); --overlap-grad-reduce",
    "tp 1 and pp 1: dp = ranks (8 on one node, 16 on two); --sequence-parallel is dropped by Megatron at tp 1: sequence_parallel false",
    "no recomputation flag: recompute none; --use-legacy-models with --transformer-impl transformer_engine: TE layers with TE's fused attention (the how-to mentions the 'FusedAttention backend' message): flash_attention true",
    "loss: Megatron's vocabulary-parallel cross-entropy (no --cross-entropy-loss-fusion): loss left at the megatron default",
    "allocator: PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True (the patch): hardware.allocator expandable_segments",
    "GPU: the run's GPU is not named in the how-to; the MDK docs' system table for 8 GPUs ('H100x8', 640 GB) and their OOM example ('total capacty of 79.11 GiB') give 80 GB H100s: preset h100-sxm, 8 per node (GPUS_PER_NODE=8). Only capacity and the cap on the reserve depend on it",
    "batch: MICRO_BATCH_SIZE 2, GLOBAL_BATCH_SIZE 1024: 64 micro-batches per rank on one node, 32 on two",
    "the reading is after 20 iterations: with log-interval 10 Megatron reports memory at the first logged iteration whose learning rate is above 0 (every one of the first 10 steps was skipped by the fp16 loss scaler, learning rate 0.0 at iteration 10); the peaks are cumulative since start and cover about ten steps after the first optimizer step that created the Adam moments",
]
for cid, sec, gpus, a, ma, r, mr in (
        ("fx-mdk-gpt7b-fp8-dp8-h100", "### シングルノード実行", 8, "48465.275390625", 75078.4326171875, "75682.0", 75682.0),
        ("fx-mdk-gpt7b-fp8-dp16-h100x2", "### マルチノード実行（2ノード）", 16, "42358.798828125", 70522.5751953125, "71202.0", 71202.0)):
    req = {"model": GPT7B,
           "hardware": {"preset": "h100-sxm", "gpus": gpus, "allocator": "expandable_segments"},
           "parallel": {"tp": 1, "pp": 1, "dp": gpus, "cp": 1, "ep": 1, "zero": 1, "framework": "megatron",
                        "sequence_parallel": False, "recompute": "none", "flash_attention": True,
                        "precision": "fp8-delayed", "reduce_dtype": "fp16"},
           "batch": {"global": 1024, "micro": 2}}
    where = WFX.format(sec=sec, a=a, ma=ma, r=r, mr=mr)
    add(cid + "-allocated", FX, where, req, "peak_allocated_gib", ma, TOOL_ALLOC, "rank 0 (data-parallel rank 0; tp = pp = 1)", AFX)
    add(cid + "-reserved", FX, where, req, "peak_reserved_gib", mr, TOOL_RES, "rank 0 (data-parallel rank 0; tp = pp = 1)", AFX)

# ------------------------------------------------------------------ looked at, not expressible
rows.append({"source": "megatron-lm-issue-756-mixtral-h100",
             "where": "NVIDIA/Megatron-LM issue #756 ('Training Mixtral 8x7B on 16 x H100 only achieves low throughput of 130 TFLOPS', 2024-03-30), second log: '[Rank 1] (after 1 iterations) memory (MB) | allocated: 54250.97802734375 | max allocated: 54250.98583984375 | reserved: 61480.0 | max reserved: 61480.0'",
             "reason": "the reading is after the first iteration and its max allocated equals the allocation then held: the peak is the state after the first optimizer step (Adam moments just created), not a steady-state step's peak, which the request describes; and the stored slices of the thread give only part of that run's argument dump (expert_model_parallel_size 8, pipeline 1, no recomputation, global batch 128) - tensor parallel size, micro batch, sequence length and the distributed-optimizer flag were not read",
             "published": [{"kind": "peak_allocated_gib", "value": 54250.98583984375 / 1024, "unit_note": "54250.99 MB (MiB)", "tool": TOOL_ALLOC},
                          {"kind": "peak_reserved_gib", "value": 61480.0 / 1024, "unit_note": "61480 MB (MiB)", "tool": TOOL_RES}]})
rows.append({"source": "megatron-bridge-pr-682-external-cuda-graph",
             "where": "NVIDIA-NeMo/Megatron-Bridge pull request #682 ('Support External Cuda graph', 2025-09-18), description: Llama 3 8B on 8 H100 (configs/llama3/llama3_8b_llm_pretrain.yaml of the perf scripts), '[Rank 4] (after 1 iterations) memory (MB) | allocated: 21540.77294921875 | max allocated: 21540.7734375 | reserved: 31336.0 | max reserved: 31336.0'",
             "reason": "external CUDA graphs (captured forward/backward with their private memory pools) are not a request field, and the reading is after the first iteration (max allocated = allocated: the post-step state, not a steady-state peak)",
             "published": [{"kind": "peak_allocated_gib", "value": 21540.7734375 / 1024, "unit_note": "21540.77 MB (MiB)", "tool": TOOL_ALLOC},
                          {"kind": "peak_reserved_gib", "value": 31336.0 / 1024, "unit_note": "31336 MB (MiB)", "tool": TOOL_RES}]})
rows.append({"source": "seunghyunseo-megatron-moe-exp-a100",
             "where": "SeunghyunSEO/Megatron-LM moe_exp/README.md at 026f2da93c96d0489d627aa26ebc2013de8ad580, 'dense baseline', 'moe, top-1, 64-experts, 8-way EP' and 'dropless moe, top-1, 64-experts, 8-way EP': '[Rank 0] (after 20 iterations)' max allocated 20561.49 / 33279.59 / 33742.08 MB, max reserved 28404 / 37878 / 37658 MB (24 layers of 512, seq 2048, micro 8, global 64, 8 x A100-SXM4-80GB per the README's nvidia-smi)",
             "reason": "the launch script of those runs (Oct 2024) is not in the repository at a commit that matches: the README exports TP/EP/MBSZ/GBSZ and calls moe_exp/scripts/run_moe_from_scratch.sh, whose stored versions hard-code other values (2 GPUs, 8 experts top-2 dMoE) and pass them positionally to run_moe.sh (6 versions); precision, optimizer and attention flags at run time cannot be pinned",
             "published": [{"kind": "peak_allocated_gib", "value": v / 1024, "unit_note": f"{v} MB (MiB)", "tool": TOOL_ALLOC} for v in (20561.49462890625, 33279.59375, 33742.08056640625)]
                          + [{"kind": "peak_reserved_gib", "value": v / 1024, "unit_note": f"{v} MB (MiB)", "tool": TOOL_RES} for v in (28404.0, 37878.0, 37658.0)]})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
