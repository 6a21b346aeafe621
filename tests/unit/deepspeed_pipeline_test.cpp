// DeepSpeed's pipeline engine and BF16 optimizer (framework "deepspeed", pp > 1), each term
// recounted here from what DeepSpeed's code does: the transfers of its TrainSchedule, the tensor-
// parallel gathers of its PartitionedTensor, the BF16 optimizer's bytes, and a simulation of the
// schedule's rendezvous that the slot's four serialised transfers stand for.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "atlas/training/deepspeed_pipeline.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

// BLOOM 176B as the calibration file gives it: tp 4, pp 12, dp 8, micro 2, on Jean Zay's nodes
// (8 A100s sharing 4 Omni-Path NICs of 100 Gb/s).
json bloom(const char* framework, int zero = 1, bool ideal = false) {
  json r{{"model",
          {{"layers", 70},
           {"hidden", 14336},
           {"heads", 112},
           {"ffn", 57344},
           {"vocab", 250880},
           {"seq", 2048},
           {"position", "rotary"},
           {"dropout", false},
           {"tied_embeddings", true}}},
         {"hardware", {{"preset", "a100-80gb"}, {"gpus", 384}, {"nics_per_node", 4}, {"inter_bandwidth", 6.25e9}}},
         {"parallel", {{"tp", 4}, {"pp", 12}, {"zero", zero}, {"recompute", "full"}, {"framework", framework}}},
         {"batch", {{"global", 2048}, {"micro", 2}}}};
  const json p = call("plan", r);
  REQUIRE_FALSE(atlas::is_error(p));
  return ideal ? p["time"]["ideal"] : p;
}

constexpr double kHbm = 2.039e12, kAct = 2.0 * 2 * 2048 * 14336;  // bf16 b·s·h of one micro-batch

// DeepSpeed's TrainSchedule (schedule.py) run step by step: 2(m + p − 1) steps, forward on even
// steps for even stages and odd steps for odd ones; a forward step receives from (and sends a
// gradient to) the previous stage, a backward step sends to (and receives from) the next; each
// transfer takes `c` on both ends and cannot start before both stages reach it.
double deepspeed_makespan(int m, int p, double f, double b, double c) {
  std::vector<double> end(static_cast<std::size_t>(p), 0.0);
  std::vector<int> previous(static_cast<std::size_t>(p), -1);
  for (int k = 0; k < 2 * (m + p - 1); ++k) {
    std::vector<double> next(end);
    std::vector<int> now(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i) {
      const bool forward = (k % 2) == (i % 2);
      const int mb =
          forward ? (k - (k % 2)) / 2 - i / 2 : (k % 2 == 0 ? k / 2 - p + (i + 1) / 2 : (k - 1) / 2 - p + 1 + i / 2);
      const bool valid = mb >= 0 && mb < m, had = previous[static_cast<std::size_t>(i)] >= 0;
      now[static_cast<std::size_t>(i)] = valid ? mb : -1;
      const int peer = forward ? i - 1 : i + 1;
      double start = end[static_cast<std::size_t>(i)], comm = 0;
      if (peer >= 0 && peer < p && (valid || had)) {
        start = std::max(start, end[static_cast<std::size_t>(peer)]);
        comm = c * ((valid ? 1 : 0) + (had ? 1 : 0));
      }
      next[static_cast<std::size_t>(i)] = start + comm + (valid ? (forward ? f : b) : 0.0);
    }
    end = next, previous = now;
  }
  return *std::max_element(end.begin(), end.end());
}

}  // namespace

TEST_CASE("DeepSpeed pipeline: the busiest stage's transfers and gathers per micro-batch") {
  const auto counts = [](std::int64_t pp, std::int64_t tp) { return atlas::deepspeed_pipe_counts(pp, tp); };
  CHECK(counts(1, 8).activation_transfers == 0);
  CHECK(counts(2, 4).activation_transfers == 1);
  CHECK(counts(2, 4).tp_gathers() == 2);
  CHECK(counts(2, 4).forward_gathers == 0);
  CHECK(counts(12, 4).activation_transfers == 2);
  CHECK(counts(12, 4).gradient_transfers == 2);
  CHECK(counts(12, 4).forward_gathers == 1);
  CHECK(counts(12, 4).backward_gathers == 2);
  CHECK(counts(12, 1).tp_gathers() == 0);
  // Gathers: zeros 2, copy out of NCCL's flat buffer 2 + 2, clone 2 + 2; four 1/t slices cloned.
  CHECK(atlas::deepspeed_partition_copy_bytes(12, 4) == doctest::Approx(3 * 10 + 4 * 4 / 4.0));
  CHECK(atlas::deepspeed_partition_copy_bytes(12, 1) == 0);
}

TEST_CASE("DeepSpeed pipeline: its rendezvous keep every stage at the middle stages' four transfers") {
  // Simulated, the schedule's makespan is (m + p − 1)(t_f + t_b + 4c) less 2(p + 2)c: the steps
  // that fill and drain the pipeline transfer less. The plan charges every slot 4c.
  for (const std::pair<int, int>& mp : {std::pair{128, 12}, std::pair{240, 35}, std::pair{16, 4}}) {
    const int m = mp.first, p = mp.second;  // not a structured binding: CAPTURE's lambda takes it
    CAPTURE(m);
    CAPTURE(p);
    const double f = 1.0, b = 3.0, c = 0.05;
    const double slots = m + p - 1;
    const double sim = deepspeed_makespan(m, p, f, b, c);
    CHECK(sim == doctest::Approx(slots * (f + b + 4 * c) - 2 * (p + 2) * c).epsilon(1e-12));
    CHECK(sim > slots * (f + b + 2 * c));  // Megatron's overlapped pair would be 2c
    // Without transfers it is 1F1B's (m + p − 1)(t_f + t_b).
    CHECK(deepspeed_makespan(m, p, f, b, 0) == doctest::Approx(slots * (f + b)));
  }
}

