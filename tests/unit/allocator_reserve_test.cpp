// PyTorch's caching allocator at the peak: what it reserves beyond what the tensors use, how that
// reaches the device's use as nvidia-smi shows it, and why it never decides whether a plan fits.
// And FSDP2's reduce-scatter buffer, a transient the allocated peak carries.
#include <doctest/doctest.h>

#include "atlas/training/device_memory.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json allocator_plan(json hardware, json parallel = json{{"tp", 2}, {"zero", 1}}) {
  hardware["preset"] = "h100-sxm";
  hardware["gpus"] = 8;
  return call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                           {"hardware", hardware},
                           {"parallel", parallel},
                           {"batch", {{"global", 64}, {"micro", 1}}}});
}

double allocator_mem(const json& p, const char* part) { return p["memory"][part].get<double>(); }

}  // namespace

TEST_CASE("allocator: the default caching allocator reserves a stated share of the allocated peak on top") {
  const json p = allocator_plan(json::object());
  REQUIRE_FALSE(atlas::is_error(p));
  CHECK(p["hardware"]["allocator"] == "default");
  CHECK(allocator_mem(p, "reserve") ==
        doctest::Approx(atlas::kCachingReserveFraction * allocator_mem(p, "peak_allocated")));
  CHECK(allocator_mem(p, "reserved") ==
        doctest::Approx(allocator_mem(p, "peak_allocated") + allocator_mem(p, "reserve")));
  CHECK(allocator_mem(p, "device") ==
        doctest::Approx(allocator_mem(p, "reserved") + allocator_mem(p, "context") + allocator_mem(p, "nccl")));
  // What must fit leaves the cache out: the allocator gives it back before it runs out.
  CHECK(allocator_mem(p, "required") ==
        doctest::Approx(allocator_mem(p, "peak_allocated") + allocator_mem(p, "context") + allocator_mem(p, "nccl")));
  CHECK(allocator_mem(p, "headroom") == doctest::Approx(allocator_mem(p, "capacity") - allocator_mem(p, "required")));
}

TEST_CASE("allocator: expandable segments reserve nothing beyond the allocated peak") {
  const json p = allocator_plan(json{{"allocator", "expandable_segments"}});
  REQUIRE_FALSE(atlas::is_error(p));
  CHECK(p["hardware"]["allocator"] == "expandable_segments");
  CHECK(allocator_mem(p, "reserve") == 0);
  CHECK(allocator_mem(p, "reserved") == allocator_mem(p, "peak_allocated"));
  // The same tensors either way: the allocator changes what is held, not what is used or what fits.
  const json d = allocator_plan(json::object());
  CHECK(allocator_mem(p, "peak_allocated") == allocator_mem(d, "peak_allocated"));
  CHECK(allocator_mem(p, "required") == allocator_mem(d, "required"));
  CHECK(p["memory"]["fits"] == d["memory"]["fits"]);
  CHECK(allocator_mem(d, "device") > allocator_mem(p, "device"));
}

TEST_CASE("allocator: near the card's size the reserve is what the card leaves free") {
  const json roomy = allocator_plan(json::object());
  REQUIRE_FALSE(atlas::is_error(roomy));
  // A card 1 GiB larger than what must fit: less than the 5.8 % the allocator would cache.
  const double required = allocator_mem(roomy, "required");
  REQUIRE(atlas::kCachingReserveFraction * allocator_mem(roomy, "peak_allocated") > 1073741824.0);
  const json tight = allocator_plan(json{{"memory", required + 1073741824.0}});
  REQUIRE_FALSE(atlas::is_error(tight));
  CHECK(tight["memory"]["fits"] == true);
  CHECK(allocator_mem(tight, "reserve") == doctest::Approx(1073741824.0));
  CHECK(allocator_mem(tight, "device") == doctest::Approx(allocator_mem(tight, "capacity")));
  // A card smaller than what must fit: no cache at all, and the plan does not fit.
  const json over = allocator_plan(json{{"memory", required - 1073741824.0}});
  CHECK(over["memory"]["fits"] == false);
  CHECK(allocator_mem(over, "reserve") == 0);
}

