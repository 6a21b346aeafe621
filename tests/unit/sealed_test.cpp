// Sealed and informed validation: each validation source records when it was added and every
// change judged by its error; the ones with none are sealed, and their figure is the headline.
// A sealed set is frozen as first committed (content/sealed/<date>/), and its live cases must
// still equal the frozen ones.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "atlas/content/corrections.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

const json& sealed_table() {
  static const json t = call("fidelity", json::object());
  return t;
}

const json& calibration() {
  static const json doc = json::parse(read_source_file("content/presets/calibration.json"));
  return doc;
}

// A frozen set's cases, each equal to its live case (what a later finding adds is a correction,
// kept apart), each with a prediction (in predictions.json, or for a case added to the set later,
// in one of its addenda's files); its sources still declared as validation sources.
json frozen_cases(const std::string& folder, const std::vector<std::string>& addenda = {}) {
  const json frozen = json::parse(read_source_file(folder + "/cases.json"));
  const json sources = json::parse(read_source_file(folder + "/sources.json"));
  const json predictions = json::parse(read_source_file(folder + "/predictions.json"));
  std::map<std::string, json> live;
  for (const auto& c : calibration()["cases"]) live[c["id"].get<std::string>()] = c;
  std::map<std::string, json> predicted;
  for (const auto& p : predictions["cases"]) predicted[p["id"].get<std::string>()] = p;
  for (const auto& file : addenda) {
    const json addendum = json::parse(read_source_file(folder + "/" + file));
    CHECK(std::regex_match(addendum["engine_commit"].get<std::string>(), std::regex("^[0-9a-f]{7,40}$")));
    for (const auto& p : addendum["cases"]) {
      // A case is read once: an addendum adds cases, it does not read a sealed one again.
      CHECK(predicted.count(p["id"].get<std::string>()) == 0);
      predicted[p["id"].get<std::string>()] = p;
    }
  }
  CHECK(std::regex_match(predictions["engine_commit"].get<std::string>(), std::regex("^[0-9a-f]{7,40}$")));
  // 2026-12-08f found two publishers other than NVIDIA with layouts and times (nanotron's sweep and
  // XTuner's table): every frozen set counts, however few its sources.
  CHECK(sources.size() >= (folder.find("2026-12-08f") != std::string::npos ? 2u : 3u));
  for (const auto& c : frozen) {
    const std::string id = c["id"].get<std::string>();
    CAPTURE(id);
    REQUIRE(live.count(id) == 1);
    CHECK(live[id] == c);
    CHECK(predicted.count(id) == 1);
  }
  // Each frozen source is still declared, as a validation source.
  std::map<std::string, json> declared;
  for (const auto& s : calibration()["sources"]) declared[s["id"].get<std::string>()] = s;
  for (const auto& s : sources) {
    REQUIRE(declared.count(s["id"].get<std::string>()) == 1);
    CHECK(declared[s["id"].get<std::string>()]["role"] == "validation");
  }
  return frozen;
}

// A first reading as committed: each record's published step is the one the fidelity command
// reads from the live case, its error its own prediction against it, and the summary their mean,
// so a first reading cannot be rewritten quietly. Its runs stay validation runs (sealed, or
// informed once a change was judged on their source). Returns the presets the runs were on.
std::set<std::string> check_reading(const json& reading) {
  std::map<std::string, json> read;
  for (const auto& c : sealed_table()["cases"]) read[c["id"].get<std::string>()] = c;
  double sum = 0;
  int n = 0;
  std::set<std::string> gpus;
  for (const auto& p : reading["cases"]) {
    const std::string id = p["id"].get<std::string>();
    CAPTURE(id);
    REQUIRE(read.count(id) == 1);
    CHECK(read[id]["set"] == "validation");
    CHECK(p["published_step"].get<double>() == doctest::Approx(read[id]["published_step"].get<double>()).epsilon(1e-9));
    gpus.insert(read[id]["request"]["hardware"]["preset"].get<std::string>());
    if (!p["expressed"].get<bool>()) continue;
    CHECK(p["error"].get<double>() ==
          doctest::Approx(p["predicted_step"].get<double>() / p["published_step"].get<double>() - 1).epsilon(1e-9));
    sum += std::fabs(p["error"].get<double>()), ++n;
  }
  REQUIRE(n > 0);
  CHECK(reading["summary"]["all"]["cases"] == n);
  CHECK(reading["summary"]["all"]["mean_abs_error"].get<double>() == doctest::Approx(sum / n));
  return gpus;
}

}  // namespace

TEST_CASE("every validation source says when it was added and which changes it informed") {
  const std::regex date("^20[0-9]{2}-[01][0-9]-[0-3][0-9]$"), commit("^[0-9a-f]{7,40}$");
  for (const auto& s : calibration()["sources"]) {
    CAPTURE(s["id"].get<std::string>());
    REQUIRE(s.contains("added"));
    CHECK(std::regex_match(s["added"].get<std::string>(), date));
    if (s["role"] != "validation") continue;
    REQUIRE(s["informed_by"].is_array());
    for (const auto& change : s["informed_by"]) {
      CHECK(std::regex_match(change["commit"].get<std::string>(), commit));
      CHECK(std::regex_match(change["date"].get<std::string>(), date));
      CHECK(change["date"].get<std::string>() >= s["added"].get<std::string>());
      CHECK_FALSE(change["change"].get<std::string>().empty());
    }
  }
}

