// Every request sent at once and each answered once: how offline throughput benchmarks run
// (trtllm-bench throughput, vLLM's and SGLang's offline scripts, a serving benchmark at an
// infinite request rate). No steady state forms. The runtime prefills the prompts it admits, a
// token budget's worth a pass, then decodes them together; requests of fixed lengths finish
// together, so those that did not fit wait for the whole first round to end and run as a second
// round, and so on. When the count is just above what fits, the last round decodes a handful of
// sequences for the whole output length, which a steady-state throughput never shows.
//
// Outputs that differ (a dataset's answers, ended by EOS or a cap) leave the run to its longest:
// the batch thins as requests finish until one sequence decodes alone. A decode step costs a
// fixed part (the weights, launches, the host) plus a part per sequence, so over the run the
// per-sequence parts add up to the tokens whatever the lengths, and the fixed parts to one per
// step: the mean's steps at the full batch and then (longest − mean) steps of one sequence give
// the same total as any spread of lengths with that mean and that longest. Only the last round
// ends this way; earlier ones refill their finished slots from the requests still waiting.
#include <algorithm>
#include <cmath>

#include "atlas/inference/inference.hpp"

namespace atlas {

namespace {

// One round of `requests` sequences over the deployment, every prompt present at its start.
struct Wave {
  double prefill = 0;     // s until the last prompt's pass ends
  double mean_first = 0;  // s from the round's start to a request's first token, on average
  double mean_span = 0;   // s from a request's first token to its last, on average
  double step = 0;        // s per decode step once every prompt is in
  double time = 0;        // s from the round's start to its last token
  double per_pass = 0;    // prompts a pass carries
  double first_step = 0;  // s of the decode step an overlap scheduler runs before a first token is out
};

Wave wave(const InferenceInput& in, double requests, double one_prompt) {
  const Serving& s = in.serving;
  const RuntimeModel& r = runtime_model(s);
  const double replicas = static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)));
  const double here = std::ceil(requests / replicas);  // the busiest replica's share
  const double per_pass = prompts_per_pass(in, here);
  const auto full = static_cast<std::int64_t>(std::floor(here / per_pass));
  const double rest = here - static_cast<double>(full) * per_pass;
  const double pass = full > 0 ? prompt_batch(in, per_pass) : 0.0;
  const double tail = rest > 0 ? prompt_batch(in, rest) : 0.0;
  const std::int64_t passes = full + (rest > 0 ? 1 : 0);
  // Passes follow one another through the busiest stage; the first also crosses every other stage
  // (one prompt's prefill through all of them less its pass on one).
  const double fill = std::max(0.0, one_prompt - prompt_batch(in, 1.0));
  const auto ends = [&](std::int64_t k) {  // s from the round's start to the end of pass k
    return fill + static_cast<double>(std::min(k + 1, full)) * pass + (k >= full ? tail : 0.0);
  };
  Wave w;
  w.per_pass = per_pass;
  w.prefill = ends(passes - 1);
  w.step = decode_step(in, here, serving_context(in)).cycle;
  w.first_step = r.overlap_scheduler ? w.step : 0.0;
  // A prompt's first token comes with its pass. Its other output − 1 tokens wait for the passes
  // still to come: a runtime that mixes prompts into decode steps (vLLM, TensorRT-LLM, LMDeploy)
  // schedules the running sequences' tokens first and fills the step with prompt chunks, so each
  // later pass also brings one token; one that prefills in batches of its own (SGLang, a static
  // batch) decodes only when no prompt is left. Then every step is a decode step.
  const double more = static_cast<double>(s.output - 1);
  double first = 0, span = 0;
  for (std::int64_t k = 0; k < passes; ++k) {
    const double count = k < full ? per_pass : rest;
    const double later = static_cast<double>(passes - 1 - k);  // passes after this prompt's own
    double k_span = w.prefill - ends(k) + more * w.step;
    if (r.mixed_batches)
      k_span = more >= later ? w.prefill - ends(k) + (more - later) * w.step
                             : ends(k + static_cast<std::int64_t>(more)) - ends(k);
    first += count * ends(k), span += count * k_span;
  }
  w.mean_first = first / here + w.first_step;
  w.mean_span = span / here;
  w.time = w.prefill + w.first_step + more * w.step;
  return w;
}

}  // namespace

