# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-07n. Every measured
# number below is transcribed from public material no earlier set, preset or calibration file uses:
#   - cssnoeasy/a100-vllm-benchmark-blog (one author's A100 80GB PCIe serving study, written in
#     Chinese), three reports in it:
#       docs/reports/a100-quantization-capacity.md at commit 5b67cd24cec04a0664aa3a7aa585ea11df6d5f5e
#         (Qwen3-32B on one A100 80GB PCIe, vLLM 0.19.0, BF16 / FP8 KV / official AWQ / self-built
#         W4A16 GPTQ, closed loops and an open-loop (Poisson) SLO ladder);
#       docs/reports/tensorrt-llm-validation.md at commit 5b67cd24cec04a0664aa3a7aa585ea11df6d5f5e
#         (Qwen3-32B BF16, TensorRT-LLM 1.2.1 PyTorch backend against vLLM 0.19.0, one closed loop);
#       docs/reports/a100-tp1-vs-tp2-formal-baseline.md at commit e4226b0fa0762a9c8d9ac4e8c1b9e8f2f53a3cc5
#         (Qwen2.5-7B-Instruct, vLLM 0.19.0, TP1 on one / TP2 on two A100 80GB PCIe without NVLink);
#     with the run configuration in configs/experiments/a100-vllm-bf16-tp1.yaml and
#     a100-trtllm-bf16-tp1.yaml at commit e4226b0f;
#   - vllm-project/vllm issue 20469 (jinkhyeHW, 2025-07, "[Performance]: Severe performance drop on
#     1x A100 80GB with Qwen3-14B-AWQ at >1 concurrency (v0.9.1)"), first post, the concurrency-1
#     "Serving Benchmark Result" block;
#   - vllm-project/vllm pull request 23151 (wenchen76, 2025-08-19, "Add tuned fused_moe configs for
#     Qwen3-30B-A3B"), description, block "WO tuned configs (TP=1, EP=1, on H100)".
# Times printed in ms are written in s (divided by 1000). No figure is derived except the mean
# prompt and output lengths of the PR 23151 run (its printed token totals / 100 requests, noted).
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
CSS = "cssnoeasy/a100-vllm-benchmark-blog"
C_REP = "5b67cd24cec04a0664aa3a7aa585ea11df6d5f5e"
C_TP = "e4226b0fa0762a9c8d9ac4e8c1b9e8f2f53a3cc5"
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


TP1 = {"tp": 1, "pp": 1, "ep": 1, "dp": 1}
# A100 80GB PCIe: the a100-80gb preset (SXM) with the PCIe part's HBM2e bandwidth, 1,935 GB/s
# (NVIDIA A100 datasheet, 'A100 80GB PCIe' column; the SXM part's 2,039 GB/s is the preset's).
A100_PCIE_1 = {"preset": "a100-80gb", "gpus": 1, "memory_bandwidth": 1.935e12}
PCIE_HW_NOTE = ("NVIDIA A100 80GB PCIe (the reports: 'A100 80GB PCIe', driver 580.173.02): the a100-80gb preset (SXM) with "
                "memory_bandwidth set to the PCIe part's 1.935e12 B/s (NVIDIA A100 datasheet; the preset's 2.039e12 is the SXM "
                "part's); its other figures (312 TFLOP/s bf16 dense peak, 80 GB, fitted efficiencies) kept; the PCIe card's "
                "300 W limit (400 W SXM) has no field and is not expressed")

