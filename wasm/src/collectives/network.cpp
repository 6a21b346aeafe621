// NCCL's cost model of one collective call, on a two-tier topology. Tables are NCCL 2.30.7's
// src/graph/tuning.cc (commit 5067397c); which parts are kept and which are not is stated in
// docs/fidelity.md.
#include "atlas/collectives/network.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

namespace atlas {

const char* collective_name(Collective c) {
  static const char* const kNames[] = {"all-reduce", "reduce-scatter", "all-gather",
                                       "send-recv",  "all-to-all",     "broadcast"};
  return kNames[static_cast<int>(c)];
}
const char* protocol_name(Protocol p) {
  static const char* const kNames[] = {"LL", "LL128", "Simple"};
  return kNames[static_cast<int>(p)];
}
const char* algorithm_name(Algorithm a) {
  static const char* const kNames[] = {"ring", "tree", "point-to-point"};
  return kNames[static_cast<int>(a)];
}

const NcclLatencies& nccl_latencies() {
  // baseLatencies and hwLatencies (µs) for Ring and Tree, protocols LL, LL128, Simple.
  static const NcclLatencies k{{6.6, 14.0, 8.4}, {6.8, 14.0, 8.4}, {0.6, 1.9, 3.4},
                               {2.7, 4.0, 14.0}, {0.6, 1.25, 4.0}, {5.0, 8.5, 14.0}};
  return k;
}

const ProtocolBandwidth& protocol_bandwidth() {
  // LL moves 4 data bytes per 8-byte line (.5); LL128 120 of 128 bytes (NCCL uses .92).
  static const ProtocolBandwidth k{{0.5, 0.92, 1.0}};
  return k;
}

namespace {

constexpr double kMicro = 1e-6;
constexpr int kProtocols = 3;
// NCCL's netOverhead for an x86 host, µs; Simple pays it three times. It is a floor on the
// per-step cost of a ring that also crosses the network.
constexpr double kNetOverhead = 1.0;

// NCCL's treeCorrectionFactor: trees fall short of their model for medium sizes; index
// log2(bytes / 64), 64 B … 256 MB.
double tree_correction(Protocol p, double bytes) {
  static const double kTable[3][24] = {
      {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
      {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9, 1.0, 1.0, 1.0},
      {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9}};
  const double index = std::floor(std::log2(std::max(bytes, 64.0) / 64.0));
  const int i = static_cast<int>(std::min(23.0, std::max(0.0, index)));
  return kTable[static_cast<int>(p)][i];
}

double nics_per_gpu(std::int64_t nics_per_node, std::int64_t gpus_per_node) {
  return static_cast<double>(nics_per_node) / static_cast<double>(std::max<std::int64_t>(1, gpus_per_node));
}

}  // namespace

double nic_share(const GroupPlacement& g, std::int64_t nics_per_node, std::int64_t gpus_per_node) {
  return std::min(static_cast<double>(nics_per_node),
                  static_cast<double>(g.members_per_node) * nics_per_gpu(nics_per_node, gpus_per_node));
}

double sender_nic_share(const GroupPlacement& g, std::int64_t nics_per_node, std::int64_t gpus_per_node) {
  const double k = static_cast<double>(std::max<std::int64_t>(1, g.senders_per_node));
  return std::min(static_cast<double>(nics_per_node), std::max(1.0, k * nics_per_gpu(nics_per_node, gpus_per_node))) /
         k;
}

namespace {

// Bus bandwidth of the Simple protocol for a group: NVLink inside a node; across nodes the
// ring's inter-node edges run through the NICs of the group's members in the thinnest node.
// The node's other GPUs run their own groups of the same kind at the same moment (every
// tensor-parallel rank reduces its own gradient shard), so a group gets its members' share of the
// NICs, not a whole NIC each: where two GPUs share a NIC, a lone member gets half of one.
double group_busbw(const GroupPlacement& g, const NetworkLinks& l) {
  if (g.nodes <= 1) return l.nvlink_busbw;
  return std::min(l.nvlink_busbw, nic_share(g, l.nics_per_node, l.gpus_per_node) * l.nic_busbw);
}

}  // namespace

namespace {

GroupPlacement walk_groups(std::int64_t gpus, std::int64_t gpus_per_node, std::int64_t stride, std::int64_t size);

}  // namespace

GroupPlacement place_group(std::int64_t gpus, std::int64_t gpus_per_node, std::int64_t stride, std::int64_t size) {
  // Uneven tilings are walked group by group; search asks for the same few placements for many
  // candidates, so the answers are kept in a small direct-mapped table.
  struct Entry {
    std::int64_t gpus = -1, node = 0, stride = 0, size = 0;
    GroupPlacement value;
  };
  static std::array<Entry, 256> memo;
  const auto mix =
      static_cast<std::uint64_t>(gpus * 1315423911 ^ gpus_per_node * 2654435761 ^ stride * 97 ^ size * 40503);
  Entry& e = memo[static_cast<std::size_t>(mix % memo.size())];
  if (e.gpus == gpus && e.node == gpus_per_node && e.stride == stride && e.size == size) return e.value;
  const GroupPlacement g = walk_groups(gpus, gpus_per_node, stride, size);
  e.gpus = gpus, e.node = gpus_per_node, e.stride = stride, e.size = size, e.value = g;
  return g;
}

namespace {

GroupPlacement walk_groups(std::int64_t gpus, std::int64_t gpus_per_node, std::int64_t stride, std::int64_t size) {
  GroupPlacement g;
  g.ranks = size;
  if (size <= 1 || gpus <= gpus_per_node) return g;
  const std::int64_t span = stride * size;
  // Even tilings (the usual case) have a closed form: a group inside one node, or a group whose
  // members spread evenly over span / gpus_per_node nodes.
  if (span <= gpus_per_node && gpus_per_node % span == 0) return g;
  if (span % gpus_per_node == 0 && (gpus_per_node % stride == 0 || stride % gpus_per_node == 0)) {
    g.nodes = span / gpus_per_node;
    g.members_per_node = std::max<std::int64_t>(1, size / g.nodes);
    return g;
  }
  // Members `stride` ≥ a node apart never share a node.
  if (stride >= gpus_per_node) {
    g.nodes = size;
    g.members_per_node = 1;
    return g;
  }
  // Uneven: walk the groups (rank = block·span + base + i·stride) over one period of the pattern
  // (alignments repeat every gpus_per_node / gcd(span, gpus_per_node) blocks); the step waits for
  // the slowest, so keep the most nodes any group spans and the thinnest node of a spanning group.
  // A period too long to walk cheaply takes the worst case: a group with one member in a node.
  const std::int64_t period_blocks = gpus_per_node / std::gcd(span, gpus_per_node);
  const std::int64_t groups = std::min<std::int64_t>(gpus / size, period_blocks * stride);
  if (groups * size > 8192) {
    g.nodes = std::min<std::int64_t>(size, (span + gpus_per_node - 1) / gpus_per_node + 1);
    g.members_per_node = 1;
    return g;
  }
  g.nodes = 1;
  g.members_per_node = size;
  std::vector<std::int64_t> count;
  for (std::int64_t k = 0; k < groups; ++k) {
    const std::int64_t first = (k / stride) * span + k % stride;
    const std::int64_t first_node = first / gpus_per_node;
    const std::int64_t last_node = (first + (size - 1) * stride) / gpus_per_node;
    if (last_node == first_node) continue;
    count.assign(static_cast<std::size_t>(last_node - first_node + 1), 0);
    for (std::int64_t i = 0; i < size; ++i)
      ++count[static_cast<std::size_t>((first + i * stride) / gpus_per_node - first_node)];
    std::int64_t used = 0;
    for (std::int64_t c : count)
      if (c > 0) ++used, g.members_per_node = std::min(g.members_per_node, c);
    g.nodes = std::max(g.nodes, used);
  }
  return g;
}

}  // namespace

namespace {

// `only`: price that algorithm alone (nullptr: every algorithm, NCCL's choice).
CollectiveTime price(Collective op, double bytes, const GroupPlacement& g, const NetworkLinks& l,
                     const Algorithm* only = nullptr);

struct CallKey {
  double bytes, nvlink, nic, overhead;
  std::int64_t ranks, nodes, members, senders, nics, gpn;
  Collective op;
  bool operator==(const CallKey& o) const {
    return bytes == o.bytes && nvlink == o.nvlink && nic == o.nic && overhead == o.overhead && ranks == o.ranks &&
           nodes == o.nodes && members == o.members && senders == o.senders && nics == o.nics && gpn == o.gpn &&
           op == o.op;
  }
};

}  // namespace

CollectiveTime nccl_time(Collective op, double bytes, const GroupPlacement& g, const NetworkLinks& l) {
  // Search prices the same call (size, group, links) for many candidates: a direct-mapped memo
  // keyed on a cheap mix of the size's bits and the group.
  const CallKey key{bytes,   l.nvlink_busbw,     l.nic_busbw,        l.call_overhead, g.ranks,
                    g.nodes, g.members_per_node, g.senders_per_node, l.nics_per_node, l.gpus_per_node,
                    op};
  std::uint64_t bits = 0;
  std::memcpy(&bits, &bytes, sizeof bits);
  const std::uint64_t mix = (bits ^ (bits >> 29)) * 0x9E3779B97F4A7C15ull ^
                            static_cast<std::uint64_t>(g.ranks) * 0xC2B2AE3D27D4EB4Full ^
                            static_cast<std::uint64_t>((g.nodes * 31 + g.members_per_node) * 31 + g.senders_per_node) *
                                0x165667B19E3779F9ull ^
                            static_cast<std::uint64_t>(op);
  struct Entry {
    CallKey key{};
    CollectiveTime value;
    bool used = false;
  };
  static std::array<Entry, 1024> memo;
  Entry& e = memo[static_cast<std::size_t>((mix >> 20) % memo.size())];
  if (e.used && e.key == key) return e.value;
  e.value = price(op, bytes, g, l);
  e.key = key, e.used = true;
  return e.value;
}

namespace {

CollectiveTime price(Collective op, double bytes, const GroupPlacement& g, const NetworkLinks& l,
                     const Algorithm* only) {
  const NcclLatencies& lat = nccl_latencies();
  const ProtocolBandwidth& pb = protocol_bandwidth();
  const double n = static_cast<double>(g.ranks);
  const double nodes = static_cast<double>(g.nodes);
  const bool multi = g.nodes > 1;
  const double busbw = group_busbw(g, l);
  CollectiveTime best;
  best.time = -1;
  const auto offer = [&](Algorithm a, Protocol p, double latency_us, double moved, double bw) {
    if (bw <= 0 || (only && a != *only)) return;
    const double latency = l.call_overhead + latency_us * kMicro;
    const double time = latency + moved / bw;
    if (best.time >= 0 && time >= best.time) return;
    best.time = time, best.latency = latency, best.bandwidth = moved / bw;
    best.algorithm = a, best.protocol = p;
  };
  if (g.ranks <= 1 && op != Collective::send_recv) {
    best = CollectiveTime{};
    return best;
  }
  // LL's total bandwidth is capped; NCCL's llMaxBws for Ampere-class hosts (GB/s): one node,
  // two nodes, more. Newer GPUs have higher caps; using Ampere's is conservative for them.
  const double ll_cap = (g.nodes == 1 ? 87.7 : g.nodes == 2 ? 22.5 : 19.0) * 1e9;
  for (int pi = 0; pi < kProtocols; ++pi) {
    const auto p = static_cast<Protocol>(pi);
    double bw = busbw * pb.fraction[static_cast<std::size_t>(pi)];
    if (p == Protocol::ll) bw = std::min(bw, ll_cap);
    const double intra_hop = lat.ring_nvlink[static_cast<std::size_t>(pi)];
    const double net_floor = multi ? kNetOverhead * (p == Protocol::simple ? 3.0 : 1.0) : 0.0;
    // A point-to-point call crosses one network hop, as a tree's does.
    const bool single = g.members_per_node == 1 || op == Collective::send_recv;
    const double inter_hop = (single ? lat.tree_net : lat.ring_net)[static_cast<std::size_t>(pi)];
    switch (op) {
      case Collective::all_reduce: {
        const double steps = 2.0 * (n - 1.0);
        const double inter = multi ? 2.0 * (nodes - 1.0) : 0.0;
        // NCCL's "plateau effect of ring": a multi-node Simple ring all-reduce's latency × 1.4 on
        // compute capability 8.0 and later (1.9 before), unless each channel's share per rank is
        // under 64 B (ncclTopoGetAlgoTime, src/graph/tuning.cc); up to 32 channels assumed.
        const double plateau = multi && p == Protocol::simple && bytes / (32.0 * n) >= 64.0 ? 1.4 : 1.0;
        const double ring_lat = plateau * (lat.ring_base[static_cast<std::size_t>(pi)] +
                                           (steps - inter) * std::max(intra_hop, net_floor) + inter * inter_hop);
        offer(Algorithm::ring, p, ring_lat, bytes * steps / n, bw);
        if (multi) {
          // NCCL's double binary tree: a chain inside each node, a tree of depth log2(nodes) across.
          const double tree_lat = lat.tree_base[static_cast<std::size_t>(pi)] +
                                  2.0 * ((n / nodes - 1.0) * lat.tree_nvlink[static_cast<std::size_t>(pi)] +
                                         std::floor(std::log2(nodes)) * lat.tree_net[static_cast<std::size_t>(pi)]);
          double tree_bw = busbw * (p == Protocol::ll ? 1.0 / 3.8 : p == Protocol::ll128 ? 120.0 / 128.0 : 0.92);
          if (p == Protocol::ll) tree_bw = std::min(tree_bw, ll_cap);
          // algBw = busBw/2: the tree moves twice the buffer's size at busBw.
          offer(Algorithm::tree, p, tree_lat, 2.0 * bytes, tree_bw * tree_correction(p, bytes));
        }
        break;
      }
      case Collective::reduce_scatter:
      case Collective::all_gather: {
        const double steps = n - 1.0;
        const double inter = multi ? nodes - 1.0 : 0.0;
        const double ring_lat = lat.ring_base[static_cast<std::size_t>(pi)] +
                                (steps - inter) * std::max(intra_hop, net_floor) + inter * inter_hop;
        offer(Algorithm::ring, p, ring_lat, bytes * steps / n, bw);
        break;
      }
      case Collective::all_to_all: {
        // Grouped point-to-point: each rank sends (n − 1)/n of what it holds; the part for other
        // nodes leaves through the rank's own share of the NICs, the rest over NVLink.
        const double k = static_cast<double>(g.members_per_node);
        const double nic_share = nics_per_gpu(l.nics_per_node, l.gpus_per_node);
        const double over_nvlink = bytes * (k - 1.0) / n, over_net = multi ? bytes * (n - k) / n : 0.0;
        const double nvlink_bw = l.nvlink_busbw * pb.fraction[static_cast<std::size_t>(pi)];
        const double net_bw = std::max(nic_share, 1e-9) * l.nic_busbw * pb.fraction[static_cast<std::size_t>(pi)];
        const double t = std::max(over_nvlink / nvlink_bw, over_net / net_bw);
        const double a2a_lat = lat.ring_base[static_cast<std::size_t>(pi)] + (multi ? inter_hop : intra_hop);
        const double moved = bytes * (n - 1.0) / n;
        offer(Algorithm::p2p, p, a2a_lat, moved, t > 0 ? moved / t : bw);
        break;
      }
      case Collective::send_recv: {
        const double link =
            multi ? l.nic_busbw * sender_nic_share(g, l.nics_per_node, l.gpus_per_node) : l.nvlink_busbw;
        offer(Algorithm::p2p, p, lat.ring_base[static_cast<std::size_t>(pi)] + (multi ? inter_hop : intra_hop), bytes,
              std::min(link * pb.fraction[static_cast<std::size_t>(pi)], p == Protocol::ll ? ll_cap : 1e300));
        break;
      }
      case Collective::broadcast: {
        // NCCL broadcasts along a ring only, pipelined: nsteps = nRanks, so algBw = busBw, and
        // where every channel follows the same ring (sameChannels, as on NVSwitch nodes) the
        // latency is the base plus one hop, on NVLink or, across nodes, the network's.
        const double hop = (multi ? lat.ring_net : lat.ring_nvlink)[static_cast<std::size_t>(pi)];
        offer(Algorithm::ring, p, lat.ring_base[static_cast<std::size_t>(pi)] + hop, bytes, bw);
        break;
      }
    }
  }
  if (only && best.time < 0) return best;  // that algorithm has no price here
  if (best.time < 0) best.time = 0;
  const double factor = op == Collective::all_reduce                                   ? 2.0 * (n - 1.0) / n
                        : (op == Collective::send_recv || op == Collective::broadcast) ? 1.0
                                                                                       : (n - 1.0) / n;
  best.busbw = best.time > 0 ? bytes * factor / best.time : 0.0;
  return best;
}

}  // namespace

bool nccl_algorithm_time(Collective op, double bytes, const GroupPlacement& g, const NetworkLinks& l, Algorithm a,
                         CollectiveTime& out) {
  if (g.ranks <= 1 && op != Collective::send_recv) return false;
  out = price(op, bytes, g, l, &a);
  return out.time >= 0;
}

}  // namespace atlas
