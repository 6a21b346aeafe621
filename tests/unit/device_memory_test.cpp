// What a rank holds beyond model states and stored activations: the loss's logits-sized tensors,
// the optimizer's state in the dtypes the request names, and outside the allocator the CUDA
// context and NCCL's buffers, which together decide whether a plan fits.
#include <doctest/doctest.h>

#include "atlas/training/memory.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

json memory_plan(json parallel, const char* model = "llama-3.1-8b", int gpus = 8, int micro = 1) {
  return call("plan", json{{"model", {{"preset", model}}},
                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", gpus}}},
                           {"parallel", parallel},
                           {"batch", {{"global", 64}, {"micro", micro}}}});
}

double mem(const json& p, const char* part) { return p["memory"][part].get<double>(); }

constexpr double kMiB = 1048576.0;

}  // namespace

TEST_CASE("the loss's logits: fused keeps 6 B per logit, eager 12 B (16 under tp), chunked none, each per tp rank") {
  const json base{{"tp", 2}, {"framework", "megatron"}, {"zero", 1}};
  // (At tp > 1 the eager loss is loss_parallel's, 16 B: the next case.)
  json fused = base, eager = base, chunked = base;
  eager["loss"] = "eager";
  chunked["loss"] = "chunked";
  const json f = memory_plan(fused), e = memory_plan(eager), c = memory_plan(chunked);
  REQUIRE_FALSE(atlas::is_error(f));
  REQUIRE_FALSE(atlas::is_error(e));
  CHECK(f["parallel"]["loss"] == "fused");
  CHECK(e["parallel"]["loss"] == "eager");
  // One micro-batch of 8,192 tokens, 128,256 vocabulary entries split over 2 ranks.
  const double logits = 8192.0 * 128256.0 / 2.0;
  CHECK(mem(e, "activations") - mem(f, "activations") == doctest::Approx(10.0 * logits));
  CHECK(mem(f, "activations") - mem(c, "activations") == doctest::Approx(6.0 * logits));
  // The loss changes what is held, not the step.
  CHECK(e["time"]["step"] == f["time"]["step"]);
  // PyTorch's frameworks default to the eager loss.
  CHECK(memory_plan(json{{"framework", "fsdp"}, {"zero", 3}})["parallel"]["loss"] == "eager");
}

TEST_CASE("the eager loss under tensor parallelism is loss_parallel's: 16 B per logit of the shard, 12 B at tp 1") {
  // torchtitan's FSDP2 with and without tp 2 on the same 8 GPUs: the logits on one rank are
  // b·s·V/tp, and loss_parallel's backward keeps one fp32 tensor of them more than the fused
  // kernel that runs at tp 1.
  const json one = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}, {"loss", "eager"}});
  const json two = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}, {"tp", 2}, {"loss", "eager"}});
  const json two_fused = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}, {"tp", 2}, {"loss", "fused"}});
  REQUIRE_FALSE(atlas::is_error(one));
  REQUIRE_FALSE(atlas::is_error(two));
  const double logits = 8192.0 * 128256.0 / 2.0;
  CHECK(mem(two, "activations") - mem(two_fused, "activations") == doctest::Approx(10.0 * logits));
  CHECK(two["memory"]["formulas"]["activations"]["text"].get<std::string>().find("16 B per logit") !=
        std::string::npos);
  CHECK(one["memory"]["formulas"]["activations"]["text"].get<std::string>().find("12 B per logit") !=
        std::string::npos);
}

TEST_CASE("device memory is the allocated peak plus the CUDA context and one buffer set per communicator") {
  // tp 2 × dp 4 on 8 GPUs under Megatron: TP (2 ranks), DP (4), the model-parallel group (2) and
  // the default group of Megatron's start-up barriers (8). At NCCL 2.27, the default, only the
  // data-parallel group's reduce-scatters set NVLS up: 4 GPUs × 16 channels × 2 × 1 MiB.
  const json p = memory_plan(json{{"tp", 2}, {"zero", 1}});
  REQUIRE_FALSE(atlas::is_error(p));
  CHECK(mem(p, "peak_allocated") == mem(p, "total"));
  CHECK(mem(p, "context") == doctest::Approx(1.79 * 1024 * kMiB));
  CHECK(mem(p, "nccl") == doctest::Approx(544 * kMiB + 688 * kMiB + 544 * kMiB + 688 * kMiB + 4 * 32 * kMiB));
  CHECK(mem(p, "required") == doctest::Approx(mem(p, "total") + mem(p, "context") + mem(p, "nccl")));
  CHECK(mem(p, "device") == doctest::Approx(mem(p, "reserved") + mem(p, "context") + mem(p, "nccl")));
  CHECK(mem(p, "headroom") == doctest::Approx(mem(p, "capacity") - mem(p, "required")));
  const json& comms = p["memory"]["communicators"];
  REQUIRE(comms.size() == 4);
  CHECK(comms[0]["group"] == "TP");
  CHECK(comms[1]["group"] == "DP");
  CHECK(comms[1]["ranks"] == 4);
  CHECK(comms[1]["nvls_heads"] == 4);
  CHECK(comms[3]["group"] == "world");
  CHECK_FALSE(comms[3].contains("nvls"));
  // One GPU: no communicator at all.
  CHECK(mem(memory_plan(json{{"zero", 0}}, "llama-3.1-8b", 1), "nccl") == 0);
  // HSDP: a shard group and a replica group instead of one data-parallel group.
  const json h = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}, {"dp_shard", 4}});
  REQUIRE_FALSE(atlas::is_error(h));
  CHECK(mem(h, "nccl") == doctest::Approx(688 * kMiB + 4 * 32 * kMiB + 544 * kMiB));
}

