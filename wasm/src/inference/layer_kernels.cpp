// The kernels of one pass over a stage's layers as a runtime runs them: each GEMM at the larger of
// its weight reads and its arithmetic plus a small kernel's fixed time, the routed experts as the
// runtime's fused-MoE block, the small kernels between them, and the launches a runtime that
// prefills eagerly issues one by one. inference_time.cpp adds attention and collectives to these.
#include <algorithm>
#include <cmath>

#include "atlas/inference/layer_kernels.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

namespace {

// Forward GEMM seconds of one layer of `m`'s kind (every layer alike) for `tokens` rows: as the
// kernels run (`as_run`), or their arithmetic alone (what decides whether a step is compute-bound).
// `experts`, where given, receives the routed experts' share of it.
double kind_gemms(const InferenceInput& in, const ModelShape& m, double tokens, bool as_run,
                  double* experts = nullptr) {
  const Parallel& p = in.parallel;
  const Hardware& hw = in.hardware;
  const double t = static_cast<double>(p.tp), h = static_cast<double>(m.hidden), hd = m.head_dim();
  const double heads = static_cast<double>(m.heads) / t, kv = kv_heads_per_rank(m, p.tp);
  // Kernels run one after another: each GEMM costs the larger of its own weight reads and its own
  // arithmetic (a step's GEMMs are not one kernel whose bytes and FLOPs hide each other), plus a
  // small kernel's fixed time, however many bytes it streams. Fused-MoE microbenchmarks show the
  // fixed part adds: their time is an intercept plus the touched experts' bytes over bandwidth
  // (serving_runtime.hpp, kSmallKernelTime). Each GEMM reads and multiplies in its weights' own
  // format: the routed experts' may differ from the rest's (serving.expert_weights).
  const double kernel = kernel_time_floor(in);
  // A GEMM streams its input rows (in the format its arithmetic takes) and writes its bf16 output
  // beside its weights: at a few rows the weights dominate, but a routed expert's rows under a
  // large batch move as many bytes as its weights do.
  const double act_bw = hw.memory_bandwidth * kv_bandwidth_fraction(in.serving);
  const auto gemm_in = [&](WeightFormat format) {
    const Precision precision = serving_gemm_precision(in, format);
    const GemmRate rate = block_gemm_rate(hw, precision);
    const double q = weight_bytes(format, in.serving.group_size);
    const double weight_bw = hw.memory_bandwidth * format_bandwidth_fraction(in.serving, format);
    const double input = low_precision_bytes(precision, false);
    // `measured_rate`, where given, is the kernel's own arithmetic rate in place of the shape model;
    // `inputs`, where given, the distinct input rows (each token's row, read once for all its experts).
    return [&, rate, q, weight_bw, input](double rows, double n, double k, double batch, double measured_rate = 0.0,
                                          double inputs = -1.0) {
      const double peak = rate.peak, fit = rate.fit, half = rate.reduction_half;
      // A few rows give a few output tiles: cuBLAS then splits the reduction (split-K) so every
      // multiprocessor has work. Take the best of 1…16 splits that keep ≥ 256 of k per split;
      // adding up the partial sums is not counted.
      double best = measured_rate > 0 ? 2.0 * rows * n * k * batch / measured_rate
                                      : linear_time({rows, n, k}, peak, fit, hw.sms, batch, half).forward;
      for (double split = 2; measured_rate <= 0 && split <= 16 && k / split >= 256; split *= 2)
        best = std::min(best, linear_time({rows, n, k / split}, peak, fit, hw.sms, batch * split, half).forward);
      const double read = inputs >= 0 ? inputs : rows * batch;
      const double streamed = n * k * batch * q / weight_bw + (read * k * input + rows * batch * n * 2.0) / act_bw;
      return as_run ? std::max(best, streamed) + kernel : best;
    };
  };
  const auto gemm = gemm_in(in.serving.weights);
  const auto expert_gemm = gemm_in(in.serving.expert_weights);
  double s = 0;
  if (m.mla.on()) {
    // Latent attention: the down projections whole on every rank, the up projections by heads.
    const LatentAttention& a = m.mla;
    const double q_in = a.q_rank > 0 ? static_cast<double>(a.q_rank) : h;
    if (a.q_rank > 0) s += gemm(tokens, static_cast<double>(a.q_rank), h, 1);
    s += gemm(tokens, m.q_width() / t, q_in, 1) + gemm(tokens, static_cast<double>(a.kv_rank + a.qk_rope), h, 1);
    s += gemm(tokens, heads * static_cast<double>(a.qk_nope + a.v_head), static_cast<double>(a.kv_rank), 1);
    s += gemm(tokens, h, m.out_width() / t, 1);
  } else {
    s = gemm(tokens, (heads + 2.0 * kv) * hd, h, 1) + gemm(tokens, h, heads * hd, 1);
  }
  const double f = static_cast<double>(m.mlp_width()) / t, up = m.swiglu ? 2.0 : 1.0;
  if (!m.moe()) return s + gemm(tokens, up * f, h, 1) + gemm(tokens, h, f, 1);
  if (m.shared_experts > 0) {  // every token through the shared experts, split over tp
    const double fs = static_cast<double>(m.shared_experts * m.shared_expert_ffn) / t;
    s += gemm(tokens, up * fs, h, 1) + gemm(tokens, h, fs, 1);
  }
  // The router: every token's scores over all experts, on every tensor rank.
  s += gemm(tokens, static_cast<double>(m.experts), h, 1);
  const RoutedRows routed_rows = rows_per_expert(in, m, tokens);
  const double arriving = routed_rows.arriving, touched = routed_rows.touched, rows = routed_rows.per_expert;
  // Under a fused-MoE runtime on Hopper, W8A8 experts' arithmetic runs at the block's measured
  // rate rather than a dense FP8 GEMM's (serving_runtime.hpp, kFusedMoeFp8Peak).
  const double fused_rate = as_run && fused_moe_fp8_on_hopper(in) ? hw.flops_fp8 * kFusedMoeFp8Peak : 0.0;
  double routed =
      expert_gemm(rows, up * f, h, touched, fused_rate, arriving) + expert_gemm(rows, h, f, touched, fused_rate);
  // A fused-MoE block: its measured fixed time in place of its two GEMMs' (its sort, activation
  // and sum are in it too, so kernel_floor leaves them out), and an overhead per touched expert.
  if (as_run && kernel > 0 && runs_fused_moe(in.serving.runtime))
    routed += kFusedMoeFixed - 2.0 * kernel + touched * kFusedMoePerExpert;
  if (experts) *experts = routed;
  return s + routed;
}

// The runtime's small kernels of one pass over the stage's layers (norms, rotary, KV writes,
// activations; the embedding, final norm and sampling on the stages that hold them): each takes
// at least one small kernel's time however few bytes it touches. An expert layer adds its routing kernels (the router's
// top-k, sorting tokens by expert, summing each token's experts; under a fused-MoE runtime the top-k takes the
// activation's place, which the block's fixed time holds with the sort and the sum), QK-norm a norm each for queries
// and keys, latent attention a norm each for the query and key-value latents (as vLLM's and SGLang's model files run
// them).
double small_kernels_in_layer(const InferenceInput& in, const ModelShape& v) {
  const double routing = v.moe() && !runs_fused_moe(in.serving.runtime) ? 3.0 : 0.0;
  return runtime_model(in.serving).small_kernels_per_layer + routing + (v.qk_norm ? 2.0 : 0.0) +
         (v.mla.on() ? 2.0 : 0.0);
}

}  // namespace

