// libFuzzer harness over every engine command (npm run fuzz; tests/fuzz/README.md). A finding
// is an answer that breaks response_problem(), or a crash, leak or UB the sanitizers catch.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "atlas/contract/engine.hpp"
#include "response_check.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<std::string> names = atlas::command_names();
  const auto input = atlas_fuzz::split_input(std::string_view(reinterpret_cast<const char*>(data), size), names);
  const std::string response = atlas::run_text(input.command, input.request);
  const std::string problem = atlas_fuzz::response_problem(response);
  if (!problem.empty()) {
    std::fprintf(stderr, "atlas_fuzz: %s: %s\n", input.command.c_str(), problem.c_str());
    std::abort();
  }
  return 0;
}
