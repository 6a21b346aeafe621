// The entry's check question as a graded multiple choice. With a seed the options are shown in
// a stable shuffled order, so the right answer is not always in the same place; answers are
// then positions in that order and the response maps them back to the entry's indices.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "atlas/contract/problems.hpp"

namespace atlas {

/// The most seeds a page can hold exactly: JavaScript numbers are exact up to 2^53 − 1.
inline constexpr double kMaxSeed = 9007199254740991.0;

/// Validates a check object ({question, options, answer, explanation}) with the entry rules,
/// reporting problems under `path`. Returns the normalized check, or nullopt when invalid.
std::optional<json> validate_check(const json& check, const std::string& path, Problems& problems);

/// Option order for a seed: order[k] is the entry's option index shown at position k.
/// Without a seed the order is the entry's own.
std::vector<int> option_order(std::optional<std::uint64_t> seed, int option_count);

}  // namespace atlas
