// The engine against published measured runs (content/presets/calibration.json): every case's
// published figure as a step time, the engine's step, the error, and which cases fitted the
// constants. Calibration and validation stay apart by source; leave-one-source-out refits the
// constants without a calibration source and predicts that source's cases.
#include <algorithm>
#include <cmath>
#include <map>

#include "atlas/content/corrections.hpp"
#include "atlas/content/presets.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/training/memory_fidelity.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/plan_rules.hpp"

namespace atlas {

namespace {

const json& calibration_doc() {
  static const json doc = embedded_json("calibration.json");
  return doc;
}

struct Case {
  const json* doc = nullptr;
  std::string id, source, role, hardware;
  std::string refits;  // the constant a calibration source's runs fit (its source's `refits`)
  // A validation source is sealed while no change has been judged by its error (an empty
  // `informed_by`), informed once one has: only a sealed source still measures the engine on
  // runs it has not seen.
  std::string seal;
  // Fields the engine did not read (a setting this engine cannot express): the case is listed
  // with what it ignored, and counted in no summary.
  json ignored = json::array();
  json refused = json::array();    // why the engine refuses the split, when it does
  json request;                    // the case's request with its corrections (calibration.json's)
  json corrected = json::array();  // why each correction that covers it was made
  PlanInput input;
  bool expressed() const { return ignored.empty() && refused.empty(); }
  double published_step = 0;
};

// Narayanan et al. 2021 eq. (3): FLOPs per step with recomputation, 96Bslh²(1 + s/6h + V/16lh).
double eq3_flops(const PlanInput& in) {
  const ModelShape& m = in.model;
  const double b = static_cast<double>(in.global), s = static_cast<double>(m.seq), l = static_cast<double>(m.layers);
  const double h = static_cast<double>(m.hidden), v = static_cast<double>(m.vocab);
  return 96.0 * b * s * l * h * h * (1.0 + s / (6.0 * h) + v / (16.0 * l * h));
}

double published_step(const json& published, const PlanInput& in) {
  const std::string kind = published.value("kind", "");
  const double value = published.value("value", 0.0);
  const double gpus = static_cast<double>(in.hardware.gpus);
  if (kind == "step_seconds") return value;
  if (kind == "tflops_eq3") return eq3_flops(in) / (gpus * value * 1e12);
  if (kind == "model_tflops_per_gpu")
    return model_flops(in.model, static_cast<double>(in.global)) / (gpus * value * 1e12);
  if (kind == "tokens_per_second_per_gpu")
    return static_cast<double>(in.global) * static_cast<double>(in.model.seq) / (gpus * value);
  return 0;
}

std::vector<Case> load_cases() {
  const json& doc = calibration_doc();
  std::map<std::string, std::string> roles, refits, seals;
  std::vector<Case> out;
  if (!doc.is_object() || !doc.contains("cases") || !doc.contains("sources")) return out;
  for (const auto& s : doc["sources"]) {
    const std::string id = s.value("id", "");
    roles[id] = s.value("role", ""), refits[id] = s.value("refits", "");
    if (roles[id] == "validation") seals[id] = s.value("informed_by", json::array()).empty() ? "sealed" : "informed";
  }
  const json corrections = doc.value("corrections", json::array());
  for (const auto& c : doc["cases"]) {
    json reasons = json::object();
    const json request = corrected_request(corrections, c, reasons);
    Problems problems;
    auto req = read_plan_request(request, problems);
    if (!req || !req->batch_known) continue;  // presets_test checks every case reads
    Case k;
    k.doc = &c;
    k.id = c.value("id", "");
    k.source = c.value("source", "");
    k.role = roles[k.source];
    k.refits = k.role == "calibration" ? refits[k.source] : "";
    k.seal = seals[k.source];
    for (const auto& w : problems.warnings())
      if (w.code == "unknown_field") k.ignored.push_back(w.path);
    k.request = request;
    k.corrected = reasons.value("corrected", json::array());
    k.hardware = request["hardware"].value("preset", "");
    k.input = req->input;
    k.published_step = published_step(c["published"], k.input);
    // A split the engine refuses (126 layers interleaved over 8 stages, which Megatron runs by
    // counting the embedding and the loss as layers) is a run it cannot express either.
    const RuleSet broken = errors_of(check_rules(k.input));
    for (int r = 0; r < kFirstWarning; ++r)
      if (has_rule(broken, static_cast<Rule>(r)))
        k.refused.push_back(describe_rule(k.input, static_cast<Rule>(r), req->dp_derived).message);
    out.push_back(std::move(k));
  }
  return out;
}

const std::vector<Case>& all_cases() {
  static const std::vector<Case> cases = load_cases();
  return cases;
}

// Equal up to what a page's unit conversions leave: its controls keep six significant digits
// (141 GB is 131.323 GiB there, 2.6 parts per million off), then convert to SI.
bool same(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) {
    const double x = a.get<double>(), y = b.get<double>();
    return std::fabs(x - y) <= 1e-5 * std::max(std::fabs(x), std::fabs(y));
  }
  if (a.type() != b.type() || a.size() != b.size()) return false;
  if (a.is_object()) {
    for (auto it = a.begin(); it != a.end(); ++it)
      if (!b.contains(it.key()) || !same(it.value(), b[it.key()])) return false;
    return true;
  }
  if (a.is_array()) {
    for (std::size_t i = 0; i < a.size(); ++i)
      if (!same(a[i], b[i])) return false;
    return true;
  }
  return a == b;
}

// What makes two plans the same run: the shape, the machine, the split and the batch.
json fingerprint(const PlanInput& in) {
  return {{"model", to_json(in.model)}, {"hardware", to_json(in.hardware)}, {"parallel", to_json(in.parallel)},
          {"micro", in.micro},          {"accumulation", in.accumulation},  {"global", in.global}};
}

}  // namespace

