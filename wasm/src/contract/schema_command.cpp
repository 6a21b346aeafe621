// `schema`: the contract as JSON Schema. Each command's request schema is recorded while its
// own reader reads a few example requests (the probes below: they reach the reader's branches);
// its response schema is inferred from the answers to those examples, with the error shape
// every command shares. `npm test` validates every response the JS tests receive against it.
#include <string>
#include <vector>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/engine.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/contract/formula.hpp"
#include "atlas/contract/schema.hpp"

namespace atlas {

namespace {

struct Probes {
  const char* command;
  const char* description;
  std::vector<const char*> requests;
  // Parts of the answer that may hold any JSON value (a value read from a pasted file), as
  // dotted paths with * for the items of a list; examples cannot show every type they take.
  std::vector<const char*> open = {};
};

// Inference sees a formula as any object of a string and a list; the contract says what its
// values are (numbers with a unit from a fixed list), so the page's types can rely on it.
void mark_formulas(json& schema) {
  if (!schema.is_object()) return;
  if (is_formula_schema(schema)) {
    schema = formula_schema();
    return;
  }
  for (auto& [key, value] : schema.items()) mark_formulas(value);
}

void open_up(json& schema, const std::string& path) {
  json* at = &schema;
  std::size_t start = 0;
  while (start <= path.size()) {
    const std::size_t end = path.find('.', start);
    const std::string token = path.substr(start, end == std::string::npos ? std::string::npos : end - start);
    json* next = token == "*"
                     ? (at->contains("items") ? &(*at)["items"] : nullptr)
                     : (at->contains("properties") && (*at)["properties"].contains(token) ? &(*at)["properties"][token]
                                                                                          : nullptr);
    if (!next) return;
    at = next;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  *at = json{{"description", "any JSON value"}};
}

// A real all_reduce_perf table (header, both placements, the average line), and the same rows
// without a header: the answer differs in which fields are known.
const char* const kLog =
    R"({"log":")"
    R"(# Collective test starting: all_reduce_perf\n)"
    R"(# nThread 1 nGpus 8 minBytes 65536 maxBytes 1073741824 step: 16(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0\n)"
    R"(#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n)"
    R"(#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n)"
    R"(       65536         16384     float     sum      -1    24.10    2.72    4.76      0    24.00    2.73    4.78      0\n)"
    R"(     1048576        262144     float     sum      -1    31.70   33.08   57.89      0    31.50   33.29   58.25      0\n)"
    R"(    16777216       4194304     float     sum      -1    112.3  149.40  261.45      0    112.0  149.80  262.15      0\n)"
    R"(   268435456      67108864     float     sum      -1   1142.6  234.94  411.14      0   1140.0  235.47  412.08      0\n)"
    R"(  1073741824     268435456     float     sum      -1   4391.0  244.53  427.93      0   4388.0  244.70  428.22      0\n)"
    R"(# Out of bounds values : 0 OK\n)"
    R"(# Avg bus bandwidth    : 232.7\n)"
    R"("})";
const char* const kBareLog =
    R"({"log":"size time(us) algbw busbw\n65536 24.10 2.72 4.76\n1048576 31.70 33.08 57.89\n16777216 112.3 149.40 261.45\n268435456 1142.6 234.94 411.14\n","ranks":8})";

// BLOOM's final configuration, which two published runs share: the plan's `published.also`.
const char* const kBloomFinal =
    R"({"model":{"layers":70,"hidden":14336,"heads":112,"kv_heads":112,"ffn":57344,"vocab":250880,"seq":2048,)"
    R"("position":"rotary","mlp":"gelu","norm":"layernorm","bias":true,"dropout":false,"tied_embeddings":true},)"
    R"("hardware":{"preset":"a100-80gb-jean-zay","gpus":384},)"
    R"("parallel":{"tp":4,"pp":12,"zero":1,"recompute":"full","framework":"deepspeed"},"batch":{"global":2048,"micro":2}})";

