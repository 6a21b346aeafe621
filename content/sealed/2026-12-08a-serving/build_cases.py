# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-08a. Every measured
# number below is transcribed from a GitHub issue or pull-request thread that no earlier set, preset or
# calibration file uses, and is quoted in a comment:
#   - tenstorrent/tt-inference-server issue 356 ("DeepSeek-R1-0528: GPU Benchmarks", gtobarTT), two
#     comments with Tenstorrent's GPU reference sweeps (their benchmark workflow's table: ISL, OSL,
#     Concurrency, N Req, TTFT (ms), TPOT (ms), Tput User, Tput Decode, Tput Prefill, E2EL (ms), Req Tput):
#       2025-07-09 "Performance Benchmark Sweeps for DeepSeek-R1-0528 on 16 H100 (SGLANG + INFINIBAND)";
#       2025-07-10 "Performance Benchmark Sweeps for DeepSeek-R1-0528-AWQ on 8xH100s (vLLM)";
#   - ai-bot-pro/achatbot pull request 183 ("feat: add sglang + openai gpt-oss serve and benchmark on
#     modal", weedge, comment of 2025-08-10): SGLang (v0.5.0rc0, the script's default) serving
#     openai/gpt-oss-20b on one H100 on Modal, two sglang.bench_serving blocks (max concurrency 4 and 32);
#     the run script is deploy/modal/src/llm/sglang/openai_gpt_oss.py of that repository;
#   - vllm-project/vllm pull request 48757 ("[Compilation]Fuse Transformers Residual Add + RMSNorm",
#     hmellor's comment of 2026-07-27): Qwen3-32B-FP8 on 8 x H100 at TP8, the 'base' column of the table.
# Times printed in ms are written in s (divided by 1000). No measured figure is derived.
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

# ======================================================= 1. tenstorrent/tt-inference-server issue 356
TT_URL = "https://github.com/tenstorrent/tt-inference-server/issues/356"
TT_COMMON = [
    "model DeepSeek-R1-0528 (deepseek-ai/DeepSeek-R1-0528, the DeepSeek-V3 architecture: the deepseek-v3 preset; its MTP "
    "layer is not used for speculative decoding, none is stated); model.seq 163840 = the checkpoint's "
    "max_position_embeddings (no served context length is given)",
    "client: Tenstorrent's tt-inference-server benchmark workflow (run.py --device gpu), which drives vLLM's "
    "benchmark_serving.py on the random dataset with --ignore-eos (benchmarking/vllm_online_benchmark.py of that "
    "repository); the columns are the script's means (benchmark_summary.py maps 'TTFT (ms)' <- mean_ttft_ms, "
    "'TPOT (ms)' <- mean_tpot_ms, 'E2EL (ms)' <- mean_e2el_ms; the report's note 'all metrics are means across "
    "benchmark run unless otherwise stated'); every output is OSL long (each row's E2EL = TTFT + (OSL - 1) x TPOT "
    "within 0.3 %)",
    "arrival: 'Concurrency' 1 with 'N Req' requests = a closed loop of one user over N requests (--max-concurrency 1, "
    "request rate inf); the 'Tput Decode' and 'Tput User' columns are 1000 / TPOT (derived, not used)",
    "not stated, assumed: the runtime release (the runs are of 2025-07-09/10, so the releases current then are "
    "assumed: vLLM 0.9.x with the V1 engine, SGLang 0.4.8/0.4.9); gpu_memory_utilization / mem_fraction_static, "
    "CUDA graphs and chunked prefill at the runtimes' defaults",
    "NOT EXPRESSED: prefix caching across the sweep (vLLM's and SGLang's automatic prefix cache stay on by default; "
    "the random prompts of one row are distinct, but some rows' TTFT is below the shorter rows', e.g. SGLang 2048/128 "
    "190.5 ms after 1024/128 391.7 ms, so warm-up or cache effects may be in the TTFT column)",
]
TT_SG_WHERE = (f"{TT_URL}, comment by gtobarTT of 2025-07-09, table 'Performance Benchmark Sweeps for DeepSeek-R1-0528 "
               "on 16 H100 (SGLANG + INFINIBAND)'")
