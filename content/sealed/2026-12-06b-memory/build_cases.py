# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-06b from the numbers transcribed
# below. Each number is copied from text in git (Markdown tables); the comments say where.
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 2 ** 30

AO = "torchao-float8nocompile-h100-202501"
TT = "torchtune-readme-flags-a100-202411"
DS = "deepspeedexamples-bf16-master-h100-202512"

AO_WHERE = ("pytorch/ao torchao/prototype/float8nocompile/README.md, 'Performance benchmarks' > "
            "'Performance Comparison of Different Configurations on 8 H100s', at d99785c0fdaa1dbfdbaf57923326edf2b8a7f1f8 "
            "(2025-02-11; the tables came in with 02d413c00, 2024-12-17); section '{sec}', row '{row}', column 'Peak memory (GB)'")
AO_TOOL = ("torchtitan's DeviceMemoryMonitor, logged as 'memory: X GiB' = torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2^30 "
           "(torchtitan/metrics.py at 90567fc, the torchtitan commit of early January 2025 that the README's 'experimental integration "
           "into torchtitan' (torchtitan PR 778) was built on), reset after each log step")
AO_ASSUMED = [
    "the README names no measuring tool: the runs are torchtitan runs (README: 'Performance benchmarking was done via experimental integration into torchtitan'), and torchtitan's only memory figure is its logged max reserved memory in GiB; the README's 'GB' is taken to be that GiB figure",
    "torchtitan at early January 2025 (90567fc): train_configs/llama3_8b.toml, Llama 3 8B (32 layers, dim 4096, 32 heads, 8 KV heads, ffn 14336, vocab 128256, rotary, RMSNorm, SwiGLU, untied, no bias, no dropout): preset llama-3.1-8b (the same shape) with seq 4096 as the section titles state",
    "batch_size 1 (the toml's default; torchtitan PR 778 states 'batch size of 1, seq len of 4096'); data_parallel_shard_degree -1 = 8, no TP/PP/CP: FSDP2 over 8 GPUs (framework fsdp, zero 3, dp 8)",
    "FSDP2 mixed precision: parameters gathered in bf16 over fp32 shards, gradients reduced in fp32 (torchtitan defaults mixed_precision_param bfloat16, mixed_precision_reduce float32): reduce_dtype fp32, fp32 AdamW states on the shard",
    "compile false ('eager' rows): kernels eager; SDPA attention (flash); loss eager (torchtitan's cross_entropy on pred.float())",
    "run_llama_train.sh sets PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True: allocator expandable_segments",
    "8 H100: the card is not named beyond 'H100'; taken as the 80 GB SXM part (preset h100-sxm); only capacity and fits depend on it",
    "the dataset (c4) is packed to seq_len, so every sequence is full length",
]

def ao_case(cid, sec, row, value, recompute, precision, extra):
    return {
        "id": cid, "source": AO,
        "where": AO_WHERE.format(sec=sec, row=row),
        "request": {"model": {"preset": "llama-3.1-8b", "seq": 4096},
                    "hardware": {"preset": "h100-sxm", "gpus": 8, "allocator": "expandable_segments"},
                    "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "zero": 3, "framework": "fsdp",
                                 "recompute": recompute, "flash_attention": True, "precision": precision,
                                 "reduce_dtype": "fp32", "kernels": "eager", "loss": "eager"},
                    "batch": {"global": 8, "micro": 1}},
        "published": {"kind": "peak_reserved_gib", "value": value,
                      "unit_note": "printed as 'NN.NN' under 'Peak memory (GB)'; taken to be torchtitan's logged GiB (2^30 B) of max reserved memory",
                      "tool": AO_TOOL, "rank": "rank 0 (torchtitan logs rank 0); with FSDP alone every rank holds the same"},
        "assumed": AO_ASSUMED + extra,
    }

FP8 = ["float8nocompile prototype: every nn.Linear of the blocks converted to Float8NoCompileLinear (dynamic tensorwise scaling, handwritten Triton quantize kernels, no torch.compile); the output head left in bf16 (torchtitan's float8 converter skips 'output'): precision fp8-current under framework fsdp (torchao's float8: cast in every forward and backward, no kept fp8 weight copy). What the prototype saves for backward (bf16 or fp8 inputs) is not stated; the request counts bf16"]

