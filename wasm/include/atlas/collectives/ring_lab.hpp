// Pieces of the `allreduce` command shared between its files: the validated input, the JSON
// of one evaluated point, and the sweeps that return whole curves in one call.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "atlas/collectives/collective_compare.hpp"
#include "atlas/collectives/ring_scaling.hpp"
#include "atlas/contract/problems.hpp"

namespace atlas {

inline constexpr std::int64_t kMaxRanks = 65536;
inline constexpr double kMaxBytes = 1e15;      // 1 PB: beyond any single all-reduce
inline constexpr double kMaxBandwidth = 1e15;  // 1 PB/s
inline constexpr double kMinBandwidth = 1e6;   // 1 MB/s: slower than any link a training job uses
inline constexpr double kMinCompute = 1e-9;    // s of compute per step in the scaling model
inline constexpr double kMaxLatency = 10;      // s
inline constexpr int kMaxSweepPoints = 1000;

struct LabInput {
  std::int64_t ranks = 8;
  double bytes = 0;
  LinkModel link{1e11, 5e-6};
  double gamma = 0;  // s per byte reduced
  AllreduceAlgorithm algorithm = AllreduceAlgorithm::ring;
  std::optional<ScalingInput> scaling;
};

/// A column a curve can return besides `x`. A sweep asks for the ones it draws, so each slider
/// move builds, serialises and parses only those (the comparison columns cost the most).
enum class Column : unsigned {
  time,
  latency_term,
  bandwidth_term,
  algbw,
  busbw,
  bound,  // bytes and ranks (bound: bytes only)
  speedup,
  efficiency,
  step_time,
  exposed,  // ranks, with scaling only
  compare,  // the other algorithms' times
};

/// Request names of the columns, in the order of Column.
inline constexpr std::string_view kColumnNames[] = {
    "time",    "latency_term", "bandwidth_term", "algbw",   "busbw",   "bound",
    "speedup", "efficiency",   "step_time",      "exposed", "compare",
};

/// Columns as bits: copied freely and tested at every point of a curve for nothing.
class ColumnSet {
 public:
  constexpr ColumnSet() = default;
  constexpr ColumnSet(std::initializer_list<Column> columns) {
    for (Column c : columns) add(c);
  }
  constexpr void add(Column c) { bits_ |= bit(c); }
  constexpr void remove(Column c) { bits_ &= ~bit(c); }
  constexpr bool has(Column c) const { return (bits_ & bit(c)) != 0; }
  constexpr bool any(ColumnSet s) const { return (bits_ & s.bits_) != 0; }
  constexpr unsigned bits() const { return bits_; }

 private:
  static constexpr unsigned bit(Column c) { return 1u << static_cast<unsigned>(c); }
  unsigned bits_ = 0;
};

/// What each curve offers; a sweep without `columns` returns all of it (compare only when the
/// request's top-level `compare` is true), as before `columns` existed.
inline constexpr ColumnSet kBytesColumns{Column::time,  Column::latency_term, Column::bandwidth_term, Column::algbw,
                                         Column::busbw, Column::bound,        Column::compare};
inline constexpr ColumnSet kRanksColumns{
    Column::time,    Column::latency_term, Column::bandwidth_term, Column::algbw,   Column::busbw,
    Column::speedup, Column::efficiency,   Column::step_time,      Column::exposed, Column::compare};

struct SweepRange {
  double from;
  double to;
  int points;
  ColumnSet columns;  // returned besides x
  std::string known;  // the key of the curve the caller already holds ("" for none)
};

/// Everything the lab shows about one (algorithm, p, n, B, α): terms, rates, bound, crossover.
json point_json(AllreduceAlgorithm a, std::int64_t ranks, double bytes, const LabInput& in);

/// The ring schedule for the animation ({"available":false,…} above kScheduleMaxRanks).
json schedule_json(std::int64_t ranks, double bytes, LinkModel link);

/// Strong scaling at the input's rank count, at twice it, and the best count up to max_ranks.
json scaling_json(const LabInput& in, std::int64_t max_ranks);

/// Time, terms and rates against payload at the input's ranks (log-spaced sizes): range.columns.
json bytes_curve(const LabInput& in, const SweepRange& range);
/// Time, busbw and (with scaling) speedup against rank count (log-spaced integers): range.columns.
json ranks_curve(const LabInput& in, const SweepRange& range);

}  // namespace atlas
