#include "atlas/communication.hpp"

#include <algorithm>

#include "atlas/memory.hpp"

namespace atlas {

const char* group_name(Group g) {
  static const char* const kNames[] = {"TP", "PP", "DP", "CP", "EP"};
  return kNames[static_cast<int>(g)];
}

LinkModel group_link(const Hardware& hw, std::int64_t stride, std::int64_t size, bool& inter_node) {
  const double intra = hw.intra_bandwidth * hw.efficiency.intra;
  // A group that does not tile the node evenly has members on two nodes somewhere.
  const std::int64_t span = stride * size;
  inter_node = hw.gpus > hw.gpus_per_node && (span > hw.gpus_per_node || hw.gpus_per_node % span != 0);
  if (!inter_node) return {intra, hw.latency};
  // A ring that leaves the node does so once per member the group has in the node, each
  // through that GPU's own NIC; NCCL runs one ring per NIC, so they add up to at most NVLink.
  const std::int64_t per_node = std::max<std::int64_t>(1, std::min(size, hw.gpus_per_node / stride));
  return {std::min(intra, static_cast<double>(per_node) * hw.inter_bandwidth * hw.efficiency.inter), hw.latency};
}

namespace {

enum class Op { all_reduce, reduce_scatter, all_gather, send_recv, all_to_all };

const char* op_name(Op op) {
  static const char* const kNames[] = {"all-reduce", "reduce-scatter", "all-gather", "send-recv", "all-to-all"};
  return kNames[static_cast<int>(op)];
}

double op_time(Op op, std::int64_t ranks, double bytes, LinkModel link) {
  switch (op) {
    case Op::all_reduce: return ring_allreduce(ranks, bytes, link).time;
    case Op::reduce_scatter: return ring_reduce_scatter(ranks, bytes, link).time;
    case Op::all_gather: return ring_all_gather(ranks, bytes, link).time;
    case Op::send_recv: return send_recv(bytes, link).time;
    case Op::all_to_all: return all_to_all(ranks, bytes, link).time;
  }
  return 0;
}

// Builds the list; the caller's counts are per micro-batch (m of them per step) or per step.
struct Builder {
  std::array<Transfer, kMaxTransfers>& out;
  int& count;
  StageCommunication& exposed;
  double m;

