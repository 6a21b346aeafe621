# Builds cases.json / not_expressible.json for the sealed MoE training set of 2026-12-06: the Megatron-Bridge
# performance summary's MoE rows of releases 26.02.01, 26.04, 26.04.01, 26.06, 26.06.01 and 26.08, none used before.
# Every published number is a table row of the cited markdown, written out below as it reads (the row's cells are
# parsed from that text, so the request and the citation cannot disagree). Where the row is silent, the release's
# performance preset (quoted below as the dataclass fields that differ from WorkloadBaseConfig's defaults, read from
# scripts/performance/configs/<family>/<family>_workload_base_configs.py at the release tag) fills the gap, and each
# case says so in its `assumed` list. Shapes are written out in full (not as preset names), as in 2026-12-03-moe.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- model shapes (the same as content/sealed/2026-12-03-moe/build_cases.py)
def deepseek_v3(mtp):
    return {"layers": 61, "hidden": 7168, "heads": 128, "kv_heads": 128, "ffn": 18432, "vocab": 129280, "seq": 4096,
            "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
            "tied_embeddings": False, "experts": 256, "top_k": 8, "expert_ffn": 2048,
            "q_lora_rank": 1536, "kv_lora_rank": 512, "qk_nope_head_dim": 128, "qk_rope_head_dim": 64, "v_head_dim": 128,
            "shared_experts": 1, "shared_expert_ffn": 2048, "dense_layers": 3, "router_bias": True, "mtp_layers": mtp}

def qwen3_30b_a3b():
    return {"layers": 48, "hidden": 2048, "heads": 32, "kv_heads": 4, "head_dim": 128, "qk_norm": True, "ffn": 6144,
            "vocab": 151936, "seq": 4096, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False,
            "dropout": False, "tied_embeddings": False, "experts": 128, "top_k": 8, "expert_ffn": 768}

def qwen3_235b_a22b():
    return {"layers": 94, "hidden": 4096, "heads": 64, "kv_heads": 4, "head_dim": 128, "qk_norm": True, "ffn": 12288,
            "vocab": 151936, "seq": 4096, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False,
            "dropout": False, "tied_embeddings": False, "experts": 128, "top_k": 8, "expert_ffn": 1536}

def gpt_oss_120b(seq):
    return {"layers": 36, "hidden": 2880, "heads": 64, "kv_heads": 8, "head_dim": 64, "ffn": 2880, "vocab": 201088,
            "seq": seq, "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": True, "dropout": False,
            "tied_embeddings": False, "experts": 128, "top_k": 4, "expert_ffn": 2880, "window": 128, "full_every": 2,
            "attention_sinks": True, "router_bias": True}

SHAPE = {"deepseek-v3": lambda: deepseek_v3(1), "qwen3-30b-a3b": qwen3_30b_a3b, "qwen3-235b-a22b": qwen3_235b_a22b,
         "gpt-oss-120b": lambda: gpt_oss_120b(4096)}
SHAPE_NOTE = {
    "deepseek-v3": "model: DeepSeek-V3 as released (deepseek-ai/DeepSeek-V3 config.json, which Megatron-Bridge's recipe loads through AutoBridge): 61 layers, hidden 7168, 128 heads, MLA (q_lora_rank 1536, kv_lora_rank 512, qk_nope 128 + rope 64, v 128), first 3 layers dense (ffn 18432), 256 routed experts of 2048 with 8 per token plus 1 shared expert of 2048, sigmoid router with score-correction bias, vocab 129280, untied (the shape of content/sealed/2026-12-03-moe)",
    "qwen3-30b-a3b": "model: Qwen3-30B-A3B as released (Qwen/Qwen3-30B-A3B config.json, loaded by the recipe through AutoBridge): 48 layers, hidden 2048, 32 query / 4 KV heads of head_dim 128, QK-norm, 128 experts of 768 with 8 per token, no shared expert, vocab 151936, untied (the shape of content/sealed/2026-12-03-moe)",
    "qwen3-235b-a22b": "model: Qwen3-235B-A22B as released (Qwen/Qwen3-235B-A22B config.json, loaded by the recipe through AutoBridge): 94 layers, hidden 4096, 64 query / 4 KV heads of head_dim 128, QK-norm, 128 experts of 1536 with 8 per token, no shared expert, vocab 151936, untied (the shape of content/sealed/2026-12-03-moe)",
    "gpt-oss-120b": "model: GPT-OSS-120B as released (openai/gpt-oss-120b config.json, loaded by the recipe through AutoBridge): 36 layers, hidden 2880, 64 query / 8 KV heads of 64, attention sinks, sliding window 128 on every other layer, biases, 128 experts of 2880 with 4 per token (router bias), vocab 201088, untied; its clamped SwiGLU is read as swiglu (the shape of content/sealed/2026-12-03-moe)",
}
MODEL_OF = {"DeepSeekV3": "deepseek-v3", "GPT OSS 120B": "gpt-oss-120b", "Qwen3_30B_a3B": "qwen3-30b-a3b",
            "Qwen3_235B_a22B": "qwen3-235b-a22b"}

def par(tp=1, pp=1, ep=1, vp=1, precision="bf16", recompute="none", sp=None, reduce_dtype=None,
        embedding_as_layer=False, loss_as_layer=False, last_stage_layers=0, etp=None):
    p = {"tp": tp, "pp": pp, "cp": 1, "ep": ep, "virtual_stages": vp}
    if etp is not None:  # written only where it differs from tp
        p["etp"] = etp
    if vp > 1:
        p["schedule"] = "interleaved"
    p.update({"zero": 1, "framework": "megatron", "sequence_parallel": (tp > 1) if sp is None else sp,
              "recompute": recompute, "flash_attention": True, "precision": precision})
    if reduce_dtype:
        p["reduce_dtype"] = reduce_dtype
    if embedding_as_layer:
        p["embedding_as_layer"] = True
    if loss_as_layer:
        p["loss_as_layer"] = True
    if last_stage_layers:
        p["last_stage_layers"] = last_stage_layers
    return p

