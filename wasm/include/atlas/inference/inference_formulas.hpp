// The formulas of a serving plan (inference_formulas.cpp): what `plan` in inference mode shows
// beside each number.
#pragma once

#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference.hpp"

namespace atlas {

/// "compute" or "memory": which bound a decode step's GEMMs hit.
const char* bound_name(const DecodeStep& d);
/// `memory.formulas`: weights, KV cache, activations and the runtime's reserve per device.
json memory_formulas(const InferenceInput& in, const InferenceFigures& f);
/// `time.formulas`: first token, the decode step, per output token, a request, the host's part.
json time_formulas(const InferenceInput& in, const InferenceFigures& f);
/// `throughput.formulas.tokens_per_second_per_gpu`.
Formula throughput_formula(const InferenceInput& in, const InferenceFigures& f);

}  // namespace atlas
