# Builds cases.json for the sealed serving set 2026-12-06h. Every measured number below is
# transcribed from the cited source text: three benchmark reports of the public repository
# ankdeshm/dynamo_disaag_serving_gke (standard vLLM serving Llama-3.1-70B-Instruct FP8 on
# GKE A4 nodes, NVIDIA B200, measured with NVIDIA genai-perf) and one DataCrunch deployment note
# in datacrunch-research/blogs (DeepSeek-R1 on 8 x H200 with SGLang's bench_one_batch).
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

# ------------------------------------------------------------------ ankdeshm/dynamo_disaag_serving_gke
REPO = "ankdeshm/dynamo_disaag_serving_gke"
L70 = {"preset": "llama-3.1-70b", "seq": 32768}
gk_common = [
    "model neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8 (the llama-3.1-70b shape): FP8 weights, W8A8 ('CompressedTensorsW8A8Fp8' in the 2x TP4 report; parallel.precision left at its FP8 default on B200), FP8 KV cache (--kv-cache-dtype fp8), --block-size 128 (serving.block 128), --max-model-len 32768 (model.seq 32768), --gpu-memory-utilization 0.90 (the vllm runtime's own 0.9)",
    "GPU: NVIDIA B200 on a GKE A4 node as the report states (the b200 preset); the replicas sit on one 8-GPU node and a Kubernetes ClusterIP service spreads the requests over them: the requested concurrency is the deployment's, spread evenly over the dp replicas",
    "client: genai-perf profile --endpoint-type chat --streaming --synthetic-input-tokens-stddev 0 --output-tokens-stddev 0 --extra-inputs min_tokens/max_tokens = the output length --extra-inputs ignore_eos:true: fixed prompt and output lengths; the chat template adds a few tokens to each prompt that the synthetic length does not count (prompt taken as the stated synthetic length)",
    "genai-perf metric mapping: 'Time To First Token' (mean, client side, HTTP and tokenization included) -> first_token; 'Inter-Token Latency' (mean) -> per_output_token; 'Request Latency' (mean) -> request; 'Total Output Token Throughput' -> tokens_per_second; 'Output Throughput Per User' / 'Output Speed Per User' (mean) -> tokens_per_second_per_user; ms written in s",
    "server flags not quoted in the report are vLLM's defaults (chunked prefill; prefix caching: the 2x TP4 'maxbatch' report says disabled, random synthetic prompts share no prefix either way); --max-num-batched-tokens 16384 (2x TP4) is not a request field; vLLM version: the nvcr.io/nvidia/ai-dynamo/vllm-runtime image (1.2.1 in the 2x TP4 manifest), exact vLLM release not stated; no speculative decoding",
]

LAB_MASTER = {"tokens_per_second": "Total Output Token Throughput", "tokens_per_second_per_user": "Output Speed Per User",
              "first_token": "Mean Time To First Token (TTFT)", "per_output_token": "Mean Inter-Token Latency (ITL)", "request": "Mean Request Latency"}
LAB_08 = {"tokens_per_second": "Total Output Token Throughput", "tokens_per_second_per_user": "Output Token Throughput Per User (tok/s/user)",
          "first_token": "Time To First Token (ms)", "per_output_token": "Inter-Token Latency (ms)", "request": "Request Latency (ms)"}
LAB_12 = dict(LAB_MASTER, tokens_per_second_per_user="Output Throughput Per User")

def gk_run(source, tag, where, gpus, parallel, prompt, output, conc, vals, extra=(), labels=LAB_MASTER):
    sv = dict(prompt=prompt, output=output, concurrency=conc, weights="fp8", kv="fp8", block=128, runtime="vllm")
    names = [("tokens_per_second", "tput", "Total Output Token Throughput", 1.0),
             ("tokens_per_second_per_user", "user", "Output Throughput Per User", 1.0),
             ("first_token", "ttft", "Time To First Token", 1e-3),
             ("per_output_token", "itl", "Inter-Token Latency", 1e-3),
             ("request", "e2e", "Request Latency", 1e-3)]
    for metric, short, label, scale in names:
        v = vals[metric]
        measured = round(v * scale, 8)
        label = labels[metric]
        add(f"{source}-{tag}-{short}", source, where + f", row '{label}': {v:,.2f}" + (" ms" if scale != 1.0 else " tok/s" if metric == "tokens_per_second" else " tok/s/user"),
            L70, "b200", gpus, parallel, sv, metric, measured, gk_common + list(extra))

