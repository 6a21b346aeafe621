// Memory against published peak-memory measurements: the `memory` part of `fidelity`.
#pragma once

#include "atlas/contract/problems.hpp"

namespace atlas {

/// Every case of content/presets/memory-cases.json with the engine's figure for the quantity it
/// measured, summaries per set (sealed, informed, calibration) and quantity, and per source.
json memory_fidelity();

}  // namespace atlas
