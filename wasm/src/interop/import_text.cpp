// The pieces every reader of pasted text shares: line numbers, line-numbered errors, JSON with
// its syntax errors placed on a line, and the record of what was read, assumed and ignored.
#include <algorithm>

#include "atlas/contract/engine.hpp"
#include "atlas/contract/fields.hpp"
#include "atlas/interop/import.hpp"

namespace atlas {

int Pasted::line_of_offset(std::size_t offset) const {
  offset = std::min(offset, text_.size());
  return 1 + static_cast<int>(std::count(text_.begin(), text_.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

int Pasted::line_of_key(std::string_view key) const {
  const std::string quoted = "\"" + std::string(key) + "\"";
  const auto at = text_.find(quoted);
  return at == std::string_view::npos ? 0 : line_of_offset(at);
}

void Pasted::error(const std::string& code, const std::string& message, int line) const {
  problems_.error(
      Issue{code, (line > 0 ? "Line " + std::to_string(line) + ": " : std::string()) + message, path_, line});
}

void Pasted::warning(const std::string& code, const std::string& message, int line) const {
  problems_.warning(
      Issue{code, (line > 0 ? "Line " + std::to_string(line) + ": " : std::string()) + message, path_, line});
}

std::optional<json> Pasted::parse_json() const {
  try {
    json value = json::parse(text_);
    if (auto refused = check_request_shape(value)) {
      error("too_deep", "The JSON nests deeper than the engine reads; a config is only a few levels deep.", 0);
      return std::nullopt;
    }
    if (!value.is_object()) {
      error("not_object", "A config file is a JSON object ({ … }), not " + describe_type(value) + ".", 1);
      return std::nullopt;
    }
    return value;
  } catch (const json::parse_error& e) {
    // The byte nlohmann stopped at: one past the offending character.
    const std::size_t at = e.byte > 0 ? e.byte - 1 : 0;
    error("invalid_json",
          "This is not valid JSON near \"" + quote_cut(text_.substr(std::min(at, text_.size()), 20)) +
              "\" (a missing comma, quote or brace?).",
          line_of_offset(at));
    return std::nullopt;
  }
}

namespace {

json entry(const char* a, const std::string& va, const char* b, const json& vb, const char* c, const std::string& vc) {
  return json{{a, va}, {b, vb}, {c, vc}};
}

}  // namespace

void RunFacts::set(const Pasted& from, int line, const char* section, const std::string& key, const json& value,
                   const std::string& source) {
  json& target = std::string(section) == "model" ? model : parallel;
  const std::string field = std::string(section) + "." + key;
  if (target.contains(key) && target[key] != value) {
    from.error("conflicting_value",
               source + " gives " + field + " = " + value.dump() + ", but another pasted text gave " +
                   target[key].dump() + ". Paste texts that describe the same run.",
               line);
    return;
  }
  target[key] = value;
  json r = entry("field", field, "value", value, "from", source);
  if (line > 0) r["line"] = line;
  read.push_back(std::move(r));
}

void RunFacts::count(const Pasted& from, int line, std::optional<std::int64_t>& slot, const char* field,
                     std::int64_t value, const std::string& source) {
  if (slot && *slot != value) {
    from.error("conflicting_value",
               source + " gives " + field + " = " + std::to_string(value) + ", but another pasted text gave " +
                   std::to_string(*slot) + ".",
               line);
    return;
  }
  slot = value;
  json r = entry("field", field, "value", value, "from", source);
  if (line > 0) r["line"] = line;
  read.push_back(std::move(r));
}

void RunFacts::assume(const std::string& field, const json& value, const std::string& why) {
  assumed.push_back(entry("field", field, "value", value, "why", why));
}

void RunFacts::fallback(const char* section, const std::string& key, const json& value, const std::string& why) {
  defaults.push_back(json{{"section", section}, {"key", key}, {"value", value}, {"why", why}});
}

void RunFacts::ignore(const std::string& what, const json& value, const std::string& why, int line) {
  if (ignored_full()) {
    ++ignored_more;
    return;
  }
  json r = entry("from", what, "value", value, "why", why);
  if (line > 0) r["line"] = line;
  ignored.push_back(std::move(r));
}

std::string detect_format(std::string_view text) {
  const auto start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return "";
  auto has = [&](std::string_view s) { return text.find(s) != std::string_view::npos; };
  if (text[start] == '{') {
    if (has("\"train_batch_size\"") || has("\"train_micro_batch_size_per_gpu\"") || has("\"zero_optimization\"") ||
        has("\"gradient_accumulation_steps\""))
      return "deepspeed";
    if (has("\"model_type\"") || has("\"architectures\"") || has("\"hidden_size\"") || has("\"n_embd\"") ||
        has("\"num_hidden_layers\""))
      return "hf";
    return "";
  }
  // torchtitan's launcher takes --module and --config; the module is optional where the
  // configuration's name says the family (torchtitan.train --config qwen3_30b_a3b).
  if (has("Trainer.Config(") || has("model_registry(") || (has("--config") && has("torchtitan"))) return "torchtitan";
  if (has("--num-layers") || has("--hidden-size") || has("--tensor-model-parallel-size") || has("pretrain_gpt") ||
      has("--micro-batch-size"))
    return "megatron";
  // A TOML table header at the start of a line.
  for (std::size_t at = start; at < text.size();) {
    const auto end = std::min(text.find('\n', at), text.size());
    const auto line = text.substr(at, end - at);
    const auto first = line.find_first_not_of(" \t");
    if (first != std::string_view::npos && line[first] == '[') return "torchtitan";
    at = end + 1;
  }
  return "";
}

}  // namespace atlas
