// `reconcile`: a pasted training log read back (Megatron-LM iteration and memory lines,
// torchtitan step lines) and set beside the engine's plan of the same request.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "support.hpp"

using atlas_test::call;
using atlas_test::error_code;
using atlas_test::error_path;
using atlas_test::json;

namespace {

const char* const kMegatronLog =
    " [2025-01-01 10:00:00] iteration       10/     100 | consumed samples:           80 | elapsed time per "
    "iteration (ms): 2400.0 | throughput per GPU (TFLOP/s/GPU): 380.2 | global batch size:     8 |\n"
    "[Rank 0] (after 10 iterations) memory (MB) | allocated: 20000.0 | max allocated: 40000.0 | reserved: 42000.0 "
    "| max reserved: 42000.0\n"
    "some other line the reader skips\n"
    " [2025-01-01 10:00:24] iteration       20/     100 | consumed samples:          160 | elapsed time per "
    "iteration (ms): 2,000.0 | throughput per GPU (TFLOP/s/GPU): 400.0 | global batch size:     8 |\n"
    " [2025-01-01 10:00:44] iteration       30/     100 | consumed samples:          240 | elapsed time per "
    "iteration (ms): 2100.0 | throughput per GPU (TFLOP/s/GPU): 390.0 | global batch size:     8 |\n";

json reconcile_request(const std::string& log, json parallel = json{{"tp", 1}, {"zero", 1}}, int global = 8) {
  json r =
      atlas_test::plan_request(std::move(parallel), {{"micro", 1}, {"global", global}}, "llama-3.1-8b", 8, "h100-sxm");
  r["log"] = log;
  return r;
}

const json& row(const json& answer, const std::string& quantity) {
  for (const auto& r : answer["compare"])
    if (r["quantity"].get<std::string>().rfind(quantity, 0) == 0) return r;
  static const json none;
  return none;
}

}  // namespace

TEST_CASE("a Megatron-LM log: medians after the first interval, residuals against the plan's own figures") {
  const json request = reconcile_request(kMegatronLog);
  const json answer = call("reconcile", request);
  REQUIRE_FALSE(answer.contains("error"));
  json plan_only = request;
  plan_only.erase("log");
  const json plan = call("plan", plan_only);
  const double engine = plan["time"]["step"].get<double>();

  CHECK(answer["log"]["format"] == "megatron");
  CHECK(answer["log"]["intervals"] == 3);
  CHECK(answer["log"]["used"] == 2);  // 2,400 ms holds warm-up; the median of 2,000 and 2,100 is 2,050
  const json& step = row(answer, "step time");
  CHECK(step["measured"].get<double>() == doctest::Approx(2.05));
  CHECK(step["engine"].get<double>() == doctest::Approx(engine));
  CHECK(step["residual"].get<double>() == doctest::Approx(engine / 2.05 - 1));
  // Tokens per GPU per step: 8 sequences of 8,192 over 8 GPUs.
  CHECK(row(answer, "tokens per second")["measured"].get<double>() == doctest::Approx(8192.0 / 2.05));
  CHECK(row(answer, "model TFLOP/s")["measured"].get<double>() == doctest::Approx(395.0));
  // Megatron's "MB" is MiB: 40,000 × 1,048,576 B.
  CHECK(row(answer, "peak memory (allocated)")["measured"].get<double>() == doctest::Approx(40000.0 * 1048576.0));
  CHECK(row(answer, "peak memory")["engine"].get<double>() ==
        doctest::Approx(plan["memory"]["peak_allocated"].get<double>()));

  // Each term alone: the factor that makes engine + (factor − 1) × part equal the measured step,
  // the smallest change first.
  const double gap = 2.05 - engine;
  CHECK(answer["gap_seconds"].get<double>() == doctest::Approx(gap));
  REQUIRE(answer["terms"].size() >= 2);
  double last = 0;
  for (const auto& t : answer["terms"]) {
    const double part = t["engine_seconds"].get<double>(), factor = t["factor"].get<double>();
    CHECK(part * factor == doctest::Approx(part + gap));
    CHECK(std::abs(std::log(factor)) >= last);
    last = std::abs(std::log(factor));
  }
  CHECK(answer["terms"][0]["engine_seconds"].get<double>() == doctest::Approx(plan["time"]["compute"].get<double>()));
}

TEST_CASE("a torchtitan log: tokens per second logged, the step derived from the plan's tokens per step") {
  const std::string log =
      "[rank0]:[titan] 2025-06-01 10:00:00,123 - root - INFO - step: 10  loss:  6.8123  grad_norm:  1.2345  "
      "memory: 62.21GiB(78.43%)  tps: 5,893  tflops: 341.28  mfu: 34.51%\n"
      "[rank0]:[titan] 2025-06-01 10:00:10,456 - root - INFO - step: 20  loss:  6.5000  grad_norm:  1.1000  "
      "memory: 62.50GiB(78.80%)  tps: 5,907  tflops: 342.10  mfu: 34.59%\n";
  const json answer = call("reconcile", reconcile_request(log, {{"tp", 1}, {"framework", "fsdp"}, {"zero", 3}}));
  REQUIRE_FALSE(answer.contains("error"));
  CHECK(answer["log"]["format"] == "torchtitan");
  CHECK(answer["log"]["used"] == 2);  // fewer than three: every interval
  const double tps = (5893.0 + 5907.0) / 2;
  CHECK(row(answer, "tokens per second")["measured"].get<double>() == doctest::Approx(tps));
  CHECK(row(answer, "step time")["measured"].get<double>() == doctest::Approx(8192.0 / tps));
  // torchtitan's memory is the reserved peak; the larger of the two lines, in GiB.
  CHECK(row(answer, "peak memory (the allocator's reserved peak)")["measured"].get<double>() ==
        doctest::Approx(62.50 * 1073741824.0));
}

TEST_CASE("reconcile: bad input is named at its field") {
  CHECK(error_code(call("reconcile", reconcile_request("nothing a training loop prints"))) == "unknown_log");
  CHECK(error_path(call("reconcile", reconcile_request("nothing a training loop prints"))) == "/log");
  json no_log = reconcile_request("");
  no_log.erase("log");
  CHECK(error_path(call("reconcile", no_log)) == "/log");
  // The plan's own errors keep their paths: Llama 3.1 8B's 32 heads do not split over tp 3.
  CHECK(error_path(call("reconcile", reconcile_request(kMegatronLog, {{"tp", 3}}))).rfind("/parallel", 0) == 0);
  json serving = reconcile_request(kMegatronLog);
  serving["mode"] = "inference";
  CHECK(error_path(call("reconcile", serving)) == "/mode");
  // A log of another batch than the plan's is compared, with a warning at the plan's batch.
  const json other = call("reconcile", reconcile_request(kMegatronLog, {{"tp", 1}, {"zero", 1}}, 16));
  REQUIRE_FALSE(other.contains("error"));
  bool warned = false;
  for (const auto& w : other.value("warnings", json::array()))
    warned = warned || (w["code"] == "log_batch" && w["path"] == "/batch/global");
  CHECK(warned);
}
