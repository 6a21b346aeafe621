// torchtitan names a model by its family and flavor (model_registry("30B-A3B") in the qwen3
// package; [model] name and flavor in a TOML), never by its shape. This table holds each flavor's
// shape as torchtitan's own model definitions set it (torchtitan/models/<family>/__init__.py at
// commit b5bcd76c66d0acb1a08b176d9639425bc55e0b2a, August 2026): a model preset where one has
// exactly that shape, with the fields torchtitan sets otherwise, or the whole shape where none does.
// Each flavor also lists the configuration function torchtitan ships for it (its --config name).
#include <cctype>

#include "atlas/interop/import.hpp"

namespace atlas {

namespace {

// The fields every member of a family shares, so that each row below says only what differs.
constexpr const char* kLlama3 =
    R"("mlp":"swiglu","norm":"rmsnorm","position":"rotary","bias":false,"dropout":false,"vocab":128256)";
constexpr const char* kQwen3 =
    R"("mlp":"swiglu","norm":"rmsnorm","position":"rotary","bias":false,"dropout":false,"vocab":151936,)"
    R"("head_dim":128,"qk_norm":true)";
// DeepSeek-V2's latent attention and experts (the 16B flavor is DeepSeek-V2-Lite's shape, without a
// compressed query): softmax routing, so no router bias; one dense layer first.
constexpr const char* kDeepSeekV2 =
    R"("mlp":"swiglu","norm":"rmsnorm","position":"rotary","bias":false,"dropout":false,"vocab":102400,)"
    R"("tied_embeddings":false,"kv_lora_rank":512,"qk_nope_head_dim":128,"qk_rope_head_dim":64,)"
    R"("v_head_dim":128,"dense_layers":1,"shared_experts":2,"top_k":6,"mtp_layers":0)";

const std::vector<TorchtitanFlavor>& table() {
  static const std::vector<TorchtitanFlavor> rows = [] {
    const auto shape = [](const char* family, const std::string& own) {
      return json::parse("{" + std::string(family) + "," + own + "}");
    };
    std::vector<TorchtitanFlavor> t;
    const auto preset = [&](const char* name, const char* flavor, const char* config, const char* id,
                            json fields = json::object()) {
      t.push_back(TorchtitanFlavor{name, flavor, config, id, std::move(fields)});
    };
    const auto own = [&](const char* name, const char* flavor, const char* config, json model) {
      t.push_back(TorchtitanFlavor{name, flavor, config, "", std::move(model)});
    };
    own("llama3", "1B", "",
        shape(kLlama3, R"("layers":16,"hidden":2048,"heads":32,"kv_heads":8,"ffn":8192,"tied_embeddings":true)"));
    own("llama3", "3B", "",
        shape(kLlama3, R"("layers":28,"hidden":3072,"heads":24,"kv_heads":8,"ffn":8192,"tied_embeddings":true)"));
    preset("llama3", "8B", "llama3_8b", "llama-3.1-8b");
    preset("llama3", "70B", "llama3_70b", "llama-3.1-70b");
    preset("llama3", "405B", "llama3_405b", "llama-3.1-405b");
    own("qwen3", "0.6B", "qwen3_0_6b",
        shape(kQwen3, R"("layers":28,"hidden":1024,"heads":16,"kv_heads":8,"ffn":3072,"tied_embeddings":true)"));
    own("qwen3", "1.7B", "qwen3_1_7b",
        shape(kQwen3, R"("layers":28,"hidden":2048,"heads":16,"kv_heads":8,"ffn":6144,"tied_embeddings":true)"));
    own("qwen3", "4B", "",
        shape(kQwen3, R"("layers":36,"hidden":2560,"heads":32,"kv_heads":8,"ffn":9728,"tied_embeddings":true)"));
    preset("qwen3", "8B", "", "qwen3-8b");
    own("qwen3", "14B", "qwen3_14b",
        shape(kQwen3, R"("layers":40,"hidden":5120,"heads":40,"kv_heads":8,"ffn":17408,"tied_embeddings":false)"));
    preset("qwen3", "32B", "qwen3_32b", "qwen3-32b");
    preset("qwen3", "30B-A3B", "qwen3_30b_a3b", "qwen3-30b-a3b");
    preset("qwen3", "235B-A22B", "", "qwen3-235b-a22b");
    own("deepseek_v3", "16B", "deepseek_v3_16b",
        shape(kDeepSeekV2, R"("layers":27,"hidden":2048,"heads":16,"kv_heads":16,"ffn":10944,)"
                           R"("experts":64,"expert_ffn":1408,"shared_expert_ffn":1408)"));
    own("deepseek_v3", "236B", "",
        shape(kDeepSeekV2, R"("layers":60,"hidden":5120,"heads":128,"kv_heads":128,"q_lora_rank":1536,)"
                           R"("ffn":12288,"experts":160,"expert_ffn":1536,"shared_expert_ffn":1536)"));
    // torchtitan builds DeepSeek-V3 without its multi-token-prediction module unless
    // model_registry is given num_mtp_layers.
    preset("deepseek_v3", "671B", "deepseek_v3_671b", "deepseek-v3", json{{"mtp_layers", 0}});
    preset("gpt_oss", "20b", "gpt_oss_20b", "gpt-oss-20b");
    preset("gpt_oss", "120b", "gpt_oss_120b", "gpt-oss-120b");
    return t;
  }();
  return rows;
}

bool same_words(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

const std::vector<TorchtitanFlavor>& torchtitan_flavors() { return table(); }

const TorchtitanFlavor* find_torchtitan_flavor(std::string_view family, std::string_view flavor) {
  // torchtitan spells flavors as its packages do ("120b" for gpt_oss, "8B" for llama3); a TOML
  // written by hand in the other case names the same model.
  for (const auto& f : table())
    if (family == f.family && same_words(flavor, f.flavor)) return &f;
  return nullptr;
}

const TorchtitanFlavor* torchtitan_flavor_of_config(std::string_view config) {
  for (const auto& f : table())
    if (!f.config.empty() && config == f.config) return &f;
  return nullptr;
}

json torchtitan_flavor_model(const TorchtitanFlavor& f) {
  if (f.preset.empty()) return f.fields;
  json m = f.fields;
  m["preset"] = f.preset;
  return m;
}

std::string torchtitan_flavor_list() {
  std::string out, family;
  for (const auto& f : table()) {
    if (f.family != family)
      out += (family.empty() ? "" : "; ") + f.family + " ", family = f.family;
    else
      out += ", ";
    out += f.flavor;
  }
  return out;
}

}  // namespace atlas
