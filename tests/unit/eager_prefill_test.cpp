// SGLang issues a prompt's pass kernel by kernel from the host (issue 39, first token as parts):
// the launch count behind kEagerLaunchTime reproduces SGLang's own log of an eager DeepSeek-V3
// prefill, a short prompt waits for the host and a long one for the GPU, and the first token's
// parts still add up.
#include <doctest/doctest.h>

#include "atlas/contract/problems.hpp"
#include "atlas/inference/inference.hpp"
#include "atlas/inference/inference_request.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json eager_request(const char* model, int gpus, const char* runtime, int prompt, const char* weights = "bf16") {
  return serving_request(
      model, gpus, {{"tp", gpus}},
      {{"runtime", runtime}, {"concurrency", 1}, {"prompt", prompt}, {"output", 16}, {"weights", weights}}, "h200");
}

atlas::InferenceInput eager_input(const json& request) {
  atlas::Problems problems;
  const auto read = atlas::read_inference_request(request, problems);
  REQUIRE(read.has_value());
  return read->input;
}

double first_token_parts_sum(const json& plan) {
  double sum = 0;
  for (const auto& [name, value] : plan["time"]["first_token_parts"].items()) sum += value.get<double>();
  return sum;
}

}  // namespace

TEST_CASE("the eager launch time is SGLang's logged DeepSeek-V3 prefill over the launches the engine counts") {
  const atlas::InferenceInput in = eager_input(eager_request("deepseek-v3", 8, "sglang", 1, "fp8"));
  // 58 expert layers of 31 launches, 3 dense ones of 22, and the pass's ends: the count the
  // constant was derived from (sgl-project/sglang pull request 12160: 82.6 ms eager).
  const double launches = atlas::eager_launches(in, 0);
  CHECK(launches == 58 * 31 + 3 * 22 + 6);
  CHECK(launches * atlas::kEagerLaunchTime == doctest::Approx(82.6e-3).epsilon(0.01));
  CHECK(atlas::eager_host_time(in, 0) == doctest::Approx(launches * atlas::kEagerLaunchTime));
  // A runtime that captures or compiles its prefill issues nothing eagerly.
  CHECK(atlas::eager_host_time(eager_input(eager_request("deepseek-v3", 8, "vllm", 1, "fp8")), 0) == 0.0);
}

TEST_CASE("a short prompt under SGLang waits for the host's launches; a long one for the GPU") {
  const json short_prompt = atlas::run("plan", eager_request("qwen3-235b-a22b", 8, "sglang", 128));
  const json& parts = short_prompt["time"]["first_token_parts"];
  CHECK(parts["launch_bound"].get<double>() > 0.0);
  // The prompt's pass then lasts as long as the host takes to issue it.
  const double host = atlas::eager_host_time(eager_input(eager_request("qwen3-235b-a22b", 8, "sglang", 128)), 0);
  CHECK(parts["prefill"].get<double>() + parts["kernel_floor"].get<double>() + parts["communication"].get<double>() +
            parts["launch_bound"].get<double>() ==
        doctest::Approx(host));
  CHECK(first_token_parts_sum(short_prompt) == doctest::Approx(short_prompt["time"]["first_token"].get<double>()));
  const json long_prompt = atlas::run("plan", eager_request("llama-3.1-70b", 8, "sglang", 8000));
  CHECK(long_prompt["time"]["first_token_parts"]["launch_bound"].get<double>() == 0.0);
  CHECK(first_token_parts_sum(long_prompt) == doctest::Approx(long_prompt["time"]["first_token"].get<double>()));
  // vLLM's short prompt is not launch-bound in the engine.
  const json vllm = atlas::run("plan", eager_request("qwen3-235b-a22b", 8, "vllm", 128));
  CHECK(vllm["time"]["first_token_parts"]["launch_bound"].get<double>() == 0.0);
}

TEST_CASE(
    "a DeepSeek-style serving plan says its prefill kernels are costed as plain ones, and by how much runs differ") {
  const auto names_gap = [](const json& plan) {
    REQUIRE(plan.contains("scope"));
    for (const auto& line : plan["scope"])
      if (line.get<std::string>().rfind("Models like DeepSeek's", 0) == 0) return true;
    return false;
  };
  CHECK(names_gap(atlas::run("plan", eager_request("deepseek-v3", 8, "vllm", 4000, "fp8"))));
  // Neither a dense model nor an MoE model with ordinary attention has these kernels.
  CHECK_FALSE(names_gap(atlas::run("plan", eager_request("llama-3.1-70b", 8, "vllm", 4000))));
  CHECK_FALSE(names_gap(atlas::run("plan", eager_request("qwen3-235b-a22b", 8, "vllm", 4000))));
}
