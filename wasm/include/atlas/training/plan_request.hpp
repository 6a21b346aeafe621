// Reading plan and search requests: presets merged with overrides, every number validated
// with a coded error at its JSON pointer, defaults filled in.
#pragma once

#include <optional>
#include <vector>

#include "atlas/contract/fields.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// The efficiencies fitted to Korthikanti et al. 2022 Table 5 (docs/fidelity.md).
Efficiencies default_efficiencies();
json to_json(const Efficiencies& e);

/// request[section]: the named preset's body (from the catalogue `kind`) with the request's own
/// keys laid over it; nullopt (with an error) when the section is missing or the preset unknown.
std::optional<json> merged_section(const json& request, const char* section, const char* kind, Problems& problems);

/// request["model"]: {"preset": id, …overrides} or a full shape (wasm/src/training/model_request.cpp).
std::optional<ModelShape> read_model(const json& request, Problems& problems);
/// request["hardware"]: {"preset": id, "gpus": n, …overrides} or explicit figures.
std::optional<Hardware> read_hardware(const json& request, Problems& problems);

json to_json(const ModelShape& m);
json to_json(const Hardware& h);
json to_json(const Parallel& p);

/// The degrees of a request's "parallel" section, as training and serving read them: tp, pp, cp
/// and ep (1 when absent) and dp when given (absent: the caller derives it from the GPU count).
struct ParallelDegrees {
  std::optional<std::int64_t> dp, tp, pp, cp, ep;
  bool read() const { return tp && pp && cp && ep; }
};
ParallelDegrees read_degrees(const Fields& parallel);
/// parallel.attention_kernel, as training and serving read it (absent: `absent`, the framework's own).
std::optional<AttentionKernel> read_attention_kernel(const Fields& parallel, AttentionKernel absent);
/// The routing imbalance's checks, shared by training and serving plans: a dense model warns
/// (`routing_imbalance_dense`), more than ep is `routing_imbalance_range`.
void check_routing_imbalance(double imbalance, bool moe, std::int64_t ep, const Fields& parallel, Problems& problems);

/// What a strong-scaling sweep keeps as the data-parallel replicas change at a fixed global
/// batch: the micro-batch's size (each GPU runs more or fewer of them) or the number of
/// micro-batches per step (each grows or shrinks). ZeRO-3 gathers the weights again for every
/// micro-batch, so the two answer differently.
enum class ScalingHold : std::uint8_t { micro, accumulation };

/// A whole plan request. Impossible splits are not request errors: they come back in
/// `split_errors` (batch or dp that do not divide) and in check_rules().
struct PlanRequest {
  PlanInput input;
  bool dp_derived = false;
  bool batch_known = false;  // micro, accumulation and global all determined
  std::vector<Issue> split_errors;
  std::optional<double> training_tokens;
  /// Schedule keys the caller already holds the blocks of (pipeline.blocks.key): for these the
  /// engine skips listing the blocks again, the costliest part of a plan answer.
  std::vector<std::string> known_schedules;
  bool scaling = false;  // add the strong-scaling points of this split family (plan_scaling.cpp)
  /// Add where every rank sits and each group's link (placement_answer.cpp); the groups holding
  /// `placement_rank` are described member by member.
  bool placement = false;
  std::int64_t placement_rank = 0;
  ScalingHold scaling_hold = ScalingHold::micro;
};

std::optional<PlanRequest> read_plan_request(const json& request, Problems& problems);

/// The published run (content/presets/calibration.json) whose model, hardware, split and batch
/// are this input's, as {id, source, set, where, step, error, name, url}, with `error` the engine's
/// `step` against it (step ÷ published − 1); null when none is. When several runs had it, the
/// first in the file is named and the others are listed in its `also` (fidelity.cpp).
json published_run(const PlanInput& in, double step);

/// Strong scaling of the split family at fixed global batch (plan_scaling.cpp).
json scaling_json(const PlanInput& base, ScalingHold hold);

/// The plan's `placement`: the rank order, each rank's host and NVLink domain, every group with
/// its link, and what each kind of group moves per step (placement_answer.cpp).
json placement_json(const PlanInput& in, const PlanFigures& f, std::int64_t focus_rank);

}  // namespace atlas

namespace atlas {

/// The full plan response for a read request (plan.cpp). The rules the split breaks go to
/// `errors` (the command then answers with them, not the plan), the others to `warnings`.
json plan_response(const PlanRequest& request, std::vector<Issue>& errors, std::vector<Issue>& warnings);

/// The parts of a plan response that search returns for each of its top plans.
json plan_summary(const PlanInput& in, const PlanFigures& f);

}  // namespace atlas
