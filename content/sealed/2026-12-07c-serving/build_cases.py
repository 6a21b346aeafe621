# Builds cases.json for the sealed serving set 2026-12-07c. Every measured number below is
# transcribed from the result files the public repository FreedomIntelligence/AccelMark commits
# (results/verified/... for vLLM 0.7.3 on NVIDIA H100 80GB HBM3 and H200; results/community/...
# for SGLang 0.5.6 on A100-SXM4-40GB), at commit 5797fc42745be2494e6213938d9e5afa0c6c5bef.
# README.md gives the selection rules and the derivation of the mean prompt and output lengths;
# not_expressible.json lists what was left out.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = "FreedomIntelligence/AccelMark"
COMMIT = "5797fc42745be2494e6213938d9e5afa0c6c5bef"
cases = []


def add(id, source, where, model, hw, gpus, tp, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": gpus},
           "parallel": {"tp": tp, "pp": 1, "ep": 1, "dp": 1}, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req,
                  "metric": metric, "measured": measured, "unit": unit, "assumed": list(assumed)})


# ---------------------------------------------------------------- mean lengths (README, "Lengths")
# Prompt: mean tokens per request as the engine saw them (chat template applied by the runner),
# = (published input+output throughput - output throughput) x published elapsed / requests, from the
# published run with the longest elapsed time that prints both throughputs for the same request set
# and tokenizer. Output: each case's own published output throughput x elapsed / requests (offline)
# or its own published tokens_out / requests_completed summed over the post-warmup samples (sustained).
PROMPT = {
    # 100 first prompts of sharegpt_standard_v1, Llama-3 tokenizer and chat template:
    # results/verified/nvidia_a100_sxm4_40gbx8_suite_B_nvidia_vllm_47f5d58e_14410aea, offline
    # client_concurrency 128: (2973.19 - 1704.46) x 20.2 / 100 = 256.3
    "llama3-100": 256,
    # 150 first prompts (suite E), Llama-3 tokenizer and template:
    # results/verified/nvidia_a100_sxm4_40gbx8_suite_E_nvidia_vllm_47f5d58e_e76a4402, 1x, offline
    # client_concurrency 128: (5095.46 - 2995.02) x 17.6 / 150 = 246.5
    "llama3-150": 246,
    # 100 first prompts, Llama-3.1 tokenizer and chat template (default system header included):
    # results/verified/nvidia_h100_80gb_hbm3x1_suite_C_nvidia_vllm_47f5d58e_a4a8716a, W4A16, offline
    # client_concurrency 64: (5684.85 - 3146.75) x 11.1 / 100 = 281.7
    "llama31-100": 282,
    # 50 first prompts of sharegpt_longctx_v1 (suite D), Llama-3.1 tokenizer and template:
    # results/verified/nvidia_h100_80gb_hbm3x1_suite_D_nvidia_vllm_47f5d58e_02748da4, offline
    # client_concurrency 4: (18070.71 - 160.1) x 79.9 / 50 = 28621.2
    "longctx-50": 28621,
    # 100 first prompts of sharegpt_standard_v1, Mixtral tokenizer and chat template:
    # results/verified/nvidia_a100_sxm4_40gbx8_suite_G_nvidia_vllm_47f5d58e_08de2dc2, offline
    # client_concurrency 64: (6016.78 - 3215.89) x 10.9 / 100 = 305.3
    "mixtral-100": 305,
}
PROMPT_NOTE = {
    "llama3-100": "mean prompt 256 tokens: the suite's first 100 prompts of datasets/sharegpt_standard_v1/requests.jsonl (committed raw input_tokens mean 245.4) with the Llama-3 chat template the runner applies (BenchmarkRunner.format_prompt -> tokenizer.apply_chat_template), derived from the published totals of results/verified/nvidia_a100_sxm4_40gbx8_suite_B_nvidia_vllm_47f5d58e_14410aea/result.json, offline client_concurrency 128: (2973.19 - 1704.46) tok/s x 20.2 s / 100 = 256.3 (the same 100 prompts and the same tokenizer and template: Meta-Llama-3-70B-Instruct and -8B-Instruct share them)",
    "llama3-150": "mean prompt 246 tokens: the suite's first 150 prompts (suite_E request_count 150; committed raw input_tokens mean 236.2) with the Llama-3 chat template, derived from the published totals of results/verified/nvidia_a100_sxm4_40gbx8_suite_E_nvidia_vllm_47f5d58e_e76a4402/result.json, 1x, offline client_concurrency 128: (5095.46 - 2995.02) tok/s x 17.6 s / 150 = 246.5",
    "llama31-100": "mean prompt 282 tokens: the suite's first 100 prompts with the Llama-3.1 chat template (its default system header included), derived from the published totals of results/verified/nvidia_h100_80gb_hbm3x1_suite_C_nvidia_vllm_47f5d58e_a4a8716a/result.json, W4A16, offline client_concurrency 64: (5684.85 - 3146.75) tok/s x 11.1 s / 100 = 281.7 (the RedHatAI quantized checkpoints keep the base model's tokenizer and template)",
    "longctx-50": "mean prompt 28621 tokens: the suite's first 50 prompts of datasets/sharegpt_longctx_v1 (a file over the snapshot's size limit, not read) with the Llama-3.1 chat template, derived from the published totals of results/verified/nvidia_h100_80gb_hbm3x1_suite_D_nvidia_vllm_47f5d58e_02748da4/result.json, offline client_concurrency 4: (18070.71 - 160.1) tok/s x 79.9 s / 50 = 28621.2",
    "mixtral-100": "mean prompt 305 tokens: the suite's first 100 prompts with the Mixtral tokenizer and chat template, derived from the published totals of results/verified/nvidia_a100_sxm4_40gbx8_suite_G_nvidia_vllm_47f5d58e_08de2dc2/result.json, offline client_concurrency 64: (6016.78 - 3215.89) tok/s x 10.9 s / 100 = 305.3",
}

