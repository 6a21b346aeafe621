// The formulas a serving plan shows beside its numbers (`memory.formulas`, `time.formulas`,
// `throughput.formulas`): each the engine's own expression with this layout's values in it, so a
// reader can check every figure by hand.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference_formulas.hpp"
#include "atlas/inference/inference_request.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

const char* bound_name(const DecodeStep& d) { return d.compute_bound ? "compute" : "memory"; }

namespace {

Formula reserve_formula(const InferenceInput& in, const InferenceMemory& mem) {
  const RuntimeModel& r = runtime_model(in.serving);
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
  const SchedulerLimits lim = scheduler_limits(in.serving, in.hardware);
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

// Host work each step waits for: the runtime's measured figure at this tp, or the request's own.
Formula host_formula(const InferenceInput& in) {
  const RuntimeModel& r = runtime_model(in.serving);
  const double tp = static_cast<double>(in.parallel.tp), host = in.serving.host_overhead;
  if (host != runtime_host_step(in.serving, in.parallel.tp))
    return Formula("host work each step waits for, as the request gives it = ") << qty::seconds(host);
  if (host == 0)
    return Formula("host work each step waits for: none measured beyond what the runtime hides behind the next step = ")
           << qty::seconds(0);
  Formula f(runs_v0_engine(in.serving)
                ? "host work each step waits for in vLLM's V0 engine (its Python scheduler, input preparation and "
                  "sampler between steps), fitted on vLLM 0.7.3 runs: "
                : "host work each step waits for (scheduling, input preparation, output handling), measured for this "
                  "runtime: ");
  f << qty::seconds(r.host_step);
  if (r.host_step_per_tp > 0) f << " + " << qty::seconds(r.host_step_per_tp) << " × tp " << qty::number(tp);
  return f << " = " << qty::seconds(host);
}

// "0.5195 B (int4, with a 2 B scale and a 0.5 B zero point per group of 128)": one weight's bytes
// in format `f` and what they hold.
Formula& format_bytes(Formula& out, WeightFormat f, std::int64_t group) {
  out << qty::bytes(weight_bytes(f, group)) << " (" << weight_format_name(f);
  const double g = group > 0 ? static_cast<double>(group) : kInt4Group;
  if (f == WeightFormat::int4) out << ", with a 2 B scale and a 0.5 B zero point per group of " << qty::number(g);
  if (f == WeightFormat::int8 && group > 0) out << ", with a 2 B scale per group of " << qty::number(g);
  if (f == WeightFormat::mxfp4) out << ": 4-bit values and a 1 B scale per block of 32";
  if (f == WeightFormat::nvfp4) out << ": 4-bit values and a 1 B scale per block of 16";
  return out << ")";
}

}  // namespace

json memory_formulas(const InferenceInput& in, const InferenceFigures& f) {
  const Serving& s = in.serving;
  const InferenceMemory& mem = f.memory;
  Formula weights;
  if (s.expert_weights == s.weights)
    format_bytes(weights << "layer linear weights ÷ tp (experts ÷ tp·ep) × ", s.weights, s.group_size);
  else
    format_bytes(format_bytes(weights << "attention and dense or shared MLP weights ÷ tp × ", s.weights, s.group_size)
                     << " + routed experts ÷ tp·ep × ",
                 s.expert_weights, s.group_size);
  return json{
      {"weights", weights << " + embedding, head ÷ tp, norms and biases in bf16 (norms on every device) = "
                          << qty::bytes(mem.weights) << " on the busiest device"},
      {"kv_cache_per_token", kv_per_token_formula(in, mem)},
      {"kv_cache", Formula("sequences per device × ⌈(prompt + output) ÷ block⌉ × block × KV per token per device = ")
                       << qty::number(mem.sequences_per_device) << " × " << qty::number(mem.tokens_per_sequence)
                       << " × " << qty::bytes(mem.kv_per_token_device) << " = " << qty::bytes(mem.kv_cache)},
      {"activations", activations_formula(in, mem)},
      {"reserve", reserve_formula(in, mem)},
      {"max_concurrency", Formula("⌊(memory − weights − activations − reserve) ÷ KV per sequence⌋ × decode replicas = ")
                              << qty::number(static_cast<double>(mem.max_concurrency))}};
}

// Output tokens per second per GPU as this arrival makes them: a closed loop's steady state, or a
// run of every request sent at once (its tokens over its length).
Formula throughput_formula(const InferenceInput& in, const InferenceFigures& f) {
  const Queue& q = f.queue;
  const double gpus = static_cast<double>(in.hardware.gpus);
  if (q.open_stream() && q.requests > 0)
    return Formula("requests × output ÷ the run ÷ GPUs (below its capacity of ")
           << qty::number(q.capacity) << " requests/s the deployment answers what is offered; the run is the "
           << "arrivals' span, (requests − 1) ÷ rate, then the last request's time) = "
           << qty::number(static_cast<double>(q.requests)) << " × "
           << qty::number(static_cast<double>(in.serving.output)) << " ÷ " << qty::seconds(q.makespan) << " ÷ "
           << qty::number(gpus) << " = " << qty::tokens_per_second(f.tokens_per_second_per_gpu);
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
        << (q.prefill_paced ? " a second, as fast as their prompts are prefilled one after another"
                            : " a second: the deployment runs full until the queue drains");
    return per_gpu(out);
  }
  if (q.requests > 0) {
    Formula out = run(q.requests);
    out << "the users' first requests together, then the rest at the steady state's rate";
    return per_gpu(out);
  }
  if (q.cohorts > 0)
    return Formula("sequences served at once × output ÷ a slot's cycle ÷ GPUs (the users keep in step: ")
           << qty::number(q.cohorts) << " cohort" << (q.cohorts > 1 ? "s" : "") << " of up to "
           << qty::number(q.cohort_size) << " prompts a replica, each cohort's heavy step once a cycle) = "
           << qty::number(static_cast<double>(q.served)) << " × " << qty::number(static_cast<double>(in.serving.output))
           << " ÷ " << qty::seconds(q.cycle) << " ÷ " << qty::number(gpus) << " = "
           << qty::tokens_per_second(f.tokens_per_second_per_gpu);
  Formula out("sequences served at once ÷ per output token");
  if (runtime_model(in.serving).overlap_scheduler)
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
  else if (q.cohorts > 0)
    first_token << " + in step with the other users (every request the same length, so the prompts that shared a "
                   "step finish together and return together: cohorts of up to "
                << qty::number(q.cohort_size) << " prompts under the runtime's token budget of "
                << qty::number(static_cast<double>(scheduler_limits(in.serving, in.hardware).step_tokens))
                << " tokens): the step in flight when the cohort arrives (" << qty::seconds(q.cohort_wait)
                << " on average) and its prompts' step beyond one prompt alone " << qty::seconds(f.under_load);
  else if (f.under_load > 0)
    first_token << " + under load: half the step in flight when the prompt arrives"
                << (runtime_model(in.serving).mixed_batches
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
                << (q.prefill_paced ? " in flight, the pace their prompts' prefill sets, one after another"
                                    : " in flight")
                << ": the queue grows by the difference while they arrive; the mean over the run) "
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
  if (q.saturated && q.prefill_paced) {
    per_output_token = Formula(
        "a request's time from its first token to its last ÷ (output − 1), on average: while prompts are "
        "still queued every step carries a pass of them (");
    per_output_token << qty::number(q.prompts_per_pass) << " prompts a pass, " << qty::seconds(f.prefill)
                     << " a prompt; "
                     << (runtime_model(in.serving).mixed_batches
                             ? "the running sequences ride in it, one token each, adding a decode step's work "
                               "beside the weight reads"
                             : "a decode step between passes")
                     << "), then decode steps of " << qty::seconds(d.cycle) << " once the last prompt is in = ";
  } else if (q.waves > 0) {
    per_output_token = Formula(
        "a request's time from its first token to its last ÷ (output − 1), on average: the "
        "prompt passes still to come after its own (");
    per_output_token << qty::number(q.prompts_per_pass) << " prompts a pass; "
                     << (runtime_model(in.serving).mixed_batches
                             ? "each also brings one token, as the running sequences ride in it"
                             : "no token while prompts are left")
                     << "), then decode steps of " << qty::seconds(d.cycle);
    if (q.waves > 1)
      per_output_token << ", over " << qty::number(static_cast<double>(q.waves)) << " rounds (the last of "
                       << qty::number(static_cast<double>(q.last_wave)) << ")";
    per_output_token << " = ";
  } else if (q.cohorts > 0) {
    per_output_token = Formula("(a slot's cycle − its first token's part) ÷ (output − 1): the cycle is ");
    per_output_token << qty::number(static_cast<double>(in.serving.output) + 1.0 +
                                    (runtime_model(in.serving).overlap_scheduler ? 1.0 : 0.0))
                     << " steps of " << qty::seconds(d.cycle) << " with the " << qty::number(q.cohorts)
                     << " cohorts' prompts riding in some of them, " << qty::seconds(q.cycle) << " in all = ";
  } else if (!in.serving.disaggregated) {
    const RuntimeModel& r = runtime_model(in.serving);
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
  Formula decode_step(staged ? "the busiest stage: Σ over its GEMMs of (max((weight + activation) bytes ÷ bandwidth, "
                               "FLOPs ÷ rate) + one small kernel) + max(KV bytes ÷ bandwidth, attention FLOPs ÷ rate) "
                               "+ its small kernels (fixed time + activation bytes ÷ bandwidth) and collectives; the "
                               "step: max(the stages in turn, groups × the busiest) + host. GEMMs "
                             : "Σ over GEMMs of (max((its weight + activation) bytes ÷ bandwidth, its FLOPs ÷ rate) + "
                               "one small kernel) + max(KV bytes ÷ bandwidth, attention FLOPs ÷ rate) + small kernels "
                               "(fixed time + activation bytes ÷ bandwidth) + collectives: GEMMs ");
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

}  // namespace atlas
