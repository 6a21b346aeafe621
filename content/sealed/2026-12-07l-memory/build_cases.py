# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07l from the numbers transcribed below.
# Sources the project had not used (none is in content/presets/memory-cases.json, calibration.json or an earlier
# sealed set; neither repository name occurs in content/ or docs/):
#   - hpcaitech/ColossalAI-Pytorch-lightning benchmark/gpt/README.md (Aug 2022): PyTorch Lightning benchmark of
#     Hugging Face GPT-2 shapes on A100 40GB, 'Max CUDA memory allocated (MB)' of rank 0 (callback.py prints
#     torch.cuda.max_memory_allocated()/1024**2 at on_fit_end: MiB, the peak over the whole fit). 2 cases (DeepSpeed
#     ZeRO-3); the offload, ColossalAI and DDP-AMP rows go to not_expressible.json.
#   - gist chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a (2024): DeepSpeed ZeRO-2/3 benchmark of LLaMA-7B on 8 x A800,
#     sequence 4096, 'GPU Mem.' = torch.cuda.memory_allocated()/torch.cuda.max_memory_allocated() in GB. 7 cases
#     (the rows without offload); the offload rows go to not_expressible.json.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = 1024.0  # MiB per GiB

CL = "colossalai-lightning-gpt2-deepspeed-a100-40gb-202208"
GI = "chenyaofo-gist-llama7b-deepspeed-a800-2024"

cases, rows = [], []


def add(cid, src, where, req, gib, unit, tool, rank, assumed):
    cases.append({"id": cid, "source": src, "where": where, "request": req,
                  "published": {"kind": "peak_allocated_gib", "value": gib, "unit_note": unit, "tool": tool, "rank": rank},
                  "assumed": assumed})


# ------------------------------------------------------------------ hpcaitech/ColossalAI-Pytorch-lightning (Aug 2022)
# benchmark/gpt/README.md, added in 6a82b80 (2022-08-18), unchanged at HEAD afbfdaf97bfd62fc7e097936d0a11356d923f273
# (2022-10-12). Code read at the same commit: benchmark/gpt/train.py, model.py, data.py, callback.py.
#   '## Model scaling' 'RAM: 500G' 'GPU: A100 (40G)' 'We fix the batch size per GPU to 1.'
#   '| deepspeed (zero3 offload) | 1 | 18 | 5699.500 | 39.32 |'
#   '| colssalai (auto) | 1 | 24 | 36483.311 | 69.54 |'
#   '| deepspeed (zero3) | 8 | 12 | 29751.203 | 9.06 |'          <- case cl-gpt2-12b-zero3-8xa100-40gb
#   '| colssalai (cuda) | 8 | 12 | 24504.032 | 7.07 |'
#   command: 'python train.py --epochs 1 --steps_per_epoch 3 --model gpt2_12B --strategy deepspeed --np 8'
#   '## Small model comparison' 'We collected results using GPT2-XL (~1.6B) that fit training with DDP (AMP).'
#   'All experiments are run on 4x A100 (40G).'
#   '| ddp (AMP) | 24 | 11.76 | 37905.422 |'  (python train.py --np 4 --batch_size 6)
#   '| deepspeed (zero3) | 160 | 18.18 | 25360.968 |'  (python train.py --np 4 --strategy deepspeed --batch_size 40)
#                                                     <- case cl-gpt2-xl-zero3-4xa100-40gb
#   '| colssalai (cuda) | 160 | 19.36 | 24003.394 |'
# train.py: seq_len default 1024; RandomDataloader (data.py) draws torch.randint tokens of shape (batch, seq_len) with
#   an all-ones attention mask: every sample full length; epochs default 2, steps_per_epoch default 4;
#   --strategy deepspeed: precision 16, DeepSpeedStrategy(stage=3, offload_parameters=False, offload_optimizer=False,
#   initial_scale_power=5); optimizer deepspeed.ops.adam.FusedAdam (lr 1e-3); checkpoint = not --no_activation_ckpt
#   (on: GPT2LMHeadModel.gradient_checkpointing_enable(), forward with use_cache=False).
# model.py: GPTLMModel = transformers GPT2LMHeadModel(GPT2Config(n_embd, n_layer, n_head, n_positions=1024,
#   vocab_size=50257)); gpt2_xl = (1600, 48, 25); gpt2_12B = (4096, 60, 16). GPTLMLoss: nn.CrossEntropyLoss on the
#   shifted logits (shift_logits = logits[..., :-1, :].contiguous()).
# callback.py MemoryMonitor.on_fit_end: print_rank_0(f'Max CUDA memory: {torch.cuda.max_memory_allocated()/1024**2:.3f} MB')
TOOL_CL = ("benchmark/gpt/callback.py MemoryMonitor.on_fit_end, printed by rank 0: torch.cuda.max_memory_allocated()"
           "/1024**2 (MiB, labelled MB), the allocated peak since the process started, read when fit() ends")
