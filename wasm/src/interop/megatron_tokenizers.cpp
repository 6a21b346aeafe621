// The vocabulary a launch script implies when it names its tokenizer but gives no --vocab-size:
// Megatron sizes the embedding from the tokenizer. Each size is the released model's
// config.json vocab_size (the embedding's rows), with its source said in `assumed`.
#include <cctype>

#include "megatron_flags.hpp"

namespace atlas {

namespace {

struct KnownTokenizer {
  const char* needle;  // in the tokenizer's name, lower case, letters and digits only
  std::int64_t vocab;
  const char* source;
};

// First match wins: more specific names first.
constexpr KnownTokenizer kTokenizers[] = {
    {"llama3", 128256,
     "Llama 3 / 3.1 / 3.2 tokenizer: meta-llama/Meta-Llama-3-8B and Llama-3.1-8B config.json vocab_size"},
    {"llama2", 32000, "Llama 2 tokenizer: meta-llama/Llama-2-7b-hf config.json vocab_size"},
    {"mistral7bv03", 32768, "Mistral v0.3 tokenizer: mistralai/Mistral-7B-v0.3 config.json vocab_size"},
    {"mistral7binstructv03", 32768,
     "Mistral v0.3 tokenizer: mistralai/Mistral-7B-Instruct-v0.3 config.json vocab_size"},
    {"mistral7bv01", 32000, "Mistral v0.1 tokenizer: mistralai/Mistral-7B-v0.1 config.json vocab_size"},
    {"mixtral8x7b", 32000, "Mixtral tokenizer: mistralai/Mixtral-8x7B-v0.1 config.json vocab_size"},
    {"qwen3", 151936, "Qwen3 tokenizer: Qwen/Qwen3-8B config.json vocab_size"},
    {"qwen25", 152064, "Qwen2.5 tokenizer: Qwen/Qwen2.5-7B config.json vocab_size"},
    {"deepseekv3", 129280, "DeepSeek-V3 tokenizer: deepseek-ai/DeepSeek-V3 config.json vocab_size"},
    {"deepseekr1", 129280, "DeepSeek-R1 tokenizer (DeepSeek-V3's): deepseek-ai/DeepSeek-R1 config.json vocab_size"},
    {"deepseekv2", 102400, "DeepSeek-V2 tokenizer: deepseek-ai/DeepSeek-V2 config.json vocab_size"},
    {"gptoss", 201088, "GPT-OSS tokenizer (o200k_harmony): openai/gpt-oss-120b config.json vocab_size"},
    {"llama4", 202048, "Llama 4 tokenizer: meta-llama/Llama-4-Scout-17B-16E config.json text_config vocab_size"},
    {"qwen27b", 152064, "Qwen2 tokenizer: Qwen/Qwen2-7B config.json vocab_size"},
    {"gpt2", 50257, "GPT-2 BPE: openai-community/gpt2 config.json vocab_size"},
};

std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s)
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

bool MegatronArgs::vocabulary_from_tokenizer() {
  const Given* type = get("tokenizer-type");
  const Given* model = get("tokenizer-model") ? get("tokenizer-model") : get("tokenizer-name-or-path");
  if (!type && !model) return false;
  const std::string kind = type ? type->value.get<std::string>() : "";
  const std::string name = model ? model->value.get<std::string>() : "";
  const KnownTokenizer* known = nullptr;
  if (kind == "GPT2BPETokenizer") known = &kTokenizers[sizeof(kTokenizers) / sizeof(kTokenizers[0]) - 1];
  for (const auto& t : kTokenizers)
    if (!known && !name.empty() && squeeze(name).find(t.needle) != std::string::npos) known = &t;
  if (!known && kind == "Llama2Tokenizer") known = &kTokenizers[1];
  if (!known && kind == "Llama3Tokenizer") known = &kTokenizers[0];
  const int line = (model ? model : type)->line;
  if (!known) {
    text_.warning("unknown_tokenizer",
                  "the tokenizer " + (name.empty() ? kind : name) +
                      " is not one the engine knows the vocabulary of; give --vocab-size to count the embedding.",
                  line);
    return false;
  }
  facts_.fallback("model", "vocab", known->vocab,
                  std::string("no --vocab-size; the tokenizer named on line ") + std::to_string(line) +
                      " sets it: " + known->source);
  return true;
}

}  // namespace atlas
