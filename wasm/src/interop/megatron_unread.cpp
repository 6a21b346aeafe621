// Why a Megatron-LM argument the engine does not read leaves the plan as it is, or what the plan
// then leaves out. Most unread flags are bookkeeping (logging, checkpoints, data paths) and get
// the general reason; the ones below change a real run's time, so the import says which way the
// plan differs from such a run instead of calling them "not part of the cost model".
#include <array>
#include <string_view>

#include "megatron_flags.hpp"

namespace atlas {

namespace {

struct UnreadFlag {
  std::string_view name;
  const char* why;
};

constexpr const char* kHostTime =
    "the plan costs GPU work only: the host's kernel launches, which CUDA graphs take off the critical path, are not "
    "modelled";
constexpr const char* kRouterLoss =
    "the router's loss terms add no measurable time; how evenly tokens reach experts is parallel.routing_imbalance "
    "(default balanced)";

constexpr std::array<UnreadFlag, 15> kUnread{{
    {"moe-grouped-gemm",
     "the plan costs each rank's experts as one grouped GEMM; without this flag Megatron-Core runs its local experts "
     "one after another from Python, whose host time the plan does not model"},
    {"overlap-moe-expert-parallel-comm",
     "not modelled: the plan leaves every expert all-to-all exposed, so a run that hides them behind another "
     "micro-batch's compute can be faster than the plan"},
    {"delay-wgrad-compute",
     "not modelled: it reorders expert weight gradients so the all-to-all overlap can hide them; the plan's "
     "backward work is the same"},
    {"moe-permute-fusion", "the plan costs the tokens' permutation as its HBM traffic, fused or not"},
    {"moe-router-fusion", kHostTime},
    {"cuda-graph-impl", kHostTime},
    {"cuda-graph-scope", kHostTime},
    {"enable-cuda-graph", kHostTime},
    {"external-cuda-graph", kHostTime},
    {"moe-router-load-balancing-type", kRouterLoss},
    {"moe-aux-loss-coeff", kRouterLoss},
    {"moe-z-loss-coeff", kRouterLoss},
    {"moe-router-force-load-balancing",
     "balanced routing, as the plan assumes unless parallel.routing_imbalance says otherwise"},
    {"moe-router-dtype", "the router's scores are one small GEMM, costed in bf16 whatever its dtype"},
    {"moe-flex-dispatcher-backend",
     "the plan costs the routed tokens as an all-to-all; DeepEP's and HybridEP's kernels move the same tokens at "
     "their own speed, not modelled apart"},
}};

}  // namespace

const char* megatron_unread_why(const std::string& name, const std::string& value) {
  if (name == "moe-token-dispatcher-type")
    return value == "alltoall" ? "the all-to-all dispatcher, the one the plan costs"
                               : "the plan costs the routed tokens as an all-to-all; the allgather and flex "
                                 "dispatchers move them with other collectives or kernels, not modelled apart";
  for (const UnreadFlag& f : kUnread)
    if (f.name == name) return f.why;
  return "not part of the engine's cost model";
}

}  // namespace atlas
