// The formulas a plan shows beside its numbers: each figure of memory, time and throughput as
// text with {n} placeholders and the quantities, units attached, that fill them.
#include "atlas/training/plan_formulas.hpp"
#include "atlas/training/recompute.hpp"

#include <cstdio>

#include "atlas/contract/formula.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/memory.hpp"

namespace atlas {

namespace {
std::string qty_count(double v) {
  const auto whole = static_cast<long long>(v);
  if (static_cast<double>(whole) == v) return std::to_string(whole);
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);  // 1.03, 0.562: a byte count read at a glance
  return text;
}
}  // namespace

namespace {

// What buffers hold beyond the stored activations, each part the plan counts.
std::string buffers_text(const Parallel& p) {
  std::string text;
  const auto part = [&](const std::string& what) { text += (text.empty() ? "" : "; + ") + what; };
  if (p.zero >= 3) part("the current and the prefetched layer's gathered weights (ZeRO-3), less the rank's own shard");
  if (p.recompute != Recompute::none)
    part(p.zero >= 3 ? "one layer's activations rebuilt in backward"
                     : "one layer's activations rebuilt during backward (recomputation)");
  if (p.framework == Framework::fsdp)
    part(std::string("one layer's bf16 gradients and FSDP2's flat reduce-scatter input in ") + reduce_dtype_name(p) +
         " (2 B + " + (gradient_bytes(p) == 4.0 ? "4" : "2") + " B × (1 + 1/N) per weight of the layer)");
  if (deepspeed_steps_fp32_copy(p)) {
    const bool fp32 = gradient_bytes(p) == 4.0;  // then the cast to fp32 copies nothing
    if (p.zero == 0)
      part(std::string("or, at the optimizer step when it holds more, DeepSpeed's flat fp32 copy of the gradients (") +
           (fp32 ? "4" : "4 + 4 for each gradient's fp32 cast") +
           " B per weight) beside them, the activations freed by then");
    else
      part(std::string("or, at the optimizer step when it holds more, DeepSpeed's flat copy of the rank's gradient "
                       "partition") +
           (fp32 ? " (4 B per weight of it" : " and its fp32 cast (2 + 4 B per weight of it") +
           (p.zero >= 3 ? ", one sub-group of at most 10⁹ weights at a time" : "") + ") beside " +
           (p.zero >= 2 ? "the sharded gradients" : "its own gradients (the others are freed first)") +
           ", the activations freed by then");
  }
  return text.empty() ? "none beyond the stored activations (no weights gathered, nothing recomputed)" : text;
}

// The GEMM workspaces as device_memory.hpp counts them, each with its library's default.
Formula workspaces_formula(const Parallel& p, const ModelShape& model, const Hardware& hw) {
  if (p.framework == Framework::ideal) return Formula("none: the ideal framework allocates nothing beyond its tensors");
  const GemmWorkspaces w = gemm_workspaces(p, hw, model.moe());
  Formula f("PyTorch's cuBLAS workspace (CUBLAS_WORKSPACE_CONFIG's default, ");
  f << qty::bytes(w.torch - kTorchCublasLt) << (w.hopper ? " on Hopper" : " off Hopper")
    << ") + its cuBLASLt workspace (" << qty::bytes(kTorchCublasLt) << ")";
  if (w.te_copies > 0)
    f << " + Transformer Engine's, " << qty::number(w.te_copies) << " × " << qty::bytes(w.te_each)
      << " (one, + one per compute stream for the experts' grouped GEMMs, + three for overlapped tensor-parallel "
         "GEMMs, as the split has them)";
  f << " = " << qty::bytes(w.total()) << ", allocated on the first matmuls and kept for the run";
  return f;
}

// What the caching allocator holds beyond the allocated peak: fragmentation (none with expandable
// segments) and, under FSDP2, what its communication streams keep cached (the plan's own figure).
Formula allocator_reserve_formula(const Hardware& hw, const DeviceMemory& m) {
  const bool streams = m.stream_pools > 0;
  const bool expandable = hw.allocator == Allocator::expandable_segments;
  if (expandable && !streams)
    return Formula(
        "none: with expandable segments the allocator grows one segment page by page instead of "
        "caching blocks of fixed sizes (the last page's rounding, under 20 MiB, is not counted)");
  Formula f(expandable ? "no fragmentation (expandable segments grow page by page)"
                       : "the caching allocator's blocks freed at one size and not reused at another: ");
  if (!expandable)
    f << qty::fraction(kCachingReserveFraction)
      << " of the allocated peak (max reserved ÷ max allocated in Megatron training logs of large models, mean of "
         "four sources, spread 0.6–17 %)";
  if (streams)
    f << "; + what FSDP2's communication streams keep cached, since the allocator reuses a block only on the stream "
         "that freed it: the reduce-scatter stream the largest unit's flat gradients in the reduce dtype with its "
         "shard, the all-gather stream that unit gathered beside a block (the embedding or the output head with "
         "the final norm, beyond the one block the allocated peak counts) = "
      << qty::bytes(m.stream_pools);
  f << ", at most what the card leaves free: the allocator empties its cache before it reports out of memory";
  return f;
}

}  // namespace

