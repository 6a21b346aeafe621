// `fidelity` with "mode": "inference": the serving engine against every published serving
// measurement in content/presets/serving-cases.json — each case's source, configuration,
// assumptions, the published figure, the engine's and the error; calibration and validation apart.
#include <cmath>
#include <string>

#include "atlas/content/presets.hpp"
#include "atlas/inference/inference_request.hpp"

namespace atlas {

namespace {

const json& serving_cases() {
  static const json doc = embedded_json("serving-cases.json");
  return doc;
}

struct ServingSummary {
  int cases = 0;
  double sum = 0, max = 0;
  void add(double e) { ++cases, sum += std::fabs(e), max = std::fmax(max, std::fabs(e)); }
  json to_json() const {
    return {{"cases", cases}, {"mean_abs_error", cases ? sum / cases : 0.0}, {"max_abs_error", max}};
  }
};

}  // namespace

json cmd_inference_fidelity(const json& request, Problems& problems) {
  const Fields root(request, "", problems);
  root.warn_unknown({"mode"});
  const json& doc = serving_cases();
  if (!doc.is_object() || !doc.contains("cases")) {
    problems.error("content_missing", "The published serving cases were not built into the engine.", "");
    return {};
  }
  json rows = json::array();
  ServingSummary calibration, validation;
  for (const auto& c : doc["cases"]) {
    Problems scratch;
    auto req = read_inference_request(c["request"], scratch);
    if (!req || !inference_split_errors(req->input, req->dp_derived).empty()) continue;  // tests keep the file valid
    InferenceFigures f;
    evaluate_inference(req->input, f);
    const std::string metric = c.value("metric", "");
    const double engine = metric == "first_token" ? f.first_token : f.tokens_per_second;
    const double measured = c.value("measured", 0.0);
    const double error = measured > 0 ? engine / measured - 1.0 : 0.0;
    const bool calibrating = c.value("role", "") == "calibration";
    (calibrating ? calibration : validation).add(error);
    json row = c;
    // These validation cases judged the bandwidth model when it was made: informed, not sealed.
    row["seal"] = calibrating ? "calibration" : "informed";
    row["engine"] = engine;
    row["error"] = error;
    row["unit"] = metric == "first_token" ? "s" : "tokens/s";
    rows.push_back(std::move(row));
  }
  json held = serving_heldout(problems);
  if (!problems.ok()) return {};
  json out{{"mode", "inference"},
           {"note", doc.value("note", "")},
           {"sources", doc.value("sources", json::array())},
           {"cases", rows},
           {"calibration", calibration.to_json()},
           {"validation", validation.to_json()},
           {"constants", doc.value("constants", json::array())}};
  out["sealed"] = held["sealed"];
  out["held_out"] = std::move(held);
  return out;
}

}  // namespace atlas
