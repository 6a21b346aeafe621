# Writes cases.json and not_expressible.json of the sealed memory set 2026-12-07o from the numbers transcribed below.
# Sources the project had not used: six pytorch/torchtitan pull requests whose descriptions (kept as the squash-merge
# commit messages in pytorch/torchtitan's history) paste torchtitan's per-step log line; none of these PRs is cited in
# content/presets/memory-cases.json, calibration.json or an earlier sealed set (those cite PRs 165, 355, 822, 887,
# 996, 1230, 1287, 1351, 1690 and 1884 and the benchmark files). Every run's configuration is read from the command
# in the description and the train config / model args / run_train.sh of the squash commit's parent (the tree the PR
# was written against).
# torchtitan's memory line: 'memory: X GiB(Y%)' is torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2**30
# (torchtitan/components/metrics.py, earlier torchtitan/metrics.py), reset after each logged step: the peak reserved
# memory in GiB since the previous logged step; Y is X over the device capacity, which names the card (95.0 GiB:
# Meta's 96 GB H100; 79.1 GiB: the H100 80GB HBM3).
# Usage: python3 build_cases.py   (writes beside this file)
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

TOOL = ("torchtitan's memory monitor (torchtitan/components/metrics.py, earlier torchtitan/metrics.py): "
        "torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2^30, printed as 'memory: X GiB(Y%)' on each "
        "logged step and reset after each log, so a line covers the steps since the previous logged one")
RANK0 = "rank 0 (LOG_RANK default 0; the line printed by rank 0)"
TT = "pytorch/torchtitan"

cases, rows = [], []


def add(cid, src, where, req, gib, assumed, rank=RANK0):
    cases.append({"id": cid, "source": src, "where": where, "request": req,
                  "published": {"kind": "peak_reserved_gib", "value": gib,
                                "unit_note": f"GiB as printed ('memory: {gib:.2f}GiB')",
                                "tool": TOOL, "rank": rank},
                  "assumed": assumed})


def ne(src, where, reason, values):
    rows.append({"source": src, "where": where, "reason": reason,
                 "published": [{"kind": "peak_reserved_gib", "value": v, "unit_note": f"GiB as printed ('memory: {v:.2f}GiB')",
                                "tool": TOOL} for v in values]})


LLAMA8B_ASSUMED = ("torchtitan's Llama 3 8B (dim 4096, 32 layers, 32 heads, 8 KV heads, ffn 14336 from multiple_of 1024 "
                   "and ffn_dim_multiplier 1.3, vocab 128256, rotary, RMSNorm, SwiGLU, untied; the logs print 8,030,261,248 "
                   "parameters): preset llama-3.1-8b with seq 8192")
FSDP_ASSUMED = ("FSDP2 (fully_shard) over all ranks (data_parallel_shard_degree -1) with torchtitan's defaults: bf16 "
                "parameters for compute over fp32 shards (mixed_precision_param bfloat16), gradients reduced in fp32 "
                "(mixed_precision_reduce float32), fp32 AdamW states: framework fsdp, zero 3, reduce_dtype fp32; "
                "reshard_after_forward 'default'")
SAC_OP = ("activation_checkpoint mode 'selective' with the per-op policy (selective_ac_option 'op': saves the outputs "
          "of attention, of every other matmul and of the reductions, recomputes the rest): recompute selective-op")
EXPANDABLE = "run_train.sh of that tree sets PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF=expandable_segments:True: allocator expandable_segments"
H100_95 = ("GPU: Meta's H100 with 95 GiB (the log's percentage puts the capacity at 95.0 GiB, as torchtitan's 'CUDA "
           "capacity: NVIDIA H100 with 95.00GiB memory' lines print on these hosts): preset h100-sxm-96gb-500w, one host of 8")
H100_80 = ("GPU: H100 80GB (the log's percentage puts the capacity at 79.1 GiB, torchtitan's 'NVIDIA H100 80GB HBM3 "
           "with 79.18GiB memory'): preset h100-sxm")
NCCL = "NCCL release not read from the source: hardware.nccl left at the default"

