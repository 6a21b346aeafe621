// `allreduce`: the ideal ring all-reduce lab. Reads and checks the request, then answers with
// the current point and, on request, comparison algorithms, the animation schedule, strong
// scaling and whole curves (only the columns asked for) — one call per slider move.
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <limits>
#include <string>

#include "atlas/collectives/ring_lab.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

// `columns`: the names of the columns the curve returns besides x (duplicates are harmless).
// Absent, the curve returns every column in `fallback`, as before `columns` existed.
std::optional<ColumnSet> read_columns(const Fields& f, ColumnSet offered, ColumnSet fallback) {
  if (!f.has("columns")) return fallback;
  // Each name at most once is all a curve can use; a few spare allow harmless duplicates.
  const json* list = f.array("columns", false, 0, 4 * std::size(kColumnNames));
  if (!list) return std::nullopt;
  const std::string path = f.path_of("columns");
  std::string names;
  for (std::size_t i = 0; i < std::size(kColumnNames); ++i)
    if (offered.has(static_cast<Column>(i))) names += (names.empty() ? "" : ", ") + std::string(kColumnNames[i]);
  ColumnSet out;
  bool ok = true;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& name = (*list)[i];
    if (!name.is_string()) {
      f.problems().error("wrong_type", "Each entry of 'columns' must be a string, not " + describe_type(name) + ".",
                         child_path(path, i));
      ok = false;
      continue;
    }
    const auto& text = name.get_ref<const std::string&>();
    const auto* at = std::find(std::begin(kColumnNames), std::end(kColumnNames), text);
    const auto column = static_cast<Column>(at - std::begin(kColumnNames));
    if (at != std::end(kColumnNames) && offered.has(column)) {
      out.add(column);
      continue;
    }
    f.problems().error("unknown_value", "'columns' has \"" + quote_cut(text) + "\"; expected any of: " + names + ".",
                       child_path(path, i));
    ok = false;
  }
  if (!ok) return std::nullopt;
  return out;
}

std::optional<SweepRange> read_range(const Fields& sweep, std::string_view key, double lo, double hi,
                                     int default_points, bool integer, ColumnSet offered, bool compare) {
  const json* node = sweep.object(key, false);
  if (!node) return std::nullopt;
  Fields f(*node, sweep.path_of(key), sweep.problems());
  f.warn_unknown({"from", "to", "points", "columns", "known"});
  auto from = f.number("from", {lo, hi, false, integer});
  auto to = f.number("to", {lo, hi, false, integer});
  auto points = f.integer("points", {2, kMaxSweepPoints}, default_points);
  ColumnSet fallback = offered;
  if (!compare) fallback.remove(Column::compare);
  auto columns = read_columns(f, offered, fallback);
  auto known = f.string("known", 400, std::string());
  if (!from || !to || !points || !columns || !known) return std::nullopt;
  if (!(*to > *from)) {
    sweep.problems().error("out_of_range", "'to' must be greater than 'from'.", f.path_of("to"));
    return std::nullopt;
  }
  return SweepRange{*from, *to, static_cast<int>(*points), *columns, *known};
}

// Everything a curve is drawn from, as text: equal keys mean equal curves, so the page keeps a
// curve while its key holds instead of keeping its own list of which input moves which curve.
// Each curve names only what it depends on (the bytes curve does not move with the payload).
std::string curve_key(char curve, const LabInput& in, const SweepRange& r) {
  const auto g = [](double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", x);
    return std::string(buf);
  };
  std::string k(1, curve);
  k += curve == 'b' ? "|p" + std::to_string(in.ranks) : "|n" + g(in.bytes);
  k += "|B" + g(in.link.bandwidth) + "|a" + g(in.link.latency) + "|y" + g(in.gamma);
  k += "|A" + std::to_string(static_cast<int>(in.algorithm));
  if (curve == 'r' && in.scaling) k += "|c" + g(in.scaling->compute) + "|o" + g(in.scaling->overlap);
  k += "|" + g(r.from) + ":" + g(r.to) + ":" + std::to_string(r.points) + "|k" + std::to_string(r.columns.bits());
  return k;
}

