// Megatron-Core's arguments for the 2025-26 shapes: multi-head latent attention, a shared expert,
// the pattern of dense and expert layers (--moe-layer-freq) and multi-token prediction. Each
// sets the request field it names; a pattern the engine cannot count exactly is refused at its
// line, never dropped.
#include <regex>

#include "megatron_flags.hpp"

namespace atlas {

namespace {

// --moe-layer-freq as Megatron reads it: an integer k (experts where layer % k == 0) or a Python
// list, literal ([0,1,1]) or built as ([0]*3+[1]*58). Returns {dense first layers, count} when
// the list is that many zeros followed only by ones.
struct LayerPattern {
  bool ok = false;
  std::int64_t dense = 0, total = 0;
};

LayerPattern read_layer_list(const std::string& text) {
  LayerPattern p;
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '(' && c != ')' && c != '"' && c != '\'') s += c;
  if (s.size() < 2 || s.front() != '[') return p;
  bool seen_one = false;
  const std::regex repeated(R"(\[([01])\]\*(\d+))");
  std::size_t pos = 0;
  while (pos < s.size()) {
    std::smatch m;
    const std::string rest = s.substr(pos);
    std::int64_t value = 0, times = 1;
    std::size_t used = 0;
    if (std::regex_search(rest, m, repeated, std::regex_constants::match_continuous)) {
      value = m[1] == "1" ? 1 : 0, times = std::stoll(m[2].str()), used = static_cast<std::size_t>(m.length(0));
    } else if (rest.front() == '[') {
      // A literal list: one element after another.
      const std::size_t close = rest.find(']');
      if (close == std::string::npos) return p;
      std::string items = rest.substr(1, close - 1);
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i] == ',') continue;
        if (items[i] != '0' && items[i] != '1') return p;
        if (items[i] == '1')
          seen_one = true;
        else if (seen_one)
          return p;
        else
          ++p.dense;
        ++p.total;
      }
      pos += close + 1;
      if (pos < s.size() && s[pos] == '+') ++pos;
      continue;
    } else {
      return p;
    }
    if (value == 1)
      seen_one = true;
    else if (seen_one)
      return p;
    else
      p.dense += times;
    p.total += times;
    pos += used;
    if (pos < s.size() && s[pos] == '+') ++pos;
  }
  p.ok = p.total > 0;
  return p;
}

}  // namespace

void MegatronArgs::interpret_modern() {
  if (const Given* kv = get("kv-lora-rank"); kv || get("multi-latent-attention")) {
    if (!get("multi-latent-attention")) {
      text_.error("unsupported_architecture",
                  "--kv-lora-rank without --multi-latent-attention: Megatron ignores the rank then; drop it or add "
                  "the flag.",
                  kv->line);
      return;
    }
    // Megatron-Core's MLATransformerConfig defaults (DeepSeek-V2's widths) for what is absent.
    const auto width = [&](const char* flag, const char* field, std::int64_t fallback) {
      if (const Given* g = get(flag))
        set("model", field, g->value, flag);
      else
        facts_.fallback("model", field, fallback,
                        std::string("no --") + flag + ": Megatron-Core's MLA default " + std::to_string(fallback));
    };
    width("kv-lora-rank", "kv_lora_rank", 512);
    width("qk-head-dim", "qk_nope_head_dim", 128);
    width("qk-pos-emb-head-dim", "qk_rope_head_dim", 64);
    width("v-head-dim", "v_head_dim", 128);
    if (const Given* q = get("q-lora-rank")) set("model", "q_lora_rank", q->value, "q-lora-rank");
  }
  if (const Given* shared = get("moe-shared-expert-intermediate-size")) {
    // Megatron gives all shared experts as one MLP of this width.
    set("model", "shared_experts", 1, "moe-shared-expert-intermediate-size");
    set("model", "shared_expert_ffn", shared->value, "moe-shared-expert-intermediate-size");
  }
  if (const Given* freq = get("moe-layer-freq")) {
    const std::string text = freq->value.get<std::string>();
    const LayerPattern p = read_layer_list(text);
    const Given* layers = get("num-layers");
    if (text == "1") {
      // every layer has experts: the engine's default
    } else if (p.ok && (!layers || layers->value.get<std::int64_t>() == p.total)) {
      if (p.dense > 0) set("model", "dense_layers", p.dense, "moe-layer-freq");
    } else {
      text_.error("unsupported_architecture",
                  "--moe-layer-freq " + text +
                      ": the engine counts dense layers first and then experts in every layer (a list of zeros then "
                      "ones, as long as --num-layers); Megatron's every-k-th (layer % k == 0) is not that pattern.",
                  freq->line);
    }
  }
  if (const Given* mtp = get("mtp-num-layers")) set("model", "mtp_layers", mtp->value, "mtp-num-layers");
  // Megatron-Core's expert tensor parallelism: each expert split over etp ranks of its own grid.
  // Equal to tp it is the engine's default split, so only a different size is written.
  if (const Given* etp = get("expert-tensor-parallel-size")) {
    const Given* tp = get("tensor-model-parallel-size");
    const json tp_value = tp ? tp->value : json(1);
    if (etp->value != tp_value) set("parallel", "etp", etp->value, "expert-tensor-parallel-size");
  }
}

}  // namespace atlas
