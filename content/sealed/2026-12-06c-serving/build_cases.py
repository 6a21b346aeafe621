# Builds cases.json for the sealed serving set 2026-12-06c. Every measured number below is
# transcribed from the cited source text (the sgl-project/sgl-cookbook pages' pasted
# `sglang.bench_serving` outputs and the TensorRT-LLM DeepSeek-R1 best-practice blog's trtllm-bench
# output); the only derived figures are the mean prompt and output lengths (a run's total input /
# generated tokens divided by its successful requests), and `where` / `assumed` say so.
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []

def add(id, source, where, model, hw, gpus, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed)})

# ------------------------------------------------------------------ SGLang cookbook (sgl-project/sgl-cookbook)
CK = "sgl-project/sgl-cookbook at commit 7b5bd9c05e3d86da5161ac2be9b91c19a34bf49d, "
common = [
    "client: sglang.bench_serving, closed loop at the printed 'Max request concurrency' (the request's concurrency), request rate inf, --num-prompts as in the command above each output (10 at concurrency 1, 5 x concurrency otherwise); the run's printed mean 'Concurrency' (below the cap: the loop fills up and drains) is quoted in `where`",
    "dataset 'random' (the commands' --dataset-name random; the page's prose mentions ShareGPT, but the commands and the token totals, identical on every page of the cookbook for the same command, are of the random dataset with the default seed); the per-request lengths vary (bench_serving's default random range ratio) and are not printed: prompt and output are the run's means, 'Total input tokens' / 'Successful requests' and 'Total generated tokens' / 'Successful requests', rounded (the generated tokens are what the server produced; retokenized counts are close)",
    "server flags other than --tp not given: SGLang defaults (radix cache on, but random prompts share no prefix; chunked prefill, mem_fraction_static, max_running_requests, CUDA graphs as the version chooses); no speculative decoding in the benchmark's launch command",
    "Median TPOT (per request: (latency - TTFT) / (output - 1), the median over requests) is read as per_output_token; it includes the decode steps slowed by other requests' prefills. Median TTFT as first_token; 'Output token throughput (tok/s)' as the deployment's tokens_per_second",
]

def cookbook(source, page, page_commit, tag, model, hw, gpus, tp, weights, kv, assumed_extra, runs):
    for (scen, ni, no, c, n, tin, tout, otp, conc, ttft, tpot, roles) in runs:
        p, o = round(tin / n), round(tout / n)
        sv = dict(prompt=p, output=o, concurrency=c, weights=weights, kv=kv, runtime="sglang")
        row = (CK + f"{page} (last changed in commit {page_commit}), section '5.1 Speed Benchmark', {scen}, "
               f"run with --random-input-len {ni} --random-output-len {no} --num-prompts {n} --max-concurrency {c}: "
               f"'Successful requests: {n}', 'Total input tokens: {tin}', 'Total generated tokens: {tout}', 'Concurrency: {conc}'")
        a = common + assumed_extra + [f"prompt {tin}/{n} -> {p}, output {tout}/{n} -> {o}"]
        par = {"tp": tp, "pp": 1, "ep": 1}
        base = f"{source}-{ni // 1000}k-{no // 1000}k-c{c}"
        if "tpot" in roles:
            add(f"{base}-tpot", source, row + f", field 'Median TPOT (ms): {tpot}'", model, hw, gpus, par, sv,
                "per_output_token", round(tpot / 1000.0, 9), a)
        if "ttft" in roles:
            add(f"{base}-ttft", source, row + f", field 'Median TTFT (ms): {ttft}'", model, hw, gpus, par, sv,
                "first_token", round(ttft / 1000.0, 9), a)
        if "throughput" in roles:
            add(f"{base}-throughput", source, row + f", field 'Output token throughput (tok/s): {otp}'", model, hw, gpus, par, sv,
                "tokens_per_second", otp, a)

