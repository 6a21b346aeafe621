# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-11b: published serving measurements
# read whole from documents inside public GitHub repositories (no search excerpt is transcribed). Every measured
# number below is pasted from the document (table rows verbatim, runs of padding spaces collapsed to one) and parsed
# here, so the row quoted in each case's `where` is the source's own line:
#   - NVIDIA/TensorRT-LLM docs/source/performance/perf-overview.md at commit
#     258c7540c03517def55d9a5aadfa9288af474e1b (the v0.17 version of the performance overview):
#       (a) 'Throughput Measurements', the Mixtral 8x7B rows only (trtllm-bench, v0.17, FP8 on H200 / H100, FP16 on
#           A100; output tokens/s of the deployment);
#       (b) 'Online Serving Measurements' (the TensorRT-LLM Triton backend, v0.14.0, BF16, 500 requests at a fixed QPS
#           or all at once; Llama 3.1 8B TP1 and 70B TP4 on H100 and H200; Tput, mean TTFT, mean ITL).
#     The same document at commit 00f37686 is an informed source (trtllm-perf-overview: the FP8 H100 / H200 Llama 3.1
#     rows). Those rows (re-measured here at v0.17) are NOT used; only rows of other models / GPUs (Mixtral 8x7B,
#     A100) and the online-serving table (BF16, another harness and release), which no earlier set transcribed.
#   - kvcache-ai/Mooncake docs/source/performance/vllm/vllm-v1-pd-performance.md at commit
#     3d0748cf7dc90cd385769c667fed080abbfdb9ab ('vLLM PD Disaggregation Performance'; vLLM 0.11.2.dev358 with the
#     MooncakeConnector, Qwen3-8B 1P1D on 2 x 8 H800, one request at a time; mean TTFT).
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


def cells_of(line):
    l = line.strip()
    l = l[1:] if l.startswith("|") else l  # one leading and one trailing pipe only: empty cells stay in place
    l = l[:-1] if l.endswith("|") else l
    return [c.strip() for c in l.split("|")]


# ======================================================= 1. TensorRT-LLM perf-overview v0.17, Mixtral 8x7B offline rows
TRT_COMMIT = "258c7540c03517def55d9a5aadfa9288af474e1b"
TRT_URL = f"https://github.com/NVIDIA/TensorRT-LLM/blob/{TRT_COMMIT}/docs/source/performance/perf-overview.md"
S_MIX = "trtllm-perfov-v017-mixtral"
S_ONL = "trtllm-perfov-v017-online-serving"

