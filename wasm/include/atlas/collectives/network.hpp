// Collectives as NCCL runs them: the algorithm and protocol NCCL would pick for a message size,
// a hierarchical topology (an NVLink domain per node, NICs per node), a per-call overhead, and the
// bus bandwidth those achieve. The planner's "as run" figures use this model; its "ideal" ones
// and the ring lab keep the α-β ring of collectives.hpp.
//
// The structure (latency = base + hops × per-hop cost, bandwidth = channels × per-channel
// bandwidth × protocol efficiency, pick the fastest) is NCCL's own tuning model
// (src/graph/tuning.cc); the per-hop tables are NCCL's, and the achieved peak bus bandwidths and
// the per-call overhead are fitted on published nccl-tests logs (content/presets/calibration.json).
#pragma once

#include <array>
#include <cstdint>

namespace atlas {

// The planner issues the first five; broadcast is the network lab's (NCCL prices it as a ring).
enum class Collective : std::uint8_t { all_reduce, reduce_scatter, all_gather, send_recv, all_to_all, broadcast };
const char* collective_name(Collective c);

enum class Protocol : std::uint8_t { ll, ll128, simple };
enum class Algorithm : std::uint8_t { ring, tree, p2p };
const char* protocol_name(Protocol p);
const char* algorithm_name(Algorithm a);

/// What the network of a node offers one collective: per-direction bandwidths already scaled to
/// what NCCL achieves at large messages, and the overhead every call pays.
struct NetworkLinks {
  double nvlink_busbw = 0;  // B/s per GPU inside a node, Simple protocol, large messages
  double nic_busbw = 0;     // B/s per NIC between nodes, Simple protocol, large messages
  std::int64_t nics_per_node = 0;
  std::int64_t gpus_per_node = 0;
  double call_overhead = 0;  // s per collective call: CUDA launch and NCCL host work
};

/// Where the members of one group sit: how many nodes it spans and how many members the most
/// thinly populated of those nodes holds (that node's NICs carry the inter-node traffic).
struct GroupPlacement {
  std::int64_t ranks = 1;
  std::int64_t nodes = 1;
  std::int64_t members_per_node = 1;  // the fewest members any spanned node holds
  // Point-to-point calls only: how many of a node's GPUs send at the same moment, sharing its
  // NICs (0 or 1: the sender has them to itself).
  std::int64_t senders_per_node = 0;
};

/// Placement of every group of `size` ranks taken `stride` apart (Megatron's rank order: tp
/// fastest, then cp, dp, pp), over `gpus` ranks in nodes of `gpus_per_node`. Uneven tilings are
/// checked group by group, so a group that straddles two nodes gets the NICs it really has.
GroupPlacement place_group(std::int64_t gpus, std::int64_t gpus_per_node, std::int64_t stride, std::int64_t size);

/// NICs a group's inter-node traffic has in its thinnest node: its members' share of the node's
/// NICs (fractional where GPUs outnumber NICs), since the node's other GPUs run their own groups
/// of the same kind at the same moment.
double nic_share(const GroupPlacement& group, std::int64_t nics_per_node, std::int64_t gpus_per_node);
/// NICs one point-to-point sender has: the senders_per_node GPUs sending at once share the
/// node's NICs, and a lone sender gets at least one (or its share, where NICs outnumber GPUs).
double sender_nic_share(const GroupPlacement& group, std::int64_t nics_per_node, std::int64_t gpus_per_node);

/// One call: its time, split into the latency (bytes-independent) and bandwidth parts, and
/// what NCCL would choose.
struct CollectiveTime {
  double time = 0, latency = 0, bandwidth = 0;
  double busbw = 0;  // B/s the chosen algorithm and protocol reach for this size (nccl-tests' definition)
  Algorithm algorithm = Algorithm::ring;
  Protocol protocol = Protocol::simple;
};

/// `bytes` is the full buffer (nccl-tests' "size"): the all-reduced tensor, the gathered
/// result, the scattered input; for all-to-all what each rank holds; for send-recv the message.
CollectiveTime nccl_time(Collective op, double bytes, const GroupPlacement& group, const NetworkLinks& links);

/// The same model restricted to one algorithm: its fastest protocol for the call, or nothing
/// (false) when NCCL's model has no such algorithm for this collective and group (a tree
/// all-gather, a tree inside one node). nccl_time is the fastest of these.
bool nccl_algorithm_time(Collective op, double bytes, const GroupPlacement& group, const NetworkLinks& links,
                         Algorithm algorithm, CollectiveTime& out);

/// NCCL's per-step latencies (µs) for ring and tree, by protocol (LL, LL128, Simple), on NVLink
/// and on the network, and the base latency of each algorithm: NCCL's tuning tables.
struct NcclLatencies {
  std::array<double, 3> ring_base, tree_base;
  std::array<double, 3> ring_nvlink, ring_net, tree_nvlink, tree_net;
};
const NcclLatencies& nccl_latencies();

/// Fraction of a link's Simple-protocol bandwidth the LL and LL128 protocols carry (their flag
/// words take the rest), and the cap NCCL puts on LL per channel.
struct ProtocolBandwidth {
  std::array<double, 3> fraction;
};
const ProtocolBandwidth& protocol_bandwidth();

}  // namespace atlas