# ======================================================= 1. Qwen3-32B quantization study (vLLM 0.19.0)
SRC_Q = "cssnoeasy-a100pcie-qwen3-32b-quant-vllm"
Q_FILE = f"{CSS} at commit {C_REP}, docs/reports/a100-quantization-capacity.md"
Q_MODEL = {"preset": "qwen3-32b", "seq": 8192}
Q_COMMON = [
    PCIE_HW_NOTE + "; one card (the report: 'A100 推理端 | 2 x A100 80GB PCIe，基准固定 GPU 0 单卡'), tensor parallel 1",
    "model Qwen/Qwen3-32B (the qwen3-32b preset) with model.seq 8192 = the served max_model_len ('所有路径固定单张 A100 80GB、"
    "vLLM 0.19.0、eager mode、max_model_len=8192、gpu_memory_utilization=0.90、enable_thinking=false 和无限 request rate')",
    "runtime vLLM 0.19.0 (V1 engine; PyTorch 2.10.0+cu128) as the engine's vllm runtime; gpu_memory_utilization 0.90 = the "
    "runtime's default pool; block 16, prefix caching and chunked prefill at 0.19.0's defaults (random prompts: no prefix hits)",
    "NOT EXPRESSED: the server runs in eager mode ('eager mode'; configs/experiments/a100-vllm-bf16-tp1.yaml at e4226b0f: "
    "vllm_extra_args --enforce-eager), i.e. without CUDA graphs; the request contract has no field for it and the engine's "
    "kernel floors assume CUDA-graph launches",
    "client: the repository's runner (scripts/runner/run_experiment_once.py at e4226b0f: scripts/run_benchmark_once.sh with "
    "INPUT_LEN, OUTPUT_LEN, NUM_PROMPTS, MAX_CONCURRENCY, REQUEST_RATE, DATASET_NAME random), i.e. vLLM's serving benchmark on "
    "random prompts at the stated lengths, temperature 0; warm-up requests before the measured run not counted; the "
    "benchmark script itself is not in the public copy, so ignore_eos is not shown: every output is taken to be the stated "
    "length (the sibling TP report states each request produced the fixed output count with the same runner family); "
    "enable_thinking false implies the chat endpoint, whose chat template adds a few tokens to each prompt (not counted)",
    "metric: the table's 'tok/s' column, read as vLLM's output token throughput (the report's text: 'output throughput')",
]
Q_VAR = {
    # variant key: (label, weights, kv, note)
    "bf16": ("BF16", "bf16", "bf16", "variant BF16: Qwen3-32B original weights, compute dtype bfloat16, KV dtype auto (= bf16) "
             "(table '四条对比路径', row 'BF16 | Qwen3-32B 原模型 | bfloat16 | auto')"),
    "fp8kv": ("FP8 KV", "bf16", "fp8", "variant FP8 KV: Qwen3-32B original bf16 weights with --kv-cache-dtype fp8 (row 'FP8 KV | "
              "Qwen3-32B 原模型 | bfloat16 | fp8'); on A100 vLLM stores the cache in FP8 and computes attention in 16-bit"),
    "awq": ("官方 AWQ", "int4", "bf16", "variant official AWQ: Qwen/Qwen3-32B-AWQ (4-bit AWQ, group 128 with zero points: the "
            "contract's int4), compute dtype float16, KV dtype auto (= fp16, 2 bytes as bf16) (row '官方 AWQ | Qwen3-32B-AWQ | "
            "float16 | auto'); the engine's bf16 tensor-core rate stands for fp16"),
    "self": ("self W4A16 GPTQ", "int4", "bf16", "variant self-built W4A16 GPTQ: llm-compressor GPTQModifier, INT4 weights, group "
             "size 128, symmetric (scales, no zero points: the contract's int4 counts a 0.5 B zero point per 128 weights, "
             "0.4 % more weight bytes), compressed-tensors pack-quantized, lm_head left unquantized; compute dtype float16, KV "
             "auto (= fp16) (row 'self W4A16 GPTQ | 自行 compressed-tensors W4A16 | float16 | auto')"),
}
# Table '## 512x256：短负载结果': columns BF16 tok/s | FP8 KV tok/s | AWQ tok/s | self tok/s (then P99 TTFT and P99 TPOT, not used)
Q_512 = [
    (4, 79.43, 79.45, 99.60, 95.91),       # "| 4 | 79.43 | 79.45 | 99.60 | 95.91 | 778.10 | ..."
    (8, 148.58, 149.22, 185.15, 179.56),   # "| 8 | 148.58 | 149.22 | 185.15 | 179.56 | 1367.38 | ..."
    (16, 264.83, 267.69, 303.52, 312.90),  # "| 16 | 264.83 | 267.69 | 303.52 | 312.90 | 2636.58 | ..."
    (24, 370.56, 374.49, 326.83, 408.80),  # "| 24 | 370.56 | 374.49 | 326.83 | 408.80 | 3910.03 | ..."
    (32, 444.29, 452.19, 375.11, 494.32),  # "| 32 | 444.29 | 452.19 | 375.11 | 494.32 | 5178.57 | ..."
]
# Table '## 2048x512：长负载结果', same columns
Q_2048 = [
    (4, 74.15, 74.84, 92.89, 90.24),       # "| 4 | 74.15 | 74.84 | 92.89 | 90.24 | 2624.87 | ..."
    (8, 131.14, 133.04, 161.10, 158.82),   # "| 8 | 131.14 | 133.04 | 161.10 | 158.82 | 5161.92 | ..."
    (12, 178.42, 181.77, 201.97, 190.85),  # "| 12 | 178.42 | 181.77 | 201.97 | 190.85 | 7678.59 | ..."
    (16, 186.08, 217.52, 229.13, 243.84),  # "| 16 | 186.08 | 217.52 | 229.13 | 243.84 | 10304.40 | ..."
]
for (p, o, rows, section) in ((512, 256, Q_512, "## 512x256：短负载结果"), (2048, 512, Q_2048, "## 2048x512：长负载结果")):
    for row in rows:
        c = row[0]
        for key, val in zip(("bf16", "fp8kv", "awq", "self"), row[1:]):
            label, w, kv, vnote = Q_VAR[key]
            n = max(16, c)
            if p == 2048 and c == 4:
                req_note = ("16 requests (--num-prompts 16): stated for 2048x512 c4 ('self 的 2048x512 c4 初始使用 64 prompts，而历史 "
                            "BF16、FP8 KV、官方 AWQ 都使用 16 prompts。正式矩阵将 self c4 改为 16 prompts 重跑，四条路径最终均为 completed 16')")
            else:
                req_note = (f"requests {n}: the report gives the prompt count only for 2048x512 c4 (16 for all four variants); taken "
                            "as 16 (the runner template configs/experiments/a100-vllm-bf16-tp1.yaml: num_prompts 16 at max_concurrency 16) "
                            "and, where the concurrency exceeds 16, as many as the users (fewer prompts could not fill the loop, and "
                            "throughput keeps rising to c24/c32)")
            serving = {"prompt": p, "output": o, "concurrency": c, "requests": n, "weights": w, "kv": kv,
                       "runtime": "vllm", "arrival": "closed_loop"}
            add(f"cssnoeasy-quant-a100pcie-qwen3-32b-{key}-{p}x{o}-c{c}-tps", SRC_Q,
                f"{Q_FILE}, section '{section}', table row c = {c}, column '{label} tok/s': {val}",
                Q_MODEL, A100_PCIE_1, TP1, serving, "tokens_per_second", val,
                Q_COMMON + [vnote,
                            f"workload {p}x{o}: random prompts of {p} tokens, {o} output tokens ('正式工作负载包括：- `512x256`：并发 c4、c8、"
                            "c16、c24、c32。- `2048x512`：并发 c4、c8、c12、c16'), request rate inf with --max-concurrency "
                            f"{c}: a closed loop of {c} users",
                            req_note])

