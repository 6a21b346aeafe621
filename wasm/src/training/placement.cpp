// The rank grid of a split and the groups its collectives run in (placement.hpp).
#include "atlas/training/placement.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace atlas {

const char* rank_dim_name(RankDim d) {
  static const char* const kNames[] = {"tp", "cp", "ep", "dp", "pp"};
  return kNames[static_cast<int>(d)];
}

std::string rank_order_name(const RankOrder& order) {
  std::string out;
  for (RankDim d : order) out += (out.empty() ? "" : "-") + std::string(rank_dim_name(d));
  return out;
}

std::optional<RankOrder> read_rank_order(const Fields& p) {
  if (!p.has("order")) return kMegatronOrder;
  const auto text = p.string("order", 64);
  if (!text) return std::nullopt;
  const std::string at = p.path_of("order");
  const std::string how =
      " Name each of tp, cp, ep, dp and pp once, innermost (fastest-varying) first, joined by \"-\": "
      "Megatron's default is \"tp-cp-ep-dp-pp\".";
  std::array<bool, kRankDims> seen{};
  RankOrder order = kMegatronOrder;
  int count = 0;
  std::string_view rest(*text);
  while (true) {
    const std::size_t cut = rest.find('-');
    const std::string_view token = rest.substr(0, cut);
    int dim = -1;
    for (int d = 0; d < kRankDims; ++d)
      if (token == rank_dim_name(static_cast<RankDim>(d))) dim = d;
    if (dim < 0) {
      p.problems().error("order_unknown_dimension",
                         "The order names \"" + quote_cut(token, 20) + "\", which is not a dimension." + how, at);
      return std::nullopt;
    }
    if (seen[static_cast<std::size_t>(dim)]) {
      p.problems().error("order_repeated_dimension", "The order names " + std::string(token) + " more than once." + how,
                         at);
      return std::nullopt;
    }
    seen[static_cast<std::size_t>(dim)] = true;
    order[static_cast<std::size_t>(count++)] = static_cast<RankDim>(dim);
    if (cut == std::string_view::npos) break;
    rest.remove_prefix(cut + 1);
  }
  for (int d = 0; d < kRankDims; ++d)
    if (!seen[static_cast<std::size_t>(d)]) {
      p.problems().error("order_missing_dimension",
                         "The order leaves out " + std::string(rank_dim_name(static_cast<RankDim>(d))) +
                             " (a degree of 1 still takes its place)." + how,
                         at);
      return std::nullopt;
    }
  return order;
}

RankGrid rank_grid(const Parallel& p) {
  RankGrid g;
  // With an expert grid of its own (etp below tp) ep is not carved out of dp: the attention grid's
  // ep dimension is one rank wide and the expert groups come from expert_axes().
  const std::int64_t ep = p.expert_grid() ? 1 : std::max<std::int64_t>(1, p.ep);
  g.size = {p.tp, p.cp, ep, std::max<std::int64_t>(1, p.dp / ep), p.pp};
  std::int64_t running = 1;
  for (RankDim d : p.order) {
    g.stride[static_cast<std::size_t>(d)] = running;
    running *= g.size[static_cast<std::size_t>(d)];
  }
  g.gpus = running;
  return g;
}

std::int64_t GroupAxes::ranks() const {
  std::int64_t n = 1;
  for (int i = 0; i < count; ++i) n *= axes[static_cast<std::size_t>(i)].size;
  return n;
}

namespace {

void add_axis(GroupAxes& out, Axis a) {
  if (a.size > 1) out.axes[static_cast<std::size_t>(out.count++)] = a;
}

// The data-parallel index (ep coordinate + ep × dp coordinate) cut at `shard`: its first `shard`
// values (`inner`) or which block of them (the rest).
void add_dp_part(GroupAxes& out, const RankGrid& g, std::int64_t shard, bool inner) {
  const auto at = [&](RankDim d) { return static_cast<std::size_t>(d); };
  const std::int64_t ep = g.size[at(RankDim::ep)], dp = g.size[at(RankDim::dp)];
  const std::int64_t s_ep = g.stride[at(RankDim::ep)], s_dp = g.stride[at(RankDim::dp)];
  const std::int64_t total = ep * dp;
  if (ep == 1 || s_dp == s_ep * ep) {
    // The index is one run of ranks (ep right below dp in the order, as in Megatron's).
    const std::int64_t s = ep == 1 ? s_dp : s_ep;
    add_axis(out, inner ? Axis{s, shard} : Axis{s * shard, total / shard});
  } else if (shard % ep == 0) {
    if (inner) {
      add_axis(out, {s_ep, ep});
      add_axis(out, {s_dp, shard / ep});
    } else {
      add_axis(out, {s_dp * (shard / ep), dp / (shard / ep)});
    }
  } else if (ep % shard == 0) {
    if (inner) {
      add_axis(out, {s_ep, shard});
    } else {
      add_axis(out, {s_ep * shard, ep / shard});
      add_axis(out, {s_dp, dp});
    }
  } else {
    out.regular = false;  // refused by check_order(); the whole index stands in
    if (inner) add_axis(out, {s_ep, ep}), add_axis(out, {s_dp, dp});
  }
}

}  // namespace

