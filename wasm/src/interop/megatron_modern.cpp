// Megatron-Core's arguments for the 2025-26 shapes: multi-head latent attention, a shared expert,
// the pattern of dense and expert layers (--moe-layer-freq) and multi-token prediction. Each
// sets the request field it names; a pattern the engine cannot count exactly is refused at its
// line, never dropped.
#include <algorithm>
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

// --window-attn-skip-freq as Megatron reads it: an integer N (one full layer after N − 1
// sliding ones) or a Python list of 1 (sliding) and 0 (full) entries, repeated ([1,1,1,0]*3).
// Returns the engine's full_every when the pattern is that one full layer every N, else 0.
std::int64_t full_layer_period(const std::string& text) {
  std::string s;
  for (char c : text)
    if (c != ' ' && c != '"' && c != '\'') s += c;
  if (!s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return s.size() < 6 ? std::stoll(s) : 0;
  static const std::regex unit(R"(\[([01](?:,[01])*)\](?:\*\d+)?)");
  std::smatch m;
  if (!std::regex_match(s, m, unit)) return 0;
  const std::string items = m[1].str();
  std::int64_t n = 0;
  for (std::size_t i = 0; i < items.size(); i += 2, ++n)
    if ((items[i] == '0') != (i + 1 == items.size())) return 0;  // sliding ones, then one full
  return n;
}

}  // namespace

// GPT-OSS's attention as Megatron-Core takes it: --softmax-type learnable (a sink logit per
// head), --window-size "left,right" (a causal band of left + 1 keys, right 0) and
// --window-attn-skip-freq (which layers attend fully). A form the engine cannot count is refused.
void MegatronArgs::interpret_attention_pattern() {
  if (const Given* softmax = get("softmax-type")) {
    const std::string kind = softmax->value.get<std::string>();
    if (kind == "learnable")
      set("model", "attention_sinks", true, "softmax-type");
    else if (kind == "off-by-one")
      facts_.assume("model.attention_sinks", false,
                    "--softmax-type off-by-one adds a fixed zero logit: no parameter, and its work is not modelled");
    else if (kind != "vanilla")
      text_.error("unsupported_value", "--softmax-type " + kind + " is not vanilla, off-by-one or learnable.",
                  softmax->line);
  }
  const Given* window = get("window-size");
  const Given* freq = get("window-attn-skip-freq");
  if (window) {
    std::string s;
    for (char c : window->value.get<std::string>())
      if (c != ' ' && c != '(' && c != ')' && c != '"' && c != '\'') s += c;
    static const std::regex pair(R"((-?\d{1,7}),(-?\d{1,7}))");
    std::smatch m;
    if (!std::regex_match(s, m, pair) || std::stoll(m[1].str()) < 0 || m[2].str() != "0") {
      text_.error("unsupported_architecture",
                  "--window-size " + window->value.get<std::string>() +
                      ": the engine models a causal band (\"left,0\", each token seeing left + 1 keys); a band that "
                      "looks ahead or has no left edge is not modelled.",
                  window->line);
      return;
    }
    set("model", "window", std::stoll(m[1].str()) + 1, "window-size");
  }
  if (!freq) return;
  if (!window) {
    facts_.ignore("--window-attn-skip-freq", freq->value, "no --window-size: every layer attends fully", freq->line);
    return;
  }
  const std::int64_t every = full_layer_period(freq->value.get<std::string>());
  if (every < 1) {
    text_.error("unsupported_architecture",
                "--window-attn-skip-freq " + freq->value.get<std::string>() +
                    ": the engine counts one full-attention layer after every N − 1 sliding ones (an integer N, or a "
                    "list of 1s ending in one 0); this pattern is not that.",
                freq->line);
    return;
  }
  set("model", "full_every", every, "window-attn-skip-freq");
}

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
  interpret_attention_pattern();
  // Megatron-Core's expert tensor parallelism: each expert split over etp ranks of its own grid.
  // Equal to tp it is the engine's default split, so only a different size is written.
  if (const Given* etp = get("expert-tensor-parallel-size")) {
    const Given* tp = get("tensor-model-parallel-size");
    const json tp_value = tp ? tp->value : json(1);
    if (etp->value != tp_value) set("parallel", "etp", etp->value, "expert-tensor-parallel-size");
  }
}

}  // namespace atlas