TEST_CASE("allocator: an unknown allocator is refused at its path") {
  const json r = allocator_plan(json{{"allocator", "cudaMallocAsync"}});
  CHECK(error_path(r) == "/hardware/allocator");
}

TEST_CASE("FSDP2 holds one layer's bf16 gradients and its flat reduce-scatter input in the reduce dtype") {
  const json base{{"framework", "fsdp"}, {"zero", 3}, {"tp", 1}};
  json fp32 = base, bf16 = base;
  fp32["reduce_dtype"] = "fp32";
  bf16["reduce_dtype"] = "bf16";
  const json a = allocator_plan(json::object(), fp32), b = allocator_plan(json::object(), bf16);
  REQUIRE_FALSE(atlas::is_error(a));
  REQUIRE_FALSE(atlas::is_error(b));
  // One layer's weights on a rank (tp 1), sharded over N = 8 ranks: the flat input and the shard
  // it receives, 2 B more per weight in fp32.
  const double layer = a["model"]["parameters_per_layer"].get<double>();
  CHECK(allocator_mem(a, "buffers") - allocator_mem(b, "buffers") == doctest::Approx(2.0 * layer * (1.0 + 1.0 / 8.0)));
  // Megatron reduces in place in its contiguous gradient buffer: no such transient.
  json megatron = base;
  megatron["framework"] = "megatron";
  const json m = allocator_plan(json::object(), megatron);
  REQUIRE_FALSE(atlas::is_error(m));
  CHECK(allocator_mem(b, "buffers") - allocator_mem(m, "buffers") >=
        doctest::Approx(layer * (2.0 + 2.0 * (1.0 + 1.0 / 8.0))));
}

TEST_CASE("Transformer Engine's userbuffers: twelve gathered-activation buffers outside PyTorch's allocator") {
  const auto plan = [](json parallel) {
    return call("plan", json{{"model", {{"preset", "llama-3.1-70b"}, {"seq", 8192}}},
                             {"hardware", {{"preset", "h100-sxm"}, {"gpus", 64}}},
                             {"parallel", parallel},
                             {"batch", {{"global", 64}, {"micro", 1}}}});
  };
  const json base{{"framework", "megatron"},   {"tp", 8},           {"pp", 4}, {"zero", 1},
                  {"sequence_parallel", true}, {"tp_overlap", true}};
  const json bf16 = plan(base);
  REQUIRE_FALSE(atlas::is_error(bf16));
  // [8,192 tokens, 8,192 hidden]: eight gathered inputs and four bf16 buffers, 2 B each in bf16.
  const double shape = 8192.0 * 8192.0;
  CHECK(allocator_mem(bf16, "userbuffers") == doctest::Approx(24 * shape));
  json fp8 = base;
  fp8["precision"] = "fp8-current";
  CHECK(allocator_mem(plan(fp8), "userbuffers") == doctest::Approx(16 * shape));
  // Outside the allocator: in what nvidia-smi shows and in what must fit, not in the allocated peak.
  CHECK(allocator_mem(bf16, "device") ==
        doctest::Approx(allocator_mem(bf16, "reserved") + allocator_mem(bf16, "context") + allocator_mem(bf16, "nccl") +
                        allocator_mem(bf16, "userbuffers")));
  json plain = base;
  plain["tp_overlap"] = false;
  const json without = plan(plain);
  CHECK(allocator_mem(without, "userbuffers") == 0);
  // The overlapped GEMMs' three Transformer Engine workspaces (32 MiB + 1 KiB each on Hopper) are
  // the only allocated difference.
  const double streams = 3.0 * (32.0 * 1048576.0 + 1024.0);
  CHECK(allocator_mem(bf16, "workspaces") - allocator_mem(without, "workspaces") == doctest::Approx(streams));
  CHECK(allocator_mem(without, "peak_allocated") + streams == doctest::Approx(allocator_mem(bf16, "peak_allocated")));
  CHECK(allocator_mem(bf16, "required") - allocator_mem(without, "required") == doctest::Approx(24 * shape + streams));
  // PyTorch's async TP fuses its collectives with the matmuls instead: no userbuffers.
  json fsdp = base;
  fsdp["framework"] = "fsdp";
  CHECK(allocator_mem(plan(fsdp), "userbuffers") == 0);
}