namespace {

json nccl_plan(json hardware, json parallel) {
  hardware["gpus"] = 8;
  return call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                           {"hardware", hardware},
                           {"parallel", parallel},
                           {"batch", {{"global", 64}, {"micro", 1}}}});
}

}  // namespace

TEST_CASE("NCCL's NVLS buffers: per GPU of a group in the node, sized and made as the NCCL release does") {
  const json megatron{{"tp", 2}, {"zero", 1}};
  const json h100{{"preset", "h100-sxm"}};
  const auto with = [](json h, const char* nccl) {
    h["nccl"] = nccl;
    return h;
  };
  // 2.19 (2.17–2.20): 16 channels × 2 × (4 MiB buffer + 2 MiB flags) = 192 MiB per head, made
  // with every group of more than two GPUs in a node: DP (4 GPUs) and the default group (8).
  const json old = nccl_plan(with(h100, "2.19.4"), megatron);
  REQUIRE_FALSE(atlas::is_error(old));
  CHECK(old["hardware"]["nccl"] == "2.19");
  CHECK(old["hardware"]["nvls"] == true);
  const double base = 544 * kMiB + 688 * kMiB + 544 * kMiB + 688 * kMiB;
  CHECK(mem(old, "nccl") == doctest::Approx(base + (4 + 8) * 192 * kMiB));
  CHECK(old["memory"]["communicators"][3]["nvls"].get<double>() == doctest::Approx(8 * 192 * kMiB));
  CHECK(old["memory"]["formulas"]["nccl"]["text"].get<std::string>().find("when any group") != std::string::npos);
  // 2.21: 8 steps of 128 KiB in place of NCCL_BUFFSIZE, flags still beside them: 96 MiB per head.
  CHECK(mem(nccl_plan(with(h100, "2.21"), megatron), "nccl") == doctest::Approx(base + (4 + 8) * 96 * kMiB));
  // Before 2.17 there is no NVLS; nor on an A100, which has no NVLink SHARP.
  CHECK(mem(nccl_plan(with(h100, "2.16"), megatron), "nccl") == doctest::Approx(base));
  const json a100 = nccl_plan(with(json{{"preset", "a100-80gb"}}, "2.19"), megatron);
  CHECK(mem(a100, "nccl") == doctest::Approx(base));
  CHECK(a100["memory"]["formulas"]["nccl"]["text"].get<std::string>().find("no NVLS") != std::string::npos);
  // Two GPUs in a node do not set NVLS up (tp 2 here is its own group of 2).
  const json pairs = nccl_plan(with(h100, "2.19"), json{{"tp", 2}, {"dp", 4}, {"zero", 1}, {"framework", "fsdp"}});
  REQUIRE_FALSE(atlas::is_error(pairs));
  for (const auto& c : pairs["memory"]["communicators"])
    if (c["group"] == "TP") CHECK_FALSE(c.contains("nvls"));
  // Blackwell from 2.27: 24 channels inside one NVLink domain, × 2 × 1 MiB per head.
  const json b200 = nccl_plan(json{{"preset", "b200"}}, json{{"tp", 1}, {"zero", 1}});
  REQUIRE_FALSE(atlas::is_error(b200));
  CHECK(b200["memory"]["communicators"][0]["group"] == "DP");
  CHECK(b200["memory"]["communicators"][0]["nvls"].get<double>() == doctest::Approx(8 * 24 * 2 * kMiB));
}