# ------------------------------------------------------------------ PR 812 (merged as 2271b6386, 2025-01-31)
# 'Delete delayed scaling (#812)', yifanmao. 'Here are the logs running with `enable_float8_linear = true`'
# '1. `compile = false`': 'Swapped to Float8Linear layers with enable_fsdp_float8_all_gather=False', 'Model llama3 8B
#   size: 8,030,261,248 total parameters', 'Applied selective activation checkpointing to the model', 'Applied FSDP to
#   the model', 'Training starts at step 1, with local batch size 1, global batch size 8, sequence length 8192, total
#   steps 5', 'step:  1  loss: 12.2581  memory: 74.27GiB(78.18%)', 'step:  2  loss: 12.0754  memory: 81.77GiB(86.07%)',
#   steps 3-5 'memory: 81.77GiB(86.07%)'.
# '2. `compile = true`': steps 2-5 'memory: 47.77GiB(50.28%)' (step 1 40.21GiB).
# Tree 2271b6386^: train_configs/llama3_8b.toml (batch_size 1, seq_len 8192, data_parallel_shard_degree -1,
#   compile false, activation_checkpoint mode 'selective', selective_ac_option 'op'); run_llama_train.sh NGPU 8,
#   PYTORCH_CUDA_ALLOC_CONF="expandable_segments:True"; fused AdamW became the default only in 6e4988550 (#881,
#   2025-02-24), after this PR.
W812 = (f"{TT} pull request 812 ('Delete delayed scaling', merged as 2271b6386db69bbaea4fb727c272ef39d2ead8d6, "
        "2025-01-31), description, '1. `compile = false`': rank-0 lines 'step:  2  loss: 12.0754  memory: 81.77GiB(86.07%)' "
        "(steps 3 to 5 print the same); configuration from the log's own lines ('enable_fsdp_float8_all_gather=False', "
        "'local batch size 1, global batch size 8, sequence length 8192') and torchtitan at 2271b6386^ "
        "(train_configs/llama3_8b.toml, run_llama_train.sh)")
add("titan-pr812-llama3-8b-float8-tensorwise-eager-h100x8", "torchtitan-pr812-float8-eager-h100-202501", W812,
    {"model": {"preset": "llama-3.1-8b", "seq": 8192},
     "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": 8, "allocator": "expandable_segments"},
     "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "zero": 3, "framework": "fsdp", "recompute": "selective-op",
                  "flash_attention": True, "precision": "fp8-current", "reduce_dtype": "fp32", "kernels": "eager",
                  "loss": "eager", "optimizer_kernel": "foreach"},
     "batch": {"global": 8, "micro": 1}},
    81.77,
    [LLAMA8B_ASSUMED, FSDP_ASSUMED, SAC_OP,
     "float8: torchao Float8Linear with the tensorwise dynamic recipe (this PR deletes delayed scaling; the log says "
     "enable_fsdp_float8_all_gather=False, so FSDP gathers bf16 weights): precision fp8-current, which under fsdp casts "
     "weights in every forward and backward and keeps no low-format copy; the output head stays bf16",
     "no torch.compile ('compile = false'): kernels eager; loss eager (torchtitan's cross_entropy_loss upcasts the logits)",
     "attention through F.scaled_dot_product_attention with a causal mask (its flash backend): flash_attention true",
     "8 GPUs (NGPU default 8, the log's global batch 8 at local batch 1), one host: dp 8; no gradient accumulation",
     H100_95, EXPANDABLE,
     "optimizer: AdamW with torch's default foreach implementation (fused became torchtitan's default in #881, "
     "after this PR): optimizer_kernel foreach",
     "the reading is steps 2 to 5 (step 1 prints 74.27 GiB: the optimizer states are created at the first step); "
     "c4 packed to seq_len, every sequence full length", NCCL])
ne("torchtitan-pr812-float8-eager-h100-202501", W812.replace("'1. `compile = false`'", "'2. `compile = true`'"),
   "torch.compile (the request has no field for compile's effect on saved activations and temporaries)", [47.77])

