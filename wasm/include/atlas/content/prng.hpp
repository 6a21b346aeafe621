// A small deterministic pseudo-random generator for exercises and option shuffles.
// The standard <random> distributions are implementation-defined (libstdc++ natively, libc++
// in WASM), so the same seed would give different exercises on the page and in native tests.
// SplitMix64 uses only 64-bit unsigned arithmetic, which is exact on both targets.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace atlas {

/// SplitMix64 (Steele, Lea, Flood 2014): one 64-bit state word, a Weyl step and a mixing finalizer.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : state_(seed) {}

  /// A generator for item `index` of stream `seed`: each item is reachable without generating
  /// the ones before it, and neighbouring seeds or indices give unrelated streams.
  static Prng for_item(std::uint64_t seed, std::uint64_t index) {
    return Prng(mix(seed ^ 0x6a09e667f3bcc909ULL) ^ mix(index + 0xbb67ae8584caa73bULL));
  }

  std::uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ULL;
    return mix(state_);
  }

  /// A uniform integer in [0, n), n ≥ 1. Rejection removes the modulo bias.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t threshold = (0 - n) % n;  // 2^64 mod n: the short tail to reject
    for (;;) {
      const std::uint64_t r = next();
      if (r >= threshold) return r % n;
    }
  }

  /// A uniform integer in [lo, hi].
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  /// One element of a non-empty list.
  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(below(items.size()))];
  }

  /// True with probability numerator / denominator.
  bool chance(std::uint64_t numerator, std::uint64_t denominator) { return below(denominator) < numerator; }

 private:
  static std::uint64_t mix(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  std::uint64_t state_;
};

/// A Fisher–Yates permutation of 0..n-1: result[k] is the original index shown at position k.
inline std::vector<int> shuffled_order(std::uint64_t seed, int n) {
  std::vector<int> order(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
  Prng rng(seed);
  for (int i = n - 1; i > 0; --i) {
    const auto j = static_cast<int>(rng.below(static_cast<std::uint64_t>(i) + 1));
    std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(j)]);
  }
  return order;
}

}  // namespace atlas
