// Property test over random valid plans through the allocation-free evaluator: no NaN, Inf or
// negative output; memory per device non-increasing in tp, pp and the ZeRO stage; step time
// non-increasing in bandwidth.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>

#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/plan_rules.hpp"

namespace {

// The draw count is a parameter: ATLAS_PROPERTY_PLANS=1000000 for the long run; npm test runs
// the default (fewer under node, where the same code runs about twice as slowly).
int plan_count() {
  if (const char* env = std::getenv("ATLAS_PROPERTY_PLANS")) {
    const long n = std::strtol(env, nullptr, 10);
    if (n > 0 && n <= 100000000) return static_cast<int>(n);
  }
#ifdef __EMSCRIPTEN__
  return 20000;
#else
  return 200000;
#endif
}
const int kPlans = plan_count();

using atlas::PlanFigures;
using atlas::PlanInput;

struct Draw {
  std::mt19937_64 rng{20240601};
  std::int64_t pick(std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  }
  std::int64_t pow2(int max_exp) { return std::int64_t{1} << pick(0, max_exp); }
  bool coin() { return pick(0, 1) == 1; }
};

PlanInput random_plan(Draw& d) {
  PlanInput in;
  atlas::ModelShape& m = in.model;
  m.heads = d.pow2(7) * (d.coin() ? 3 : 1);
  m.kv_heads = d.coin() ? m.heads : std::max<std::int64_t>(1, m.heads / d.pow2(3));
  if (m.heads % m.kv_heads != 0) m.kv_heads = m.heads;
  m.hidden = m.heads * d.pow2(7) * d.pick(1, 3);
  m.ffn = m.hidden * d.pick(2, 4);
  m.layers = d.pick(1, 128);
  m.vocab = d.pick(1000, 260000);
  m.seq = d.pow2(15);
  m.swiglu = d.coin(), m.rmsnorm = d.coin(), m.bias = d.coin(), m.dropout = d.coin();
  m.tied_embeddings = d.coin(), m.learned_positions = d.coin();
  if (d.pick(0, 4) == 0) m.experts = d.pow2(4) * 2, m.top_k = d.pick(1, 2), m.expert_ffn = m.ffn;
  atlas::Parallel& p = in.parallel;
  do p.tp = d.pow2(5);
  while (m.kv_heads % p.tp != 0 || m.heads % p.tp != 0 || m.mlp_width() % p.tp != 0);
  p.pp = d.pick(1, std::min<std::int64_t>(m.layers, 32));
  p.cp = d.pow2(3);
  if (m.seq % p.cp != 0) p.cp = 1;
  p.dp = d.pick(1, 64);
  if (m.moe()) {
    p.ep = std::min<std::int64_t>(d.pow2(3), m.experts);
    p.dp = p.ep * d.pick(1, 8);
  }
  p.zero = static_cast<int>(d.pick(0, 3));
  p.sequence_parallel = d.coin();
  p.recompute = static_cast<atlas::Recompute>(d.pick(0, 3));  // none, selective, full, selective-op
  in.micro = d.pick(1, 16);
  in.accumulation = d.pick(1, 64);
  p.schedule = d.coin() ? atlas::Schedule::one_f_one_b : atlas::Schedule::gpipe;
  if (p.pp > 1 && m.layers % p.pp == 0 && (m.layers / p.pp) % 2 == 0 && d.coin()) {
    p.schedule = atlas::Schedule::interleaved;
    p.virtual_stages = 2;
    in.accumulation = p.pp * d.pick(1, 8);
  }
  in.global = in.micro * in.accumulation * p.dp;
  atlas::Hardware& h = in.hardware;
  h.gpus = p.dp * p.tp * p.pp * p.cp;
  h.gpus_per_node = d.pow2(4);
  h.memory = 80e9, h.flops = 1e15 * d.pick(1, 3), h.memory_bandwidth = 3e12;
  h.intra_bandwidth = 4e11, h.inter_bandwidth = 5e10, h.latency = 5e-6 * d.pick(0, 2);
  h.efficiency = atlas::default_efficiencies();
  h.sms = d.coin() ? 0 : (d.coin() ? 108 : 132);
  h.nics_per_node = d.coin() ? 0 : std::max<std::int64_t>(1, h.gpus_per_node / d.pow2(2));
  p.framework = static_cast<atlas::Framework>(d.pick(0, 4));
  p.overlap = d.pick(0, 3) != 0;
  p.tp_overlap = d.coin();
  p.flash_attention = d.coin();
  p.kernels = static_cast<atlas::Kernels>(d.pick(0, 2));
  p.reduce_dtype = static_cast<atlas::ReduceDtype>(d.pick(0, 2));
  return in;
}

bool sane(double v) { return std::isfinite(v) && v >= 0; }

bool all_sane(const PlanFigures& f) {
  const double values[] = {f.parameters,
                           f.model_flops,
                           f.hardware_flops,
                           f.memory.parameters,
                           f.memory.gradients,
                           f.memory.optimizer,
                           f.memory.activations,
                           f.memory.buffers,
                           f.bubble_fraction,
                           f.compute,
                           f.bubble,
                           f.optimizer,
                           f.step,
                           f.tokens_per_second,
                           f.model_flops_per_gpu,
                           f.mfu,
                           f.hfu,
                           f.first.compute_per_microbatch,
                           f.last.compute_per_microbatch};
  for (double v : values)
    if (!sane(v)) return false;
  for (double v : f.exposed)
    if (!sane(v)) return false;
  for (int i = 0; i < f.transfer_count; ++i) {
    const auto& t = f.transfers[static_cast<std::size_t>(i)];
    if (!sane(t.bytes_per_call) || !sane(t.time_per_step) || !sane(t.exposed_per_step) || !sane(t.count_per_step))
      return false;
  }
  return f.step > 0;
}

// The allocated peak less the GEMM workspaces: those are a fixed allocation that grows with tp
// where overlapped tensor-parallel GEMMs add Transformer Engine's (tp > 1 only).
double tensors_of(const PlanFigures& f) { return f.memory.total() - f.memory.workspaces; }

double memory_of(PlanInput in) {
  PlanFigures f;
  atlas::evaluate_plan(in, f, false);
  return tensors_of(f);
}

bool no_more(double after, double before) { return after <= before * (1 + 1e-12); }

// Where two plans' steps differ, for ATLAS_PROPERTY_DEBUG: each term before/after, exposed
// communication per group in TP, PP, DP, CP, EP order.
std::string before_after(const PlanFigures& f, const PlanFigures& g) {
  std::ostringstream out;
  out << "compute " << f.compute << "/" << g.compute << " exposed";
  for (int k = 0; k < atlas::kGroups; ++k)
    out << " " << f.exposed[static_cast<std::size_t>(k)] << "/" << g.exposed[static_cast<std::size_t>(k)];
  out << " bubble " << f.bubble << "/" << g.bubble << " opt " << f.optimizer << "/" << g.optimizer;
  return out.str();
}

}  // namespace