# ------------------------------------------------------------------ PR 985 (merged as 3b39d7ab0, 2025-03-19)
# 'Switch RMSNorm implementation to native PyTorch version (#985)', Jiani Wang. '### Performance metrics / Test by
#   training llama_8b model after switching to native nn.RMSNorm (training.seed = 0, deterministic=true):
#   - Before the change:  memory: 49.58GiB(52.20%)  tps: 5,233
#   - After the change:  memory: 49.66GiB(52.28%)  tps: 5,173'
# Tree 3b39d7ab0^: torchtitan/models/llama/train_configs/llama3_8b.toml (batch_size 1, seq_len 8192, compile false,
#   data_parallel_shard_degree -1, mode 'selective', selective_ac_option 'op', converters commented out);
#   run_train.sh NGPU 8 and PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; fused AdamW the default since #881
#   (6e4988550, an ancestor of 3b39d7ab0).
W985 = (f"{TT} pull request 985 ('Switch RMSNorm implementation to native PyTorch version', merged as "
        "3b39d7ab0f3d50500336ef83ce5df6894a746548, 2025-03-19), description, '### Performance metrics': '{line}'; "
        "configuration from torchtitan at 3b39d7ab0^ (torchtitan/models/llama/train_configs/llama3_8b.toml, run_train.sh)")
for cid, line, gib, norm in [
        ("titan-pr985-llama3-8b-before-h100x8", "Before the change:  memory: 49.58GiB(52.20%)  tps: 5,233", 49.58,
         "RMSNorm: torchtitan's own Python RMSNorm (norm_type 'rmsnorm', before the change): several eager kernels"),
        ("titan-pr985-llama3-8b-after-h100x8", "After the change:  memory: 49.66GiB(52.28%)  tps: 5,173", 49.66,
         "RMSNorm: native torch.nn.RMSNorm (after the change), itself a composite of eager kernels in PyTorch of early 2025")]:
    add(cid, "torchtitan-pr985-rmsnorm-h100-202503", W985.format(line=line),
        {"model": {"preset": "llama-3.1-8b", "seq": 8192},
         "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": 8, "allocator": "expandable_segments"},
         "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "zero": 3, "framework": "fsdp", "recompute": "selective-op",
                      "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32", "kernels": "eager",
                      "loss": "eager", "optimizer_kernel": "fused"},
         "batch": {"global": 8, "micro": 1}},
        gib,
        [LLAMA8B_ASSUMED, FSDP_ASSUMED, SAC_OP, norm + ": kernels eager (the request cannot tell the two apart)",
         "no torch.compile (compile false), no float8 converter; loss eager (upcast logits)",
         "attention through F.scaled_dot_product_attention (flash backend): flash_attention true",
         "8 GPUs: the description does not state the count; run_train.sh's NGPU default 8 taken, with batch_size 1 per "
         "rank: dp 8, global 8, no accumulation",
         H100_95 + " (52.20 % of 94.98 GiB)", EXPANDABLE,
         "optimizer: fused AdamW (torchtitan's default since #881, in this tree): optimizer_kernel fused",
         "the reading is the description's steady-state figure (which step is not said); training.seed 0 and "
         "deterministic true do not change memory in the request", NCCL])

# ------------------------------------------------------------------ DeepSeek-V3 16B in torchtitan
# Model args of the '16B' flavour (torchtitan/models/deepseek_v3/__init__.py at f738a03bf^, c4e229115^ and
# b109f7d713febb12231390b2c051986007e6b48a^, the same shape): vocab_size 102400, dim 2048, inter_dim 10944, moe_inter_dim 1408, n_layers 27,
# n_dense_layers 1, n_heads 16, 64 routed experts with top-6 (n_activated_experts 6 / top_k 6), 2 shared experts,
# q_lora_rank 0, kv_lora_rank 512, qk_nope_head_dim 128, qk_rope_head_dim 64, v_head_dim 128; softmax router.
DSV3_16B = {"layers": 27, "hidden": 2048, "heads": 16, "kv_heads": 16, "ffn": 10944, "vocab": 102400, "seq": 4096,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
            "tied_embeddings": False, "experts": 64, "top_k": 6, "expert_ffn": 1408, "q_lora_rank": 0,
            "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
            "shared_experts": 2, "shared_expert_ffn": 1408, "dense_layers": 1}
DSV3_ASSUMED = ("model: torchtitan's DeepSeek-V3 '16B' flavour (the DeepSeek-MoE-16B shape): 27 layers of 2048, 16 heads "
                "with MLA (q_lora_rank 0, kv_lora_rank 512, qk_nope 128 + rope 64, v 128), first layer dense (ffn 10944), "
                "64 routed experts of 1408 with 6 per token and 2 shared experts (torchtitan builds them as one SwiGLU "
                "of 2 x 1408, the same weights), vocab 102400, untied, RMSNorm, no biases: written inline")