TEST_CASE(
    "a correction of a training case names why and adds a field the case did not have (or names the value it "
    "replaces), which the engine plans") {
  const json& doc = calibration();
  std::map<std::string, json> declared;
  for (const auto& s : doc["sources"]) declared[s["id"].get<std::string>()] = s;
  std::map<std::string, json> read;
  for (const auto& row : sealed_table()["cases"]) read[row["id"].get<std::string>()] = row;
  REQUIRE(doc["corrections"].is_array());
  for (const auto& k : doc["corrections"]) {
    CAPTURE(k.dump());
    CHECK(k["why"].get<std::string>().size() > 40);
    if (k.contains("source")) CHECK(declared[k["source"].get<std::string>()]["role"] == "validation");
    const json::json_pointer at(k["pointer"].get<std::string>());
    int covered = 0;
    for (const auto& c : doc["cases"]) {
      if (!atlas::correction_covers(k, c)) continue;
      ++covered;
      CAPTURE(c["id"].get<std::string>());
      // An addition: the run as recorded did not say. A replacement names what the case had, so
      // that the value it overrides is on record beside the reason.
      if (k.contains("replaces"))
        CHECK(c["request"].value(at, json()) == k["replaces"]);
      else
        CHECK_FALSE(c["request"].contains(at));
      CHECK(read[c["id"].get<std::string>()]["request"][at] == k["value"]);
      bool says = false;
      for (const auto& line : read[c["id"].get<std::string>()]["assumed"])
        says = says || line.get<std::string>() == "Added after sealing: " + k["why"].get<std::string>();
      CHECK(says);
    }
    CHECK(covered > 0);
  }
}

TEST_CASE("the sealed and informed summaries are their sources' expressed cases, and together the validation set") {
  const json& t = sealed_table();
  std::set<std::string> sealed_sources;
  for (const auto& s : t["sources"])
    if (s["role"] == "validation" && s["informed_by"].empty()) sealed_sources.insert(s["id"].get<std::string>());
  double sealed_sum = 0, informed_sum = 0;
  int sealed = 0, informed = 0, hidden = 0;
  for (const auto& c : t["cases"]) {
    const bool is_sealed = sealed_sources.count(c["source"].get<std::string>()) == 1;
    CHECK(c["seal"] == (c["set"] == "calibration" ? "calibration" : is_sealed ? "sealed" : "informed"));
    if (!c["expressed"].get<bool>()) {
      ++hidden;
      CHECK((c.contains("ignored") || c.contains("refused")));
      continue;
    }
    if (c["set"] != "validation") continue;
    (is_sealed ? sealed_sum : informed_sum) += std::fabs(c["error"].get<double>());
    ++(is_sealed ? sealed : informed);
  }
  CHECK(t["sealed"]["cases"] == sealed);
  CHECK(t["informed"]["cases"] == informed);
  CHECK(t["not_expressed"] == hidden);
  CHECK(t["sealed"]["cases"].get<int>() + t["informed"]["cases"].get<int>() == t["out_of_sample"]["cases"].get<int>());
  REQUIRE(sealed > 0);
  CHECK(t["sealed"]["mean_abs_error"].get<double>() == doctest::Approx(sealed_sum / sealed));
  CHECK(t["informed"]["mean_abs_error"].get<double>() == doctest::Approx(informed_sum / informed));
}

TEST_CASE("the sealed set of 2026-12-03 is frozen: the live cases equal the committed ones, with their predictions") {
  const json frozen = frozen_cases("content/sealed/2026-12-03");
  // At least three sources (checked above) and thirty runs, Hopper and Blackwell, FP8 among them
  // (the floor for a sealed set).
  CHECK(frozen.size() >= 30);
  std::set<std::string> gpus, formats;
  for (const auto& c : frozen) {
    gpus.insert(c["request"]["hardware"]["preset"].get<std::string>());
    formats.insert(c["request"]["parallel"].value("precision", "bf16"));
  }
  CHECK((gpus.count("h100-sxm") + gpus.count("h200")) > 0);
  CHECK((gpus.count("b200") + gpus.count("gb200-nvl72")) > 0);
  CHECK((formats.count("fp8-delayed") + formats.count("fp8-current")) > 0);
}

