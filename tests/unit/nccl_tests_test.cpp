// The `nccl-tests` command: real all_reduce_perf formats (fixtures modelled on published
// output), recomputed algbw/busbw, the α-B fit, and arbitrary text.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "atlas/collectives/nccl_log.hpp"
#include "atlas/collectives/nccl_network_fit.hpp"
#include "atlas/collectives/network.hpp"
#include "atlas/collectives/ring_fit.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json parse_fixture(const std::string& name, json extra = json::object()) {
  json req{{"log", read_source_file("tests/fixtures/nccl/" + name)}};
  for (auto it = extra.begin(); it != extra.end(); ++it) req[it.key()] = it.value();
  return call("nccl-tests", req);
}

bool has_warning(const json& r, const std::string& code) {
  if (!r.contains("warnings")) return false;
  for (const auto& w : r["warnings"])
    if (w["code"] == code) return true;
  return false;
}

}  // namespace

TEST_CASE("current format: root and #wrong columns, Rank lines counted, footer read") {
  json r = parse_fixture("allreduce_8gpu_current.log");
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["collective"] == "all_reduce_perf");
  CHECK(r["ranks"] == 8);
  CHECK(r["ranks_source"] == "rank_lines");
  CHECK(r["rows"].size() == 31);  // 8 B … 8 GiB
  CHECK(r["avg_busbw"].get<double>() == doctest::Approx(143.118));
  CHECK(r["unreadable"].empty());
  const json& last = r["rows"].back();
  CHECK(last["size"].get<double>() == 8589934592.0);
  CHECK(last["time"].get<double>() == doctest::Approx(33438e-6).scale(0));
  // Recomputed from size and time; agrees with the printed, rounded columns.
  CHECK(last["algbw"].get<double>() == doctest::Approx(8589934592.0 / 33438e-6 / 1e9));
  CHECK(last["busbw"].get<double>() == doctest::Approx(last["algbw"].get<double>() * 1.75));
  CHECK(last["algbw"].get<double>() == doctest::Approx(last["logged_algbw"].get<double>()).epsilon(0.001));
  CHECK(last["busbw"].get<double>() == doctest::Approx(last["logged_busbw"].get<double>()).epsilon(0.001));
  CHECK(last["in_place_time"].get<double>() == doctest::Approx(32336e-6).scale(0));
  // The fixture was generated from α_total ≈ 22 µs, B = 460 GB/s with ±3 % jitter.
  const json& fit = r["fit"];
  CHECK(fit["bandwidth"].get<double>() == doctest::Approx(4.6e11).epsilon(0.05));
  CHECK(fit["intercept"].get<double>() == doctest::Approx(22e-6).epsilon(0.1));
  CHECK(fit["latency"].get<double>() == doctest::Approx(fit["intercept"].get<double>() / 14));
  CHECK(fit["r2"].get<double>() > 0.99);
  CHECK(fit["r2"].get<double>() <= 1.0);
}

TEST_CASE("older format: no root column, float error column, '#   Rank N Pid' lines") {
  json r = parse_fixture("allreduce_16rank_older.log");
  CHECK(r["ranks"] == 16);
  CHECK(r["rows"].size() == 28);
  CHECK(r["rows"][0]["size"] == 8.0);
  CHECK(r["rows"][0]["time"].get<double>() == doctest::Approx(60.70e-6).scale(0));
  CHECK(r["rows"][0]["wrong"] == "6e-08");
  CHECK_FALSE(has_warning(r, "wrong_results"));  // float error of 1e-7 is rounding, not wrong data
  CHECK(r["fit"]["bandwidth"].get<double>() == doctest::Approx(4.6e10).epsilon(0.05));
}

TEST_CASE("launcher prefixes, interleaved NCCL INFO lines, N/A validation cells") {
  json r = parse_fixture("allreduce_srun_prefixed.log");
  CHECK(r["ranks"] == 4);
  CHECK(r["ranks_source"] == "rank_lines");
  CHECK(r["rows"].size() == 15);
  CHECK(r["header_found"] == true);
  CHECK(r["skipped_count"] == 5);
  CHECK(r["skipped"][0]["line"] == 8);
  CHECK(r["skipped"][0]["text"].get<std::string>().find("NCCL INFO") != std::string::npos);
  CHECK(r["fit"]["bandwidth"].get<double>() == doctest::Approx(1.15e10).epsilon(0.05));
  json ip = parse_fixture("allreduce_srun_prefixed.log", {{"column", "in_place"}});
  CHECK(ip["rows"][0]["time"] == ip["rows"][0]["in_place_time"]);
  CHECK(ip["rows"][0]["time"] != ip["rows"][0]["out_of_place_time"]);
}

TEST_CASE("hand-edited table: underscores, a unit suffix, ranks from the busbw/algbw ratio") {
  json r = parse_fixture("hand_edited_table.txt");
  CHECK(r["rows"].size() == 6);
  CHECK(r["rows"][4]["size"] == 1073741824.0);
  CHECK(r["rows"][5]["size"] == 4294967296.0);  // "4G" as nccl-tests' -b reads it
  CHECK(r["ranks"] == 8);
  CHECK(r["ranks_source"] == "busbw_ratio");
  CHECK(r["skipped_count"] == 2);
  CHECK(parse_fixture("hand_edited_table.txt", {{"ranks", 4}})["ranks"] == 4);
  CHECK(atlas::parse_size("1_073_741_824") == 1073741824.0);
  CHECK(atlas::parse_size("1,048,576") == 1048576.0);
  CHECK(atlas::parse_size("64KiB") == 65536.0);
  CHECK(atlas::parse_size("2MB") == 2e6);
  CHECK_FALSE(atlas::parse_size("12parsecs"));
  CHECK_FALSE(atlas::parse_size(""));
}