# Open-loop ladder, table in '## 从峰值吞吐走向 Open-Loop Goodput': the highest passing point of each variant
# (variant, configured rate, actual req/s, output tok/s)
Q_OPEN = [
    ("bf16", 0.6, 0.567, 145.04),   # "| BF16 | 0.6 | 0.567 | 145.04 | 481.19 ms | 59.75 ms |"
    ("fp8kv", 0.6, 0.567, 145.08),  # "| FP8 KV | 0.6 | 0.567 | 145.08 | 485.38 ms | 59.32 ms |"
    ("awq", 0.5, 0.482, 123.30),    # "| 官方 AWQ | 0.5 | 0.482 | 123.30 | 830.28 ms | 56.47 ms |"
    ("self", 1.3, 1.179, 301.82),   # "| self W4A16 GPTQ | 1.3 | 1.179 | 301.82 | 753.33 ms | 58.54 ms |"
]
for key, rate, actual, val in Q_OPEN:
    label, w, kv, vnote = Q_VAR[key]
    serving = {"prompt": 512, "output": 256, "concurrency": 32, "requests": 128, "weights": w, "kv": kv,
               "runtime": "vllm", "arrival": "poisson", "request_rate": rate}
    add(f"cssnoeasy-quant-a100pcie-qwen3-32b-{key}-512x256-poisson{rate}-tps", SRC_Q,
        f"{Q_FILE}, section '## 从峰值吞吐走向 Open-Loop Goodput', table '最终边界如下', row '{label}': 最高通过 rate {rate}, "
        f"actual req/s {actual}, output tok/s {val}",
        Q_MODEL, A100_PCIE_1, TP1, serving, "tokens_per_second", val,
        Q_COMMON + [vnote,
                    f"open loop: '我固定 `512x256` 工作负载、每点 128 个请求和 `max_concurrency=32`，将 request-rate 设为有限值': 128 "
                    f"requests of 512 in / 256 out arriving at request rate {rate}/s (vLLM's serving benchmark: Poisson gaps, "
                    "burstiness 1 by default) with the client capped at 32 in flight; all 128 completed ('全部完成 128/128')",
                    f"this row is the variant's highest rate that met the report's SLO (P99 TTFT <= 4 s, P99 TPOT <= 60 ms); the other "
                    f"ladder points are shown only in a figure; the printed actual rate {actual} req/s is completed requests over the "
                    "run's duration"])

