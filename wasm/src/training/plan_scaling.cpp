// Strong scaling of one split family: the same tp, pp, cp, ep and global batch on more or fewer
// data-parallel replicas, holding either the micro-batch or the micro-batches per step. Each point
// is a whole plan, as run and at the bound, so the learner sees where doubling the GPUs stops
// halving the step, and which term grows.
#include <cmath>

#include "atlas/training/communication.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

double sum(const std::array<double, kGroups>& a) {
  double s = 0;
  for (double x : a) s += x;
  return s;
}

}  // namespace

json scaling_json(const PlanInput& base, ScalingHold hold) {
  json points = json::array();
  const std::int64_t other = base.parallel.tp * base.parallel.pp * base.parallel.cp;
  const bool hold_micro = hold == ScalingHold::micro;
  for (int shift = -4; shift <= 4; ++shift) {
    const double factor = std::ldexp(1.0, shift);
    const double dp_real = static_cast<double>(base.parallel.dp) * factor;
    if (dp_real < 1 || dp_real != std::floor(dp_real) || dp_real > 1e6) continue;
    const auto dp = static_cast<std::int64_t>(dp_real);
    // The held factor times dp must divide the batch; the other factor is what is left.
    const std::int64_t per_step = dp * (hold_micro ? base.micro : base.accumulation);
    if (base.global % per_step != 0) continue;
    PlanInput in = base;
    in.parallel.dp = dp;
    in.hardware.gpus = other * dp;
    if (hold_micro)
      in.accumulation = base.global / per_step;
    else
      in.micro = base.global / per_step;
    PlanFigures run;
    evaluate_plan(in, run);
    if (errors_of(run.rules) != 0) continue;
    PlanInput bound = in;
    bound.ideal = true;
    PlanFigures ideal;
    evaluate_plan(bound, ideal);
    json comm = json::object();
    for (int g = 0; g < kGroups; ++g)
      comm[group_name(static_cast<Group>(g))] = run.exposed[static_cast<std::size_t>(g)];
    points.push_back({{"gpus", in.hardware.gpus},
                      {"dp", dp},
                      {"micro", in.micro},
                      {"accumulation", in.accumulation},
                      {"step", run.step},
                      {"ideal_step", ideal.step},
                      {"compute", run.compute},
                      {"communication", comm},
                      {"exposed_communication", sum(run.exposed)},
                      {"bubble", run.bubble},
                      {"waiting", sum(run.exposed) + run.bubble},
                      {"waiting_share", (sum(run.exposed) + run.bubble) / run.step},
                      {"optimizer", run.optimizer},
                      {"mfu", run.mfu},
                      {"fits", run.fits},
                      {"current", dp == base.parallel.dp}});
    if (json measured = published_run(in, run.step); !measured.is_null())
      points.back()["measured"] = std::move(measured);
  }
  // Speed-ups count from the smallest size that fits: a size that cannot run (fewer GPUs, or a
  // larger micro-batch, than memory allows) is no baseline. Smaller sizes are still listed.
  std::size_t from = 0;
  while (from < points.size() && !points[from]["fits"].get<bool>()) ++from;
  if (from == points.size()) from = 0;
  if (!points.empty()) {
    const double step0 = points[from]["step"].get<double>(), gpus0 = points[from]["gpus"].get<double>();
    for (json& p : points) {
      const double speedup = step0 / p["step"].get<double>(), gpus = p["gpus"].get<double>();
      p["speedup"] = speedup;
      p["efficiency"] = speedup / (gpus / gpus0);
      p["perfect_step"] = step0 * gpus0 / gpus;
      p["baseline"] = gpus == gpus0;
    }
  }
  json summary = nullptr;
  if (points.size() >= from + 2) {
    // From the baseline to the largest size: how far from halving, and which waiting term grew.
    const json& a = points[from];
    const json& b = points.back();
    json grew = json::array();
    for (const char* term : {"exposed_communication", "bubble", "optimizer"})
      if (b[term].get<double>() > a[term].get<double>() * 1.05 + 1e-9) grew.push_back(term);
    summary = {{"from_gpus", a["gpus"]},
               {"to_gpus", b["gpus"]},
               {"speedup", b["speedup"]},
               {"perfect_speedup", b["gpus"].get<double>() / a["gpus"].get<double>()},
               {"efficiency", b["efficiency"]},
               {"waiting_share_from", a["waiting_share"]},
               {"waiting_share_to", b["waiting_share"]},
               {"grew", grew}};
  }
  json out{{"points", points},
           {"summary", summary},
           {"hold", hold_micro ? "micro" : "accumulation"},
           {"holds", std::string(hold_micro ? "tp, pp, cp, ep, the micro-batch and the global batch stay fixed; "
                                              "data-parallel replicas change, so each GPU gets fewer micro-batches "
                                              "per step."
                                            : "tp, pp, cp, ep, the micro-batches per step and the global batch stay "
                                              "fixed; data-parallel replicas change, so each GPU's micro-batches get "
                                              "smaller (and their activations with them).") +
                         " Points whose batch does not divide are left out; speed-up and efficiency count from the "
                         "smallest size that fits."}};
  // Where the engine is known to be too optimistic, the view says so next to the curve.
  if (base.parallel.zero >= 3 && base.parallel.framework != Framework::ideal &&
      base.parallel.framework != Framework::deepspeed_2021)
    out["caveat"] =
        "This curve assumes the framework overlaps and batches its ZeRO-3 gathers, as current FSDP, Megatron and "
        "DeepSpeed do. The runs Narayanan et al. 2021 measured (Table 2: GPT-3 175B at 144, 88 and 44 TFLOP/s per GPU "
        "on 384, 768 and 1536 A100s) ran one micro-batch per GPU and step on DeepSpeed of early 2021, which gathered "
        "each tensor synchronously, at the fraction of NCCL's rate DeepSpeed issue #1174 measured (0.15 of NCCL's time "
        "for the same calls): choose the framework \"DeepSpeed (2021)\" "
        "and keep the micro-batches per step to see that collapse.";
  return out;
}

}  // namespace atlas
