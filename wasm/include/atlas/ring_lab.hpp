// Pieces of the `allreduce` command shared between its files: the validated input, the JSON
// of one evaluated point, and the sweeps that return whole curves in one call.
#pragma once

#include <cstdint>
#include <optional>

#include "atlas/collective_compare.hpp"
#include "atlas/problems.hpp"
#include "atlas/ring_scaling.hpp"

namespace atlas {

inline constexpr std::int64_t kMaxRanks = 65536;
inline constexpr double kMaxBytes = 1e15;      // 1 PB: beyond any single all-reduce
inline constexpr double kMaxBandwidth = 1e15;  // 1 PB/s
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

struct SweepRange {
  double from;
  double to;
  int points;
};

/// Everything the lab shows about one (algorithm, p, n, B, α): terms, rates, bound, crossover.
json point_json(AllreduceAlgorithm a, std::int64_t ranks, double bytes, const LabInput& in);

/// The ring schedule for the animation ({"available":false,…} above kScheduleMaxRanks).
json schedule_json(std::int64_t ranks, double bytes, LinkModel link);

/// Strong scaling at the input's rank count, at twice it, and the best count up to max_ranks.
json scaling_json(const LabInput& in, std::int64_t max_ranks);

/// Time, terms and rates against payload at the input's ranks (log-spaced sizes).
json bytes_curve(const LabInput& in, SweepRange range, bool compare);
/// Time, busbw and (with scaling) speedup against rank count (log-spaced integers).
json ranks_curve(const LabInput& in, SweepRange range, bool compare);

}  // namespace atlas
