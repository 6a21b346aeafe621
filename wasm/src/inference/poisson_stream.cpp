// Requests that arrive at random at a steady rate: vLLM's and SGLang's serving benchmarks with
// --request-rate, whose gaps are exponential (a Poisson stream). No client waits for an answer
// before sending, so how many requests are in flight is not set but follows: by Little's law it is
// the rate times a request's time, and a request's time grows with how many share each step. The
// engine finds that number with the closed loop's model at each whole concurrency (linearly
// between two), then adds what random arrival adds to the first token: a prompt that arrives while
// another is being prefilled waits for it. That is a queue with random arrivals and a fixed service
// time (M/D/1), whose mean wait is ρ·S / (2(1 − ρ)), S one prompt's prefill and ρ the share of a
// replica's time spent prefilling (Pollaczek–Khinchine). Past the deployment's capacity the queue
// grows without end: with a client cap (serving.concurrency, vLLM's --max-concurrency) the run is
// the closed loop at the cap, the rest waiting in the client before they are sent; without one
// there is no steady state to report. A finite stream (serving.requests, vllm bench serve's
// --num-prompts) past the capacity still ends: the deployment runs full while the queue grows by
// the difference of the two rates, then drains it (finite_stream below). Below the capacity a
// finite stream runs at its steady state, and its throughput is its tokens over its length: the
// arrivals' span and then the last request's time.
#include <algorithm>
#include <cmath>

#include "atlas/inference/inference.hpp"