ROUTING = "routing: no forced load balance in these runs; routing_imbalance left at the engine's default"

# PR 1610 (merged as f738a03bf, 2025-08-22), 'Switch DeepSeekV3 to Use FlexAttention by Default', Chien-Chin Huang.
#   Command: 'CONFIG_FILE="./torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml" ./run_train.sh
#   --training.steps=100 --parallelism.expert_parallel_degree=8'. 'SDPA:' 'Trainer is initialized with local batch
#   size 8, global batch size 64, gradient accumulation steps 1, sequence length 4096', 'step: 10 ... memory:
#   78.14GiB(82.25%)' and the same at steps 20-100 (step 1 63.55GiB). 'FlexAttention (now)': 'step: 10 ... memory:
#   78.14GiB(82.25%)' through step 100 (step 1 63.55GiB).
# Tree f738a03bf^: deepseek_v3_16b.toml local_batch_size 8, seq_len 4096, data_parallel_shard_degree -1,
#   expert_parallel_degree 8, expert_tensor_parallel_degree 1, activation_checkpoint 'selective' / 'op',
#   [compile] enable=true with components ["loss"]; use_flex_attn False for the 16B flavour before the PR (SDPA,
#   which for MLA's unequal V width falls back to the memory-efficient kernel, as the description says), True
#   with attn_mask_type 'block_causal' after it; run_train.sh NGPU 8, PYTORCH_ALLOC_CONF=expandable_segments:True.
W1610 = (f"{TT} pull request 1610 ('Switch DeepSeekV3 to Use FlexAttention by Default', merged as "
         "f738a03bf45e1c063aaffa6f7e4df2cfcb47de42, 2025-08-22), description, section '{sec}': rank-0 line 'step: 10 ... "
         "memory: 78.14GiB(82.25%)' (steps 20 to 100 print the same); configuration from the command in the description "
         "and torchtitan at f738a03bf^ (torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml, "
         "torchtitan/models/deepseek_v3/__init__.py, run_train.sh)")
COMMON_MOE_ASSUMED = [
    DSV3_ASSUMED, FSDP_ASSUMED.replace("over all ranks", "over all 8 ranks"), SAC_OP + " (torchtitan's MoE op policy)",
    "torch.compile on the loss only ([compile] components ['loss']); the model runs eager: kernels eager; the compiled "
    "cross-entropy is taken as loss fused (no fp32 copy of the logits kept beside the bf16 ones) — an assumption",
    "optimizer: fused AdamW (torchtitan's default since #881): optimizer_kernel fused",
    "global batch = local batch 8 x 8 data-parallel ranks = 64 sequences of 4096 (no accumulation); c4 packed to "
    "seq_len, every sequence full length", ROUTING, EXPANDABLE, NCCL]
for cid, sec, attn in [
        ("titan-pr1610-dsv3-16b-ep8-sdpa-h100x8", "SDPA:",
         "attention: SDPA before the PR; with MLA's V width (128) unequal to Q/K's (192) SDPA takes the memory-efficient "
         "kernel, which like flash keeps no score matrix: flash_attention true"),
        ("titan-pr1610-dsv3-16b-ep8-flex-h100x8", "FlexAttention (now)",
         "attention: FlexAttention with block_causal (document) masking after the PR; no score matrix kept: "
         "flash_attention true (the block mask itself is not in the request)")]:
    add(cid, "torchtitan-pr1610-dsv3-16b-ep8-h100-202508", W1610.format(sec=sec),
        {"model": dict(DSV3_16B),
         "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": 8, "allocator": "expandable_segments"},
         "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "ep": 8, "zero": 3, "framework": "fsdp",
                      "recompute": "selective-op", "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32",
                      "kernels": "eager", "loss": "fused", "optimizer_kernel": "fused"},
         "batch": {"global": 64, "micro": 8}},
        78.14,
        COMMON_MOE_ASSUMED + [attn,
                              "8 GPUs (NGPU default 8; the log's global batch 64 at local batch 8): dp 8, expert "
                              "parallel 8 carved from the FSDP ranks (expert_tensor_parallel_degree 1)",
                              H100_95 + " (82.25 % of 95.0 GiB)"])