TT_SG_NOTES = [
    "hardware: 16 x H100 (two 8-GPU H100 servers joined by InfiniBand: '16 H100 (SGLANG + INFINIBAND)'; the issue's "
    "plan: '16 xH100s: Full Precision'); the SXM part (h100-sxm preset, DGX H100 nodes of 8 with NDR InfiniBand) is "
    "assumed",
    "runtime SGLang (the engine's sglang runtime); parallel layout not stated: tensor parallel 16 across the two nodes "
    "(SGLang's standard two-node DeepSeek deployment, --tp 16 --nnodes 2) is assumed, no DP attention, no expert "
    "parallelism",
    "weights: 'Full Precision' = the checkpoint's own FP8 (block-scaled e4m3, 128 x 128) linear layers (fp8 in the "
    "request, W8A8 at the GPU's FP8 rate by default); KV cache at SGLang's default (auto = bf16)",
]
TT_VL_WHERE = (f"{TT_URL}, comment by gtobarTT of 2025-07-10, table 'Performance Benchmark Sweeps for "
               "DeepSeek-R1-0528-AWQ on 8xH100s (vLLM)'")
TT_VL_NOTES = [
    "hardware: 8 x H100 in one server ('8xH100s'); the SXM part (h100-sxm preset) is assumed",
    "runtime vLLM (the engine's vllm runtime, V1 engine assumed); tensor parallel 8 over the 8 GPUs is assumed (not "
    "stated), no expert parallelism",
    "weights: DeepSeek-R1-0528-AWQ (the issue's plan: '8xH100s: Quantized (AWQ)'): 4-bit AWQ weights with group 128 "
    "and zero points, the contract's int4, taken to cover every linear layer of the blocks (which layers the "
    "checkpoint leaves in 16 bits is not stated); compute in 16-bit (weight-only); KV cache bf16 (auto)",
]
# Rows (ISL, OSL, N Req, TTFT ms, TPOT ms, E2EL ms or None where the stored copy of the row ends before it)
TT_SG_ROWS = [
    (128, 128, 8, 179.7, 23.1, 3116.4),     # "|   128 |  128 |           1 |     8 |     179.7 |      23.1 |           43.25 |              43.2 |              712.3 |    3116.4 |          0.321 |"
    (128, 1024, 4, 184.1, 23.2, 23894.4),   # "|   128 | 1024 |           1 |     4 |     184.1 |      23.2 |           43.15 |              43.1 |              695.3 |   23894.4 |          0.042 |"
    (1024, 128, 4, 391.7, 23.2, 3342.8),    # "|  1024 |  128 |           1 |     4 |     391.7 |      23.2 |           43.04 |              43.0 |             2614.1 |    3342.8 |          0.299 |"
    (2048, 128, 4, 190.5, 23.3, 3149.4),    # "|  2048 |  128 |           1 |     4 |     190.5 |      23.3 |           42.92 |              42.9 |            10753.2 |    3149.4 |          0.317 |"
    (3072, 128, 4, 200.4, 23.6, 3197.9),    # "|  3072 |  128 |           1 |     4 |     200.4 |      23.6 |           42.37 |              42.4 |            15332.6 |    3197.9 |          0.313 |"
    (4096, 128, 2, 199.7, 23.7, 3214.2),    # "|  4096 |  128 |           1 |     2 |     199.7 |      23.7 |           42.13 |              42.1 |            20515.9 |    3214.2 |          0.311 |"
    (8192, 128, 2, 263.9, 24.0, None),      # "|  8192 |  128 |           1 |     2 |     263.9 |      24.0 |" (the stored copy ends here)
]
TT_VL_ROWS = [
    (128, 128, 8, 47.3, 16.1, 2091.9),      # "|   128 |  128 |           1 |     8 |      47.3 |      16.1 |           62.11 |              62.1 |             2708.7 |    2091.9 |          0.478 |"
    (128, 1024, 4, 27.3, 16.1, 16505.0),    # "|   128 | 1024 |           1 |     4 |      27.3 |      16.1 |           62.08 |              62.1 |             4694.4 |   16505.0 |          0.061 |"
    (1024, 128, 4, 105.3, 16.1, 2154.1),    # "|  1024 |  128 |           1 |     4 |     105.3 |      16.1 |           61.99 |              62.0 |             9722.8 |    2154.1 |          0.464 |"
    (2048, 128, 4, 127.3, 16.3, 2192.5),    # "|  2048 |  128 |           1 |     4 |     127.3 |      16.3 |           61.5  |              61.5 |            16083.8 |    2192.5 |          0.456 |"
    (3072, 128, 4, 131.7, 16.4, 2209.7),    # "|  3072 |  128 |           1 |     4 |     131.7 |      16.4 |           61.12 |              61.1 |            23318.3 |    2209.7 |          0.452 |"
    (4096, 128, 2, 120.1, 16.4, 2208.6),    # "|  4096 |  128 |           1 |     2 |     120.1 |      16.4 |           60.81 |              60.8 |            34100.3 |    2208.6 |          0.453 |"
    (8192, 128, 2, 242.0, 16.6, None),      # "|  8192 |  128 |           1 |     2 |     242.0 |      16.6 |" (the stored copy ends here)
]
DSV3 = {"preset": "deepseek-v3", "seq": 163840}
for src, where, notes, rows, hw, tp, rt, w, tag in (
        ("tenstorrent-issue-356-dsr1-0528-16xh100-sglang", TT_SG_WHERE, TT_SG_NOTES, TT_SG_ROWS,
         {"preset": "h100-sxm", "gpus": 16}, 16, "sglang", "fp8", "16xh100-sglang-fp8-tp16"),
        ("tenstorrent-issue-356-dsr1-0528-awq-8xh100-vllm", TT_VL_WHERE, TT_VL_NOTES, TT_VL_ROWS,
         {"preset": "h100-sxm", "gpus": 8}, 8, "vllm", "int4", "8xh100-vllm-awq-tp8")):
    for isl, osl, n, ttft, tpot, e2el in rows:
        serving = {"prompt": isl, "output": osl, "concurrency": 1, "requests": n, "weights": w, "kv": "bf16",
                   "runtime": rt, "arrival": "closed_loop"}
        par = {"tp": tp, "pp": 1, "ep": 1, "dp": 1}
        for metric, val, col in (("first_token", ttft, "TTFT (ms)"), ("per_output_token", tpot, "TPOT (ms)"),
                                 ("request", e2el, "E2EL (ms)")):
            if val is None:
                continue
            add(f"tenstorrent-356-dsr1-0528-{tag}-{isl}x{osl}-c1-{SHORT[metric]}", src,
                f"{where}, row ISL {isl} / OSL {osl} / Concurrency 1 / N Req {n}, column '{col}': {val}",
                DSV3, hw, par, serving, metric, round(val / 1000.0, 7),
                TT_COMMON + notes + [f"'{col}' {val} written in s"])