// The curve, or only its key when the caller already holds this very curve.
template <typename Build>
json keyed_curve(char curve, const LabInput& in, const SweepRange& r, Build build) {
  const std::string key = curve_key(curve, in, r);
  if (!r.known.empty() && r.known == key) return json{{"key", key}, {"unchanged", true}};
  json c = build();
  c["key"] = key;
  return c;
}

}  // namespace

json cmd_allreduce(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  Fields f(request, "", problems);
  f.warn_unknown(
      {"ranks", "bytes", "bandwidth", "latency", "algorithm", "gamma", "compare", "schedule", "scaling", "sweep"});

  LabInput in;
  std::int64_t search_to = kMaxRanks;
  auto ranks = f.integer("ranks", {2, static_cast<double>(kMaxRanks)});
  auto bytes = f.number("bytes", {1, kMaxBytes, false, false, "B"});
  auto bandwidth = f.number("bandwidth", {kMinBandwidth, kMaxBandwidth, false, false, "B/s"});
  auto latency = f.number("latency", {0, kMaxLatency, false, false, "s"});
  auto gamma = f.number("gamma", {0, 1}, 0.0);
  auto compare = f.boolean("compare", false);
  auto schedule = f.boolean("schedule", false);
  auto algorithm = f.choice(
      "algorithm", {"ring", "reduce_scatter", "all_gather", "recursive_doubling", "rabenseifner", "binomial_tree"},
      std::string("ring"));

  if (const json* sc = f.object("scaling", false)) {
    Fields s(*sc, f.path_of("scaling"), problems);
    s.warn_unknown({"compute", "overlap", "search_to"});
    auto compute = s.number("compute", {kMinCompute, 1e6, false, false, "s"});
    auto overlap = s.number("overlap", {0, 1}, 0.0);
    // How far to look for the fastest rank count (the page's slider ends at 4096).
    auto search = s.integer("search_to", {2, static_cast<double>(kMaxRanks)}, kMaxRanks);
    if (compute && overlap && search) in.scaling = ScalingInput{*compute, *overlap}, search_to = *search;
  }

  std::optional<SweepRange> bytes_range, ranks_range;
  if (const json* sw = f.object("sweep", false)) {
    Fields s(*sw, f.path_of("sweep"), problems);
    s.warn_unknown({"bytes", "ranks"});
    const bool comparing = compare.value_or(false);
    bytes_range = read_range(s, "bytes", 1, kMaxBytes, 61, false, kBytesColumns, comparing);
    ranks_range = read_range(s, "ranks", 1, static_cast<double>(kMaxRanks), 40, true, kRanksColumns, comparing);
  }
  if (!problems.ok()) return {};

  in.ranks = *ranks;
  in.bytes = *bytes;
  in.link = {*bandwidth, *latency};
  in.gamma = *gamma;
  parse_algorithm(*algorithm, in.algorithm);

  json r = point_json(in.algorithm, in.ranks, in.bytes, in);
  r["model"] = "ideal";
  r["units"] = {{"time", "s"}, {"bytes", "B"}, {"rate", "B/s"}};
  if (*compare) {
    json list = json::array();
    for (auto a : kAllreduceAlgorithms)
      if (a != in.algorithm) list.push_back(point_json(a, in.ranks, in.bytes, in));
    r["comparison"] = {{"note",
                        "For comparison only: α-β-γ costs of Thakur, Rabenseifner & Gropp (2005) "
                        "as implemented in MPICH; the lab's model is the ideal ring."},
                       {"algorithms", list}};
  }
  if (*schedule) r["schedule"] = schedule_json(in.ranks, in.bytes, in.link);
  if (in.scaling) {
    r["scaling"] = scaling_json(in, std::max(search_to, in.ranks));
  }
  if (bytes_range || ranks_range) {
    r["curves"] = json::object();
    if (bytes_range)
      r["curves"]["bytes"] = keyed_curve('b', in, *bytes_range, [&] { return bytes_curve(in, *bytes_range); });
    if (ranks_range)
      r["curves"]["ranks"] = keyed_curve('r', in, *ranks_range, [&] { return ranks_curve(in, *ranks_range); });
  }
  return r;
}

}  // namespace atlas
