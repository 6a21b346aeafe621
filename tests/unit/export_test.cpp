// `export`: a plan request written as Megatron-LM arguments, a DeepSpeed JSON or a torchtitan TOML
// reads back through `import` to the same plan (model, split, batch, parameters, step time), and
// what the target cannot say is a comment in the file, not a silent change.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json export_as(const json& request, const char* format) {
  const json r = call("export", json{{"request", request}, {"format", format}});
  REQUIRE_FALSE(atlas::is_error(r));
  REQUIRE(r["text"].is_string());
  return r;
}

// Exports, imports the text back on the same hardware, and compares the two plans.
void round_trip(const json& request, const char* format) {
  CAPTURE(format);
  CAPTURE(request.dump());
  const json text = export_as(request, format);
  CAPTURE(text["text"].get<std::string>());
  const json back = call("import", json{{"text", text["text"]}, {"hardware", request["hardware"]}});
  REQUIRE_MESSAGE(!atlas::is_error(back), back.dump());
  CHECK(back["format"] == format);
  const json before = call("plan", request);
  const json after = call("plan", back["request"]);
  REQUIRE_FALSE(atlas::is_error(before));
  REQUIRE_FALSE(atlas::is_error(after));
  CHECK_FALSE(before.contains("error"));
  CHECK(after["parameters"] == before["parameters"]);
  CHECK(after["model"] == before["model"]);
  CHECK(after["parallel"] == before["parallel"]);
  CHECK(after["batch"] == before["batch"]);
  CHECK(after["hardware"]["gpus"] == before["hardware"]["gpus"]);
  CHECK(after["time"]["step"] == before["time"]["step"]);
  CHECK(after["memory"]["total"] == before["memory"]["total"]);
}

json request(json model, json parallel, json batch, std::int64_t gpus, const char* gpu = "h100-sxm") {
  return json{
      {"model", model}, {"hardware", {{"preset", gpu}, {"gpus", gpus}}}, {"parallel", parallel}, {"batch", batch}};
}

}  // namespace

TEST_CASE("export megatron: round trips through import") {
  round_trip(request({{"preset", "gpt3-175b"}},
                     {{"tp", 8}, {"pp", 8}, {"zero", 1}, {"sequence_parallel", true}, {"recompute", "selective"}},
                     {{"micro", 1}, {"global", 1536}}, 1024, "a100-80gb"),
             "megatron");
  round_trip(request({{"preset", "llama-3.1-70b"}},
                     {{"tp", 8},
                      {"pp", 4},
                      {"virtual_stages", 5},
                      {"cp", 2},
                      {"cp_attention", "all-gather"},
                      {"recompute", "full"},
                      {"flash_attention", true},
                      {"tp_overlap", true}},
                     {{"micro", 1}, {"global", 512}}, 512),
             "megatron");
  round_trip(request({{"preset", "mixtral-8x7b"}, {"seq", 4096}}, {{"tp", 2}, {"pp", 4}, {"ep", 8}, {"zero", 1}},
                     {{"micro", 1}, {"global", 256}}, 256),
             "megatron");
  // Qwen2's Q/K/V-only biases and a model without dropout.
  round_trip(request({{"layers", 28},
                      {"hidden", 3584},
                      {"heads", 28},
                      {"kv_heads", 4},
                      {"ffn", 18944},
                      {"vocab", 152064},
                      {"seq", 4096},
                      {"position", "rotary"},
                      {"mlp", "swiglu"},
                      {"norm", "rmsnorm"},
                      {"bias", false},
                      {"qkv_bias", true},
                      {"dropout", false},
                      {"tied_embeddings", false}},
                     {{"tp", 4}, {"pp", 1}, {"overlap", false}}, {{"micro", 2}, {"global", 128}}, 32),
             "megatron");
}

TEST_CASE("export deepspeed: round trips, the model kept under a key DeepSpeed ignores") {
  round_trip(request({{"preset", "llama-3.1-8b"}}, {{"tp", 1}, {"pp", 1}, {"zero", 3}, {"framework", "deepspeed"}},
                     {{"micro", 2}, {"global", 256}}, 64),
             "deepspeed");
  round_trip(request({{"preset", "megatron-22b"}},
                     {{"tp", 8}, {"pp", 2}, {"zero", 2}, {"framework", "deepspeed"}, {"overlap", false}},
                     {{"micro", 1}, {"global", 64}}, 64, "a100-80gb"),
             "deepspeed");
  const json text =
      export_as(request({{"preset", "llama-3.1-8b"}}, {{"zero", 1}}, {{"micro", 1}, {"global", 64}}, 8), "deepspeed");
  const json config = json::parse(text["text"].get<std::string>());
  CHECK(config["train_batch_size"] == 64);
  CHECK(config["train_micro_batch_size_per_gpu"] == 1);
  CHECK(config["gradient_accumulation_steps"] == 8);
  CHECK(config["zero_optimization"]["stage"] == 1);
  CHECK(config["_parallelism_atlas"]["comment"].dump().find("costed as Megatron-LM") != std::string::npos);
}

TEST_CASE("export megatron: a bf16 gradient reduction is --grad-reduce-in-bf16 and reads back") {
  round_trip(request({{"preset", "llama-3.1-8b"}}, {{"tp", 2}, {"zero", 1}, {"reduce_dtype", "bf16"}},
                     {{"micro", 1}, {"global", 64}}, 16),
             "megatron");
}

