# Builds cases.json for the sealed serving set 2026-12-07f. Every measured number below is
# transcribed from files two public repositories commit:
#   simon-mo/vLLM-Benchmark at commit d538cdc9366989e6b356514ff5d5d7ff6be6903e: the
#     `vllm bench serve`-style result JSONs (benchmark_serving.py --save-result) the vLLM team saved
#     for DeepSeek-R1 on 8 x H200 (a DGX H200 and a Nebius H200 node), vLLM 0.8.4, 2025-04-18;
#   Michaelvll/llm-ie-benchmarks at commit 5f717fed82f9bbf1d15881842bd61b1915d78b1e: SkyPilot job
#     logs of SGLang's bench_serving (sgl/logs/) and vLLM's benchmark_serving.py (vllm/logs/) against
#     SGLang 0.4.5.post3 and vLLM 0.8.4 serving DeepSeek-R1 on 8 x H200 (Nebius).
# README.md gives the selection rules; not_expressible.json lists the runs left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
SM_REPO, SM_COMMIT = "simon-mo/vLLM-Benchmark", "d538cdc9366989e6b356514ff5d5d7ff6be6903e"
IE_REPO, IE_COMMIT = "Michaelvll/llm-ie-benchmarks", "5f717fed82f9bbf1d15881842bd61b1915d78b1e"
cases = []

MODEL = {"preset": "deepseek-v3", "seq": 163840}
M_NOTE = ("model deepseek-ai/DeepSeek-R1 (the deepseek-v3 preset: DeepSeek-V3's architecture, 61 layers, MLA, 256 routed "
          "experts + 1 shared, top-8; R1 is a fine-tune of V3 with the same shape); model.seq 163840 = the model's "
          "max_position_embeddings, which both servers take as their context length when none is given (vLLM logs "
          "'Maximum concurrency for 163,840 tokens per request'; SGLang context_length=None)")
W_NOTE = ("weights fp8: DeepSeek-R1's own checkpoint, FP8 e4m3 with 128x128 block scales (both servers log 'W8A8 Block FP8 "
          "kernel' with block_shape [128, 128]); activations quantized to FP8 per 128-wide group, taken as the engine's "
          "default W8A8 FP8 GEMMs (parallel.precision default); the router, the embeddings and the head stay bf16")
KV_NOTE = "KV cache bf16: no kv_cache_dtype is given to either server (vLLM 'auto', SGLang kv_cache_dtype='auto': the model dtype)"
HW_NOTE = ("8 x NVIDIA H200 (SXM, 141 GB, one NVLink node: the h200 preset), tensor parallel 8, no pipeline, no expert "
           "parallelism, one replica")
POISSON = ("arrival poisson at request_rate 10 with requests = the run's prompt count: the client is started with "
           "--request-rate 10 (burstiness 1.0: exponential gaps) and no --max-concurrency, so no client cap (serving.concurrency "
           "absent); every request is sent at its arrival time and the benchmark ends when the last is answered")
FIXED = ("fixed lengths: the random dataset with every prompt exactly the input length and every output exactly the output "
         "length (ignore_eos), as the printed totals confirm (total input = prompts x input length, total generated = prompts "
         "x output length)")
METRIC = {
    "tput": ("tokens_per_second", "tokens/s", "output token throughput = total generated tokens / benchmark duration (first request sent to last answered)"),
    "ttft": ("first_token", "s", "mean time to first token over the run's requests, queueing in the server included (client-side, streamed)"),
    "tpot": ("per_output_token", "s", "mean time per output token after the first"),
}


def add(id, source, where, runtime, prompt, output, rate, n, metric, measured, assumed):
    m, unit, mnote = METRIC[metric]
    req = {"mode": "inference", "model": dict(MODEL), "hardware": {"preset": "h200", "gpus": 8},
           "parallel": {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
           "serving": {"prompt": prompt, "output": output, "weights": "fp8", "kv": "bf16", "runtime": runtime,
                       "arrival": "poisson", "request_rate": rate, "requests": n}}
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": m,
                  "measured": measured, "unit": unit, "assumed": [mnote] + list(assumed)})