namespace atlas {

namespace {

// More users than any deployment holds: the closed loop then runs at its limit.
constexpr std::int64_t kBeyondAnyLimit = 10'000'000;

InferenceFigures closed_loop_at(const InferenceInput& in, std::int64_t users, std::int64_t requests = 0) {
  InferenceInput c = in;
  c.serving.arrival = Arrival::closed_loop, c.serving.concurrency = users, c.serving.requests = requests;
  InferenceFigures f;
  evaluate_inference(c, f);
  return f;
}

double lerp(double a, double b, double t) { return a + (b - a) * t; }

// N requests offered at λ a second to a deployment that holds `most` at once, answers μ a second
// with them all busy, and prefills prompts one after another on each of `prefillers` replicas,
// `service` s each (μ_p = prefillers ÷ service a second). As a fluid, the k-th request (counting
// from 0) arrives at k/λ and waits for whichever is later:
// - its prompt's turn: the prompts before it take k/μ_p, so it waits k(1/μ_p − 1/λ) once that is
//   positive (every request, from the second on, when the prompts arrive faster than they are
//   prefilled: holding them all at once does not let two be prefilled in the time of one);
// - a slot: the first `most` start on arrival; after that a slot frees every 1/μ, so it starts
//   at (k − most)/μ and waits k(1/μ − 1/λ) − most/μ once that is positive.
// The mean over the N is the run's; it lasts until the last one has started and been answered.
void finite_stream(const InferenceInput& in, const InferenceFigures& full, std::int64_t most, double capacity,
                   double prefillers, double service, InferenceFigures& out) {
  const Serving& s = in.serving;
  const double n = static_cast<double>(s.requests), rate = s.request_rate;
  const double prefill_rate = prefillers / service;
  const bool all_held = s.requests <= most;
  // They all fit at once: the figures of N in flight; otherwise the deployment's, full.
  out = all_held ? closed_loop_at(in, s.requests) : full;
  const double slot_gap = all_held ? 0.0 : std::max(0.0, 1.0 / capacity - 1.0 / rate);
  const double prompt_gap = std::max(0.0, 1.0 / prefill_rate - 1.0 / rate);
  const double held = static_cast<double>(most);
  const auto wait_of = [&](double k) {
    return std::max({0.0, k * prompt_gap, all_held ? 0.0 : k * slot_gap - held / capacity});
  };
  // Σ over k = 0 … N − 1 of wait_of(k), in closed form (N may be a billion): k·g up to where the
  // slot's ramp k·a − most/μ overtakes it, that ramp after.
  const auto ramp = [](double from, double to) { return to < from ? 0.0 : (to * (to + 1) - from * (from - 1)) / 2; };
  double total = prompt_gap * ramp(0, n - 1);
  if (slot_gap > prompt_gap) {
    const double last = std::min(n - 1, std::floor(held / capacity / (slot_gap - prompt_gap)));
    total = prompt_gap * ramp(0, last) + slot_gap * ramp(last + 1, n - 1) - held / capacity * (n - 1 - last);
  }
  // A first token's own parts (its prefill, the step in flight, the first decode step), without
  // the closed loop's wait for a slot, which is not ours.
  const double own_first = out.first_token - (all_held ? 0.0 : full.queue.wait);
  out.queue.wait = total / n;
  const bool prefill_paced = prefill_rate < rate && (all_held || prefill_rate < capacity);
  // The decode of the k-th request, once its first token is out.
  const double steps = static_cast<double>(s.output - 1);
  double last_decode = steps * out.per_output_token;
  if (prefill_paced && steps > 0) {
    // While prompts are still queued every step carries a full pass of them, so a running request
    // gains one token a pass; the prompts after the k-th take (N − 1 − k)/μ_p, then its steps are
    // the decode step alone. A pass carries several short prompts, or a chunk of a long one. With
    // mixed batches the running sequences ride in the pass: their weight reads are the pass's own,
    // the rest of a decode step (their KV, small kernels, collectives, the host) comes on top;
    // without, a decode step runs between passes.
    const double budget = static_cast<double>(scheduler_limits(in.serving, in.hardware).step_tokens);
    const double prompt = computed_prompt(s);
    const double passes_per_prompt = budget > 1 && prompt > budget ? prompt / budget : 1.0 / prompts_per_pass(in, 1.0);
    const double riders = std::max(0.0, out.decode.cycle - out.decode.memory_time);
    const double pass = service / passes_per_prompt + (runtime_model(s).mixed_batches ? riders : out.decode.cycle);
    // The k-th request has j = N − 1 − k prompts after it: min(steps, j·c) passes, c its replica's
    // passes a prompt. Summed over j = 0 … N − 1 in closed form: c·j up to the output's steps.
    const double c = passes_per_prompt / prefillers;
    const double full_until = std::min(n - 1, std::floor(steps / c));
    const double passes = c * ramp(0, full_until) + steps * (n - 1 - full_until);
    out.per_output_token = out.decode.cycle + (pass - out.decode.cycle) * passes / (n * steps);
    out.queue.prompts_per_pass = 1.0 / passes_per_prompt;
    last_decode = steps * out.decode.cycle;  // no prompt after the last one
  }
  // Never shorter than N at the capacity, which the closed loop's own steady state sets.
  out.queue.makespan = (n - 1.0) / rate + wait_of(n - 1.0) + own_first + last_decode;
  if (!all_held) out.queue.makespan = std::max(out.queue.makespan, n / capacity);
  Queue& q = out.queue;
  q.requests = s.requests, q.in_flight = static_cast<double>(std::min(most, s.requests));
  q.arrival_rate = rate, q.capacity = prefill_paced ? prefill_rate : capacity, q.saturated = true;
  q.prefill_paced = prefill_paced;
  q.requested = q.served = std::min(most, s.requests), q.waiting = 0;
  settle_run(in, out, n * static_cast<double>(s.output), q.makespan);
}

}  // namespace

void poisson_stream(const InferenceInput& in, InferenceFigures& out) {
  const Serving& s = in.serving;
  const double rate = s.request_rate, output = static_cast<double>(s.output);
  // What the deployment answers at most: the closed loop's rate with more users than it holds.
  const InferenceFigures limit = closed_loop_at(in, kBeyondAnyLimit);
  const std::int64_t most = limit.queue.served;
  if (most <= 0 || rate <= 0) return;  // nothing fits: the closed loop's answer says so
  const double capacity = limit.tokens_per_second / output;
  // Prompts queue for the replica that prefills them; one prompt's prefill is the service time.
  const std::int64_t dp = in.parallel.dp, decoders = decode_replicas(in);
  const double prefillers = static_cast<double>(std::max<std::int64_t>(1, s.disaggregated ? dp - decoders : decoders));
  const double service = limit.prefill, busy = rate / prefillers * service;
  const double prefill_wait = busy < 1 ? busy * service / (2.0 * (1.0 - busy)) : 0.0;
  // Little's law: in flight = rate × a request's time at that many in flight.
  // (A served request's time: the closed loop's wait for a slot is not a Poisson stream's.)
  const auto gap = [&](const InferenceFigures& f, double users) {
    return rate * (f.request - f.queue.wait + prefill_wait) - users;
  };
  const bool overloaded = busy >= 1 || rate >= capacity || gap(limit, static_cast<double>(most)) > 0;
  const auto stamp = [&](Queue& q) { q.arrival_rate = rate, q.prefill_busy = busy, q.capacity = capacity; };
  if (s.capped) {
    // The client sends at most `concurrency` at once: past that the stream is a closed loop.
    const InferenceFigures at_cap = closed_loop_at(in, s.concurrency, s.requests);
    if (overloaded || gap(at_cap, static_cast<double>(s.concurrency)) > 0) {
      out = at_cap;
      stamp(out.queue);
      out.queue.capped = true, out.queue.in_flight = static_cast<double>(s.concurrency);
      return;
    }
  }
  if (overloaded && s.requests > 0) {
    // Whichever saturates first sets the pace: the decode slots, or the prompts' prefill.
    finite_stream(in, limit, most, capacity, prefillers, service, out);
    out.queue.prefill_busy = busy;
    return;
  }
  if (overloaded) {
    stamp(out.queue);
    out.queue.unstable = true;
    return;
  }
  // The fewest in flight whose request time, times the rate, they cover: a whole number, then
  // linearly back towards the one below. One covers it when a request mostly runs alone.
  std::int64_t lo = 1, hi = 1;
  InferenceFigures upper = closed_loop_at(in, 1);
  if (gap(upper, 1.0) > 0) {
    hi = most, upper = limit;
    while (hi - lo > 1) {
      const std::int64_t mid = lo + (hi - lo) / 2;
      InferenceFigures f = closed_loop_at(in, mid);
      if (gap(f, static_cast<double>(mid)) > 0) {
        lo = mid;
      } else {
        hi = mid, upper = std::move(f);
      }
    }
  }
  InferenceFigures f = upper;
  double in_flight = gap(upper, 0.0);  // rate × a request's time: under one when it mostly runs alone
  if (hi > 1) {
    const InferenceFigures lower = closed_loop_at(in, hi - 1);
    const double a = gap(lower, static_cast<double>(hi - 1)), b = gap(upper, static_cast<double>(hi));
    const double t = a > b ? a / (a - b) : 1.0;
    in_flight = static_cast<double>(hi - 1) + t;
    if (t < 0.5) f = lower;
    f.per_output_token = lerp(lower.per_output_token, upper.per_output_token, t);
    f.under_load = lerp(lower.under_load, upper.under_load, t);
    f.first_step = lerp(lower.first_step, upper.first_step, t);
    f.prompts_per_step = lerp(lower.prompts_per_step, upper.prompts_per_step, t);
    f.prompt_share = lerp(lower.prompt_share, upper.prompt_share, t);
  }
  out = f;
  Queue& q = out.queue;
  stamp(q);
  q.in_flight = in_flight, q.wait = prefill_wait;
  q.requested = q.served = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::lround(in_flight)));
  q.waiting = 0, q.scheduler_limited = false;
  if (s.requests > 0) {
    // A finite stream ends when its last request is answered: the client sends the first at once
    // and each next one a random gap later, so the last leaves (N − 1)/λ after the first on
    // average, and the run's tokens are spread over that and the last request's own time.
    const double n = static_cast<double>(s.requests);
    settle_times(in, out);
    q.requests = s.requests, q.makespan = (n - 1.0) / rate + out.request;
    settle_run(in, out, n * output, q.makespan);
    return;
  }
  // Unsaturated, the deployment answers what is offered: rate × output tokens each second.
  settle_run(in, out, rate * output, 1.0);
}

}  // namespace atlas