TEST_CASE("export torchtitan: round trips for llama3 flavors with FSDP") {
  round_trip(
      request({{"preset", "llama-3.1-8b"}},
              {{"tp", 1}, {"zero", 3}, {"framework", "fsdp"}, {"recompute", "selective-op"}, {"reduce_dtype", "fp32"}},
              {{"micro", 1}, {"global", 64}}, 64),
      "torchtitan");
  round_trip(request({{"preset", "llama-3.1-70b"}, {"seq", 4096}},
                     {{"tp", 8},
                      {"pp", 4},
                      {"virtual_stages", 2},
                      {"sequence_parallel", true},
                      {"zero", 3},
                      {"framework", "fsdp"},
                      {"reduce_dtype", "fp32"},
                      {"recompute", "full"}},
                     {{"micro", 1}, {"global", 256}}, 512),
             "torchtitan");
  round_trip(request({{"preset", "llama-3.1-8b"}},
                     {{"tp", 2}, {"sequence_parallel", true}, {"zero", 0}, {"framework", "fsdp"}},
                     {{"micro", 4}, {"global", 128}}, 16),
             "torchtitan");
  // Eager kernels are torchtitan without torch.compile; DeepSpeed keeps them under its atlas key.
  const json eager = request({{"preset", "llama-3.1-8b"}},
                             {{"zero", 3},
                              {"framework", "fsdp"},
                              {"recompute", "selective-op"},
                              {"kernels", "eager"},
                              {"reduce_dtype", "fp32"}},
                             {{"micro", 1}, {"global", 64}}, 64, "a100-80gb");
  round_trip(eager, "torchtitan");
  CHECK(export_as(eager, "torchtitan")["text"].get<std::string>().find("[compile]\nenable = false") !=
        std::string::npos);
  json deepspeed = eager;
  deepspeed["parallel"]["framework"] = "deepspeed";
  round_trip(deepspeed, "deepspeed");
  // torchtitan's FSDP reduces in fp32 only: a bf16 plan says so in the file.
  json bf16 = eager;
  bf16["parallel"]["reduce_dtype"] = "bf16";
  CHECK(export_as(bf16, "torchtitan")["text"].get<std::string>().find("reduces gradients in fp32") !=
        std::string::npos);
}

TEST_CASE("export: what the target cannot express is written as a comment") {
  const json zero3 =
      export_as(request({{"preset", "llama-3.1-8b"}}, {{"tp", 2}, {"pp", 2}, {"zero", 3}, {"schedule", "gpipe"}},
                        {{"micro", 1}, {"global", 64}}, 16),
                "megatron");
  const std::string m = zero3["text"];
  CHECK(m.find("# ZeRO-3 has no Megatron argument") != std::string::npos);
  CHECK(m.find("# Megatron-LM has no GPipe schedule") != std::string::npos);
  CHECK(m.find("# GPU: h100-sxm × 16") != std::string::npos);
  const json custom = export_as(
      request({{"preset", "gpt3-175b"}}, {{"tp", 8}, {"pp", 8}, {"zero", 1}}, {{"micro", 1}, {"global", 512}}, 512),
      "torchtitan");
  const std::string t = custom["text"];
  CHECK(t.find("# torchtitan names models by flavor") != std::string::npos);
  CHECK(t.find("ZeRO-1 becomes ZeRO-3") != std::string::npos);
  // A custom flavor carries its shape in a comment, so it reads back alone.
  CHECK(t.find("# parallelism-atlas model = {") != std::string::npos);
  const json back = call("import", json{{"text", t}, {"hardware", {{"preset", "h100-sxm"}, {"gpus", 512}}}});
  REQUIRE_MESSAGE(!atlas::is_error(back), back.dump());
  CHECK(back["parameters"] == call("plan", request({{"preset", "gpt3-175b"}}, {{"tp", 8}, {"pp", 8}},
                                                   {{"micro", 1}, {"global", 512}}, 512))["parameters"]);
  round_trip(request({{"preset", "gpt3-175b"}},
                     {{"tp", 8},
                      {"zero", 3},
                      {"sequence_parallel", true},
                      {"framework", "fsdp"},
                      {"kernels", "fused"},
                      {"reduce_dtype", "fp32"}},
                     {{"micro", 1}, {"global", 512}}, 512),
             "torchtitan");
  round_trip(request({{"layers", 4}, {"hidden", 256}, {"heads", 4}, {"vocab", 1000}, {"seq", 128}},
                     {{"zero", 3}, {"framework", "fsdp"}, {"kernels", "fused"}, {"reduce_dtype", "fp32"}},
                     {{"micro", 2}, {"global", 16}}, 8),
             "torchtitan");
}

TEST_CASE("export: bad requests are coded at their pointer") {
  CHECK(has_error(call("export", json{{"format", "megatron"}}), "missing_field", "/request"));
  CHECK(has_error(
      call("export",
           json{{"request", {{"model", {{"preset", "llama-3.1-8b"}}}, {"hardware", {{"preset", "h100-sxm"}}}}},
                {"format", "slurm"}}),
      "unknown_value", "/format"));
  CHECK(has_error(
      call("export", json{{"request", {{"model", {{"preset", "nope"}}}, {"hardware", {{"preset", "h100-sxm"}}}}},
                          {"format", "megatron"}}),
      "unknown_preset", "/request/model/preset"));
}