# The table's heading rows and the Mixtral 8x7B rows, as printed (padding spaces collapsed).
THR_HEAD = """| Throughput (tokens / sec) | | GPU | H200 141GB HBM3 | H100 80GB HBM3 | GH200 480GB | L40S | A100-SXM4-80GB |
|:----------------------------|:---------------------------|:-----------------------------|:------------------|:-----------------|:--------------|:--------|:-----------------|
| | Precision | | FP8 | FP8 | FP8 | FP8 | FP16 |
| Model | Tensor Model Parallel Size | Runtime Input/Output Lengths | | | | | |"""
MIX_ROWS = """| Mixtral 8x7B | 1 | 128, 128 | 17157.72 | 15962.49 | 16859.18 | | |
| | | 128, 2048 | 15095.21 | 8290.13 | 11120.16 | | |
| | | 128, 4096 | 9534.62 | 4784.86 | 6610.47 | | |
| | | 500, 2000 | 12105.27 | 6800.6 | 9192.86 | | |
| | | 1000, 1000 | 10371.36 | 6868.52 | 8849.18 | | |
| | | 2048, 128 | 2009.67 | 1892.81 | 1994.31 | | |
| | | 2048, 2048 | 6940.32 | 3983.1 | 5545.46 | | |
| | | 5000, 500 | 2309.1 | 1764.7 | 2078.27 | | |
| | | 20000, 2000 | 1151.78 | 673.7 | 860.68 | | |
| | 2 | 128, 128 | 27825.34 | 27451.13 | | | 5541.47 |
| | | 128, 2048 | 29584.05 | 22830.08 | | | 4169.78 |
| | | 128, 4096 | 21564.68 | 14237.01 | | | 2608.05 |
| | | 500, 2000 | 23410.63 | 17036.04 | | | 3446.37 |
| | | 1000, 1000 | 19151.19 | 15770.89 | | | 3154.52 |
| | | 2048, 128 | 3383.16 | 3333.68 | | | 649 |
| | | 2048, 2048 | 14007.29 | 10685.85 | | | 2056.58 |
| | | 5000, 500 | 4223.68 | 3646.09 | | | 724.44 |
| | | 20000, 2000 | 2299.21 | 1757.45 | | | 337.51 |
| | 4 | 128, 128 | 42551.59 | 41068.23 | | 6921.87 | 10324.28 |
| | | 128, 2048 | 52291.78 | 41164.73 | | 7996.93 | 10911.86 |
| | | 128, 4096 | 39513.73 | 27912.48 | | 5736.09 | 7666.51 |
| | | 500, 2000 | 43818.99 | 34489.34 | | 6914.68 | 8456.21 |
| | | 1000, 1000 | 33580.9 | 27784.74 | | 5251.49 | 7122.84 |
| | | 2048, 128 | 5467.62 | 5234.98 | | 827.62 | 1237.62 |
| | | 2048, 2048 | 24980.93 | 19432.08 | | 3935.32 | 5222.98 |
| | | 5000, 500 | 7084.94 | 6401.56 | | 1092.88 | 1500.55 |
| | | 20000, 2000 | 4236.84 | 3303.83 | | 682.48 | 829.59 |
| | 8 | 128, 128 | 53212.55 | 50849.55 | | 6740.84 | 17043.54 |
| | | 128, 2048 | 68608.45 | 61607.7 | | 10393.3 | 20277.88 |
| | | 128, 4096 | 54827.78 | 48280.37 | | 8472.35 | 15282.89 |
| | | 500, 2000 | 58706.39 | 52583.65 | | 8660.71 | 17184.24 |
| | | 1000, 1000 | 44705.48 | 40631.71 | | 5947.72 | 12851.44 |
| | | 2048, 128 | 7554.38 | 6988.18 | | 811.96 | 2165.52 |
| | | 2048, 2048 | 36193.64 | 30983.35 | | 5136.98 | 9809.76 |
| | | 5000, 500 | 10271.8 | 9210.11 | | 1153.76 | 2761.28 |
| | | 20000, 2000 | 6835.53 | 5602.43 | | 918.95 | 1592.53 |"""
# The file's $num_requests table (Input, Output, $seq_len, $num_requests).
NREQ = {(128, 128): 30000, (128, 2048): 3000, (128, 4096): 1500, (2048, 128): 3000, (2048, 2048): 1500,
        (5000, 500): 1500, (1000, 1000): 3000, (500, 2000): 3000, (20000, 2000): 1000}
