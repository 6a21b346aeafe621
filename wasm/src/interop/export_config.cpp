// Command `export`: a plan request as a launch configuration — Megatron-LM arguments, a
// DeepSpeed JSON or a torchtitan TOML — that `import` reads back to the same plan. What the
// target cannot say (the GPU type, a schedule or ZeRO stage it does not have) is written as a
// comment rather than dropped, so the file is honest about what it launches.
#include <sstream>

#include "atlas/content/presets.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/interop/import.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/placement.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/recompute.hpp"

namespace atlas {

namespace {

struct Run {
  PlanInput in;
  json model;          // the normalized model section (a complete request shape)
  std::string preset;  // a model preset with exactly this shape, or ""
  std::string hardware;
};

// Whether a model section (a preset with its fields, or a whole shape) reads as this shape,
// sequence length aside: a plan names a preset or a torchtitan flavor whichever way it got it.
bool has_shape(json model, const ModelShape& shape) {
  Problems ignored;
  model["seq"] = shape.seq;
  const auto read = read_model(json{{"model", std::move(model)}}, ignored);
  return read && to_json(*read) == to_json(shape);
}

// The model preset with this shape, so the export names it.
std::string matching_preset(const ModelShape& shape) {
  for (const auto& p : preset_catalog()["models"])
    if (has_shape(json{{"preset", p.value("id", "")}}, shape)) return p.value("id", "");
  return "";
}

// The torchtitan flavor with this shape.
const TorchtitanFlavor* torchtitan_flavor_of(const ModelShape& shape) {
  for (const auto& f : torchtitan_flavors())
    if (has_shape(torchtitan_flavor_model(f), shape)) return &f;
  return nullptr;
}

std::string framework_words(Framework f) {
  switch (f) {
    case Framework::fsdp:
      return "PyTorch FSDP";
    case Framework::fsdp1:
      return "PyTorch FSDP1 (flat parameters)";
    case Framework::deepspeed:
    case Framework::deepspeed_2021:
      return "DeepSpeed";
    case Framework::ideal:
      return "an ideal framework (one collective per step)";
    default:
      return "Megatron-LM";
  }
}

std::vector<std::string> common_notes(const Run& r, const char* target) {
  std::vector<std::string> notes;
  notes.push_back("GPU: " + (r.hardware.empty() ? std::string("custom figures") : r.hardware) + " × " +
                  std::to_string(r.in.hardware.gpus) + " (" + target +
                  " does not name the hardware; the plan's times assume it).");
  // Megatron-LM also takes tp-cp-ep-pp-dp (megatron() writes its flag); the others number ranks
  // their own way (torchtitan's mesh, innermost first, is tp-cp-dp-pp too).
  const RankOrder& order = r.in.parallel.order;
  if (order != kMegatronOrder && !(std::string(target) == "Megatron-LM" && order == kTpPpDpOrder))
    notes.push_back("The plan numbers ranks " + rank_order_name(order) + "; " + target +
                    " numbers them tp-cp-ep-dp-pp (tp fastest), so its groups sit where the plan's default order "
                    "puts them and its times may differ.");
  return notes;
}

std::string megatron(const Run& r) {
  const ModelShape& m = r.in.model;
  const Parallel& p = r.in.parallel;
  std::vector<std::string> notes = common_notes(r, "Megatron-LM");
  if (p.framework == Framework::megatron_2021)
    notes.push_back(
        "The plan was costed as Megatron-LM of 2021 (no overlap, fp16 gradients, unfused gradient "
        "accumulation); these arguments run today's Megatron-LM.");
  else if (p.framework != Framework::megatron)
    notes.push_back("The plan was costed as " + framework_words(p.framework) + "; these arguments run Megatron-LM.");
  if (p.kernels != Kernels::fused)
    notes.push_back("The plan was costed with eager PyTorch kernels; Megatron-LM runs fused ones.");
  if (p.schedule == Schedule::gpipe)
    notes.push_back("Megatron-LM has no GPipe schedule: with pipeline stages it runs 1F1B.");
  if (p.zero >= 2)
    notes.push_back("ZeRO-" + std::to_string(p.zero) +
                    " has no Megatron argument; --use-distributed-optimizer shards the optimizer state (ZeRO-1).");
  notes.push_back(
      "--vocab-size is the model's; Megatron pads it to a multiple of 128 × tp (--make-vocab-size-divisible-by).");
  notes.push_back(
      "Add your data and tokenizer arguments (--data-path, --tokenizer-type, …); they do not change the cost.");
  std::int64_t per_node = r.in.hardware.gpus_per_node, nodes = r.in.hardware.gpus / per_node;
  if (r.in.hardware.gpus % per_node != 0) per_node = r.in.hardware.gpus, nodes = 1;
  std::vector<std::string> args;
  auto arg = [&](const std::string& flag, const std::string& value = "") {
    args.push_back("--" + flag + (value.empty() ? "" : " " + value));
  };
  auto num = [](std::int64_t v) { return std::to_string(v); };
  arg("num-layers", num(m.layers)), arg("hidden-size", num(m.hidden)), arg("ffn-hidden-size", num(m.ffn));
  arg("num-attention-heads", num(m.heads));
  if (m.kv_heads != m.heads) arg("group-query-attention"), arg("num-query-groups", num(m.kv_heads));
  arg("seq-length", num(m.seq)), arg("max-position-embeddings", num(m.seq)), arg("vocab-size", num(m.vocab));
  arg("position-embedding-type", m.learned_positions ? "learned_absolute" : "rope");
  arg("normalization", m.rmsnorm ? "RMSNorm" : "LayerNorm");
  if (m.swiglu) arg("swiglu");
  if (!m.bias) arg("disable-bias-linear");
  if (m.qkv_bias) arg("add-qkv-bias");
  if (!m.tied_embeddings) arg("untie-embeddings-and-output-weights");
  if (!m.dropout) arg("attention-dropout", "0"), arg("hidden-dropout", "0");
  if (m.moe())
    arg("num-experts", num(m.experts)), arg("moe-router-topk", num(m.top_k)),
        arg("moe-ffn-hidden-size", num(m.expert_ffn));
  arg("tensor-model-parallel-size", num(p.tp)), arg("pipeline-model-parallel-size", num(p.pp));
  if (p.embedding_as_layer) arg("account-for-embedding-in-pipeline-split");
  if (p.loss_as_layer) arg("account-for-loss-in-pipeline-split");
  if (p.first_stage_layers > 0) arg("decoder-first-pipeline-num-layers", num(p.first_stage_layers));
  if (p.last_stage_layers > 0) arg("decoder-last-pipeline-num-layers", num(p.last_stage_layers));
  const std::int64_t slots = m.layers + (p.embedding_as_layer ? 1 : 0) + (p.loss_as_layer ? 1 : 0);
  if (p.virtual_stages > 1) {
    if (p.first_stage_layers > 0 || p.last_stage_layers > 0)
      arg("num-virtual-stages-per-pipeline-rank", num(p.virtual_stages));
    else if (slots % (p.pp * p.virtual_stages) == 0)
      arg("num-layers-per-virtual-pipeline-stage", num(slots / (p.pp * p.virtual_stages)));
    else
      notes.push_back(num(p.virtual_stages) +
                      " virtual stages do not divide the layers of a stage evenly; Megatron needs they do.");
  }
  arg("context-parallel-size", num(p.cp));
  if (p.cp > 1 && p.cp_attention == ContextAttention::all_gather) arg("cp-comm-type", "all_gather");
  if (p.ep > 1) arg("expert-model-parallel-size", num(p.ep));
  if (p.expert_grid()) arg("expert-tensor-parallel-size", num(p.etp));
  if (p.order == kTpPpDpOrder) {
    arg("use-tp-pp-dp-mapping");
    if (p.cp > 1 || p.ep > 1)
      notes.push_back("Megatron-LM asks that --use-tp-pp-dp-mapping be used without context or expert parallelism.");
  }
  if (p.sequence_parallel) arg("sequence-parallel");
  if (p.recompute == Recompute::selective) {
    arg("recompute-granularity", "selective");
    if (p.framework == Framework::megatron && p.recompute_modules != kRecomputeCoreAttn) {
      std::string names;
      for (const std::string& n : recompute_module_names(p.recompute_modules)) names += (names.empty() ? "" : " ") + n;
      // An empty list recomputes nothing under selective: the same as no recomputation.
      if (names.empty())
        notes.push_back("Selective recomputation of no module is no recomputation: drop --recompute-granularity.");
      else
        arg("recompute-modules", names);
    }
  }
  if (p.recompute == Recompute::op_selective) {
    arg("recompute-granularity", "selective");
    notes.push_back(
        "torchtitan's op-level recomputation (every second matmul) has no Megatron flag: written as selective.");
  }
  if (p.recompute == Recompute::full)
    arg("recompute-granularity", "full"), arg("recompute-method", p.recompute_block ? "block" : "uniform"),
        arg("recompute-num-layers", num(p.recompute_num_layers));
  if (p.zero >= 1) arg("use-distributed-optimizer");
  if (p.overlap) arg("overlap-grad-reduce"), arg("overlap-param-gather");
  // fp16 gradients were reduced as they were by 2021's Megatron; today's has no such flag.
  if (reduce_dtype(p) == ReduceDtype::bf16) arg("grad-reduce-in-bf16");
  if (p.tp_overlap) arg("tp-comm-overlap");
  if (p.fp8_param_gather) arg("fp8-param-gather");
  switch (p.precision) {
    case Precision::bf16:
      break;
    case Precision::fp8_delayed:
      arg("fp8-format", "hybrid"), arg("fp8-recipe", "delayed");
      break;
    case Precision::fp8_current:
      arg("fp8-format", "hybrid"), arg("fp8-recipe", "tensorwise");
      break;
    case Precision::fp8_blockwise:
      arg("fp8-format", "e4m3"), arg("fp8-recipe", "blockwise");
      break;
    case Precision::mxfp8:
      arg("fp8-format", "e4m3"), arg("fp8-recipe", "mxfp8");
      break;
    case Precision::nvfp4:
      arg("fp4-format", "e2m1");
      break;
  }
  if (p.flash_attention)
    arg("use-flash-attn");
  else
    notes.push_back(
        "The plan costs attention without FlashAttention; Megatron with Transformer Engine may fuse it anyway.");
  arg("micro-batch-size", num(r.in.micro)), arg("global-batch-size", num(r.in.global)), arg("bf16");

  std::ostringstream out;
  out << "#!/bin/bash\n# Megatron-LM launch written by Parallelism Atlas (split explorer).\n";
  for (const auto& n : notes) out << "# " << n << "\n";
  out << "\nGPUS_PER_NODE=${GPUS_PER_NODE:-" << per_node << "}\nNNODES=${NNODES:-" << nodes << "}\n\n";
  out << "torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES pretrain_gpt.py";
  for (const auto& a : args) out << " \\\n    " << a;
  out << "\n";
  return out.str();
}

std::string deepspeed(const Run& r) {
  const Parallel& p = r.in.parallel;
  std::vector<std::string> notes = common_notes(r, "A DeepSpeed config");
  notes.push_back(
      "DeepSpeed configs name no model or model-parallel split; both are kept under this key, which DeepSpeed "
      "ignores.");
  if (!is_deepspeed(p.framework))
    notes.push_back("The plan was costed as " + framework_words(p.framework) + "; this config runs DeepSpeed.");
  if (p.tp > 1 || p.pp > 1 || p.cp > 1)
    notes.push_back(
        "Tensor, pipeline and context parallelism come from the model code (Megatron-DeepSpeed), not this file.");
  json model = r.model;
  json parallel{{"tp", p.tp},
                {"pp", p.pp},
                {"cp", p.cp},
                {"sequence_parallel", p.sequence_parallel},
                {"recompute", to_json(p)["recompute"]},
                {"virtual_stages", p.virtual_stages},
                {"schedule", schedule_name(p.schedule)},
                {"flash_attention", p.flash_attention},
                {"tp_overlap", p.tp_overlap},
                {"kernels", kernels_name(p.kernels)},
                {"reduce_dtype", reduce_dtype_name(p)}};
  if (p.ep > 1) parallel["ep"] = p.ep;
  if (p.expert_grid()) parallel["etp"] = p.etp;
  json config{{"train_batch_size", r.in.global},
              {"train_micro_batch_size_per_gpu", r.in.micro},
              {"gradient_accumulation_steps", r.in.accumulation},
              {"bf16", {{"enabled", true}}},
              {"zero_optimization", {{"stage", p.zero}, {"overlap_comm", p.overlap}}},
              {"_parallelism_atlas", {{"comment", notes}, {"model", model}, {"parallel", parallel}}}};
  return config.dump(2) + "\n";
}

std::string torchtitan(const Run& r) {
  // torchtitan reads no shape from its TOML, only a flavor's name; a comment carries the shape
  // so that import reads back the same model (torchtitan ignores it).
  const ModelShape& m = r.in.model;
  const Parallel& p = r.in.parallel;
  std::vector<std::string> notes = common_notes(r, "A torchtitan TOML");
  notes.push_back("Launch on " + std::to_string(r.in.hardware.gpus) +
                  " GPUs: the data-parallel degrees below are written out, not -1.");
  const TorchtitanFlavor* flavor = torchtitan_flavor_of(m);
  if (!flavor)
    notes.push_back("torchtitan names models by flavor, and this shape is none of its flavors (" +
                    std::to_string(m.layers) + " layers, hidden " + std::to_string(m.hidden) +
                    "); add it as a flavor. The shape is kept in the comment under [model], which import reads.");
  if (p.framework == Framework::fsdp1)
    notes.push_back(
        "The plan was costed as FSDP1 (flat parameters); torchtitan trains with FSDP2, which also copies "
        "each gathered weight out of its buffer.");
  else if (p.framework != Framework::fsdp)
    notes.push_back("The plan was costed as " + framework_words(p.framework) + "; torchtitan trains with FSDP2.");
  if (p.zero == 1 || p.zero == 2)
    notes.push_back("FSDP2 shards parameters too: ZeRO-" + std::to_string(p.zero) + " becomes ZeRO-3.");
  if (p.dp == 1 && p.zero > 0) notes.push_back("With one data-parallel rank there is nothing to shard.");
  if (p.sequence_parallel != (p.tp > 1))
    notes.push_back("torchtitan's tensor parallelism is always sequence-parallel.");
  const bool chunks = p.virtual_stages > 1 && m.layers % (p.pp * p.virtual_stages) == 0;
  if (p.virtual_stages > 1 && !chunks)
    notes.push_back(std::to_string(p.virtual_stages) +
                    " virtual stages do not divide the layers evenly; torchtitan needs they do.");
  const bool shard = p.zero > 0 && p.dp > 1;
  const std::int64_t local = p.pp > 1 ? r.in.micro * r.in.accumulation : r.in.micro;
  const char* schedule = p.schedule == Schedule::gpipe         ? "GPipe"
                         : p.schedule == Schedule::interleaved ? "Interleaved1F1B"
                                                               : "1F1B";
  const char* recompute = p.recompute == Recompute::full           ? "full"
                          : p.recompute == Recompute::op_selective ? "selective"
                                                                   : "none";
  if (p.recompute == Recompute::selective)
    notes.push_back(
        "Megatron's selective recomputation redoes the attention scores, which torchtitan's fused attention never "
        "stores: written as none.");
  // Block recomputation of n layers a stage is torchtitan's every-N-th block where N divides.
  std::string every_nth;
  if (p.recompute == Recompute::full && p.recompute_block) {
    const std::int64_t stage = m.layers / p.pp, redone = p.recompute_num_layers * p.virtual_stages;
    if (redone < stage && stage % redone == 0)
      every_nth = std::to_string(stage / redone);
    else if (redone < stage)
      notes.push_back(std::to_string(redone) + " recomputed layers of each stage's " + std::to_string(stage) +
                      " are not every N-th one: written as full.");
  }
  if (!every_nth.empty()) recompute = "selective";
  if (p.kernels == Kernels::fused)
    notes.push_back("The plan's kernels are fused: torch.compile on ([compile] enable = true).");
  if (p.loss == LossKernel::chunked)
    notes.push_back(
        "The plan's loss is chunked: torchtitan's ChunkedLossWrapper, which its Python configurations set and a "
        "TOML job cannot; this job runs the whole-vocabulary loss.");
  if (shard && gradient_bytes(p) < 4)
    notes.push_back(
        "torchtitan's FSDP reduces gradients in fp32 (mixed_precision_reduce has no other value); the "
        "plan reduced them in bf16.");
  if (p.kernels == Kernels::eager_fused_norm)
    notes.push_back(
        "torchtitan's Triton fused_rmsnorm (2024) is gone: without torch.compile the norm runs unfused too.");
  std::ostringstream out;
  out << "# torchtitan job written by Parallelism Atlas (split explorer).\n";
  for (const auto& n : notes) out << "# " << n << "\n";
  out << "\n[job]\ndescription = \"Exported from the split explorer\"\n\n[model]\nname = \""
      << (flavor ? flavor->family : std::string("llama3")) << "\"\nflavor = \""
      << (flavor ? flavor->flavor + "\"" : "custom\"\n" + std::string(kModelComment) + r.model.dump())
      << "\n\n[training]\nlocal_batch_size = " << local << "\nglobal_batch_size = " << r.in.global
      << "\nseq_len = " << m.seq << (shard ? "\nmixed_precision_reduce = \"float32\"" : "")
      << "\n\n[parallelism]\ndata_parallel_replicate_degree = " << (shard ? 1 : p.dp)
      << "\ndata_parallel_shard_degree = " << (shard ? p.dp : 1) << "\ntensor_parallel_degree = " << p.tp
      << "\nenable_async_tensor_parallel = " << (p.tp_overlap ? "true" : "false")
      << "\npipeline_parallel_degree = " << p.pp << "\npipeline_parallel_schedule = \"" << schedule
      << "\"\npipeline_parallel_microbatch_size = " << r.in.micro
      << (chunks ? "\npipeline_parallel_layers_per_stage = " + std::to_string(m.layers / (p.pp * p.virtual_stages))
                 : std::string())
      << "\ncontext_parallel_degree = " << p.cp << "\nexpert_parallel_degree = " << p.ep
      << (p.expert_grid() ? "\nexpert_tensor_parallel_degree = " + std::to_string(p.etp) : std::string())
      << "\n\n[activation_checkpoint]\nmode = \"" << recompute << "\"\n"
      << (p.recompute == Recompute::op_selective ? "selective_ac_option = \"op\"\n" : "")
      << (every_nth.empty() ? "" : "selective_ac_option = \"" + every_nth + "\"\n")
      << "\n[compile]\nenable = " << (p.kernels == Kernels::fused ? "true" : "false") << "\n";
  return out.str();
}

}  // namespace

json cmd_export(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return json();
  const Fields root(request, "", problems);
  root.warn_unknown({"request", "format"});
  const json* plan = root.object("request", true);
  const auto format = root.choice("format", {"megatron", "deepspeed", "torchtitan"});
  if (!plan || !format) return json();
  Problems inner;
  const auto read = read_plan_request(*plan, inner);
  for (const auto& e : inner.errors()) problems.error(e.code, e.message, "/request" + e.path);
  if (!read) return json();
  Run r{read->input, to_json(read->input.model), matching_preset(read->input.model), ""};
  if (plan->contains("hardware") && (*plan)["hardware"].is_object() && (*plan)["hardware"].contains("preset") &&
      (*plan)["hardware"]["preset"].is_string())
    r.hardware = (*plan)["hardware"]["preset"].get<std::string>();
  const std::string text = *format == "megatron" ? megatron(r) : *format == "deepspeed" ? deepspeed(r) : torchtitan(r);
  const char* file = *format == "megatron"    ? "launch_megatron.sh"
                     : *format == "deepspeed" ? "ds_config.json"
                                              : "torchtitan_job.toml";
  return json{{"format", *format}, {"text", text}, {"filename", file}};
}

}  // namespace atlas
