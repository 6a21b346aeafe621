# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-08e. Every measured
# number below is transcribed from public material that no earlier set, preset or calibration file uses,
# and is quoted in a comment:
#   - srawlin/vllm-vs-sglang-performance-benchmark, BENCHMARK_REPORT.md at commit
#     8839a5de8e1fee039aaa40872526d35199ccfecd ("LLM Serving Framework Comparison Report", December 5, 2025):
#     2 x H100 SXM, TP=2, DeepSeek-R1-Distill-Llama-8B, vLLM v0.11.0 and SGLang v0.5.6, the repository's own
#     client (benchmark.py, non-streaming /v1/completions, closed loop of C workers over a prompt file).
#     Workload definitions from the same commit: test_data.py (prompt files, max_tokens 128), data/*.json,
#     run_full_vllm_suite.sh (which file ran at which concurrency).
#   - sgl-project/sglang pull request 4918 ("Add DeepSeek V3/R1 shared experts fusion", BBuf, 2025-03-30),
#     description, the benchmark block under the '--disable-shared-experts-fusion' server command
#     (DeepSeek-V3, --tp 8, sglang.bench_serving ShareGPT, 300 prompts, --request-rate 4).
# Throughputs are written as printed (tok/s); times printed in ms are written in s. The only derived figures
# are PR 4918's mean prompt and output lengths (its printed token totals / its 300 requests, rounded down).
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


SHORT = {"tokens_per_second": "tps", "first_token": "ttft", "per_output_token": "tpot", "request": "e2e"}

