// What a serving device holds: its share of the weights in the serving format, the paged KV
// cache of the sequences it decodes, one prompt's prefill working set and the runtime's reserve.
#include <algorithm>
#include <cmath>
#include <string>

#include "atlas/inference/inference.hpp"
#include "atlas/training/pipeline.hpp"

namespace atlas {

const char* weight_format_name(WeightFormat f) {
  static const char* const kNames[] = {"bf16", "fp8", "int8", "int4", "mxfp4", "nvfp4"};
  return kNames[static_cast<int>(f)];
}

std::optional<WeightFormat> weight_format_from_name(const std::string& name) {
  for (int i = 0; i <= static_cast<int>(WeightFormat::nvfp4); ++i)
    if (name == weight_format_name(static_cast<WeightFormat>(i))) return static_cast<WeightFormat>(i);
  return std::nullopt;
}

double weight_bytes(WeightFormat f, std::int64_t group) {
  switch (f) {
    case WeightFormat::bf16:
      return 2.0;
    case WeightFormat::fp8:
      return 1.0;  // per-tensor or per-channel scales: under 0.1 %, not counted
    case WeightFormat::int8:
      return group > 0 ? 1.0 + kInt8GroupBytes / static_cast<double>(group) : 1.0;
    case WeightFormat::int4:
      return 0.5 + kInt4GroupBytes / (group > 0 ? static_cast<double>(group) : kInt4Group);
    case WeightFormat::mxfp4:
      return 0.5 + 1.0 / kMxfp4Block;
    case WeightFormat::nvfp4:
      return 0.5 + 1.0 / kNvfp4Block;
  }
  return 2.0;
}

double decode_bandwidth_fraction(const Hardware& hw) {
  return (hw.efficiency.hbm > 0 ? hw.efficiency.hbm : kStreamFractionDefault) * kDecodeOfStream;
}

double kv_bandwidth_fraction(const Serving& s) { return std::min(1.0, s.bandwidth_fraction / kDecodeOfStream); }

double format_bandwidth_fraction(const Serving& s, WeightFormat f) {
  const double ratio = f == WeightFormat::int8   ? kInt8BandwidthRatio
                       : f == WeightFormat::int4 ? kInt4BandwidthRatio
                       : fp4_format(f)           ? kFp4BandwidthRatio
                       : f == WeightFormat::fp8  ? s.fp8_weight_ratio
                                                 : 1.0;
  return s.bandwidth_fraction * ratio;
}

double format_bandwidth_fraction(const Serving& s) { return format_bandwidth_fraction(s, s.weights); }

namespace {

// What the runtime keeps out of the KV pool on a device holding `fixed` bytes of weights and
// working set: vLLM and SGLang give the pool a share of the whole memory, TensorRT-LLM and
// LMDeploy a share of what is free after the weights and activations. Each share is of what
// CUDA reports (a little under the card), and memory outside PyTorch comes off the pool too.
double runtime_reserve(const InferenceInput& in, double fixed) {
  const RuntimeModel& r = runtime_model(in.serving);
  const double share = in.parallel.tp > 1 ? r.pool_fraction_tp : r.pool_fraction;
  const double capacity = in.hardware.memory;
  const double outside = outside_torch(in.parallel.tp) * kGiB, visible = kCudaVisible * capacity;
  switch (r.pool) {
    case KvPool::share_of_card:
      return (1.0 - share) * capacity;
    case KvPool::share_of_free:
      return capacity - fixed - share * std::max(0.0, visible - fixed - outside);
    case KvPool::share_of_total:
    case KvPool::share_after_profile:
      break;
  }
  return capacity - share * visible + outside;
}

}  // namespace

double outside_torch(std::int64_t tp) { return tp > 1 ? kOutsideTorchTp : kOutsideTorch; }

double startup_profile_peak(const InferenceInput& in, bool last_stage) {
  const ModelShape& m = in.model;
  const SchedulerLimits lim = scheduler_limits(in.serving, in.hardware);
  const double tokens = static_cast<double>(lim.step_tokens), t = static_cast<double>(in.parallel.tp);
  // The sampler's dummy run: logits, probabilities and sort buffers of max_num_seqs requests over
  // the whole vocabulary in fp32, on the last stage only.
  const double sampler =
      last_stage ? kVllmSamplerCopies * static_cast<double>(lim.running) * static_cast<double>(m.vocab) * 4.0 : 0.0;
  // The dense MLP of the profile's token budget (gate and up, then the activation), if larger.
  const double mlp = tokens * 3.0 * static_cast<double>(m.ffn) / t * 2.0;
  // Fused-MoE keeps its intermediate caches: budget × top-k × (max(2·expert width ÷ tp, hidden)
  // + expert width ÷ tp) in bf16 (fused_moe.py's cache13 and cache2).
  double moe = 0;
  if (m.moe()) {
    const double n = 2.0 * static_cast<double>(m.expert_ffn) / t, h = static_cast<double>(m.hidden);
    moe = tokens * static_cast<double>(m.top_k) * (std::max(n, h) + n / 2.0) * 2.0;
  }
  return kVllmProfileBase * kGiB + std::max(sampler, mlp) + moe;
}

double kv_heads_per_rank(const ModelShape& m, std::int64_t tp) {
  // Past one head per rank the heads cannot split further: every rank keeps a copy of one.
  return tp >= m.kv_heads ? 1.0 : static_cast<double>(m.kv_heads) / static_cast<double>(tp);
}

double kv_elements_per_layer(const ModelShape& m, std::int64_t tp) {
  // Latent attention caches one latent and one rotary key per token, shared by all heads: with no
  // heads to split, every tp rank keeps it whole (what vLLM's and SGLang's MLA backends do).
  if (m.mla.on()) return static_cast<double>(m.mla.kv_rank + m.mla.qk_rope);
  return 2.0 * kv_heads_per_rank(m, tp) * m.head_dim();
}

double kv_sequence_elements(const ModelShape& m, std::int64_t tp, std::int64_t first, std::int64_t count, double tokens,
                            double block) {
  // A sliding layer keeps the last `window` tokens, in whole blocks (a window that does not start
  // on a block boundary touches one block more for a while; not counted).
  const double window = m.window > 0 ? std::ceil(static_cast<double>(m.window) / block) * block : tokens;
  double cached = 0;
  for (std::int64_t i = first; i < first + count && i < m.layers; ++i)
    cached += m.sliding_layer(i) ? std::min(tokens, window) : tokens;
  return cached * kv_elements_per_layer(m, tp);
}

StageWeights stage_weights(const InferenceInput& in, std::int64_t index) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const LayerParameters lp = layer_parameters(m);
  const EmbeddingParameters ep = embedding_parameters(m);
  const double t = static_cast<double>(p.tp), e = static_cast<double>(p.ep);
  const Serving& s = in.serving;
  const double q = weight_bytes(s.weights, s.group_size), qe = weight_bytes(s.expert_weights, s.group_size);
  // layer_parameters() folds biases into its sums; the linear weights are what quantization
  // touches: the dense (or shared-expert) MLP's and the routed experts', per mean layer.
  const double mats = (m.swiglu ? 3.0 : 2.0) * static_cast<double>(m.hidden);
  const double dense_mlp = mean_over_layers(m, [&](const ModelShape& v) {
    return v.moe() ? mats * static_cast<double>(v.shared_experts * v.shared_expert_ffn)
                   : mats * static_cast<double>(v.ffn);
  });
  const double expert_weights = mean_over_layers(
      m, [&](const ModelShape& v) { return v.moe() ? mats * static_cast<double>(v.experts * v.expert_ffn) : 0.0; });
  const double linear = lp.attention_linear + dense_mlp;
  StageWeights w;
  w.layers = stage_layers(m.layers, p.pp, index);
  const double L = static_cast<double>(w.layers);
  w.expert = L * expert_weights / (t * e) * qe;
  w.quantized = L * linear / t * q + w.expert;
  w.bf16 = 2.0 * L * ((lp.sharded - linear) / t + lp.replicated + (lp.expert - expert_weights) / (t * e));
  const bool first = index == 0, last = index == p.pp - 1;
  if (first) {
    w.lookup = 2.0 * (ep.word / t + ep.position);  // vocabulary-parallel table, positions on every rank
    w.bf16 += w.lookup;
  }
  if (last) {
    const double head =
        m.tied_embeddings ? (first ? 0.0 : ep.word) : ep.head;  // a tied head on its own stage is a copy
    w.bf16 += 2.0 * (ep.final_norm + head / t);
  }
  return w;
}

