// What each serving device holds and what crosses between devices, in the shapes the training
// plan uses for its diagram: `stages` (the layers of each pipeline stage and one device's memory,
// KV cache included) and `communication.prefill` / `communication.decode` (every tensor that
// crosses a device boundary, tagged with the place in the model it crosses at). Bytes are exact;
// each entry carries the formula with this layout's numbers and what it counts.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "atlas/contract/fields.hpp"
#include "atlas/contract/formula.hpp"
#include "atlas/inference/inference.hpp"

namespace atlas {

namespace {

// Whole byte counts are written out in full so a reader can check them; others to 4 digits.
std::string exact(double v) {
  if (std::fabs(v) < 9e15 && v == std::floor(v)) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
    return buffer;
  }
  return g4(v);
}

std::string count_noun(double n, const char* one, const char* many) { return exact(n) + " " + (n == 1 ? one : many); }

json stage_json(const InferenceInput& in, const StageMemory& st, const StageWeights& w) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const double capacity = in.hardware.memory;
  const double kvr = kv_heads_per_rank(m, p.tp);
  const double seqs = st.kv_per_sequence > 0 ? st.kv_cache / st.kv_per_sequence : 0.0;
  const bool first = st.index == 0, last = st.index == p.pp - 1;
  const std::string fmt = weight_format_name(in.serving.weights);
  json memory{{"weights", st.weights},
              {"kv_cache_per_token", st.kv_per_token},
              {"kv_cache_per_sequence", st.kv_per_sequence},
              {"sequences", seqs},
              {"kv_cache", st.kv_cache},
              {"activations", st.activations},
              {"reserve", st.reserve},
              {"total", st.total},
              {"capacity", capacity},
              {"free", std::max(0.0, capacity - st.total)},
              {"max_sequences", st.max_sequences},
              {"fits", st.total <= capacity}};
  const std::string ends =
      std::string(first ? " + embedding rows ÷ tp" : "") + (last ? " + final norm and head ÷ tp" : "");
  const auto count = [](double n, const char* one, const char* many) { return std::string(n == 1 ? one : many); };
  json formulas{
      {"weights", Formula() << qty::number(static_cast<double>(st.layers)) << " layers' linear weights ÷ tp "
                            << qty::number(static_cast<double>(p.tp)) << (m.moe() ? " (experts ÷ tp·ep)" : "") << " in "
                            << fmt << " = " << qty::bytes(w.quantized) << ", + norms and biases in bf16" << ends
                            << " = " << qty::bytes(w.bf16) << "; " << qty::bytes(st.weights)},
      {"kv_cache",
       (m.mla.on() ? Formula() << qty::number(static_cast<double>(st.layers)) << " layers × ("
                               << qty::number(static_cast<double>(m.mla.kv_rank)) << " latent + "
                               << qty::number(static_cast<double>(m.mla.qk_rope)) << " rotary key) × "
                   : Formula("2 (K and V) × ")
                         << qty::number(static_cast<double>(st.layers)) << " layers × " << qty::number(kvr) << " KV "
                         << count(kvr, "head", "heads") << " on this device × " << qty::number(m.head_dim()) << " × ")
           << qty::bytes(kv_bytes(in.serving.kv)) << " = " << qty::bytes(st.kv_per_token) << " per token; × "
           << qty::number(st.kv_per_token > 0 ? st.kv_per_sequence / st.kv_per_token : 0)
           << (m.window > 0 ? " tokens on average over the layers (sliding ones capped at their window)" : " tokens")
           << " (whole blocks of " << qty::number(static_cast<double>(in.serving.block)) << ") × " << qty::number(seqs)
           << " " << count(seqs, "sequence", "sequences") << " = " << qty::bytes(st.kv_cache)},
      {"total", Formula(sizes_after_profile(in.serving.runtime)
                            ? "weights + KV cache + the runtime's start-up profile peak + runtime reserve = "
                            : "weights + KV cache + prefill working set + runtime reserve = ")
                    << qty::bytes(st.weights) << " + " << qty::bytes(st.kv_cache) << " + " << qty::bytes(st.activations)
                    << " + " << qty::bytes(st.reserve) << " = " << qty::bytes(st.total) << " of "
                    << qty::bytes(capacity) << "; room for " << qty::number(st.max_sequences) << " "
                    << count(st.max_sequences, "sequence", "sequences")}};
  return json{{"index", st.index},
              {"first_layer", st.first_layer},
              {"layers", st.layers},
              {"embedding", first},
              {"head", last},
              {"devices", p.tp},
              {"kv_heads_per_device", kvr},
              {"memory", memory},
              {"formulas", formulas}};
}

