// Continuous batching: what a decode step costs once it also makes room for the prompts of the
// sequences that finished, the served concurrency and its throughput, and what a new prompt meets
// when others are already decoding. The passes themselves are inference_time.cpp's.
#include <algorithm>
#include <cmath>

#include "atlas/inference/inference.hpp"

namespace atlas {

namespace {

// Time one decode step takes on average once it also makes room for `admitted` new prompts (the
// sequences that finished): riding in the step (mixed batches) or as prefill batches of their own
// of as many prompts as the runtime's token budget takes. A whole number of prompts enters a step,
// so a fractional mean is the weighted mean of its two neighbours.
double step_with_prompts(const InferenceInput& in, double bare, double sequences, double context, double admitted,
                         double* prompt_share) {
  const RuntimeModel& r = runtime_model(in.serving);
  if (admitted <= 0) return *prompt_share = 0, bare;
  double step = 0;
  if (r.mixed_batches) {
    const double lo = std::floor(admitted), frac = admitted - lo;
    const double at_lo = lo > 0 ? decode_step(in, sequences, context, lo).cycle : bare;
    step = frac > 0 ? (1.0 - frac) * at_lo + frac * decode_step(in, sequences, context, lo + 1).cycle : at_lo;
  } else {
    const double per_batch = std::max(1.0, std::min(std::ceil(admitted), prompts_per_pass(in, admitted)));
    step = bare + admitted / per_batch * prompt_batch(in, per_batch);
  }
  *prompt_share = step - bare;
  return step;
}

// A closed loop whose requests all have the stated lengths does not spread its arrivals over the
// steps. Its users start together, so their prompts are prefilled a token budget's worth at a
// time, and every request then decodes for the same number of steps: the requests whose prompts
// shared a step (a cohort) finish together, and their users' next prompts arrive together one
// cycle later, just after a step was launched without them (the runtime never waits for a client).
// A runtime that mixes prompts into decode steps keeps the cohorts a step apart: each finds the
// last step of the cohort before in flight, then runs its own heavy step. One that prefills in
// batches of its own runs every cohort's batch before the next decode step, so the cohorts merge
// and a request's first token waits for the batches ahead of it. Either way a first token waits
// for a cohort's prompts, not one, and the heavy steps come back every cycle. Lengths that differ
// break the cohorts up within a few cycles, so do random arrivals (a Poisson stream's closed loops,
// request_rate), and so do cohorts too many for the light steps between them: then the arrivals
// spread evenly (step_with_prompts).
bool keep_in_step(const InferenceInput& in, ServingPoint& pt, double context) {
  const Serving& s = in.serving;
  const RuntimeModel& r = runtime_model(s);
  const double c = pt.sequences_per_replica, output = static_cast<double>(s.output);
  if (s.arrival != Arrival::closed_loop || s.lengths_vary || s.request_rate > 0 || s.disaggregated || c < 2 ||
      s.output < 2 || s.runtime == Runtime::ideal || s.runtime == Runtime::gpt_fast)
    return false;
  const double size = std::min(c, prompts_per_pass(in, c)), full = std::floor(c / size), rest = c - full * size;
  const double cohorts = full + (rest > 0 ? 1.0 : 0.0);
  const double light = pt.decode.cycle, overlap = r.overlap_scheduler ? 1.0 : 0.0;
  if (!r.mixed_batches) {
    pt.cohorts = cohorts, pt.cohort_size = size;
    const double batch = prompt_batch(in, size), last = rest > 0 ? prompt_batch(in, rest) : 0.0;
    // The k-th batch's prompts get their first tokens after k batches: size × batch × k(k+1)/2
    // summed over the full batches, then the rest after all of them.
    pt.cohort_first = (size * batch * full * (full + 1.0) / 2.0 + rest * (full * batch + last)) / c;
    pt.cohort_wait = light;
    // A slot's cycle: the decode step in flight on arrival, every batch, output − 1 decode steps,
    // and with an overlap scheduler the step that learns it finished.
    pt.period = full * batch + last + (output + overlap) * light;
    return true;
  }
  // A prompt longer than the budget is chunked over several steps, each also carrying the running
  // sequences' tokens; a cohort's heavy steps are then its chunks.
  const std::int64_t budget = scheduler_limits(s, in.hardware).step_tokens;
  const double chunks = budget > 0 ? std::max(1.0, std::ceil(computed_prompt(s) / static_cast<double>(budget))) : 1.0;
  if (cohorts * chunks >= output) return false;
  pt.cohorts = cohorts, pt.cohort_size = size;
  const double heavy = decode_step(in, c, context, size).cycle + (chunks - 1.0) * light;
  const double last = rest > 0 ? decode_step(in, c, context, rest).cycle + (chunks - 1.0) * light : 0.0;
  pt.cohort_first = (full * size * heavy + rest * last) / c;
  // In flight on arrival: a light step for the first cohort, the last heavy step of the cohort
  // before for every other.
  pt.cohort_wait = (size * light + (c - size) * heavy / chunks) / c;
  // A slot's cycle in steps: the one in flight on arrival, its heavy step(s), output − 1 decode
  // steps and with an overlap scheduler the step that learns it finished; the cohorts' heavy steps
  // are some of them.
  pt.period = full * heavy + last + (output + 1.0 + overlap - cohorts * chunks) * light;
  return true;
}

}  // namespace

double serving_context(const InferenceInput& in) {
  return static_cast<double>(in.serving.prompt) + static_cast<double>(in.serving.output) / 2.0;
}

// Under continuous batching a prompt meets sequences already decoding. It arrives during a step
// and waits for it to end (half a step on average), and a runtime that mixes prompts into decode
// steps runs it in a step that also carries every running sequence's token, longer than the prompt
// alone. Users in step (keep_in_step) wait instead for the step in flight when their cohort
// arrives and for their cohort's prompts. `ideal` keeps the earlier model (the prompt alone);
// gpt-fast's static batch starts its prompts together.
double first_token_under_load(const InferenceInput& in, const ServingPoint& pt, double context, double alone) {
  const Runtime r = in.serving.runtime;
  if (r == Runtime::ideal || r == Runtime::gpt_fast || in.serving.disaggregated || pt.served < 2) return 0;
  if (pt.cohorts > 0) return pt.cohort_wait + std::max(0.0, pt.cohort_first - alone);
  const double in_flight = 0.5 * pt.per_output_token;
  if (!runtime_model(in.serving).mixed_batches) return in_flight;
  const double shared = decode_step(in, pt.sequences_per_replica, context, 1.0).cycle;
  return in_flight + std::max(0.0, shared - alone);
}

ServingPoint serving_point(const InferenceInput& in, std::int64_t concurrency, const InferenceFigures& prefill) {
  const Serving& s = in.serving;
  const double replicas = static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)));
  ServingPoint pt;
  pt.concurrency = concurrency;
  // The KV cache holds at most max_concurrency sequences, and the scheduler runs at most its own
  // limit per replica: those are served, the rest wait. A step's time is still given for one
  // sequence when none fits, but no throughput is.
  pt.served = std::min(concurrency, std::max<std::int64_t>(0, prefill.memory.max_concurrency));
  const std::int64_t running = scheduler_limits(s, in.hardware).running;
  const std::int64_t cap = running * static_cast<std::int64_t>(replicas);
  if (running > 0 && cap < pt.served) pt.served = cap, pt.scheduler_limited = true;
  const double decoding = static_cast<double>(std::max<std::int64_t>(1, pt.served));
  pt.sequences_per_replica = std::ceil(decoding / replicas);
  const double context = serving_context(in);
  pt.decode = decode_step(in, pt.sequences_per_replica, context);
  // Without separate prefill GPUs, each decode step also makes room for the prompts of the
  // sequences that finish: sequences ÷ output prompts per step on average.
  pt.prompts_per_step = s.disaggregated ? 0.0 : pt.sequences_per_replica / static_cast<double>(s.output);
  // An overlap scheduler learns that a sequence finished one step late: its slot is held for
  // output + 1 steps.
  const double output = static_cast<double>(s.output);
  const bool overlap = runtime_model(s).overlap_scheduler;
  if (keep_in_step(in, pt, context)) {
    // A closed loop's request takes the whole cycle; its other output − 1 tokens take what its
    // first token leaves of it (the other cohorts' heavy steps included).
    const double first = pt.cohort_wait + pt.cohort_first + (overlap ? pt.decode.cycle : 0.0);
    pt.per_output_token = (pt.period - first) / (output - 1.0);
    pt.prompt_share = pt.period / output - pt.decode.cycle;
    pt.tokens_per_second = static_cast<double>(pt.served) * output / pt.period;
  } else {
    pt.per_output_token = step_with_prompts(in, pt.decode.cycle, pt.sequences_per_replica, context, pt.prompts_per_step,
                                            &pt.prompt_share);
    pt.tokens_per_second =
        static_cast<double>(pt.served) / pt.per_output_token * (overlap ? output / (output + 1.0) : 1.0);
  }
  if (s.disaggregated) {
    const double prompts_per_second = replicas / prefill.prefill_occupancy;  // as many prefill replicas as decode ones
    const double cap = prompts_per_second * static_cast<double>(s.output);
    if (pt.tokens_per_second > cap) pt.tokens_per_second = cap, pt.prefill_limited = true;
  }
  pt.tokens_per_second_per_gpu = pt.tokens_per_second / static_cast<double>(in.hardware.gpus);
  pt.per_user = user_token_rate(pt.served, pt.per_output_token);
  return pt;
}

}  // namespace atlas