# ---------------------------------------------------------------- common assumptions
VLLM = [
    "runtime vLLM 0.7.3 ('software.framework_version'), the AccelMark reference runner runners/nvidia_vllm_47f5d58e/runner.py: vllm.LLM (offline) or AsyncLLMEngine (sustained) in process, no HTTP server; dtype bfloat16 for BF16, dtype 'auto' with the checkpoint's quantization otherwise; max_num_seqs 512 and gpu_memory_utilization 0.90 (the runner's defaults; 'task.extra_config' is null); CUDA graphs on (enforce_eager false); KV cache in the model dtype (no kv_cache_dtype), block 16 (vLLM default); prefix caching and chunked prefill at vLLM 0.7.3's defaults (the V0 engine is that release's default); SamplingParams(max_tokens=suite output_tokens_max, temperature=0.0): greedy decoding ended by EOS or the cap, not ignore_eos",
]
SGLANG = [
    "runtime SGLang 0.5.6 ('software.framework_version'), the AccelMark runner runners/nvidia_sglang_c43a8309/runner.py: sglang.Engine in process (Engine.generate for offline, async_generate for sustained), no HTTP server; mem_fraction_static 0.88 (the runner's default), CUDA graphs on, radix cache and chunked prefill at SGLang 0.5.6's defaults; sampling max_new_tokens = suite output_tokens_max, temperature 0.0 (greedy, ended by EOS or the cap); the runner's streaming path (sustained) caps max_new_tokens at 224",
]
OFFLINE = ("arrival all_at_once: the harness's offline scenario (loadgen/loadgen.py _run_offline) sends all of the suite's request_count prompts (the first N lines of the dataset) to one blocking generate() call and reports output tokens / wall-clock time of that call; each 'client_concurrency' level is a repeat of that same call (the code does not chunk by it), so the case takes one level's value: the median of the published per-level values (the lower middle one for an even count), named in 'where'")
SUSTAINED = ("arrival closed_loop: the sustained scenario (loadgen/loadgen.py run_sustained) keeps exactly sustained_concurrency requests in flight, cycling through the suite's first request_count prompts, for duration_minutes; 'sustained_throughput_tokens_per_sec' is the mean of the per-minute output throughputs after the warm-up minutes -> tokens_per_second (steady state, no finite request count)")
VARLEN = "prompts and outputs vary per request (ShareGPT-derived prompts; outputs end at EOS or the cap): the request carries their means (derivations above), and the engine takes every request at those lengths"