json published_run(const PlanInput& in, double step) {
  const std::vector<Case>& cases = all_cases();
  static const std::vector<json> prints = [&] {
    std::vector<json> v;
    for (const Case& c : cases) v.push_back(fingerprint(c.input));
    return v;
  }();
  if (in.ideal) return nullptr;
  // Every explorer change asks this: the whole comparison only for cases whose GPU count, batch
  // and degrees already agree (none, for almost every split).
  json mine, out;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const PlanInput& k = cases[i].input;
    // A run the engine could not express (a field ignored, a split refused) is not the plan it reads as.
    if (!cases[i].expressed()) continue;
    if (k.hardware.gpus != in.hardware.gpus || k.global != in.global || k.micro != in.micro ||
        k.parallel.tp != in.parallel.tp || k.parallel.pp != in.parallel.pp || k.model.layers != in.model.layers)
      continue;
    if (mine.is_null()) mine = fingerprint(in);
    if (!same(prints[i], mine)) continue;
    const Case& c = cases[i];
    json run{{"id", c.id},
             {"source", c.source},
             {"set", c.role},
             {"where", c.doc->value("where", "")},
             {"step", c.published_step},
             {"error", step / c.published_step - 1.0}};
    for (const auto& s : calibration_doc()["sources"])
      if (s.value("id", "") == c.source) run["name"] = s.value("name", ""), run["url"] = s.value("url", "");
    // Two sources can have measured one configuration (BLOOM's final run and the benchmark row
    // with its shape and split): the first named, the others listed with it, none hidden.
    if (out.is_null())
      out = std::move(run);
    else
      out["also"].push_back(std::move(run));
  }
  return out;
}

namespace {

double model_step(const Case& c, const Efficiencies* with, double tp_step = -1.0) {
  PlanInput in = c.input;
  if (with) in.hardware.efficiency.compute = with->compute, in.hardware.efficiency.memory = with->memory;
  if (tp_step >= 0) in.megatron_deepspeed_tp_step = tp_step;
  PlanFigures f;
  evaluate_plan(in, f);
  return f.step;
}

// With the given constants: efficiencies when `e` is set, Megatron-DeepSpeed's step when ≥ 0.
double mean_abs_error(const std::vector<const Case*>& cases, const Efficiencies* e, double tp_step = -1.0) {
  double sum = 0;
  for (const Case* c : cases) sum += std::fabs(model_step(*c, e, tp_step) / c->published_step - 1.0);
  return cases.empty() ? 0.0 : sum / static_cast<double>(cases.size());
}

}  // namespace

