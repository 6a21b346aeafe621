// How many GPUs a launch script runs on, from its launchers (torchrun, python -m
// torch.distributed.launch, deepspeed, srun, mpirun), its #SBATCH directives and, failing those,
// its WORLD_SIZE / GPUS_PER_NODE / NNODES variables; and which words each command hands to the
// training program. Internal to interop/.
#pragma once

#include <vector>

#include "atlas/interop/import.hpp"
#include "atlas/interop/shell_words.hpp"

namespace atlas {

struct LaunchedProgram {
  std::vector<const ShellWord*> arguments;  // the words after the launcher and the program's name
  bool deepspeed = false;                   // started by the deepspeed launcher
};

/// Reads the GPU count into `facts` (with warnings where sources disagree) and returns, for
/// every command that may be a training program, the arguments to scan for Megatron flags.
std::vector<LaunchedProgram> read_launch(const ShellScript& script, const Pasted& text, RunFacts& facts);

}  // namespace atlas
