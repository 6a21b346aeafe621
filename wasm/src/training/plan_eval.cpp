// Composes a plan's figures: rules, memory of the most loaded device, and the step time of
// the slowest pipeline stage. No allocation, so search can afford millions of calls.
#include <algorithm>

#include "atlas/training/communication.hpp"
#include "atlas/training/deepspeed_pipeline.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/plan_rules.hpp"
#include "atlas/training/recompute.hpp"

namespace atlas {

StageTime stage_time(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& transfers, int& count) {
  StageCommunication comm;
  stage_transfers(in, index, st, transfers, count, comm);
  StageTime t;
  t.compute = st.compute_per_microbatch;
  t.per_mb = comm.per_microbatch;
  t.per_step = comm.per_step;
  return t;
}

void evaluate_plan(const PlanInput& in, PlanFigures& out, bool with_time) {
  const ModelShape& m = in.model;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  out.rules = check_rules(in);
  out.parameters = parameter_count(m);
  out.model_flops = model_flops(m, static_cast<double>(in.global));
  double extra = 0;  // recomputation, per sample
  const double s = static_cast<double>(m.seq);
  // Full recomputation over every layer, or block's share of each model chunk (the mean chunk).
  const double chunk = static_cast<double>(m.layers) / static_cast<double>(par.pp * par.chunks_per_stage());
  if (par.recompute == Recompute::full)
    extra = par.full_recompute_share(chunk) * static_cast<double>(m.layers) * layer_forward_flops(m, s, s);
  if (par.recompute == Recompute::selective && par.attention_recomputed())
    extra = static_cast<double>(m.layers) * attention_core_forward_flops(m, s, s);
  extra += recomputed_forward_flops(par, m, s);
  if (par.recompute == Recompute::op_selective) {
    const LayerParameters lp = layer_parameters(m);
    extra = static_cast<double>(m.layers) * op_selective_recomputed_share(m) * 2.0 * s *
            (lp.attention_linear + lp.mlp_active);
  }
  out.hardware_flops = out.model_flops + extra * static_cast<double>(in.global);
  out.transfer_count = 0;
  if (errors_of(out.rules) != 0) return;

  out.microbatches = in.accumulation;
  out.first = stage_figures(in, 0);
  out.last = par.pp > 1 ? stage_figures(in, par.pp - 1) : out.first;
  out.memory = first_stage_most_loaded(out) ? out.first.memory : out.last.memory;
  out.fits = out.memory.required() <= hw.memory;
  const std::int64_t v = par.schedule == Schedule::interleaved ? par.virtual_stages : 1;
  out.bubble_fraction = bubble_fraction(par.pp, out.microbatches, v);
  if (!with_time) return;

  int first_count = 0;
  const StageTime a = stage_time(in, 0, out.first, out.transfers, first_count);
  out.transfer_count = first_count;
  if (par.pp > 1) {
    std::array<Transfer, kMaxTransfers> last_transfers;
    int last_count = 0;
    const StageTime z = stage_time(in, par.pp - 1, out.last, last_transfers, last_count);
    if (compose_time(in, out, a, z)) {
      out.transfers = last_transfers;
      out.transfer_count = last_count;
    }
  } else {
    compose_time(in, out, a, a);
  }
}

bool compose_time(const PlanInput& in, PlanFigures& out, const StageTime& a, const StageTime& z) {
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  // The step ends when the slowest stage is done, its gradient reduction included; that
  // stage's transfers are the plan's list. (Taking the max keeps the step monotone in every
  // input the stages share.)
  const std::int64_t v = par.schedule == Schedule::interleaved ? par.virtual_stages : 1;
  const double mb = static_cast<double>(out.microbatches);
  const double slots = mb + static_cast<double>(par.pp - 1) / static_cast<double>(v);
  const auto slot = [](const StageTime& t) {
    double sum = t.compute;
    for (double x : t.per_mb) sum += x;
    return sum;
  };
  const auto total = [&](const StageTime& t) {
    double sum = slots * slot(t);
    for (double x : t.per_step) sum += x;
    return sum;
  };
  const bool last_critical = par.pp > 1 && total(z) > total(a);
  const StageTime& crit = last_critical ? z : a;
  out.timed_stage = last_critical ? par.pp - 1 : 0;
  const double crit_slot = slot(crit);
  out.slot = crit_slot;
  out.compute = mb * crit.compute;
  // Idle slots of the schedule: p − 1 fill-and-drain slots, each 1/v as long when interleaved.
  out.bubble = static_cast<double>(par.pp - 1) / static_cast<double>(v) * crit_slot;
  double step = mb * crit_slot + out.bubble;
  for (int g = 0; g < kGroups; ++g) {
    const auto i = static_cast<std::size_t>(g);
    out.exposed[i] = mb * crit.per_mb[i] + crit.per_step[i];
    step += crit.per_step[i];
  }
  const double held = std::max(out.first.parameters, out.last.parameters);
  const bool sharded = par.zero >= 1 || deepspeed_bf16_optimizer(par);  // BF16_Optimizer shards even at ZeRO 0
  const double updated = std::max(sharded ? held / static_cast<double>(par.shard_ranks()) : held, 0.0);
  out.updated = updated;
  out.optimizer_extra = deepspeed_step_bytes(in, held, updated) / hw.memory_bandwidth;
  out.optimizer_bytes = optimizer_traffic_bytes(par, in.ideal);
  out.optimizer = out.optimizer_bytes * updated / hw.memory_bandwidth + out.optimizer_extra;
  out.step = step + out.optimizer;

  const double gpus = static_cast<double>(hw.gpus);
  const double s = static_cast<double>(in.model.seq);
  out.tokens_per_second = static_cast<double>(in.global) * s / out.step;
  out.model_flops_per_gpu = out.model_flops / out.step / gpus;
  out.mfu = out.model_flops_per_gpu / hw.flops;
  out.hfu = out.hardware_flops / out.step / gpus / hw.flops;
  return last_critical;
}

}  // namespace atlas
