#include "atlas/content/presets.hpp"

#include <set>

#include "atlas/collectives/ring_lab.hpp"
#include "atlas/content/embedded_content.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/engine.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

json parse_embedded(const char* file, const char* key) {
  json doc = embedded_json(file);
  if (doc.is_object() && doc.contains(key) && doc[key].is_array()) return doc[key];
  return json::array();
}

bool is_citation(const json& c) {
  return c.is_object() && c.contains("title") && c["title"].is_string() && c.contains("url") && c["url"].is_string() &&
         c["url"].get<std::string>().rfind("https://", 0) == 0;
}

// What every preset list asks of an entry: an id, unique in its list, and a name. Returns the id
// ("" when there is none).
std::string check_listing(const json& p, const std::string& path, std::set<std::string>& ids,
                          std::vector<Issue>& issues) {
  const std::string id = p.is_object() ? p.value("id", "") : "";
  if (id.empty() || !ids.insert(id).second)
    issues.push_back({"preset_id", "Preset ids must be present and unique.", child_path(path, "id")});
  if (!p.is_object() || !p.contains("name") || !p["name"].is_string())
    issues.push_back({"preset_name", "Every preset needs a name.", child_path(path, "name")});
  return id;
}

}  // namespace

std::vector<Issue> check_ring_presets(const json& list) {
  std::vector<Issue> issues;
  if (!list.is_array() || list.empty()) {
    issues.push_back({"preset_file", "No ring presets were embedded.", "/ring"});
    return issues;
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& p = list[i];
    const std::string path = child_path("/ring", i);
    if (!p.is_object()) {
      issues.push_back({"preset_body", "A ring preset must be an object.", path});
      continue;
    }
    const std::string id = check_listing(p, path, ids, issues);
    // A learner reads the basis next to the numbers: it must say where they come from.
    if (!p.contains("basis") || !p["basis"].is_string() || p["basis"].get_ref<const std::string&>().size() < 40)
      issues.push_back(
          {"preset_basis", id + ": say in a sentence or more where the numbers come from.", child_path(path, "basis")});
    const json* sources = p.contains("sources") ? &p["sources"] : nullptr;
    if (!sources || !sources->is_array())
      issues.push_back({"preset_citation",
                        id + ": 'sources' must be a list of citations (empty when the basis is "
                             "the worked example).",
                        child_path(path, "sources")});
    else
      for (std::size_t k = 0; k < sources->size(); ++k)
        if (!is_citation((*sources)[k]))
          issues.push_back({"preset_citation", id + ": every source needs a title and an https URL.",
                            child_path(child_path(path, "sources"), k)});
    if (!p.contains("ring") || !p["ring"].is_object()) {
      issues.push_back({"preset_body", id + ": the preset has no 'ring' object.", child_path(path, "ring")});
      continue;
    }
    Problems problems;
    const Fields f(p["ring"], child_path(path, "ring"), problems);
    f.warn_unknown({"ranks", "bandwidth", "latency"});
    f.integer("ranks", {2, static_cast<double>(kMaxRanks)});
    f.number("bandwidth", {kMinBandwidth, kMaxBandwidth, false, false, "B/s"});
    f.number("latency", {0, kMaxLatency, false, false, "s"});
    for (const auto* list_of : {&problems.errors(), &problems.warnings()})
      for (const auto& e : *list_of) issues.push_back({e.code, id + ": " + e.message, e.path});
  }
  return issues;
}

json embedded_json(const std::string& name) {
  for (const EmbeddedFile* f = embedded_files(); f->name != nullptr; ++f)
    if (name == f->name) return parse_json(std::string_view(f->data, f->size));
  return json(json::value_t::discarded);
}

const json& preset_catalog() {
  static const json catalog = {{"models", parse_embedded("models.json", "models")},
                               {"hardware", parse_embedded("hardware.json", "hardware")},
                               {"ring", parse_embedded("ring.json", "ring")}};
  return catalog;
}

const json* find_preset(const std::string& kind, const std::string& id) {
  const json& list = preset_catalog()[kind];
  const char* body = kind == "models" ? "model" : "hardware";
  for (const auto& p : list)
    if (p.is_object() && p.value("id", "") == id && p.contains(body) && p[body].is_object()) return &p[body];
  return nullptr;
}

std::vector<Issue> check_presets() {
  std::vector<Issue> issues;
  for (const char* kind : {"models", "hardware"}) {
    const json& list = preset_catalog()[kind];
    const std::string base = std::string("/") + kind;
    if (list.empty()) issues.push_back({"preset_file", std::string("No ") + kind + " presets were embedded.", base});
    std::set<std::string> ids;
    const char* body = std::string(kind) == "models" ? "model" : "hardware";
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& p = list[i];
      const std::string path = child_path(base, i);
      const std::string id = check_listing(p, path, ids, issues);
      if (!p.is_object() || !p.contains("citation") || !is_citation(p["citation"]))
        issues.push_back({"preset_citation", "Every preset needs a citation with a title and an https URL.",
                          child_path(path, "citation")});
      if (!p.is_object() || !p.contains(body) || !p[body].is_object()) {
        issues.push_back(
            {"preset_body", std::string("The preset has no '") + body + "' object.", child_path(path, body)});
        continue;
      }
      // The shape must pass the same reader as a request, so a preset can never be invalid.
      Problems problems;
      if (std::string(kind) == "models")
        read_model(json{{"model", {{"preset", id}}}}, problems);
      else
        read_hardware(json{{"hardware", {{"preset", id}}}}, problems);
      for (const auto& e : problems.errors())
        issues.push_back({e.code, id + ": " + e.message, child_path(path, body) + e.path});
      if (std::string(kind) == "hardware" && p.contains("sources")) {
        std::vector<const char*> cited{"memory", "flops", "memory_bandwidth", "intra_bandwidth", "inter_bandwidth"};
        if (p[body].value("flash_attention_2", 0.0) > 0) cited.push_back("flash_attention_2");  // measured, so cited
        // One citation may give both low-precision peaks (a datasheet lists them together).
        if (p[body].value("flops_fp8", 0.0) > 0 || p[body].value("flops_fp4", 0.0) > 0) cited.push_back("flops_fp8");
        for (const char* field : cited)
          if (!p["sources"].contains(field) || !is_citation(p["sources"][field]))
            issues.push_back({"preset_citation", id + ": no source for '" + field + "'.",
                              child_path(child_path(path, "sources"), field)});
      } else if (std::string(kind) == "hardware") {
        issues.push_back(
            {"preset_citation", id + ": hardware presets cite a source per number.", child_path(path, "sources")});
      }
    }
  }
  const auto ring = check_ring_presets(preset_catalog()["ring"]);
  issues.insert(issues.end(), ring.begin(), ring.end());
  return issues;
}

/// Request {} → every preset (models, hardware, the ring lab's starting points) with its citation (the published cases
/// and errors: `fidelity`).
json cmd_presets(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  Fields(request, "", problems).warn_unknown({});
  // Everything here follows from the embedded files alone: check and build it once.
  static const std::vector<Issue> issues = check_presets();
  for (const auto& i : issues) problems.error(i.code, "Embedded preset problem: " + i.message, i.path);
  if (!problems.ok()) return {};
  static const json response = [] {
    json out = preset_catalog();
    out["efficiencies"] = to_json(default_efficiencies());
    return out;
  }();
  return response;
}

}  // namespace atlas
