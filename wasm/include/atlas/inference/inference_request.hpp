// Inference-mode requests for `plan` and `search` (docs/contract-inference.md).
#pragma once

#include <optional>

#include "atlas/contract/fields.hpp"
#include "atlas/inference/inference.hpp"

namespace atlas {

struct InferenceRequest {
  InferenceInput input;
  bool dp_derived = false;  // dp came from gpus ÷ (tp·pp): a mismatch points at /hardware/gpus
};

/// request["serving"] with defaults; `model` (when read) bounds prompt + output by model.seq.
std::optional<Serving> read_serving(const Fields& root, const ModelShape* model);
/// `asked` (read_serving's) with what the request left out taken from the GPU and the layout:
/// the GPU's decode bandwidth fraction, the runtime's host time per step at `tp` ranks.
Serving serving_for(const Serving& asked, const Hardware& hw, std::int64_t tp);
std::optional<InferenceRequest> read_inference_request(const json& request, Problems& problems);

json to_json(const Serving& s);
/// The serving part of a response for a valid layout (inference_plan.cpp); search reuses it.
json inference_summary(const InferenceInput& in, const InferenceFigures& f);

}  // namespace atlas