def out_note_off(thr, el, n):
    return f"mean output {round(thr * el / n)} tokens = the case's published output throughput {thr} tok/s x elapsed_seconds_median {el} s / {n} requests (greedy decoding: every repeat produces the same tokens, so the median throughput and median elapsed belong to the same run; elapsed is printed to 0.1 s)"


def out_note_sus(tok, req):
    return f"mean output {round(tok / req)} tokens = published tokens_out {tok} / requests_completed {req}, summed over the post-warm-up samples of the same run"


# ---------------------------------------------------------------- vLLM 0.7.3 on H100 80GB HBM3 (verified)
S = "accelmark-h100-vllm073"
D_A = "results/verified/nvidia_h100_80gb_hbm3x1_suite_A_nvidia_vllm_47f5d58e_831c95a7/result.json"
D_C = "results/verified/nvidia_h100_80gb_hbm3x1_suite_C_nvidia_vllm_47f5d58e_a4a8716a/result.json"
D_D = "results/verified/nvidia_h100_80gb_hbm3x1_suite_D_nvidia_vllm_47f5d58e_02748da4/result.json"
GPU_H100 = "GPU 'NVIDIA H100 80GB HBM3' x1 ('chip', 'environment.accelerators': the SXM5 part, 79.6 GB, the h100-sxm preset), tensor_parallel_size 1"
GPU_H200 = "GPU 'NVIDIA H200' ('chip', 'environment.accelerators': 140.4 GB, the SXM part, the h200 preset)"
GPU_A100 = "GPU 'NVIDIA A100-SXM4-40GB' x1 ('chip': 40.0 GB, the a100-40gb preset), tensor_parallel_size 1"

L3_8B = {"preset": "llama-3.1-8b", "seq": 4096}
L31_8B = {"preset": "llama-3.1-8b", "seq": 4096}
L31_8B_D = {"preset": "llama-3.1-8b", "seq": 30208}
L3_70B = {"preset": "llama-3.1-70b", "seq": 4096}
MIX = {"preset": "mixtral-8x7b", "seq": 4096}

M_L3_8B = "model meta-llama/Meta-Llama-3-8B-Instruct at revision 8afb486c (suites/suite_A and suite_E suite.json): the llama-3.1-8b shape (Llama 3 and 3.1 8B share layers, widths, heads and vocabulary); model.seq 4096 = the suite's max_model_len passed to the engine"
M_L31_8B = "model meta-llama/Llama-3.1-8B-Instruct at revision 0e9e39f2 (suites/suite_C/suite.json): the llama-3.1-8b shape; model.seq 4096 = the suite's max_model_len"
M_L31_8B_D = "model meta-llama/Llama-3.1-8B-Instruct at revision 0e9e39f2 (suites/suite_D/suite.json): the llama-3.1-8b shape; model.seq 30208 = the suite's max_model_len"
M_L3_70B = "model meta-llama/Meta-Llama-3-70B-Instruct at revision 50fd307e (suites/suite_B/suite.json): the llama-3.1-70b shape (same layers, widths, heads and vocabulary); model.seq 4096 = the suite's max_model_len"
M_MIX = "model mistralai/Mixtral-8x7B-Instruct-v0.1 at revision eba92302 (suites/suite_G/suite.json): the mixtral-8x7b shape; model.seq 4096 = the suite's max_model_len; experts split by tensor parallelism (expert_parallel_size 1 in 'task.parallelism')"

