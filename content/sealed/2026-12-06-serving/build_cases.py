# Builds cases.json for the sealed serving set of 2026-12-06. Every number below is transcribed from
# the cited source text (markdown in git); README.md says how, not_expressible.json lists what was
# left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
LONG = 131072  # released Llama 3.1 / 3.3 configs: max_position_embeddings 131072 (the presets keep 8192)

# Llama 2 shapes (Touvron et al. 2023 and the released configs), as content/presets/serving-cases.json writes them
def llama2(layers, hidden, heads, kv_heads, ffn, seq=4096):
    return {"layers": layers, "hidden": hidden, "heads": heads, "kv_heads": kv_heads, "ffn": ffn,
            "vocab": 32000, "seq": seq, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm",
            "bias": False, "dropout": False, "tied_embeddings": False}
LLAMA2_7B = lambda seq=4096: llama2(32, 4096, 32, 32, 11008, seq)
LLAMA2_13B = lambda seq=4096: llama2(40, 5120, 40, 40, 13824, seq)
LLAMA2_70B = lambda seq=4096: llama2(80, 8192, 64, 8, 28672, seq)
# GPT-J 6B (EleutherAI/gpt-j-6b config.json): 28 layers, n_embd 4096, 16 heads, n_inner 4 x 4096, vocab 50400,
# n_positions 2048, rotary (rotary_dim 64), gelu_new, layernorm, biases, untied head
GPTJ_6B = {"layers": 28, "hidden": 4096, "heads": 16, "kv_heads": 16, "ffn": 16384, "vocab": 50400, "seq": 2048,
           "position": "rotary", "mlp": "gelu", "norm": "layernorm", "bias": True, "dropout": False,
           "tied_embeddings": False}

cases = []
def add(id, source, where, model, hw, gpus, tp, serving, metric, measured, assumed, unit):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": {"tp": tp, "pp": 1, "ep": 1}, "serving": serving}
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": assumed})

