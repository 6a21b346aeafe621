# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07j from the numbers transcribed below.
# Sources the project had not used (none is in content/presets/memory-cases.json or an earlier sealed set):
#   - liguodongiot/llm-action llm-train/megatron/gpt2/model_train.md (a Megatron-LM GPT-345M tutorial, July 2023,
#     4 x A800 80GB): Megatron's report_memory lines and nvidia-smi snapshots for four layouts (all the cases);
#     the same repository's Megatron-DeepSpeed README gives a not-expressible row.
#   - hwang2006/large-scale-lm-tutorials docs/06_tensor_parallelism.md (Sep 2024, V100): not-expressible rows only.
# The comments say which line each number is from. Megatron's report_memory prints torch.cuda.memory_allocated /
# max_memory_allocated / memory_reserved / max_memory_reserved divided by 2**20 and labels them "MB": the values are
# MiB, stored here in GiB (/ 1024). nvidia-smi's "MiB" are MiB too.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

LA = "llm-action-megatron-gpt345m-a800-202307"

TOOL_ALLOC = ("Megatron's report_memory (megatron/training.py at Megatron-LM 992da75), printed at the first logged "
              "iteration: 'max allocated' = torch.cuda.max_memory_allocated() / 2**20, the allocated peak since the "
              "process started (never reset), in MiB labelled MB")
TOOL_RES = ("Megatron's report_memory (megatron/training.py at Megatron-LM 992da75), printed at the first logged "
            "iteration: 'max reserved' = torch.cuda.max_memory_reserved() / 2**20, the caching allocator's reserved "
            "peak since the process started, in MiB labelled MB")
TOOL_SMI = ("nvidia-smi (driver 525.105.17) snapshot taken while the run trained: the 'Memory-Usage' column, "
            "memory.used in MiB")
TOOL_SMI_PROC = ("nvidia-smi snapshot taken while the run was live: the 'Processes' table's "
                 "'GPU Memory Usage' of the training process on GPU 0, in MiB (the section prints only this table; "
                 "in the other sections of the same file the Memory-Usage column is 9 MiB above it (4DP) or equal (2TP+2PP))")

cases, rows = [], []


def add(cid, src, where, req, kind, mib, tool, rank, assumed, unit=None):
    cases.append({"id": cid, "source": src, "where": where, "request": req,
                  "published": {"kind": kind, "value": mib / 1024.0,
                                "unit_note": unit or f"{mib} MB as printed (MiB, bytes / 2**20): {mib / 1024.0:.3f} GiB",
                                "tool": tool, "rank": rank},
                  "assumed": assumed})


