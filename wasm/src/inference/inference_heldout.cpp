// The held-out part of `fidelity` in inference mode: the sealed serving sets
// (content/presets/serving-sealed.json, frozen in content/sealed/2026-12-03-serving, -06-, -06b- and -06c-serving)
// against the engine, sealed and informed sources apart, with each source's mean and signed error. A speed error is
// engine speed ÷ measured speed − 1 (for a time, measured ÷ engine − 1), so its sign says whether the engine predicts
// more speed than was measured.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "atlas/content/corrections.hpp"
#include "atlas/content/presets.hpp"
#include "atlas/inference/inference_request.hpp"

namespace atlas {

namespace {

const json& sealed_doc() {
  static const json doc = embedded_json("serving-sealed.json");
  return doc;
}

// The middle of a list (the mean of the two middle ones for an even count); 0 when empty.
double median_of(std::vector<double> values) {
  const std::size_t n = values.size();
  if (n == 0) return 0.0;
  std::sort(values.begin(), values.end());
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

struct Errors {
  std::vector<double> abs, speed;
  void add(double error, double speed_error) { abs.push_back(std::fabs(error)), speed.push_back(speed_error); }
  json to_json() const {
    const std::size_t n = abs.size();
    double sum = 0, signed_speed = 0;
    for (double e : abs) sum += e;
    for (double e : speed) signed_speed += e;
    // A time ten times the engine's is a speed error of +900 % but a time error of −90 %: a few
    // first tokens far off move the mean speed error more than every other run together, so the
    // median says which way the runs typically lean.
    return {{"cases", n},
            {"mean_abs_error", n ? sum / static_cast<double>(n) : 0.0},
            {"median_abs_error", median_of(abs)},
            {"max_abs_error", n ? *std::max_element(abs.begin(), abs.end()) : 0.0},
            {"mean_speed_error", n ? signed_speed / static_cast<double>(n) : 0.0},
            {"median_speed_error", median_of(speed)}};
  }
};

bool is_time(const std::string& metric) {
  return metric == "first_token" || metric == "per_output_token" || metric == "request";
}

double figure(const json& plan, const std::string& metric) {
  if (is_time(metric)) return plan["time"][metric].get<double>();
  return plan["throughput"][metric].get<double>();
}

// The preset's display name, from the catalog; `fallback` when the section names none.
std::string preset_name(const char* kind, const json& section, const std::string& fallback) {
  const std::string id = section.value("preset", "");
  for (const auto& p : preset_catalog()[kind])
    if (p.value("id", "") == id) {
      const std::string name = p.value("name", id);
      return name.substr(0, name.find(" ("));  // the card, not the node it sits in
    }
  return fallback;
}

// How the requests came: users in a loop, every request at once, or a stream at a rate.
std::string workload_words(const json& serving) {
  const std::string arrival = serving.value("arrival", "closed_loop");
  if (arrival == "poisson")
    return g4(serving.value("request_rate", 0.0)) +
           (serving.value("request_rate", 0.0) == 1.0 ? " request/s at random" : " requests/s at random") +
           (serving.contains("requests") ? " (" + std::to_string(serving.value("requests", 0)) + " in all)" : "");
  const std::int64_t n = serving.value("concurrency", serving.value("requests", std::int64_t{1}));
  if (arrival == "all_at_once") return std::to_string(n) + " requests sent at once";
  return std::to_string(n) + (n == 1 ? " user" : " users");
}

// The run in plain words, for readers who do not read case ids: what ran on what, the workload
// and the figure. "Llama 3.1 8B, 1 × NVIDIA H200, vLLM: 1024 in, 128 out, 8 users; tokens/s", or
// "200 requests sent at once" for a run that sent them together.
std::string run_label(const json& request, const std::string& metric) {
  static const std::map<std::string, std::string> kMetric{{"tokens_per_second", "output tokens/s"},
                                                          {"tokens_per_second_per_user", "tokens/s per user"},
                                                          {"per_output_token", "time per output token"},
                                                          {"first_token", "time to first token"},
                                                          {"request", "time per request"}};
  const json model = request.value("model", json::object()), hw = request.value("hardware", json::object());
  const json serving = request.value("serving", json::object()), parallel = request.value("parallel", json::object());
  const std::optional<Runtime> runtime = runtime_from_name(serving.value("runtime", "ideal"));
  const auto what = kMetric.find(metric);
  const std::string shape = std::to_string(model.value("layers", 0)) + "-layer model (hidden " +
                            std::to_string(model.value("hidden", 0)) + ")";
  // A preset whose figures the request changes (a PCIe card as its SXM preset with its own
  // bandwidth) is not the preset's card: the label says so.
  bool adjusted = false;
  for (auto it = hw.begin(); it != hw.end(); ++it) adjusted = adjusted || (it.key() != "preset" && it.key() != "gpus");
  const std::string card = preset_name("hardware", hw, "a GPU given by its figures") +
                           (adjusted && hw.contains("preset") ? " with figures of its own" : "");
  std::string s = preset_name("models", model, shape) + ", " + std::to_string(hw.value("gpus", 1)) + " × " + card +
                  " (tp " + std::to_string(parallel.value("tp", 1)) + "), " +
                  (runtime ? runtime_label(*runtime) : serving.value("runtime", "")) + ": " +
                  std::to_string(serving.value("prompt", 0)) + " in, " + std::to_string(serving.value("output", 0)) +
                  " out, " + workload_words(serving) + "; " + (what != kMetric.end() ? what->second : metric);
  return s;
}

}  // namespace

/// Every case of the sealed serving set with the engine's figure and error, and the summaries:
/// sealed (no change judged on its source yet), informed, and by source.
json serving_heldout(Problems& problems) {
  const json& doc = sealed_doc();
  if (!doc.is_object() || !doc.contains("cases")) {
    problems.error("content_missing", "The sealed serving set was not built into the engine.", "");
    return {};
  }
  std::map<std::string, bool> sealed_source;
  for (const auto& s : doc["sources"]) sealed_source[s["id"].get<std::string>()] = s["informed_by"].empty();
  // A held-out source that later fitted a constant counts with neither set: it is calibration now.
  std::map<std::string, bool> fitted;
  for (const auto& k : doc.value("calibration", json::array())) fitted[k["source"].get<std::string>()] = true;
  // A source set aside measured what no request states (a tunnel, a client's own time): its runs
  // are shown, counted with neither set.
  std::map<std::string, std::string> aside;  // source → why
  for (const auto& k : doc.value("set_aside", json::array()))
    aside[k["source"].get<std::string>()] = k["why"].get<std::string>();
  const auto seal_of = [&](const std::string& source) {
    return fitted.count(source)    ? "calibration"
           : aside.count(source)   ? "set_aside"
           : sealed_source[source] ? "sealed"
                                   : "informed";
  };
  std::map<std::string, Errors> by_source;
  Errors sealed, informed;
  json rows = json::array();
  int refused = 0;
  for (const auto& c : doc["cases"]) {
    const std::string metric = c["metric"].get<std::string>(), source = c["source"].get<std::string>();
    json row{{"id", c["id"]},           {"source", source},          {"where", c["where"]},
             {"metric", metric},        {"measured", c["measured"]}, {"unit", c["unit"]},
             {"assumed", c["assumed"]}, {"request", c["request"]}};
    row["seal"] = seal_of(source);
    const json request = corrected_request(doc.value("corrections", json::array()), c, row);
    row["request"] = request;  // what the engine planned, so opening the run shows the same
    row["label"] = run_label(request, metric);
    Problems scratch;
    const json plan = cmd_inference_plan(request, scratch);
    if (!scratch.ok() || plan.is_null()) {
      row["refused"] = scratch.errors().empty() ? "" : scratch.errors().front().message;
      ++refused;
      rows.push_back(std::move(row));
      continue;
    }
    const double engine = figure(plan, metric), measured = c["measured"].get<double>();
    const double error = engine / measured - 1.0;
    const double speed = is_time(metric) ? (engine > 0 ? measured / engine - 1.0 : 0.0) : error;
    row["engine"] = engine, row["error"] = error, row["speed_error"] = speed;
    row["fits"] = plan["memory"]["fits"], row["served"] = plan["queue"]["served"];
    row["limit"] = plan["queue"]["limit"];
    if (row["seal"] == "sealed") sealed.add(error, speed);
    if (row["seal"] == "informed") informed.add(error, speed);
    by_source[source].add(error, speed);
    rows.push_back(std::move(row));
  }
  // One large document can hold most of a set's runs: beside the mean over runs, each source
  // weighted once and the worst source, so a set's headline does not rest on one publication.
  const auto by_sources = [&](const char* seal) {
    double sum = 0, worst = 0;
    int n = 0;
    std::string worst_id;
    for (const auto& [id, errors] : by_source) {
      if (std::string(seal_of(id)) != seal || errors.abs.empty()) continue;
      double mean = 0;
      for (double e : errors.abs) mean += e;
      mean /= static_cast<double>(errors.abs.size());
      sum += mean, ++n;
      if (mean > worst) worst = mean, worst_id = id;
    }
    return json{{"sources", n},
                {"mean_of_sources", n ? sum / n : 0.0},
                {"worst_source", worst_id},
                {"worst_source_error", worst}};
  };
  json sealed_summary = sealed.to_json(), informed_summary = informed.to_json();
  sealed_summary.update(by_sources("sealed"));
  informed_summary.update(by_sources("informed"));
  json sources = json::array();
  for (const auto& s : doc["sources"]) {
    json x = s;
    x["errors"] = by_source[s["id"].get<std::string>()].to_json();
    x["seal"] = seal_of(s["id"].get<std::string>());
    if (const auto why = aside.find(s["id"].get<std::string>()); why != aside.end()) x["set_aside"] = why->second;
    sources.push_back(std::move(x));
  }
  return {{"note", doc.value("note", "")},
          {"sealed_on", doc.value("sealed", "")},
          {"frozen", doc.value("frozen", "")},
          {"sources", sources},
          {"cases", rows},
          {"refused", refused},
          {"sealed", sealed_summary},
          // Each set's mean error as frozen, with the engine's predictions then (predictions.json):
          // the out-of-sample reading that stays true after the set has judged a change.
          {"readings", doc.value("readings", json::array())},
          {"informed", informed_summary}};
}

}  // namespace atlas