# ======================================================= 2. TensorRT-LLM 1.2.1 against vLLM 0.19.0 (Qwen3-32B BF16)
SRC_T = "cssnoeasy-a100pcie-qwen3-32b-trtllm-vs-vllm"
T_FILE = f"{CSS} at commit {C_REP}, docs/reports/tensorrt-llm-validation.md"
T_COMMON = [
    PCIE_HW_NOTE + "; one card ('NVIDIA A100 80GB PCIe，GPU0'), tensor parallel 1 ('TP=1')",
    "model Qwen3-32B BF16 (the qwen3-32b preset), model.seq 8192 = max_model_len of the study's configs "
    "(configs/experiments/a100-trtllm-bf16-tp1.yaml and a100-vllm-bf16-tp1.yaml at e4226b0f: max_model_len 8192); weights bf16, "
    "KV cache bf16 (no KV dtype given)",
    "workload (the report's '固定设置' table): OpenAI /v1/completions streaming, input/output 512/256 tokens, closed loop of 16 "
    "('闭环并发 16'), 96 requests per round ('96 请求/轮，3 轮'), 8 warm-up requests not counted, temperature 0, seed 20260806; "
    "one shared OpenAI streaming benchmark script for both servers ('两端使用同一份 OpenAI streaming benchmark 脚本'); every "
    "output taken to be 256 tokens (ignore_eos not shown)",
    "measured: '三轮均值对比' table, row '输出吞吐' (output throughput), the mean of 3 rounds",
]
# Table '## 8. 三轮均值对比与解读': "| 输出吞吐 | 317.85 tok/s | 313.92 tok/s | TensorRT-LLM 高约 1.25% |"
for rt, val, col, notes in (
    ("trtllm", 317.85, "TensorRT-LLM PyTorch backend",
     ["runtime TensorRT-LLM 1.2.1, PyTorch backend (trtllm-serve on the Hugging Face checkpoint; TensorRT 10.14.1.48.post1, "
      "PyTorch 2.9.1+cu128) as the engine's trtllm runtime; max_batch_size 32 (a100-trtllm-bf16-tp1.yaml; the report: a batch "
      "size of 1 was corrected before the formal runs), KV cache fraction and CUDA-graph settings at that release's defaults"]),
    ("vllm", 313.92, "vLLM",
     ["runtime vLLM 0.19.0 (V1 engine) as the engine's vllm runtime, gpu_memory_utilization 0.90 (a100-vllm-bf16-tp1.yaml)",
      "NOT EXPRESSED (assumed from the config, not restated in the report): the vLLM control's config passes --enforce-eager "
      "(no CUDA graphs), which the request contract cannot state"]),
):
    serving = {"prompt": 512, "output": 256, "concurrency": 16, "requests": 96, "weights": "bf16", "kv": "bf16",
               "runtime": rt, "arrival": "closed_loop"}
    add(f"cssnoeasy-trt-a100pcie-qwen3-32b-bf16-{rt}-512x256-c16-tps", SRC_T,
        f"{T_FILE}, section '## 8. 三轮均值对比与解读', table row '输出吞吐', column '{col}': {val} tok/s",
        Q_MODEL, A100_PCIE_1, TP1, serving, "tokens_per_second", val, T_COMMON + notes)