# PR 1672 (merged as c4e229115, 2025-09-06), 'Save _to_copy and a2a in selective AC policy', Jeffrey Wan.
#   Command: 'CONFIG_FILE=./torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml ./run_train.sh
#   --parallelism.expert_parallel_degree 4 --model.hf_assets_path "./assets/hf/deepseek-moe-16b-base"'.
#   'Before (not saving a2a and to_copy)': 'step: 10  loss: 11.2800 ... memory: 70.02GiB(88.48%)' (step 1 61.72GiB).
#   'After (saving a2a and to_copy)': 'step: 10  loss: 11.2801 ... memory: 74.53GiB(94.17%)' (step 1 64.49GiB).
# Tree c4e229115^: deepseek_v3_16b.toml local_batch_size 8, seq_len 4096, data_parallel_shard_degree -1,
#   expert_parallel_degree 8 (overridden to 4 by the command), mode 'selective' / 'op', [compile] enable=true,
#   components ["loss"]; the 16B flavour with use_flex_attn True, attn_mask_type 'block_causal'.
W1672 = (f"{TT} pull request 1672 ('Save _to_copy and a2a in selective AC policy', merged as "
         "c4e2291155a4785bbef1d87dc64561a5ad54c121, 2025-09-06), description, '{sec}': rank-0 line '{line}'; "
         "configuration from the command in the description and torchtitan at c4e229115^ "
         "(torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml, torchtitan/models/deepseek_v3/__init__.py, "
         "run_train.sh)")
for cid, sec, line, gib, pol in [
        ("titan-pr1672-dsv3-16b-ep4-sac-before-h100-80gb-x8", "Before (not saving a2a and to_copy)",
         "step: 10  loss: 11.2800  grad_norm:  2.4321  memory: 70.02GiB(88.48%)", 70.02,
         "the per-op policy as it stood before the PR (the all-to-all outputs and _to_copy casts recomputed)"),
        ("titan-pr1672-dsv3-16b-ep4-sac-after-h100-80gb-x8", "After (saving a2a and to_copy)",
         "step: 10  loss: 11.2801  grad_norm:  2.4322  memory: 74.53GiB(94.17%)", 74.53,
         "the per-op policy of the PR, which also saves the all-to-all outputs and the _to_copy casts; the request "
         "cannot express the difference, so this case and its 'before' twin carry the same request")]:
    add(cid, "torchtitan-pr1672-dsv3-16b-sac-h100-80gb-202509", W1672.format(sec=sec, line=line),
        {"model": dict(DSV3_16B),
         "hardware": {"preset": "h100-sxm", "gpus": 8, "allocator": "expandable_segments"},
         "parallel": {"tp": 1, "pp": 1, "dp": 8, "cp": 1, "ep": 4, "zero": 3, "framework": "fsdp",
                      "recompute": "selective-op", "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32",
                      "kernels": "eager", "loss": "fused", "optimizer_kernel": "fused"},
         "batch": {"global": 64, "micro": 8}},
        gib,
        COMMON_MOE_ASSUMED + ["selective AC: " + pol,
                              "attention: FlexAttention with block_causal masking (use_flex_attn True in this tree): "
                              "flash_attention true",
                              "8 GPUs: NGPU default 8 (the description gives only the command): dp 8, expert parallel 4 "
                              "(the command's override)",
                              H100_80 + " (88.48 % of 79.1 GiB)",
                              "the reading is step 10 (log_freq 10), the first line after the optimizer states exist"])