const std::vector<Probes>& probes() {
  static const std::
      vector<Probes>
          table =
              {
                  {"version", "The engine's name, version, contract number, commands and units.", {"{}"}},
                  {"validate",
                   "Checks an atlas entry and returns it normalized, or every problem with its path.",
                   {"{}"}},
                  {"batch",
                   "Global batch accounting: give three of global, micro, accumulation and dp (or world, tp, pp, cp).",
                   {R"({"micro":8,"accumulation":16,"dp":64})",
                    R"({"global":8192,"micro":8,"world":512,"tp":8,"pp":1,"cp":1,"seq":2048})"}},
                  {"allreduce",
                   "The ideal ring all-reduce: one point, its strong scaling and whole curves.",
                   {R"({"ranks":8,"bytes":1073741824,"bandwidth":1e11,"latency":5e-6,"compare":true,"schedule":true,"scaling":{"compute":0.5,"overlap":0.3},"sweep":{"bytes":{"from":1,"to":1e12,"points":8,"columns":["time","busbw","bound","compare"]},"ranks":{"from":2,"to":4096,"points":6}}})",
                    R"({"ranks":2,"bytes":1,"bandwidth":1e9,"latency":0,"compare":true,"scaling":{"compute":0.5,"overlap":0.3},"sweep":{"ranks":{"from":1,"to":16,"points":5},"bytes":{"from":1,"to":1e6,"points":4}}})"}},
                  {"nccl-tests",
                   "Reads pasted all_reduce_perf output: fits the ideal ring and the planner's network model.",
                   {kLog, kBareLog, R"({"log":"# one row is too few to fit\n65536 24.10 2.72 4.76\nnot a row\n"})"}},
                  {"presets", "Model, hardware and ring-lab presets with their citations.", {"{}"}},
                  {"plan",
                   "A distributed execution plan: partitions, memory per device, every transfer, step time as run and "
                   "ideal.",
                   {kBloomFinal,
                    R"({"model":{"preset":"megatron-175b"},"hardware":{"preset":"a100-80gb","gpus":64},"parallel":{"tp":8,"pp":8},"batch":{"global":64},"training":{"tokens":3e11},"scaling":true})",
                    R"({"model":{"preset":"megatron-175b"},"hardware":{"preset":"a100-80gb","gpus":1536},)"
                    R"("parallel":{"tp":1,"pp":1,"zero":3,"recompute":"full","framework":"deepspeed-2021"},)"
                    R"("batch":{"global":1536,"micro":1},"scaling":true,"scaling_hold":"accumulation"})",
                    R"({"model":{"layers":4,"hidden":256,"heads":4,"kv_heads":2,"ffn":1024,"vocab":1000,"seq":256,"mlp":"swiglu","experts":4,"top_k":2,"expert_ffn":512},"hardware":{"gpus":8,"gpus_per_node":8,"memory":8e10,"flops":1e15,"memory_bandwidth":3e12,"intra_bandwidth":4.5e11,"inter_bandwidth":5e10,"latency":5e-6,"nics_per_node":8,"sms":132,"flash_attention":true,"flash_attention_2":0.3,"efficiencies":{"compute":0.7,"memory_traffic":10,"intra":0.8,"inter":0.9}},"parallel":{"dp":4,"ep":2,"tp":2,"zero":1,"recompute":"selective","framework":"fsdp","overlap":true,"tp_overlap":false,"attention_kernel":"flash-attention-2","kernels":"eager","reduce_dtype":"fp32"},"batch":{"micro":1,"accumulation":2},"known_schedules":[]})",
                    R"({"model":{"preset":"deepseek-v3"},"hardware":{"preset":"h100-sxm","gpus":256},"parallel":{"tp":1,"pp":4,"ep":64,"first_stage_layers":16,"recompute":"selective","recompute_modules":["mla_up_proj","moe_act"]},"batch":{"global":256}})", R"({"mode":"inference","model":{"preset":"gpt-oss-20b","moe_every":2},"hardware":{"preset":"h100-sxm","gpus":1},"parallel":{"tp":1},"serving":{"prompt":1024,"output":256,"concurrency":8,"weights":"bf16","expert_weights":"mxfp4"}})", R"({"mode":"inference","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":1},"parallel":{"tp":1},"serving":{"prompt":1024,"output":256,"arrival":"poisson","request_rate":4}})", R"({"mode":"inference","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"a100-40gb","gpus":1},"parallel":{"tp":1},"serving":{"prompt":256,"output":350,"output_max":512,"arrival":"all_at_once","concurrency":100,"runtime":"sglang"}})", R"({"model":{"preset":"mixtral-8x7b","experts":16},"hardware":{"preset":"gb200-nvl72","gpus":64,"gpus_per_host":4},"parallel":{"tp":4,"ep":16,"order":"tp-cp-ep-dp-pp"},"batch":{"global":64},"placement":true,"placement_rank":5})", R"({"model":{"preset":"qwen3-30b-a3b"},"hardware":{"preset":"h100-sxm","gpus":32},"parallel":{"tp":4,"etp":1,"ep":8,"sequence_parallel":true,"routing_imbalance":1.25,"zero":1,"precision":"fp8-current","fp8_param_gather":true},"batch":{"global":64},"placement":true})", R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":2048,"allocator":"expandable_segments","nccl":"2.19"},"parallel":{"tp":8,"cp":2,"pp":2,"zero":1,"dp_shard":16,"order":"dp-tp-cp-ep-pp","recompute":"full","recompute_method":"block","recompute_num_layers":2,"loss":"chunked"},"batch":{"global":2048},"placement":true})", R"({"mode":"inference","model":{"preset":"llama-3.1-70b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":8,"pp":1,"ep":1,"precision":"bf16"},"serving":{"prompt":2048,"cached_prompt":512,"output":256,"concurrency":16,"weights":"int4","group_size":128,"kv":"fp8","block":16,"runtime":"vllm","disaggregated":false,"bandwidth_fraction":0.77,"host_overhead":0}})"}},
                  {"search",
                   "Every layout of a GPU count, ranked by step time; counts of what was tried.",
                   {R"({"model":{"preset":"llama-3.1-8b","seq":512},"hardware":{"preset":"h100-sxm","gpus":16},"batch":{"global":32},"top":3,"limits":{"max_cp":1}})",
                    R"({"mode":"inference","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},"serving":{"prompt":1024,"output":128,"concurrency":32},"objective":"throughput","latency_limit":0.05,"top":3,"limits":{"max_tp":8,"max_pp":2}})"}},
                  {"quiz", "Grades an answer to a check question (optionally in a seeded option order).", {R"({"check":{"question":"Which strategy splits work inside an individual layer?","options":["Pipeline parallelism only","Data replication only","Tensor parallelism"],"answer":2,"explanation":"Tensor parallelism divides a layer's tensor computations."},"answer":1,"seed":7})"}},
                  {"practice",
                   "Seeded batch-accounting exercises, and grading of a response to one.",
                   {R"({"seed":7,"index":1,"response":9216})", R"({"seed":7,"count":3,"start":0})"}},
                  {"fidelity",
                   "The engine against every published run, calibration and validation apart.",
                   {"{}", R"({"mode":"inference"})"}},
                  {"import",
                   "Reads a pasted Hugging Face config.json, Megatron-LM launch script, DeepSpeed JSON or torchtitan "
                   "TOML into a complete plan request, with what was read, assumed and left out.",
                   {R"({"text":"{\"architectures\": [\"LlamaForCausalLM\"], \"hidden_act\": \"silu\", \"hidden_size\": 4096, \"intermediate_size\": 14336, \"max_position_embeddings\": 131072, \"model_type\": \"llama\", \"num_attention_heads\": 32, \"num_hidden_layers\": 32, \"num_key_value_heads\": 8, \"rms_norm_eps\": 1e-05, \"tie_word_embeddings\": false, \"torch_dtype\": \"bfloat16\", \"vocab_size\": 128256, \"attention_bias\": false, \"mlp_bias\": false}","format":"auto"})",
                    R"({"texts":["{\"architectures\": [\"LlamaForCausalLM\"], \"hidden_act\": \"silu\", \"hidden_size\": 4096, \"intermediate_size\": 14336, \"max_position_embeddings\": 131072, \"model_type\": \"llama\", \"num_attention_heads\": 32, \"num_hidden_layers\": 32, \"num_key_value_heads\": 8, \"rms_norm_eps\": 1e-05, \"tie_word_embeddings\": false, \"torch_dtype\": \"bfloat16\", \"vocab_size\": 128256, \"attention_bias\": false, \"mlp_bias\": false}","TP=${TP:-2}\ntorchrun --nproc_per_node 8 --nnodes 2 pretrain_gpt.py \\\n  --num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 \\\n  --group-query-attention --num-query-groups 8 --seq-length 4096 --max-position-embeddings 4096 \\\n  --vocab-size 128256 --swiglu --normalization RMSNorm --position-embedding-type rope --disable-bias-linear \\\n  --untie-embeddings-and-output-weights --tensor-model-parallel-size $TP --pipeline-model-parallel-size 2 \\\n  --sequence-parallel --use-flash-attn --recompute-granularity selective --use-distributed-optimizer \\\n  --micro-batch-size 1 --global-batch-size 64 --bf16\n"]})", R"({"text":"{\"train_batch_size\": 64, \"train_micro_batch_size_per_gpu\": 2, \"zero_optimization\": {\"stage\": 3}, \"bf16\": {\"enabled\": true}}","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":16}})",
                    R"({"text":"[model]\nname = \"llama3\"\nflavor = \"8B\"\n\n[training]\nlocal_batch_size = 2\nseq_len = 8192\n\n[parallelism]\ndata_parallel_shard_degree = -1\ntensor_parallel_degree = 1\n\n[activation_checkpoint]\nmode = \"selective\"\nselective_ac_option = \"op\"\n","format":"torchtitan","hardware":{"preset":"a100-80gb","gpus":8}})"},
                   {"read.*.value", "assumed.*.value", "ignored.*.value", "request"}},
                  {"export",
                   "Writes a plan request as Megatron-LM arguments, a DeepSpeed JSON or a torchtitan TOML that import "
                   "reads back.",
                   {R"({"request":{"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":16},"parallel":{"tp":2,"pp":2,"zero":1,"sequence_parallel":true,"recompute":"selective-op"},"batch":{"micro":1,"global":64}},"format":"megatron"})",
                    R"({"request":{"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":16},"parallel":{"tp":2,"pp":2,"zero":1,"sequence_parallel":true,"recompute":"selective-op"},"batch":{"micro":1,"global":64}},"format":"deepspeed"})",
                    R"({"request":{"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":16},"parallel":{"tp":2,"pp":2,"zero":1,"sequence_parallel":true,"recompute":"selective-op"},"batch":{"micro":1,"global":64}},"format":"torchtitan"})"}},
                  {"collective",
                   "One collective call on a described cluster with the planner's NCCL model: its time, what NCCL "
                   "would pick, every algorithm the model has and its curve against message size.",
                   {R"({"collective":"all-reduce","bytes":1073741824,"ranks":64,"ranks_per_domain":8,"topology":{"preset":"h100-sxm","fabric":"rail","oversubscription":2,"leaf_ports":32},"sweep":{"from":8,"to":1e9,"points":5}})", R"({"collective":"all-to-all","bytes":1e8,"ranks":144,"topology":{"nvlink_domain":72,"gpus_per_host":4,"nics_per_host":4,"nic_bandwidth":5e10,"nvlink_bandwidth":9e11,"nvlink_efficiency":0.8,"nic_efficiency":0.9,"latency":2e-6,"fabric":"one-switch","oversubscription":3,"leaf_ports":64},"algorithm":"point-to-point","sweep":{"points":3}})",
                    R"({"collective":"all-reduce","bytes":1e9,"ranks":32,"ranks_per_domain":8,"topology":{"preset":"gb200-nvl72","nvlink_domain":8,"gpus_per_host":4},"algorithm":"hierarchical","sweep":{"points":2}})",
                    R"({"collective":"send-recv","bytes":4096,"ranks":2,"ranks_per_domain":1,"topology":{"preset":"a100-80gb"},"algorithm":"auto","sweep":{"points":2}})",
                    R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm"},"sweep":{"points":2}})"}},
                  {"dp-network",
                   "For a training plan request: the NIC bandwidth per GPU at which the bound's exposed data-parallel "
                   "time reaches zero, and the exposed time as run against that bandwidth.",
                   {R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":64},"parallel":{"tp":1,"pp":1,"zero":1},"batch":{"micro":1,"global":64}})",
                    R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":1},"batch":{"micro":1,"global":8}})"}},
                  {"reconcile",
                   "For a training plan request with the run's training log excerpt in \"log\" (Megatron-LM iteration "
                   "and memory lines, or torchtitan step lines): each quantity both sides have, measured and engine, "
                   "with "
                   "the engine's residual, and the parts of the engine's step that could close the gap.",
                   {R"({"log":" [2025-01-01 10:00:00] iteration 10/100 | consumed samples: 80 | elapsed time per iteration (ms): 2100.5 | throughput per GPU (TFLOP/s/GPU): 380.2 | global batch size: 8 |\n[Rank 0] (after 10 iterations) memory (MB) | allocated: 20000.0 | max allocated: 40000.0 | reserved: 42000.0 | max reserved: 42000.0","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":1},"batch":{"micro":1,"global":8}})",
                    R"({"log":"step: 10  loss: 7.1  memory: 60.00GiB(75.00%)  tps: 6,000  tflops: 300.0  mfu: 30.33%","model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},"parallel":{"tp":1,"framework":"fsdp","zero":3},"batch":{"micro":1,"global":8}})"}},
                  {"schema", "This contract as JSON Schema.", {R"({"command":"batch","responses":false})"}},
              };
  return table;
}

