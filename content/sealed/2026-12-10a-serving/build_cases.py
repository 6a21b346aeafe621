# Builds cases.json and not_expressible.json for the sealed serving set 2026-12-10a: serving measurements of models
# whose weights are 4-bit floating point (gpt-oss with its released MXFP4 experts; NVIDIA ModelOpt NVFP4 checkpoints).
# Every measured number below is transcribed from public material that no earlier set, preset or calibration file
# uses as a case, and is quoted (the markdown tables are pasted verbatim and parsed here, so the row quoted in each
# case's `where` is the source's own line):
#   - NVIDIA/TensorRT-LLM docs/source/developer-guide/perf-overview.md at commit
#     03e27c7d5ff0c6e89f8328838c0a8e64f1b34f9d ('Performance Summary - All Networks'; trtllm-bench throughput,
#     'output tokens per second per GPU'). Only the 4-bit columns are used: every FP4 column (B200, GB200) and the
#     gpt-oss Hopper columns (the released MXFP4 checkpoint is the only gpt-oss checkpoint; see the assumptions).
#   - gpustack/gpustack docs/performance-lab/gpt-oss-120b/h100.md, gpt-oss-20b/h100.md, gpt-oss-120b/a100.md,
#     gpt-oss-20b/a100.md ('Other Benchmark Cases': vLLM serving openai/gpt-oss-*, vllm bench serve on the random
#     dataset, every prompt sent at once).
# README.md gives the selection rules; not_expressible.json lists what was left out and why.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def add(id, source, where, model, hardware, parallel, serving, metric, measured, assumed):
    req = {"mode": "inference", "model": model, "hardware": hardware, "parallel": parallel, "serving": serving}
    unit = "tokens/s" if metric in ("tokens_per_second", "tokens_per_second_per_user") else "s"
    cases.append({"id": id, "source": source, "where": where, "request": req, "metric": metric,
                  "measured": measured, "unit": unit, "assumed": list(assumed)})


# ======================================================= 1. TensorRT-LLM perf-overview (developer guide), FP4 / MXFP4
TRT_COMMIT = "03e27c7d5ff0c6e89f8328838c0a8e64f1b34f9d"
TRT_URL = f"https://github.com/NVIDIA/TensorRT-LLM/blob/{TRT_COMMIT}/docs/source/developer-guide/perf-overview.md"
S_OSS = "trtllm-perfov-devguide-gpt-oss"
S_NV = "trtllm-perfov-devguide-nvfp4"