# PR 1513 (merged as b109f7d713febb12231390b2c051986007e6b48a, 2025-08-01), '[DSV3] Add output.contiguous() in model to match llama3 (#1504)'.
#   Command: 'NGPU=8 CONFIG_FILE="./torchtitan/models/deepseek_v3/train_configs/deepseek_v3_16b.toml" ./run_train.sh
#   --parallelism.context-parallel-degree 2'; 'CUDA capacity: NVIDIA H100 with 95.00GiB memory', 'Trainer is
#   initialized with local batch size 8, global batch size 32, gradient accumulation steps 1, sequence length 4096',
#   'step:  1 ... memory: 53.49GiB(56.30%)', 'step: 10 ... memory: 71.08GiB(74.82%)', 'step: 20 ... memory:
#   71.08GiB(74.82%)'.
# Tree b109f7d713febb12231390b2c051986007e6b48a^: deepseek_v3_16b.toml local_batch_size 8, seq_len 4096, data_parallel_shard_degree -1,
#   expert_parallel_degree 1, activation_checkpoint mode 'full', compile = false; context_parallel_rotate_method
#   default 'allgather'; no use_flex_attn in the 16B args (SDPA).
W1513 = (f"{TT} pull request 1513 ('[DSV3] Add output.contiguous() in model to match llama3', merged as "
         "b109f7d713febb12231390b2c051986007e6b48a, 2025-08-01), description: rank-0 lines 'step: 10  loss: 11.5358 ... memory: 71.08GiB(74.82%)' and "
         "'step: 20 ... memory: 71.08GiB(74.82%)'; configuration from the log's own lines ('CUDA capacity: NVIDIA H100 "
         "with 95.00GiB memory', 'local batch size 8, global batch size 32, gradient accumulation steps 1, sequence "
         "length 4096') and torchtitan at b109f7d713febb12231390b2c051986007e6b48a^ (deepseek_v3_16b.toml, deepseek_v3/__init__.py, run_train.sh)")
add("titan-pr1513-dsv3-16b-cp2-fullac-h100x8", "torchtitan-pr1513-dsv3-16b-cp2-h100-202507", W1513,
    {"model": dict(DSV3_16B),
     "hardware": {"preset": "h100-sxm-96gb-500w", "gpus": 8, "allocator": "expandable_segments"},
     "parallel": {"tp": 1, "pp": 1, "dp": 4, "cp": 2, "ep": 1, "zero": 3, "framework": "fsdp", "recompute": "full",
                  "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32", "kernels": "eager",
                  "loss": "eager", "optimizer_kernel": "fused", "cp_attention": "all-gather"},
     "batch": {"global": 32, "micro": 8}},
    71.08,
    [DSV3_ASSUMED, FSDP_ASSUMED.replace("over all ranks", "over all 8 ranks (4 data-parallel x 2 context-parallel)"),
     "activation_checkpoint mode 'full' in this tree's 16B toml: recompute full",
     "no torch.compile (compile = false): kernels eager, loss eager",
     "expert_parallel_degree 1 in this tree: ep 1 (every expert's shard held by FSDP, no all-to-all)",
     "context parallel 2 with torchtitan's default rotate method 'allgather' (K and V gathered): cp_attention all-gather",
     "attention: SDPA (memory-efficient kernel for MLA's unequal V width): flash_attention true",
     "global batch 32 = local batch 8 x 4 data-parallel ranks (the log), one micro-batch per step",
     ROUTING, H100_95, EXPANDABLE,
     "optimizer: fused AdamW (torchtitan's default since #881): optimizer_kernel fused", NCCL])

# PR 2990 (merged as 114fedc966bea294f72ab2799ac54f8fcd6442ea, 2026-04-17), 'fix CP `n_tokens_seen` overcounting'.
#   'Before (DP=4, CP=1): torchrun --nproc_per_node=4 --local-rank 0 -m torchtitan.train --module llama3 --config
#   llama3_debugmodel_flex_attn --training.steps 5 --metrics.log_freq 1 --parallelism.data_parallel_shard_degree 4
#   --parallelism.context_parallel_degree 1 --training.global_batch_size 32 --training.seq_len 2048':
#   'step:  5 ... memory:  1.09GiB(1.38%)'; 'Before (DP=2, CP=2)' (same with shard 2, cp 2): 'memory:  0.65GiB(0.82%)';
#   'After (DP=4, CP=1)': 'step:  5 ... memory:  1.09GiB(1.38%)'; 'After (DP=2, CP=2)': 'step:  5 ... memory:
#   0.65GiB(0.82%)'.
# Tree 114fedc966bea294f72ab2799ac54f8fcd6442ea^: torchtitan/models/llama3/config_registry.py llama3_debugmodel: local_batch_size 8, seq_len 2048,
#   activation_checkpoint mode 'selective' (per-op only in this tree); llama3_debugmodel_flex_attn swaps in
#   FlexAttention with 'block_causal'; torchtitan/models/llama3/__init__.py _debugmodel: dim 256, n_heads 16,
#   n_layers 6, vocab 2048 (embedding and a separate output Linear), hidden_dim compute_ffn_hidden_dim(256,
#   multiple_of=256) = 768, n_kv_heads = n_heads; rope theta 500000. The percentages put the capacity at 79 GiB.
W2990 = (f"{TT} pull request 2990 ('fix CP `n_tokens_seen` overcounting', merged as 114fedc966bea294f72ab2799ac54f8fcd6442ea, 2026-04-17), "
         "description, '{sec}': rank-0 line 'step:  5 ... memory:  {gib:.2f}GiB({pct})'; configuration from the "
         "command in the description and torchtitan at 114fedc966bea294f72ab2799ac54f8fcd6442ea^ (torchtitan/models/llama3/config_registry.py, "
         "torchtitan/models/llama3/__init__.py, run_train.sh)")