# column index in the row -> (GPU heading, hardware preset, precision, note)
THR_COLS = {
    3: ("H200 141GB HBM3", "h200", "FP8", "'H200 141GB HBM3' column: the h200 preset"),
    4: ("H100 80GB HBM3", "h100-sxm", "FP8", "'H100 80GB HBM3' column (form factor not printed; the HBM3 80 GB part is the "
        "SXM H100): the h100-sxm preset"),
    7: ("A100-SXM4-80GB", "a100-80gb", "FP16", "'A100-SXM4-80GB' column: the a100-80gb preset"),
}
MIX_COMMON = [
    "model Mixtral 8x7B (the file names no checkpoint; mistralai/Mixtral-8x7B-v0.1 / -Instruct share the shape): the "
    "mixtral-8x7b preset, its released context 32768 (20000 + 2000 fits)",
    "client: trtllm-bench throughput on a TensorRT engine built by 'trtllm-bench --model $model_name build --tp_size "
    "$tp_size --pp_size $pp_size --quantization FP8 --dataset $dataset_file' (FP16 engines: the same without "
    "--quantization FP8), run with 'trtllm-bench --model $model_name throughput --dataset $dataset_file --engine_dir "
    "$engine_dir': 'an offline maximum throughput scenario such that all requests are queued in rapid succession' -> "
    "arrival all_at_once, concurrency = the file's $num_requests for the ISL/OSL",
    "dataset: prepare_dataset.py token-norm-dist with --input-stdev=0 --output-stdev=0: every prompt and output exactly "
    "ISL and OSL tokens -> lengths fixed",
    "metric: the table's 'Throughput (tokens / sec)' is taken as trtllm-bench's 'Token Throughput (tokens/sec)' of the "
    "whole run (the file's example output: 3000 requests x 128 output tokens / 16.406 s = 23405.9, its printed Token "
    "Throughput, so output tokens over the run's wall time, for the whole TP group) = the deployment's tokens_per_second",
    "engine settings: trtllm-bench build chose max_batch_size / max_num_tokens from the dataset's statistics (not "
    "printed; the trtllm runtime's defaults are kept); '--kv_cache_free_gpu_mem_fraction 0.95' 'in majority of cases', "
    "else 0.90 (per cell unknown; the runtime's 0.9 is kept)",
    "layout 'Tensor Model Parallel Size' n: tp n, pp 1 on n GPUs; TensorRT's engine shards every expert by tensor "
    "parallelism (no expert-parallel flag in the build command): ep 1",
    "release: 'All data in the table below was generated using version 0.17' (TensorRT engine flow, not the PyTorch "
    "backend); the trtllm runtime's host overhead (fitted on a later PyTorch-backend release) is kept",
]

lines = [l for l in MIX_ROWS.split("\n")]
tp = None
for line in lines:
    c = cells_of(line)
    if c[1]:
        tp = int(c[1])
    isl, osl = (int(x) for x in c[2].split(","))
    for ci, (gpu, hwp, prec, hwnote) in THR_COLS.items():
        cell = c[ci]
        if not cell:
            continue
        fp8 = prec == "FP8"
        serving = {"prompt": isl, "output": osl, "concurrency": NREQ[(isl, osl)], "arrival": "all_at_once",
                   "lengths": "fixed", "weights": "fp8" if fp8 else "bf16", "kv": "fp8" if fp8 else "bf16",
                   "runtime": "trtllm"}
        pnote = ("precision 'FP8' row: FP8 weights and FP8 KV cache ('If you specify FP8 quantization, the KV cache will "
                 "automatically be set to FP8 as well!'); parallel.precision left at the engine's default for FP8 weights "
                 "on FP8 tensor cores (W8A8); the router and the experts' gating stay as the request keeps them"
                 if fp8 else
                 "precision 'FP16' row: FP16 weights and KV cache (written bf16, the same 2 bytes and the same tensor-core "
                 "rate on A100)")
        assumed = [hwnote, pnote,
                   f"requests {NREQ[(isl, osl)]} (the file's $num_requests table, row {isl} / {osl})"] + MIX_COMMON
        add(f"trtllm-v017-mixtral-8x7b-{hwp}-tp{tp}-{isl}-{osl}", S_MIX,
            f"{TRT_URL}, section 'Throughput Measurements', model 'Mixtral 8x7B', Tensor Model Parallel Size {tp}, "
            f"column '{gpu}' ({prec}), lengths '{c[2]}': '{cell}' tokens/s (row as printed, padding collapsed: "
            f"'{line.strip()}')",
            {"preset": "mixtral-8x7b"}, {"preset": hwp, "gpus": tp}, {"tp": tp, "pp": 1, "ep": 1}, serving,
            "tokens_per_second", float(cell), assumed)

