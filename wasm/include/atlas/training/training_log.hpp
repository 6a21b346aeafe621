// A measured run read back from its training log (Megatron-LM's iteration and memory lines, or
// torchtitan's step lines), for setting the engine's plan of the same run beside it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// What one log says. Medians over the logged intervals after the first when there are at least
/// three (the first holds warm-up: compilation, allocator growth, the first gathers).
struct TrainingLog {
  std::string format;                               // "megatron" or "torchtitan"; empty when no line was recognised
  int intervals = 0;                                // logged iteration (or step) lines
  int used = 0;                                     // of them in the medians
  std::optional<double> step_seconds;               // Megatron: elapsed time per iteration
  std::optional<double> tflops_per_gpu;             // as the framework counts model FLOPs
  std::optional<double> tokens_per_second_per_gpu;  // torchtitan: tps (wps before 2025)
  std::optional<double> mfu;                        // torchtitan, a fraction
  std::optional<double> memory_bytes;               // the largest peak the log reports
  std::string memory_quantity;                      // "allocated" (Megatron) or "reserved" (torchtitan)
  std::optional<double> global_batch;               // Megatron prints it on every line
  json read = json::array();                        // [{line, what}] for the lines the figures came from
};

/// Reads every line it recognises; lines it does not are skipped (a log excerpt holds many).
TrainingLog read_training_log(std::string_view text);

}  // namespace atlas