GroupAxes group_axes(const Parallel& p, GroupKind kind) {
  const RankGrid g = rank_grid(p);
  const auto axis = [&](RankDim d) {
    return Axis{g.stride[static_cast<std::size_t>(d)], g.size[static_cast<std::size_t>(d)]};
  };
  // ZeRO's collectives run in the shard group when dp_shard cuts dp (Parallel::shard_ranks).
  const bool sharded = p.zero >= 1 && p.dp_shard > 0 && p.dp_shard < p.dp;
  GroupAxes out;
  switch (kind) {
    case GroupKind::tp:
      add_axis(out, axis(RankDim::tp));
      break;
    case GroupKind::cp:
      add_axis(out, axis(RankDim::cp));
      break;
    case GroupKind::ep:
      // The expert grid numbers a stage's block of ranks etp-ep-edp (etp fastest; check_rules
      // keeps pp last so a stage is one block): ep members etp apart.
      if (p.expert_grid())
        add_axis(out, {p.etp, p.ep});
      else
        add_axis(out, axis(RankDim::ep));
      break;
    case GroupKind::etp:
      // The ranks one expert is split over: etp neighbours under an expert grid, else the tp group.
      if (p.expert_grid())
        add_axis(out, {1, p.etp});
      else
        add_axis(out, axis(RankDim::tp));
      break;
    case GroupKind::pipeline:
      add_axis(out, axis(RankDim::pp));
      break;
    case GroupKind::stage_pair:
      add_axis(out, {axis(RankDim::pp).stride, std::min<std::int64_t>(2, p.pp)});
      break;
    case GroupKind::dp:
      add_axis(out, axis(RankDim::cp));
      if (sharded) {
        add_dp_part(out, g, p.dp_shard, true);
      } else {
        add_axis(out, axis(RankDim::ep));
        add_axis(out, axis(RankDim::dp));
      }
      break;
    case GroupKind::dp_replicas:
      if (sharded) add_dp_part(out, g, p.dp_shard, false);
      break;
  }
  // Lowest stride first (insertion: at most four).
  for (int i = 1; i < out.count; ++i)
    for (int j = i;
         j > 0 && out.axes[static_cast<std::size_t>(j)].stride < out.axes[static_cast<std::size_t>(j - 1)].stride; --j)
      std::swap(out.axes[static_cast<std::size_t>(j)], out.axes[static_cast<std::size_t>(j - 1)]);
  return out;
}

namespace {

// The group as one run of equally spaced ranks, when its axes join into one (each next stride
// is where the one below ends).
std::optional<Axis> single_run(const GroupAxes& a) {
  if (a.count == 0) return Axis{1, 1};
  Axis run = a.axes[0];
  for (int i = 1; i < a.count; ++i) {
    const Axis& next = a.axes[static_cast<std::size_t>(i)];
    if (next.stride != run.stride * run.size) return std::nullopt;
    run.size *= next.size;
  }
  return run;
}

// Groups are indexed by the ranks' coordinates outside the group: the gaps below, between and
// above its axes, lowest first. (Each axis's stride is a multiple of where the one below ends:
// all are products of the grid's sizes.)
std::int64_t group_base(std::int64_t gpus, const GroupAxes& a, std::int64_t index) {
  std::int64_t base = 0, below = 1;
  for (int i = 0; i <= a.count; ++i) {
    const std::int64_t top = i < a.count ? a.axes[static_cast<std::size_t>(i)].stride : gpus;
    const std::int64_t gap = std::max<std::int64_t>(1, top / below);
    base += (index % gap) * below;
    index /= gap;
    if (i < a.count) below = top * a.axes[static_cast<std::size_t>(i)].size;
  }
  return base;
}

void members_from(std::int64_t base, const GroupAxes& a, std::vector<std::int64_t>& out) {
  out.assign(1, base);
  for (int i = 0; i < a.count; ++i) {
    const Axis& x = a.axes[static_cast<std::size_t>(i)];
    const std::size_t n = out.size();
    for (std::int64_t c = 1; c < x.size; ++c)
      for (std::size_t j = 0; j < n; ++j) out.push_back(out[j] + c * x.stride);
  }
}

// Members each group visits at most while its placement is walked: enough for every group of
// 100,000 GPUs; past it the groups walked stand for the rest (they repeat whenever the sizes
// divide the node, as powers of two do).
constexpr std::int64_t kWalkBudget = 1 << 17;

GroupPlacement walk_axes(std::int64_t gpus, std::int64_t gpus_per_node, const GroupAxes& a) {
  GroupPlacement g;
  g.ranks = a.ranks();
  if (g.ranks <= 1 || gpus <= gpus_per_node) return g;
  g.members_per_node = g.ranks;
  std::vector<std::int64_t> nodes;
  for_each_group(gpus, a, kWalkBudget, [&](const std::vector<std::int64_t>& members) {
    nodes.clear();
    for (std::int64_t r : members) nodes.push_back(r / gpus_per_node);
    std::sort(nodes.begin(), nodes.end());
    std::int64_t used = 0, fewest = g.ranks;
    for (std::size_t i = 0; i < nodes.size();) {
      std::size_t j = i;
      while (j < nodes.size() && nodes[j] == nodes[i]) ++j;
      ++used, fewest = std::min<std::int64_t>(fewest, static_cast<std::int64_t>(j - i));
      i = j;
    }
    if (used <= 1) return;
    g.nodes = std::max(g.nodes, used);
    g.members_per_node = std::min(g.members_per_node, fewest);
  });
  return g;
}

}  // namespace

