# Builds cases.json for the sealed serving set 2026-12-06d. Every measured number below is
# transcribed from the cited source text: the GPUStack performance-lab pages' pasted
# `vllm bench serve` outputs (gpustack/gpustack, docs/performance-lab) and the H100 / A100
# benchmark tables of the torchao quantization README (pytorch/ao). The only derived figures are
# the mean prompt and output lengths of the GPUStack runs (a run's 'Total input tokens' and
# 'Total generated tokens' divided by its 'Successful requests', rounded); `where` and `assumed`
# say so. README.md gives the selection rules; not_expressible.json lists what was left out.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []

def add(id, source, where, model, hw, gpus, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed)})

# ------------------------------------------------------------------ GPUStack performance lab
GS_COMMIT = "47277d79f4a5bae12a2d25e9ecbed2a2177a5f2d"   # repository snapshot read
GS_FILE_COMMIT = "1f37f1b8bd79c6b424a0cb55c7abd08a5c2132dc"  # last change of every page used
GS = f"gpustack/gpustack at commit {GS_COMMIT}, "

gs_common = [
    "client: vllm bench serve --backend openai-chat --endpoint /v1/chat/completions --dataset-name random (the page's 'Benchmark Script'; the random-dataset command it prints is the 4000 / 200 one with --num-prompts 500 --seed 42, the other lengths are named by the page's dataset list and the block's label); no --request-rate and no --max-concurrency: every prompt is sent at once (request rate inf), so the requested concurrency is the run's 'Successful requests' and the engine's own KV-cache limit decides how many run at once",
    "random dataset at vllm bench serve's default range ratio: fixed lengths; prompt and output are the run's means, 'Total input tokens' / 'Successful requests' and 'Total generated tokens' / 'Successful requests', rounded (no --ignore-eos is printed, so a few outputs stop early at end-of-sequence; the chat template adds a few tokens to each prompt that the client's count does not include)",
    "'Output token throughput (tok/s)' (generated tokens over the whole benchmark duration, prefill and ramp-down included) is read as the deployment's tokens_per_second",
    "server flags other than those in the quoted serving script are the engine's defaults (vLLM: gpu_memory_utilization 0.9, chunked prefill, prefix caching on but random prompts share no prefix; SGLang: mem_fraction_static and chunked prefill as the version chooses; TensorRT-LLM: trtllm-serve's PyTorch backend defaults); no speculative decoding in any used run",
    "KV cache bf16: no KV-cache dtype flag in any serving script used ('auto' = the model's activation dtype)",
]

def gs_runs(source, page, section, hw, gpus, model, model_note, parallel, weights, runtime, script, version, hw_text, runs, extra=()):
    for (label, n, tin, tout, otp, dur) in runs:
        p, o = round(tin / n), round(tout / n)
        sv = dict(prompt=p, output=o, concurrency=n, weights=weights, kv="bf16", runtime=runtime)
        where = (GS + f"docs/performance-lab/{page}.md (last changed in commit {GS_FILE_COMMIT}), section 'Other Benchmark Cases', "
                 f"{section} serving script '{script}', block '{label}': 'Successful requests: {n}', 'Benchmark duration (s): {dur}', "
                 f"'Total input tokens: {tin}', 'Total generated tokens: {tout}', field 'Output token throughput (tok/s): {otp}'")
        a = gs_common + [model_note, f"hardware as printed: '{hw_text}'; engine version from the page's 'Engine Version' list: {version}",
                         f"prompt {tin}/{n} -> {p}, output {tout}/{n} -> {o}"] + list(extra)
        tag = {"# random 32K input": "32k", "# random 4K input": "4k", "# random 2K input": "2k", "# random 128 input": "128"}[label]
        add(f"{source}-{runtime}-{weights}-tp{parallel['tp']}-{tag}-throughput", source, where, model, hw, gpus, parallel, sv,
            "tokens_per_second", otp, a)