DEBUG = {"layers": 6, "hidden": 256, "heads": 16, "kv_heads": 16, "ffn": 768, "vocab": 2048, "seq": 2048,
         "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
         "tied_embeddings": False}
for cid, sec, gib, pct, dp, cp in [
        ("titan-pr2990-llama3-debug-dp4-h100-80gb-x4", "After (DP=4, CP=1)", 1.09, "1.38%", 4, 1),
        ("titan-pr2990-llama3-debug-dp2-cp2-h100-80gb-x4", "After (DP=2, CP=2)", 0.65, "0.82%", 2, 2)]:
    par = {"tp": 1, "pp": 1, "dp": dp, "cp": cp, "zero": 3, "framework": "fsdp", "recompute": "selective-op",
           "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32", "kernels": "eager", "loss": "eager",
           "optimizer_kernel": "fused"}
    if cp > 1:
        par["cp_attention"] = "all-gather"
    add(cid, "torchtitan-pr2990-debugmodel-cp-h100-80gb-202604", W2990.format(sec=sec, gib=gib, pct=pct),
        {"model": dict(DEBUG), "hardware": {"preset": "h100-sxm", "gpus": 4, "allocator": "expandable_segments"},
         "parallel": par, "batch": {"global": 32, "micro": 8}},
        gib,
        ["model: torchtitan's llama3 'debugmodel' (6 layers of 256, 16 heads of 16, ffn 768, vocab 2048, untied, "
         "RMSNorm, SwiGLU, rotary): written inline; a 7 M-parameter model whose memory is mostly fixed overheads",
         FSDP_ASSUMED.replace("over all ranks (data_parallel_shard_degree -1)",
                              f"over the {dp * cp} ranks (data_parallel_shard_degree {dp} x context_parallel_degree {cp})"),
         SAC_OP, "no torch.compile: kernels eager, loss eager",
         "attention: FlexAttention with block_causal masking (llama3_debugmodel_flex_attn): flash_attention true",
         f"batch: global 32 sequences of 2048 (the command), local batch 8: {32 // (8 * dp)} micro-batch(es) per step on "
         f"each of the {dp} data-parallel ranks",
         ("context parallel 2 with torchtitan's default rotate method 'allgather': cp_attention all-gather"
          if cp > 1 else "no context parallelism"),
         "4 GPUs (--nproc_per_node=4) of one host. " + H100_80,
         "the reading is step 5 of 5 (log_freq 1); the 'Before' run of the same layout prints the same figure",
         "optimizer: fused AdamW (torchtitan's default): optimizer_kernel fused", EXPANDABLE, NCCL])

# ------------------------------------------------------------------ not expressible
# PR 808 (merged as 069bae286, 2025-02-27): llama3_8b.toml on 8 H100s with --training.compile:
#   'step: 20  loss:  8.4931  memory: 47.65GiB(50.16%)' (bf16 + compile); rowwise float8 + compile
#   'step: 30 ... memory: 47.77GiB(50.28%)'; tensorwise float8 with float8 all-gather + compile 'step: 20 ... memory:
#   47.32GiB(49.81%)'.
ne("torchtitan-pr808-float8-rowwise-h100-202502",
   f"{TT} pull request 808 (merged as 069bae28645726ce3d1d5866614cf05dae4011d3, 2025-02-27), description: 'baseline "
   "(bf16 + compile)' memory 47.65GiB(50.16%); 'rowwise float8 + compile' 47.77GiB(50.28%); 'tensorwise float8 with "
   "float8 all-gather' 47.32GiB(49.81%)",
   "torch.compile in every run (the request has no field for compile's effect on saved activations and temporaries); "
   "rowwise scaling and float8 all-gather besides", [47.65, 47.77, 47.32])
