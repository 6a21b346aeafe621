// The hardware section of a plan request (a preset with the request's own keys laid over it,
// each figure read at its path) and the preset merge every section shares; read here for
// training and serving alike.
#include <regex>

#include "atlas/content/presets.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

// The preset body with the request's own keys laid over it.
std::optional<json> merged_section(const json& request, const char* section, const char* kind, Problems& problems) {
  const Fields root(request, "", problems);
  const json* given = root.object(section, true);
  if (!given) return std::nullopt;
  json merged = json::object();
  if (given->contains("preset")) {
    const Fields f(*given, root.path_of(section), problems);
    auto id = f.string("preset", 100);
    if (!id) return std::nullopt;
    const json* preset = find_preset(kind, *id);
    if (!preset) {
      std::string list;
      for (const auto& p : preset_catalog()[kind]) list += (list.empty() ? "" : ", ") + p.value("id", "");
      problems.error("unknown_preset", "No preset \"" + *id + "\"; presets: " + list + ".", f.path_of("preset"));
      return std::nullopt;
    }
    merged = *preset;
  }
  // An object the preset also has (hardware efficiencies) is laid over key by key, so a request
  // that names one efficiency keeps the preset's fitted others.
  for (auto it = given->begin(); it != given->end(); ++it) {
    if (it.key() == "preset") continue;
    json& slot = merged[it.key()];
    if (slot.is_object() && it.value().is_object())
      for (auto inner = it.value().begin(); inner != it.value().end(); ++inner) slot[inner.key()] = inner.value();
    else
      slot = it.value();
  }
  return merged;
}

Efficiencies default_efficiencies() {
  // Fitted in docs/fidelity.md; intra and inter are nccl-tests-like bus-bandwidth fractions.
  return Efficiencies{0.80, 12.0, 0.80, 0.90};
}

json to_json(const Efficiencies& e) {
  return json{{"compute", e.compute},         {"memory_traffic", e.memory},   {"intra", e.intra}, {"inter", e.inter},
              {"compute_fp8", e.compute_fp8}, {"compute_fp4", e.compute_fp4}, {"hbm", e.hbm}};
}

