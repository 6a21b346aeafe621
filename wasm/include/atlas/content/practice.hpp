// Practice for the entry's learning objective, "Account for accumulation and replication when
// sizing global batch": generated exercises on B_global = B_micro × N_acc × N_dp, with traps
// that teach (model-parallel ranks are not replicas, samples are not tokens, a target batch
// that does not divide, packed sequences holding several documents).
//
// Exercise `index` of stream `seed` is a pure function of the two numbers (see prng.hpp), so
// the page, the CLI and the tests all see the same exercise without storing it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// One known quantity of an exercise, for the page's table of givens.
struct Given {
  std::string name;    // machine name, as in the `batch` request: "micro", "world", "seq", …
  std::string symbol;  // "B_micro", "N_acc", …
  std::string label;   // for people
  double value = 0;
  std::string unit;  // "samples", "GPUs", "tokens", …
};

/// A tempting wrong answer and what it reveals, so feedback can name the misconception.
struct Mistake {
  double value = 0;
  std::string why;
};

struct Exercise {
  std::uint64_t seed = 0;
  std::int64_t index = 0;
  std::string kind;  // which quantity is asked for, and from what
  std::string trap;  // "" when the exercise is a plain application of the equation
  std::string question;
  std::vector<Given> givens;
  Given unknown;                      // value = the expected answer
  double tolerance = 0;               // relative; 0 means the answer must be exact
  std::vector<std::string> solution;  // worked steps
  std::vector<Mistake> mistakes;
};

/// Every exercise kind the generator draws from, in a fixed order.
const std::vector<std::string>& exercise_kinds();

/// Generates exercise `index` of stream `seed`. Answers come from the `batch` solver
/// (solve_batch, data_parallel_degree); a disagreement with the construction throws, which
/// run() reports as an internal error rather than teaching a wrong number.
Exercise make_exercise(std::uint64_t seed, std::int64_t index);

/// Same as make_exercise, with the kind chosen by the caller (tests use it to cover each kind).
Exercise make_exercise_of_kind(std::uint64_t seed, std::int64_t index, const std::string& kind);

struct Grade {
  bool correct = false;
  std::string feedback;
};

/// Exact comparison for whole-number answers, relative tolerance where the exercise states one.
Grade grade_exercise(const Exercise& exercise, double response);

/// Parses a typed answer: digits with optional "," "_" or space grouping, a decimal point,
/// an exponent, or a k/M/G suffix ("4.19M"). Nullopt when it is not a number.
std::optional<double> parse_response(const std::string& text);

json to_json(const Exercise& exercise);

}  // namespace atlas