# ======================================================= 2. TensorRT-LLM perf-overview v0.17, 'Online Serving Measurements'
ONL_HEAD = """| **Model** | **GPU** | **TP** | **Input Length** | **Output Length** | **QPS** | **Tput(req/s)** | **Mean TTFT(ms)** | **Mean ITL(ms)** | **Total Token Tput (tok/s)** | **Output Tput (tok/s)** |"""
ONL_ROWS = """|LLaMA 3.1 70B|H100 80GB HBM3|4|467|256|2|2|62|21|1406|498||
||||||4|4|68|24|2750|973|
||||||8|7|92|32|5256|1860|
||||||16|12|175|66|8941|3164|
||||||32|16|1229|86|11537|4083|
||||||INF|16|9123|85|11593|4103|
||||467|16|2|2|53|18|844|28|
||||||4|4|58|20|1908|63|
||||||8|8|71|24|3795|126|
||||||16|16|109|38|7492|248|
||||||32|28|1197|482|13655|452|
||||||INF|28|9126|548|13719|454|
||||202|214|2|2|48|20|780|401|
||||||4|4|51|22|1499|771|
||||||8|7|57|25|2702|1390|
||||||16|11|74|32|4364|2245|
||||||32|14|116|42|5837|3003|
||||||INF|16|4482|50|6725|3459|
|LLaMA 3.1 8B||1|467|256|2|2|23|8|1423|504|
||||||4|4|24|9|2624|929|
||||||8|8|26|9|5535|1959|
||||||16|15|30|11|10636|3765|
||||||32|26|50|19|19138|6774|
||||||INF|37|3335|39|26614|9420|
||||467|16|2|2|19|7|956|32|
||||||4|4|20|7|1910|63|
||||||8|8|22|7|3808|126|
||||||16|16|24|8|7567|251|
||||||32|31|29|10|14894|493|
||||||INF|79|3280|193|38319|1269|
||||202|214|2|2|19|7|809|416|
||||||4|4|20|8|1586|816|
||||||8|7|21|9|3047|1568|
||||||16|13|23|10|5597|2879|
||||||32|23|27|11|9381|4825|
||||||INF|39|1657|21|16117|8291|
|LLaMA 3.1 70B|H200 131GB HBM3|4|467|256|2|2|58|18|1411|499|
||||||4|4|63|20|2770|980|
||||||8|7|84|27|5328|1886|
||||||16|13|165|60|9224|3264|
||||||32|16|1279|83|11800|4176|
||||||INF|16|9222|83|11826|4185|
||||467|16|2|2|50|15|956|32|
||||||4|4|55|16|1909|63|
||||||8|8|67|20|3799|126|
||||||16|16|103|33|7499|248|
||||||32|28|1259|485|13586|450|
||||||INF|29|9074|546|13792|457|
||||202|214|2|2|43|17|793|408|
||||||4|4|46|18|1524|784|
||||||8|7|51|21|2796|1438|
||||||16|11|67|28|4639|2386|
||||||32|15|112|39|6288|3235|
||||||INF|17|4480|48|7230|3719|
|LLaMA 3.1 8B|H200 131GB HBM3|1|467|256|2|2|21|6|1425|504|
||||||4|4|23|7|2828|1001|
||||||8|8|24|7|5567|1971|
||||||16|15|27|9|10761|3809|
||||||32|27|44|16|19848|7025|
||||||INF|40|3237|36|28596|10121|
||||467|16|2|2|18|5|956|32|
||||||4|4|19|6|1910|63|
||||||8|8|20|6|3810|126|
||||||16|16|22|7|7567|250|
||||||32|31|27|9|14927|494|
||||||INF|81|3227|190|39007|1291|
||||202|214|2|2|17|6|812|418|
||||||4|4|18|6|1597|822|
||||||8|7|19|7|3088|1589|
||||||16|14|20|8|5771|2969|
||||||32|24|24|9|9931|5109|
||||||INF|43|1665|19|17861|9189|"""
ONL_GPU = {"H100 80GB HBM3": ("h100-sxm", "'H100 80GB HBM3' (form factor not printed; the HBM3 80 GB part is the SXM H100): "
                              "the h100-sxm preset"),
           "H200 131GB HBM3": ("h200", "'H200 131GB HBM3' as printed (the H200 has 141 GB; taken as the H200 SXM): the "
                               "h200 preset")}
