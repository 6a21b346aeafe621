// `search` with "mode": "inference": every serving layout of the cluster (tp × pp × replicas,
// and ep for mixture-of-experts models) for one workload, ranked by time per output token at the
// requested concurrency, or by tokens/s per GPU among layouts within a latency limit.
#include <algorithm>

#include "atlas/inference/inference_request.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/search.hpp"

namespace atlas {

namespace {

struct Found {
  InferenceInput input;
  InferenceFigures figures;
  std::int64_t order = 0;
};

}  // namespace

/// Request: {"mode":"inference","model","hardware","serving","objective","latency_limit","top","limits"}
/// (docs/contract-inference.md).
json cmd_inference_search(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "model", "hardware", "serving", "objective", "latency_limit", "top", "limits"});
  auto model = read_model(request, problems);
  auto hardware = read_hardware(request, problems);
  auto serving = read_serving(root, model ? &*model : nullptr);
  auto objective = root.choice("objective", {"latency", "throughput"}, std::string("latency"));
  auto limit = root.number("latency_limit", {0, 3600, true, false, "s"}, 1e300);
  auto top = root.integer("top", {1, 100}, 10);
  const Fields l = root.section("limits", false);
  l.warn_unknown({"max_tp", "max_pp", "max_ep"});
  const Range cap{1, 1e9, false, true};
  auto max_tp = l.integer("max_tp", cap, 1 << 30), max_pp = l.integer("max_pp", cap, 1 << 30);
  auto max_ep = l.integer("max_ep", cap, 1 << 30);
  if (!problems.ok() || !model || !hardware || !serving) return {};
  const bool throughput = *objective == "throughput";

  InferenceInput base;
  // The echo's serving is the one-rank layout's; each layout takes its own tp's host time.
  base.model = *model, base.hardware = *hardware, base.serving = serving_for(*serving, *hardware, 1);
  const std::int64_t gpus = hardware->gpus;
  std::int64_t evaluated = 0, invalid = 0, out_of_memory = 0, fits = 0, too_slow = 0, order = 0;
  std::vector<Found> kept;
  for (std::int64_t tp : divisors(gpus, *max_tp)) {
    for (std::int64_t pp : divisors(gpus / tp, *max_pp)) {
      const std::int64_t dp = gpus / (tp * pp);
      for (std::int64_t ep : divisors(dp, model->moe() ? *max_ep : 1)) {
        ++evaluated;
        InferenceInput in = base;
        in.parallel.tp = tp, in.parallel.pp = pp, in.parallel.dp = dp, in.parallel.ep = ep;
        in.serving = serving_for(*serving, *hardware, tp);
        if (!inference_split_errors(in, true).empty()) {
          ++invalid;
          continue;
        }
        Found found{in, {}, order++};
        evaluate_inference(in, found.figures, false);
        if (!found.figures.memory.fits) {
          ++out_of_memory;
          continue;
        }
        ++fits;
        evaluate_inference(in, found.figures, true);
        // A Poisson stream faster than the split answers has no steady state: it cannot keep up.
        if (found.figures.queue.unstable || (throughput && found.figures.per_output_token > *limit)) {
          ++too_slow;
          continue;
        }
        kept.push_back(found);
      }
    }
  }
  // Ties keep the enumeration order, so the list does not depend on how it was sorted.
  std::sort(kept.begin(), kept.end(), [&](const Found& a, const Found& b) {
    const double x = throughput ? -a.figures.tokens_per_second_per_gpu : a.figures.per_output_token;
    const double y = throughput ? -b.figures.tokens_per_second_per_gpu : b.figures.per_output_token;
    if (x != y) return x < y;
    return a.order < b.order;
  });
  if (kept.size() > static_cast<std::size_t>(*top)) kept.resize(static_cast<std::size_t>(*top));
  json list = json::array();
  for (const auto& k : kept) list.push_back(inference_summary(k.input, k.figures));
  return json{{"mode", "inference"},
              {"objective", *objective},
              {"serving", to_json(base.serving)},
              {"top", list},
              {"counts",
               {{"evaluated", evaluated},
                {"invalid", invalid},
                {"out_of_memory", out_of_memory},
                {"fits", fits},
                {"too_slow", too_slow}}}};
}

}  // namespace atlas
