# Builds cases.json for the sealed serving set 2026-12-06e. Every measured number below is
# transcribed from the cited source text (a GitHub gist, a vLLM pull request, a vLLM issue and a
# TensorRT-LLM issue); no figure is derived. `statement` quotes or closely paraphrases the
# source, `where` says where the figure stands, `assumed` lists what the source does not say.
# README.md gives the selection rules; not_expressible.json lists what was left out.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
TOL = 0.5   # a loose validation band, fixed before predicting; not used for any tuning
cases = []

def add(id, source, where, statement, model, hw, gpus, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "statement": statement, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed),
                  "tolerance": TOL})

# ------------------------------------------------------------ BenHamm gist: SGLang on 8 x B200
S = "sglang-b200-sweep-gist-qwen3-235b"
W = ("gist BenHamm/78563d0d0a08d7cb61b4737392633384 ('SGLang B200 Benchmark Sweep — 9 Models on 8×B200', "
     "last active 2026-02-16), table 'Results Summary', row '5 | Qwen3-235B-A22B | 235B / 22B | 8 | BF16'")
common = [
    "header of the gist: '8× NVIDIA B200 183GB, NV18 NVSwitch', 'SGLang v0.5.8.post1 (Docker lmsysorg/sglang:v0.5.8.post1)', 'sglang.bench_serving, random 1K input / 1K output tokens': prompt 1024 and output 1024 taken as fixed lengths (random-range-ratio 1 and ignore-eos, sglang.bench_serving's default of not stopping at end-of-sequence, assumed)",
    "'All models ran with their cookbook-recommended configs': the cookbook launch line is not quoted for this row; tp 8 as the table's TP column says, experts tensor-parallel (ep 1) and no speculative decoding assumed (the gist marks speculative decoding only for GLM-5)",
    "model: Qwen3-235B-A22B in BF16 (the qwen3-235b-a22b preset, weights and KV cache bf16; no KV dtype stated, SGLang's default 'auto' = bf16)",
    "SGLang defaults otherwise (mem_fraction_static as the version chooses, chunked prefill, radix cache on but random prompts share no prefix)",
]
m = {"preset": "qwen3-235b-a22b"}
sv = dict(prompt=1024, output=1024, concurrency=1, weights="bf16", kv="bf16", runtime="sglang")
add(f"{S}-c1-tps", S, W + ", column 'Latency tok/s (c=1)': 145",
    "Qwen3-235B-A22B, TP 8, BF16 on 8×B200, SGLang v0.5.8.post1, random 1K/1K: 'Latency tok/s (c=1)' 145",
    m, "b200", 8, {"tp": 8, "pp": 1, "ep": 1}, sv, "tokens_per_second", 145.0,
    common + ["'Latency tok/s (c=1)' read as the output token throughput of the concurrency-1 run (one request at a time, so also the per-user speed); taken as tokens_per_second at concurrency 1"])
add(f"{S}-c1-tpot", S, W + ", column 'TPOT (c=1)': 6.70ms",
    "Qwen3-235B-A22B, TP 8, BF16 on 8×B200: 'TPOT (c=1)' 6.70ms (the gist's 'Fastest decode latency (TPOT at c=1)' list)",
    m, "b200", 8, {"tp": 8, "pp": 1, "ep": 1}, sv, "per_output_token", 0.00670,
    common + ["TPOT as sglang.bench_serving defines it (time per output token excluding the first); mean or median not stated, at concurrency 1 they coincide closely"])

# ------------------------------------------------------------ vLLM PR 43232: Qwen3-235B FP8 on B200
S = "vllm-pr-43232-b200-qwen3-235b-fp8"
W = ("vllm-project/vllm pull request 43232 ('Xqa decode kernels'), comment by DanBlanaru of 2026-06-03 "
     "('ran on b200 again to make sure we don't break sm100'), pasted 'Serving Benchmark Result' block")
