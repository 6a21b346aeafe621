// `collective`: one collective call on a described cluster, priced with the planner's NCCL model
// (network_lab.hpp): its time, what NCCL would pick, every algorithm the model has for it and
// the curve of each against message size. Bus bandwidth follows nccl-tests' definitions.
#include <cmath>
#include <string>

#include "atlas/collectives/network_lab.hpp"
#include "atlas/content/presets.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/contract/formula.hpp"

namespace atlas {

namespace {

constexpr std::int64_t kMaxLabRanks = 8192;
constexpr double kMaxCallBytes = 1e12;
constexpr int kMaxPoints = 200;
constexpr double kMaxHosts = 1048576;

// A compute tray of GB200 NVL72 holds 4 GPUs (NVIDIA GB200 NVL72: 18 compute trays, 72 GPUs);
// an HGX node is one host.
std::int64_t preset_gpus_per_host(std::int64_t gpus_per_node) { return gpus_per_node <= 8 ? gpus_per_node : 4; }

// The topology a hardware preset implies, with the request's own keys laid over it.
std::optional<json> merged_topology(const json& request, Problems& problems) {
  const Fields root(request, "", problems);
  const json* given = root.object("topology", true);
  if (!given) return std::nullopt;
  json merged = json::object();
  if (given->contains("preset")) {
    const Fields f(*given, "/topology", problems);
    auto id = f.string("preset", 100);
    if (!id) return std::nullopt;
    const json* hw = find_preset("hardware", *id);
    if (!hw) {
      std::string list;
      for (const auto& p : preset_catalog()["hardware"]) list += (list.empty() ? "" : ", ") + p.value("id", "");
      problems.error("unknown_preset", "No hardware preset \"" + *id + "\"; presets: " + list + ".",
                     "/topology/preset");
      return std::nullopt;
    }
    const std::int64_t gpn = hw->value("gpus_per_node", 8);
    const std::int64_t nics = std::max<std::int64_t>(1, hw->value("nics_per_node", gpn));
    // The request's own GPUs per host, when it is one the reader will accept, sets the NICs
    // per host; anything else is the reader's to report.
    std::int64_t per_host = preset_gpus_per_host(gpn);
    if (const auto it = given->find("gpus_per_host"); it != given->end() && it->is_number_integer()) {
      const auto asked = it->get<std::int64_t>();
      if (asked >= 1 && asked <= 72) per_host = asked;
    }
    const json eff = hw->value("efficiencies", json::object());
    merged = {
        {"nvlink_domain", gpn},
        {"gpus_per_host", per_host},
        {"nics_per_host", std::max<std::int64_t>(1, nics * per_host / gpn)},
        {"nic_bandwidth", hw->value("inter_bandwidth", 0.0) * static_cast<double>(gpn) / static_cast<double>(nics)},
        {"nvlink_bandwidth", hw->value("intra_bandwidth", 0.0)},
        {"nvlink_efficiency", eff.value("intra", 1.0)},
        {"nic_efficiency", eff.value("inter", 1.0)},
        {"latency", hw->value("latency", 0.0)}};
  }
  for (auto it = given->begin(); it != given->end(); ++it)
    if (it.key() != "preset") merged[it.key()] = it.value();
  return merged;
}

std::optional<Topology> read_topology(const json& request, Problems& problems) {
  const std::size_t before = problems.errors().size();
  auto merged = merged_topology(request, problems);
  if (!merged) return std::nullopt;
  if (request["topology"].is_object())
    Fields(request["topology"], "/topology", problems)
        .warn_unknown({"preset", "nvlink_domain", "gpus_per_host", "nics_per_host", "nic_bandwidth", "nvlink_bandwidth",
                       "nvlink_efficiency", "nic_efficiency", "latency", "fabric", "oversubscription", "leaf_ports"});
  const Fields f(*merged, "/topology", problems);
  const Range fraction{0, 1, true};
  auto domain = f.integer("nvlink_domain", {1, 1024});
  auto per_host = f.integer("gpus_per_host", {1, 72});
  auto nics = f.integer("nics_per_host", {1, 64});
  auto nic = f.number("nic_bandwidth", {1e6, 1e13, false, false, "B/s"});
  auto nvlink = f.number("nvlink_bandwidth", {1e6, 1e14, false, false, "B/s"});
  auto nvlink_eff = f.number("nvlink_efficiency", fraction);
  auto nic_eff = f.number("nic_efficiency", fraction);
  auto latency = f.number("latency", {0, 1, false, false, "s"});
  auto fabric = f.choice("fabric", {"rail", "one-switch"}, std::string("rail"));
  auto over = f.number("oversubscription", {1, 64}, 1.0);
  auto ports = f.integer("leaf_ports", {1, 1024}, 32);
  if (domain && per_host && *domain % *per_host != 0)
    problems.error("hosts_not_divisible",
                   "An NVLink domain of " + std::to_string(*domain) + " GPUs is not a whole number of hosts of " +
                       std::to_string(*per_host) + " GPUs.",
                   "/topology/gpus_per_host");
  if (fabric && ports && nics && *fabric == "one-switch" && *ports < *nics)
    problems.error("leaf_too_small",
                   "A leaf switch with " + std::to_string(*ports) + " host ports cannot take all " +
                       std::to_string(*nics) + " NICs of one host.",
                   "/topology/leaf_ports");
  if (problems.errors().size() != before) return std::nullopt;
  Topology t;
  t.nvlink_domain = *domain, t.gpus_per_host = *per_host, t.nics_per_host = *nics;
  t.nic_bandwidth = *nic, t.nvlink_bandwidth = *nvlink, t.nvlink_efficiency = *nvlink_eff, t.nic_efficiency = *nic_eff;
  t.call_overhead = *latency, t.fabric = *fabric == "rail" ? Fabric::rail : Fabric::one_switch;
  t.oversubscription = *over, t.leaf_ports = *ports;
  return t;
}

const char* const kCollectives[] = {"all-reduce", "all-gather", "reduce-scatter",
                                    "all-to-all", "broadcast",  "send-recv"};
Collective collective_from(const std::string& name) {
  if (name == "all-reduce") return Collective::all_reduce;
  if (name == "all-gather") return Collective::all_gather;
  if (name == "reduce-scatter") return Collective::reduce_scatter;
  if (name == "all-to-all") return Collective::all_to_all;
  if (name == "broadcast") return Collective::broadcast;
  return Collective::send_recv;
}

// NCCL's algorithms the engine does not price (src/graph/tuning.cc, NCCL 2.30): asked for,
// they are an error that says what NCCL does instead of a number.
struct Unmodelled {
  const char* name;
  const char* label;
  const char* what;
};
const Unmodelled kUnmodelled[] = {
    {"nvls", "NVLS",
     "NVLink SHARP: the NVSwitch itself reduces and multicasts. NCCL uses it for all-reduce, and for all-gather and "
     "reduce-scatter inside one NVLink domain, on Hopper and later GPUs with NVSwitch."},
    {"nvls-tree", "NVLS tree", "NVLS inside each NVLink domain with a tree across them, for all-reduce."},
    {"collnet", "CollNet",
     "In-network reduction by switches that support it (InfiniBand SHARP), for all-reduce, and all-gather and "
     "reduce-scatter with one GPU per NIC."},
    {"pat", "PAT",
     "Parallel aggregated trees, for all-gather and reduce-scatter with one GPU per node (NCCL 2.23 and later)."},
};

// nccl-tests' bus bandwidth factor (doc/PERFORMANCE.md).
double bus_factor(Collective op, double n) {
  if (op == Collective::all_reduce) return 2.0 * (n - 1.0) / n;
  if (op == Collective::broadcast || op == Collective::send_recv) return 1.0;
  return (n - 1.0) / n;
}

json price_json(const AlgorithmPrice& p, const FabricShares& s, Collective op) {
  json out{{"name", lab_algorithm_name(p.algorithm)}, {"available", p.available}};
  if (!p.available) {
    out["why"] = p.why;
    return out;
  }
  const FabricShare& share = op == Collective::all_to_all          ? s.all_to_all
                             : p.time.algorithm == Algorithm::tree ? s.tree
                                                                   : s.ring;
  out.update({{"time", p.time.time},
              {"latency", p.time.latency},
              {"protocol", protocol_name(p.time.protocol)},
              {"nccl_algorithm", algorithm_name(p.time.algorithm)},
              {"busbw", p.time.busbw},
              {"fabric_factor", p.fabric_factor},
              {"crossing", share.crossing}});
  return out;
}

json scope() {
  return json::array(
      {"Priced with the split explorer's NCCL model: NCCL's tuning model and latency tables, with the bandwidths "
       "NCCL reaches fitted on published nccl-tests runs, and a per-call overhead.",
       "The group fills whole NVLink domains laid out from the first host of a leaf switch, and every other GPU runs "
       "a group of the same shape at the same moment: the cluster is full.",
       "Oversubscription: a leaf's uplinks carry the part of its hosts' traffic that goes to other leaves; when that "
       "part times the oversubscription is above 1, every NIC under the leaf slows to fit, and the busiest leaf sets "
       "the pace. With oversubscription 1, or no traffic above a leaf, the lab's figures are the split explorer's, "
       "which has no fabric above the NICs.",
       "Rail-optimised: NIC k of every host on leaf k, so a leaf spans as many hosts as it has ports; one switch: all "
       "of a host's NICs on one leaf, which then spans ports ÷ NICs per host hosts. NCCL keeps rings and trees on one "
       "rail, and PXN moves all-to-all traffic over NVLink onto the receiver's rail first.",
       "Not modelled: NVLS, NVLS tree, CollNet and PAT (listed with what NCCL does), other jobs' traffic, adaptive "
       "routing, and NCCL's choice of channels beyond its fitted bandwidths."});
}

LabAlgorithm lab_algorithm_from(const std::string& name) {
  for (LabAlgorithm a :
       {LabAlgorithm::automatic, LabAlgorithm::ring, LabAlgorithm::tree, LabAlgorithm::p2p, LabAlgorithm::hierarchical})
    if (name == lab_algorithm_name(a)) return a;
  return LabAlgorithm::automatic;
}

}  // namespace

json cmd_collective(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  Fields f(request, "", problems);
  f.warn_unknown({"collective", "bytes", "ranks", "ranks_per_domain", "topology", "algorithm", "sweep"});
  auto name = f.choice("collective", {kCollectives[0], kCollectives[1], kCollectives[2], kCollectives[3],
                                      kCollectives[4], kCollectives[5]});
  auto bytes = f.number("bytes", {0, kMaxCallBytes, true, false, "B"});
  auto ranks = f.integer("ranks", {2, static_cast<double>(kMaxLabRanks)});
  auto topology = read_topology(request, problems);
  std::optional<std::int64_t> per_domain;
  if (f.has("ranks_per_domain")) per_domain = f.integer("ranks_per_domain", {1, 1024});
  std::optional<std::string> algorithm = f.string("algorithm", 100, std::string("auto"));
  if (algorithm) {
    bool known = false;
    for (LabAlgorithm a : {LabAlgorithm::automatic, LabAlgorithm::ring, LabAlgorithm::tree, LabAlgorithm::p2p,
                           LabAlgorithm::hierarchical})
      known = known || *algorithm == lab_algorithm_name(a);
    for (const Unmodelled& u : kUnmodelled)
      if (*algorithm == u.name) {
        problems.error("algorithm_not_modelled",
                       std::string(u.label) + " is one of NCCL's algorithms the engine does not model: " + u.what +
                           " Ask for auto, ring, tree, point-to-point or hierarchical.",
                       "/algorithm");
        known = true;
      }
    if (!known)
      problems.error("unknown_value",
                     "'algorithm' is \"" + quote_cut(*algorithm) +
                         "\"; expected one of: auto, ring, tree, point-to-point, hierarchical (NCCL's nvls, "
                         "nvls-tree, collnet and pat are named but not modelled).",
                     "/algorithm");
  }
  const Fields sweep = f.section("sweep", false);
  sweep.warn_unknown({"from", "to", "points"});
  auto from = sweep.number("from", {0, kMaxCallBytes, true, false, "B"}, 8.0);
  auto to = sweep.number("to", {0, kMaxCallBytes, true, false, "B"}, 8589934592.0);
  auto points = sweep.integer("points", {2, kMaxPoints}, 41);
  if (from && to && *from >= *to) problems.error("out_of_range", "'sweep.to' must be above 'sweep.from'.", "/sweep/to");
  if (ranks && topology) {
    const std::int64_t fallback = std::min(*ranks, topology->nvlink_domain);
    if (!f.has("ranks_per_domain")) per_domain = fallback;
    if (per_domain && *per_domain > topology->nvlink_domain)
      problems.error("out_of_range",
                     "'ranks_per_domain' is " + std::to_string(*per_domain) + ", more than the NVLink domain's " +
                         std::to_string(topology->nvlink_domain) + " GPUs.",
                     "/ranks_per_domain");
    else if (per_domain && (*per_domain > *ranks || *ranks % *per_domain != 0))
      problems.error("not_divisible",
                     std::to_string(*ranks) + " ranks do not fill NVLink domains of " + std::to_string(*per_domain) +
                         " ranks each.",
                     "/ranks_per_domain");
  }
  // The fabric is counted host by host: a bound on that walk (a million hosts is far beyond any
  // cluster built).
  if (ranks && topology && per_domain && problems.ok()) {
    const double hosts = static_cast<double>(*ranks / *per_domain) * static_cast<double>(topology->hosts_per_domain());
    if (hosts > kMaxHosts)
      problems.error("too_large",
                     "The group spans " + format_number(hosts) + " hosts; the lab counts at most " +
                         format_number(kMaxHosts) + ". Put more of its GPUs in each domain or host.",
                     "/ranks");
  }
  if (name && *name == "send-recv" && ranks && *ranks != 2)
    problems.error("out_of_range", "A send-recv is between 2 ranks.", "/ranks");
  if (!problems.ok()) return {};

  const Collective op = collective_from(*name);
  const LabAlgorithm asked = lab_algorithm_from(*algorithm);
  const Topology& t = *topology;
  // As the planner's place_group() has it: a group inside one domain keeps the default members
  // count (NVLink carries everything), one across domains has per_domain in each.
  GroupPlacement g{*ranks, *ranks / *per_domain, *per_domain, op == Collective::send_recv ? *per_domain : 0};
  if (g.nodes == 1) g.members_per_node = 1, g.senders_per_node = 0;
  const FabricShares shares = fabric_shares(t, g);
  const AlgorithmPrice chosen = price_algorithm(op, *bytes, g, t, shares, asked);
  const AlgorithmPrice nccl = price_algorithm(op, *bytes, g, t, shares, LabAlgorithm::automatic);
  if (!chosen.available) {
    problems.error("algorithm_unavailable", chosen.why, "/algorithm");
    return {};
  }
  const double n = static_cast<double>(g.ranks);
  const CollectiveTime& c = chosen.time;
  const NetworkLinks links = topology_links(t);
  const double factor = bus_factor(op, n);

  json algorithms = json::array();
  for (LabAlgorithm a : algorithms_for(op))
    algorithms.push_back(price_json(price_algorithm(op, *bytes, g, t, shares, a), shares, op));

  // The curves: every available algorithm's time at each size, NCCL's pick, and the bus
  // bandwidth of the one asked for.
  json xs = json::array(), picks = json::array(), busbw = json::array(), algbw = json::array(), times = json::object();
  for (LabAlgorithm a : algorithms_for(op)) {
    if (!price_algorithm(op, *bytes, g, t, shares, a).available) continue;
    times[lab_algorithm_name(a)] = json::array();
  }
  const double ratio = std::pow(*to / *from, 1.0 / static_cast<double>(*points - 1));
  for (int i = 0; i < *points; ++i) {
    const double x = i == *points - 1 ? *to : *from * std::pow(ratio, i);
    xs.push_back(x);
    for (LabAlgorithm a : algorithms_for(op)) {
      const std::string key = lab_algorithm_name(a);
      if (times.contains(key)) times[key].push_back(price_algorithm(op, x, g, t, shares, a).time.time);
    }
    const AlgorithmPrice pick = price_algorithm(op, x, g, t, shares, LabAlgorithm::automatic);
    picks.push_back(lab_algorithm_name(pick.algorithm));
    const AlgorithmPrice mine = asked == LabAlgorithm::automatic ? pick : price_algorithm(op, x, g, t, shares, asked);
    busbw.push_back(mine.time.busbw);
    algbw.push_back(mine.time.time > 0 ? x / mine.time.time : 0.0);
  }

  const FabricShare& share = op == Collective::all_to_all     ? shares.all_to_all
                             : c.algorithm == Algorithm::tree ? shares.tree
                                                              : shares.ring;
  const double used_nics = nic_share(g, links.nics_per_node, links.gpus_per_node);
  Formula time_formula;
  time_formula << "time = latency + bytes × bus factor ÷ the bus bandwidth the links carry = "
               << qty::seconds(c.latency) << " + " << qty::bytes(*bytes) << " × " << qty::number(factor) << " ÷ "
               << qty::bytes_per_second(c.bandwidth > 0 ? *bytes * factor / c.bandwidth : 0.0) << " = "
               << qty::seconds(c.time);
  Formula busbw_formula;
  busbw_formula << "bus bandwidth = bytes × bus factor ÷ time = " << qty::bytes(*bytes) << " × " << qty::number(factor)
                << " ÷ " << qty::seconds(c.time) << " = "
                << qty::bytes_per_second(c.time > 0 ? *bytes * factor / c.time : 0.0);
  Formula fabric_formula;
  fabric_formula << "a NIC's share = NIC bandwidth × efficiency × min(1, 1 ÷ (share of traffic above the leaf × "
                    "oversubscription)) = "
                 << qty::bytes_per_second(t.nic_bandwidth) << " × " << qty::fraction(t.nic_efficiency)
                 << " × min(1, 1 ÷ (" << qty::fraction(share.crossing) << " × " << qty::number(t.oversubscription)
                 << ")) = " << qty::bytes_per_second(links.nic_busbw * chosen.fabric_factor);
  Formula group_formula;
  if (g.nodes > 1)
    group_formula << "bandwidth between domains = min(NVLink, NICs the group has in a domain × a NIC's share) = min("
                  << qty::bytes_per_second(links.nvlink_busbw) << ", " << qty::number(used_nics) << " × "
                  << qty::bytes_per_second(links.nic_busbw * chosen.fabric_factor) << ") = "
                  << qty::bytes_per_second(
                         std::min(links.nvlink_busbw, used_nics * links.nic_busbw * chosen.fabric_factor));
  else
    group_formula << "inside one NVLink domain the group's links are NVLink's: bandwidth × efficiency = "
                  << qty::bytes_per_second(t.nvlink_bandwidth) << " × " << qty::fraction(t.nvlink_efficiency) << " = "
                  << qty::bytes_per_second(links.nvlink_busbw);
  json formulas = json::object();
  to_json(formulas["time"], time_formula);
  to_json(formulas["busbw"], busbw_formula);
  to_json(formulas["fabric"], fabric_formula);
  to_json(formulas["between_domains"], group_formula);

  json not_modelled = json::array();
  for (const Unmodelled& u : kUnmodelled)
    not_modelled.push_back({{"name", u.name}, {"label", u.label}, {"what", u.what}});

  return json{{"collective", *name},
              {"bytes", *bytes},
              {"ranks", *ranks},
              {"requested", *algorithm},
              {"time", c.time},
              {"latency", c.latency},
              {"bandwidth_time", c.bandwidth},
              {"latency_share", c.time > 0 ? c.latency / c.time : 0.0},
              {"algorithm", lab_algorithm_name(chosen.algorithm)},
              {"protocol", protocol_name(c.protocol)},
              {"busbw", c.busbw},
              {"algbw", c.time > 0 ? *bytes / c.time : 0.0},
              {"bus_factor", factor},
              {"nccl_choice", lab_algorithm_name(nccl.algorithm)},
              {"nccl_time", nccl.time.time},
              {"placement",
               {{"ranks", g.ranks},
                {"domains", g.nodes},
                {"ranks_per_domain", *per_domain},
                {"hosts_per_domain", t.hosts_per_domain()},
                {"nics_used_per_domain", used_nics}}},
              {"topology",
               {{"nvlink_domain", t.nvlink_domain},
                {"gpus_per_host", t.gpus_per_host},
                {"nics_per_host", t.nics_per_host},
                {"nic_bandwidth", t.nic_bandwidth},
                {"nvlink_bandwidth", t.nvlink_bandwidth},
                {"nvlink_efficiency", t.nvlink_efficiency},
                {"nic_efficiency", t.nic_efficiency},
                {"latency", t.call_overhead},
                {"fabric", fabric_name(t.fabric)},
                {"oversubscription", t.oversubscription},
                {"leaf_ports", t.leaf_ports},
                {"hosts_per_leaf", t.hosts_per_leaf()}}},
              {"links",
               {{"nvlink_busbw", links.nvlink_busbw},
                {"nic_busbw", links.nic_busbw},
                {"nics_per_domain", links.nics_per_node}}},
              {"fabric", {{"crossing", share.crossing}, {"factor", chosen.fabric_factor}}},
              {"algorithms", algorithms},
              {"curve", {{"bytes", xs}, {"time", times}, {"nccl_choice", picks}, {"busbw", busbw}, {"algbw", algbw}}},
              {"formulas", formulas},
              {"not_modelled", not_modelled},
              {"scope", scope()},
              {"units", {{"bytes", "B"}, {"time", "s"}, {"busbw", "B/s"}, {"algbw", "B/s"}}}};
}

}  // namespace atlas