# The tables exactly as printed (section heading, then the table).
TABLES = {
 "Deepseek R1 0528": """| Sequence Length (ISL/OSL) | B200<br/>DEP4 (FP4) | GB200<br/>DEP4 (FP4) | H200<br/>DEP8 (FP8) |
|---|---|---|---|
| 1000/1000 | 6,463 | 6,939 | 1,627 |
| 1024/1024 | 6,430 | 6,924 | 1,620 |
| 1024/8192 | 3,862 | 4,379 | 1,218 |
| 1024/32768 | 1,451 | 1,465 | 438 |
| 8192/1024 | 1,168 | 1,192 | |""",
 "GPT-OSS 120B": """| Sequence Length (ISL/OSL) | B200<br/>DEP2 (FP4) | GB200<br/>TP1 (FP4) | H200<br/>TP1 (FP8) | H100<br/>DEP4 (FP8) |
|---|---|---|---|---|
| 1000/1000 | 25,943 | 27,198 | 6,868 | 4,685 |
| 1024/1024 | 25,870 | 26,609 | 6,798 | 4,715 |
| 1024/8192 | 17,289 | 14,800 | 3,543 | |
| 1024/32768 | 6,279 | 5,556 | | 1,177 |
| 8192/1024 | 6,111 | 6,835 | 1,828 | 1,169 |
| 32768/1024 | 1,392 | 1,645 | 519 | 333 |""",
 "GPT-OSS 20B": """| Sequence Length (ISL/OSL) | B200<br/>TP1 (FP4) | GB200<br/>TP1 (FP4) | H200<br/>TP1 (FP8) | H100<br/>TP1 (FP8) |
|---|---|---|---|---|
| 1000/1000 | 53,812 | 55,823 | 13,858 | 11,557 |
| 1024/1024 | 53,491 | 56,528 | 13,890 | 11,403 |
| 1024/8192 | 34,702 | 38,100 | 12,743 | 8,617 |
| 1024/32768 | 14,589 | 16,463 | | |
| 8192/1024 | 11,904 | 12,941 | 4,015 | 3,366 |
| 32768/1024 | 2,645 | 2,905 | 915 | 785 |""",
 "LLaMA v3.3 70B": """| Sequence Length (ISL/OSL) | B200<br/>TP1 (FP4) | GB200<br/>TP1 (FP4) | H200<br/>TP2 (FP8) | H100<br/>TP2 (FP8) |
|---|---|---|---|---|
| 1000/1000 | 6,920 | 7,769 | 2,587 | 2,209 |
| 1024/1024 | 6,842 | 7,751 | 2,582 | |
| 1024/8192 | 3,242 | 3,805 | 2,009 | |
| 8192/1024 | 1,362 | 1,491 | 537 | 398 |
| 32768/1024 | 274 | 302 | 120 | |""",
 "Qwen3 235B A22B": """| Sequence Length (ISL/OSL) | B200<br/>DEP4 (FP4) | GB200<br/>DEP4 (FP4) | H200<br/>DEP4 (FP8) | H100<br/>DEP8 (FP8) |
|---|---|---|---|---|
| 1000/1000 | 5,764 | 6,172 | 3,288 | 1,932 |
| 1024/1024 | 5,756 | 5,862 | 3,268 | 1,935 |
| 1024/8192 | 3,389 | 3,423 | 1,417 | 873 |
| 1024/32768 | 1,255 | | | |
| 8192/1024 | 1,410 | 1,464 | 627 | |
| 32768/1024 | 319 | 333 | 134 | |""",
 "Qwen3 30B A3B": """| Sequence Length (ISL/OSL) | B200<br/>TP1 (FP4) | GB200<br/>TP1 (FP4) |
|---|---|---|
| 1000/1000 | 26,971 | 22,856 |
| 1024/1024 | 26,611 | 22,201 |
| 1024/8192 | 13,497 | 14,272 |
| 1024/32768 | 4,494 | 4,925 |
| 8192/1024 | 5,735 | 6,201 |
| 32768/1024 | 1,265 | 1,380 |""",
}
# The file's 'Number of Requests' table: 1024/1024 3000, 8192/1024 1500, 1024/8192 1500, 32768/1024 1000,
# 1024/32768 1000. The 1000/1000 rows have no entry there (assumed 3000, as 1024/1024).
NREQ = {(1024, 1024): 3000, (8192, 1024): 1500, (1024, 8192): 1500, (32768, 1024): 1000, (1024, 32768): 1000,
        (1000, 1000): 3000}