cases, notx = [], []
def add(id, source, where, model, preset, gpus, parallel, gbs, mbs, kind, value, assumed):
    assert id not in {c["id"] for c in cases}, id
    cases.append({"id": id, "source": source, "where": where,
                  "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus},
                              "parallel": parallel, "batch": {"global": gbs, "micro": mbs}},
                  "published": {"kind": kind, "value": value}, "assumed": assumed})

# ---------------------------------------------------------------- the releases' performance presets (fields that differ from WorkloadBaseConfig's defaults, plus the degrees and batch)
PRESETS = {
    'v0.3.1:DEEPSEEK_V3_PRETRAIN_CONFIG_B200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 16, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 4096, 'micro_batch_size': 1, 'recompute_modules': ['mla_up_proj'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.3.1:GPT_OSS_120B_PRETRAIN_CONFIG_GB200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act']},
    'v0.3.1:GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act']},
    'v0.3.1:GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 4, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 1, 'recompute_modules': ['layernorm', 'moe_act']},
    'v0.3.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.3.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.3.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1': {'num_gpus': 16, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 16, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1024, 'micro_batch_size': 1, 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.3.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.3.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_H100_FP8_CS_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 2, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 4, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'moe_flex_dispatcher_backend': 'deepep', 'moe_a2a_overlap': True},
    'v0.4.0:DEEPSEEK_V3_PRETRAIN_CONFIG_B200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 16, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 4096, 'micro_batch_size': 1, 'recompute_modules': ['mla_up_proj'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:GPT_OSS_120B_PRETRAIN_CONFIG_GB200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act'], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True},
    'v0.4.0:GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 4, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 1, 'recompute_modules': ['layernorm', 'moe_act']},
    'v0.4.0:QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1': {'num_gpus': 16, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 16, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1024, 'micro_batch_size': 1, 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 3, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.0:QWEN3_235B_A22B_PRETRAIN_CONFIG_H100_FP8_CS_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 2, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 4, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'moe_a2a_overlap': True},
    'v0.4.1:DEEPSEEK_V3_PRETRAIN_CONFIG_B200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 16, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 4096, 'micro_batch_size': 1, 'recompute_modules': ['mla_up_proj'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:GPT_OSS_120B_PRETRAIN_CONFIG_GB200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act'], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True},
    'v0.4.1:GPT_OSS_120B_PRETRAIN_CONFIG_B200_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'recompute_modules': ['layernorm', 'moe_act'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:GPT_OSS_120B_PRETRAIN_CONFIG_H100_BF16_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 4, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 1, 'recompute_modules': ['layernorm', 'moe_act']},
    'v0.4.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_B200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1': {'num_gpus': 16, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 16, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1024, 'micro_batch_size': 1, 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 3, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'cuda_graph_impl': 'transformer_engine', 'cuda_graph_scope': ['attn', 'moe_router', 'moe_preprocess'], 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.4.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_H100_FP8_CS_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 2, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 4, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'moe_a2a_overlap': True},
    'v0.4.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_B200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1},
    'v0.5.0:GPT_OSS_120B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'recompute_modules': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
    'v0.5.0:QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
    'v0.5.0:QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1': {'num_gpus': 16, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 16, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1024, 'micro_batch_size': 1, 'moe_flex_dispatcher_backend': 'hybridep'},
    'v0.5.0:QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 3, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
    'v0.5.1:GPT_OSS_120B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 64, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 64, 'expert_tensor_parallel_size': 1, 'global_batch_size': 1280, 'micro_batch_size': 4, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'recompute_modules': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
    'v0.5.1:QWEN3_30B_A3B_PRETRAIN_CONFIG_GB200_FP8_MX_V1': {'num_gpus': 8, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 1, 'virtual_pipeline_model_parallel_size': None, 'expert_model_parallel_size': 8, 'expert_tensor_parallel_size': 1, 'global_batch_size': 512, 'micro_batch_size': 4, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
    'v0.5.1:QWEN3_235B_A22B_PRETRAIN_CONFIG_GB200_FP8_MX_V2': {'num_gpus': 256, 'tensor_model_parallel_size': 1, 'pipeline_model_parallel_size': 8, 'virtual_pipeline_model_parallel_size': 3, 'expert_model_parallel_size': 32, 'expert_tensor_parallel_size': 1, 'global_batch_size': 8192, 'micro_batch_size': 1, 'cuda_graph_impl': 'full_iteration', 'cuda_graph_scope': [], 'moe_flex_dispatcher_backend': 'hybridep', 'moe_a2a_overlap': True, 'cutedsl_fused_grouped_mlp': True, 'fp8_dot_product_attention': True},
}