def three(idp, source, where_base, runtime, prompt, output, n, tput, ttft_ms, tpot_ms, tpot_key, assumed):
    add(f"{idp}-tput", source, where_base + f": output throughput {tput} tok/s", runtime, prompt, output, 10, n,
        "tput", tput, assumed)
    add(f"{idp}-ttft", source, where_base + f": mean TTFT {ttft_ms} ms", runtime, prompt, output, 10, n,
        "ttft", round(ttft_ms / 1000.0, 6), assumed)
    add(f"{idp}-tpot", source, where_base + f": {tpot_key} {tpot_ms} ms", runtime, prompt, output, 10, n,
        "tpot", round(tpot_ms / 1000.0, 6), assumed + ([
            "per output token measured as SGLang bench_serving's mean ITL (its 0.4.5 report prints no TPOT): the mean gap "
            "between streamed tokens over all tokens; with every output the same length this weighs requests as TPOT does"]
            if tpot_key.startswith("mean ITL") else []))


# ---------------------------------------------------------------- simon-mo/vLLM-Benchmark (vLLM 0.8.4, TP 8)
VLLM084_SM = ("runtime vLLM 0.8.4 (Justfile uvx-vllm: vllm==0.8.4, its default V1 engine; FlashMLA attention), served by "
              "`VLLM_USE_FLASHINFER_SAMPLER=1 vllm serve deepseek-ai/DeepSeek-R1 --tensor-parallel-size 8 --trust-remote-code "
              "--no-enable-prefix-caching --disable-log-requests` (Justfile _serve-vllm, the DeepSeek-R1 branch: no "
              "--enable-expert-parallel, no --load-format dummy): every other setting at vLLM 0.8.4's defaults "
              "(gpu_memory_utilization 0.90, block 16, chunked prefill, CUDA graphs)")
CLIENT_SM = ("client vLLM's benchmarks/benchmark_serving.py cloned from vLLM's main branch (Justfile clone-vllm-benchmarks) "
             "with --dataset-name random --ignore-eos --num-prompts 50 --request-rate 10 --random-input-len I "
             "--random-output-len O --save-result (Justfile run-scenario), or --dataset-name sharegpt --ignore-eos "
             "--num-prompts 500 --request-rate 10 for the ShareGPT scenario; backend vllm (/v1/completions, streamed)")
SHAREGPT = ("ShareGPT scenario: 500 prompts sampled by benchmark_serving.py from ShareGPT_V3_unfiltered_cleaned_split.json "
            "(prompts of 4-1024 tokens, prompt + reference answer <= 2048), each output the reference answer's token count "
            "(ignore_eos); total input 102975 and total generated 107666 tokens over 500 requests -> mean prompt 206 (205.95) "
            "and mean output 215 (215.33) tokens; lengths vary per request (outputs 4 to 844 tokens in the DGX file's "
            "output_lens) and the engine takes every request at the means")
SM_RUNS = {
    "vllm-benchmark-simonmo-dgx-h200-vllm084": ("saved-results/v0.8.4/deepseek-r1/h200/2025-04-18/deepseek-r1-h200-04182025",
        "the DGX H200 node (Intel Xeon 8480C; README 'DGX H200', LOG.md 04/18/2025 'Berkeley's H200')", [
        ("1000-2000", 1000, 2000, 50, 1145.36, 309.02, 42.14, "20250418-223545"),
        ("5000-1000", 5000, 1000, 50, 853.46, 5828.09, 50.14, "20250418-223720"),
        ("10000-500", 10000, 500, 50, 446.9, 14937.28, 75.74, "20250418-223842"),
        ("30000-100", 30000, 100, 50, 37.31, 64123.02, 391.5, "20250418-224115"),
        ("sharegpt", 206, 215, 500, 1380.59, 125.43, 61.23, "20250418-224253")]),
    "vllm-benchmark-simonmo-nebius-h200-vllm084": ("saved-results/v0.8.4/deepseek-r1/nebius-h200/2025-04-18/deepseek-r1-nebius-h200-04182025",
        "the Nebius H200 node (Intel Xeon 8468; README 'Nebius H200 (CPU Xeon 8468)')", [
        ("1000-2000", 1000, 2000, 50, 1500.11, 1524.56, 31.44, "20250419-061438"),
        ("5000-1000", 5000, 1000, 50, 1049.73, 5653.73, 39.4, "20250419-061605"),
        ("10000-500", 10000, 500, 50, 497.91, 14617.88, 65.15, "20250419-061721"),
        ("30000-100", 30000, 100, 50, 30.62, 77226.86, 487.1, "20250419-062022"),
        ("sharegpt", 206, 215, 500, 1512.76, 136.7, 49.11, "20250419-062152")]),
}
for src, (folder, node, runs) in SM_RUNS.items():
    for tag, p, o, n, tput, ttft, tpot, date in runs:
        path = f"{folder}/vllm-{tag}-.json"
        where = (f"{SM_REPO} at commit {SM_COMMIT}, {path} (date {date}, num_prompts {n}, request_rate 10.0, "
                 f"max_concurrency null, completed {n}): keys output_throughput, mean_ttft_ms, mean_tpot_ms (shown rounded to 0.01)")
        var = [SHAREGPT] if tag == "sharegpt" else [FIXED + f": {n} x {p} prompt tokens, {n} x {o} output tokens"]
        three(f"{src}-{tag}", src, where, "vllm", p, o, n, tput, ttft, tpot, "mean_tpot_ms",
              [M_NOTE, W_NOTE, KV_NOTE, HW_NOTE + "; " + node, VLLM084_SM, CLIENT_SM, POISSON] + var)

