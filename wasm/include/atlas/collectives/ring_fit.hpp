// Fits the ideal ring's α and B to measured all-reduce times. The model is linear in n:
// T(n) = a + b·n with a = 2(p−1)·α and b = 2(p−1)/(p·B).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atlas {

struct TimedSize {
  double bytes;  // n
  double time;   // s
};

struct RingFit {
  double latency = 0;    // α, s
  double bandwidth = 0;  // B, B/s
  double intercept = 0;  // a, s
  double slope = 0;      // b, s/B
  double r2 = 0;         // in the weighted (relative-error) sense
  int points = 0;
  bool latency_clamped = false;  // the free fit wanted α < 0; refitted with α = 0
};

/// Least squares on relative residuals (weights 1/T²): sizes span many decades, and plain
/// least squares would let the largest few sizes decide α. Needs two distinct sizes;
/// otherwise `why` says what is missing.
std::optional<RingFit> fit_ring(const std::vector<TimedSize>& points, std::int64_t ranks, std::string& why);

}  // namespace atlas
