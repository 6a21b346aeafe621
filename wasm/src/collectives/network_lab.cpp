// The network lab's cluster: the planner's NCCL model on links derived from hosts and NICs, with
// the leaf-and-spine fabric between the NVLink domains counted from where each algorithm's
// traffic goes. Trees are NCCL's double binary tree (src/graph/trees.cc, ncclGetDtree).
#include "atlas/collectives/network_lab.hpp"

#include <algorithm>
#include <cmath>

namespace atlas {

const char* fabric_name(Fabric f) { return f == Fabric::rail ? "rail" : "one-switch"; }

const char* lab_algorithm_name(LabAlgorithm a) {
  static const char* const kNames[] = {"auto", "ring", "tree", "point-to-point", "hierarchical"};
  return kNames[static_cast<int>(a)];
}

std::int64_t Topology::hosts_per_leaf() const {
  return fabric == Fabric::rail ? leaf_ports : std::max<std::int64_t>(1, leaf_ports / nics_per_host);
}

NetworkLinks topology_links(const Topology& t) {
  NetworkLinks l;
  l.gpus_per_node = t.nvlink_domain;
  l.nics_per_node = t.hosts_per_domain() * t.nics_per_host;
  l.nvlink_busbw = t.nvlink_bandwidth * t.nvlink_efficiency;
  l.nic_busbw = t.nic_bandwidth * t.nic_efficiency;
  l.call_overhead = t.call_overhead;
  return l;
}

namespace {

// The group fills `domains` whole NVLink domains laid out from the first host of a leaf, every
// host busy with a group of this shape (the cluster is full). Each leaf's uplinks carry what its
// hosts send to hosts under other leaves; the step waits for the busiest leaf, so the share is
// the largest of any leaf: crossing sends ÷ all sends of its hosts. Hosts are visited in order,
// so one leaf is counted at a time.
class BusiestLeaf {
 public:
  void add(std::int64_t leaf, double amount, double crossing) {
    if (leaf != leaf_) close(), leaf_ = leaf;
    sent_ += amount, crossing_ += crossing;
  }
  double share() {
    close();
    return share_;
  }