namespace {

// NCCL's buffers: a set per communicator, and NVLS's per GPU of the group in the node where the
// NVSwitches multicast and the NCCL release sets them up.
Formula nccl_formula(const Parallel& p, const Hardware& hw, const Communicators& comms) {
  Formula f("NCCL buffers: ");
  f << qty::number(static_cast<double>(comms.count))
    << " communicators (groups of more than one rank that run collectives"
    << (is_megatron(p.framework) ? ", and the default group Megatron's start-up barriers use" : "")
    << "), 544 MiB for 2 ranks, 688 MiB for more (NVIDIA/nccl issue #964, A100); pipeline send/receive not counted";
  const double head = nvls_bytes_per_head(hw, false);
  if (head <= 0)
    return f << (hw.nvls ? "; no NVLS buffers before NCCL 2.17" : "; no NVLS (NVLink SHARP) on this hardware");
  if (comms.nvls <= 0)
    return f << "; NVLS (NVLink SHARP) buffers of NCCL 2." << std::to_string(hw.nccl_minor)
             << ": none, no group of more than 2 GPUs in a node "
             << (nvls_at_creation(hw) ? "is created" : "runs an all-reduce, reduce-scatter or all-gather");
  f << "; + NVLS (NVLink SHARP) buffers of NCCL 2." << std::to_string(hw.nccl_minor) << ", " << qty::bytes(head)
    << " per GPU of the group in the node, "
    << (nvls_at_creation(hw) ? "made when any group of more than 2 GPUs in a node is created"
                             : "made when a group of more than 2 GPUs in a node first runs an all-reduce, "
                               "reduce-scatter or all-gather")
    << " (NCCL's NVLS transport): " << qty::bytes(comms.nvls) << " in all";
  return f;
}

}  // namespace

