// `plan` with "mode": "inference": one serving layout in full — memory per device, time to first
// token and per output token, throughput, the latency–throughput curve over concurrency, and the
// tensors that cross device boundaries in one prefill and one decode step (inference_devices.cpp). Each number carries
// the formula that made it, with this layout's values in it.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference_request.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

namespace {

const char* bound_name(const DecodeStep& d) { return d.compute_bound ? "compute" : "memory"; }

// Concurrency where decode GEMMs turn compute-bound on the busiest device (doubling search);
// 0 when they stay memory-bound up to 2^20 sequences.
std::int64_t compute_bound_from(const InferenceInput& in) {
  const double context = static_cast<double>(in.serving.prompt) + static_cast<double>(in.serving.output) / 2.0;
  const double replicas = static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)));
  for (std::int64_t c = 1; c <= (1 << 20); c *= 2)
    if (decode_step(in, static_cast<double>(c), context).compute_bound) return c * static_cast<std::int64_t>(replicas);
  return 0;
}

json curve_json(const InferenceInput& in, const InferenceFigures& f) {
  // A Poisson stream's point on the curve is the requests it keeps in flight.
  const std::int64_t requested =
      f.queue.open_stream() ? std::max<std::int64_t>(1, f.queue.requested) : in.serving.concurrency;
  std::set<std::int64_t> at{requested};
  if (f.memory.max_concurrency > 0) at.insert(f.memory.max_concurrency);
  const std::int64_t top =
      std::min<std::int64_t>(1 << 16, std::max<std::int64_t>({8, requested, 2 * f.memory.max_concurrency}));
  for (std::int64_t c = 1; c <= top; c *= 2) at.insert(c);
  json points = json::array();
  const bool at_once = in.serving.arrival == Arrival::all_at_once;
  // A run of a fixed number of requests is a run at every point too: its users' first requests
  // go out together whatever their number, so a point is that run with c users.
  const bool runs = at_once || in.serving.requests > 0;
  for (std::int64_t c : at) {
    json point{{"concurrency", c}, {"fits", c <= f.memory.max_concurrency}};
    if (runs) {
      // Each point is its own run: c requests at once (rounds and all), or c users' finite loop.
      InferenceInput run = in;
      run.serving.concurrency = c;
      InferenceFigures g;
      evaluate_inference(run, g);
      point.update({{"served", g.queue.served},
                    {"per_output_token", g.per_output_token},
                    {"tokens_per_second", g.tokens_per_second},
                    {"tokens_per_second_per_gpu", g.tokens_per_second_per_gpu},
                    {"tokens_per_second_per_user", g.tokens_per_second_per_user},
                    {"bound", bound_name(g.decode)}});
    } else {
      const ServingPoint pt = serving_point(in, c, f);
      point.update({{"served", pt.served},
                    {"per_output_token", pt.per_output_token},
                    {"tokens_per_second", pt.tokens_per_second},
                    {"tokens_per_second_per_gpu", pt.tokens_per_second_per_gpu},
                    {"tokens_per_second_per_user", pt.per_user},
                    {"bound", bound_name(pt.decode)}});
    }
    points.push_back(point);
  }
  return json{{"points", points},
              {"max_concurrency", f.memory.max_concurrency},
              {"requested", requested},
              {"arrival", arrival_name(in.serving.arrival)},
              {"compute_bound_from", compute_bound_from(in)},
              {"axis", at_once ? "requests sent at once over the whole deployment, each answered once"
                               : "concurrency: sequences decoded at once over the whole deployment"}};
}

Formula reserve_formula(const InferenceInput& in, const InferenceMemory& mem) {
  const RuntimeModel& r = runtime_model(in.serving.runtime);
  const double share = in.parallel.tp > 1 ? r.pool_fraction_tp : r.pool_fraction;
  Formula out;
  if (r.pool == KvPool::share_of_card)
    return out << qty::fraction(1.0 - share) << " of memory (" << runtime_name(r.id) << " keeps "
               << qty::fraction(share) << " for weights, activations and the KV cache) = " << qty::bytes(mem.reserve);
  const double outside = outside_torch(in.parallel.tp);
  if (r.pool == KvPool::share_of_free)
    return out << "memory − weights − activations − " << qty::fraction(share) << " × (CUDA's "
               << qty::fraction(kCudaVisible) << " of memory − weights − activations − " << qty::bytes(outside * kGiB)
               << " outside PyTorch: NCCL, custom all-reduce); " << runtime_label(r.id) << "'s KV pool takes "
               << qty::fraction(share) << " of what is free = " << qty::bytes(mem.reserve);
  return out << "memory − " << qty::fraction(share) << " × CUDA's " << qty::fraction(kCudaVisible) << " of it ("
             << runtime_label(r.id) << "'s share for weights and KV cache) + " << qty::bytes(outside * kGiB)
             << " outside PyTorch (NCCL, custom all-reduce) = " << qty::bytes(mem.reserve);
}