TEST_CASE("a non-all-reduce log is read but flagged") {
  json r = parse_fixture("allgather_current.log");
  CHECK(r["collective"] == "all_gather_perf");
  CHECK(has_warning(r, "not_all_reduce"));
}

TEST_CASE("garbage: never crashes, unreadable lines come back with numbers") {
  json r = parse_fixture("garbage.txt");
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["rows"].empty());
  CHECK(r["fit"].is_null());
  CHECK(has_warning(r, "no_rows"));
  CHECK(r["unreadable"].size() == 3);
  CHECK(r["unreadable"][0]["line"] == 2);
  CHECK(r["unreadable"][2]["line"] == 10);
  CHECK(r["unreadable"][2]["reason"].get<std::string>().find("nan") != std::string::npos);
  CHECK(call("nccl-tests", json{{"log", ""}})["rows"].empty());
  // Random bytes and random table-like lines.
  std::mt19937 rng(42);
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const int length = static_cast<int>(rng() % 400);
    const char alphabet[] = "0123456789 .-_#:eE\n\tabcxyzGKMB(),";
    for (int i = 0; i < length; ++i)
      text += round % 2 ? static_cast<char>(rng() % 128) : alphabet[rng() % (sizeof(alphabet) - 1)];
    json res = call("nccl-tests", json{{"log", text}, {"ranks", 8}});
    CHECK_FALSE(atlas::is_error(res));
  }
}

TEST_CASE("fit: exact data gives exact α and B; degenerate data says why") {
  std::vector<atlas::TimedSize> pts;
  for (double n = 1e3; n <= 1e10; n *= 4) pts.push_back({n, 14 * 5e-6 + 1.75 * n / 1e11});
  std::string why;
  auto fit = atlas::fit_ring(pts, 8, why);
  REQUIRE(fit);
  CHECK(fit->latency == doctest::Approx(5e-6).scale(0));
  CHECK(fit->bandwidth == doctest::Approx(1e11));
  CHECK(fit->r2 == doctest::Approx(1.0));
  CHECK_FALSE(atlas::fit_ring({{1e6, 1e-3}, {1e6, 1.1e-3}}, 8, why));
  CHECK(why.find("different sizes") != std::string::npos);
  CHECK_FALSE(atlas::fit_ring({{1e3, 1e-3}, {1e6, 1e-4}}, 8, why));  // time falls with size
  // Negative intercept is refitted through the origin.
  auto clamped = atlas::fit_ring({{1e6, 0.5e-5}, {1e7, 1e-4}, {1e8, 1e-3}}, 8, why);
  REQUIRE(clamped);
  CHECK(clamped->latency_clamped);
  CHECK(clamped->latency == 0);
}

TEST_CASE("request errors name their field") {
  CHECK(has_error(call("nccl-tests", json::object()), "missing_field", "/log"));
  CHECK(has_error(call("nccl-tests", json{{"log", 5}}), "wrong_type", "/log"));
  CHECK(has_error(call("nccl-tests", json{{"log", ""}, {"ranks", 1}}), "out_of_range", "/ranks"));
  CHECK(has_error(call("nccl-tests", json{{"log", ""}, {"ranks", 2.5}}), "not_integer", "/ranks"));
  CHECK(has_error(call("nccl-tests", json{{"log", ""}, {"column", "sideways"}}), "unknown_value", "/column"));
  CHECK(has_error(call("nccl-tests", json{{"log", std::string(5 * 1024 * 1024, 'x')}}), "too_long", "/log"));
}

TEST_CASE("the planner's NCCL model read off a log: its own output comes back exactly") {
  // A log made by the planner's model (one node of 8, 300 GB/s bus bandwidth, 4 µs per call):
  // reading it back gives the same two figures, and every row's model time equals the log's.
  atlas::NetworkLinks links;
  links.nvlink_busbw = 3e11, links.call_overhead = 4e-6, links.gpus_per_node = 8, links.nics_per_node = 8;
  links.nic_busbw = 1;
  const atlas::GroupPlacement g{8, 1, 8};
  std::vector<atlas::TimedSize> pts;
  for (double n = 8; n <= 8.6e9; n *= 4)
    pts.push_back({n, atlas::nccl_time(atlas::Collective::all_reduce, n, g, links).time});
  const json fit = atlas::planner_network_fit(pts, 8);
  REQUIRE(fit.is_object());
  CHECK(fit["busbw"].get<double>() == doctest::Approx(3e11).epsilon(0.02));
  CHECK(fit["call_overhead"].get<double>() == doctest::Approx(4e-6).epsilon(0.05));
  CHECK(fit["mean_abs_error"].get<double>() < 0.02);
  // The nominal link per preset reaches that bandwidth at the preset's efficiency.
  for (const auto& item : fit["intra_bandwidth_by_preset"].items()) {
    const json& v = item.value();
    CHECK(v["intra_bandwidth"].get<double>() * v["efficiency"].get<double>() ==
          doctest::Approx(fit["busbw"].get<double>()));
  }
  // Through the command: a real log gets the block, a log without ranks does not.
  const json r = parse_fixture("allreduce_8gpu_current.log");
  REQUIRE(r.contains("planner_network"));
  CHECK(r["planner_network"]["busbw"].get<double>() > 3e11);
  CHECK(r["planner_network"]["rows"].size() == r["rows"].size());
}