Q32 = "Qwen/Qwen3-32B (the qwen3-32b preset), context from the released config (40960, max_position_embeddings), so that 32000 + 100 fits"
Q32_FP8 = "Qwen/Qwen3-32B-FP8 (the qwen3-32b shape; Qwen's block-scaled FP8 checkpoint, W8A8 on H100: parallel.precision left at its FP8 default), context 40960 (--max_seq_len=40960)"
Q235 = "Qwen/Qwen3-235B-A22B-Instruct-2507 (the qwen3-235b-a22b shape), bf16 weights as released, context from the released config (262144); vLLM without --enable-expert-parallel keeps the experts tensor-parallel: ep 1"
Q235_FP8 = "Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 (the qwen3-235b-a22b shape; Qwen's block-scaled FP8 checkpoint), context 262144; experts tensor-parallel (no --enable-expert-parallel): ep 1"
DSR1 = "deepseek-ai/DeepSeek-R1-0528 (the deepseek-v3 shape), FP8 weights as released (block-scaled FP8, W8A8 on H200: parallel.precision left at its FP8 default), context from the released config (163840); no MTP / speculative decoding flag; experts tensor-parallel (no expert-parallel flag): ep 1"

S = "gpustack-perflab-qwen3-32b-h100"
gs_runs(S, "qwen3-32b/h100", "baseline", "h100-sxm", 1, {"preset": "qwen3-32b", "seq": 40960}, Q32,
        {"tp": 1, "pp": 1, "ep": 1}, "bf16", "vllm", "vllm serve Qwen/Qwen3-32B", "vLLM v0.11.0", "A single NVIDIA H100 SXM GPU.", [
    ("# random 32K input", 100, 3200000, 7681, 6.64, "1157.25"),
    ("# random 4K input", 500, 1997942, 99790, 102.21, "976.29"),
    ("# random 2K input", 500, 998175, 50000, 152.42, "328.04"),
    ("# random 128 input", 1000, 127698, 4000, 121.66, "32.88"),
])
gs_runs(S, "qwen3-32b/h100", "optimized", "h100-sxm", 1, {"preset": "qwen3-32b", "seq": 40960}, Q32_FP8,
        {"tp": 1, "pp": 1, "ep": 1}, "fp8", "trtllm", "trtllm-serve Qwen/Qwen3-32B-FP8 --max_seq_len=40960 --enable_chunked_prefill",
        "TensorRT-LLM v1.2.0rc1", "A single NVIDIA H100 SXM GPU.", [
    ("# random 32K input", 100, 3200000, 7832, 9.93, "788.52"),
    ("# random 4K input", 500, 1997942, 99888, 234.70, "425.60"),
    ("# random 2K input", 500, 998175, 50000, 281.53, "177.60"),
    ("# random 128 input", 1000, 127698, 4000, 207.33, "19.29"),
], extra=["--enable_chunked_prefill is not a request field (the trtllm runtime's in-flight batching is kept); the KV pool is trtllm-serve's default free-memory fraction (the runtime's 0.9 rule kept)"])

S = "gpustack-perflab-qwen3-235b-h100"
gs_runs(S, "qwen3-235b-a22b/h100", "baseline", "h100-sxm", 8, {"preset": "qwen3-235b-a22b", "seq": 262144}, Q235,
        {"tp": 8, "pp": 1, "ep": 1}, "bf16", "vllm", "vllm serve Qwen/Qwen3-235B-A22B-Instruct-2507 -tp 8", "vLLM v0.11.0",
        "8 × NVIDIA H100 SXM GPUs on a single node.", [
    ("# random 32K input", 100, 3200000, 8191, 57.85, "141.60"),
    ("# random 4K input", 500, 1997942, 92185, 931.21, "98.99"),
    ("# random 2K input", 500, 998175, 49500, 1127.26, "43.91"),
    ("# random 128 input", 984, 125650, 3936, 445.53, "8.83"),
], extra=["the 128-token run completed 984 requests (the block prints no failures); the requested concurrency is the 984 completed ones"])
gs_runs(S, "qwen3-235b-a22b/h100", "optimized", "h100-sxm", 4, {"preset": "qwen3-235b-a22b", "seq": 262144}, Q235_FP8,
        {"tp": 4, "pp": 1, "ep": 1}, "fp8", "vllm", "vllm serve Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 -tp 4 --max-num-batched-tokens 16384",
        "vLLM v0.11.0", "8 × NVIDIA H100 SXM GPUs on a single node.", [
    ("# random 32K input", 100, 3200000, 8281, 39.66, "208.79"),
    ("# random 4K input", 500, 1997942, 90966, 717.60, "126.76"),
    ("# random 2K input", 500, 998175, 49471, 894.84, "55.28"),
    ("# random 128 input", 984, 125650, 3936, 644.28, "6.11"),
], extra=["one tp-4 server on 4 of the node's 8 GPUs: the page's summary table doubles these figures ('x2') for two such servers; the single server's measured figure is used, as 4 x H100 with tp 4",
          "--max-num-batched-tokens 16384 is not a request field (vLLM's chunked-prefill token budget); the vllm runtime's own prompt handling is kept",
          "the 128-token run completed 984 requests; the requested concurrency is the 984 completed ones"])