// vLLM takes its start-up profile's peak off the pool, whatever the prompt; the others one
// prompt's prefill working set.
Formula activations_formula(const InferenceInput& in, const InferenceMemory& mem) {
  if (!sizes_after_profile(in.serving.runtime))
    return Formula("prompt × 2 B × (2h + QKV width ÷ tp + MLP up width ÷ tp) = ") << qty::bytes(mem.activations);
  const SchedulerLimits lim = scheduler_limits(in.serving.runtime, in.hardware);
  return Formula(std::string(runtime_label(in.serving.runtime)) + "'s start-up profile: ")
         << qty::bytes(kVllmProfileBase * kGiB) << " + " << qty::number(kVllmSamplerCopies)
         << " fp32 copies of the logits of the " << qty::number(lim.running)
         << " sequences it may run at once (max_num_seqs) over the " << qty::number(static_cast<double>(in.model.vocab))
         << "-token vocabulary, on the last stage; or its token budget's MLP if larger; + the fused-MoE caches of "
            "expert layers. Fitted on vLLM 0.19's start-up logs = "
         << qty::bytes(mem.activations);
}

// Latent attention caches one latent and rotary key per layer; sliding layers stop growing at
// their window (the per-sequence figure caps them).
Formula kv_per_token_formula(const InferenceInput& in, const InferenceMemory& mem) {
  const ModelShape& m = in.model;
  const double kvr = kv_heads_per_rank(m, in.parallel.tp);
  const std::string sliding = m.window > 0 ? "; " + std::to_string(m.sliding_layer_count()) +
                                                 " sliding layers hold at most their window of " +
                                                 std::to_string(m.window) + " tokens"
                                           : "";
  if (m.mla.on())
    return Formula("layers × (latent + rotary key) × bytes = ")
           << qty::number(static_cast<double>(m.layers)) << " × (" << qty::number(static_cast<double>(m.mla.kv_rank))
           << " + " << qty::number(static_cast<double>(m.mla.qk_rope)) << ") × " << qty::bytes(kv_bytes(in.serving.kv))
           << " = " << qty::bytes(mem.kv_per_token) << " (latent attention: every tp rank keeps the whole latent)"
           << sliding;
  return Formula("2 (K and V) × layers × KV heads × head size × bytes = 2 × ")
         << qty::number(static_cast<double>(m.layers)) << " × "
         << qty::number(kvr * static_cast<double>(in.parallel.tp)) << " × " << qty::number(m.head_dim()) << " × "
         << qty::bytes(kv_bytes(in.serving.kv)) << " = " << qty::bytes(mem.kv_per_token)
         << (in.parallel.tp > m.kv_heads ? " (tp > KV heads: each rank keeps a copy of one head)" : "") << sliding;
}

json memory_formulas(const InferenceInput& in, const InferenceFigures& f) {
  const Serving& s = in.serving;
  const InferenceMemory& mem = f.memory;
  const std::string fmt = weight_format_name(s.weights);
  return json{
      {"weights",
       Formula("layer linear weights ÷ tp (experts ÷ tp·ep) × ")
           << qty::bytes(weight_bytes(s.weights)) << " (" << fmt
           << (s.weights == WeightFormat::int4 ? ", with a 2 B scale and a 0.5 B zero point per group of 128" : "")
           << ") + embedding, head ÷ tp, norms and biases in bf16 (norms on every device) = " << qty::bytes(mem.weights)
           << " on the busiest device"},
      {"kv_cache_per_token", kv_per_token_formula(in, mem)},
      {"kv_cache", Formula("sequences per device × ⌈(prompt + output) ÷ block⌉ × block × KV per token per device = ")
                       << qty::number(mem.sequences_per_device) << " × " << qty::number(mem.tokens_per_sequence)
                       << " × " << qty::bytes(mem.kv_per_token_device) << " = " << qty::bytes(mem.kv_cache)},
      {"activations", activations_formula(in, mem)},
      {"reserve", reserve_formula(in, mem)},
      {"max_concurrency", Formula("⌊(memory − weights − activations − reserve) ÷ KV per sequence⌋ × decode replicas = ")
                              << qty::number(static_cast<double>(mem.max_concurrency))}};
}