std::vector<Issue> inference_split_errors(const InferenceInput& in, bool dp_derived) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const auto n = [](std::int64_t v) { return std::to_string(v); };
  std::vector<Issue> out;
  if (m.heads % p.tp != 0)
    out.push_back({"tp_heads", "tp = " + n(p.tp) + " does not divide " + n(m.heads) + " query heads.", "/parallel/tp"});
  if (m.kv_heads % p.tp != 0 && p.tp % m.kv_heads != 0)
    out.push_back({"tp_kv_heads",
                   "tp = " + n(p.tp) + " neither divides the " + n(m.kv_heads) +
                       " key/value heads nor is a multiple of them (then each rank would keep a copy "
                       "of one).",
                   "/parallel/tp"});
  if (m.mlp_width() % p.tp != 0)
    out.push_back(
        {"tp_ffn", "tp = " + n(p.tp) + " does not divide the MLP width " + n(m.mlp_width()) + ".", "/parallel/tp"});
  if (p.pp > m.layers)
    out.push_back({"pp_layers", "pp = " + n(p.pp) + " stages for " + n(m.layers) + " layers.", "/parallel/pp"});
  if (p.ep > 1 && !m.moe())
    out.push_back({"ep_dense", "ep = " + n(p.ep) + " needs a mixture-of-experts model; this one has a dense MLP.",
                   "/parallel/ep"});
  else if (m.moe() && m.experts % p.ep != 0)
    out.push_back({"ep_experts", "ep = " + n(p.ep) + " does not divide " + n(m.experts) + " experts.", "/parallel/ep"});
  if (p.dp % p.ep != 0)
    out.push_back({"ep_dp",
                   "ep = " + n(p.ep) + " does not divide the " + n(p.dp) + " replicas it spreads experts over.",
                   "/parallel/ep"});
  if (p.cp != 1)
    out.push_back({"cp_serving", "Context parallelism is not modelled for serving; set cp = 1.", "/parallel/cp"});
  const double product = static_cast<double>(p.dp) * static_cast<double>(p.tp) * static_cast<double>(p.pp);
  if (product != static_cast<double>(in.hardware.gpus)) {
    if (dp_derived)
      out.push_back({"gpus_not_divisible",
                     n(in.hardware.gpus) + " GPUs are not divisible by tp × pp = " + n(p.tp * p.pp) +
                         ", so there is no whole number of replicas.",
                     "/hardware/gpus"});
    else
      out.push_back({"gpus_mismatch",
                     "dp × tp × pp = " + n(p.dp) + " × " + n(p.tp) + " × " + n(p.pp) + ", not the " +
                         n(in.hardware.gpus) + " GPUs of the cluster.",
                     "/parallel/dp"});
  }
  if (in.serving.disaggregated && (p.dp < 2 || p.dp % 2 != 0))
    out.push_back({"disaggregated_replicas",
                   "Separate prefill and decode GPUs need an even number of replicas "
                   "(half prefill, half decode); dp = " +
                       n(p.dp) + ".",
                   "/serving/disaggregated"});
  return out;
}

