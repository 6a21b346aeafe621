// The `plan` command: one split evaluated in full, as JSON the split explorer draws.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/expert_routing.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan_formulas.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/plan_rules.hpp"

namespace atlas {

namespace {

// `total` is the allocated peak (kept under its first name); `reserved` adds the caching
// allocator's cache, `device` what lives outside PyTorch's allocator (what nvidia-smi shows).
// What must fit is `required`: the allocator gives its cache back before it runs out.
json memory_json(const DeviceMemory& m, double capacity) {
  json j{{"parameters", m.parameters},
         {"gradients", m.gradients},
         {"optimizer", m.optimizer},
         {"activations", m.activations},
         {"buffers", m.buffers},
         {"workspaces", m.workspaces},
         {"total", m.total()},
         {"peak_allocated", m.total()},
         {"reserve", m.reserve},
         {"stream_pools", m.stream_pools},
         {"reserved", m.reserved()},
         {"context", m.context},
         {"nccl", m.nccl},
         {"userbuffers", m.userbuffers},
         {"device", m.device()},
         {"required", m.required()},
         {"capacity", capacity},
         {"headroom", capacity - m.required()},
         {"fits", m.required() <= capacity}};
  // Said only where the PyTorch frameworks move the peak from backward's start with every part.
  if (m.peak != PeakMoment::backward) {
    j["peak_moment"] = peak_moment_name(m.peak);
    j["peak_note"] = peak_moment_text(m.peak);
  }
  return j;
}

json communicators_json(const Parallel& p, const Hardware& hw, bool tied) {
  const Communicators c = nccl_communicators(p, hw, tied);
  json out = json::array();
  for (int i = 0; i < c.count; ++i) {
    const Communicator& k = c.list[static_cast<std::size_t>(i)];
    json row{{"group", k.group}, {"ranks", k.ranks}, {"bytes", k.bytes}};
    if (k.nvls > 0) row["nvls"] = k.nvls, row["nvls_heads"] = k.local;
    out.push_back(row);
  }
  return out;
}

json batch_json(const PlanInput& in) {
  const auto n = [](std::int64_t v) { return std::to_string(v); };
  return json{
      {"global", in.global},
      {"micro", in.micro},
      {"accumulation", in.accumulation},
      {"dp", in.parallel.dp},
      {"tokens_per_step", static_cast<double>(in.global) * static_cast<double>(in.model.seq)},
      {"equation", n(in.global) + " = " + n(in.micro) + " × " + n(in.accumulation) + " × " + n(in.parallel.dp)}};
}

json time_json(const PlanFigures& f) {
  json comm = json::object();
  for (int g = 0; g < kGroups; ++g) comm[group_name(static_cast<Group>(g))] = f.exposed[static_cast<std::size_t>(g)];
  return json{{"compute", f.compute},
              {"communication", comm},
              {"bubble", f.bubble},
              {"optimizer", f.optimizer},
              {"step", f.step}};
}

json throughput_json(const PlanFigures& f) {
  return json{{"tokens_per_second", f.tokens_per_second},
              {"model_flops_per_gpu", f.model_flops_per_gpu},
              {"mfu", f.mfu},
              {"hfu", f.hfu}};
}

json transfer_json(const Transfer& t) {
  return json{{"id", t.id},
              {"tensor", t.tensor},
              {"name", t.name},
              {"shape", t.shape},
              {"phase", t.phase},
              {"collective", t.collective},
              {"group", group_name(t.group)},
              {"group_size", t.group_size},
              {"where", t.where},
              {"count_per_microbatch", t.count_per_microbatch},
              {"count_per_step", t.count_per_step},
              {"bytes_per_call", t.bytes_per_call},
              {"bytes_per_step", t.bytes_per_call * t.count_per_step},
              {"link", t.inter_node ? "inter" : "intra"},
              {"time_per_step", t.time_per_step},
              {"exposed_time_per_step", t.exposed_per_step},
              {"calls_per_step", t.calls_per_step},
              {"latency_per_step", t.latency_per_step},
              {"latency_share", t.time_per_step > 0 ? t.latency_per_step / t.time_per_step : 0.0},
              {"framework_share", t.time_per_step > 0 ? t.framework_per_step / t.time_per_step : 0.0},
              {"algorithm", t.algorithm},
              {"protocol", t.protocol},
              {"busbw", t.busbw}};
}

// The bound beside the run: the same plan with GEMMs at the fitted peak, nominal links with no
// latency, one collective per step and group, and free overlap.
json ideal_json(const PlanInput& in, const PlanFigures& run) {
  PlanInput bound = in;
  bound.ideal = true;
  PlanFigures f;
  evaluate_plan(bound, f);
  double comm = 0;
  for (double x : f.exposed) comm += x;
  double run_comm = 0;
  for (double x : run.exposed) run_comm += x;
  return json{{"step", f.step},
              {"compute", f.compute},
              {"communication", comm},
              {"bubble", f.bubble},
              {"optimizer", f.optimizer},
              {"tokens_per_second", f.tokens_per_second},
              {"mfu", f.mfu},
              {"gap", run.step - f.step},
              {"gap_share", run.step > 0 ? (run.step - f.step) / run.step : 0.0},
              {"gap_parts",
               {{"compute", run.compute - f.compute},
                {"communication", run_comm - comm},
                {"bubble", run.bubble - f.bubble},
                {"optimizer", run.optimizer - f.optimizer}}},
              {"meaning",
               "The bound: every GEMM at the fitted peak fraction with no shape losses, links at their nominal "
               "bandwidth with no latency, one collective per step and group, and overlap that costs nothing."}};
}

// Blocks of the pipeline schedule, when there are few enough to draw.
constexpr std::int64_t kMaxScheduleBlocks = 4096;

json schedule_json(const PlanInput& in, const PlanFigures& f, const std::vector<std::string>& known) {
  const Parallel& p = in.parallel;
  const std::int64_t v = p.schedule == Schedule::interleaved ? p.virtual_stages : 1;
  const double blocks = 2.0 * static_cast<double>(p.pp) * static_cast<double>(f.microbatches) * static_cast<double>(v);
  if (blocks > static_cast<double>(kMaxScheduleBlocks))
    return json{{"omitted", true},
                {"note", "The schedule has " + g4(blocks) +
                             " blocks (2 × stages × micro-batches × virtual stages); "
                             "the engine lists them only up to " +
                             std::to_string(kMaxScheduleBlocks) + "."}};
  std::vector<std::vector<ScheduleBlock>> stages;
  double makespan = 0;
  if (!schedule_blocks(p.schedule, p.pp, f.microbatches, v, stages, makespan))
    return json{{"omitted", true}, {"note", "This schedule stalls for these numbers."}};
  // The blocks depend on these four numbers alone; a caller that already holds them (it sends
  // this key back in known_schedules) gets everything but the block lists.
  const std::string key = std::string(schedule_name(p.schedule)) + "/" + std::to_string(p.pp) + "/" +
                          std::to_string(f.microbatches) + "/" + std::to_string(v);
  json out{{"omitted", false},
           {"key", key},
           {"unit", "the forward pass of one model chunk of one micro-batch; a backward takes 2"},
           {"unit_seconds", f.slot / (3.0 * static_cast<double>(v))},
           {"makespan", static_cast<std::int64_t>(makespan)}};
  if (std::find(known.begin(), known.end(), key) != known.end()) {
    out["known"] = true;
    return out;
  }
  // Column per field, integers throughout (starts and durations are whole units): a few
  // allocations per stage instead of several per block.
  json list = json::array();
  for (const auto& stage : stages) {
    std::string pass;
    std::vector<std::int64_t> mb, chunk, start, duration;
    pass.reserve(stage.size());
    for (auto* col : {&mb, &chunk, &start, &duration}) col->reserve(stage.size());
    for (const auto& b : stage) {
      pass += b.forward ? 'F' : 'B';
      mb.push_back(b.microbatch);
      chunk.push_back(b.chunk);
      start.push_back(static_cast<std::int64_t>(b.start));
      duration.push_back(static_cast<std::int64_t>(b.duration));
    }
    list.push_back(json{{"pass", std::move(pass)},
                        {"microbatch", std::move(mb)},
                        {"chunk", std::move(chunk)},
                        {"start", std::move(start)},
                        {"duration", std::move(duration)}});
  }
  out["known"] = false;
  out["stages"] = std::move(list);
  return out;
}

}  // namespace

json plan_summary(const PlanInput& in, const PlanFigures& f) {
  return json{{"parallel", to_json(in.parallel)},
              {"batch", batch_json(in)},
              {"time", time_json(f)},
              {"memory", memory_json(f.memory, in.hardware.memory)},
              {"pipeline",
               {{"stages", in.parallel.pp},
                {"microbatches", f.microbatches},
                {"virtual_stages", in.parallel.virtual_stages},
                {"bubble_fraction", f.bubble_fraction}}},
              {"throughput", throughput_json(f)}};
}

json plan_response(const PlanRequest& req, std::vector<Issue>& errors, std::vector<Issue>& warnings) {
  const PlanInput& in = req.input;
  PlanFigures f;
  evaluate_plan(in, f);
  RuleSet rules = f.rules;
  if (!req.batch_known) {
    // The batch terms are unknown; its own error says why, so do not pile on.
    for (Rule r : {Rule::batch_product, Rule::interleaved_microbatches, Rule::few_microbatches})
      rules &= ~(1u << static_cast<int>(r));
  }
  errors.insert(errors.end(), req.split_errors.begin(), req.split_errors.end());
  for (int r = 0; r < static_cast<int>(Rule::count); ++r) {
    if (!has_rule(rules, static_cast<Rule>(r))) continue;
    const Issue issue = describe_rule(in, static_cast<Rule>(r), req.dp_derived);
    if (r < kFirstWarning)
      errors.push_back(issue);
    else
      warnings.push_back(issue);
  }
  const LayerParameters lp = layer_parameters(in.model);
  const EmbeddingParameters ep = embedding_parameters(in.model);
  json model = to_json(in.model);
  model["parameters"] = f.parameters;
  model["parameters_per_layer"] = lp.total();
  model["embedding_parameters"] = ep.total();
  json out{{"model", model},
           {"hardware", to_json(in.hardware)},
           {"parallel", to_json(in.parallel)},
           {"parameters", f.parameters},
           {"flops_per_step", f.model_flops},
           {"hardware_flops_per_step", f.hardware_flops}};
  out["scope"] = json::array(
      {"Compute: each GEMM at one fitted fraction of peak times its shape's tile and wave quantization and a short-"
       "reduction penalty; attention fused (FlashAttention, at an assumed 75 % of a GEMM's rate) or as batched "
       "matmuls; memory-bound kernels at HBM bandwidth. No per-kernel measured tables, no CPU, launch or "
       "data-loader time, no power or clock throttling.",
       "Collectives: NCCL's own cost model (ring and tree, three protocols, per-hop latencies from NCCL's tuning "
       "tables) on two tiers (NVLink in a node, NICs across nodes), with peak bus bandwidths and a per-call overhead "
       "fitted on published nccl-tests results. No NVLS/SHARP algorithms (their buffers are counted in memory), no "
       "PAT, no congestion between groups or in the "
       "fabric, no channel-count effects beyond the protocol choice. Each group sits where the rank order "
       "(parallel.order, Megatron's tp-cp-ep-dp-pp by default) puts it; racks and a spine above the nodes are not "
       "modelled.",
       "Overlap: expert-parallel transfers block; pipeline sends block too, except under Megatron's interleaved "
       "schedule, which runs each chunk's send and the next receive while a chunk computes, sharing that compute "
       "with data-parallel series on the same link; "
       "tensor-parallel ones block, except Megatron's "
       "input-gradient collectives (and, under sequence parallelism, the re-gather of those layers' inputs), each "
       "hidden behind its own layer's weight- or data-gradient GEMM unless overlap is off (2021's Megatron), and "
       "all of them under tp_overlap. Data-parallel and ZeRO calls hide behind compute one after another, series "
       "on the same link in the same phase sharing it; the first of each series is exposed (every backward gather "
       "of PyTorch's FSDP under backward prefetch \"post\", Composer's default), and compute they overlap "
       "runs slower by the share of multiprocessors NCCL takes "
       "(21 channels: the mean compute slowdown under overlap, 18.9 %, Lee et al. 2025 measured on four GPUs; "
       "19 % of an A100, 16 % of an H100).",
       "Framework granularity: Megatron-Core's gradient buckets, PyTorch DDP's 25 MiB buckets and FSDP's per-block "
       "gathers, DeepSpeed's buckets and per-weight ZeRO-3 fetches (2021's: every tensor, biases and norm weights "
       "included, each synchronous), at their documented defaults; no Python or "
       "host-side overhead per call beyond the fitted per-call figure, except Megatron-DeepSpeed's tensor-parallel "
       "calls: " +
           std::to_string(static_cast<int>(std::lround(kMegatronDeepSpeedTpStep * 1e6))) +
           " µs per ring step more than NCCL's time, whatever their size (fitted on MT-NLG, tested on "
           "BigScience's runs; what it is made of is not measured). FSDP at ZeRO-3 copies weights out of its "
           "gathers and gradients into its reductions on the compute stream (FSDP2; FSDP1 only casts and divides its "
           "flat gradient), at nominal HBM bandwidth.",
       "Communication is counted on one device of the slowest pipeline stage.",
       "Memory: the allocated peak of the stage's busiest moment, part by part; the caching allocator's reserve "
       "as a measured 5.8 % of it (plus FSDP2's stream pools), and the CUDA context and one NCCL buffer set per "
       "communicator on top for what the card shows, with NVLink SHARP's buffers as the run's NCCL release "
       "sizes and makes them. Not modelled: fragmentation beyond that fraction, NCCL's buffers for "
       "more channels or NICs, CUDA graphs' pools, torch.compile's savings. "
       "Megatron keeps fp32 gradients (18Ψ), DeepSpeed bf16 (ZeRO's 16Ψ).",
       "Mixture of experts: routing balanced unless a routing imbalance says how much more the busiest expert "
       "rank receives; expert gradients are reduced with the dense ones over dp·cp.",
       "Uneven pipeline stages give the extra layers to the first stages; no embedding-aware balancing.",
       "Kernel fusion (parallel.kernels): fused as Megatron's by default; eager PyTorch adds each unfused "
       "elementwise operator's HBM bytes at nominal bandwidth, counted from its definition (bf16 activations): "
       "RMSNorm as Llama's code writes it (fp32 upcast), rotary on q and k in fp32, SwiGLU, dropout before the "
       "residual add; forward, backward and recomputed forward. Not counted: the loss, the final norm, GQA's "
       "repeated keys, softmax outside FlashAttention.",
       "Precision (parallel.precision): in FP8 and FP4 only the blocks' linear layers run in the low format, at "
       "its dense peak times the GPU's fitted bf16 fraction scaled by the measured ratio of the two formats' "
       "matmul ceilings on that GPU (Bekman's maximum achievable matmul FLOPS), with twice (FP4: four times) "
       "bf16's fixed cost per tile; the output head, attention and the router stay bf16. The quantize kernels "
       "move HBM bytes counted from each recipe (a bf16 read, both operand layouts written, scales; current "
       "scaling reads once more for its amax; Transformer Engine fuses the norm's and activation's casts and "
       "casts weights once a step, keeping an FP8 copy of 2 B per block weight). Not modelled: activations "
       "saved in FP8 (counted as bf16), FP8 communication (weight gathers and tensor-parallel gathers stay bf16), "
       "FP8 attention, amax-history reductions, NVFP4's random Hadamard transforms. MFU stays against the bf16 "
       "peak."});
  if (!req.batch_known || !errors.empty()) return out;

  if (in.model.moe() && in.parallel.framework == Framework::megatron)
    out["scope"].push_back(
        "Host time under Megatron-Core's MoE layers is not modelled. Its all-to-all token dispatcher waits on the "
        "GPU once per MoE layer's forward to learn how many tokens each expert gets, so without CUDA graphs the "
        "host's kernel launches "
        "run in series with the GPU. NVIDIA's Megatron-Bridge runs of its 25.11 and 26.02 releases, without "
        "full-iteration graphs, took mostly 4 to 12 ms more per MoE layer and micro-batch (forward and backward "
        "together) than this plan gives, a few up to 35 ms: host time in series with the GPU is the likely reason, "
        "not yet measured.");
  if (in.parallel.expert_grid())
    out["scope"].push_back(
        "Expert tensor parallelism (parallel.etp below tp): the MoE layers run on Megatron-Core's expert grid, "
        "etp × ep × expert-dp = tp × cp × dp ranks per stage numbered etp-ep-edp (etp fastest); the engine keeps "
        "etp a divisor of tp and pp last in the order. Each expert's weights (and their gradients and optimizer "
        "states) are split over etp ranks and the experts over ep, so a rank holds the stage's expert weights / "
        "(ep × etp), replicated over tp·cp·dp / (ep·etp) ranks, over which ZeRO shards them; their gradients are "
        "still reduced with the dense ones over dp·cp. Under sequence parallelism (which etp below tp needs) each "
        "tensor-parallel rank dispatches its own s/tp tokens: the all-to-all per rank carries those tokens × top_k "
        "× hidden × 2 B over the expert grid's ep ranks, an expert layer's MLP has no tp all-gather or "
        "reduce-scatter (shared experts, a dense MLP over tp, keep theirs), and with etp > 1 the received tokens "
        "are gathered over etp before the experts and reduce-scattered after them. Balanced routing: each rank "
        "does the same expert FLOPs as at etp = tp, in GEMMs of etp/tp the rows at tp/etp times the width; the "
        "search keeps etp = tp.");
  out["batch"] = batch_json(in);
  json stages = json::array();
  for (std::int64_t i = 0; i < in.parallel.pp; ++i) {
    const StageFigures st = (i == 0) ? f.first : (i == in.parallel.pp - 1) ? f.last : stage_figures(in, i);
    json mem = memory_json(st.memory, in.hardware.memory);
    mem.erase("capacity");
    stages.push_back({{"index", i},
                      {"first_layer", st.first_layer},
                      {"layers", st.layers},
                      {"embedding", i == 0},
                      {"head", i == in.parallel.pp - 1},
                      {"parameters", st.parameters},
                      {"inflight_microbatches", st.inflight},
                      {"memory", mem},
                      {"compute_per_microbatch", st.compute_per_microbatch},
                      {"gemm_efficiency", st.gemm_efficiency},
                      {"attention_per_microbatch", st.attention_seconds},
                      {"memory_bound_per_microbatch", st.memory_bound_seconds},
                      {"unfused_per_microbatch", st.unfused_seconds},
                      {"copies_per_microbatch", st.copy_seconds}});
  }
  out["stages"] = stages;
  json memory = memory_json(f.memory, in.hardware.memory);
  memory["formulas"] = memory_formulas(in.parallel, in.model, in.hardware, f.memory);
  note_peak_moment(memory["formulas"], f.memory.peak);
  memory["communicators"] = communicators_json(in.parallel, in.hardware, in.model.tied_embeddings);
  memory["loss"] = loss_kernel_name(loss_kernel(in.parallel));
  // Under uneven routing the figures above are the busiest expert-parallel rank's (what must
  // fit); beside them, a rank of the same stage at the mean load.
  if (errors_of(f.rules) == 0 && in.model.moe() && in.parallel.routing_imbalance > 1.0) {
    PlanInput mean = in;
    mean.parallel.routing_imbalance = 1.0;
    const std::int64_t stage = first_stage_most_loaded(f) ? 0 : in.parallel.pp - 1;
    json at_mean = memory_json(stage_figures(mean, stage).memory, in.hardware.memory);
    at_mean.erase("capacity");
    at_mean["stage"] = stage;
    memory["mean_expert_rank"] = at_mean;
  }
  out["memory"] = memory;
  json comm = json::array();
  for (int i = 0; i < f.transfer_count; ++i) comm.push_back(transfer_json(f.transfers[static_cast<std::size_t>(i)]));
  out["communication"] = comm;
  if (in.model.moe()) out["experts"] = expert_routing_json(in, f);
  out["pipeline"] = {{"stages", in.parallel.pp},
                     {"microbatches", f.microbatches},
                     {"virtual_stages", in.parallel.virtual_stages},
                     {"schedule", schedule_name(in.parallel.schedule)},
                     {"bubble_fraction", f.bubble_fraction},
                     {"timed_stage", f.timed_stage},
                     {"blocks", schedule_json(in, f, req.known_schedules)}};
  out["time"] = time_json(f);
  out["time"]["formulas"] = time_formulas(in, f);
  const json ideal = ideal_json(in, f);
  out["time"]["ideal"] = ideal;
  out["throughput"] = throughput_json(f);
  out["throughput"]["ideal"] = {{"tokens_per_second", ideal["tokens_per_second"]}, {"mfu", ideal["mfu"]}};
  out["throughput"]["formulas"] = throughput_formulas(in, f);
  if (req.scaling) out["scaling"] = scaling_json(in, req.scaling_hold);
  if (req.placement) out["placement"] = placement_json(in, f, req.placement_rank);
  // A published run of exactly this configuration: its measured step beside the engine's.
  if (json run = published_run(in, f.step); !run.is_null()) out["published"] = std::move(run);
  if (req.training_tokens) {
    const double tokens = *req.training_tokens;
    out["training"] = {
        {"tokens", tokens},
        {"seconds", tokens / f.tokens_per_second},
        {"days", tokens / f.tokens_per_second / 86400.0},
        {"megatron_eq4_seconds",
         megatron_eq4_seconds(tokens, f.parameters, static_cast<double>(in.hardware.gpus), f.hfu * in.hardware.flops)}};
  }
  return out;
}

/// Request: docs/contract-plan.md. A possible split gets a plan; an impossible one is an error
/// answer like any other ({error, errors, warnings}): one channel for everything refused.
json cmd_plan(const json& request, Problems& problems) {
  if (inference_mode(request, problems)) return cmd_inference_plan(request, problems);
  if (!problems.ok()) return {};
  auto req = read_plan_request(request, problems);
  if (!req) return {};
  std::vector<Issue> errors, warnings;
  json out = plan_response(*req, errors, warnings);
  for (auto& w : warnings) problems.warning(w.code, w.message, w.path);
  for (auto& e : errors) problems.error(e.code, e.message, e.path);
  return problems.ok() ? out : json{};
}

}  // namespace atlas