// Host work each step waits for: the runtime's measured figure at this tp, or the request's own.
Formula host_formula(const InferenceInput& in) {
  const RuntimeModel& r = runtime_model(in.serving.runtime);
  const double tp = static_cast<double>(in.parallel.tp), host = in.serving.host_overhead;
  if (host != runtime_host_step(in.serving.runtime, in.parallel.tp))
    return Formula("host work each step waits for, as the request gives it = ") << qty::seconds(host);
  if (host == 0)
    return Formula("host work each step waits for: none measured beyond what the runtime hides behind the next step = ")
           << qty::seconds(0);
  Formula f(
      "host work each step waits for (scheduling, input preparation, output handling), measured for this runtime: ");
  f << qty::seconds(r.host_step);
  if (r.host_step_per_tp > 0) f << " + " << qty::seconds(r.host_step_per_tp) << " × tp " << qty::number(tp);
  return f << " = " << qty::seconds(host);
}

// Output tokens per second per GPU as this arrival makes them: a closed loop's steady state, or a
// run of every request sent at once (its tokens over its length).
Formula throughput_formula(const InferenceInput& in, const InferenceFigures& f) {
  const Queue& q = f.queue;
  const double gpus = static_cast<double>(in.hardware.gpus);
  if (q.open_stream())
    return Formula("requests per second × output ÷ GPUs (below its capacity of ")
           << qty::number(q.capacity)
           << " requests/s the deployment answers what is offered) = " << qty::number(q.arrival_rate) << " × "
           << qty::number(static_cast<double>(in.serving.output)) << " ÷ " << qty::number(gpus) << " = "
           << qty::tokens_per_second(f.tokens_per_second_per_gpu);
  // A run that ends: its requests' tokens over its length; `how` says what set the length.
  const auto run = [&](std::int64_t requests) {
    Formula out("requests × output ÷ the run ÷ GPUs = ");
    out << qty::number(static_cast<double>(requests)) << " × " << qty::number(static_cast<double>(in.serving.output))
        << " ÷ " << qty::seconds(q.makespan) << " (";
    return out;
  };
  const auto per_gpu = [&](Formula& out) {
    return out << ") ÷ " << qty::number(gpus) << " = " << qty::tokens_per_second(f.tokens_per_second_per_gpu);
  };
  if (q.waves > 0) {
    Formula out = run(q.requested);
    out << qty::number(static_cast<double>(q.waves)) << " round" << (q.waves > 1 ? "s" : "") << ", the last of "
        << qty::number(static_cast<double>(q.last_wave));
    if (q.longest > 0)
      out << ", then " << qty::seconds(q.longest) << " while the longest output's last "
          << qty::number(static_cast<double>(in.serving.output_max - in.serving.output)) << " tokens decode alone";
    return per_gpu(out);
  }
  if (q.saturated) {
    Formula out = run(q.requests);
    out << "offered at " << qty::number(q.arrival_rate) << " requests/s, answered at most " << qty::number(q.capacity)
        << " a second: the deployment runs full until the queue drains";
    return per_gpu(out);
  }
  if (q.requests > 0) {
    Formula out = run(q.requests);
    out << "the users' first requests together, then the rest at the steady state's rate";
    return per_gpu(out);
  }
  Formula out("sequences served at once ÷ per output token");
  if (runtime_model(in.serving.runtime).overlap_scheduler)
    out << " × output ÷ (output + 1) (an overlap scheduler holds each slot one step longer)";
  return out << " ÷ GPUs = " << qty::number(static_cast<double>(q.served)) << " ÷ " << qty::seconds(f.per_output_token)
             << " ÷ " << qty::number(gpus) << " = " << qty::tokens_per_second(f.tokens_per_second_per_gpu);
}

