# Builds cases.json and not_expressible.json for the sealed memory set (2026-12-03).
# Every measured number below was transcribed from the cited source text (JSON/Markdown in git); see README.md.
# MEGATRON_TESTS is a transcription of tests/functional_tests/test_cases/gpt/<test>/model_config.yaml (MODEL_ARGS
# that bear on memory; logging, checkpoint and learning-rate arguments left out) and of the last iteration of
# "mem-max-allocated-bytes" in golden_values_dev_<platform>.json, NVIDIA/Megatron-LM at commit
# d98e8a64ddf34856e74b24714e3bedb2f5a39553. golden = {platform: (iteration, bytes)}.
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
MLM_COMMIT = "d98e8a64ddf34856e74b24714e3bedb2f5a39553"
GIB = 2 ** 30

MEGATRON_TESTS = {'gpt3_7b_tp1_pp4_memory_speed': {'args': {'--bf16': True,
                                           '--deterministic-mode': True,
                                           '--global-batch-size': 8,
                                           '--group-query-attention': True,
                                           '--hidden-size': 4096,
                                           '--max-position-embeddings': 8192,
                                           '--micro-batch-size': 1,
                                           '--mock-data': True,
                                           '--no-gradient-accumulation-fusion': True,
                                           '--num-attention-heads': 32,
                                           '--num-layers': 32,
                                           '--num-layers-per-virtual-pipeline-stage': 1,
                                           '--num-query-groups': 8,
                                           '--overlap-grad-reduce': True,
                                           '--overlap-param-gather': True,
                                           '--pipeline-model-parallel-size': 4,
                                           '--seq-length': 8192,
                                           '--tensor-model-parallel-size': 1,
                                           '--tokenizer-type': 'NullTokenizer',
                                           '--transformer-impl': 'transformer_engine',
                                           '--untie-embeddings-and-output-weights': True,
                                           '--use-distributed-optimizer': True,
                                           '--use-mcore-models': True,
                                           '--vocab-size': 131073},
                                  'env': {},
                                  'golden': {'dgx_a100': (25, 60489064448.0),
                                             'dgx_gb200': (25, 60519342080.0),
                                             'dgx_h100': (25, 60720852992.0)}},
 'gpt3_7b_tp4_pp1_memory_speed': {'args': {'--bf16': True,
                                           '--deterministic-mode': True,
                                           '--global-batch-size': 8,
                                           '--group-query-attention': True,
                                           '--hidden-size': 4096,
                                           '--max-position-embeddings': 8192,
                                           '--micro-batch-size': 2,
                                           '--mock-data': True,
                                           '--no-gradient-accumulation-fusion': True,
                                           '--num-attention-heads': 32,
                                           '--num-layers': 32,
                                           '--num-query-groups': 8,
                                           '--overlap-grad-reduce': True,
                                           '--overlap-param-gather': True,
                                           '--pipeline-model-parallel-size': 1,
                                           '--seq-length': 8192,
                                           '--tensor-model-parallel-size': 4,
                                           '--tokenizer-type': 'NullTokenizer',
                                           '--transformer-impl': 'transformer_engine',
                                           '--untie-embeddings-and-output-weights': True,
                                           '--use-distributed-optimizer': True,
                                           '--use-mcore-models': True,
                                           '--vocab-size': 131073},
                                  'env': {},
                                  'golden': {'dgx_a100': (25, 58188115968.0),
                                             'dgx_gb200': (25, 58217476096.0),
                                             'dgx_h100': (25, 57143791616.0)}},
 'gpt3_mcore_te_tp1_pp1_dist_optimizer_no_mmap_bin_files': {'args': {'--attention-backend': 'unfused',
                                                                     '--attention-softmax-in-fp32': True,
                                                                     '--bf16': True,
                                                                     '--deterministic-mode': True,
                                                                     '--global-batch-size': 32,
                                                                     '--hidden-size': 512,
                                                                     '--max-position-embeddings': 1024,
                                                                     '--micro-batch-size': 4,
                                                                     '--no-gradient-accumulation-fusion': True,
                                                                     '--no-mmap-bin-files': True,
                                                                     '--num-attention-heads': 8,
                                                                     '--num-layers': 12,
                                                                     '--pipeline-model-parallel-size': 1,
                                                                     '--seq-length': 1024,
                                                                     '--tensor-model-parallel-size': 1,
                                                                     '--transformer-impl': 'transformer_engine',
                                                                     '--use-distributed-optimizer': True,
                                                                     '--use-mcore-models': True},
                                                            'env': {},
                                                            'golden': {'dgx_h100': (50, 4702430720.0)}},
 'gpt3_mcore_te_tp1_pp1_uniform_full_recompute': {'args': {'--attention-backend': 'unfused',
                                                           '--attention-softmax-in-fp32': True,
                                                           '--bf16': True,
                                                           '--deterministic-mode': True,
                                                           '--global-batch-size': 32,
                                                           '--hidden-size': 512,
                                                           '--max-position-embeddings': 1024,
                                                           '--micro-batch-size': 4,
                                                           '--no-gradient-accumulation-fusion': True,
                                                           '--num-attention-heads': 8,
                                                           '--num-layers': 12,
                                                           '--pipeline-model-parallel-size': 1,
                                                           '--recompute-granularity': 'full',
                                                           '--recompute-method': 'uniform',
                                                           '--recompute-num-layers': 1,
                                                           '--seq-length': 1024,
                                                           '--tensor-model-parallel-size': 1,
                                                           '--transformer-impl': 'transformer_engine',
                                                           '--use-mcore-models': True},
                                                  'env': {},
                                                  'golden': {'dgx_a100': (50, 2534070272.0)}},
 'gpt3_mcore_te_tp1_pp2_rope_embeddings': {'args': {'--attention-backend': 'unfused',
                                                    '--attention-softmax-in-fp32': True,
                                                    '--bf16': True,
                                                    '--deterministic-mode': True,
                                                    '--global-batch-size': 32,
                                                    '--hidden-size': 512,
                                                    '--max-position-embeddings': 1024,
                                                    '--micro-batch-size': 4,
                                                    '--no-ckpt-fully-parallel-save': True,
                                                    '--no-gradient-accumulation-fusion': True,
                                                    '--num-attention-heads': 8,
                                                    '--num-layers': 12,
                                                    '--pipeline-model-parallel-size': 2,
                                                    '--position-embedding-type': 'rope',
                                                    '--seq-length': 1024,
                                                    '--tensor-model-parallel-size': 1,
                                                    '--transformer-impl': 'transformer_engine',
                                                    '--use-mcore-models': True},
                                           'env': {},
                                           'golden': {'dgx_a100': (50, 3570001920.0)}},
 'gpt3_mcore_te_tp1_pp4_disable_bias_linear': {'args': {'--attention-backend': 'unfused',
                                                        '--attention-softmax-in-fp32': True,
                                                        '--bf16': True,
                                                        '--deterministic-mode': True,
                                                        '--disable-bias-linear': True,
                                                        '--global-batch-size': 32,
                                                        '--hidden-size': 512,
                                                        '--max-position-embeddings': 1024,
                                                        '--micro-batch-size': 4,
                                                        '--no-gradient-accumulation-fusion': True,
                                                        '--num-attention-heads': 8,
                                                        '--num-layers': 12,
                                                        '--pipeline-model-parallel-size': 4,
                                                        '--seq-length': 1024,
                                                        '--tensor-model-parallel-size': 1,
                                                        '--transformer-impl': 'transformer_engine',
                                                        '--use-mcore-models': True},
                                               'env': {},
                                               'golden': {'dgx_a100': (50, 2685510144.0)}},
 'gpt3_mcore_te_tp1_pp4_swiglu': {'args': {'--attention-backend': 'unfused',
                                           '--attention-softmax-in-fp32': True,
                                           '--bf16': True,
                                           '--deterministic-mode': True,
                                           '--global-batch-size': 32,
                                           '--hidden-size': 512,
                                           '--max-position-embeddings': 1024,
                                           '--micro-batch-size': 4,
                                           '--no-gradient-accumulation-fusion': True,
                                           '--num-attention-heads': 8,
                                           '--num-layers': 12,
                                           '--pipeline-model-parallel-size': 4,
                                           '--seq-length': 1024,
                                           '--swiglu': True,
                                           '--tensor-model-parallel-size': 1,
                                           '--transformer-impl': 'transformer_engine',
                                           '--use-mcore-models': True},
                                  'env': {},
                                  'golden': {'dgx_a100': (50, 2684785152.0)}},
 'gpt3_mcore_te_tp1_pp4_untie_embeddings_and_outputs': {'args': {'--attention-backend': 'unfused',
                                                                 '--attention-softmax-in-fp32': True,
                                                                 '--bf16': True,
                                                                 '--deterministic-mode': True,
                                                                 '--global-batch-size': 32,
                                                                 '--hidden-size': 512,
                                                                 '--max-position-embeddings': 1024,
                                                                 '--micro-batch-size': 4,
                                                                 '--no-gradient-accumulation-fusion': True,
                                                                 '--num-attention-heads': 8,
                                                                 '--num-layers': 12,
                                                                 '--pipeline-model-parallel-size': 4,
                                                                 '--seq-length': 1024,
                                                                 '--tensor-model-parallel-size': 1,
                                                                 '--transformer-impl': 'transformer_engine',
                                                                 '--untie-embeddings-and-output-weights': True,
                                                                 '--use-mcore-models': True},
                                                        'env': {},
                                                        'golden': {'dgx_a100': (50, 2685758976.0)}},
 'gpt3_mcore_te_tp1_pp4_vp1': {'args': {'--attention-backend': 'unfused',
                                        '--attention-softmax-in-fp32': True,
                                        '--bf16': True,
                                        '--deterministic-mode': True,
                                        '--global-batch-size': 32,
                                        '--hidden-size': 512,
                                        '--max-position-embeddings': 1024,
                                        '--micro-batch-size': 4,
                                        '--no-gradient-accumulation-fusion': True,
                                        '--num-attention-heads': 8,
                                        '--num-layers': 12,
                                        '--num-layers-per-virtual-pipeline-stage': 1,
                                        '--pipeline-model-parallel-size': 4,
                                        '--seq-length': 1024,
                                        '--tensor-model-parallel-size': 1,
                                        '--transformer-impl': 'transformer_engine',
                                        '--use-mcore-models': True},
                               'env': {'PYTORCH_CUDA_ALLOC_CONF': 'expandable_segments:True'},
                               'golden': {'dgx_a100': (50, 4122704384.0), 'dgx_gb200': (50, 4161191424.0), 'dgx_h100': (50, 4161191424.0)}},
 'gpt3_mcore_te_tp1_pp4_vp1_dist_optimizer_overlap_grad_reduce': {'args': {'--attention-backend': 'unfused',
                                                                           '--attention-softmax-in-fp32': True,
                                                                           '--bf16': True,
                                                                           '--deterministic-mode': True,
                                                                           '--global-batch-size': 32,
                                                                           '--hidden-size': 512,
                                                                           '--max-position-embeddings': 1024,
                                                                           '--micro-batch-size': 4,
                                                                           '--no-gradient-accumulation-fusion': True,
                                                                           '--num-attention-heads': 8,
                                                                           '--num-layers': 12,
                                                                           '--num-layers-per-virtual-pipeline-stage': 1,
                                                                           '--overlap-grad-reduce': True,
                                                                           '--pipeline-model-parallel-size': 4,
                                                                           '--seq-length': 1024,
                                                                           '--tensor-model-parallel-size': 1,
                                                                           '--transformer-impl': 'transformer_engine',
                                                                           '--use-distributed-optimizer': True,
                                                                           '--use-mcore-models': True},
                                                                  'env': {},
                                                                  'golden': {'dgx_a100': (50, 3912607232.0)}},
 'gpt3_mcore_te_tp1_pp4_vp1_uneven_pipeline': {'args': {'--attention-backend': 'unfused',
                                                        '--attention-softmax-in-fp32': True,
                                                        '--bf16': True,
                                                        '--decoder-first-pipeline-num-layers': 2,
                                                        '--decoder-last-pipeline-num-layers': 2,
                                                        '--deterministic-mode': True,
                                                        '--global-batch-size': 32,
                                                        '--hidden-size': 512,
                                                        '--max-position-embeddings': 1024,
                                                        '--micro-batch-size': 4,
                                                        '--no-gradient-accumulation-fusion': True,
                                                        '--num-attention-heads': 8,
                                                        '--num-layers': 12,
                                                        '--pipeline-model-parallel-size': 4,
                                                        '--seq-length': 1024,
                                                        '--tensor-model-parallel-size': 1,
                                                        '--transformer-impl': 'transformer_engine',
                                                        '--untie-embeddings-and-output-weights': True,
                                                        '--use-mcore-models': True},
                                               'env': {},
                                               'golden': {'dgx_h100': (50, 2415566336.0)}},
 'gpt3_mcore_te_tp2_pp2': {'args': {'--attention-backend': 'unfused',
                                    '--attention-softmax-in-fp32': True,
                                    '--bf16': True,
                                    '--deterministic-mode': True,
                                    '--global-batch-size': 32,
                                    '--hidden-size': 512,
                                    '--max-position-embeddings': 1024,
                                    '--micro-batch-size': 4,
                                    '--no-gradient-accumulation-fusion': True,
                                    '--num-attention-heads': 8,
                                    '--num-layers': 12,
                                    '--pipeline-model-parallel-size': 2,
                                    '--seq-length': 1024,
                                    '--tensor-model-parallel-size': 2,
                                    '--transformer-impl': 'transformer_engine',
                                    '--use-mcore-models': True},
                           'env': {},
                           'golden': {'dgx_a100': (50, 1900158464.0)}},
 'gpt3_mcore_te_tp2_pp2_cp2': {'args': {'--attention-backend': 'flash',
                                        '--attention-dropout': 0.0,
                                        '--attention-softmax-in-fp32': True,
                                        '--bf16': True,
                                        '--context-parallel-size': 2,
                                        '--global-batch-size': 32,
                                        '--hidden-dropout': 0.0,
                                        '--hidden-size': 512,
                                        '--max-position-embeddings': 1024,
                                        '--micro-batch-size': 4,
                                        '--no-gradient-accumulation-fusion': True,
                                        '--num-attention-heads': 8,
                                        '--num-layers': 12,
                                        '--pipeline-model-parallel-size': 2,
                                        '--seq-length': 1024,
                                        '--sequence-parallel': True,
                                        '--tensor-model-parallel-size': 2,
                                        '--tokenizer-type': 'NullTokenizer',
                                        '--transformer-impl': 'transformer_engine',
                                        '--use-mcore-models': True,
                                        '--vocab-size': 50257},
                               'env': {},
                               'golden': {'dgx_a100': (50, 857134592.0), 'dgx_gb200': (50, 938399232.0), 'dgx_h100': (50, 935253504.0)}},
 'gpt3_mcore_te_tp2_pp2_cross_entropy_loss_fusion': {'args': {'--attention-softmax-in-fp32': True,
                                                              '--bf16': True,
                                                              '--cross-entropy-loss-fusion': True,
                                                              '--global-batch-size': 32,
                                                              '--hidden-size': 512,
                                                              '--max-position-embeddings': 1024,
                                                              '--micro-batch-size': 4,
                                                              '--no-gradient-accumulation-fusion': True,
                                                              '--num-attention-heads': 8,
                                                              '--num-layers': 12,
                                                              '--pipeline-model-parallel-size': 2,
                                                              '--seq-length': 1024,
                                                              '--tensor-model-parallel-size': 2,
                                                              '--transformer-impl': 'transformer_engine',
                                                              '--use-mcore-models': True},
                                                     'env': {},
                                                     'golden': {'dgx_h100': (50, 1837640192.0)}},
 'gpt3_mcore_te_tp4_pp1_dist_optimizer_overlap_grad_reduce_param_gather': {'args': {'--attention-backend': 'unfused',
                                                                                    '--attention-softmax-in-fp32': True,
                                                                                    '--bf16': True,
                                                                                    '--deterministic-mode': True,
                                                                                    '--global-batch-size': 32,
                                                                                    '--hidden-size': 512,
                                                                                    '--max-position-embeddings': 1024,
                                                                                    '--micro-batch-size': 4,
                                                                                    '--no-gradient-accumulation-fusion': True,
                                                                                    '--num-attention-heads': 8,
                                                                                    '--num-layers': 12,
                                                                                    '--overlap-grad-reduce': True,
                                                                                    '--overlap-param-gather': True,
                                                                                    '--pipeline-model-parallel-size': 1,
                                                                                    '--seq-length': 1024,
                                                                                    '--tensor-model-parallel-size': 4,
                                                                                    '--transformer-impl': 'transformer_engine',
                                                                                    '--use-distributed-optimizer': True,
                                                                                    '--use-mcore-models': True},
                                                                           'env': {},
                                                                           'golden': {'dgx_a100': (50, 1513530880.0),
                                                                                      'dgx_gb200': (50, 1543416320.0),
                                                                                      'dgx_h100': (50, 1543416320.0)}},
 'gpt3_mcore_tp1_pp2': {'args': {'--apply-query-key-layer-scaling': True,
                                 '--bf16': True,
                                 '--deterministic-mode': True,
                                 '--global-batch-size': 32,
                                 '--hidden-size': 512,
                                 '--max-position-embeddings': 1024,
                                 '--micro-batch-size': 4,
                                 '--no-gradient-accumulation-fusion': True,
                                 '--num-attention-heads': 8,
                                 '--num-layers': 12,
                                 '--pipeline-model-parallel-size': 2,
                                 '--seq-length': 1024,
                                 '--tensor-model-parallel-size': 1,
                                 '--transformer-impl': 'local',
                                 '--use-mcore-models': True},
                        'env': {},
                        'golden': {'dgx_a100': (50, 3632653312.0), 'dgx_gb200': (50, 3635274752.0), 'dgx_h100': (50, 3633177600.0)}},
 'gpt3_mcore_tp1_pp4': {'args': {'--apply-query-key-layer-scaling': True,
                                 '--bf16': True,
                                 '--deterministic-mode': True,
                                 '--global-batch-size': 32,
                                 '--hidden-size': 512,
                                 '--max-position-embeddings': 1024,
                                 '--micro-batch-size': 4,
                                 '--no-gradient-accumulation-fusion': True,
                                 '--num-attention-heads': 8,
                                 '--num-layers': 12,
                                 '--pipeline-model-parallel-size': 4,
                                 '--seq-length': 1024,
                                 '--tensor-model-parallel-size': 1,
                                 '--transformer-impl': 'local',
                                 '--use-mcore-models': True},
                        'env': {},
                        'golden': {'dgx_h100': (50, 2746575872.0)}},
 'gpt3_mcore_tp4_pp1': {'args': {'--apply-query-key-layer-scaling': True,
                                 '--bf16': True,
                                 '--deterministic-mode': True,
                                 '--global-batch-size': 32,
                                 '--hidden-size': 512,
                                 '--max-position-embeddings': 1024,
                                 '--micro-batch-size': 4,
                                 '--no-gradient-accumulation-fusion': True,
                                 '--num-attention-heads': 8,
                                 '--num-layers': 12,
                                 '--pipeline-model-parallel-size': 1,
                                 '--seq-length': 1024,
                                 '--tensor-model-parallel-size': 4,
                                 '--transformer-impl': 'local',
                                 '--use-mcore-models': True},
                        'env': {},
                        'golden': {'dgx_a100': (50, 1628741632.0)}}}