ONL_MODEL = {"LLaMA 3.1 70B": ("llama-3.1-70b", "LLaMA 3.1 70B: the llama-3.1-70b preset, model.seq 131072 (the released "
                               "max_position_embeddings; the engine's max sequence length is not printed)"),
             "LLaMA 3.1 8B": ("llama-3.1-8b", "LLaMA 3.1 8B: the llama-3.1-8b preset, model.seq 131072 (the released "
                              "max_position_embeddings; the engine's max sequence length is not printed)")}
ONL_COMMON = [
    "serving stack: 'The TensorRT-LLM backend (triton-inference-server/tensorrtllm_backend) is used to measure the "
    "performance of TensorRT-LLM for online serving'; 'All data in the table below was generated using version 0.14.0, "
    "with 500 requests and BF16 precision': runtime trtllm, weights bf16; KV cache bf16 (no KV dtype printed; a BF16 "
    "engine keeps its KV cache in 16 bits unless FP8 KV is asked for)",
    "client not printed (neither the tool nor its options); the engine's max_batch_size / max_num_tokens / KV share not "
    "printed (the trtllm runtime's defaults are kept); Triton's own request path (HTTP/gRPC, the backend's batcher) has no "
    "field beyond the runtime's host overhead",
    "lengths: 'Input Length' and 'Output Length' as printed, taken as every request's lengths (lengths fixed); whether the "
    "dataset was synthetic with fixed lengths, or a dataset whose means these are, is not printed",
    "QPS n: requests arriving at n per second (arrival poisson, request_rate n, requests 500); whether the gaps were "
    "exponential or even is not printed (Poisson assumed, as vLLM's and SGLang's benchmark clients send). QPS 'INF': all "
    "500 requests sent together (arrival all_at_once, concurrency 500)",
]
ONL_METRICS = [  # (column index, metric, name, converter, id tag)
    (10, "tokens_per_second", "Output Tput (tok/s)", lambda v: float(v), "otps"),
    (7, "first_token", "Mean TTFT(ms)", lambda v: float(v) / 1000.0, "ttft"),
    (8, "per_output_token", "Mean ITL(ms)", lambda v: float(v) / 1000.0, "itl"),
]
model = gpu = tp = isl = osl = None
for line in ONL_ROWS.split("\n"):
    c = cells_of(line)
    if c[0]:
        model = c[0]
    if c[1]:
        gpu = c[1]
    if c[2]:
        tp = int(c[2])
    if c[3]:
        isl, osl = int(c[3]), int(c[4])
    qps = c[5]
    preset, mnote = ONL_MODEL[model]
    hwp, hwnote = ONL_GPU[gpu]
    serving = {"prompt": isl, "output": osl, "lengths": "fixed", "weights": "bf16", "kv": "bf16", "runtime": "trtllm"}
    if qps == "INF":
        serving.update({"arrival": "all_at_once", "concurrency": 500})
    else:
        serving.update({"arrival": "poisson", "request_rate": float(qps), "requests": 500})
    for ci, metric, name, conv, tag in ONL_METRICS:
        cell = c[ci]
        extra = []
        if metric == "per_output_token":
            extra.append("metric: 'Mean ITL(ms)' (inter-token latency, the mean gap between streamed tokens) compared with "
                         "the engine's per_output_token (time per output token after the first); the two agree when each "
                         "streamed chunk carries one token")
        elif metric == "first_token":
            extra.append("metric: 'Mean TTFT(ms)' / 1000 = the engine's first_token in seconds (queueing in the server "
                         "included, as the client measures from sending)")
        else:
            extra.append("metric: 'Output Tput (tok/s)' = generated tokens over the run, the deployment's tokens_per_second")
        assumed = [hwnote, mnote, f"layout 'TP' {tp}: tp {tp} on {tp} GPU{'s' if tp > 1 else ''}"] + extra + ONL_COMMON
        rid = f"trtllm-v014-online-{preset.replace('.', '')}-{hwp}-tp{tp}-{isl}-{osl}-qps{qps.lower()}-{tag}"
        add(rid, S_ONL,
            f"{TRT_URL}, section 'Online Serving Measurements', model '{model}', GPU '{gpu}', TP {tp}, input {isl}, "
            f"output {osl}, QPS '{qps}': '{name}' = '{cell}' (row as printed: '{line.strip()}'; blank cells repeat the "
            f"rows above)",
            {"preset": preset, "seq": 131072}, {"preset": hwp, "gpus": tp}, {"tp": tp, "pp": 1, "ep": 1}, serving,
            metric, conv(cell), assumed)