StageMemory stage_memory(const InferenceInput& in, std::int64_t index, const InferenceMemory& shared) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const StageWeights w = stage_weights(in, index);
  StageMemory st;
  st.index = index;
  st.layers = w.layers;
  st.first_layer = index * (m.layers / p.pp) + std::min(index, m.layers % p.pp);  // extra layers go first
  st.weights = w.total();
  // Per token while a sequence is shorter than the window; sliding layers stop growing past it.
  st.kv_per_token = static_cast<double>(w.layers) * kv_elements_per_layer(m, p.tp) * kv_bytes(in.serving.kv);
  const double block = in.serving.block > 0 ? static_cast<double>(in.serving.block) : shared.tokens_per_sequence;
  st.kv_per_sequence = kv_sequence_elements(m, p.tp, st.first_layer, w.layers, shared.tokens_per_sequence, block) *
                       kv_bytes(in.serving.kv);
  st.kv_cache = shared.sequences_per_device * st.kv_per_sequence;
  st.activations = sizes_after_profile(in.serving.runtime) ? startup_profile_peak(in, index == in.parallel.pp - 1)
                                                           : shared.activations;
  st.reserve = runtime_reserve(in, st.weights + st.activations);
  const double fixed = st.weights + st.activations + st.reserve;
  st.total = fixed + st.kv_cache;
  const double capacity = in.hardware.memory;
  st.max_sequences = capacity > fixed ? std::floor((capacity - fixed) / st.kv_per_sequence) : 0.0;
  return st;
}