DOC_ARCHIVE = "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary-archive.md at commit 067f987df03b8355b03192d88d70f1709fedf51a"
DOC_CURRENT = "NVIDIA-NeMo/Megatron-Bridge docs/performance-summary.md at commit 067f987df03b8355b03192d88d70f1709fedf51a"
REL = {
    "26.02.01": {"tag": "v0.3.1", "commit": "9c9dd848966322fc3ed7706747ec13219ef49dda", "date": "2026-03-20", "doc": DOC_ARCHIVE, "fsdp": True,
                 "which": "docs/releases/known-issues.md at 067f987df says 'Fixed in 26.02.01 (r0.3.1)', so the 26.02.01 container carries Megatron-Bridge r0.3.1",
                 "history": "first published in docs/performance-summary.md at cfeddcd9445817a85ff58549d407fa700b1f8ace (2026-03-21, '2602_perf_table_reorder and patch container data'), moved unchanged to the archive at 74695a06d759adcab3d782193127969213e4f005 (2026-04-17)"},
    "26.04": {"tag": "v0.4.0", "commit": "0fbfe7d3e970fbd75c1281d71cee586ce1f3df5e", "date": "2026-04-16", "doc": DOC_ARCHIVE, "fsdp": True,
              "which": "docs/releases/software-versions.md at 067f987df lists Megatron-Bridge 0.4.0 in NeMo Framework 26.04",
              "history": "first published in docs/performance-summary.md at 74695a06d759adcab3d782193127969213e4f005 (2026-04-17, '2604 perf summary'), moved unchanged to the archive at 17a381f9569ef68dde89bfef0be1e0d33192b9e8 (2026-05-16)"},
    "26.04.01": {"tag": "v0.4.1", "commit": "f9b6319e58494b9a655b4789724df715aebabaef", "date": "2026-05-06", "doc": DOC_ARCHIVE, "fsdp": True,
                 "which": "ASSUMED: no page names the Megatron-Bridge of the 26.04.01 container; v0.4.1 (2026-05-06) is the last tag before the section was first published (2026-05-16); its MoE workload presets equal v0.4.0's for every row used here (v0.4.2 came 2026-05-28)",
                 "history": "first published in docs/performance-summary.md at 17a381f9569ef68dde89bfef0be1e0d33192b9e8 (2026-05-16, '2604_patch_perf_summary'), several values corrected at 21d102f5ecbaa9307bb7eb0a9b0850cdf2f4bbd6 (2026-05-27, '26.04.01_perf_summary'), moved to the archive at 63b08b397a3ee37edf439c7be0b24d7439d8cf23 (2026-06-15) with the corrected values"},
    "26.06": {"tag": "v0.5.0", "commit": "fcbb6031103d0ca845c1a54d4fee55ecfcca17b6", "date": "2026-06-16", "doc": DOC_ARCHIVE, "fsdp": False,
              "which": "docs/releases/software-versions.md at 067f987df lists Megatron-Bridge 0.5.0 in NeMo Framework 26.06",
              "history": "first published in docs/performance-summary.md at 63b08b397a3ee37edf439c7be0b24d7439d8cf23 (2026-06-15, '26.06 perf summary'), rows changed at c270efc505ff6b822d595a75d8f748b277d9509d (2026-06-16, '26.06 perf summary updates') and B300 rows added at 8f341b04f (2026-06-22), moved to the archive at 381d0b8251f297fc0e430c9d0899bddf24e413cb (2026-07-21)"},
    "26.06.01": {"tag": "v0.5.1", "commit": "5cb3444c43f7499cf3872b2d46870cf8bc2e00ce", "date": "2026-07-20", "doc": DOC_ARCHIVE, "fsdp": False,
                 "which": "ASSUMED: no page names the Megatron-Bridge of the 26.06.01 container; v0.5.1 (2026-07-20) is the r0.5 tag of the day before the section was first published (2026-07-21)",
                 "history": "first published in docs/performance-summary.md at 381d0b8251f297fc0e430c9d0899bddf24e413cb (2026-07-21, '26.06.01 perf summary'), moved unchanged to the archive at 4ab94dfad36641cabdeb96452b21bf676aac4772 (2026-08-11)"},
    "26.08": {"tag": "v0.6.0", "commit": "51885cf132b2814188b6855c25a8588254274c2a", "date": "2026-08-19", "doc": DOC_CURRENT, "fsdp": False,
              "which": "ASSUMED: no page names the Megatron-Bridge of the 26.08 container; v0.6.0 (2026-08-19) is the first tag after the section was published (2026-08-11). Its performance recipes moved to src/megatron/bridge/perf_recipes/<family>/<gpu>/; the recipe files read here (gpt_oss/gb200/gpt_oss.py, gpt_oss/common.py, qwen/common.py) are identical at 4ab94dfad and v0.6.0, and qwen/gb200/qwen3_moe.py differs between the two only in NVFP4 recipes",
              "history": "published in docs/performance-summary.md at 4ab94dfad36641cabdeb96452b21bf676aac4772 (2026-08-11, 'docs: update performance summary for 26.08 (#5496)'), unchanged at 067f987df"},
}
def src_id(rel):
    return f"megatron-bridge-perf-{rel}-moe"

SYS = {"DGX-GB200": "gb200-nvl72", "DGX-B200": "b200", "DGX-H100": "h100-sxm"}
GPU_KEY = {"gb200-nvl72": "GB200", "b200": "B200", "h100-sxm": "H100"}

def parse(rel, row):
    c = [x.strip() for x in row.split("|")]
    if REL[rel]["fsdp"]:
        sysname, gpus, prec, gbs, mbs, seq, fsdp, tp, pp, cp, vp, ep, tok, tfl = c
        assert fsdp == "0", row
    else:
        sysname, gpus, prec, gbs, mbs, seq, tp, pp, cp, vp, ep, tok, tfl = c
    assert cp == "1", row
    return {"system": sysname, "gpus": int(gpus), "prec": prec, "gbs": int(gbs), "mbs": int(mbs), "seq": int(seq),
            "tp": int(tp), "pp": int(pp), "vp": 1 if vp == "n/a" else int(vp), "ep": int(ep), "tok": int(tok)}

