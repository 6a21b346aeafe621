// `nccl-tests`: reads pasted all_reduce_perf output, recomputes algbw and busbw from size and
// time with nccl-tests' own definitions (GB = 1e9), and fits the ideal ring's α and B.
#include <cmath>

#include "atlas/collectives/nccl_log.hpp"
#include "atlas/collectives/nccl_network_fit.hpp"
#include "atlas/collectives/ring_fit.hpp"
#include "atlas/collectives/ring_lab.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

constexpr std::size_t kMaxLogBytes = 4 * 1024 * 1024;

json line_json(const NcclLine& l) { return {{"line", l.line}, {"reason", l.reason}, {"text", l.text}}; }

json optional_number(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }

// A #wrong / error cell that reports a problem ("0", "N/A" and tiny float errors are fine).
bool reports_wrong(const std::string& cell) {
  if (cell.empty() || cell == "0" || cell == "N/A") return false;
  char* end = nullptr;
  const double v = std::strtod(cell.c_str(), &end);
  if (end != cell.c_str() + cell.size()) return false;
  return cell.find('e') == std::string::npos ? v != 0 : false;  // old float "error" column
}

// Without rank lines, the printed busbw/algbw ratio 2(p−1)/p gives p = 2/(2 − ratio).
std::optional<std::int64_t> ranks_from_ratio(const NcclLog& log) {
  const NcclRow* best = nullptr;
  for (const auto& r : log.rows)
    if (r.logged_algbw && r.logged_busbw && *r.logged_algbw > 0 && (!best || *r.logged_algbw > *best->logged_algbw))
      best = &r;
  if (!best || *best->logged_algbw < 1.0) return std::nullopt;  // two printed decimals: too coarse below 1
  const double ratio = *best->logged_busbw / *best->logged_algbw;
  if (!(ratio >= 0.99 && ratio < 1.999)) return std::nullopt;
  const double p = 2.0 / (2.0 - ratio);
  const double rounded = std::round(p);
  if (std::fabs(p - rounded) > 0.05 * rounded || rounded < 2 || rounded > kMaxRanks) return std::nullopt;
  return static_cast<std::int64_t>(rounded);
}

}  // namespace