# Qwen3-235B-A22B-Instruct-2507 on 8 x B200, tp 8, SGLang 0.5.6
S = "sglang-cookbook-qwen3-235b-b200"
qwen = [
    "Qwen/Qwen3-235B-A22B-Instruct-2507 (the qwen3-235b-a22b shape: same architecture as Qwen3-235B-A22B), bf16 weights as released (the launch command names no quantization; the FP8 checkpoint is a separate repository), context from the released config (262144)",
    "test environment as printed: 'Hardware: NVIDIA B200 GPU (8x)', 'Tensor Parallelism: 8', 'sglang version: 0.5.6'; launch: python -m sglang.launch_server --model Qwen/Qwen3-235B-A22B-Instruct-2507 --tp 8 (experts tensor-parallel: SGLang's default without --ep-size, so ep 1)",
    "KV cache bf16 (SGLang's default 'auto': the model dtype)",
]
cookbook(S, "docs/autoregressive/Qwen/Qwen3.md", "8e3bdb7e3f5ff87bd4cd7f65014e0e32634df894", "qwen",
         {"preset": "qwen3-235b-a22b", "seq": 262144}, "b200", 8, 8, "bf16", "bf16", qwen, [
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.1 Low Concurrency'", 1000, 1000, 1, 10, 6101, 4210, 96.65, "1.00", 92.18, 10.12, ("tpot", "ttft")),
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.2 Medium Concurrency'", 1000, 1000, 16, 80, 39668, 40725, 832.04, "13.61", 88.82, 16.12, ("tpot",)),
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.3 High Concurrency'", 1000, 1000, 100, 500, 249831, 252162, 2738.78, "90.50", 122.68, 34.04, ("tpot", "throughput")),
    ("'5.1.2 Reasoning Scenario Benchmark' / '5.1.2.1 Low Concurrency'", 1000, 8000, 1, 10, 6101, 44452, 97.17, "1.00", 109.36, 10.24, ("tpot", "ttft")),
    ("'5.1.2 Reasoning Scenario Benchmark' / '5.1.2.2 Medium Concurrency'", 1000, 8000, 16, 80, 39668, 318226, 935.49, "13.85", 101.61, 14.91, ("tpot",)),
    ("'5.1.2 Reasoning Scenario Benchmark' / '5.1.2.3 High Concurrency'", 1000, 8000, 64, 320, 158939, 1300705, 2387.34, "56.35", 129.11, 24.07, ("tpot", "throughput")),
    ("'5.1.3 Summarization Scenario Benchmark' / '5.1.3.1 Low Concurrency'", 8000, 1000, 1, 10, 41941, 4210, 93.94, "1.00", 114.85, 10.33, ("tpot", "ttft")),
    ("'5.1.3 Summarization Scenario Benchmark' / '5.1.3.2 Medium Concurrency'", 8000, 1000, 16, 80, 300020, 41589, 820.69, "13.90", 168.48, 16.66, ("tpot",)),
    ("'5.1.3 Summarization Scenario Benchmark' / '5.1.3.3 High Concurrency'", 8000, 1000, 64, 320, 1273893, 169680, 1790.43, "58.63", 203.27, 34.27, ("tpot", "throughput")),
])