WCL = ("hpcaitech/ColossalAI-Pytorch-lightning benchmark/gpt/README.md at afbfdaf97bfd62fc7e097936d0a11356d923f273 "
       "(table added in 6a82b80, 2022-08-18), section '{sec}', row {row}; command {cmd}; settings from benchmark/gpt/"
       "train.py, model.py, data.py and callback.py at the same commit")


def gpt2(layers, hidden, heads):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": heads, "ffn": 4 * hidden, "vocab": 50257,
            "seq": 1024, "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": True,
            "tied_embeddings": True}


ACL = [
    "model: Hugging Face GPT2LMHeadModel built from GPT2Config with the shape in benchmark/gpt/model.py: learned positions (n_positions 1024), GeLU ('gelu_new') MLP of 4 x hidden, LayerNorm, biases, tied input/output embedding, vocabulary 50257 (not padded), GPT2Config's default dropout 0.1 (resid, embd, attn): written inline",
    "sequence 1024 (train.py --seq_len default); RandomDataloader: random token ids with an all-ones attention mask, every sample full length",
    "precision: Lightning precision=16 with DeepSpeedStrategy: DeepSpeed fp16 (fp16 weights, dynamic loss scale with initial_scale_power 5) and fp32 master weights and Adam moments in the ZeRO-3 optimizer: precision bf16 in the request (fp16 has bf16's 2 B), reduce_dtype fp16 (DeepSpeed reduces fp16 gradients)",
    "optimizer: deepspeed.ops.adam.FusedAdam (no offload): zero 3, framework deepspeed; Lightning's DeepSpeedStrategy defaults otherwise (bucket sizes 2e8, stage-3 prefetch/persistence defaults, contiguous gradients, overlap_comm): not read beyond the strategy arguments in train.py",
    "recomputation: GPT2LMHeadModel.gradient_checkpointing_enable() (Hugging Face's per-block checkpointing, torch.utils.checkpoint): recompute full",
    "kernels: Hugging Face GPT-2 in eager PyTorch (transformers of 2022: unfused attention with the (b, heads, s, s) score and softmax tensors, Python gelu_new, no fused norm): kernels eager, flash_attention false",
    "loss: nn.CrossEntropyLoss on the shifted fp16 logits after .contiguous() copies (a shifted copy of the logits and the log-softmax): loss eager. Under DeepSpeed fp16 the logits are fp16, not fp32, so the engine's eager figure (fp32 log-softmax) may count more bytes per logit than the run held",
    "use_cache=False (forward passes use_cache=not checkpoint): returns_kv_cache false",
    "allocator: train.py and the README set no PYTORCH_CUDA_ALLOC_CONF: default; only max_memory_allocated is read, which the allocator does not change",
    "GPU: the README's 'A100 (40G)': preset a100-40gb; NCCL release not stated: hardware.nccl left at the default (sizes only NVLS buffers, which the A100 presets do not have)",
    "rank: printed by rank 0 only (print_rank_0); the fit's peak, all steps (the README's runs take 3 or 8 steps)",
]
for sec, row, cmd, cid, shape, gpus, micro, steps, mib in (
        ("## Model scaling", "'| deepspeed (zero3) | 8 | 12 | 29751.203 | 9.06 |'",
         "'python train.py --epochs 1 --steps_per_epoch 3 --model gpt2_12B --strategy deepspeed --np 8'",
         "cl-gpt2-12b-zero3-8xa100-40gb", (60, 4096, 16), 8, 1, 3, 29751.203),
        ("## Small model comparison", "'| deepspeed (zero3) | 160 | 18.18 | 25360.968 |'",
         "'python train.py --np 4 --strategy deepspeed --batch_size 40'",
         "cl-gpt2-xl-zero3-4xa100-40gb", (48, 1600, 25), 4, 40, 8, 25360.968)):
    req = {"model": gpt2(*shape),
           "hardware": {"preset": "a100-40gb", "gpus": gpus},
           "parallel": {"tp": 1, "pp": 1, "dp": gpus, "cp": 1, "ep": 1, "zero": 3, "framework": "deepspeed",
                        "sequence_parallel": False, "recompute": "full", "flash_attention": False,
                        "kernels": "eager", "loss": "eager", "precision": "bf16", "reduce_dtype": "fp16",
                        "returns_kv_cache": False},
           "batch": {"micro": micro, "global": micro * gpus}}
    extra = [f"layout: {gpus} GPUs of one node (--np {gpus}), pure data parallelism under ZeRO-3; micro {micro} per GPU (--batch_size {micro}; the README's global batch is {micro * gpus}); no gradient accumulation (Lightning's default accumulate_grad_batches 1); {steps} training steps in the fit"]
    add(cid, CL, WCL.format(sec=sec, row=row, cmd=cmd), req, mib / MIB,
        f"{mib} MB as printed (MiB, bytes / 1024**2): {mib / MIB:.3f} GiB", TOOL_CL, "rank 0", ACL + extra)

