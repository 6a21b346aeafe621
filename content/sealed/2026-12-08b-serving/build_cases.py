# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-08b. Every measured
# number below is transcribed from public material no earlier set, preset or calibration file uses:
#   - Tim Wang, 'LLM Inference Engines Performance Comparison: vLLM vs sglang' (Tim Wang Tech Blog,
#     2025-07-17), https://tim-wang-tecg-blog.pages.dev/llm/llm-benchmark-en (the post's Hugo
#     markdown source, front matter "date = 2025-07-17T11:22:45+08:00", read in full from the stored
#     copy of the code index, id 12376983664; the page itself shows the same tables): one H100 80GB,
#     Llama-3.1-8B-Instruct, vLLM v0.9.0 with the V1 engine and SGLang v0.4.9, evalscope perf over
#     LongAlpaca prompts of 5,000-10,000 characters with exactly 2,000 output tokens, levels of
#     5-100 requests sent together; section 'V. Original Benchmark Data', the 'Detailed Performance
#     Metrics' tables of 'vLLM V1 v0.9.0' and 'sglang V0.4.9'.
# The vLLM V0 table of the same post (V0 engine, outside the brief's runtimes) is not used.
# No figure is derived except (a) the requests actually sent at levels >= 40 (36, from the post's
# own totals, see N_SENT) and (b) which prompts a level repeats from the level before (evalscope
# sends the filtered prompts in dataset order), both noted in every case's 'assumed'.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


URL = "https://tim-wang-tecg-blog.pages.dev/llm/llm-benchmark-en"
POST = (f"Tim Wang, 'LLM Inference Engines Performance Comparison: vLLM vs sglang' (2025-07-17), {URL}, "
        "section 'V. Original Benchmark Data'")
TP1 = {"tp": 1, "pp": 1, "ep": 1, "dp": 1}
MODEL = {"preset": "llama-3.1-8b"}
HW = {"preset": "h100-sxm", "gpus": 1}
PROMPT = 1800   # assumed mean prompt tokens, see P_NOTE
OUTPUT = 2000
LEVELS = [5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]
# Requests actually sent at each level. The post's 'Total Generated 634,000.0 tokens' at 2,000 tokens a
# request is 317 requests = 5 + 10 + 20 + 30 + 7 x 36: the 5,000-10,000-character filter leaves 36
# LongAlpaca prompts, so every level of 40 or more sent those 36 (and only 36) requests together. The
# tables agree: at 40-100 'Gen. toks/s' x 'Avg Lat.' = 71.6k-71.9k tokens = 36 x 2,000, and RPS x
# Avg Lat. = 35.8 in flight, for both engines.
N_SENT = {n: min(n, 36) for n in LEVELS}