json memory_formulas(const Parallel& p, const ModelShape& model, const Hardware& hw, const DeviceMemory& m) {
  const bool tied_embeddings = model.tied_embeddings;
  const auto sharded = [&](const char* head, const char* what) {
    if (p.shard_replicas() > 1)
      return Formula(head) << what << ", N = dp_shard·cp = " << qty::number(static_cast<double>(p.shard_ranks()))
                           << ", replicated over " << qty::number(static_cast<double>(p.shard_replicas()))
                           << " groups)";
    return Formula(head) << what << ", N = dp·cp = " << qty::number(static_cast<double>(p.dp * p.cp)) << ")";
  };
  // Each term in the bytes the plan counts: gradients in the dtype they are kept in, FSDP's fp32
  // shards, Transformer Engine's FP8 weight copies.
  const bool fp32_grads = gradient_bytes(p) == 4.0;
  const char* grad_text = fp32_grads ? "4Ψ" : "2Ψ";
  const std::string grad_dtype = fp32_grads ? "fp32 gradients" : "bf16 gradients";
  const bool fsdp_fp32 = fsdp_keeps_fp32_shards(p);
  const double opt_bytes = optimizer_state_bytes(p, fsdp_fp32);
  const std::string optimizer_text = qty_count(opt_bytes) + "Ψ";
  const std::string moments = p.optimizer_bf16 ? "momentum and variance in bf16" : "momentum and variance in fp32";
  const std::string optimizer_what = (p.master_weights && !fsdp_fp32 ? "fp32 master weights, "
                                      : fsdp_fp32                    ? "Adam's "
                                                                     : "no master copy; ") +
                                     moments;
  const LossKernel loss = loss_kernel(p);
  const std::string loss_text =
      loss == LossKernel::eager && p.tp > 1
          ? "16 B per logit (vocabulary ÷ tp per token): PyTorch's loss_parallel keeps the fp32 log-softmax and, in "
            "backward, the one-hot gradient, exp of the log-softmax and their sum alive together"
      : loss == LossKernel::eager
          ? "12 B per logit (vocabulary ÷ tp per token): the eager fp32 loss's log-softmax and, in backward, two "
            "fp32 gradients alive together"
      : loss == LossKernel::chunked
          ? "no full-vocabulary tensor (the loss runs over slices of the tokens; one slice is not counted)"
          : "6 B per logit (vocabulary ÷ tp per token): the fused vocabulary-parallel loss's bf16 logits and "
            "their fp32 softmax";
  const Communicators comms = nccl_communicators(p, hw, tied_embeddings);
  const std::string fp8_copy = p.fp8_param_gather ? ", less the blocks' linear weights, kept only as their " +
                                                        std::string(precision_words(p.precision)) +
                                                        " copies in both layouts (Megatron's --fp8-param-gather)"
                               : weight_cache_bytes_per_weight(p) > 0
                                   ? " + the FP8 copy of each block weight in both layouts (Transformer Engine)"
                                   : "";
  return json{
      {"parameters",
       fsdp_fp32 ? sharded("4Ψ/N bytes (", "fp32 weights sharded by FSDP, the master copy")
       : p.zero >= 3
           ? sharded("2Ψ/N bytes (", ("bf16 weights sharded by ZeRO-3" + fp8_copy).c_str())
           : Formula(("2Ψ bytes (bf16 weights)" + fp8_copy + ", Ψ = parameters of the stage per tp rank").c_str())},
      {"gradients", fsdp_fp32     ? sharded("4Ψ/N bytes (",
                                            "fp32 gradient shards: FSDP casts each reduced shard to "
                                                "its parameter's dtype")
                    : p.zero >= 2 ? sharded((std::string(grad_text) + "/N bytes (").c_str(),
                                            (grad_dtype + " sharded by ZeRO-2/3").c_str())
                    : deepspeed_bf16_optimizer(p)
                        ? Formula("6Ψ bytes (bf16 gradients and DeepSpeed's BF16 optimizer's fp32 copy of them, "
                                  "not sharded)")
                        : Formula((std::string(grad_text) + " bytes (" + grad_dtype + ")").c_str())},
      {"optimizer", p.zero >= 1 || deepspeed_bf16_optimizer(p) || fsdp_fp32
                        ? sharded((optimizer_text + "/N bytes (").c_str(), (optimizer_what + ", sharded").c_str())
                        : Formula((optimizer_text + " bytes (" + optimizer_what + ")").c_str())},
      {"activations",
       Formula(("Korthikanti et al. 2022 Table 2 bytes per layer × layers of the stage × micro-batches "
                "in flight for the schedule" +
                std::string(keeps_eager_tensors(p.kernels, p.recompute)
                                ? " (+ what eager kernels keep beyond fused ones: the norms' fp32 upcasts, rotary's "
                                  "fp32 q and k, silu(gate))"
                                : "") +
                std::string(model.moe() && p.recompute == Recompute::op_selective
                                ? "; expert layers keep nothing of their routed experts, whose grouped GEMMs no "
                                  "save list names: they run again in backward from the layer input"
                            : model.moe() && p.recompute != Recompute::full
                                ? "; expert layers also keep the grouped fc1's input, top_k dispatched copies of "
                                  "each token (2 B × hidden each, gathered over etp), and on the busiest "
                                  "expert-parallel rank routing imbalance × the mean's routed tensors"
                                : "") +
                (p.recompute == Recompute::selective && p.framework == Framework::megatron &&
                         p.recompute_modules != kRecomputeCoreAttn
                     ? "; less what the parts recomputed in backward no longer keep (" +
                           recomputed_parts_text(p.recompute_modules) + ")"
                     : std::string()) +
                (is_megatron(p.framework) && low_precision(p.precision) && p.recompute != Recompute::full
                     ? "; Transformer Engine keeps each linear layer's input for its weight gradient in " +
                           std::string(precision_words(p.precision)) + ", " +
                           qty_count(low_precision_bytes(p.precision, false)) +
                           " B an element with its scales where bf16 keeps 2 B, and the output projection's "
                           "copy beside the attention's bf16 output"
                     : std::string()) +
                "; + embedding dropout mask (first stage); last stage: the head's input and " + loss_text +
                std::string(p.returns_kv_cache
                                ? "; + every layer's returned keys and values (2 B × 2 × KV width ÷ tp per token), "
                                  "twice (the previous step's output is still held) unless the attention keeps the "
                                  "same tensors for backward"
                                : ""))
                   .c_str())},
      {"context", Formula("CUDA context with its libraries: ")
                      << qty::bytes(kCudaContextBytes)
                      << " per process (vLLM's profiler on an H100, PR #10511; assumed for every GPU)"},
      {"nccl", nccl_formula(p, hw, comms)},
      {"reserve", allocator_reserve_formula(hw, m)},
      {"reserved", Formula("peak allocated + the allocator's reserve: what torch.cuda.max_memory_reserved reports")},
      {"userbuffers",
       has_userbuffers(p)
           ? Formula("Transformer Engine's userbuffers for the overlapped tensor-parallel GEMMs: twelve buffers of "
                     "the gathered activation [sequence · micro-batch / cp, hidden], eight in the GEMM's input "
                     "format (1 B under FP8, else 2 B) and four in bf16, shared by every layer and allocated "
                     "outside PyTorch (Megatron's _initialize_tp_communicators, Transformer Engine's initialize_ub)")
           : Formula("none: Transformer Engine creates userbuffers only when Megatron overlaps tensor-parallel "
                     "communication with its GEMMs (tp_overlap)")},
      {"device", Formula("peak reserved + CUDA context + NCCL buffers + userbuffers: what nvidia-smi shows")},
      {"required", Formula("peak allocated + CUDA context + NCCL buffers + userbuffers: what must fit on the card "
                           "(the allocator's cache is given back before an out-of-memory error); headroom is the "
                           "card less this")},
      {"buffers", Formula(buffers_text(p).c_str())},
      {"workspaces", workspaces_formula(p, model, hw)}};
}

