// `dp-network`: what network a training split needs to hide its data-parallel traffic behind
// compute. The plan is evaluated again with only the NICs' bandwidth per GPU changed: the bound
// (nominal links, no latency, free overlap) reaches zero exposed data-parallel time at some
// bandwidth, found by bisection; as run it never does (the first call of each series waits, NCCL
// pays its latency and the compute it overlaps slows), so its floor is given beside it.
#include <algorithm>
#include <cmath>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

constexpr int kCurvePoints = 25;
constexpr double kSettled = 0.01;  // as run: within 1 % of the floor counts as settled
constexpr double kLowest = 1e6;    // B/s per GPU: the request's own floor for inter_bandwidth

struct DataParallel {
  double exposed = 0;  // s per step
  double time = 0;     // s per step, hidden or not
  double bytes = 0;    // per step, every data-parallel call of one device
  double calls = 0;
  std::int64_t group = 1;
  bool any = false, inter_node = false;
};

// The plan at other NIC bandwidths. Nothing a stage computes or holds depends on them, so each
// stage's figures are kept from one evaluate_plan() and only its time half is run again: the
// transfers of the first and last stage and compose_time(), as evaluate_plan() runs them.
class AtBandwidth {
 public:
  explicit AtBandwidth(const PlanInput& in) : run_(in), bound_(in) {
    bound_.ideal = true;
    evaluate_plan(run_, run_figures_);
    evaluate_plan(bound_, bound_figures_);
  }

  DataParallel operator()(double inter_bandwidth, bool bound) const {
    PlanInput in = bound ? bound_ : run_;
    in.hardware.inter_bandwidth = inter_bandwidth;
    PlanFigures f = bound ? bound_figures_ : run_figures_;
    int count = 0;
    const StageTime a = stage_time(in, 0, f.first, f.transfers, count);
    f.transfer_count = count;
    if (in.parallel.pp > 1) {
      std::array<Transfer, kMaxTransfers> last;
      int last_count = 0;
      const StageTime z = stage_time(in, in.parallel.pp - 1, f.last, last, last_count);
      if (compose_time(in, f, a, z)) f.transfers = last, f.transfer_count = last_count;
    } else {
      compose_time(in, f, a, a);
    }
    return summary(f);
  }

 private:
  static DataParallel summary(const PlanFigures& f) {
    DataParallel d;
    d.exposed = f.exposed[static_cast<int>(Group::DP)];
    for (int i = 0; i < f.transfer_count; ++i) {
      const Transfer& t = f.transfers[static_cast<std::size_t>(i)];
      if (t.group != Group::DP) continue;
      d.any = true;
      d.inter_node = d.inter_node || t.inter_node;
      d.time += t.time_per_step;
      d.bytes += t.bytes_per_call * t.count_per_step;
      d.calls += t.count_per_step;
      d.group = std::max(d.group, t.group_size);
    }
    return d;
  }

  PlanInput run_, bound_;
  PlanFigures run_figures_, bound_figures_;
};

// The smallest bandwidth in [lo, hi] at which `done` holds, when it holds at hi and not at lo
// and never stops holding as the bandwidth grows: bisection on the logarithm.
template <class Done>
double smallest_bandwidth(double lo, double hi, const Done& done) {
  double a = std::log(lo), b = std::log(hi);
  for (int i = 0; i < 40; ++i) {
    const double mid = 0.5 * (a + b);
    (done(std::exp(mid)) ? b : a) = mid;
  }
  return std::exp(b);
}

// Bandwidth per GPU above which nothing changes: the group's share of the NICs then outruns
// NVLink, which caps every group (nominal in the bound, at their efficiencies as run).
double saturating_bandwidth(const Hardware& hw) {
  const double ratio = hw.efficiency.inter > 0 ? hw.efficiency.intra / hw.efficiency.inter : 1.0;
  return hw.intra_bandwidth * std::max(1.0, ratio);
}

double per_nic(const Hardware& hw, double per_gpu) {
  const double nics = static_cast<double>(hw.nics_per_node > 0 ? hw.nics_per_node : hw.gpus_per_node);
  return per_gpu * static_cast<double>(hw.gpus_per_node) / nics;
}

json bandwidth_json(const Hardware& hw, double per_gpu) {
  return json{{"inter_bandwidth", per_gpu}, {"nic_bandwidth", per_nic(hw, per_gpu)}};
}

}  // namespace