# ======================================================= 3. Qwen2.5-7B-Instruct, TP1 vs TP2 (vLLM 0.19.0)
SRC_P = "cssnoeasy-a100pcie-qwen2.5-7b-tp1-tp2-vllm"
P_FILE = f"{CSS} at commit {C_TP}, docs/reports/a100-tp1-vs-tp2-formal-baseline.md"
QWEN25_7B = {"layers": 28, "hidden": 3584, "heads": 28, "kv_heads": 4, "ffn": 18944, "vocab": 152064, "seq": 4096,
             "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "qkv_bias": True,
             "dropout": False, "tied_embeddings": False}
P_COMMON = [
    "model Qwen2.5-7B-Instruct written out (Hugging Face config.json of Qwen/Qwen2.5-7B-Instruct: 28 layers, hidden 3584, 28 "
    "heads, 4 KV heads, intermediate 18944, vocab 152064, biases on Q/K/V only, untied embeddings); model.seq 4096 = the served "
    "--max-model-len 4096",
    "weights float16 ('权重精度 | `float16`'), 2 bytes as bf16 (weights bf16 in the request; the engine's bf16 rate stands for fp16); "
    "KV cache dtype auto (= fp16, 2 bytes)",
    "runtime vLLM 0.19.0 (V1 engine; PyTorch 2.10.0+cu128) as the engine's vllm runtime, served by `vllm serve $MODEL "
    "--tensor-parallel-size $tp --pipeline-parallel-size 1 --dtype float16 --kv-cache-dtype auto --gpu-memory-utilization 0.75 "
    "--max-model-len 4096 --seed 0` (section 5.1): CUDA graphs on (no --enforce-eager); gpu_memory_utilization 0.75 has no "
    "field (the engine's vllm pool is 0.90); the report's KV-cache peaks (at most 9.62 %) show the pool never binds",
    "client (section 5.3): `vllm bench serve --backend openai --dataset-name random --random-input-len I --random-output-len O "
    "--num-prompts 100 --max-concurrency C --seed 0` (request rate inf): a closed loop of C users over 100 requests; no "
    "--ignore-eos is passed, but the report states every successful request produced the fixed output count "
    "('同一负载中的每个成功请求固定生成相同数量的输出 token'; request throughput x O = output throughput in each row); 20 warm-up "
    "requests before the runs not counted",
    "measured: '## 八、六组正式结果' table, column '输出吞吐 tok/s', the arithmetic mean of 3 repeats of 100 requests (the first "
    "repeat of the short workload had an ~8 s TTFT tail the report could not explain; kept in the mean, as the report does)",
]
# Table '## 八、六组正式结果' (TP | 负载 | 请求吞吐 req/s | 输入吞吐 tok/s | 输出吞吐 tok/s | ...); workloads from table '4.1 三类负载'
P_ROWS = [
    (1, "short_short_low", "短输入、短输出、低并发", 512, 256, 8, 623.18),    # "| 1 | 短输入、短输出、低并发 | 2.43 | 1246.37 | 623.18 | ..."
    (2, "short_short_low", "短输入、短输出、低并发", 512, 256, 8, 845.67),    # "| 2 | 短输入、短输出、低并发 | 3.30 | 1691.34 | 845.67 | ..."
    (1, "long_short_medium", "长输入、短输出、中并发", 2048, 128, 16, 906.60),  # "| 1 | 长输入、短输出、中并发 | 7.08 | 14505.66 | 906.60 | ..."
    (2, "long_short_medium", "长输入、短输出、中并发", 2048, 128, 16, 1209.63), # "| 2 | 长输入、短输出、中并发 | 9.45 | 19354.04 | 1209.63 | ..."
    (1, "long_long_high", "长输入、长输出、高并发", 2048, 512, 32, 1757.34),    # "| 1 | 长输入、长输出、高并发 | 3.43 | 7029.37 | 1757.34 | ..."
    (2, "long_long_high", "长输入、长输出、高并发", 2048, 512, 32, 2543.03),    # "| 2 | 长输入、长输出、高并发 | 4.97 | 10172.13 | 2543.03 | ..."
]
for tp, wl, label, p, o, c, val in P_ROWS:
    if tp == 1:
        hw = dict(A100_PCIE_1)
        hwnote = PCIE_HW_NOTE + "; TP1 on GPU0 alone (CUDA_VISIBLE_DEVICES=0)"
    else:
        hw = {"preset": "a100-80gb", "gpus": 2, "memory_bandwidth": 1.935e12, "intra_bandwidth": 32e9}
        hwnote = (PCIE_HW_NOTE + "; TP2 on GPU0 and GPU1 of one server with no NVLink: `nvidia-smi topo -m` shows SYS between "
                  "them (PCIe across the two CPU sockets' interconnect; section 3.1 '两张卡之间没有 NVLink'): intra_bandwidth set to "
                  "32e9 B/s, PCIe 4.0 x16's nominal rate per direction, in place of the preset's NVLink 300e9 (the socket "
                  "crossing may lower it further; not stated). vLLM's custom all-reduce needs GPU peer access, which PCIe "
                  "across sockets usually lacks, in which case vLLM uses NCCL; the report does not say which ran, and the "
                  "engine's vllm runtime keeps its custom all-reduce latency for small calls (not expressible)")
    par = {"tp": tp, "pp": 1, "ep": 1, "dp": 1}
    serving = {"prompt": p, "output": o, "concurrency": c, "requests": 100, "weights": "bf16", "kv": "bf16",
               "runtime": "vllm", "arrival": "closed_loop"}
    add(f"cssnoeasy-tp-a100pcie-qwen2.5-7b-tp{tp}-{p}x{o}-c{c}-tps", SRC_P,
        f"{P_FILE}, section '## 八、六组正式结果', table row 'TP {tp} | {label}', column '输出吞吐 tok/s': {val} "
        f"(workload {wl}: {p} in, {o} out, max concurrency {c}, 100 requests, table '4.1 三类负载')",
        QWEN25_7B, hw, par, serving, "tokens_per_second", val, P_COMMON + [hwnote])

