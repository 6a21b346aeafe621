# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-08g. Every measured
# number below is transcribed from public material that no earlier set, preset or calibration file uses,
# and is quoted in a comment:
#   - lm-sys/lm-sys.github.io, blog/2025-08-27-gpt-oss.md ("SGLang for gpt-oss: From Day 0 Support to Enhanced
#     Performance", SGLang Team, August 27, 2025), section 'Low-Latency Performance (Batch Size = 1)', the table
#     'Hardware / Precision | NVIDIA B200 | NVIDIA H100 | AMD MI350' (read at commit
#     03d9c09220efbab643f4cf898a839c2f672e5c04; the same cells at commit dbd47f49bac0d5a080e2a6647c42ddb1b0fb4122).
#     The reproduction commands it links are sgl-project/sglang benchmark/gpt_oss/README.md (read at commit
#     1dc322ca15c48c959c2a84a9fc6421897973789a): 'python3 -m sglang.bench_one_batch_server --model openai/gpt-oss-120b
#     --base-url http://localhost:30000 --batch-size 1 --input-len 1024 --output-len 512 --show-report'.
# The cells are output throughputs in tok/s of one request (batch size 1); bench_one_batch_server computes
# output_throughput = batch_size * output_len / (latency - ttft), i.e. the decode speed one user sees, so the
# metric is tokens_per_second_per_user. Only the NVIDIA columns are used (AMD MI350 has no preset).
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


# ======================================================= 1. LMSYS blog: SGLang gpt-oss-120b, batch size 1
SRC = "lmsys-blog-sglang-gpt-oss-120b-bs1"
BLOG = ("https://github.com/lm-sys/lm-sys.github.io/blob/03d9c09220efbab643f4cf898a839c2f672e5c04/"
        "blog/2025-08-27-gpt-oss.md")
REPRO = ("https://github.com/sgl-project/sglang/blob/1dc322ca15c48c959c2a84a9fc6421897973789a/"
         "benchmark/gpt_oss/README.md")
