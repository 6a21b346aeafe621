# Writes predictions.json: the engine's memory for every case in cases.json, from the CLI's `plan` command.
# Usage: python3 predict.py [path/to/atlas] [engine-commit]
# (defaults: build/native/wasm/atlas under the checkout that holds this folder, and that checkout's HEAD).
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
GIB = 2 ** 30

atlas = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "native", "wasm", "atlas")
commit = sys.argv[2] if len(sys.argv) > 2 else subprocess.run(
    ["git", "-C", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(atlas)))), "rev-parse", "HEAD"],
    capture_output=True, text=True).stdout.strip()

cases = json.load(open(os.path.join(HERE, "cases.json")))
rows = []
for c in cases:
    out = subprocess.run([atlas, "plan"], input=json.dumps(c["request"]), capture_output=True, text=True)
    row = {"id": c["id"], "source": c["source"], "published_kind": c["published"]["kind"],
           "published_gib": c["published"]["value"]}
    try:
        resp = json.loads(out.stdout)
    except ValueError:
        resp = {"error": {"code": "no_json", "message": out.stderr.strip()[:400], "path": ""}}
    if "error" in resp:
        row.update({"expressed": False, "error": resp["error"]})
    else:
        m = resp["memory"]
        ignored = [w["path"] for w in resp.get("warnings", []) if w.get("code") == "unknown_field"]
        row.update({"expressed": not ignored, "memory_total_bytes": m["total"],
                    "memory_total_gib": m["total"] / GIB, "memory_capacity_bytes": m["capacity"],
                    "memory_fits": m["fits"],
                    "parts_bytes": {k: m[k] for k in ("parameters", "gradients", "optimizer", "activations", "buffers") if k in m},
                    "warnings": resp.get("warnings", []),
                    # the measured rank is stated per case (Megatron's is the last rank, the last pipeline stage)
                    "memory_last_stage_bytes": resp["stages"][-1]["memory"]["total"] if resp.get("stages") else m["total"],
                    "stages": len(resp.get("stages", [])),
                    # engine ÷ published − 1, the engine's total (its peak allocated today) against whatever was measured
                    "error": m["total"] / GIB / c["published"]["value"] - 1})
        row["error_last_stage"] = row["memory_last_stage_bytes"] / GIB / c["published"]["value"] - 1
        if ignored:
            row["ignored"] = ignored
    rows.append(row)

def summary(rs, key="error"):
    e = [r[key] for r in rs if r.get("expressed") and isinstance(r.get(key), float)]
    if not e:
        return {"cases": 0}
    return {"cases": len(e), "mean_error": sum(e) / len(e), "mean_abs_error": sum(abs(x) for x in e) / len(e),
            "max_abs_error": max(abs(x) for x in e), "engine_lower": sum(1 for x in e if x < 0)}

kinds = sorted({r["published_kind"] for r in rows})
result = {"note": "The sealed memory set as first committed, with the engine's memory.total (bytes; its peak allocated "
                  "today) for each case at the commit named here, computed before any engine change looked at these "
                  "measurements. error = engine GiB / published GiB - 1, against the published kind (allocated or reserved).",
          "sealed": "2026-12-03", "engine_commit": commit, "cli": "atlas plan (request JSON on stdin)",
          "summary": {"all": summary(rows), **{k: summary([r for r in rows if r["published_kind"] == k]) for k in kinds}},
          "summary_last_stage": {"all": summary(rows, "error_last_stage"), **{k: summary([r for r in rows if r["published_kind"] == k], "error_last_stage") for k in kinds}},
          "cases": rows}
with open(os.path.join(HERE, "predictions.json"), "w") as f:
    json.dump(result, f, indent=1)
    f.write("\n")
print(json.dumps({k: {kk: (round(vv, 4) if isinstance(vv, float) else vv) for kk, vv in v.items()} for k, v in result["summary"].items()}))
print("not expressed:", [(r["id"], r.get("error") if not isinstance(r.get("error"), float) else r.get("ignored")) for r in rows if not r.get("expressed")])
