// The engine's memory against published peak-memory measurements (content/presets/memory-cases.json):
// each case's measured figure, what it measured (the framework's allocated peak, the caching
// allocator's reserved peak, or the device's use as nvidia-smi shows it), the engine's figure for
// the same quantity and the error; sealed, informed and calibration sources apart, as for step time.
#include <cmath>
#include <map>
#include <string>

#include "atlas/content/corrections.hpp"
#include "atlas/content/presets.hpp"
#include "atlas/training/memory_fidelity.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

struct MemorySummary {
  int cases = 0;
  double abs_sum = 0, signed_sum = 0, max = 0;
  void add(double e) { ++cases, abs_sum += std::fabs(e), signed_sum += e, max = std::fmax(max, std::fabs(e)); }
  json to_json() const {
    return {{"cases", cases},
            {"mean_abs_error", cases ? abs_sum / cases : 0.0},
            {"mean_signed_error", cases ? signed_sum / cases : 0.0},
            {"max_abs_error", max}};
  }
};

/// The engine's figure for what a case measured: the allocated peak, the allocator's reserved
/// peak, or the device's use with the context and NCCL's buffers.
double engine_bytes(const std::string& quantity, const DeviceMemory& m) {
  return quantity == "device" ? m.device() : quantity == "reserved" ? m.reserved() : m.total();
}

/// Bytes of a published value: GiB unless the case names its unit (B, GB, MiB, MB).
double measured_bytes(const json& published) {
  const std::string unit = published.value("unit", "GiB");
  const double v = published.value("value", 0.0);
  return unit == "B"     ? v
         : unit == "GB"  ? v * 1e9
         : unit == "MiB" ? v * 1048576.0
         : unit == "MB"  ? v * 1e6
                         : v * 1073741824.0;
}

/// "allocated", "reserved" or "device" from a published kind ("peak_allocated_gib", …).
std::string quantity_of(const json& published) {
  const std::string kind = published.value("kind", "");
  if (kind.find("reserved") != std::string::npos) return "reserved";
  if (kind.find("device") != std::string::npos) return "device";
  return "allocated";
}

}  // namespace

json memory_fidelity() {
  static const json doc = embedded_json("memory-cases.json");
  json out{{"cases", json::array()}, {"sources", json::array()}};
  if (!doc.is_object() || !doc.contains("cases")) return out;
  std::map<std::string, std::string> set_of;  // source → sealed | informed | calibration
  for (const auto& s : doc.value("sources", json::array())) {
    const std::string role = s.value("role", "");
    set_of[s.value("id", "")] = role == "calibration"                           ? "calibration"
                                : s.value("informed_by", json::array()).empty() ? "sealed"
                                                                                : "informed";
    out["sources"].push_back(s);
  }
  std::map<std::string, std::map<std::string, MemorySummary>> by_set;  // set → quantity → errors
  std::map<std::string, MemorySummary> by_source;
  json not_expressed = json::array();
  for (const auto& c : doc["cases"]) {
    Problems problems;
    json row{{"id", c.value("id", "")}, {"source", c.value("source", "")}, {"published", c["published"]}};
    row["request"] = corrected_request(doc.value("corrections", json::array()), c, row);
    auto req = read_plan_request(row["request"], problems);
    if (!req || !req->batch_known || !req->split_errors.empty()) {
      row["refused"] = problems.ok() ? "the split is not one the engine can run" : problems.errors()[0].message;
      not_expressed.push_back(row);
      continue;
    }
    PlanFigures f;
    evaluate_plan(req->input, f);
    const std::string quantity = quantity_of(c["published"]);
    // The rank that measured: Megatron logs from the last rank (the last pipeline stage), others
    // from a rank of the most loaded stage or one where all hold the same.
    const bool last = c.value("stage", "most_loaded") == "last";
    const DeviceMemory& m = last ? f.last.memory : f.memory;
    const double engine = engine_bytes(quantity, m), measured = measured_bytes(c["published"]);
    const double error = measured > 0 ? engine / measured - 1.0 : 0.0;
    const std::string set = set_of[c.value("source", "")];
    by_set[set][quantity].add(error);
    by_source[c.value("source", "")].add(error);
    row["quantity"] = quantity;
    row["set"] = set;
    row["measured"] = measured;
    row["engine"] = engine;
    row["error"] = error;
    row["stage"] = last ? "last" : "most_loaded";
    row["parts"] = {{"parameters", m.parameters},   {"gradients", m.gradients}, {"optimizer", m.optimizer},
                    {"activations", m.activations}, {"buffers", m.buffers},     {"reserve", m.reserve},
                    {"context", m.context},         {"nccl", m.nccl},           {"userbuffers", m.userbuffers},
                    {"workspaces", m.workspaces}};
    out["cases"].push_back(row);
  }
  json sets = json::object();
  for (const auto& [set, quantities] : by_set)
    for (const auto& [quantity, s] : quantities) sets[set][quantity] = s.to_json();
  for (auto& s : out["sources"]) {
    const auto it = by_source.find(s.value("id", ""));
    if (it != by_source.end()) s["errors"] = it->second.to_json();
  }
  out["summaries"] = sets;
  out["not_expressed"] = not_expressed;
  out["note"] = doc.value("note", "");
  return out;
}

}  // namespace atlas