# ======================================================= 1. srawlin: vLLM vs SGLang on 2 x H100, R1-Distill-Llama-8B
SR_COMMIT = "8839a5de8e1fee039aaa40872526d35199ccfecd"
SR_URL = f"https://github.com/srawlin/vllm-vs-sglang-performance-benchmark/blob/{SR_COMMIT}/BENCHMARK_REPORT.md"
SRC_SR = "srawlin-vllm-vs-sglang-2xh100-r1-distill-llama-8b"
SR_COMMON = [
    "hardware: '2x NVIDIA H100 SXM (80GB each)', 'TP=2' (report section 2.1; appendix: '2x NVIDIA H100 80GB HBM3 (700W "
    "TDP each)', driver 575.57.08, CUDA 12.9, MIG disabled); the h100-sxm preset, 2 GPUs, tensor parallel 2",
    "model DeepSeek-R1-Distill-Llama-8B ('FP16, 8B params'): a distillation into the Llama-3.1-8B architecture, so the "
    "llama-3.1-8b preset; model.seq 131072 = the checkpoint's max_position_embeddings (vLLM: no --max-model-len given); "
    "weights bf16 (the checkpoint's dtype; 'FP16' in the report is read as 16-bit, the same bytes), KV cache bf16 (both "
    "servers' auto default)",
    "client: the repository's benchmark.py (same commit): each prompt of the test file is sent once through an "
    "asyncio.Semaphore(concurrency) (a closed loop of C workers: arrival closed_loop, concurrency C, requests = the "
    "file's prompt count), non-streaming POST /v1/completions with max_tokens 128 (test_data.py and data/*.json: "
    "'max_tokens': 128) and temperature 0.6; no ignore_eos: DeepSeek-R1-Distill is a reasoning model that opens with a "
    "<think> block, so nearly every answer is assumed to run to the 128-token cap (output 128, lengths fixed). The "
    "report's c=1 figures bear this out (vLLM 2,141 ms and 61 tok/s: 0.061 x 2.141 = 131 tokens a request; SGLang "
    "583 ms and 220 tok/s: 128 tokens)",
    "prompt length: the file's 'target_tokens' field (test_data.py: 'target_chars = target_tokens * 4', text cut to that "
    "many characters), so the true token counts are approximate; the stored data files are the 'realistic' variant "
    "(repeated technical paragraphs plus a question)",
    "NOT EXPRESSED: the server was reached over the network (benchmark.py '--server-url (e.g., https://...trycloudflare"
    ".com)', run_remote_benchmark.sh; deployed with deploy_to_vastai.sh): every request time includes the tunnel's "
    "round trip, which the engine does not model",
    "NOT EXPRESSED: prefix caching is on in both servers (vLLM '--enable-prefix-caching', SGLang's radix cache default) "
    "and the prompts of a file repeat the same paragraphs, so part of each prompt may be served from cache; the share is "
    "not printed (cached_prompt not set)",
]
SR_RT = {
    "vllm": ["runtime vLLM v0.11.0 (V1 engine) as the engine's vllm runtime; server flags '--tensor-parallel-size 2 "
             "--enable-prefix-caching' (report table 2.1), others at their defaults (chunked prefill and the token budget "
             "at vLLM's defaults)"],
    "sglang": ["runtime SGLang v0.5.6 as the engine's sglang runtime; server flags '--tp 2 --max-running-requests 300 "
               "--max-total-tokens 20480' (report table 2.1); NOT EXPRESSED: --max-total-tokens 20480 caps SGLang's KV "
               "pool at 20,480 tokens (the engine sizes the KV cache from free memory), which limits how many 2k/8k "
               "requests run at once"],
}
SR_METRIC = {
    "request": "metric: the report's 'TTFT' columns: benchmark.py is non-streaming and sets ttft = total_time "
               "('For non-streaming, TTFT ~ total_time'), so the printed mean TTFT is the mean request latency (client "
               "send to full answer): the engine's request time; ms written in s",
    "tokens_per_second": "metric: the report's throughput (tok/s): benchmark.py's throughput_tokens_per_sec = total "
                         "completion tokens / the wall time of the whole file at that concurrency (output tokens only)",
}
SR_FILES = {  # test file: (prompt tokens, prompt count, note)
    "medium_chat": (512, 100, "data/medium_chat.json: 100 prompts (test_data.py scenario ('medium_chat', 512, 'chat', 100)), "
                              "'target_tokens': 512"),
    "short_chat": (32, 100, "data/short_chat.json: 100 prompts, 'target_tokens': 32 (the stored prompts are one-line "
                            "questions, shorter than 32 tokens)"),
    "long_rag": (2048, 50, "data/long_rag.json: 50 prompts (test_data.py ('long_rag', 2048, 'rag', 50)), "
                           "'target_tokens': 2048"),
    "xl_rag": (8192, 20, "data/xl_rag.json: 20 prompts (test_data.py ('xl_rag', 8192, 'rag', 20); the stored file is "
                         "675,385 characters, about 33,800 a prompt), 'target_tokens': 8192"),
    "code_medium": (1024, 30, "data/code_medium.json: 30 prompts (test_data.py ('code_medium', 1024, 'code', 30)), "
                              "'target_tokens': 1024"),
}
# (table label, test file, concurrency, runtime, metric, value as printed, printed text)
SR_ROWS = [
    # Section 3.1 'Time to First Token (TTFT)', '_All values are mean TTFT for medium_chat workload_'
    ("3.1 Time to First Token (TTFT), row 'vLLM', column 'c=1'", "medium_chat", 1, "vllm", "request", 2.141, "2,141ms"),
    ("3.1 Time to First Token (TTFT), row 'vLLM', column 'c=10'", "medium_chat", 10, "vllm", "request", 2.171, "2,171ms"),
    ("3.1 Time to First Token (TTFT), row 'vLLM', column 'c=50'", "medium_chat", 50, "vllm", "request", 2.618, "2,618ms"),
    ("3.1 Time to First Token (TTFT), row 'vLLM', column 'c=100'", "medium_chat", 100, "vllm", "request", 2.843, "2,843ms"),
    ("3.1 Time to First Token (TTFT), row 'SGLang', column 'c=1'", "medium_chat", 1, "sglang", "request", 0.583, "583ms"),
    ("3.1 Time to First Token (TTFT), row 'SGLang', column 'c=10'", "medium_chat", 10, "sglang", "request", 2.525, "2,525ms"),
    ("3.1 Time to First Token (TTFT), row 'SGLang', column 'c=50'", "medium_chat", 50, "sglang", "request", 2.733, "2,733ms"),
    ("3.1 Time to First Token (TTFT), row 'SGLang', column 'c=100'", "medium_chat", 100, "sglang", "request", 2.775, "2,775ms"),
    # Section 4.1 'Throughput Scaling' (tok/s); medium_chat (run_full_vllm_suite.sh: 'Throughput scaling test...' on medium_chat)
    ("4.1 Throughput Scaling, row 'vLLM', column 'c=1'", "medium_chat", 1, "vllm", "tokens_per_second", 61, "61"),
    ("4.1 Throughput Scaling, row 'vLLM', column 'c=10'", "medium_chat", 10, "vllm", "tokens_per_second", 591, "591"),
    ("4.1 Throughput Scaling, row 'vLLM', column 'c=50'", "medium_chat", 50, "vllm", "tokens_per_second", 2436, "2,436"),
    ("4.1 Throughput Scaling, row 'vLLM', column 'c=100'", "medium_chat", 100, "vllm", "tokens_per_second", 4432, "4,432"),
    ("4.1 Throughput Scaling, row 'SGLang', column 'c=1'", "medium_chat", 1, "sglang", "tokens_per_second", 220, "220"),
    ("4.1 Throughput Scaling, row 'SGLang', column 'c=10'", "medium_chat", 10, "sglang", "tokens_per_second", 505, "505"),
    ("4.1 Throughput Scaling, row 'SGLang', column 'c=50'", "medium_chat", 50, "sglang", "tokens_per_second", 2322, "2,322"),
    ("4.1 Throughput Scaling, row 'SGLang', column 'c=100'", "medium_chat", 100, "sglang", "tokens_per_second", 4587, "4,587"),
    # Section 5.2 'RAG Workload Performance', '_long_rag test (2048 tokens) at c=20_'
    ("5.2 RAG Workload Performance, row 'vLLM', column 'Cold Cache TTFT'", "long_rag", 1, "vllm", "request", 2.081, "2,081ms (c=1)"),
    ("5.2 RAG Workload Performance, row 'vLLM', column 'Warm Cache TTFT'", "long_rag", 20, "vllm", "request", 2.172, "2,172ms (c=20)"),
    ("5.2 RAG Workload Performance, row 'vLLM', column 'Throughput (warm)'", "long_rag", 20, "vllm", "tokens_per_second", 982, "982 tok/s"),
    ("5.2 RAG Workload Performance, row 'SGLang', column 'Cold Cache TTFT'", "long_rag", 1, "sglang", "request", 0.597, "597ms (c=1)"),
    ("5.2 RAG Workload Performance, row 'SGLang', column 'Warm Cache TTFT'", "long_rag", 20, "sglang", "request", 2.593, "2,593ms (c=20)"),
    ("5.2 RAG Workload Performance, row 'SGLang', column 'Throughput (warm)'", "long_rag", 20, "sglang", "tokens_per_second", 826, "826 tok/s"),
    # Section 7.1 'Performance by Use Case'
    ("7.1 Performance by Use Case, row 'Chat (short prompts, c=50)', column 'vLLM Results'", "short_chat", 50, "vllm", "request", 2.298, "TTFT: 2,298ms"),
    ("7.1 Performance by Use Case, row 'Chat (short prompts, c=50)', column 'vLLM Results'", "short_chat", 50, "vllm", "tokens_per_second", 2772, "2,772 tok/s"),
    ("7.1 Performance by Use Case, row 'Chat (short prompts, c=50)', column 'SGLang Results'", "short_chat", 50, "sglang", "request", 2.557, "TTFT: 2,557ms"),
    ("7.1 Performance by Use Case, row 'Chat (short prompts, c=50)', column 'SGLang Results'", "short_chat", 50, "sglang", "tokens_per_second", 2497, "2,497 tok/s"),
    ("7.1 Performance by Use Case, row 'Very Long Context (8K, c=10)', column 'vLLM Results'", "xl_rag", 10, "vllm", "request", 2.103, "TTFT: 2,103ms"),
    ("7.1 Performance by Use Case, row 'Very Long Context (8K, c=10)', column 'vLLM Results'", "xl_rag", 10, "vllm", "tokens_per_second", 573, "573 tok/s"),
    ("7.1 Performance by Use Case, row 'Very Long Context (8K, c=10)', column 'SGLang Results'", "xl_rag", 10, "sglang", "request", 3.658, "TTFT: 3,658ms"),
    ("7.1 Performance by Use Case, row 'Very Long Context (8K, c=10)', column 'SGLang Results'", "xl_rag", 10, "sglang", "tokens_per_second", 295, "295 tok/s"),
    ("7.1 Performance by Use Case, row 'Code Generation (c=10)', column 'vLLM Results'", "code_medium", 10, "vllm", "request", 2.152, "TTFT: 2,152ms"),
    ("7.1 Performance by Use Case, row 'Code Generation (c=10)', column 'vLLM Results'", "code_medium", 10, "vllm", "tokens_per_second", 593, "593 tok/s"),
    ("7.1 Performance by Use Case, row 'Code Generation (c=10)', column 'SGLang Results'", "code_medium", 10, "sglang", "request", 2.608, "TTFT: 2,608ms"),
    ("7.1 Performance by Use Case, row 'Code Generation (c=10)', column 'SGLang Results'", "code_medium", 10, "sglang", "tokens_per_second", 490, "490 tok/s"),
]
SR_ROW_NOTES = {
    "short_chat": "test file: the row says 'Chat (short prompts, c=50)' and its numbers differ from the medium_chat c=50 "
                  "cells of tables 3.1 / 4.1, so it is read as the short_chat file (run_full_vllm_suite.sh runs short_chat "
                  "at '1 5 10 20 50 100')",
    "code_medium": "test file: the row says 'Code Generation (c=10)'; both code_short and code_medium ran at c=10 "
                   "(run_full_vllm_suite.sh), and the report's test-data table 2.2 lists only 'code_medium | 1024 | 30', "
                   "so code_medium is assumed",
    "xl_rag": "test file: 'Very Long Context (8K, c=10)' = xl_rag (table 2.2: 'xl_rag | 8192 | 20'; run at '1 5 10 20')",
    "long_rag": "test file: long_rag (table 5.2's note '_long_rag test (2048 tokens) at c=20_'; the 'Cold Cache TTFT' "
                "column is the c=1 run, the other two columns the c=20 run); 'cold' / 'warm' refer to the prefix cache, "
                "which is not expressed",
    "medium_chat": "test file: medium_chat (table 3.1: '_All values are mean TTFT for medium_chat workload_'; table 4.1 "
                   "is the 'Throughput scaling test' of run_full_vllm_suite.sh, also medium_chat)",
}
seen = set()
for label, tfile, conc, rt, metric, val, printed in SR_ROWS:
    plen, nreq, fnote = SR_FILES[tfile]
    serving = {"prompt": plen, "output": 128, "concurrency": conc, "requests": nreq, "weights": "bf16", "kv": "bf16",
               "runtime": rt, "arrival": "closed_loop", "lengths": "fixed"}
    cid = f"srawlin-2xh100-r1-distill-llama-8b-{rt}-{tfile}-c{conc}-{SHORT[metric]}"
    assert cid not in seen, cid
    seen.add(cid)
    add(cid, SRC_SR, f"{SR_URL}, section {label}: '{printed}'",
        {"preset": "llama-3.1-8b", "seq": 131072}, {"preset": "h100-sxm", "gpus": 2}, {"tp": 2, "pp": 1, "ep": 1, "dp": 1},
        serving, metric, val,
        SR_COMMON + SR_RT[rt] + [SR_METRIC[metric], fnote, SR_ROW_NOTES[tfile],
                                 f"concurrency {conc} over {nreq} prompts" + (" (all prompts in flight at once)" if conc >= nreq else "")])

