#include "atlas/training/communication.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "atlas/training/deepspeed_pipeline.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/placement.hpp"

namespace atlas {

const char* group_name(Group g) {
  static const char* const kNames[] = {"TP", "PP", "DP", "CP", "EP"};
  return kNames[static_cast<int>(g)];
}

NetworkLinks network_links(const Hardware& hw) {
  NetworkLinks l;
  l.gpus_per_node = hw.gpus_per_node;
  l.nics_per_node = hw.nics_per_node > 0 ? hw.nics_per_node : hw.gpus_per_node;
  l.nvlink_busbw = hw.intra_bandwidth * hw.efficiency.intra;
  l.nic_busbw = hw.inter_bandwidth * static_cast<double>(hw.gpus_per_node) / static_cast<double>(l.nics_per_node) *
                hw.efficiency.inter;
  l.call_overhead = hw.latency;
  return l;
}

GroupPlacement group_placement(const Hardware& hw, std::int64_t stride, std::int64_t size) {
  return place_group(hw.gpus, hw.gpus_per_node, stride, size);
}

CollectiveTime call_time(const PlanInput& in, Collective op, double bytes, const GroupPlacement& g) {
  const Hardware& hw = in.hardware;
  if (!in.ideal) return nccl_time(op, bytes, g, network_links(hw));
  // The bound: a ring at the links' nominal bandwidth, no latency; across nodes the NICs of the
  // group's members in the thinnest node carry it.
  const double n = static_cast<double>(g.ranks);
  const std::int64_t nics = network_links(hw).nics_per_node;
  const double per_nic = hw.inter_bandwidth * static_cast<double>(hw.gpus_per_node) / static_cast<double>(nics);
  // The NICs the group (or, point to point, one sender) has, as NCCL's model counts them.
  const double used =
      op == Collective::send_recv ? sender_nic_share(g, nics, hw.gpus_per_node) : nic_share(g, nics, hw.gpus_per_node);
  const double bw = g.nodes > 1 ? std::min(hw.intra_bandwidth, used * per_nic) : hw.intra_bandwidth;
  double moved = bytes;
  switch (op) {
    case Collective::all_reduce:
      moved = n > 1 ? 2.0 * (n - 1.0) / n * bytes : 0.0;
      break;
    case Collective::reduce_scatter:
    case Collective::all_gather:
    case Collective::all_to_all:
      moved = n > 1 ? (n - 1.0) / n * bytes : 0.0;
      break;
    case Collective::send_recv:
    case Collective::broadcast:  // pipelined along the ring: each link carries the buffer once
      break;
  }
  CollectiveTime t;
  t.time = t.bandwidth = moved / bw;
  t.busbw = bw;
  return t;
}

double overlap_slowdown(const Hardware& hw) {
  return hw.sms > 0 ? std::min(1.0, kNcclChannels / static_cast<double>(hw.sms)) : 0.0;
}

double exposed_series(double calls, double each, double window, double slowdown, bool ideal) {
  if (calls <= 0 || each <= 0) return 0;
  if (ideal) return std::max(0.0, calls * each - window);
  const double share = window / calls;
  return each + (calls - 1.0) * (std::max(0.0, each - share) + slowdown * std::min(each, share));
}

namespace {

// Exposed time per micro-batch of a tensor-parallel transfer that Transformer Engine's
// userbuffers split into one chunk per rank and run under the neighbouring GEMM: forward
// transfers hide behind the forward GEMMs, backward ones behind the backward GEMMs; only the first
// chunk of the series waits.
double hidden_under_gemm(const Transfer& t, double m, const StageFigures& st, double slowdown, bool ideal) {
  const double window = std::string(t.phase) == "forward" ? st.gemm_forward : st.gemm_backward;
  const double calls = t.count_per_microbatch;
  if (calls <= 0) return 0.0;
  const double each = t.time_per_step / m / calls;
  if (ideal) return exposed_series(calls, each, window, 0.0, true);
  const double chunk = each / static_cast<double>(std::max<std::int64_t>(1, t.group_size));
  return exposed_series(calls, each, window, slowdown, false) - each + chunk;
}

// Megatron-LM since September 2021 (async_tensor_model_parallel_allreduce; today Megatron-Core's
// LinearWithGradAccumulationAndAsyncCommunication) starts the collective of a column-parallel
// layer's input gradient (all-reduce, or reduce-scatter under sequence parallelism) and computes
// the layer's weight gradient while it travels; under sequence parallelism it also all-gathers
// the layer's saved input, which the weight gradient needs, while the data gradient computes.
// Each call hides behind its own layer's GEMM, so none waits for a previous one; compute beside
// it slows by NCCL's share of the multiprocessors. `share` is the fraction of the stage's
// backward GEMM time that call's layers take in that half (data or weight gradient).
double hidden_under_own_gemm(const Transfer& t, double m, const StageFigures& st, double share, double slowdown,
                             bool ideal) {
  const double calls = t.count_per_microbatch;
  if (calls <= 0) return 0.0;
  const double each = t.time_per_step / m / calls;
  const double window = share * st.gemm_backward / 2.0;  // data and weight gradients: equal FLOPs
  if (ideal) return std::max(0.0, calls * each - window);
  const double w = window / calls;
  return calls * (std::max(0.0, each - w) + slowdown * std::min(each, w));
}

// Each projection's share of a layer's GEMM work (by FLOPs): Q, K, V; the attention output; the
// MLP's first layer (gate and up under SwiGLU); its second.
struct ProjectionShares {
  double qkv = 0, out = 0, fc1 = 0, fc2 = 0;
};
ProjectionShares projection_shares(const ModelShape& m) {
  const double h = static_cast<double>(m.hidden), kv = m.kv_width();
  const double f = mean_over_layers(m, [](const ModelShape& v) { return v.active_mlp_width(); });
  const double up = m.swiglu ? 2.0 : 1.0;
  const double qkv = (m.q_width() + 2.0 * kv) * h, out = m.out_width() * h, fc1 = up * f * h, fc2 = f * h;
  const double all = qkv + out + fc1 + fc2;
  return {qkv / all, out / all, fc1 / all, fc2 / all};
}

// PyTorch's async tensor parallelism (torch.compile's micro-pipeline pass, torchtitan's
// enable_async_tensor_parallel) fuses an all-gather with the matmul that consumes it, and a
// matmul with the reduce-scatter of its output, and runs each pair in tp steps: one shard
// travels while the previous one multiplies. A call hides behind its own matmul only, not the
// stage's GEMMs; nothing is fetched ahead for a later layer. `attention_calls` is the share of
// the transfer's calls made at attention projections (window `attention`, seconds of that
// projection's GEMM per call), the rest at the MLP's (window `mlp`).
double hidden_by_fused_matmul(const Transfer& t, double m, double attention_calls, double attention, double mlp,
                              double slowdown, bool ideal) {
  const double calls = t.count_per_microbatch;
  if (calls <= 0) return 0.0;
  const double each = t.time_per_step / m / calls;
  const auto one = [&](double w) {
    return ideal ? std::max(0.0, each - w) : std::max(0.0, each - w) + slowdown * std::min(each, w);
  };
  return calls * (attention_calls * one(attention) + (1.0 - attention_calls) * one(mlp));
}

}  // namespace

double routed_tokens_per_rank(const PlanInput& in) {
  const double tp = in.parallel.sequence_parallel ? static_cast<double>(in.parallel.tp) : 1.0;
  return static_cast<double>(in.micro) * static_cast<double>(in.model.seq) / static_cast<double>(in.parallel.cp) / tp;
}

void stage_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& out, int& count, StageCommunication& exposed,
                     TransferSet which) {
  const ModelShape& mo = in.model;
  const Parallel& par = in.parallel;
  const Hardware& hw = in.hardware;
  count = 0;
  exposed = StageCommunication{};
  TransferList B{out, count, exposed, in, static_cast<double>(in.accumulation)};
  using C = Collective;
  const bool first = index == 0, last = index == par.pp - 1;
  const double L = static_cast<double>(st.layers);
  const double b = static_cast<double>(in.micro);
  const double s = static_cast<double>(mo.seq) / static_cast<double>(par.cp);
  const double h = static_cast<double>(mo.hidden);
  const double t = static_cast<double>(par.tp);
  const double act = 2.0 * b * s * h;  // one bf16 activation of a micro-batch on this cp rank
  const std::array<double, 3> bsh{b, s, h};
  const bool model_groups = which != TransferSet::data_parallel;
  const double slowdown = overlap_slowdown(hw);
  // Only the stage's expert layers route tokens (DeepSeek's first layers and Llama 4's
  // interleaved ones are dense).
  const double Le = mo.uniform() ? L : static_cast<double>(mo.moe_layer_count(st.first_layer, st.layers));
  // With etp below tp an expert layer's MLP gathers and scatters nothing over tp: its tokens go
  // to the experts by the all-to-all and over the etp group (below). Shared experts are a dense
  // MLP over tp and keep the layer's tp collectives.
  const double tp_free = par.expert_grid() && mo.moe() && mo.shared_experts == 0 ? Le : 0.0;

  if (model_groups && par.tp > 1) {
    const GroupPlacement g = kind_placement(hw, par, GroupKind::tp);
    // PyTorch (FSDP2 with tp_overlap) pipelines an all-gather or reduce-scatter with its own
    // matmul (below); Transformer Engine's userbuffers (Megatron, DeepSpeed) split each transfer
    // under the neighbouring GEMMs of its phase.
    const bool fused_matmul = par.tp_overlap && is_fsdp(par.framework);
    // Blocking, or hidden under the layer's GEMMs when the framework overlaps them.
    const auto tp_expose = [&](Transfer* x) {
      if (x && par.tp_overlap && !fused_matmul)
        B.exposed_mb(x, hidden_under_gemm(*x, B.m, st, slowdown, in.ideal));
      else
        B.blocking(x);
    };
    // The backward collectives of Q, K, V and the MLP's first layer (their input gradients, and
    // under sequence parallelism their inputs gathered again): Megatron (overlap on) runs them
    // beside those layers' own GEMMs; 2021's Megatron (overlap: false) and the mappings of
    // Megatron-DeepSpeed, which BLOOM and MT-NLG ran, wait for them.
    const bool async_grad = par.framework == Framework::megatron && par.overlap && !par.tp_overlap;
    const ProjectionShares share = projection_shares(mo);
    const auto tp_column_backward = [&](Transfer* x, double gemm_share) {
      if (x && async_grad)
        B.exposed_mb(x, hidden_under_own_gemm(*x, B.m, st, gemm_share, slowdown, in.ideal));
      else
        tp_expose(x);
    };
    const double recompute = st.full_share;  // forward collectives run again for the layers recomputed
    if (!par.sequence_parallel) {
      tp_expose(B.add({"tp-fwd-attn-allreduce", "activation", "attention output (b×s×h)", "forward", C::all_reduce,
                       Group::TP, "layer.attention.out", bsh},
                      g, act, L * (1 + recompute), 0));
      tp_expose(B.add({"tp-fwd-mlp-allreduce", "activation", "MLP output (b×s×h)", "forward", C::all_reduce, Group::TP,
                       "layer.mlp.fc2", bsh},
                      g, act, L * (1 + recompute), 0));
      tp_column_backward(B.add({"tp-bwd-attn-allreduce", "activation-grad", "gradient of the attention input (b×s×h)",
                                "backward", C::all_reduce, Group::TP, "layer.attention.in", bsh},
                               g, act, L, 0),
                         share.qkv);
      tp_column_backward(B.add({"tp-bwd-mlp-allreduce", "activation-grad", "gradient of the MLP input (b×s×h)",
                                "backward", C::all_reduce, Group::TP, "layer.mlp.in", bsh},
                               g, act, L, 0),
                         share.fc1);
    } else {
      // Sequence parallelism: each all-reduce becomes a reduce-scatter plus an all-gather of the
      // same total volume; the backward pass mirrors the forward.
      const double calls = tp_free > 0 ? (2 * L - tp_free) * (1 + recompute) : L * (2 + 2 * recompute);
      const double back = 2 * L - tp_free;
      // When no layer's MLP exchanges over tp (every one routes to experts split over etp < tp),
      // what is left is the attention block's, and the diagram marks it there.
      const bool attention_only = tp_free >= L;
      // Under PyTorch's async TP each gather hides behind the projection it feeds (Q, K, V; the
      // MLP's first), each forward scatter behind the one it follows (the attention output; the
      // MLP's second), recomputed ones alike; in backward the gathered output gradients behind
      // those projections' data gradients. The input gradients' reduce-scatter waits: it reduces
      // the sum of several matmuls (Q, K and V; gate and up), which the pass does not match.
      const double layer_fwd = st.layers > 0 ? st.gemm_forward / L : 0.0;
      const double layer_bwd = st.layers > 0 ? st.gemm_backward / L / 2.0 : 0.0;  // data gradients: half
      const double attention_calls = L / (2.0 * L - tp_free);
      const auto fused = [&](Transfer* x, double attention, double mlp) {
        if (x && fused_matmul)
          B.exposed_mb(x, hidden_by_fused_matmul(*x, B.m, attention_calls, attention, mlp, slowdown, in.ideal));
        else
          tp_expose(x);
      };
      fused(B.add({"tp-fwd-allgather", "activation", "norm output gathered along the sequence (b×s×h)", "forward",
                   C::all_gather, Group::TP, "layer.attention.in", bsh},
                  g, act, calls, 0),
            share.qkv * layer_fwd, share.fc1 * layer_fwd);
      fused(B.add({"tp-fwd-reducescatter", "activation",
                   attention_only ? "attention outputs (b×s×h)" : "attention and MLP outputs (b×s×h)", "forward",
                   C::reduce_scatter, Group::TP, "layer.attention.out", bsh},
                  g, act, calls, 0),
            share.out * layer_fwd, share.fc2 * layer_fwd);
      fused(B.add({"tp-bwd-allgather", "activation-grad", "gradients of the block outputs (b×s×h)", "backward",
                   C::all_gather, Group::TP, attention_only ? "layer.attention.out" : "layer.mlp.fc2", bsh},
                  g, act, back, 0),
            share.out * layer_bwd, share.fc2 * layer_bwd);
      Transfer* input_grads =
          B.add({"tp-bwd-reducescatter", "activation-grad", "gradients of the block inputs (b×s×h)", "backward",
                 C::reduce_scatter, Group::TP, attention_only ? "layer.attention.in" : "layer.mlp.in", bsh},
                g, act, back, 0);
      if (fused_matmul)
        B.blocking(input_grads);
      else
        tp_column_backward(input_grads, share.qkv + share.fc1);
      // Megatron keeps the inputs of Q, K, V and the MLP's first layer split along the sequence
      // (the memory sequence parallelism saves) and all-gathers them again for their weight
      // gradients, while their data gradients compute.
      if (is_megatron(par.framework))
        tp_column_backward(B.add({"tp-bwd-input-allgather", "activation",
                                  "inputs of Q, K, V and the MLP's first layer, gathered again (b×s×h)", "backward",
                                  C::all_gather, Group::TP, "layer.attention.in", bsh},
                                 g, act, back, 0),
                           share.qkv + share.fc1);
    }
    const C embed_op = par.sequence_parallel ? C::reduce_scatter : C::all_reduce;
    if (first)
      tp_expose(B.add({"tp-fwd-embedding", "activation", "vocabulary-parallel embedding output (b×s×h)", "forward",
                       embed_op, Group::TP, "embedding", bsh},
                      g, act, 1, 0));
    if (last)
      tp_expose(B.add({"tp-bwd-head", "activation-grad", "gradient of the output-layer input (b×s×h)", "backward",
                       embed_op, Group::TP, "head", bsh},
                      g, act, 1, 0));
  }

  if (model_groups && par.cp > 1) {
    const GroupPlacement g = kind_placement(hw, par, GroupKind::cp);
    const double cp = static_cast<double>(par.cp);
    const double kv = 2.0 * 2.0 * b * s * mo.kv_width() / t;  // this rank's K and V block
    if (par.cp_attention == ContextAttention::all_gather) {
      // K and V gathered whole before attention, and nothing to hide behind: attention needs all
      // of them. Backward gathers them again (the memory model keeps only this rank's block) and
      // returns their gradients to their owners.
      const std::array<double, 3> whole{b, s * cp, mo.kv_width() / t};
      const TransferList::Spec specs[] = {
          {"cp-fwd-kv-gather", "kv", "keys and values gathered whole before attention (b×s×kv)", "forward",
           C::all_gather, Group::CP, "layer.attention.core", whole},
          {"cp-bwd-kv-gather", "kv", "keys and values gathered again for backward (b×s×kv)", "backward", C::all_gather,
           Group::CP, "layer.attention.core", whole},
          {"cp-bwd-kv-grad", "kv", "key and value gradients reduced to their owners (b×s×kv)", "backward",
           C::reduce_scatter, Group::CP, "layer.attention.core", whole}};
      for (const TransferList::Spec& spec : specs) B.blocking(B.add(spec, g, kv * cp, L, 0));
    } else {
      // Ring attention: each rank passes its K and V block cp − 1 times, each pass hidden behind
      // one block of attention; backward passes K, V and dK, dV.
      // A recomputed attention core runs its ring again.
      const double forward_passes = 1.0 + par.attention_forward_again(st.full_share);
      const double attn = st.attention_forward_per_layer;
      const double hops = cp - 1.0;
      const std::array<double, 3> shape{b, s, mo.kv_width() / t};
      Transfer* f = B.add({"cp-fwd-kv", "kv", "key and value block (b×s/cp×kv)", "forward", C::send_recv, Group::CP,
                           "layer.attention.core", shape},
                          g, kv, forward_passes * L * hops, 0);
      if (f)
        B.exposed_mb(f, forward_passes * L *
                            exposed_series(hops, f->time_per_step / B.m / (forward_passes * L * hops), attn, slowdown,
                                           in.ideal));
      Transfer* r = B.add({"cp-bwd-kv", "kv", "key/value block and its gradient", "backward", C::send_recv, Group::CP,
                           "layer.attention.core", shape},
                          g, kv, 2 * L * hops, 0);
      if (r)
        B.exposed_mb(
            r, L * exposed_series(hops, 2.0 * r->time_per_step / B.m / (2 * L * hops), 2 * attn, slowdown, in.ideal));
    }
  }

  // Megatron's all-to-all dispatcher with 1 < etp < tp: the tokens a rank received are gathered
  // over its etp group before the experts (each holds 1/etp of every local expert) and the
  // outputs reduce-scattered back after them; backward mirrors both. Per call the gathered
  // buffer is etp × the rank's own routed tokens (b × s/tp × top_k) × hidden, bf16. Priced on
  // the expert grid's etp group; listed with the tensor-parallel transfers.
  if (model_groups && par.expert_grid() && par.etp > 1 && mo.moe()) {
    const GroupPlacement g = kind_placement(hw, par, GroupKind::etp);
    // Recomputation of the whole layer, or of the MoE layer alone (Megatron's "moe" module), runs
    // the gathers again.
    const double recompute = par.recomputes(kRecomputeMoe) ? 1.0 : st.full_share;
    const double routed = b * s / t * static_cast<double>(mo.top_k) * static_cast<double>(par.etp);
    const double bytes = 2.0 * routed * h;
    const std::array<double, 3> shape{routed, 1, h};
    B.blocking(B.add({"etp-fwd-allgather", "tokens", "routed tokens gathered over the expert's etp ranks", "forward",
                      C::all_gather, Group::TP, "layer.moe", shape},
                     g, bytes, Le * (1 + recompute), 0));
    B.blocking(B.add({"etp-fwd-reducescatter", "tokens", "expert outputs reduce-scattered over the etp ranks",
                      "forward", C::reduce_scatter, Group::TP, "layer.moe", shape},
                     g, bytes, Le * (1 + recompute), 0));
    B.blocking(B.add({"etp-bwd-allgather", "activation-grad", "gradients of the expert outputs gathered over etp",
                      "backward", C::all_gather, Group::TP, "layer.moe", shape},
                     g, bytes, Le, 0));
    B.blocking(
        B.add({"etp-bwd-reducescatter", "activation-grad", "gradients of the routed tokens reduce-scattered over etp",
               "backward", C::reduce_scatter, Group::TP, "layer.moe", shape},
              g, bytes, Le, 0));
  }

  if (model_groups && par.ep > 1) {
    // The expert grid's ep ranks (the order's ep dimension when etp = tp). Each rank sends its
    // own routed tokens (b × s/tp × top_k under sequence parallelism), (ep − 1)/ep of them away.
    const GroupPlacement g = kind_placement(hw, par, GroupKind::ep);
    // The busiest rank receives (and sends back) routing_imbalance times the mean; the
    // all-to-all ends when it does.
    const double tokens = routed_tokens_per_rank(in) * static_cast<double>(mo.top_k) * par.routing_imbalance;
    const double bytes = 2.0 * tokens * h;
    const std::array<double, 3> shape{tokens, 1, h};
    // Full recomputation runs the whole layer's forward again, and Megatron's "moe" recompute
    // module the MoE layer's: both all-to-alls with it.
    const double forwards = 1.0 + (par.recomputes(kRecomputeMoe) ? 1.0 : st.full_share);
    B.blocking(B.add({"ep-fwd-dispatch", "tokens", "routed tokens to their experts", "forward", C::all_to_all,
                      Group::EP, "layer.moe", shape},
                     g, bytes, Le * forwards, 0));
    B.blocking(B.add({"ep-fwd-combine", "tokens", "expert outputs back to their tokens", "forward", C::all_to_all,
                      Group::EP, "layer.moe", shape},
                     g, bytes, Le * forwards, 0));
    B.blocking(B.add({"ep-bwd-tokens", "activation-grad", "gradients of routed tokens (both directions)", "backward",
                      C::all_to_all, Group::EP, "layer.moe", shape},
                     g, bytes, 2 * Le, 0));
  }

  if (model_groups && par.pp > 1) {
    // Neighbouring stages sit pp's stride apart (tp·cp·dp ranks in Megatron's order). Every GPU
    // of a node that holds one stage sends at the same moment (its tp ranks and data-parallel
    // replicas run the same schedule), so across nodes they share the node's NICs.
    const GroupPlacement g = kind_placement(hw, par, GroupKind::stage_pair);
    GroupPlacement sends = g;
    if (g.nodes > 1) sends.senders_per_node = stage_senders_per_node(hw, par);
    // Each tp rank sends only its 1/t slice: Megatron's scatter/gather, DeepSpeed's
    // PartitionedTensor (which all-gathers it again on arrival). One send per model chunk.
    const double v = static_cast<double>(par.virtual_stages);
    const bool ds = deepspeed_pipeline(par) && !in.ideal;  // the ideal bound has no framework
    const DeepSpeedPipeCounts dsc = deepspeed_pipe_counts(par.pp, par.tp);
    const std::array<double, 3> shape{b, s, h / t};
    // Per micro-batch each chunk sends once each way, except the model's own ends: the last
    // stage's last chunk has no next stage, the first stage's first chunk no previous one.
    // DeepSpeed's engine runs the busiest stage's receives and sends one after another, and the
    // others keep its pace (deepspeed_pipeline.cpp).
    const double forward_sends = ds ? dsc.activation_transfers : v - (last ? 1.0 : 0.0);
    const double backward_sends = ds ? dsc.gradient_transfers : v - (first ? 1.0 : 0.0);
    // Megatron-Core overlaps point-to-point transfers with compute only under its interleaved
    // schedule (overlap_p2p_comm, on by default, is switched off for 1F1B): each chunk's send and
    // the next receive run while a chunk computes, so only the first of a micro-batch's series
    // waits. Where the sends cross the same NICs as data-parallel traffic in the same phase, the
    // two share that compute (TransferList::settle). Everything else here blocks.
    const bool p2p_overlap = par.framework == Framework::megatron && par.overlap && par.virtual_stages > 1;
    const auto pp_expose = [&](Transfer* x, double window) {
      if (p2p_overlap)
        B.behind(x, window, true);
      else
        B.blocking(x);
    };
    if (forward_sends > 0)
      pp_expose(B.add({"pp-fwd-activation", "activation",
                       ds ? "stage input received, then its output sent (b×s×h/t each)"
                          : "stage output to the next stage (b×s×h/t)",
                       "forward", C::send_recv, Group::PP, "stage-boundary", shape},
                      sends, act / t, forward_sends, 0),
                st.compute_per_microbatch / 3.0);
    if (backward_sends > 0)
      pp_expose(
          B.add({"pp-bwd-activation-grad", "activation-grad",
                 ds ? "output gradient received, then the input's sent back" : "gradient back to the previous stage",
                 "backward", C::send_recv, Group::PP, "stage-boundary", shape},
                sends, act / t, backward_sends, 0),
          2.0 * st.compute_per_microbatch / 3.0);
    const GroupPlacement slice_group = kind_placement(hw, par, GroupKind::tp);
    if (ds && dsc.forward_gathers > 0)
      B.blocking(B.add({"tp-pipe-allgather-fwd", "activation", "received stage input made whole (b×s×h)", "forward",
                        C::all_gather, Group::TP, "stage-boundary", bsh},
                       slice_group, act, dsc.forward_gathers, 0));
    if (ds && dsc.backward_gathers > 0)
      B.blocking(B.add({"tp-pipe-allgather-bwd", "activation-grad",
                        "the stage's output and its received gradient made whole (b×s×h)", "backward", C::all_gather,
                        Group::TP, "stage-boundary", bsh},
                       slice_group, act, dsc.backward_gathers, 0));
    if (mo.tied_embeddings && (first || last)) {
      const double words = embedding_parameters(mo).word / t;
      Transfer* e = B.add({"pp-embedding-grad-allreduce",
                           "gradient",
                           "tied word-embedding gradient, first and last stage",
                           "optimizer",
                           C::all_reduce,
                           Group::PP,
                           "gradients",
                           {words, 0, 0}},
                          g, (deepspeed_bf16_optimizer(par) && !in.ideal ? 4.0 : gradient_bytes(par)) * words, 0, 1);
      if (e) B.exposed_step(e, e->time_per_step);
    }
  }

  if (which != TransferSet::model_parallel) data_parallel_transfers(in, index, st, B);
  B.settle();
}

}  // namespace atlas
