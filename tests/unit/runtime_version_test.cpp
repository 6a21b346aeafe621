// serving.runtime_version (issue 39): vLLM before 0.8 runs its V0 engine, whose host work between
// steps, prompt scheduling and sequence limit differ from V1's; before 0.6 it has no asynchronous
// output processing. Other runtimes' releases are read but change nothing, and say so.
#include <doctest/doctest.h>

#include "atlas/inference/serving_runtime.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json vllm_at(const char* version, int tp = 1, std::int64_t seq = 4096, json extra = json::object()) {
  json s{{"prompt", 512}, {"output", 256}, {"concurrency", 32}, {"runtime", "vllm"}};
  if (version[0] != '\0') s["runtime_version"] = version;
  for (const auto& [key, value] : extra.items()) s[key] = value;
  json request = serving_request("llama-3.1-8b", tp, {{"tp", tp}}, s, "h200");
  request["model"]["seq"] = seq;
  return atlas::run("plan", request);
}

}  // namespace

TEST_CASE("a runtime version is read as its leading major.minor, as vLLM prints it") {
  const auto read = [](const char* text) { return atlas::parse_runtime_version(text); };
  REQUIRE(read("0.7.3"));
  CHECK(read("0.7.3")->major == 0);
  CHECK(read("0.7.3")->minor == 7);
  CHECK(read("v0.6.3.post2.dev308+gb489fc3c")->minor == 6);
  CHECK(read("0.7.4.dev181+gf35f8e22")->minor == 7);
  CHECK(read("0.11.0")->minor == 11);
  CHECK(read("1.0")->major == 1);
  for (const char* bad : {"", "x1", "7", "0.", ".7", "0.7a", "0.0", "seven"}) CHECK_FALSE(read(bad));
  CHECK(read("0.7.3")->before(0, 8));
  CHECK_FALSE(read("0.8.0")->before(0, 8));
  CHECK_FALSE(atlas::RuntimeVersion{}.before(0, 8));  // not given: the current engine
}

TEST_CASE("vLLM before 0.8 waits 5.5 ms + 0.20 ms per tensor rank on the host each step; 0.8 on, V1's figure") {
  for (int tp : {1, 4}) {
    const json v0 = vllm_at("0.7.3", tp), v1 = vllm_at("0.8.4", tp), plain = vllm_at("", tp);
    CHECK(v0["serving"]["host_overhead"].get<double>() == doctest::Approx(5.5e-3 + 0.20e-3 * tp));
    CHECK(v1["serving"]["host_overhead"].get<double>() == doctest::Approx(0.33e-3 + 0.20e-3 * tp));
    CHECK(plain["serving"]["host_overhead"] == v1["serving"]["host_overhead"]);
    CHECK(v0["serving"]["engine"] == "v0");
    CHECK(v1["serving"]["engine"] == "current");
    CHECK(v0["serving"]["runtime_version"] == "0.7.3");
    // The host time is a part of every decode step, so the step grows by the difference at least.
    CHECK(v0["time"]["decode_step"].get<double>() > v1["time"]["decode_step"].get<double>() + 5.0e-3 - 0.33e-3);
    CHECK(v0["throughput"]["tokens_per_second"].get<double>() < v1["throughput"]["tokens_per_second"].get<double>());
  }
  // The formula names the V0 engine and shows its parts.
  const std::string text = vllm_at("0.7.3")["time"]["formulas"]["host_overhead"]["text"].get<std::string>();
  CHECK(text.find("V0") != std::string::npos);
  // So does the scope, with what it leaves out.
  const std::string scope = vllm_at("0.7.3")["scope"].dump(), current = vllm_at("0.9.0")["scope"].dump();
  CHECK(scope.find("--num-scheduler-steps") != std::string::npos);
  CHECK(current.find("--num-scheduler-steps") == std::string::npos);
}

TEST_CASE("V0 chunks prompts only above a 32K context; otherwise a prompt step carries max(context, 2048) tokens") {
  const json shortc = vllm_at("0.7.3", 1, 4096), tiny = vllm_at("0.7.3", 1, 1024), longc = vllm_at("0.7.3", 1, 65536);
  CHECK(shortc["queue"]["token_budget"] == 4096);
  CHECK(tiny["queue"]["token_budget"] == 2048);
  CHECK(longc["queue"]["token_budget"] == 2048);
  // max_num_seqs 256 on every GPU under V0; V1 on a large GPU takes 1024.
  CHECK(shortc["queue"]["running_limit"] == 256);
  CHECK(vllm_at("0.9.0")["queue"]["running_limit"] == 1024);
  // A budget the request states wins over either default.
  CHECK(vllm_at("0.7.3", 1, 4096, {{"token_budget", 8192}})["queue"]["token_budget"] == 8192);
  // Unchunked, prompts run in steps of their own, so a decode step is not lengthened by riders the
  // way a mixed step is: the two schedules give different steady states.
  CHECK(shortc["time"]["per_output_token"] != longc["time"]["per_output_token"]);
}

TEST_CASE("vLLM before 0.6 has no asynchronous output processing: the first token waits no extra step") {
  CHECK(vllm_at("0.5.4")["time"]["first_token_parts"]["first_step"] == 0.0);
  CHECK(vllm_at("0.5.4")["serving"]["overlap_scheduler"] == false);
  CHECK(vllm_at("0.6.0")["serving"]["overlap_scheduler"] == true);
  const json v06 = vllm_at("0.6.0");
  CHECK(v06["time"]["first_token_parts"]["first_step"] == v06["time"]["decode_step"]);
}

TEST_CASE("a runtime version that is not a release, or one for a runtime whose releases are not read") {
  const json bad = vllm_at("seven");
  CHECK(error_code(bad) == "runtime_version_format");
  CHECK(error_path(bad) == "/serving/runtime_version");
  const json s{{"prompt", 512}, {"output", 256}, {"concurrency", 32}, {"runtime", "sglang"}};
  json versioned = s;
  versioned["runtime_version"] = "0.3.0";
  const json a = serve("llama-3.1-8b", 1, {{"tp", 1}}, s), b = serve("llama-3.1-8b", 1, {{"tp", 1}}, versioned);
  REQUIRE(b.contains("warnings"));
  CHECK(b["warnings"][0]["code"] == "runtime_version_unread");
  CHECK(b["warnings"][0]["path"] == "/serving/runtime_version");
  CHECK(b["time"] == a["time"]);
}
