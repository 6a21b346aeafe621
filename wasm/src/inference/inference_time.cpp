// Time while serving. Prefill runs a whole prompt through the layers (GEMMs with many rows:
// compute-bound); decode runs one token of each sequence (GEMMs with a few rows: bound by the
// weight and KV bytes read from HBM until the batch is large). Every kernel group costs the
// larger of its bytes ÷ bandwidth and its FLOPs ÷ compute, so decode is never below the HBM
// bound. Collectives use NCCL's model: for a decode step's few kilobytes, latency dominates.
#include <algorithm>
#include <cmath>

#include "atlas/inference/inference.hpp"
#include "atlas/inference/layer_kernels.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/kernels.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/precision.hpp"

namespace atlas {

PlanInput training_view(const InferenceInput& in) {
  PlanInput p;
  p.model = in.model;
  p.hardware = in.hardware;
  p.parallel = in.parallel;
  p.parallel.flash_attention = true;  // serving always fuses attention
  return p;
}

namespace {

struct StageCost {
  double time = 0, memory = 0, compute = 0, gemms = 0, experts = 0, weight_bytes = 0, kv_bytes = 0, floor = 0;
};

// One pass of stage `index` over `pass`: its decode tokens each attend over the mean context,
// and its whole prompts each attend to themselves under the causal mask. The two share the
// pass's GEMMs (one read of the weights, rows of both) but not their attention kernels.
StageCost stage_pass(const InferenceInput& in, std::int64_t index, const PassShape& pass) {
  const ModelShape& m = in.model;
  const Hardware& hw = in.hardware;
  const double t = static_cast<double>(in.parallel.tp);
  const StageWeights w = stage_weights(in, index);
  const double L = static_cast<double>(w.layers);
  const double bw = hw.memory_bandwidth * kv_bandwidth_fraction(in.serving);  // KV and bf16 tensors
  const double weight_bw = hw.memory_bandwidth * format_bandwidth_fraction(in.serving);
  const double expert_bw = hw.memory_bandwidth * format_bandwidth_fraction(in.serving, in.serving.expert_weights);
  const double rows = pass.rows();
  StageCost c;
  c.compute = L * layer_arithmetic(in, rows);
  const LayerGemms as_run = layer_gemms_as_run(in, rows);
  c.gemms = L * as_run.all, c.experts = L * as_run.experts;
  if (index == in.parallel.pp - 1) {  // logits of each decode token and of each prompt's last position
    const double v = static_cast<double>(m.vocab) / t, hd = static_cast<double>(m.hidden);
    const double head =
        linear_time({pass.decode + pass.prompts, v, hd}, hw.flops, hw.efficiency.compute, hw.sms).forward;
    c.compute += head;
    const double bf16_bw = hw.memory_bandwidth * in.serving.bandwidth_fraction;  // the head stays bf16
    const double logits = pass.decode + pass.prompts;                            // hidden rows in, bf16 logits out
    c.gemms += std::max(head, (2.0 * v * hd + 2.0 * logits * (hd + v)) / bf16_bw) + kernel_time_floor(in);
  }
  c.weight_bytes = weights_read(in, w, rows);
  const double experts_read = expert_weights_read(in, w, rows);  // at the experts' own format's rate
  c.memory = (c.weight_bytes - experts_read) / weight_bw + experts_read / expert_bw;
  // Attention core: QKᵀ and scores·V, 2 FLOPs per multiply-add; the causal prompt halves it.
  // A sliding layer attends to its window only. Latent attention decodes absorbed (queries
  // against the latent and rotary key: kv_rank + rope, values kv_rank wide) and prefills with
  // its heads expanded (qk and v head widths).
  const double heads = static_cast<double>(m.heads) / t;
  const double qk = m.qk_head_dim(), v = m.v_head_dim();
  const double absorbed = m.mla.on() ? 2.0 * static_cast<double>(m.mla.kv_rank) + m.mla.qk_rope : qk + v;
  const double per_token = kv_elements_per_layer(m, in.parallel.tp) * kv_bytes(in.serving.kv);
  // A prompt's fused attention runs at the GPU's measured forward rate for its length where the
  // preset has one (the rates count a causal pass as half the square, as attention_flops does).
  const PlanInput kernels = training_view(in);
  const bool measured = pass.prompts > 0 && runs_measured_attention(kernels);
  double decode_flops = 0, decode_kv = 0, prompt_flops = 0, prompt_kv = 0, prompt_seconds = 0;
  const std::int64_t first = stage_first_layer(m, in.parallel, index);
  for (std::int64_t i = first; i < first + w.layers; ++i) {
    const bool sliding = m.sliding_layer(i);
    const double window = static_cast<double>(m.window);
    const double keys = sliding ? std::min(pass.context, window) : pass.context;
    // A computed token attends to the cached prefix whole and to the computed ones causally:
    // n(n + 2c) multiply-adds ×2 ÷ 2 over n new tokens after c cached (n² without a cache).
    const double whole = pass.prompt + pass.cached;
    const double prompt_keys = sliding ? std::min(whole, window) : whole;
    const double attended = sliding ? prompt_keys : pass.prompt + 2.0 * pass.cached;
    decode_flops += 2.0 * pass.decode * keys * heads * absorbed;
    decode_kv += pass.decode * keys * per_token;
    const double flops = pass.prompts * pass.prompt * attended * heads * (qk + v);
    prompt_flops += flops;
    prompt_kv += pass.prompts * whole * per_token;
    if (measured) prompt_seconds += flops / measured_attention_rate(hw, false, prompt_keys);
  }
  c.kv_bytes = decode_kv + prompt_kv;
  const double rate = flash_rate(kernels);
  // Each layer's attention is a kernel (two with a prompt beside decode): at least a small kernel's
  // time, where the runtime's kernels are modelled.
  const double attention_floor = L * ((pass.decode > 0) + (pass.prompts > 0)) * kernel_time_floor(in);
  const double attention =
      std::max(attention_floor, std::max(decode_kv / bw, decode_flops / rate) +
                                    std::max(prompt_kv / bw, measured ? prompt_seconds : prompt_flops / rate));
  c.floor = stage_kernel_floor(in, index, L, rows);
  c.time = std::max(c.memory, c.gemms) + attention + c.floor;
  return c;
}

}  // namespace

double stage_collectives(const InferenceInput& in, std::int64_t index, double tokens, bool prefill,
                         std::vector<ServingTransfer>* out, double logit_rows) {
  const ModelShape& m = in.model;
  const Parallel& p = in.parallel;
  const Hardware& hw = in.hardware;
  const PlanInput sh = training_view(in);
  const double h = static_cast<double>(m.hidden), L = static_cast<double>(stage_layers(m.layers, p.pp, index));
  const bool first = index == 0, last = index == p.pp - 1;
  const char* phase = prefill ? "prefill" : "decode";
  const AllReduceImpl impl = runtime_model(in.serving).allreduce;
  double total = 0;
  using Dims = std::array<const char*, 3>;
  const auto add = [&](const char* id, const char* tensor, const char* name, const char* where, Collective op,
                       const char* group, const GroupPlacement& g, std::array<double, 3> shape, Dims dims, double bytes,
                       double calls) {
    CollectiveTime c = call_time(sh, op, bytes, g);
    // Within a node the runtime's own all-reduce kernel takes the small calls (measured latency,
    // serving_runtime.cpp); NCCL takes the rest.
    const double custom = op == Collective::all_reduce && g.nodes == 1
                              ? custom_allreduce_time(impl, g.ranks, bytes, hw.intra_bandwidth)
                              : -1;
    if (custom >= 0) c.time = c.latency = custom;
    total += calls * c.time;
    if (!out) return;
    ServingTransfer x;
    x.id = id, x.tensor = tensor, x.name = name, x.phase = phase, x.where = where, x.dims = dims;
    x.collective = collective_name(op), x.group = group;
    x.group_size = g.ranks, x.shape = shape, x.bytes_per_call = bytes, x.calls = calls;
    x.time = calls * c.time, x.latency = calls * c.latency;
    x.algorithm = custom >= 0 ? allreduce_name(impl) : algorithm_name(c.algorithm);
    x.protocol = custom >= 0 ? "custom" : protocol_name(c.protocol), x.inter_node = g.nodes > 1;
    out->push_back(x);
  };
  const double act = 2.0 * tokens * h;  // bf16 hidden state of the tokens
  const Dims hidden{"tokens", "", "hidden size"};
  if (p.tp > 1) {
    const GroupPlacement g = group_placement(hw, 1, p.tp);
    add("tp-attention-allreduce", "activation", "attention output, summed over tensor ranks", "layer.attention.out",
        Collective::all_reduce, "TP", g, {tokens, 1, h}, hidden, act, L);
    add("tp-mlp-allreduce", "activation", "MLP output, summed over tensor ranks", "layer.mlp.fc2",
        Collective::all_reduce, "TP", g, {tokens, 1, h}, hidden, act, L);
    if (first)
      add("tp-embedding-allreduce", "activation", "rows of the vocabulary-split embedding", "embedding",
          Collective::all_reduce, "TP", g, {tokens, 1, h}, hidden, act, 1);
    if (last) {
      const double rows = logit_rows >= 0 ? logit_rows : prefill ? 1.0 : tokens, vocab = static_cast<double>(m.vocab);
      add("tp-logits-allgather", "logits", "logits gathered over the vocabulary", "head", Collective::all_gather, "TP",
          g, {rows, 1, vocab}, Dims{prefill ? "last position" : "tokens", "", "vocabulary"}, 2.0 * rows * vocab, 1);
    }
  }
  if (p.ep > 1) {
    const GroupPlacement g = group_placement(hw, p.tp, p.ep);
    // The busiest rank receives (and sends back) routing_imbalance times the mean; every rank
    // waits for it at the all-to-all.
    const double routed = tokens * static_cast<double>(m.top_k) * p.routing_imbalance;
    const Dims dims{
        p.routing_imbalance > 1 ? "tokens × experts per token × routing imbalance" : "tokens × experts per token", "",
        "hidden size"};
    add("ep-dispatch", "tokens", "tokens to the experts they are routed to", "layer.moe", Collective::all_to_all, "EP",
        g, {routed, 1, h}, dims, 2.0 * routed * h, L);
    add("ep-combine", "tokens", "expert outputs back to their tokens", "layer.moe", Collective::all_to_all, "EP", g,
        {routed, 1, h}, dims, 2.0 * routed * h, L);
  }
  if (p.pp > 1 && !last) {
    GroupPlacement g = group_placement(hw, p.tp * p.dp, 2);
    g.senders_per_node = 1;  // each tensor rank sends through its own NIC
    add("pp-send", "activation", "hidden state and residual to the next stage", "stage-boundary", Collective::send_recv,
        "PP", g, {tokens, 2, h}, Dims{"tokens", "hidden state and residual", "hidden size"}, 2.0 * act, 1);
  }
  return total;
}

double kv_handoff(const InferenceInput& in, std::vector<ServingTransfer>* out) {
  if (!in.serving.disaggregated) return 0;
  const Parallel& p = in.parallel;
  // Prefill replica r hands its prompt's cache to decode replica r + dp/2, rank to rank.
  GroupPlacement g = group_placement(in.hardware, p.tp * (p.dp / 2), 2);
  g.senders_per_node = 1;  // rank to rank, each through its own NIC
  const ModelShape& m = in.model;
  const double width = kv_elements_per_layer(m, p.tp);
  const double layers = static_cast<double>(stage_layers(m.layers, p.pp, 0));
  const double prompt = static_cast<double>(in.serving.prompt);
  const double bytes = prompt * layers * width * kv_bytes(in.serving.kv);
  const CollectiveTime c = call_time(training_view(in), Collective::send_recv, bytes, g);
  if (out) {
    ServingTransfer x;
    x.id = "kv-handoff", x.tensor = "kv", x.name = "the prompt's KV cache, prefill GPU to decode GPU",
    x.phase = "prefill";
    x.where = "kv-cache", x.dims = {"prompt tokens", "layers", "K and V width of this rank"};
    x.collective = collective_name(Collective::send_recv), x.group = "DP", x.group_size = 2;
    x.shape = {prompt, layers, width}, x.bytes_per_call = bytes, x.calls = 1, x.time = c.time, x.latency = c.latency;
    x.algorithm = algorithm_name(c.algorithm), x.protocol = protocol_name(c.protocol), x.inter_node = g.nodes > 1;
    out->push_back(x);
  }
  return c.time;
}

DecodeStep decode_step(const InferenceInput& in, double sequences, double context, double prompts) {
  const std::int64_t pp = in.parallel.pp;
  // The replica's sequences go round the pipeline in up to pp groups, one per stage at a time;
  // prompts riding in the step are shared among the groups alike.
  const DecodeGroups g = decode_groups(sequences, pp);
  const double groups = g.groups, per_group = g.per_group;
  PassShape pass = prompt_pass(in.serving, prompts / groups);
  pass.decode = per_group, pass.context = context;
  DecodeStep d;
  double sum = 0, worst = 0;
  for (std::int64_t i = 0; i < pp; ++i) {
    const StageCost c = stage_pass(in, i, pass);
    const double comm = stage_collectives(in, i, pass.rows(), false, nullptr, pass.decode + pass.prompts);
    const double stage = c.time + comm;
    sum += stage;
    d.communication += comm;
    d.kernel_floor += c.floor * groups;
    if (stage > worst) {
      worst = stage;
      d.weight_bytes = c.weight_bytes, d.kv_bytes = c.kv_bytes, d.memory_time = c.memory, d.compute_time = c.compute;
      d.gemm_time = c.gemms, d.experts_time = c.experts;
      d.compute_bound = c.compute > c.memory;
    }
  }
  d.busiest = worst, d.stages = sum, d.groups = groups;
  d.cycle = std::max(sum, groups * worst) + in.serving.host_overhead;
  return d;
}

double prompt_batch(const InferenceInput& in, double prompts) {
  const PassShape pass = prompt_pass(in.serving, prompts);
  double busiest = 0;
  for (std::int64_t i = 0; i < in.parallel.pp; ++i) {
    const double gpu = stage_pass(in, i, pass).time + stage_collectives(in, i, pass.rows(), true, nullptr, prompts);
    busiest = std::max(busiest, std::max(gpu, eager_host_time(in, i)));
  }
  return busiest + in.serving.host_overhead;
}

void evaluate_inference(const InferenceInput& in, InferenceFigures& out, bool with_time) {
  out = InferenceFigures{};
  out.memory = inference_memory(in);
  if (!with_time) return;
  const Serving& s = in.serving;
  const double prompt = computed_prompt(s);
  for (std::int64_t i = 0; i < in.parallel.pp; ++i) {
    const double comm = stage_collectives(in, i, prompt, true);
    const StageCost c = stage_pass(in, i, prompt_pass(s, 1));
    // Issued eagerly, a short prompt's pass waits for the host to launch its kernels.
    const double launch_bound = std::max(0.0, eager_host_time(in, i) - (c.time + comm));
    const double stage = c.time + comm + launch_bound;
    out.prefill += stage;
    out.prefill_communication += comm;
    out.prefill_kernel_floor += c.floor;
    out.prefill_launch_bound += launch_bound;
    out.prefill_occupancy = std::max(out.prefill_occupancy, stage);
  }
  out.prefill += s.host_overhead;  // the prompt's step waits for the host as a decode step does
  out.kv_handoff = kv_handoff(in);
  const ServingPoint pt = serving_point(in, s.concurrency, out);
  // An overlap scheduler hands the first token out while the next step runs (TensorRT-LLM's
  // "one extra decoding step", vLLM's asynchronous output processing).
  out.first_step = runtime_model(s).overlap_scheduler ? pt.decode.cycle : 0.0;
  out.decode = pt.decode;
  out.per_output_token = pt.per_output_token;
  out.prompts_per_step = pt.prompts_per_step, out.prompt_share = pt.prompt_share;
  out.tokens_per_second = pt.tokens_per_second;
  out.tokens_per_second_per_gpu = pt.tokens_per_second_per_gpu;
  out.tokens_per_second_per_user = pt.per_user;
  out.prefill_limited = pt.prefill_limited;
  out.under_load = first_token_under_load(in, pt, serving_context(in), out.prefill);
  // Closed loop: each of the requested users sends its next request when the last one ends, so a
  // request's time is requested ÷ served times a served request's; the difference is its wait.
  Queue& q = out.queue;
  q.requested = s.concurrency, q.served = pt.served, q.waiting = s.concurrency - pt.served;
  q.scheduler_limited = pt.scheduler_limited;
  q.cohorts = pt.cohorts, q.cohort_size = pt.cohort_size, q.cohort_wait = pt.cohort_wait, q.cycle = pt.period;
  const double served_request = out.prefill + out.kv_handoff + out.first_step + out.under_load +
                                static_cast<double>(s.output - 1) * out.per_output_token;
  if (q.served > 0 && q.waiting > 0)
    q.wait = served_request * (static_cast<double>(q.requested) / static_cast<double>(q.served) - 1.0);
  settle_times(in, out);
  if (s.arrival == Arrival::all_at_once) all_at_once(in, out);
  if (s.arrival == Arrival::closed_loop && s.requests > 0) finite_run(in, out);
  if (s.arrival == Arrival::poisson) poisson_stream(in, out);
}

}  // namespace atlas
