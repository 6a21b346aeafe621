// The GEMM libraries' workspaces in the allocated peak: PyTorch's cuBLAS and cuBLASLt workspaces
// on every framework, Transformer Engine's under Megatron-Core, by GPU generation, by whether the
// experts run grouped GEMMs and by whether tensor-parallel GEMMs overlap their communication.
#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

constexpr double MiB = 1048576.0;

json workspace_memory_of(const char* framework, const char* gpu, const char* model = "llama-3.1-8b",
                         json extra = json::object()) {
  json parallel{{"tp", 1}, {"pp", 1}, {"zero", 1}, {"framework", framework}};
  parallel.update(extra);
  const json p = call("plan", plan_request(parallel, json{{"global", 64}, {"micro", 1}}, model, 8, gpu));
  REQUIRE_FALSE(atlas::is_error(p));
  return p["memory"];
}

}  // namespace

TEST_CASE("PyTorch's cuBLAS workspace is 32 MiB on Hopper and 8.125 MiB elsewhere, with 1 MiB for cuBLASLt") {
  CHECK(workspace_memory_of("fsdp", "h100-sxm")["workspaces"].get<double>() == doctest::Approx(33 * MiB));
  CHECK(workspace_memory_of("fsdp", "a100-80gb")["workspaces"].get<double>() == doctest::Approx(9.125 * MiB));
  // Blackwell is compute capability 10: PyTorch's Hopper default does not apply.
  CHECK(workspace_memory_of("deepspeed", "b200")["workspaces"].get<double>() == doctest::Approx(9.125 * MiB));
  CHECK(workspace_memory_of("ideal", "h100-sxm")["workspaces"].get<double>() == 0);
}

TEST_CASE("Megatron-Core adds Transformer Engine's workspace, one per compute stream for the experts") {
  const double te_hopper = 32 * MiB + 1024;
  const json dense = workspace_memory_of("megatron", "h100-sxm");
  CHECK(dense["workspaces"].get<double>() == doctest::Approx(33 * MiB + te_hopper));
  CHECK(workspace_memory_of("megatron", "a100-80gb")["workspaces"].get<double>() ==
        doctest::Approx(9.125 * MiB + 4 * MiB));
  // Blackwell takes Transformer Engine's large workspace but PyTorch's small one.
  CHECK(workspace_memory_of("megatron", "b200")["workspaces"].get<double>() ==
        doctest::Approx(9.125 * MiB + te_hopper));
  const json moe = workspace_memory_of("megatron", "h100-sxm", "mixtral-8x7b", json{{"ep", 8}});
  CHECK(moe["workspaces"].get<double>() == doctest::Approx(33 * MiB + 5 * te_hopper));
  const std::string text = moe["formulas"]["workspaces"]["text"].get<std::string>();
  CHECK(text.find("grouped GEMMs") != std::string::npos);
}

TEST_CASE("the workspaces are allocated: in the allocated peak and in what must fit") {
  const json m = workspace_memory_of("megatron", "h100-sxm");
  double parts = 0;
  for (const char* k : {"parameters", "gradients", "optimizer", "activations", "buffers", "workspaces"})
    parts += m[k].get<double>();
  CHECK(m["peak_allocated"].get<double>() == doctest::Approx(parts));
  CHECK(m["required"].get<double>() ==
        doctest::Approx(parts + m["context"].get<double>() + m["nccl"].get<double>() + m["userbuffers"].get<double>()));
}
