// A torchtitan job, from its TOML or its 2026 Python configuration (torchtitan_python.cpp):
// [model] name and flavor, [training] batch and sequence, [parallelism] degrees and pipeline
// schedule here; kernels, precision, optimizer and recomputation in torchtitan_settings.cpp.
// torchtitan trains with FSDP2, so a sharded data-parallel degree is ZeRO-3 in the engine's
// terms; its tensor parallelism always shards the norms' activations along the sequence.
#include "atlas/training/plan_request.hpp"
#include "torchtitan_job.hpp"

namespace atlas {

namespace torchtitan_import {

void Job::read() {
  facts_.set(text_, 0, "parallel", "framework", "fsdp", "torchtitan (FSDP2)");
  const auto name = text("model", "name");
  const auto flavor = text("model", "flavor");
  if (name || flavor) {
    const TorchtitanFlavor* known = flavor ? find_torchtitan_flavor(name.value_or("llama3"), *flavor) : nullptr;
    const int at = line("model", flavor ? "flavor" : "name");
    if (!known && exported_shape()) {
      // A model no flavor names, exported with its shape in the comment under [model].
    } else if (known) {
      const std::string source = "[model] name and flavor (torchtitan's " + known->family + " " + known->flavor + ")";
      if (!known->preset.empty()) {
        facts_.model_preset = known->preset;
        facts_.read.push_back(
            json{{"field", "model.preset"}, {"value", known->preset}, {"from", source}, {"line", at}});
      }
      for (auto it = known->fields.begin(); it != known->fields.end(); ++it)
        facts_.set(text_, at, "model", it.key(), it.value(), source);
      // torchtitan trains at its own default context where the job sets none, whatever the model.
      facts_.fallback("model", "seq", 2048, "torchtitan's default max_context_length (no seq_len)");
    } else {
      facts_.unknown_model = Issue{"unknown_model",
                                   "Line " + std::to_string(at) + ": the engine does not know the torchtitan model " +
                                       name.value_or("llama3") + " \"" + flavor.value_or("") + "\" (it knows " +
                                       torchtitan_flavor_list() + "); paste the model's config.json too.",
                                   text_.path(), at};
    }
  }
  if (const auto seq = whole("training", "seq_len")) set("model", "seq", *seq, "training", "seq_len");
  optimizer();
  kernels();
  // 2024's layout kept the degrees in [training] (pipelining in [experimental], and at first one
  // data_parallel_degree); 2025's moved them to [parallelism]. Each is read where the file has it.
  const std::string shard_key = has(where("data_parallel_shard_degree"), "data_parallel_shard_degree") ||
                                        !has(where("data_parallel_degree"), "data_parallel_degree")
                                    ? "data_parallel_shard_degree"
                                    : "data_parallel_degree";
  const auto tp = whole(where("tensor_parallel_degree"), "tensor_parallel_degree").value_or(1);
  const auto pp = whole(where("pipeline_parallel_degree"), "pipeline_parallel_degree").value_or(1);
  const auto cp = whole(where("context_parallel_degree"), "context_parallel_degree").value_or(1);
  const auto ep = whole(where("expert_parallel_degree"), "expert_parallel_degree").value_or(1);
  const auto replicate = whole(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree").value_or(1);
  const auto shard = whole(where(shard_key), shard_key, true).value_or(-1);
  degree("tp", tp, "tensor_parallel_degree");
  degree("pp", pp, "pipeline_parallel_degree");
  degree("cp", cp, "context_parallel_degree");
  if (ep > 1) degree("ep", ep, "expert_parallel_degree");
  // torchtitan's expert_tensor_parallel_degree, read only where the file states it and it
  // differs from tp (equal, it is the engine's default split of each expert).
  if (has(where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree")) {
    const auto etp = whole(where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree").value_or(tp);
    if (etp != tp) set("parallel", "etp", etp, where("expert_tensor_parallel_degree"), "expert_tensor_parallel_degree");
  }
  if (has(where("tensor_parallel_degree"), "tensor_parallel_degree"))
    facts_.set(text_, line(where("tensor_parallel_degree"), "tensor_parallel_degree"), "parallel", "sequence_parallel",
               tp > 1, "torchtitan's tensor parallelism (always sequence-parallel)");
  const std::string shard_from = from(where(shard_key), shard_key);
  if (has(where(shard_key), shard_key))
    facts_.set(text_, line(where(shard_key), shard_key), "parallel", "zero", shard == 1 ? 0 : 3,
               shard == 1 ? shard_from + " = 1 (replicated, DDP)"
                          : shard_from + " (FSDP2 shards parameters, gradients and optimizer state)");
  else
    facts_.fallback("parallel", "zero", 3,
                    "no data_parallel_shard_degree: torchtitan's default -1 shards over the rest of the GPUs (FSDP2)");
  // FSDP reduces in mixed_precision_reduce, whose only value is "float32".
  if (shard != 1) {
    const auto reduce = text("training", "mixed_precision_reduce");
    if (reduce && *reduce != "float32" && *reduce != "bfloat16")
      text_.error("unsupported_value",
                  "[training] mixed_precision_reduce must be float32 (or bfloat16), not \"" + *reduce + "\".",
                  line("training", "mixed_precision_reduce"));
    else if (reduce)
      set("parallel", "reduce_dtype", *reduce == "float32" ? "fp32" : "bf16", "training", "mixed_precision_reduce");
    else
      facts_.fallback("parallel", "reduce_dtype", "fp32", "torchtitan's FSDP reduces gradients in float32");
  }
  if (shard > 0)
    facts_.count(text_, line(where(shard_key), shard_key), facts_.dp, "parallel.dp", times(replicate, shard),
                 replicate > 1 ? "data_parallel_replicate_degree × " + shard_from : shard_from);
  // HSDP: FSDP2 shards within groups of data_parallel_shard_degree and replicates across them.
  if (replicate > 1 && shard > 1)
    set("parallel", "dp_shard", shard, where(shard_key), shard_key);
  else if (replicate > 1 && shard < 0)
    facts_.ignore(from(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree"), replicate,
                  "with data_parallel_shard_degree derived (-1) the shard group's size is not in the text; the "
                  "engine shards over every data-parallel rank",
                  line(where("data_parallel_replicate_degree"), "data_parallel_replicate_degree"));
  precision();
  if (const json* async = get(where("enable_async_tensor_parallel"), "enable_async_tensor_parallel");
      async && async->is_boolean())
    set("parallel", "tp_overlap", *async, where("enable_async_tensor_parallel"), "enable_async_tensor_parallel");
  if (const auto schedule = text(where("pipeline_parallel_schedule"), "pipeline_parallel_schedule")) {
    const std::string s = *schedule;
    if (s == "1F1B")
      set("parallel", "schedule", "1f1b", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
    else if (s == "GPipe")
      set("parallel", "schedule", "gpipe", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
    else if (s == "Interleaved1F1B") {
      set("parallel", "schedule", "interleaved", where("pipeline_parallel_schedule"), "pipeline_parallel_schedule");
      facts_.fallback("parallel", "virtual_stages", 2,
                      "Interleaved1F1B without a stage count: two model chunks per GPU");
    } else {
      facts_.fallback("parallel", "schedule", "1f1b", "the engine has no " + s + " schedule; costed as 1F1B");
    }
  }
  // Model chunks per GPU follow from the layers each stage holds, once the model is known.
  if (const auto per_stage = whole(where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage")) {
    Problems ignored;
    const auto shape =
        facts_.model_preset ? read_model(json{{"model", {{"preset", *facts_.model_preset}}}}, ignored) : std::nullopt;
    if (shape && shape->layers % times(*per_stage, pp) == 0)
      set("parallel", "virtual_stages", shape->layers / times(*per_stage, pp),
          where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage");
    else
      text_.error("virtual_layers",
                  "[parallelism] pipeline_parallel_layers_per_stage " + std::to_string(*per_stage) +
                      " must divide the model's layers per pipeline stage (and the model must be a known flavor).",
                  line(where("pipeline_parallel_layers_per_stage"), "pipeline_parallel_layers_per_stage"));
  }
  checkpointing(pp);

  const std::string local_key = get("training", "local_batch_size") ? "local_batch_size" : "batch_size";
  const auto local = whole("training", local_key);
  const auto global = whole("training", "global_batch_size", true);
  const auto pp_micro = whole(where("pipeline_parallel_microbatch_size"), "pipeline_parallel_microbatch_size");
  const std::int64_t per_rank = local.value_or(8);
  if (!local) facts_.assume("training.local_batch_size", 8, "torchtitan's default");
  const std::int64_t micro = pp > 1 ? pp_micro.value_or(1) : per_rank;
  if (pp > 1 && per_rank % micro != 0) {
    text_.error("batch_not_divisible",
                "[training] " + local_key + " " + std::to_string(per_rank) +
                    " is not a whole number of pipeline micro-batches of " + std::to_string(micro) + ".",
                line("training", local_key));
    return;
  }
  facts_.count(text_, line("training", local_key), facts_.micro, "batch.micro", micro,
               pp > 1 ? "[parallelism] pipeline_parallel_microbatch_size" : "[training] " + local_key);
  if (global && *global > 0)
    facts_.count(text_, line("training", "global_batch_size"), facts_.global, "batch.global", *global,
                 "[training] global_batch_size");
  else
    facts_.accumulation = per_rank / micro;  // one optimizer step per local batch
}

}  // namespace torchtitan_import

void import_torchtitan(const Pasted& text, RunFacts& facts) {
  const auto toml =
      torchtitan_python(text.text()) ? std::optional<Toml>(torchtitan_python_tables(text)) : parse_toml(text);
  if (!toml) return;
  torchtitan_import::Job job(text, *toml, facts);
  job.read();
  job.report_unused();
}

}  // namespace atlas