COMMON = [
    "hardware: the post's '1 NVIDIA H100 80GB GPU' (form factor unstated) is the h100-sxm preset, one GPU, tensor parallel 1",
    "model meta-llama/Llama-3.1-8B-Instruct (the llama-3.1-8b preset as is: served context 131,072 tokens, vLLM's and SGLang's "
    "default max model length); weights bf16, KV cache bf16 (both runtimes' defaults; no dtype flag is shown)",
    "client (the post's command): `evalscope perf --parallel 5 10 20 30 40 50 60 70 80 90 100 --number 5 10 20 30 40 50 60 70 "
    "80 90 100 --model meta-llama/Llama-3.1-8B-Instruct --url <URL> --api openai --dataset longalpaca --max-tokens 2000 "
    "--min-tokens 2000 --max-prompt-length 10000 --min-prompt-length 5000`: each level sends its --number requests with as "
    "many in flight (--parallel = --number), i.e. all at once, and each answer is exactly 2,000 tokens (min = max tokens; "
    "the post: every engine generated the same 634,000 tokens)",
    "requests sent: min(level, 36) (derived, see build_cases.py N_SENT: 634,000 tokens / 2,000 = 317 = 5 + 10 + 20 + 30 + "
    "7 x 36, and Gen. toks/s x Avg Lat. = 36 x 2,000 at every level from 40 up): the length filter leaves 36 prompts, so "
    "levels 40-100 each sent the same 36 requests together",
    f"prompt {PROMPT} tokens: ASSUMED. The prompts are LongAlpaca-12k instructions of more than 5,000 and fewer than 10,000 "
    "characters (evalscope/perf/plugin/datasets/longalpaca.py compares len(prompt), i.e. characters, with "
    "--min/--max-prompt-length); the post prints no input-token count. 7,500 characters (the range's middle) at about "
    "4.2 characters per Llama-3 token (English prose) is about 1,800 tokens, plus a few chat-template tokens (not counted); "
    "the true mean could lie anywhere from about 1,200 to 2,400",
    "prefix cache: evalscope reads the filtered prompts in dataset order, so each level re-sends the prompts of the level "
    "before it (the first min(previous level, 36) of its own) and vLLM V1's and SGLang's prefix caches (both on by "
    "default; the KV pool of an 8B model on an 80 GB card holds over 400k tokens) serve those from cache; written as "
    "serving.cached_prompt = the level's mean cached tokens per request, (repeated requests / requests sent) x (prompt - 1); "
    "the first level (5) is taken to start from an empty cache (a fresh server per engine)",
    "no warm-up is shown (evalscope perf runs the levels back to back)",
]
RT = {
    "vllm": ("timwang-blog-h100-llama31-8b-vllm090-v1", "vLLM V1 v0.9.0",
             ["runtime vLLM v0.9.0 with the V1 engine ('vLLM V0 and V1 versions: v0.9.0'; the V1 table) as the engine's vllm "
              "runtime, its defaults otherwise (gpu_memory_utilization 0.90, block 16, chunked prefill, CUDA graphs, prefix "
              "caching on)"]),
    "sglang": ("timwang-blog-h100-llama31-8b-sglang049", "sglang V0.4.9",
               ["runtime SGLang v0.4.9 ('sglang version: v0.4.9') as the engine's sglang runtime, its defaults otherwise "
                "(mem_fraction_static about 0.88 at tp 1, page size 1, radix cache on, CUDA graphs)"]),
}
# 'Detailed Performance Metrics' rows: conc: (Avg Lat.(s), Gen. toks/s, Avg TTFT(s), Avg TPOT(s))
DATA = {
    "vllm": {  # table under '### vLLM V1 v0.9.0'
        5: (15.747, 634.87, 0.276, 0.008),     # "│    5 │ 0.32 │   15.747 │   15.752 │  634.87 │    0.276 │   0.292 │    0.008 │   0.008 │    100.0%│"
        10: (17.082, 1169.81, 0.181, 0.009),   # "│   10 │ 0.58 │   17.082 │   17.096 │ 1169.81 │    0.181 │   0.206 │    0.009 │ ..."
        20: (19.303, 2067.71, 0.366, 0.009),   # "│   20 │ 1.03 │   19.303 │   19.342 │ 2067.71 │    0.366 │   0.474 │    0.009 │ ..."
        30: (21.902, 2726.02, 0.459, 0.011),   # "│   30 │ 1.36 │   21.902 │   22.004 │ 2726.02 │    0.459 │   0.673 │    0.011 │ ..."
        40: (22.797, 3143.68, 0.397, 0.011),   # "│   40 │ 1.57 │   22.797 │   22.898 │ 3143.68 │    0.397 │   0.549 │    0.011 │ ..."
        50: (22.803, 3141.16, 0.348, 0.011),   # "│   50 │ 1.57 │   22.803 │   22.911 │ 3141.16 │    0.348 │   0.442 │    0.011 │ ..."
        60: (22.872, 3132.07, 0.375, 0.011),   # "│   60 │ 1.57 │   22.872 │   22.979 │ 3132.07 │    0.375 │   0.459 │    0.011 │ ..."
        70: (22.962, 3120.01, 0.354, 0.011),   # "│   70 │ 1.56 │   22.962 │   23.070 │ 3120.01 │    0.354 │   0.437 │    0.011 │ ..."
        80: (23.071, 3104.36, 0.384, 0.011),   # "│   80 │ 1.55 │   23.071 │   23.185 │ 3104.36 │    0.384 │   0.478 │    0.011 │ ..."
        90: (22.866, 3130.58, 0.434, 0.011),   # "│   90 │ 1.57 │   22.866 │   22.984 │ 3130.58 │    0.434 │   0.524 │    0.011 │ ..."
        100: (23.590, 3036.62, 0.373, 0.012),  # "│  100 │ 1.52 │   23.590 │   23.702 │ 3036.62 │    0.373 │   0.466 │    0.012 │ ..."
    },
    "sglang": {  # table under '### sglang V0.4.9'
        5: (15.000, 666.54, 0.136, 0.007),     # "│    5 │ 0.33 │   15.000 │   15.003 │  666.54 │    0.136 │   0.143 │    0.007 │   0.007 │    100.0%│"
        10: (16.829, 1188.16, 0.154, 0.008),   # "│   10 │ 0.59 │   16.829 │   16.833 │ 1188.16 │    0.154 │   0.164 │    0.008 │ ..."
        20: (19.443, 2056.25, 0.213, 0.010),   # "│   20 │ 1.03 │   19.443 │   19.450 │ 2056.25 │    0.213 │   0.236 │    0.010 │ ..."
        30: (22.031, 2721.65, 0.236, 0.011),   # "│   30 │ 1.36 │   22.031 │   22.042 │ 2721.65 │    0.236 │   0.273 │    0.011 │ ..."
        40: (23.429, 3070.85, 0.303, 0.012),   # "│   40 │ 1.54 │   23.429 │   23.442 │ 3070.85 │    0.303 │   0.506 │    0.012 │ ..."
        50: (23.375, 3077.68, 0.258, 0.012),   # "│   50 │ 1.54 │   23.375 │   23.386 │ 3077.68 │    0.258 │   0.322 │    0.012 │ ..."
        60: (23.256, 3093.28, 0.263, 0.011),   # "│   60 │ 1.55 │   23.256 │   23.267 │ 3093.28 │    0.263 │   0.328 │    0.011 │ ..."
        70: (23.439, 3068.73, 0.273, 0.012),   # "│   70 │ 1.53 │   23.439 │   23.450 │ 3068.73 │    0.273 │   0.404 │    0.012 │ ..."
        80: (23.496, 3062.05, 0.305, 0.012),   # "│   80 │ 1.53 │   23.496 │   23.510 │ 3062.05 │    0.305 │   0.522 │    0.012 │ ..."
        90: (23.186, 3102.28, 0.266, 0.011),   # "│   90 │ 1.55 │   23.186 │   23.201 │ 3102.28 │    0.266 │   0.325 │    0.011 │ ..."
        100: (23.293, 3088.08, 0.254, 0.011),  # "│  100 │ 1.54 │   23.293 │   23.307 │ 3088.08 │    0.254 │   0.302 │    0.011 │ ..."
    },
}
METRICS = [  # (metric, index in the row, column label, short)
    ("tokens_per_second", 1, "Gen. toks/s", "tps"),
    ("request", 0, "Avg Lat.(s)", "e2e"),
    ("first_token", 2, "Avg TTFT(s)", "ttft"),
    ("per_output_token", 3, "Avg TPOT(s)", "tpot"),
]
for rt, (src, label, rt_notes) in RT.items():
    prev = 0
    for n in LEVELS:
        sent = N_SENT[n]
        repeated = min(prev, sent)
        cached = round(repeated / sent * (PROMPT - 1))
        serving = {"prompt": PROMPT, "output": OUTPUT, "concurrency": sent, "weights": "bf16", "kv": "bf16",
                   "runtime": rt, "arrival": "all_at_once"}
        if cached:
            serving["cached_prompt"] = cached
        lvl = [f"level {n} (--parallel {n} --number {n}): {sent} requests sent together (concurrency {sent}, arrival all_at_once)"
               + ("" if sent == n else f"; the level asked for {n} but only 36 prompts pass the length filter"),
               (f"cached_prompt {cached}: {repeated} of the {sent} prompts were sent at the level before ({prev}) and are taken "
                f"to be served from the prefix cache ({repeated}/{sent} x {PROMPT - 1} tokens)") if cached else
               "cached_prompt 0: the first level (fresh server, empty prefix cache assumed)"]
        row = DATA[rt][n]
        for metric, i, col, short in METRICS:
            val = row[i]
            extra = []
            if metric == "per_output_token":
                extra.append(f"'Avg TPOT(s)' is printed to 1 ms ({val}): a rounding of up to +-0.0005 s (+-4 to 7 %)")
            elif metric == "tokens_per_second":
                extra.append("'Gen. toks/s' read as the level's output tokens over its duration (x Avg Lat. = the level's "
                             "requests x 2,000 tokens at every level)")
            elif metric == "request":
                extra.append("'Avg Lat.(s)' read as the mean end-to-end request latency, first token included")
            elif metric == "first_token":
                extra.append("'Avg TTFT(s)' read as the mean time to first streamed token; it depends most on the ASSUMED "
                             "prompt length and prefix-cache hits")
            add(f"timwang-h100-llama31-8b-{rt}-longalpaca-2000out-n{n}-{short}", src,
                f"{POST}, table '{label}' (Detailed Performance Metrics), row Conc. {n}, column '{col}': {val}",
                MODEL, HW, TP1, serving, metric, val, COMMON + rt_notes + lvl + extra)
        prev = sent

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": "timwang-blog-h100-llama31-8b-vllm090-v1", "where": f"{POST}, table 'vLLM V0 v0.9.0' (11 rows) and the summary tables I-III built from it",
     "reason": "vLLM's V0 engine (VLLM_USE_V1=0), outside this set's runtimes (vLLM V1 >= 0.8.5); the engine's vllm runtime models V1's scheduler",
     "published": []},
    {"source": "timwang-blog-h100-llama31-8b-vllm090-v1", "where": f"{POST}, tables 'vLLM V1 v0.9.0' and 'sglang V0.4.9', columns P99 Lat.(s), P99 TTFT(s), P99 TPOT(s) and RPS",
     "reason": "99th percentiles (the engine predicts means); RPS is printed to 2 decimals and is the level's requests over the same duration as Gen. toks/s (not a separate measurement)",
     "published": []},
    {"source": "timwang-blog-h100-llama31-8b-vllm090-v1", "where": f"{POST}, sections I-IV (summary tables)",
     "reason": "repeat rows of section V (same numbers, rounded), not separate measurements", "published": []},
    {"source": None, "where": "sariekr/gpu_conc (H100/, H200/, b200/ benchmark_concurrency_*.json and benchmark_summary_*.json, e.g. H200/benchmark_summary_20250814_182107.json at 995b19485f70cafbc764a7a28b339c51fc6a0a90): gpt-oss-20b, vLLM, closed loops 1-1024",
     "reason": "not transcribed: the vLLM version is not recorded (`pip install vllm` / a source build of main), outputs are not forced (max_tokens 1,000 but about 930 generated on average at concurrency 1), the prompt construction is the script's own, and the client does not hold its concurrency above about 16 (at 32-1024 the requests sent x mean latency / duration is about 19-25 in flight, with throughput flat near 2,400 tok/s on H200): a client limit, not the server's",
     "published": []},
    {"source": None, "where": "ai-dynamo/dynamo docs/benchmarks/llama-3-70b-topology.mdx and qwen3-32b-kv-routing.mdx (commit 10262ac0b720301808d036bce6a7e117ecd350b9)",
     "reason": "no result numbers are published ('The source does not publish result numbers'; 'a results video ... rather than a numeric table')",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