# model: (preset, model.seq, source, weights, expert_weights or None, model note)
TMODEL = {
 "Deepseek R1 0528": ("deepseek-v3", 163840, S_NV, "bf16", "nvfp4",
    "model nvidia/DeepSeek-R1-0528-NVFP4-v2 (the file's 'FP4 Models' list) = DeepSeek-R1-0528, the deepseek-v3 preset "
    "(the same shape), model.seq 163840 (the released max_position_embeddings). Weights: its model card (huggingface.co/"
    "nvidia/DeepSeek-R1-0528-FP4-v2, read through a mirror) says only that, compared with the v1 checkpoint, it 'additionally "
    "quantizes the wo module in attention layers'; the card read does not say that attention is FP8, so by this set's "
    "rule weights are bf16 and expert_weights nvfp4. NOT EXPRESSED: the NVFP4 attention output projection (wo) and the "
    "NVFP4 shared experts and first three dense MLPs of the ModelOpt checkpoint (the request's shared experts and dense "
    "MLPs follow `weights`, here bf16); the MTP module is not used (no speculative_config in the file's DeepSeek R1 "
    "llm_options.yml)"),
 "GPT-OSS 120B": ("gpt-oss-120b", 131072, S_OSS, "bf16", "mxfp4",
    "model openai/gpt-oss-120b (no gpt-oss checkpoint is in the file's FP4 or FP8 model lists; the released checkpoint "
    "has MXFP4 routed experts and bf16 attention, router, embeddings and head): weights bf16, expert_weights mxfp4; "
    "model.seq 131072 (the released max_position_embeddings)"),
 "GPT-OSS 20B": ("gpt-oss-20b", 131072, S_OSS, "bf16", "mxfp4",
    "model openai/gpt-oss-20b (no gpt-oss checkpoint is in the file's FP4 or FP8 model lists; the released checkpoint "
    "has MXFP4 routed experts and bf16 attention, router, embeddings and head): weights bf16, expert_weights mxfp4; "
    "model.seq 131072 (the released max_position_embeddings)"),
 "LLaMA v3.3 70B": ("llama-3.1-70b", 131072, S_NV, "nvfp4", None,
    "model nvidia/Llama-3.3-70B-Instruct-FP4 (the file's 'FP4 Models' list): Llama 3.3 70B has the Llama 3.1 70B shape "
    "(the llama-3.1-70b preset), model.seq 131072 (the released max_position_embeddings); ModelOpt NVFP4 weights and "
    "activations of the block linear layers (weights nvfp4; the embedding and lm_head stay bf16, as in the request)"),
 "Qwen3 235B A22B": ("qwen3-235b-a22b", 40960, S_NV, "nvfp4", None,
    "model nvidia/Qwen3-235B-A22B-FP4 (the file's 'FP4 Models' list), the qwen3-235b-a22b preset, model.seq 40960 (the "
    "released max_position_embeddings; 1024 + 32768 and 32768 + 1024 fit); ModelOpt NVFP4 block linear layers, experts "
    "and attention alike (weights nvfp4; router, embedding and head bf16 as the request keeps them)"),
 "Qwen3 30B A3B": ("qwen3-30b-a3b", 40960, S_NV, "nvfp4", None,
    "model nvidia/Qwen3-30B-A3B-FP4 (the file's 'FP4 Models' list), the qwen3-30b-a3b preset, model.seq 40960 (the "
    "released max_position_embeddings); ModelOpt NVFP4 block linear layers, experts and attention alike (weights nvfp4)"),
}
HWMAP = {"B200": ("b200", "'B200 180GB (DGX B200)' (the file's Hardware list): the b200 preset"),
         "GB200": ("gb200-nvl72", "'GB200 192GB (GB200 NVL72)' (the file's Hardware list): the gb200-nvl72 preset, the "
                   "GPUs of one job taken from one NVL72 rack"),
         "H200": ("h200", "'H200 SXM 141GB (DGX H200)' (the file's Hardware list): the h200 preset"),
         "H100": ("h100-sxm", "'H100 SXM 80GB (DGX H100)' (the file's Hardware list): the h100-sxm preset")}
TRT_COMMON = [
    "client: trtllm-bench throughput with the PyTorch backend (the file's 'Reproducing Benchmarked Results'): a synthetic "
    "dataset from prepare_dataset.py token-norm-dist with --input-stdev=0 --output-stdev=0 (every prompt and output exactly "
    "ISL and OSL tokens; trtllm-bench runs each request to its OSL), all requests 'queued in rapid succession' (an offline "
    "maximum-throughput run): arrival all_at_once, concurrency = the file's 'Number of Requests' for the row, lengths fixed",
    "metric: the cell is 'Per GPU Output Throughput (tps/gpu)' of trtllm-bench (total output tokens over the run's wall "
    "time, divided by the GPUs of the job); converted to the deployment's output tokens/s (tokens_per_second) by "
    "multiplying by the job's GPU count (a unit conversion: 1 for TP1, 2 for DEP2, 4 for DEP4)",
    "server settings not printed are TensorRT-LLM's defaults (the engine's trtllm runtime: max_batch_size 2048, "
    "max_num_tokens 8192, overlap scheduler); trtllm-bench may choose max_batch_size / max_num_tokens itself from the "
    "dataset, which the file does not print; CUDA graphs with padding for batch sizes 1..8192 (llm_options.yml)",
    "KV cache share: the file says '--kv_cache_free_gpu_mem_fraction 0.95' is used 'in many cases', falling back to 0.90 "
    "or lower; which one each cell used is not stated (no request field: the trtllm runtime's 0.9 is kept)",
    "TensorRT-LLM release not printed: the file as of commit 03e27c7d (the developer-guide copy of perf-overview.md, "
    "TensorRT-LLM 1.1/1.2 era); B300/GB300 are not in this version",
]
DEP_NOTE = ("layout '{lay}': attention data parallel over the {n} GPUs with the experts expert-parallel over them "
            "(trtllm-bench --tp {n} --ep {n} with 'enable_attention_dp: true' in the file's MoE llm_options.yml): written as "
            "tp 1, dp {n}, ep {n} (independent attention replicas, experts spread over them)")