cmd = ("server 'vllm serve Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 --tensor-parallel-size 4 --kv-cache-dtype fp8 "
       "--max-model-len 32768 --gpu-memory-utilization 0.85 --enable-prefix-caching'; client 'vllm bench serve --backend vllm "
       "--dataset-name random --random-input-len 30000 --random-output-len 1000 --num-prompts 128 --max-concurrency 64 --ignore-eos'")
common = [
    "as printed: " + cmd + "; the block: 'Successful requests: 128', 'Maximum request concurrency: 64', 'Total input tokens: 3840000', 'Total generated tokens: 128000', 'Benchmark duration (s): 151.11'",
    "GPU: 'b200' as the comment says; 4 GPUs (tensor-parallel-size 4, one server); B200 SXM (the b200 preset) assumed",
    "model: Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 (the qwen3-235b-a22b shape, Qwen's block-scaled FP8 checkpoint, W8A8 on B200: parallel.precision left at its FP8 default), seq 32768 (--max-model-len); no --enable-expert-parallel, so ep 1",
    "vLLM at the pull request's branch (mid-2026 main; the version is not printed); --gpu-memory-utilization 0.85 is not a request field (the vllm runtime's 0.9 rule is kept); prefix caching on but random prompts share no prefix; whether the run used the PR's XQA kernels on B200 is not said (the comment checks that sm100 is not broken)",
    "128 prompts at concurrency 64: two waves; the requested concurrency is the cap, 64",
]
sv = dict(prompt=30000, output=1000, concurrency=64, weights="fp8", kv="fp8", runtime="vllm")
m = {"preset": "qwen3-235b-a22b", "seq": 32768}
add(f"{S}-c64-throughput", S, W + ", field 'Output token throughput (tok/s): 847.07'",
    "Qwen3-235B-A22B-Instruct-2507-FP8, tp 4, FP8 KV cache, B200, 30000 in / 1000 out, max concurrency 64: 'Output token throughput (tok/s): 847.07'",
    m, "b200", 4, {"tp": 4, "pp": 1, "ep": 1}, sv, "tokens_per_second", 847.07,
    common + ["'Output token throughput' (generated tokens over the benchmark duration, prefill included) read as the deployment's tokens_per_second"])
add(f"{S}-c64-ttft", S, W + ", field 'Mean TTFT (ms): 15725.91' (Median 4194.53, P99 55095.03)",
    "same run: 'Mean TTFT (ms): 15725.91'",
    m, "b200", 4, {"tp": 4, "pp": 1, "ep": 1}, sv, "first_token", 15.72591,
    common + ["mean TTFT includes the wait of prompts queued behind 64 long prefills (the median is 4194.53 ms); the mean is taken as first_token, the engine's figure for a prompt arriving with the batch"])

# ------------------------------------------------------------ TensorRT-LLM issue 6294: H100
S = "trtllm-issue-6294-h100-llama31-8b-fp8"
W = ("NVIDIA/TensorRT-LLM issue 6294 ('[Performance issue] Unable to Reproduce the Throughput of Llama 3.1 8B FP8 on H100'), "
     "comment by skymizerFuji (turn 2), pasted trtllm-bench report, section 'PERFORMANCE OVERVIEW'")