S = "ankdeshm-gke-b200-vllm-llama31-70b-fp8-2xtp4"
F = f"{REPO} at commit 5ab57ab3d923a72f78086ab57700e8ed9d64c5a3, 13_master.md, section '4. Raw Benchmark Metrics (All 8 Runs)'"
P2 = {"tp": 4, "pp": 1, "ep": 1, "dp": 2}
x2 = ["layout: 'Standard vLLM (2x TP4)', manifest llama31_70b_standard_vllm_a4_spot_2xtp4_maxbatch.yaml: two replicas of tensor parallel 4 on the 8 B200 GPUs of one node (tp 4, dp 2)",
      "600 measured requests after 30 warm-up requests (the report's methodology section)"]
for (tag, grp, prompt, conc, col, vals) in [
    ("3k-c16", "Group A, '2. Standard vLLM (`2x TP4`) — 3k ISL'", 3000, 16, "Concurrency 16",
     {"tokens_per_second": 1350.12, "tokens_per_second_per_user": 113.45, "first_token": 405.66, "per_output_token": 9.09, "request": 1760.17}),
    ("3k-c32", "Group A, '2. Standard vLLM (`2x TP4`) — 3k ISL'", 3000, 32, "Concurrency 32",
     {"tokens_per_second": 3035.79, "tokens_per_second_per_user": 112.35, "first_token": 227.02, "per_output_token": 8.93, "request": 1558.20}),
    ("8k-c16", "Group B, '4. Standard vLLM (`2x TP4`) — 8k ISL'", 8000, 16, "Concurrency 16",
     {"tokens_per_second": 546.63, "tokens_per_second_per_user": 65.90, "first_token": 1743.75, "per_output_token": 17.50, "request": 4351.68}),
    ("8k-c32", "Group B, '4. Standard vLLM (`2x TP4`) — 8k ISL'", 8000, 32, "Concurrency 32",
     {"tokens_per_second": 628.28, "tokens_per_second_per_user": 31.56, "first_token": 2307.65, "per_output_token": 35.32, "request": 7569.90}),
]:
    gk_run(S, tag, F + f", {grp}, column '{col}'", 8, P2, prompt, 150, conc, vals,
           x2 + [f"lengths from the methodology section: ISL {prompt} tokens, OSL fixed 150 (min_tokens 150, max_tokens 150, ignore_eos)"])

S = "ankdeshm-gke-b200-vllm-llama31-70b-fp8-2xtp4-c32"
F = f"{REPO} at commit dec918cafa32cb9fa00be0fe717e333fdfc7e8ee, 08-benchmarking-standard-vllm-4xtp2.md.md ('Standard vLLM Baseline Serving: Llama 3.1 70B FP8 (2x TP4) on NVIDIA B200s'), section 'Benchmark Results', table 'NVIDIA GenAI-Perf Metric Summary', column 'Avg'"
gk_run(S, "3k-c32", F, 8, P2, 3000, 150, 32,
       {"tokens_per_second": 1295.28, "tokens_per_second_per_user": 67.24, "first_token": 1320.91, "per_output_token": 15.97, "request": 3700.45},
       ["layout: 2 replicas x tensor parallel 4 on 8 B200 GPUs of one node (manifest llama31_70b_standard_vllm_a4_spot_2xtp4.yaml; tp 4, dp 2)",
        "genai-perf --concurrency 32 --request-count 320 --warmup-request-count 10, --synthetic-input-tokens-mean 3000, --output-tokens-mean 150 with min_tokens/max_tokens 150 and ignore_eos ('Completed Request Count 320.00')",
        "'Total Output Token Throughput' has only the Avg column (the percentile columns print 'N/A'); it is read as the run's throughput"],
       labels=LAB_08)