json cmd_nccl_tests(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  Fields f(request, "", problems);
  f.warn_unknown({"log", "ranks", "column", "min_bytes", "max_bytes"});
  auto text = f.string("log", kMaxLogBytes);
  std::optional<std::int64_t> given;
  if (f.has("ranks")) given = f.integer("ranks", {2, static_cast<double>(kMaxRanks)});
  auto column = f.choice("column", {"out_of_place", "in_place"}, std::string("out_of_place"));
  auto min_bytes = f.number("min_bytes", {0, kMaxBytes, false, false, "B"}, 0.0);
  auto max_bytes = f.number("max_bytes", {0, kMaxBytes, false, false, "B"}, kMaxBytes);
  if (min_bytes && max_bytes && *min_bytes > *max_bytes)
    problems.error("out_of_range",
                   "'max_bytes' is " + format_number(*max_bytes) +
                       " B, less than 'min_bytes' = " + format_number(*min_bytes) + " B: no row could be fitted.",
                   "/max_bytes");
  if (!problems.ok() || (f.has("ranks") && !given)) return {};

  const NcclLog log = parse_nccl_log(*text);
  if (log.too_many_rows) {
    problems.error("too_many",
                   "The log has more than " + std::to_string(kMaxRows) +
                       " table rows; paste one run of all_reduce_perf (tens of rows).",
                   "/log");
    return {};
  }

  std::optional<std::int64_t> ranks = given;
  std::string source = "request";
  if (!ranks && log.rank_lines >= 1) ranks = log.rank_lines, source = "rank_lines";
  if (!ranks) {
    if ((ranks = ranks_from_ratio(log))) source = "busbw_ratio";
  }
  if (!ranks) {
    source = "unknown";
    problems.warning("ranks_unknown",
                     "No '#  Rank' lines and no usable busbw/algbw ratio: give the number of ranks to get busbw "
                     "and a fit.",
                     "/ranks");
  }
  if (given && log.rank_lines >= 2 && log.rank_lines != *given)
    problems.warning(
        "ranks_differ",
        "The log lists " + std::to_string(log.rank_lines) + " ranks; using the " + std::to_string(*given) + " given.",
        "/ranks");
  if (log.collective && log.collective->find("all_reduce") == std::string::npos)
    problems.warning("not_all_reduce",
                     "This log is from " + *log.collective +
                         ", not all_reduce_perf; the ring "
                         "all-reduce model does not describe it.",
                     "/log");
  if (log.rows.empty()) problems.warning("no_rows", "No all_reduce_perf table rows were found in the text.", "/log");

  const bool in_place = *column == "in_place";
  const double p = ranks ? static_cast<double>(*ranks) : 0.0;
  const double factor = p >= 2 ? 2 * (p - 1) / p : 0.0;
  std::vector<TimedSize> points;
  json rows = json::array();
  int wrong = 0;
  for (const auto& r : log.rows) {
    const std::optional<double> t = in_place ? r.in_place_time : std::optional<double>(r.time);
    const double algbw = t ? r.size / *t / 1e9 : 0;  // GB/s, as nccl-tests prints it
    const bool usable = t && r.size > 0 && r.size >= *min_bytes && r.size <= *max_bytes;
    if (usable) points.push_back({r.size, *t});
    if (reports_wrong(r.wrong) || reports_wrong(r.in_place_wrong)) ++wrong;
    rows.push_back({{"line", r.line},
                    {"size", r.size},
                    {"type", r.type},
                    {"redop", r.redop},
                    {"time", optional_number(t)},
                    {"algbw", t ? json(algbw) : json(nullptr)},
                    {"busbw", t && ranks ? json(algbw * factor) : json(nullptr)},
                    {"logged_algbw", optional_number(r.logged_algbw)},
                    {"logged_busbw", optional_number(in_place ? r.in_place_logged_busbw : r.logged_busbw)},
                    {"out_of_place_time", r.time},
                    {"in_place_time", optional_number(r.in_place_time)},
                    {"wrong", in_place ? r.in_place_wrong : r.wrong},
                    {"in_fit", usable && ranks}});
  }
  if (wrong > 0)
    problems.warning("wrong_results",
                     std::to_string(wrong) +
                         " row(s) report wrong results; their times may not "
                         "be meaningful.",
                     "/log");

  json fit = nullptr;
  std::string why = ranks ? "" : "The number of ranks is unknown.";
  if (ranks) {
    if (auto r = fit_ring(points, *ranks, why)) {
      fit = {{"latency", r->latency},
             {"bandwidth", r->bandwidth},
             {"r2", r->r2},
             {"points", r->points},
             {"intercept", r->intercept},
             {"slope", r->slope},
             {"latency_clamped", r->latency_clamped},
             {"weighting", "relative"}};
      for (auto& row : rows)
        if (row["time"].is_number()) row["model_time"] = r->intercept + r->slope * row["size"].get<double>();
    }
  }

  json unreadable = json::array(), skipped = json::array();
  for (const auto& l : log.unreadable) unreadable.push_back(line_json(l));
  for (const auto& l : log.skipped) skipped.push_back(line_json(l));
  json out{{"collective", log.collective ? json(*log.collective) : json(nullptr)},
           {"ranks", ranks ? json(*ranks) : json(nullptr)},
           {"ranks_source", source},
           {"rank_lines", log.rank_lines},
           {"column", *column},
           {"header_found", log.header_found},
           {"rows", rows},
           {"fit", fit},
           {"avg_busbw", optional_number(log.avg_busbw)},
           {"unreadable", unreadable},
           {"skipped", skipped},
           {"skipped_count", log.skipped_count},
           {"units", {{"size", "B"}, {"time", "s"}, {"algbw", "GB/s"}, {"busbw", "GB/s"}}}};
  if (fit.is_null()) out["fit_problem"] = why;
  if (ranks && !points.empty()) out["planner_network"] = planner_network_fit(points, *ranks);
  return out;
}

}  // namespace atlas
