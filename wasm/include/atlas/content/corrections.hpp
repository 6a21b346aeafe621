// Documented corrections of frozen validation cases. A frozen case is never edited; where a later
// finding replaces what a case assumed (its source silent), the live case file lists a correction:
// the source, the part of the case ids it covers ("match", a substring; empty: all), the field's
// JSON pointer in the request, the new value and why. The engine plans the corrected request and
// the case's row says so; a corrected source counts as informed.
#pragma once

#include <nlohmann/json.hpp>

namespace atlas {

/// Case `c`'s request with every correction of `corrections` that covers it applied; the reasons
/// go into row["corrected"].
nlohmann::json corrected_request(const nlohmann::json& corrections, const nlohmann::json& c, nlohmann::json& row);

}  // namespace atlas
