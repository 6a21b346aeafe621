# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-08d. Every measured
# number below is transcribed from public material that no earlier set, preset or calibration file uses,
# and is quoted in a comment:
#   - sgl-project/sglang, benchmark/attention_backend/NVIDIA_H200.md, the file the attention-backend
#     benchmark harness of that folder writes (bench.py: results go to '<torch.cuda.get_device_name(0)>.md',
#     so the GPU is an 'NVIDIA H200'); the harness came with sgl-project/sglang pull request 6168
#     ("Benchmark scripts for attn_backend", byjiang1996, 2025-05-10, authors shivam15s and vaibhavjindal).
#     Two stored versions of the file are two different runs:
#       commit 0c4ec4f9d0fd40c4f75258285c76c9de65524341: client with '--num-prompts 200' (the PR description's table);
#       commit 7357586c3f328f96e776f747b3be00d28c2d05d6: client without --num-prompts (bench_serving's default, 1000).
#     Only the 'bench_serving' experiments are used (the 'bench_serving_spec_decode' ones run EAGLE speculative
#     decoding, which the contract cannot state).
#   - vllm-project/vllm pull request 23696 ("[Kernel][B200] `mxfp4` fused cutlass moe", djmmoss, 2025-08-26),
#     description, section 'Peformance', block 'FlashInfer' (gpt-oss-120b at -tp 8 on B200, ShareGPT, 1000 prompts).
# Output throughputs are written as printed (tok/s); times printed in ms are written in s. The only derived figures
# are PR 23696's mean prompt and output lengths (its printed token totals / its 1000 requests, noted).
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

