# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-07q. Every measured
# number below is transcribed from public material no earlier set, preset or calibration file uses:
#   - sgl-project/sglang pull request 6939 (Fridge003, 2025-06-07, "Add triton fused moe kernel config
#     for E=257 on B200"), description, block "Before tuning:" (DeepSeek-V3-0324, tp 8, B200);
#   - sgl-project/sglang pull request 7687 (junliu-mde, 2025-07-01, "Add H200 fused MoE kernel configs
#     for DeepSeek-V3 in triton 3.3.1"), description, block "Result:" (DeepSeek-V3, tp 16 over two
#     H200 nodes), the value before the arrow (default MoE config).
# The threads were read through the stored issue/PR corpus (search excerpts). Each excerpt ends part-way
# through its block, so only the fields quoted below could be read; the rest of each block (TTFT,
# TPOT) is not in the readable copy and is not used.
# The only derived figure is PR 7687's output throughput: its printed 'Total generated tokens' divided
# by its printed 'Benchmark duration (s)' (the definition bench_serving uses for that line), noted.
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


DSV3_NOTE = ("model DeepSeek-V3 (the deepseek-v3 preset: 61 layers, MLA, 1 shared + 256 routed experts, 8 per token) in its "
             "released block-wise FP8 checkpoint, i.e. weights fp8 (W8A8 on FP8 tensor cores, the contract's default "
             "precision for fp8 weights); the MTP module is not used (no speculative decoding flag in the launch command)")
KV_NOTE = ("KV cache bf16: the launch command sets no --kv-cache-dtype, SGLang's default 'auto' keeps the model dtype "
           "(bf16) for the MLA latent cache")

# ======================================================= 1. PR 6939: DeepSeek-V3-0324 on 8 x B200, tp 8
SRC_A = "sglang-pr-6939-deepseek-v3-b200"
WHERE_A = ("sgl-project/sglang pull request 6939 (Fridge003, 2025-06-07), description, launch "
           "'SGLANG_ENABLE_FLASHINFER_GEMM=1 python3 -m sglang.launch_server --model /dev/shm/DeepSeek-V3-0324 --tp 8 "
           "--trust-remote-code --attention-backend triton', client 'python3 -m sglang.bench_serving --backend sglang-oai "
           "--dataset-name random --random-input-len 1000 --random-output-len 1000 --random-range-ratio 1 --num-prompts 128 "
           "--max-concurrency 16', block 'Before tuning:'")
# "Before tuning:" block: "Max request concurrency: 16", "Successful requests: 128", "Benchmark duration (s): 221.31",
# "Total input tokens: 128000", "Total generated tokens: 128000", "Request throughput (req/s): 0.58",
# "Input token throughput (tok/s): 578.37", "Output token throughput (tok/s): 578.37"
add("sglang-pr6939-b200-dsv3-fp8-tp8-1000x1000-c16-tps", SRC_A,
    WHERE_A + ", line 'Output token throughput (tok/s): 578.37'",
    {"preset": "deepseek-v3"}, {"preset": "b200", "gpus": 8}, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
    {"prompt": 1000, "output": 1000, "concurrency": 16, "requests": 128, "weights": "fp8", "kv": "bf16",
     "runtime": "sglang", "arrival": "closed_loop"},
    "tokens_per_second", 578.37,
    ["GPUs: NVIDIA B200 (the PR title: 'Add triton fused moe kernel config for E=257 on B200'; the config file it adds "
     "is for device_name=NVIDIA_B200), 8 of them in one node ('--tp 8'): the b200 preset, gpus 8, tensor parallel 8, "
     "no expert parallelism (no --ep/--enable-ep-moe flag: SGLang's default shards every expert over the tp ranks)",
     DSV3_NOTE + "; checkpoint DeepSeek-V3-0324 (same shape as DeepSeek-V3)",
     KV_NOTE,
     "runtime SGLang at main of 2025-06-07 (between v0.4.6.post5 and v0.4.7; the PR states no version) as the engine's "
     "sglang runtime; mem_fraction_static, page size 1, chunked prefill, CUDA graphs and the overlap scheduler at their "
     "defaults (none set); radix cache left on (not disabled) but random prompts share no prefix; "
     "NOT EXPRESSED: '--attention-backend triton' (Triton MLA kernels instead of the default FlashInfer/FlashMLA) and "
     "SGLANG_ENABLE_FLASHINFER_GEMM=1 (FlashInfer FP8 block GEMMs): the contract has no field for the kernel choice",
     "state measured: 'Before tuning', i.e. SGLang's default (untuned) fused-MoE Triton config for E=257 on B200, the "
     "runtime's state without the PR",
     "client: sglang.bench_serving on random prompts of exactly 1000 tokens ('--random-range-ratio 1'; 'Total input "
     "tokens: 128000') and exactly 1000 output tokens ('Total generated tokens: 128000'), request rate inf with "
     "--max-concurrency 16: a closed loop of 16 users over 128 requests; one warm-up request not counted (bench_serving's "
     "default)",
     "metric: the block's 'Output token throughput (tok/s)'"])