QUANT = {
    "BF16": ("bf16", None, "BF16 weights: meta-llama/Llama-3.1-8B-Instruct, dtype bfloat16 (suite_C precision_model_map 'BF16')"),
    "FP8": ("fp8", None, "FP8 weights: RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8 at revision 12fd6884, compressed-tensors, 'Static per-tensor FP8 (weights + activations)' (suite_C precision_model_map 'FP8'): weights fp8 with the engine's default W8A8 FP8 GEMMs on H100/H200"),
    "W8A16": ("int8", None, "INT8 weight-only: RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w8a16 at revision 38e03ba2, compressed-tensors, 'INT8 weights, FP16 activations' (suite_C precision_model_map 'W8A16'): weights int8, GEMMs at 16-bit (the engine's default for int8 weights); the checkpoint's scale layout is not stated in the source (scales are not counted by the engine)"),
    "W4A16": ("int4", None, "INT4 weight-only: RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16 at revision 70371b1b, GPTQ (Marlin kernels), 'INT4 weights, FP16 activations' (suite_C precision_model_map 'W4A16'): weights int4 at the engine's default GPTQ/AWQ layout (group 128, fp16 scale and packed zero point per group); the checkpoint's group size is not stated in the AccelMark source"),
}


def off_where(path, key, c, thr, el, extra=""):
    return (f"{REPO} at commit {COMMIT}, {path}, {key} entry client_concurrency {c}: "
            f"'throughput_tokens_per_sec': {thr}, 'elapsed_seconds_median': {el}{extra}")


def sus_where(path, key, thr, tok, req):
    return (f"{REPO} at commit {COMMIT}, {path}, {key}: 'sustained_throughput_tokens_per_sec': {thr} "
            f"(post-warm-up samples: tokens_out {tok}, requests_completed {req})")


def off_serving(prompt, out, n, weights, runtime):
    return dict(prompt=prompt, output=out, concurrency=n, weights=weights, kv="bf16", runtime=runtime,
                arrival="all_at_once")


def sus_serving(prompt, out, conc, weights, runtime):
    return dict(prompt=prompt, output=out, concurrency=conc, weights=weights, kv="bf16", runtime=runtime)


# H100, suite A (Llama-3-8B BF16)
add(f"{S}-suiteA-offline-n100-tput", S,
    off_where(D_A, "metrics.offline.results_by_concurrency", 32, 5117.78, 6.8, ", 'throughput_tokens_per_sec_total': 8916.45"),
    L3_8B, "h100-sxm", 1, 1, off_serving(256, 348, 100, "bf16", "vllm"), "tokens_per_second", 5117.78,
    [M_L3_8B, GPU_H100] + VLLM + [OFFLINE, "suite_A: request_count 100, output_tokens_max 512, max_model_len 4096, precision BF16; concurrency 100 = the requests sent at once",
     PROMPT_NOTE["llama3-100"], out_note_off(5117.78, 6.8, 100), VARLEN])
add(f"{S}-suiteA-sustained-c8-tput", S,
    sus_where(D_A, "metrics.sustained", 907.1, 1523853, 4396),
    L3_8B, "h100-sxm", 1, 1, sus_serving(256, 347, 8, "bf16", "vllm"), "tokens_per_second", 907.1,
    [M_L3_8B, GPU_H100] + VLLM + [SUSTAINED, "suite_A: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 100 (prompts cycled)",
     PROMPT_NOTE["llama3-100"], out_note_sus(1523853, 4396), VARLEN])

# H100, suite C (Llama-3.1-8B at four precisions)
for prec, c, thr, el in [("BF16", 4, 4890.12, 7.3), ("FP8", 1, 6270.27, 5.6), ("W8A16", 4, 5332.91, 6.8), ("W4A16", 64, 3146.75, 11.1)]:
    w, _, qnote = QUANT[prec]
    add(f"{S}-suiteC-{prec.lower()}-offline-n100-tput", S,
        off_where(D_C, f"metrics.quantization.results_by_precision[precision {prec}].results_by_concurrency", c, thr, el),
        L31_8B, "h100-sxm", 1, 1, off_serving(282, round(thr * el / 100), 100, w, "vllm"), "tokens_per_second", thr,
        [M_L31_8B, qnote, GPU_H100] + VLLM + [OFFLINE, "suite_C: request_count 100, output_tokens_max 512, max_model_len 4096",
         PROMPT_NOTE["llama31-100"], out_note_off(thr, el, 100), VARLEN])

