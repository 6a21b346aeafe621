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
doc = {"note": "The cases of the 2026-12-11b sealed serving set (TensorRT-LLM's performance overview at 258c7540, the v0.17 version: trtllm-bench offline throughput of Mixtral 8x7B in FP8 on H200 / H100 and FP16 on A100, and the Online Serving Measurements of the TensorRT-LLM Triton backend 0.14.0, BF16 Llama 3.1 70B TP4 and 8B TP1 on H100 / H200 at QPS 2-32 or all at once, with output tokens/s, mean TTFT and mean ITL; Mooncake's vLLM PD-disaggregation runs of Qwen3-8B on 2 x 8 H800, mean TTFT at concurrency 1) with the engine's prediction at the commit named here (a CLI built at that commit), made before any engine change looked at them. error = engine / measured - 1 in the case's metric (a time for first_token, per_output_token and request; a speed otherwise). 'warnings' lists fields the engine ignored (none at sealing).",
       "sealed": "2026-12-11b", "engine_commit": commit, "cases": out}
with open(os.path.join(HERE, "predictions.json"), "w") as f:
    json.dump(doc, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(out), "predictions written")