# ---------------------------------------------------------------- Michaelvll/llm-ie-benchmarks, sgl/ harness
SGL_HARNESS = ("client SGLang's bench_serving (sgl/benchmark.yaml): `python -m sglang.bench_serving --backend B --num-prompts N "
               "--request-rate 10 --dataset-name random --random-input-len I --random-output-len O --random-range-ratio 1` "
               "(ignore_eos on: disable_ignore_eos=False in the printed arguments; one warm-up request), run three times over the "
               "four length pairs; the case takes the third pass, the one the job aggregates into its table and the README "
               "publishes ('Only collect results for the last retry')")
SGL_POST3 = ("runtime SGLang 0.4.5.post3 (sgl/benchmark.yaml at the logs' commit d709dba: sglang[all]==0.4.5.post3), "
             "`SGL_ENABLE_JIT_DEEPGEMM=1 python -m sglang.launch_server --model deepseek-ai/DeepSeek-R1 --tp 8 "
             "--disable-radix-cache --trust-remote-code`; the logged server_args: tp_size=8, dp_size=1, "
             "enable_dp_attention=False, enable_ep_moe=False, chunked_prefill_size=8192, page_size=1, "
             "mem_fraction_static=0.907 (SGLang's own choice for this GPU; the engine's sglang runtime takes its KV pool at its "
             "default fraction), KV pool max_total_num_tokens=654280; CUDA graphs at their defaults")
VLLM084_IE = ("runtime vLLM 0.8.4 (sgl/benchmark.yaml: vllm==0.8.4, its default V1 engine; the log shows 'Using FlashMLA backend "
              "on V1 engine'), `VLLM_USE_FLASHINFER_SAMPLER=1 vllm serve deepseek-ai/DeepSeek-R1 --tensor-parallel-size 8 "
              "--trust-remote-code --no-enable-prefix-caching --disable-log-requests`; other settings at vLLM 0.8.4's defaults "
              "(the log: 'GPU KV cache size: 542,208 tokens')")
