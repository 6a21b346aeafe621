import json,sys,subprocess,statistics as st
import os; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); from mlperf_steps import parse
# The local clones of mlcommons/training_results_<round> to read: a path with %s for the round
# (v5.0, v5.1), given as the first argument.
if len(sys.argv) != 2 or "%s" not in sys.argv[1]:
    sys.exit("usage: python3 extract_steps.py <path of a training_results_%s clone, %s standing for the round>")
M=sys.argv[1]
RUNS=[("v5.0","NVIDIA/results/eos-dfw_n64_ngc25.01_nemo/llama31_405b"),("v5.0","NVIDIA/results/eos-dfw_n256_ngc25.01_nemo/llama31_405b"),
("v5.0","NVIDIA/results/eos-dfw_n304_ngc25.01_nemo/llama31_405b"),("v5.0","NVIDIA/results/eos-dfw_n320_ngc25.01_nemo/llama31_405b"),
("v5.0","NVIDIA/results/eos-dfw_n1024_ngc25.01_nemo/llama31_405b"),("v5.0","Nebius/results/nebius_soperator_8xH200_n64_ngc25.01_nemo/llama31_405b"),
("v5.0","Nebius/results/nebius_soperator_8xH200_n128_ngc25.01_nemo/llama31_405b"),("v5.1","NVIDIA/results/hsg_ngpu2560_ngc25.09_nemo/llama31_405b"),
("v5.1","NVIDIA/results/hsg_ngpu5120_ngc25.09_nemo/llama31_405b"),("v5.1","University-of-Florida/results/hpg.dgxb200x8.n32/llama31_405b"),
("v5.1","University-of-Florida/results/hpg.dgxb200x8.n56/llama31_405b")]+[("v5.1","University-of-Florida/results/hpg.dgxb200x8.n%d/llama31_8b"%n) for n in (1,2,4,8,16,32)]
out={}
for v,d in RUNS:
    R=M%v
    files=[f for f in subprocess.run(["git","-C",R,"ls-tree","--name-only","HEAD",d+"/"],capture_output=True,text=True).stdout.split() if "/result_" in f]
    per=[]; metas=set(); spac=set()
    for f in sorted(files):
        m,s,t,_=parse(R,f)
        vals=[x[1] for x in s]
        steps=[x[0] for x in s]
        ss=[x for x in steps if x is not None]; spac.update({round(b-a,3) for a,b in zip(ss,ss[1:])}); spac.add("nostep:%d"%(len(steps)-len(ss)))
        per.append({"file":f.split("/")[-1],"n":len(vals),"median_from_3rd":st.median(vals[2:]),"mean_from_3rd":st.mean(vals[2:]),"first2":vals[:2]})
        metas.add(json.dumps({k:m.get(k) for k in("global_batch_size","max_sequence_length","gradient_accumulation_steps","submission_platform")},sort_keys=True))
    meds=[p["median_from_3rd"] for p in per]
    out[v+":"+d]={"files":per,"meta":[json.loads(x) for x in metas],"median_of_run_medians":st.median(meds),"min":min(meds),"max":max(meds),"step_spacings":sorted(map(str,spac))[:6]}
    print(v,d,len(per),"runs; med",round(st.median(meds),4),"range",round(min(meds),4),round(max(meds),4),"meta",metas,"spacing",sorted(map(str,spac))[:5])
json.dump(out,open(os.path.join(os.path.dirname(os.path.abspath(__file__)),'step_times_extracted.json'),'w'),indent=1)
