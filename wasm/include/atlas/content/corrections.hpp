// Documented corrections of frozen validation cases. A frozen case is never edited; where a later
// finding replaces what a case assumed (its source silent), the live case file lists a correction:
// the source (absent: every source), the case ids it covers ("match": a substring, or a list of
// substrings an id must all hold; empty: all), the field's JSON pointer in the request, the new
// value and why. The engine plans the corrected request and the case's row says so. Serving and
// memory corrections count their source as informed; a training correction may also be a rule
// fixed before a sealed set was read (calibration.json says which).
#pragma once

#include <nlohmann/json.hpp>

namespace atlas {

/// Whether correction `k` covers case `c` (its source and id).
bool correction_covers(const nlohmann::json& k, const nlohmann::json& c);
/// Case `c`'s request with every correction of `corrections` that covers it applied; the reasons
/// go into row["corrected"].
nlohmann::json corrected_request(const nlohmann::json& corrections, const nlohmann::json& c, nlohmann::json& row);

}  // namespace atlas