NEBIUS_IE = "Nebius H200 node (README: 'CPU: Intel(R) Xeon(R) Platinum 8468, GPU: 8x NVIDIA H200'; `sky launch --cloud nebius`)"
IE_RUNS = [
    ("llm-ie-benchmarks-h200-sglang045post3", "sglang", "sglang-oai", "sgl/logs/sgl-0.4.5.post3-deepseek-r1.log", 50, SGL_POST3, [
        (895, 1000, 2000, 1329.14, 309.3, 36.34), (935, 5000, 1000, 951.64, 5150.47, 45.5),
        (975, 10000, 500, 479.69, 13724.04, 73.25), (1017, 30000, 100, 47.38, 50071.37, 204.9)]),
    ("llm-ie-benchmarks-h200-sglang045post3", "sglang", "sglang-oai", "sgl/logs/sgl-0.4.5.post3-deepseek-r1-200.log", 200, SGL_POST3, [
        (442, 1000, 2000, 3276.05, 301.95, 55.28), (483, 5000, 1000, 1322.31, 39973.35, 62.31),
        (526, 10000, 500, 501.95, 76224.73, 77.31), (575, 30000, 100, 47.68, 199342.59, 220.98)]),
    ("llm-ie-benchmarks-h200-vllm084", "vllm", "vllm", "sgl/logs/vllm-deepseek-r1.log", 50, VLLM084_IE, [
        (553, 1000, 2000, 1042.17, 322.15, 46.53), (603, 5000, 1000, 794.54, 5799.88, 54.69),
        (661, 10000, 500, 436.08, 14616.41, 79.35), (750, 30000, 100, 37.76, 63075.14, 371.71)]),
    ("llm-ie-benchmarks-h200-vllm084", "vllm", "vllm", "sgl/logs/vllm-deepseek-r1-200.log", 200, VLLM084_IE, [
        (1486, 1000, 2000, 2498.9, 348.47, 68.47), (1625, 5000, 1000, 930.93, 50728.07, 83.51),
        (1834, 10000, 500, 341.7, 121580.21, 140.52), (2073, 30000, 100, 38.44, 249730.16, 426.08)]),
]
for src, runtime, backend, path, n, rt_note, runs in IE_RUNS:
    for line, p, o, tput, ttft, itl in runs:
        where = (f"{IE_REPO} at commit {IE_COMMIT}, {path}, the 'Serving Benchmark Result' block at line {line} (third pass, "
                 f"backend {backend}, num_prompts={n}, random_input_len={p}, random_output_len={o}, random_range_ratio=1.0, "
                 f"request_rate=10.0, max_concurrency=None; 'Successful requests: {n}', 'Total input tokens: {n * p}', "
                 f"'Total generated tokens: {n * o}')")
        three(f"{src}-n{n}-{p}-{o}", src, where, runtime, p, o, n, tput, ttft, itl, "mean ITL",
              [M_NOTE, W_NOTE, KV_NOTE, HW_NOTE + "; " + NEBIUS_IE, rt_note, SGL_HARNESS, POISSON,
               FIXED + f": {n} x {p} prompt tokens, {n} x {o} output tokens"])

# ---------------------------------------------------------------- Michaelvll/llm-ie-benchmarks, vllm/ harness
CLIENT_IE_V = ("client vLLM's benchmark_serving.py through simon-mo/vLLM-Benchmark's Justfile (vllm/setup.sh clones it; "
               "vllm/benchmark.yaml runs `just serve vllm deepseek-r1` and `just run-sweeps vllm deepseek-r1`); the logged "
               "arguments: dataset random (random_range_ratio=0.0: fixed lengths) or sharegpt, num_prompts 50 (500 for "
               "ShareGPT), request_rate=10.0, burstiness=1.0, max_concurrency=None, ignore_eos=True; one pass each")
VLLM084_IE_V = ("runtime vLLM 0.8.4 (the log's `vllm --version` prints 0.8.4), served by the Justfile's _serve-vllm: "
                "`VLLM_USE_FLASHINFER_SAMPLER=1 vllm serve deepseek-ai/DeepSeek-R1 --tensor-parallel-size 8 --trust-remote-code "
                "--no-enable-prefix-caching --disable-log-requests`; other settings at vLLM 0.8.4's defaults (V1 engine)")
src = "llm-ie-benchmarks-nebius-h200-vllm084-vllmbench"
path = "vllm/logs/vllm-deepseek-r1.log"
for line, tag, p, o, n, tput, ttft, tpot in [
        (13706, "1000-2000", 1000, 2000, 50, 1136.92, 599.89, 42.4), (13766, "5000-1000", 5000, 1000, 50, 857.13, 5849.48, 49.83),
        (13833, "10000-500", 10000, 500, 50, 441.53, 15003.18, 76.84), (13931, "30000-100", 30000, 100, 50, 37.07, 64477.59, 393.96),
        (14240, "sharegpt", 206, 215, 500, 1330.6, 161.96, 71.3)]:
    where = (f"{IE_REPO} at commit {IE_COMMIT}, {path}, the 'Serving Benchmark Result' block at line {line} (dataset "
             f"{'sharegpt' if tag == 'sharegpt' else 'random'}, num_prompts={n}, request_rate=10.0; 'Successful requests: {n}')")
    var = [SHAREGPT.replace(" (outputs 4 to 844 tokens in the DGX file's output_lens)", "")] if tag == "sharegpt" else [
        FIXED + f": {n} x {p} prompt tokens, {n} x {o} output tokens"]
    three(f"{src}-{tag}", src, where, "vllm", p, o, n, tput, ttft, tpot, "Mean TPOT",
          [M_NOTE, W_NOTE, KV_NOTE, HW_NOTE + "; " + NEBIUS_IE, VLLM084_IE_V, CLIENT_IE_V, POISSON] + var)

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