namespace {

Formula optimizer_formula(const PlanFigures& f, const Hardware& hw) {
  const bool fused = f.optimizer_bytes == kOptimizerTrafficBytes;
  // The bytes per weight come from the plan (fused Adam's or the foreach ops'), not from this text.
  Formula x(fused ? "Adam's HBM bytes per updated weight × parameters updated per GPU ÷ HBM bandwidth = "
                  : "Adam's HBM bytes per updated weight (as PyTorch's foreach ops run it, one pass per operation) × "
                    "parameters updated per GPU ÷ HBM bandwidth = ");
  x << qty::bytes(f.optimizer_bytes) << " × " << qty::number(f.updated) << " ÷ "
    << qty::bytes_per_second(hw.memory_bandwidth);
  if (f.optimizer_extra > 0)  // said only when it applies, so other plans' formula reads as before
    x << ", + " << qty::seconds(f.optimizer_extra)
      << " for DeepSpeed's BF16 optimizer's own passes over the fp32 gradients (norm, cast for the reduction and "
         "back, zeroing) and the copy of the updated shard into the bf16 weights";
  x << " = " << qty::seconds(f.optimizer);
  return x;
}

}  // namespace

json time_formulas(const PlanInput& in, const PlanFigures& f) {
  const Parallel& p = in.parallel;
  const Hardware& hw = in.hardware;
  const std::int64_t v = p.schedule == Schedule::interleaved ? p.virtual_stages : 1;
  const double m = static_cast<double>(f.microbatches);
  const double per_mb = m > 0 ? f.compute / m : 0.0;
  double comm = 0;
  Formula communication("exposed = Σ max(0, transfer time − compute it overlaps) = ");
  bool first = true;
  for (int g = 0; g < kGroups; ++g) {
    const double x = f.exposed[static_cast<std::size_t>(g)];
    comm += x;
    if (x <= 0) continue;
    communication << (first ? "" : " + ") << group_name(static_cast<Group>(g)) << " " << qty::seconds(x);
    first = false;
  }
  if (first) communication << qty::seconds(0);
  communication << " = " << qty::seconds(comm)
                << ". Each call costs what NCCL's model gives for its size and group (ring or tree, LL, LL128 or "
                   "Simple, NVLink inside a node and the NICs across nodes, "
                << qty::seconds(hw.latency)
                << " per call on top). TP, PP and EP transfers block, except where the framework overlaps them "
                   "(Megatron's tensor-parallel collectives, and its pipeline sends under the interleaved schedule); "
                   "DP and ZeRO calls are issued as the "
                << framework_name(p.framework)
                << " framework issues them and hide behind compute one after another, the first one exposed, "
                   "overlapped compute "
                << qty::fraction(overlap_slowdown(hw)) << " slower";
  if (!in.ideal && backward_gathers_wait(p))
    communication << "; under backward prefetch \"post\" each block's backward gather waits in the open";
  Formula compute("m × t(micro-batch) = ");
  compute << qty::number(m) << " × " << qty::seconds(per_mb) << " = " << qty::seconds(f.compute)
          << " on the slowest stage: each GEMM at " << qty::fraction(hw.efficiency.compute) << " of "
          << qty::flop_rate(hw.flops)
          << " times its shape's tile and wave efficiency (this stage: " << qty::fraction(f.first.gemm_efficiency)
          << " of peak on average), attention ";
  const double length = static_cast<double>(in.model.seq) / static_cast<double>(p.cp);
  if (!p.flash_attention)
    compute << "as batched matmuls";
  else if (runs_measured_attention(in))
    compute << "fused (the GPU's own kernels: cuDNN's under Transformer Engine) at the rates measured for "
            << qty::number(length) << "-token sequences, " << qty::flop_rate(measured_attention_rate(hw, false, length))
            << " forward and " << qty::flop_rate(measured_attention_rate(hw, true, length)) << " backward";
  else if (runs_flash_attention_2(in))
    compute << "fused (FlashAttention-2, written for Ampere, at its measured " << qty::flop_rate(flash_rate(in))
            << " on this GPU)";
  else if (p.attention_kernel == AttentionKernel::flash_attention_2)
    // Asked for, but this GPU's preset cites no measured FlashAttention-2 rate: say which rate ran.
    compute << "fused at this GPU's own attention rate, " << qty::flop_rate(flash_rate(in))
            << " (no measured FlashAttention-2 rate for this GPU; on A100 FlashAttention-2 is that kernel)";
  else
    compute << "fused (FlashAttention) at " << qty::flop_rate(flash_rate(in));
  compute << ", plus memory-bound kernels at " << qty::bytes_per_second(hw.memory_bandwidth) << " HBM";
  if (p.kernels != Kernels::fused)  // said only when it applies, so other plans' formula reads as before
    compute << " (" << (p.kernels == Kernels::eager ? "eager PyTorch" : "eager PyTorch with a fused norm") << ": "
            << qty::seconds(m * f.first.unfused_seconds) << " of it unfused elementwise kernels' extra HBM bytes)";
  if (f.first.copy_seconds > 0) {
    const FrameworkCopies copies = framework_copies(in, f.first.parameters);
    compute << " (" << copies.who << ": " << qty::seconds(m * f.first.copy_seconds) << " of it " << copies.what << ")";
  }
  if (f.first.permute_seconds > 0)
    compute << " (" << qty::seconds(m * f.first.permute_seconds)
            << " of it copying each token to its top_k experts and back: (1 + top_k) × hidden × 2 B each way, forward "
               "and backward)";
  // Megatron's recompute modules, where they are not its default (the attention core alone).
  if (p.recompute == Recompute::selective && p.framework == Framework::megatron &&
      p.recompute_modules != kRecomputeCoreAttn) {
    compute << "; selective recomputation runs again in backward: " << recomputed_parts_text(p.recompute_modules);
    if (f.first.recompute_memory_seconds > 0)
      compute << " (" << qty::seconds(m * f.first.recompute_memory_seconds) << " of it their memory-bound kernels)";
  }
  return json{{"compute", compute},
              {"communication", communication},
              {"bubble", Formula("(p − 1)/v × slot = (")
                             << qty::number(static_cast<double>(p.pp)) << " − 1)/"
                             << qty::number(static_cast<double>(v)) << " × " << qty::seconds(f.slot) << " = "
                             << qty::seconds(f.bubble) << " (slot = one micro-batch's compute + exposed transfers)"},
              {"optimizer", optimizer_formula(f, hw)},
              {"step", Formula("compute + communication + bubble + optimizer = ")
                           << qty::seconds(f.compute) << " + " << qty::seconds(comm) << " + " << qty::seconds(f.bubble)
                           << " + " << qty::seconds(f.optimizer) << " = " << qty::seconds(f.step)}};
}