# ======================================================= 3. Mooncake: vLLM PD disaggregation on H800, Qwen3-8B
MC_COMMIT = "3d0748cf7dc90cd385769c667fed080abbfdb9ab"
MC_URL = f"https://github.com/kvcache-ai/Mooncake/blob/{MC_COMMIT}/docs/source/performance/vllm/vllm-v1-pd-performance.md"
S_MC = "mooncake-vllm-pd-h800-qwen3-8b"
MC_ROWS = """| 128 tokens  | 46.09          | 20 MB   | 0.54              | 36.53           | 18.3%      |
| 256 tokens  | 48.04          | 38 MB   | 0.61              | 60.78           | 30.4%      |
| 512 tokens  | 59.91          | 74 MB   | 0.92              | 78.73           | 39.4%      |
| 1024 tokens | 67.29          | 146 MB  | 1.50              | 95.23           | 47.6%      |
| 2048 tokens | 85.31          | 290 MB  | 2.51              | 112.88          | 56.4%      |
| 4096 tokens | 124.42         | 578 MB  | 4.75              | 119.00          | 59.5%      |
| 8192 tokens | 212.05         | 1.13 GB | 8.84              | 127.57          | 63.8%      |
| 16384 tokens| 387.52         | 2.25 GB | 16.43             | 137.09          | 68.5%      |
| 32768 tokens| 749.62         | 4.50 GB | 31.65             | 142.25          | 71.1%      |"""
MC_COMMON = [
    "hardware: 'NVIDIA H800 (81GB) x 16 (8 per node), 8x Mellanox ConnectX-7 (RoCE over Ethernet)': the h800-sxm preset, "
    "16 GPUs; the preset's inter-node network stands for the RoCE links (the file's 'about 200 GB/s' aggregate is not "
    "given to the engine)",
    "layout: prefiller 'vllm.entrypoints.openai.api_server --tensor-parallel-size 8' on one node, decoder the same on the "
    "other (MooncakeConnector kv_producer / kv_consumer), a toy proxy in front: serving.disaggregated true, tp 8, dp 2 "
    "(one prefill replica, one decode replica)",
    "model: 'Qwen3-8B' (a local model directory in the command: the released Qwen/Qwen3-8B, bf16): the qwen3-8b preset, "
    "model.seq 40960 (the released max_position_embeddings; no --max-model-len); weights bf16, KV bf16 (no "
    "--kv-cache-dtype)",
    "client: 'vllm bench serve --num-prompts 50 --random-input-len ${prompt_len} --random-output-len 128 --backend "
    "openai-chat --endpoint /v1/chat/completions --max-concurrency 1 --dataset-name random': one request at a time "
    "(arrival closed_loop, concurrency 1); serving.requests (50) is not modelled with disaggregated serving and is left "
    "out; prompt = the 'Prompt Length' row, output 128 (no --ignore-eos: an answer may stop earlier; the chat template's "
    "tokens are not counted by the client); random prompts at vllm bench serve's default range ratio (0), lengths fixed",
    "'--no-enable-prefix-caching' on both servers: no cached prompt",
    "metric: 'Mean TTFT (ms)' / 1000 = first_token in seconds; it includes the proxy hop and the KV transfer to the decoder "
    "(the file's 'Actual Transfer Time' column, not used)",
    "vLLM version '0.11.2.dev358' (V1 engine): runtime vllm",
]
for line in MC_ROWS.split("\n"):
    c = cells_of(line)
    plen = int(c[0].split()[0])
    serving = {"prompt": plen, "output": 128, "concurrency": 1, "arrival": "closed_loop", "lengths": "fixed",
               "weights": "bf16", "kv": "bf16", "runtime": "vllm", "disaggregated": True}
    add(f"mooncake-vllm-pd-qwen3-8b-h800-1p1d-tp8-{plen}-ttft", S_MC,
        f"{MC_URL}, section 'Detailed Performance Data' (under 'End-to-End Latency (TTFT)'), row '{c[0]}': Mean TTFT "
        f"(ms) '{c[1]}' (row as printed: '{line.strip()}')",
        {"preset": "qwen3-8b", "seq": 40960}, {"preset": "h800-sxm", "gpus": 16}, {"tp": 8, "pp": 1, "ep": 1, "dp": 2},
        serving, "first_token", float(c[1]) / 1000.0, MC_COMMON)

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