  Transfer* add(const char* id, const char* tensor, const char* name, const char* phase, Op op, Group g,
                std::int64_t size, const char* where, std::array<double, 3> shape, double bytes, double per_mb,
                double per_step, LinkModel link, bool inter) {
    if (count >= kMaxTransfers) return nullptr;
    Transfer& t = out[static_cast<std::size_t>(count++)];
    t = Transfer{};
    t.id = id, t.tensor = tensor, t.name = name, t.phase = phase, t.collective = op_name(op), t.where = where;
    t.group = g, t.group_size = size, t.shape = shape, t.bytes_per_call = bytes, t.inter_node = inter;
    t.count_per_microbatch = per_mb;
    t.count_per_step = per_mb > 0 ? per_mb * m : per_step;
    t.time_per_step = t.count_per_step * op_time(op, size, bytes, link);
    return &t;
  }
  // Fully on the critical path of each micro-batch.
  void blocking_mb(Transfer* t) {
    if (!t) return;
    t->exposed_per_step = t->time_per_step;
    exposed.per_microbatch[static_cast<int>(t->group)] += t->time_per_step / m;
  }
  // Overlapped with `window` seconds of compute in each micro-batch.
  void overlapped_mb(Transfer* t, double window) {
    if (!t) return;
    const double per_mb = std::max(0.0, t->time_per_step / m - window);
    t->exposed_per_step = per_mb * m;
    exposed.per_microbatch[static_cast<int>(t->group)] += per_mb;
  }
  // Once per step, overlapped with `window` seconds of compute.
  void per_step(Transfer* t, double window) {
    if (!t) return;
    t->exposed_per_step = std::max(0.0, t->time_per_step - window);
    exposed.per_step[static_cast<int>(t->group)] += t->exposed_per_step;
  }
};

}  // namespace

void stage_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& out, int& count, StageCommunication& exposed,
                     TransferSet which) {
  const ModelShape& mo = in.model;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  count = 0;
  exposed = StageCommunication{};
  Builder B{out, count, exposed, static_cast<double>(in.accumulation)};
  const bool first = index == 0, last = index == par.pp - 1;
  const double L = static_cast<double>(st.layers);
  const double b = static_cast<double>(in.micro);
  const double s = static_cast<double>(mo.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(mo.hidden);
  const double t = static_cast<double>(par.tp);
  const double act = 2.0 * b * s * h;  // one bf16 activation of a micro-batch on this cp rank
  const std::array<double, 3> bsh{b, s, h};
  const double fwd_window = st.compute_per_microbatch / 3.0, bwd_window = 2.0 * fwd_window;
  bool inter = false;
  const bool model_groups = which != TransferSet::data_parallel;
  const bool data_groups = which != TransferSet::model_parallel;

  if (model_groups && par.tp > 1) {
    const LinkModel link = group_link(hw, 1, par.tp, inter);
    const std::int64_t n = par.tp;
    const double recompute = par.recompute == Recompute::full ? 1.0 : 0.0;
    if (!par.sequence_parallel) {
      B.blocking_mb(B.add("tp-fwd-attn-allreduce", "activation", "attention output (b×s×h)", "forward", Op::all_reduce,
                          Group::TP, n, "layer.attention.out", bsh, act, L * (1 + recompute), 0, link, inter));
      B.blocking_mb(B.add("tp-fwd-mlp-allreduce", "activation", "MLP output (b×s×h)", "forward", Op::all_reduce,
                          Group::TP, n, "layer.mlp.fc2", bsh, act, L * (1 + recompute), 0, link, inter));
      B.blocking_mb(B.add("tp-bwd-attn-allreduce", "activation-grad", "gradient of the attention input (b×s×h)",
                          "backward", Op::all_reduce, Group::TP, n, "layer.attention.in", bsh, act, L, 0, link, inter));
      B.blocking_mb(B.add("tp-bwd-mlp-allreduce", "activation-grad", "gradient of the MLP input (b×s×h)", "backward",
                          Op::all_reduce, Group::TP, n, "layer.mlp.in", bsh, act, L, 0, link, inter));
    } else {
      // Sequence parallelism: each all-reduce becomes a reduce-scatter plus an all-gather of the
      // same total volume; the backward pass mirrors the forward.
      const double calls = L * (2 + 2 * recompute);
      B.blocking_mb(B.add("tp-fwd-allgather", "activation", "norm output gathered along the sequence (b×s×h)",
                          "forward", Op::all_gather, Group::TP, n, "layer.attention.in", bsh, act, calls, 0, link, inter));
      B.blocking_mb(B.add("tp-fwd-reducescatter", "activation", "attention and MLP outputs (b×s×h)", "forward",
                          Op::reduce_scatter, Group::TP, n, "layer.attention.out", bsh, act, calls, 0, link, inter));
      B.blocking_mb(B.add("tp-bwd-allgather", "activation-grad", "gradients of the block outputs (b×s×h)", "backward",
                          Op::all_gather, Group::TP, n, "layer.mlp.fc2", bsh, act, 2 * L, 0, link, inter));
      B.blocking_mb(B.add("tp-bwd-reducescatter", "activation-grad", "gradients of the block inputs (b×s×h)",
                          "backward", Op::reduce_scatter, Group::TP, n, "layer.mlp.in", bsh, act, 2 * L, 0, link,
                          inter));
    }
    const Op embed_op = par.sequence_parallel ? Op::reduce_scatter : Op::all_reduce;
    if (first)
      B.blocking_mb(B.add("tp-fwd-embedding", "activation", "vocabulary-parallel embedding output (b×s×h)", "forward",
                          embed_op, Group::TP, n, "embedding", bsh, act, 1, 0, link, inter));
    if (last)
      B.blocking_mb(B.add("tp-bwd-head", "activation-grad", "gradient of the output-layer input (b×s×h)", "backward",
                          embed_op, Group::TP, n, "head", bsh, act, 1, 0, link, inter));
  }

  if (model_groups && par.cp > 1) {
    const LinkModel link = group_link(hw, par.tp, par.cp, inter);
    // Ring attention: each rank passes its K and V block cp − 1 times; backward passes K, V and dK, dV.
    const double kv = 2.0 * 2.0 * b * s * mo.kv_width() / t;
    const double attn = attention_core_forward_flops(mo, b * s, static_cast<double>(mo.seq)) / t /
                        (hw.flops * hw.efficiency.compute);
    const double hops = static_cast<double>(par.cp - 1);
    B.overlapped_mb(B.add("cp-fwd-kv", "kv", "key and value block (b×s/cp×kv)", "forward", Op::send_recv, Group::CP,
                          par.cp, "layer.attention.core", {b, s, mo.kv_width() / t}, kv, L * hops, 0, link, inter),
                    L * attn);
    B.overlapped_mb(B.add("cp-bwd-kv", "kv", "key/value block and its gradient", "backward", Op::send_recv,
                          Group::CP, par.cp, "layer.attention.core", {b, s, mo.kv_width() / t}, kv, 2 * L * hops, 0,
                          link, inter),
                    2 * L * attn);
  }

  if (model_groups && par.ep > 1) {
    const LinkModel link = group_link(hw, par.tp * par.cp, par.ep, inter);
    const double tokens = b * s / (par.sequence_parallel ? t : 1.0) * static_cast<double>(mo.top_k);
    const double bytes = 2.0 * tokens * h;
    const std::array<double, 3> shape{tokens, 1, h};
    B.blocking_mb(B.add("ep-fwd-dispatch", "tokens", "routed tokens to their experts", "forward", Op::all_to_all,
                        Group::EP, par.ep, "layer.moe", shape, bytes, L, 0, link, inter));
    B.blocking_mb(B.add("ep-fwd-combine", "tokens", "expert outputs back to their tokens", "forward", Op::all_to_all,
                        Group::EP, par.ep, "layer.moe", shape, bytes, L, 0, link, inter));
    B.blocking_mb(B.add("ep-bwd-tokens", "activation-grad", "gradients of routed tokens (both directions)",
                        "backward", Op::all_to_all, Group::EP, par.ep, "layer.moe", shape, bytes, 2 * L, 0, link,
                        inter));
  }

  if (model_groups && par.pp > 1) {
    inter = hw.gpus > hw.gpus_per_node;  // neighbouring stages sit tp·cp·dp ranks apart
    const LinkModel link{inter ? hw.inter_bandwidth * hw.efficiency.inter : hw.intra_bandwidth * hw.efficiency.intra,
                         hw.latency};
    // Megatron's scatter/gather: each tp rank sends only its 1/t slice; one send per model chunk.
    const double v = static_cast<double>(par.virtual_stages);
    const std::array<double, 3> shape{b, s, h / t};
    if (!last || v > 1)
      B.blocking_mb(B.add("pp-fwd-activation", "activation", "stage output to the next stage (b×s×h/t)", "forward",
                          Op::send_recv, Group::PP, 2, "stage-boundary", shape, act / t, v, 0, link, inter));
    if (!first || v > 1)
      B.blocking_mb(B.add("pp-bwd-activation-grad", "activation-grad", "gradient back to the previous stage", "backward",
                          Op::send_recv, Group::PP, 2, "stage-boundary", shape, act / t, v, 0, link, inter));
    if (mo.tied_embeddings && (first || last)) {
      const double bytes = kGradientBytes * embedding_parameters(mo).word / t;
      B.per_step(B.add("pp-embedding-grad-allreduce", "gradient", "tied word-embedding gradient, first and last stage",
                       "optimizer", Op::all_reduce, Group::PP, 2, "gradients", {embedding_parameters(mo).word / t, 0, 0},
                       bytes, 0, 1, link, inter),
                 0);
    }
  }

  // Data parallelism over dp × cp replicas (context-parallel ranks hold the same weights).
  const std::int64_t replicas = par.dp * par.cp;
  if (data_groups && replicas > 1) {
    const LinkModel link = group_link(hw, par.tp, replicas, inter);
    const double psi = st.parameters;
    const double grads = kGradientBytes * psi, weights = kWeightBytes * psi;
    const std::array<double, 3> shape{psi, 0, 0};
    switch (par.zero) {
      case 0:
        B.per_step(B.add("dp-grad-allreduce", "gradient", "weight gradients (all of them)", "backward", Op::all_reduce,
                         Group::DP, replicas, "gradients", shape, grads, 0, 1, link, inter),
                   bwd_window);
        break;
      case 1:
        B.per_step(B.add("dp-grad-reducescatter", "gradient", "weight gradients, each rank keeps its shard", "backward",
                         Op::reduce_scatter, Group::DP, replicas, "gradients", shape, grads, 0, 1, link, inter),
                   bwd_window);
        B.per_step(B.add("dp-param-allgather", "parameter", "updated weight shards", "optimizer", Op::all_gather,
                         Group::DP, replicas, "parameters", shape, weights, 0, 1, link, inter),
                   0);
        break;
      case 2:
        // Gradients are only kept as shards, so every micro-batch's gradients are reduced at once.
        B.overlapped_mb(B.add("dp-grad-reducescatter", "gradient", "weight gradients of each micro-batch", "backward",
                              Op::reduce_scatter, Group::DP, replicas, "gradients", shape, grads, 1, 0, link, inter),
                        bwd_window);
        B.per_step(B.add("dp-param-allgather", "parameter", "updated weight shards", "optimizer", Op::all_gather,
                         Group::DP, replicas, "parameters", shape, weights, 0, 1, link, inter),
                   0);
        break;
      default: {
        // One gather per layer (FSDP wraps each layer), so the α term grows with depth.
        const double per_layer = std::max(1.0, L);
        const std::array<double, 3> layer_shape{psi / per_layer, 0, 0};
        B.overlapped_mb(B.add("dp-param-allgather-fwd", "parameter", "one layer's weights gathered before its forward",
                              "forward", Op::all_gather, Group::DP, replicas, "parameters", layer_shape,
                              weights / per_layer, per_layer, 0, link, inter),
                        fwd_window);
        B.overlapped_mb(B.add("dp-param-allgather-bwd", "parameter", "one layer's weights gathered again for backward",
                              "backward", Op::all_gather, Group::DP, replicas, "parameters", layer_shape,
                              weights / per_layer, per_layer, 0, link, inter),
                        bwd_window / 2);
        B.overlapped_mb(B.add("dp-grad-reducescatter", "gradient", "one layer's weight gradients", "backward",
                              Op::reduce_scatter, Group::DP, replicas, "gradients", layer_shape, grads / per_layer,
                              per_layer, 0, link, inter),
                        bwd_window / 2);
        break;
      }
    }
  }
}

}  // namespace atlas