# ======================================================= 2. PR 7687: DeepSeek-V3 on 16 x H200 (two nodes), tp 16
SRC_B = "sglang-pr-7687-deepseek-v3-h200-tp16"
WHERE_B = ("sgl-project/sglang pull request 7687 (junliu-mde, 2025-07-01), description, launch 'python3 -m "
           "sglang.launch_server --host 0.0.0.0 --port 8888 --trust-remote-code --show-time-cost --model-path "
           "/path-to-model --tp 16 --dist-init-addr $(LWS_LEADER_ADDRESS):5000 --nnodes $(LWS_GROUP_SIZE) --node-rank "
           "$(LWS_WORKER_INDEX)', client 'python3 -m sglang.bench_serving --host 0.0.0.0 --port 8888 --backend sglang "
           "--dataset-name random --random-input 1024 --random-output 512 --max-concurrency 8 --num-prompt 200 "
           "--random-range-ratio 1', block 'Result:'")
# "Result:" block: "Max request concurrency: 8", "Successful requests: 200",
# "Benchmark duration (s): 437.69 -> 409.60", "Total input tokens: 204800", "Total generated tokens: 102400"
# (the excerpt ends there). Output throughput before tuning = 102400 / 437.69 = 233.95 tok/s (derived).
DUR_B, GEN_B = 437.69, 102400
add("sglang-pr7687-h200x16-dsv3-fp8-tp16-1024x512-c8-tps", SRC_B,
    WHERE_B + ", lines 'Benchmark duration (s): 437.69 -> 409.60' (the value before the arrow) and "
    "'Total generated tokens: 102400'; output throughput = 102400 / 437.69",
    {"preset": "deepseek-v3"}, {"preset": "h200", "gpus": 16}, {"tp": 16, "pp": 1, "ep": 1, "dp": 1},
    {"prompt": 1024, "output": 512, "concurrency": 8, "requests": 200, "weights": "fp8", "kv": "bf16",
     "runtime": "sglang", "arrival": "closed_loop"},
    "tokens_per_second", round(GEN_B / DUR_B, 2),
    ["GPUs: NVIDIA H200 ('DeepSeek V3, H200 TP16'), 16 of them over two nodes ('--tp 16', '--nnodes "
     "$(LWS_GROUP_SIZE)', a LeaderWorkerSet of 8-GPU nodes): the h200 preset, gpus 16, tensor parallel 16 across the "
     "two nodes (the preset's inter-node network stands for the cluster's, which the PR does not describe), no expert "
     "parallelism (no ep flag)",
     DSV3_NOTE,
     KV_NOTE,
     "runtime SGLang after v0.4.8 ('After SGLang 0.4.8 we have triton 3.3.1'), main of 2025-07-01, as the engine's "
     "sglang runtime; mem_fraction_static, page size 1, chunked prefill, CUDA graphs, overlap scheduler and attention "
     "backend at their defaults (none set); radix cache on but random prompts share no prefix",
     "state measured: the value before the arrow, i.e. SGLang's default fused-MoE config for this shape "
     "(E=257,N=128 at tp 16) without the PR's tuned file",
     "client: sglang.bench_serving, random prompts of exactly 1024 tokens and 512 output tokens ('--random-range-ratio "
     "1'; 'Total input tokens: 204800', 'Total generated tokens: 102400' over 200 requests), request rate inf with "
     "--max-concurrency 8: a closed loop of 8 users over 200 requests",
     "metric: output throughput DERIVED as 'Total generated tokens' / 'Benchmark duration (s)' = 102400 / 437.69 "
     "(bench_serving's own definition of 'Output token throughput'; that line itself is past the end of the readable "
     "excerpt)"])