TEST_CASE("property: random valid plans are finite, non-negative and monotone") {
  Draw d;
  PlanFigures f, g;
  int failures_shown = 0;
  std::int64_t checked = 0, tp_checked = 0, pp_checked = 0;
  for (int i = 0; i < kPlans; ++i) {
    const PlanInput in = random_plan(d);
    atlas::evaluate_plan(in, f);
    bool ok = atlas::errors_of(f.rules) == 0 && all_sane(f);
    const char* why = ok ? "" : "invalid or not finite";
    // Memory never grows with the ZeRO stage.
    if (in.parallel.zero < 3) {
      PlanInput z = in;
      ++z.parallel.zero;
      if (ok && !no_more(memory_of(z), tensors_of(f))) ok = false, why = "zero";
    }
    // Nor with twice the tensor parallelism (when it still divides heads and MLP width).
    PlanInput t = in;
    t.parallel.tp *= 2;
    t.hardware.gpus *= 2;
    if (atlas::errors_of(atlas::check_rules(t)) == 0) {
      ++tp_checked;
      if (ok && !no_more(memory_of(t), tensors_of(f))) ok = false, why = "tp";
    }
    // Nor with twice the pipeline stages, where Korthikanti's accounting says it must not:
    // even stages, and every micro-batch already in flight (GPipe, or m ≤ p under 1F1B).
    // Under 1F1B with m > p the first stage holds L layers of activations whatever p is.
    // DeepSpeed from one stage to two changes optimizer too (its pipeline engine's BF16 optimizer
    // keeps an fp32 copy of the gradients), so memory can grow there; so can PyTorch's loop with
    // one micro-batch, whose gradients start after the activations' peak only without stages.
    PlanInput p = in;
    p.parallel.pp *= 2;
    p.hardware.gpus *= 2;
    const bool even = in.model.layers % p.parallel.pp == 0;
    const bool all_inflight = in.parallel.schedule == atlas::Schedule::gpipe || in.accumulation <= in.parallel.pp;
    const bool same_optimizer =
        atlas::deepspeed_bf16_optimizer(p.parallel) == atlas::deepspeed_bf16_optimizer(in.parallel) &&
        !(atlas::is_fsdp(in.parallel.framework) && in.accumulation == 1 && in.parallel.pp == 1);
    if (even && all_inflight && same_optimizer && in.parallel.schedule != atlas::Schedule::interleaved &&
        atlas::errors_of(atlas::check_rules(p)) == 0) {
      ++pp_checked;
      if (ok && !no_more(memory_of(p), tensors_of(f))) ok = false, why = "pp";
    }
    // No superlinear speed-up: twice the replicas with half the accumulation at most halves the
    // step. Only where the data-parallel groups tile the nodes evenly both times: an uneven group
    // whose thinnest node gains members when it grows gains NICs, which is placement, not scaling.
    const std::int64_t span = in.parallel.tp * in.parallel.cp * in.parallel.dp, node = in.hardware.gpus_per_node;
    const auto even_tiling = [node](std::int64_t n) { return n % node == 0 || node % n == 0; };
    if (in.accumulation % 2 == 0 && even_tiling(span) && even_tiling(2 * span) &&
        (in.parallel.schedule != atlas::Schedule::interleaved || (in.accumulation / 2) % in.parallel.pp == 0)) {
      PlanInput w = in;
      w.parallel.dp *= 2;
      w.hardware.gpus *= 2;
      w.accumulation /= 2;
      if (atlas::errors_of(atlas::check_rules(w)) == 0) {
        atlas::evaluate_plan(w, g);
        if (ok && g.step < f.step / 2 * (1 - 1e-9)) {
          ok = false, why = "superlinear";
          if (std::getenv("ATLAS_PROPERTY_DEBUG"))
            MESSAGE("gpn=" << in.hardware.gpus_per_node << " nics=" << in.hardware.nics_per_node
                           << " fw=" << static_cast<int>(in.parallel.framework) << " m=" << in.accumulation << ": "
                           << before_after(f, g));
        }
      }
    }
    // Faster links never make a step slower.
    PlanInput b = in;
    b.hardware.intra_bandwidth *= 1.7, b.hardware.inter_bandwidth *= 2.3, b.hardware.memory_bandwidth *= 1.3;
    atlas::evaluate_plan(b, g);
    if (ok && !no_more(g.step, f.step)) {
      ok = false, why = "bandwidth";
      if (std::getenv("ATLAS_PROPERTY_DEBUG"))
        MESSAGE("fw=" << static_cast<int>(in.parallel.framework) << " v=" << in.parallel.virtual_stages
                      << " m=" << in.accumulation << ": " << before_after(f, g));
    }
    ++checked;
    if (!ok && failures_shown++ < 5) {
      MESSAGE("failing plan " << i << " (" << std::string(why) << "): L=" << in.model.layers << " h=" << in.model.hidden
                              << " a=" << in.model.heads << " tp=" << in.parallel.tp << " pp=" << in.parallel.pp
                              << " dp=" << in.parallel.dp << " cp=" << in.parallel.cp << " zero=" << in.parallel.zero
                              << " step=" << f.step << " mem=" << f.memory.total());
    }
  }
  INFO(checked << " plans, " << tp_checked << " tp pairs, " << pp_checked << " pp pairs");
  CHECK(failures_shown == 0);
  CHECK(tp_checked > kPlans / 10);
  CHECK(pp_checked > kPlans / 100);
}