# Hardware of Megatron-LM's CI (tests/test_utils/recipes at the same commit): h100/gpt.yaml and the A100 runs
# use 1 node x 8 GPUs; gb200/gpt.yaml uses 2 nodes x 4 GPUs.
PLATFORM = {"dgx_h100": ("h100-sxm", 8), "dgx_a100": ("a100-80gb", 8), "dgx_gb200": ("gb200-nvl72", 8)}


def padded_vocab(vocab, tp, divisible_by=128):
    # Megatron pads the embedding to a multiple of --make-vocab-size-divisible-by (128) x tp; the padded rows
    # are allocated, so the padded size is what is passed.
    m = divisible_by * tp
    return -(-vocab // m) * m


def megatron_case(test, platform, spec):
    a = spec["args"]
    tp = a.get("--tensor-model-parallel-size", 1)
    pp = a.get("--pipeline-model-parallel-size", 1)
    cp = a.get("--context-parallel-size", 1)
    layers, hidden, heads = a["--num-layers"], a["--hidden-size"], a["--num-attention-heads"]
    assumed = []
    raw_vocab = a.get("--vocab-size", 50257)
    if "--vocab-size" not in a:
        assumed.append("vocab 50257: the test reads the GPT-2 BPE vocab file (--vocab-file .../bpe/vocab.json), 50257 tokens")
    vocab = padded_vocab(raw_vocab, tp)
    assumed.append(f"vocab {vocab} = {raw_vocab} padded by Megatron to a multiple of 128 x tp ({128 * tp}); the padded rows are allocated")
    swiglu = bool(a.get("--swiglu"))
    if swiglu:
        ffn = int((4 * hidden * 2 / 3) / 64) * 64
        assumed.append(f"ffn {ffn}: --swiglu without --ffn-hidden-size, megatron/training/arguments.py sets int((4 x hidden x 2/3)/64) x 64")
    else:
        ffn = a.get("--ffn-hidden-size", 4 * hidden)
    dropout = not (a.get("--hidden-dropout") == 0.0 and a.get("--attention-dropout") == 0.0)
    if dropout:
        assumed.append("dropout true: Megatron defaults --hidden-dropout 0.1 and --attention-dropout 0.1, not overridden")
    model = {"layers": layers, "hidden": hidden, "heads": heads,
             "kv_heads": a.get("--num-query-groups", heads) if a.get("--group-query-attention") else heads,
             "ffn": ffn, "vocab": vocab, "seq": a["--seq-length"],
             "position": "rotary" if a.get("--position-embedding-type") == "rope" else "learned",
             "mlp": "swiglu" if swiglu else "gelu",
             "norm": "rmsnorm" if a.get("--normalization") == "RMSNorm" else "layernorm",
             "bias": not a.get("--disable-bias-linear", False), "dropout": dropout,
             "tied_embeddings": not a.get("--untie-embeddings-and-output-weights", False)}
    if "--position-embedding-type" not in a:
        assumed.append("position learned: Megatron's default --position-embedding-type learned_absolute")
    if "--normalization" not in a:
        assumed.append("norm layernorm: Megatron's default --normalization LayerNorm")
    impl = a.get("--transformer-impl", "transformer_engine")
    backend = a.get("--attention-backend", "auto")
    flash = impl == "transformer_engine" and backend in ("auto", "flash", "fused")
    if backend == "unfused":
        assumed.append("flash_attention false: --attention-backend unfused (Megatron's own softmax(QK^T) path, scores materialised)")
        if a.get("--attention-softmax-in-fp32"):
            assumed.append("--attention-softmax-in-fp32 is set: the unfused softmax runs in fp32; the request has no field for it")
    elif impl == "local":
        assumed.append("flash_attention false: --transformer-impl local uses Megatron's unfused DotProductAttention")
    else:
        assumed.append(f"flash_attention true: Transformer Engine with --attention-backend {backend} (TE picks flash/fused attention)")
    vp_layers = a.get("--num-layers-per-virtual-pipeline-stage")
    parallel = {"tp": tp, "pp": pp, "cp": cp, "ep": 1,
                "zero": 1 if a.get("--use-distributed-optimizer") else 0, "framework": "megatron",
                "sequence_parallel": bool(a.get("--sequence-parallel", False)),
                "recompute": "full" if a.get("--recompute-granularity") == "full" else
                             ("selective" if a.get("--recompute-granularity") == "selective" else "none"),
                "flash_attention": flash, "precision": "bf16"}
    if vp_layers:
        v = layers // (pp * vp_layers)
        parallel["virtual_stages"] = v
        parallel["schedule"] = "interleaved"
        assumed.append(f"virtual_stages {v} = layers {layers} / (pp {pp} x --num-layers-per-virtual-pipeline-stage {vp_layers})")
    if a.get("--decoder-first-pipeline-num-layers"):
        parallel["first_stage_layers"] = a["--decoder-first-pipeline-num-layers"]
        parallel["last_stage_layers"] = a["--decoder-last-pipeline-num-layers"]
    if parallel["recompute"] == "full":
        assumed.append(f"recompute full: --recompute-granularity full --recompute-method {a.get('--recompute-method')} --recompute-num-layers {a.get('--recompute-num-layers')} (every layer)")
    if parallel["zero"] == 1:
        assumed.append("zero 1: --use-distributed-optimizer (Megatron's distributed optimizer shards fp32 master weights and Adam states over dp)")
    else:
        assumed.append("zero 0: no --use-distributed-optimizer")
    if a.get("--cross-entropy-loss-fusion"):
        assumed.append("--cross-entropy-loss-fusion is set (fused vocabulary-parallel loss); the request has no loss field")
    if a.get("--overlap-grad-reduce") or a.get("--overlap-param-gather"):
        assumed.append("overlap_grad_reduce/overlap_param_gather set (bucketed DDP buffers); not a request field")
    if a.get("--no-gradient-accumulation-fusion"):
        assumed.append("--no-gradient-accumulation-fusion: weight gradients are formed in bf16 then added to the fp32 main grad (a transient the request cannot state)")
    if impl == "local":
        assumed.append("--transformer-impl local (Megatron's own layers, no Transformer Engine); kernels left at the default")
    if spec["env"]:
        assumed.append(f"environment {spec['env']} (allocator settings change reserved, not allocated, memory)")
    assumed.append("bf16 mixed precision (--bf16), fp32 gradients in the DDP buffer (Megatron default), Adam")
    preset, gpus = PLATFORM[platform]
    dp = gpus // (tp * pp * cp)
    assumed.append(f"GPUs {gpus} from the CI recipe for {platform}; dp = {dp}")
    it, value = spec["golden"][platform]
    return {"id": f"megatron-ci-golden-{test}-{platform}", "source": "megatron-lm-ci-golden",
            "where": f"tests/functional_tests/test_cases/gpt/{test}/golden_values_dev_{platform}.json, key 'mem-max-allocated-bytes', iteration {it} (the last); config model_config.yaml beside it",
            "request": {"model": model, "hardware": {"preset": preset, "gpus": gpus}, "parallel": parallel,
                        "batch": {"global": a["--global-batch-size"], "micro": a["--micro-batch-size"]}},
            "published": {"kind": "peak_allocated_gib", "value": round(value / GIB, 6), "bytes": value,
                          "unit_note": "the golden file holds bytes; value = bytes / 2^30 (GiB)",
                          "tool": "torch.cuda.memory_stats()['allocated_bytes.all.peak'], written to TensorBoard as 'mem-max-allocated-bytes' by megatron/training/training.py (--log-memory-to-tensorboard); cumulative peak since start, not reset per iteration",
                          "rank": "the last rank (world_size - 1): the TensorBoard writer is created only there (megatron/training/global_vars.py), i.e. the last pipeline stage, last tp and dp rank"},
            "assumed": assumed}


cases = []
for test, spec in MEGATRON_TESTS.items():
    for platform in spec["golden"]:
        cases.append(megatron_case(test, platform, spec))

# ---------------------------------------------------------------- torchtitan Dec 2024 (H100 96 GB, Grand Teton)
# pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md at 820504e20d1149fbf0b98c567af24c4b0433b22d.
# THE SAME FILE IS A SEALED STEP-TIME SOURCE (content/sealed/2026-12-03/sources.json, torchtitan-bench-h100-202412);
# its memory column is used here for the first time, under the distinct id below.
TT = "torchtitan-bench-h100-202412-memory"
L31_8B = {"layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 8, "ffn": 14336, "vocab": 128256, "seq": 8192,
          "position": "rotary", "mlp": "swiglu", "norm": "rmsnorm", "bias": False, "dropout": False,
          "tied_embeddings": False}
H100_96 = {"preset": "h100-sxm", "memory": 95 * GIB}
tt_common = [
    "torchtitan 9dec370 (table 'Versions and Dates'), torch 1963fc8; train_configs/llama3_8b.toml at 9dec370: seq_len 8192, activation_checkpoint mode 'selective' with selective_ac_option 'op' (per-op SAC = recompute selective-op), compile false unless the row says torch.compile, AdamW",
    "model: torchtitan's Llama 3 8B flavor (dim 4096, 32 layers, 32 heads, 8 kv heads, ffn_dim_multiplier 1.3, multiple_of 1024 -> ffn 14336), Llama 3 tokenizer (vocab 128256), untied",
    "FSDP2 (framework fsdp, zero 3) with mixed precision param bfloat16, reduce float32 (config_manager.py defaults at 9dec370): reduce_dtype fp32",
    "hardware: H100 SXM with 96 GB HBM2e at a 500 W limit (file's Hardware section); memory override 95 GiB as torchtitan's docs/performance.md (PR #800) states '95 GiB memory'; the h100-sxm preset's other figures kept",
    "measured 'Memory(GiB)': torchtitan's DeviceMemoryMonitor logs max_reserved_gib = torch.cuda.memory_stats()['reserved_bytes.all.peak'] / 2^30 (torchtitan/metrics.py and train.py at 9dec370); the file says readings are stable across training and for PP the max across GPUs is taken (footnote 1)",
]
def tt_case(cid, where, gpus, gbs, mbs, value, extra):
    return {"id": cid, "source": TT, "where": where,
            "request": {"model": dict(L31_8B), "hardware": dict(H100_96, gpus=gpus),
                        "parallel": {"tp": 1, "pp": 1, "cp": 1, "ep": 1, "zero": 3, "framework": "fsdp",
                                     "sequence_parallel": False, "recompute": "selective-op",
                                     "flash_attention": True, "precision": "bf16", "reduce_dtype": "fp32"},
                        "batch": {"global": gbs, "micro": mbs}},
            "published": {"kind": "peak_reserved_gib", "value": value, "unit_note": "GiB = 2^30 B (torchtitan's _to_gib)",
                          "tool": "torch.cuda.memory_stats()['reserved_bytes.all.peak'] via torchtitan DeviceMemoryMonitor.get_peak_stats (log 'memory: X GiB')",
                          "rank": "not stated for 1D FSDP (all ranks hold the same shards); rank 0 is the logged rank by default"},
            "assumed": tt_common + extra}
cases.append(tt_case(f"{TT}-8b-8gpu-fsdp", "Table 1 (Llama 3.1 8B, 8 GPUs, local batch 2, global 16, selective AC), row 'FSDP', column 'Memory(GiB)'",
                     8, 16, 2, 82.4, ["flash_attention true: torchtitan uses F.scaled_dot_product_attention (flash backend on H100)"]))
cases.append(tt_case(f"{TT}-8b-128gpu-fsdp", "Table 3 (Llama 3.1 8B, 128 GPUs, local batch 2, global 256, selective AC), row 'FSDP', column 'Memory(GiB)'",
                     128, 256, 2, 67.0, ["flash_attention true: torchtitan uses F.scaled_dot_product_attention (flash backend on H100)"]))

# ---------------------------------------------------------------- rows the request cannot express
ne = []
def skip(source, where, reason, published=None):
    row = {"source": source, "where": where, "reason": reason}
    if published is not None:
        row["published"] = published
    ne.append(row)

COMPILE = "torch.compile (the request has no field for compile's effect on saved activations and temporaries)"
def rsv(v):
    return {"kind": "peak_reserved_gib", "value": v, "unit_note": "GiB = 2^30 B", "tool": "torchtitan max_reserved_gib"}
skip(TT, "Table 1 (8B, 8 GPUs, lbs 2, gbs 16, selective op AC), rows 'FSDP + torch.compile' 77.0 and 'FSDP + torch.compile + Float8' 76.8",
     COMPILE + "; the Float8 row also uses torchao float8 with FSDP float8 all-gather", [rsv(77.0), rsv(76.8)])
skip(TT, "Table 2 (8B, 8 GPUs, FSDP + CP + torch.compile + Float8, lbs 1, full AC): FSDP 8/CP 1 seq 32768 83.9; FSDP 4/CP 2 seq 65536 84.2; FSDP 2/CP 4 seq 131072 84.0; FSDP 1/CP 8 seq 262144 84.5",
     COMPILE + "; torchao float8", [rsv(83.9), rsv(84.2), rsv(84.0), rsv(84.5)])
skip(TT, "Table 3 (8B, 128 GPUs, lbs 2, gbs 256), rows 'FSDP + torch.compile' 62.0 and 'FSDP + torch.compile + Float8' 61.8",
     COMPILE, [rsv(62.0), rsv(61.8)])
skip(TT, "Table 4 (70B, 256 GPUs, FSDP 32 TP 8, compile + Float8, lbs 16, gbs 512, full AC): '2D' 71.9, '2D + AsyncTP' 67.6",
     COMPILE + "; async TP (no request field)", [rsv(71.9), rsv(67.6)])
skip(TT, "Table 5 (405B, 512 GPUs, FSDP 8 TP 8 PP 8, compile + Float8 + AsyncTP, lbs 32, gbs 256, full AC): '1F1B' 82.5, 'Interleaved 1F1B' 72.7",
     COMPILE + "; async TP; pipeline split points and stages per rank not stated", [rsv(82.5), rsv(72.7)])
skip(TT, "Table 6 (405B, 512 GPUs, TP 8 PP 8, compile + Float8 + AsyncTP + 1F1B, lbs 8, full AC): FSDP 8/CP 1 seq 32768 75.3; FSDP 4/CP 2 seq 65536 75.9; FSDP 2/CP 4 seq 131072 77.1; FSDP 1/CP 8 seq 262144 84.9",
     COMPILE + "; async TP", [rsv(75.3), rsv(75.9), rsv(77.1), rsv(84.9)])
skip("torchtitan-trainy-h200-202506-memory", "benchmarks/llama3-8b_h200_202506_trainy-whitefiber.md (commit cbccb387871a5e1f522c1e222c51ab88b03c0392), Results table, Memory(GiB): NUM_NODES 4 -> 47.96, NUM_NODES 8 -> 46.97 (Llama 3 8B, lbs 2, H200, torchtitan e7c0cae)",
     COMPILE + "; torchao float8 with FSDP float8 all-gather and force_recompute_fp8_weight_in_bwd", [rsv(47.96), rsv(46.97)])
skip("torchao-mx-b200-202508", "pytorch/torchtitan torchtitan/components/quantization/mxfp8.md (mirror HEAD b5bcd76c66d0acb1a08b176d9639425bc55e0b2a), 'Dense Models' table (8x power-limited B200, bs 1, seq 8192, FSDP2, per-op SAC; quoted from TorchAO MX Formats Benchmarks), 'Peak Memory (GB)': bf16 33.71, mxfp8_cublas 33.88, mxfp8_cublas_rceil 33.88, float8 tensorwise 33.38",
     COMPILE + "; model not named in the table (Llama 3 8B by context, not stated); GB vs GiB not stated",
     [{"kind": "unknown (labelled 'Peak Memory (GB)')", "value": v} for v in (33.71, 33.88, 33.88, 33.38)])
skip("megatron-lm-ci-golden", "gpt3_15b_8t_release, gpt3_15b_8t_release_sm, gpt3_15b_8t_release_sm_gb200 (dgx_h100 / dgx_gb200)",
     "--squared-relu MLP and --apply-layernorm-1p (neither swiglu nor gelu), --rotary-percent 0.5; also a batch-size ramp (--step-batch-size-schedule)")
skip("megatron-lm-ci-golden", "mixtral/mixtral_8x7b_alltoall_tp2pp4ep4_release, mixtral_8x7b_tp1pp4ep8vpp8_release, mixtral_8x22b_tp2pp8ep8vpp1_release (dgx_h100)",
     "the number of GPUs (hence dp and the distributed optimizer's shard) is not in any recipe at this commit; the 8x7b alltoall run uses the Nemotron 256k SentencePiece tokenizer (vocab not stated in the config)")
skip("megatron-lm-ci-golden", "bert/* and t5/* test cases", "encoder and encoder-decoder models; the request describes decoder-only GPTs")
skip("megatron-lm-ci-golden", "hybrid/* and nemotron/* test cases", "Mamba/hybrid layers")
skip("megatron-lm-ci-golden", "moe/* and mixtral/deepseekv3_proxy_* test cases", "MLA, MTP, shared experts, activation offloading, CUDA graphs or FP8 hybrid; not checked one by one")
skip("megatron-lm-ci-golden", "gpt/gpt_grpo_* and gpt3_mcore_reruns_resume_check_grads", "RL (GRPO) with inference engines on the same GPUs / checkpoint-consistency reruns: peak includes work the request does not model")
skip("megatron-lm-ci-golden", "gpt/gpt3_mcore_te_tp2_pp2_mla*", "multi-head latent attention")

# BigScience's pre-BLOOM benchmarks (Megatron-DeepSpeed on Jean Zay A100 80GB): read, transcribed, not expressed.
BS = "bigscience-prequel-memory"
BS_WHY = ("configuration not fully stated: vocabulary only as '250k', fp16 or bf16 not stated per table after the "
          "'Best TFLOPs' section, position embeddings, dropout and recomputation not stated in the section; 'Mem' is "
          "'max memory used by the first (last) nodes with the word embedding matrix' with no tool named (nvidia-smi "
          "by context, rounded to whole GB, unit GB or GiB not stated). The same file's 'Rebalancing layers' section "
          "is the step-time validation source bloom-prequel in content/presets/calibration.json")
def gb(*vals):
    return [{"kind": "device_gib (assumed: nvidia-smi)", "value": v, "unit_note": "'GB' as written; rounded"} for v in vals]
skip(BS, "train/tr11-176B-ml/chronicles-prequel.md (bigscience-workshop/bigscience 9e64edec2ad1fb9263bf39ba616a84ff64b4d947), 'Best TFLOPs' > 'fp16' table (02-17): NHIDDEN 14400, SEQ_LEN 2048, GBS 2048, TP 8, MBS 1; 8 GPUs 20B (8 layers, 32 heads) PP 1 DP 1: 67GB; 80 GPUs 200B (80 layers, 96 heads) PP 10 DP 1: 73GB; 160 GPUs 200B PP 10 DP 2: 51GB",
     BS_WHY, gb(67, 73, 51))
skip(BS, "same file, 'Best TFLOPs' > 'bf16' table (02-17), same three layouts: 68GB, 75GB, 53GB", BS_WHY, gb(68, 75, 53))
skip(BS, "same file, 'Max possible TFLOPs check for NHIDDEN=14336' (02-21): 1 node, TP 8, PP 1: 6 layers MBS 2: 54GB (two runs); 10 layers MBS 1: 80GB (GBS 2048 in the rows, 512 in the heading)",
     BS_WHY, gb(54, 54, 80))
skip(BS, "same file, 'Trying with ZeRO_STAGE=0/1' (02-21): 181B, NHIDDEN 14336, 72 layers, 48 nodes, DP 4 TP 8 PP 12 MBS 2 GBS 2048: ZS 1 37GB, ZS 0 72GB",
     BS_WHY, gb(37, 72))
skip(BS, "same file, 'NHEADs comparison' (02-23/24): 48 nodes, DP 8 TP 8 PP 6 MBS 4 GBS 2048; 181B (14336/72 layers) NHEADS 16/32/64/112/128/256: 54/55/55/53/55/54GB; 182B (13824/78 layers) NHEADS 96/128: 59/54GB",
     BS_WHY, gb(54, 55, 55, 53, 55, 54, 59, 54))
skip(BS, "same file, 'GBS Variations' (02-25): 181B (72 layers, 14336, 64 heads), 48 nodes, TP 8: DP8 PP6 MBS4 GBS1568 56GB; DP8 PP6 MBS4 GBS2048 55GB; DP8 PP6 MBS6 GBS2016 66GB; DP4 PP12 MBS4 GBS2048 49GB; DP6 PP8 MBS4 GBS2016 52GB; DP12 PP4 MBS2 GBS2016 53GB; DP12 PP4 MBS4 GBS2016 59GB; DP24 PP2 MBS1 GBS2016 65GB; DP24 PP2 MBS2 GBS2016 76GB; DP48 PP1 MBS1 OOM; and TP 4: DP8 PP12 MBS4 GBS2048 60GB",
     BS_WHY, gb(56, 55, 66, 49, 52, 53, 59, 65, 76, 60))

with open(os.path.join(HERE, "cases.json"), "w") as f:
    json.dump(cases, f, indent=1)
    f.write("\n")
with open(os.path.join(HERE, "not_expressible.json"), "w") as f:
    json.dump(ne, f, indent=1)
    f.write("\n")
print(len(cases), "cases;", len(ne), "rows not expressible")
