// The formulas of a plan's memory, time and throughput sections (plan_formulas.cpp).
#pragma once

#include "atlas/contract/commands.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// Memory: bytes of weights, gradients and optimizer states per ZeRO stage and framework, and
/// where activations and buffers come from.
json memory_formulas(const Parallel& p, const ModelShape& model, const Hardware& hw, const DeviceMemory& m);
/// The memory response's name of a peak moment ("before_gradients", …).
const char* peak_moment_name(PeakMoment peak);
/// Where the peak falls, in a sentence for the memory panel ("" for backward's start).
const char* peak_moment_text(PeakMoment peak);
/// Adds to the memory formulas of the parts a moved peak changes (PeakMoment) what that moment holds.
void note_peak_moment(json& formulas, PeakMoment peak);
/// Time: compute, exposed communication, bubble, optimizer and the step they add up to.
json time_formulas(const PlanInput& in, const PlanFigures& f);
/// Throughput: tokens per second, model FLOP/s per GPU, MFU and HFU.
json throughput_formulas(const PlanInput& in, const PlanFigures& f);

}  // namespace atlas
