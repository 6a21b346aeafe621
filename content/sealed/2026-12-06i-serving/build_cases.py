# Builds cases.json for the sealed serving set 2026-12-06i. Every measured number below is
# transcribed from the cited source text: the raw `vllm bench serve` logs that the public repository
# Scicom-AI-Enterprise-Organization/llm-benchmaxxing committed for Qwen3-32B on 8 x H100 SXM and
# 8 x H200 SXM (RunPod), and the trtllm-bench log printed in Google's AI-Hypercomputer/gpu-recipes
# A3 Ultra (8 x H200) TensorRT-LLM recipe for Llama-3.1-405B FP8.
# Times printed in ms are written in s (divided by 1000); no other figure is derived.
# README.md gives the selection rules; not_expressible.json lists what was left out.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []

def add(id, source, where, model, hw, gpus, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed)})

# ------------------------------------------------------------------ Scicom llm-benchmaxxing, vLLM, Qwen3-32B
REPO = "Scicom-AI-Enterprise-Organization/llm-benchmaxxing"
COMMIT = "c776cb0ede1cc5869010ef6f570fe9850a6f7c36"
Q32 = {"preset": "qwen3-32b", "seq": 40960}
sc_common = [
    "model Qwen3-32B (the qwen3-32b shape): the H200 logs name model='Qwen/Qwen3-32B', the H100 logs a local copy '/workspace/qwen3-32b' (taken as the same released BF16 checkpoint; the repository's README lists it as 'Qwen3-32B' beside the separately named 'GLM-4.7-FP8'); BF16 weights, no quantization flag in the repository's server launcher (benchmaq/vllm/core/server.py at commit 7367420: vllm serve <model> --tensor-parallel-size --pipeline-parallel-size 1 --gpu-memory-utilization 0.9 [--data-parallel-size] [--max-model-len] [--max-num-seqs])",
    "KV cache bf16 (no --kv-cache-dtype in the launcher); block 16 (vLLM default; serving.block left at the vllm runtime's 16); gpu_memory_utilization 0.9 (the launcher's default, equal to the vllm runtime's); max_model_len not given in the committed logs: the model's own 40960-token context (max_position_embeddings of Qwen/Qwen3-32B's config.json) is taken as model.seq; max_num_seqs not given (vLLM default); chunked prefill and prefix caching at vLLM defaults (random prompts share no prefix)",
    "vLLM version not printed in the logs; the repository pinned vllm==0.11.0 (requirements.txt, setup.py) at commit 7367420 that added these results; the benchmark client is `vllm bench serve` (V1 engine)",
    "client as printed in each log's Namespace line: dataset_name='random', num_prompts=100, max_concurrency=100, request_rate=inf, ignore_eos=True, endpoint='/v1/completions', random_output_len=128; 'Sampling input_len from [ISL, ISL] and output_len from [128, 128]': fixed lengths ('Total input tokens' = 100 x ISL, 'Total generated tokens' 12800); every one of the 100 requests is sent at once (num_prompts = max_concurrency, infinite rate), so arrival all_at_once with concurrency 100; the client's single initial test prompt before the measured run is not counted",
    "metric mapping: 'Output token throughput (tok/s)' -> tokens_per_second; 'Mean TTFT (ms)' -> first_token; 'Mean TPOT (ms)' (time per output token excluding the first) -> per_output_token; 'Mean E2EL (ms)' -> request; ms written in s",
    "8 GPUs of one RunPod node ('8 GPUs per test' in benchmarks/README.md); GPUs connected by NVLink within the node (SXM parts) as the hardware preset assumes",
]

def sc_run(source, gpu_tag, hw, gpu_word, path, tp, dp, isl, vals):
    par = {"tp": tp, "pp": 1, "ep": 1, "dp": dp}
    sv = dict(prompt=isl, output=128, concurrency=100, weights="bf16", kv="bf16", runtime="vllm", arrival="all_at_once")
    lay = (f"layout from the file name and the launcher: tensor parallel {tp}" +
           (f" x data parallel {dp} (vllm serve --data-parallel-size {dp}: {dp} engine replicas behind one API server)" if dp > 1 else " on all 8 GPUs, one replica") +
           f" on 8 x {gpu_word}")
    for metric, short, label, scale in [
            ("tokens_per_second", "tput", "Output token throughput (tok/s)", 1.0),
            ("first_token", "ttft", "Mean TTFT (ms)", 1e-3),
            ("per_output_token", "tpot", "Mean TPOT (ms)", 1e-3),
            ("request", "e2el", "Mean E2EL (ms)", 1e-3)]:
        v = vals[short]
        add(f"{source}-tp{tp}dp{dp}-isl{isl}-{short}", source,
            f"{REPO} at commit {COMMIT}, {path}, block '============ Serving Benchmark Result ============', line '{label}: {v:.2f}'",
            Q32, hw, 8, par, sv, metric, round(v * scale, 8), sc_common + [lay])