cases = [
    ao_case("ao-f8nc-llama3-8b-h100x8-noac-bf16", "No AC (seq len 4096) - 8 H100s", "bfloat16, eager | 5339.0 | 53.12", 53.12, "none", "bf16",
            ["activation checkpointing none (section 'No AC')"]),
    ao_case("ao-f8nc-llama3-8b-h100x8-noac-float8nocompile", "No AC (seq len 4096) - 8 H100s", "float8nocompile prototype | 5871.4 | 52.7", 52.7, "none", "fp8-current",
            ["activation checkpointing none (section 'No AC')"] + FP8),
    ao_case("ao-f8nc-llama3-8b-h100x8-fullac-bf16", "Full AC (seq len 4096) - 8 H100s", "bfloat16, eager | 4502.0 | 28.07", 28.07, "full", "bf16",
            ["activation checkpointing full (torchtitan activation_checkpoint.mode = 'full': every TransformerBlock)"]),
    ao_case("ao-f8nc-llama3-8b-h100x8-fullac-float8nocompile", "Full AC (seq len 4096) - 8 H100s", "float8nocompile prototype | 4773.4 | 28.07", 28.07, "full", "fp8-current",
            ["activation checkpointing full (torchtitan activation_checkpoint.mode = 'full': every TransformerBlock)"] + FP8),
]

# torchtune README at 1814feb17 ('add flags to readme', 2024-11-18), section 'Optimization flags'.
cases.append({
    "id": "torchtune-llama3.2-3b-full-single-a100-packed-4096",
    "source": TT,
    "where": ("pytorch/torchtune README.md, 'Optimization flags' table (added in 1814feb17a9038e1a8053ce93111bd26774a8db6, "
              "2024-11-18; the same table is in README.md at bd2a0fc7c), Baseline: Llama 3.2 3B, batch size 2, max seq len 4096, bf16, A100, "
              "recipe full_finetune_single_device; row '[+ Packed Dataset] | 60.0 | +135.16% | 7075', column 'Peak Memory Active (GiB)'"),
    "request": {"model": {"layers": 28, "hidden": 3072, "heads": 24, "kv_heads": 8, "ffn": 8192, "vocab": 128256, "seq": 4096,
                          "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
                          "tied_embeddings": True},
                "hardware": {"preset": "a100-80gb", "gpus": 1},
                "parallel": {"tp": 1, "pp": 1, "dp": 1, "cp": 1, "zero": 0, "framework": "fsdp", "recompute": "none",
                             "flash_attention": True, "precision": "bf16", "master_weights": "none",
                             "kernels": "eager", "loss": "eager"},
                "batch": {"global": 2, "micro": 2}},
    "published": {"kind": "peak_allocated_gib", "value": 60.0,
                  "unit_note": "GiB as printed (column 'Peak Memory Active (GiB)')",
                  "tool": ("torchtune.training.get_memory_stats (log_peak_memory_stats): peak_memory_active = "
                           "torch.cuda.memory_stats()['active_bytes.all.peak'] / 2^30. Active bytes are the allocated blocks plus "
                           "freed blocks still awaiting stream use; with one stream this equals max_memory_allocated to within a "
                           "block, so it is compared with the engine's allocated peak"),
                  "rank": "single device"},
    "assumed": [
        "the peak reading is 'active' memory, not 'allocated': compared with memory.peak_allocated (see tool)",
        "Llama 3.2 3B as torchtune's llama3_2_3b builder: 28 layers, dim 3072, 24 heads, 8 KV heads, ffn 8192, vocab 128256, rotary, RMSNorm, SwiGLU, no bias, no dropout, tied output (TiedLinear)",
        "'+ Packed Dataset' on top of the baseline: dataset.packed=True with max_seq_len 4096, so every sequence is 4096 tokens; batch size 2, gradient accumulation 1",
        "techniques not yet added at this row (the table adds them one by one below it): no torch.compile (kernels eager), plain cross-entropy (not CEWithChunkedOutputLoss), no activation checkpointing (recompute none), optimizer not fused into backward, no activation offloading, AdamW from torch (not 8-bit); the README says each technique is added on top of the previous one",
        "dtype bf16 in torchtune's single-device recipe is pure bf16: bf16 parameters, gradients and AdamW states, no fp32 master copy: master_weights none (bf16 moments)",
        "loss eager: torchtune's TransformerDecoder returns self.output(h).float() (fp32 logits) and nn.CrossEntropyLoss runs on them",
        "attention: packed sequences use torchtune's flex-attention block-causal mask (torch >= 2.5 on A100) or SDPA; neither keeps the score matrix: flash_attention true",
        "framework fsdp with dp 1 and zero 0 stands for a plain single-GPU PyTorch loop (no sharding, no collectives)",
        "A100: the 80 GB part (60 GiB would not fit the 40 GB one): preset a100-80gb",
        "default caching allocator (no PYTORCH_CUDA_ALLOC_CONF stated)",
    ],
})