# ------------------------------------------------------------------ TensorRT-LLM performance tuning guide (Llama 3.3 70B, 4 x H100)
S = "trtllm-tuning-guide-llama33-70b-h100"
G = "NVIDIA/TensorRT-LLM performance tuning guide (nvidia.github.io/TensorRT-LLM/performance/performance-tuning-guide/), docs/source/performance/"
g_assumed = [
    "Llama-3.3-70B-Instruct (the llama-3.1-70b shape), tp 4 on 4 x H100-SXM-80GB with NVLink; TensorRT-LLM 0.16.0 (the version printed in the guide's trtllm-bench output; the later pages do not repeat it), TensorRT engine flow",
    "workload: 1000 synthetic requests of exactly 2048 input and 2048 output tokens (prepare_dataset.py token-norm-dist, stdev 0); context from the released config (131072, the 'Max Sequence Length' printed)",
    "'Token Throughput (tokens/sec)' is output tokens/s of the deployment: it equals Request Throughput x 2048 in every table (e.g. 0.7743 x 2048 = 1585.8 in the printed sample)",
    "throughput rows come from 'trtllm-bench throughput', which sends all 1000 requests at once: the concurrency requested is min(1000, the engine's max batch size); the KV cache decides how many are held (KV Memory Percentage 90 %)",
    "Time To First Token and Inter-Token Latency rows come from 'trtllm-bench latency', which enforces batch size 1 (the guide's sample latency output gives 147.75 ms and 30.93 ms, the same order as the tables): concurrency 1",
    "where several published runs share one request (they differ only in build-time flags or max_num_tokens, which the request cannot express), the case is the guide's last, most tuned run for that request; the others are in not_expressible.json",
]
bf16 = {"weights": "bf16", "kv": "bf16", "runtime": "trtllm"}
fp8 = {"weights": "fp8", "kv": "bf16", "runtime": "trtllm"}
fp8kv = {"weights": "fp8", "kv": "fp8", "runtime": "trtllm"}
rows = [  # (id, file (tuning-max-batch-size-and-max-num-tokens.md as stored at 16d2467e, fp8-quantization.md at 8cc5c0b2), table/column text, serving, concurrency, metric, value)
    ("bf16-mbs2048-throughput", "tuning-max-batch-size-and-max-num-tokens.md", "'Tuning Max Batch Size' case study table, column 'Max Batch Size 2048' (build-time flags ON: multiple profiles, gemm plugin, paged context attention, reduce fusion), row 'Token Throughput (tokens/sec)'", bf16, 1000, "tokens_per_second", 2044.2628),
    ("bf16-mbs64-throughput", "tuning-max-batch-size-and-max-num-tokens.md", "'Tuning Max Batch Size' case study table, column 'Max Batch Size 64', row 'Token Throughput (tokens/sec)'", bf16, 64, "tokens_per_second", 1944.3031),
    ("bf16-mbs512-throughput", "tuning-max-batch-size-and-max-num-tokens.md", "'Tuning Max Num Tokens' case study table (max batch size 512), column 'Max Num Tokens 2048', row 'Token Throughput (tokens/sec)' (the tuned bf16 engine of the page's Conclusion)", bf16, 512, "tokens_per_second", 2474.2581),
    ("bf16-ttft", "tuning-max-batch-size-and-max-num-tokens.md", "'Tuning Max Num Tokens' case study table, column 'Max Num Tokens 2048', row 'Average Time To First Token (ms)'", bf16, 1, "first_token", 147.5742 / 1000.0),
    ("bf16-itl", "tuning-max-batch-size-and-max-num-tokens.md", "'Tuning Max Num Tokens' case study table, column 'Max Num Tokens 2048', row 'Average Inter-Token Latency (ms)'", bf16, 1, "per_output_token", 14.6852 / 1000.0),
    ("fp8-bf16kv-throughput", "fp8-quantization.md", "'FP8 \"Baseline\" Performance' table (max_batch_size 512, max_num_tokens 2048 in the page's build script), row 'Token Throughput (tokens/sec)'", fp8, 512, "tokens_per_second", 3389.5305),
    ("fp8-bf16kv-ttft", "fp8-quantization.md", "'FP8 \"Baseline\" Performance' table, row 'Average Time To First Token (ms)'", fp8, 1, "first_token", 96.1597 / 1000.0),
    ("fp8-bf16kv-itl", "fp8-quantization.md", "'FP8 \"Baseline\" Performance' table, row 'Average Inter-Token Latency (ms)'", fp8, 1, "per_output_token", 12.4248 / 1000.0),
    ("fp8-fp8kv-throughput", "fp8-quantization.md", "'Performance with Low Latency GEMM plugin' table, column 'Low Latency GEMM ON' (FP8 KV cache, reduce fusion + user buffers, GEMM+SwiGLU fusion; max num tokens 16384, max batch size 512), row 'Token Throughput (tokens/sec)'", fp8kv, 512, "tokens_per_second", 6049.1625),
    ("fp8-fp8kv-ttft", "fp8-quantization.md", "'Performance with Low Latency GEMM plugin' table, column 'Low Latency GEMM ON', row 'Average Time To First Token (ms)'", fp8kv, 1, "first_token", 88.0162 / 1000.0),
    ("fp8-fp8kv-itl", "fp8-quantization.md", "'Performance with Low Latency GEMM plugin' table, column 'Low Latency GEMM ON', row 'Average Inter-Token Latency (ms)'", fp8kv, 1, "per_output_token", 10.8225 / 1000.0),
]
for rid, f, loc, sv, c, metric, v in rows:
    add(f"{S}-{rid}", S, G + f + ", " + loc, {"preset": "llama-3.1-70b", "seq": LONG}, "h100-sxm", 4, 4,
        dict(prompt=2048, output=2048, concurrency=c, **sv), metric, v, g_assumed,
        "tokens/s" if metric == "tokens_per_second" else "s")

# ------------------------------------------------------------------ TensorRT-LLM blog: H200 launch (v0.5)
S = "trtllm-blog-h200launch"
h_assumed = [
    "TensorRT-LLM v0.5.0, TensorRT 9.1.0.4, H200 (the h200 preset), FP8; 'Preliminary measured performance'",
    "llama_13b and llama_70b are Llama 2 13B and Llama 2 70B (the headline says Llama2-13B; v0.5 predates Llama 3); shapes from the Llama 2 paper and released configs",
    "the table's batch is a static batch of equal requests (gptSessionBenchmark style: prompts prefilled, then decoded together), read as the engine's steady state at that concurrency",
    "KV cache format not stated; taken as FP8: the stated batches do not fit in 141 GB with a 2-byte cache (e.g. 13B, batch 1024, 256 tokens: 215 GB of bf16 KV), and fit with a 1-byte one",
    "weights FP8 W8A8 (TensorRT-LLM's FP8 recipe); the Llama 2 context 4096 (prompt + output <= 2176 here)",
    "the table gives output tokens/s per GPU; the TP2 row is converted to the deployment figure (x 2)",
]
where = "NVIDIA/TensorRT-LLM docs/source/blogs/H200launch.md, table 'H200 FP8 Max throughput', row '"
for name, model, tp, bs, isl, osl, v in [("llama-2-13b", LLAMA2_13B(), 1, 1024, 128, 128, 11819), ("llama-2-13b", LLAMA2_13B(), 1, 128, 128, 2048, 4750),
                                         ("llama-2-13b", LLAMA2_13B(), 1, 64, 2048, 128, 1349), ("llama-2-70b", LLAMA2_70B(), 1, 512, 128, 128, 3014),
                                         ("llama-2-70b", LLAMA2_70B(), 2, 512, 128, 2048, 1654), ("llama-2-70b", LLAMA2_70B(), 1, 64, 2048, 128, 341),
                                         ("llama-2-70b", LLAMA2_70B(), 1, 32, 2048, 128, 303)]:
    src = "llama_13b" if "13b" in name else "llama_70b"
    add(f"{S}-{name}-tp{tp}-b{bs}-{isl}-{osl}", S,
        where + f"{src} | {bs} | {tp} | {isl} | {osl}', column 'Throughput (out tok/s/GPU)' = {v:,}" + (f" (x {tp} GPUs = {v * tp} for the deployment)" if tp > 1 else ""),
        model, "h200", tp, tp, {"prompt": isl, "output": osl, "concurrency": bs, "weights": "fp8", "kv": "fp8", "runtime": "trtllm"},
        "tokens_per_second", v * tp, h_assumed, "tokens/s")