not_expressible = [
    {"source": "sglang-pr-6939-deepseek-v3-b200",
     "where": "sgl-project/sglang pull request 6939, block 'After tuning:' and the remaining lines of 'Before tuning:' (TTFT, ITL)",
     "reason": "after tuning: a kernel-tuning setting (the PR's own MoE config) the request cannot state; the latency lines are past the end of the readable excerpt",
     "published": []},
    {"source": "sglang-pr-7687-deepseek-v3-h200-tp16",
     "where": "sgl-project/sglang pull request 7687, values after the arrows (tuned config) and the block's TTFT/TPOT lines",
     "reason": "after the arrow: the PR's tuned MoE config, a kernel-tuning setting; the latency lines are past the end of the readable excerpt",
     "published": []},
    {"source": None,
     "where": "sgl-project/sglang pull request 9204 (zixuanzhang226, 2025-08-14), Qwen3-235B-A22B-FP8 on B200, 'With config' block (c10, 100 requests; 329.77 output tok/s, mean TTFT 283.93 ms, mean ITL 26.91 ms)",
     "reason": "the tensor-parallel size and launch command are not in the readable copy, the prompts are of varying length (33839 / 21640 tokens over 100 requests, no dataset stated), and the run uses the PR's tuned MoE config; the 'Without config' block is not in the readable copy",
     "published": []},
    {"source": None,
     "where": "sgl-project/sglang pull request 7445 (yizhang2077, 2025-06-22), Qwen3-235B-A22B-FP8 tp 4, 'before tuning' block (c16, 128 x 1000/1000; 329.42 output tok/s, mean TTFT 894.69 ms)",
     "reason": "the GPU is not stated anywhere in the readable copy",
     "published": []},
    {"source": None,
     "where": "sgl-project/sglang pull request 12343 (BBuf, 2025-10-29), Qwen3-30B-A3B-FP8 on H200, '--tp-size 4 --ep 4', concurrency 1, 4096/1024",
     "reason": "expert parallelism inside a tp-4 group (ep 4 with dp 1) is not a layout the request can state; the block's numbers are past the end of the readable excerpt",
     "published": []},
    {"source": None,
     "where": "sgl-project/sglang pull request 11730 (pdasgup), Qwen3-235B FP8 on H200, 'w/o tuned kernel' block",
     "reason": "the block reports 'Mean Accept Length (tokens): 2.15': speculative decoding, not modelled",
     "published": []},
    {"source": None,
     "where": "ai-bot-pro/achatbot pull request 183 (weedge, 2025-08-10), openai/gpt-oss-20b on one H100 with SGLang on Modal (c4: 481.95 output tok/s, mean TTFT 2731.00 ms; c32: 2765.40 output tok/s, mean TTFT 3721.89 ms)",
     "reason": "no gpt-oss-20b preset at the frozen commit and MXFP4 expert weights (4.25 bits with an 8-bit scale per 32) have no weights format in the contract; the SGLang version is not stated",
     "published": []},
    {"source": None,
     "where": "NVIDIA/TensorRT-LLM issue 5884 (matkle, 2025-07-09), Llama-3.3-70B FP8 on 8 x H100, TensorRT-LLM v0.19.0 vs v0.21.0rc2",
     "reason": "the measured figures are past the end of the readable excerpt (only the quantization and engine-build commands could be read)",
     "published": []},
    {"source": None,
     "where": "NVIDIA/TensorRT-LLM pull request 7104, DeepSeek-R1-0528 NVFP4 trtllm-bench (TP 4, EP 4)",
     "reason": "NVFP4 weights and an expert-parallel layout inside the tp group: not expressible",
     "published": []},
]

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(not_expressible, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(not_expressible), "not expressible")
