// Strong scaling of one split family: the same tp, pp, cp, ep, micro-batch and global batch on
// more or fewer data-parallel replicas. Each point is a whole plan, as run and at the bound, so
// the learner sees where doubling the GPUs stops halving the step, and which term grows.
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

json scaling_json(const PlanInput& base) {
  json points = json::array();
  double first_step = 0, first_gpus = 0;
  const std::int64_t other = base.parallel.tp * base.parallel.pp * base.parallel.cp;
  for (int shift = -4; shift <= 4; ++shift) {
    const double factor = std::ldexp(1.0, shift);
    const double dp_real = static_cast<double>(base.parallel.dp) * factor;
    if (dp_real < 1 || dp_real != std::floor(dp_real) || dp_real > 1e6) continue;
    const auto dp = static_cast<std::int64_t>(dp_real);
    const std::int64_t per_step = dp * base.micro;
    if (base.global % per_step != 0) continue;
    PlanInput in = base;
    in.parallel.dp = dp;
    in.hardware.gpus = other * dp;
    in.accumulation = base.global / per_step;
    PlanFigures run;
    evaluate_plan(in, run);
    if (errors_of(run.rules) != 0) continue;
    PlanInput bound = in;
    bound.ideal = true;
    PlanFigures ideal;
    evaluate_plan(bound, ideal);
    const double gpus = static_cast<double>(in.hardware.gpus);
    if (points.empty()) first_step = run.step, first_gpus = gpus;
    const double speedup = first_step / run.step;
    json comm = json::object();
    for (int g = 0; g < kGroups; ++g)
      comm[group_name(static_cast<Group>(g))] = run.exposed[static_cast<std::size_t>(g)];
    points.push_back({{"gpus", in.hardware.gpus},
                      {"dp", dp},
                      {"accumulation", in.accumulation},
                      {"step", run.step},
                      {"ideal_step", ideal.step},
                      {"speedup", speedup},
                      {"efficiency", speedup / (gpus / first_gpus)},
                      {"compute", run.compute},
                      {"communication", comm},
                      {"exposed_communication", sum(run.exposed)},
                      {"bubble", run.bubble},
                      {"waiting", sum(run.exposed) + run.bubble},
                      {"waiting_share", (sum(run.exposed) + run.bubble) / run.step},
                      {"perfect_step", first_step * first_gpus / gpus},
                      {"optimizer", run.optimizer},
                      {"mfu", run.mfu},
                      {"fits", run.fits},
                      {"current", dp == base.parallel.dp}});
  }
  json summary = nullptr;
  if (points.size() >= 2) {
    // From the smallest to the largest size: how far from halving, and which waiting term grew.
    const json& a = points.front();
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
           {"holds",
            "tp, pp, cp, ep, the micro-batch and the global batch stay fixed; data-parallel replicas change, so "
            "each GPU gets fewer micro-batches per step. Points whose batch does not divide are left out."}};
  // Where the engine is known to be too optimistic, the view says so next to the curve.
  if (base.parallel.zero >= 3 && base.parallel.framework != Framework::ideal &&
      base.parallel.framework != Framework::deepspeed_2021)
    out["caveat"] =
        "This curve assumes the framework overlaps and batches its ZeRO-3 gathers, as current FSDP, Megatron and "
        "DeepSpeed do. The runs Narayanan et al. 2021 measured (Table 2: GPT-3 175B at 144, 88 and 44 TFLOP/s per GPU "
        "on 384, 768 and 1536 A100s) used DeepSpeed of early 2021, which gathered each parameter synchronously at "
        "about "
        "a tenth of NCCL's rate: choose the framework \"DeepSpeed (2021)\" to see that collapse.";
  return out;
}

}  // namespace atlas
