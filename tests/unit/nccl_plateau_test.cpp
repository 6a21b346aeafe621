// NCCL's "plateau effect of ring" (ncclTopoGetAlgoTime in src/graph/tuning.cc): a Simple ring
// all-reduce across nodes costs 1.4 times its modelled latency on compute capability 8.0 and
// later, unless each channel's share per rank is under 64 bytes.
#include <doctest/doctest.h>

#include "support.hpp"

using namespace atlas_test;

namespace {

json ring_plateau_call(double bytes, int ranks, int per_domain, const char* collective = "all-reduce") {
  const json r = call("collective", json{{"collective", collective},
                                         {"bytes", bytes},
                                         {"ranks", ranks},
                                         {"ranks_per_domain", per_domain},
                                         {"topology", {{"preset", "h100-sxm"}}},
                                         {"algorithm", "ring"}});
  REQUIRE_FALSE(atlas::is_error(r));
  for (const auto& a : r["algorithms"])
    if (a["name"] == "ring") return a;
  FAIL("no ring row");
  return json();
}

}  // namespace

TEST_CASE("NCCL's ring plateau: a multi-node Simple ring all-reduce pays 1.4 times its latency") {
  const double overhead = 2.3e-6;  // the H100 preset's per-call overhead, outside NCCL's model
  // 16 ranks on 2 nodes, 1 GiB: Simple, with the plateau. Ring latency 8.4 + 28 × 3.4 + 2 × 14 µs.
  const json big = ring_plateau_call(1073741824.0, 16, 8);
  REQUIRE(big["protocol"] == "Simple");
  const double nccl = (8.4 + 28 * 3.4 + 2 * 14.0) * 1e-6;
  CHECK(big["latency"].get<double>() == doctest::Approx(overhead + 1.4 * nccl));
  // Inside one node there is no plateau.
  const json one_node = ring_plateau_call(1073741824.0, 8, 8);
  CHECK(one_node["latency"].get<double>() == doctest::Approx(overhead + (8.4 + 14 * 3.4) * 1e-6));
  // Reduce-scatter's ring has none either.
  const json scatter = ring_plateau_call(1073741824.0, 16, 8, "reduce-scatter");
  CHECK(scatter["latency"].get<double>() == doctest::Approx(overhead + (8.4 + 14 * 3.4 + 14.0) * 1e-6));
}