TEST_CASE("DeepSpeed pipeline: BLOOM's transfers, copies, memory and optimizer from their closed forms") {
  const json p = bloom("deepspeed");
  const double psi = p["stages"][0]["parameters"].get<double>();
  // Activations and gradients cross as 1/t slices, two each per micro-batch, one after another.
  for (const char* id : {"pp-fwd-activation", "pp-bwd-activation-grad"}) {
    CAPTURE(id);
    const json* t = find_transfer(p, id);
    REQUIRE(t);
    CHECK((*t)["bytes_per_call"].get<double>() == doctest::Approx(kAct / 4));
    CHECK((*t)["count_per_microbatch"].get<double>() == 2);
    // Eight GPUs of a node send at once through its four NICs: half a NIC each.
    CHECK((*t)["busbw"].get<double>() == doctest::Approx(6.25e9 * 0.96).epsilon(0.01));
  }
  const json *forward = find_transfer(p, "tp-pipe-allgather-fwd"),
             *backward = find_transfer(p, "tp-pipe-allgather-bwd");
  REQUIRE(forward);
  REQUIRE(backward);
  CHECK((*forward)["bytes_per_call"].get<double>() == doctest::Approx(kAct));
  CHECK((*forward)["count_per_microbatch"].get<double>() == 1);
  CHECK((*backward)["count_per_microbatch"].get<double>() == 2);
  // The BF16 optimizer: 18 B per weight per micro-batch, plus the partition's copies.
  const double copies = (18 * psi + (30 + 4) * kAct / 2) / kHbm;
  CHECK(p["stages"][0]["copies_per_microbatch"].get<double>() == doctest::Approx(copies).epsilon(1e-9));
  // One all-reduce of the whole stage in bf16 after the last micro-batch, nothing hidden.
  const json* grads = find_transfer(p, "dp-grad-allreduce");
  REQUIRE(grads);
  CHECK((*grads)["bytes_per_call"].get<double>() == doctest::Approx(2 * psi));
  CHECK((*grads)["count_per_step"].get<double>() == 1);
  CHECK((*grads)["exposed_time_per_step"].get<double>() == doctest::Approx((*grads)["time_per_step"].get<double>()));
  CHECK(find_transfer(p, "dp-grad-reducescatter") == nullptr);
  CHECK((*find_transfer(p, "dp-param-allgather"))["count_per_step"].get<double>() == std::floor(psi / 5e8));
  // The tied embedding's gradient is the fp32 copy.
  const double words = 250880.0 * 14336 / 4;
  CHECK((*find_transfer(p, "pp-embedding-grad-allreduce"))["bytes_per_call"].get<double>() ==
        doctest::Approx(4 * words));
  // Memory: bf16 gradients and their fp32 copy, unsharded; Adam's states sharded over dp.
  CHECK(p["memory"]["gradients"].get<double>() == doctest::Approx(6 * psi));
  CHECK(p["memory"]["optimizer"].get<double>() == doctest::Approx(12 * psi / 8));
  // Optimizer: Adam's 28 B on the shard, 6 B to copy it back to bf16, and per weight held the
  // norm 4, zeroing 4, the gather's copy-out 4 and the reduction's cast, scale, copy back 16.
  const double optimizer = (28 * psi / 8 + 6 * psi / 8 + 28 * psi) / kHbm;
  CHECK(p["time"]["optimizer"].get<double>() == doctest::Approx(optimizer).epsilon(1e-9));
  // Its ZeRO setting does not matter: the BF16 optimizer shards its own states.
  CHECK(bloom("deepspeed", 0)["time"]["step"].get<double>() == doctest::Approx(p["time"]["step"].get<double>()));
}

TEST_CASE("DeepSpeed pipeline: the ideal bound has none of it, and Megatron keeps its own sends") {
  const json ds = bloom("deepspeed"), megatron = bloom("megatron");
  CHECK(ds["time"]["step"].get<double>() > megatron["time"]["step"].get<double>());
  CHECK(ds["time"]["ideal"]["step"].get<double>() < ds["time"]["step"].get<double>());
  CHECK(megatron["stages"][0]["copies_per_microbatch"].get<double>() == 0);
  CHECK(find_transfer(megatron, "tp-pipe-allgather-fwd") == nullptr);
  const json* send = find_transfer(megatron, "pp-fwd-activation");
  REQUIRE(send);
  CHECK((*send)["count_per_microbatch"].get<double>() == 1);
  CHECK((*send)["bytes_per_call"].get<double>() == doctest::Approx(kAct / 4));
  CHECK((*send)["busbw"].get<double>() == doctest::Approx(6.25e9 * 0.96).epsilon(0.01));
  CHECK(megatron["memory"]["gradients"].get<double>() ==
        doctest::Approx(4 * megatron["stages"][0]["parameters"].get<double>()));
}