// Share of a device's experts that `tokens` tokens touch, each routed to top_k of E experts at
// random: 1 − (1 − k/E)^(tokens of the whole expert group). On the busiest expert rank each of its
// experts is picked routing_imbalance times as often.
double experts_touched(const InferenceInput& in, double tokens) {
  const ModelShape& m = in.model;
  if (!m.moe()) return 1.0;
  const double k = static_cast<double>(m.top_k), e = static_cast<double>(m.experts);
  const double pick = std::min(1.0, k / e * in.parallel.routing_imbalance);
  return 1.0 - std::pow(1.0 - pick, tokens * static_cast<double>(in.parallel.ep));
}

RoutedRows rows_per_expert(const InferenceInput& in, const ModelShape& m, double tokens) {
  // The device's experts see tokens·top_k rows in all (the busiest expert rank routing_imbalance
  // times that), shared by the experts they touch.
  const double local = static_cast<double>(m.experts) / static_cast<double>(in.parallel.ep);
  const double touched = std::max(1.0, local * experts_touched(in, tokens));
  const double arriving = tokens * in.parallel.routing_imbalance;
  return {local, arriving, touched, arriving * static_cast<double>(m.top_k) / touched};
}

// The least time any kernel of the runtime takes; 0 for `ideal`, the engine's earlier model,
// which counts no kernels beside its GEMMs, attention and collectives.
double kernel_time_floor(const InferenceInput& in) {
  return runtime_model(in.serving).small_kernels_per_layer > 0 ? kSmallKernelTime : 0.0;
}