# H100, suite D (Llama-3.1-8B, ~28.6K-token prompts)
add(f"{S}-suiteD-offline-n50-tput", S,
    off_where(D_D, "metrics.offline.results_by_concurrency", 4, 160.1, 79.9, ", 'throughput_tokens_per_sec_total': 18070.71"),
    L31_8B_D, "h100-sxm", 1, 1, off_serving(28621, 256, 50, "bf16", "vllm"), "tokens_per_second", 160.1,
    [M_L31_8B_D, GPU_H100] + VLLM + [OFFLINE, "suite_D: request_count 50, output_tokens_max 256, max_model_len 30208, precision BF16",
     PROMPT_NOTE["longctx-50"], out_note_off(160.1, 79.9, 50), "prompts vary around the mean (long-context subset, input p50 ~28,000 per the dataset README); every output reaches the 256-token cap (the sustained samples give exactly 256.0 per request)"])
add(f"{S}-suiteD-sustained-c8-tput", S,
    sus_where(D_D, "metrics.sustained", 142.6, 239616, 936),
    L31_8B_D, "h100-sxm", 1, 1, sus_serving(28621, 256, 8, "bf16", "vllm"), "tokens_per_second", 142.6,
    [M_L31_8B_D, GPU_H100] + VLLM + [SUSTAINED, "suite_D: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 50 (prompts cycled)",
     PROMPT_NOTE["longctx-50"], out_note_sus(239616, 936), "the per-minute samples are quantised by whole requests (136.5 or 170.7 tok/s, 8 or 10 requests of 256 tokens a minute); the summary is their mean"])

# ---------------------------------------------------------------- vLLM 0.7.3 on H200 (verified; x1 and x8)
S = "accelmark-h200-vllm073"
D_A = "results/verified/nvidia_h200x1_suite_A_nvidia_vllm_47f5d58e_29b2ec38/result.json"
D_C = "results/verified/nvidia_h200x1_suite_C_nvidia_vllm_47f5d58e_f07c60f8/result.json"
D_D = "results/verified/nvidia_h200x1_suite_D_nvidia_vllm_47f5d58e_62a36028/result.json"
D_B = "results/verified/nvidia_h200x8_suite_B_nvidia_vllm_47f5d58e_b727568e/result.json"
D_E = "results/verified/nvidia_h200x8_suite_E_nvidia_vllm_47f5d58e_f005e907/result.json"
D_G = "results/verified/nvidia_h200x8_suite_G_nvidia_vllm_47f5d58e_7f7a270e/result.json"
G1 = GPU_H200 + " x1, tensor_parallel_size 1"
G8 = GPU_H200 + " x8 on one node ('chip.interconnect_intra_node' NVLink), tensor_parallel_size 8 ('task.parallelism')"

add(f"{S}-suiteA-offline-n100-tput", S,
    off_where(D_A, "metrics.offline.results_by_concurrency", 8, 4863.23, 7.1),
    L3_8B, "h200", 1, 1, off_serving(256, 345, 100, "bf16", "vllm"), "tokens_per_second", 4863.23,
    [M_L3_8B, G1] + VLLM + [OFFLINE, "suite_A: request_count 100, output_tokens_max 512, max_model_len 4096, precision BF16",
     PROMPT_NOTE["llama3-100"], out_note_off(4863.23, 7.1, 100), VARLEN])
add(f"{S}-suiteA-sustained-c8-tput", S,
    sus_where(D_A, "metrics.sustained", 709.2, 1191422, 3435),
    L3_8B, "h200", 1, 1, sus_serving(256, 347, 8, "bf16", "vllm"), "tokens_per_second", 709.2,
    [M_L3_8B, G1] + VLLM + [SUSTAINED, "suite_A: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 100 (prompts cycled)",
     PROMPT_NOTE["llama3-100"], out_note_sus(1191422, 3435), VARLEN,
     "the source flags this run 'noisy' with 'throttle_ratio' 0.791 from minute 4 (the first two post-warm-up minutes ran at ~850 tok/s); the case takes the published mean as printed"])