InferenceMemory inference_memory(const InferenceInput& in) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const Serving& s = in.serving;
  const double t = static_cast<double>(p.tp);
  const double hd = m.head_dim(), h = static_cast<double>(m.hidden);
  const double kvr = kv_heads_per_rank(m, p.tp);
  InferenceMemory out;
  out.kv_per_token =
      static_cast<double>(m.layers) * kv_elements_per_layer(m, p.tp) * (m.mla.on() ? 1.0 : t) * kv_bytes(s.kv);
  const double held = static_cast<double>(s.prompt + s.output);
  const double block = s.block > 0 ? static_cast<double>(s.block) : held;  // 0: a static slot per sequence
  out.tokens_per_sequence = std::ceil(held / block) * block;
  const double replicas = static_cast<double>(std::max<std::int64_t>(1, decode_replicas(in)));
  out.sequences_per_device = std::ceil(static_cast<double>(s.concurrency) / replicas);
  // One prompt at a time through a layer: residual and normed input (2h), Q, K and V of this rank,
  // and the MLP's up projections (gate and up), bf16. Logits only for the last position.
  const double heads_r = static_cast<double>(m.heads) / t;
  const double mlp = mean_over_layers(m, [&](const ModelShape& v) {
    return v.moe() ? (static_cast<double>(v.top_k * v.expert_ffn) / static_cast<double>(p.ep) +
                      static_cast<double>(v.shared_experts * v.shared_expert_ffn))
                   : static_cast<double>(v.ffn);
  });
  const double qkv = m.mla.on() ? m.q_width() / t + 2.0 * m.kv_width() / t : (heads_r + 2.0 * kvr) * hd;
  out.activations = 2.0 * static_cast<double>(s.prompt) * (2.0 * h + qkv + (m.swiglu ? 2.0 : 1.0) * mlp / t);
  double fewest = -1;  // sequences the tightest stage has room for
  for (std::int64_t i = 0; i < p.pp; ++i) {
    // Middle stages hold no more than the second one (extra layers go to the first stages).
    if (i > 1 && i < p.pp - 1) continue;
    const StageMemory st = stage_memory(in, i, out);
    if (fewest < 0 || st.max_sequences < fewest) fewest = st.max_sequences;
    if (i == 0 || st.total > out.total) {
      out.weights = st.weights;
      out.activations = st.activations;  // a start-up profile's peak differs by stage (the sampler is last)
      out.reserve = st.reserve;
      out.kv_per_token_device = st.kv_per_token;
      out.kv_per_sequence_device = st.kv_per_sequence;
      out.kv_cache = st.kv_cache;
      out.total = st.total;
    }
  }
  for (std::int64_t i = 0; i < p.pp; ++i)  // every rank of every stage: replicated parts counted per device
    out.weights_per_instance += stage_weights(in, i).total() * t * static_cast<double>(p.ep);
  out.max_concurrency = static_cast<std::int64_t>(std::min(1e12, fewest * replicas));
  out.fits = out.sequences_per_device <= fewest;
  return out;
}

}  // namespace atlas