json throughput_formulas(const PlanInput& in, const PlanFigures& f) {
  const double gpus = static_cast<double>(in.hardware.gpus);
  const Quantity peak = qty::flop_rate(in.hardware.flops);
  return json{
      {"tokens_per_second", Formula("global batch × sequence ÷ step = ")
                                << qty::number(static_cast<double>(in.global)) << " × "
                                << qty::number(static_cast<double>(in.model.seq)) << " ÷ " << qty::seconds(f.step)
                                << " = " << qty::tokens_per_second(f.tokens_per_second)},
      {"model_flops_per_gpu", Formula("model FLOPs per step ÷ step ÷ GPUs = ")
                                  << qty::flops(f.model_flops) << " ÷ " << qty::seconds(f.step) << " ÷ "
                                  << qty::number(gpus) << " = " << qty::flop_rate(f.model_flops_per_gpu)},
      {"mfu", Formula("model FLOP/s per GPU ÷ peak = ")
                  << qty::flop_rate(f.model_flops_per_gpu) << " ÷ " << peak << " = " << qty::fraction(f.mfu)
                  << " (recomputation not counted)"},
      {"hfu", Formula("(model + recomputed FLOPs) ÷ step ÷ GPUs ÷ peak = ")
                  << qty::flops(f.hardware_flops) << " ÷ " << qty::seconds(f.step) << " ÷ " << qty::number(gpus)
                  << " ÷ " << peak << " = " << qty::fraction(f.hfu)}};
}

