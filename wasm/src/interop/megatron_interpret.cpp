// What Megatron-LM's arguments mean for the plan: the model's shape with Megatron's defaults
// for what is absent (arguments.py), the split, the pipeline layout and the batch. A script that
// gives no shape (the model sits in a sourced file) sets none of the model: the model comes from
// another text or the explorer, never Megatron's defaults laid over it.
#include <algorithm>
#include <cctype>

#include "atlas/contract/fields.hpp"
#include "atlas/training/recompute.hpp"
#include "megatron_flags.hpp"

namespace atlas {

void MegatronArgs::interpret() {
  const bool shape = get("num-layers") || get("hidden-size") || get("num-attention-heads");
  apply_direct(shape);
  if (shape) {
    interpret_model();
    interpret_moe();
    interpret_modern();
  } else {
    for (const char* f :
         {"swiglu", "quick-geglu", "softmax-type", "window-size", "window-attn-skip-freq", "normalization",
          "disable-bias-linear", "untie-embeddings-and-output-weights", "position-embedding-type",
          "use-rotary-position-embeddings", "ffn-hidden-size", "vocab-size", "num-query-groups", "num-experts"})
      if (const Given* g = get(f))
        facts_.ignore("--" + std::string(f), g->value,
                      "the script gives no model shape (--num-layers, --hidden-size): the model comes from another "
                      "text or the explorer",
                      g->line);
  }
  interpret_split();
  interpret_pipeline();
  if (const Given* m = get("micro-batch-size"))
    facts_.count(text_, m->line, facts_.micro, "batch.micro", m->value, "--micro-batch-size");
  else if (const Given* b = get("batch-size"))
    facts_.count(text_, b->line, facts_.micro, "batch.micro", b->value, "--batch-size (Megatron's old micro-batch)");
  if (const Given* g = get("global-batch-size"))
    facts_.count(text_, g->line, facts_.global, "batch.global", g->value, "--global-batch-size");
  if (const Given* n = get("num-microbatches-in-minibatch"))
    facts_.count(text_, n->line, facts_.accumulation, "batch.accumulation", n->value,
                 "--num-microbatches-in-minibatch");
  if (get("fp16"))
    facts_.ignore("--fp16", true, "fp16 and bf16 cost the same in the engine (loss scaling is not modelled)",
                  get("fp16")->line);
  if (const Given* g = get("overlap-param-gather"))
    facts_.ignore("--overlap-param-gather", true, "follows --overlap-grad-reduce in the engine", g->line);
}

void MegatronArgs::interpret_model() {
  const Given* hidden = get("hidden-size");
  const bool swiglu = get("swiglu") != nullptr;
  // Quick GeGLU (GPT-OSS) is gated like SwiGLU: the same three matmuls, another activation.
  const bool geglu = !swiglu && get("quick-geglu") != nullptr;
  set("model", "mlp", swiglu || geglu ? "swiglu" : "gelu", geglu ? "quick-geglu" : "swiglu");
  if (geglu)
    facts_.assume("model.mlp", "swiglu",
                  "--quick-geglu is a gated MLP (Megatron's gated_linear_unit with quick GELU): costed as SwiGLU, "
                  "whose matmuls and elementwise work it shares");
  if (const Given* ffn = get("ffn-hidden-size"))
    set("model", "ffn", ffn->value, "ffn-hidden-size");
  else if (hidden) {
    // Megatron's own default (arguments.py): 4h, or 2/3 of it rounded down to 64 with SwiGLU.
    const std::int64_t h = hidden->value.get<std::int64_t>();
    const std::int64_t ffn_default = swiglu ? (4 * h * 2 / 3) / 64 * 64 : 4 * h;
    facts_.fallback("model", "ffn", ffn_default,
                    swiglu
                        ? "no --ffn-hidden-size: Megatron's default for SwiGLU, 4h·2/3 rounded down to a multiple of 64"
                        : "no --ffn-hidden-size: Megatron's default, 4 × hidden size");
  }
  if (const Given* groups = get("num-query-groups")) {
    if (get("group-query-attention"))
      set("model", "kv_heads", groups->value, "num-query-groups");
    else
      facts_.ignore("--num-query-groups", groups->value, "Megatron uses it only with --group-query-attention",
                    groups->line);
  }
  if (const Given* kv = get("num-key-value-heads")) set("model", "kv_heads", kv->value, "num-key-value-heads");
  if (const Given* v = get("vocab-size")) {
    set("model", "vocab", v->value, "vocab-size");
    facts_.assume("model.vocab", v->value,
                  "as given; Megatron pads the vocabulary to a multiple of 128 × tp (--make-vocab-size-divisible-by)");
  } else if (const Given* pad = get("pad-vocab-size-to")) {
    set("model", "vocab", pad->value, "pad-vocab-size-to");  // Megatron-DeepSpeed pads to exactly this
  } else if (const Given* padded = get("padded-vocab-size")) {
    set("model", "vocab", padded->value, "padded-vocab-size");  // the embedding's rows, padding included
  } else {
    vocabulary_from_tokenizer();
  }
  const Given* pos = get("position-embedding-type");
  // Model Optimizer's --enable-gpt-oss takes GPT-OSS's own configuration, rotary positions included.
  const bool gpt_oss = !pos && get("enable-gpt-oss");
  const bool rope = get("use-rotary-position-embeddings") || (pos && pos->value == "rope") || gpt_oss;
  if (pos && pos->value != "rope" && pos->value != "learned_absolute")
    text_.error("unsupported_value",
                "--position-embedding-type " + pos->value.get<std::string>() +
                    " is not one the engine has (rope or learned_absolute).",
                pos->line);
  set("model", "position", rope ? "rotary" : "learned",
      pos       ? "position-embedding-type"
      : gpt_oss ? "enable-gpt-oss"
                : "use-rotary-position-embeddings");
  // Megatron-LM spells them RMSNorm / LayerNorm, Megatron-DeepSpeed rmsnorm / layernorm.
  const Given* norm = get("normalization");
  std::string norm_name = norm ? norm->value.get<std::string>() : "layernorm";
  for (char& c : norm_name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (norm_name != "rmsnorm" && norm_name != "layernorm")
    text_.error("unsupported_value",
                "--normalization " + norm->value.get<std::string>() + " is not LayerNorm or RMSNorm.", norm->line);
  set("model", "norm", norm_name, "normalization");
  set("model", "bias", get("disable-bias-linear") == nullptr, "disable-bias-linear");
  if (get("add-qkv-bias")) set("model", "qkv_bias", true, "add-qkv-bias");
  set("model", "tied_embeddings", get("untie-embeddings-and-output-weights") == nullptr,
      "untie-embeddings-and-output-weights");
  const Given* attention_dropout = get("attention-dropout");
  const Given* hidden_dropout = get("hidden-dropout");
  const bool dropout =
      !(attention_dropout && hidden_dropout && attention_dropout->value == 0.0 && hidden_dropout->value == 0.0);
  set("model", "dropout", dropout, "hidden-dropout");
  if (const Given* seq = get("seq-length"); seq && !rope)
    if (const Given* mpe = get("max-position-embeddings"); mpe && mpe->value != seq->value)
      facts_.assume(
          "model.seq", seq->value,
          "the position table is counted at the sequence length, not --max-position-embeddings " + mpe->value.dump());
}

void MegatronArgs::interpret_moe() {
  const Given* experts = get("num-experts");
  if (!experts) return;
  if (experts->value == 1) {
    facts_.ignore("--num-experts", 1, "one expert is the dense MLP", experts->line);
    return;
  }
  set("model", "experts", experts->value, "num-experts");
  // Megatron-DeepSpeed's defaults differ from Megatron-LM's: --topk 1 and --expert-interval 2
  // (microsoft/Megatron-DeepSpeed megatron/arguments.py, commit 060fb40).
  if (deepspeed && !get("expert-interval"))
    text_.error("unsupported_architecture",
                "--num-experts " + experts->value.dump() +
                    " without --expert-interval: Megatron-DeepSpeed's default interval is 2 (experts in every second "
                    "layer), which the engine does not model. Add --expert-interval 1 if every layer has experts.",
                experts->line);
  if (const Given* k = get("moe-router-topk"))
    set("model", "top_k", k->value, "moe-router-topk");
  else if (const Given* t = get("topk"))
    set("model", "top_k", t->value, "topk");
  else if (deepspeed)
    facts_.fallback("model", "top_k", 1, "no --topk: Megatron-DeepSpeed's default");
  else
    facts_.fallback("model", "top_k", 2, "no --moe-router-topk: Megatron's default");
  if (const Given* e = get("moe-ffn-hidden-size"))
    set("model", "expert_ffn", e->value, "moe-ffn-hidden-size");
  else if (facts_.model.contains("ffn"))
    facts_.model["expert_ffn"] = facts_.model["ffn"];
}

// --recompute-modules names what selective recomputation redoes (Megatron-Core's default, with
// no flag, is the attention core alone); --moe-layer-recompute adds the MoE layer to it.
void MegatronArgs::interpret_recompute_modules(const std::string& recompute, const Given* moe_layer) {
  const Given* given = get("recompute-modules");
  if (!given && !moe_layer) return;
  if (recompute != "selective") {
    if (given)
      facts_.ignore("--recompute-modules", given->value,
                    "Megatron reads it only under --recompute-granularity selective", given->line);
    return;
  }
  json modules = given ? given->value : json::array({"core_attn"});
  for (const auto& item : modules) {
    const std::string name = item.get<std::string>();
    if (!recompute_module_named(name))
      text_.error("unsupported_value",
                  "--recompute-modules " + quote_cut(name, 30) + ": the engine prices " + known_recompute_modules() +
                      " (the others belong to architectures it does not model).",
                  given->line);
  }
  if (moe_layer && std::find(modules.begin(), modules.end(), "moe") == modules.end()) modules.push_back("moe");
  if (given)
    facts_.set(text_, given->line, "parallel", "recompute_modules", modules,
               moe_layer ? "--recompute-modules and --moe-layer-recompute" : "--recompute-modules");
  else
    facts_.set(text_, moe_layer->line, "parallel", "recompute_modules", modules, "--moe-layer-recompute");
}

void MegatronArgs::interpret_split() {
  const Given* granularity = get("recompute-granularity");
  // --checkpoint-activations (Megatron-LM before 2021, Megatron-DeepSpeed) checkpoints every
  // layer whole: full recomputation.
  const char* recompute_flag = granularity                     ? "recompute-granularity"
                               : get("recompute-activations")  ? "recompute-activations"
                               : get("checkpoint-activations") ? "checkpoint-activations"
                                                               : "recompute-activations";
  std::string recompute = get("recompute-activations") ? "selective" : get("checkpoint-activations") ? "full" : "none";
  if (granularity) recompute = granularity->value.get<std::string>();
  // The deprecated --moe-layer-recompute is selective recomputation of the MoE layer.
  const Given* moe_layer = get("moe-layer-recompute");
  if (moe_layer && recompute == "none") recompute = "selective";
  if (recompute != "none" && recompute != "selective" && recompute != "full")
    text_.error("unsupported_value", "--recompute-granularity must be full or selective, not " + recompute + ".",
                granularity->line);
  set("parallel", "recompute", recompute, moe_layer && !granularity ? "moe-layer-recompute" : recompute_flag);
  interpret_recompute_modules(recompute, moe_layer);
  // Megatron's other rank order: stages inside the data-parallel replicas (absent: its default).
  if (const Given* m = get("use-tp-pp-dp-mapping"))
    facts_.set(text_, m->line, "parallel", "order", "tp-cp-ep-pp-dp", "--use-tp-pp-dp-mapping");
  // Which layers full recomputation redoes: groups of n (uniform) or n of each model chunk (block).
  const Given* method = get("recompute-method");
  const Given* layers = get("recompute-num-layers");
  if (recompute == "full") {
    if (method) {
      const std::string name = method->value.get<std::string>();
      if (name != "uniform" && name != "block")
        text_.error("unsupported_value",
                    "--recompute-method must be uniform or block, not " + quote_cut(name, 30) + ".", method->line);
      else
        facts_.set(text_, method->line, "parallel", "recompute_method", name, "--recompute-method");
    }
    if (layers)
      facts_.set(text_, layers->line, "parallel", "recompute_num_layers", layers->value, "--recompute-num-layers");
  } else {
    for (const auto& [flag, given] : {std::pair{"--recompute-method", method}, {"--recompute-num-layers", layers}})
      if (given)
        facts_.ignore(flag, given->value, "Megatron reads it only under --recompute-granularity full", given->line);
  }
  if (const Given* cp_comm = get("cp-comm-type")) {
    // Transformer Engine's names: p2p is the ring, all_gather gathers K and V whole first.
    const std::string kind = cp_comm->value.get<std::string>();
    if (kind == "p2p" || kind == "all_gather")
      set("parallel", "cp_attention", kind == "p2p" ? "ring" : "all-gather", "cp-comm-type");
    else
      text_.error("unsupported_value",
                  "--cp-comm-type " + kind + " is not one the engine has (p2p, the ring, or all_gather).",
                  cp_comm->line);
  }
  if (const Given* stage = get("zero-stage")) {
    const std::string s = stage->value.get<std::string>();
    if (s.size() != 1 || s[0] < '0' || s[0] > '3')
      text_.error("not_integer", "--zero-stage is \"" + s + "\"; it must be 0, 1, 2 or 3.", stage->line);
    else
      set("parallel", "zero", s[0] - '0', "zero-stage");
  } else if (get("use-megatron-fsdp")) {
    interpret_megatron_fsdp();
  } else {
    set("parallel", "zero", get("use-distributed-optimizer") ? 1 : 0, "use-distributed-optimizer");
  }
  set("parallel", "overlap", get("overlap-grad-reduce") != nullptr, "overlap-grad-reduce");
  if (get("grad-reduce-in-bf16")) set("parallel", "reduce_dtype", "bf16", "grad-reduce-in-bf16");
  if (const Given* ds = get("deepspeed"))
    facts_.set(text_, ds->line, "parallel", "framework", "deepspeed", "--deepspeed (Megatron-DeepSpeed)");
  else
    facts_.set(text_, 0, "parallel", "framework", "megatron", "Megatron-LM arguments");
  // Low precision: Transformer Engine's FP8 under --fp8-format, its scaling from --fp8-recipe
  // (Megatron's default: delayed); FP4 under --fp4-format (NVFP4 is its one recipe).
  if (const Given* fp8 = get("fp8-format")) {
    const Given* recipe = get("fp8-recipe");
    const std::string r = recipe ? recipe->value.get<std::string>() : "delayed";
    const char* precision = r == "delayed"      ? "fp8-delayed"
                            : r == "tensorwise" ? "fp8-current"
                            : r == "blockwise"  ? "fp8-blockwise"
                            : r == "mxfp8"      ? "mxfp8"
                                                : nullptr;
    if (!precision)
      text_.error("unsupported_value",
                  "--fp8-recipe " + r + " is not one the engine has (delayed, tensorwise, blockwise or mxfp8).",
                  recipe->line);
    else
      facts_.set(text_, (recipe ? recipe : fp8)->line, "parallel", "precision", precision,
                 recipe ? "--fp8-format with --fp8-recipe" : "--fp8-format (Megatron's --fp8-recipe default: delayed)");
  }
  if (const Given* fp4 = get("fp4-format"))
    facts_.set(text_, fp4->line, "parallel", "precision", "nvfp4", "--fp4-format");
  // --fp8-param-gather keeps the blocks' weights in the low format; Megatron takes it only with one.
  if (const Given* gather = get("fp8-param-gather")) {
    if (get("fp8-format") || get("fp4-format"))
      facts_.set(text_, gather->line, "parallel", "fp8_param_gather", true, "--fp8-param-gather");
    else
      text_.error("unsupported_value", "--fp8-param-gather keeps weights in FP8, but the script sets no --fp8-format.",
                  gather->line);
  }
  if (!get("tensor-model-parallel-size"))
    if (const Given* mp = get("model-parallel-size")) set("parallel", "tp", mp->value, "model-parallel-size");
  if (!get("expert-model-parallel-size"))
    if (const Given* ep = get("moe-expert-parallel-size")) set("parallel", "ep", ep->value, "moe-expert-parallel-size");
}

void MegatronArgs::interpret_pipeline() {
  // Where the layers fall on the stages.
  const bool embedding_slot = get("account-for-embedding-in-pipeline-split") != nullptr;
  const bool loss_slot = get("account-for-loss-in-pipeline-split") != nullptr;
  if (embedding_slot) set("parallel", "embedding_as_layer", true, "account-for-embedding-in-pipeline-split");
  if (loss_slot) set("parallel", "loss_as_layer", true, "account-for-loss-in-pipeline-split");
  if (const Given* first = get("decoder-first-pipeline-num-layers"))
    set("parallel", "first_stage_layers", first->value, "decoder-first-pipeline-num-layers");
  if (const Given* last = get("decoder-last-pipeline-num-layers"))
    set("parallel", "last_stage_layers", last->value, "decoder-last-pipeline-num-layers");
  if (const Given* per_stage = get("num-layers-per-virtual-pipeline-stage")) {
    const Given* layers = get("num-layers");
    const std::int64_t pp =
        get("pipeline-model-parallel-size") ? get("pipeline-model-parallel-size")->value.get<std::int64_t>() : 1;
    const std::int64_t n = per_stage->value.get<std::int64_t>();
    // The embedding and the loss take a layer's slot when they are accounted for.
    const std::int64_t slots =
        layers ? layers->value.get<std::int64_t>() + (embedding_slot ? 1 : 0) + (loss_slot ? 1 : 0) : 0;
    if (!layers) {
      // The layer count sits in another file (sourced, or not pasted): the schedule cannot be
      // placed from this text, which is said rather than refused.
      text_.warning("virtual_layers",
                    "--num-layers-per-virtual-pipeline-stage " + std::to_string(n) +
                        " needs --num-layers, which this text does not give (a sourced file may); the interleaved "
                        "schedule is not read from it.",
                    per_stage->line);
      facts_.ignore("--num-layers-per-virtual-pipeline-stage", std::to_string(n), "no --num-layers in this text",
                    per_stage->line);
    } else if (slots % times(n, pp) != 0)
      text_.error("virtual_layers",
                  "--num-layers-per-virtual-pipeline-stage " + std::to_string(n) +
                      " must divide the layers of each pipeline stage (--num-layers ÷ --pipeline-model-parallel-size).",
                  per_stage->line);
    else
      facts_.set(text_, per_stage->line, "parallel", "virtual_stages", slots / times(n, pp),
                 "--num-layers ÷ (--pipeline-model-parallel-size × --num-layers-per-virtual-pipeline-stage)");
  }
}

// Megatron-FSDP (--use-megatron-fsdp): --data-parallel-sharding-strategy is the ZeRO stage
// (no_shard 0, optim 1, optim_grads 2, optim_grads_params 3, Megatron-LM's default since the flag
// came in), and gradients main and communicated in bf16 are the reduction's dtype.
void MegatronArgs::interpret_megatron_fsdp() {
  const Given* strategy = get("data-parallel-sharding-strategy");
  const std::string s = strategy ? strategy->value.get<std::string>() : "optim_grads_params";
  const int zero = s == "no_shard" ? 0 : s == "optim" ? 1 : s == "optim_grads" ? 2 : s == "optim_grads_params" ? 3 : -1;
  if (zero < 0) {
    text_.error("unsupported_value",
                "--data-parallel-sharding-strategy " + s +
                    " is not one Megatron-FSDP has (no_shard, optim, optim_grads or optim_grads_params).",
                strategy->line);
    return;
  }
  if (strategy)
    set("parallel", "zero", zero, "data-parallel-sharding-strategy");
  else
    facts_.set(text_, get("use-megatron-fsdp")->line, "parallel", "zero", zero,
               "--use-megatron-fsdp (Megatron-LM's default strategy, optim_grads_params: ZeRO-3)");
  const Given* main = get("megatron-fsdp-main-grads-dtype");
  const Given* comm = get("megatron-fsdp-grad-comm-dtype");
  if (main && comm && main->value == "bf16" && comm->value == "bf16")
    set("parallel", "reduce_dtype", "bf16", "megatron-fsdp-grad-comm-dtype");
  else
    for (const Given* g : {main, comm})
      if (g)
        facts_.ignore(g == main ? "--megatron-fsdp-main-grads-dtype" : "--megatron-fsdp-grad-comm-dtype", g->value,
                      "the engine keeps and reduces gradients in one dtype: bf16 only when both flags say bf16",
                      g->line);
}

}  // namespace atlas