COMMON = [
    "measured figure: 'Tokens / sec / GPU' column; the page's footnote [^moe-training-note] says MoE benchmarks force-balance the tokens among experts and are token-dropless, so every expert gets top_k x tokens / experts tokens, as the engine assumes (routing_imbalance left at 1)",
    "zero 1: the recipes use Megatron's distributed optimizer (use_distributed_optimizer=True); FSDP column 0 where the section has one",
    "reduce_dtype bf16: the perf scripts set cfg.ddp.grad_reduce_in_fp32 = False and cfg.mixed_precision.grad_reduce_in_fp32 = False (set_<family>_common_configs in scripts/performance/configs, _benchmark_common in src/megatron/bridge/perf_recipes/_common.py at v0.6.0)",
    "flash_attention true: Transformer Engine fused attention (cuDNN) in every Megatron-Bridge recipe; not stated on the page",
    "global batch, micro-batch, sequence length and the degrees are the table row's; the release's performance preset for this model, system and precision is used only for what the row does not state, and the case says whether its degrees and batch match the row",
    "rank order: Megatron-Core's default tp-cp-ep-dp-pp (not set by scripts/performance), the engine's default order",
]
PREC = {"BF16": "bf16", "MXFP8": "mxfp8", "FP8": "fp8-current"}
PREC_NOTE = {
    "mxfp8": "precision MXFP8 = mxfp8: get_precision_config('fp8_mx') / _perf_precision('fp8_mx') = bf16_with_mxfp8_mixed (1x32 blocks with E8M0 scales); the router and, unless said below, the attention core stay bf16",
    "fp8-current": "precision: the page writes only 'FP8' for H100; the release's Qwen3 presets for H100 are BF16 and FP8_CS only (QWEN3_*_H100_BF16_* and QWEN3_*_H100_FP8_CS_*), so FP8 = FP8 current scaling = fp8-current (bf16_with_fp8_current_scaling_mixed) is assumed, as in content/sealed/2026-12-03-moe",
    "bf16": "precision bf16: get_precision_config('bf16') = bf16_mixed",
}
RECOMPUTE_SEL = ("recompute selective (Megatron's recompute_granularity 'selective'): the preset recomputes only the modules {mods}; the engine's "
                 "'selective' counts only the attention-score recompute (nothing with flash attention), so the extra forward work of these modules is not counted")

FIELD = {"tensor_model_parallel_size": "tp", "pipeline_model_parallel_size": "pp", "virtual_pipeline_model_parallel_size": "vp",
         "expert_model_parallel_size": "ep", "global_batch_size": "gbs", "micro_batch_size": "mbs", "num_gpus": "gpus"}

def preset_name(model, key, prec):
    p = {"bf16": "BF16", "mxfp8": "FP8_MX", "fp8-current": "FP8_CS"}[prec]
    return {"deepseek-v3": f"DEEPSEEK_V3_PRETRAIN_CONFIG_{key}_{p}_V2", "gpt-oss-120b": f"GPT_OSS_120B_PRETRAIN_CONFIG_{key}_{p}_V2",
            "qwen3-30b-a3b": f"QWEN3_30B_A3B_PRETRAIN_CONFIG_{key}_{p}_V1", "qwen3-235b-a22b": f"QWEN3_235B_A22B_PRETRAIN_CONFIG_{key}_{p}_V2"}[model]
PRESET_FILE = {"deepseek-v3": "scripts/performance/configs/deepseek/deepseek_workload_base_configs.py",
               "gpt-oss-120b": "scripts/performance/configs/gpt_oss/gpt_oss_workload_base_configs.py",
               "qwen3-30b-a3b": "scripts/performance/configs/qwen/qwen3_workload_base_configs.py",
               "qwen3-235b-a22b": "scripts/performance/configs/qwen/qwen3_workload_base_configs.py"}
DISPATCH_FN = {  # scripts/performance/configs/<family>/<family>_llm_pretrain.py: token dispatcher type each function sets
    ("qwen3-235b-a22b", "GB200"): "qwen3_235b_a22b_pretrain_config_gb200 sets moe_token_dispatcher_type 'flex' and tp_comm_overlap True (moot at TP 1)",
    ("qwen3-235b-a22b", "B200"): "qwen3_235b_a22b_pretrain_config_b200 sets moe_token_dispatcher_type 'alltoall' and tp_comm_overlap True (moot at TP 1)",
    ("qwen3-235b-a22b", "H100"): "qwen3_235b_a22b_pretrain_config_h100 sets moe_token_dispatcher_type 'alltoall' and CommOverlapConfig(tp_comm_overlap=False): tp_overlap false (the engine's default, not written)",
    ("qwen3-30b-a3b", "GB200"): "qwen3_30b_a3b_pretrain_config_gb200 sets moe_token_dispatcher_type 'flex' (with the preset's flex backend)",
    ("qwen3-30b-a3b", "B200"): "qwen3_30b_a3b_pretrain_config_b200 sets moe_token_dispatcher_type 'flex' (with the preset's flex backend)",
    ("qwen3-30b-a3b", "H100"): "qwen3_30b_a3b_pretrain_config_h100 sets moe_token_dispatcher_type 'flex' (with the preset's flex backend)",
    ("gpt-oss-120b", "GB200"): "gpt_oss_120b_pretrain_config_gb200 calls apply_flex_dispatcher_backend with the preset's moe_flex_dispatcher_backend when the preset names one (else Megatron's all-to-all dispatcher); TP 1, so no TP communication overlap",
    ("gpt-oss-120b", "B200"): "gpt_oss_120b_pretrain_config_b200 calls apply_flex_dispatcher_backend with the preset's moe_flex_dispatcher_backend when the preset names one (else Megatron's all-to-all dispatcher); TP 1",
    ("gpt-oss-120b", "H100"): "gpt_oss_120b_pretrain_config_h100 calls apply_flex_dispatcher_backend with the preset's moe_flex_dispatcher_backend when the preset names one (else Megatron's all-to-all dispatcher); TP 1",
    ("deepseek-v3", "B200"): "deepseek_v3_pretrain_config_b200 copies the preset's moe_flex_dispatcher_backend onto the model and sets recompute_granularity 'selective' (set_deepseek_v3_common_configs)",
}
NOT_EXPR = {  # preset fields the request cannot carry
    "moe_flex_dispatcher_backend": lambda v: f"the {v} flex token dispatcher (moe_flex_dispatcher_backend '{v}')",
    "moe_a2a_overlap": lambda v: "moe_a2a_overlap True (overlap_moe_expert_parallel_comm and delay_wgrad_compute: the expert all-to-all overlapped with the other micro-batch's compute)" if v else None,
    "cuda_graph_impl": lambda v: (f"CUDA graphs ({v})" if v not in (None, "none") else None),
    "cutedsl_fused_grouped_mlp": lambda v: "a CuTe DSL fused grouped MLP kernel (cutedsl_fused_grouped_mlp True)" if v else None,
    "fp8_dot_product_attention": lambda v: "FP8 attention (fp8_dot_product_attention True; the engine runs the attention core in bf16)" if v else None,
}

