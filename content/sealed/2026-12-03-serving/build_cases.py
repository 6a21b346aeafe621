# Builds cases.json for the sealed serving set. Every number below is transcribed from the cited
# source text (markdown in git, an issue thread, a documentation page); README.md says how.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
LONG = 131072  # released Llama 3.1 / 3.3 configs: max_position_embeddings 131072 (the presets keep 8192)

def model(preset):
    return {"preset": preset, "seq": LONG} if preset.startswith("llama") else {"preset": preset}

cases = []
def add(id, source, where, preset, hw, gpus, tp, serving, metric, measured, assumed, unit):
    req = {"mode": "inference", "model": model(preset), "hardware": {"preset": hw, "gpus": gpus},
           "parallel": {"tp": tp, "pp": 1, "ep": 1}, "serving": serving}
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": assumed})

# ------------------------------------------------------------------ TensorRT-LLM perf overview (v1.0 era)
S = "trtllm-perf-overview"
trt_assumed = [
    "trtllm-bench throughput, PyTorch backend, CUDA graphs for batch sizes 1..8192 (llm_options.yml in the same file); requests queued at an infinite rate (offline maximum throughput)",
    "concurrency: the source gives none (all requests queued at once); requested 2048, TensorRT-LLM's default max_batch_size (assumed), so the runtime holds as many as its KV cache allows",
    "KV cache fraction: the file says kv_cache_free_gpu_mem_fraction 0.95 'in many cases', falling back to 0.90; which one each row used is not stated",
    "weights FP8 (nvidia/*-FP8 ModelOpt checkpoints, per-tensor scales, W8A8); KV cache format not stated, taken as bf16",
    "Llama 3.3 70B has the Llama 3.1 70B shape (the llama-3.1-70b preset); context from the released config (131072)",
    "metric is 'Total Output Throughput (tokens/sec)' of the whole deployment (all TP GPUs)",
]
rows = {  # model: [(gpu preset, tp, {isl/osl: value})]
    "llama-3.1-8b": [("h200", 1, {(128, 128): 27911, (128, 2048): 26221, (1000, 1000): 17744, (2048, 128): 3538, (2048, 2048): 12194, (5000, 500): 3902}),
                     ("h100-sxm", 1, {(128, 128): 28312, (128, 2048): 22714, (1000, 1000): 15220, (2048, 128): 3450, (2048, 2048): 9305, (5000, 500): 3459})],
    "llama-3.1-70b": [("h200", 1, {(128, 128): 3803, (128, 2048): 4336, (1000, 1000): 2909, (2048, 128): 442, (2048, 2048): 2003, (5000, 500): 566}),
                      ("h100-sxm", 2, {(128, 128): 6378, (128, 2048): 6651, (1000, 1000): 4205, (2048, 128): 762, (2048, 2048): 3082, (5000, 500): 898})],
    "llama-3.1-405b": [("h200", 8, {(128, 128): 3814, (128, 2048): 5348, (1000, 1000): 3330, (2048, 128): 456, (2048, 2048): 2948, (5000, 500): 650}),
                       ("h100-sxm", 8, {(128, 128): 3627, (128, 2048): 4340, (1000, 1000): 2919, (2048, 128): 453, (2048, 2048): 2296, (5000, 500): 610})],
}
titles = {"llama-3.1-8b": "Llama 3.1 8B", "llama-3.1-70b": "Llama 3.3 70B", "llama-3.1-405b": "Llama 3.1 405B"}
for m, cols in rows.items():
    for hw, tp, vals in cols:
        gpu = "H200" if hw == "h200" else "H100"
        for (isl, osl), v in vals.items():
            add(f"{S}-{m}-{hw}-tp{tp}-{isl}-{osl}", S,
                f"docs/source/performance/perf-overview.md, 'Throughput Measurements', table '{titles[m]}', column '{gpu}<br/>TP{tp} (FP8)', row '{isl}/{osl}'",
                m, hw, tp, tp, {"prompt": isl, "output": osl, "concurrency": 2048, "weights": "fp8", "kv": "bf16", "runtime": "trtllm"},
                "tokens_per_second", v, trt_assumed, "tokens/s")