# ------------------------------------------------------------------ liguodongiot/llm-action (July 2023)
# llm-train/megatron/gpt2/model_train.md, last changed at 3c6d1c7249787fd3d00b8d7a0f0bc5dc20ac57dd (2024-05-14) and
# unchanged at HEAD 923449432b6bd00674efd5965fdb70365a88ce5e. Environment from llm-train/megatron/gpt2/README.md (same
# commits): container nvcr.io/nvidia/pytorch:23.04-py3, Megatron-LM 'git checkout 992da75'. Every section pastes the
# full '------------------------ arguments ------------------------' dump of its run. Common to all four runs:
# num_layers 24, hidden_size 1024, ffn_hidden_size 4096, num_attention_heads 16, kv_channels 64, seq_length 1024,
# max_position_embeddings 1024, GPT2BPETokenizer (50257 padded by make_vocab_size_divisible_by 128 x tp),
# untie_embeddings_and_output_weights False, add_bias_linear True, swiglu False (GeLU), hidden_dropout 0.1,
# attention_dropout 0.1, fp16 True, bf16 False, params_dtype float16, accumulate_allreduce_grads_in_fp32 False,
# DDP_impl local, use_contiguous_buffers_in_local_ddp True, gradient_accumulation_fusion True,
# use_distributed_optimizer False, optimizer adam, recompute_granularity None, use_flash_attn False,
# transformer_impl local, masked_softmax_fusion True, apply_query_key_layer_scaling True,
# attention_softmax_in_fp32 False, empty_unused_memory_level 0, log_interval 100, world_size 4.
# GPU: the nvidia-smi snapshots name 'NVIDIA A800 80G...' with 81920MiB.
#
# '### 单机多卡(4DP)' ('sh examples/pretrain_gpt_distributed.sh'; 'using world size: 4, data-parallel-size: 4,
#   tensor-model-parallel size: 1, pipeline-model-parallel size: 1'; micro_batch_size 1, global_batch_size 8,
#   'setting number of micro-batches to constant 2', sequence_parallel False, 'padded vocab ... (new size: 50304)',
#   354871296 parameters):
#   '[Rank 0] (after 100 iterations) memory (MB) | allocated: 6816.88818359375 | max allocated: 8696.8515625 |
#    reserved: 8786.0 | max reserved: 8786.0'
#   nvidia-smi ('模型显存占用'): GPU 0 '9661MiB / 81920MiB', GPU 1 9661MiB, GPUs 2-3 9663MiB; processes 9652MiB each.
# '### 模型并行（2TP+2DP）' (the heading says 2DP; the run is 'data-parallel-size: 1, tensor-model-parallel size: 2,
#   pipeline-model-parallel size: 2', 'sh examples/pretrain_gpt_distributed_with_mp.sh'; micro_batch_size 4,
#   global_batch_size 16, 4 micro-batches, sequence_parallel True, padded vocab 50432):
#   '[Rank 0] (after 100 iterations) memory (MB) | allocated: 2040.25830078125 | max allocated: 7253.22705078125 |
#    reserved: 7622.0 | max reserved: 7622.0' (rank 1 the same; ranks 2-3, the last stage: max allocated
#    5373.49560546875, max reserved 5718.0 / 5968.0)
#   nvidia-smi ('显存使用'): GPU 0 '8732MiB / 81920MiB', GPU 1 8732MiB, GPU 2 6828MiB, GPU 3 7078MiB.
# '### 模型并行（4TP）' ('sh pretrain_gpt_distributed_with_4tp.sh'; tp 4, pp 1, dp 1; micro_batch_size 2,
#   global_batch_size 8, 4 micro-batches, sequence_parallel True, padded vocab 50688):
#   '[Rank 0] (after 100 iterations) memory (MB) | allocated: 1772.68505859375 | max allocated: 3059.67138671875 |
#    reserved: 3394.0 | max reserved: 3394.0' (ranks 1-3: max allocated 3065.67 / 3081.17 / 3081.67)
#   nvidia-smi processes table ('显存占用'): GPU 0 4236MiB (GPUs 1-3: 4176 / 4168 / 4176MiB).
# '### 模型并行（4PP）' ('nohup sh examples/pretrain_gpt_distributed_with_pp4.sh'; tp 1, pp 4, dp 1;
#   micro_batch_size 2, global_batch_size 8, 4 micro-batches, sequence_parallel False, padded vocab 50304):
#   '[Rank 0] (after 100 iterations) memory (MB) | allocated: 2524.27783203125 | max allocated: 7643.34033203125 |
#    reserved: 7766.0 | max reserved: 7766.0' (ranks 1-3: max allocated 5477.08 / 4104.90 / 4390.35)
WLA = ("liguodongiot/llm-action llm-train/megatron/gpt2/model_train.md at 3c6d1c7249787fd3d00b8d7a0f0bc5dc20ac57dd "
       "(unchanged at 923449432b6bd00674efd5965fdb70365a88ce5e), section '{sec}': {line}; configuration from the "
       "section's own '-- arguments --' dump; environment from llm-train/megatron/gpt2/README.md (nvcr.io/nvidia/"
       "pytorch:23.04-py3, Megatron-LM 992da75)")


def gpt345m(vocab):
    return {"layers": 24, "hidden": 1024, "heads": 16, "kv_heads": 16, "ffn": 4096, "vocab": vocab, "seq": 1024,
            "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": True,
            "tied_embeddings": True}


