# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-07k. Every measured
# number below is transcribed from files that the public repository dstackai/benchmarks commits:
#   - the DeepSeek-R1 study "Evaluate DeepSeek-R1 Inference performance with SgLang, vLLM and
#     TensorRT-LLM on 8xH200 and 8xMi300x" (branch deepseek-r1-benchmark, commit
#     7f37e6697725e58dd09b9ef190b62ce19f01d45e, 2025-03-18): Deepseek-R1/README.md and the
#     Deepseek-R1/raw_data/{online,offline}_results.csv tables;
#   - the Llama-3.1-405B FP8 study "Llama3.1-405B-Fp8 Inference Performance Comparison between
#     8xH100SXM5 and 8xMi300x" (main, commit 06c957ab51572ca18db9c1f4bb254a9eb86df4d7; the files are
#     unchanged since commit 85a2fe177aabe8a5556ce75e791dcd74b1cd8187 of 2024-12-05):
#     comparison/h100sxm5_vs_mi300x/README.md and raw_data/8xH100SXM5-{throughput,serving}/*.json.
# Times printed in ms are written in s (divided by 1000). The offline runs print no output-token
# rate in their saved files; it is total output tokens / elapsed_time (the "output tokens/s" that
# the offline script prints, Deepseek-R1/benchmark_throughput.py line 554), computed here from the
# two transcribed fields and noted in each case. No other figure is derived.
# README.md gives the selection rules; not_expressible.json lists the runs left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = "dstackai/benchmarks"
DS_COMMIT = "7f37e6697725e58dd09b9ef190b62ce19f01d45e"
L4_COMMIT = "06c957ab51572ca18db9c1f4bb254a9eb86df4d7"
cases = []


