// The plan's `placement` answer: where every rank sits, which ranks form each group, the link
// each group's collectives cross and what they move per step. The groups are group_axes()'s and
// the links kind_placement()'s, the ones communication.cpp prices, so the map and the step time
// read the same placement.
#include <algorithm>
#include <string>
#include <vector>

#include "atlas/contract/formula.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/placement.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

// Up to this many GPUs every rank and every group is listed; past it each kind of group is
// summarised by link with counts, and only the groups holding the focus rank are described.
constexpr std::int64_t kListLimit = 1024;
// Members walked per kind to count groups by link (every group of two million GPUs).
constexpr std::int64_t kCountBudget = 1 << 21;
// Hosts listed for a focus group (a data-parallel group of a huge job spans thousands).
constexpr std::size_t kMaxFocusHosts = 4096;

struct KindSpec {
  Group group;
  GroupKind listed;  // the groups drawn
  GroupKind priced;  // the groups whose placement the cost reads (a pipeline: one stage pair)
};
constexpr KindSpec kKinds[] = {{Group::TP, GroupKind::tp, GroupKind::tp},
                               {Group::CP, GroupKind::cp, GroupKind::cp},
                               {Group::EP, GroupKind::ep, GroupKind::ep},
                               {Group::DP, GroupKind::dp, GroupKind::dp},
                               {Group::PP, GroupKind::pipeline, GroupKind::stage_pair}};

const char* link_name(std::int64_t ranks, std::int64_t domains) {
  return ranks <= 1 ? "none" : domains > 1 ? "network" : "nvlink";
}

std::int64_t domains_spanned(const std::vector<std::int64_t>& members, std::int64_t per_domain) {
  std::vector<std::int64_t> d;
  d.reserve(members.size());
  for (std::int64_t r : members) d.push_back(r / per_domain);
  std::sort(d.begin(), d.end());
  return static_cast<std::int64_t>(std::unique(d.begin(), d.end()) - d.begin());
}

json coordinates(const Parallel& p, const RankGrid& g, std::int64_t rank) {
  const auto coord = [&](RankDim d) {
    const auto i = static_cast<std::size_t>(d);
    return (rank / g.stride[i]) % g.size[i];
  };
  const std::int64_t ep = coord(RankDim::ep);
  json row{{"tp", coord(RankDim::tp)},
           {"cp", coord(RankDim::cp)},
           {"ep", ep},
           {"dp", ep + g.size[static_cast<std::size_t>(RankDim::ep)] * coord(RankDim::dp)},
           {"pp", coord(RankDim::pp)}};
  if (p.expert_grid()) {
    // The expert grid numbers the stage's block etp-ep-edp (pp is last in the order).
    const std::int64_t local = rank % (p.tp * p.cp * p.dp);
    row["etp"] = local % p.etp;
    row["ep"] = (local / p.etp) % p.ep;
    row["edp"] = local / (p.etp * p.ep);
  }
  return row;
}

// The hosts a group's members sit in, with how many members each holds, in host order.
json hosts_of(const std::vector<std::int64_t>& members, const Hardware& hw) {
  std::vector<std::int64_t> sorted = members;
  std::sort(sorted.begin(), sorted.end());
  json hosts = json::array();
  std::int64_t total = 0;
  for (std::size_t i = 0; i < sorted.size();) {
    const std::int64_t host = sorted[i] / hw.host_size();
    std::size_t j = i;
    while (j < sorted.size() && sorted[j] / hw.host_size() == host) ++j;
    if (hosts.size() < kMaxFocusHosts)
      hosts.push_back(
          {{"node", host}, {"domain", sorted[i] / hw.gpus_per_node}, {"members", static_cast<std::int64_t>(j - i)}});
    ++total, i = j;
  }
  return json{{"hosts", hosts}, {"hosts_total", total}};
}