std::int64_t for_each_group(std::int64_t gpus, const GroupAxes& a, std::int64_t budget,
                            const std::function<void(const std::vector<std::int64_t>&)>& visit) {
  const std::int64_t size = a.ranks();
  const std::int64_t groups = gpus / std::max<std::int64_t>(1, size);
  std::vector<std::int64_t> members;
  std::int64_t k = 0;
  for (; k < groups && k * size < budget; ++k) {
    members_from(group_base(gpus, a, k), a, members);
    visit(members);
  }
  return k;
}

std::vector<std::int64_t> group_of(std::int64_t gpus, const GroupAxes& a, std::int64_t rank, std::int64_t* index) {
  // The base: the rank with its coordinates along the group's axes set to 0; its index: the
  // coordinates in the gaps, read as group_base() writes them.
  std::int64_t base = rank;
  for (int i = 0; i < a.count; ++i) {
    const Axis& x = a.axes[static_cast<std::size_t>(i)];
    base -= ((rank / x.stride) % x.size) * x.stride;
  }
  if (index) {
    std::int64_t k = 0, scale = 1, below = 1;
    for (int i = 0; i <= a.count; ++i) {
      const std::int64_t top = i < a.count ? a.axes[static_cast<std::size_t>(i)].stride : gpus;
      const std::int64_t gap = std::max<std::int64_t>(1, top / below);
      k += ((base / below) % gap) * scale;
      scale *= gap;
      if (i < a.count) below = top * a.axes[static_cast<std::size_t>(i)].size;
    }
    *index = k;
  }
  std::vector<std::int64_t> members;
  members_from(base, a, members);
  return members;
}

GroupPlacement kind_placement(const Hardware& hw, const Parallel& p, GroupKind kind) {
  const GroupAxes a = group_axes(p, kind);
  if (const std::optional<Axis> run = single_run(a))
    return place_group(hw.gpus, hw.gpus_per_node, run->stride, run->size);
  // Only orders other than Megatron's reach here; a plan asks for the same few groups many times
  // (each stage, the ideal bound, the scaling points), so the last answers are kept.
  struct Entry {
    std::int64_t gpus = -1, node = 0;
    std::array<Axis, 4> axes{};
    int count = 0;
    GroupPlacement value;
  };
  static std::array<Entry, 16> memo;
  static std::size_t next = 0;
  for (const Entry& e : memo) {
    if (e.gpus != hw.gpus || e.node != hw.gpus_per_node || e.count != a.count) continue;
    bool same = true;
    for (int i = 0; i < a.count && same; ++i)
      same = e.axes[static_cast<std::size_t>(i)].stride == a.axes[static_cast<std::size_t>(i)].stride &&
             e.axes[static_cast<std::size_t>(i)].size == a.axes[static_cast<std::size_t>(i)].size;
    if (same) return e.value;
  }
  Entry& e = memo[next++ % memo.size()];
  e.gpus = hw.gpus, e.node = hw.gpus_per_node, e.axes = a.axes, e.count = a.count;
  e.value = walk_axes(hw.gpus, hw.gpus_per_node, a);
  return e.value;
}

std::int64_t stage_senders_per_node(const Hardware& hw, const Parallel& p) {
  const std::int64_t stride = rank_grid(p).stride[static_cast<std::size_t>(RankDim::pp)];
  // Megatron's order puts a stage's tp·cp·dp ranks together, so a node holds one stage (or part
  // of one); an order with pp inside puts several stages in a node, each with a share of it.
  if (stride * p.pp <= hw.gpus_per_node) return std::max<std::int64_t>(1, hw.gpus_per_node / p.pp);
  return std::min(hw.gpus_per_node, stride);
}

void check_order(const Parallel& p, const Fields& parallel) {
  if (group_axes(p, GroupKind::dp).regular) return;
  parallel.problems().error(
      "order_shard_group",
      "dp_shard = " + std::to_string(p.dp_shard) +
          " neither divides nor is a multiple of ep = " + std::to_string(p.ep) +
          ", and this order puts ep and dp apart, so the shard groups are not whole blocks of "
          "ranks. Put ep right before dp in the order, or choose a dp_shard that ep divides or that divides ep.",
      parallel.path_of("order"));
}

}  // namespace atlas
