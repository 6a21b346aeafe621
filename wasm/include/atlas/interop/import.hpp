// Bringing a real run into the engine: a Hugging Face config.json, a Megatron-LM launch script,
// a DeepSpeed JSON or a torchtitan TOML becomes a plan request, and a plan request becomes a
// launch configuration again (export_config.cpp). Readers say what they read, what they had to
// assume and what they left out; a problem in the pasted text is a coded error with its line.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "atlas/contract/commands.hpp"

namespace atlas {

/// One pasted text, where it sits in the request ("/text", "/texts/1") and its line numbers.
class Pasted {
 public:
  Pasted(std::string_view text, std::string path, Problems& problems)
      : text_(text), path_(std::move(path)), problems_(problems) {}

  std::string_view text() const { return text_; }
  const std::string& path() const { return path_; }
  int line_of_offset(std::size_t offset) const;
  /// Line of the first `"key"` in the text (JSON keys), 0 when absent.
  int line_of_key(std::string_view key) const;
  /// A coded error about line `line` of this text (0: the whole text).
  void error(const std::string& code, const std::string& message, int line) const;
  /// A warning about line `line`: the import goes on, and the response lists it.
  void warning(const std::string& code, const std::string& message, int line) const;

  /// The text as JSON: a syntax error becomes `invalid_json` with its line.
  std::optional<json> parse_json() const;

 private:
  std::string_view text_;
  std::string path_;
  Problems& problems_;
};

/// What the readers found, gathered over every pasted text. `model` and `parallel` hold
/// plan-request keys; the rest waits for finish_import() to settle the batch and GPU count.
struct RunFacts {
  json model = json::object();
  json parallel = json::object();
  std::optional<std::int64_t> micro, global, accumulation, gpus, dp;
  std::optional<std::string> model_preset;
  std::optional<Issue> unknown_model;  // a model named but not known: an error unless another text gives the shape
  json read = json::array(), assumed = json::array(), ignored = json::array();

  /// Sets a request key (section "model" or "parallel") and records where it was read; a
  /// different value for a key another text already set is a `conflicting_value` error.
  void set(const Pasted& from, int line, const char* section, const std::string& key, const json& value,
           const std::string& source);
  void count(const Pasted& from, int line, std::optional<std::int64_t>& slot, const char* field, std::int64_t value,
             const std::string& source);
  void assume(const std::string& field, const json& value, const std::string& why);
  /// A default for a request key, applied (and listed as assumed) only when no text sets it.
  void fallback(const char* section, const std::string& key, const json& value, const std::string& why);
  json defaults = json::array();
  void ignore(const std::string& what, const json& value, const std::string& why, int line);
  /// The ignored list stops at kMaxIgnored entries (then one "and N more"), so a pasted text of
  /// thousands of unused keys costs no more than a real config; readers check before finding lines.
  bool ignored_full() const { return ignored.size() >= kMaxIgnored; }
  static constexpr std::size_t kMaxIgnored = 200;
  std::size_t ignored_more = 0;
};

void import_hf(const Pasted& text, RunFacts& facts);
void import_megatron(const Pasted& text, RunFacts& facts);
void import_deepspeed(const Pasted& text, RunFacts& facts);
void import_torchtitan(const Pasted& text, RunFacts& facts);

/// The format of a pasted text by its content: "hf", "megatron", "deepspeed", "torchtitan" or "".
std::string detect_format(std::string_view text);

/// A TOML subset (tables, dotted keys, strings, integers, floats, booleans, one-line arrays,
/// comments) as JSON; `lines` maps "table.key" to its line. Errors are `toml_syntax` with lines.
struct Toml {
  json values = json::object();
  json lines = json::object();
  /// How the text named a key where it is not `[table] key` (a Python keyword, a flag).
  json names = json::object();
  bool python = false;  // read from a 2026 Python configuration (torchtitan_python.cpp)
};
std::optional<Toml> parse_toml(const Pasted& text);
/// torchtitan's 2026 configurations: a Python function returning Trainer.Config(...), or the
/// command line naming one (--module, --config, --section.option flags), read into a TOML job's
/// tables (torchtitan_python.cpp).
bool torchtitan_python(std::string_view text);
Toml torchtitan_python_tables(const Pasted& text);

/// Products of counts read from pasted text (degrees, batch sizes) saturate here instead of
/// overflowing; the plan reader then refuses the figure as out of range.
inline constexpr std::int64_t kMaxProduct = 1000000000000000;  // 1e15
inline std::int64_t times(std::int64_t a, std::int64_t b) {
  return static_cast<double>(a) * static_cast<double>(b) > static_cast<double>(kMaxProduct) ? kMaxProduct : a * b;
}

/// The comment under a torchtitan TOML's [model] that carries a shape no flavor names: written
/// by export, read by import (torchtitan itself ignores comments).
inline constexpr const char* kModelComment = "# parallelism-atlas model = ";

/// A torchtitan model flavor (torchtitan_flavors.cpp): its family (the [model] name), its
/// flavor, the configuration function torchtitan ships for it ("" where none), and its shape: a
/// model preset with `fields` set on it, or, where `preset` is empty, `fields` alone.
struct TorchtitanFlavor {
  std::string family, flavor, config, preset;
  json fields;
};
const std::vector<TorchtitanFlavor>& torchtitan_flavors();
const TorchtitanFlavor* find_torchtitan_flavor(std::string_view family, std::string_view flavor);
const TorchtitanFlavor* torchtitan_flavor_of_config(std::string_view config);
/// The flavor as a request's model section ({"preset": …} with its fields, or the whole shape).
json torchtitan_flavor_model(const TorchtitanFlavor& f);
/// "llama3 1B, 3B, …; qwen3 0.6B, …" for messages.
std::string torchtitan_flavor_list();

/// Longest text one import accepts (bytes): configs are a few kB; this bounds the work.
inline constexpr std::size_t kMaxPastedBytes = 256 * 1024;

}  // namespace atlas
