// The network lab: one collective on a described cluster — NVLink domains of hosts, NICs per
// host on a leaf-and-spine fabric — priced with the planner's NCCL model (network.hpp). The
// fabric adds what the planner leaves out: leaves whose uplinks are oversubscribed, and whether
// a host's NICs sit on one leaf or each on the leaf of its rail.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "atlas/collectives/network.hpp"

namespace atlas {

enum class Fabric : std::uint8_t { rail, one_switch };
const char* fabric_name(Fabric f);

/// A cluster as the lab describes it. Bandwidths are nominal, per direction; the efficiencies
/// turn them into what NCCL reaches at large messages (the hardware presets' fitted figures).
struct Topology {
  std::int64_t nvlink_domain = 8;  // GPUs on one NVLink fabric (8 on an HGX node, 72 in an NVL72 rack)
  std::int64_t gpus_per_host = 8;
  std::int64_t nics_per_host = 8;
  double nic_bandwidth = 50e9;      // B/s per NIC
  double nvlink_bandwidth = 450e9;  // B/s per GPU
  double nvlink_efficiency = 1, nic_efficiency = 1;
  double call_overhead = 0;  // s per call
  Fabric fabric = Fabric::rail;
  double oversubscription = 1;   // host-facing over spine-facing bandwidth of a leaf
  std::int64_t leaf_ports = 32;  // host-facing ports of one leaf switch
  std::int64_t hosts_per_domain() const { return nvlink_domain / gpus_per_host; }
  /// Hosts under one leaf: a rail leaf takes one NIC of each host; a host's own leaf all of them.
  std::int64_t hosts_per_leaf() const;
};

/// The planner's links for this cluster: an NVLink domain is the model's node, its NICs are
/// all its hosts' NICs, each at its nominal bandwidth times the fitted efficiency.
NetworkLinks topology_links(const Topology& t);

/// How the group's traffic between domains crosses the fabric: the share of it that leaves its
/// leaf for the spine, and the fraction of a NIC's bandwidth left when every GPU under the leaf
/// sends at once through uplinks oversubscribed by `oversubscription`: min(1, 1 / (share × o)).
struct FabricShare {
  double crossing = 0;  // of the inter-domain traffic, the part that goes above the leaf
  double factor = 1;    // what multiplies the NIC bandwidth
};
/// `pattern` is the traffic's shape: ring (and broadcast, send-recv), tree, or all-to-all.
enum class TrafficPattern : std::uint8_t { ring, tree, all_to_all };
FabricShare fabric_share(const Topology& t, const GroupPlacement& g, TrafficPattern pattern);
/// The three at once: a call's price reads the one of its algorithm's pattern. They depend on
/// the group's domains, not on its members per domain, so a hierarchical all-reduce's call
/// across the domains reads the same.
struct FabricShares {
  FabricShare ring, tree, all_to_all;
};
FabricShares fabric_shares(const Topology& t, const GroupPlacement& g);

/// What the lab can ask for: NCCL's algorithms the engine models, and one a framework builds
/// from NCCL calls (hierarchical all-reduce). `automatic` is NCCL's choice.
enum class LabAlgorithm : std::uint8_t { automatic, ring, tree, p2p, hierarchical };
const char* lab_algorithm_name(LabAlgorithm a);

/// One algorithm's price of a call, or why it has none.
struct AlgorithmPrice {
  LabAlgorithm algorithm = LabAlgorithm::ring;
  bool available = false;
  std::string why;  // when not available
  CollectiveTime time;
  double fabric_factor = 1;
};

/// The algorithms the model has for a collective, in the page's order.
std::vector<LabAlgorithm> algorithms_for(Collective op);

/// The price of `a` (automatic: the fastest of the others NCCL has, which is nccl_time's choice
/// when the fabric takes nothing away) for `bytes` over the group.
AlgorithmPrice price_algorithm(Collective op, double bytes, const GroupPlacement& g, const Topology& t,
                               const FabricShares& shares, LabAlgorithm a);

}  // namespace atlas