add(f"{S}-128-128-throughput", S, W + ", field 'Total Output Throughput (tokens/sec): 6957.3030'; 'DATASET DETAILS': 'Dataset Path: .../Llama-3.1-8B-Instruct-FP8/128_128_30000.jsonl', 'Number of Sequences: 30000'",
    "trtllm-bench throughput, Llama-3.1-8B-Instruct-FP8 on one H100, 128/128 tokens, 30000 sequences: 'Total Output Throughput (tokens/sec): 6957.3030', 'Per GPU Output Throughput (tps/gpu): 6957.3030'",
    {"preset": "llama-3.1-8b"}, "h100-sxm", 1, {"tp": 1, "pp": 1, "ep": 1},
    dict(prompt=128, output=128, concurrency=30000, weights="fp8", kv="bf16", runtime="trtllm"),
    "tokens_per_second", 6957.303,
    ["lengths from the dataset name 128_128_30000 (the percentile table prints 'MIN: 128.00' for input); fixed 128 / 128 assumed",
     "'Issue Rate (req/sec): 2.3129E+15': every request issued at once, so the requested concurrency is the 30000 sequences and the engine's own KV / batch limit decides how many run at once (as earlier sets did for offline runs); trtllm-bench's max batch size and max num tokens are not in the read excerpt and are left to the runtime model",
     "model: nvidia/Llama-3.1-8B-Instruct-FP8 (the llama-3.1-8b preset; ModelOpt FP8 W8A8, parallel.precision left at its FP8 default); KV cache bf16 assumed (an FP8 KV cache is not shown in the read excerpt)",
     "GPU: 'H100' in the title; H100 SXM assumed; TensorRT-LLM version (PyTorch backend of mid-2025) not in the read excerpt",
     "'Total Output Throughput' read as the deployment's tokens_per_second"])

# ------------------------------------------------------------ vLLM issue 20710: 2 x B200
S = "vllm-issue-20710-b200-llama33-70b-fp8"
W = ("vllm-project/vllm issue 20710 ('Unexpected Inference Speed Gain at Concurrency 16 vs 1 on Llama-3.3-70B (FP8, B200, vLLM v0.9.0)', 2025-07-09), "
     "table 'Example Results (Fusion task, 512 in / 512 out)'")
common = [
    "as stated: 'LLaMA-3.3-70B-Instruct model (FP8 quantized) on vLLM v0.9.0 with 2xB200 GPUs', genai-bench, 'Fusion task, 512 in / 512 out'; fixed 512 / 512 lengths assumed",
    "tensor parallel 2 over the two B200s assumed (the serving command is not printed); B200 SXM (b200 preset)",
    "model: the llama-3.1-70b preset (Llama 3.3 70B has the same shape); FP8 W8A8 weights (parallel.precision left at its FP8 default), KV cache bf16 assumed",
    "vLLM v0.9.0 defaults otherwise; the table's units are seconds for TTFT and e2e_latency and tok/s for 'Output Speed'",
    "doubtful source: the reporter finds concurrency 16 faster per user than concurrency 1 and the issue asks why; the numbers are kept as published",
]
m = {"preset": "llama-3.1-70b"}
for c, ttft, e2e, spd in ((1, 0.05, 8.29, 35.04), (16, 0.07, 5.99, 49.97)):
    sv = dict(prompt=512, output=512, concurrency=c, weights="fp8", kv="bf16", runtime="vllm")
    row = f"row 'Concurrency {c} | TTFT {ttft} | e2e_latency {e2e} | Output Speed (tok/s) {spd}'"
    add(f"{S}-c{c}-ttft", S, W + ", " + row + ", column 'TTFT'",
        f"Llama-3.3-70B FP8, 2×B200, vLLM v0.9.0, 512/512, concurrency {c}: TTFT {ttft} (s)",
        m, "b200", 2, {"tp": 2, "pp": 1, "ep": 1}, sv, "first_token", ttft, common)
    add(f"{S}-c{c}-e2e", S, W + ", " + row + ", column 'e2e_latency'",
        f"same, concurrency {c}: e2e_latency {e2e} (s)",
        m, "b200", 2, {"tp": 2, "pp": 1, "ep": 1}, sv, "request", e2e, common)
    add(f"{S}-c{c}-speed", S, W + ", " + row + ", column 'Output Speed (tok/s)'",
        f"same, concurrency {c}: Output Speed {spd} tok/s",
        m, "b200", 2, {"tp": 2, "pp": 1, "ep": 1}, sv, "tokens_per_second_per_user", spd,
        common + ["genai-bench's 'Output Speed' read as the per-request output speed (tokens_per_second_per_user)"])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