rows.append({"source": CL,
             "where": WCL.format(sec="## Small model comparison", row="'| ddp (AMP) | 24 | 11.76 | 37905.422 |'",
                                 cmd="'python train.py --np 4 --batch_size 6'"),
             "reason": "DDP with Lightning precision=16 is native AMP: fp32 parameters and gradients with autocast fp16 copies made inside each forward, plain torch.optim.Adam; the request's precision describes 2-byte weights with a separate fp32 master copy and has no fp32-parameter AMP mode",
             "published": [{"kind": "peak_allocated_gib", "value": 37905.422 / MIB, "unit_note": "37905.422 MB (MiB)", "tool": TOOL_CL}]})
rows.append({"source": CL,
             "where": WCL.format(sec="## Model scaling", row="'| deepspeed (zero3 offload) | 1 | 18 | 5699.500 | 39.32 |'",
                                 cmd="'python train.py --epochs 1 --steps_per_epoch 3 --model gpt2_18B --strategy deepspeed --offload'"),
             "reason": "ZeRO-3 with parameters and optimizer offloaded to the CPU (DeepSpeedCPUAdam): offload_params / offload_optimizer are the error offload_not_modelled",
             "published": [{"kind": "peak_allocated_gib", "value": 5699.5 / MIB, "unit_note": "5699.500 MB (MiB)", "tool": TOOL_CL}]})
rows.append({"source": CL,
             "where": "hpcaitech/ColossalAI-Pytorch-lightning benchmark/gpt/README.md at afbfdaf97bfd62fc7e097936d0a11356d923f273: rows 'colssalai (auto) | 1 | 24 | 36483.311', 'colssalai (cuda) | 8 | 12 | 24504.032', 'colssalai (cuda) | 160 | 19.36 | 24003.394'",
             "reason": "ColossalAI's Gemini (chunk-based ZeRO with its own placement policy and HybridAdam) is not one of the request's frameworks; the 'auto' row also places data on the CPU",
             "published": [{"kind": "peak_allocated_gib", "value": v / MIB, "unit_note": f"{v} MB (MiB)", "tool": TOOL_CL} for v in (36483.311, 24504.032, 24003.394)]})

