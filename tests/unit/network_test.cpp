// NCCL's cost model as the planner uses it (network.cpp) and the GEMM shape efficiency
// (kernels.cpp): the latencies NCCL's tables give, the protocol NCCL would pick, the bus bandwidth
// large messages reach, where the members of a group sit, and the tile and wave losses.
#include <doctest/doctest.h>

#include "atlas/collectives/network.hpp"
#include "atlas/training/kernels.hpp"

using namespace atlas;

namespace {

NetworkLinks dgx_a100() {
  NetworkLinks l;
  l.nvlink_busbw = 231.58e9;  // nccl-tests, Azure ND A100 v4
  l.nic_busbw = 24e9;         // 192 GB/s over 8 NICs (NVIDIA/nccl #812)
  l.nics_per_node = 8;
  l.gpus_per_node = 8;
  l.call_overhead = 0;
  return l;
}

}  // namespace

TEST_CASE("small all-reduce on one NVLink node: NCCL's LL ring latency, 6.6 + 2(n−1) × 0.6 µs") {
  const GroupPlacement g{8, 1, 8};
  const CollectiveTime t = nccl_time(Collective::all_reduce, 8, g, dgx_a100());
  CHECK(t.protocol == Protocol::ll);
  CHECK(t.algorithm == Algorithm::ring);
  CHECK(t.latency == doctest::Approx((6.6 + 14 * 0.6) * 1e-6));
  // The per-call overhead comes on top, once.
  NetworkLinks slow = dgx_a100();
  slow.call_overhead = 2.3e-6;
  CHECK(nccl_time(Collective::all_reduce, 8, g, slow).time == doctest::Approx(t.time + 2.3e-6).scale(0));
}

TEST_CASE("large all-reduce: Simple protocol at the link's bus bandwidth; mid sizes in between") {
  const GroupPlacement g{8, 1, 8};
  const CollectiveTime big = nccl_time(Collective::all_reduce, 8e9, g, dgx_a100());
  CHECK(big.protocol == Protocol::simple);
  CHECK(big.busbw == doctest::Approx(231.58e9).epsilon(0.01));
  double last = 0;
  for (double bytes = 1e3; bytes <= 1e10; bytes *= 10) {
    const double busbw = nccl_time(Collective::all_reduce, bytes, g, dgx_a100()).busbw;
    CHECK(busbw >= last);  // achieved bus bandwidth grows with the message
    last = busbw;
  }
}

TEST_CASE("across nodes: the ring runs through the thinnest node's NICs; trees win on latency at scale") {
  const NetworkLinks l = dgx_a100();
  // One member per node (tp 8 fills the node): one NIC's bandwidth.
  const CollectiveTime one = nccl_time(Collective::reduce_scatter, 8e9, GroupPlacement{64, 64, 1}, l);
  CHECK(one.busbw < 24e9 * 1.0001);
  // Eight members per node: eight NICs, capped by NVLink.
  const CollectiveTime eight = nccl_time(Collective::reduce_scatter, 8e9, GroupPlacement{512, 64, 8}, l);
  CHECK(eight.busbw > 5 * one.busbw);
  // A small all-reduce over 1024 nodes goes by tree: log2(nodes) network hops, not 2(n−1).
  const CollectiveTime small = nccl_time(Collective::all_reduce, 1024, GroupPlacement{1024, 1024, 1}, l);
  CHECK(small.algorithm == Algorithm::tree);
  // All-gather and reduce-scatter latency grows with (n − 1).
  const double t64 = nccl_time(Collective::all_gather, 1024, GroupPlacement{64, 64, 1}, l).latency;
  const double t512 = nccl_time(Collective::all_gather, 1024, GroupPlacement{512, 512, 1}, l).latency;
  CHECK(t512 > 6 * t64);
}

TEST_CASE("across nodes with fewer NICs than GPUs: concurrent groups share them, a lone member too") {
  // BLOOM's Jean Zay nodes: 4 NICs for 8 GPUs. With tp 8 filling the node each data-parallel ring
  // has one member there, and the node's 8 rings (one per tensor-parallel rank) run at once.
  NetworkLinks four = dgx_a100();
  four.nics_per_node = 4;
  CHECK(nic_share(GroupPlacement{64, 64, 1}, 4, 8) == doctest::Approx(0.5));
  CHECK(nic_share(GroupPlacement{64, 32, 2}, 4, 8) == doctest::Approx(1.0));
  CHECK(nic_share(GroupPlacement{512, 64, 8}, 4, 8) == doctest::Approx(4.0));
  const CollectiveTime lone = nccl_time(Collective::all_reduce, 8e9, GroupPlacement{64, 64, 1}, four);
  const CollectiveTime own = nccl_time(Collective::all_reduce, 8e9, GroupPlacement{64, 64, 1}, dgx_a100());
  CHECK(lone.busbw == doctest::Approx(own.busbw / 2).epsilon(0.01));
  // Where each GPU has a NIC of its own, nothing changes.
  CHECK(nic_share(GroupPlacement{64, 64, 1}, 8, 8) == doctest::Approx(1.0));
}

TEST_CASE("placement: even tilings in closed form, uneven ones walked, long periods the worst case") {
  // tp 8 on 8-GPU nodes, a DP group of 16 taking one GPU per node.
  const GroupPlacement dp = place_group(128, 8, 8, 16);
  CHECK(dp.nodes == 16);
  CHECK(dp.members_per_node == 1);
  // tp 1: a DP group of 16 fills two nodes.
  const GroupPlacement full = place_group(128, 8, 1, 16);
  CHECK(full.nodes == 2);
  CHECK(full.members_per_node == 8);
  // Inside one node.
  CHECK(place_group(64, 8, 1, 4).nodes == 1);
  // Groups of 7 on 32-GPU nodes straddle: some group has a single member in a node.
  const GroupPlacement seven = place_group(70, 32, 1, 7);
  CHECK(seven.nodes == 2);
  CHECK(seven.members_per_node == 1);
  // A divisor-rich shape (the fuzzer's 10-second search) takes the bounded worst case at once.
  const GroupPlacement huge = place_group(7297280, 8, 3, 55440);
  CHECK(huge.members_per_node == 1);
  CHECK(huge.nodes <= 55440);
  // Asked twice, the same answer (the memo).
  CHECK(place_group(70, 32, 1, 7).members_per_node == seven.members_per_node);
}

TEST_CASE("GEMM shape efficiency: big GEMMs near 1, narrow reductions and odd tiles lose") {
  const double big = gemm_shape_efficiency(8192, 8192, 8192, 108);
  CHECK(big > 0.9);
  CHECK(big <= 1.0);
  // A short reduction (k = 128) pays the tile's fixed work: half.
  CHECK(gemm_shape_efficiency(8192, 8192, 128, 108) ==
        doctest::Approx(0.5 * big / (8192.0 / (8192 + 128))).epsilon(0.01));
  // One more tile than a full wave leaves most of the GPU idle in the last wave.
  CHECK(gemm_shape_efficiency(128, 128 * 109, 8192, 108) < 0.75);
  // Without an SM count the shape costs nothing.
  const LinearTime t = linear_time({4096, 4096, 4096}, 1e15, 0.8, 0);
  CHECK(t.forward > 0);
}
