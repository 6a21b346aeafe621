import json,re,subprocess,sys,statistics as st
def show(repo,path):
    return subprocess.run(["git","-C",repo,"show","HEAD:"+path],capture_output=True,text=True).stdout
def parse(repo,path):
    txt=show(repo,path); meta={}; steps=[]; thr=[]
    for ln in txt.splitlines():
        i=ln.find(":::MLLOG ")
        if i<0: continue
        try: j=json.loads(ln[i+9:])
        except Exception: continue
        k=j["key"]; v=j["value"]
        if k in("global_batch_size","max_sequence_length","submission_platform","gradient_accumulation_steps","max_steps","submission_org"): meta[k]=v
        if k=="tracked_stats" and isinstance(v,dict):
            kk=[x for x in ("train_step_time","train_step_timing in s") if x in v]
            if kk and "throughput" not in v and j["metadata"].get("file","").endswith("custom_callbacks.py"): steps.append((j["metadata"].get("step"),v[kk[0]],j["time_ms"]))
            if "throughput" in v: thr.append(v)
    return meta,steps,thr,txt
if __name__=="__main__":
    repo=sys.argv[1]
    for p in sys.argv[2:]:
        m,s,t,_=parse(repo,p)
        vals=[x[1] for x in s]
        print(p, m, "n",len(vals), "first",[round(x,3) for x in vals[:4]], "med(3:)", round(st.median(vals[2:]),4) if len(vals)>3 else None, "thr",t[:2])
