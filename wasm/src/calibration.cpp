// The model's step time against Korthikanti et al. 2022 Table 5 (content/presets/calibration.json).
#include <cmath>

#include "atlas/embedded_content.hpp"
#include "atlas/plan_request.hpp"

namespace atlas {

json calibration_table() {
  json doc;
  for (const EmbeddedFile* f = embedded_files(); f->name != nullptr; ++f)
    if (std::string(f->name) == "calibration.json") doc = json::parse(f->data, f->data + f->size, nullptr, false);
  json rows = json::array();
  if (!doc.is_object() || !doc.contains("cases")) return json{{"cases", rows}};
  double sum = 0, worst = 0;
  for (const auto& c : doc["cases"]) {
    const json request = {
        {"model", {{"preset", c["model"]}}},
        {"hardware", {{"preset", doc["hardware"]}, {"gpus", c["gpus"]}}},
        {"parallel",
         {{"tp", c["tp"]}, {"pp", c["pp"]}, {"recompute", c["recompute"]}, {"sequence_parallel", c["sequence_parallel"]}}},
        {"batch", {{"global", c["global"]}, {"micro", c["micro"]}}}};
    Problems problems;
    auto plan = read_plan_request(request, problems);
    if (!plan) continue;
    PlanFigures figures;
    evaluate_plan(plan->input, figures);
    const double published = c["published_seconds"].get<double>();
    const double error = (figures.step - published) / published;
    sum += std::fabs(error);
    worst = std::fmax(worst, std::fabs(error));
    rows.push_back({{"id", c["id"]}, {"published_seconds", published}, {"model_seconds", figures.step},
                    {"error", error}, {"mfu", figures.mfu}, {"hfu", figures.hfu}});
  }
  const double n = rows.empty() ? 1.0 : static_cast<double>(rows.size());
  return json{{"citation", doc["citation"]}, {"hardware", doc["hardware"]}, {"cases", rows},
              {"mean_abs_error", sum / n}, {"max_abs_error", worst}};
}

}  // namespace atlas