std::optional<Hardware> read_hardware(const json& request, Problems& problems) {
  const std::size_t before = problems.errors().size();
  auto merged = merged_section(request, "hardware", "hardware", problems);
  if (!merged) return std::nullopt;
  const Fields f(*merged, "/hardware", problems);
  if (request.contains("hardware") && request["hardware"].is_object())
    Fields(request["hardware"], "/hardware", problems)
        .warn_unknown({"preset",
                       "gpus",
                       "gpus_per_node",
                       "memory",
                       "flops",
                       "flops_fp8",
                       "flops_fp4",
                       "microscaling",
                       "memory_bandwidth",
                       "intra_bandwidth",
                       "inter_bandwidth",
                       "latency",
                       "nics_per_node",
                       "sms",
                       "flash_attention",
                       "flash_attention_2",
                       "efficiencies",
                       "gpus_per_host",
                       "allocator",
                       "attention",
                       "nvls",
                       "nccl"});
  Hardware h;
  auto node = f.integer("gpus_per_node", {1, 1e4});
  auto gpus = f.integer("gpus", {1, 1e7}, node ? *node : 1);
  // Physical floors: below them a figure is a typo (bytes for GB), and the plan would only
  // report non-finite times; the messages name the field and its unit.
  auto memory = f.number("memory", {1e6, 1e15, false, false, "B"});
  auto flops = f.number("flops", {1e9, 1e18, false, false, "FLOP/s"});
  // 0: the GPU has no tensor cores for the format (A100 has no FP8; Hopper no FP4).
  auto flops_fp8 = f.number("flops_fp8", {0, 1e18, false, false, "FLOP/s"}, 0.0);
  auto flops_fp4 = f.number("flops_fp4", {0, 1e18, false, false, "FLOP/s"}, 0.0);
  auto microscaling = f.boolean("microscaling", false);
  auto hbm = f.number("memory_bandwidth", {1e6, 1e15, false, false, "B/s"});
  auto intra = f.number("intra_bandwidth", {1e6, 1e15, false, false, "B/s"});
  auto inter = f.number("inter_bandwidth", {1e6, 1e15, false, false, "B/s"});
  auto latency = f.number("latency", {0, 1});
  auto nics = f.integer("nics_per_node", {0, 1e4}, 0);
  auto sms = f.integer("sms", {0, 1e5}, 0);
  auto flash = f.boolean("flash_attention", false);
  auto flash2 = f.number("flash_attention_2", {0, 1}, 0.0);
  // 0: one host per node. A preset's hosts that do not divide a node the request resized are
  // dropped with a warning; the request's own are an error.
  auto host = f.integer("gpus_per_host", {0, 1e4, false, true, "GPUs"}, 0);
  // PyTorch's caching allocator as the run configured it (PYTORCH_CUDA_ALLOC_CONF).
  auto allocator = f.choice("allocator", {"default", "expandable_segments"}, std::string("default"));
  // NVSwitches that multicast (NVLink SHARP, third generation on: Hopper's and later), and the
  // NCCL release the run links, "2.<minor>" (a patch or build suffix is read and dropped): they
  // set NCCL's NVLS buffers (device_memory.hpp, nvls_bytes_per_head).
  auto nvls = f.boolean("nvls", false);
  auto nccl = f.string("nccl", 20, std::string("2.27"));
  std::optional<int> nccl_minor;
  if (nccl) {
    static const std::regex version(R"(^2\.(\d{1,3})(\.\d+)?(-\d+)?$)");
    std::smatch m;
    if (std::regex_match(*nccl, m, version))
      nccl_minor = std::stoi(m[1].str());
    else
      problems.error("nccl_version",
                     "hardware.nccl is the NCCL release the run links, as \"2.19\" or \"2.19.4\" (NCCL 2.x); got \"" +
                         *nccl + "\".",
                     "/hardware/nccl");
  }
  if (host && node && *host > 0 && *node % *host != 0) {
    const std::string why = std::to_string(*host) + " GPUs per host do not divide the " + std::to_string(*node) +
                            " GPUs of a node (an NVLink domain)";
    if (request.at("hardware").contains("gpus_per_host"))
      problems.error("gpus_per_host", why + "; use a divisor of gpus_per_node.", "/hardware/gpus_per_host");
    else
      problems.warning("gpus_per_host_dropped", "The preset's " + why + "; the device map draws one host per node.",
                       "/hardware/gpus_per_node");
    host = 0;
  }
  Efficiencies e = default_efficiencies();
  if (const json* eff = f.object("efficiencies", false)) {
    const Fields g(*eff, f.path_of("efficiencies"), problems);
    g.warn_unknown({"compute", "memory_traffic", "intra", "inter", "compute_fp8", "compute_fp4", "hbm"});
    const Range fraction{0, 1, true};
    auto c = g.number("compute", fraction, e.compute);
    auto mt = g.number("memory_traffic", {0, 100}, e.memory);
    auto a = g.number("intra", fraction, e.intra);
    auto r = g.number("inter", fraction, e.inter);
    auto c8 = g.number("compute_fp8", fraction, 0.0);
    auto c4 = g.number("compute_fp4", fraction, 0.0);
    auto hbm = g.number("hbm", fraction, 0.0);
    if (c && mt && a && r && c8 && c4 && hbm) e = Efficiencies{*c, *mt, *a, *r, *c8, *c4, *hbm};
  }
  // The native attention kernels' measured rates by sequence length (AttentionRates), where the
  // preset cites them; a request may give its own.
  AttentionRates rates;
  if (const json* a = f.object("attention", false)) {
    const Fields g(*a, f.path_of("attention"), problems);
    g.warn_unknown({"forward", "forward_half", "backward", "backward_half"});
    const Range fraction{0, 1, true};
    const Range tokens{0, 1e7, false, false, "tokens"};
    auto fw = g.number("forward", fraction), fh = g.number("forward_half", tokens);
    auto bw = g.number("backward", fraction), bh = g.number("backward_half", tokens);
    if (fw && fh && bw && bh) rates = AttentionRates{*fw, *fh, *bw, *bh};
  }
  if (problems.errors().size() != before || !nics || !sms || !flash || !flash2 || !flops_fp8 || !flops_fp4 ||
      !microscaling || !host || !allocator || !nvls || !nccl_minor)
    return std::nullopt;
  h.flops_fp8 = *flops_fp8, h.flops_fp4 = *flops_fp4, h.microscaling = *microscaling;
  h.gpus = *gpus, h.gpus_per_node = *node, h.memory = *memory, h.flops = *flops, h.memory_bandwidth = *hbm;
  h.intra_bandwidth = *intra, h.inter_bandwidth = *inter, h.latency = *latency, h.efficiency = e;
  h.nics_per_node = *nics, h.sms = *sms, h.flash_attention = *flash;
  h.flash_attention_2 = *flash2;
  h.gpus_per_host = *host;
  h.allocator = *allocator == "expandable_segments" ? Allocator::expandable_segments : Allocator::caching;
  h.attention = rates;
  h.nvls = *nvls, h.nccl_minor = *nccl_minor;
  return h;
}

json to_json(const Hardware& h) {
  return json{{"gpus", h.gpus},
              {"gpus_per_node", h.gpus_per_node},
              {"nodes", (h.gpus + h.gpus_per_node - 1) / h.gpus_per_node},
              {"gpus_per_host", h.host_size()},
              {"memory", h.memory},
              {"flops", h.flops},
              {"memory_bandwidth", h.memory_bandwidth},
              {"intra_bandwidth", h.intra_bandwidth},
              {"inter_bandwidth", h.inter_bandwidth},
              {"latency", h.latency},
              {"nics_per_node", h.nics_per_node > 0 ? h.nics_per_node : h.gpus_per_node},
              {"sms", h.sms},
              {"flash_attention", h.flash_attention},
              {"flash_attention_2", h.flash_attention_2},
              {"flops_fp8", h.flops_fp8},
              {"flops_fp4", h.flops_fp4},
              {"microscaling", h.microscaling},
              {"allocator", h.allocator == Allocator::expandable_segments ? "expandable_segments" : "default"},
              {"nvls", h.nvls},
              {"nccl", "2." + std::to_string(h.nccl_minor)},
              {"efficiencies", to_json(h.efficiency)},
              {"attention",
               {{"forward", h.attention.forward},
                {"forward_half", h.attention.forward_half},
                {"backward", h.attention.backward},
                {"backward_half", h.attention.backward_half}}},
              {"effective_intra_bandwidth", h.intra_bandwidth * h.efficiency.intra},
              {"effective_inter_bandwidth", h.inter_bandwidth * h.efficiency.inter},
              {"effective_flops", h.flops * h.efficiency.compute}};
}

}  // namespace atlas