cases.append({
    "id": "dsexamples-bf16master-baseline-6.9b-zero3-h100x4",
    "source": DS,
    "where": ("deepspeedai/DeepSpeedExamples training/bf16_master_weight/README.md (added in 6a3d817ab345dc853d0a742a5b0ecf373123dc34, "
              "2025-12-20), memory summary table 'using 4xH100', row 'Baseline (fp32 master) | 25.74 GB | 31.38 GB | 0.6016s', column "
              "'Peak Memory'; run command in 'Running an Example'; train.py, configs/baseline.json and gather_memory.py beside it"),
    "request": {"model": {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 16384, "vocab": 50257, "seq": 512,
                          "position": "learned", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": False,
                          "tied_embeddings": False},
                "hardware": {"preset": "h100-sxm", "gpus": 4},
                "parallel": {"tp": 1, "pp": 1, "dp": 4, "cp": 1, "zero": 3, "framework": "deepspeed", "recompute": "full",
                             "flash_attention": False, "precision": "bf16", "loss": "fused"},
                "batch": {"global": 4, "micro": 1}},
    "published": {"kind": "peak_allocated_gib", "value": 31.38,
                  "unit_note": "printed as '31.38 GB' by gather_memory.py's format_bytes, which divides bytes by 1024^3: GiB",
                  "tool": ("train.py get_memory_stats: torch.cuda.max_memory_allocated() after torch.cuda.reset_peak_memory_stats() at the "
                           "start of main (before the model is built), printed in the 'SUMMARY: ... peak_mem_bytes=' line that gather_memory.py reads"),
                  "rank": "not stated: every rank prints the SUMMARY line; with ZeRO-3 data parallelism alone all ranks hold the same"},
    "assumed": [
        "model: train.py's SimpleTransformerModel with --num_layers 32 --hidden_dim 4096 --num_heads 32 (README command): token and learned position embeddings (512 positions), 32 blocks of nn.MultiheadAttention (biases on) and an MLP of 4 x hidden with GELU, two LayerNorms per block, an untied output nn.Linear with bias; no dropout",
        "the blocks are post-norm (LayerNorm after each residual add); the request's blocks are pre-norm: the same tensors are saved, the request has no field for the order",
        "vocab 50257: --use_real_data takes vocab_size from the gpt2 tokenizer (tokenizer.vocab_size)",
        "seq 512 (wikitext-103 tokenized to max_length 512 with padding), batch 1 per GPU (README command --batch_size 1; the DeepSpeed config's train_micro_batch_size_per_gpu 4 is not the data loader's batch), 4 GPUs",
        "nn.MultiheadAttention called with need_weights left True: PyTorch takes its math path and forms the attention weights (softmax over s x s per head): flash_attention false",
        "--activation_checkpointing: torch.utils.checkpoint around every block (use_reentrant False): recompute full",
        "configs/baseline.json: bf16 enabled (bf16 parameters, fp32 master weights, fp32 gradient partitions and fp32 AdamW states in DeepSpeed's ZeRO-3 optimizer), ZeRO stage 3, overlap_comm, contiguous_gradients, reduce_bucket_size 5e7, stage3_param_persistence_threshold 0, torch_autocast disabled: framework deepspeed, zero 3, precision bf16",
        "loss: nn.CrossEntropyLoss on the bf16 logits (no float() cast): taken as loss fused (about 6 B per logit); the logits are 512 x 50257 per GPU, a few hundred MB either way",
        "4 x H100: the card is not named further; taken as the 80 GB SXM part (preset h100-sxm)",
        "default caching allocator (no PYTORCH_CUDA_ALLOC_CONF stated)",
        "the peak is since the start of main: it also covers model construction and deepspeed.initialize",
    ],
})

# ---------------------------------------------------------------- not expressible
def val(kind, v, unit_note, tool):
    return {"kind": kind, "value": v, "unit_note": unit_note, "tool": tool}

