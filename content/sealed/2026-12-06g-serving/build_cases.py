# Builds cases.json for the sealed serving set 2026-12-06g. Every measured number below is
# transcribed from the cited source text: the trtllm-bench 'PERFORMANCE OVERVIEW' blocks of the raw
# logs results/result_<ISL>_<OSL>_<N>.txt in shaamil101-etched/trtllm-benchmarks (Llama-3.1-70B-Instruct,
# FP8 weights and FP8 KV cache, TensorRT-LLM 0.16.0, tp 8 on 8 x H100). No figure is derived.
# README.md gives the selection rule; not_expressible.json lists what was left out.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []

REPO = "shaamil101-etched/trtllm-benchmarks"
SNAP = "fd58c28aa866542c2ea5a95dd636124e2abf11ce"      # repository snapshot read (2025-07-12)
FILE_COMMIT = "aeec9f291501c26fe34b773c7a157f3bb1fbce24"  # commit that added every results/ file (2025-07-11)
S = "etched-trtllm-bench-llama31-70b-fp8-h100"

common = [
    "hardware: the repository README ('Original: Llama 3.1 70B Results': 'Hardware: 8x H100 GPUs (TP=8)'); the logs name no H100 form factor: the SXM part assumed (h100-sxm, one NVLink node, as tp 8 implies)",
    "model: 'Model: meta-llama/Llama-3.1-70B-Instruct' in the log's ENGINE DETAILS (the llama-3.1-70b preset, its seq set to the engine's printed 'Max Sequence Length: 25000' so that the longest runs fit; the released model's context is 131072); 'Quantization: FP8' (TensorRT-LLM FP8 W8A8 checkpoint: weights fp8, parallel.precision left at its fp8-current default), 'KV Cache Dtype: FP8' (serving.kv fp8), 'Dtype: bfloat16' for the rest",
    "parallelism: 'TP Size: 8', 'PP Size: 1' in WORLD + RUNTIME INFORMATION; a dense model: ep 1",
    "runtime: trtllm-bench throughput (TensorRT-LLM 0.16.0, 'TensorRT-LLM Version' in the log) on a prebuilt engine (C++ runtime, in-flight batching); 'Max Runtime Batch Size: 2048' matches the trtllm runtime's running limit; 'KV Memory Percentage: 90.00%' matches its 0.9 KV pool; 'Max Runtime Tokens: 8192' and 'Scheduling Policy: Guaranteed No Evict' are not request fields",
    "workload: a synthetic dataset of fixed lengths (create_synthetic_dataset.py; the log prints 'Average Input Length (tokens)' and 'Average Output Length (tokens)' exactly equal to ISL and OSL); 'Issue Rate (req/sec): 2.9766E+13': every request is issued at once, so the requested concurrency is the log's 'Number of requests' and the runtime's batch limit and KV cache decide how many run at once (as the 2026-12-06e set ruled for trtllm-bench issue 6294)",
    "'Token Throughput (tokens/sec)' is output tokens per second over the whole run ('Request Throughput' x output length reproduces it), read as the deployment's tokens_per_second",
    "the repository's llama-8b-results/ folder repeats these exact figures under a Llama-3.1-8B / 1 x H100 label; the raw logs name the 70B model and TP 8, so the logs are followed and the 8B relabelling is not used",
]

GRID = [128, 1024, 4096, 16384]
RUNS = {  # (ISL, OSL): (requests, token throughput, request throughput), as printed
    (128, 128): (30000, 14389.7989, 112.4203),
    (128, 1024): (7500, 19787.6318, 19.3239),
    (128, 4096): (1500, 12427.8444, 3.0341),
    (128, 16384): (400, 4557.7445, 0.2782),
    (1024, 128): (7500, 3575.3588, 27.9325),
    (1024, 1024): (3000, 10893.8728, 10.6385),
    (1024, 4096): (800, 9328.1862, 2.2774),
    (1024, 16384): (200, 3919.0053, 0.2392),
    (4096, 128): (1500, 969.2499, 7.5723),
    (4096, 1024): (800, 4391.1951, 4.2883),
    (4096, 4096): (400, 5220.4238, 1.2745),
    (4096, 16384): (100, 3398.8834, 0.2075),
    (16384, 128): (400, 230.4083, 1.8001),
    (16384, 1024): (200, 1224.7921, 1.1961),
    (16384, 4096): (100, 2149.8552, 0.5249),
}

for isl in GRID:
    for osl in GRID:
        if (isl, osl) not in RUNS:
            continue
        n, tps, rps = RUNS[(isl, osl)]
        path = f"results/result_{isl}_{osl}_{n}.txt"
        req = {"mode": "inference", "model": {"preset": "llama-3.1-70b", "seq": 25000},
               "hardware": {"preset": "h100-sxm", "gpus": 8},
               "parallel": {"tp": 8, "pp": 1, "ep": 1},
               "serving": {"prompt": isl, "output": osl, "concurrency": n,
                           "weights": "fp8", "kv": "fp8", "runtime": "trtllm"}}
        where = (f"{REPO} at commit {SNAP}, {path} (added in commit {FILE_COMMIT}), block 'PERFORMANCE OVERVIEW': "
                 f"'Number of requests: {n}', 'Average Input Length (tokens): {isl}.0000', 'Average Output Length (tokens): {osl}.0000', "
                 f"'Token Throughput (tokens/sec): {tps:.4f}', 'Request Throughput (req/sec): {rps:.4f}'")
        statement = (f"trtllm-bench throughput, Llama-3.1-70B-Instruct FP8 (FP8 KV cache), TP 8, TensorRT-LLM 0.16.0, "
                     f"{n} requests of {isl} in / {osl} out issued at once: 'Token Throughput (tokens/sec)' {tps:.4f}")
        cases.append({"id": f"{S}-{isl}-{osl}-tps", "source": S, "where": where, "statement": statement,
                      "request": req, "metric": "tokens_per_second", "measured": tps, "unit": "tokens/s",
                      "assumed": list(common)})

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
