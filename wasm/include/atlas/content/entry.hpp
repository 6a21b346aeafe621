// The atlas entry schema, as the seed entry implies it. content/README.md documents it.
#pragma once

#include "atlas/contract/problems.hpp"

namespace atlas {

/// Checks an entry and returns its normalized form (strings trimmed, optional arrays present,
/// keys in schema order). Problems gets every violation with its JSON pointer.
json validate_entry(const json& entry, Problems& problems);

/// True for lowercase kebab-case ids: "loss-optimizer", "nccl", "a100".
bool is_kebab_id(const std::string& s);

/// True for absolute http(s) URLs with a host and no spaces or control characters.
bool is_web_url(const std::string& s);

}  // namespace atlas