# ------------------------------------------------------------------ TensorRT-LLM blog: Falcon-180B / Llama-70B on H200 (v0.7a)
S = "trtllm-blog-falcon180b-h200"
f_assumed = [
    "TensorRT-LLM v0.7a, Llama2-70B, 1 x H200 = TP1, FP8; 'Preliminary measured performance'",
    "batch sizes from the footnote 'BS: (in order) 960, 960, 192, 560, 96, 640', matched to the table's rows in order (1 GPU rows: 960, 192, 96)",
    "throughput is output tokens/s per GPU, out_tps = output_seqlen x batch_size / total_latency / tp (the blog's definition): a static batch, read as the engine's steady state at that concurrency; with TP1 it is the deployment's figure",
    "KV cache format not stated; taken as FP8: batch 960 of 256 tokens needs 80 GB of bf16 KV beside 69 GB of FP8 weights, more than 141 GB",
    "128 + 4096 tokens exceeds Llama 2's 4096 context; the model's seq is set to 4224 so the run is expressible (the source ran it)",
    "the table's empty cells repeat the row above (Llama-70B, input 128)",
]
where = "NVIDIA/TensorRT-LLM docs/source/blogs/Falcon180B-H200.md, section 'Llama-70B on H200 up to 6.7x A100', table (Model, GPUs, Input Length, Output Length, Throughput (out tok/s/GPU)), row 'GPUs 1, Output Length "
for osl, bs, v in [(128, 960, 3803), (2048, 192, 2941), (4096, 96, 1946)]:
    add(f"{S}-llama-2-70b-tp1-b{bs}-128-{osl}", S, where + f"{osl}', value {v:,}", LLAMA2_70B(4224 if osl == 4096 else 4096), "h200", 1, 1,
        {"prompt": 128, "output": osl, "concurrency": bs, "weights": "fp8", "kv": "fp8", "runtime": "trtllm"},
        "tokens_per_second", v, f_assumed, "tokens/s")

# ------------------------------------------------------------------ TensorRT-LLM blog: H100 vs A100 (v0.5), GPT-J 6B
S = "trtllm-blog-h100vsa100"
j_assumed = [
    "TensorRT-LLM v0.5.0, TensorRT 9.1; H100 FP8 and A100 FP16, SXM 80GB, TP1 (the table's footnote)",
    "GPT-J 6B shape from EleutherAI/gpt-j-6b config.json; its parallel attention + MLP block and partial rotary (64 of 256 dims) change no GEMM or byte count and are not expressed",
    "batch 64 is a static batch ('Max throughput calculated by sweeping BS 1,2,...,64. Throughput taken at largest successful'), read as the engine's steady state at that concurrency",
    "H100 FP8 weights W8A8; KV cache format not stated, taken as bf16 / fp16 (2 bytes); A100 fp16 modelled as a 2-byte format",
    "batch-1 first-token latency: the prefill of one 128-token prompt",
]
where = "NVIDIA/TensorRT-LLM docs/source/blogs/H100vsA100.md, table 'Max Throughput & Min Latency', "
add(f"{S}-gptj-6b-h100-fp8-b64-128-128", S, where + "section 'H100', row 'GPT-J 6B | 64 | 128 | 128', column 'Throughput (out tok/s)' = 10,907",
    GPTJ_6B, "h100-sxm", 1, 1, {"prompt": 128, "output": 128, "concurrency": 64, "weights": "fp8", "kv": "bf16", "runtime": "trtllm"},
    "tokens_per_second", 10907, j_assumed, "tokens/s")