def preset_notes(rel, model, key, prec, r):
    info = REL[rel]
    name = preset_name(model, key, prec)
    p = PRESETS[f"{info['tag']}:{name}"]
    where = f"Megatron-Bridge {info['tag']} ({info['commit']}) {PRESET_FILE[model]} {name}"
    diffs = []
    for f, k in FIELD.items():
        pv = p.get(f)
        rv = r[k]
        if k == "vp":
            pv = 1 if pv is None else pv
        if pv != rv:
            diffs.append(f"{k} {pv} where the row says {rv}")
    text = where + " = " + json.dumps(p, sort_keys=True) + ("; its degrees and batch match the row" if not diffs else
            "; it differs from the row in " + ", ".join(diffs) + " (the row's were taken), so its other settings may not describe this run")
    nx = [f(p[k]) for k, f in NOT_EXPR.items() if k in p and p[k] is not None]
    if model == "qwen3-235b-a22b" and key == "B200" and "moe_flex_dispatcher_backend" in p:
        nx = [x for x in nx if "flex" not in x]
    nx = [x for x in nx if x]
    if p.get("cuda_graph_scope"):
        nx = [x.replace("CUDA graphs (transformer_engine)", "Transformer Engine CUDA graphs of " + ", ".join(p["cuda_graph_scope"])) for x in nx]
    out = ["preset: " + text, "dispatcher: " + DISPATCH_FN[(model, key)] + " (" + info["tag"] + ")"]
    out.append("not expressible in the request, recorded: " + ("; ".join(nx) if nx else "nothing beyond the notes above (Megatron's all-to-all dispatcher, no CUDA graphs, no expert-communication overlap in the preset)"))
    return p, out

def mb(rel, section, row, extra=(), v060=None):
    info = REL[rel]
    S = src_id(rel)
    model = MODEL_OF[section]
    r = parse(rel, row)
    preset = SYS[r["system"]]
    key = GPU_KEY[preset]
    prec = PREC[r["prec"]]
    if prec == "fp8-current":
        assert key == "H100", row
    shape = SHAPE[model]()
    assert shape["seq"] == r["seq"], row
    a = list(COMMON) + [PREC_NOTE[prec], SHAPE_NOTE[model],
         f"software: NeMo {rel} container; configuration gaps filled from Megatron-Bridge {info['tag']} ({info['commit']}, {info['date']}): {info['which']}",
         f"history of the row: {info['history']}"]
    if v060 is None:
        p, notes = preset_notes(rel, model, key, prec, r)
        mods = p.get("recompute_modules")
    else:
        mods, notes = v060
    a += notes
    kw = {}
    rec = "none"
    if model == "deepseek-v3":
        rec = "selective"
        a.append(RECOMPUTE_SEL.format(mods=mods))
        a.append("MTP: not stated on the page; the deepseek_v3 recipe's mtp_num_layers default is 1 and scripts/performance does not change it, so mtp_layers 1")
        assert r["pp"] == 16 and r["vp"] == 1
        a.append(f"pipeline split: src/megatron/bridge/recipes/deepseek/deepseek_v3.py layout_map[(16, 1)] at {info['tag']} = [embedding + 4 layers], 14 x [4 layers], [1 layer + MTP + loss]; written as last_stage_layers 1 (the other 15 stages hold 60 / 15 = 4) with the MTP module on the last stage")
        kw["last_stage_layers"] = 1
    elif model == "gpt-oss-120b":
        if mods:
            rec = "selective"
            a.append(RECOMPUTE_SEL.format(mods=mods))
        else:
            a.append("recompute none: the preset's recompute_modules is empty (no module is recomputed)")
        if r["pp"] > 1:
            a.append(f"pipeline split: 36 layers over {r['pp']} stages, {36 // r['pp']} each (the gpt_oss recipe does not account for embedding or loss)")
    elif model == "qwen3-30b-a3b":
        a.append("recompute none: set_qwen3_common_configs (scripts/performance/configs/qwen/qwen3_llm_pretrain.py) / the v0.6.0 perf recipe sets recompute_granularity = None; no recompute modules in the preset")
        if r["pp"] > 1:
            n = 48 // (r["pp"] * r["vp"])
            a.append(f"pipeline split: 48 layers over {r['pp']} stages x {r['vp']} virtual stages, {n} each (the 30B recipe does not account for embedding or loss)")
    elif model == "qwen3-235b-a22b":
        a.append("recompute none: set_qwen3_common_configs / the v0.6.0 perf recipe sets recompute_granularity = None; no recompute modules in the preset")
        chunks = r["pp"] * r["vp"]
        assert 96 % chunks == 0, row
        a.append(f"pipeline split: qwen3_235b_a22b_pretrain_config sets account_for_embedding_in_pipeline_split and account_for_loss_in_pipeline_split = True (src/megatron/bridge/recipes/qwen/qwen3_moe.py, at v0.6.0 src/megatron/bridge/recipes/qwen/h100/qwen3_moe.py): 94 layers + embedding + loss = 96 slots = {r['pp']} stages x {r['vp']} virtual stage(s) of {96 // chunks}")
        kw.update(embedding_as_layer=True, loss_as_layer=True)
        if r["tp"] == 2:
            a.append("expert tensor parallelism 1 under tp 2 = parallel etp 1: BASE_QWEN3_235B_A22B_CONFIG sets expert_tensor_parallel_size=1 and the H100 preset inherits it; each expert is whole on its rank, EP 32 x ETP 1 = the 32 ranks of a pipeline stage (TP 2 x DP 16)")
            a.append("sequence_parallel true: WorkloadBaseConfig.sequence_parallel = tensor_model_parallel_size > 1 (scripts/performance/utils/utils.py), written to the model by set_workload_base_configs")
            kw.update(etp=1, sp=True)
    if r["tp"] == 1:
        a.append("expert tensor parallelism 1 (expert_tensor_parallel_size=1 in the preset) equals tp 1 here, so the engine's experts-split-over-tp matches")
    a += list(extra)
    where = f"{info['doc']}, section '{rel} NeMo Container' > 'Pre-Training Performance' > 'Model: {section}', row '{row}'"
    add(f"{S}-{model}-{preset}-{r['gpus']}-{prec}", S, where, shape, preset, r["gpus"],
        par(tp=r["tp"], pp=r["pp"], ep=r["ep"], vp=r["vp"], precision=prec, recompute=rec, reduce_dtype="bf16", **kw),
        r["gbs"], r["mbs"], "tokens_per_second_per_gpu", r["tok"], a)

