// The sealed memory sets as the engine reads them (content/presets/memory-cases.json) are the
// frozen records (content/sealed/2026-12-03-memory/, 2026-12-06-memory/, 2026-12-06b-memory/, 2026-12-06f-memory/,
// 2026-12-07-memory/, 2026-12-07b-memory/, 2026-12-07e-memory/, 2026-12-07j-memory/, 2026-12-07l-memory/,
// 2026-12-07o-memory/, 2026-12-07r-memory/, 2026-12-11m-memory/): the same runs, configurations and measured bytes, so
// no case can be edited after its predictions were committed without this failing.
#include <doctest/doctest.h>

#include <map>

#include "atlas/content/corrections.hpp"
#include "support.hpp"

using namespace atlas_test;

TEST_CASE("the live memory cases are the sealed record: same ids, requests and measured bytes") {
  json frozen = json::parse(read_source_file("content/sealed/2026-12-03-memory/cases.json"));
  for (const char* set :
       {"content/sealed/2026-12-06-memory/cases.json", "content/sealed/2026-12-06b-memory/cases.json",
        "content/sealed/2026-12-06f-memory/cases.json", "content/sealed/2026-12-07-memory/cases.json",
        "content/sealed/2026-12-07b-memory/cases.json", "content/sealed/2026-12-07e-memory/cases.json",
        "content/sealed/2026-12-07j-memory/cases.json", "content/sealed/2026-12-07l-memory/cases.json",
        "content/sealed/2026-12-07o-memory/cases.json", "content/sealed/2026-12-07r-memory/cases.json",
        "content/sealed/2026-12-11m-memory/cases.json"})
    for (const auto& c : json::parse(read_source_file(set))) frozen.push_back(c);
  const json live = json::parse(read_source_file("content/presets/memory-cases.json"));
  std::map<std::string, const json*> by_id;
  for (const auto& c : live["cases"]) by_id[c["id"].get<std::string>()] = &c;
  REQUIRE(frozen.size() == live["cases"].size());
  for (const auto& f : frozen) {
    const std::string id = f["id"];
    REQUIRE_MESSAGE(by_id.count(id) == 1, id);
    const json& l = *by_id[id];
    CHECK_MESSAGE(l["request"] == f["request"], id);
    CHECK(l["source"] == f["source"]);
    CHECK(l["published"]["kind"] == f["published"]["kind"]);
    const json& p = f["published"];
    const double bytes = p.contains("bytes") ? p["bytes"].get<double>() : p["value"].get<double>() * 1073741824.0;
    const double live_bytes = l["published"]["unit"] == "B" ? l["published"]["value"].get<double>()
                                                            : l["published"]["value"].get<double>() * 1073741824.0;
    CHECK_MESSAGE(live_bytes == doctest::Approx(bytes).epsilon(1e-12), id);
  }
  // Every source keeps the book: when it was added and which changes were judged on it.
  for (const auto& s : live["sources"]) {
    CHECK_MESSAGE(s["added"].is_string(), s["id"].get<std::string>());
    CHECK_MESSAGE(s["informed_by"].is_array(), s["id"].get<std::string>());
  }
}

TEST_CASE("a correction of a frozen memory case names why, touches only an informed source, and shows on its row") {
  const json live = json::parse(read_source_file("content/presets/memory-cases.json"));
  std::map<std::string, bool> informed;
  for (const auto& s : live["sources"]) informed[s["id"]] = !s["informed_by"].empty();
  const json corrections = live.value("corrections", json::array());
  for (const auto& k : corrections) {
    CHECK(informed[k["source"]]);
    CHECK(k["why"].get<std::string>().size() > 40);
    CHECK(k["pointer"].get<std::string>().rfind("/", 0) == 0);
  }
  const json f = call("fidelity", json::object())["memory"];
  for (const auto& row : f["cases"]) {
    bool covered = false;
    for (const auto& k : corrections) covered = covered || atlas::correction_covers(k, row);
    CHECK(row.contains("corrected") == covered);
  }
}
