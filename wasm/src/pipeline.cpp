// Pipeline stages: which layers each holds, how many micro-batches of activations it keeps in
// flight under each schedule, and so its memory and its compute time per micro-batch.
#include <algorithm>

#include "atlas/memory.hpp"
#include "atlas/plan.hpp"

namespace atlas {

std::int64_t stage_layers(std::int64_t layers, std::int64_t pp, std::int64_t index) {
  return layers / pp + (index < layers % pp ? 1 : 0);
}

double bubble_fraction(std::int64_t pp, std::int64_t microbatches, std::int64_t virtual_stages) {
  return static_cast<double>(pp - 1) / (static_cast<double>(virtual_stages) * static_cast<double>(microbatches));
}

namespace {

// Micro-batches whose activations stage `index` holds at its peak. 1F1B: stage i runs p − i
// forwards before its first backward. Interleaved (Megatron): rank i warms up with
// 2(p − i − 1) + (v − 1)p model chunks, plus the one in its steady state; each chunk is 1/v of
// the stage's layers. With i = 0 this is Korthikanti's L(1 + (p − 1)/(p v)) layers.
double inflight_microbatches(const Parallel& par, std::int64_t m, std::int64_t index) {
  const std::int64_t p = par.pp, v = par.virtual_stages;
  switch (par.schedule) {
    case Schedule::gpipe: return static_cast<double>(m);
    case Schedule::one_f_one_b: return static_cast<double>(std::min(m, p - index));
    case Schedule::interleaved: {
      const std::int64_t chunks = std::min(m * v, 2 * (p - index - 1) + (v - 1) * p + 1);
      return static_cast<double>(chunks) / static_cast<double>(v);
    }
  }
  return static_cast<double>(m);
}

}  // namespace

DeviceMemory memory_at_zero(const StageFigures& st, const Parallel& par, int zero) {
  // ZeRO shards over every replica of the weights: dp × cp ranks for dense weights, and
  // dp × cp / ep for experts (each expert lives on one rank of its expert-parallel group).
  const double shards = static_cast<double>(par.dp * par.cp);
  const double expert_shards = shards / static_cast<double>(par.ep);
  const ModelStates d = zero_model_states(st.dense, shards, zero);
  const ModelStates e = zero_model_states(st.expert, expert_shards, zero);
  DeviceMemory m;
  m.parameters = d.parameters + e.parameters;
  m.gradients = d.gradients + e.gradients;
  m.optimizer = d.optimizer + e.optimizer;
  m.activations = st.memory.activations;
  // Working buffers beyond the stored activations: the tensor-parallel gather and the
  // pipeline's received input are tensors Table 2 already counts (a layer's input), so only
  // ZeRO-3's gathered weights (current and prefetched layer) are extra; the rank's own shard
  // is part of the gathered buffer, so only the other ranks' (1 − 1/N) counts.
  if (zero >= 3) m.buffers = st.gathered_layer * (st.layer_dense * (1.0 - 1.0 / shards) +
                                                  st.layer_expert * (1.0 - 1.0 / expert_shards));
  return m;
}

StageFigures stage_figures(const PlanInput& in, std::int64_t index) {
  const ModelShape& m = in.model;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  const double t = static_cast<double>(par.tp);
  const bool first = index == 0, last = index == par.pp - 1;
  StageFigures st;
  st.layers = stage_layers(m.layers, par.pp, index);
  st.first_layer = index * (m.layers / par.pp) + std::min(index, m.layers % par.pp);
  const double l = static_cast<double>(st.layers);

  // Parameters held per tensor-parallel rank. With tied embeddings and pp > 1 the last stage
  // keeps its own copy of the word embedding for the output projection (Megatron does this).
  const LayerParameters lp = layer_parameters(m);
  const EmbeddingParameters ep = embedding_parameters(m);
  double dense = l * (lp.sharded / t + lp.replicated);
  if (first) dense += ep.word / t + ep.position;
  if (last) dense += ep.final_norm + ep.head / t + (m.tied_embeddings && par.pp > 1 ? ep.word / t : 0.0);
  const double expert = l * lp.expert / (t * static_cast<double>(par.ep));
  st.parameters = dense + expert;

  st.dense = dense;
  st.expert = expert;
  st.gathered_layer = std::min<double>(2.0, l) * kWeightBytes;
  st.layer_dense = lp.sharded / t + lp.replicated;
  st.layer_expert = lp.expert / (t * static_cast<double>(par.ep));
  const double b = static_cast<double>(in.micro);
  const double s_local = static_cast<double>(m.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(m.hidden);
  const double outside_split = par.sequence_parallel ? t : 1.0;
  const double per_layer =
      activation_bytes_per_layer(m, b, par.tp, par.cp, par.sequence_parallel, par.recompute);
  st.inflight = inflight_microbatches(par, in.accumulation, index);
  double activations = per_layer * l * st.inflight;
  if (first && m.dropout) activations += b * s_local * h / outside_split * st.inflight;  // embedding dropout mask
  // The last stage holds one micro-batch's head: final-norm input, head input, fp32 logits.
  double head_bytes = 0;
  if (last) head_bytes = 2 * 2.0 * b * s_local * h / outside_split + 4.0 * b * s_local * static_cast<double>(m.vocab) / t;
  st.memory.activations = activations + head_bytes;
  st.memory = memory_at_zero(st, par, par.zero);

  // Compute per micro-batch: forward + backward = 3 forwards of matmul FLOPs at a fitted
  // fraction of peak, plus the memory-bound kernels (norms, softmax, dropout, activations),
  // whose HBM traffic scales with the activation bytes each layer produces.
  const double tokens = b * s_local;
  const double layer_fwd = layer_forward_flops(m, tokens, static_cast<double>(m.seq)) / t;
  const double head_fwd = last ? head_forward_flops(m, tokens) / t : 0.0;
  double recompute = 0;
  if (par.recompute == Recompute::full) recompute = l * layer_fwd;
  if (par.recompute == Recompute::selective)
    recompute = l * attention_core_forward_flops(m, tokens, static_cast<double>(m.seq)) / t;
  const double model = 3.0 * (l * layer_fwd + head_fwd);
  const double hardware = model + recompute;
  // Counted as if every kernel were split over the tp ranks (the sequence-parallel layout): the
  // calibration cases show no extra cost for the norms and dropouts that plain TP replicates.
  const double produced = l * activation_bytes_per_layer(m, b, par.tp, par.cp, true, Recompute::none) + head_bytes;
  const double traffic = hw.efficiency.memory * produced * (model > 0 ? hardware / model : 1.0);
  st.compute_per_microbatch = hardware / (hw.flops * hw.efficiency.compute) + traffic / hw.memory_bandwidth;
  return st;
}

}  // namespace atlas
