// Pipeline stages: which layers each holds, how many micro-batches of activations it keeps in
// flight under each schedule, and so its memory and its compute time per micro-batch.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "atlas/training/communication.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/plan.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

std::int64_t stage_layers(std::int64_t layers, std::int64_t pp, std::int64_t index) {
  return layers / pp + (index < layers % pp ? 1 : 0);
}

std::int64_t stage_layers(const ModelShape& m, const Parallel& p, std::int64_t index) {
  const std::int64_t P = p.pp;
  if (P <= 1 || !p.custom_stage_layers()) return stage_layers(m.layers, P, index);
  const std::int64_t f = p.first_stage_layers, l = p.last_stage_layers;
  if (f > 0 || l > 0) {
    if (index == 0 && f > 0) return f;
    if (index == P - 1 && l > 0) return l;
    const std::int64_t middle = P - (f > 0 ? 1 : 0) - (l > 0 ? 1 : 0);
    const std::int64_t rest = m.layers - f - l;
    return middle > 0 ? stage_layers(rest, middle, index - (f > 0 ? 1 : 0)) : 0;
  }
  // The embedding and the loss take a layer's slot on the first and last stage.
  const std::int64_t slots = m.layers + (p.embedding_as_layer ? 1 : 0) + (p.loss_as_layer ? 1 : 0);
  std::int64_t n = stage_layers(slots, P, index);
  if (index == 0 && p.embedding_as_layer) --n;
  if (index == P - 1 && p.loss_as_layer) --n;
  return n;
}

std::int64_t stage_first_layer(const ModelShape& m, const Parallel& p, std::int64_t index) {
  if (!p.custom_stage_layers()) return index * (m.layers / p.pp) + std::min(index, m.layers % p.pp);
  std::int64_t first = 0;
  for (std::int64_t i = 0; i < index; ++i) first += stage_layers(m, p, i);
  return first;
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
    case Schedule::gpipe:
      return static_cast<double>(m);
    case Schedule::one_f_one_b:
      return static_cast<double>(std::min(m, p - index));
    case Schedule::interleaved: {
      const std::int64_t chunks = std::min(m * v, 2 * (p - index - 1) + (v - 1) * p + 1);
      return static_cast<double>(chunks) / static_cast<double>(v);
    }
  }
  return static_cast<double>(m);
}

}  // namespace