# ======================================================= 1. SGLang attention-backend benchmark on H200
SG_REPO = "https://github.com/sgl-project/sglang/blob"
SG_PATH = "benchmark/attention_backend/NVIDIA_H200.md"
SG_VERSIONS = {
    # source id: (commit, requests, how the client count is known)
    "sglang-attn-backend-h200-200req": ("0c4ec4f9d0fd40c4f75258285c76c9de65524341", 200,
                                        "the client command printed under each row: '--num-prompts 200'"),
    "sglang-attn-backend-h200-1000req": ("7357586c3f328f96e776f747b3be00d28c2d05d6", 1000,
                                         "the client command printed under each row has no --num-prompts, so "
                                         "sglang.bench_serving's default of 1000 prompts is assumed"),
}
SG_COMMON = [
    "hardware: 'NVIDIA H200' = the GPU name the harness wrote the file under (benchmark/attention_backend/bench.py: "
    "open(f\"{torch.cuda.get_device_name(0).replace(' ', '_')}.md\", 'w')); the h200 preset (SXM, 141 GB); the "
    "DeepSeek-V3 runs use 8 of them ('--tp 8'), the Llama runs one (no --tp: SGLang's default tp 1)",
    "runtime SGLang (the engine's sglang runtime); release not stated: the harness is of May 2025 (sgl-project/sglang "
    "pull request 6168, 2025-05-10), so SGLang 0.4.6.x is assumed; server flags other than the attention backend, "
    "--tp and the model path are at their defaults (radix cache on, chunked prefill at SGLang's default, CUDA graphs "
    "on, mem_fraction_static default)",
    "client: 'python3 -m sglang.bench_serving --backend sglang --dataset-name random --request-rate 16 "
    "--random-input-len L_in --random-output-len L_out' (the command printed under each row): a Poisson stream of "
    "16 requests/s (bench_serving draws exponential gaps for a finite rate), no --max-concurrency (uncapped)",
    "lengths: no --random-range-ratio is given, so bench_serving's default of that time applies (0.0: each prompt and "
    "each output length drawn uniformly between 1 and the stated length); serving.lengths 'dataset' with prompt and "
    "output the draws' means, written as half the stated lengths (1024 -> 512, 8192 -> 4096; the exact mean of a "
    "uniform draw over 1..L is (L+1)/2). The DeepSeek-V3 200-request table's own 'Input token throughput' column "
    "bears this out (input/output throughput 2216.96/2268.68 at 1024/1024, 8369.41/1078.81 at 8192/1024: both "
    "lengths scaled alike). bench_serving sends random-dataset requests with ignore_eos on (its default), so each "
    "output runs to its drawn length",
    "metric: the table's 'Output token throughput (tok/s)' column, bench_serving's total output tokens / the run's "
    "duration (bench.py copies the line 'Output token throughput (tok/s): X' into the table)",
    "NOT EXPRESSED: the attention backend (rows 'attn=fa3' = FlashAttention-3, 'attn=flashinfer' = FlashInfer); the "
    "contract's parallel.attention_kernel has no such choice, so both rows of a configuration are the same request",
    "NOT EXPRESSED: the random prompts are random token ids (no prefix-cache hits assumed: cached_prompt 0)",
]
DSV3_NOTES = [
    "model DeepSeek-V3 (the checkpoint path '.../deepseek-ai/DeepSeek-V3/1d044fd8...': the deepseek-v3 preset), "
    "model.seq 163840 = the checkpoint's max_position_embeddings (no --context-length given); its own FP8 weights "
    "(block-scaled e4m3, the request's fp8, W8A8 by default), KV cache at SGLang's default (auto = bf16; MLA's "
    "compressed cache); tensor parallel 8, no DP attention, no expert parallelism (none is set); no MTP / speculative "
    "decoding in the 'bench_serving' experiment",
]
L8B_NOTES = [
    "model Meta-Llama-3.1-8B-Instruct (the llama-3.1-8b preset), model.seq 131072 (the checkpoint's context, no "
    "--context-length given); bf16 weights (the checkpoint's dtype, no --dtype or --quantization given), KV cache "
    "bf16 (auto); one GPU, tp 1",
]
# Table rows: (L_in, L_out, fa3 value, flashinfer value) per model, per stored version.
SG_ROWS = {
    "sglang-attn-backend-h200-200req": {
        # "## Experiment - bench_serving | DeepSeek-V3" (columns: Input token throughput, Output token throughput)
        "dsv3": [(1024, 1024, 2268.68, 2278.76),  # "| attn=fa3,...=1024,...=1024 | 2216.96 | 2268.68 |", "| attn=flashinfer,... | 2226.81 | 2278.76 |"
                 (8192, 1024, 1078.81, 1079.32),  # "| attn=fa3,...=8192,...=1024 | 8369.41 | 1078.81 |", "| attn=flashinfer,... | 8373.39 | 1079.32 |"
                 (8192, 8192, 1482.43, 1517.88)],  # "| attn=fa3,...=8192,...=8192 | 1385.71 | 1482.43 |", "| attn=flashinfer,... | 1418.84 | 1517.88 |"
        # "## Experiment - bench_serving | Meta-Llama-3.1-8B-Instruct"
        "l8b": [(1024, 1024, 5355.04, 4932.05),   # "| attn=fa3,... | 5232.96 | 5355.04 |", "| attn=flashinfer,... | 4819.61 | 4932.05 |"
                (8192, 1024, 2275.40, 1790.00),   # "| attn=fa3,... | 17652.56 | 2275.40 |", "| attn=flashinfer,... | 13886.84 | 1790.00 |"
                (8192, 8192, 2588.25, 1755.54)],  # "| attn=fa3,... | 2419.37 | 2588.25 |", "| attn=flashinfer,... | 1641.00 | 1755.54 |"
    },
    "sglang-attn-backend-h200-1000req": {
        # "## Experiment - bench_serving | DeepSeek-V3" (column: Output token throughput)
        "dsv3": [(1024, 1024, 2858.33, 2840.55),  # "| attn=fa3,...=1024,...=1024 | 2858.33 |", "| attn=flashinfer,... | 2840.55 |"
                 (8192, 1024, 1201.67, 1164.14),  # "| attn=fa3,...=8192,...=1024 | 1201.67 |", "| attn=flashinfer,... | 1164.14 |"
                 (8192, 8192, 1632.74, 1629.65)],  # "| attn=fa3,...=8192,...=8192 | 1632.74 |", "| attn=flashinfer,... | 1629.65 |"
        # "## Experiment - bench_serving | Meta-Llama-3.1-8B-Instruct"
        "l8b": [(1024, 1024, 7221.69, 6837.91),   # "| attn=fa3,... | 7221.69 |", "| attn=flashinfer,... | 6837.91 |"
                (8192, 1024, 2322.57, 1903.50),   # "| attn=fa3,... | 2322.57 |", "| attn=flashinfer,... | 1903.50 |"
                (8192, 8192, 2881.56, 1673.13)],  # "| attn=fa3,... | 2881.56 |", "| attn=flashinfer,... | 1673.13 |"
    },
}
for src, (commit, nreq, nreq_note) in SG_VERSIONS.items():
    url = f"{SG_REPO}/{commit}/{SG_PATH}"
    for mkey, model, hw, par, w, notes, label in (
            ("dsv3", {"preset": "deepseek-v3", "seq": 163840}, {"preset": "h200", "gpus": 8},
             {"tp": 8, "pp": 1, "ep": 1, "dp": 1}, "fp8", DSV3_NOTES, "DeepSeek-V3"),
            ("l8b", {"preset": "llama-3.1-8b", "seq": 131072}, {"preset": "h200", "gpus": 1},
             {"tp": 1, "pp": 1, "ep": 1, "dp": 1}, "bf16", L8B_NOTES, "Meta-Llama-3.1-8B-Instruct")):
        for lin, lout, fa3, fi in SG_ROWS[src][mkey]:
            serving = {"prompt": lin // 2, "output": lout // 2, "requests": nreq, "weights": w, "kv": "bf16",
                       "runtime": "sglang", "arrival": "poisson", "request_rate": 16, "lengths": "dataset"}
            for attn, val in (("fa3", fa3), ("flashinfer", fi)):
                add(f"{src}-{mkey}-{lin}x{lout}-{attn}-tps", src,
                    f"{url}, section 'Experiment - bench_serving | {label}', row "
                    f"'attn={attn},random_input_len={lin},random_output_len={lout}', column 'Output token throughput "
                    f"(tok/s)': {val:.2f}",
                    model, hw, par, serving, "tokens_per_second", val,
                    SG_COMMON + notes + [f"requests: {nreq} ({nreq_note})"])