TEST_CASE("hardware.nccl names an NCCL 2.x release, else a coded error at its path") {
  for (const char* bad : {"3.1", "2", "two", "2.19.x", ""}) {
    CAPTURE(bad);
    const json r = nccl_plan(json{{"preset", "h100-sxm"}, {"nccl", bad}}, json{{"tp", 2}});
    REQUIRE(atlas::is_error(r));
    CHECK(r["error"]["code"] == "nccl_version");
    CHECK(r["error"]["path"] == "/hardware/nccl");
  }
  const json r = nccl_plan(json{{"preset", "h100-sxm"}, {"nccl", 2.19}}, json{{"tp", 2}});
  REQUIRE(atlas::is_error(r));
  CHECK(r["error"]["path"] == "/hardware/nccl");
}

TEST_CASE("fits is judged on device memory: an allocated peak under the card can still not fit") {
  // Llama 3.1 8B unsharded on one 80 GiB H100 at micro-batch 1: 16 B per weight is ~120 GiB.
  const json big = memory_plan(json{{"zero", 0}}, "llama-3.1-8b", 1);
  REQUIRE_FALSE(atlas::is_error(big));
  CHECK_FALSE(big["memory"]["fits"].get<bool>());
  // Find a micro-batch count where allocation fits but the device does not, by shrinking the
  // card to sit between the two.
  const json p = memory_plan(json{{"tp", 8}, {"zero", 1}}, "llama-3.1-8b", 8);
  REQUIRE_FALSE(atlas::is_error(p));
  const double between = (mem(p, "total") + mem(p, "device")) / 2.0;
  const json tight = call("plan", json{{"model", {{"preset", "llama-3.1-8b"}}},
                                       {"hardware", {{"preset", "h100-sxm"}, {"gpus", 8}, {"memory", between}}},
                                       {"parallel", {{"tp", 8}, {"zero", 1}}},
                                       {"batch", {{"global", 64}, {"micro", 1}}}});
  REQUIRE_FALSE(atlas::is_error(tight));
  CHECK(mem(tight, "total") < between);
  CHECK_FALSE(tight["memory"]["fits"].get<bool>());
}

TEST_CASE("optimizer state follows its dtype and the master copy") {
  const json fp32 = memory_plan(json{{"zero", 0}}, "llama-3.1-8b", 1);
  const json bf16 = memory_plan(json{{"zero", 0}, {"optimizer_dtype", "bf16"}}, "llama-3.1-8b", 1);
  const json pure = memory_plan(json{{"zero", 0}, {"master_weights", "none"}}, "llama-3.1-8b", 1);
  REQUIRE_FALSE(atlas::is_error(bf16));
  REQUIRE_FALSE(atlas::is_error(pure));
  const double psi = fp32["memory"]["optimizer"].get<double>() / 12.0;
  CHECK(mem(bf16, "optimizer") == doctest::Approx(8.0 * psi));
  CHECK(mem(pure, "optimizer") == doctest::Approx(4.0 * psi));  // bf16 moments, no master copy
  CHECK(pure["parallel"]["optimizer_dtype"] == "bf16");
  // Fewer bytes for Adam to stream: 28 → 20 → 14 B per weight.
  const double t28 = fp32["time"]["optimizer"].get<double>();
  CHECK(bf16["time"]["optimizer"].get<double>() == doctest::Approx(t28 * 20.0 / 28.0));
  CHECK(pure["time"]["optimizer"].get<double>() == doctest::Approx(t28 * 14.0 / 28.0));
  // FSDP without a master copy keeps bf16 shards: 2 B of weights per parameter, not 4.
  const json f32 = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}});
  const json f16 = memory_plan(json{{"framework", "fsdp"}, {"zero", 3}, {"master_weights", "none"}});
  CHECK(mem(f16, "parameters") == doctest::Approx(mem(f32, "parameters") / 2.0));
}

TEST_CASE("fp32 moments without a master copy is refused at optimizer_dtype") {
  const json r = memory_plan(json{{"master_weights", "none"}, {"optimizer_dtype", "fp32"}});
  REQUIRE(atlas::is_error(r));
  CHECK(r["error"]["code"] == "optimizer_states_without_master");
  CHECK(r["error"]["path"] == "/parallel/optimizer_dtype");
}

