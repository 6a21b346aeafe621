// The bookkeeping every transfer goes through: what one call costs as run (NCCL's model, the
// framework's own time, a measured rate), how many a step makes, and how much of their time hides
// behind the compute beside them. The call sites (communication.cpp,
// communication_data_parallel.cpp) say which transfers a split makes and where they overlap.
#include <algorithm>
#include <cstring>

#include "atlas/training/communication.hpp"

namespace atlas {

namespace {

// What a framework adds to each call beyond NCCL's time: Megatron-DeepSpeed's tensor-parallel
// calls, a fixed time per ring step (kMegatronDeepSpeedTpStep; the fit and its test in
// docs/fidelity.md). Not in the bound.
double framework_call_time(const PlanInput& in, Collective op, Group group, const GroupPlacement& g) {
  if (in.ideal || group != Group::TP || in.parallel.framework != Framework::deepspeed || g.ranks <= 1) return 0.0;
  const double hops = static_cast<double>(g.ranks - 1);
  return (op == Collective::all_reduce ? 2.0 * hops : hops) * in.megatron_deepspeed_tp_step;
}

}  // namespace

Transfer* TransferList::add(const Spec& s, const GroupPlacement& g, double bytes, double calls_per_mb,
                            double calls_per_step, double rate) {
  if (count >= kMaxTransfers) return nullptr;
  Transfer& t = out[static_cast<std::size_t>(count++)];
  t = Transfer{};
  t.id = s.id, t.tensor = s.tensor, t.name = s.name, t.phase = s.phase, t.collective = collective_name(s.op);
  t.where = s.where, t.group = s.group, t.group_size = g.ranks, t.shape = s.shape, t.bytes_per_call = bytes;
  t.inter_node = g.nodes > 1;
  t.count_per_microbatch = calls_per_mb;
  t.count_per_step = calls_per_mb > 0 ? calls_per_mb * m : calls_per_step;
  const CollectiveTime c = call_time(in, s.op, bytes, g);
  const double slow = in.ideal ? 1.0 : rate;
  const double extra = framework_call_time(in, s.op, s.group, g);
  t.time_per_step = t.count_per_step * (c.time + extra) / slow;
  t.latency_per_step = t.count_per_step * (c.latency + extra) / slow;
  t.framework_per_step = t.count_per_step * extra / slow;
  t.calls_per_step = t.count_per_step;
  t.algorithm = in.ideal ? "ideal ring" : algorithm_name(c.algorithm);
  t.protocol = in.ideal ? "" : protocol_name(c.protocol);
  t.busbw = c.time + extra > 0 ? c.busbw * slow * c.time / (c.time + extra) : c.busbw * slow;
  return &t;
}

void TransferList::blocking(Transfer* t) {
  if (!t) return;
  t->exposed_per_step = t->time_per_step;
  exposed.per_microbatch[static_cast<int>(t->group)] += t->time_per_step / m;
}

void TransferList::exposed_mb(Transfer* t, double per_mb) {
  if (!t) return;
  t->exposed_per_step = per_mb * m;
  exposed.per_microbatch[static_cast<int>(t->group)] += per_mb;
}

void TransferList::exposed_step(Transfer* t, double per_step) {
  if (!t) return;
  t->exposed_per_step = per_step;
  exposed.per_step[static_cast<int>(t->group)] += per_step;
}

void TransferList::behind(Transfer* t, double window, bool per_mb) {
  if (!t || overlapped_count >= kMaxTransfers) return;
  overlapped[static_cast<std::size_t>(overlapped_count++)] = {t, window, per_mb};
}

// One NIC (or NVLink) carries the series of a phase one after another, so the compute they hide
// behind is theirs together: each gets the share of its window its own time is of the link's
// time in that micro-batch. Series issued once per step run in the last micro-batch, in what the
// per-micro-batch series leave of it. Series on other links, or waiting rather than overlapping
// (a zero window: DeepSpeed 2021's synchronous gathers), take none of it.
void TransferList::settle() {
  // The bound (or the ideal framework) hides whatever fits; as run, overlapped compute slows.
  const bool ideal = in.ideal || in.parallel.framework == Framework::ideal;
  const double slowdown = overlap_slowdown(in.hardware);
  const auto time_mb = [this](const Overlapped& o) { return o.per_mb ? o.t->time_per_step / m : o.t->time_per_step; };
  // Calls `use` on every overlapping series of `o`'s phase and link issued per micro-batch
  // (`per_mb`) or once per step.
  const auto on_link = [this](const Overlapped& o, bool per_mb, const auto& use) {
    for (int j = 0; j < overlapped_count; ++j) {
      const Overlapped& x = overlapped[static_cast<std::size_t>(j)];
      if (x.per_mb == per_mb && x.window > 0 && x.t->inter_node == o.t->inter_node &&
          std::strcmp(x.t->phase, o.t->phase) == 0)
        use(x);
    }
  };
  const auto link_time = [&](const Overlapped& o, bool per_mb) {
    double total = 0;
    on_link(o, per_mb, [&](const Overlapped& x) { total += time_mb(x); });
    return total;
  };
  for (int i = 0; i < overlapped_count; ++i) {
    const Overlapped& o = overlapped[static_cast<std::size_t>(i)];
    const double total = link_time(o, o.per_mb);
    double used_by_mb = 0;  // of the last micro-batch's window, before a per-step series runs
    if (!o.per_mb) {
      const double mb_total = link_time(o, true);
      on_link(o, true,
              [&](const Overlapped& x) { used_by_mb += std::min(time_mb(x), x.window * time_mb(x) / mb_total); });
    }
    const double share = total > 0 ? time_mb(o) / total : 1.0;
    const double window = std::max(0.0, o.window - used_by_mb) * share;
    const double calls = o.per_mb ? o.t->count_per_microbatch : o.t->count_per_step;
    const double each = calls > 0 ? o.t->time_per_step / o.t->count_per_step : 0.0;
    const double exposed = exposed_series(calls, each, window, slowdown, ideal);
    if (o.per_mb)
      exposed_mb(o.t, exposed);
    else
      exposed_step(o.t, exposed);
  }
  overlapped_count = 0;
}

}  // namespace atlas