# ======================================================= 2. vLLM PR 23696: gpt-oss-120b on 8 x B200
VP_URL = "https://github.com/vllm-project/vllm/pull/23696"
SRC_VP = "vllm-pr-23696-gpt-oss-120b-8xb200"
VP_WHERE = (f"{VP_URL}, description (djmmoss, 2025-08-26), section 'Peformance', block 'FlashInfer' "
            "('vllm serve gpt-oss-120b --max-model-len 32768 -tp 8' / 'vllm bench serve --backend vllm --model "
            "gpt-oss-120b --dataset-name sharegpt --dataset-path ShareGPT_V3_unfiltered_cleaned_split.json')")
VP_COMMON = [
    "hardware: 8 x B200 (the PR is '[Kernel][B200]', the server '-tp 8'); the b200 preset",
    "model openai/gpt-oss-120b (the gpt-oss-120b preset), model.seq 32768 = '--max-model-len 32768'; weights: the "
    "checkpoint's MXFP4 experts written as int4 at group 128 (0.5195 against MXFP4's 0.53125 B a weight; the contract "
    "has no MXFP4 format), applied to the bf16 attention projections too (about 3 % of the weights); KV cache bf16 "
    "(vLLM's default auto)",
    "runtime vLLM main of 2025-08-26 (about 0.10.1, V1 engine) as the engine's vllm runtime; tensor parallel 8, no "
    "expert parallelism (no --enable-expert-parallel); other server flags at their defaults (prefix caching, "
    "chunked prefill and the token budget at vLLM's defaults)",
    "client: vllm bench serve on ShareGPT with its defaults: 1000 prompts ('Successful requests: 1000'), request rate "
    "inf (all sent at once, no --max-concurrency): arrival all_at_once, concurrency 1000; ShareGPT's own prompt and "
    "answer lengths (lengths 'dataset'); prompt 215 and output 197 are the block's 'Total input tokens: 215312' and "
    "'Total generated tokens: 197144' over the 1000 requests (derived means, rounded down); the longest output is "
    "not printed, so no output_max is given",
    "NOT EXPRESSED: the block is the PR's FlashInfer CUTLASS MXFP4 x MXFP8 MoE path (the PR's accuracy runs set "
    "VLLM_USE_FLASHINFER_MOE_MXFP4_MXFP8_CUTLASS=1; the benchmark command shows no variable); the MoE kernel and its "
    "MXFP8 activations have no field",
    "NOT EXPRESSED: ShareGPT prompts differ in length; the engine prefills each as the mean",
]
for metric, val, line in (("tokens_per_second", 7404.72, "Output token throughput (tok/s): 7404.72"),
                          ("first_token", 3.44917, "Mean TTFT (ms): 3449.17"),
                          ("per_output_token", 0.09412, "Mean TPOT (ms): 94.12")):
    serving = {"prompt": 215, "output": 197, "concurrency": 1000, "weights": "int4", "kv": "bf16",
               "runtime": "vllm", "arrival": "all_at_once", "lengths": "dataset"}
    add(f"vllm-pr-23696-8xb200-gpt-oss-120b-tp8-sharegpt-1000-{SHORT[metric]}", SRC_VP, f"{VP_WHERE}: '{line}'",
        {"preset": "gpt-oss-120b", "seq": 32768}, {"preset": "b200", "gpus": 8}, {"tp": 8, "pp": 1, "ep": 1, "dp": 1},
        serving, metric, val, VP_COMMON + ([] if metric == "tokens_per_second" else [f"'{line}' written in s"]))

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": "sglang-attn-backend-h200-200req", "where": f"{SG_REPO}/0c4ec4f9d0fd40c4f75258285c76c9de65524341/{SG_PATH}, column 'Input token throughput (tok/s)'",
     "reason": "the contract's answer has no input-token throughput; the column is used only as evidence of the length draws",
     "published": []},
    {"source": "sglang-attn-backend-h200-200req", "where": f"{SG_REPO}/<both commits>/{SG_PATH}, sections 'Experiment - bench_serving_spec_decode | DeepSeek-V3' and '| Meta-Llama-3.1-8B-Instruct'",
     "reason": "EAGLE / EAGLE3 speculative decoding ('--speculative-algo EAGLE', '--speculative-num-steps 3', draft models): not modelled",
     "published": []},
    {"source": "sglang-attn-backend-h200-200req", "where": f"{SG_REPO}/<both commits>/{SG_PATH}, sections 'Experiment - gsm8k' and 'gsm8k_spec_decode'",
     "reason": "the GSM8K accuracy script's 'Output throughput' of a few-shot batch: its prompt and output lengths and concurrency are not stated",
     "published": []},
    {"source": "sglang-attn-backend-h200-1000req", "where": f"{SG_REPO}/<the third stored version>/{SG_PATH}",
     "reason": "the index holds a third version of the file; only the two readable versions (commits 0c4ec4f9 and 7357586c) were transcribed",
     "published": []},
    {"source": SRC_VP, "where": f"{VP_URL}, the gpt-oss-20b block and the 'Triton' blocks of the same description, and percentiles / medians / ITL of the FlashInfer block",
     "reason": "the other blocks fall outside the readable copy of the thread; medians and percentiles are not means; mean ITL repeats TPOT's decode time over a different weighting",
     "published": []},
    {"source": SRC_VP, "where": "https://github.com/vllm-project/vllm/pull/23369 (djmmoss, 'feat: bf16 x mxfp4 cutlass fused moe for gpt-oss on hopper'): gpt-oss-20b at -tp 2, ShareGPT",
     "reason": "left out: the Hopper GPU (H100 or H200) and its count are not stated in the readable copy",
     "published": []},
    {"source": SRC_VP, "where": "https://github.com/sgl-project/sglang/pull/7004 and https://github.com/vllm-project/vllm/pull/19518 (b8zhong, Llama-4-Scout on B200, concurrency 16, 128 requests of 1000/1000)",
     "reason": "left out: the tensor-parallel size is not in the readable copy, and the two threads print the same block under different backends ('sglang-oai' and 'vllm'), so the runtime is uncertain",
     "published": []},
    {"source": SRC_VP, "where": "https://github.com/sgl-project/sglang/pull/8898, 8731, 9278, 17891 (BBuf, zhendonghua: gpt-oss and Llama-4-Scout on B200 with SGLang)",
     "reason": "left out: their result tables fall outside the readable copies of the threads (only the commands and the table headers are shown)",
     "published": []},
    {"source": SRC_VP, "where": "https://github.com/NVIDIA/TensorRT-LLM/issues/5929 (DeepSeek-R1 FP8 on 8 x H200 and FP4 on 8 x B200, TensorRT-LLM v0.21.0rc2, LLMPerf)",
     "reason": "only p50 ITL and p50 TTFT are printed (medians, not means); FP4 has no weight format in the contract",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
