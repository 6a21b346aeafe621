// The pipeline of a plan: which layers each stage holds, what one stage stores and computes per
// micro-batch, the order of every stage's forward and backward blocks under a schedule, and the
// bubble. Implemented by pipeline.cpp.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/training/plan.hpp"

namespace atlas {

/// Layers held by pipeline stage `index` (the first layers % pp stages take one extra).
std::int64_t stage_layers(std::int64_t layers, std::int64_t pp, std::int64_t index);
/// Transformer layers on stage `index` under the split's layout (Parallel's stage-layer fields),
/// and the index of its first layer.
std::int64_t stage_layers(const ModelShape& m, const Parallel& p, std::int64_t index);
std::int64_t stage_first_layer(const ModelShape& m, const Parallel& p, std::int64_t index);
/// What stage figures need from the model shape alone; search computes it once.
struct ModelTerms {
  LayerParameters layer;
  EmbeddingParameters embedding;
};
inline ModelTerms model_terms(const ModelShape& m) { return {layer_parameters(m), embedding_parameters(m)}; }

/// Figures of one stage (memory, compute per micro-batch).
StageFigures stage_figures(const PlanInput& in, std::int64_t index);
StageFigures stage_figures(const PlanInput& in, std::int64_t index, const ModelTerms& terms);
/// Re-derives the in-flight micro-batches, activations and memory of `st` — from
/// stage_figures() for the same stage, split, micro-batch, sequence parallelism and recompute
/// mode — for in.parallel's schedule, virtual stages and ZeRO stage. stage_figures() ends with
/// it, so the result is the same to the bit; search uses it to try schedules without redoing
/// the rest.
void apply_schedule(const PlanInput& in, std::int64_t index, StageFigures& st);
/// Fills `st`'s compute per micro-batch (GEMMs, attention, memory-bound kernels, recompute, the
/// head on the last stage) from its layers and memory terms (layer_compute.cpp).
void layer_compute(const PlanInput& in, StageFigures& st, bool last);

/// One block of a pipeline schedule on one stage: a forward or backward pass of one micro-batch
/// through one model chunk. Times in units: a chunk's forward takes 1, its backward 2.
struct ScheduleBlock {
  bool forward = true;
  std::int64_t microbatch = 0, chunk = 0;
  double start = 0, duration = 0;
};

/// The order of every stage's blocks under the schedule (GPipe; 1F1B as PipeDream-Flush and
/// Megatron run it; Megatron's interleaved 1F1B), each placed at the earliest time its stage is
/// free and its input has arrived. `stages[i]` is stage i's list in execution order. False if
/// the order stalls (it does not for valid plans).
bool schedule_blocks(Schedule schedule, std::int64_t pp, std::int64_t microbatches, std::int64_t virtual_stages,
                     std::vector<std::vector<ScheduleBlock>>& stages, double& makespan);

/// Bubble fraction of the schedule: (p − 1)/m, interleaved (p − 1)/(v·m).
double bubble_fraction(std::int64_t pp, std::int64_t microbatches, std::int64_t virtual_stages);

}  // namespace atlas