# DeepSeek-R1-0528 (FP8) on 8 x B200, tp 8, SGLang 0.5.6.post1
S = "sglang-cookbook-dsr1-b200"
dsr1 = [
    "deepseek-ai/DeepSeek-R1-0528 (the deepseek-v3 shape: same architecture), FP8 weights as released (block-scaled FP8, W8A8: parallel.precision left at its FP8 default), context from the released config (163840)",
    "test environment as printed: 'Hardware: B200 GPU (8x)', 'Tensor Parallelism: 8', 'SGLang Version: 0.5.6.post1'; launch: python -m sglang.launch_server --model-path deepseek-ai/DeepSeek-R1-0528 --tp 8 (no --ep-size, no --enable-dp-attention, no speculative decoding: the MTP module is not used; experts tensor-parallel, ep 1)",
    "KV cache (MLA latent) taken as bf16: no --kv-cache-dtype in the launch line (SGLang's 'auto'); the attention backend SGLang picks on B200 is not stated",
]
cookbook(S, "docs/autoregressive/DeepSeek/DeepSeek-R1.md", "268193ccf59631fe01880790f184bee7c35eee95", "dsr1",
         {"preset": "deepseek-v3", "seq": 163840}, "b200", 8, 8, "fp8", "bf16", dsr1, [
    ("'5.1.4 Benchmark Commands' / 'Scenario 1: Chat (1K/1K)' / 'Low Concurrency (Latency-Optimized)'", 1000, 1000, 1, 10, 6101, 4210, 105.24, "1.00", 140.76, 9.15, ("tpot", "ttft")),
    ("'5.1.4 Benchmark Commands' / 'Scenario 1: Chat (1K/1K)' / 'Medium Concurrency (Balanced)'", 1000, 1000, 16, 80, 39668, 40725, 795.30, "13.93", 131.71, 17.46, ("tpot",)),
    ("'5.1.4 Benchmark Commands' / 'Scenario 1: Chat (1K/1K)' / 'High Concurrency (Throughput-Optimized)'", 1000, 1000, 100, 500, 249831, 252162, 2282.90, "92.26", 147.62, 41.98, ("tpot", "throughput")),
    ("'5.1.4 Benchmark Commands' / 'Scenario 2: Reasoning (1K/8K)' / 'Low Concurrency'", 1000, 8000, 1, 10, 6101, 44452, 108.07, "1.00", 126.19, 9.20, ("tpot", "ttft")),
    ("'5.1.4 Benchmark Commands' / 'Scenario 2: Reasoning (1K/8K)' / 'Medium Concurrency'", 1000, 8000, 16, 80, 39668, 318226, 912.02, "14.07", 153.75, 15.59, ("tpot",)),
    ("'5.1.4 Benchmark Commands' / 'Scenario 2: Reasoning (1K/8K)' / 'High Concurrency'", 1000, 8000, 64, 320, 158939, 1300705, 2207.16, "57.03", 158.15, 26.72, ("tpot", "throughput")),
    ("'5.1.4 Benchmark Commands' / 'Scenario 3: Summarization (8K/1K)' / 'Low Concurrency'", 8000, 1000, 1, 10, 41941, 4210, 103.56, "1.00", 154.96, 9.27, ("tpot", "ttft")),
    ("'5.1.4 Benchmark Commands' / 'Scenario 3: Summarization (8K/1K)' / 'Medium Concurrency'", 8000, 1000, 16, 80, 300020, 41589, 733.41, "14.25", 189.59, 19.23, ("tpot",)),
    ("'5.1.4 Benchmark Commands' / 'Scenario 3: Summarization (8K/1K)' / 'High Concurrency'", 8000, 1000, 64, 320, 1273893, 169680, 1468.50, "59.45", 224.92, 40.99, ("tpot", "throughput")),
])

# Llama-3.1-70B (bf16) on 8 x A100, tp 8, SGLang 0.5.6
S = "sglang-cookbook-llama31-70b-a100"
llama = [
    "Meta-Llama/Llama-3.1-70B (the llama-3.1-70b shape), bf16 weights as released, context from the released config (131072)",
    "test environment as printed: 'Hardware: NVIDIA A100 GPU (8x)', 'Model: Meta-Llama/Llama-3.1-70B', 'Tensor Parallelism: 8', 'sglang version: 0.5.6'; launch: sglang serve --model-path Meta-Llama/Llama-3.1-70B --tp 8 (the benchmark commands are printed as 'sglang serve --backend sglang ... --dataset-name random ...', evidently bench_serving)",
    "A100 memory size not stated: the 80 GB SXM part assumed (a100-80gb preset); with 17.6 GB of weights per GPU the 40 GB part would also hold the runs, with a smaller KV pool",
    "KV cache bf16 (SGLang's default 'auto')",
]
cookbook(S, "docs/autoregressive/Llama/Llama3.1.md", "1e3601bc19dbca27b9791e741e13505acb21cdfe", "llama",
         {"preset": "llama-3.1-70b", "seq": 131072}, "a100-80gb", 8, 8, "bf16", "bf16", llama, [
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.1 Low Concurrency'", 1000, 1000, 1, 10, 6101, 4220, 52.88, "1.00", 131.77, 18.63, ("tpot", "ttft")),
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.2 Medium Concurrency'", 1000, 1000, 16, 80, 39668, 40805, 513.48, "13.47", 147.02, 26.08, ("tpot",)),
    ("'5.1.1 Standard Scenario Benchmark' / '5.1.1.3 High Concurrency'", 1000, 1000, 100, 500, 249831, 252662, 1919.38, "89.70", 184.22, 48.67, ("tpot", "throughput")),
    ("'5.1.2 Summarization Scenario Benchmark' / '5.1.2.1 Low Concurrency'", 8000, 1000, 1, 10, 41941, 4220, 50.69, "1.00", 318.02, 18.81, ("tpot", "ttft")),
    ("'5.1.2 Summarization Scenario Benchmark' / '5.1.2.2 Medium Concurrency'", 8000, 1000, 16, 80, 300020, 41669, 389.00, "14.18", 531.82, 36.73, ("tpot",)),
    ("'5.1.2 Summarization Scenario Benchmark' / '5.1.2.3 High Concurrency'", 8000, 1000, 64, 320, 1273893, 170000, 788.27, "60.01", 616.38, 82.85, ("tpot", "throughput")),
])