# PR 820 (merged as 88247277c, 2025-02-06): per-op AC + FSDP + compile + float8: rowwise WITH abs saved 58.55GiB,
#   WITHOUT 47.77GiB; tensorwise WITH and WITHOUT 47.77GiB.
ne("torchtitan-pr820-float8-sac-abs-h100-202502",
   f"{TT} pull request 820 (merged as 88247277c6b91b3490838dff08b0649c64c62e08, 2025-02-06), description '## "
   "Benchmarks': float8 row-wise WITH storing abs() 58.55GiB(61.63%), WITHOUT 47.77GiB(50.28%); tensorwise WITH and "
   "WITHOUT 47.77GiB(50.28%)",
   "torch.compile (the PR's subject is what compile saves for backward); the launch command is not given", [58.55, 47.77, 47.77, 47.77])
# PR 833 (merged as 473674acf, 2025-02-18): compile = true, float8 with FSDP float8 all-gather and
#   force_recompute_fp8_weight_in_bwd: 'step:  5 ... memory: 47.32GiB(49.81%)', 'step: 10 ... 47.32GiB(49.81%)'.
ne("torchtitan-pr833-float8-force-recompute-h100-202502",
   f"{TT} pull request 833 (merged as 473674acfddd51d40b524ddec5c7183494e0a5d7, 2025-02-18), description, test 1: "
   "'step: 10  loss: 10.0617  memory: 47.32GiB(49.81%)'",
   "torch.compile; float8 all-gather of FSDP (the low-format gather under fsdp is not modelled)", [47.32])
# PR 1672's 'after' is a case; PR 1616 (merged as 8a749c618, 2025-08-22): DeepSeek-V3 16B with
#   --parallelism.pipeline_parallel_degree=4, 'Building 2-D device mesh with ['pp', 'dp_shard'], [4, 2]',
#   'Using pipeline schedule Interleaved1F1B with 8 microbatches and 8 stages', LOG_RANK=6 (stages 3 and 7, the
#   last with norm and output): 'step: 10 ... memory: 67.11GiB(70.64%)'.
ne("torchtitan-pr1616-dsv3-16b-pp4-h100-202508",
   f"{TT} pull request 1616 ('Move the call to init_attention_mask to trainer', merged as "
   "8a749c61877471e2ca6f9d3aa4966d45462c2c15, 2025-08-22), description: rank 6 'step: 10  loss: 10.3629 ... memory: "
   "67.11GiB(70.64%)'",
   "the printed rank holds two interleaved stages (3 and 7, the last with the output head) while the compared figure "
   "is the engine's most loaded stage; with expert parallelism left at the toml's value over a 2-rank FSDP group the "
   "layout could not be pinned in the time set", [67.11])
# PR 1880 (merged as 92ed8b318, 2025-10-14): debug_model.toml with --parallelism.context_parallel_degree=8:
#   w/o the PR step 10 1.34GiB(1.41%), with it 0.25GiB(0.26%) (rank 4).
ne("torchtitan-pr1880-debugmodel-cp8-h100-202510",
   f"{TT} pull request 1880 ('[CP] Fix incorrect indentation', merged as 92ed8b318513e067075e831b7e43461d3e42157e, "
   "2025-10-14), description: rank 4 'step: 10 ... memory:  1.34GiB(1.41%)' without the fix, '0.25GiB(0.26%)' with it",
   "debug_model.toml of that tree sets selective_ac_option '2' (every second layer fully recomputed), which the "
   "request cannot express under fsdp; the 'without' run has the bug the PR fixes", [1.34, 0.25])

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1, ensure_ascii=False)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(rows, f, indent=1, ensure_ascii=False)
    f.write("\n")
print(len(cases), "cases,", len(rows), "not-expressible rows")