for prec, c, thr, el in [("BF16", 4, 5314.98, 6.7), ("FP8", 16, 6081.8, 5.8), ("W8A16", 16, 5090.78, 7.0), ("W4A16", 64, 3274.13, 10.4)]:
    w, _, qnote = QUANT[prec]
    add(f"{S}-suiteC-{prec.lower()}-offline-n100-tput", S,
        off_where(D_C, f"metrics.quantization.results_by_precision[precision {prec}].results_by_concurrency", c, thr, el),
        L31_8B, "h200", 1, 1, off_serving(282, round(thr * el / 100), 100, w, "vllm"), "tokens_per_second", thr,
        [M_L31_8B, qnote, G1] + VLLM + [OFFLINE, "suite_C: request_count 100, output_tokens_max 512, max_model_len 4096",
         PROMPT_NOTE["llama31-100"], out_note_off(thr, el, 100), VARLEN])
for prec, thr, tok, req in [("BF16", 709.4, 595953, 1665), ("FP8", 713.4, 599291, 1674), ("W8A16", 708.2, 594951, 1679), ("W4A16", 649.9, 545956, 1561)]:
    w, _, qnote = QUANT[prec]
    add(f"{S}-suiteC-{prec.lower()}-sustained-c8-tput", S,
        sus_where(D_C, f"metrics.quantization_sustained.results_by_precision[precision {prec}]", thr, tok, req),
        L31_8B, "h200", 1, 1, sus_serving(282, round(tok / req), 8, w, "vllm"), "tokens_per_second", thr,
        [M_L31_8B, qnote, G1] + VLLM + [SUSTAINED, "suite_C: sustained_concurrency 8, duration_minutes 15, warmup_minutes 1 (the 14 published samples are all post-warm-up), request_count 100 (prompts cycled)",
         PROMPT_NOTE["llama31-100"], out_note_sus(tok, req), VARLEN])

add(f"{S}-suiteD-offline-n50-tput", S,
    off_where(D_D, "metrics.offline.results_by_concurrency", 4, 171.87, 74.5),
    L31_8B_D, "h200", 1, 1, off_serving(28621, 256, 50, "bf16", "vllm"), "tokens_per_second", 171.87,
    [M_L31_8B_D, G1] + VLLM + [OFFLINE, "suite_D: request_count 50, output_tokens_max 256, max_model_len 30208, precision BF16",
     PROMPT_NOTE["longctx-50"], out_note_off(171.87, 74.5, 50), "every output reaches the 256-token cap (the sustained samples give exactly 256.0 per request)"])
add(f"{S}-suiteD-sustained-c8-tput", S,
    sus_where(D_D, "metrics.sustained", 132.9, 223232, 872),
    L31_8B_D, "h200", 1, 1, sus_serving(28621, 256, 8, "bf16", "vllm"), "tokens_per_second", 132.9,
    [M_L31_8B_D, G1] + VLLM + [SUSTAINED, "suite_D: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 50 (prompts cycled)",
     PROMPT_NOTE["longctx-50"], out_note_sus(223232, 872), "the source flags this run 'high-variance' ('throttle_ratio' 0.6: the last four minutes ran at 102.4 tok/s); the case takes the published mean as printed"])

add(f"{S}-suiteB-tp8-offline-n100-tput", S,
    off_where(D_B, "metrics.offline.results_by_concurrency", 32, 3406.6, 10.7),
    L3_70B, "h200", 8, 8, off_serving(256, 365, 100, "bf16", "vllm"), "tokens_per_second", 3406.6,
    [M_L3_70B, G8] + VLLM + [OFFLINE, "suite_B: request_count 100, output_tokens_max 512, max_model_len 4096, precision BF16",
     PROMPT_NOTE["llama3-100"], out_note_off(3406.6, 10.7, 100), VARLEN])
