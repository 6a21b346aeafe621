# Builds cases.json for the sealed serving set 2026-12-06j. The selection rules are in README.md.
# No candidate publication met them in the time allowed (every one lacked a stated GPU, a preset
# model or an expressible weight format, fixed lengths or a closed-loop / all-at-once workload in
# the text that could be read), so the frozen set holds no case. The candidates and the reason
# each was left out are in not_expressible.json. No figure is transcribed here.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases written")
