# Writes step_times_extracted.json for the sealed set 2026-12-07h: the 07g script (../2026-12-07g-train/extract_steps.py)
# with this set's result folders. Reads the git blobs of the fetched mirror of mlcommons/training_results_v5.1 at HEAD
# (441d65f4445cd59687466533fd9f55399136e7a4, asserted below).
import json,sys,subprocess,statistics as st
import os; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); from mlperf_steps import parse
# The local clones of mlcommons/training_results_<round> to read: a path with %s for the round
# (v5.0, v5.1), given as the first argument.
if len(sys.argv) != 2 or "%s" not in sys.argv[1]:
    sys.exit("usage: python3 extract_steps.py <path of a training_results_%s clone, %s standing for the round>")
M=sys.argv[1]
COMMIT={"v5.1":"441d65f4445cd59687466533fd9f55399136e7a4"}
RUNS=[("v5.1",d+"/llama31_8b") for d in (
 "Cisco/results/hpf_n8","Cisco/results/hpf_n16",
 "Dell/results/1xXE9680Lx8B200-SXM-180GB","Dell/results/2xXE9680Lx8B200-SXM-180GB","Dell/results/2xXE9685Lx8B200-SXM-180GB",
 "HPE/results/HPE-Cray-XD670-H200-SXM5-141GB_n8_25.09",
 "Lenovo/results/SR680aV3-8xB200_SXM_180GB","Lenovo/results/SR780aV3-8xB200_SXM_180GB",
 "NVIDIA/results/tyche_ngpu8_ngc25.09_nemo","NVIDIA/results/tyche_ngpu72_ngc25.09_nemo","NVIDIA/results/tyche_ngpu512_ngc25.09_nemo",
 "Nebius/results/nebius_b200_n1","Nebius/results/nebius_b200_n2","Nebius/results/nebius_b200_n4",
 "Oracle/results/1xBM.GPU.B200.8","Oracle/results/8xBM.GPU.B200.8",
 "Supermicro/results/AS-4126GS-NBR-LCC","Supermicro/results/SYS-422GS-NBRT-LCC",
 "Verda/results/b200_8x8_ngc25.09")]
HP=("opt_base_learning_rate","opt_learning_rate_warmup_steps")
out={}
for v,d in RUNS:
    R=M%v
    assert subprocess.run(["git","-C",R,"rev-parse","HEAD"],capture_output=True,text=True).stdout.strip()==COMMIT[v]
    files=[f for f in subprocess.run(["git","-C",R,"ls-tree","--name-only","HEAD",d+"/"],capture_output=True,text=True).stdout.split() if "/result_" in f]
    per=[]; metas=set(); spac=set(); hps=set()
    for f in sorted(files):
        m,s,t,txt=parse(R,f)
        vals=[x[1] for x in s]
        steps=[x[0] for x in s]
        ss=[x for x in steps if x is not None]; spac.update({round(b-a,3) for a,b in zip(ss,ss[1:])}); spac.add("nostep:%d"%(len(steps)-len(ss)))
        per.append({"file":f.split("/")[-1],"n":len(vals),"median_from_3rd":st.median(vals[2:]),"mean_from_3rd":st.mean(vals[2:]),"first2":vals[:2]})
        metas.add(json.dumps({k:m.get(k) for k in("global_batch_size","max_sequence_length","gradient_accumulation_steps","submission_platform")},sort_keys=True))
        hp={}
        for ln in txt.splitlines():
            i=ln.find(":::MLLOG ")
            if i<0: continue
            try: j=json.loads(ln[i+9:])
            except Exception: continue
            if j["key"] in HP: hp[j["key"]]=j["value"]
        hps.add(json.dumps(hp,sort_keys=True))
    meds=[p["median_from_3rd"] for p in per]
    out[v+":"+d]={"files":per,"meta":[json.loads(x) for x in metas],"hyper":[json.loads(x) for x in hps],"median_of_run_medians":st.median(meds),"min":min(meds),"max":max(meds),"step_spacings":sorted(map(str,spac))[:6]}
    print(v,d,len(per),"runs; med",round(st.median(meds),4),"range",round(min(meds),4),round(max(meds),4),"meta",metas,"hyper",hps,"spacing",sorted(map(str,spac))[:5])
json.dump(out,open(os.path.join(os.path.dirname(os.path.abspath(__file__)),'step_times_extracted.json'),'w'),indent=1)