json cmd_dp_network(const json& request, Problems& problems) {
  if (inference_mode(request, problems)) {
    problems.error("unknown_value", "dp-network answers for a training split; this request is a serving plan.",
                   "/mode");
    return {};
  }
  if (!problems.ok()) return {};
  auto req = read_plan_request(request, problems);
  if (!req) return {};
  std::vector<Issue> errors, warnings;
  PlanFigures check;  // the rules only
  evaluate_plan(req->input, check, false);
  if (!req->split_errors.empty() || errors_of(check.rules)) {
    // The plan's own messages for a split it refuses.
    (void)plan_response(*req, errors, warnings);
    for (auto& e : errors) problems.error(e.code, e.message, e.path);
    if (!problems.ok()) return {};
  }
  const PlanInput& in = req->input;
  const Hardware& hw = in.hardware;
  const AtBandwidth at(in);
  const double now = hw.inter_bandwidth;
  const double top = saturating_bandwidth(hw);
  const DataParallel run = at(now, false);
  const DataParallel bound = at(now, true);
  const DataParallel floor = at(top, false);

  json needed{{"found", false}, {"inter_bandwidth", nullptr}, {"nic_bandwidth", nullptr}, {"exposed", nullptr}};
  std::string reason;
  double need = 0;
  const auto hidden = [&](double bw) { return at(bw, true).exposed <= 0; };
  if (!run.any) {
    reason = "no_dp";
  } else if (!run.inter_node) {
    reason = "inside_domain";
  } else if (!hidden(top)) {
    reason = "compute_too_short";
  } else if (hidden(kLowest)) {
    reason = "any";
    need = kLowest;
  } else {
    reason = "found";
    need = smallest_bandwidth(kLowest, top, hidden);
  }
  if (need > 0) {
    needed = bandwidth_json(hw, need);
    needed["found"] = true;
    needed["exposed"] = at(need, false).exposed;
  }
  needed["reason"] = reason;

  // As run, where more bandwidth stops paying: exposure within 1 % of its floor.
  json settles{{"inter_bandwidth", nullptr}, {"nic_bandwidth", nullptr}, {"exposed", nullptr}};
  if (run.any && run.inter_node) {
    const double within = floor.exposed * (1.0 + kSettled);
    const auto settled = [&](double bw) { return at(bw, false).exposed <= within; };
    const double bw = settled(kLowest) ? kLowest : smallest_bandwidth(kLowest, top, settled);
    settles = bandwidth_json(hw, bw);
    settles["exposed"] = at(bw, false).exposed;
  }

  json xs = json::array(), exposed = json::array(), exposed_bound = json::array();
  const double from = top * 1e-3;
  for (int i = 0; i < kCurvePoints; ++i) {
    const double x = from * std::pow(top / from, static_cast<double>(i) / (kCurvePoints - 1));
    xs.push_back(x);
    exposed.push_back(at(x, false).exposed);
    exposed_bound.push_back(at(x, true).exposed);
  }

  Formula bound_formula;
  if (need > 0) {
    const DataParallel hid = at(need, true);
    bound_formula << "exposed (bound) = max(0, data-parallel time − the compute it hides behind): at "
                  << qty::bytes_per_second(now) << " per GPU the bound's data-parallel calls take "
                  << qty::seconds(bound.time) << ", " << qty::seconds(bound.exposed) << " of it exposed; from "
                  << qty::bytes_per_second(need) << " per GPU they take " << qty::seconds(hid.time)
                  << " and all of it hides";
  } else {
    bound_formula << "exposed (bound) = max(0, data-parallel time − the compute it hides behind) = "
                  << qty::seconds(bound.exposed) << " at " << qty::bytes_per_second(now) << " per GPU";
  }
  Formula floor_formula;
  floor_formula << "as run, exposed = the first call of each series + what later calls outlast their share of compute "
                   "+ the slowdown of the compute they overlap: "
                << qty::seconds(run.exposed) << " at " << qty::bytes_per_second(now) << " per GPU, "
                << qty::seconds(floor.exposed) << " at " << qty::bytes_per_second(top) << ", where NVLink limits";
  json formulas = json::object();
  to_json(formulas["bound"], bound_formula);
  to_json(formulas["as_run"], floor_formula);
  for (auto& w : warnings) problems.warning(w.code, w.message, w.path);

  return json{
      {"dp",
       {{"group_size", run.group},
        {"bytes_per_step", run.bytes},
        {"calls_per_step", run.calls},
        {"inter_node", run.inter_node}}},
      {"current",
       {{"inter_bandwidth", now},
        {"nic_bandwidth", per_nic(hw, now)},
        {"nics_per_node", hw.nics_per_node > 0 ? hw.nics_per_node : hw.gpus_per_node},
        {"gpus_per_node", hw.gpus_per_node},
        {"exposed", run.exposed},
        {"time", run.time},
        {"exposed_bound", bound.exposed},
        {"time_bound", bound.time}}},
      {"needed", needed},
      {"floor", {{"inter_bandwidth", top}, {"exposed", floor.exposed}}},
      {"settles", settles},
      {"curve", {{"inter_bandwidth", xs}, {"exposed", exposed}, {"exposed_bound", exposed_bound}}},
      {"formulas", formulas},
      {"scope",
       json::array({"Only the NICs' bandwidth per GPU changes; the GPUs, NVLink, the split and the batch stay the "
                    "explorer's. Every transfer is priced again, but only data-parallel exposure is reported.",
                    "The bound is the explorer's ideal plan: nominal links with no latency, one collective per step "
                    "and group, overlap that costs nothing. As run, exposure cannot reach zero: the first call of each "
                    "series has nothing to hide behind, NCCL pays its latency and overlapped compute slows by NCCL's "
                    "share of the multiprocessors.",
                    "No fabric above the NICs: a non-blocking network (the network lab shows oversubscription)."})}};
}

}  // namespace atlas
