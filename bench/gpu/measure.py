"""What the serving and training models assume of a GPU, measured on the GPU itself.

Run on a machine with one NVIDIA GPU and PyTorch (2.1 or later; FP8 needs Hopper or Blackwell):

    python3 bench/gpu/measure.py --out "$OUT/gpu.json"

It prints one line per measurement and writes them all to one JSON file, each with what it
measured and how, so that the file can be cited as a calibration source:

- small_kernel: seconds per tiny elementwise kernel replayed inside a CUDA graph (the engine's
  kSmallKernelTime, 3.4 µs, is NVIDIA's 2019 figure);
- stream: bytes per second of a large device-to-device copy and of a large read-only reduction
  (the engine's per-GPU streaming fraction, efficiencies.hbm, is FluidX3D's);
- gemv: bytes per second of a weight read by a (rows × k) @ (k × n) GEMM at 1 to 64 rows in bf16
  (decode's weight reads; the engine takes 0.935 of the streaming fraction);
- gemm: FLOP/s of large square and transformer-shaped GEMMs in bf16 and, where the GPU has FP8
  tensor cores, FP8 (per-tensor scales) against the datasheet peaks the presets carry;
- moe: a gpt-oss-120b expert layer (128 experts of 2880 -> 5760 -> 2880, top 4) as PyTorch's bf16
  grouped GEMM (torch._grouped_mm, Hopper and later) from 1 to 16,384 tokens: FLOP/s once
  compute-bound, weight bytes/s while few tokens touch few experts (the engine costs the routed
  experts as bf16 GEMMs at its shape model's rate; weight-only 4-bit kernels are not measured here).
Nothing here is fitted: the numbers are what the GPU did, with the shapes and repetitions stated.
"""
import argparse
import json
import time

import torch


def timed(fn, reps):
    """Median seconds of one call of fn over `reps` calls, after a warm-up, timed by CUDA events."""
    for _ in range(3):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end) / 1e3)
    times.sort()
    return times[len(times) // 2]


def small_kernel(kernels=1000, reps=20):
    x = torch.zeros(256, device="cuda")
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        for _ in range(kernels):
            x.add_(1.0)
    seconds = timed(graph.replay, reps)
    return {"seconds_per_kernel": seconds / kernels, "kernels_per_graph": kernels,
            "how": "x.add_(1) on 256 floats, %d times in one CUDA graph, median replay / kernels" % kernels}


def stream(bytes_=2 << 30, reps=20):
    n = bytes_ // 2
    a = torch.empty(n, dtype=torch.bfloat16, device="cuda").uniform_()
    b = torch.empty_like(a)
    copy = timed(lambda: b.copy_(a), reps)
    read = timed(lambda: a.sum(dtype=torch.float32), reps)
    return {"copy_bytes_per_second": 2 * bytes_ / copy, "read_bytes_per_second": bytes_ / read,
            "bytes": bytes_, "how": "bf16 device-to-device copy (read + write counted) and a full sum (read)"}


def gemv(shapes=((4096, 4096), (4096, 14336), (14336, 4096), (8192, 28672)), rows=(1, 8, 64), reps=50):
    out = []
    for k, n in shapes:
        w = torch.randn(k, n, dtype=torch.bfloat16, device="cuda")
        for m in rows:
            x = torch.randn(m, k, dtype=torch.bfloat16, device="cuda")
            s = timed(lambda: x @ w, reps)
            out.append({"rows": m, "k": k, "n": n, "seconds": s, "weight_bytes_per_second": 2 * k * n / s})
    return out


def gemm(reps=20):
    shapes = ((8192, 8192, 8192), (16384, 4096, 4096), (16384, 14336, 4096), (16384, 4096, 14336), (4096, 128256, 4096))
    fp8 = hasattr(torch, "float8_e4m3fn") and torch.cuda.get_device_capability() >= (8, 9)
    out = []
    for m, n, k in shapes:
        a = torch.randn(m, k, dtype=torch.bfloat16, device="cuda")
        b = torch.randn(k, n, dtype=torch.bfloat16, device="cuda")
        s = timed(lambda: a @ b, reps)
        row = {"m": m, "n": n, "k": k, "bf16_flops": 2 * m * n * k / s}
        if fp8:
            a8 = a.to(torch.float8_e4m3fn)
            b8 = b.t().contiguous().to(torch.float8_e4m3fn).t()  # column-major, as _scaled_mm wants
            one = torch.ones((), device="cuda")
            s8 = timed(lambda: torch._scaled_mm(a8, b8, scale_a=one, scale_b=one, out_dtype=torch.bfloat16), reps)
            row["fp8_flops"] = 2 * m * n * k / s8
        out.append(row)
    return out


def moe(tokens=(1, 8, 64, 512, 4096, 16384), reps=20):
    if not hasattr(torch, "_grouped_mm") or torch.cuda.get_device_capability() < (9, 0):
        return {"skipped": "torch._grouped_mm needs PyTorch 2.8 or later on Hopper or later"}
    experts, hidden, ffn, top_k, align = 128, 2880, 2880, 4, 16
    # Weights as torchtitan passes them: (experts, in, out), column-major in each expert.
    w13 = torch.randn(experts, 2 * ffn, hidden, dtype=torch.bfloat16, device="cuda").transpose(-2, -1)
    w2 = torch.randn(experts, hidden, ffn, dtype=torch.bfloat16, device="cuda").transpose(-2, -1)
    out = []
    for t in tokens:
        routed = t * top_k
        touched = min(experts, routed)  # balanced routing: each touched expert gets the same rows
        per = -(-routed // touched)
        per = -(-per // align) * align  # the grouped GEMM's row alignment, as torchtitan pads
        counts = [per if e < touched else 0 for e in range(experts)]
        offs = torch.tensor(counts, dtype=torch.int32, device="cuda").cumsum(0, dtype=torch.int32)
        x = torch.randn(per * touched, hidden, dtype=torch.bfloat16, device="cuda")

        def run():
            y = torch._grouped_mm(x, w13, offs=offs)
            torch._grouped_mm(y[:, :ffn].contiguous(), w2, offs=offs)

        s = timed(run, reps)
        rows = per * touched
        flops = 2 * rows * hidden * 2 * ffn + 2 * rows * ffn * hidden
        weights = touched * (hidden * 2 * ffn + ffn * hidden) * 2
        out.append({"tokens": t, "routed_rows": routed, "computed_rows": rows, "experts_touched": touched,
                    "seconds": s, "flops": flops / s, "weight_bytes_per_second": weights / s,
                    "how": "bf16 torch._grouped_mm, up then down projection (the activation's copy included)"})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="where to write the JSON")
    args = parser.parse_args()
    props = torch.cuda.get_device_properties(0)
    result = {"gpu": props.name, "sms": props.multi_processor_count, "memory_bytes": props.total_memory,
              "torch": torch.__version__, "cuda": torch.version.cuda, "date": time.strftime("%Y-%m-%d")}
    for name, fn in (("small_kernel", small_kernel), ("stream", stream), ("gemv", gemv), ("gemm", gemm), ("moe", moe)):
        result[name] = fn()
        print(name, json.dumps(result[name]))
    with open(args.out, "w") as f:
        json.dump(result, f, indent=1)


if __name__ == "__main__":
    main()