# ------------------------------------------------------------------ gist chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a
# https://gist.github.com/chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a, read from the stored copies of the gist page
# (no revision pinned; the gist's training code is not in the stored copy). Text:
#   'We training LLM with the code and report the training speed of different settings (see the Table). We use a
#    machine with A800 x 8, 1 TB CPU memory, Intel 8358 CPU x 2. For the software, we use CUDA 12.1, PyTorch 2.2.0,
#    Deepspeed 0.14.2.'
#   'Table. Benchmark of LLaMA-7B models using deepspeed-based traning code. The squence length is 4096.'
#   '| Zero Stage | Ckpt. | Optim. Off. | Param. Off. | Zero++ | BS | CPU Mem. | GPU Mem. | Th.put |'
#   '| 2 | × | × | × | × | 1/64 | 320.1 | 19.4/44.8 | 5.33 |'   <- gi-llama7b-zero2-mb1-gbs64
#   '| 2 | √ | × | × | × | 1/64 | 320.0 | 19.4/23.5 | 4.19 |'   <- gi-llama7b-zero2-ckpt-mb1-gbs64
#   '| 2 | √ | √ | × | × | 1/64 | 361.3 | 13.4/16.9 | 1.81 |'   (optimizer offload: not expressible)
#   '| 2 | √ | × | × | × | 4/64 | 320.4 | 27.2/38.6 | 4.69 |'   <- gi-llama7b-zero2-ckpt-mb4-gbs64
#   '| 3 | × | × | × | × | 2/64 | 319.5 | 14.8/75.7 | 4.95 |'   <- gi-llama7b-zero3-mb2-gbs64
#   '| 3 | √ | × | × | × | 2/64 | 319.6 | 14.8/20.4 | 4.45 |'   <- gi-llama7b-zero3-ckpt-mb2-gbs64
#   '| 3 | √ | √ | × | × | 2/64 | 387.4 | 3.8/9.4 | 2.05 |'     (optimizer offload: not expressible)
#   '| 3 | √ | √ | √ | × | 4/64 | 398.9 | 2.2/7.9 | 2.06 |'     (optimizer and parameter offload: not expressible)
#   '| 3 | √ | √ | √ | √ | 4/64 | 411.1 | 2.2/7.9 | 1.85 |'     (offload and ZeRO++: not expressible)
#   '| 3 | √ | × | × | × | 8/64 | 319.6 | 17.7/39.1 | 4.73 |'   <- gi-llama7b-zero3-ckpt-mb8-gbs64
#   '| 3 | √ | × | × | × | 8/128 | 319.9 | 21.4/63.9 | 4.32 |'  <- gi-llama7b-zero3-ckpt-mb8-gbs128
#   Footnotes: 'Ckpt. indicates whether to enable HF gradient checkpointing for the model.' 'BS represents batch size
#   per device per iteration/batch size for gradient decent' 'GPU Mem. represents torch.cuda.memory_allocated()/
#   torch.cuda.max_memory_allocated()'
TOOL_GI = ("the gist's 'GPU Mem.' column, second figure: torch.cuda.max_memory_allocated() in GB (the gist's footnote); "
           "the divisor (2**30 or 10**9) and the moment it was read are not stated")
WGI = ("gist https://gist.github.com/chenyaofo/d4cd6a20ab4b95cb3a49491747e2139a (no revision pinned), 'Table. Benchmark "
       "of LLaMA-7B models using deepspeed-based traning code. The squence length is 4096.', row {row}; machine 'A800 x 8', "
       "'CUDA 12.1, PyTorch 2.2.0, Deepspeed 0.14.2'")
LLAMA7B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 11008, "vocab": 32000, "seq": 4096,
           "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
           "tied_embeddings": False}
