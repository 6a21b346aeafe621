// Global batch accounting, the entry's equation: B_global = B_micro × N_accumulation × N_data-parallel.
// Tensor-, pipeline- and context-parallel ranks cooperate on the same samples, so only the
// data-parallel degree N_dp = world / (tp · pp · cp) multiplies the batch.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "atlas/contract/problems.hpp"

namespace atlas {

struct BatchAccount {
  std::int64_t global = 0;
  std::int64_t micro = 0;
  std::int64_t accumulation = 0;
  std::int64_t data_parallel = 0;
  std::string solved_for;  // which term was unknown ("" when all four were given and agree)
};

/// The four terms, any one of which may be unknown (nullopt).
struct BatchQuestion {
  std::optional<std::int64_t> global, micro, accumulation, data_parallel;
  std::string data_parallel_key = "dp";  // the request field dp came from ("world" when derived)
};

/// Solves for the single unknown. Errors: underdetermined (more than one unknown), not_divisible
/// (the unknown would not be a whole number, including a product of known terms larger than
/// global), inconsistent (all four given and they disagree), out_of_range (global would exceed
/// 1e12, at the largest given factor). Products are overflow-checked: any int64 inputs are safe.
/// `base` is the JSON pointer of the object holding the terms, for error paths.
std::optional<BatchAccount> solve_batch(const BatchQuestion& q, Problems& problems, const std::string& base = "");

/// N_dp from a world size and model-parallel degrees; not_divisible when they do not divide it.
std::optional<std::int64_t> data_parallel_degree(std::int64_t world, std::int64_t tp, std::int64_t pp, std::int64_t cp,
                                                 Problems& problems, const std::string& base = "");

json to_json(const BatchAccount& account);

}  // namespace atlas