S = "gpustack-perflab-dsr1-h200"
gs_runs(S, "deepseek-r1/h200", "baseline", "h200", 8, {"preset": "deepseek-v3", "seq": 163840}, DSR1,
        {"tp": 8, "pp": 1, "ep": 1}, "fp8", "vllm", "vllm serve deepseek-ai/DeepSeek-R1-0528 -tp 8", "vLLM v0.11.0",
        "8 × NVIDIA H200 SXM GPUs on a single node.", [
    ("# random 32K input", 100, 3199900, 10000, 48.33, "206.90"),
    ("# random 4K input", 500, 1997530, 100000, 753.67, "132.68"),
    ("# random 2K input", 500, 998393, 50000, 843.71, "59.26"),
    ("# random 128 input", 1000, 126882, 4000, 181.27, "22.07"),
])
gs_runs(S, "deepseek-r1/h200", "optimized", "h200", 8, {"preset": "deepseek-v3", "seq": 163840}, DSR1,
        {"tp": 8, "pp": 1, "ep": 1}, "fp8", "sglang", "python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-R1-0528 --tp 8 --enable-dp-attention",
        "SGLang v0.5.3", "8 × NVIDIA H200 SXM GPUs on a single node.", [
    ("# random 32K input", 100, 3199900, 9952, 49.89, "199.47"),
    ("# random 4K input", 500, 1997530, 100000, 767.42, "130.31"),
    ("# random 2K input", 500, 998393, 50000, 907.31, "55.11"),
    ("# random 128 input", 1000, 126882, 4000, 624.94, "6.40"),
], extra=["--enable-dp-attention without --dp: SGLang's dp_size stays at its default (1), so attention is taken as tensor-parallel over the 8 GPUs like the rest (tp 8); what the flag still changes at dp_size 1 is not described by the page and is not expressible"])

S = "gpustack-perflab-qwen3-32b-a100"
gs_runs(S, "qwen3-32b/a100", "baseline", "a100-80gb", 1, {"preset": "qwen3-32b", "seq": 40960}, Q32,
        {"tp": 1, "pp": 1, "ep": 1}, "bf16", "vllm", "vllm serve Qwen/Qwen3-32B", "vLLM v0.11.0", "A single NVIDIA A100 SXM 80GB GPU.", [
    ("# random 32K input", 100, 3200000, 7699, 4.32, "1783.59"),
    ("# random 4K input", 500, 1997942, 99893, 87.48, "1141.94"),
    ("# random 2K input", 500, 998175, 50000, 120.27, "415.71"),
    ("# random 128 input", 1000, 127698, 4000, 80.69, "49.57"),
])
gs_runs(S, "qwen3-32b/a100", "optimized", "a100-80gb", 1, {"preset": "qwen3-32b", "seq": 40960}, Q32,
        {"tp": 1, "pp": 1, "ep": 1}, "bf16", "trtllm", "trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill",
        "TensorRT-LLM v1.2.0rc1", "A single NVIDIA A100 SXM 80GB GPU.", [
    ("# random 32K input", 100, 3200000, 7880, 3.88, "2029.84"),
    ("# random 4K input", 500, 1997942, 99874, 97.01, "1029.52"),
    ("# random 2K input", 500, 998175, 50000, 129.55, "385.94"),
    ("# random 128 input", 1000, 127698, 4000, 107.38, "37.25"),
], extra=["--enable_chunked_prefill is not a request field (the trtllm runtime's in-flight batching is kept); the KV pool is trtllm-serve's default free-memory fraction (the runtime's 0.9 rule kept)"])