AO_UNIT = "printed under 'Peak memory (GB)'; taken to be torchtitan's logged GiB of max reserved memory"
ne = [
    {"source": AO, "where": AO_WHERE.format(sec="Selective per layer AC (AC every 2nd layer, seq len 4096) - 8 H100s", row="bfloat16, eager | 4882.4 | 40.6 and float8nocompile prototype | 5302.0 | 40.97"),
     "reason": "activation checkpointing of every second layer (torchtitan selective_ac_option '2'): the request's recompute checkpoints every layer or none (no per-layer fraction)",
     "published": [val("peak_reserved_gib", 40.6, AO_UNIT, AO_TOOL), val("peak_reserved_gib", 40.97, AO_UNIT, AO_TOOL)]},
    {"source": AO, "where": AO_WHERE.format(sec="No AC / Selective per layer AC / Full AC", row="float8 + torch.compile | 46.64; 37.38; 28.03"),
     "reason": "torch.compile rows: the request cannot state compile",
     "published": [val("peak_reserved_gib", 46.64, AO_UNIT, AO_TOOL), val("peak_reserved_gib", 37.38, AO_UNIT, AO_TOOL), val("peak_reserved_gib", 28.03, AO_UNIT, AO_TOOL)]},
    {"source": TT, "where": "pytorch/torchtune README.md at 1814feb17a9038e1a8053ce93111bd26774a8db6, 'Optimization flags' table, row 'Baseline | 25.5'",
     "reason": "unpacked alpaca samples padded to the longest in each batch (max_seq_len 4096 is a cap, not the length): the sequence length at the peak is not stated",
     "published": [val("peak_allocated_gib", 25.5, "GiB, column 'Peak Memory Active (GiB)'", "torchtune get_memory_stats: active_bytes.all.peak")]},
    {"source": TT, "where": "pytorch/torchtune README.md at 1814feb17a9038e1a8053ce93111bd26774a8db6, 'Optimization flags' table, rows '+ Compile' to 'QLoRA'",
     "reason": "every later row runs torch.compile (and adds chunked cross-entropy, optimizer-in-backward, activation offloading, 8-bit AdamW, LoRA or QLoRA): none expressible",
     "published": [val("peak_allocated_gib", v, "GiB, column 'Peak Memory Active (GiB)'", "torchtune get_memory_stats: active_bytes.all.peak") for v in (51.0, 42.9, 24.9, 23.1, 21.8, 17.6, 8.5, 4.6)]},
    {"source": DS, "where": "deepspeedai/DeepSpeedExamples training/bf16_master_weight/README.md at 6a3d817ab345dc853d0a742a5b0ecf373123dc34, row 'BF16 low-precision (master + opt states) | 16.17 GB | 18.93 GB'",
     "reason": "bf16_master_weights_and_grads with bf16_optimizer_states: DeepSpeed keeps a bf16 master partition apart from the bf16 model parameters, which the request (master_weights fp32 or none) cannot state; torch_autocast on",
     "published": [val("peak_allocated_gib", 18.93, "GiB (format_bytes divides by 1024^3)", "torch.cuda.max_memory_allocated (train.py)")]},
    {"source": "internevo-train-performance-202311", "where": "InternLM/InternEvo doc/en/train_performance.md, 'GPU Memory Usage Test' > 'Pre-training & Fine-tuning test' (added in 77766933730388101ede10797f5699698c04897a, 2023-11-21), column 'GPU Memory (GB)'; 16 rows of InternLM 7B and 20B on 3 to 16 A800s (zero1 -1, tp/pp/fsdp as listed), checkpoint True, micro_bsz 1, micro_num 4, bf16",
     "reason": "the measuring tool is not named and the code of tag v0.2.1dev20231121 logs no memory figure, so whether the values are nvidia-smi, reserved or allocated cannot be told; also InternEvo's hybrid ZeRO optimizer and its fsdp mode, and pipeline splits of 32 layers over 3, 5 and 6 stages. Kept here with the values so a later set can use them if the tool is found",
     "published": [val("unknown_gib", v, "whole GB as printed", "not named") for v in (75, 72, 52, 61, 69, 56, 49, 62, 39, 38, 56, 78, 71, 40, 39, 52)]},
    {"source": "megatron-deepspeed-rebase-checkpointing-v100", "where": "microsoft/Megatron-DeepSpeed examples_deepspeed/rebase/README.md (last changed c08e2cc2579cf7ef5ce6ad58453e76a5710b7b6b), '(Aug 2023 update)' paragraph: GPT 1.3B on one DGX-2 (16 V100), 'older max allocated 15241 MB, newer 12924 MB'",
     "reason": "fp16 training on V100 (the request's precision has no fp16; DeepSpeed's fp16 optimizer differs from its bf16 one)",
     "published": [val("peak_allocated_gib", 15241 / 1024, "MB taken as MiB (Megatron's report_memory divides by 2^20)", "Megatron report_memory 'max allocated' (torch.cuda.max_memory_allocated)"),
                   val("peak_allocated_gib", 12924 / 1024, "MB taken as MiB", "Megatron report_memory 'max allocated'")]},
]

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(ne, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases;", len(ne), "not-expressible rows with", sum(len(r["published"]) for r in ne), "values")