json time_formulas(const InferenceInput& in, const InferenceFigures& f) {
  const Hardware& hw = in.hardware;
  const double bw = hw.memory_bandwidth * kv_bandwidth_fraction(in.serving);
  const double wbw = hw.memory_bandwidth * format_bandwidth_fraction(in.serving);
  const DecodeStep& d = f.decode;
  const PlanInput kernels = training_view(in);
  Formula first_token("prefill of one prompt");
  if (in.serving.cached_prompt > 0)
    first_token << "'s " << qty::number(computed_prompt(in.serving)) << " tokens after its "
                << qty::number(static_cast<double>(in.serving.cached_prompt))
                << " cached ones (their keys read, not computed)";
  first_token << " through every stage, each GEMM at ";
  first_token << qty::fraction(hw.efficiency.compute) << " of " << qty::flop_rate(hw.flops)
              << " times its shape's efficiency, causal attention at ";
  if (runs_measured_attention(kernels)) {
    const double prompt = static_cast<double>(in.serving.prompt);
    first_token << "this GPU's fused attention rate measured for " << qty::number(prompt) << "-token sequences, "
                << qty::flop_rate(measured_attention_rate(hw, false, prompt));
  } else {
    first_token << (runs_flash_attention_2(kernels) ? "FlashAttention-2's measured rate on this GPU, "
                                                    : "this GPU's fused attention rate, ")
                << qty::flop_rate(flash_rate(kernels));
  }
  first_token << ", + its collectives " << qty::seconds(f.prefill_communication);
  if (f.prefill_launch_bound > 0)
    first_token << " + the wait for the host, which issues the pass kernel by kernel ("
                << qty::number(eager_launches(in, 0)) << " launches on the first stage at "
                << qty::seconds(kEagerLaunchTime) << " each, measured in SGLang) beyond the GPU's time "
                << qty::seconds(f.prefill_launch_bound);
  if (in.serving.disaggregated) first_token << " + KV hand-off " << qty::seconds(f.kv_handoff);
  if (f.first_step > 0) first_token << " + the step the overlap scheduler runs first " << qty::seconds(f.first_step);
  const Queue& q = f.queue;
  if (q.waves > 0 && f.under_load > 0)
    first_token << " + the prompts ahead of it in its round (every request sent at once: "
                << qty::number(q.prompts_per_pass) << " a pass under the runtime's token budget, the round's last "
                << "first token after " << qty::seconds(q.wave_prefill) << ") " << qty::seconds(f.under_load);
  else if (f.under_load > 0)
    first_token << " + under load: half the step in flight when the prompt arrives"
                << (runtime_model(in.serving.runtime).mixed_batches
                        ? ", and the running sequences' tokens in the prompt's own step "
                        : " ")
                << qty::seconds(f.under_load);
  if (q.open_stream())
    first_token << " + the wait for prompts that arrived first (random arrivals, one prompt's prefill S at a time: "
                   "ρ·S ÷ (2(1 − ρ)), ρ = "
                << qty::fraction(q.prefill_busy) << " of the replica's time prefilling; " << qty::number(q.in_flight)
                << " requests in flight by Little's law) " << qty::seconds(q.wait);
  else if (q.waves > 1)
    first_token << " + the earlier rounds' time, on average over the " << qty::number(static_cast<double>(q.requested))
                << " requests (" << qty::number(static_cast<double>(q.waves)) << " rounds of up to "
                << qty::number(static_cast<double>(q.served)) << ") " << qty::seconds(q.wait);
  else if (q.saturated)
    first_token << " + the wait behind the requests that arrived first ("
                << qty::number(static_cast<double>(q.requests)) << " offered at " << qty::number(q.arrival_rate)
                << " a second, answered at most " << qty::number(q.capacity) << " a second with "
                << qty::number(q.in_flight)
                << " in flight: the queue grows by the difference while they arrive; the mean over the run) "
                << qty::seconds(q.wait);
  else if (q.wait > 0)
    first_token << " + the wait for a free slot " << qty::seconds(q.wait);
  if (q.capped)
    first_token << " (the stream outruns what " << qty::number(static_cast<double>(in.serving.concurrency))
                << " requests in flight answer: the client's cap holds it to a closed loop, the rest wait in the "
                   "client before they are sent)";
  if (q.requests > 0 && q.waves == 0 && !q.saturated)
    first_token << ", weighed over a run of " << qty::number(static_cast<double>(q.requests)) << " requests from "
                << qty::number(static_cast<double>(q.requested))
                << " users: their first requests go out together and wait behind one another's prompts, the "
                   "rest meet the steady state";
  first_token << " = " << qty::seconds(f.first_token);
  Formula per_output_token("decode step = ");
  if (q.waves > 0) {
    per_output_token = Formula(
        "a request's time from its first token to its last ÷ (output − 1), on average: the "
        "prompt passes still to come after its own (");
    per_output_token << qty::number(q.prompts_per_pass) << " prompts a pass; "
                     << (runtime_model(in.serving.runtime).mixed_batches
                             ? "each also brings one token, as the running sequences ride in it"
                             : "no token while prompts are left")
                     << "), then decode steps of " << qty::seconds(d.cycle);
    if (q.waves > 1)
      per_output_token << ", over " << qty::number(static_cast<double>(q.waves)) << " rounds (the last of "
                       << qty::number(static_cast<double>(q.last_wave)) << ")";
    per_output_token << " = ";
  } else if (!in.serving.disaggregated) {
    const RuntimeModel& r = runtime_model(in.serving.runtime);
    per_output_token = Formula("decode step + the prompts it makes room for (sequences per replica ÷ output = ");
    per_output_token << qty::number(f.prompts_per_step)
                     << (r.mixed_batches ? " prompts a step, riding in its forward pass: one read of the weights, "
                                           "their tokens as extra GEMM rows) = "
                                         : " prompts a step, prefilled in batches of their own) = ")
                     << qty::seconds(d.cycle) << " + " << qty::seconds(f.prompt_share) << " = ";
  }
  per_output_token << qty::seconds(f.per_output_token);
  // With pipeline stages the terms are the busiest stage's, and the step is the pipeline's cycle.
  const bool staged = in.parallel.pp > 1;
  Formula decode_step(staged ? "the busiest stage: Σ over its GEMMs of (max(weight bytes ÷ bandwidth, FLOPs ÷ rate) + "
                               "one small kernel) + max(KV bytes ÷ bandwidth, attention FLOPs ÷ rate) + its small "
                               "kernels and collectives; the step: max(the stages in turn, groups × the busiest) + "
                               "host. GEMMs "
                             : "Σ over GEMMs of (max(its weight bytes ÷ bandwidth, its FLOPs ÷ rate) + one small "
                               "kernel) + max(KV bytes ÷ bandwidth, attention FLOPs ÷ rate) + small kernels + "
                               "collectives: GEMMs ");
  decode_step << qty::seconds(d.gemm_time) << " (weights " << qty::bytes(d.weight_bytes) << " ÷ "
              << qty::bytes_per_second(wbw) << " = " << qty::seconds(d.memory_time) << ", arithmetic "
              << qty::seconds(d.compute_time) << ") + KV " << qty::bytes(d.kv_bytes) << " at "
              << qty::bytes_per_second(bw);
  if (staged)
    decode_step << " + its small kernels and collectives = " << qty::seconds(d.busiest) << " a stage; max(the "
                << qty::number(static_cast<double>(in.parallel.pp)) << " stages in turn " << qty::seconds(d.stages)
                << ", " << qty::seconds(d.busiest) << " × groups " << qty::number(d.groups) << ") + host "
                << qty::seconds(in.serving.host_overhead) << " = " << qty::seconds(d.cycle) << " (" << bound_name(d)
                << "-bound)";
  else
    decode_step << " + small kernels " << qty::seconds(d.kernel_floor) << " (" << runtime_name(in.serving.runtime)
                << ") + collectives " << qty::seconds(d.communication) << " + host "
                << qty::seconds(in.serving.host_overhead) << " = " << qty::seconds(d.cycle) << " (" << bound_name(d)
                << "-bound)";
  if (d.experts_time > 0) {
    decode_step << "; of the GEMMs, the routed experts take " << qty::seconds(d.experts_time);
    if (runs_fused_moe(in.serving.runtime)) {
      decode_step << " as fused-MoE blocks (" << qty::seconds(kFusedMoeFixed) << " a layer + "
                  << qty::seconds(kFusedMoePerExpert) << " a touched expert beside their weight reads, measured";
      if (fused_moe_fp8_on_hopper(in))
        decode_step << "; their FP8 arithmetic at " << qty::fraction(kFusedMoeFp8Peak) << " of the FP8 peak, "
                    << qty::flop_rate(in.hardware.flops_fp8 * kFusedMoeFp8Peak) << ", the block's measured rate";
      decode_step << ")";
    }
  }
  return json{{"first_token", first_token},
              {"decode_step", decode_step},
              {"per_output_token", per_output_token},
              {"request", Formula("first token + (output − 1) × per output token = ") << qty::seconds(f.request)},
              {"host_overhead", host_formula(in)}};
}

}  // namespace