json collectives_of(Group group, const PlanFigures& f, double& bytes) {
  json list = json::array();
  bytes = 0;
  for (int i = 0; i < f.transfer_count; ++i) {
    const Transfer& t = f.transfers[static_cast<std::size_t>(i)];
    if (t.group != group) continue;
    const double per_step = t.bytes_per_call * t.count_per_step;
    bytes += per_step;
    list.push_back({{"id", t.id},
                    {"name", t.name},
                    {"collective", t.collective},
                    {"group_size", t.group_size},
                    {"link", t.inter_node ? "network" : "nvlink"},
                    {"algorithm", t.algorithm},
                    {"protocol", t.protocol},
                    {"bytes_per_call", t.bytes_per_call},
                    {"bytes_per_step", per_step},
                    {"time_per_step", t.time_per_step},
                    {"exposed_time_per_step", t.exposed_per_step}});
  }
  return list;
}

json kind_json(const PlanInput& in, const PlanFigures& f, const KindSpec& k, std::int64_t focus, bool listed,
               json& groups) {
  const Hardware& hw = in.hardware;
  const GroupAxes axes = group_axes(in.parallel, k.listed);
  const GroupPlacement priced = kind_placement(hw, in.parallel, k.priced);
  const std::int64_t size = axes.ranks();
  const std::int64_t count = hw.gpus / std::max<std::int64_t>(1, size);
  groups = json::array();
  std::int64_t by_link[2] = {0, 0};  // nvlink, network
  std::int64_t most = 1;             // domains the widest group spans
  const std::int64_t walked =
      for_each_group(hw.gpus, axes, listed ? hw.gpus : kCountBudget, [&](const std::vector<std::int64_t>& members) {
        const std::int64_t domains = domains_spanned(members, hw.gpus_per_node);
        most = std::max(most, domains);
        ++by_link[domains > 1 ? 1 : 0];
        if (listed) groups.push_back({{"ranks", members}, {"link", link_name(size, domains)}});
      });
  json links = json::array();
  if (size > 1)
    for (int i = 0; i < 2; ++i)
      if (by_link[i] > 0) links.push_back({{"link", i ? "network" : "nvlink"}, {"count", by_link[i]}});
  std::int64_t index = 0;
  const std::vector<std::int64_t> members = group_of(hw.gpus, axes, focus, &index);
  json focus_json = hosts_of(members, hw);
  focus_json["index"] = index;
  focus_json["link"] = link_name(size, domains_spanned(members, hw.gpus_per_node));
  if (listed) focus_json["ranks"] = members;
  double bytes = 0;
  json collectives = collectives_of(k.group, f, bytes);
  json out{{"size", size},
           {"count", count},
           {"link", link_name(priced.ranks, priced.nodes)},
           {"domains", most},
           {"by_link", links},
           {"walked", walked},
           {"bytes_per_step", bytes},
           {"collectives", collectives},
           {"focus", focus_json}};
  if (k.group == Group::DP && in.parallel.shard_replicas() > 1) {
    const GroupPlacement rep = kind_placement(hw, in.parallel, GroupKind::dp_replicas);
    out["replicas"] = {{"size", rep.ranks}, {"link", link_name(rep.ranks, rep.nodes)}, {"domains", rep.nodes}};
  }
  return out;
}

Formula rank_formula(const PlanInput& in, const RankGrid& g) {
  const Parallel& p = in.parallel;
  Formula f("rank = ");
  bool first = true;
  for (RankDim d : p.order) {
    const auto i = static_cast<std::size_t>(d);
    if (g.size[i] <= 1) continue;
    f << (first ? "" : " + ");
    first = false;
    const bool carved = p.ep > 1 && !p.expert_grid() && (d == RankDim::ep || d == RankDim::dp);
    f << (!carved            ? std::string(rank_dim_name(d))
          : d == RankDim::ep ? "(dp mod ep)"
                             : "⌊dp ÷ ep⌋")
      << " × " << qty::number(static_cast<double>(g.stride[i]));
  }
  if (first) f << "0";
  f << " (order " << rank_order_name(p.order)
    << ", innermost first: each is the rank's coordinate along that dimension times its stride); host = ⌊rank ÷ "
    << qty::number(static_cast<double>(in.hardware.host_size())) << "⌋, NVLink domain = ⌊rank ÷ "
    << qty::number(static_cast<double>(in.hardware.gpus_per_node)) << "⌋";
  if (p.expert_grid())
    f << "; the MoE layers' grid: rank mod " << qty::number(static_cast<double>(p.tp * p.cp * p.dp)) << " = etp + ep × "
      << qty::number(static_cast<double>(p.etp)) << " + edp × " << qty::number(static_cast<double>(p.etp * p.ep))
      << " (order etp-ep-edp inside each stage)";
  return f;
}

}  // namespace

