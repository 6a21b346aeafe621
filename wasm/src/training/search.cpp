#include "atlas/training/search.hpp"

#include <algorithm>

#include "atlas/contract/commands.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/plan_rules.hpp"

namespace atlas {

namespace {

// One (split, micro-batch, sequence parallelism, schedule, recompute) group of candidates that
// fits at some ZeRO stage: everything needed to evaluate its time later, in bound order.
struct Pending {
  Parallel parallel;
  std::int64_t micro = 0, accumulation = 0;
  int first_fit = 0;       // the leanest ZeRO stage that fits; stages first_fit…3 are candidates
  double bound = 0;        // compute-only lower bound on the step of every candidate in the group
  std::int64_t order = 0;  // enumeration index: ties keep the enumeration order
};

struct Ranked {
  Candidate c;
  std::int64_t order = 0;
};

// The `top` best by (step, memory, enumeration order) — the order is a total one, so the list
// does not depend on the order in which candidates are offered.
struct Best {
  std::vector<Ranked> list;
  std::size_t top;
  bool full() const { return list.size() == top; }
  static bool before(const Ranked& a, const Ranked& b) {
    if (a.c.step != b.c.step) return a.c.step < b.c.step;
    if (a.c.memory != b.c.memory) return a.c.memory < b.c.memory;
    return a.order < b.order;
  }
  void offer(const PlanInput& in, const PlanFigures& f, std::int64_t order) {
    Ranked r{Candidate{in, f.step, f.memory.required()}, order};
    if (full() && !before(r, list.back())) return;
    list.insert(std::upper_bound(list.begin(), list.end(), r, before), r);
    if (list.size() > top) list.pop_back();
  }
};

double lower_bound(const PlanInput& in, const StageFigures& a, const StageFigures& z) {
  const double compute = std::max(a.compute_per_microbatch, z.compute_per_microbatch);
  const double v =
      in.parallel.schedule == Schedule::interleaved ? static_cast<double>(in.parallel.virtual_stages) : 1.0;
  return compute * (static_cast<double>(in.accumulation) + static_cast<double>(in.parallel.pp - 1) / v);
}

// The schedules (and virtual-stage counts) worth trying for one pipeline depth. With pp = 1
// every schedule is the same computation, so only 1F1B is tried.
std::vector<std::pair<Schedule, std::int64_t>> schedules(const ModelShape& m, std::int64_t pp, std::int64_t m_count,
                                                         std::int64_t max_v) {
  std::vector<std::pair<Schedule, std::int64_t>> out{{Schedule::one_f_one_b, 1}};
  if (pp == 1) return out;
  out.push_back({Schedule::gpipe, 1});
  if (m.layers % pp != 0 || m_count % pp != 0) return out;
  for (std::int64_t v : divisors(m.layers / pp, max_v))
    if (v >= 2) out.push_back({Schedule::interleaved, v});
  return out;
}

}  // namespace

std::vector<std::int64_t> divisors(std::int64_t n, std::int64_t cap) {
  std::vector<std::int64_t> out;
  for (std::int64_t d = 1; d * d <= n; ++d) {
    if (n % d != 0) continue;
    if (d <= cap) out.push_back(d);
    if (d != n / d && n / d <= cap) out.push_back(n / d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<Candidate> search_plans(const PlanInput& base, const SearchLimits& lim, int top, SearchCounts& counts) {
  const ModelShape& m = base.model;
  const std::int64_t gpus = base.hardware.gpus, global = base.global;
  PlanInput in = base;
  const ModelTerms terms = model_terms(m);
  // Phase 1: every candidate's memory (for the counts and the fit) and, for the groups that
  // fit, a compute-only lower bound on the step. No communication model yet.
  std::vector<Pending> pending;
  std::int64_t order = 0;
  for (std::int64_t tp : divisors(gpus, lim.max_tp)) {
    if (m.heads % tp != 0 || m.kv_heads % tp != 0 || m.mlp_width() % tp != 0) {
      ++counts.invalid;
      continue;
    }
    for (std::int64_t cp : divisors(gpus / tp, lim.max_cp)) {
      if (m.seq % cp != 0) {
        ++counts.invalid;
        continue;
      }
      for (std::int64_t pp : divisors(gpus / (tp * cp), std::min(lim.max_pp, m.layers))) {
        const std::int64_t dp = gpus / (tp * cp * pp);
        if (global % dp != 0) {
          ++counts.invalid;
          continue;
        }
        const std::vector<std::int64_t> eps =
            m.moe() ? divisors(dp, std::min(lim.max_ep, m.experts)) : std::vector<std::int64_t>{1};
        for (std::int64_t ep : eps) {
          if (m.experts % ep != 0) {
            ++counts.invalid;
            continue;
          }
          for (std::int64_t micro : divisors(global / dp, lim.max_micro)) {
            const std::int64_t acc = global / (dp * micro);
            const auto sched = schedules(m, pp, acc, lim.max_virtual_stages);
            for (int sp = 0; sp <= (tp > 1 ? 1 : 0); ++sp) {
              // Stage figures per recompute mode, computed for the first schedule and re-derived
              // (apply_schedule) for the others: only the activations in flight change.
              std::array<StageFigures, 3> first_stage, last_stage;
              std::array<bool, 3> have{};
              for (const auto& sv : sched) {
                in.parallel = Parallel{dp, tp, pp, cp, ep, 0, sp == 1, Recompute::full, sv.second, sv.first};
                in.parallel.flash_attention = base.hardware.flash_attention;
                // How the run routes is not a split to choose: every candidate keeps it.
                in.parallel.routing_imbalance = base.parallel.routing_imbalance;
                in.micro = micro, in.accumulation = acc, in.global = global;
                if (errors_of(check_rules(in)) != 0) {
                  counts.evaluated += 12;
                  counts.invalid += 12;
                  continue;
                }
                // Memory only shrinks from no recomputation to selective to full, and from
                // ZeRO 0 to 3 (the property test pins both): go from the leanest choice up and
                // stop at the first recompute mode that fits at no ZeRO stage.
                for (Recompute rc : {Recompute::full, Recompute::selective, Recompute::none}) {
                  in.parallel.recompute = rc;
                  const auto r = static_cast<std::size_t>(rc);
                  if (!have[r]) {
                    first_stage[r] = stage_figures(in, 0, terms);
                    if (pp > 1) last_stage[r] = stage_figures(in, pp - 1, terms);
                    have[r] = true;
                  } else {
                    apply_schedule(in, 0, first_stage[r]);
                    if (pp > 1) apply_schedule(in, pp - 1, last_stage[r]);
                  }
                  const StageFigures& a = first_stage[r];
                  const StageFigures& z = pp > 1 ? last_stage[r] : a;
                  int first_fit = 4;
                  for (int zero = 0; zero <= 3 && first_fit == 4; ++zero) {
                    const double mem = std::max(
                        memory_at_zero(a, in.parallel, zero, in.model.tied_embeddings, in.hardware).required(),
                        memory_at_zero(z, in.parallel, zero, in.model.tied_embeddings, in.hardware).required());
                    if (mem <= in.hardware.memory) first_fit = zero;
                  }
                  counts.evaluated += 4;
                  counts.out_of_memory += first_fit;
                  counts.fits += 4 - first_fit;
                  if (first_fit == 4) {
                    const std::int64_t rest = rc == Recompute::full ? 8 : rc == Recompute::selective ? 4 : 0;
                    counts.evaluated += rest;
                    counts.out_of_memory += rest;
                    break;
                  }
                  pending.push_back(Pending{in.parallel, micro, acc, first_fit, lower_bound(in, a, z), order++});
                }
              }
            }
          }
        }
      }
    }
  }
  // Phase 2: full evaluation in order of the bound. Once the bound reaches the slowest of the
  // `top` kept, no later group can enter the list (its every step ≥ its bound): stop. Exact.
  std::vector<std::pair<double, std::int64_t>> by_bound;  // (bound, index = enumeration order)
  by_bound.reserve(pending.size());
  for (const Pending& g : pending) by_bound.emplace_back(g.bound, g.order);
  std::sort(by_bound.begin(), by_bound.end());
  Best best{{}, static_cast<std::size_t>(std::max(top, 1))};
  PlanFigures f;
  f.microbatches = 0;
  std::array<Transfer, kMaxTransfers> scratch;
  int scratch_count = 0;
  // The model-parallel transfers (TP, CP, EP, PP) do not depend on the ZeRO stage: list them
  // once per group, the data-parallel ones once per stage; compose_time() is evaluate_plan's.
  const auto times = [&](std::int64_t index, const StageFigures& st, TransferSet which) {
    StageCommunication c;
    stage_transfers(in, index, st, scratch, scratch_count, c, which);
    StageTime t;
    t.compute = st.compute_per_microbatch;
    t.per_mb = c.per_microbatch;
    t.per_step = c.per_step;
    return t;
  };
  const auto with_dp = [](StageTime t, const StageTime& dp) {
    for (int g = 0; g < kGroups; ++g) {
      const auto i = static_cast<std::size_t>(g);
      t.per_mb[i] += dp.per_mb[i];
      t.per_step[i] += dp.per_step[i];
    }
    return t;
  };
  for (const auto& key : by_bound) {
    const Pending& g = pending[static_cast<std::size_t>(key.second)];
    if (best.full() && g.bound >= best.list.back().c.step) break;
    in.parallel = g.parallel;
    in.micro = g.micro, in.accumulation = g.accumulation, in.global = global;
    const std::int64_t pp = in.parallel.pp;
    const StageFigures a = stage_figures(in, 0, terms);
    const StageFigures z = pp > 1 ? stage_figures(in, pp - 1, terms) : a;
    const StageTime ma = times(0, a, TransferSet::model_parallel);
    const StageTime mz = pp > 1 ? times(pp - 1, z, TransferSet::model_parallel) : ma;
    f.microbatches = g.accumulation;
    // Tighter bound: compute and the model-parallel transfers; data-parallel time ≥ 0 and the
    // optimizer is at least its sharded time. (1 − 1e-12 absorbs summation-order rounding.)
    if (best.full()) {
      in.parallel.zero = 3;
      f.first = a, f.last = z;
      compose_time(in, f, ma, mz);
      if (f.step * (1.0 - 1e-12) >= best.list.back().c.step) continue;
    }
    for (int zero = g.first_fit; zero <= 3; ++zero) {
      in.parallel.zero = zero;
      f.first = a, f.last = z;
      f.first.memory = memory_at_zero(a, in.parallel, zero, in.model.tied_embeddings, in.hardware);
      f.last.memory = memory_at_zero(z, in.parallel, zero, in.model.tied_embeddings, in.hardware);
      f.memory = first_stage_most_loaded(f) ? f.first.memory : f.last.memory;
      const StageTime ta = with_dp(ma, times(0, a, TransferSet::data_parallel));
      const StageTime tz = pp > 1 ? with_dp(mz, times(pp - 1, z, TransferSet::data_parallel)) : ta;
      compose_time(in, f, ta, tz);
      best.offer(in, f, g.order * 4 + zero);
    }
  }
  std::vector<Candidate> out;
  out.reserve(best.list.size());
  for (const auto& r : best.list) out.push_back(r.c);
  return out;
}

/// Request: {"model","hardware","batch":{"global"},"top":10,"limits":{…}} (docs/contract-plan.md).
json cmd_search(const json& request, Problems& problems) {
  if (inference_mode(request, problems)) return cmd_inference_search(request, problems);
  if (!require_object(request, problems) || !problems.ok()) return {};
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "model", "hardware", "batch", "top", "limits"});
  auto model = read_model(request, problems);
  auto hardware = read_hardware(request, problems);
  const Fields batch = root.section("batch", true);
  batch.warn_unknown({"global"});
  auto global = batch.present() ? batch.integer("global", {1, 1e7, false, true}) : std::nullopt;
  auto top = root.integer("top", {1, 100}, 10);
  SearchLimits lim;
  const Fields l = root.section("limits", false);
  l.warn_unknown({"max_tp", "max_pp", "max_cp", "max_ep", "max_micro", "max_virtual_stages"});
  const Range cap{1, 1e9, false, true};
  auto tp = l.integer("max_tp", cap, lim.max_tp), pp = l.integer("max_pp", cap, lim.max_pp);
  auto cp = l.integer("max_cp", cap, lim.max_cp), ep = l.integer("max_ep", cap, lim.max_ep);
  auto micro = l.integer("max_micro", cap, lim.max_micro),
       v = l.integer("max_virtual_stages", cap, lim.max_virtual_stages);
  if (!problems.ok() || !model || !hardware || !global) return {};
  lim = SearchLimits{*tp, *pp, *cp, *ep, *micro, *v};

  PlanInput base;
  base.model = *model;
  base.hardware = *hardware;
  base.global = *global;
  SearchCounts counts;
  const std::vector<Candidate> best = search_plans(base, lim, static_cast<int>(*top), counts);
  json list = json::array();
  for (const auto& c : best) {
    PlanFigures f;
    evaluate_plan(c.input, f);
    list.push_back(plan_summary(c.input, f));
  }
  return json{
      {"top", list},
      {"counts",
       {{"evaluated", counts.evaluated},
        {"invalid", counts.invalid},
        {"out_of_memory", counts.out_of_memory},
        {"fits", counts.fits}}},
      {"elapsed_note", "Time is not measured by the engine (it is deterministic); bench/search.mjs measures it."}};
}

}  // namespace atlas
