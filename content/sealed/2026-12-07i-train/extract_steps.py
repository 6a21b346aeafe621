# Writes step_times_extracted.json for the sealed set 2026-12-07i: the 07g/07h script (../2026-12-07h-train/extract_steps.py)
# with this set's result folders (MLPerf Training v4.0 and v4.1 gpt3 on NVIDIA GPUs). Reads the git blobs of the fetched
# mirrors of mlcommons/training_results_v4.0 (6fe954378efe4a1a1bd665550b18ff8f26018def) and _v4.1
# (b87b9e396f771345d4ef122ba33456304f15228d), both asserted below.
#
# Additions to the 07h script (the step-time derivation itself is unchanged, mlperf_steps.py is 07g's file):
# - folders whose logs carry no per-step time are still listed, with n = 0 and no median (they go to not_expressible.json);
# - the resolved NeMo config that some logs print ("  0:       key: value" lines under "Experiment configuration") is read
#   for the keys in CFG (first occurrence of each), so build_cases.py can assert the layout against the log itself;
# - for information only: the median of the first and of the last 20 kept values of each log (drift within a run).
import json,sys,subprocess,statistics as st,re
import os; sys.path.insert(0,os.path.dirname(os.path.abspath(__file__))); from mlperf_steps import parse
# The local clones of mlcommons/training_results_<round> to read: a path with %s for the round
# (v4.0, v4.1), given as the first argument.
if len(sys.argv) != 2 or "%s" not in sys.argv[1]:
    sys.exit("usage: python3 extract_steps.py <path of a training_results_%s clone, %s standing for the round>")
M=sys.argv[1]
COMMIT={"v4.0":"6fe954378efe4a1a1bd665550b18ff8f26018def","v4.1":"b87b9e396f771345d4ef122ba33456304f15228d"}
RUNS=[("v4.0",d+"/gpt3") for d in (
 "NVIDIA/results/eos_n64_ngc24.04_nemo","NVIDIA/results/eos-dfw_n1344_ngc24.04_nemo","NVIDIA/results/eos-dfw_n1452_ngc24.04_nemo",
 "smc/results/64xSMC-H100-SXM-80GB")]+[("v4.1",d+"/gpt3") for d in (
 "NVIDIA/results/eos_n32_ngc24.09_nemo","NVIDIA/results/eos_n64_ngc24.09_nemo","NVIDIA/results/b200_n8_preview_nemo",
 "NVIDIA/results/eos-dfw_n1452_ngc24.04_nemo",
 "Oracle/results/1536xBM.GPU.H100.8","Oracle/results/3072xBM.GPU.H100.8")]
# smc-ac-power and smc-dc-power hold the same three logs as smc (asserted: same blobs)
SAME_AS={"v4.0:smc/results/64xSMC-H100-SXM-80GB/gpt3":["smc-ac-power/results/64xSMC-H100-SXM-80GB/gpt3","smc-dc-power/results/64xSMC-H100-SXM-80GB/gpt3"]}
HP=("opt_base_learning_rate","opt_learning_rate_warmup_steps","init_checkpoint_step")
CFG=("tensor_model_parallel_size","pipeline_model_parallel_size","virtual_pipeline_model_parallel_size","micro_batch_size",
     "global_batch_size","encoder_seq_length","max_position_embeddings","num_layers","hidden_size","ffn_hidden_size",
     "num_attention_heads","hidden_dropout","attention_dropout","normalization","bias","activation","position_embedding_type",
     "share_embeddings_and_output_weights","make_vocab_size_divisible_by","sequence_parallel","fp8","fp8_hybrid",
     "fp8_amax_history_len","fp8_amax_compute_algo","fp8_params","ub_tp_comm_overlap","enable_cuda_graph",
     "activations_checkpoint_granularity","activations_checkpoint_method","cpu_offloading","use_flash_attention",
     "defer_embedding_wgrad_compute","overlap_p2p_comm","megatron_amp_O2","grad_sync_dtype","log_every_n_steps")
CFGRE=re.compile(r"^\s*0:\s+(\w+): (.*)$")
def blobs(R,d):
    return sorted(l.split()[2] for l in subprocess.run(["git","-C",R,"ls-tree","HEAD",d+"/"],capture_output=True,text=True).stdout.splitlines() if "/result_" in l)
out={}
for v,d in RUNS:
    R=M%v
    assert subprocess.run(["git","-C",R,"rev-parse","HEAD"],capture_output=True,text=True).stdout.strip()==COMMIT[v]
    for other in SAME_AS.get(v+":"+d,[]):
        assert blobs(R,other)==blobs(R,d), other
    files=[f for f in subprocess.run(["git","-C",R,"ls-tree","--name-only","HEAD",d+"/"],capture_output=True,text=True).stdout.split() if "/result_" in f]
    per=[]; metas=set(); spac=set(); hps=set(); cfgs=set()
    for f in sorted(files):
        m,s,t,txt=parse(R,f)
        vals=[x[1] for x in s]
        steps=[x[0] for x in s]
        ss=[x for x in steps if x is not None]; spac.update({round(b-a,3) for a,b in zip(ss,ss[1:])}); spac.add("nostep:%d"%(len(steps)-len(ss)))
        row={"file":f.split("/")[-1],"n":len(vals),"first2":vals[:2]}
        if len(vals)>3:
            kept=vals[2:]
            row.update({"median_from_3rd":st.median(kept),"mean_from_3rd":st.mean(kept),"min_from_3rd":min(kept),"max_from_3rd":max(kept),
                        "median_first20_kept":st.median(kept[:20]),"median_last20_kept":st.median(kept[-20:])})
        per.append(row)
        metas.add(json.dumps({k:m.get(k) for k in("global_batch_size","max_sequence_length","gradient_accumulation_steps","submission_platform")},sort_keys=True))
        hp={}; cfg={}
        for ln in txt.splitlines():
            i=ln.find(":::MLLOG ")
            if i<0:
                mm=CFGRE.match(ln)
                if mm and mm.group(1) in CFG and mm.group(1) not in cfg: cfg[mm.group(1)]=mm.group(2).strip()
                continue
            try: j=json.loads(ln[i+9:])
            except Exception: continue
            if j["key"] in HP: hp[j["key"]]=j["value"]
        hps.add(json.dumps(hp,sort_keys=True)); cfgs.add(json.dumps(cfg,sort_keys=True))
    meds=[p["median_from_3rd"] for p in per if "median_from_3rd" in p]
    rec={"files":per,"meta":[json.loads(x) for x in metas],"hyper":[json.loads(x) for x in hps],"printed_config":[json.loads(x) for x in cfgs],
         "step_spacings":sorted(map(str,spac))[:6]}
    if meds and len(meds)==len(per):
        rec.update({"median_of_run_medians":st.median(meds),"min":min(meds),"max":max(meds)})
    out[v+":"+d]=rec
    print(v,d,len(per),"runs; n",[p["n"] for p in per],"med",round(st.median(meds),4) if meds else None,"meta",metas,"hyper",hps,"cfg keys",[len(json.loads(c)) for c in cfgs],"spacing",sorted(map(str,spac))[:5])
json.dump(out,open(os.path.join(os.path.dirname(os.path.abspath(__file__)),'step_times_extracted.json'),'w'),indent=1)