S = "gpustack-perflab-qwen3-235b-a100"
gs_runs(S, "qwen3-235b-a22b/a100", "baseline", "a100-80gb", 8, {"preset": "qwen3-235b-a22b", "seq": 262144}, Q235,
        {"tp": 8, "pp": 1, "ep": 1}, "bf16", "vllm", "vllm serve Qwen/Qwen3-235B-A22B-Instruct-2507 -tp 8", "vLLM v0.11.0",
        "8 × NVIDIA A100 SXM 80GB GPUs on a single node.", [
    ("# random 32K input", 100, 3200000, 8191, 17.00, "481.89"),
    ("# random 4K input", 500, 1997942, 91352, 357.26, "255.70"),
    ("# random 2K input", 500, 998175, 49632, 442.54, "112.15"),
    ("# random 128 input", 1000, 127698, 4000, 226.26, "17.68"),
])
gs_runs(S, "qwen3-235b-a22b/a100", "optimized", "a100-80gb", 4, {"preset": "qwen3-235b-a22b", "seq": 262144}, Q235_FP8,
        {"tp": 4, "pp": 1, "ep": 1}, "fp8", "vllm", "vllm serve Qwen/Qwen3-235B-A22B-Instruct-2507-FP8 -tp 4", "vLLM v0.11.0",
        "8 × NVIDIA A100 SXM 80GB GPUs on a single node.", [
    ("# random 32K input", 100, 3200000, 8300, 10.69, "776.36"),
    ("# random 4K input", 500, 1997942, 90389, 200.55, "450.71"),
    ("# random 2K input", 500, 998175, 49495, 251.99, "196.42"),
    ("# random 128 input", 1000, 127698, 4000, 150.70, "26.54"),
], extra=["FP8 weights on A100 run weight-only (the page: 'vLLM supports running as w8a16 quantization on A100 GPUs via its Marlin kernel'); parallel.precision defaults to bf16 arithmetic on A100, which matches",
          "one tp-4 server on 4 of the node's 8 GPUs (the page's conclusion doubles it for two servers); the single server's measured figure is used, as 4 x A100 with tp 4"])

# ------------------------------------------------------------------ torchao quantization README (gpt-fast-style generate.py)
AO_COMMIT = "92dd5f557d32ce616a138dfe0bdc195355271514"
AO = f"pytorch/ao at commit {AO_COMMIT}, torchao/quantization/README.md, section 'Benchmarks', "
ao_common = [
    "runtime: torchao/_models/llama/generate.py, a fork of gpt-fast (static KV cache, torch.compile of the decode step, batch size 1; README: 'generates text in a latency optimized way (batchsize=1)'); expressed as the gpt-fast runtime at concurrency 1",
    "workload: generate.py's defaults at that commit (torchao/_models/llama/generate.py and benchmarks.sh at the same commit): prompt 'Hello, my name is' encoded with BOS (6 tokens with the Llama 2 and Llama 3 tokenizers; not printed), --max_new_tokens 200, --num_samples 5, --compile (no --compile_prefill); tokens/s is generated tokens over the whole generate() call of one sample (the short prefill included), averaged over the samples after the compile warm-up",
    "'Tokens/Second' is read as the deployment's tokens_per_second at concurrency 1 (one sequence)",
    "KV cache bf16 (no --kv_cache_quantization in the README benchmark commands)",
]
LLAMA2_7B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32, "ffn": 11008, "vocab": 32000, "seq": 4096,
             "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False, "tied_embeddings": False}

def ao_case(source, table, hwtext, hw, model, mname, model_note, row, weights, group, precision, tps, extra=()):
    sv = dict(prompt=6, output=200, concurrency=1, weights=weights, kv="bf16", runtime="gpt-fast")
    if group:
        sv["group_size"] = group
    par = {"tp": 1}
    if precision:
        par["precision"] = precision
    where = AO + f"{table} ({hwtext}), row '{mname}' / '{row}', column 'Tokens/Second': {tps}"
    add(f"{source}-{mname.lower()}-{row.lower().replace(' ', '').replace('(', '-').replace(')', '')}-tps", source, where,
        model, hw, 1, par, sv, "tokens_per_second", tps, ao_common + [model_note] + list(extra))