# ------------------------------------------------------------------ NVIDIA NIM benchmarking, LLM 1.0.0 docs
S = "nim-benchmarking-llama33-70b"
nim_assumed = [
    "NIM for Llama-3.3-70b-Instruct version 1.8.0 on 2 x H100 80G, profile 'fp8 TP2'; the NIM's engine for this profile is TensorRT-LLM (assumed: NIM's optimized profiles are TensorRT-LLM engines)",
    "client: AIPerf / GenAI-Perf at a fixed concurrency, 5000 input and 500 output tokens",
    "weights FP8; KV cache format not stated, taken as bf16",
    "Throughput(Tokens/s) is output tokens/s of the deployment; ITL is the mean time between output tokens of one request; TTFT includes any wait in the server's queue",
]
where = "https://docs.nvidia.com/nim/benchmarking/llm/1.0.0/performance.md, 'Llama-3.3-70b-instruct Results', 'Version: 1.8.0', '2 x H100 80G', 'fp8 TP2', '5000 Input Tokens / 500 Output Tokens', row 'Concurrency "
nim = {1: (406.77, 18.58, 51.67), 5: (546.7, 21.83, 218.48), 25: (688.69, 38.75, 623.4), 50: (834.51, 59.73, 814.37),
       100: (7996.25, 92.91, 917.26), 250: (88605.32, 93.2, 920.12)}
for c, (ttft, itl, thr) in nim.items():
    sv = {"prompt": 5000, "output": 500, "concurrency": c, "weights": "fp8", "kv": "bf16", "runtime": "trtllm"}
    add(f"{S}-c{c}-throughput", S, where + f"{c}', column 'Throughput(Tokens/s)'", "llama-3.1-70b", "h100-sxm", 2, 2, sv,
        "tokens_per_second", thr, nim_assumed, "tokens/s")
    if c in (1, 25):
        add(f"{S}-c{c}-itl", S, where + f"{c}', column 'ITL (ms)'", "llama-3.1-70b", "h100-sxm", 2, 2, sv,
            "per_output_token", itl / 1000.0, nim_assumed, "s")
    if c == 1:
        add(f"{S}-c{c}-ttft", S, where + f"{c}', column 'TTFT (ms)'", "llama-3.1-70b", "h100-sxm", 2, 2, sv,
            "first_token", ttft / 1000.0, nim_assumed, "s")

# ------------------------------------------------------------------ vLLM performance benchmark (buildkite)
S = "vllm-perf-benchmark-h200"
v_assumed = [
    "vLLM benchmark_latency (offline LLM.generate): one fixed batch of 8 requests, 32 input and 128 output tokens each; the figure is the time for the whole batch",
    "vLLM version: the main branch at build 9515 (date not shown in the stored page), default dtype bf16 weights and KV cache",
    "llama70B is Meta-Llama-3-70B-Instruct (same shape as the llama-3.1-70b preset but an 8192 context); llama8B is Llama-3.1-8B-Instruct; mixtral8x7B is Mixtral-8x7B-Instruct",
]
where = "https://buildkite.com/vllm/performance-benchmark/builds/9515, 'Latency tests' table, row '"
for name, preset, tp, ms in [("latency_llama8B_tp1", "llama-3.1-8b", 1, 833.421), ("latency_llama70B_tp4", "llama-3.1-70b", 4, 2077.53),
                             ("latency_mixtral8x7B_tp2", "mixtral-8x7b", 2, 1917.44)]:
    add(f"{S}-{name}", S, where + f"{name}', column 'Mean latency (ms)'", preset, "h200", tp, tp,
        {"prompt": 32, "output": 128, "concurrency": 8, "weights": "bf16", "kv": "bf16", "runtime": "vllm"},
        "request", ms / 1000.0, v_assumed, "s")