# ======================================================= 2. ai-bot-pro/achatbot pull request 183
AC_URL = "https://github.com/ai-bot-pro/achatbot/pull/183"
SRC_AC = "achatbot-pr-183-gpt-oss-20b-h100-sglang"
AC_COMMON = [
    "model openai/gpt-oss-20b (the gpt-oss-20b preset: 24 layers, 32 experts, top-4, alternating 128-token windows); "
    "model.seq 131072 = SGLang's default context (the model's max_position_embeddings; no --context-length given)",
    "weights: the released checkpoint (LLM_MODEL=openai/gpt-oss-20b, 'mxfp4' in the script's notes): MXFP4 MoE experts "
    "(4-bit values with an 8-bit scale per 32, 0.53125 B a weight) and bf16 attention; written as the contract's int4 at "
    "its default group 128 (0.5195 B a weight, 2 % under MXFP4) on every linear layer, so the bf16 attention "
    "projections (about 3 % of the weights) are counted at 4 bits; KV cache bf16 (auto)",
    "hardware: one H100 on Modal (SERVE_IMAGE_GPU=H100 TP=1); the form factor is not stated, the SXM part (h100-sxm "
    "preset) is assumed; tensor parallel 1",
    "runtime SGLang v0.5.0rc0 (the script's default SGLANG_VER at commit 1c9353647293b149f7fad97a6bc8534209d90de3 of "
    "deploy/modal/src/llm/sglang/openai_gpt_oss.py; no override in the command), sgl_kernel 0.3.3, torch 2.8.0 + CUDA "
    "12.9: `python3 -m sglang.launch_server --model ... --tp 1` with every other setting at its default "
    "(mem_fraction_static, CUDA graphs, radix cache on: random prompts give no hits)",
    "client (the script's benchmark task): `python3 -m sglang.bench_serving --backend sglang-oai --base-url <Modal web "
    "URL> --dataset-name random --random-input-len 512 --random-output-len 1024 --random-range-ratio 1 --num-prompts N "
    "--max-concurrency C`: a closed loop of C users over N requests of exactly 512 prompt and 1024 output tokens "
    "(bench_serving ignores EOS by default; the block's totals are N x 512 and N x 1024)",
    "NOT EXPRESSED: the client reaches the server over the internet through Modal's web endpoint "
    "(@modal.web_server with @modal.concurrent(max_inputs=100, target_inputs=4)), not on the same host: the network, "
    "the HTTPS proxy and Modal's request routing add to every first token and end-to-end time (the first tokens of "
    "2.7-3.7 s on a 512-token prompt are far above one prefill), so the time metrics are expected to be predicted low",
]
AC_WHERE = f"{AC_URL}, comment by weedge of 2025-08-10"
AC_BLOCKS = [
    # (C, N, duration, output tok/s, mean E2E ms, mean TTFT ms)
    # "--num-prompts 20 --max-concurrency 4": "Max request concurrency: 4", "Successful requests: 20",
    # "Total input tokens: 10240", "Total generated tokens: 20480", "Output token throughput (tok/s): 481.95",
    # "Mean E2E Latency (ms): 8432.23", "Mean TTFT (ms): 2731.00"
    (4, 20, 481.95, 8432.23, 2731.00),
    # "--num-prompts 160 --max-concurrency 32": "Max request concurrency: 32", "Successful requests: 160",
    # "Total input tokens: 81920", "Total generated tokens: 163840", "Output token throughput (tok/s): 2765.40",
    # "Mean E2E Latency (ms): 11769.33", "Mean TTFT (ms): 3721.89"
    (32, 160, 2765.40, 11769.33, 3721.89),
]
for c, n, tps, e2e, ttft in AC_BLOCKS:
    serving = {"prompt": 512, "output": 1024, "concurrency": c, "requests": n, "weights": "int4", "kv": "bf16",
               "runtime": "sglang", "arrival": "closed_loop"}
    cmd = (f"`LLM_MODEL=openai/gpt-oss-20b SERVE_IMAGE_GPU=H100 TP=1 modal run src/llm/sglang/openai_gpt_oss.py::main "
           f"--task benchmark --num-prompts {n} --max-concurrency {c}`")
    for metric, val, line in (("tokens_per_second", tps, f"Output token throughput (tok/s): {tps:.2f}"),
                              ("request", round(e2e / 1000.0, 7), f"Mean E2E Latency (ms): {e2e:.2f}"),
                              ("first_token", round(ttft / 1000.0, 7), f"Mean TTFT (ms): {ttft:.2f}")):
        add(f"achatbot-183-h100-gpt-oss-20b-sglang-512x1024-c{c}-{SHORT[metric]}", SRC_AC,
            f"{AC_WHERE}, the 'Serving Benchmark Result' block after {cmd}: '{line}'",
            {"preset": "gpt-oss-20b", "seq": 131072}, {"preset": "h100-sxm", "gpus": 1},
            {"tp": 1, "pp": 1, "ep": 1, "dp": 1}, serving, metric, val,
            AC_COMMON + ([] if metric == "tokens_per_second" else [f"'{line}' written in s"]))