TEST_CASE("Transformer Engine keeps linear layers' inputs for the weight gradient in the low format") {
  // Llama 3.1 8B, one micro-batch of 8,192 tokens, tp 1, no recomputation, Megatron: FP8 keeps the
  // QKV and fc1 inputs (4,096 each) and fc2's (14,336) at 1 B instead of 2, and the output
  // projection's 1 B copy beside the attention's bf16 output (4,096): 18,432 B less per token and layer.
  atlas::Parallel p;
  p.tp = 1, p.framework = atlas::Framework::megatron, p.precision = atlas::Precision::fp8_current;
  p.flash_attention = true;  // the fused attention keeps its bf16 output
  atlas::ModelShape m;       // Llama 3.1 8B's layer
  m.layers = 32, m.hidden = 4096, m.heads = 32, m.kv_heads = 8, m.ffn = 14336, m.vocab = 128256, m.seq = 8192;
  m.swiglu = true;
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::none, 0) ==
        doctest::Approx(-18432.0 * static_cast<double>(m.seq)));
  // Unfused attention keeps no output of its own: the output projection's low copy alone.
  p.flash_attention = false;
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::none, 0) ==
        doctest::Approx(-(18432.0 + 8192.0) * static_cast<double>(m.seq)));
  p.flash_attention = true;
  // The attention core recomputed: the output projection's low copy alone, 1 B less than bf16's.
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::selective, atlas::kRecomputeCoreAttn) ==
        doctest::Approx(-(18432.0 + 8192.0) * static_cast<double>(m.seq)));
  // NVFP4 keeps half a byte and an E4M3 scale per 16 elements; bf16, FSDP and full recomputation keep what they kept.
  p.precision = atlas::Precision::nvfp4;
  const double d = 2.0 - (0.5 + 1.0 / 16.0);
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::none, 0) ==
        doctest::Approx((-d * (4096 + 4096 + 14336) + (0.5 + 1.0 / 16.0) * 4096) * static_cast<double>(m.seq)));
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::full, 0) == 0);
  p.precision = atlas::Precision::bf16;
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::none, 0) == 0);
  p.precision = atlas::Precision::fp8_current, p.framework = atlas::Framework::fsdp;
  CHECK(atlas::low_precision_kept_change(m, 1.0, p, atlas::Recompute::none, 0) == 0);
  // In a plan: the activations part falls by that much per layer and micro-batch in flight.
  const json bf16 = memory_plan(json{{"zero", 1}, {"precision", "bf16"}}, "llama-3.1-8b", 8);
  const json fp8 = memory_plan(json{{"zero", 1}, {"precision", "fp8-current"}}, "llama-3.1-8b", 8);
  REQUIRE_FALSE(atlas::is_error(fp8));
  CHECK(mem(bf16, "activations") - mem(fp8, "activations") == doctest::Approx(18432.0 * 8192.0 * 32.0));
  CHECK(fp8["memory"]["formulas"]["activations"]["text"].get<std::string>().find("weight gradient") !=
        std::string::npos);
}

TEST_CASE("fp8_param_gather: Megatron keeps the blocks' weights in the low format only and gathers them in it") {
  const json base{{"zero", 1}, {"precision", "fp8-current"}, {"tp", 2}};
  json gathered = base;
  gathered["fp8_param_gather"] = true;
  const json a = memory_plan(base, "llama-3.1-8b", 8), b = memory_plan(gathered, "llama-3.1-8b", 8);
  REQUIRE_FALSE(atlas::is_error(b));
  CHECK(b["parallel"]["fp8_param_gather"] == true);
  CHECK_FALSE(a["parallel"].contains("fp8_param_gather"));
  // The bf16 copy of each block weight goes: 2 B per weight of the 32 layers on a tp rank
  // (Llama 3.1 8B's blocks hold 6.98e9 weights, split over 2).
  const double block = 32.0 * (4096.0 * (4096 + 2 * 1024) + 4096.0 * 4096 + 3 * 4096.0 * 14336) / 2.0;
  CHECK(mem(a, "parameters") - mem(b, "parameters") == doctest::Approx(2.0 * block).epsilon(1e-3));
  CHECK(b["memory"]["formulas"]["parameters"]["text"].get<std::string>().find("--fp8-param-gather") !=
        std::string::npos);
  // The distributed optimizer's gather of the updated shards moves 1 B for those weights.
  const auto gather_bytes = [](const json& plan) {
    double bytes = 0;
    for (const auto& t : plan["communication"])
      if (t["id"] == "dp-param-allgather") bytes += t["bytes_per_step"].get<double>();
    return bytes;
  };
  CHECK(gather_bytes(a) - gather_bytes(b) == doctest::Approx(block).epsilon(1e-3));
  // Anything but Megatron with a low format at ZeRO 0–2 is refused at the field.
  for (const json& bad :
       {json{{"zero", 1}, {"fp8_param_gather", true}},
        json{{"zero", 3}, {"framework", "fsdp"}, {"precision", "fp8-current"}, {"fp8_param_gather", true}}}) {
    const json r = memory_plan(bad, "llama-3.1-8b", 8);
    REQUIRE(atlas::is_error(r));
    CHECK(r["error"]["code"] == "fp8_param_gather_unsupported");
    CHECK(r["error"]["path"] == "/parallel/fp8_param_gather");
  }
}
