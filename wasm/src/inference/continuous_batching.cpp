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
  const RuntimeModel& r = runtime_model(in.serving.runtime);
  if (admitted <= 0) return *prompt_share = 0, bare;
  const double prompt = computed_prompt(in.serving);  // the token budget counts computed tokens
  double step = 0;
  if (r.mixed_batches) {
    const double lo = std::floor(admitted), frac = admitted - lo;
    const double at_lo = lo > 0 ? decode_step(in, sequences, context, lo).cycle : bare;
    step = frac > 0 ? (1.0 - frac) * at_lo + frac * decode_step(in, sequences, context, lo + 1).cycle : at_lo;
  } else {
    const std::int64_t budget = scheduler_limits(in.serving.runtime, in.hardware).step_tokens;
    const double fit = budget > 0 ? std::floor(static_cast<double>(budget) / prompt) : admitted;
    const double per_batch = std::max(1.0, std::min(std::ceil(admitted), fit));
    step = bare + admitted / per_batch * prompt_batch(in, per_batch);
  }
  *prompt_share = step - bare;
  return step;
}

}  // namespace

double serving_context(const InferenceInput& in) {
  return static_cast<double>(in.serving.prompt) + static_cast<double>(in.serving.output) / 2.0;
}

// Under continuous batching a prompt meets sequences already decoding. It arrives during a step
// and waits for it to end (half a step on average), and a runtime that mixes prompts into decode
// steps runs it in a step that also carries every running sequence's token, longer than the prompt
// alone. `ideal` keeps the earlier model (the prompt alone); gpt-fast's static batch starts its
// prompts together.
double first_token_under_load(const InferenceInput& in, const ServingPoint& pt, double context, double alone) {
  const Runtime r = in.serving.runtime;
  if (r == Runtime::ideal || r == Runtime::gpt_fast || in.serving.disaggregated || pt.served < 2) return 0;
  const double in_flight = 0.5 * pt.per_output_token;
  if (!runtime_model(r).mixed_batches) return in_flight;
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
  const std::int64_t running = scheduler_limits(s.runtime, in.hardware).running;
  const std::int64_t cap = running * static_cast<std::int64_t>(replicas);
  if (running > 0 && cap < pt.served) pt.served = cap, pt.scheduler_limited = true;
  const double decoding = static_cast<double>(std::max<std::int64_t>(1, pt.served));
  pt.sequences_per_replica = std::ceil(decoding / replicas);
  const double context = serving_context(in);
  pt.decode = decode_step(in, pt.sequences_per_replica, context);
  // Without separate prefill GPUs, each decode step also makes room for the prompts of the
  // sequences that finish: sequences ÷ output prompts per step on average.
  pt.prompts_per_step = s.disaggregated ? 0.0 : pt.sequences_per_replica / static_cast<double>(s.output);
  pt.per_output_token =
      step_with_prompts(in, pt.decode.cycle, pt.sequences_per_replica, context, pt.prompts_per_step, &pt.prompt_share);
  // An overlap scheduler learns that a sequence finished one step late: its slot is held for
  // output + 1 steps.
  const double output = static_cast<double>(s.output);
  const double held = runtime_model(s.runtime).overlap_scheduler ? output / (output + 1.0) : 1.0;
  pt.tokens_per_second = static_cast<double>(pt.served) / pt.per_output_token * held;
  if (s.disaggregated) {
    const double prompts_per_second = replicas / prefill.prefill_occupancy;  // as many prefill replicas as decode ones
    const double cap = prompts_per_second * static_cast<double>(s.output);
    if (pt.tokens_per_second > cap) pt.tokens_per_second = cap, pt.prefill_limited = true;
  }
  pt.tokens_per_second_per_gpu = pt.tokens_per_second / static_cast<double>(in.hardware.gpus);
  pt.per_user = 1.0 / pt.per_output_token;
  return pt;
}

}  // namespace atlas