# ======================================================= 3. vllm-project/vllm pull request 48757
VP_URL = "https://github.com/vllm-project/vllm/pull/48757"
SRC_VP = "vllm-pr-48757-qwen3-32b-fp8-8xh100"
VP_WHERE = (f"{VP_URL}, comment by hmellor of 2026-07-27, section '### Qwen3-32B-FP8, 8×H100, TP8', table 'metric | "
            "base | control | PR | Δ', column 'base'")
VP_COMMON = [
    "model Qwen/Qwen3-32B-FP8 (the qwen3-32b preset) with block-scaled FP8 (e4m3, 128 x 128) linear layers: weights "
    "fp8, W8A8 at the GPU's FP8 rate by default; KV cache bf16 (no KV dtype given); model.seq 40960, the model's "
    "max_position_embeddings (no --max-model-len is shown)",
    "hardware '8×H100': the SXM part (h100-sxm preset), one server; tensor parallel 8 ('TP8')",
    "runtime vLLM main at commit a89015c6df ('on `a89015c6df`', July 2026; V1 engine) as the engine's vllm runtime, "
    "base = that commit without the PR ('baseline code'); server flags other than TP8 not shown: defaults assumed "
    "(gpu_memory_utilization 0.90, CUDA graphs, torch.compile, prefix caching on: random prompts of one run give few "
    "hits)",
    "client: `--random-input-len 128 --random-output-len 1024 --max-concurrency 32 --num-prompts 256` (vllm bench "
    "serve, random dataset, request rate inf): a closed loop of 32 users over 256 requests; every output taken to be "
    "1024 tokens (base: 256 x 1024 tokens / 57.45 s = 4563 tok/s, the printed output throughput)",
    "measured: the mean of 3 trials ('3 trials/arm, cold private compile caches'), printed with its spread",
]
# "| Output tok/s | 4563.10 ±5.79 | 4565.43 ±20.61 | **5398.39 ±2.58** | **+18.31%** |"
# "| Mean TPOT (ms) | 6.94 ±0.00 | 6.94 ±0.01 | **5.85 ±0.01** | **−15.66%** |"
for metric, val, line in (("tokens_per_second", 4563.10, "| Output tok/s | 4563.10 ±5.79 | ..."),
                          ("per_output_token", 0.00694, "| Mean TPOT (ms) | 6.94 ±0.00 | ...")):
    serving = {"prompt": 128, "output": 1024, "concurrency": 32, "requests": 256, "weights": "fp8", "kv": "bf16",
               "runtime": "vllm", "arrival": "closed_loop"}
    add(f"vllm-pr-48757-8xh100-qwen3-32b-fp8-tp8-128x1024-c32-{SHORT[metric]}", SRC_VP, f"{VP_WHERE}: '{line}'",
        {"preset": "qwen3-32b", "seq": 40960}, {"preset": "h100-sxm", "gpus": 8}, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
        serving, metric, val, VP_COMMON + ([] if metric == "tokens_per_second" else ["'Mean TPOT (ms) 6.94' written in s"]))

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": "tenstorrent-issue-356-dsr1-0528-16xh100-sglang", "where": f"{TT_SG_WHERE}, row 8192/128 column 'E2EL (ms)' and the rows after it (longer prompts, concurrency 32)",
     "reason": "not in the readable copy: the stored copy of the comment ends after the 8192/128 row's TPOT; nothing further is transcribed",
     "published": []},
    {"source": "tenstorrent-issue-356-dsr1-0528-awq-8xh100-vllm", "where": f"{TT_VL_WHERE}, row 8192/128 column 'E2EL (ms)' and the rows after it",
     "reason": "not in the readable copy (as above)", "published": []},
    {"source": "tenstorrent-issue-356-dsr1-0528-16xh100-sglang", "where": f"{TT_URL}, columns 'Tput User (TPS)', 'Tput Decode (TPS)', 'Tput Prefill (TPS)', 'Req Tput (RPS)'",
     "reason": "at concurrency 1 'Tput User' and 'Tput Decode' are 1000 / TPOT and 'Tput Prefill' ISL / TTFT (derived from the columns used); 'Req Tput' is printed to 3 decimals and repeats the E2EL",
     "published": []},
    {"source": "tenstorrent-issue-356-dsr1-0528-16xh100-sglang", "where": f"{TT_URL}, the 16 x H100 TensorRT-LLM runs named in the issue's plan ('16 xH100s: Full Precision - Tensorrt-LLM')",
     "reason": "no TensorRT-LLM table is in the readable copy of the thread", "published": []},
    {"source": "tenstorrent-issue-356-dsr1-0528-16xh100-sglang", "where": "https://github.com/tenstorrent/tt-inference-server/issues/340 ('Qwen3 Family: GPU Benchmarks', same publisher): Qwen3-30B-A3B, Qwen3-14B, Qwen3-1.7B on A100",
     "reason": "left out: the runtime and its version and the A100's memory size and form factor are not stated in the readable copy (the tables say only 'on A100'); Qwen3-14B and Qwen3-1.7B have no preset",
     "published": []},
    {"source": SRC_AC, "where": f"{AC_URL}, the two blocks' percentiles (median / P99 TTFT, median E2E) and ITL / TPOT lines",
     "reason": "medians and percentiles are not means; the Inter-Token Latency and TPOT sections fall outside the readable copy of both blocks",
     "published": []},
    {"source": SRC_AC, "where": f"{AC_URL}, the other runs listed in the script (H100 at concurrency 1, 8, 16, 64; H200 and B200 at 1, 4, 16, 32; gpt-oss-120b-bf16 on 8 x H100; A100 and L40S)",
     "reason": "their blocks are not in the readable copy of the thread (only the H100 c4 and c32 blocks are); L40S has no preset",
     "published": []},
    {"source": SRC_VP, "where": f"{VP_URL}, columns 'control' and 'PR' and rows 'Duration (s)', 'P99 ITL (ms)'",
     "reason": "'control' re-measures the same baseline code (a duplicate of 'base'); 'PR' runs the PR's fused residual-add + RMSNorm compilation pass, a kernel fusion the contract cannot state; the duration repeats the throughput; P99 ITL is a percentile",
     "published": []},
    {"source": SRC_VP, "where": f"{VP_URL}, the uncapped run ('--num-prompts 1000 and no concurrency cap')",
     "reason": "only a relative change (−1.7 % ±34 %) and durations of three trials dominated by a rising prefix-cache hit rate (20 % -> 98 %) are printed; no absolute metric of a stated configuration",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