add(f"{S}-suiteB-tp8-sustained-c4-tput", S,
    sus_where(D_B, "metrics.sustained", 241.2, 405235, 1173),
    L3_70B, "h200", 8, 8, sus_serving(256, 345, 4, "bf16", "vllm"), "tokens_per_second", 241.2,
    [M_L3_70B, G8] + VLLM + [SUSTAINED, "suite_B: sustained_concurrency 4, duration_minutes 30, warmup_minutes 2, request_count 100 (prompts cycled)",
     PROMPT_NOTE["llama3-100"], out_note_sus(405235, 1173), VARLEN,
     "the source flags this run 'noisy' ('throttle_ratio' 0.807 from minute 4); the case takes the published mean as printed"])

for chips, c, thr, el in [(1, 128, 6510.19, 8.3), (2, 32, 7839.66, 6.9), (4, 8, 8520.65, 6.4), (8, 8, 9101.02, 6.1)]:
    add(f"{S}-suiteE-tp{chips}-offline-n150-tput", S,
        off_where(D_E, f"metrics.scaling.results_by_chip_count[chip_count {chips}].results_by_concurrency", c, thr, el,
                  f" (also {chips}x/offline/result.json)"),
        L3_8B, "h200", chips, chips, off_serving(246, round(thr * el / 150), 150, "bf16", "vllm"), "tokens_per_second", thr,
        [M_L3_8B, GPU_H200 + f" x{chips} of the same 8-GPU node (NVLink); suites/suite_E/suite.py runs each chip count with tensor_parallel_size = chip count"] + VLLM +
        [OFFLINE, "suite_E: request_count 150, output_tokens_max 512, max_model_len 4096, precision BF16",
         PROMPT_NOTE["llama3-150"], out_note_off(thr, el, 150), VARLEN])

add(f"{S}-suiteG-tp8-offline-n100-tput", S,
    off_where(D_G, "metrics.offline.results_by_concurrency", 64, 5332.7, 6.3),
    MIX, "h200", 8, 8, off_serving(305, 336, 100, "bf16", "vllm"), "tokens_per_second", 5332.7,
    [M_MIX, G8] + VLLM + [OFFLINE, "suite_G: request_count 100, output_tokens_max 512, max_model_len 4096, precision BF16",
     PROMPT_NOTE["mixtral-100"], out_note_off(5332.7, 6.3, 100), VARLEN,
     "the three per-level values differ (4467.22, 5334.28, 5332.7): the first level, run first after the warm-up pass, is the slow one; the median rule takes 5332.7"])
add(f"{S}-suiteG-tp8-sustained-c8-tput", S,
    sus_where(D_G, "metrics.sustained", 591.5, 993721, 3019),
    MIX, "h200", 8, 8, sus_serving(305, 329, 8, "bf16", "vllm"), "tokens_per_second", 591.5,
    [M_MIX, G8] + VLLM + [SUSTAINED, "suite_G: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 100 (prompts cycled)",
     PROMPT_NOTE["mixtral-100"], out_note_sus(993721, 3019), VARLEN])

# ---------------------------------------------------------------- SGLang 0.5.6 on A100-SXM4-40GB (community)
S = "accelmark-a100-40gb-sglang056"
D_A = "results/community/nvidia_a100_sxm4_40gbx1_suite_A_nvidia_sglang_c43a8309_958afbbd/result.json"
D_C = "results/community/nvidia_a100_sxm4_40gbx1_suite_C_nvidia_sglang_c43a8309_651fefa6/result.json"
D_D = "results/community/nvidia_a100_sxm4_40gbx1_suite_D_nvidia_sglang_c43a8309_99c43b97/result.json"

add(f"{S}-suiteA-offline-n100-tput", S,
    off_where(D_A, "metrics.offline.results_by_concurrency", 128, 3146.09, 11.2),
    L3_8B, "a100-40gb", 1, 1, off_serving(256, 352, 100, "bf16", "sglang"), "tokens_per_second", 3146.09,
    [M_L3_8B, GPU_A100] + SGLANG + [OFFLINE, "suite_A: request_count 100, output_tokens_max 512, max_model_len 4096 (context_length), precision BF16",
     PROMPT_NOTE["llama3-100"] + "; SGLang tokenizes the same templated text", out_note_off(3146.09, 11.2, 100), VARLEN])