// The formulas of the parts a moved peak changes say so.
const char* peak_moment_name(PeakMoment peak) {
  static const char* const kNames[] = {"backward", "before_gradients", "backward_end", "optimizer_step"};
  return kNames[static_cast<int>(peak)];
}

const char* peak_moment_text(PeakMoment peak) {
  static const char* const kText[] = {
      "",
      "The peak comes at the start of backward, before the gradients exist: with one micro-batch a step and no "
      "pipeline, PyTorch allocates them during backward (zero_grad sets them to None) as it frees the activations, so "
      "the bar shows no gradients.",
      "The peak comes at the end of backward: with one micro-batch a step and no pipeline, the gradients allocated "
      "during backward outgrow the activations it frees, so the bar shows no activations.",
      "The peak comes at the optimizer step: the activations are freed, and foreach Adam makes a temporary as large "
      "as one of its moments (the buffers here)."};
  return kText[static_cast<int>(peak)];
}

void note_peak_moment(json& formulas, PeakMoment peak) {
  const auto note = [&](const char* part, const char* text) {
    if (formulas.contains(part) && formulas[part].contains("text"))
      formulas[part]["text"] = formulas[part]["text"].get<std::string>() + text;
  };
  if (peak == PeakMoment::before_gradients)
    note("gradients",
         " once allocated; 0 at this device's peak, the start of backward: zero_grad set them to None and, with one "
         "micro-batch per step and no pipeline, backward allocates them as it frees the activations");
  if (peak == PeakMoment::backward_end)
    note("activations",
         "; 0 at this device's peak, the end of backward: with one micro-batch per step and no pipeline the "
         "gradients, allocated during backward (zero_grad set them to None), outgrow the activations it frees");
  if (peak == PeakMoment::optimizer_step) {
    note("activations", "; 0 at this device's peak, the optimizer step, by which they are freed");
    note("buffers",
         " during backward; at this device's peak, the optimizer step, foreach Adam's temporary as large as one "
         "moment (the variance's square root) for the weights this rank updates");
  }
}

}  // namespace atlas