namespace {

// A coarse grid, then two finer ones around the best point: mean |error| of the step time.
Efficiencies fit(const std::vector<const Case*>& cases, Efficiencies e) {
  double best = mean_abs_error(cases, &e);
  double dc = 0.04, dm = 2.0;
  for (int round = 0; round < 3; ++round) {
    const Efficiencies centre = e;
    for (int i = -5; i <= 5; ++i)
      for (int j = -5; j <= 5; ++j) {
        Efficiencies t = centre;
        t.compute = centre.compute + i * dc;
        t.memory = centre.memory + j * dm;
        if (t.compute <= 0.2 || t.compute > 1.0 || t.memory < 0) continue;
        const double err = mean_abs_error(cases, &t);
        if (err < best) best = err, e = t;
      }
    dc /= 5, dm /= 5;
  }
  return e;
}

// Megatron-DeepSpeed's cost per tensor-parallel ring step: a coarse grid from 0 to 1 ms, then two
// finer ones around the best point, on the mean |error| of the step time.
double fit_tp_step(const std::vector<const Case*>& cases) {
  const auto error = [&](double step) { return mean_abs_error(cases, nullptr, step); };
  double best_step = 0, best = error(0), d = 1e-4;
  for (int round = 0; round < 3; ++round, d /= 10) {
    const double centre = best_step;
    for (int i = -10; i <= 10; ++i) {
      const double step = centre + i * d;
      if (step < 0) continue;
      const double err = error(step);
      if (err < best) best = err, best_step = step;
    }
  }
  return best_step;
}

// |error| says how far off the engine is; the signed mean and the count of faster runs say which
// way, so a source the engine is optimistic on all along does not read like scatter.
struct StepSummary {
  double mean = 0, signed_sum = 0, max = 0;
  int count = 0, faster = 0;
  void add(double err) {
    mean += std::fabs(err), signed_sum += err, max = std::fmax(max, std::fabs(err)), ++count;
    if (err < 0) ++faster;
  }
  json to_json() const {
    return json{{"cases", count},
                {"mean_abs_error", count ? mean / count : 0.0},
                {"max_abs_error", max},
                {"mean_error", count ? signed_sum / count : 0.0},
                {"engine_faster", faster}};
  }
};

}  // namespace

