// An all_reduce_perf log in nccl-tests' current format, written for this lab (8 ranks; times
// drawn from α·2(p−1) ≈ 24 µs and B ≈ 360 GB/s with ±4 % jitter; a bus bandwidth an 8-GPU H100
// NVLink node reaches, which an A100 node (≈ 230–240 GB/s) would not), for the "Paste an example" button.
export const EXAMPLE_LOG = `# Collective test starting: all_reduce_perf
# nThread 1 nGpus 8 minBytes 1024 maxBytes 4294967296 step: 4(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0
#
# Using devices
#  Rank  0 Group  0 Pid  20311 on     gpu-a07 device  0 [0x07] NVIDIA H100 80GB HBM3
#  Rank  1 Group  0 Pid  20311 on     gpu-a07 device  1 [0x0b] NVIDIA H100 80GB HBM3
#  Rank  2 Group  0 Pid  20311 on     gpu-a07 device  2 [0x48] NVIDIA H100 80GB HBM3
#  Rank  3 Group  0 Pid  20311 on     gpu-a07 device  3 [0x4c] NVIDIA H100 80GB HBM3
#  Rank  4 Group  0 Pid  20311 on     gpu-a07 device  4 [0x88] NVIDIA H100 80GB HBM3
#  Rank  5 Group  0 Pid  20311 on     gpu-a07 device  5 [0x8b] NVIDIA H100 80GB HBM3
#  Rank  6 Group  0 Pid  20311 on     gpu-a07 device  6 [0xc8] NVIDIA H100 80GB HBM3
#  Rank  7 Group  0 Pid  20311 on     gpu-a07 device  7 [0xcb] NVIDIA H100 80GB HBM3
#
#                                                              out-of-place                       in-place          
#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong 
#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)         
        1024           256     float     sum      -1    23.91    0.04    0.07      0     24.12    0.04    0.07      0
        4096          1024     float     sum      -1    24.84    0.16    0.29      0     23.95    0.17    0.30      0
       16384          4096     float     sum      -1    24.09    0.68    1.19      0     24.25    0.68    1.18      0
       65536         16384     float     sum      -1    23.71    2.76    4.84      0     24.34    2.69    4.71      0
      262144         65536     float     sum      -1    25.54   10.26   17.96      0     25.87   10.13   17.73      0
     1048576        262144     float     sum      -1    28.15   37.25   65.19      0     28.64   36.61   64.07      0
     4194304       1048576     float     sum      -1    42.94   97.68  170.94      0     45.49   92.20  161.35      0
    16777216       4194304     float     sum      -1    107.2  156.50  273.88      0     101.7  164.97  288.69      0
    67108864      16777216     float     sum      -1    363.7  184.52  322.90      0     363.2  184.77  323.35      0
   268435456      67108864     float     sum      -1   1345.3  199.54  349.19      0    1341.2  200.15  350.26      0
  1073741824     268435456     float     sum      -1   5099.9  210.54  368.45      0    5040.1  213.04  372.82      0
  4294967296    1073741824     float     sum      -1    20950  205.01  358.77      0     20166  212.98  372.72      0
# Out of bounds values : 0 OK
# Avg bus bandwidth    : 118.442 
#
# Collective test concluded: all_reduce_perf
`;