// The model's mean layer's GEMM arithmetic: dense and expert layers weighted by their counts.
double layer_arithmetic(const InferenceInput& in, double tokens) {
  return mean_over_layers(in.model, [&](const ModelShape& v) { return kind_gemms(in, v, tokens, false); });
}

LayerGemms layer_gemms_as_run(const InferenceInput& in, double tokens) {
  const ModelShape& m = in.model;
  LayerGemms g;
  if (m.uniform()) {
    g.all = kind_gemms(in, m, tokens, true, &g.experts);
    if (!m.moe()) g.experts = 0;
    return g;
  }
  const LayerKinds k = layer_kinds(m);
  for (int i = 0; i < k.size; ++i) {
    double experts = 0;
    g.all += k.kinds[i].count * kind_gemms(in, k.kinds[i].shape, tokens, true, &experts);
    if (k.kinds[i].shape.moe()) g.experts += k.kinds[i].count * experts;
  }
  const double layers = static_cast<double>(m.layers);
  g.all /= layers, g.experts /= layers;
  return g;
}

// Weight bytes a pass over `tokens` tokens reads on the device: all it holds but the rows of the
// embedding table it does not look up and the experts no token was routed to.
double weights_read(const InferenceInput& in, const StageWeights& w, double tokens) {
  return w.total() - w.lookup - (w.expert - expert_weights_read(in, w, tokens));
}

double expert_weights_read(const InferenceInput& in, const StageWeights& w, double tokens) {
  return w.expert * experts_touched(in, tokens);
}

double stage_kernel_floor(const InferenceInput& in, std::int64_t index, double layers, double tokens) {
  const RuntimeModel& r = runtime_model(in.serving);
  if (r.small_kernels_per_layer <= 0) return 0;
  const double per_layer =
      mean_over_layers(in.model, [&](const ModelShape& v) { return small_kernels_in_layer(in, v); });
  const double ends = (index == 0 ? 0.5 : 0.0) + (index == in.parallel.pp - 1 ? 0.5 : 0.0);
  const double bw = in.hardware.memory_bandwidth * kv_bandwidth_fraction(in.serving);
  const double bytes = mean_over_layers(in.model, [&](const ModelShape& v) { return small_kernel_bytes(in, v); });
  return (layers * per_layer + ends * r.small_kernels_per_pass) * kSmallKernelTime + layers * tokens * bytes / bw;
}

double small_kernel_bytes(const InferenceInput& in, const ModelShape& v) {
  const std::int64_t tp = in.parallel.tp;
  const double t = static_cast<double>(tp), h = static_cast<double>(v.hidden);
  // Two residual-add norms, each reading the input and the residual and writing both.
  double bytes = 2.0 * 4.0 * 2.0 * h;
  // Rotary in place on the queries and keys (latent attention: their rotary parts only), then the
  // new keys and values read once more and written to the cache in its format.
  const double rotary = v.mla.on()
                            ? static_cast<double>(v.heads) / t * static_cast<double>(v.mla.qk_rope) + v.mla.qk_rope
                            : v.q_width() / t + kv_heads_per_rank(v, tp) * v.head_dim();
  const double cached = kv_elements_per_layer(v, tp);
  bytes += 2.0 * 2.0 * rotary + cached * (2.0 + kv_bytes(in.serving.kv));
  // The MLP's activation: SwiGLU reads the gate and up halves and writes their product, GeLU
  // reads and writes one width; an expert layer runs it on each of a token's top_k rows (and its
  // shared experts'), then sums the top_k outputs back into one row.
  const auto activation = [&](double width) { return (v.swiglu ? 6.0 : 4.0) * width / t; };
  if (!v.moe()) return bytes + activation(static_cast<double>(v.ffn));
  const double k = static_cast<double>(v.top_k), busiest = in.parallel.routing_imbalance;
  bytes += busiest * k * activation(static_cast<double>(v.expert_ffn)) + (busiest * k + 1.0) * 2.0 * h;
  if (v.shared_experts > 0) bytes += activation(static_cast<double>(v.shared_experts * v.shared_expert_ffn));
  return bytes;
}