# ======================================================= 2. SGLang PR 4918: DeepSeek-V3 on 8 x H200, ShareGPT at 4 req/s
BB_URL = "https://github.com/sgl-project/sglang/pull/4918"
SRC_BB = "sglang-pr-4918-deepseek-v3-8xh200-sharegpt-rate4"
BB_WHERE = (f"{BB_URL}, description (BBuf, 2025-03-30), the benchmark block under 'python3 -m sglang.launch_server "
            "--model /DeepSeek-V3 --tp 8 --trust-remote-code --port 30001 --disable-shared-experts-fusion' / 'python3 -m "
            "sglang.bench_serving --backend sglang --num-prompts 300 --request-rate 4 --port 30001'")
BB_COMMON = [
    "hardware: 8 x H200 (the h200 preset): the description's accuracy section is headed 'Acc in H200' and the follow-up "
    "PR 5571 by the same author reruns this model as 'H200 Benchmark'; the serving block itself names no GPU. "
    "DeepSeek-V3's FP8 checkpoint (about 685 GB) cannot be held by 8 x H100 80GB at --tp 8, which fits the H200 reading",
    "model DeepSeek-V3 ('/DeepSeek-V3': the deepseek-v3 preset), model.seq 163840 = the checkpoint's "
    "max_position_embeddings (no --context-length); its own block-scaled FP8 weights (the request's fp8); KV cache at "
    "SGLang's default (auto = bf16, MLA's compressed cache); tensor parallel 8, no DP attention, no expert parallelism, "
    "no MTP",
    "runtime SGLang of late March 2025 (about 0.4.4.post3; the PR's base) as the engine's sglang runtime; the baseline "
    "server with '--disable-shared-experts-fusion' (the state before the PR); other flags at their defaults (radix cache, "
    "chunked prefill, CUDA graphs)",
    "client: sglang.bench_serving with its default dataset (ShareGPT), 300 prompts ('Successful requests: 300'), "
    "'Traffic request rate: 4.0' (Poisson arrivals), 'Max reqeuest concurrency: not set'; arrival poisson, request_rate 4, "
    "requests 300; ShareGPT's own lengths (lengths 'dataset'): prompt 317 and output 201 are the block's 'Total input "
    "tokens: 95293' and 'Total generated tokens: 60411' over the 300 requests (derived means, rounded down); the longest "
    "output is not printed, so no output_max",
    "NOT EXPRESSED: ShareGPT prompts and answers differ in length per request; the engine uses the means",
]
for metric, val, line in (("tokens_per_second", 422.36, "Output token throughput (tok/s):         422.36"),
                          ("first_token", 2.63026, "Mean TTFT (ms):                          2630.26"),
                          ("request", 33.84589, "Mean E2E Latency (ms):                   33845.89")):
    serving = {"prompt": 317, "output": 201, "requests": 300, "weights": "fp8", "kv": "bf16", "runtime": "sglang",
               "arrival": "poisson", "request_rate": 4, "lengths": "dataset"}
    add(f"sglang-pr-4918-8xh200-deepseek-v3-tp8-sharegpt-300-rate4-{SHORT[metric]}", SRC_BB, f"{BB_WHERE}: '{line}'",
        {"preset": "deepseek-v3", "seq": 163840}, {"preset": "h200", "gpus": 8}, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
        serving, metric, val, BB_COMMON + ([] if metric == "tokens_per_second" else [f"'{line.split(':')[0]}' written in s"]))

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": SRC_SR, "where": f"{SR_URL}, section 3.2 'Time Per Output Token (TPOT) & Latency Percentiles' ('TPOT Mean' 20.5ms / 20.7ms and P50/P95/P99 latency at c=50)",
     "reason": "benchmark.py's TPOT is total_time / completion_tokens per request (prefill and network included, not the time between tokens), and the other columns are percentiles, not means",
     "published": []},
    {"source": SRC_SR, "where": f"{SR_URL}, section 5.1 'Prefix Cache Effectiveness' (cache_reuse: 80 requests with a shared 2000-token prefix)",
     "reason": "the first-request and 'avg subsequent' times are not a run-level mean of one request shape; the cached share is not stated",
     "published": []},
    {"source": SRC_SR, "where": f"{SR_URL}, section 4.1 column 'Peak (tok/s)' ('5,129 @ c=100', '4,638 @ c=250') and sections 1.2 / 11",
     "reason": "the peak figures disagree with the same table's c=100 cells (vLLM 4,432) and come from other runs of the same configuration (the stress test at c=200/250); only the first table cell of each configuration is used",
     "published": []},
    {"source": SRC_SR, "where": f"{SR_URL}, section 7.1 rows 'RAG (long context, c=20)' and 'High Concurrency (c=100)'",
     "reason": "the same configurations as table 5.2 (identical numbers) and table 3.1/4.1 at c=100 (different numbers: SGLang 2,800 ms / 4,547 tok/s against 2,775 ms / 4,587 tok/s); the first-printed table is used, the repeats are left out",
     "published": []},
    {"source": SRC_SR, "where": f"{SR_URL}, section 6.1 'Scaling Efficiency' and section 9 'Cost Analysis'",
     "reason": "placeholders ('[TBD]') in the published report",
     "published": []},
    {"source": SRC_BB, "where": f"{BB_URL}, the benchmark block of the fused server ('--n-share-experts-fusion'), medians, P99 and ITL of the baseline block",
     "reason": "the fused block falls outside the readable copy of the thread; medians and percentiles are not means; mean ITL is not the engine's per-output-token time",
     "published": []},
    {"source": SRC_BB, "where": "https://github.com/sgl-project/sglang/pull/5571 (BBuf, 'enable DeepSeek V3 shared_experts_fusion in sm90', H200, DeepSeek-V3 '--tp 8 --enable-dp-attention --dp-size 8', random 1000/2000, 5000/1000, 10000/500, 30000/100, 50 prompts at 10 req/s)",
     "reason": "DP attention (attention data-parallel inside one TP-8 instance) has no field; the readable copy shows only fragments of the blocks (which TTFT belongs to which length pair is not certain) and the summary is an image",
     "published": []},
    {"source": SRC_BB, "where": "https://github.com/sgl-project/sglang/issues/5514 and https://github.com/sgl-project/sglang/pull/5611 (zhyncs, SGLang v0.4.5.post1 / post3 on H200, DeepSeek-V3, same random length pairs)",
     "reason": "the results are published as images (the readable copy holds only the commands)",
     "published": []},
    {"source": SRC_SR, "where": "https://github.com/vllm-project/vllm/issues/17788 (Qwen3-32B on 'a single H100 NVL node with 95GB VRAM', vLLM 0.8.5.post1, ShareGPT 1000 prompts)",
     "reason": "H100 NVL (94 GB, PCIe card) has no hardware preset; the h100-sxm preset differs in memory and bandwidth",
     "published": []},
    {"source": SRC_SR, "where": "https://github.com/vllm-project/vllm/pull/18566 (mgoin, Llama-3.1-8B-Instruct, vllm bench serve on ShareGPT via openai-chat, 1000 requests)",
     "reason": "the GPU is not named in the readable copy",
     "published": []},
    {"source": SRC_SR, "where": "https://github.com/dzhsurf/deepseek-v3-r1-deploy-and-benchmarks (8 x H100, DeepSeek-V3/R1 AWQ, vLLM 0.7.3)",
     "reason": "results are charts only (no printed numbers); vLLM 0.7.3 and AWQ W4A16 weights",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