json command_schema(const Probes& p, bool responses) {
  const Handler handler = find_handler(p.command);
  SchemaRecorder recorder;
  json response = json::object();
  for (const char* text : p.requests) {
    const json request = parse_json(text);
    Problems reading;
    reading.record_schema(&recorder);
    json answer = handler(request, reading);
    if (responses && reading.ok() && std::string(p.command) != "schema") infer_schema(answer, response);
  }
  mark_formulas(response);
  for (const char* path : p.open) open_up(response, path);
  json examples = json::array();
  for (const char* text : p.requests) examples.push_back(parse_json(text));
  json out{{"description", p.description}, {"request", recorder.schema()}, {"examples", examples}};
  out["request"]["$schema"] = "https://json-schema.org/draft/2020-12/schema";
  if (responses) {
    json ok = response.empty() ? json{{"type", "object"}} : response;
    out["response"] =
        json{{"$schema", "https://json-schema.org/draft/2020-12/schema"}, {"anyOf", json::array({ok, error_schema()})}};
  }
  return out;
}

}  // namespace

json cmd_schema(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  const Fields f(request, "", problems);
  f.warn_unknown({"command", "responses"});
  // A module of the page answers for its own commands only (registry.hpp).
  std::vector<const Probes*> own;
  for (const auto& p : probes())
    if (find_handler(p.command)) own.push_back(&p);
  std::vector<std::string> names;
  for (const Probes* p : own) names.emplace_back(p->command);
  std::optional<std::string> command;
  if (f.has("command")) command = f.string("command", 100);
  const auto responses = f.boolean("responses", true);
  if (command && std::find(names.begin(), names.end(), *command) == names.end())
    problems.error("unknown_value", "'command' is \"" + quote_cut(*command) + "\"; it is not a command with a schema.",
                   "/command");
  if (!problems.ok()) return {};
  json commands = json::object();
  for (const Probes* p : own)
    if (!command || *command == p->command) commands[p->command] = command_schema(*p, *responses);
  return json{{"dialect", "https://json-schema.org/draft/2020-12/schema"},
              {"units", "SI: bytes B, seconds s, bandwidth B/s, compute FLOP/s; x-unit names a field's unit"},
              {"commands", commands}};
}

}  // namespace atlas