# ======================================================= 4. vllm-project/vllm issue 20469 (Qwen3-14B-AWQ, A100 80GB, vLLM 0.9.1)
SRC_I = "vllm-issue-20469-qwen3-14b-awq-a100"
I_WHERE = ("https://github.com/vllm-project/vllm/issues/20469, first post by jinkhyeHW ('Benchmark configurations and results'), "
           "the block after `--max-concurrency 1 --num-prompts 30 --request-rate 1 --random-input-len 16000 --random-output-len 200`")
QWEN3_14B = {"layers": 40, "hidden": 5120, "heads": 40, "kv_heads": 8, "head_dim": 128, "qk_norm": True, "ffn": 17408,
             "vocab": 151936, "seq": 16384, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False,
             "dropout": False, "tied_embeddings": False}
I_COMMON = [
    "model Qwen/Qwen3-14B-AWQ: Qwen3-14B's shape written out (Hugging Face config.json of Qwen/Qwen3-14B: 40 layers, hidden "
    "5120, 40 heads of 128, 8 KV heads, intermediate 17408, vocab 151936, QK-norm, untied embeddings); model.seq 16384 = the "
    "served --max-model-len 16384; weights int4 (AWQ 4-bit, group 128, zero points: the contract's int4); KV cache auto "
    "(= fp16, 2 bytes as bf16)",
    "hardware '1x A100 80GB' (issue title): form factor not stated, the SXM part assumed (a100-80gb preset); tensor parallel 1 "
    "(--tensor-parallel-size 1)",
    "runtime vLLM v0.9.1 (issue title; V1 engine, the default since 0.8) as the engine's vllm runtime: `vllm serve "
    "Qwen/Qwen3-14B-AWQ --gpu-memory-utilization 0.95 --max-model-len 16384 --tensor-parallel-size 1 --enforce-eager "
    "--guided-decoding-backend guidance --max-num-seq 30`; gpu_memory_utilization 0.95 has no field (the engine's pool is 0.90; "
    "one sequence never fills it); the guided-decoding backend is unused by the benchmark",
    "NOT EXPRESSED: --enforce-eager (no CUDA graphs); the request contract cannot state it",
    "client: `python3 vllm/benchmarks/benchmark_serving.py --backend vllm --model Qwen/Qwen3-14B-AWQ --endpoint "
    "/v1/completions --dataset-name random --max-concurrency 1 --num-prompts 30 --request-rate 1 --random-input-len 16000 "
    "--random-output-len 200`: 30 requests of 16000 random tokens arriving as a Poisson stream at 1/s with at most one in "
    "flight (arrival poisson, request_rate 1, concurrency 1, requests 30); the block prints 'Total input tokens: 480000' "
    "(30 x 16000) and 'Total generated tokens: 6000' (30 x 200): every output 200 tokens",
]
# "Output token throughput (tok/s):         26.84"; "Mean TTFT (ms):                          3345.37";
# "Mean TPOT (ms):                          20.63"
for metric, val, line in (("tokens_per_second", 26.84, "Output token throughput (tok/s): 26.84"),
                          ("first_token", 3.34537, "Mean TTFT (ms): 3345.37"),
                          ("per_output_token", 0.02063, "Mean TPOT (ms): 20.63")):
    serving = {"prompt": 16000, "output": 200, "concurrency": 1, "requests": 30, "weights": "int4", "kv": "bf16",
               "runtime": "vllm", "arrival": "poisson", "request_rate": 1.0}
    short = {"tokens_per_second": "tps", "first_token": "ttft", "per_output_token": "tpot"}[metric]
    add(f"vllm-issue-20469-a100-qwen3-14b-awq-16000x200-c1-{short}", SRC_I, f"{I_WHERE}: '{line}'",
        QWEN3_14B, {"preset": "a100-80gb", "gpus": 1}, TP1, serving, metric, val,
        I_COMMON + ([] if metric == "tokens_per_second" else [f"'{line}' written in s"]))