# ------------------------------------------------------------------ TensorRT-LLM issue 4043 (B200 vs H200)
S = "trtllm-issue-4043"
i_assumed = [
    "TensorRT-LLM v0.20.0rc0, trtllm-bench following perf-overview.md (3,000 requests, offline maximum throughput); the author's own runs",
    "input 124 tokens as the text states (perf-overview's matching row is 128/2048 with 3,000 requests)",
    "concurrency not stated: requested 2048 (TensorRT-LLM's default max_batch_size, assumed); the KV cache decides how many are held",
    "weights nvidia/Llama-3.1-405B-Instruct-FP8; KV cache taken as bf16",
    "the thread reports the B200 figure as lower than its author expected; it is kept as published",
]
for hw, v, col in [("b200", 3396, "B200"), ("h200", 6051, "H200")]:
    add(f"{S}-llama-3.1-405b-{hw}-tp8", S, f"https://github.com/NVIDIA/TensorRT-LLM/issues/4043, description (2025-05-03): output throughput on {col}",
        "llama-3.1-405b", hw, 8, 8, {"prompt": 124, "output": 2048, "concurrency": 2048, "weights": "fp8", "kv": "bf16", "runtime": "trtllm"},
        "tokens_per_second", v, i_assumed, "tokens/s")

# ------------------------------------------------------------------ SGLang 0.3.0 vs vLLM 0.6.0 (4 x H100)
S = "sglang-vllm060-h100"
s_assumed = [
    "Llama 3.1 70B Instruct bf16, tp 4 on 4 x H100 80G, ShareGPT prompts (sglang.bench_serving), radix cache off; vLLM with --num-scheduler-steps 10 and --max_model_len 4096; SGLang mem_frac 0.88",
    "output length 194 tokens: the offline table's output throughput over its request throughput (3856.01 / 19.84 = 194.4), taken for every row of the file",
    "prompt length not stated: 256 tokens assumed (ShareGPT's prompts are a few hundred tokens)",
    "online rows: the concurrency the server held is request rate x median end-to-end latency (Little's law), rounded",
    "offline rows: 5,000 prompts at once; the runtime holds at most 256 (vLLM's default max_num_seqs, assumed for SGLang too)",
]
where = "sgl-project/sglang benchmark/benchmark_vllm_060/README.md, "
for eng, rt, rps, e2e, tpot in [("SGLang", "sglang", 4, 3005.24, 25.03), ("vLLM", "vllm", 4, 2915.60, 23.58),
                                ("SGLang", "sglang", 8, 4064.98, 33.07), ("vLLM", "vllm", 8, 3752.38, 29.15)]:
    c = round(rps * e2e / 1000.0)
    add(f"{S}-{rt}-rps{rps}-tpot", S, where + f"'Online benchmark results', 'Llama 3.1 70B Instruct 4 x H100 80G', row 'RPS {rps}, Engine {eng}', column 'Median TPOT'",
        "llama-3.1-70b", "h100-sxm", 4, 4, {"prompt": 256, "output": 194, "concurrency": c, "weights": "bf16", "kv": "bf16", "runtime": rt},
        "per_output_token", tpot / 1000.0, s_assumed, "s")
for eng, rt, thr in [("SGLang", "sglang", 3856.01), ("vLLM", "vllm", 3700.64)]:
    add(f"{S}-{rt}-offline", S, where + f"'Offline benchmark results', 'Llama 3.1 70B Instruct 4 x H100 80G', row 'RPS inf, Engine {eng}', column 'Output token throughput'",
        "llama-3.1-70b", "h100-sxm", 4, 4, {"prompt": 256, "output": 194, "concurrency": 256, "weights": "bf16", "kv": "bf16", "runtime": rt},
        "tokens_per_second", thr, s_assumed, "tokens/s")

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases")
