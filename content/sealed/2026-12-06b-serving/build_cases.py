# Builds cases.json for the sealed serving set 2026-12-06b (vLLM and SGLang). Every measured number
# below is transcribed from the cited source text; the few derived ones (a per-GPU figure times the
# GPUs, a fitted line evaluated at one length, a mean length from a run's token totals, a
# concurrency from Little's law) say so in `where` or `assumed`. README.md says how; not_expressible.json
# lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
LONG = 131072  # released Llama 3.1 / 3.3 configs: max_position_embeddings 131072 (the presets keep 8192)

cases = []
def add(id, source, where, model, hw, gpus, tp, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": {"tp": tp, "pp": 1, "ep": 1}, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed)})

# ------------------------------------------------------------------ vLLM blog: FP8 KV cache (vLLM 0.19.1)
S = "vllm-blog-fp8-kvcache"
B = "vllm-project/vllm-project.github.io _posts/2026-04-22-fp8-kvcache.md (commit 5ffe2dd5), "
base = [
    "meta-llama/Llama-3.1-8B (the llama-3.1-8b shape), bf16 weights ('vllm serve meta-llama/Llama-3.1-8B --kv-cache-dtype fp8' is the post's quick start; the weights are not quantized), context from the released config (131072)",
    "vLLM 0.19.1 (the post's 'after (v0.19.1)' rows of Table 3; the benchmarks are the post-fix runs), FlashAttention-3 backend on H100 and FlashInfer on B200 (as the post states); other server flags (gpu_memory_utilization, max_num_seqs, max_num_batched_tokens) not stated: vLLM defaults assumed",
    "'BF16' rows: KV cache bf16 (the default); 'FP8' rows: --kv-cache-dtype fp8 (e4m3, attention computed in FP8), expressed as serving.kv fp8",
]
load = base + [
    "workload: 150 requests, closed loop at concurrency 8 ('vllm bench serve' max concurrency 8), '~20k input tokens and ~2k output tokens (±15% variance)': taken as prompt 20000 and output 2000, the stated centres; the exact per-request lengths are not given",
    "1 x H100 (the post: 'All Hopper experiments run on a single H100 GPU'); H100 SXM 80GB assumed (the form factor is not stated)",
    "Output tok/s is the deployment's output tokens per second; Median ITL is read as per_output_token (the typical gap between tokens, prefill interruptions included only when they hit the median); Median TTFT as first_token",
]
T4 = "section 'Throughput under Load', Table 4 (Llama-3.1-8B, 150 requests at concurrency 8, ~20k in / ~2k out)"
for kv, row in (("bf16", "BF16"), ("fp8", "FP8")):
    vals = {"BF16": (763.6, 15.18, 450.3), "FP8": (742.8, 12.93, 517.5)}[row]
    sv = dict(prompt=20000, output=2000, concurrency=8, weights="bf16", kv=kv, runtime="vllm")
    m = {"preset": "llama-3.1-8b", "seq": LONG}
    add(f"{S}-llama-3.1-8b-h100-kv{kv}-c8-throughput", S, B + T4 + f", row '{row}', column 'Output tok/s'",
        m, "h100-sxm", 1, 1, sv, "tokens_per_second", vals[2], load)
    add(f"{S}-llama-3.1-8b-h100-kv{kv}-c8-itl", S, B + T4 + f", row '{row}', column 'Median ITL (ms)' ({vals[1]} ms)",
        m, "h100-sxm", 1, 1, sv, "per_output_token", vals[1] / 1000.0, load)
    add(f"{S}-llama-3.1-8b-h100-kv{kv}-c8-ttft", S, B + T4 + f", row '{row}', column 'Median TTFT (ms)' ({vals[0]} ms)",
        m, "h100-sxm", 1, 1, sv, "first_token", vals[0] / 1000.0, load)

# concurrency-1 sweep: the post gives the fitted line ITL = slope x input_len + intercept (ms) per GPU and KV format
single = base + [
    "single-request sweep: 'vllm bench serve with concurrency 1, 128 output tokens, and input lengths swept from 256 to 125k tokens'; the post publishes the fitted line ITL = slope x input_len + intercept (ms), not the points",
    "measured value = the published fit evaluated at the sweep's shortest input, 256 tokens (intercept + 256 x slope); a derived figure, within the measured range",
    "ITL at concurrency 1 with no other request in flight is the time per output token",
]
fits = [  # (gpu preset, gpu text, kv, where text, intercept ms, slope ms/token)
    ("h100-sxm", "H100 (FlashAttention-3)", "bf16", "section 'Single Request Benchmarking' (Figure 2 text): 'The fitted ITL slope drops from 4.37e-05 to 2.37e-05 ms/token, while the intercept changes only from 6.44 to 6.58 ms' - BF16 values", 6.44, 4.37e-05),
    ("h100-sxm", "H100 (FlashAttention-3)", "fp8", "section 'Single Request Benchmarking' (Figure 2 text): same sentence - FP8 values (slope 2.37e-05, intercept 6.58)", 6.58, 2.37e-05),
    ("b200", "B200 (FlashInfer)", "bf16", "section 'Performance with FlashInfer on Blackwell (B200) GPUs': 'For Llama-3.1-8B on B200, the fitted ITL slope drops from 1.80e-05 to 9.72e-06 ms/token, while the intercept changes only from 3.93 to 3.96 ms' - BF16 values", 3.93, 1.80e-05),
    ("b200", "B200 (FlashInfer)", "fp8", "section 'Performance with FlashInfer on Blackwell (B200) GPUs': same sentence - FP8 values (slope 9.72e-06, intercept 3.96)", 3.96, 9.72e-06),
]
for hw, gtext, kv, loc, icpt, slope in fits:
    v = (icpt + 256 * slope) / 1000.0
    add(f"{S}-llama-3.1-8b-{hw.split('-')[0]}-kv{kv}-c1-itl-256", S,
        B + loc + f"; evaluated at input 256: {icpt} + 256 x {slope} = {icpt + 256 * slope:.4f} ms",
        {"preset": "llama-3.1-8b", "seq": LONG}, hw, 1, 1,
        dict(prompt=256, output=128, concurrency=1, weights="bf16", kv=kv, runtime="vllm"),
        "per_output_token", v, single + [f"1 x {gtext}; the H100 form factor is not stated (SXM assumed); B200 as the b200 preset"])

# ------------------------------------------------------------------ DataCrunch H200 benchmarks (SGLang, bench_serving jsonl)
S = "sglang-datacrunch-h200"
R = "datacrunch-research/h200-benchmarks (commit c091ef53), "
dc = [
    "SGLang version not stated (the repository's scripts are of early 2025 and follow sgl-project/sglang benchmark/benchmark_vllm_060); server flags from the script's launch line: --disable-radix-cache --enable-torch-compile, other settings SGLang defaults (mem_fraction_static, max_running_requests, chunked prefill)",
    "weights bf16 (the script's comment '(bf16)'), KV cache bf16 (SGLang's default: the model dtype)",
    "random dataset with random_range_ratio 0.0 (printed in each jsonl row): each request's input and output lengths are drawn uniformly up to the nominal length; prompt and output are the run's means, total_input_tokens / completed and total_output_tokens / completed from the same jsonl row, rounded",
]
online = dc + [
    "open loop: Poisson arrivals at the stated request_rate, no max_concurrency; the concurrency is taken from Little's law, request_rate x mean_e2e_latency (both in the jsonl row), rounded",
    "online runs give per_output_token (median_itl_ms) and first_token (median_ttft_ms) only: at an unsaturated request rate the output throughput equals the offered load (rate x mean output), not a measure of speed",
    "only request rates where the server keeps up with the offered load are used: mean E2E latency under a tenth of the run's duration (no growing queue; the rates used are at 4-9 %, the rates left out at 15-37 %); the overloaded rates are in not_expressible.json",
]
L70 = {"preset": "llama-3.1-70b", "seq": LONG}
L405 = {"preset": "llama-3.1-405b", "seq": LONG}
m70 = "Llama-3.3-70B-Instruct (the llama-3.1-70b shape), tp 4 on 4 x H200 (script sglang/experiments/llama_3_3_70b_sglang.sh: '# Llama 3.3 70B on 4 x H200 (bf16)', '--tp-size 4')"
m405 = "Llama-3.1-405B-Instruct (the llama-3.1-405b shape), tp 8 on 8 x H200 (script sglang/experiments/llama_405b_sglang.sh: '# LLaMA 405B on 8 X H200 (bf16)', '--tp-size 8')"
on_rows = [  # (model tag, model, gpus, file, rate, total_in, total_out, completed, mean_e2e_ms, median_ttft_ms, median_itl_ms, model text)
    ("llama-3.3-70b", L70, 4, "sglang/outputs/llama_3_3_70b_online_output.jsonl", 1.0, 152612, 160347, 300, 7840.616212638561, 85.74514742940664, 13.638956006616354, m70),
    ("llama-3.3-70b", L70, 4, "sglang/outputs/llama_3_3_70b_online_output.jsonl", 2.0, 308748, 308712, 600, 8540.55180882259, 87.55627297796309, 14.830046566203237, m70),
    ("llama-3.3-70b", L70, 4, "sglang/outputs/llama_3_3_70b_online_output.jsonl", 4.0, 615860, 607936, 1200, 12896.330808075727, 106.06311704032123, 19.419891061261296, m70),
    ("llama-3.1-405b", L405, 8, "sglang/outputs/llama_405b_online_output.jsonl", 1.0, 152612, 160347, 300, 24370.785914754182, 218.80842198152095, 38.78233698196709, m405),
    ("llama-3.1-405b", L405, 8, "sglang/outputs/llama_405b_online_output.jsonl", 2.0, 308748, 308712, 600, 29965.90228974431, 244.2639688961208, 43.30068698618561, m405),
]
for tag, model, gpus, f, rate, tin, tout, n, e2e, ttft, itl, mtext in on_rows:
    p, o = round(tin / n), round(tout / n)
    c = round(rate * e2e / 1000.0)
    sv = dict(prompt=p, output=o, concurrency=c, weights="bf16", kv="bf16", runtime="sglang")
    row = f"{f}, row dataset_name 'random', request_rate {rate} (random_input_len 1024, random_output_len 1024, {n} prompts; total_input_tokens {tin}, total_output_tokens {tout}, mean_e2e_latency_ms {e2e:.2f})"
    a = online + [mtext, f"concurrency = {rate} req/s x {e2e / 1000.0:.3f} s = {rate * e2e / 1000.0:.2f} -> {c}; prompt {tin}/{n} -> {p}, output {tout}/{n} -> {o}"]
    r = int(rate)
    add(f"{S}-{tag}-tp{gpus}-rate{r}-itl", S, R + row + f", field median_itl_ms {itl:.4f}",
        model, "h200", gpus, gpus, sv, "per_output_token", itl / 1000.0, a)
    add(f"{S}-{tag}-tp{gpus}-rate{r}-ttft", S, R + row + f", field median_ttft_ms {ttft:.4f}",
        model, "h200", gpus, gpus, sv, "first_token", ttft / 1000.0, a)

offline = dc + [m70,
    "offline run: request_rate inf and no max_concurrency, so every prompt is sent at once; the requested concurrency is the number of prompts and SGLang holds what its KV pool and max_running_requests allow (the engine's queue serves what fits), as the 2026-12-06 set did for trtllm-bench's 1000 requests at once",
    "output_throughput is the deployment's output tokens per second over the whole run (prefill of every prompt included)",
]
off_rows = [  # (nominal in, nominal out, prompts, total_in, total_out, output_throughput)
    (1024, 1024, 3000, 1525074, 1544818, 4520.698730654741),
    (1024, 512, 4000, 2034177, 1029594, 3492.2944910189917),
    (4096, 2048, 800, 1637669, 818620, 2051.287161036558),
    (4096, 1024, 1500, 3097487, 760205, 1654.9938601765348),
    (256, 512, 6000, 777987, 1529561, 6648.4389207099675),
]
for ni, no, n, tin, tout, tps in off_rows:
    p, o = round(tin / n), round(tout / n)
    sv = dict(prompt=p, output=o, concurrency=n, weights="bf16", kv="bf16", runtime="sglang")
    row = (f"sglang/outputs/llama_3_3_70b_offline_output.jsonl, row dataset_name 'random', random_input_len {ni}, random_output_len {no}, "
           f"completed {n} (total_input_tokens {tin}, total_output_tokens {tout}), field output_throughput {tps:.2f}")
    add(f"{S}-llama-3.3-70b-tp4-offline-{ni}-{no}-throughput", S, R + row, L70, "h200", 4, 4, sv,
        "tokens_per_second", tps, offline + [f"prompt {tin}/{n} -> {p}, output {tout}/{n} -> {o}; concurrency {n} (all prompts at once)"])

# ------------------------------------------------------------------ InferenceX issue 870: DeepSeek-R1 FP8 on 8 x H200, SGLang 0.5.7
S = "inferencex-dsr1-h200-sglang"
I = "SemiAnalysisAI/InferenceX issue #870 ('deepseek sglang h200 experimental'), comment of 2026-03-05 'Concurrency Sweep: DeepSeek R1 FP8 H200 SGLang (1k/1k)', table 'Performance Results', "
ix = [
    "DeepSeek-R1-0528 (the deepseek-v3 shape: same architecture), FP8 weights as released (block-scaled FP8, W8A8), KV cache the model dtype (bf16 MLA latent cache: SGLang's default, no KV flag in the launch line)",
    "the issue's Config line: 'DeepSeek-R1-0528 | SGLang v0.5.7 | FP8 | TP=8, EP=1 | H200 | ISL=1024, OSL=1024'",
    "launch and client flags from InferenceX benchmarks/dsr1_fp8_h200.sh (commit 1fc5d73c, the 1024/1024 branch): --tensor-parallel-size 8, --disable-radix-cache, --max-running-requests 512, --cuda-graph-max-bs 512, --chunked-prefill-size 32768, --mem-fraction-static 0.82, --attention-backend flashinfer, --stream-interval 10 (why Mean ITL is about ten times Mean TPOT); client: closed loop at --max-concurrency CONC with CONC x 10 prompts; no speculative decoding (MTP) in this script",
    "prompt 1024 and output 1024: the nominal lengths; the run's --random-range-ratio is set by the workflow's config (not in the issue) so the mean lengths may be somewhat below 1024; the equal input and output throughputs in the table show equal means",
    "the table is a bot's (Claude Code) summary of the CI run's result files; taken as transcribed there",
    "the script version at the time of the run (2026-03-05) is not pinned in the issue; mem fraction 0.82 is not a request field (the engine's sglang default pool is kept)",
]
rows = [(8, 74.6, 12.8), (16, 111.9, 17.2), (32, 151.1, 25.6), (64, 223.6, 34.6)]
for c, tpg, tpot in rows:
    sv = dict(prompt=1024, output=1024, concurrency=c, weights="fp8", kv="bf16", runtime="sglang")
    add(f"{S}-deepseek-r1-tp8-c{c}-throughput", S,
        I + f"row 'Output tput/GPU (tok/s)', column 'conc={c}': {tpg} tok/s/GPU x 8 GPUs = {tpg * 8:.1f} tok/s",
        {"preset": "deepseek-v3"}, "h200", 8, 8, sv, "tokens_per_second", round(tpg * 8, 4),
        ix + ["Output tput/GPU is the deployment's output tokens/s divided by 8 GPUs: multiplied back by 8"])
    add(f"{S}-deepseek-r1-tp8-c{c}-tpot", S,
        I + f"row 'Mean TPOT (ms)', column 'conc={c}': {tpot} ms",
        {"preset": "deepseek-v3"}, "h200", 8, 8, sv, "per_output_token", tpot / 1000.0,
        ix + ["Mean TPOT (time per output token after the first, per request, averaged) is per_output_token"])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