S = "ankdeshm-gke-b200-vllm-llama31-70b-fp8-4xtp1"
F = f"{REPO} at commit 051f35d32c2cd918260c43145deb18aeae8e3b26, 12_benchmarking-standard-vllm-4xtp1.md, section 'Benchmark Results: Standard vLLM (4x TP1)'"
P4 = {"tp": 1, "pp": 1, "ep": 1, "dp": 4}
for (tag, col, conc, vals) in [
    ("3k-c16", "Concurrency 16", 16, {"tokens_per_second": 446.01, "tokens_per_second_per_user": 46.27, "first_token": 1894.44, "per_output_token": 23.05, "request": 5328.76}),
    ("3k-c32", "Concurrency 32", 32, {"tokens_per_second": 560.56, "tokens_per_second_per_user": 26.85, "first_token": 2562.52, "per_output_token": 39.71, "request": 8479.68}),
]:
    gk_run(S, tag, F + f", column '{col}'", 4, P4, 3000, 150, conc, vals,
           ["layout: 4 independent replicas at tensor parallel 1, one B200 each ('fitting comfortably on a single 180 GB NVIDIA B200 GPU'; manifest llama31_70b_standard_vllm_a4_spot_4xtp1.yaml): 4 GPUs, tp 1, dp 4",
            "genai-perf --concurrency as the column, --request-count 600, --warmup-request-count 30, --synthetic-input-tokens-mean 3000, --output-tokens-mean 150 with min_tokens/max_tokens 150 and ignore_eos"],
           labels=LAB_12)

# ------------------------------------------------------------------ datacrunch-research/blogs, DeepSeek-R1 on 8 x H200
S = "datacrunch-blog-dsr1-h200-sglang-bs1"
F = ("datacrunch-research/blogs at commit 00d0006d9ad43731dc2ebc9f63ff5f713f81b680, 'deepseek/r1/DeepSeek R1 685B FP16 8xH200 Datacrunch.md', "
     "section 'Benchmarking DeepSeek R1', the second ('Benchmark ...') block of the sglang.bench_one_batch output")
DS = {"preset": "deepseek-v3", "seq": 163840}
dc_common = [
    "command as printed: python3 -m sglang.bench_one_batch --batch-size 1 --input 128 --output 256 --model deepseek-ai/DeepSeek-R1 --trust-remote-code --tp 8 --enable-torch-compile --torch-compile-max-bs 1: one sequence (concurrency 1), prompt 128, output 256, tp 8 on the 8 H200 GPUs of one node ('Deploying DeepSeek-R1 685B on 8xH200')",
    "model deepseek-ai/DeepSeek-R1 (the deepseek-v3 shape, context 163840 from the released config): the checkpoint's own block-scaled FP8 weights are loaded (the page's title says 'FP16', but the command names the released FP8 checkpoint and no dtype or quantization flag; the page lists 'FP8 (W8A8)' among SGLang's DeepSeek features); parallel.precision left at its FP8 default on H200",
    "KV cache bf16 (no --kv-cache-dtype in the command); experts tensor-parallel (no expert-parallel flag, ep 1); no MTP / speculative decoding (the page: 'Multi-Token Prediction (MTP) is in development'); bench_one_batch has no --enable-dp-attention in the command",
    "runtime: SGLang's engine (the sglang runtime), run offline by bench_one_batch: no HTTP server and no scheduler queue; torch.compile of the batch-1 decode graph is not a request field",
]
add(f"{S}-decode", S, F + ", line 'Decode.  median latency: 0.02098 s, median throughput:     47.67 token/s'",
    DS, "h200", 8, {"tp": 8, "pp": 1, "ep": 1}, dict(prompt=128, output=256, concurrency=1, weights="fp8", kv="bf16", runtime="sglang"),
    "per_output_token", 0.02098, dc_common + ["'Decode. median latency' (one decode step of the batch of 1) -> per_output_token"])
add(f"{S}-prefill", S, F + ", line 'Prefill. latency: 0.19635 s, throughput:    651.90 token/s'",
    DS, "h200", 8, {"tp": 8, "pp": 1, "ep": 1}, dict(prompt=128, output=256, concurrency=1, weights="fp8", kv="bf16", runtime="sglang"),
    "first_token", 0.19635, dc_common + ["'Prefill. latency' (the 128-token prefill forward pass, which yields the first token; no HTTP or queue) -> first_token"])
add(f"{S}-total", S, F + ", line 'Total. latency:  5.537 s, throughput:     69.35 token/s'",
    DS, "h200", 8, {"tp": 8, "pp": 1, "ep": 1}, dict(prompt=128, output=256, concurrency=1, weights="fp8", kv="bf16", runtime="sglang"),
    "request", 5.537, dc_common + ["'Total. latency' (prefill plus the decode steps of the 256 output tokens) -> request; its 'throughput 69.35 token/s' counts prompt and output tokens ((128 + 256) / 5.537) and is not used"])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