# ======================================================= 5. vllm-project/vllm pull request 23151 (Qwen3-30B-A3B BF16, H100)
SRC_R = "vllm-pr-23151-qwen3-30b-a3b-h100"
R_WHERE = ("https://github.com/vllm-project/vllm/pull/23151, description by wenchen76 (2025-08-19), '## Test Result', block "
           "'WO tuned configs (TP=1, EP=1, on H100)'")
R_COMMON = [
    "model Qwen/Qwen3-30B-A3B (the qwen3-30b-a3b preset: 48 layers, 128 experts, top-8), bf16 weights (the PR: 'Tune fused_moe "
    "configs for BF16'), KV cache bf16 (no KV dtype given); model.seq 40960, the model's max_position_embeddings (no "
    "--max-model-len is given)",
    "hardware 'on H100', one GPU (TP=1, EP=1): the SXM part assumed (h100-sxm preset); tensor parallel 1, no expert parallelism",
    "runtime vLLM at the PR's base, not stated: main of 2025-08-19, the day after v0.10.1 (V1 engine), taken as vLLM 0.10.1 "
    "(the engine's vllm runtime): `VLLM_USE_DEEP_GEMM=1 vllm serve Qwen/Qwen3-30B-A3B` with every other setting at its "
    "defaults (gpu_memory_utilization 0.90, CUDA graphs, prefix caching on: random prompts give no hits); DeepGEMM serves "
    "FP8 block GEMMs only, so it does not touch this bf16 model; this run uses vLLM's default fused-MoE Triton configs "
    "('WO tuned configs')",
    "client: `python benchmarks/benchmark_serving.py --backend vllm --model Qwen/Qwen3-30B-A3B --endpoint /v1/completions "
    "--dataset-name random --random-input 2048 --random-output 1024 --max-concurrency 10 --num-prompt 100`, request rate "
    "inf: a closed loop of 10 users over 100 requests; no --ignore-eos, and the block prints 'Total input tokens: 204169' and "
    "'Total generated tokens: 101576': prompt 2042 = 204169 / 100 rounded (random token ids re-tokenized), output 1016 = "
    "101576 / 100 rounded, the mean (some answers stopped at EOS before 1024; a closed loop depends on the mean alone)",
]
# "Output token throughput (tok/s):         739.79"; "Mean TTFT (ms):                          267.22";
# "Mean TPOT (ms):                          13.18"
for metric, val, line in (("tokens_per_second", 739.79, "Output token throughput (tok/s): 739.79"),
                          ("first_token", 0.26722, "Mean TTFT (ms): 267.22"),
                          ("per_output_token", 0.01318, "Mean TPOT (ms): 13.18")):
    serving = {"prompt": 2042, "output": 1016, "concurrency": 10, "requests": 100, "weights": "bf16", "kv": "bf16",
               "runtime": "vllm", "arrival": "closed_loop"}
    short = {"tokens_per_second": "tps", "first_token": "ttft", "per_output_token": "tpot"}[metric]
    add(f"vllm-pr-23151-h100-qwen3-30b-a3b-bf16-2048x1024-c10-{short}", SRC_R, f"{R_WHERE}: '{line}'",
        {"preset": "qwen3-30b-a3b", "seq": 40960}, {"preset": "h100-sxm", "gpus": 1}, TP1, serving, metric, val,
        R_COMMON + ([] if metric == "tokens_per_second" else [f"'{line}' written in s"]))

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": SRC_Q, "where": f"{Q_FILE}, tables '512x256：短负载结果' and '2048x512：长负载结果', columns P99 TTFT and P99 TPOT (72 values) and the open-loop table's P99 TTFT / P99 TPOT",
     "reason": "99th percentiles only; the engine predicts means (first_token, per_output_token), and no mean TTFT or TPOT is printed",
     "published": []},
    {"source": SRC_Q, "where": f"{Q_FILE}, '官方 AWQ 另有一个 `2048x512 c24` 容量观察点'",
     "reason": "no throughput is printed for this point (only 'P99 TTFT 已超过 20 秒、P99 TPOT 约 96 ms', percentiles)",
     "published": []},
    {"source": SRC_Q, "where": f"{Q_FILE}, open-loop ladder points other than each variant's highest passing rate (0.4-1.5 req/s, 25 points in all)",
     "reason": "shown only in a figure (assets/figures/quantization-slo-boundary.png); no number is printed to transcribe",
     "published": []},
    {"source": SRC_Q, "where": f"{Q_FILE}, table '资源容量对比' (model loading memory, available KV cache, GPU KV tokens 39,200 / 78,400 / 214,272 / 215,344)",
     "reason": "memory measurements, not one of the five serving metrics of this set (they would belong to a memory set: vLLM's KV pool at gpu_memory_utilization 0.90 in eager mode)",
     "published": []},
    {"source": SRC_T, "where": f"{T_FILE}, table '三轮均值对比', rows TTFT P50/P95/P99, TPOT P99, E2E P99",
     "reason": "percentiles only; the engine predicts means", "published": []},
    {"source": SRC_P, "where": f"{P_FILE}, tables '六组正式结果' and '短负载尾延迟审计': TTFT p50/p95/p99, TPOT p99, E2E p99, per-repeat request throughput",
     "reason": "percentiles only (the engine predicts means); the per-repeat rows print request throughput to 2 decimals only and are summarized by the means used",
     "published": []},
    {"source": SRC_P, "where": f"{CSS} at commit {C_TP}, docs/reports/gb10-llama-cpp-validation.md",
     "reason": "NVIDIA GB10 (no hardware preset) with llama.cpp (not a runtime of the contract)", "published": []},
    {"source": SRC_I, "where": "https://github.com/vllm-project/vllm/issues/20469, the runs at concurrency above 1 named in the title",
     "reason": "not transcribed: the stored copy of the thread that could be read ends after the concurrency-1 block; medians and P99s of the transcribed block are percentiles",
     "published": []},
    {"source": SRC_R, "where": "https://github.com/vllm-project/vllm/pull/23151, the block with the tuned fused-MoE configs",
     "reason": "a kernel-tuning file the PR adds (closed without merging) is a setting the contract cannot state, and the stored copy read ends before that block; only the default-config run is a case",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
