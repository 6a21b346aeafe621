// The engine against published measured runs (content/presets/calibration.json). Calibration
// and validation stay apart by source; each source states the tolerance its cases must meet,
// so a change that makes the engine worse on any published run fails here.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <map>

#include "atlas/training/plan.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

const json& fidelity_table() {
  static const json t = call("fidelity", json::object());
  return t;
}

}  // namespace

TEST_CASE("every published case reads, and its source is declared with a role") {
  const json& t = fidelity_table();
  REQUIRE(t["cases"].size() >= 40);
  std::map<std::string, std::string> roles;
  for (const auto& s : t["sources"]) roles[s["id"].get<std::string>()] = s["role"].get<std::string>();
  for (const auto& c : t["cases"]) {
    CAPTURE(c["id"].get<std::string>());
    CHECK(roles.count(c["source"].get<std::string>()) == 1);
    CHECK(c["set"] == roles[c["source"].get<std::string>()]);
    CHECK(c["published_step"].get<double>() > 0);
    if (!c["expressed"].get<bool>()) continue;  // a refused split has no step
    CHECK(c["model_step"].get<double>() > 0);
    CHECK(c["ideal_step"].get<double>() <= c["model_step"].get<double>() * (1 + 1e-9));
  }
  // No constant is fitted on Narayanan et al. 2021.
  CHECK(roles["narayanan2021"] == "validation");
}

TEST_CASE("each case within its source's stated tolerance") {
  const json& t = fidelity_table();
  std::map<std::string, double> tolerance;
  for (const auto& s : t["sources"])
    if (s.contains("tolerance") && s["tolerance"].is_number())
      tolerance[s["id"].get<std::string>()] = s["tolerance"].get<double>();
  for (const auto& c : t["cases"]) {
    if (!c["expressed"].get<bool>()) continue;  // the sealed-set test below states what it ignored
    const std::string source = c["source"].get<std::string>();
    REQUIRE(tolerance.count(source) == 1);
    CAPTURE(c["id"].get<std::string>());
    const double allowed = c.contains("tolerance") ? c["tolerance"].get<double>() : tolerance[source];
    CHECK(std::fabs(c["error"].get<double>()) <= allowed);
  }
  // `npm run fidelity` prints the whole table; here the summary is shown only when a check fails.
  INFO("in-sample mean |error| " << 100 * t["in_sample"]["mean_abs_error"].get<double>() << " %, out-of-sample "
                                 << 100 * t["out_of_sample"]["mean_abs_error"].get<double>() << " %");
  CHECK(t["in_sample"]["mean_abs_error"].get<double>() < 0.05);
}

TEST_CASE("each summary says which way the engine is off: its signed mean and the runs it is faster on") {
  const json& t = fidelity_table();
  struct Tally {
    double sum = 0, abs = 0;
    int count = 0, faster = 0;
  };
  std::map<std::string, Tally> by_source;
  Tally validation;
  for (const auto& c : t["cases"]) {
    if (!c["expressed"].get<bool>()) continue;
    const double e = c["error"].get<double>();
    for (Tally* tally : {&by_source[c["source"].get<std::string>()], c["set"] == "validation" ? &validation : nullptr})
      if (tally) tally->sum += e, tally->abs += std::fabs(e), ++tally->count, tally->faster += e < 0 ? 1 : 0;
  }
  const auto agrees = [](const json& summary, const Tally& tally) {
    CHECK(summary["cases"].get<int>() == tally.count);
    CHECK(summary["engine_faster"].get<int>() == tally.faster);
    CHECK(summary["mean_error"].get<double>() == doctest::Approx(tally.sum / tally.count).epsilon(1e-12));
    // The signed mean can only be smaller in size than the mean |error|, equal when all agree in sign.
    CHECK(std::fabs(summary["mean_error"].get<double>()) <= summary["mean_abs_error"].get<double>() + 1e-12);
    if (tally.faster == 0 || tally.faster == tally.count)
      CHECK(std::fabs(summary["mean_error"].get<double>()) == doctest::Approx(tally.abs / tally.count));
  };
  agrees(t["out_of_sample"], validation);
  for (const auto& s : t["sources"]) {
    CAPTURE(s["id"].get<std::string>());
    const auto cases = by_source.find(s["id"].get<std::string>());
    // A source that calibrates a constant without runs of its own (an nccl-tests table) has none.
    CHECK(s.contains("errors") == (cases != by_source.end()));
    if (cases != by_source.end() && s.contains("errors")) agrees(s["errors"], cases->second);
  }
}

TEST_CASE("the stored constants are the fit: refitting on the calibration sources gives them back") {
  const json fitted = call("fidelity", json{{"refit", true}});
  const json presets = call("presets", json::object());
  for (const auto& item : fitted["fitted"].items()) {
    const std::string gpu = item.key();
    const json& f = item.value();
    CAPTURE(gpu);
    for (const auto& h : presets["hardware"])
      if (h["id"] == gpu) {
        CHECK(h["hardware"]["efficiencies"]["compute"].get<double>() ==
              doctest::Approx(f["compute"].get<double>()).epsilon(0.01));
        CHECK(h["hardware"]["efficiencies"]["memory_traffic"].get<double>() ==
              doctest::Approx(f["memory_traffic"].get<double>()).epsilon(0.05));
      }
  }
  // Leave-one-source-out: every calibration source is predicted by constants fitted without it,
  // here the other GPU's. Megatron's H100 runs reach a smaller fraction of their peak (0.61) than
  // Korthikanti's A100 runs of theirs (0.81), so each GPU predicted with the other's fraction is
  // off by about a quarter; the bound catches a fit that stops meaning anything, not that gap.
  CHECK(fitted["leave_one_source_out"].size() >= 2);
  for (const auto& l : fitted["leave_one_source_out"]) CHECK(l["mean_abs_error"].get<double>() < 0.35);
}

TEST_CASE("Megatron-DeepSpeed's tensor-parallel step is MT-NLG's fit, and BigScience's runs, never fitted, test it") {
  const json fitted = call("fidelity", json{{"refit", true}});
  REQUIRE(fitted.contains("fitted_framework"));
  const json& f = fitted["fitted_framework"];
  CHECK(f["source"] == "mtnlg");
  CHECK(f["megatron_deepspeed_tp_step"].get<double>() ==
        doctest::Approx(atlas::kMegatronDeepSpeedTpStep).epsilon(0.01));
  CHECK(f["mean_abs_error"].get<double>() < 0.03);
  // Left out, no other source fits it: MT-NLG is then predicted without it, as before it was counted.
  bool left_out = false;
  for (const auto& l : fitted["leave_one_source_out"])
    if (l["source"] == "mtnlg") {
      left_out = true;
      CHECK(l["mean_abs_error"].get<double>() > 0.15);
    }
  CHECK(left_out);
  // The test: both BigScience sources are validation, and every 8-way row of the benchmarks is
  // within 7 % (10-25 % faster than measured before the cost was counted).
  const json& t = fidelity_table();
  for (const auto& s : t["sources"])
    if (s["id"] == "bloom" || s["id"] == "bloom-prequel") CHECK(s["role"] == "validation");
  int eight_way = 0;
  for (const auto& c : t["cases"])
    if (c["source"] == "bloom-prequel" && c["request"]["parallel"]["tp"] == 8) {
      CAPTURE(c["id"].get<std::string>());
      CHECK(std::fabs(c["error"].get<double>()) < 0.07);
      ++eight_way;
    }
  CHECK(eight_way == 4);
}