def nx(rel, where, reason):
    notx.append({"source": src_id(rel), "where": f"{REL[rel]['doc']}, section '{rel} NeMo Container' > 'Pre-Training Performance', {where}", "reason": reason})

NO_PRESET = "no GB300 or B300 hardware preset (content/presets/hardware.json has a100-80gb, h100-sxm, h200, b200, gb200-nvl72 and their variants)"
NEMOTRON = ("model not expressible: the Nemotron 3 models (and Nemotron 3.5 Lightning, whose performance recipe is in src/megatron/bridge/perf_recipes/nemotronh at 067f987df) are "
            "NemotronH hybrid Mamba-Transformer MoE models (their recipes in src/megatron/bridge/recipes/nemotronh CUDA-graph 'mamba' modules beside 'attn' and the MoE router); "
            "the engine's model has no state-space layers")
DSV3_PP4VP4 = ("pipeline layout not expressible: PP 4 x VP 4 with deepseek_v3.py layout_map[(4, 4)] (first virtual stage embedding + 4, then 14 x 4, last 1 + MTP + loss) puts 4, 4, 4, 1 layers in the last stage's virtual chunks; "
               "the engine splits a stage's layers evenly over its virtual stages (first/last_stage_layers must divide by virtual_stages)")
KIMI = "no GB300 hardware preset (the only row is DGX-GB300); the run also used the Muon optimizer (the section's note), which the engine does not cost"

# ================================================================ the rows
V060 = "Megatron-Bridge v0.6.0 (51885cf132b2814188b6855c25a8588254274c2a) src/megatron/bridge/perf_recipes/"
FULLITER_NX = ("not expressible in the request, recorded: full-iteration CUDA graphs (cuda_graph_impl 'full_iteration'), the HybridEP flex dispatcher "
               "(moe_token_dispatcher_type 'flex', moe_flex_dispatcher_backend 'hybridep'), FP8 attention (fp8_dot_product_attention True; the engine runs "
               "the attention core in bf16), the expert all-to-all overlapped with the other micro-batch's compute (overlap_moe_expert_parallel_comm and "
               "delay_wgrad_compute True), the Transformer Engine op fuser, paged stashing of expert activations (moe_paged_stash, "
               "moe_expert_rank_capacity_factor 1.5: a memory setting, the routing stays force-balanced)")
V060_NOTES = {
    "gpt-oss-120b": ([], ["preset: " + V060 + "gpt_oss/gb200/gpt_oss.py gpt_oss_120b_pretrain_64gpu_gb200_fp8mx_config: TP 1, PP 1, EP 64, sequence_parallel False, global batch 1280, micro-batch 4 (matches the row); _benchmark_common, then _apply_gpt_oss_120b_full_iter_fp8mx_configs (gpt_oss/common.py), then recompute_modules = [] (no module recomputed), fp8_output_proj True",
                          "dispatcher: _apply_gpt_oss_120b_full_iter_fp8mx_configs sets moe_token_dispatcher_type 'flex' with moe_flex_dispatcher_backend 'hybridep'; CommOverlapConfig(tp_comm_overlap=False)",
                          FULLITER_NX]),
    "qwen3-30b-a3b": ([], ["preset: " + V060 + "qwen/gb200/qwen3_moe.py qwen3_30b_a3b_pretrain_8gpu_gb200_fp8mx_config: TP 1, PP 1, CP 1, no VP, EP 8, sequence_parallel False, global batch 512, micro-batch 4, seq 4096 (matches the row); recompute_granularity None; moe_router_force_load_balancing True; _benchmark_common, then _enable_hybridep_full_iteration_mxfp8 (qwen/common.py)",
                           "dispatcher: the recipe sets moe_token_dispatcher_type 'flex' with moe_flex_dispatcher_backend 'hybridep'; _enable_hybridep_full_iteration_mxfp8 passes CommOverlapConfig(tp_comm_overlap=True, overlap_moe_expert_parallel_comm=True, delay_wgrad_compute=True) (TP overlap moot at TP 1)",
                           FULLITER_NX]),
    "qwen3-235b-a22b": ([], ["preset: " + V060 + "qwen/gb200/qwen3_moe.py qwen3_235b_a22b_pretrain_256gpu_gb200_fp8mx_config: TP 1, PP 8, CP 1, VP 3, EP 32, sequence_parallel False, global batch 8192, micro-batch 1, seq 4096 (matches the row); recompute_granularity None; moe_router_force_load_balancing True; _benchmark_common, then _enable_hybridep_full_iteration_mxfp8 (qwen/common.py)",
                             "dispatcher: the recipe sets moe_token_dispatcher_type 'flex' with moe_flex_dispatcher_backend 'hybridep'; _enable_hybridep_full_iteration_mxfp8 passes CommOverlapConfig(tp_comm_overlap=True, overlap_moe_expert_parallel_comm=True, delay_wgrad_compute=True) (TP overlap moot at TP 1)",
                             FULLITER_NX]),
}
H100_30B_MISMATCH = ("the row's layout (PP 2 x VP 12, EP 8) is the 26.02 section's (the v0.3.0 preset QWEN3_30B_A3B_PRETRAIN_CONFIG_H100_FP8_CS_V1, "
                     "see content/sealed/2026-12-03-moe), not v0.3.1's preset (PP 1, EP 16); which settings the run used beyond the row is not known")