void all_at_once(const InferenceInput& in, InferenceFigures& out) {
  Queue& q = out.queue;
  if (q.served <= 0) return;  // nothing fits: no round runs (held is false)
  const Serving& s = in.serving;
  const double requested = static_cast<double>(q.requested), served = static_cast<double>(q.served);
  const auto waves = static_cast<std::int64_t>(std::ceil(requested / served));
  const double earlier = static_cast<double>(waves - 1);
  const double last = requested - earlier * served;
  const Wave full = wave(in, served, out.prefill);
  const Wave tail = waves > 1 ? wave(in, last, out.prefill) : full;
  q.waves = waves, q.last_wave = static_cast<std::int64_t>(last);
  // The last round ends with its longest output decoding alone, one sequence a step.
  q.longest = s.output_max > s.output
                  ? static_cast<double>(s.output_max - s.output) * decode_step(in, 1.0, serving_context(in)).cycle
                  : 0.0;
  q.makespan = earlier * full.time + tail.time + q.longest;
  q.wave_prefill = full.prefill, q.prompts_per_pass = full.per_pass;
  // Round j starts when round j − 1 ends: the mean start over every request is the wait.
  const double in_earlier = served * earlier;
  q.wait = (served * full.time * earlier * (earlier - 1.0) / 2.0 + last * earlier * full.time) / requested;
  const double mean_first = (in_earlier * full.mean_first + last * tail.mean_first) / requested;
  // Per output token: a request's span from its first token to its last over output − 1 tokens
  // (the decode step itself when there is one token).
  out.per_output_token = s.output > 1 ? (in_earlier * full.mean_span + last * tail.mean_span) / requested /
                                            static_cast<double>(s.output - 1)
                                      : (in_earlier * full.step + last * tail.step) / requested;
  out.first_step = (in_earlier * full.first_step + last * tail.first_step) / requested;
  out.prompts_per_step = 0, out.prompt_share = 0;  // no prompt arrives while a round decodes
  // The prompts ahead of it in its round: what a request waits for beyond its own prefill.
  out.under_load = std::max(0.0, mean_first - out.first_step - out.prefill - out.kv_handoff);
  settle_run(in, out, requested * static_cast<double>(s.output), q.makespan);
}

const char* arrival_name(Arrival a) {
  static const char* const kNames[] = {"closed_loop", "all_at_once", "poisson"};  // Arrival's order
  return kNames[static_cast<int>(a)];
}

double prompts_per_pass(const InferenceInput& in, double unbounded) {
  // As many whole prompts as the runtime's token budget on this GPU holds (scheduler_limits:
  // vLLM's max_num_batched_tokens, 2048 on A100-class and smaller GPUs, TensorRT-LLM's
  // max_num_tokens, SGLang's chunked_prefill_size, LMDeploy's max_prefill_token_num: 8192, or
  // serving.token_budget); the budget counts the tokens computed, not those found cached.
  const std::int64_t budget = scheduler_limits(in.serving, in.hardware).step_tokens;
  if (budget <= 0) return unbounded;
  return std::max(1.0, std::floor(static_cast<double>(budget) / computed_prompt(in.serving)));
}

void settle_times(const InferenceInput& in, InferenceFigures& out) {
  out.first_token = out.queue.wait + out.prefill + out.kv_handoff + out.first_step + out.under_load;
  out.request = out.first_token + static_cast<double>(in.serving.output - 1) * out.per_output_token;
}

void settle_run(const InferenceInput& in, InferenceFigures& out, double tokens, double seconds) {
  settle_times(in, out);
  out.tokens_per_second = tokens / seconds;
  out.tokens_per_second_per_gpu = out.tokens_per_second / static_cast<double>(in.hardware.gpus);
  out.tokens_per_second_per_user = user_token_rate(out.queue.served, out.per_output_token);
}

}  // namespace atlas