TP1_NOTE = "layout 'TP1': one GPU, tp 1 (no expert parallelism)"


def parse(md):
    lines = [l for l in md.strip().split("\n")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = []
    for l in lines[2:]:
        cells = [c.strip() for c in l.strip().strip("|").split("|")]
        cells += [""] * (len(head) - len(cells))
        rows.append((l, cells))
    return head, rows


for title, md in TABLES.items():
    preset, seq, src, w, ew, mnote = TMODEL[title]
    head, rows = parse(md)
    for ci, col in enumerate(head[1:], start=1):
        gpu = col.split("<br/>")[0]
        lay, prec = col.split("<br/>")[1].split(" ")
        prec = prec.strip("()")
        is_oss = title.startswith("GPT-OSS")
        if prec != "FP4" and not is_oss:
            continue  # FP8 columns of models with FP8 checkpoints: out of this set's scope (not_expressible.json)
        hwp, hwnote = HWMAP[gpu]
        if lay.startswith("DEP"):
            n = int(lay[3:])
            par = {"tp": 1, "pp": 1, "ep": n, "dp": n}
            lnote = DEP_NOTE.format(lay=lay, n=n)
        else:
            n = int(lay[2:])
            assert n == 1
            par = {"tp": 1, "pp": 1, "ep": 1, "dp": 1}
            lnote = TP1_NOTE
        blackwell = gpu in ("B200", "GB200")
        if is_oss:
            kv = "fp8" if blackwell else "bf16"
            knote = ("KV cache fp8 (the file's GPT-OSS llm_options.yml: 'kv_cache_config: dtype: fp8  # Hopper: use auto')"
                     if blackwell else
                     "KV cache bf16 (the file's GPT-OSS llm_options.yml: 'dtype: fp8  # Hopper: use auto'; auto = the "
                     "checkpoint's bf16, it carries no KV quantization)")
            if blackwell:
                pnote = ("column precision '(FP4)' = the MXFP4 experts; moe_config backend CUTLASS (the file's GPT-OSS "
                         "llm_options.yml). NOT EXPRESSED: the activation format of the MXFP4 MoE GEMMs (MXFP8 or bf16) is "
                         "not printed; parallel.precision is left at the engine's default for MXFP4 experts")
            else:
                pnote = ("column precision '(FP8)' on Hopper, with 'moe_config: backend: ... # Hopper: use TRITON' in the "
                         "file's GPT-OSS llm_options.yml: no FP8 gpt-oss checkpoint is named anywhere in the file, so the "
                         "weights are taken to be the released MXFP4 experts and '(FP8)' to name the Triton MoE's FP8 "
                         "activations (TensorRT-LLM's W4A8_MXFP4_FP8 on SM90). NOT EXPRESSED: FP8 activations with MXFP4 "
                         "experts on Hopper (parallel.precision has no such recipe there; the engine's default, bf16 "
                         "arithmetic, is kept)")
        elif title == "Deepseek R1 0528":
            kv = "fp8"
            knote = "KV cache fp8 (the file's DeepSeek R1 llm_options.yml: 'kv_cache_config: dtype: fp8'); moe_config backend CUTLASS"
            pnote = ("attention_dp_config enable_balance true, batching_wait_iters 0, timeout_iters 60 (the file's DeepSeek R1 "
                     "llm_options.yml): attention-DP load balancing has no field")
        else:
            kv = "fp8"
            knote = ("KV cache fp8: the file's Llama 3.3 / Qwen3 MoE llm_options.yml set no KV dtype, so TensorRT-LLM takes the "
                     "checkpoint's; NVIDIA's ModelOpt NVFP4 checkpoints are taken to carry kv_cache_quant_algo FP8 (ModelOpt's "
                     "hf_ptq default kv_cache_qformat fp8) - not printed in the file")
            pnote = "parallel.precision left at the engine's default for NVFP4 weights on Blackwell (nvfp4, W4A4), as the checkpoint runs"
        for line, cells in rows:
            cell = cells[ci]
            if not cell:
                continue
            isl, osl = (int(x) for x in cells[0].split("/"))
            per_gpu = int(cell.replace(",", ""))
            measured = per_gpu * n
            serving = {"prompt": isl, "output": osl, "concurrency": NREQ[(isl, osl)], "arrival": "all_at_once",
                       "lengths": "fixed", "weights": w, "kv": kv, "runtime": "trtllm"}
            if ew:
                serving["expert_weights"] = ew
            nreq_note = ("requests 3000: the file's 'Number of Requests' table has no 1000/1000 row; the 1024/1024 row's 3000 "
                         "(and the older versions' 1000/1000 entry, 3000) is assumed" if (isl, osl) == (1000, 1000) else
                         f"requests {NREQ[(isl, osl)]} (the file's 'Number of Requests' table, row {isl} / {osl})")
            assumed = [hwnote, lnote, mnote, knote, pnote, nreq_note,
                       f"measured = {cell} tokens/s/GPU x {n} GPU{'s' if n > 1 else ''} = {measured} tokens/s"] + TRT_COMMON
            mid = preset.replace(".", "")
            add(f"trtllm-perfov-{mid}-{hwp}-{lay.lower()}-{isl}-{osl}", src,
                f"{TRT_URL}, section '# {title}', column '{col}', row '{cells[0]}': '{cell}' (output tokens per second per "
                f"GPU; row as printed: '{line.strip()}')",
                {"preset": preset, "seq": seq}, {"preset": hwp, "gpus": n}, par, serving, "tokens_per_second",
                float(measured), assumed)

# ======================================================= 2. GPUStack performance lab, gpt-oss on H100 / A100 (vLLM)
GPS = {
 "gpt-oss-120b/h100": ("72aee9dd195ff5c9bf3a4886add80038ce79aef8", "gpustack-perflab-gpt-oss-120b-h100", "gpt-oss-120b",
                       "h100-sxm", "vLLM v0.10.2", "'NVIDIA H100 GPUs' (form factor not printed; SXM 80 GB assumed, the h100-sxm preset)"),
 "gpt-oss-20b/h100": ("7b50d5067ddbdeba0739e7f72d6f40e53d3b9a04", "gpustack-perflab-gpt-oss-20b-h100", "gpt-oss-20b",
                      "h100-sxm", "vLLM v0.11.0", "'NVIDIA H100 GPUs' (form factor not printed; SXM 80 GB assumed, the h100-sxm preset)"),
 "gpt-oss-120b/a100": ("1f37f1b8bd79c6b424a0cb55c7abd08a5c2132dc", "gpustack-perflab-gpt-oss-120b-a100", "gpt-oss-120b",
                       "a100-80gb", "vLLM v0.11.0", "'2 × NVIDIA A100 SXM 80GB GPUs on a single node.' (the a100-80gb preset; the serving scripts use one of them, tp 1)"),
 "gpt-oss-20b/a100": ("7ae332aaf05783e657560ef927c527b156e2536d", "gpustack-perflab-gpt-oss-20b-a100", "gpt-oss-20b",
                      "a100-80gb", "vLLM v0.11.0", "'A single NVIDIA A100 SXM 80GB GPU.' (the a100-80gb preset)"),
}
# (page, variant, serving script, tp, model.seq, token_budget or 0)
SCRIPTS = {
 ("gpt-oss-120b/h100", "baseline"): ("vllm serve openai/gpt-oss-120b --max-model-len 32768", 1, 32768, 0),
 ("gpt-oss-120b/h100", "optimized"): ("vllm serve openai/gpt-oss-120b --async-scheduling -tp 2", 2, 131072, 0),
 ("gpt-oss-20b/h100", "baseline"): ("vllm serve openai/gpt-oss-20b", 1, 131072, 0),
 ("gpt-oss-20b/h100", "optimized"): ("vllm serve openai/gpt-oss-20b --async-scheduling", 1, 131072, 0),
 ("gpt-oss-120b/a100", "baseline"): ("vllm serve openai/gpt-oss-120b --max-model-len 32768", 1, 32768, 0),
 ("gpt-oss-120b/a100", "optimized"): ("vllm serve openai/gpt-oss-120b --max-model-len 32768 --async-scheduling --max-num-batched-tokens 4096", 1, 32768, 4096),
 ("gpt-oss-20b/a100", "baseline"): ("vllm serve openai/gpt-oss-20b", 1, 131072, 0),
 ("gpt-oss-20b/a100", "optimized"): ("vllm serve openai/gpt-oss-20b --async-scheduling", 1, 131072, 0),
}
# Random-dataset blocks of 'Other Benchmark Cases', as printed:
# (page, variant, label, requests, total input tokens, total generated tokens, output tok/s)
LABEL = {"32K": (32000, 100), "4K": (4000, 200), "2K": (2000, 100), "128": (128, 4)}
BLOCKS = [
 ("gpt-oss-120b/h100", "baseline", "32K", 100, 3200000, 9877, 49.65),
 ("gpt-oss-120b/h100", "baseline", "4K", 500, 1999249, 67205, 463.35),
 ("gpt-oss-120b/h100", "baseline", "2K", 500, 999120, 49197, 675.11),
 ("gpt-oss-120b/h100", "baseline", "128", 1000, 127755, 4000, 517.91),
 ("gpt-oss-120b/h100", "optimized", "32K", 100, 3200000, 9955, 100.70),
 ("gpt-oss-120b/h100", "optimized", "4K", 500, 1999249, 68046, 1135.29),
 ("gpt-oss-120b/h100", "optimized", "2K", 500, 999120, 49059, 1595.22),
 ("gpt-oss-120b/h100", "optimized", "128", 1000, 127755, 4000, 956.85),
 ("gpt-oss-20b/h100", "baseline", "32K", 100, 3200000, 9350, 86.62),
 ("gpt-oss-20b/h100", "baseline", "4K", 500, 1999249, 52309, 847.43),
 ("gpt-oss-20b/h100", "baseline", "2K", 500, 999120, 47022, 1443.44),
 ("gpt-oss-20b/h100", "baseline", "128", 1000, 127755, 4000, 851.04),
 ("gpt-oss-20b/h100", "optimized", "32K", 100, 3200000, 9404, 87.08),
 ("gpt-oss-20b/h100", "optimized", "4K", 500, 1999249, 52966, 872.95),
 ("gpt-oss-20b/h100", "optimized", "2K", 500, 999120, 46814, 1483.71),
 ("gpt-oss-20b/h100", "optimized", "128", 1000, 127755, 4000, 990.08),
 ("gpt-oss-120b/a100", "baseline", "32K", 100, 3200000, 9988, 13.50),
 ("gpt-oss-120b/a100", "baseline", "4K", 500, 1999249, 67259, 249.67),
 ("gpt-oss-120b/a100", "baseline", "2K", 500, 999120, 48981, 395.21),
 ("gpt-oss-120b/a100", "baseline", "128", 1000, 127755, 4000, 283.95),
 ("gpt-oss-120b/a100", "optimized", "32K", 100, 3200000, 9828, 14.10),
 ("gpt-oss-120b/a100", "optimized", "4K", 500, 1999249, 68059, 278.79),
 ("gpt-oss-120b/a100", "optimized", "2K", 500, 999120, 49103, 433.30),
 ("gpt-oss-120b/a100", "optimized", "128", 1000, 127755, 4000, 327.44),
 ("gpt-oss-20b/a100", "baseline", "32K", 100, 3200000, 9533, 21.62),
 ("gpt-oss-20b/a100", "baseline", "4K", 500, 1999249, 53530, 415.64),
 ("gpt-oss-20b/a100", "baseline", "2K", 500, 999120, 47224, 813.35),
 ("gpt-oss-20b/a100", "baseline", "128", 1000, 127755, 4000, 735.40),
 ("gpt-oss-20b/a100", "optimized", "32K", 100, 3200000, 9394, 21.55),
 ("gpt-oss-20b/a100", "optimized", "4K", 500, 1999249, 52857, 426.31),
 ("gpt-oss-20b/a100", "optimized", "2K", 500, 999120, 46961, 849.37),
 ("gpt-oss-20b/a100", "optimized", "128", 1000, 127755, 4000, 764.23),
]
GPS_COMMON = [
    "client: vllm bench serve --backend openai-chat --endpoint /v1/chat/completions --dataset-name random (the page's "
    "'Benchmark Script'; the random-dataset command it prints is the 4000 / 200 one with --num-prompts 500 --seed 42; the "
    "other lengths are named by the page's 'Benchmark Dataset' list and each block's label); no --request-rate and no "
    "--max-concurrency: every prompt is sent at once (request rate inf), so arrival all_at_once with concurrency = the "
    "block's 'Successful requests'; the client streams from the server it started beside it",
    "random dataset at vllm bench serve's default range ratio (0): every prompt and every max_tokens the same; prompt = "
    "'Total input tokens' / 'Successful requests' and output = 'Total generated tokens' / 'Successful requests', rounded "
    "(the only derived figures). No --ignore-eos is printed and fewer tokens than requested were generated, so outputs "
    "stop at end-of-sequence: where the mean is below the requested output length, lengths 'dataset' with output_max = "
    "the requested length (max_tokens; that at least one request ran to it is assumed). The chat template adds the "
    "harmony system prompt's tokens to each prompt, which the client's count does not include",
    "metric: 'Output token throughput (tok/s)' (generated tokens over the whole benchmark duration, prefill and drain "
    "included) = the deployment's tokens_per_second",
    "weights: openai/gpt-oss-* as released (MXFP4 routed experts, bf16 attention, router, embedding and head): weights "
    "bf16, expert_weights mxfp4; vLLM's MXFP4 MoE on Hopper (Triton) and Ampere (Marlin) runs weight-only, the engine's "
    "default arithmetic for MXFP4 experts there. KV cache bf16 (no --kv-cache-dtype in any script: 'auto')",
    "server flags not in the quoted script are vLLM's defaults (gpu_memory_utilization 0.9, chunked prefill with the "
    "default max_num_batched_tokens, prefix caching on but random prompts share no prefix); '--async-scheduling' (the "
    "optimized scripts) has no field: the engine's vllm runtime already overlaps host work with the GPU",
    "GPUStack's own summary table reports 'Total TPS' (input + output tokens); this set uses the block's output token "
    "throughput only",
]
for page, variant, label, nreq, tin, tgen, otps in BLOCKS:
    commit, src, preset, hwp, ver, hwtext = GPS[page]
    script, tp, seq, budget = SCRIPTS[(page, variant)]
    ilen, olen = LABEL[label]
    prompt = round(tin / nreq)
    out = round(tgen / nreq)
    serving = {"prompt": prompt, "output": out, "concurrency": nreq, "arrival": "all_at_once",
               "weights": "bf16", "expert_weights": "mxfp4", "kv": "bf16", "runtime": "vllm"}
    if out < olen:
        serving["lengths"] = "dataset"
        serving["output_max"] = olen
        lnote = (f"prompt {tin}/{nreq} -> {prompt}, output {tgen}/{nreq} -> {out} (mean, below the requested {olen}): "
                 f"lengths dataset, output_max {olen}")
    else:
        serving["lengths"] = "fixed"
        lnote = f"prompt {tin}/{nreq} -> {prompt}, output {tgen}/{nreq} -> {out} (every output at its requested {olen}): lengths fixed"
    if budget:
        serving["token_budget"] = budget
    url = f"https://github.com/gpustack/gpustack/blob/{commit}/docs/performance-lab/{page}.md"
    sname = "Baseline" if variant == "baseline" else "Optimized"
    assumed = [f"serving script '{script}' (the page's '{sname} serving script'): tp {tp} on {tp} GPU{'s' if tp > 1 else ''}, "
               f"model.seq {seq} ({'--max-model-len 32768' if seq == 32768 else 'no --max-model-len: the released max_position_embeddings, 131072'})"
               + (f", token_budget {budget} (--max-num-batched-tokens {budget})" if budget else ""),
               f"hardware as printed: {hwtext}; engine version from the page's 'Engine Version' list: {ver}",
               f"model openai/{preset} (the {preset} preset)", lnote] + GPS_COMMON
    add(f"gpustack-{preset}-{hwp}-vllm-{variant}-tp{tp}-{label.lower()}", src,
        f"{url}, section 'Other Benchmark Cases', '{sname} benchmark results', block '# random {label} input': "
        f"'Successful requests: {nreq}', 'Total input tokens: {tin}', 'Total generated tokens: {tgen}', field 'Output "
        f"token throughput (tok/s): {otps:.2f}'",
        {"preset": preset, "seq": seq}, {"preset": hwp, "gpus": tp}, {"tp": tp, "pp": 1, "ep": 1},
        serving, "tokens_per_second", otps, assumed)

ids = [c["id"] for c in cases]
assert len(ids) == len(set(ids)), "duplicate case id"
with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")

# ======================================================= not expressible / not selected
NE = [
    {"source": S_NV, "where": f"{TRT_URL}, the FP8 columns of '# Deepseek R1 0528' (H200 DEP8), '# LLaMA v3.3 70B' (H200 TP2, H100 TP2) and '# Qwen3 235B A22B' (H200 DEP4, H100 DEP8)",
     "reason": "not selected by rule: FP8 checkpoints (deepseek-ai/DeepSeek-R1-0528, nvidia/*-FP8), outside this set's 4-bit scope; left for an FP8 set",
     "published": []},
    {"source": S_NV, "where": f"{TRT_URL}, section '# LLaMA v4 Maverick' (B200 DEP4 FP4, GB200 DEP4 FP4, H200 DEP8 FP8)",
     "reason": "Llama 4 Maverick has no model preset (only llama-4-scout); its 128 experts and interleaved dense/MoE layers are not in any preset",
     "published": []},
    {"source": S_NV, "where": f"{TRT_URL}, the 'RTX 6000 Pro Blackwell Server Edition' tables (Llama 3.3 70B, Qwen3 235B, Qwen3 30B; TP x PP layouts)",
     "reason": "RTX PRO 6000 Blackwell Server Edition has no hardware preset",
     "published": []},
    {"source": "gpustack-perflab-gpt-oss-120b-h100", "where": "the four GPUStack gpt-oss pages, sections '1. Choosing the Inference Engine' to '5.' (every vLLM, SGLang and TensorRT-LLM run) and the 'ShareGPT batch size 4' blocks of 'Other Benchmark Cases'",
     "reason": "ShareGPT dataset: per-request lengths are heavy-tailed and not printed per request (the rule of sets 06b and 06d); the page's SGLang and TensorRT-LLM runs are ShareGPT only",
     "published": []},
    {"source": "gpustack-perflab-gpt-oss-120b-a100", "where": "gpt-oss-120b/a100.md and gpt-oss-20b/a100.md, TensorRT-LLM under '1. Choosing the Inference Engine' ('NotImplementedError: WFP4A16 MoE is unsupported on SM80.')",
     "reason": "no measurement (the run failed)",
     "published": []},
    {"source": S_NV, "where": "https://github.com/NVIDIA/TensorRT-LLM/blob/00f37686aa854010d68bcbd0f4ab000221541ca6/docs/source/performance/perf-overview.md, the FP4 columns (B200 / GB200: Llama 4 Scout, Llama 3.3 70B, Qwen3-235B-A22B, Qwen3-30B-A3B, Llama 3.1 405B)",
     "reason": "not selected: the same document at an earlier commit whose FP8 columns are an informed source (trtllm-perf-overview); one version of the document is used, the later developer-guide copy; the older version's FP4 columns were read but not transcribed",
     "published": []},
    {"source": S_NV, "where": "dominicshanshan/TensorRT-LLM at ab4143e1d3c82df550f0d5673090a8feee84c7bd, docs/source/performance/perf-overview.md (v0.20 era: 'Llama 3.3 70B FP4' and 'Llama 3.1 405B FP4' on B200, TP 1-8)",
     "reason": "not selected: a fork's copy of NVIDIA's document whose upstream commit could not be established; one version of the document is used",
     "published": []},
    {"source": S_NV, "where": "a release/1.2-era copy of perf-overview.md (B300* / GB300* beta columns, GPT-OSS 120B B200 DEP2 29,061 at 1024/1024) found only as an unattributed find_string excerpt",
     "reason": "repository, path and commit not recoverable from the index, so not citable; B300 / GB300 have no preset",
     "published": []},
    {"source": S_OSS, "where": "vllm-project/recipes OpenAI/GPT-OSS.md; vllm-project/vllm-project.github.io at c3a01c4a, _posts/2025-08-05-gpt-oss.md, 2025-10-09-blackwell-inferencemax.md, 2026-06-01-vllm-dgx-spark.md",
     "reason": "considered: launch and benchmark commands without measured numbers, figures only, or DGX Spark (GB10, no preset)",
     "published": []},
    {"source": S_OSS, "where": "https://github.com/SemiAnalysisAI/InferenceX/issues/828 (gpt-oss on H100, vLLM, power sweep), https://github.com/NVIDIA/srt-slurm/pull/132 (GPT-OSS TRT-LLM recipe on B200), inferencex.semianalysis.com comparison pages, docs.vultr.com inference cookbook (B200)",
     "reason": "considered: the threads' result tables are not in the readable excerpts; the InferenceX pages give values interpolated at chosen interactivity levels, not measurements; the Vultr cookbook's models have no preset",
     "published": []},
]
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(NE, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(NE), "not expressible")
