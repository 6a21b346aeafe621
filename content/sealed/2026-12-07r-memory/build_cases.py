# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07r from the numbers transcribed below.
# Sources the project had not used (none is in content/presets/memory-cases.json, calibration.json or an earlier
# sealed set; neither 'get_training_info' nor 'TransformerEngine/pull/2043' occurs in content/ or docs/):
#   - NVIDIA/Megatron-LM pull request 482 'Analysis Tool' (yxyOo, opened 2023-09-01, not merged), file
#     tools/get_training_info/README.md as stored at 550b341be5c71e6a9f65c87e86615670f1e14248: a table of four
#     'Llama2 7B' bf16 layouts on 8 GPUs with 'Peak_Memory_Actual' = torch.cuda.max_memory_allocated() from
#     Megatron's report_memory after several iterations. 4 cases (peak allocated). No nvidia-smi figure is given.
#   - NVIDIA/TransformerEngine pull request 2043 (Aug 2025): a Megatron report_memory log of a 1.94 B-parameter FP8
#     run on 4 ranks; not expressible (the shape and command are not in the part of the thread read), one row.
# No nvidia-smi (device) reading could be pinned to a stated configuration within the time set (see README).
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

MP = "megatron-lm-pr482-get-training-info-llama2-7b-h800-202309"
TE = "transformerengine-pr2043-ub-quant-modes-fp8-202508"

TOOL_ALLOC = ("Megatron's report_memory (megatron/utils.py report_memory, linked from the README), 'max allocated' = "
              "torch.cuda.max_memory_allocated() / 2**20 printed in MiB labelled MB, the allocated peak since the "
              "process started, read 'after training several iterations'; the README's table gives it as "
              "'Peak_Memory_Actual' in GB with one decimal")

cases, rows = [], []

# ------------------------------------------------------------------ NVIDIA/Megatron-LM PR 482 (Sep 2023)
# tools/get_training_info/README.md (stored version 550b341be5c71e6a9f65c87e86615670f1e14248):
#   'We randomly selected some parallel configurations and used the "Memory Requirement" output in this tool as the
#    predicted value, and the output of "torch.cuda.max_memory_allocated()" in Megatron's report_memory after training
#    several iterations as the actual value.'
#   'Model |Precision | MBS | GBS | DP | PP | TP | Peak_Memory_Actual | Peak_Memory_Estimated | Error (%)'
#   'Llama2 7B | bf16 | 2 | 2048 | 8 | 1 | 1 |  69.1|  68.8 |0.4'
#   'Llama2 7B | bf16 | 4 | 512  | 4 | 1 | 2 | 55.7 |  55.5 |0.4'
#   'Llama2 7B | bf16 | 2 | 2048 | 4 | 2 | 1 | 49.8|  49.5|0.6'
#   'Llama2 7B | bf16 | 4 | 128  | 1 | 1 | 8 | 28.8 |  28.6 |0.7'
#   Limitations: 'Supported ... Using --bf16, --fp16, --use-flash-attn, --use-distributed-optimizer, --swiglu';
#   'To be supported ... --sequence-parallel, --num_layers_per_virtual_pipeline_stage, --recompute-activations'.
#   'Example of output' (same README) and tools/get_training_info/example/get_pretrain_gpt_distributed_with_mp_info.sh
#   (stored 14b9e0ca1a8c92406c96a2b6b1d3a372c48eaac6): '--hidden-size 4096 --num-attention-heads 32 --seq-length 2048
#   --max-position-embeddings 2048 ... --use-flash-attn --use-distributed-optimizer --swiglu --bf16', GPT2BPETokenizer
#   (gpt2-vocab.json / gpt2-merges.txt); the README's full-model printout of that shape: 'ParallelTransformer: X
#   32(layer_num)', 'word_embeddings w=[50432,4096]', 'position_embeddings w=[2048,4096]',
#   'query_key_value w=[12288,4096],b=[4096]', 'dense_h_to_4h w=[21760,4096],b=[21760]',
#   'dense_4h_to_h w=[4096,10880],b=[4096]', 'Amount of Parameters: 6,642,245,632'.
# PR thread, yxyOo 2023-10-07: 'We randomly selected several parallel configurations and conducted "Memory
#   Requirement" tests on the 7B llama2 model using a single H800 machine with eight cards. The results showed that the
#   error was within 1% for all measurements.'
WMP = ("NVIDIA/Megatron-LM pull request 482 ('Analysis Tool', https://github.com/NVIDIA/Megatron-LM/pull/482), "
       "tools/get_training_info/README.md as stored at 550b341be5c71e6a9f65c87e86615670f1e14248, table row "
       "'{row}'; shape from the README's 'Example of output' (32 layers of 4096, 32 heads, word_embeddings [50432,4096], "
       "position_embeddings [2048,4096], dense_h_to_4h [21760,4096] with bias, 6,642,245,632 parameters) and "
       "tools/get_training_info/example/get_pretrain_gpt_distributed_with_mp_info.sh (seq 2048, --use-flash-attn "
       "--use-distributed-optimizer --swiglu --bf16); GPU from the PR thread (yxyOo, 2023-10-07: 'a single H800 "
       "machine with eight cards')")