# ------------------------------------------------------------------ TensorRT-LLM blog: DeepSeek-R1 best performance, H200 max-throughput
S = "trtllm-blog-dsr1-h200-maxtput"
B = ("NVIDIA/TensorRT-LLM docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md (commit 01c4ece911eb569e72cf4177f83238a0520641c2), "
     "section 'H200 max-throughput', 'Expected Result Format' block, field 'Total Output Throughput (tokens/sec): 11489.2671' "
     "(same block: 'Request Throughput (req/sec): 5.6100', 'Per GPU Output Throughput (tokens/sec/gpu): 1436.1584', 'Average request latency (ms): 181540.5739')")
add(f"{S}-deepseek-r1-attndp8-ep8-c1024-throughput", S, B,
    {"preset": "deepseek-v3", "seq": 163840}, "h200", 8, {"tp": 1, "pp": 1, "ep": 8},
    dict(prompt=1024, output=2048, concurrency=1024, weights="fp8", kv="bf16", runtime="trtllm"),
    "tokens_per_second", 11489.2671, [
        "deepseek-ai/DeepSeek-R1 (the deepseek-v3 shape), FP8 weights as released (block-scaled, W8A8), context from the released config (163840)",
        "8 x H200 (section title; the blog's 'NVIDIA Blackwell B200 and H200 GPUs'), trtllm-bench throughput with --tp 8 --ep 8 and 'enable_attention_dp: true': attention runs data-parallel on each GPU and the experts are spread over the 8 GPUs; expressed as tp 1, ep 8, dp 8 (eight replicas with experts spread over them). How TensorRT-LLM runs the 3 dense layers' MLP under attention DP is not stated (taken as replicated, as the request's dp does)",
        "workload: the section's command builds a synthetic dataset with prepare_dataset.py token-norm-dist --input-mean 1024 --output-mean 2048 --input-stdev 0 --output-stdev 0 --num-requests 5120 (fixed 1024 / 2048), though its first line says 'from real dataset'; the command is taken as what ran",
        "concurrency 1024 (--concurrency 1024; --max_batch_size 128 per rank x 8 ranks); --max_num_tokens 1151, --kv_cache_free_gpu_mem_fraction 0.8 (not a request field: the trtllm runtime's own 0.9 pool rule is kept), CUDA graphs for batch 128 only, --warmup 0",
        "no speculative decoding in this section's config (MTP is in the min-latency sections only); KV cache bf16 (no kv_cache_dtype in the config: 'auto' for the FP8 checkpoint)",
        "TensorRT-LLM version: the blog names commit b6261862 for its B200 rows; the H200 rows' version is not stated",
        "'Total Output Throughput' is the deployment's output tokens per second over the whole run (prefill included); the block is headed 'Expected Result Format' and 'The perf might be different from different datasets and machines': taken as the blog's measured figure",
    ])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