AGI = [
    "model: 'LLaMA-7B' through Hugging Face (the footnotes name HF gradient checkpointing and HF offload settings): LLaMA-1 7B's shape, 32 layers of 4096, 32 heads, SwiGLU 11008, RMSNorm, rotary, no biases, untied, vocabulary 32000, no dropout: written inline. The gist does not print the config; a Llama-2-7B checkpoint has the same shape",
    "sequence 4096 ('The squence length is 4096'); taken as every sample full length (packed or padded to 4096): the gist does not say how the data were batched",
    "precision: not stated in the stored text; bf16 mixed precision (DeepSpeed bf16: bf16 weights, fp32 master weights and Adam moments) assumed, the usual choice on A800 with DeepSpeed 0.14; precision bf16, master_weights fp32, reduce_dtype left at the deepspeed default (bf16)",
    "optimizer: Adam(W) with fp32 moments assumed (not stated); no offload in these rows ('Optim. Off.' and 'Param. Off.' ×), no ZeRO++: framework deepspeed with the row's ZeRO stage; DeepSpeed config values beyond the stage (bucket sizes, overlap_comm, stage-3 prefetch) not stated: the engine's deepspeed defaults",
    "attention: not stated; Hugging Face's LlamaForCausalLM under transformers of PyTorch 2.2's time defaults to attn_implementation 'sdpa', whose flash/memory-efficient kernel keeps no s x s scores: flash_attention true. If the code used eager attention, the non-checkpointed rows would hold much more",
    "kernels: Hugging Face's Llama in eager PyTorch (RMSNorm as Llama's code writes it, rotary in fp32, SwiGLU as silu and multiply): kernels eager",
    "loss: LlamaForCausalLM's loss (logits cast to fp32, then CrossEntropyLoss): loss eager",
    "GPU: 'A800 x 8': the A800 80GB is the A100 80GB with NVLink held to 400 GB/s, the same 80 GB of memory: preset a100-80gb; NCCL release not stated: hardware.nccl left at the default (sizes only NVLS buffers, which a100-80gb does not have)",
    "allocator: not stated: default (max_memory_allocated does not depend on it)",
    "unit: the footnote names torch.cuda.max_memory_allocated() and the table gives GB with one decimal; the divisor is not stated, 2**30 (GiB) assumed, the common choice in such scripts (10**9 would make each value 6.9 % smaller in GiB)",
    "rank and moment: not stated; taken as a rank's cumulative peak over the benchmark's training steps (ranks are symmetric under pure data parallelism)",
]
for row, cid, zero, ckpt, micro, gbs, first, peak in (
        ("'| 2 | × | × | × | × | 1/64 | 320.1 | 19.4/44.8 | 5.33 |'", "gi-llama7b-zero2-mb1-gbs64", 2, False, 1, 64, 19.4, 44.8),
        ("'| 2 | √ | × | × | × | 1/64 | 320.0 | 19.4/23.5 | 4.19 |'", "gi-llama7b-zero2-ckpt-mb1-gbs64", 2, True, 1, 64, 19.4, 23.5),
        ("'| 2 | √ | × | × | × | 4/64 | 320.4 | 27.2/38.6 | 4.69 |'", "gi-llama7b-zero2-ckpt-mb4-gbs64", 2, True, 4, 64, 27.2, 38.6),
        ("'| 3 | × | × | × | × | 2/64 | 319.5 | 14.8/75.7 | 4.95 |'", "gi-llama7b-zero3-mb2-gbs64", 3, False, 2, 64, 14.8, 75.7),
        ("'| 3 | √ | × | × | × | 2/64 | 319.6 | 14.8/20.4 | 4.45 |'", "gi-llama7b-zero3-ckpt-mb2-gbs64", 3, True, 2, 64, 14.8, 20.4),
        ("'| 3 | √ | × | × | × | 8/64 | 319.6 | 17.7/39.1 | 4.73 |'", "gi-llama7b-zero3-ckpt-mb8-gbs64", 3, True, 8, 64, 17.7, 39.1),
        ("'| 3 | √ | × | × | × | 8/128 | 319.9 | 21.4/63.9 | 4.32 |'", "gi-llama7b-zero3-ckpt-mb8-gbs128", 3, True, 8, 128, 21.4, 63.9)):
    req = {"model": dict(LLAMA7B),
           "hardware": {"preset": "a100-80gb", "gpus": 8},
           "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "ep": 1, "zero": zero, "framework": "deepspeed",
                        "sequence_parallel": False, "recompute": "full" if ckpt else "none", "flash_attention": True,
                        "kernels": "eager", "loss": "eager", "precision": "bf16",
                        "returns_kv_cache": not ckpt},
           "batch": {"micro": micro, "global": gbs}}
    extra = [f"layout: 8 GPUs of one node, pure data parallelism, ZeRO-{zero}; 'BS' {micro}/{gbs}: micro {micro} per GPU, {gbs} per optimizer step, so {gbs // (micro * 8)} micro-batch(es) per step",
             ("recomputation: HF gradient checkpointing on (Ckpt. √): recompute full; Hugging Face turns use_cache off under it: returns_kv_cache false" if ckpt else
              "recomputation: none (Ckpt. ×); Llama's config keeps use_cache true, so each forward also returns every layer's keys and values (transformers of 2024): returns_kv_cache true")]
    add(cid, GI, WGI.format(row=row), req, peak,
        f"{peak} GB as printed (second figure of '{first}/{peak}'), taken as GiB (bytes / 2**30; the divisor is not stated)",
        TOOL_GI, "not stated (any rank; pure data parallelism)", AGI + extra)

rows.append({"source": GI,
             "where": WGI.format(row="'| 2 | √ | √ | × | × | 1/64 | 361.3 | 13.4/16.9 | 1.81 |', '| 3 | √ | √ | × | × | 2/64 | 387.4 | 3.8/9.4 | 2.05 |', '| 3 | √ | √ | √ | × | 4/64 | 398.9 | 2.2/7.9 | 2.06 |', '| 3 | √ | √ | √ | √ | 4/64 | 411.1 | 2.2/7.9 | 1.85 |'"),
             "reason": "optimizer (and in two rows parameter) offload to the CPU, one row with ZeRO++ as well: offload_optimizer / offload_params are the error offload_not_modelled",
             "published": [{"kind": "peak_allocated_gib", "value": v, "unit_note": f"{v} GB (divisor not stated)", "tool": TOOL_GI} for v in (16.9, 9.4, 7.9, 7.9)]})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