TEST_CASE("allocator: FSDP2's communication streams keep the largest unit's buffers cached") {
  // Llama 3 8B: the output head with the final norm (vocabulary × hidden + hidden) outweighs a block.
  const double hidden = 4096, head_unit = 128256 * hidden + hidden;
  const double block = 2 * hidden * hidden + 2 * hidden * 1024 + 3 * hidden * 14336 + 2 * hidden;
  const json fsdp{{"tp", 1}, {"dp", 8}, {"zero", 3}, {"framework", "fsdp"}, {"reduce_dtype", "fp32"}};
  const json p = allocator_plan(json{{"allocator", "expandable_segments"}}, fsdp);
  REQUIRE_FALSE(atlas::is_error(p));
  // No fragmentation with expandable segments: the reserve is the two streams' pools alone, the
  // reduce-scatter's flat fp32 gradients with their shard and the gathered bf16 weights less the rank's own.
  const double beyond = head_unit - block;
  CHECK(allocator_mem(p, "reserve") == doctest::Approx(beyond * 4 * (1 + 1.0 / 8) + beyond * 2 * (1 - 1.0 / 8)));
  CHECK(allocator_mem(p, "stream_pools") == allocator_mem(p, "reserve"));
  // With the default allocator they come on top of its fragmentation share.
  const json d = allocator_plan(json::object(), fsdp);
  CHECK(allocator_mem(d, "reserve") ==
        doctest::Approx(atlas::kCachingReserveFraction * allocator_mem(d, "peak_allocated") +
                        allocator_mem(d, "stream_pools")));
  CHECK(allocator_mem(d, "stream_pools") == doctest::Approx(allocator_mem(p, "stream_pools")));
  // Cached, not allocated: the allocated peak and what must fit are those of a single-stream allocator.
  json megatron = fsdp;
  megatron["framework"] = "megatron";
  const json m = allocator_plan(json{{"allocator", "expandable_segments"}}, megatron);
  CHECK(allocator_mem(m, "reserve") == 0);
  CHECK(allocator_mem(m, "stream_pools") == 0);
  // Gradients reduced in bf16 leave half the reduce-scatter pool; tp splits the head and the block alike.
  json bf16 = fsdp;
  bf16["reduce_dtype"] = "bf16";
  const json b = allocator_plan(json{{"allocator", "expandable_segments"}}, bf16);
  CHECK(allocator_mem(b, "reserve") == doctest::Approx(beyond * 2 * (1 + 1.0 / 8) + beyond * 2 * (1 - 1.0 / 8)));
  json split = fsdp;
  split["tp"] = 2, split["dp"] = 4;
  const json t = allocator_plan(json{{"allocator", "expandable_segments"}}, split);
  const double beyond_tp = (128256 * hidden / 2 + hidden) - (block - 2 * hidden) / 2 - 2 * hidden;
  CHECK(allocator_mem(t, "reserve") == doctest::Approx(beyond_tp * 4 * (1 + 1.0 / 4) + beyond_tp * 2 * (1 - 1.0 / 4)));
  // The formula names them.
  CHECK(p["memory"]["formulas"]["reserve"]["text"].get<std::string>().find("reduce-scatter stream") !=
        std::string::npos);
}
