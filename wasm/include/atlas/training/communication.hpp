// Every tensor that crosses a device boundary in one training step: what it is, which group
// moves it with which collective, how many calls the framework splits it into, what one call
// costs (NCCL's model, or the ideal bound), and how much of it the schedule cannot hide.
#pragma once

#include <array>

#include "atlas/collectives/collectives.hpp"
#include "atlas/collectives/network.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// The contract's names of a group ("TP", …) and of a framework ("megatron", …).
const char* group_name(Group g);
const char* framework_name(Framework f);

/// Exposed communication of one device of a stage: per micro-batch (inside the pipeline's
/// time slot, so the bubble stretches it too) and once per step.
struct StageCommunication {
  std::array<double, kGroups> per_microbatch{};
  std::array<double, kGroups> per_step{};
};

/// Which transfers to list: all, those of the model-parallel groups (TP, CP, EP, PP — they do
/// not depend on the ZeRO stage), or the data-parallel ones only. Search lists the first once per
/// split and the last once per ZeRO stage; the exposed sums are the same as from `all`.
enum class TransferSet { all, model_parallel, data_parallel };

/// Lists the transfers of a device of stage `index` into `out` (at most kMaxTransfers) and sums
/// their exposed times. `st` must come from stage_figures() for the same stage.
void stage_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st,
                     std::array<Transfer, kMaxTransfers>& out, int& count, StageCommunication& exposed,
                     TransferSet which = TransferSet::all);

/// The NICs, NVLink and per-call overhead of the hardware, as NCCL reaches them.
NetworkLinks network_links(const Hardware& hw);

/// Placement of the group of `size` ranks `stride` apart on this hardware: serving's groups, in
/// Megatron's order. Training's come from the split's own order (placement.hpp: kind_placement).
GroupPlacement group_placement(const Hardware& hw, std::int64_t stride, std::int64_t size);

/// One call of `op` on `bytes` over the group: NCCL's model, or in the ideal plan the ring at the
/// links' nominal bandwidth with no latency at all.
CollectiveTime call_time(const PlanInput& in, Collective op, double bytes, const GroupPlacement& g);

/// Share of the GPU's multiprocessors NCCL's kernels occupy while they overlap compute: the
/// compute they overlap runs this much longer. kNcclChannels is calibrated: 21 channels' share of
/// the SMs (or CUs) averaged over the four GPUs of Lee et al. 2025 (arXiv 2507.03114: A100 108,
/// H100 132, MI250 and MI210 104 each) is their measured mean slowdown, 18.9 % (docs/fidelity.md).
constexpr double kNcclChannels = 21;
double overlap_slowdown(const Hardware& hw);

/// Tokens one rank of the expert group routes per micro-batch: the micro-batch's sequence share
/// under context parallelism, a tp-th of it under sequence parallelism. Each makes top_k expert
/// rows, which the dispatch all-to-all sends to the experts' ranks.
double routed_tokens_per_rank(const PlanInput& in);

/// Exposed time of `calls` equal calls of `each` seconds issued one after another while
/// `window` seconds of compute run: the first call waits (nothing to overlap yet), each later
/// one hides behind the compute of its share of the window, and the overlapped compute is
/// slowed by `slowdown`. Ideal: max(0, calls·each − window), overlap free.
double exposed_series(double calls, double each, double window, double slowdown, bool ideal);

/// Appends transfers and sums their exposure (transfer_list.cpp); the call sites are
/// communication.cpp and communication_data_parallel.cpp.
struct TransferList {
  std::array<Transfer, kMaxTransfers>& out;
  int& count;
  StageCommunication& exposed;
  const PlanInput& in;
  double m;  // micro-batches per step

  struct Spec {
    const char* id;
    const char* tensor;
    const char* name;
    const char* phase;
    Collective op;
    Group group;
    const char* where;
    std::array<double, 3> shape;
  };
  /// `calls_per_mb` calls each micro-batch, or (when 0) `calls_per_step` once per step. `rate`
  /// is the fraction of NCCL's speed the framework reaches (1 but for DeepSpeed 2021's gathers);
  /// Megatron-DeepSpeed's tensor-parallel calls also take a fixed time per ring step.
  Transfer* add(const Spec& s, const GroupPlacement& g, double bytes, double calls_per_mb, double calls_per_step,
                double rate = 1.0);
  /// Fully on the critical path of each micro-batch.
  void blocking(Transfer* t);
  /// Exposed per micro-batch (`per_mb`) or once per step (`per_step`), seconds.
  void exposed_mb(Transfer* t, double per_mb);
  void exposed_step(Transfer* t, double per_step);
  /// Its calls issued one after another behind `window` seconds of compute (exposed_series):
  /// each micro-batch when `per_mb`, else once per step. Priced by settle(): series on the same
  /// link in the same phase share that compute.
  void behind(Transfer* t, double window, bool per_mb);
  /// Prices every series given to behind(); called once, after the last transfer is added.
  void settle();

  struct Overlapped {
    Transfer* t = nullptr;
    double window = 0;
    bool per_mb = false;
  };
  std::array<Overlapped, kMaxTransfers> overlapped{};
  int overlapped_count = 0;
};

/// The data-parallel and ZeRO transfers as the plan's framework issues them.
void data_parallel_transfers(const PlanInput& in, std::int64_t index, const StageFigures& st, TransferList& list);
/// ZeRO's gather of the updated bf16 weight shards after the optimizer step: `psi` weights of the
/// stage in `calls` equal calls (`dp-param-allgather`), `name` saying when it runs.
Transfer* weight_shard_gather(TransferList& list, const GroupPlacement& g, double psi, double calls, const char* name,
                              double bytes_per_weight = 2.0);  // bf16

/// What the framework itself moves through HBM on the compute stream per micro-batch, beside the
/// model's kernels, for `parameters` weights held per tensor-parallel rank, and what it is (for
/// the compute formula): FSDP2's copies in and out of its collectives' flat buffers, FSDP1's cast
/// and in-place divide, DeepSpeed's pipeline engine's fp32 accumulation and slice copies, 2021
/// Megatron's accumulation outside the GEMM. None for today's Megatron, whose buffers are the
/// parameters and gradients themselves, or for the ideal bound. Derivations in
/// communication_data_parallel.cpp and deepspeed_pipeline.cpp.
struct FrameworkCopies {
  double bytes = 0;
  const char* who = "";
  const char* what = "";
};
FrameworkCopies framework_copies(const PlanInput& in, double parameters);

}  // namespace atlas