# ======================================================= not expressible / not selected
NE = [
    {"source": S_MIX, "where": f"{TRT_URL}, 'Throughput Measurements', every LLaMA v3.1 8B / 70B / 405B row in the H200 and H100 FP8 columns",
     "reason": "not selected: v0.17 re-measurements of the models and GPUs whose v1.0-era figures (the same document at 00f37686) are the informed source trtllm-perf-overview",
     "published": []},
    {"source": S_MIX, "where": f"{TRT_URL}, 'Throughput Measurements', the A100-SXM4-80GB FP16 column of LLaMA v3.1 8B (TP1) and 70B (TP2, TP4, TP8)",
     "reason": "not selected in the time available (dense A100 FP16 offline rows); left for a later set, not transcribed",
     "published": []},
    {"source": S_MIX, "where": f"{TRT_URL}, 'Throughput Measurements', the GH200 480GB and L40S columns (every model)",
     "reason": "GH200 and L40S have no hardware preset",
     "published": []},
    {"source": S_MIX, "where": f"{TRT_URL}, 'Throughput Measurements', Mistral 7B and Mixtral 8x22B rows",
     "reason": "no model preset (Mistral 7B's sliding window, Mixtral 8x22B's shape)",
     "published": []},
    {"source": S_MC, "where": f"{MC_URL}, the 'KV Size', 'Actual Transfer Time', 'Actual Bandwidth' and 'Bandwidth Utilization' columns",
     "reason": "KV-transfer measurements, not a serving metric the request answers",
     "published": []},
    {"source": S_MC, "where": "kvcache-ai/Mooncake docs/source/performance/sglang/sglang-benchmark-results-v1.md (SGLang PD, Qwen3-235B-A22B-Instruct-2507 on H20-3e)",
     "reason": "H20 has no hardware preset",
     "published": []},
    {"source": S_MC, "where": "kvcache-ai/Mooncake doc/en/vllm-benchmark-results-v0.1.md, -v0.2.md, -v1.md, vllm_benchmark_results.md (history; A10) and docs/source/performance/sglang/sglang-hicache-benchmark-results-v1.md (A10, H800 figures only)",
     "reason": "A10 has no hardware preset; the H800 HiCache results are figures only; multi-turn prefix-cache workloads",
     "published": []},
    {"source": S_MC, "where": "vllm-project/recipes at 8959cf64, moonshotai/Kimi-K2.md ('FP8 Benchmark on 16xH800', 'FP8 Benchmark on 16xH200', with and without -dcp 8)",
     "reason": "the layout behind each printed result is not stated (the file gives a TP8 x PP2 command with --max-num-seqs 1 and a DP16 + EP command; the H200 runs name neither), and decode context parallelism (-dcp 8) has no field",
     "published": []},
    {"source": S_MC, "where": "InternLM/lmdeploy docs/en/benchmark/deepseekv3.md (only on refs/pull/3265, commit 6193d7cd)",
     "reason": "the GPU is not named (a Hopper image is recommended), multi-node TP16 / DP32 + EP32, and the file lives only on a pull-request ref",
     "published": []},
    {"source": S_MC, "where": "NVIDIA/dgxc-benchmarking llama3.3/inference, deepseek_r1/inference (trtllm, sglang), llama4/inference, gpt-oss/inference READMEs (tags v25.07 to v26.05)",
     "reason": "configuration tables only (ISL/OSL, batch, concurrency, TP/EP); no measured numbers in the files",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
