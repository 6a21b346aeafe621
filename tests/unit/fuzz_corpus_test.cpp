// Replays the fuzz target's seed corpus and every kept finding (tests/fuzz/corpus, findings)
// through the same checks the libFuzzer harness makes, so a fixed bug stays fixed in npm test.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <vector>

#include "../fuzz/response_check.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

std::vector<std::string> files_in(const std::string& folder) {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(ATLAS_SOURCE_DIR) + "/" + folder))
    if (e.is_regular_file() && e.path().filename().string()[0] != '.')
      out.push_back(folder + "/" + e.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

void replay(const std::string& folder, std::size_t at_least) {
  const auto files = files_in(folder);
  CHECK(files.size() >= at_least);
  const auto names = atlas::command_names();
  for (const auto& file : files) {
    CAPTURE(file);
    const auto input = atlas_fuzz::split_input(read_source_file(file), names);
    CAPTURE(input.command);
    CHECK(atlas_fuzz::response_problem(atlas::run_text(input.command, input.request)) == "");
  }
}

}  // namespace

TEST_CASE("fuzz seed corpus: every command answers within the contract") { replay("tests/fuzz/corpus", 10); }

TEST_CASE("fuzz findings: each reproducer stays fixed") { replay("tests/fuzz/findings", 1); }
