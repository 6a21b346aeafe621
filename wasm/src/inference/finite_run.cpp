// A closed loop that sends a fixed number of requests (vLLM's and SGLang's serving benchmarks:
// --num-prompts beside --max-concurrency; genai-perf's --request-count). Its users start
// together, so their first requests are a burst: the prompts queue behind one another's prefill,
// exactly as when every request is sent at once. They then finish spread by that prefill, and
// each user's next request finds the steady state (with fixed lengths the spread persists). The
// run's means weigh the two by how many requests each holds; its length is the burst's run and
// then the rest at the steady state's rate.
#include <algorithm>

#include "atlas/inference/inference.hpp"

namespace atlas {

void finite_run(const InferenceInput& in, InferenceFigures& out) {
  const Serving& s = in.serving;
  const std::int64_t users = s.concurrency, total = s.requests;
  // The first requests of every user, sent together: a run of that many at once.
  InferenceInput first = in;
  first.serving.arrival = Arrival::all_at_once, first.serving.requests = 0;
  first.serving.concurrency = std::min(users, total);
  InferenceFigures burst;
  evaluate_inference(first, burst);
  if (burst.queue.served <= 0 || out.queue.served <= 0) return;  // nothing runs: the steady state's answer stands
  if (total <= users) {
    // Fewer requests than users: each goes out at once, and the run is exactly that burst.
    const InferenceMemory memory = out.memory;
    out = burst, out.memory = memory;
    out.queue.requests = total;
    return;
  }
  const InferenceFigures steady = out;
  const double n = static_cast<double>(total), c = static_cast<double>(users), rest = n - c;
  const auto mean = [&](double at_once, double later) { return (c * at_once + rest * later) / n; };
  const double output = static_cast<double>(s.output);
  out.per_output_token = mean(burst.per_output_token, steady.per_output_token);
  out.first_step = mean(burst.first_step, steady.first_step);
  out.queue.wait = mean(burst.queue.wait, steady.queue.wait);
  // What the first token waits for beyond the wait for a slot, its prefill and the first step:
  // the burst's queue behind the other users' prompts, and the steady state's step in flight.
  out.under_load = mean(burst.under_load, steady.under_load);
  out.queue.requests = total;
  out.queue.makespan = burst.queue.makespan + rest * output / steady.tokens_per_second;
  settle_run(in, out, n * output, out.queue.makespan);
}

}  // namespace atlas
