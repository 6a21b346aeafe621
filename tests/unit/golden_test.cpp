// Golden plans: six canonical layouts whose communication list, memory and time sections were
// reviewed by hand once (tests/golden/README.md) and are compared field by field ever after, so a
// changed count, size or placement of a transfer cannot pass unnoticed. After an intended change:
// ATLAS_UPDATE_GOLDEN=1 ./atlas_tests -tc='golden*' (natively), then review the diff.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "support.hpp"

using namespace atlas_test;

namespace {

const char* const kGolden[] = {"gpt3-tp8-pp8", "gpt3-interleaved-v2", "llama70b-zero3-fsdp",
                               "mixtral-ep8",  "llama70b-cp4",        "tp-across-nodes"};
const char* const kSections[] = {"communication", "memory", "time"};

// Numbers agree to 1e-9 relative (native and WASM libm may differ in the last bits); everything
// else exactly. Differences are listed by JSON pointer, at most `room` of them.
void compare(const json& want, const json& got, const std::string& at, std::vector<std::string>& out,
             std::size_t room) {
  if (out.size() >= room) return;
  if (want.is_number() && got.is_number()) {
    const double a = want.get<double>(), b = got.get<double>();
    if (std::fabs(a - b) > 1e-9 * std::max(std::fabs(a), std::fabs(b)) + 1e-300)
      out.push_back(at + ": " + want.dump() + " → " + got.dump());
    return;
  }
  if (want.type() != got.type() || (!want.is_structured() && want != got)) {
    out.push_back(at + ": " + want.dump().substr(0, 120) + " → " + got.dump().substr(0, 120));
    return;
  }
  if (want.is_array()) {
    if (want.size() != got.size())
      out.push_back(at + ": " + std::to_string(want.size()) + " items → " + std::to_string(got.size()));
    for (std::size_t i = 0; i < std::min(want.size(), got.size()); ++i)
      compare(want[i], got[i],
              at + "/" + (want[i].contains("id") ? want[i]["id"].get<std::string>() : std::to_string(i)), out, room);
  } else if (want.is_object()) {
    for (const auto& [key, value] : want.items())
      if (!got.contains(key))
        out.push_back(at + "/" + key + ": missing");
      else
        compare(value, got[key], at + "/" + key, out, room);
    for (const auto& [key, value] : got.items())
      if (!want.contains(key)) out.push_back(at + "/" + key + ": new");
  }
}

}  // namespace

TEST_CASE("golden plans: communication, memory and time of six canonical layouts") {
  const bool update = std::getenv("ATLAS_UPDATE_GOLDEN") != nullptr;
  for (const char* name : kGolden) {
    CAPTURE(name);
    const std::string path = std::string("tests/golden/") + name + ".json";
    const std::string text = read_source_file(path);
    REQUIRE_MESSAGE(!text.empty(), "missing " << path);
    json doc = json::parse(text);
    const json plan = call("plan", doc["request"]);
    REQUIRE_MESSAGE(!plan.contains("error"), plan.dump());
    if (update) {
      for (const char* s : kSections) doc["expected"][s] = plan[s];
      std::ofstream(std::string(ATLAS_SOURCE_DIR) + "/" + path) << doc.dump(1) << "\n";
      continue;
    }
    std::vector<std::string> differences;
    for (const char* s : kSections) compare(doc["expected"][s], plan[s], std::string("/") + s, differences, 12);
    for (const auto& d : differences) MESSAGE(d);
    CHECK(differences.empty());
  }
}
