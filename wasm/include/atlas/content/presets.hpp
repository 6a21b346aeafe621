// Model, hardware and ring-lab presets, compiled in from content/presets/*.json.
#pragma once

#include <string>
#include <vector>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// A content file compiled into the engine (content/presets/<name>), parsed; a discarded value
/// (is_discarded()) when it is missing or not JSON.
json embedded_json(const std::string& name);

/// {"models":[…],"hardware":[…],"ring":[…]} as the preset files hold them; empty arrays if a file is
/// missing or broken (check_presets() reports that).
const json& preset_catalog();

/// The preset's "model" or "hardware" object, or nullptr. kind: "models" or "hardware".
const json* find_preset(const std::string& kind, const std::string& id);

/// Every problem with the embedded presets: unreadable files, missing ids, citations or
/// fields, duplicate ids, shapes or hardware the plan request reader rejects, and ring presets
/// outside the bounds of the `allreduce` request.
std::vector<Issue> check_presets();

/// The ring lab's starting points ({"id","name","ring":{ranks,bandwidth,latency},"basis",
/// "sources"}): each must be a request the lab's `allreduce` accepts, within the same bounds,
/// with the basis of its numbers in words and its sources cited.
std::vector<Issue> check_ring_presets(const json& list);

}  // namespace atlas