ALA = [
    "model: Megatron's GPT-345M as the dump gives it: 24 layers of 1024, 16 heads (kv_channels 64), GeLU MLP of 4096, LayerNorm, learned absolute positions (1024), biases, tied input/output embedding (untie False), dropout 0.1 on hidden states and attention: written inline; vocabulary as the log's 'padded vocab ... (new size: N)' line of the run (50257 padded to a multiple of 128 x tp); the 4DP log's 354871296 parameters match this shape exactly",
    "sequence 1024 (seq_length); Megatron's GPT dataset packs OpenWebText-style documents into full-length samples",
    "precision: --fp16 (fp16 weights and activations, dynamic loss scale; the logs show skipped iterations): precision bf16 in the request, whose 2 B per value fp16 shares; accumulate_allreduce_grads_in_fp32 False, so the contiguous local-DDP grad buffer is fp16: reduce_dtype fp16",
    "optimizer: Adam through Megatron's Float16OptimizerWithFloat16Params with fp32 master weights and moments, not distributed (use_distributed_optimizer False): zero 0",
    "framework megatron (Megatron-LM 992da75, June 2023: local DDP with contiguous buffers, gradient_accumulation_fusion into main_grad, fused bias-GeLU, bias-dropout-add and masked softmax kernels): kernels fused (the default)",
    "attention: use_flash_attn False and transformer_impl local: Megatron's unfused core attention (fp16 scores, scaled masked softmax, attention dropout): flash_attention false",
    "no recomputation (recompute_granularity None): recompute none",
    "loss: Megatron's vocabulary-parallel cross-entropy with fp16_lm_cross_entropy False: loss left at the megatron default (fused)",
    "GPU: 'NVIDIA A800 80G...' with 81920MiB (nvidia-smi). The A800 is the A100 80GB with NVLink held to 400 GB/s; its memory (80 GB HBM2e, 81920 MiB) is the A100 80GB's: preset a100-80gb. Only capacity and the cap on the reserve use the card",
    "allocator: the shell scripts and the container do not set PYTORCH_CUDA_ALLOC_CONF: the default caching allocator",
    "NCCL: the container is named (PyTorch 23.04) but its NCCL release was not read from a source here; hardware.nccl left at the default. It sizes only NVLS buffers, which the a100-80gb preset does not have",
    "the reading is after 100 iterations (log_interval 100): cumulative peaks since start, covering more than 80 optimizer steps after the loss scaler's skipped first steps",
    "rank: report_memory prints on every rank whose data-parallel rank is 0; the case takes rank 0 (GPU 0), which is also the first pipeline stage where pp > 1 (the most loaded stage in these logs)",
]
# (section, id stem, tp, pp, dp, sp, vocab, micro, global, [alloc, reserved] line, alloc, reserved, smi)
for sec, stem, tp, pp, dp, sp, vocab, micro, gbs, line, alloc, res, smi in (
        ("### 单机多卡(4DP)", "la-gpt345m-dp4-a800", 1, 1, 4, False, 50304, 1, 8,
         "'[Rank 0] (after 100 iterations) memory (MB) | allocated: 6816.88818359375 | max allocated: 8696.8515625 | reserved: 8786.0 | max reserved: 8786.0'",
         8696.8515625, 8786.0, ("GPU 0 '9661MiB / 81920MiB' (Memory-Usage column; GPUs 1-3 9661 / 9663 / 9663MiB)", 9661, TOOL_SMI, "GPU-Util 64-71 %, during training")),
        ("### 模型并行（2TP+2DP）", "la-gpt345m-tp2pp2-a800", 2, 2, 1, True, 50432, 4, 16,
         "'[Rank 0] (after 100 iterations) memory (MB) | allocated: 2040.25830078125 | max allocated: 7253.22705078125 | reserved: 7622.0 | max reserved: 7622.0'",
         7253.22705078125, 7622.0, ("GPU 0 '8732MiB / 81920MiB' (Memory-Usage column; GPU 1 8732, GPU 2 6828, GPU 3 7078MiB)", 8732, TOOL_SMI, "GPU-Util 100 %, during training")),
        ("### 模型并行（4TP）", "la-gpt345m-tp4-a800", 4, 1, 1, True, 50688, 2, 8,
         "'[Rank 0] (after 100 iterations) memory (MB) | allocated: 1772.68505859375 | max allocated: 3059.67138671875 | reserved: 3394.0 | max reserved: 3394.0'",
         3059.67138671875, 3394.0, ("GPU 0 process '4236MiB' (Processes table; GPUs 1-3 4176 / 4168 / 4176MiB)", 4236, TOOL_SMI_PROC, "only the processes table is pasted, so utilisation is not shown; the four training processes hold memory, so the run was live")),
        ("### 模型并行（4PP）", "la-gpt345m-pp4-a800", 1, 4, 1, False, 50304, 2, 8,
         "'[Rank 0] (after 100 iterations) memory (MB) | allocated: 2524.27783203125 | max allocated: 7643.34033203125 | reserved: 7766.0 | max reserved: 7766.0'",
         7643.34033203125, 7766.0, None)):
    req = {"model": gpt345m(vocab),
           "hardware": {"preset": "a100-80gb", "gpus": 4},
           "parallel": {"tp": tp, "pp": pp, "dp": dp, "cp": 1, "ep": 1, "zero": 0, "framework": "megatron",
                        "sequence_parallel": sp, "recompute": "none", "flash_attention": False,
                        "precision": "bf16", "reduce_dtype": "fp16"},
           "batch": {"global": gbs, "micro": micro}}
    extra = [f"layout: tp {tp}, pp {pp}, dp {dp} on 4 GPUs of one node (the log's 'using world size: 4, ...' line); sequence_parallel {sp} (the dump); micro {micro}, global {gbs}: {gbs // (micro * dp)} micro-batches per step" +
             ("; pipeline schedule: Megatron's default non-interleaved 1F1B (virtual_pipeline_model_parallel_size None)" if pp > 1 else "")]
    where = WLA.format(sec=sec, line=line)
    add(stem + "-allocated", LA, where, req, "peak_allocated_gib", alloc, TOOL_ALLOC, "rank 0 (GPU 0)", ALA + extra)
    add(stem + "-reserved", LA, where, req, "peak_reserved_gib", res, TOOL_RES, "rank 0 (GPU 0)", ALA + extra)
    if smi:
        what, mib, tool, moment = smi
        wsmi = WLA.format(sec=sec, line="nvidia-smi snapshot " + what)
        add(stem + "-device", LA, wsmi, req, "device_gib", mib, tool, "GPU 0 (rank 0)",
            ALA + extra + ["nvidia-smi: a single snapshot pasted in the section (no time stamp; " + moment + "), taken as the steady training state of the same run as the section's log. It is not a peak reading; the caching allocator does not return its reserved blocks (empty_unused_memory_level 0), so memory.used stays at about reserved + CUDA context + NCCL buffers once the reserve has peaked"],
            unit=f"{mib} MiB as nvidia-smi prints it: {mib / 1024.0:.3f} GiB")

