# Writes predictions.json: the engine's memory for every case in cases.json, from the CLI's `plan` command.
# Usage: python3 predict.py [path/to/atlas] [engine-commit]
# (defaults: build/native/wasm/atlas under the checkout that holds this folder, and that checkout's HEAD).
# Copied from content/sealed/2026-12-07o-memory/predict.py (set name changed), itself copied from content/sealed/2026-12-07l-memory/predict.py, itself a copy of content/sealed/2026-12-07j-memory/predict.py, itself a copy of content/sealed/2026-12-07e-memory/predict.py, itself a copy of content/sealed/2026-12-07b-memory/predict.py, adapted from content/sealed/2026-12-07-memory/predict.py (itself from 2026-12-06f-memory, 2026-12-06b-memory and 2026-12-03-memory): the comparison is the same; summaries by framework and GPU are added. The difference: each case is compared with the engine
# figure of the published kind (peak allocated, peak reserved, or nvidia-smi's device figure), as `error`;
# `error_allocated` keeps the 2026-12-03 set's comparison (the engine's memory.total, its peak allocated, whatever
# was measured).
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
GIB = 2 ** 30

atlas = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "native", "wasm", "atlas")
commit = sys.argv[2] if len(sys.argv) > 2 else subprocess.run(
    ["git", "-C", os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(atlas)))), "rev-parse", "HEAD"],
    capture_output=True, text=True).stdout.strip()

# the engine figure each published kind is compared with
KIND_FIELD = {"peak_allocated_gib": "peak_allocated", "peak_reserved_gib": "reserved", "device_gib": "device"}

cases = json.load(open(os.path.join(HERE, "cases.json")))
rows = []
for c in cases:
    out = subprocess.run([atlas, "plan"], input=json.dumps(c["request"]), capture_output=True, text=True)
    kind = c["published"]["kind"]
    row = {"id": c["id"], "source": c["source"], "published_kind": kind, "published_gib": c["published"]["value"],
           "compared_with": "memory." + KIND_FIELD[kind],
           "framework": c["request"]["parallel"].get("framework", "megatron"), "gpu": c["request"]["hardware"].get("preset", "explicit")}
    try:
        resp = json.loads(out.stdout)
    except ValueError:
        resp = {"error": {"code": "no_json", "message": out.stderr.strip()[:400], "path": ""}}
    if "error" in resp:
        row.update({"expressed": False, "error": resp["error"]})
    else:
        m = resp["memory"]
        ignored = [w["path"] for w in resp.get("warnings", []) if w.get("code") == "unknown_field"]
        stages = resp.get("stages", [])
        engine = m.get(KIND_FIELD[kind], m["total"])
        row.update({"expressed": not ignored,
                    "engine_bytes": engine, "engine_gib": engine / GIB,
                    "memory_total_bytes": m["total"], "memory_total_gib": m["total"] / GIB,
                    "memory_reserved_bytes": m.get("reserved"), "memory_device_bytes": m.get("device"),
                    "memory_context_bytes": m.get("context"), "memory_nccl_bytes": m.get("nccl"),
                    "memory_capacity_bytes": m["capacity"], "memory_fits": m["fits"], "loss": m.get("loss"),
                    "parts_bytes": {k: m[k] for k in ("parameters", "gradients", "optimizer", "activations", "buffers", "reserve") if k in m},
                    "warnings": resp.get("warnings", []),
                    "stages": len(stages),
                    # allocated peak of the first and the last pipeline stage (memory.total is the most loaded one)
                    "memory_first_stage_bytes": stages[0]["memory"]["total"] if stages else m["total"],
                    "memory_last_stage_bytes": stages[-1]["memory"]["total"] if stages else m["total"],
                    # engine ÷ published − 1, against the engine figure of the published kind
                    "error": engine / GIB / c["published"]["value"] - 1,
                    # the 2026-12-03 set's comparison: the engine's peak allocated against whatever was measured
                    "error_allocated": m["total"] / GIB / c["published"]["value"] - 1})
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
sources = sorted({r["source"] for r in rows})
result = {"note": "The sealed memory set of 2026-12-11m as first committed, with the engine's memory for each case at the commit "
                  "named here, computed before any engine change looked at these measurements. error = engine GiB / published GiB - 1, "
                  "the engine figure being the one of the published kind: memory.peak_allocated for peak_allocated_gib, memory.reserved "
                  "for peak_reserved_gib, memory.device (reserved + CUDA context + NCCL) for device_gib (nvidia-smi). error_allocated "
                  "compares memory.total (peak allocated) with every kind, as the 2026-12-03 set did.",
          "sealed": "2026-12-11m", "engine_commit": commit, "cli": "atlas plan (request JSON on stdin)",
          "summary": {"all": summary(rows), **{k: summary([r for r in rows if r["published_kind"] == k]) for k in kinds},
                      **{s: summary([r for r in rows if r["source"] == s]) for s in sources}},
          "summary_by_framework": {f: summary([r for r in rows if r["framework"] == f]) for f in sorted({r["framework"] for r in rows})},
          "summary_by_gpu": {g: summary([r for r in rows if r["gpu"] == g]) for g in sorted({r["gpu"] for r in rows})},
          "summary_allocated": {"all": summary(rows, "error_allocated"),
                                **{k: summary([r for r in rows if r["published_kind"] == k], "error_allocated") for k in kinds}},
          "cases": rows}
with open(os.path.join(HERE, "predictions.json"), "w") as f:
    json.dump(result, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(json.dumps({k: {kk: (round(vv, 4) if isinstance(vv, float) else vv) for kk, vv in v.items()} for k, v in result["summary"].items()}))
print("not expressed:", [(r["id"], r.get("error") if not isinstance(r.get("error"), float) else r.get("ignored")) for r in rows if not r.get("expressed")])
