# Writes predictions.json: the engine's step time for every case of cases.json, from the CLI's `plan`
# command, with the published figure as a step time the way the `fidelity` command reads it
# (tokens/s/GPU -> global batch x sequence / (GPUs x tokens/s/GPU)) and the error engine / published - 1.
# Usage: python3 predict.py <path to atlas> <engine commit>
import argparse, json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("atlas")
ap.add_argument("commit")
args = ap.parse_args()


def published_step(case):
    kind, value = case["published"]["kind"], case["published"]["value"]
    req = case["request"]
    if kind == "step_seconds":
        return value
    if kind == "tokens_per_second_per_gpu":
        return req["batch"]["global"] * req["model"]["seq"] / (req["hardware"]["gpus"] * value)
    raise ValueError(kind)


def family(case_id):
    for m in ("1p34b", "3p57b", "8p86b", "80p0b", "llama27b", "yi34b", "llama270b"):
        if "-" + m + "-" in case_id:
            return m
    raise ValueError(case_id)


rows = []
cases = json.load(open(os.path.join(HERE, "cases.json")))
for c in cases:
    out = subprocess.run([args.atlas, "plan"], input=json.dumps(c["request"]), capture_output=True, text=True)
    resp = json.loads(out.stdout)
    row = {"id": c["id"], "source": c["source"], "model": family(c["id"]), "round": c["source"].split("-")[0],
           "hardware": c["request"]["hardware"]["preset"], "precision": c["request"]["parallel"]["precision"],
           "published_step": published_step(c)}
    if "error" in resp:
        row.update({"expressed": False, "reason": resp["error"]})
    else:
        ignored = [w["path"] for w in resp.get("warnings", []) if w.get("code") == "unknown_field"]
        t = resp["time"]
        row.update({"predicted_step": t["step"], "error": t["step"] / row["published_step"] - 1.0,
                    "expressed": not ignored,
                    "parts": {"compute": t["compute"], "bubble": t["bubble"], "optimizer": t["optimizer"],
                              "communication": t["communication"]},
                    "mfu": resp["throughput"]["mfu"], "fits": resp["memory"]["fits"]})
        if ignored:
            row["reason"] = "the engine ignored " + ", ".join(ignored)
        if resp.get("warnings"):
            row["warnings"] = [w.get("path", "") + ": " + w.get("code", "") for w in resp["warnings"]]
    rows.append(row)


def summary(rs):
    e = [r["error"] for r in rs if r.get("expressed")]
    if not e:
        return {"cases": 0}
    a = sorted(abs(x) for x in e)
    median = a[len(a) // 2] if len(a) % 2 else (a[len(a) // 2 - 1] + a[len(a) // 2]) / 2
    return {"cases": len(e), "mean_abs_error": sum(abs(x) for x in e) / len(e), "median_abs_error": median,
            "max_abs_error": max(abs(x) for x in e),
            "mean_error": sum(e) / len(e), "engine_faster": sum(1 for x in e if x < 0)}


def by(key):
    return {k: summary([r for r in rows if r[key] == k]) for k in sorted({r[key] for r in rows})}


doc = {"note": "The sealed training validation set 2026-12-08f as first committed: every case of cases.json (the cases exactly as "
               "the validation sources of content/presets/calibration.json carry them) with the engine's step time at the "
               "commit named here, made before any engine change looked at them; the published figure is nanotron's heatmap MFU read as a step time (model FLOPs of the batch / (GPUs x 989e12 x MFU)) or XTuner's TGS (tokens per GPU per second). error = engine / published - 1 of "
               "the step time (tokens/s/GPU read as global batch x sequence / (GPUs x tokens/s/GPU), as the fidelity "
               "command reads it); negative: the engine is faster than the run.",
       "sealed": "2026-12-08f", "engine_commit": args.commit, "cli": "atlas plan (request JSON on stdin)",
       "sources": sorted({r["source"] for r in rows}),
       "summary": {"all": summary(rows), "by_source": by("source"), "by_model": by("model"),
                   "by_round": by("round"), "by_hardware": by("hardware"), "by_precision": by("precision")},
       "cases": rows}
with open(os.path.join(HERE, "predictions.json"), "w") as f:
    json.dump(doc, f, indent=1)
    f.write("\n")
print(json.dumps(doc["summary"]["all"]))
print("not expressed:", [r["id"] for r in rows if not r.get("expressed")])