// How much one step moves, for the formula: the element size and the shape's named dimensions.
Formula per_call_formula(const ServingTransfer& t) {
  double elements = 1;
  for (double d : t.shape) elements *= d;
  Formula out;
  out << qty::bytes(elements > 0 ? t.bytes_per_call / elements : 0);
  for (std::size_t i = 0; i < t.shape.size(); ++i) {
    const std::string dim(t.dims[i]);
    if (t.shape[i] == 1 && dim.empty()) continue;
    out << " × " << qty::number(t.shape[i]) << (dim.empty() ? "" : " (" + dim + ")");
  }
  out << " = " << qty::bytes(t.bytes_per_call) << " per call";
  return out;
}

}  // namespace

json serving_stages_json(const InferenceInput& in, const InferenceFigures& f) {
  json out = json::array();
  for (std::int64_t i = 0; i < in.parallel.pp; ++i)
    out.push_back(stage_json(in, stage_memory(in, i, f.memory), stage_weights(in, i)));
  return out;
}

json serving_communication_json(const InferenceInput& in, const InferenceFigures& f) {
  const Parallel& p = in.parallel;
  // A decode step gives every sequence of a replica one token; a pipeline passes them round in
  // up to pp groups, so each stage runs `groups` passes of up to `per_group` tokens.
  const double seqs = f.memory.sequences_per_device;
  const DecodeGroups g = decode_groups(seqs, p.pp);
  const double groups = g.groups, per_group = g.per_group;
  const double prompt = computed_prompt(in.serving);
  json out{{"prefill", json::array()}, {"decode", json::array()}};
  std::vector<std::int64_t> stages{0};
  if (p.pp > 1) stages.push_back(p.pp - 1);  // the logits live on the last stage
  for (bool prefill : {true, false}) {
    for (std::int64_t s : stages) {
      std::vector<ServingTransfer> list;
      stage_collectives(in, s, prefill ? prompt : per_group, prefill, &list);
      if (prefill && s == 0) kv_handoff(in, &list);
      const std::string device =
          "One device of pipeline stage " + std::to_string(s + 1) + " of " + std::to_string(p.pp) +
          (p.tp > 1 ? " (each of its " + std::to_string(p.tp) + " tensor ranks moves the same)" : "");
      for (const ServingTransfer& t : list) {
        const bool handoff = std::string(t.tensor) == "kv";
        const double passes = prefill ? 1.0 : groups;
        const double tokens = prefill ? prompt : seqs;
        // Every decode transfer grows with the tokens it carries, so the step's exact bytes
        // follow from one call's (the last group may be smaller than the others).
        const double bytes = prefill ? t.bytes_per_call * t.calls : t.bytes_per_call * t.calls * seqs / per_group;
        const double calls = t.calls * passes;
        Formula formula = per_call_formula(t);
        const auto calls_word = t.calls == 1 ? " call" : " calls";
        if (prefill)
          formula << "; × " << qty::number(t.calls) << calls_word << " = " << qty::bytes(bytes) << " per prompt, "
                  << qty::bytes(bytes / tokens) << " per prompt token";
        else
          formula << "; " << qty::number(t.calls) << calls_word << " per pass × " << qty::number(groups)
                  << (groups == 1 ? " pass" : " passes") << " carry all " << qty::number(seqs)
                  << (seqs == 1 ? " sequence" : " sequences") << ": " << qty::bytes(bytes) << " per decode step, "
                  << qty::bytes(bytes / tokens) << " per output token of one user";
        json x{{"id", std::string(t.id) + (s > 0 ? "-last-stage" : "")},
               {"tensor", t.tensor},
               {"name", t.name},
               {"phase", t.phase},
               {"where", t.where},
               {"collective", t.collective},
               {"group", t.group},
               {"group_size", t.group_size},
               {"stage", s},
               {"shape", t.shape},
               {"tokens", tokens},
               {"bytes_per_call", t.bytes_per_call},
               {"calls", calls},
               {"count_per_step", calls},
               {"calls_per_step", calls},
               {"bytes", bytes},
               {"bytes_per_step", bytes},
               {"bytes_per_token", bytes / tokens},
               {"time", t.time * passes},
               {"time_per_step", t.time * passes},
               {"latency_per_step", t.latency * passes},
               // Serving collectives block: nothing overlaps them.
               {"exposed_time_per_step", t.time * passes},
               {"latency_share", t.time > 0 ? t.latency / t.time : 0.0},
               {"algorithm", t.algorithm},
               {"protocol", t.protocol},
               {"link", t.inter_node ? "inter" : "intra"},
               {"formula", formula}};
        x["scope"] = handoff ? "From one device of a prefill replica to the matching device of a decode replica, once "
                               "per prompt (" +
                                   exact(prompt) + " tokens)."
                             : device + (prefill ? ", for one prompt of " + exact(prompt) + " tokens."
                                                 : ", for one decode step: one new token for each of the replica's " +
                                                       count_noun(seqs, "sequence", "sequences") + ".");
        out[prefill ? "prefill" : "decode"].push_back(x);
      }
    }
  }
  return out;
}

}  // namespace atlas
