// PyTorch's own loop (the FSDP frameworks): zero_grad sets the gradients to None, so with one
// micro-batch a step and no pipeline they are allocated during backward as the activations are
// freed, and foreach Adam makes a moment-sized temporary at the step. The allocated peak is the
// largest moment; the reserved peak keeps every part at once.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

// Llama 3.1 8B on one GPU, pure bf16 (no master copy, bf16 moments), full recomputation and
// short sequences: small activations, so the weights' moments decide where the peak falls.
json single_gpu(json extra = json::object(), std::int64_t global = 1) {
  json parallel{{"framework", "fsdp"}, {"zero", 0}, {"recompute", "full"}, {"master_weights", "none"}};
  for (auto& [k, v] : extra.items()) parallel[k] = v;
  json r = plan_request(parallel, json{{"global", global}, {"micro", 1}}, "llama-3.1-8b", 1, "h200");
  r["model"]["seq"] = 512;
  const json plan = call("plan", r);
  REQUIRE_FALSE(atlas::is_error(plan));
  return plan;
}

double share_per_weight(const json& plan, const char* part) {
  return plan["memory"][part].get<double>() / plan["parameters"].get<double>();
}

}  // namespace

TEST_CASE("foreach Adam peaks at the step: bf16 weights, gradients, two moments and one moment more") {
  const json foreach = single_gpu();
  CHECK(foreach["parallel"]["optimizer_kernel"] == "foreach");
  CHECK(foreach["memory"]["peak_moment"] == "optimizer_step");
  CHECK(foreach["memory"]["peak_note"].get<std::string>().find("optimizer step") != std::string::npos);
  CHECK(foreach["memory"]["activations"] == 0.0);
  // 2 + 2 + 4 B a weight, and the variance's square root, 2 B, as the step's temporary.
  CHECK(share_per_weight(foreach, "total") == doctest::Approx(10.0).epsilon(0.01));
  CHECK(share_per_weight(foreach, "buffers") == doctest::Approx(2.0).epsilon(0.01));
  // Fused Adam has no temporary: the end of backward, gradients alive and activations freed.
  const json fused = single_gpu({{"optimizer_kernel", "fused"}});
  CHECK(fused["memory"]["peak_moment"] == "backward_end");
  CHECK(share_per_weight(fused, "total") < share_per_weight(foreach, "total"));
  CHECK(fused["memory"]["formulas"]["activations"]["text"].get<std::string>().find("end of backward") !=
        std::string::npos);
}

TEST_CASE("large activations peak at backward's start, before the gradients exist") {
  json r = plan_request({{"framework", "fsdp"}, {"zero", 0}, {"optimizer_kernel", "fused"}},
                        json{{"global", 4}, {"micro", 4}}, "llama-3.1-8b", 1, "h200");
  const json plan = call("plan", r);
  REQUIRE_FALSE(atlas::is_error(plan));
  CHECK(plan["memory"]["peak_moment"] == "before_gradients");
  CHECK(plan["memory"]["gradients"] == 0.0);
  // The same step in two micro-batches keeps the gradients through it: every part at once.
  r["batch"] = {{"global", 4}, {"micro", 2}};
  const json two = call("plan", r);
  CHECK_FALSE(two["memory"].contains("peak_moment"));
  CHECK(two["memory"]["gradients"].get<double>() > 0);
  // The reserved peak is not lowered with the allocated one: the cache keeps what zero_grad freed.
  CHECK(plan["memory"]["reserved"].get<double>() >=
        plan["memory"]["total"].get<double>() + plan["parameters"].get<double>() * 2.0 * 0.999);
}

TEST_CASE("DDP's buckets, pipelines and the other frameworks keep every part at once") {
  json ddp = plan_request({{"framework", "fsdp"}, {"zero", 0}, {"dp", 2}}, json{{"global", 2}, {"micro", 1}},
                          "llama-3.1-8b", 2, "h200");
  CHECK_FALSE(call("plan", ddp)["memory"].contains("peak_moment"));
  json megatron = plan_request({{"framework", "megatron"}, {"zero", 1}}, json{{"global", 1}, {"micro", 1}},
                               "llama-3.1-8b", 1, "h200");
  const json m = call("plan", megatron);
  CHECK_FALSE(m["memory"].contains("peak_moment"));
  CHECK(m["parallel"]["optimizer_kernel"] == "fused");
  CHECK(error_path(call("plan", plan_request({{"optimizer_kernel", "apex"}}))) == "/parallel/optimizer_kernel");
}