void apply_schedule(const PlanInput& in, std::int64_t index, StageFigures& st) {
  const ModelShape& m = in.model;
  const Parallel& par = in.parallel;
  const double t = static_cast<double>(par.tp);
  const double l = static_cast<double>(st.layers);
  const double b = static_cast<double>(in.micro);
  const double s_local = static_cast<double>(m.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(m.hidden);
  const double outside_split = par.sequence_parallel ? t : 1.0;
  st.inflight = inflight_microbatches(par, in.accumulation, index);
  st.one_backward = par.pp == 1 && in.accumulation == 1;
  double activations = st.activation_per_layer * l * st.inflight;
  if (index == 0 && m.dropout) activations += b * s_local * h / outside_split * st.inflight;  // embedding dropout mask
  st.memory.activations = activations + st.head_activations;
  st.memory = memory_at_zero(st, par, par.zero, m.tied_embeddings, in.hardware);
}

StageFigures stage_figures(const PlanInput& in, std::int64_t index) {
  return stage_figures(in, index, model_terms(in.model));
}

StageFigures stage_figures(const PlanInput& in, std::int64_t index, const ModelTerms& terms) {
  const ModelShape& m = in.model;
  const Parallel& par = in.parallel;
  const double t = static_cast<double>(par.tp);
  const bool first = index == 0, last = index == par.pp - 1;
  StageFigures st;
  st.layers = stage_layers(m, par, index);
  st.first_layer = stage_first_layer(m, par, index);
  const double l = static_cast<double>(st.layers);

  // Parameters held per tensor-parallel rank. With tied embeddings and pp > 1 the last stage
  // keeps its own copy of the word embedding for the output projection (Megatron does this).
  const EmbeddingParameters& ep = terms.embedding;
  const double e = static_cast<double>(par.ep);
  // The stage's own layers by kind: DeepSeek's dense first layers sit on the first stage.
  LayerParameters lp = terms.layer;
  if (!m.uniform() && l > 0) {
    lp = LayerParameters{};
    const LayerKinds kinds = layer_kinds(m, st.first_layer, st.layers);
    for (int k = 0; k < kinds.size; ++k) {
      const LayerParameters one = layer_parameters(kinds.kinds[k].shape);
      const double w = kinds.kinds[k].count / l;
      lp.sharded += w * one.sharded, lp.replicated += w * one.replicated, lp.expert += w * one.expert;
    }
  }
  double dense = l * (lp.sharded / t + lp.replicated);
  // Each expert's weights are split over etp ranks (tp unless parallel.etp says otherwise) and
  // the experts over ep: ep × etp ranks hold one copy of the stage's experts.
  const double et = static_cast<double>(par.expert_tp());
  double expert = l * lp.expert / (et * e);
  if (first) dense += ep.word / t + ep.position;
  // With multi-token prediction the last stage also embeds the next tokens (a copy of the word
  // embedding when pp > 1, as for tied embeddings) and holds the modules.
  const bool word_copy = (m.tied_embeddings || m.mtp_layers > 0) && par.pp > 1;
  if (last) dense += ep.final_norm + ep.head / t + (word_copy ? ep.word / t : 0.0);
  if (last && m.mtp_layers > 0) {
    const LayerParameters mtp = mtp_layer_parameters(m);
    const double k = static_cast<double>(m.mtp_layers), h = static_cast<double>(m.hidden);
    dense += k * ((mtp.sharded + 2.0 * h * h) / t + mtp.replicated + 3.0 * h);
    expert += k * mtp.expert / (et * e);
  }
  st.parameters = dense + expert;

  st.dense = dense;
  st.expert = expert;
  st.gathered_layer = std::min<double>(2.0, l) * kWeightBytes;
  st.layer_dense = lp.sharded / t + lp.replicated;
  st.layer_expert = lp.expert / (et * e);
  // PyTorch's FSDP frameworks wrap the word embedding and the output head with the final norm as
  // units of their own beside the blocks (torchtitan's apply_fsdp; one unit when they are tied):
  // with a large vocabulary either outweighs a block.
  st.largest_unit = st.layer_dense + st.layer_expert;
  if (first) st.largest_unit = std::max(st.largest_unit, ep.word / t + ep.position);
  if (last) st.largest_unit = std::max(st.largest_unit, ep.final_norm + ep.head / t);
  const double b = static_cast<double>(in.micro);
  const double s_local = static_cast<double>(m.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(m.hidden);
  const double outside_split = par.sequence_parallel ? t : 1.0;
  // Eager kernels keep more for backward than fused ones (eager_kernels.cpp).
  const auto eager_saved = [&](Recompute rc) {
    if (!keeps_eager_tensors(par.kernels, rc)) return 0.0;
    return b * s_local *
           eager_saved_bytes_per_token(m, par.kernels == Kernels::eager_fused_norm, t, par.sequence_parallel);
  };
  const auto routed = [&](Recompute rc) {
    return routed_expert_bytes_per_layer(m, b, par.tp, par.expert_tp(), par.cp, par.routing_imbalance, rc,
                                         par.selective_modules());
  };
  // What one layer keeps; a layer that keeps everything; under full recomputation the input alone.
  double per_layer = activation_bytes_per_layer(m, b, par.tp, par.cp, par.sequence_parallel, par.recompute,
                                                par.flash_attention, par.selective_modules()) +
                     eager_saved(par.recompute) + routed(par.recompute) +
                     low_precision_kept_change(m, b, par, par.recompute, par.selective_modules());
  const double full_layer =
      activation_bytes_per_layer(m, b, par.tp, par.cp, par.sequence_parallel, Recompute::none, par.flash_attention) +
      eager_saved(Recompute::none) + routed(Recompute::none) + low_precision_kept_change(m, b, par, Recompute::none, 0);
  const double input = per_layer;  // read only under full recomputation
  const double chunk = l / static_cast<double>(par.chunks_per_stage());
  st.full_share = par.full_recompute_share(chunk);
  double rebuilt = 1;  // layers rebuilt together in backward: a uniform group's, else one
  if (par.recompute == Recompute::full && par.recompute_block) {
    // Block: the chunk's first layers keep their input, the rest everything.
    per_layer = st.full_share * input + (1.0 - st.full_share) * full_layer;
  } else if (par.recompute == Recompute::full && par.recompute_num_layers > 1 && chunk > 0) {
    // Uniform groups keep one input per group: ⌈chunk / n⌉ of them over the chunk's layers.
    const double n = static_cast<double>(par.recompute_num_layers);
    rebuilt = std::min(n, chunk);
    per_layer = input * std::ceil(chunk / n) / chunk;
  }
  // The last stage holds one micro-batch's head: final-norm input, head input, and the
  // logits-sized tensors its loss keeps alive (vocabulary-parallel: V/t logits per token).
  double head_bytes = 0;
  const double logits = b * s_local * static_cast<double>(m.vocab) / t;
  if (last) {
    head_bytes = 2 * 2.0 * b * s_local * h / outside_split + loss_bytes_per_logit(par) * logits;
    st.head_produced = 2 * 2.0 * b * s_local * h / outside_split + 4.0 * logits;
  }
  // A model that returns its keys and values (Hugging Face's use_cache) leaves them with the loop's
  // output: the previous step's are still held while this forward runs, and this step's are a copy
  // of their own unless the attention already keeps the same tensors for backward (multi-head
  // attention without recomputation; grouped queries save the expanded ones).
  if (par.returns_kv_cache) {
    const bool aliased = par.recompute == Recompute::none && m.kv_heads == m.heads;
    const double kv = l * b * s_local * 2.0 * static_cast<double>(m.kv_width()) / t * kWeightBytes;
    head_bytes += (aliased ? 1.0 : 2.0) * kv;
  }
  st.activation_per_layer = per_layer;
  st.head_activations = head_bytes;
  st.userbuffers = userbuffer_bytes(par, b * s_local, h);
  st.workspaces = gemm_workspaces(par, in.hardware, in.model.moe()).total();
  // Recomputation rebuilds one layer's activations at a time during backward (a uniform group's
  // together): that set (full recompute) or what selective discards is a working set on top.
  if (par.recompute == Recompute::full) st.working_set = rebuilt * full_layer - input;
  if (par.recompute == Recompute::selective || par.recompute == Recompute::op_selective)
    st.working_set = full_layer - per_layer;  // selective: the scores of one layer (0 with FlashAttention)
  apply_schedule(in, index, st);
  layer_compute(in, st, last);
  return st;
}

bool schedule_blocks(Schedule schedule, std::int64_t p, std::int64_t m, std::int64_t v,
                     std::vector<std::vector<ScheduleBlock>>& stages, double& makespan) {
  if (schedule != Schedule::interleaved) v = 1;
  stages.assign(static_cast<std::size_t>(p), {});
  // Execution order per stage.
  for (std::int64_t st = 0; st < p; ++st) {
    auto& ops = stages[static_cast<std::size_t>(st)];
    ops.reserve(static_cast<std::size_t>(2 * m * v));
    const auto fwd = [&](std::int64_t mb, std::int64_t c) { ops.push_back({true, mb, c, 0, 1}); };
    const auto bwd = [&](std::int64_t mb, std::int64_t c) { ops.push_back({false, mb, c, 0, 2}); };
    if (schedule == Schedule::gpipe) {
      for (std::int64_t j = 0; j < m; ++j) fwd(j, 0);
      for (std::int64_t j = 0; j < m; ++j) bwd(j, 0);
    } else if (v > 1) {
      // Megatron: the k-th forward is chunk (k / p) mod v of micro-batch (k / pv)·p + k mod p;
      // backward visits the chunks in reverse. Warm-up: 2(p − i − 1) + (v − 1)p forwards.
      const std::int64_t total = m * v;
      const auto mb_of = [&](std::int64_t k) { return (k / (p * v)) * p + k % p; };
      const auto f = [&](std::int64_t k) { fwd(mb_of(k), (k / p) % v); };
      const auto b = [&](std::int64_t k) { bwd(mb_of(k), v - 1 - (k / p) % v); };
      const std::int64_t warm = std::min((p - st - 1) * 2 + (v - 1) * p, total);
      for (std::int64_t k = 0; k < warm; ++k) f(k);
      for (std::int64_t k = 0; k < total - warm; ++k) f(warm + k), b(k);
      for (std::int64_t k = total - warm; k < total; ++k) b(k);
    } else {
      const std::int64_t warm = std::min(p - st - 1, m);
      for (std::int64_t j = 0; j < warm; ++j) fwd(j, 0);
      for (std::int64_t j = 0; j < m - warm; ++j) fwd(warm + j, 0), bwd(j, 0);
      for (std::int64_t j = m - warm; j < m; ++j) bwd(j, 0);
    }
  }
  // Placement: a forward needs the previous stage's forward of the same chunk (or, on stage 0,
  // the last stage's forward of the previous chunk); a backward needs the next stage's backward
  // (or the first stage's of the next chunk, or, on the last chunk, its own forward).
  const auto slot_of = [&](bool f, std::int64_t st, std::int64_t mb, std::int64_t c) {
    return static_cast<std::size_t>((((f ? 1 : 0) * p + st) * m + mb) * v + c);
  };
  std::vector<double> done(static_cast<std::size_t>(2 * p * m * v), -1.0);
  std::vector<std::size_t> next(static_cast<std::size_t>(p), 0);
  std::vector<double> free_at(static_cast<std::size_t>(p), 0.0);
  std::int64_t remaining = 2 * p * m * v;
  while (remaining > 0) {
    bool progressed = false;
    for (std::int64_t st = 0; st < p; ++st) {
      auto& ops = stages[static_cast<std::size_t>(st)];
      auto& n = next[static_cast<std::size_t>(st)];
      while (n < ops.size()) {
        ScheduleBlock& op = ops[n];
        double dep = 0;
        if (op.forward) {
          if (st > 0)
            dep = done[slot_of(true, st - 1, op.microbatch, op.chunk)];
          else if (op.chunk > 0)
            dep = done[slot_of(true, p - 1, op.microbatch, op.chunk - 1)];
        } else if (st < p - 1) {
          dep = done[slot_of(false, st + 1, op.microbatch, op.chunk)];
        } else if (op.chunk < v - 1) {
          dep = done[slot_of(false, 0, op.microbatch, op.chunk + 1)];
        } else {
          dep = done[slot_of(true, st, op.microbatch, op.chunk)];
        }
        if (dep < 0) break;
        op.start = std::max(free_at[static_cast<std::size_t>(st)], dep);
        free_at[static_cast<std::size_t>(st)] = op.start + op.duration;
        done[slot_of(op.forward, st, op.microbatch, op.chunk)] = op.start + op.duration;
        ++n;
        --remaining;
        progressed = true;
      }
    }
    if (!progressed) return false;
  }
  makespan = *std::max_element(free_at.begin(), free_at.end());
  return true;
}

}  // namespace atlas
