// The split's options that depend on the model, the machine and dp together — the format, where
// the layers fall on the stages, the shard group — checked once the request's degrees are known.
#pragma once

#include <cstdint>

#include "atlas/contract/fields.hpp"
#include "atlas/training/plan.hpp"

namespace atlas {

/// Takes the requested stage layout and shard group into `q` (the format is already there) and
/// says at its field what cannot run: a format the GPU lacks (precision_unsupported), a layout
/// that leaves a stage without layers (stage_layers), a shard group that does not divide dp, with
/// nothing sharded, or splitting the experts (dp_shard_*). `dp_shard` 0 shards over all of dp.
bool apply_split_options(const ModelShape& m, const Hardware& hw, std::int64_t dp_shard, Parallel& q, const Fields& p,
                         Problems& problems);

}  // namespace atlas