json to_json(const Serving& s) {
  return json{{"prompt", s.prompt},
              {"cached_prompt", s.cached_prompt},
              {"output", s.output},
              {"output_max", s.output_max},
              {"concurrency", s.concurrency},
              {"arrival", arrival_name(s.arrival)},
              {"requests", s.requests},
              {"request_rate", s.request_rate},
              {"capped", s.capped},
              {"weights", weight_format_name(s.weights)},
              {"kv", s.kv == KvFormat::fp8 ? "fp8" : "bf16"},
              {"block", s.block},
              {"group_size", s.group_size},
              {"runtime", runtime_name(s.runtime)},
              {"runtime_label", runtime_label(s.runtime)},
              {"disaggregated", s.disaggregated},
              {"bandwidth_fraction", s.bandwidth_fraction},
              {"host_overhead", s.host_overhead},
              {"weight_bandwidth_fraction", format_bandwidth_fraction(s)}};
}

json inference_summary(const InferenceInput& in, const InferenceFigures& f) {
  const InferenceMemory& m = f.memory;
  const Parallel& p = in.parallel;
  return json{{"parallel",
               {{"dp", p.dp},
                {"tp", p.tp},
                {"pp", p.pp},
                {"ep", p.ep},
                {"cp", p.cp},
                {"attention_kernel", attention_kernel_name(p.attention_kernel)},
                {"precision", precision_name(p.precision)},
                {"decode_replicas", decode_replicas(in)},
                {"gpus_per_replica", p.tp * p.pp}}},
              {"memory",
               {{"weights", m.weights},
                {"weights_per_instance", m.weights_per_instance},
                {"kv_cache_per_token", m.kv_per_token},
                {"kv_cache_per_token_device", m.kv_per_token_device},
                {"kv_cache_per_sequence", m.kv_per_sequence_device},
                {"tokens_per_sequence", m.tokens_per_sequence},
                {"sequences_per_device", m.sequences_per_device},
                {"kv_cache", m.kv_cache},
                {"activations", m.activations},
                {"activations_from", sizes_after_profile(in.serving.runtime) ? "startup_profile" : "prompt"},
                {"reserve", m.reserve},
                {"total", m.total},
                {"capacity", in.hardware.memory},
                {"fits", m.fits},
                {"max_concurrency", m.max_concurrency}}},
              {"queue",
               {{"requested", f.queue.requested},
                {"served", f.queue.served},
                {"waiting", f.queue.waiting},
                {"limit", f.queue.waiting <= 0        ? "none"
                          : f.queue.scheduler_limited ? "scheduler"
                                                      : "kv_cache"},
                {"running_limit", scheduler_limits(in.serving.runtime, in.hardware).running},
                {"wait", f.queue.wait},
                {"waves", f.queue.waves},
                {"last_wave", f.queue.last_wave},
                {"makespan", f.queue.makespan},
                {"longest", f.queue.longest},
                {"requests", f.queue.requests},
                {"round_prefill", f.queue.wave_prefill},
                {"prompts_per_pass", f.queue.prompts_per_pass},
                {"arrival_rate", f.queue.arrival_rate},
                {"in_flight", f.queue.in_flight},
                {"prefill_busy", f.queue.prefill_busy},
                {"capacity", f.queue.capacity},
                {"capped", f.queue.capped},
                {"saturated", f.queue.saturated},
                {"open_stream", f.queue.open_stream()},
                {"held", f.queue.served > 0}}},
              {"time",
               {{"first_token", f.first_token},
                {"first_token_parts",
                 {{"queue", f.queue.wait},
                  {"kernel_floor", f.prefill_kernel_floor},
                  {"launch_bound", f.prefill_launch_bound},
                  {"host_overhead", in.serving.host_overhead},
                  {"prefill", f.prefill - f.prefill_kernel_floor - f.prefill_launch_bound - f.prefill_communication -
                                  in.serving.host_overhead},
                  {"communication", f.prefill_communication},
                  {"kv_handoff", f.kv_handoff},
                  {"first_step", f.first_step},
                  {"under_load", f.under_load}}},
                {"prefill", f.prefill},
                {"kv_handoff", f.kv_handoff},
                {"per_output_token", f.per_output_token},
                {"decode_step", f.decode.cycle},
                {"prompts_per_step", f.prompts_per_step},
                {"prompt_share", f.prompt_share},
                {"request", f.request},
                {"hbm_bound", (f.decode.weight_bytes + f.decode.kv_bytes) / in.hardware.memory_bandwidth},
                {"decode",
                 {{"weight_bytes", f.decode.weight_bytes},
                  {"kv_bytes", f.decode.kv_bytes},
                  {"memory_time", f.decode.memory_time},
                  {"compute_time", f.decode.compute_time},
                  {"gemm_time", f.decode.gemm_time},
                  {"experts_time", f.decode.experts_time},
                  {"communication", f.decode.communication},
                  {"kernel_floor", f.decode.kernel_floor},
                  {"host_overhead", in.serving.host_overhead},
                  {"allreduce", allreduce_name(runtime_model(in.serving.runtime).allreduce)},
                  {"allreduce_label", allreduce_label(runtime_model(in.serving.runtime).allreduce)},
                  {"bound", bound_name(f.decode)}}},
                {"prefill_communication", f.prefill_communication}}},
              {"throughput",
               {{"tokens_per_second", f.tokens_per_second},
                {"tokens_per_second_per_gpu", f.tokens_per_second_per_gpu},
                {"tokens_per_second_per_replica",
                 f.tokens_per_second / static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)))},
                {"tokens_per_second_per_user", f.tokens_per_second_per_user},
                {"prefill_limited", f.prefill_limited}}}};
}

