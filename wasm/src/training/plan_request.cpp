#include "atlas/training/plan_request.hpp"

#include "atlas/content/presets.hpp"
#include "atlas/training/batch.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/memory.hpp"
#include "atlas/training/pipeline.hpp"
#include "atlas/training/placement.hpp"
#include "atlas/training/plan_rules.hpp"
#include "atlas/training/precision.hpp"
#include "atlas/training/recompute.hpp"
#include "atlas/training/split_options.hpp"

namespace atlas {

namespace {

constexpr double kMaxDegree = 1e6;

}  // namespace

const char* schedule_name(Schedule s) {
  static const char* const kNames[] = {"gpipe", "1f1b", "interleaved"};
  return kNames[static_cast<int>(s)];
}

const char* kernels_name(Kernels k) {
  static const char* const kNames[] = {"fused", "eager", "eager-fused-norm"};
  return kNames[static_cast<int>(k)];
}

json to_json(const Parallel& p) {
  static const char* const kRecompute[] = {"none", "selective", "full", "selective-op"};
  json j{{"dp", p.dp},
         {"tp", p.tp},
         {"pp", p.pp},
         {"cp", p.cp},
         {"ep", p.ep},
         {"zero", p.zero},
         {"sequence_parallel", p.sequence_parallel},
         {"recompute", kRecompute[static_cast<int>(p.recompute)]},
         {"virtual_stages", p.virtual_stages},
         {"schedule", schedule_name(p.schedule)},
         {"framework", framework_name(p.framework)},
         {"overlap", p.overlap},
         {"tp_overlap", p.tp_overlap},
         {"flash_attention", p.flash_attention},
         {"kernels", kernels_name(p.kernels)},
         {"attention_kernel", attention_kernel_name(p.attention_kernel)},
         {"reduce_dtype", reduce_dtype_name(p)},
         {"cp_attention", context_attention_name(p.cp_attention)},
         {"backward_prefetch", backward_prefetch_name(p.backward_prefetch)},
         {"precision", precision_name(p.precision)},
         {"dp_shard", p.dp_shard > 0 ? p.dp_shard : p.dp},
         {"embedding_as_layer", p.embedding_as_layer},
         {"loss_as_layer", p.loss_as_layer},
         {"first_stage_layers", p.first_stage_layers},
         {"last_stage_layers", p.last_stage_layers},
         {"loss", loss_kernel_name(loss_kernel(p))},
         {"optimizer_dtype", p.optimizer_bf16 ? "bf16" : "fp32"},
         {"master_weights", p.master_weights ? "fp32" : "none"},
         {"order", rank_order_name(p.order)}};
  // Only a split that differs from tp is echoed: a plan without the field answers as before it.
  if (p.expert_grid()) j["etp"] = p.etp;
  if (p.routing_imbalance != 1.0) j["routing_imbalance"] = p.routing_imbalance;
  if (p.returns_kv_cache) j["returns_kv_cache"] = true;
  if (p.fp8_param_gather) j["fp8_param_gather"] = true;
  j["optimizer_kernel"] = p.foreach_adam(false) ? "foreach" : "fused";
  recompute_json(p, j);
  return j;
}

namespace {

// Up to 64 short strings; anything else is a coded error at the entry that is wrong.
void read_known_schedules(const json& request, Problems& problems, std::vector<std::string>& out) {
  const auto it = request.find("known_schedules");
  if (it == request.end()) return;
  if (!it->is_array() || it->size() > 64) {
    problems.error("wrong_type",
                   "'known_schedules' must be an array of at most 64 schedule keys, not " + describe_type(*it) +
                       (it->is_array() ? " of " + std::to_string(it->size()) : std::string()) + ".",
                   "/known_schedules");
    return;
  }
  for (std::size_t i = 0; i < it->size(); ++i) {
    const json& key = (*it)[i];
    if (!key.is_string()) {
      problems.error(
          "wrong_type",
          "Each known schedule must be a key string as given in pipeline.blocks.key, not " + describe_type(key) + ".",
          "/known_schedules/" + std::to_string(i));
      continue;
    }
    if (key.get_ref<const std::string&>().size() > 100) {
      problems.error("too_long",
                     "A known schedule key is at most 100 bytes (keys look like \"1f1b/8/96/1\"); this one has " +
                         std::to_string(key.get_ref<const std::string&>().size()) + ".",
                     "/known_schedules/" + std::to_string(i));
      continue;
    }
    out.push_back(key.get<std::string>());
  }
}

}  // namespace

std::optional<AttentionKernel> read_attention_kernel(const Fields& p, AttentionKernel absent) {
  const auto k = p.choice(
      "attention_kernel",
      {attention_kernel_name(AttentionKernel::native), attention_kernel_name(AttentionKernel::flash_attention_2)},
      std::string(attention_kernel_name(absent)));
  if (!k) return std::nullopt;
  return *k == attention_kernel_name(AttentionKernel::flash_attention_2) ? AttentionKernel::flash_attention_2
                                                                         : AttentionKernel::native;
}

ParallelDegrees read_degrees(const Fields& p) {
  const Range degree{1, kMaxDegree, false, true};
  ParallelDegrees d;
  if (p.has("dp")) d.dp = p.integer("dp", degree);
  d.tp = p.integer("tp", degree, 1), d.pp = p.integer("pp", degree, 1), d.cp = p.integer("cp", degree, 1);
  d.ep = p.integer("ep", degree, 1);
  return d;
}

std::optional<PlanRequest> read_plan_request(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return std::nullopt;
  const Fields root(request, "", problems);
  root.warn_unknown({"mode", "model", "hardware", "parallel", "batch", "training", "known_schedules", "scaling",
                     "scaling_hold", "placement", "placement_rank"});
  auto model = read_model(request, problems);
  auto hardware = read_hardware(request, problems);

  const Fields p = root.section("parallel", false);
  p.warn_unknown({"dp",
                  "tp",
                  "pp",
                  "cp",
                  "ep",
                  "etp",
                  "zero",
                  "sequence_parallel",
                  "recompute",
                  "virtual_stages",
                  "schedule",
                  "framework",
                  "overlap",
                  "tp_overlap",
                  "flash_attention",
                  "attention_kernel",
                  "kernels",
                  "reduce_dtype",
                  "cp_attention",
                  "backward_prefetch",
                  "precision",
                  "dp_shard",
                  "embedding_as_layer",
                  "loss_as_layer",
                  "first_stage_layers",
                  "last_stage_layers",
                  "loss",
                  "optimizer_dtype",
                  "master_weights",
                  "order",
                  "routing_imbalance",
                  "offload_optimizer",
                  "offload_params",
                  "offload_activations",
                  "returns_kv_cache",
                  "fp8_param_gather",
                  "recompute_modules",
                  "recompute_method",
                  "recompute_num_layers",
                  "optimizer_kernel"});
  const ParallelDegrees degrees = read_degrees(p);
  const auto& [dp, tp, pp, cp, ep] = degrees;
  // Expert tensor parallelism: absent means as tp (the split each expert had before the field).
  std::optional<std::int64_t> etp;
  if (p.has("etp")) etp = p.integer("etp", {1, kMaxDegree, false, true});
  auto imbalance = p.number("routing_imbalance", {1, 1024}, 1.0);
  auto zero = p.integer("zero", {0, 3}, 0);
  auto sp = p.boolean("sequence_parallel", false);
  auto recompute = p.choice("recompute", {"none", "selective", "selective-op", "full"}, std::string("none"));
  const RecomputeFields recompute_fields = read_recompute_fields(p);
  // Adam as foreach operations or one fused kernel; "auto": the framework's (Parallel::foreach_adam).
  auto optimizer_kernel = p.choice("optimizer_kernel", {"auto", "foreach", "fused"}, std::string("auto"));
  auto v = p.integer("virtual_stages", {1, 1e4}, 1);
  auto schedule =
      p.choice("schedule", {"gpipe", "1f1b", "interleaved"}, std::string(v && *v > 1 ? "interleaved" : "1f1b"));
  auto framework =
      p.choice("framework", {"megatron", "megatron-2021", "fsdp", "fsdp1", "deepspeed", "deepspeed-2021", "ideal"},
               std::string("megatron"));
  // 2021's Megatron overlapped no communication with compute. DeepSpeed overlaps the gradients'
  // reduction with backward only at ZeRO-3 unless its config says otherwise: overlap_comm defaults
  // to stage == 3 (deepspeed/runtime/zero/config.py, overlap_comm_valid), and at ZeRO-0 its engine
  // all-reduces the gradients once backward is done.
  const bool deepspeed = framework && (*framework == "deepspeed" || *framework == "deepspeed-2021");
  auto overlap =
      p.boolean("overlap", !(framework && *framework == "megatron-2021") && !(deepspeed && zero && *zero < 3));
  auto tp_overlap = p.boolean("tp_overlap", false);
  auto returns_kv = p.boolean("returns_kv_cache", false);
  auto fp8_param_gather = p.boolean("fp8_param_gather", false);
  auto flash = p.boolean("flash_attention", hardware ? hardware->flash_attention : false);
  // Megatron's fused kernels unless the request says the run is eager PyTorch (no torch.compile).
  auto kernels = p.choice("kernels", {"fused", "eager", "eager-fused-norm"}, std::string("fused"));
  // PyTorch's frameworks attend through F.scaled_dot_product_attention, whose flash backend is
  // FlashAttention-2 (vendored in ATen); its cuDNN backend has been opt-in since 2.5.1 (pytorch
  // PR #138522) and chosen first again only with cuDNN above 9.15 (sdp_utils.cpp,
  // check_prefer_cudnn_attention). Transformer Engine under Megatron prefers cuDNN on Hopper.
  const bool sdpa = framework && (*framework == "fsdp" || *framework == "fsdp1");
  const auto attention_kernel = read_attention_kernel(
      p, sdpa && (!flash || *flash) ? AttentionKernel::flash_attention_2 : AttentionKernel::native);
  if (flash && !*flash && attention_kernel && *attention_kernel != AttentionKernel::native)
    problems.error("attention_kernel_unfused",
                   "attention_kernel names a fused attention kernel, but flash_attention is false (attention runs "
                   "as separate matmuls and softmax); set flash_attention to true or leave attention_kernel out.",
                   p.path_of("attention_kernel"));
  // Absent: the framework's own (fp32 for Megatron's gradient buffer, bf16 for the others).
  std::optional<std::string> reduce;
  if (p.has("reduce_dtype")) reduce = p.choice("reduce_dtype", {"bf16", "fp32", "fp16"});
  auto cp_attention = p.choice("cp_attention", {"ring", "all-gather"}, std::string("ring"));
  auto backward_prefetch = p.choice("backward_prefetch", {"pre", "post"}, std::string("pre"));
  auto embedding_as_layer = p.boolean("embedding_as_layer", false);
  auto loss_as_layer = p.boolean("loss_as_layer", false);
  // 0: not set (the stages share the layers evenly), as a plan's answer gives it back.
  const Range layer_count{0, 1e4, false, true, "layers"};
  auto first_stage_layers = p.integer("first_stage_layers", layer_count, 0);
  auto last_stage_layers = p.integer("last_stage_layers", layer_count, 0);
  // 0: shard over every data-parallel rank (what a plan answers as dp_shard = dp).
  auto dp_shard = p.integer("dp_shard", {0, kMaxDegree, false, true, "ranks"}, 0);
  auto precision = p.choice("precision", {"bf16", "fp8-delayed", "fp8-current", "fp8-blockwise", "mxfp8", "nvfp4"},
                            std::string("bf16"));
  // Absent: the framework's own loss (Megatron's fused vocabulary-parallel one, PyTorch's eager).
  std::optional<std::string> loss;
  if (p.has("loss")) loss = p.choice("loss", {"fused", "eager", "chunked"});
  auto optimizer_dtype = p.choice("optimizer_dtype", {"fp32", "bf16"}, std::string("fp32"));
  auto master_weights = p.choice("master_weights", {"fp32", "none"}, std::string("fp32"));
  const auto order = read_rank_order(p);
  if (optimizer_dtype && master_weights && *optimizer_dtype == "fp32" && *master_weights == "none" &&
      p.has("optimizer_dtype"))
    problems.error("optimizer_states_without_master",
                   "optimizer_dtype \"fp32\" keeps Adam's states in fp32 while master_weights \"none\" updates "
                   "the bf16 weights themselves: no framework pairs the two. Use optimizer_dtype \"bf16\" for pure "
                   "bf16 training, or master_weights \"fp32\".",
                   p.path_of("optimizer_dtype"));

  // Offloading moves memory to the host and adds PCIe transfers and a CPU optimizer to the step;
  // neither is modelled, so a request that asks for it is refused rather than planned on the GPU.
  for (const auto& [key, what] : {std::pair<const char*, const char*>{"offload_optimizer", "the optimizer's states"},
                                  {"offload_params", "the weights"},
                                  {"offload_activations", "the activations"}}) {
    if (!p.has(key)) continue;
    const json& value = p.object()[key];
    if (value.is_boolean() && !value.get<bool>()) continue;
    if (value.is_string() && value.get<std::string>() == "none") continue;
    problems.error("offload_not_modelled",
                   std::string("Offloading ") + what +
                       " to CPU or NVMe memory is not modelled: the plan would keep them in GPU memory, and both its "
                       "memory and its step time (host transfers, a CPU optimizer) would be wrong. Plan without "
                       "offloading (false or \"none\").",
                   p.path_of(key));
  }

  const Fields b = root.section("batch", false);
  b.warn_unknown({"micro", "global", "accumulation"});
  const Range count{1, 1e12, false, true};
  auto micro = b.integer("micro", count, 1);
  std::optional<std::int64_t> global, accumulation;
  if (b.has("global")) global = b.integer("global", count);
  if (b.has("accumulation")) accumulation = b.integer("accumulation", count);
  if (!b.has("global") && !b.has("accumulation")) accumulation = 1;

  PlanRequest out;
  if (const json* tr = root.object("training", false)) {
    const Fields t(*tr, "/training", problems);
    t.warn_unknown({"tokens"});
    if (auto tokens = t.number("tokens", {0, 1e16, true})) out.training_tokens = *tokens;
  }
  read_known_schedules(request, problems, out.known_schedules);
  if (auto scaling = root.boolean("scaling", false)) out.scaling = *scaling;
  if (auto hold = root.choice("scaling_hold", {"micro", "accumulation"}, std::string("micro")))
    out.scaling_hold = *hold == "accumulation" ? ScalingHold::accumulation : ScalingHold::micro;
  if (auto placement = root.boolean("placement", false)) out.placement = *placement;
  const auto focus = root.integer("placement_rank", {0, 1e7, false, true}, 0);
  if (!problems.ok() || !model || !hardware) return std::nullopt;

  PlanInput& in = out.input;
  in.model = *model;
  in.hardware = *hardware;
  Parallel& q = in.parallel;
  q.tp = *tp, q.pp = *pp, q.cp = *cp, q.ep = *ep;
  // etp = tp is the same split as no etp: keep one representation of it (0), so both answer alike.
  q.etp = etp && *etp != *tp ? *etp : 0;
  q.routing_imbalance = *imbalance;
  check_routing_imbalance(*imbalance, in.model.moe(), *ep, p, problems);
  q.zero = static_cast<int>(*zero), q.sequence_parallel = *sp;
  q.recompute = *recompute == "full"           ? Recompute::full
                : *recompute == "selective"    ? Recompute::selective
                : *recompute == "selective-op" ? Recompute::op_selective
                                               : Recompute::none;
  if (optimizer_kernel && *optimizer_kernel != "auto") q.optimizer_foreach = *optimizer_kernel == "foreach" ? 1 : 0;
  q.virtual_stages = *v;
  q.framework = *framework == "fsdp"             ? Framework::fsdp
                : *framework == "fsdp1"          ? Framework::fsdp1
                : *framework == "deepspeed"      ? Framework::deepspeed
                : *framework == "deepspeed-2021" ? Framework::deepspeed_2021
                : *framework == "ideal"          ? Framework::ideal
                : *framework == "megatron-2021"  ? Framework::megatron_2021
                                                 : Framework::megatron;
  q.overlap = *overlap;
  q.tp_overlap = *tp_overlap;
  q.returns_kv_cache = returns_kv.value_or(false);
  q.fp8_param_gather = fp8_param_gather.value_or(false);
  q.flash_attention = *flash;
  q.kernels = *kernels == "eager"              ? Kernels::eager
              : *kernels == "eager-fused-norm" ? Kernels::eager_fused_norm
                                               : Kernels::fused;
  q.attention_kernel = *attention_kernel;
  q.reduce_dtype = !reduce             ? ReduceDtype::framework
                   : *reduce == "fp32" ? ReduceDtype::fp32
                   : *reduce == "fp16" ? ReduceDtype::fp16
                                       : ReduceDtype::bf16;
  q.cp_attention = *cp_attention == "all-gather" ? ContextAttention::all_gather : ContextAttention::ring;
  q.backward_prefetch = *backward_prefetch == "post" ? BackwardPrefetch::post : BackwardPrefetch::pre;
  q.precision = precision_from_name(*precision);
  if (const std::string why = fp8_param_gather_unsupported(q); !why.empty())
    problems.error("fp8_param_gather_unsupported", why, p.path_of("fp8_param_gather"));
  apply_recompute_fields(recompute_fields, p, in.model, q);  // after the framework and the precision
  q.loss = !loss                ? LossKernel::framework
           : *loss == "eager"   ? LossKernel::eager
           : *loss == "chunked" ? LossKernel::chunked
                                : LossKernel::fused;
  // Pure bf16 training keeps Adam's states in the weights' dtype unless the request says otherwise.
  q.master_weights = *master_weights == "fp32";
  q.optimizer_bf16 = *optimizer_dtype == "bf16" || (!q.master_weights && !p.has("optimizer_dtype"));
  if (q.backward_prefetch == BackwardPrefetch::post && !backward_gathers_wait(q))
    problems.warning("backward_prefetch_unused",
                     "backward_prefetch \"post\" is how PyTorch's FSDP (framework \"fsdp1\") gathers weights "
                     "under ZeRO-3; this plan does not gather weights that way, so it changes nothing.",
                     p.path_of("backward_prefetch"));
  q.schedule = *schedule == "gpipe"         ? Schedule::gpipe
               : *schedule == "interleaved" ? Schedule::interleaved
                                            : Schedule::one_f_one_b;
  // Impossible splits are answers, not request errors: collect them as the plan's errors.
  Problems split;
  if (dp) {
    q.dp = *dp;
  } else {
    out.dp_derived = true;
    auto derived = data_parallel_degree(in.hardware.gpus, q.tp, q.pp, q.cp, split, "/hardware");
    q.dp = derived ? *derived : 1;
    if (!derived) split = Problems{};  // check_rules() states it as gpus_not_divisible
  }
  q.embedding_as_layer = *embedding_as_layer, q.loss_as_layer = *loss_as_layer;
  q.first_stage_layers = first_stage_layers.value_or(0), q.last_stage_layers = last_stage_layers.value_or(0);
  if (!apply_split_options(in.model, in.hardware, dp_shard.value_or(0), q, p, problems)) return std::nullopt;
  q.order = *order;
  check_order(q, p);
  out.placement_rank = *focus;
  if (*focus >= in.hardware.gpus)
    problems.error("placement_rank",
                   "placement_rank = " + std::to_string(*focus) + " is not one of the " +
                       std::to_string(in.hardware.gpus) + " GPUs (ranks 0 to " + std::to_string(in.hardware.gpus - 1) +
                       ").",
                   "/placement_rank");
  if (!problems.ok()) return std::nullopt;
  BatchQuestion question;
  question.global = global;
  question.micro = micro;
  question.accumulation = accumulation;
  question.data_parallel = q.dp;
  if (auto solved = solve_batch(question, split, "/batch")) {
    in.micro = solved->micro, in.accumulation = solved->accumulation, in.global = solved->global;
    out.batch_known = true;
  } else {
    in.micro = *micro;
    in.accumulation = accumulation.value_or(1);
    in.global = global.value_or(1);  // unknown: the plan reports the batch error and omits its numbers
  }
  for (const auto& e : split.errors()) out.split_errors.push_back({"batch_" + e.code, e.message, e.path});
  return out;
}

void check_routing_imbalance(double imbalance, bool moe, std::int64_t ep, const Fields& p, Problems& problems) {
  if (imbalance != 1.0 && !moe)
    problems.warning("routing_imbalance_dense", "This model has no experts: routing imbalance changes nothing.",
                     p.path_of("routing_imbalance"));
  else if (imbalance > static_cast<double>(ep))
    problems.error("routing_imbalance_range",
                   "The busiest of " + std::to_string(ep) +
                       " expert-parallel ranks can receive at most all the routed tokens, " + std::to_string(ep) +
                       " times the mean; routing imbalance " + format_number(imbalance) + " is more.",
                   p.path_of("routing_imbalance"));
}

}  // namespace atlas