AMP = [
    "model: the table says 'Llama2 7B' but the tool (and the run it was checked against) is Megatron's legacy GPTModel with --swiglu, as the README's printout of the same shape shows: 32 layers of 4096, 32 heads (no GQA), SwiGLU MLP of 10880 (Megatron's default 2/3 x 4h rounded down to a multiple of 64), biases on every linear (no --disable-bias-linear), LayerNorm (no --normalization RMSNorm), learned absolute positions of 2048 (position_embeddings [2048,4096]), GPT-2 BPE vocabulary 50257 padded to a multiple of 128 x tp, embeddings tied (no --untie-embeddings-and-output-weights), Megatron's default dropout 0.1; written inline. The printout's 6,642,245,632 parameters are 270,336 (66 x 4096, LayerNorm weights) fewer than this shape's count, an accounting difference of the tool, not of the model",
    "sequence 2048: the table gives no sequence length; the README's example script and its printout (position_embeddings [2048,4096]) use 2048, and the tool's own bf16 peak formula (get_training_info.py, stored bbbfed70: max of params x (1+2+2/d+2) and params x (1+2+6/d) + activations + 5sbv/t logits, in units of 1024^3) with this shape at seq 2048 reproduces the table's Peak_Memory_Estimated column (69.0 / 55.5 / 49.5 / 28.6 against 68.8 / 55.5 / 49.5 / 28.6; at 4096 it gives 91.6 / 83.2 / 70.2 / 43.2), so the table's runs are taken at 2048 (Llama 2 itself uses 4096)",
    "precision: --bf16 (table 'bf16'), Megatron's default fp32 gradient accumulation and reduction for bf16: precision bf16, reduce_dtype left at the megatron default (fp32)",
    "optimizer: Adam with --use-distributed-optimizer (the example script and the README's 'Supported' list; the tool's estimate shards the optimizer over dp): zero 1",
    "attention: --use-flash-attn (the example script; core_attention_flash in the printout): flash_attention true",
    "no recomputation and no sequence parallelism: the README lists --recompute-activations and --sequence-parallel as 'To be supported' by the tool, so the runs it was checked against had neither: recompute none, sequence_parallel false",
    "framework megatron (Megatron-LM of Sep 2023, legacy local layers with fused kernels; Megatron's default non-interleaved 1F1B where pp > 1): kernels fused, loss default",
    "GPU: NVIDIA H800 (80 GB HBM3, the H100 SXM with NVLink held to 400 GB/s) per the PR thread: preset h100-sxm (its 80 GB); only capacity and the reserve's cap use the card, neither of which sets the allocated peak compared here",
    "unit: 'Peak_Memory_Actual' is printed in GB with one decimal; report_memory prints MiB and the tool's memory_giga_bytes divides by 1024^3, and the actual and estimated columns agree within 0.7 %, so the figure is taken as GiB; if it were 10^9 B the published value would be 6.9 % lower in GiB",
    "rank: not stated; report_memory prints from every data-parallel-rank-0 rank; taken as the most loaded device (the engine's memory.peak_allocated, the first stage where pp > 1)",
]

