// The Hugging Face families whose layers the generic reader cannot count alone: their expert,
// latent-attention and sliding-window keys (wasm/src/interop/import_hf_modern.cpp).
#pragma once

#include <set>
#include <string>

#include "atlas/interop/import.hpp"

namespace atlas {

/// DeepSeek-V2/V3, GPT-OSS and Llama 4's text model: their experts and MLP widths come from here.
bool is_modern_hf_family(const std::string& type);

/// Reads the family's own keys into `facts` and marks them `used`; false after a coded error.
/// Qwen3-MoE's sparse step is read here too. `layers` and `seq` are the shape already read.
bool import_hf_modern(const Pasted& text, const json& config, const std::string& type, std::int64_t layers,
                      std::int64_t seq, RunFacts& facts, std::set<std::string>& used);

}  // namespace atlas