 private:
  void close() {
    if (sent_ > 0) share_ = std::max(share_, crossing_ / sent_);
    sent_ = crossing_ = 0;
  }
  std::int64_t leaf_ = -1;
  double sent_ = 0, crossing_ = 0, share_ = 0;
};

// The parent and children of `rank` in NCCL's binary tree over n ranks (ncclGetBtree).
void btree_links(std::int64_t n, std::int64_t rank, std::vector<std::int64_t>& out) {
  std::int64_t bit = 1;
  while (bit < n && !(bit & rank)) bit <<= 1;
  if (rank == 0) {
    if (n > 1) out.push_back(bit >> 1);
    return;
  }
  std::int64_t up = (rank ^ bit) | (bit << 1);
  if (up >= n) up = rank ^ bit;
  out.push_back(up);
  std::int64_t low = bit >> 1;
  if (low == 0) return;
  out.push_back(rank - low);
  while (low > 0 && rank + low >= n) low >>= 1;
  if (low > 0) out.push_back(rank + low);
}

// The domains each domain sends to: the next one round a ring, or its neighbours in both trees
// of NCCL's double binary tree (the second mirrored for an even count, shifted by one for an odd
// one: ncclGetDtree), each tree edge carrying data both ways.
std::vector<std::vector<std::int64_t>> domain_links(std::int64_t domains, TrafficPattern pattern) {
  std::vector<std::vector<std::int64_t>> out(static_cast<std::size_t>(domains));
  for (std::int64_t r = 0; r < domains; ++r) {
    auto& to = out[static_cast<std::size_t>(r)];
    if (pattern == TrafficPattern::ring) {
      to.push_back((r + 1) % domains);
      continue;
    }
    btree_links(domains, r, to);
    std::vector<std::int64_t> second;
    const bool mirror = domains % 2 == 0;
    btree_links(domains, mirror ? domains - 1 - r : (r - 1 + domains) % domains, second);
    for (std::int64_t x : second) to.push_back(mirror ? domains - 1 - x : (x + 1) % domains);
  }
  return out;
}

}  // namespace

FabricShare fabric_share(const Topology& t, const GroupPlacement& g, TrafficPattern pattern) {
  FabricShare s;
  if (g.nodes <= 1) return s;
  const std::int64_t hd = t.hosts_per_domain(), hl = t.hosts_per_leaf();
  const std::int64_t hosts = g.nodes * hd;
  BusiestLeaf leaves;
  if (pattern == TrafficPattern::all_to_all) {
    // A host sends alike to every host of the other domains (NCCL's PXN moves a message over
    // NVLink to the GPU on the receiver's rail first, so it leaves on that rail). Under one
    // leaf, a host of domain d reaches without the spine the leaf's hosts of other domains.
    const double others = static_cast<double>(hosts - hd);
    for (std::int64_t first = 0; first < hosts; first += hl) {
      const std::int64_t last = std::min(hosts, first + hl);
      const double under = static_cast<double>(last - first);
      for (std::int64_t d = first / hd; d * hd < last; ++d) {
        const double c = static_cast<double>(std::min(last, (d + 1) * hd) - std::max(first, d * hd));
        leaves.add(first / hl, c * others, c * (others - (under - c)));
      }
    }
  } else {
    // A link between two domains joins the hosts at the same place in each: the GPUs of one rank
    // position, on one rail.
    const auto links = domain_links(g.nodes, pattern);
    for (std::int64_t a = 0; a < hosts; ++a) {
      const std::int64_t d = a / hd, o = a % hd;
      for (std::int64_t to : links[static_cast<std::size_t>(d)]) leaves.add(a / hl, 1.0, (to * hd + o) / hl != a / hl);
    }
  }
  s.crossing = leaves.share();
  const double load = s.crossing * t.oversubscription;
  s.factor = load > 1.0 ? 1.0 / load : 1.0;
  return s;
}

FabricShares fabric_shares(const Topology& t, const GroupPlacement& g) {
  return {fabric_share(t, g, TrafficPattern::ring), fabric_share(t, g, TrafficPattern::tree),
          fabric_share(t, g, TrafficPattern::all_to_all)};
}

std::vector<LabAlgorithm> algorithms_for(Collective op) {
  switch (op) {
    case Collective::all_reduce:
      return {LabAlgorithm::ring, LabAlgorithm::tree, LabAlgorithm::hierarchical};
    case Collective::all_to_all:
    case Collective::send_recv:
      return {LabAlgorithm::p2p};
    default:
      return {LabAlgorithm::ring};
  }
}

namespace {

const FabricShare& share_of(const FabricShares& s, Collective op, LabAlgorithm a) {
  if (op == Collective::all_to_all) return s.all_to_all;
  return a == LabAlgorithm::tree ? s.tree : s.ring;
}

Algorithm nccl_algorithm(LabAlgorithm a) {
  return a == LabAlgorithm::tree ? Algorithm::tree : a == LabAlgorithm::p2p ? Algorithm::p2p : Algorithm::ring;
}

std::string unavailable_reason(Collective op, const GroupPlacement& g, LabAlgorithm a) {
  const std::string name = collective_name(op);
  const std::vector<LabAlgorithm> has = algorithms_for(op);
  if (std::find(has.begin(), has.end(), a) == has.end()) {
    if (a == LabAlgorithm::p2p) return "NCCL runs " + name + " as a collective kernel, not as point-to-point sends.";
    if (has.front() == LabAlgorithm::p2p) return "NCCL runs " + name + " as point-to-point sends, not a ring or tree.";
    if (a == LabAlgorithm::tree) return "NCCL has no tree for " + name + "; it runs a ring.";
    return "The hierarchical scheme is an all-reduce.";
  }
  if (a == LabAlgorithm::tree)
    return "The model prices NCCL's tree only across NVLink domains; inside one it keeps the ring.";
  if (g.nodes <= 1) return "It needs a group that spans more than one NVLink domain.";
  return "It needs more than one member of the group in each NVLink domain.";
}

// Reduce-scatter inside each domain, all-reduce of 1/k of the buffer across domains (k groups at
// once, one member per domain each), all-gather inside each domain: three NCCL calls, as
// frameworks build it (Horovod's hierarchical all-reduce).
AlgorithmPrice hierarchical(double bytes, const GroupPlacement& g, const Topology& t, const FabricShares& s) {
  AlgorithmPrice out;
  out.algorithm = LabAlgorithm::hierarchical;
  const double k = static_cast<double>(g.members_per_node);
  const GroupPlacement inside{g.members_per_node, 1, 1, 0};  // place_group's form of a group in one node
  const GroupPlacement across{g.nodes, g.nodes, 1, 0};
  const AlgorithmPrice rs = price_algorithm(Collective::reduce_scatter, bytes, inside, t, s, LabAlgorithm::automatic);
  const AlgorithmPrice ar = price_algorithm(Collective::all_reduce, bytes / k, across, t, s, LabAlgorithm::automatic);
  const AlgorithmPrice ag = price_algorithm(Collective::all_gather, bytes, inside, t, s, LabAlgorithm::automatic);
  CollectiveTime& c = out.time;
  c.time = rs.time.time + ar.time.time + ag.time.time;
  c.latency = rs.time.latency + ar.time.latency + ag.time.latency;
  c.bandwidth = rs.time.bandwidth + ar.time.bandwidth + ag.time.bandwidth;
  c.algorithm = ar.time.algorithm, c.protocol = ar.time.protocol;
  const double n = static_cast<double>(g.ranks);
  c.busbw = c.time > 0 ? bytes * 2.0 * (n - 1.0) / n / c.time : 0.0;
  out.fabric_factor = ar.fabric_factor;
  out.available = true;
  return out;
}

}  // namespace

AlgorithmPrice price_algorithm(Collective op, double bytes, const GroupPlacement& g, const Topology& t,
                               const FabricShares& shares, LabAlgorithm a) {
  if (a == LabAlgorithm::automatic) {
    AlgorithmPrice best;
    for (LabAlgorithm x : algorithms_for(op)) {
      if (x == LabAlgorithm::hierarchical) continue;  // a framework's scheme, not NCCL's choice
      const AlgorithmPrice p = price_algorithm(op, bytes, g, t, shares, x);
      if (p.available && (!best.available || p.time.time < best.time.time)) best = p;
    }
    return best;
  }
  AlgorithmPrice out;
  out.algorithm = a;
  const std::vector<LabAlgorithm> has = algorithms_for(op);
  const bool listed = std::find(has.begin(), has.end(), a) != has.end();
  if (listed && a == LabAlgorithm::hierarchical) {
    if (g.nodes > 1 && g.members_per_node > 1) return hierarchical(bytes, g, t, shares);
  } else if (listed) {
    const FabricShare& share = share_of(shares, op, a);
    NetworkLinks links = topology_links(t);
    links.nic_busbw *= share.factor;
    out.fabric_factor = share.factor;
    out.available = nccl_algorithm_time(op, bytes, g, links, nccl_algorithm(a), out.time);
    if (out.available) return out;
  }
  out.available = false;
  out.why = unavailable_reason(op, g, a);
  out.time = CollectiveTime{};
  return out;
}

}  // namespace atlas
