// Megatron-LM (and Megatron-DeepSpeed) arguments gathered from a launch script: the flags the
// engine reads (import_megatron.cpp) and their meaning for the plan (megatron_interpret.cpp).
// Internal to interop/.
#pragma once

#include <map>

#include "atlas/interop/import.hpp"
#include "atlas/interop/shell_words.hpp"

namespace atlas {

// `list`: the words after the flag up to the next flag (argparse's nargs='+'), as an array.
enum class FlagKind { whole, text, fraction, flag, list };

struct MegatronFlag {
  const char* name;
  FlagKind kind;
  const char* section;  // "model", "parallel", or "" (handled by hand)
  const char* key;
};

const MegatronFlag* find_megatron_flag(const std::string& name);

/// Arguments no plan can hold: a shape the engine does not model. `allowed` is the one value
/// that is no change (the engine's own layout), or nullptr when any use is refused.
struct RefusedFlag {
  const char* name;
  const char* allowed;
  const char* why;
};
const RefusedFlag* find_refused_flag(const std::string& name);

/// Why an argument the engine does not read leaves the plan as it is, or what the plan then leaves
/// out (megatron_unread.cpp); `value` is the argument's value, empty for a bare flag.
const char* megatron_unread_why(const std::string& name, const std::string& value);

class MegatronArgs {
 public:
  MegatronArgs(const Pasted& text, RunFacts& facts) : text_(text), facts_(facts) {}

  /// The --flags among one program's arguments; the last one given counts, as with argparse.
  void collect(const std::vector<const ShellWord*>& words);
  void interpret();
  bool deepspeed = false;  // a Megatron-DeepSpeed run: its defaults differ (MoE top-k, expert interval)

 private:
  struct Given {
    json value;
    int line = 0;
  };
  void take(const std::string& name, const std::string& value, bool has_value, const ShellWord& flag_word,
            const ShellWord& value_word);
  std::optional<json> parse(const MegatronFlag& f, const std::string& name, const std::string& value, int line) const;
  const Given* get(const char* name) const {
    const auto it = given_.find(name);
    return it == given_.end() ? nullptr : &it->second;
  }
  void set(const char* section, const char* key, const json& value, const char* flag);
  void apply_direct(bool shape);
  void interpret_model();
  void interpret_moe();
  void interpret_modern();             // megatron_modern.cpp
  void interpret_attention_pattern();  // megatron_modern.cpp
  void interpret_split();
  void interpret_recompute_modules(const std::string& recompute, const Given* moe_layer);
  void interpret_pipeline();
  void interpret_megatron_fsdp();
  bool vocabulary_from_tokenizer();

  const Pasted& text_;
  RunFacts& facts_;
  std::map<std::string, Given> given_;
};

}  // namespace atlas