GPTOSS_B200_MISMATCH = "v0.3.1's B200 BF16 V2 preset says EP 64 where the row says EP 8 (v0.4.0's says EP 8 with the HybridEP backend); which dispatcher this run used is not known"
R_0401_FIRST = {
    "qwen3-235b-a22b-gb200": "the row first read 5696 tokens/s/GPU (843 TFLOP/s) at 17a381f95 (2026-05-16) and was corrected to 5680 (840) at 21d102f5e (2026-05-27); the corrected value is the archive's and is taken",
    "qwen3-235b-a22b-h100": "the row first read 1696 tokens/s/GPU (252 TFLOP/s) at 17a381f95 (2026-05-16) and was corrected to 1712 (253) at 21d102f5e (2026-05-27); the corrected value is the archive's and is taken",
}

# ----- 26.02.01
R = "26.02.01"
mb(R, "DeepSeekV3", "DGX-B200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 16 | 1 | n/a | 8 | 2790 | 725")
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 64 | 15754 | 428")
mb(R, "GPT OSS 120B", "DGX-B200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 13722 | 373", [GPTOSS_B200_MISMATCH])
mb(R, "GPT OSS 120B", "DGX-H100 | 64 | BF16 | 1280 | 1 | 4096 | 0 | 1 | 4 | 1 | n/a | 8 | 5984 | 163")
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26373 | 607")
mb(R, "Qwen3_30B_a3B", "DGX-B200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26695 | 614")
mb(R, "Qwen3_30B_a3B", "DGX-H100 | 16 | FP8 | 1024 | 1 | 4096 | 0 | 1 | 2 | 1 | 12 | 8 | 9058 | 208", [H100_30B_MISMATCH])
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | n/a | 32 | 5530 | 819")
mb(R, "Qwen3_235B_a22B", "DGX-H100 | 256 | FP8 | 8192 | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 1611 | 238")
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 4021 | 1046'", DSV3_PP4VP4)
nx(R, "every DGX-GB300 and DGX-B300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (GB300: 4691, 19366, 30411, 6583; B300: 3099, 15031, 29454, 2644 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Kimi_K2', row 'DGX-GB300 | 256 | MXFP8 | 4096 | 2 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 5072 | 1037'", KIMI)
nx(R, "'Model: Nemotron_3_Nano', all four rows (GB300 37664, GB200 33934, B300 35861, H100 14890 tokens/s/GPU)", NEMOTRON)

# ----- 26.04
R = "26.04"
mb(R, "DeepSeekV3", "DGX-B200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 16 | 1 | n/a | 8 | 2815 | 732",
   ["v0.4.0 (2026-04-16) still has the PP 16 / EP 8 B200 preset; it was replaced by PP 8 x VP 2, EP 32 on 2026-04-18 (5acef9309 'b200 DSv3 better cfg'), the layout of the 26.04.01 row"])
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 64 | 15938 | 433")
mb(R, "GPT OSS 120B", "DGX-B200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 13045 | 355")
mb(R, "GPT OSS 120B", "DGX-H100 | 64 | BF16 | 1280 | 1 | 4096 | 0 | 1 | 4 | 1 | n/a | 8 | 5810 | 158")
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26032 | 599")
mb(R, "Qwen3_30B_a3B", "DGX-B200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26859 | 618")
mb(R, "Qwen3_30B_a3B", "DGX-H100 | 16 | FP8 | 1024 | 1 | 4096 | 0 | 1 | 1 | 1 | n/a | 16 | 8901 | 205")
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | 3 | 32 | 5672 | 840")
mb(R, "Qwen3_235B_a22B", "DGX-H100 | 256 | FP8 | 8192 | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 1686 | 250")
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 4193 | 1090'", DSV3_PP4VP4)
nx(R, "every DGX-GB300 and DGX-B300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (GB300: 4965, 19275, 31470, 6994; B300: 3131, 15114, 30553, 4865 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Kimi_K2', row 'DGX-GB300 | 256 | MXFP8 | 4096 | 2 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 5332 | 1090'", KIMI)
nx(R, "'Model: Nemotron_3_Nano' (4 rows) and 'Model: Nemotron_3_Super' (8 rows)", NEMOTRON)

# ----- 26.04.01
R = "26.04.01"
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 64 | 16640 | 452")
mb(R, "GPT OSS 120B", "DGX-B200 | 64 | BF16 | 1280 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 13568 | 369")
mb(R, "GPT OSS 120B", "DGX-H100 | 64 | BF16 | 1280 | 1 | 4096 | 0 | 1 | 4 | 1 | n/a | 8 | 5824 | 158")
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 26112 | 599")
mb(R, "Qwen3_30B_a3B", "DGX-B200 | 8 | MXFP8 | 512 | 4 | 4096 | 0 | 1 | 1 | 1 | n/a | 8 | 27136 | 619")
mb(R, "Qwen3_30B_a3B", "DGX-H100 | 16 | FP8 | 1024 | 1 | 4096 | 0 | 1 | 1 | 1 | n/a | 16 | 8960 | 206")
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | 3 | 32 | 5680 | 840", [R_0401_FIRST["qwen3-235b-a22b-gb200"]])
mb(R, "Qwen3_235B_a22B", "DGX-B200 | 256 | MXFP8 | 8192 | 1 | 4096 | 0 | 1 | 8 | 1 | n/a | 8 | 3776 | 560")
mb(R, "Qwen3_235B_a22B", "DGX-H100 | 256 | FP8 | 8192 | 1 | 4096 | 0 | 2 | 8 | 1 | 4 | 32 | 1712 | 253", [R_0401_FIRST["qwen3-235b-a22b-h100"]])
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 4256 | 1106'", DSV3_PP4VP4)
nx(R, "'Model: DeepSeekV3', row 'DGX-B200 | 256 | MXFP8 | 4096 | 1 | 4096 | 0 | 1 | 8 | 1 | 2 | 32 | 3328 | 864'",
   "pipeline layout not expressible: the row's PP 8 x VP 2, EP 32 is the B200 MXFP8 V2 preset of 5acef9309 (2026-04-18, in v0.4.1), whose pp_layout 'Et*4|(t*4|)*14tmL' gives 16 virtual chunks of 4 layers except the last (1 layer + MTP + loss): the last stage holds 4 + 1 layers in its two chunks, which the engine cannot split evenly (first/last_stage_layers must divide by virtual_stages)")