json cmd_inference_plan(const json& request, Problems& problems) {
  auto req = read_inference_request(request, problems);
  if (!req) return {};
  const InferenceInput& in = req->input;
  // An impossible split is an error answer, as in training.
  for (const auto& e : inference_split_errors(in, req->dp_derived)) problems.error(e.code, e.message, e.path);
  if (!problems.ok()) return {};
  json model = to_json(in.model);
  model["parameters"] = parameter_count(in.model);
  json out{
      {"mode", "inference"}, {"model", model}, {"hardware", to_json(in.hardware)}, {"serving", to_json(in.serving)}};
  const RuntimeModel& rt = runtime_model(in.serving.runtime);
  out["scope"] = json::array(
      {"Weights and KV cache bytes are exact for the model's shape and the serving formats; paged blocks are "
       "rounded up whole. Activations are one prompt's working set (under vLLM, the peak of its start-up "
       "profile); the runtime's reserve is its KV pool rule, a share of what CUDA reports less the memory outside "
       "PyTorch (memory.formulas.reserve).",
       "Each GEMM costs the larger of its weight bytes ÷ HBM bandwidth (at " +
           g4(100 * format_bandwidth_fraction(in.serving)) +
           " % of nominal for these weights, calibrated) and its FLOPs ÷ the fitted GEMM rate with the shape's tile "
           "and wave losses, plus one small kernel's fixed time; attention likewise with its KV bytes. Norms, rotary "
           "embeddings, KV writes and sampling cost one small kernel's time each (" +
           std::string(runtime_name(rt.id)) + ": " + g4(rt.small_kernels_per_layer) +
           " a layer); host work per step is the runtime's measured figure, and under SGLang a prompt's pass waits "
           "for the host to launch its kernels one by one.",
       std::string(rt.allreduce == AllReduceImpl::nccl
                       ? "Collectives use NCCL's cost model (ring or tree, LL/LL128/Simple, per-call overhead)"
                       : "Tensor-parallel all-reduces within a node use the runtime's custom kernel at its measured "
                         "latency; other collectives use NCCL's cost model") +
           "; decode's messages are kilobytes, so latency dominates. They block: no overlap with compute.",
       in.serving.arrival == Arrival::poisson
           ? "Requests arriving at random at serving.request_rate (a Poisson stream): the requests in flight follow "
             "from Little's law (rate × a request's time, found with the closed loop's model at each concurrency), "
             "and a prompt that arrives while another is prefilled waits for it (a queue with random arrivals and "
             "a fixed prefill time, M/D/1; the wait is a mean, not a median). Below capacity the deployment answers "
             "the offered rate. Not modelled: bursts beyond Poisson, prompt and output lengths that vary (each is "
             "its mean), the HTTP front end and tokenization."
       : in.serving.arrival == Arrival::all_at_once
           ? "Every request sent at once and answered once: rounds of as many as the KV cache holds and the runtime "
             "runs at once, each prefilling its prompts a token budget at a time and then decoding them together; "
             "the next round starts when one ends (queue.waves, queue.makespan). Outputs of different lengths "
             "(serving.output their mean, serving.output_max the longest) end the run when the longest is "
             "answered: the mean's steps at the full batch, then the rest alone, which a step's fixed cost plus a "
             "cost per sequence makes the same for any spread of lengths (queue.longest). Not modelled: decodes "
             "riding in the prefill passes, a runtime that admits more than fits and preempts later, prompts of "
             "different lengths (each is the mean), the HTTP front end and tokenization."
           : "Continuous batching at a steady state: every sequence decodes, and (without separate prefill GPUs) "
             "each step also prefills the prompts of the sequences that finish. Past what the KV cache holds or the "
             "runtime runs at once, the served concurrency is the fitting one and the rest wait (queue; the wait is "
             "in the first token). Not modelled: the HTTP front end and tokenization before a prompt reaches the "
             "scheduler. A run that sends every request at once is serving.arrival \"all_at_once\".",
       "A prompt's cached tokens (serving.cached_prompt) cost their keys' reads, not their compute; each "
       "sequence's cache still holds its whole prompt (blocks shared between sequences are not credited), and "
       "the cache is taken to keep them (no eviction).",
       "Pipeline stages pass groups of sequences round the pipeline; mixture-of-experts routing is balanced and "
       "random. GEMMs run at parallel.precision's rate (FP8 weights on FP8 tensor cores: W8A8), except the "
       "experts of vLLM's and SGLang's fused-MoE kernel in FP8 on Hopper, which run at that kernel's measured "
       "rate, about a tenth of the FP8 peak once a prompt makes them compute-bound."});
  if (in.model.mla.on() && in.model.moe())
    out["scope"].push_back(
        "Models like DeepSeek's (latent attention, many small experts): their block-scaled FP8 projections and "
        "latent attention with its wider query and key heads are costed as plain FP8 GEMMs and fused attention; "
        "their experts, under vLLM or SGLang on Hopper, at the fused-MoE kernel's measured FP8 rate. With that, "
        "published DeepSeek-R1 runs on 8 H200s (GPUStack's offline runs, 2,000 to 32,000-token prompts) come "
        "within 4 %; on Blackwell and under TensorRT-LLM the experts run at the dense FP8 rate, which no "
        "published kernel table here checks, so long prompts there may be optimistic.");
  InferenceFigures f;
  evaluate_inference(in, f);
  if (f.queue.unstable) {
    problems.error("request_rate_beyond_capacity",
                   "serving.request_rate = " + g4(in.serving.request_rate) +
                       " requests/s is more than this deployment answers: at most " + g4(f.queue.capacity) +
                       " requests/s (" + g4(f.queue.capacity * static_cast<double>(in.serving.output)) +
                       " output tokens/s)" +
                       (f.queue.prefill_busy >= 1 ? ", its prompts alone keeping the prefill busy all the time" : "") +
                       ", so the queue grows without end and no steady state exists. Lower the rate, add replicas, or "
                       "give serving.concurrency as the client's cap on requests in flight.",
                   "/serving/request_rate");
    return {};
  }
  json summary = inference_summary(in, f);
  for (auto it = summary.begin(); it != summary.end(); ++it) out[it.key()] = it.value();
  out["memory"]["formulas"] = memory_formulas(in, f);
  out["time"]["formulas"] = time_formulas(in, f);
  out["throughput"]["formulas"] = {
      {"tokens_per_second_per_gpu", throughput_formula(in, f)},
      {"tokens_per_second_per_user", Formula("1 ÷ per output token = ")
                                         << qty::tokens_per_second(f.tokens_per_second_per_user)}};
  out["curve"] = curve_json(in, f);
  out["throughput"]["compute_bound_from"] = out["curve"]["compute_bound_from"];
  out["stages"] = serving_stages_json(in, f);
  out["communication"] = serving_communication_json(in, f);
  return out;
}

}  // namespace atlas
