// The engine's modules (registry.hpp): the page loads its commands as a core, a quiz and a
// planner module, routed by the names-only map `version` publishes. The map must name exactly
// the commands the whole engine answers, each once outside version, or the page would send a
// command to a module that cannot answer it.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <set>

#include "atlas/contract/registry.hpp"
#include "support.hpp"

using namespace atlas_test;

TEST_CASE("registry: the module map names every command once, and the full build answers them all") {
  const json modules = atlas::command_modules();
  REQUIRE(modules.contains("core"));
  REQUIRE(modules.contains("quiz"));
  REQUIRE(modules.contains("planner"));
  std::map<std::string, int> seen;
  for (const auto& [module, names] : modules.items())
    for (const auto& name : names) ++seen[name.get<std::string>()];
  const auto all = atlas::command_names();
  CHECK(seen.size() == all.size());
  for (const auto& name : all) {
    CAPTURE(name);
    CHECK(seen[name] == (name == "version" ? static_cast<int>(modules.size()) : 1));
    CHECK(static_cast<bool>(atlas::find_handler(name)));
  }
  CHECK(std::string(atlas::registered_commands().module) == "all");
}

TEST_CASE("registry: version publishes the map; the core holds only what the first screen runs") {
  const json v = call("version", "{}");
  CHECK(v["module"] == "all");
  CHECK(v["modules"] == atlas::command_modules());
  const auto& core = v["modules"]["core"];
  // nccl-tests too: the lab's log reader runs only on a pasted log and reads the planner's presets.
  // schema too: development data the page asks only for the planner's import panel.
  for (const char* later :
       {"plan", "search", "presets", "fidelity", "import", "export", "nccl-tests", "schema", "quiz", "practice"}) {
    CAPTURE(later);
    CHECK(std::find(core.begin(), core.end(), later) == core.end());
  }
  const auto& quiz = v["modules"]["quiz"];
  for (const char* check : {"quiz", "practice"}) CHECK(std::find(quiz.begin(), quiz.end(), check) != quiz.end());
  for (const char* first_paint : {"validate", "allreduce", "batch"}) {
    CAPTURE(first_paint);
    CHECK(std::find(core.begin(), core.end(), first_paint) != core.end());
  }
}
