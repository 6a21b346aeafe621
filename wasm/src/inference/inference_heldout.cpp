// The held-out part of `fidelity` in inference mode: the sealed serving sets
// (content/presets/serving-sealed.json, frozen in content/sealed/2026-12-03-serving, -06-serving and -06b-serving)
// against the engine, sealed and informed sources apart, with each source's mean and signed error. A speed error is
// engine speed ÷ measured speed − 1 (for a time, measured ÷ engine − 1), so its sign says whether the engine predicts
// more speed than was measured.
#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "atlas/content/presets.hpp"
#include "atlas/inference/inference_request.hpp"

namespace atlas {

namespace {

const json& sealed_doc() {
  static const json doc = embedded_json("serving-sealed.json");
  return doc;
}

struct Errors {
  std::vector<double> abs;
  double signed_speed = 0;
  void add(double error, double speed) { abs.push_back(std::fabs(error)), signed_speed += speed; }
  json to_json() const {
    const std::size_t n = abs.size();
    std::vector<double> sorted = abs;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (double e : abs) sum += e;
    const double median = n == 0 ? 0.0 : n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
    return {{"cases", n},
            {"mean_abs_error", n ? sum / static_cast<double>(n) : 0.0},
            {"median_abs_error", median},
            {"max_abs_error", n ? sorted.back() : 0.0},
            {"mean_speed_error", n ? signed_speed / static_cast<double>(n) : 0.0}};
  }
};

bool is_time(const std::string& metric) {
  return metric == "first_token" || metric == "per_output_token" || metric == "request";
}

double figure(const json& plan, const std::string& metric) {
  if (is_time(metric)) return plan["time"][metric].get<double>();
  return plan["throughput"][metric].get<double>();
}

// A frozen case is never edited. Where a later finding replaces what a case assumed (its source
// silent), the live set lists a correction: the source, the part of the case ids it covers, the
// field's JSON pointer in the request, the new value and why. The engine plans the corrected request and the row says
// so; a corrected source is informed by the change that found it.
json corrected_request(const json& doc, const json& c, json& row) {
  json request = c["request"];
  json why = json::array();
  for (const auto& k : doc.value("corrections", json::array())) {
    if (k.value("source", "") != c["source"].get<std::string>()) continue;
    if (c["id"].get<std::string>().find(k.value("match", "")) == std::string::npos) continue;
    request[json::json_pointer(k["pointer"].get<std::string>())] = k["value"];
    why.push_back(k["why"]);
  }
  if (!why.empty()) row["corrected"] = why;
  return request;
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
  const auto seal_of = [&](const std::string& source) {
    return fitted.count(source) ? "calibration" : sealed_source[source] ? "sealed" : "informed";
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
    const json request = corrected_request(doc, c, row);
    row["request"] = request;  // what the engine planned, so opening the run shows the same
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
    if (!fitted.count(source)) (sealed_source[source] ? sealed : informed).add(error, speed);
    by_source[source].add(error, speed);
    rows.push_back(std::move(row));
  }
  json sources = json::array();
  for (const auto& s : doc["sources"]) {
    json x = s;
    x["errors"] = by_source[s["id"].get<std::string>()].to_json();
    x["seal"] = seal_of(s["id"].get<std::string>());
    sources.push_back(std::move(x));
  }
  return {{"note", doc.value("note", "")},
          {"sealed_on", doc.value("sealed", "")},
          {"frozen", doc.value("frozen", "")},
          {"sources", sources},
          {"cases", rows},
          {"refused", refused},
          {"sealed", sealed.to_json()},
          {"informed", informed.to_json()}};
}

}  // namespace atlas