nx(R, "every DGX-GB300 and DGX-B300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (GB300: 4992, 19200, 31744, 6944; B300: 3456, 15232, 30720, 5936 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Kimi_K2', row 'DGX-GB300 | 256 | MXFP8 | 4096 | 2 | 4096 | 0 | 1 | 4 | 1 | 4 | 64 | 5328 | 1088'", KIMI)
nx(R, "'Model: Nemotron_3_Nano' (5 rows) and 'Model: Nemotron_3_Super' (8 rows)", NEMOTRON)

# ----- 26.06
R = "26.06"
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | MXFP8 | 1280 | 4 | 4096 | 1 | 1 | 1 | n/a | 64 | 28947 | 943",
   ["the row first read 'DGX-GB200 | 64 | BF16 | 1280 | 4 | 4096 | 1 | 1 | 1 | n/a | 64 | 17770 | 580' at 63b08b397 (2026-06-15) and was replaced by this MXFP8 row at c270efc50 (2026-06-16, '26.06 perf summary updates')"])
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 1 | 1 | 1 | n/a | 8 | 40706 | 936")
mb(R, "Qwen3_30B_a3B", "DGX-H100 | 16 | FP8 | 1024 | 1 | 4096 | 1 | 1 | 1 | n/a | 16 | 8826 | 203",
   ["the row first read 8467 tokens/s/GPU (195 TFLOP/s) at 63b08b397 (2026-06-15) and was changed to 8826 (203) at c270efc50 (2026-06-16); the later value, the archive's, is taken"])
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 1 | 8 | 1 | 3 | 32 | 7376 | 1092")
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 4 | 1 | 4 | 64 | 4969 | 1292'", DSV3_PP4VP4)
nx(R, "every DGX-GB300 and DGX-B300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (GB300: 6338 and 6422, 33166, 45275, 9015; B300: 3541, 18534, 40769 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Kimi_K2', row 'DGX-GB300 | 256 | MXFP8 | 4096 | 2 | 4096 | 1 | 4 | 1 | 4 | 64 | 5372 | 1099'", KIMI)
nx(R, "'Model: Nemotron_3_Nano' (4 rows) and 'Model: Nemotron_3_Super' (6 rows)", NEMOTRON)

# ----- 26.06.01
R = "26.06.01"
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | MXFP8 | 1280 | 4 | 4096 | 1 | 1 | 1 | n/a | 64 | 18304 | 597[^gpt-oss-note]",
   ["the row carries the footnote [^gpt-oss-note]: 'Performance regression in GPT-OSS 120B pre-training is a known issue (NVIDIA/cudnn-frontend issue 256). It will be resolved with the next container release.' The run is taken as published (18304 against 28947 in 26.06 and 28672 in 26.08)"])
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 1 | 1 | 1 | n/a | 8 | 40960 | 937")
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 1 | 8 | 1 | 3 | 32 | 7360 | 1089")
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 4 | 1 | 4 | 64 | 4928 | 1280'", DSV3_PP4VP4)
nx(R, "every DGX-GB300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (6304, 20288, 44544, 9008 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Nemotron_3_Nano' (2 rows) and 'Model: Nemotron_3_Super' (4 rows)", NEMOTRON)

# ----- 26.08 (the current page)
R = "26.08"
mb(R, "GPT OSS 120B", "DGX-GB200 | 64 | MXFP8 | 1280 | 4 | 4096 | 1 | 1 | 1 | n/a | 64 | 28672 | 934", v060=V060_NOTES["gpt-oss-120b"])
mb(R, "Qwen3_30B_a3B", "DGX-GB200 | 8 | MXFP8 | 512 | 4 | 4096 | 1 | 1 | 1 | n/a | 8 | 39936 | 923", v060=V060_NOTES["qwen3-30b-a3b"])
mb(R, "Qwen3_235B_a22B", "DGX-GB200 | 256 | MXFP8 | 8192 | 1 | 4096 | 1 | 8 | 1 | 3 | 32 | 7280 | 1077", v060=V060_NOTES["qwen3-235b-a22b"])
nx(R, "'Model: DeepSeekV3', row 'DGX-GB200 | 256 | MXFP8 | 4096 | 1 | 4096 | 1 | 4 | 1 | 4 | 64 | 4912 | 1276'", DSV3_PP4VP4)
nx(R, "'Model: DeepSeekV4 Flash', rows 'DGX-GB300 | 128 | MXFP8 | 2048 | 1 | 4096 | 1 | 1 | 1 | n/a | 64 | 8224 | 748' and 'DGX-GB200 | 128 | MXFP8 | 2048 | 1 | 4096 | 1 | 1 | 1 | n/a | 64 | 7776 | 706'",
   "model not expressible: DeepSeek-V4 (Megatron-Bridge v0.6.0 src/megatron/bridge/models/deepseek/deepseek_v4_bridge.py) has hyper-connections, compressed and heavily compressed sparse attention layers with an indexer, and hash-routed MoE layers; the engine's model has none of these (and the GB300 row has no hardware preset)")
nx(R, "every DGX-GB300 row of DeepSeekV3, GPT OSS 120B, Qwen3_30B_a3B and Qwen3_235B_a22B (6288, 33024, 44544, 8816 tokens/s/GPU)", NO_PRESET)
nx(R, "'Model: Nemotron_3_Nano' (1 row), 'Model: Nemotron_3_5_Lightning' (1 row), 'Model: Nemotron_3_Super' (4 rows), 'Model: Nemotron_3_Ultra' (2 rows)", NEMOTRON)

json.dump(cases, open(os.path.join(HERE, "cases.json"), "w"), indent=1)
json.dump(notx, open(os.path.join(HERE, "not_expressible.json"), "w"), indent=1)
print(len(cases), "cases,", len(notx), "rows left out")
