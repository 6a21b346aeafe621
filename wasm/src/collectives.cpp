// `allreduce`: the ideal ring all-reduce lab. Reads and checks the request, then answers with
// the current point and, on request, comparison algorithms, the animation schedule, strong
// scaling and whole curves — one call per slider move.
#include <algorithm>

#include "atlas/commands.hpp"
#include "atlas/fields.hpp"
#include "atlas/ring_lab.hpp"

namespace atlas {

namespace {

std::optional<SweepRange> read_range(const Fields& sweep, std::string_view key, double lo, double hi,
                                     int default_points, bool integer) {
  const json* node = sweep.object(key, false);
  if (!node) return std::nullopt;
  Fields f(*node, sweep.path_of(key), sweep.problems());
  f.warn_unknown({"from", "to", "points"});
  auto from = f.number("from", {lo, hi, false, integer});
  auto to = f.number("to", {lo, hi, false, integer});
  auto points = f.integer("points", {2, kMaxSweepPoints}, default_points);
  if (!from || !to || !points) return std::nullopt;
  if (!(*to > *from)) {
    sweep.problems().error("out_of_range", "'to' must be greater than 'from'.", f.path_of("to"));
    return std::nullopt;
  }
  return SweepRange{*from, *to, static_cast<int>(*points)};
}

}  // namespace

json cmd_allreduce(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  Fields f(request, "", problems);
  f.warn_unknown({"ranks", "bytes", "bandwidth", "latency", "algorithm", "gamma", "compare", "schedule", "scaling",
                  "sweep"});

  LabInput in;
  std::int64_t search_to = kMaxRanks;
  auto ranks = f.integer("ranks", {2, static_cast<double>(kMaxRanks)});
  auto bytes = f.number("bytes", {1, kMaxBytes});
  auto bandwidth = f.number("bandwidth", {0, kMaxBandwidth, true});
  auto latency = f.number("latency", {0, kMaxLatency});
  auto gamma = f.number("gamma", {0, 1}, 0.0);
  auto compare = f.boolean("compare", false);
  auto schedule = f.boolean("schedule", false);
  auto algorithm = f.choice("algorithm",
                            {"ring", "reduce_scatter", "all_gather", "recursive_doubling", "rabenseifner",
                             "binomial_tree"},
                            std::string("ring"));

  if (const json* sc = f.object("scaling", false)) {
    Fields s(*sc, f.path_of("scaling"), problems);
    s.warn_unknown({"compute", "overlap", "search_to"});
    auto compute = s.number("compute", {0, 1e6, true});
    auto overlap = s.number("overlap", {0, 1}, 0.0);
    // How far to look for the fastest rank count (the page's slider ends at 4096).
    auto search = s.integer("search_to", {2, static_cast<double>(kMaxRanks)}, kMaxRanks);
    if (compute && overlap && search) in.scaling = ScalingInput{*compute, *overlap}, search_to = *search;
  }

  std::optional<SweepRange> bytes_range, ranks_range;
  if (const json* sw = f.object("sweep", false)) {
    Fields s(*sw, f.path_of("sweep"), problems);
    s.warn_unknown({"bytes", "ranks"});
    bytes_range = read_range(s, "bytes", 1, kMaxBytes, 61, false);
    ranks_range = read_range(s, "ranks", 1, static_cast<double>(kMaxRanks), 40, true);
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
    r["comparison"] = {{"note", "For comparison only: α-β-γ costs of Thakur, Rabenseifner & Gropp (2005) "
                                "as implemented in MPICH; the lab's model is the ideal ring."},
                       {"algorithms", list}};
  }
  if (*schedule) r["schedule"] = schedule_json(in.ranks, in.bytes, in.link);
  if (in.scaling) {
    r["scaling"] = scaling_json(in, std::max(search_to, in.ranks));
  }
  if (bytes_range || ranks_range) {
    r["curves"] = json::object();
    if (bytes_range) r["curves"]["bytes"] = bytes_curve(in, *bytes_range, *compare);
    if (ranks_range) r["curves"]["ranks"] = ranks_curve(in, *ranks_range, *compare);
  }
  return r;
}

}  // namespace atlas