for (source, hw, gpu_word, folder, prefix) in [
        ("scicom-benchmaq-h100-vllm-qwen3-32b", "h100-sxm", "NVIDIA H100 80GB HBM3 (H100 SXM)", "benchmarks/runpod_h100sxm/Qwen3-32B", ""),
        ("scicom-benchmaq-h200-vllm-qwen3-32b", "h200", "NVIDIA H200 SXM", "benchmarks/runpod_h200sxm/Qwen3-32B", "benchmark_qwen3_32b_h200sxm_")]:
    data = {
        "h100-sxm": {
            (8, 1, 1024): dict(tput=3710.63, ttft=1296.47, tpot=16.54, e2el=3397.04),
            (8, 1, 2048): dict(tput=3539.69, ttft=1313.94, tpot=17.66, e2el=3556.33),
            (8, 1, 4096): dict(tput=2091.59, ttft=2479.73, tpot=27.71, e2el=5998.72),
            (8, 1, 8192): dict(tput=1109.25, ttft=5037.25, tpot=49.07, e2el=11268.76),
            (8, 1, 15000): dict(tput=623.97, ttft=9238.35, tpot=84.33, e2el=19948.78),
            (4, 2, 1024): dict(tput=3341.86, ttft=1411.30, tpot=16.62, e2el=3522.51),
            (4, 2, 2048): dict(tput=2994.61, ttft=1566.72, tpot=20.73, e2el=4199.37),
            (4, 2, 4096): dict(tput=1873.61, ttft=2790.13, tpot=30.87, e2el=6710.56),
            (4, 2, 8192): dict(tput=946.88, ttft=5966.08, tpot=56.53, e2el=13145.65),
            (4, 2, 15000): dict(tput=520.10, ttft=10763.06, tpot=104.67, e2el=24056.18),
        },
        "h200": {
            (8, 1, 1024): dict(tput=3918.62, ttft=1228.85, tpot=15.65, e2el=3216.36),
            (8, 1, 2048): dict(tput=3805.06, ttft=1226.08, tpot=16.42, e2el=3311.15),
            (8, 1, 4096): dict(tput=2226.81, ttft=2346.69, tpot=25.95, e2el=5642.45),
            (8, 1, 8192): dict(tput=1162.45, ttft=4841.29, tpot=46.73, e2el=10776.04),
            (8, 1, 15000): dict(tput=644.24, ttft=9024.22, tpot=81.55, e2el=19380.88),
            (4, 2, 1024): dict(tput=4166.23, ttft=1127.07, tpot=14.94, e2el=3023.94),
            (4, 2, 2048): dict(tput=3123.48, ttft=1623.84, tpot=19.09, e2el=4047.89),
            (4, 2, 4096): dict(tput=2138.41, ttft=2536.94, tpot=26.35, e2el=5883.69),
            (4, 2, 8192): dict(tput=1006.21, ttft=5503.78, tpot=54.14, e2el=12379.75),
            (4, 2, 15000): dict(tput=547.73, ttft=10585.32, tpot=94.11, e2el=22537.00),
        }}[hw]
    for (tp, dp, isl), vals in data.items():
        path = f"{folder}/{prefix}run_1_TP{tp}_DP{dp}_CTX{isl}_C100_P100_O128.txt"
        sc_run(source, hw, hw, gpu_word, path, tp, dp, isl, vals)

# ------------------------------------------------------------------ AI-Hypercomputer/gpu-recipes, TensorRT-LLM on A3 Ultra
S = "gcp-gpu-recipes-a3ultra-trtllm-llama31-405b-fp8"
F = ("AI-Hypercomputer/gpu-recipes at commit d77b3d4c85da0a0d05cfe302504674f6080c2451, "
     "inference/a3ultra/single-host-serving/trtllm/README.md, section '4.1. Inference benchmark for Llama 3.1 405B Model', "
     "the example trtllm-bench log, block 'PERFORMANCE OVERVIEW', line 'Token Throughput (tokens/sec):  3914.4509'")
add(f"{S}-isl128-osl128-n30000-tput", S, F,
    {"preset": "llama-3.1-405b", "seq": 256}, "h200", 8, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
    dict(prompt=128, output=128, concurrency=30000, weights="fp8", kv="fp8", runtime="trtllm", arrival="all_at_once"),
    "tokens_per_second", 3914.4509, [
        "model meta-llama/Llama-3.1-405B (the llama-3.1-405b shape) converted and built by the recipe as a TensorRT-LLM engine with FP8 quantization ('Quantization: FP8', 'Dtype: bfloat16'): FP8 weights, W8A8 (parallel.precision left at its FP8 default on H200); 'KV Cache Dtype: FP8'",
        "engine 'Max Input Length: 256', 'Max Sequence Length: 256': model.seq 256 (prompt 128 + output 128 fit)",
        "GPU: one a3-ultragpu-8g machine (8 x NVIDIA H200, the h200 preset); 'TP Size: 8', 'PP Size: 1': one replica",
        "TensorRT-LLM 0.17.0.post1 (C++ engine directory 'tp_8_pp_1'), trtllm-bench throughput: 'Number of requests: 30000', 'Average Input Length (tokens): 128.0000', 'Average Output Length (tokens): 128.0000' (values.yaml: isl 128, osl 128, num_requests 30000, a synthetic fixed-length dataset); 'Issue Rate (req/sec): 3.1860E+14' and 'Request submission complete. [count=30000 ...]': every request sent at once, so arrival all_at_once with concurrency 30000",
        "'Max Runtime Batch Size: 4096', 'Max Runtime Tokens: 8192', 'Scheduling Policy: Guaranteed No Evict' and 'KV Memory Percentage: 95.00%' are not request fields (the trtllm runtime's own running limit, token budget and 0.9 KV fraction stay in force)",
        "'Token Throughput (tokens/sec)' of trtllm-bench 0.17 is output tokens over the run (it equals 'Request Throughput' 30.5816 req/s x 128 output tokens) -> tokens_per_second; the 'Total Latency (ms): 980980.5121' is the whole run, not a request latency, and is not used",
    ])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