TEST_CASE("the sealed MoE set of 2026-12-03 is frozen, and its first reading is the one committed") {
  const std::string folder = "content/sealed/2026-12-03-moe";
  // Cases added later (2026-12-04, when parallel.etp made the ETP 1 under TP 2 rows expressible)
  // are read in addenda, predictions-addendum-*.json, each read once at its addition.
  std::vector<std::string> addendum_files;
  for (const auto& e : std::filesystem::directory_iterator(std::string(ATLAS_SOURCE_DIR) + "/" + folder)) {
    const std::string name = e.path().filename().string();
    if (e.is_regular_file() && std::regex_match(name, std::regex("^predictions-addendum-.+\\.json$")))
      addendum_files.push_back(name);
  }
  std::sort(addendum_files.begin(), addendum_files.end());
  REQUIRE(!addendum_files.empty());
  const json frozen = frozen_cases(folder, addendum_files);
  const json predictions = json::parse(read_source_file(folder + "/predictions.json"));
  // Every run is a mixture of experts of the 2025-26 shapes, on Hopper and Blackwell, FP8 among them.
  CHECK(frozen.size() >= 20);
  std::set<std::string> gpus, formats;
  for (const auto& c : frozen) {
    CHECK(c["request"]["model"]["experts"].get<int>() > 1);
    gpus.insert(c["request"]["hardware"]["preset"].get<std::string>());
    formats.insert(c["request"]["parallel"].value("precision", "bf16"));
  }
  CHECK(gpus.count("h100-sxm") > 0);
  CHECK((gpus.count("b200") + gpus.count("gb200-nvl72")) > 0);
  CHECK(formats.count("mxfp8") + formats.count("fp8-current") + formats.count("fp8-delayed") > 0);
  check_reading(predictions);
  // Each addendum's cases were read at their addition, after the set was sealed, each with its
  // prediction against the published step the fidelity command reads, and still validation runs.
  std::size_t addendum_cases = 0;
  for (const auto& file : addendum_files) {
    CAPTURE(file);
    const json addendum = json::parse(read_source_file(folder + "/" + file));
    CHECK(addendum["added"].get<std::string>() > predictions["sealed"].get<std::string>());
    for (const auto& p : addendum["cases"]) REQUIRE(p["expressed"].get<bool>());
    check_reading(addendum);
    addendum_cases += addendum["cases"].size();
  }
  // Every frozen case is read once, in the first reading or in one addendum (frozen_cases checks
  // that no case is in two files).
  CHECK(frozen.size() == predictions["cases"].size() + addendum_cases);
}

namespace {

// A training set frozen whole at one engine commit: every live case equals its record (less what
// `amended` added since), each read once in its first reading, on Hopper and (unless the set's
// sources had none) Blackwell.
void check_first_reading(const std::string& folder, std::size_t at_least, bool blackwell = true) {
  const json frozen = frozen_cases(folder);
  const json predictions = json::parse(read_source_file(folder + "/predictions.json"));
  CHECK(frozen.size() >= at_least);
  CHECK(frozen.size() == predictions["cases"].size());
  const std::set<std::string> gpus = check_reading(predictions);
  CHECK(gpus.count("h100-sxm") > 0);
  CHECK((gpus.count("b200") + gpus.count("gb200-nvl72") > 0) == blackwell);
}

}  // namespace

TEST_CASE("the sealed training sets of 2026-12-06 (dense and MoE) are frozen with their first readings") {
  check_first_reading("content/sealed/2026-12-06-train", 30);
  check_first_reading("content/sealed/2026-12-06-train-moe", 30);
}

TEST_CASE(
    "the sealed training set of 2026-12-07g (MLPerf Training's Llama 3.1 logs) is frozen with its first reading") {
  check_first_reading("content/sealed/2026-12-07g-train", 15);
}

TEST_CASE(
    "the sealed training set of 2026-12-07h (MLPerf Training's partner submissions) is frozen with its first reading") {
  check_first_reading("content/sealed/2026-12-07h-train", 15);
}

TEST_CASE(
    "the sealed training set of 2026-12-07i (MLPerf Training v4.0 and v4.1 GPT-3 175B on H100) is frozen with its "
    "first reading") {
  // MLPerf's v4.x GPT-3 runs on NVIDIA GPUs are all H100: the one B200 run's config is not in the repository.
  check_first_reading("content/sealed/2026-12-07i-train", 5, false);
}

TEST_CASE(
    "the sealed training set of 2026-12-07m (llm-foundry's A100 40GB and H100 FP8 tables, torchao's float8 runs) is "
    "frozen with its first reading") {
  // Publishers other than NVIDIA, on A100 40GB and H100: no Blackwell run among them.
  check_first_reading("content/sealed/2026-12-07m-train", 40, false);
}

TEST_CASE(
    "the sealed MoE training set of 2026-12-07p (XTuner, Pai-Megatron-Patch, torchao, Megatron-MoE-ModelZoo) is frozen "
    "with its first reading") {
  check_first_reading("content/sealed/2026-12-07p-train", 20);
}

TEST_CASE(
    "the sealed training set of 2026-12-08f (Hugging Face nanotron's Ultra-Scale Playbook sweep, XTuner's A100 table) is "
    "frozen with its first reading") {
  // Publishers other than NVIDIA, on H100 and A100 80GB: no Blackwell run among them.
  check_first_reading("content/sealed/2026-12-08f-train", 30, false);
}