json placement_json(const PlanInput& in, const PlanFigures& f, std::int64_t focus) {
  const Hardware& hw = in.hardware;
  const RankGrid g = rank_grid(in.parallel);
  const bool listed = hw.gpus <= kListLimit;
  json dims = json::array();
  for (RankDim d : in.parallel.order) {
    const auto i = static_cast<std::size_t>(d);
    dims.push_back({{"name", rank_dim_name(d)}, {"size", g.size[i]}, {"stride", g.stride[i]}});
  }
  json out{{"order", rank_order_name(in.parallel.order)},
           {"dimensions", dims},
           {"gpus", hw.gpus},
           {"gpus_per_host", hw.host_size()},
           {"gpus_per_domain", hw.gpus_per_node},
           {"hosts", (hw.gpus + hw.host_size() - 1) / hw.host_size()},
           {"domains", (hw.gpus + hw.gpus_per_node - 1) / hw.gpus_per_node},
           {"limit", kListLimit},
           {"listed", listed},
           {"focus", focus},
           {"formula", rank_formula(in, g)},
           {"rule",
            std::string("Ranks are numbered along the order, its first dimension fastest, so neighbouring ranks differ "
                        "first in that one. A group is on NVLink when all its GPUs share one NVLink domain (the GPUs "
                        "of a node, or the 72 of an NVL72 rack across its hosts) and on the network otherwise. ") +
                (in.parallel.expert_grid()
                     ? "With etp below tp the MoE layers have a grid of their own (Megatron-Core's expert grid): "
                       "each stage's tp × cp × dp ranks are numbered etp-ep-edp, etp fastest, so an expert-parallel "
                       "group is ep ranks etp apart and an expert's etp ranks are neighbours; the attention groups "
                       "are as the order says, and a data-parallel group spans cp and dp."
                     : "EP is carved out of DP: ep neighbouring data-parallel replicas (along the order's ep "
                       "dimension) form an expert-parallel group, the dp dimension counts the dp ÷ ep sets of them, "
                       "and a data-parallel group spans cp, ep and dp.")},
           {"scope",
            "Two tiers: NVLink inside a domain, the network between domains. Racks, a spine, rail-optimised wiring and "
            "congestion between groups are not modelled, so every group that leaves its domain sees the same network. "
            "A kind's link is the one its priced collectives cross: for pipeline sends, the timed stage's (the first "
            "or the last) with its neighbour."}};
  if (listed) {
    json ranks = json::array();
    for (std::int64_t r = 0; r < hw.gpus; ++r) {
      json row = coordinates(in.parallel, g, r);
      row["rank"] = r, row["node"] = r / hw.host_size(), row["domain"] = r / hw.gpus_per_node;
      ranks.push_back(std::move(row));
    }
    out["ranks"] = std::move(ranks);
  }
  json kinds = json::object(), groups = json::object();
  for (const KindSpec& k : kKinds) {
    json listing;
    kinds[group_name(k.group)] = kind_json(in, f, k, focus, listed, listing);
    if (listed) groups[group_name(k.group)] = std::move(listing);
  }
  out["kinds"] = std::move(kinds);
  if (listed) out["groups"] = std::move(groups);
  return out;
}

}  // namespace atlas