// Hopper: FP8 tensor cores without Blackwell's per-block scales in hardware.
bool fused_moe_fp8_on_hopper(const InferenceInput& in) {
  const Precision p = serving_gemm_precision(in, in.serving.expert_weights);
  const Hardware& hw = in.hardware;
  return runs_fused_moe(in.serving.runtime) && p != Precision::bf16 && p != Precision::nvfp4 && hw.flops_fp8 > 0 &&
         !hw.microscaling;
}

// FP8 weights run parallel.precision's FP8 recipe (W8A8; bf16 asks for weight-only), NVFP4
// weights FP4 arithmetic when parallel.precision is nvfp4 (ModelOpt's W4A4), MXFP4 weights FP8
// arithmetic when it is mxfp8 (Blackwell's MXFP4 × MXFP8 MoE kernels); every other format is
// widened to bf16 inside its kernel (weight-only).
Precision serving_gemm_precision(const InferenceInput& in, WeightFormat f) {
  return gemm_precision(in.parallel.precision, f);
}

Precision gemm_precision(Precision p, WeightFormat f) {
  switch (f) {
    case WeightFormat::fp8:
      return p == Precision::nvfp4 ? Precision::bf16 : p;
    case WeightFormat::nvfp4:
      return p == Precision::nvfp4 ? p : Precision::bf16;
    case WeightFormat::mxfp4:
      return p == Precision::mxfp8 ? p : Precision::bf16;
    case WeightFormat::bf16:
    case WeightFormat::int8:
    case WeightFormat::int4:
      break;
  }
  return Precision::bf16;
}

double eager_launches(const InferenceInput& in, std::int64_t index) {
  const RuntimeModel& r = runtime_model(in.serving);
  // Under low-precision arithmetic each GEMM's input is quantized first.
  const bool low = serving_gemm_precision(in, in.serving.weights) != Precision::bf16;
  const bool low_experts = serving_gemm_precision(in, in.serving.expert_weights) != Precision::bf16;
  const double per_layer = mean_over_layers(in.model, [&](const ModelShape& v) {
    // GEMMs: q, k, v fused and the output (latent attention: the fused down projections, the
    // query and key-value up projections, the output); the MLP's two, or an expert layer's router,
    // its shared expert's two and, fused, the block's top-k, alignment, two grouped GEMMs,
    // activation and sum (else each expert's two).
    const double attention = v.mla.on() ? 4.0 : 2.0;
    const double shared = v.shared_experts > 0 ? 2.0 : 0.0;
    const double experts = runs_fused_moe(in.serving.runtime) ? 6.0 : 2.0 * static_cast<double>(v.top_k);
    const double mlp = v.moe() ? 1.0 + shared + experts : 2.0;
    // The fused block quantizes twice.
    const double quantized = (low ? attention + (v.moe() ? shared : 2.0) : 0.0) + (low_experts && v.moe() ? 2.0 : 0.0);
    const double collectives = in.parallel.tp > 1 ? 2.0 : 0.0;
    return attention + mlp + small_kernels_in_layer(in, v) + 1.0 + collectives + quantized;
  });
  const std::int64_t layers = stage_layers(in.model.layers, in.parallel.pp, index);
  const double ends = (index == 0 ? 1.0 : 0.0) + (index == in.parallel.pp - 1 ? 2.0 + r.small_kernels_per_pass : 0.0);
  return static_cast<double>(layers) * per_layer + ends;
}

double eager_host_time(const InferenceInput& in, std::int64_t index) {
  return prefills_eagerly(in.serving.runtime) ? eager_launches(in, index) * kEagerLaunchTime : 0.0;
}

}  // namespace atlas