def add(id, source, where, model, hw, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": {"preset": hw, "gpus": 8},
           "parallel": {"tp": 8, "pp": 1, "ep": 1, "dp": 1}, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


# =============================================================== DeepSeek-R1 on 8 x H200, vLLM
DS_MODEL_NOTE = ("model deepseek-ai/DeepSeek-R1 (the deepseek-v3 preset: DeepSeek-V3's architecture, 61 layers, MLA, 256 routed "
                 "experts + 1 shared, top-8; R1 is a fine-tune of V3 with the same shape)")
DS_W_NOTE = ("weights fp8: DeepSeek-R1's own checkpoint, FP8 e4m3 with 128x128 block scales, served as W8A8 block FP8 by vLLM "
             "(the engine's default FP8 GEMMs, parallel.precision default); no quantization flag is given")
DS_KV_NOTE = "KV cache bf16: no --kv-cache-dtype is given (vLLM 'auto': the model dtype, bf16; MLA's latent cache)"
DS_HW_NOTE = ("8 x NVIDIA H200 SXM5 141 GB (README 'NVIDIA 8xH200 SXM5': 2x Xeon Platinum 8570; the h200 preset), tensor "
              "parallel 8 (--tensor-parallel-size 8), no pipeline, no expert parallelism, one replica")
DS_VLLM_ONLINE = ("runtime vLLM nightly (README 'vLLM-H200': vLLM Version 0.7.4.dev181+gf35f8e22; the dstack task installs "
                  "the nightly wheel over vllm/vllm-openai:v0.7.3) with VLLM_ATTENTION_BACKEND=FLASHMLA, served by "
                  "`vllm serve deepseek-ai/DeepSeek-R1 --trust-remote-code --tensor-parallel-size 8` (README 'dstack Task / "
                  "vLLM-H200'); every other setting at that version's defaults (V0 engine, gpu_memory_utilization 0.90, block 16, "
                  "prefix caching off, no --max-model-len: model.seq 163840, the model's max_position_embeddings); the engine's "
                  "vllm runtime is taken for it")
DS_CLIENT = ("client: the repository's Deepseek-R1/bench_serving.py (SGLang's bench_serving with a TensorRT-LLM backend added) "
             "`--backend vllm --dataset-name random --num-prompts 500 --random-input 3200 --random-output O --random-range-ratio 1 "
             "--max-concurrency C` (README 'Online Benchmarking Commands'), request rate inf (the CSV's request_rate is empty, "
             "the script's default); ignore_eos on by default in that script (line 157 'set ignore_eos True by default'); so a "
             "closed loop of C users over 500 requests (serving.concurrency C, serving.requests 500); the CSV confirms "
             "completed 500, total_input_tokens 1600000 = 500 x 3200 and total_output_tokens = 500 x O; one warm-up request "
             "before the measured run is not counted")
DS_METRIC = {
    "tput": ("tokens_per_second", "output_throughput (tok/s): total output tokens / duration"),
    "ttft": ("first_token", "mean_ttft_ms: mean time to first token, client side (streamed), written in s"),
    "tpot": ("per_output_token", "mean_tpot_ms: mean over requests of (latency - ttft) / (output_len - 1), written in s"),
}
SRC_DS_ON = "dstack-dsr1-h200-vllm-online"
# online_results.csv rows with GPU=h200, backend=vllm, dataset_name=random (data row number in the file, header = row 0):
# (row, max_concurrency, random_output_len, output_throughput, mean_ttft_ms, mean_tpot_ms)
DS_ONLINE = [
    (24, 4, 800, 148.581247, 975.6508477, 25.72997376),      # "h200,vllm,random,,4,,3200,800,1,2692.129782,500,...,148.581247,...,975.6508477,...,25.72997376,..."
    (23, 8, 800, 237.589178, 1765.745119, 31.28089729),      # "h200,vllm,random,,8,,3200,800,1,1683.578366,500,...,237.589178,...,1765.745119,...,31.28089729,..."
    (22, 16, 800, 294.0662875, 3368.606197, 49.60112449),    # "h200,vllm,random,,16,,3200,800,1,1360.237528,500,...,294.0662875,...,3368.606197,...,49.60112449,..."
    (21, 32, 800, 512.8554233, 7650.775142, 51.66990612),    # "h200,vllm,random,,32,,3200,800,1,779.9469047,500,...,512.8554233,...,7650.775142,...,51.66990612,..."
    (20, 64, 800, 758.3782529, 14164.37107, 65.61773396),    # "h200,vllm,random,,64,,3200,800,1,527.4412847,500,...,758.3782529,...,14164.37107,...,65.61773396,..."
    (19, 128, 800, 744.7829125, 66811.62239, 71.85856239),   # "h200,vllm,random,,128,,3200,800,1,537.0692497,500,...,744.7829125,...,66811.62239,...,71.85856239,..."
    (40, 128, 1600, 780.8325879, 116121.7992, 73.86396926),  # "h200,vllm,random,,128,,3200,1600,1,1024.547403,500,...,780.8325879,...,116121.7992,...,73.86396926,..."
    (41, 128, 3200, 747.7797625, 250207.2416, 76.04368982),  # "h200,vllm,random,,128,,3200,3200,1,2139.667426,500,...,747.7797625,...,250207.2416,...,76.04368982,..."
    (42, 128, 6400, 376.9031192, 1059605.396, 133.1230548),  # "h200,vllm,random,,128,,3200,6400,1,8490.245468,500,...,376.9031192,...,1059605.396,...,133.1230548,..."
]
for row, c, o, tput, ttft, tpot in DS_ONLINE:
    serving = {"prompt": 3200, "output": o, "concurrency": c, "requests": 500, "weights": "fp8", "kv": "bf16",
               "runtime": "vllm", "arrival": "closed_loop"}
    base = (f"{REPO} at commit {DS_COMMIT} (branch deepseek-r1-benchmark), Deepseek-R1/raw_data/online_results.csv, data row {row} "
            f"(GPU h200, backend vllm, dataset_name random, max_concurrency {c}, random_input_len 3200, random_output_len {o}, "
            f"random_range_ratio 1, completed 500)")
    for key, val in (("tput", tput), ("ttft", ttft), ("tpot", tpot)):
        metric, mnote = DS_METRIC[key]
        col = {"tput": "output_throughput", "ttft": "mean_ttft_ms", "tpot": "mean_tpot_ms"}[key]
        measured = val if key == "tput" else round(val / 1000.0, 9)
        add(f"{SRC_DS_ON}-c{c}-o{o}-{key}", SRC_DS_ON, base + f": column {col} = {val}", {"preset": "deepseek-v3", "seq": 163840},
            "h200", serving, metric, measured,
            [mnote, DS_MODEL_NOTE, DS_W_NOTE, DS_KV_NOTE, DS_HW_NOTE, DS_VLLM_ONLINE, DS_CLIENT,
             f"fixed lengths: every prompt 3200 tokens and every output {o} tokens (random_range_ratio 1, ignore_eos)"])

SRC_DS_OFF = "dstack-dsr1-h200-vllm-offline"
DS_VLLM_OFFLINE = ("runtime vLLM 0.7.4.dev181+gf35f8e22 as above, offline: the repository's Deepseek-R1/benchmark_throughput.py "
                   "(vLLM's benchmark_throughput.py with an SGLang backend added) `--backend vllm --model deepseek-ai/DeepSeek-R1 "
                   "--input-len=3200 --output-len=O --tensor-parallel-size=8 --max-model-len=32768 --num-prompts=N` (README "
                   "'Offline Benchmarking Commands / vLLM'): every prompt handed to one LLM.generate call (all at once, "
                   "ignore_eos=True, fixed lengths); model.seq 32768 from --max-model-len; no max_num_batched_tokens or chunked-"
                   "prefill flag (vLLM's defaults at that version; the engine's all-at-once token budget, its default, is taken); "
                   "gpu_memory_utilization 0.90 default; the environment variable VLLM_ATTENTION_BACKEND=FLASHMLA of the online task "
                   "is not stated for the offline runs")
# offline_results.csv rows with GPU=h200, backend=vllm:
# (row, input_len, output_len, elapsed_time, num_requests, total_output_tokens)
DS_OFFLINE = [
    (25, 3200, 800, 48.66099514, 32, 25600),      # "h200,vllm,3200,800,48.66099514,32,128000,0.657610883,2630.443534,25600,102400"
    (26, 3200, 800, 63.41331285, 64, 51200),      # "h200,vllm,3200,800,63.41331285,64,256000,1.009251798,4037.007191,51200,204800"
    (27, 3200, 800, 136.2708716, 128, 102400),    # "h200,vllm,3200,800,136.2708716,128,512000,0.939305653,3757.222611,102400,409600"
    (28, 3200, 800, 233.7544293, 256, 204800),    # "h200,vllm,3200,800,233.7544293,256,1024000,1.095166414,4380.665655,204800,819200"
    (29, 3200, 800, 426.1915829, 512, 409600),    # "h200,vllm,3200,800,426.1915829,512,2048000,1.201337662,4805.35065,409600,1638400"
    (30, 3200, 800, 837.3510345, 1024, 819200),   # "h200,vllm,3200,800,837.3510345,1024,4096000,1.222904084,4891.616337,819200,3276800"
    (31, 3200, 1600, 419.3749264, 256, 409600),   # "h200,vllm,3200,1600,419.3749264,256,1228800,0.610432298,2930.07503,409600,819200"
    (32, 3200, 1600, 819.8293698, 512, 819200),   # "h200,vllm,3200,1600,819.8293698,512,2457600,0.624520198,2997.696948,819200,1638400"
    (33, 3200, 1600, 1568.906264, 1024, 1638400), # "h200,vllm,3200,1600,1568.906264,1024,4915200,0.65268399,3132.88315,1638400,3276800"
]
for row, p, o, el, n, tout in DS_OFFLINE:
    assert tout == n * o
    serving = {"prompt": p, "output": o, "concurrency": n, "weights": "fp8", "kv": "bf16", "runtime": "vllm",
               "arrival": "all_at_once"}
    add(f"{SRC_DS_OFF}-n{n}-o{o}-tput", SRC_DS_OFF,
        f"{REPO} at commit {DS_COMMIT} (branch deepseek-r1-benchmark), Deepseek-R1/raw_data/offline_results.csv, data row {row} "
        f"(GPU h200, backend vllm, input_len {p}, output_len {o}, num_requests {n}): elapsed_time {el} s, total_output_tokens {tout}",
        {"preset": "deepseek-v3", "seq": 32768}, "h200", serving, "tokens_per_second", round(tout / el, 4),
        ["tokens_per_second = total_output_tokens / elapsed_time (both transcribed; the file's tokens_per_second column is input + "
         "output tokens and is not used); elapsed_time is the one generate call, from the first prompt handed in to the last "
         "output returned", DS_MODEL_NOTE, DS_W_NOTE, DS_KV_NOTE, DS_HW_NOTE, DS_VLLM_OFFLINE,
         f"all at once: {n} requests of {p} prompt tokens and {o} output tokens (serving.concurrency {n}, arrival all_at_once)"])

# =============================================================== Llama-3.1-405B FP8 on 8 x H100 SXM5, vLLM
L4_MODEL_NOTE = ("model meta-llama/Llama-3.1-405B-FP8 (the llama-3.1-405b preset; the README's key findings call it "
                 "Llama-3.1-405B-Instruct-FP8, the same architecture); model.seq 91680 from --max-model-len 91680")
L4_W_NOTE = ("weights fp8: Meta's FP8 checkpoint (FP8 e4m3 weights with per-channel scales and dynamic per-token FP8 activations "
             "in the transformer's linear layers, served W8A8 by vLLM: the engine's default FP8 GEMMs); the checkpoint keeps the "
             "first and last blocks' layers in bf16, which the engine does not model (it quantizes every block)")
L4_KV_NOTE = "KV cache bf16: no --kv-cache-dtype is given (vLLM 'auto')"
L4_HW_NOTE = ("8 x NVIDIA H100 80GB HBM3 (SXM5; the README's collect_env shows eight 'NVIDIA H100 80GB HBM3' joined by NV18 "
              "NVLink; Xeon Platinum 8480+; the h100-sxm preset), tensor parallel 8, no pipeline, one replica")
L4_VLLM = ("runtime vLLM nightly of November 2024 (README collect_env: vLLM Version 0.6.3.post2.dev308+gb489fc3c, installed from "
           "the nightly wheel in nvcr.io/nvidia/pytorch:23.10-py3), V0 engine; gpu_memory_utilization 0.90, block 16 at their "
           "defaults; the engine's vllm runtime is taken for it")
L4_OFFLINE = ("offline: vLLM's benchmarks/benchmark_throughput.py `--backend vllm --model meta-llama/Llama-3.1-405B-FP8 "
              "--input-len=I --output-len=2048 --tensor-parallel-size 8 --max-model-len 91680 --num-prompts=N "
              "--num-scheduler-step 1` (README '8xH100 SXM5' under 'Offline Throughput-Latency Benchmark Results'): every prompt "
              "handed to one LLM.generate call (all at once; the script sets ignore_eos=True, fixed lengths); no chunked-prefill "
              "or max_num_batched_tokens flag (vLLM's defaults at that version: with max_model_len above 32K chunked prefill is "
              "on; the engine's all-at-once token budget, its default, is taken)")
SRC_L4_OFF = "dstack-llama405b-fp8-h100-vllm-offline"
# comparison/h100sxm5_vs_mi300x/raw_data/8xH100SXM5-throughput/nvidia-throughput_test_ip{I}_op2048_np{N}.json:
# (I, N, elapsed_time, num_requests, total_num_tokens)
L4_OFF = [
    (128, 4, 71.27394035900033, 4, 8704),          # {"elapsed_time": 71.27394035900033, "num_requests": 4, "total_num_tokens": 8704, ...}
    (128, 8, 75.0559648920007, 8, 17408),          # {"elapsed_time": 75.0559648920007, "num_requests": 8, "total_num_tokens": 17408, ...}
    (128, 16, 75.824556347, 16, 34816),            # {"elapsed_time": 75.824556347, "num_requests": 16, "total_num_tokens": 34816, ...}
    (128, 32, 78.370050558, 32, 69632),            # {"elapsed_time": 78.370050558, "num_requests": 32, "total_num_tokens": 69632, ...}
    (128, 64, 123.15096820999952, 64, 139264),     # {"elapsed_time": 123.15096820999952, "num_requests": 64, "total_num_tokens": 139264, ...}
    (128, 128, 214.67450040199947, 128, 278528),   # {"elapsed_time": 214.67450040199947, "num_requests": 128, "total_num_tokens": 278528, ...}
    (128, 256, 399.64831944399975, 256, 557056),   # {"elapsed_time": 399.64831944399975, "num_requests": 256, "total_num_tokens": 557056, ...}
    (2048, 4, 73.01276787299958, 4, 16384),        # {"elapsed_time": 73.01276787299958, "num_requests": 4, "total_num_tokens": 16384, ...}
    (2048, 8, 78.75401423200037, 8, 32768),        # {"elapsed_time": 78.75401423200037, "num_requests": 8, "total_num_tokens": 32768, ...}
    (2048, 16, 83.85836115699931, 16, 65536),      # {"elapsed_time": 83.85836115699931, "num_requests": 16, "total_num_tokens": 65536, ...}
    (2048, 32, 143.85659589400075, 32, 131072),    # {"elapsed_time": 143.85659589400075, "num_requests": 32, "total_num_tokens": 131072, ...}
    (2048, 64, 262.4642917030005, 64, 262144),     # {"elapsed_time": 262.4642917030005, "num_requests": 64, "total_num_tokens": 262144, ...}
    (2048, 128, 474.25974242899974, 128, 524288),  # {"elapsed_time": 474.25974242899974, "num_requests": 128, "total_num_tokens": 524288, ...}
    (2048, 256, 876.4826333029996, 256, 1048576),  # {"elapsed_time": 876.4826333029996, "num_requests": 256, "total_num_tokens": 1048576, ...}
    (32784, 4, 236.12373048600057, 4, 139328),     # {"elapsed_time": 236.12373048600057, "num_requests": 4, "total_num_tokens": 139328, ...}
    (32784, 8, 457.69658227500076, 8, 278656),     # {"elapsed_time": 457.69658227500076, "num_requests": 8, "total_num_tokens": 278656, ...}
    (32784, 16, 866.9613514360008, 16, 557312),    # {"elapsed_time": 866.9613514360008, "num_requests": 16, "total_num_tokens": 557312, ...}
]
for p, n, el, nr, tot in L4_OFF:
    assert nr == n and tot == n * (p + 2048)
    serving = {"prompt": p, "output": 2048, "concurrency": n, "weights": "fp8", "kv": "bf16", "runtime": "vllm",
               "arrival": "all_at_once"}
    path = f"comparison/h100sxm5_vs_mi300x/raw_data/8xH100SXM5-throughput/nvidia-throughput_test_ip{p}_op2048_np{n}.json"
    add(f"{SRC_L4_OFF}-i{p}-n{n}-tput", SRC_L4_OFF,
        f"{REPO} at commit {L4_COMMIT}, {path}: elapsed_time {el} s, num_requests {nr}, total_num_tokens {tot} "
        f"(= {n} x ({p} + 2048))",
        {"preset": "llama-3.1-405b", "seq": 91680}, "h100-sxm", serving, "tokens_per_second", round(n * 2048 / el, 4),
        [f"tokens_per_second = num_requests x 2048 output tokens / elapsed_time (the file saves only total tokens/s, prompts "
         f"included; the output share is fixed by the file name's op2048 and total_num_tokens = N x (I + 2048))",
         L4_MODEL_NOTE, L4_W_NOTE, L4_KV_NOTE, L4_HW_NOTE, L4_VLLM, L4_OFFLINE,
         f"all at once: {n} requests of {p} prompt tokens and 2048 output tokens (serving.concurrency {n}, arrival all_at_once)"])

SRC_L4_ON = "dstack-llama405b-fp8-h100-vllm-sharegpt"
L4_SERVE = ("served by `vllm serve meta-llama/Llama-3.1-405B-FP8 --tensor-parallel-size 8 --max-model-len 91680` (README "
            "'Installation/serving with Nvidia 8xH100 SXM5'); chunked prefill on by vLLM's default above a 32K context, prefix "
            "caching off (V0 default)")
L4_CLIENT = ("client: vLLM's benchmarks/benchmark_serving.py `--backend vllm --model meta-llama/Llama-3.1-405B-FP8 --dataset-name "
             "sharegpt --dataset-path ShareGPT_V3_unfiltered_cleaned_split.json --request-rate=QPS` (README 'Online Serving "
             "Benchmark Results'): num_prompts 1000 (the script's default; the file's num_prompts 1000, completed 1000), Poisson "
             "arrivals at QPS (burstiness 1), no --max-concurrency (serving.concurrency absent), no --ignore-eos: each output "
             "ends at EOS or at the ShareGPT reference length")
L4_SHAREGPT = ("ShareGPT lengths vary per request; the engine takes every request at the run's means: prompt = total_input_tokens "
               "215196 / 1000 = 215 tokens, output = total_output_tokens / 1000 rounded ({o_tot} / 1000 = {o})")
L4_METRIC = {
    "tput": ("tokens_per_second", "output_throughput", "output_throughput (tok/s): total output tokens / duration"),
    "ttft": ("first_token", "mean_ttft_ms", "mean_ttft_ms: mean time to first token (streamed), written in s"),
    "tpot": ("per_output_token", "mean_tpot_ms", "mean_tpot_ms: mean over requests of time per output token after the first, written in s"),
}
# (file, request_rate, total_output_tokens, output_throughput, mean_ttft_ms, mean_tpot_ms)
L4_ON = [
    ("nvidia-vllm-16.0qps-Llama-3.1-405B-FP8-20241109-150547.json", 16.0, 120689,
     1198.8884495761356, 1486.3937409630162, 106.53889521346393),  # "output_throughput": 1198.8884495761356, "mean_ttft_ms": 1486.3937409630162, "mean_tpot_ms": 106.53889521346393
    ("nvidia-vllm-32.0qps-Llama-3.1-405B-FP8-20241109-150842.json", 32.0, 122819,
     1252.0954309412393, 9375.633242372, 110.04953441690681),      # "output_throughput": 1252.0954309412393, "mean_ttft_ms": 9375.633242372, "mean_tpot_ms": 110.04953441690681
]
for fname, rate, o_tot, tput, ttft, tpot in L4_ON:
    o = round(o_tot / 1000)
    serving = {"prompt": 215, "output": o, "weights": "fp8", "kv": "bf16", "runtime": "vllm", "arrival": "poisson",
               "request_rate": rate, "requests": 1000}
    path = f"comparison/h100sxm5_vs_mi300x/raw_data/8xH100SXM5-serving/{fname}"
    for key, val in (("tput", tput), ("ttft", ttft), ("tpot", tpot)):
        metric, col, mnote = L4_METRIC[key]
        measured = round(val, 6) if key == "tput" else round(val / 1000.0, 9)
        add(f"{SRC_L4_ON}-qps{int(rate)}-{key}", SRC_L4_ON,
            f"{REPO} at commit {L4_COMMIT}, {path} (backend vllm, num_prompts 1000, request_rate {rate}, completed 1000, "
            f"total_input_tokens 215196, total_output_tokens {o_tot}): key {col} = {val}",
            {"preset": "llama-3.1-405b", "seq": 91680}, "h100-sxm", serving, metric, measured,
            [mnote, L4_MODEL_NOTE, L4_W_NOTE, L4_KV_NOTE, L4_HW_NOTE, L4_VLLM, L4_SERVE, L4_CLIENT,
             L4_SHAREGPT.format(o_tot=o_tot, o=o)])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

NE = [
    {"source": SRC_DS_ON, "where": "Deepseek-R1/raw_data/online_results.csv, rows GPU h200 backend sglang (random and generated-shared-prefix; 12 runs) and Deepseek-R1/raw_data/offline_results.csv rows h200 sglang (12 runs)",
     "reason": "SGLang 0.4.3.post2 was served with `--tp 8 --trust-remote-code --enable-dp-attention` (README 'dstack Task / SgLang-H200'): attention data-parallel over the 8 GPUs while the MoE layers stay tensor-parallel 8 in one server; the engine's dp is whole replicas, so the layout cannot be stated (the offline SGLang runs use the same benchmark_throughput.py SGLang engine, whose server arguments the README does not give apart from tp 8)", "published": []},
    {"source": SRC_DS_ON, "where": "Deepseek-R1/raw_data/online_results.csv, rows GPU h200 backend trt-llm (8 runs)",
     "reason": "trtllm-serve --backend pytorch --tp_size 8 --ep_size 4: attention tensor-parallel 8 with the experts expert-parallel 4 inside one replica; the engine's ep spreads experts over replicas, so the layout cannot be stated; besides, TensorRT-LLM ignores ignore_eos in that client (bench_serving.py line 86), so output lengths are not the requested ones", "published": []},
    {"source": SRC_DS_OFF, "where": "Deepseek-R1/raw_data/offline_results.csv, rows GPU h200 backend trt-llm (12 runs)",
     "reason": "the TensorRT-LLM engine was built from the 'deepseek' branch with convert_checkpoint.py --dtype bfloat16 and trtllm-build --gemm_plugin bfloat16 (README 'build-deepseek-r1-engine'): the weights' format in the engine is not stated (a bf16 DeepSeek-R1 does not fit 8 x 141 GB), and the README warns the path is not the recommended one", "published": []},
    {"source": SRC_DS_ON, "where": "Deepseek-R1/raw_data/online_results.csv, rows GPU h200 backend vllm dataset_name generated-shared-prefix (3 runs, concurrency 32/64/128)",
     "reason": "not selected: the prefix-cached runs depend on a server started with --enable-prefix-caching --enable-chunked-prefill, which the README gives only as a commented-out alternative; whether these rows used it is not stated (and the set stays within 60 cases)", "published": []},
    {"source": SRC_DS_ON, "where": "every mi300x row of both CSVs", "reason": "AMD MI300X: no hardware preset", "published": []},
    {"source": SRC_L4_OFF, "where": "comparison/h100sxm5_vs_mi300x/raw_data/8xH100SXM5-throughput/nvidia-latency_test_ip2048_op2048_np*.json (7 files)",
     "reason": "not used: benchmark_latency.py's avg_latency of a whole batch; the same workload's throughput files (ip2048_op2048) are the cases", "published": []},
    {"source": SRC_L4_ON, "where": "comparison/h100sxm5_vs_mi300x/raw_data/8xH100SXM5-serving/nvidia-vllm-1000.0qps-Llama-3.1-405B-FP8-20241109-151112.json",
     "reason": "not selected to keep the set within 60 cases: request rate 1000 sends all 1000 ShareGPT requests within about a second, an all-at-once burst of varying lengths", "published": []},
    {"source": SRC_L4_OFF, "where": "every 8xMi300x / 4Mi300x file under comparison/h100sxm5_vs_mi300x/raw_data/", "reason": "AMD MI300X: no hardware preset", "published": []},
    {"source": SRC_DS_ON, "where": "every median, std and P99 column, mean_itl_ms and mean_e2e_latency_ms", "reason": "not used: the cases take the output throughput and the means of TTFT and TPOT", "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases;", len(NE), "not expressible")
