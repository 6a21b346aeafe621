# Runs the engine (an atlas binary: plan) on every case of cases.json and writes
# predictions.json: the engine's figure in the case's metric, its error (engine / measured - 1)
# and the warnings it gave (a field it ignored means the case was not fully expressed).
# Usage: python3 predict.py <path to atlas> <engine commit>
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
atlas, commit = sys.argv[1], sys.argv[2]
PICK = {"tokens_per_second": ("throughput", "tokens_per_second"),
        "tokens_per_second_per_user": ("throughput", "tokens_per_second_per_user"),
        "per_output_token": ("time", "per_output_token"),
        "first_token": ("time", "first_token"),
        "request": ("time", "request")}
out = []
for c in json.load(open(os.path.join(HERE, "cases.json"))):
    r = subprocess.run([atlas, "plan"], input=json.dumps(c["request"]), capture_output=True, text=True)
    resp = json.loads(r.stdout)
    row = {"id": c["id"], "source": c["source"], "metric": c["metric"], "measured": c["measured"]}
    if "error" in resp:
        row.update({"engine": None, "error": None, "refused": resp["error"]})
    else:
        section, key = PICK[c["metric"]]
        v = resp[section][key]
        row.update({"engine": v, "error": v / c["measured"] - 1.0, "fits": resp["memory"]["fits"],
                    "max_concurrency": resp["memory"]["max_concurrency"]})
    warnings = [w.get("path", "") + ": " + w.get("code", "") for w in resp.get("warnings", [])]
    if warnings:
        row["warnings"] = warnings
    out.append(row)
doc = {"note": "The cases of the 2026-12-10a sealed serving set (4-bit floating-point weights: TensorRT-LLM's perf-overview at 03e27c7d, trtllm-bench throughput of gpt-oss-120b / gpt-oss-20b with their MXFP4 experts on B200, GB200, H200 and H100 and of NVIDIA's ModelOpt NVFP4 Llama-3.3-70B, Qwen3-30B-A3B, Qwen3-235B-A22B and DeepSeek-R1-0528 on B200 and GB200; GPUStack's performance lab, vLLM serving gpt-oss-120b / gpt-oss-20b on H100 and A100 with every random-dataset prompt sent at once; deployment output tokens/s) with the engine's prediction at the commit named here (the frozen binary built at that commit), made before any engine change looked at them. error = engine / measured - 1 in the case's metric (a time for first_token, per_output_token and request; a speed otherwise). 'warnings' lists fields the engine ignored (none at sealing).",
       "sealed": "2026-12-10a", "engine_commit": commit, "cases": out}
with open(os.path.join(HERE, "predictions.json"), "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(out), "predictions written")