COMMON = [
    "runtime SGLang of late August 2025 (the blog: 'pip install \"sglang[all]>=0.5.2\"'; the reproduction README "
    f"({REPRO}) checks out v0.5.1.post3); server flags other than those quoted are at their defaults (radix cache, "
    "chunked prefill, CUDA graphs, mem_fraction_static)",
    "client: 'python3 -m sglang.bench_one_batch_server --model openai/gpt-oss-120b --base-url http://localhost:30000 "
    "--batch-size 1 --input-len 1024 --output-len 512 --show-report' (the README's 'Reproduce the benchmark throughput "
    "result (Batch Size 1)'): one streaming request to the server on the same host (localhost), a 1024-token random "
    "prompt and exactly 512 output tokens (the script asserts finish_reason 'length'): arrival closed_loop, "
    "concurrency 1, requests 1, prompt 1024, output 512, lengths fixed, no cached prompt",
    "metric: the table's cell is bench_one_batch_server's output throughput, batch_size * output_len / (latency - "
    "ttft): at batch size 1 the decode speed of the one request (the blog: 'single-batch decode throughput'), so "
    "tokens_per_second_per_user",
    "model openai/gpt-oss-120b (the gpt-oss-120b preset), model.seq 131072 = the checkpoint's max_position_embeddings "
    "(no --context-length given); KV cache bf16 (SGLang's auto default)",
    "NOT EXPRESSED: the attention kernel (H100: '--attention-backend triton', as in the table's note 'H100 with TP=8 "
    "and triton attention'; B200: SGLang's default, FlashInfer/TRT-LLM kernels per the blog) and the MoE kernels "
    "(FlashInfer MXFP4 MoE on Blackwell, Triton kernels on Hopper) have no field",
    "NOT EXPRESSED: the blog is a draft in this version ('All the red text should be re-checked carefully'); the "
    "table cells are the same in both stored versions of the file",
]
HW = {
    "b200": ({"preset": "b200", "gpus": 4}, {"tp": 4, "pp": 1, "ep": 1, "dp": 1},
             "hardware: 'NVIDIA B200' column, 'B200 was tested with TP=4' (the table's note; README: "
             "'python3 -m sglang.launch_server --model ... --tp 4'): the b200 preset, 4 GPUs, tensor parallel 4, no "
             "expert parallelism (none set)"),
    "h100": ({"preset": "h100-sxm", "gpus": 8}, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
             "hardware: 'NVIDIA H100' column, 'H100 with TP=8 and triton attention' (the table's note; README: "
             "'--tp 8 --attention-backend triton'): the H100 form factor is not stated; the SXM part (h100-sxm, 80 GB) "
             "is assumed; 8 GPUs, tensor parallel 8, no expert parallelism"),
}
PREC = {
    "mxfp4": ("int4", "weights: 'MXFP4' row = the openai/gpt-oss-120b checkpoint (MXFP4 experts, bf16 attention); "
              "written as int4 (the contract has no MXFP4 format; as in sets 08a/08d), applied to the bf16 attention "
              "projections too (about 3 % of the weights)"),
    "bf16": ("bf16", "weights: 'BF16' row = lmsys/gpt-oss-120b-bf16 (the README's 'BF16 120B' launch command): bf16"),
}
ROWS = [
    # (precision, gpu, value, quoted row)
    ("mxfp4", "b200", 416.02, "| MXFP4                | 416.02 tok/s | 318.53 tok/s | 200.84 tok/s |"),
    ("mxfp4", "h100", 318.53, "| MXFP4                | 416.02 tok/s | 318.53 tok/s | 200.84 tok/s |"),
    ("bf16", "b200", 315.63, "| BF16                 | 315.63 tok/s | 293.12 tok/s | 220.06 tok/s |"),
    ("bf16", "h100", 293.12, "| BF16                 | 315.63 tok/s | 293.12 tok/s | 220.06 tok/s |"),
]
COL = {"b200": "NVIDIA B200", "h100": "NVIDIA H100"}
for prec, gpu, val, row in ROWS:
    hw, par, hw_note = HW[gpu]
    w, w_note = PREC[prec]
    serving = {"prompt": 1024, "output": 512, "concurrency": 1, "requests": 1, "weights": w, "kv": "bf16",
               "runtime": "sglang", "arrival": "closed_loop", "lengths": "fixed"}
    add(f"lmsys-gpt-oss-120b-{prec}-{gpu}-tp{par['tp']}-bs1-1024x512-tpsu", SRC,
        f"{BLOG}, section 'Low-Latency Performance (Batch Size = 1)', row '{prec.upper()}', column '{COL[gpu]}': "
        f"'{val:.2f} tok/s' (row as printed: '{row}')",
        {"preset": "gpt-oss-120b", "seq": 131072}, hw, par, serving, "tokens_per_second_per_user", val,
        [hw_note, w_note] + COMMON)

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": SRC, "where": f"{BLOG}, column 'AMD MI350' ('200.84 tok/s', '220.06 tok/s')",
     "reason": "AMD MI350 has no hardware preset (and the selection admits only H100, H200, B200, A100)",
     "published": []},
    {"source": SRC, "where": f"{BLOG}, section 'High-Throughput Performance (Batch Size = 32)'",
     "reason": "the batch-32 prefill and decode results are published only as figures (combined_prefill_performance, combined_decode_performance), no numbers in the text",
     "published": []},
    {"source": SRC, "where": f"{BLOG}, section 'Speculative Decoding Support' (EAGLE3 on H200 TP4: 1.39x / 1.52x speedups)",
     "reason": "speculative decoding is not modelled, and the results are speedup ratios in a figure",
     "published": []},
    {"source": SRC, "where": "https://github.com/NVIDIA/TensorRT-LLM/blob/04a2a261332f7cf2175613f8ad6ade5ffcec318f/docs/source/blogs/tech_blog/blog9_Deploying_GPT_OSS_on_TRTLLM.md",
     "reason": "considered (TensorRT-LLM, gpt-oss-120b on B200/H200): the guide gives launch commands but no measured numbers",
     "published": []},
    {"source": SRC, "where": "https://github.com/NVIDIA/TensorRT-LLM/blob/baf363e5ec0b45a4ef3986985c57f73ab7142b03/docs/source/blogs/tech_blog/blog20_Tuning_CUDA_Graph_Batch_Sizes_for_Higher_Output_Throughput.md",
     "reason": "considered: GB200 only (no preset), NVFP4 weights, results as relative improvements in figures",
     "published": []},
    {"source": SRC, "where": "https://github.com/vllm-project/vllm-project.github.io (snapshot c3a01c4a), _posts/2026-01-08-kv-offloading-connector.md, 2026-05-11-turboquant.md, 2026-02-01-gpt-oss-optimizations.md, 2026-07-06-vllm-hpc-ops.md",
     "reason": "considered: H100 serving results published only as figures (offloading, TurboQuant), no numbers (gpt-oss optimizations), or a model without a preset with kernel-level tables (Hy3)",
     "published": []},
    {"source": SRC, "where": "https://github.com/sgl-project/sglang/issues/8285, https://github.com/vllm-project/vllm/issues/18136, https://github.com/vllm-project/vllm/issues/13412, https://github.com/vllm-project/vllm/pull/42497",
     "reason": "considered, not transcribed: GPU not in the readable excerpt (8285, 18136), vLLM V0 engine of February 2025 with --num-scheduler-steps (13412), or a model without a preset (MiniMax-M2, 42497)",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