S = "torchao-quant-readme-h100"
L31 = "meta-llama/Meta-Llama-3.1-8B (the llama-3.1-8b preset, its seq 8192 left as is: generate.py's static cache is only prompt + output = 206 tokens long)"
H100T = "second table, 'Benchmarks and evaluation for model meta-llama/Meta-Llama-3.1-8B are run on a machine with a single NVIDIA-H100 GPU'"
H100X = ["H100 form factor not stated: the SXM part assumed (h100-sxm); the bf16 row's 'Memory Bandwidth (GB/s)' of 1904.75 (weights only) is above a PCIe H100's 2.0 TB/s nominal reach in practice, which supports SXM"]
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "Base (bfloat16)", "bf16", 0, None, 126.90, H100X)
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "int8wo", "int8", 0, None, 198.85,
        H100X + ["int8wo: int8_weight_only, per-channel int8 weights (one scale per output row), bf16 arithmetic: weights int8 with no group (serving.group_size 0)"])
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "int4wo-64", "int4", 64, None, 241.39,
        H100X + ["int4wo-64: int4_weight_only with group size 64 (tinygemm, a bf16 scale and zero point per group): weights int4, serving.group_size 64"])
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "float8wo", "fp8", 0, "bf16", 178.46,
        H100X + ["float8wo: float8 weight-only (e4m3 weights, bf16 activations and arithmetic): weights fp8 with parallel.precision bf16"])
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "float8dq (PerTensor)", "fp8", 0, "fp8-current", 116.40,
        H100X + ["float8dq (PerTensor): float8 dynamic activation and weight quantization with per-tensor scales computed from the current tensor: weights fp8, parallel.precision fp8-current (W8A8)"])
ao_case(S, H100T, "H100", "h100-sxm", {"preset": "llama-3.1-8b"}, "Llama-3.1-8B", L31, "float8dq (Per Row)", "fp8", 0, "fp8-current", 154.63,
        H100X + ["float8dq (Per Row): float8 dynamic activation and weight quantization with per-row scales: weights fp8, parallel.precision fp8-current (W8A8; the request has no per-row recipe, the dynamic per-tensor one is the nearest)"])

S = "torchao-quant-readme-a100"
A100T = "first table, 'Benchmarks and evaluation are run on a machine with a single NVIDIA-A100-80GB GPU'"
A100X = ["A100 80GB: the SXM part assumed (a100-80gb preset; the README names 'NVIDIA-A100-80GB')"]
L2 = "meta-llama/Llama-2-7b-chat-hf: the Llama 2 7B shape written out (32 layers, hidden 4096, 32 heads, no GQA, ffn 11008, vocab 32000, context 4096), as in content/presets/serving-cases.json's gpt-fast case"
L3 = "meta-llama/Meta-Llama-3-8B: the llama-3.1-8b preset (same layer shapes, vocabulary and GQA as Llama 3.1 8B; only the released context and rope scaling differ, neither of which matters at 206 tokens)"
for (mname, model, note, rows) in [
        ("Llama-2-7B", LLAMA2_7B, L2, [("Base (bfloat16)", "bf16", 0, 107.38), ("int8wo", "int8", 0, 170.83), ("int4wo-64", "int4", 64, 201.14)]),
        ("Llama-3-8B", {"preset": "llama-3.1-8b"}, L3, [("Base (bfloat16)", "bf16", 0, 95.64), ("int8wo", "int8", 0, 153.03), ("int4wo-64", "int4", 64, 180.80)])]:
    for (row, w, g, tps) in rows:
        x = {"bf16": [], "int8": ["int8wo: int8_weight_only, per-channel int8 weights, bf16 arithmetic: weights int8, no group"],
             "int4": ["int4wo-64: int4_weight_only with group size 64: weights int4, serving.group_size 64"]}[w]
        ao_case(S, A100T, "A100-80GB", "a100-80gb", model, mname, note, row, w, g, None, tps, A100X + x)

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
