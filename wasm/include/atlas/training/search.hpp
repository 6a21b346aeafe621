// Search over every split of a cluster: factorizations of the GPUs over dp/tp/pp/cp/ep, ZeRO
// stages, micro-batch sizes, recomputation, sequence parallelism, schedules and virtual stages.
#pragma once

#include <cstdint>
#include <vector>

#include "atlas/training/plan.hpp"

namespace atlas {

struct SearchLimits {
  std::int64_t max_tp = 1 << 30, max_pp = 1 << 30, max_cp = 1 << 30, max_ep = 1 << 30;
  std::int64_t max_micro = 1 << 30, max_virtual_stages = 1 << 30;
};

struct SearchCounts {
  std::int64_t evaluated = 0, invalid = 0, out_of_memory = 0, fits = 0;
};

struct Candidate {
  PlanInput input;
  double step = 0, memory = 0;
};

/// The `top` fastest plans that fit, fastest first. `base` gives model, hardware and the
/// global batch; its parallel and micro/accumulation fields are ignored.
/// The divisors of n that are at most cap, ascending: the degrees a split of n GPUs can take.
std::vector<std::int64_t> divisors(std::int64_t n, std::int64_t cap);

std::vector<Candidate> search_plans(const PlanInput& base, const SearchLimits& limits, int top, SearchCounts& counts);

}  // namespace atlas