add(f"{S}-suiteA-sustained-c8-tput", S,
    sus_where(D_A, "metrics.sustained", 562.5, 944909, 5007),
    L3_8B, "a100-40gb", 1, 1, sus_serving(256, 189, 8, "bf16", "sglang"), "tokens_per_second", 562.5,
    [M_L3_8B, GPU_A100] + SGLANG + [SUSTAINED, "suite_A: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 100 (prompts cycled)",
     PROMPT_NOTE["llama3-100"], out_note_sus(944909, 5007) + " (the streaming path's 224-token cap applies)", VARLEN])
for prec, c, thr, el in [("BF16", 1, 3149.6, 11.4), ("W8A16", 16, 3387.33, 10.6), ("W4A16", 16, 1810.03, 19.0)]:
    w, _, qnote = QUANT[prec]
    add(f"{S}-suiteC-{prec.lower()}-offline-n100-tput", S,
        off_where(D_C, f"metrics.quantization.results_by_precision[precision {prec}].results_by_concurrency", c, thr, el),
        L31_8B, "a100-40gb", 1, 1, off_serving(282, round(thr * el / 100), 100, w, "sglang"), "tokens_per_second", thr,
        [M_L31_8B, qnote.replace(" on H100/H200", ""), GPU_A100] + SGLANG + [OFFLINE, "suite_C: request_count 100, output_tokens_max 512, max_model_len 4096",
         PROMPT_NOTE["llama31-100"], out_note_off(thr, el, 100), VARLEN])
for prec, thr, tok, req in [("BF16", 558.6, 469212, 2544), ("W8A16", 841.8, 707161, 3863), ("W4A16", 760.9, 639221, 3579)]:
    w, _, qnote = QUANT[prec]
    add(f"{S}-suiteC-{prec.lower()}-sustained-c8-tput", S,
        sus_where(D_C, f"metrics.quantization_sustained.results_by_precision[precision {prec}]", thr, tok, req),
        L31_8B, "a100-40gb", 1, 1, sus_serving(282, round(tok / req), 8, w, "sglang"), "tokens_per_second", thr,
        [M_L31_8B, qnote, GPU_A100] + SGLANG + [SUSTAINED, "suite_C: sustained_concurrency 8, duration_minutes 15, warmup_minutes 1 (the 14 published samples are all post-warm-up), request_count 100 (prompts cycled)",
         PROMPT_NOTE["llama31-100"], out_note_sus(tok, req) + " (the streaming path's 224-token cap applies)", VARLEN])
add(f"{S}-suiteD-offline-n50-tput", S,
    off_where(D_D, "metrics.offline.results_by_concurrency", 4, 59.82, 214.8),
    L31_8B_D, "a100-40gb", 1, 1, off_serving(28621, 257, 50, "bf16", "sglang"), "tokens_per_second", 59.82,
    [M_L31_8B_D, GPU_A100] + SGLANG + [OFFLINE, "suite_D: request_count 50, output_tokens_max 256, max_model_len 30208 (context_length), precision BF16",
     PROMPT_NOTE["longctx-50"], out_note_off(59.82, 214.8, 50) + " (257 against the cap of 256: the 0.1 s rounding of elapsed)"])
add(f"{S}-suiteD-sustained-c8-tput", S,
    sus_where(D_D, "metrics.sustained", 54.9, 92250, 410),
    L31_8B_D, "a100-40gb", 1, 1, sus_serving(28621, 225, 8, "bf16", "sglang"), "tokens_per_second", 54.9,
    [M_L31_8B_D, GPU_A100] + SGLANG + [SUSTAINED, "suite_D: sustained_concurrency 8, duration_minutes 30, warmup_minutes 2, request_count 50 (prompts cycled)",
     PROMPT_NOTE["longctx-50"], out_note_sus(92250, 410) + " (225.0 a request as published; the streaming path caps max_new_tokens at 224)"])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