/// Request {} → every case with its error, the in-sample and out-of-sample summaries;
/// {"refit": true} also refits the compute constants per GPU and reports leave-one-source-out.
json cmd_fidelity(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  if (inference_mode(request, problems)) return cmd_inference_fidelity(request, problems);
  if (!problems.ok()) return {};
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "refit"});
  auto refit = root.boolean("refit", false);
  if (!problems.ok()) return {};
  const std::vector<Case>& cases = all_cases();
  const json& doc = calibration_doc();
  json rows = json::array();
  StepSummary in_sample, out_of_sample, sealed, informed;
  std::map<std::string, StepSummary> by_source;
  int not_expressed = 0;
  for (const Case& c : cases) {
    PlanFigures f;
    evaluate_plan(c.input, f);
    const double error = f.step / c.published_step - 1.0;
    const bool expressed = c.expressed();
    if (expressed) {
      (c.role == "calibration" ? in_sample : out_of_sample).add(error);
      if (c.seal == "sealed") sealed.add(error);
      if (c.seal == "informed") informed.add(error);
      by_source[c.source].add(error);
    } else {
      ++not_expressed;
    }
    rows.push_back({{"id", c.id},
                    {"source", c.source},
                    {"set", c.role},
                    {"seal", c.seal.empty() ? c.role : c.seal},
                    {"expressed", expressed},
                    {"where", c.doc->value("where", "")},
                    {"request", c.request},
                    {"published", (*c.doc)["published"]},
                    {"assumed",
                     [&] {
                       // What was added to a sealed case afterwards reads with the rest, marked.
                       json assumed = c.doc->value("assumed", json::array());
                       for (const auto& why : c.corrected)
                         assumed.push_back("Added after sealing: " + why.get<std::string>());
                       return assumed;
                     }()},
                    {"published_step", c.published_step},
                    {"model_step", f.step},
                    {"ideal_step",
                     [&] {
                       PlanInput b = c.input;
                       b.ideal = true;
                       PlanFigures g;
                       evaluate_plan(b, g);
                       return g.step;
                     }()},
                    {"error", error},
                    {"mfu", f.mfu},
                    {"hfu", f.hfu},
                    {"fits", f.fits}});
    if (!c.ignored.empty()) rows.back()["ignored"] = c.ignored;
    if (!c.refused.empty()) rows.back()["refused"] = c.refused;
    if (c.doc->contains("tolerance")) rows.back()["tolerance"] = (*c.doc)["tolerance"];
    if (c.doc->contains("gap")) rows.back()["gap"] = (*c.doc)["gap"];
  }
  json sources = json::array();
  for (const auto& s : doc.value("sources", json::array())) {
    json row = s;
    const auto it = by_source.find(s.value("id", ""));
    if (it != by_source.end()) row["errors"] = it->second.to_json();
    sources.push_back(row);
  }
  json out{{"cases", rows},
           {"sources", sources},
           {"in_sample", in_sample.to_json()},
           {"out_of_sample", out_of_sample.to_json()},
           {"sealed", sealed.to_json()},
           {"informed", informed.to_json()},
           {"not_expressed", not_expressed},
           {"memory", memory_fidelity()}};
  if (*refit) {
    // Constants per GPU from its calibration cases; then, per calibration source, the same fit
    // without that source (a GPU left with no cases takes the other GPUs' fit) on its cases.
    std::map<std::string, std::vector<const Case*>> by_gpu;
    std::vector<const Case*> tp_step_cases;
    for (const Case& c : cases)
      if (c.refits == "efficiency")
        by_gpu[c.hardware].push_back(&c);
      else if (c.refits == "megatron-deepspeed-tp-step")
        tp_step_cases.push_back(&c);
    json fitted = json::object();
    std::map<std::string, Efficiencies> fits;
    for (const auto& [gpu, list] : by_gpu) {
      const Efficiencies e = fit(list, list.front()->input.hardware.efficiency);
      fits[gpu] = e;
      fitted[gpu] = {
          {"compute", e.compute}, {"memory_traffic", e.memory}, {"mean_abs_error", mean_abs_error(list, &e)}};
    }
    json loso = json::array();
    for (const auto& [gpu, list] : by_gpu) {
      std::map<std::string, std::vector<const Case*>> per_source;
      for (const Case* c : list) per_source[c->source].push_back(c);
      for (const auto& [source, held] : per_source) {
        std::vector<const Case*> rest;
        for (const Case* c : list)
          if (c->source != source) rest.push_back(c);
        Efficiencies e;
        std::string from;
        if (!rest.empty()) {
          e = fit(rest, fits[gpu]);
          from = "the other calibration sources for this GPU";
        } else {
          // No other source for this GPU: the constants fitted on the other GPUs' sources.
          std::vector<const Case*> others;
          for (const auto& [g, l] : by_gpu)
            if (g != gpu) others.insert(others.end(), l.begin(), l.end());
          if (others.empty()) continue;
          e = fit(others, fits[gpu]);
          from = "the other GPUs' calibration sources (no other source for " + gpu + ")";
        }
        StepSummary s;
        for (const Case* c : held) s.add(model_step(*c, &e) / c->published_step - 1.0);
        json row = s.to_json();
        row["source"] = source, row["hardware"] = gpu, row["fitted_on"] = from;
        row["compute"] = e.compute, row["memory_traffic"] = e.memory;
        loso.push_back(row);
      }
    }
    // Megatron-DeepSpeed's tensor-parallel step: one source fits it, so left out, the engine has
    // none (0 s per step, the engine before it) to predict that source with.
    if (!tp_step_cases.empty()) {
      const double step = fit_tp_step(tp_step_cases);
      StepSummary without;
      for (const Case* c : tp_step_cases) without.add(model_step(*c, nullptr, 0.0) / c->published_step - 1.0);
      out["fitted_framework"] = {{"megatron_deepspeed_tp_step", step},
                                 {"mean_abs_error", mean_abs_error(tp_step_cases, nullptr, step)},
                                 {"source", tp_step_cases.front()->source}};
      json row = without.to_json();
      row["source"] = tp_step_cases.front()->source, row["hardware"] = tp_step_cases.front()->hardware;
      row["fitted_on"] = "no other source fits Megatron-DeepSpeed's tensor-parallel step: without it, none";
      row["megatron_deepspeed_tp_step"] = 0.0;
      loso.push_back(row);
    }
    out["fitted"] = fitted;
    out["leave_one_source_out"] = loso;
  }
  return out;
}

}  // namespace atlas
