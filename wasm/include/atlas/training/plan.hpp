// The execution-plan model: a model shape, a cluster and a split in; per-device memory, every
// tensor that crosses a device boundary, the pipeline bubble and the step time out.
// evaluate_plan() works on plain structs without allocating, so search can call it for every
// candidate; plan.cpp turns the same numbers into the JSON response.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "atlas/training/model.hpp"

namespace atlas {

/// selective: Megatron's (attention core only); op_selective: torchtitan's operator-level policy,
/// which redoes every second matmul of a layer. Appended last so the first three keep their indices.
enum class Recompute { none, selective, full, op_selective };

/// Megatron-Core's --recompute-modules: what its selective recomputation redoes, as bits. Its
/// default is the attention core alone; the others discard a part's outputs (or, for the MLP, the
/// MoE layer and the shared experts, the part's whole activations) and run its forward again in
/// backward (TransformerConfig.recompute_modules).
enum RecomputeModule : std::uint8_t {
  kRecomputeCoreAttn = 1,
  kRecomputeMoeAct = 2,
  kRecomputeLayernorm = 4,
  kRecomputeMlaUpProj = 8,
  kRecomputeMlp = 16,
  kRecomputeMoe = 32,
  kRecomputeSharedExperts = 64,
};
/// Megatron's names for the bits, in the order of the bits.
inline constexpr const char* kRecomputeModuleNames[] = {"core_attn", "moe_act", "layernorm",     "mla_up_proj",
                                                        "mlp",       "moe",     "shared_experts"};
enum class Schedule { gpipe, one_f_one_b, interleaved };
/// The contract's name of a schedule ("gpipe", "1f1b", "interleaved").
const char* schedule_name(Schedule s);

/// Fitted constants: what fraction of a peak a real kernel or link reaches. docs/fidelity.md
/// states how each was fitted and why its value is plausible.
struct Efficiencies {
  double compute = 0;  // large dense GEMMs: FLOP/s as a fraction of peak (shape losses come on top)
  double memory = 0;   // HBM traffic of non-matmul kernels per stored activation byte (multiplier)
  double intra = 0;    // NCCL Simple-protocol bus bandwidth at large messages / nominal NVLink
  double inter = 0;    // the same per NIC / nominal NIC bandwidth
  // The same fraction for FP8 and FP4 GEMMs of their own peaks (0: as `compute`). A preset takes
  // `compute` × the ratio of the low format's measured matmul ceiling to bf16's on that GPU.
  double compute_fp8 = 0, compute_fp4 = 0;
  // What a streaming kernel moves per second over the nominal HBM bandwidth, measured per GPU
  // (0: not measured; serving then takes kStreamFractionDefault).
  double hbm = 0;
};

/// How PyTorch's caching allocator grows its pool: fixed segments it splits and caches (the
/// default), or segments it maps and grows page by page (PYTORCH_CUDA_ALLOC_CONF=
/// expandable_segments:True).
enum class Allocator : std::uint8_t { caching, expandable_segments };

/// The GPU's own fused attention kernels (cuDNN's, FlashAttention-3's) measured by sequence
/// length: each pass reaches `fraction` of the dense bf16 peak on long sequences and half of that
/// at `half` tokens, rate(s) = peak · fraction · s / (s + half) (fixed work per query tile and per
/// launch amortised over the keys). Rates count a causal pass's FLOPs as half the square's, as the
/// kernel benchmarks do, so the diagonal tiles' waste is inside them. Zero: not measured here.
struct AttentionRates {
  double forward = 0, forward_half = 0, backward = 0, backward_half = 0;
  bool measured() const { return forward > 0 && backward > 0; }
};

struct Hardware {
  // A node is what one NVLink domain joins (8 GPUs of a DGX, 72 of a GB200 NVL72 rack); a host is
  // one server of it (a GB200 compute tray holds 4). Costs see nodes; the device map draws hosts.
  std::int64_t gpus = 0, gpus_per_node = 0;
  double memory = 0;               // B per GPU
  double flops = 0;                // FLOP/s, dense bf16 peak
  double flops_fp8 = 0;            // FLOP/s, dense FP8 peak (0: no FP8 tensor cores)
  double flops_fp4 = 0;            // FLOP/s, dense FP4 peak (0: no FP4 tensor cores)
  bool microscaling = false;       // tensor cores take per-block scales (Blackwell: MXFP8, NVFP4)
  double memory_bandwidth = 0;     // B/s HBM
  double intra_bandwidth = 0;      // B/s per GPU per direction inside a node
  double inter_bandwidth = 0;      // B/s per GPU per direction between nodes
  double latency = 0;              // s per collective call (launch and host overhead), on top of NCCL's latencies
  std::int64_t nics_per_node = 0;  // network interfaces for compute traffic (0: one per GPU)
  std::int64_t sms = 0;            // streaming multiprocessors: tile waves, and what NCCL's kernels take
  double flash_attention_2 = 0;    // fraction of peak FlashAttention-2's kernels reach here (0: as the GPU's own)
  bool flash_attention = false;    // the default for plans on this GPU
  Efficiencies efficiency;
  std::int64_t gpus_per_host = 0;  // GPUs in one host (0: the node is one host)
  Allocator allocator = Allocator::caching;
  AttentionRates attention;  // the native fused attention kernels' measured rates
  bool nvls = false;         // NVSwitches with NVLink SHARP multicast: NCCL's NVLS algorithm and its buffers
  int nccl_minor = 27;       // the NCCL release the run links (2.<minor>): NVLS buffer sizes and when they are made
  std::int64_t host_size() const { return gpus_per_host > 0 ? gpus_per_host : gpus_per_node; }
};

/// How a framework issues data-parallel and ZeRO collectives (docs/fidelity.md, with sources):
/// `ideal` is one collective per step and group at full overlap, the bound the others approach.
// fsdp is PyTorch's FSDP2 (per-parameter sharding, torchtitan); fsdp1 its FlatParameter
// predecessor (FullyShardedDataParallel: Composer, llama-recipes, fms-fsdp until 2024), which
// shards, gathers and reduces the same bytes per wrapped block but gathers straight into the
// parameters' own storage.
enum class Framework : std::uint8_t { megatron, fsdp, deepspeed, ideal, deepspeed_2021, fsdp1, megatron_2021 };
inline bool is_megatron(Framework f) { return f == Framework::megatron || f == Framework::megatron_2021; }
inline bool is_deepspeed(Framework f) { return f == Framework::deepspeed || f == Framework::deepspeed_2021; }
inline bool is_fsdp(Framework f) { return f == Framework::fsdp || f == Framework::fsdp1; }

/// DeepSpeed's ZeRO-3 as of mid-2021 (v0.3.16) gathered each parameter synchronously — every
/// all_gather called torch.cuda.synchronize() and was followed by a Python-side copy (DeepSpeed
/// PR #1188) — and reached this fraction of NCCL's all-gather rate: a 5.1B-parameter model's
/// forward took ~470 ms under ZeRO-3 against ~60 ms under ZeRO-2 on 8 A100s with NVLink
/// (DeepSpeed issue #1174), ~410 ms for gathers that NCCL's model here prices at 60.5 ms: one call
/// per tensor of that BERT, 1,036 of them (52.0 ms for the weight matrices, 8.5 ms for biases and
/// norms; deepspeed_2021_test derives it again). The rate applies to each call's own NCCL time, so it is
/// measured against the calls' own time: against one 10.2 GB gather (39 ms) it would read 0.094.
constexpr double kDeepSpeed2021GatherRate = 0.1476;

/// Megatron-DeepSpeed's tensor-parallel collectives (BLOOM, MT-NLG) take longer than NCCL's model
/// by a time that does not depend on their size: this much per ring step (an all-reduce over t
/// ranks has 2(t − 1) steps, a gather or scatter t − 1), 40 to 200 times NCCL's own per-step
/// latency over NVLink (0.6–3.4 µs). Fitted on MT-NLG's three iteration times (the refit recovers
/// it: fidelity_test); what it is made of is not measured (docs/fidelity.md names candidates).
/// BigScience's eighteen runs on another cluster, never fitted, test it: they show the same cost,
/// about twice as much per call at tp 8 as at tp 4. Fitted on them instead it would be 0.178 ms.
constexpr double kMegatronDeepSpeedTpStep = 0.129e-3;

/// How the elementwise kernels around the GEMMs run. `fused`: as Megatron's fused kernels, on
/// which the memory-traffic constants were fitted. `eager`: PyTorch without torch.compile, one
/// kernel per operator of the model's code (norm, rotary embedding, activation, dropout), each
/// reading and writing HBM; `eager_fused_norm`: the same with the norm as one kernel (torchtitan's
/// Triton fused_rmsnorm, 2024). The extra bytes are counted in unfused_bytes_per_token().
enum class Kernels : std::uint8_t { fused, eager, eager_fused_norm };
/// Whether a layer keeps eager autograd's extra tensors (eager_saved_bytes_per_token): eager
/// kernels, unless it is recomputed whole or only its matmul outputs are kept (torchtitan's
/// op-level policy).
inline bool keeps_eager_tensors(Kernels kernels, Recompute recompute) {
  return kernels != Kernels::fused && recompute != Recompute::full && recompute != Recompute::op_selective;
}
/// The contract's name of a kernel mode ("fused", "eager", "eager-fused-norm").
const char* kernels_name(Kernels k);

/// The dtype gradients are kept and reduced in. `framework`: its own default, fp32 for
/// Megatron (its gradient buffer) and bf16 for the others; torchtitan's FSDP2 reduces in fp32
/// (MixedPrecisionPolicy(reduce_dtype=torch.float32), its only mixed_precision_reduce).
enum class ReduceDtype : std::uint8_t { framework, bf16, fp32, fp16 };

/// How the loss reads the logits, which sets the logits-sized tensors alive at the last stage's
/// peak (device_memory.hpp). `framework`: Megatron's vocabulary-parallel fused loss for Megatron
/// and DeepSpeed's Megatron fork and the ideal model, PyTorch's eager fp32 upcast for the others.
enum class LossKernel : std::uint8_t { framework, fused, eager, chunked };

/// Which fused attention kernels run. `native`: the GPU's own best (FlashAttention-2 on Ampere,
/// cuDNN's or FlashAttention-3's on Hopper), at kFlashRelative of a large GEMM's rate.
/// `flash_attention_2`: Dao's FlashAttention-2, written for Ampere, at the fraction of peak the
/// hardware states it measured (Hardware::flash_attention_2): what H100 runs had before Hopper's
/// kernels (cuDNN through Transformer Engine, 2023; FlashAttention-3, July 2024).
enum class AttentionKernel : std::uint8_t { native, flash_attention_2 };
inline const char* attention_kernel_name(AttentionKernel k) {
  return k == AttentionKernel::native ? "native" : "flash-attention-2";
}

/// How context parallelism gives each rank the keys and values of the whole sequence. `ring`:
/// each rank passes its K, V block round the group while it computes attention on the block it
/// holds (Liu et al.'s ring attention, Megatron's default), so a pass hides behind one block of
/// attention. `all_gather`: K and V gathered whole before attention starts (Llama 3, which says
/// the gather is "exposed in the critical path"; it makes any attention mask easy).
enum class ContextAttention : std::uint8_t { ring, all_gather };
inline const char* context_attention_name(ContextAttention c) {
  return c == ContextAttention::ring ? "ring" : "all-gather";
}

/// When PyTorch's FSDP (FlatParameter, fsdp1) gathers the next block's weights in backward
/// (torch.distributed.fsdp.BackwardPrefetch). `pre`: before the current block's gradients are
/// computed, so the gather hides behind them (PyTorch's default). `post`: after them, so the next
/// block waits for its gather in the open while only the current reduce-scatter overlaps compute
/// (Composer's default: its dist_strategy reads backward_prefetch with 'BACKWARD_POST').
enum class BackwardPrefetch : std::uint8_t { pre, post };
inline const char* backward_prefetch_name(BackwardPrefetch b) { return b == BackwardPrefetch::pre ? "pre" : "post"; }

/// The format the blocks' linear layers run in (docs/contract-plan.md, "Precision"). `bf16`:
/// mixed precision. The FP8 recipes differ in how each tensor gets its scale: `fp8_delayed`
/// (Transformer Engine's default: from an amax history, found in the cast kernel itself),
/// `fp8_current` (the tensor's own amax, one more read before the cast; torchao's float8),
/// `fp8_blockwise` (1×128 activation and 128×128 weight scales, DeepSeek-V3's recipe),
/// `mxfp8` (1×32 E8M0 scales in the tensor cores, Blackwell), `nvfp4` (FP4 with 1×16 FP8 scales,
/// Blackwell). The output head, the attention core and the router stay in bf16 in every one.
enum class Precision : std::uint8_t { bf16, fp8_delayed, fp8_current, fp8_blockwise, mxfp8, nvfp4 };
const char* precision_name(Precision p);
/// The format in words, for the texts a reader sees ("FP8 (current scaling)").
const char* precision_words(Precision p);
/// The format a contract name names ("fp8-delayed", …); bf16 for any other.
Precision precision_from_name(std::string_view name);
inline bool low_precision(Precision p) { return p != Precision::bf16; }

/// The dimensions of a rank order. A rank's coordinate along the first varies fastest: Megatron-Core
/// numbers ranks tp-cp-ep-dp-pp (its `order`), so a tensor-parallel group is tp consecutive GPUs.
/// EP is carved out of DP (ep divides dp, Rule::ep_dp): the order's ep dimension holds ep of the
/// dp replicas and its dp dimension the dp / ep groups of them (placement.hpp).
enum class RankDim : std::uint8_t { tp, cp, ep, dp, pp };
constexpr int kRankDims = 5;
using RankOrder = std::array<RankDim, kRankDims>;
constexpr RankOrder kMegatronOrder{RankDim::tp, RankDim::cp, RankDim::ep, RankDim::dp, RankDim::pp};

struct Parallel {
  std::int64_t dp = 1, tp = 1, pp = 1, cp = 1, ep = 1;
  int zero = 0;
  bool sequence_parallel = false;
  Recompute recompute = Recompute::none;
  std::int64_t virtual_stages = 1;
  Schedule schedule = Schedule::one_f_one_b;
  Framework framework = Framework::megatron;
  bool overlap = true;      // gradient reduction and weight gathers overlap compute where the framework can
  bool tp_overlap = false;  // tensor-parallel collectives split and hidden behind the layer's GEMMs (TE userbuffers)
  // The model returns every layer's keys and values and the training loop holds its output until
  // the next forward returns (Hugging Face's use_cache, on in most configs unless Hugging Face's
  // own gradient checkpointing turns it off).
  bool returns_kv_cache = false;
  // Megatron's --fp8-param-gather: the blocks' linear weights live in the low format only (no bf16
  // copy beside Transformer Engine's), and the distributed optimizer all-gathers them in it.
  bool fp8_param_gather = false;
  bool flash_attention = false;  // fused attention: no stored scores, attention FLOPs at FlashAttention's efficiency
  Kernels kernels = Kernels::fused;
  AttentionKernel attention_kernel = AttentionKernel::native;
  ReduceDtype reduce_dtype = ReduceDtype::framework;
  ContextAttention cp_attention = ContextAttention::ring;
  BackwardPrefetch backward_prefetch = BackwardPrefetch::pre;  // fsdp1 under ZeRO-3 only
  Precision precision = Precision::bf16;
  LossKernel loss = LossKernel::framework;
  /// Adam's momentum and variance in bf16 (Megatron's --use-precision-aware-optimizer with bf16
  /// exp_avg / exp_avg_sq) instead of fp32; and whether an fp32 master copy of the weights is
  /// kept (false: pure bf16 training, the optimizer updates the bf16 weights themselves).
  bool optimizer_bf16 = false, master_weights = true;
  /// ZeRO and FSDP shard model state over this many data-parallel ranks and replicate it across
  /// the dp / dp_shard groups of them (HSDP, torchtitan's data_parallel_shard_degree, node-local
  /// ZeRO); 0 means all of dp. The shard group is the innermost dp ranks (with cp), as torchtitan's
  /// mesh and Megatron's rank order put them.
  std::int64_t dp_shard = 0;
  /// How the layers fall on pipeline stages. By default evenly, the first layers % pp stages
  /// taking one more. Megatron's --account-for-embedding-in-pipeline-split and
  /// --account-for-loss-in-pipeline-split count the embedding and the output layer with its loss
  /// as one layer each (Llama 3.1 405B: 126 + 2 = 128 slots over 8 or 16 stages);
  /// --decoder-first-pipeline-num-layers and --decoder-last-pipeline-num-layers set the first and
  /// last stage's layers, the rest spread evenly over the stages between (0: not set).
  bool embedding_as_layer = false, loss_as_layer = false;
  std::int64_t first_stage_layers = 0, last_stage_layers = 0;
  bool custom_stage_layers() const {
    return embedding_as_layer || loss_as_layer || first_stage_layers > 0 || last_stage_layers > 0;
  }
  /// Ranks one copy of the model state is sharded over: dp_shard × cp.
  std::int64_t shard_ranks() const { return (dp_shard > 0 ? dp_shard : dp) * cp; }
  /// Copies of each shard: dp / dp_shard (1 when the state is sharded over all of dp).
  std::int64_t shard_replicas() const { return dp_shard > 0 ? dp / dp_shard : 1; }
  /// Whether recomputation runs the attention core's forward again: full recomputation always;
  /// Megatron's selective under Megatron-Core whatever the kernel (its checkpoint_core_attention
  /// wraps the core attention module, Transformer Engine's fused kernels included), and under the
  /// other frameworks only when no fused kernel kept the scores (legacy Megatron-LM ran its flash
  /// path outside the checkpoint: nothing of it is redone).
  bool attention_recomputed() const {
    return recompute == Recompute::full ||
           (recompute == Recompute::selective &&
            (framework == Framework::megatron ? (recompute_modules & kRecomputeCoreAttn) != 0 : !flash_attention));
  }
  /// The parts selective recomputation redoes: Megatron-Core's modules; elsewhere the attention
  /// scores (Korthikanti et al.'s selective recomputation, the core_attn bit); none otherwise.
  std::uint8_t selective_modules() const {
    if (recompute != Recompute::selective) return 0;
    return framework == Framework::megatron ? recompute_modules : std::uint8_t{kRecomputeCoreAttn};
  }
  /// Whether Megatron-Core's selective recomputation redoes this module.
  bool recomputes(RecomputeModule module) const { return (selective_modules() & module) != 0; }
  /// Which dimension varies fastest over the ranks, then the next (placement.hpp).
  RankOrder order = kMegatronOrder;
  /// Expert tensor parallelism (Megatron-Core's --expert-tensor-parallel-size): how many ranks
  /// split each expert's weights. 0: as tp (the engine's behaviour before the field, kept bit for
  /// bit). Any other value is below tp and divides it; the MoE layers then run on their own grid
  /// of etp × ep × expert-dp = tp × cp × dp ranks per stage (numbered etp-ep-edp, etp fastest),
  /// and ep is no longer carved out of dp.
  std::int64_t etp = 0;  // last, so aggregate initialisers of the fields above stay valid
  /// Routing imbalance: the busiest expert-parallel rank's routed tokens over the mean (1:
  /// balanced, as benchmarks that force balance run; at most ep). Every rank waits for the
  /// busiest at the next all-to-all, so its expert GEMMs and its all-to-all volume set the step.
  double routing_imbalance = 1.0;
  /// Megatron-Core's --recompute-modules under selective recomputation (RecomputeModule bits).
  std::uint8_t recompute_modules = kRecomputeCoreAttn;
  /// Megatron's --recompute-method and --recompute-num-layers under full recomputation: every
  /// layer in groups of this many, one input kept per group (uniform, the default with 1: each
  /// layer alone), or only this many layers of each model chunk, the rest keeping everything
  /// (block).
  std::int64_t recompute_num_layers = 1;
  bool recompute_block = false;
  /// The share of a model chunk of `chunk_layers` layers that runs forward again in backward:
  /// 1 under full recomputation unless block recomputes fewer, 0 without it.
  double full_recompute_share(double chunk_layers) const {
    if (recompute != Recompute::full) return 0.0;
    if (!recompute_block || chunk_layers <= 0) return 1.0;
    const double n = static_cast<double>(recompute_num_layers);
    return n >= chunk_layers ? 1.0 : n / chunk_layers;
  }
  /// Whether Adam runs as PyTorch's foreach operations (one pass per operation, and a temporary as
  /// large as a moment at the step) rather than one fused kernel. -1: the framework's (foreach
  /// for the PyTorch frameworks as their 2022–24 sources ran them, fused elsewhere).
  std::int8_t optimizer_foreach = -1;
  bool foreach_adam(bool ideal) const {
    if (ideal) return false;
    return optimizer_foreach < 0 ? is_fsdp(framework) : optimizer_foreach == 1;
  }
  /// How many times more the attention core runs forward in backward, per layer: full
  /// recomputation's share of the stage (`full_share`), 1 where selective redoes it, else 0.
  double attention_forward_again(double full_share) const {
    return recompute == Recompute::full ? full_share : attention_recomputed() ? 1.0 : 0.0;
  }
  /// Model chunks a stage holds (virtual stages under the interleaved schedule, else one).
  std::int64_t chunks_per_stage() const { return schedule == Schedule::interleaved ? virtual_stages : 1; }
  /// The ranks each expert's weights are split over.
  std::int64_t expert_tp() const { return etp > 0 ? etp : tp; }
  /// Whether the MoE layers have a grid of their own (etp set below tp).
  bool expert_grid() const { return etp > 0 && etp != tp; }
  /// Ranks of a stage that hold the same expert shard: tp·cp·dp / (ep·etp); dp·cp / ep when etp = tp.
  std::int64_t expert_dp() const { return expert_grid() ? tp * cp * dp / (ep * etp) : dp * cp / ep; }
};

/// PyTorch's FSDP gathering under BACKWARD_POST: each block's backward gather waits for the
/// previous block's gradients (the only plan backward_prefetch changes).
inline bool backward_gathers_wait(const Parallel& p) {
  return p.framework == Framework::fsdp1 && p.zero == 3 && p.backward_prefetch == BackwardPrefetch::post;
}

/// DeepSpeed's PipelineEngine runs this plan's pipeline (it has no other; deepspeed_pipeline.hpp).
inline bool deepspeed_pipeline(const Parallel& p) { return is_deepspeed(p.framework) && p.pp > 1; }
/// ...with its BF16_Optimizer (bf16 with ZeRO 0 or 1, the pipeline engine's only bf16 path):
/// gradients accumulated into an fp32 copy of the stage's weights outside the GEMMs, that copy
/// kept whole (4 B per weight), fp32 weights and Adam's states sharded over dp as in ZeRO-1.
inline bool deepspeed_bf16_optimizer(const Parallel& p) { return deepspeed_pipeline(p) && p.zero <= 1; }

struct PlanInput {
  ModelShape model;
  Hardware hardware;
  Parallel parallel;
  std::int64_t micro = 1, accumulation = 1, global = 1;
  /// The bound instead of the run: GEMMs at the fitted peak without shape losses, links at their
  /// nominal bandwidth with no latency, one collective per step and group, overlap free.
  bool ideal = false;
  /// kMegatronDeepSpeedTpStep, but for the fidelity refit, which fits it.
  double megatron_deepspeed_tp_step = kMegatronDeepSpeedTpStep;
};

/// Constraint violations (errors) and warnings as codes; messages are built only for `plan`.
enum class Rule : std::uint8_t {
  tp_heads,
  tp_kv_heads,
  tp_ffn,
  gpus_product,
  ep_dense,
  ep_experts,
  ep_dp,
  pp_layers,
  virtual_layers,
  virtual_needs_interleaved,
  interleaved_needs_virtual,
  interleaved_microbatches,
  batch_product,
  cp_seq,
  etp_dense,
  etp_tp,
  etp_grid,
  etp_sequence_parallel,
  etp_order,
  // warnings from here on
  tp_across_nodes,
  uneven_stages,
  few_microbatches,
  zero_with_pipeline,
  ep_across_domains,
  count
};
constexpr int kFirstWarning = static_cast<int>(Rule::tp_across_nodes);
using RuleSet = std::uint32_t;
inline bool has_rule(RuleSet s, Rule r) { return (s >> static_cast<int>(r)) & 1u; }
inline RuleSet errors_of(RuleSet s) { return s & ((1u << kFirstWarning) - 1u); }

enum class Group : std::uint8_t { TP, PP, DP, CP, EP };
constexpr int kGroups = 5;

/// One tensor that crosses a device boundary, counted on one device of the busiest stage.
struct Transfer {
  const char* id = "";
  const char* tensor = "";  // activation | activation-grad | gradient | parameter | kv | tokens
  const char* name = "";
  const char* phase = "";       // forward | backward | optimizer
  const char* collective = "";  // all-reduce | reduce-scatter | all-gather | send-recv | all-to-all
  const char* where = "";
  Group group = Group::TP;
  std::int64_t group_size = 1;
  std::array<double, 3> shape{0, 0, 0};  // elements along b, s, h (or parameter count, 0, 0)
  double count_per_microbatch = 0;       // 0 for once-per-step transfers
  double count_per_step = 0;
  double bytes_per_call = 0;
  bool inter_node = false;
  double time_per_step = 0;
  double exposed_per_step = 0;
  double latency_per_step = 0;    // the bytes-independent part of time_per_step
  double framework_per_step = 0;  // the part of that latency the framework adds beyond NCCL's
  double calls_per_step = 0;      // collective calls the framework issues for it per step
  const char* algorithm = "";     // what NCCL would pick for one call ("ring", "tree", …)
  const char* protocol = "";      // "LL", "LL128", "Simple"; "" in the ideal model
  double busbw = 0;               // B/s one call reaches
};

/// The moment a device's allocated memory peaks, where the PyTorch frameworks make it other than
/// backward's start with every part alive (settle_pytorch_peak): backward's start before the
/// gradients exist, backward's end with the activations freed, or the optimizer step with foreach
/// Adam's temporary.
enum class PeakMoment : std::uint8_t { backward, before_gradients, backward_end, optimizer_step };

/// Memory of one device, bytes: what is alive at its allocated peak.
struct DeviceMemory {
  PeakMoment peak = PeakMoment::backward;
  double parameters = 0, gradients = 0, optimizer = 0, activations = 0, buffers = 0;
  /// The GEMM libraries' workspaces, allocated through PyTorch's allocator once and kept all run.
  double workspaces = 0;
  /// Outside PyTorch's allocator: the CUDA context with its loaded libraries, NCCL's buffers,
  /// Transformer Engine's userbuffers for overlapped tensor-parallel GEMMs.
  double context = 0, nccl = 0, userbuffers = 0;
  /// What the caching allocator holds at the peak beyond what the tensors use (device_memory.hpp).
  double reserve = 0;
  /// Of the reserve, what FSDP2's communication streams keep cached (memory.hpp fsdp_stream_pools).
  double stream_pools = 0;
  /// Peak allocated: what the framework's tensors hold (torch.cuda.max_memory_allocated).
  double total() const { return parameters + gradients + optimizer + activations + buffers + workspaces; }
  /// Peak reserved: what the caching allocator holds (torch.cuda.max_memory_reserved).
  double reserved() const { return total() + reserve; }
  /// What the device shows in use (nvidia-smi): the reserved peak plus context and NCCL.
  double device() const { return reserved() + context + nccl + userbuffers; }
  /// What must fit on the card: the allocator gives its cache back before it reports out of
  /// memory, so the allocated peak, the context and NCCL's buffers.
  double required() const { return total() + context + nccl + userbuffers; }
};

struct StageFigures {
  std::int64_t first_layer = 0, layers = 0;
  double parameters = 0;                     // per tp rank, before ZeRO sharding
  double dense = 0, expert = 0;              // the same split into weights replicated over dp·cp and over dp·cp/ep
  double gathered_layer = 0;                 // ZeRO-3: layers gathered at once × bytes per weight
  double layer_dense = 0, layer_expert = 0;  // weights of one layer per rank
  double block_weights() const { return static_cast<double>(layers) * (layer_dense + layer_expert); }
  double largest_unit = 0;  // weights per rank of the stage's largest FSDP unit (fsdp_stream_pools)
  double inflight = 0;      // micro-batches whose activations the stage holds at its peak
  double working_set = 0;   // bytes: one layer's activations rebuilt during backward (recomputation)
  double activation_per_layer = 0, head_activations = 0;  // bytes, one micro-batch (schedule-free parts)
  double userbuffers = 0;    // bytes: Transformer Engine's userbuffers (tp_overlap under Megatron)
  double workspaces = 0;     // bytes: the GEMM libraries' workspaces (gemm_workspaces)
  double head_produced = 0;  // bytes the head writes once per micro-batch (its output, fp32 logits)
  DeviceMemory memory;
  double compute_per_microbatch = 0;                       // s, forward + backward (+ recompute)
  double gemm_efficiency = 0;                              // FLOP-weighted mean of the layer GEMMs' fraction of peak
  double gemm_forward = 0, gemm_backward = 0;              // s per micro-batch, all layers of the stage
  double attention_seconds = 0, memory_bound_seconds = 0;  // parts of compute_per_microbatch
  double unfused_seconds = 0;                              // part of memory_bound_seconds: eager kernels' extra bytes
  double copy_seconds = 0;              // part of memory_bound_seconds: the framework's own copies (framework_copies)
  double cast_seconds = 0;              // part of memory_bound_seconds: the low-precision recipe's quantize kernels
  double permute_seconds = 0;           // part of memory_bound_seconds: tokens copied to and from their experts
  double recompute_memory_seconds = 0;  // part of memory_bound_seconds: Megatron's memory-bound recompute modules
  double attention_forward_per_layer = 0;  // s, one layer's attention core, forward once
  double full_share = 0;  // share of the stage's layers full recomputation runs again (Parallel::full_recompute_share)
  bool one_backward = false;  // one micro-batch per step and no pipeline: gradients need not outlive a backward
};

constexpr int kMaxTransfers = 28;

/// Adam reads and writes fp32 weights, momentum and variance (24 B), reads the bf16 gradient
/// and writes the bf16 weight (4 B): 28 B of HBM traffic per parameter the rank updates.
constexpr double kOptimizerTrafficBytes = 28;
/// PyTorch's AdamW without `fused` (torch/optim/adamw.py: _multi_tensor_adamw, or the same
/// operations per tensor; torchtitan and fms-fsdp) and Composer's DecoupledAdamW (MPT) run each
/// operation as its own pass over fp32 weights,
/// gradients and states: weight decay 8, moment 12, second moment 8 + 12, square root 8, bias
/// correction 8, epsilon 8, update 16 = 80 B per updated weight (Composer without weight decay,
/// as MPT's configs set it, skips the first 8 but splits the moment into two passes: also 80).
constexpr double kForeachAdamTrafficBytes = 80;
/// HBM bytes per updated weight of the optimizer the plan runs (Parallel::foreach_adam): the FSDP
/// frameworks by default as their sources ran them (foreach or per-tensor Adam), the others a
/// fused Adam; the ideal bound, fused.
/// Smaller states move fewer bytes: a fused Adam reads and writes the master copy (8 B, or the
/// bf16 weight's 2 B more when there is none) and the two moments (16 B fp32, 8 B bf16); the
/// foreach passes shrink in the same proportion.
inline double optimizer_traffic_bytes(const Parallel& p, bool ideal) {
  const double fused = 4.0 + (p.master_weights ? 8.0 : 2.0) + (p.optimizer_bf16 ? 8.0 : 16.0);
  const double share = fused / kOptimizerTrafficBytes;
  return (p.foreach_adam(ideal) ? kForeachAdamTrafficBytes : kOptimizerTrafficBytes) * share;
}

/// Everything evaluate_plan() computes. Stage figures are kept for the first and last stage
/// (the two that can be the most loaded); plan.cpp recomputes the middle ones for its list.
struct PlanFigures {
  RuleSet rules = 0;
  double parameters = 0, model_flops = 0, hardware_flops = 0;
  std::int64_t microbatches = 0;
  StageFigures first, last;
  DeviceMemory memory;  // the most loaded device
  bool fits = false;
  double bubble_fraction = 0;
  double compute = 0, bubble = 0, optimizer = 0, step = 0;
  double updated = 0;          // parameters the rank's optimizer updates
  double optimizer_bytes = 0;  // HBM bytes per updated parameter (optimizer_traffic_bytes)
  double optimizer_extra = 0;  // s, part of optimizer: DeepSpeed's BF16 optimizer's copies once per step
  double slot = 0;  // s, one micro-batch's forward + backward on the critical stage, with its exposed transfers
  std::int64_t timed_stage = 0;           // index of that stage (0 or pp − 1): its transfers are the plan's list
  std::array<double, kGroups> exposed{};  // per group, s per step
  double tokens_per_second = 0, model_flops_per_gpu = 0, mfu = 0, hfu = 0;
  std::array<Transfer, kMaxTransfers> transfers{};
  int transfer_count = 0;
};

/// Whether the first stage is the most loaded, the one whose memory must fit (ties go to it):
/// the plan's `memory`, and the stage a rank at the mean expert load is drawn from.
inline bool first_stage_most_loaded(const PlanFigures& f) {
  return f.first.memory.required() >= f.last.memory.required();
}

/// The time of one device of a stage: compute per micro-batch and exposed communication per
/// group, per micro-batch (inside the schedule's slot) and once per step.
struct StageTime {
  double compute = 0;
  std::array<double, kGroups> per_mb{}, per_step{};
};

/// Sets out's step, compute, bubble, exposed, optimizer and throughput from the first and the
/// last stage's times (the slower one sets the step); out.first/last/microbatches must be set.
/// Returns true when the last stage is the critical one. Shared by evaluate_plan and search,
/// so both give the same bits.
bool compose_time(const PlanInput& in, PlanFigures& out, const StageTime& first, const StageTime& last);

/// Fills `out`. When check_rules() (plan_rules.hpp) finds errors only rules, parameters and
/// flops are set.
/// `with_time` false stops after memory (search skips the time of plans that do not fit).
/// One stage's compute per micro-batch and its exposed transfers (per micro-batch and per step),
/// with the transfers listed into `transfers`.
StageTime stage_time(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& transfers, int& count);
void evaluate_plan(const PlanInput& in, PlanFigures& out, bool with_time = true);

/// What a stage holds and how its pipeline runs: atlas/training/pipeline.hpp; the rules a split
/// must meet: plan_rules.hpp; memory_at_zero(): memory.hpp; group and framework names:
/// communication.hpp.

}  // namespace atlas