for row, stem, mbs, gbs, dp, pp, tp, gb in (
        ("Llama2 7B | bf16 | 2     |   2048    | 8    | 1   | 1   |  69.1|  68.8 |0.4", "mp482-7b-dp8-mbs2", 2, 2048, 8, 1, 1, 69.1),
        ("Llama2 7B | bf16 | 4     |   512     | 4    | 1   | 2   | 55.7 |  55.5 |0.4", "mp482-7b-dp4-tp2-mbs4", 4, 512, 4, 1, 2, 55.7),
        ("Llama2 7B | bf16 | 2     |   2048    | 4    | 2   | 1   | 49.8|  49.5|0.6", "mp482-7b-dp4-pp2-mbs2", 2, 2048, 4, 2, 1, 49.8),
        ("Llama2 7B | bf16 | 4     |   128     | 1    | 1   | 8   | 28.8 |  28.6 |0.7", "mp482-7b-tp8-mbs4", 4, 128, 1, 1, 8, 28.8)):
    vocab = -(-50257 // (128 * tp)) * (128 * tp)
    req = {"model": {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 10880, "vocab": vocab,
                     "seq": 2048, "position": "learned", "mlp": "swiglu", "norm": "layernorm", "bias": True,
                     "dropout": True, "tied_embeddings": True},
           "hardware": {"preset": "h100-sxm", "gpus": 8},
           "parallel": {"tp": tp, "pp": pp, "dp": dp, "cp": 1, "ep": 1, "zero": 1, "framework": "megatron",
                        "sequence_parallel": False, "recompute": "none", "flash_attention": True,
                        "precision": "bf16"},
           "batch": {"global": gbs, "micro": mbs}}
    extra = [f"layout: dp {dp}, pp {pp}, tp {tp} on the 8 GPUs of one node (table); micro {mbs}, global {gbs}: {gbs // (mbs * dp)} micro-batches per step; vocabulary 50257 padded to {vocab} (multiple of 128 x tp {tp})"]
    cases.append({"id": stem + "-allocated", "source": MP, "where": WMP.format(row=row), "request": req,
                  "published": {"kind": "peak_allocated_gib", "value": gb,
                                "unit_note": f"{gb} 'GB' as printed in the table (one decimal), taken as GiB (report_memory's MiB / 1024)",
                                "tool": TOOL_ALLOC, "rank": "not stated (taken as the most loaded device)"},
                  "assumed": AMP + extra})

# ------------------------------------------------------------------ NVIDIA/TransformerEngine PR 2043 (Aug 2025)
# Thread comment by djns99 ('Here is the output with pure FP8'), 2025-08-28 log:
#   'iteration 20/ 128 | ... global batch size: 8 | ...'
#   'Number of parameters in transformer block in billions: 1.55', 'Total number of parameters in billions: 1.94'
#   '[Rank 0] (after 20 iterations) memory (MB) | allocated: 6351.375 | max allocated: 7974.18994140625 |
#    reserved: 8528.0 | max reserved: 8528.0' (ranks 1-3 the same)
rows.append({"source": TE,
             "where": "NVIDIA/TransformerEngine pull request 2043 ('feat: Add support for multiple quantization modes in the UB communicators', https://github.com/NVIDIA/TransformerEngine/pull/2043), comment by djns99 'Here is the output with pure FP8' (log of 2025-08-28): '[Rank 0] (after 20 iterations) memory (MB) | allocated: 6351.375 | max allocated: 7974.18994140625 | reserved: 8528.0 | max reserved: 8528.0' (ranks 1-3 the same), 'Total number of parameters in billions: 1.94', 'global batch size: 8'",
             "reason": "the part of the thread read gives neither the model shape (layers, hidden, heads, vocabulary) nor the launch command (tp/pp split, micro batch, sequence length, recompute); a Megatron run with Transformer Engine userbuffer overlap and FP8 whose layout cannot be pinned",
             "published": [{"kind": "peak_allocated_gib", "value": 7974.18994140625 / 1024, "unit_note": "7974.19 MB (MiB), rank 0", "tool": "Megatron report_memory 'max allocated'"},
                           {"kind": "peak_reserved_gib", "value": 8528.0 / 1024, "unit_note": "8528 MB (MiB), rank 0", "tool": "Megatron report_memory 'max reserved'"}]})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