rows.append({"source": LA,
             "where": "liguodongiot/llm-action llm-train/megatron-deepspeed/microsoft/README.md at 923449432b, '## LLaMA-7B' and '## LLaMA-13B': nvidia-smi snapshots on 8 x A800 80GB (7B: 80407 / 73999 / 74149 / 73987 / 59741 / 59787 / 59829 / 59743 MiB; 13B: 71639 / 77801 / 77847 / 77761 / 58423 / 63465 / 57581 / 57079 MiB)",
             "reason": "the section names no launch command and several scripts beside it (pretrain_llama_7b_distributed_fp16.sh, pretrain_llama2_distributed.sh, ...) carry different layouts; the run's tensor/pipeline split, ZeRO stage, micro batch and sequence length cannot be pinned (GPU 0 at 80407 of 81920 MiB also suggests allocator pressure)",
             "published": [{"kind": "device_gib", "value": v / 1024, "unit_note": f"{v} MiB (GPU 0)", "tool": "nvidia-smi memory.used"} for v in (80407, 71639)]})

# ------------------------------------------------------------------ hwang2006/large-scale-lm-tutorials (Sep 2024)
# docs/06_tensor_parallelism.md at c29cccffba4278951066719544034819147c6b94 (unchanged at HEAD 20aadcbed7ef):
# 'salloc --partition=cas_v100nv_8 ... --gres=gpu:4' (KISTI Neuron, V100 32GB), then GPT-345M with
# '--tensor-model-parallel-size 4 ... --micro-batch-size 4 --global-batch-size 16 ... --fp16 ... --sequence-parallel'
#   Megatron-LM main (Sep 2024, transformer_impl transformer_engine, mcore):
#   '[Rank 0] (after 20 iterations) memory (MB) | allocated: 1761.685546875 | max allocated: 2589.13525390625 |
#    reserved: 2608.0 | max reserved: 2608.0'
#   the same command on 'git checkout core_r0.5.0' (transformer_impl local, legacy model):
#   '[Rank 0] (after 20 iterations) memory (MB) | allocated: 1786.68505859375 | max allocated: 4673.77880859375 |
#    reserved: 4746.0 | max reserved: 4746.0'
KI = "hwang2006-large-scale-lm-tutorials-megatron-v100-202409"
rows.append({"source": KI,
             "where": "hwang2006/large-scale-lm-tutorials docs/06_tensor_parallelism.md at c29cccffba4278951066719544034819147c6b94, '### Megatron-LM으로 모델 학습해보기': GPT-345M, tp 4 on 4 GPUs, micro 4, global 16, seq 1024, fp16, sequence parallel; Megatron-LM main (Transformer Engine layers): '[Rank 0] (after 20 iterations) ... max allocated: 2589.13525390625 | ... max reserved: 2608.0'; the same command on Megatron-LM core_r0.5.0 (local layers): '... max allocated: 4673.77880859375 | ... max reserved: 4746.0'",
             "reason": "the runs are on V100 32GB GPUs ('salloc --partition=cas_v100nv_8', KISTI Neuron), a card none of the hardware presets describes (no bf16 tensor cores, 32 GB); the request has no preset for it",
             "published": [{"kind": "peak_allocated_gib", "value": 2589.13525390625 / 1024, "unit_note": "2589.14 MB (MiB), main", "tool": TOOL_ALLOC},
                           {"kind": "peak_reserved_gib", "value": 2608.0 / 1024, "unit_note": "2608 MB (MiB), main", "tool": TOOL_RES},
                           {"kind": "peak_allocated_gib", "value": 4673.77880859375 / 1024, "unit_note": "4673.78 MB (MiB), core_r0.5.0", "tool": TOOL_ALLOC},
                           {"kind": "peak_reserved_gib", "value": 4746.0 / 1024, "unit_note": "4746 MB (MiB), core_r0.5.0", "tool": TOOL_RES}]})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