add(f"{S}-gptj-6b-a100-fp16-b64-128-128", S, where + "section 'A100', row 'GPT-J 6B | 64 | 128 | 128', column 'Throughput (out tok/s)' = 3,679",
    GPTJ_6B, "a100-80gb", 1, 1, {"prompt": 128, "output": 128, "concurrency": 64, "weights": "bf16", "kv": "bf16", "runtime": "trtllm"},
    "tokens_per_second", 3679, j_assumed, "tokens/s")
add(f"{S}-gptj-6b-h100-fp8-b1-128-ttft", S, where + "section 'H100', row 'GPT-J 6B | 1 | 128 | -', column '1st Token Latency (ms)' = 7.1",
    GPTJ_6B, "h100-sxm", 1, 1, {"prompt": 128, "output": 1, "concurrency": 1, "weights": "fp8", "kv": "bf16", "runtime": "trtllm"},
    "first_token", 7.1 / 1000.0, j_assumed + ["output length not given ('-'); 1 token requested, which does not change the first token's time"], "s")
add(f"{S}-gptj-6b-a100-fp16-b1-128-ttft", S, where + "section 'A100', row 'GPT-J 6B | 1 | 128 | -', column '1st Token Latency (ms)' = 12.5",
    GPTJ_6B, "a100-80gb", 1, 1, {"prompt": 128, "output": 1, "concurrency": 1, "weights": "bf16", "kv": "bf16", "runtime": "trtllm"},
    "first_token", 12.5 / 1000.0, j_assumed + ["output length not given ('-'); 1 token requested, which does not change the first token's time"], "s")

# ------------------------------------------------------------------ LMDeploy benchmark on A100 (FP16), v0.1.0a1
S = "lmdeploy-a100-fp16"
l_assumed = [
    "LMDeploy v0.1.0a1 (TurboMind), A100-80G (the a100-80gb preset), CUDA 11.8; fp16 weights and KV cache, modelled as 2-byte formats",
    "static inference benchmark (profile_generation): 'batch' requests run together, each with exactly prompt_tokens in and output_tokens out; throughput(out tok/s) is the deployment's output tokens/s, read as the engine's steady state at concurrency = batch",
    "llama2-7b and llama2-70b are Llama 2 7B and 70B (shapes from the Llama 2 paper and released configs, context 4096)",
    "FTL(ave) at batch 1 is the first-token time of one prompt",
    "KV cache size: the table's mem(GB) (74-78 GB) shows most of the 80 GB taken; the engine's lmdeploy default (0.8 of free memory) is kept",
]
where = "InternLM/lmdeploy docs/en/benchmark/a100_fp16.md, 'Static Inference Benchmark', table '"
for name, model, tp, bs, isl, osl, col, v in [
        ("llama2-7b", LLAMA2_7B(), 1, 1, 128, 128, "throughput(out tok/s)", 102.21),
        ("llama2-7b", LLAMA2_7B(), 1, 16, 128, 2048, "throughput(out tok/s)", 1010.62),
        ("llama2-7b", LLAMA2_7B(), 1, 64, 128, 128, "throughput(out tok/s)", 3024.07),
        ("llama2-7b", LLAMA2_7B(), 1, 64, 2048, 128, "throughput(out tok/s)", 493.46),
        ("llama2-7b", LLAMA2_7B(), 1, 1, 2048, 128, "FTL(ave)(s)", 0.139),
        ("llama2-70b", LLAMA2_70B(), 4, 1, 128, 128, "throughput(out tok/s)", 33.63),
        ("llama2-70b", LLAMA2_70B(), 4, 16, 128, 2048, "throughput(out tok/s)", 482.99),
        ("llama2-70b", LLAMA2_70B(), 4, 64, 128, 2048, "throughput(out tok/s)", 1391.8),
        ("llama2-70b", LLAMA2_70B(), 4, 64, 2048, 128, "throughput(out tok/s)", 270.47),
        ("llama2-70b", LLAMA2_70B(), 4, 1, 2048, 128, "FTL(ave)(s)", 0.402)]:
    metric = "tokens_per_second" if col.startswith("throughput") else "first_token"
    tag = "throughput" if metric == "tokens_per_second" else "ttft"
    add(f"{S}-{name}-tp{tp}-b{bs}-{isl}-{osl}-{tag}", S, where + f"{name}', row 'batch {bs} | tp {tp} | prompt_tokens {isl} | output_tokens {osl}', column '{col}'",
        model, "a100-80gb", tp, tp, {"prompt": isl, "output": osl, "concurrency": bs, "weights": "bf16", "kv": "bf16", "runtime": "lmdeploy"},
        metric, v, l_assumed, "tokens/s" if metric == "tokens_per_second" else "s")

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases")
