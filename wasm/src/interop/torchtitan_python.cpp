// torchtitan's configurations since 2026 (pytorch/torchtitan#2386): a Python function returning
// Trainer.Config(...) in a config_registry.py or torchtitan_recipes module, named on the command
// line by --module and --config, with --section.option flags that still override it. They are
// read into the same tables a TOML job has, so one reader (import_torchtitan.cpp) interprets
// both: the parallelism, training, compile and activation-checkpointing settings, the model's
// flavor and its low-precision converters.
#include <cctype>
#include <regex>

#include "atlas/interop/import.hpp"

namespace atlas {

namespace {

// A Python literal as the config writes it: an integer or a product of integers (1 * 8192),
// True / False, or a quoted string; nullopt for anything else (a variable, a call).
std::optional<json> literal(std::string v) {
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.back()))) v.pop_back();
  while (!v.empty() && std::isspace(static_cast<unsigned char>(v.front()))) v.erase(v.begin());
  if (v == "True" || v == "true") return json(true);
  if (v == "False" || v == "false") return json(false);
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front())
    return json(v.substr(1, v.size() - 2));
  static const std::regex product(R"(^-?[0-9_]+(\s*\*\s*[0-9_]+)*$)");
  if (!std::regex_match(v, product)) return std::nullopt;
  std::int64_t value = 1;
  const bool negative = v.front() == '-';
  for (std::size_t at = negative ? 1 : 0; at < v.size();) {
    const std::size_t end = v.find('*', at);
    std::string digits;
    for (char c : v.substr(at, end == std::string::npos ? std::string::npos : end - at))
      if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
    if (digits.empty() || digits.size() > 12) return std::nullopt;
    value = times(value, std::stoll(digits));
    at = end == std::string::npos ? v.size() : end + 1;
  }
  return json(negative ? -value : value);
}

// The text between an opening parenthesis at `open` and its match (nested calls kept whole).
std::string_view inside(std::string_view text, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < text.size(); ++i) {
    if (text[i] == '(') ++depth;
    if (text[i] == ')' && --depth == 0) return text.substr(open + 1, i - open - 1);
  }
  return text.substr(open + 1);
}

class Tables {
 public:
  explicit Tables(const Pasted& text) : text_(text), all_(text.text()) {}

  // Each `name=value` at the top level of the call's arguments, into `table`.
  void keywords(const std::string& call, const std::string& table) {
    for (std::size_t at = all_.find(call + "("); at != std::string_view::npos; at = all_.find(call + "(", at + 1)) {
      const std::size_t open = at + call.size();
      const std::string_view args = inside(all_, open);
      std::size_t start = 0;
      int depth = 0;
      for (std::size_t i = 0; i <= args.size(); ++i) {
        const char c = i < args.size() ? args[i] : ',';
        if (c == '(' || c == '[' || c == '{') ++depth;
        if (c == ')' || c == ']' || c == '}') --depth;
        if (c != ',' || depth != 0) continue;
        std::string_view arg = args.substr(start, i - start);
        const std::size_t lead = std::min(arg.find_first_not_of(" \t\r\n"), arg.size());
        arg.remove_prefix(lead), start += lead;
        const std::size_t eq = arg.find('=');
        if (eq != std::string_view::npos) {
          std::string key(arg.substr(0, eq));
          key.erase(0, key.find_first_not_of(" \t\r\n"));
          key.erase(key.find_last_not_of(" \t\r\n") + 1);
          put(table, key, std::string(arg.substr(eq + 1)), open + 1 + start, call + " " + key);
        }
        start = i + 1;
      }
    }
  }

  // `config.table.key = value` lines of a config derived from another.
  void assignments() {
    static const std::regex assign(R"(\b[A-Za-z_]\w*\.(\w+)\.(\w+)\s*=\s*([^\n#]+))");
    for (std::cregex_iterator it(all_.data(), all_.data() + all_.size(), assign), end; it != end; ++it)
      put((*it)[1].str(), (*it)[2].str(), (*it)[3].str(), static_cast<std::size_t>(it->position(0)),
          "config." + (*it)[1].str() + "." + (*it)[2].str());
  }

  // --section.option value (or =value) flags, which override the configuration.
  void flags() {
    // A flag with no value (--compile.enable) is a boolean switched on.
    static const std::regex flag(R"(--([a-z_]+)\.([a-z_]+)(?:(?:=|[ \t]+)([^\s\\]+))?)");
    for (std::cregex_iterator it(all_.data(), all_.data() + all_.size(), flag), end; it != end; ++it) {
      const std::string value = (*it)[3].str();
      put((*it)[1].str(), (*it)[2].str(), value.empty() || value.rfind("--", 0) == 0 ? "True" : value,
          static_cast<std::size_t>(it->position(0)), "--" + (*it)[1].str() + "." + (*it)[2].str());
    }
  }

  // Where the model comes from: model_registry("8B"); else a configuration torchtitan ships, by
  // the function's name (def qwen3_30b_a3b() or --config qwen3_30b_a3b); else a command line's
  // --config whose baseline ends in its size (llama3_70b). The family is the module named by
  // --module (its last dotted part), the configuration's, or a function's name that starts with one.
  void model() {
    static const std::regex flavor(R"re(model_registry\(\s*["']([^"']+)["'])re");
    static const std::regex module(R"(--module[=\s]+(?:[\w.]*\.)?(\w+))");
    static const std::regex config(R"((?:--config[=\s]+|def\s+)(\w+))");
    static const std::regex sized(R"(--config[=\s]+[a-z]+[0-9]*_([0-9]+)b\b)");
    std::cmatch m;
    const TorchtitanFlavor* shipped = nullptr;
    for (std::cregex_iterator it(all_.data(), all_.data() + all_.size(), config), end; it != end && !shipped; ++it)
      if ((shipped = torchtitan_flavor_of_config((*it)[1].str())))
        set("model", "flavor", shipped->flavor, static_cast<std::size_t>(it->position(0)), (*it)[0].str());
    if (!shipped && std::regex_search(all_.data(), all_.data() + all_.size(), m, sized))
      set("model", "flavor", m[1].str() + "B", static_cast<std::size_t>(m.position(0)), "--config");
    if (std::regex_search(all_.data(), all_.data() + all_.size(), m, flavor))
      set("model", "flavor", m[1].str(), static_cast<std::size_t>(m.position(0)),
          "model_registry(\"" + m[1].str() + "\")");
    // The family, from the first of these that the text has.
    std::string family;
    std::size_t family_at = 0;
    if (std::regex_search(all_.data(), all_.data() + all_.size(), m, module)) {
      family = m[1].str(), family_at = static_cast<std::size_t>(m.position(0));
    } else if (shipped) {
      const std::size_t at = all_.find(shipped->config);
      family = shipped->family, family_at = at == std::string_view::npos ? 0 : at;
    } else {
      for (const auto& f : torchtitan_flavors())
        if (const auto at = all_.find("def " + f.family + "_"); family.empty() && at != std::string_view::npos)
          family = f.family, family_at = at;
      // A family the engine has no flavor of still names itself, so the message says which.
      static const std::regex function(R"(def\s+([a-z]+[0-9]*)_)");
      if (family.empty() && std::regex_search(all_.data(), all_.data() + all_.size(), m, function))
        family = m[1].str(), family_at = static_cast<std::size_t>(m.position(0));
    }
    if (!family.empty()) set("model", "name", family, family_at, "the configuration's module");
    converters();
  }

  void converters() {
    const auto converter = [&](const char* cls, const char* name) {
      if (const std::size_t at = all_.find(cls); at != std::string_view::npos) {
        json list = toml_.values["model"].value("converters", json::array());
        list.push_back(name);
        set("model", "converters", list, at, cls);
      }
    };
    converter("Float8LinearConverter", "float8");
    converter("MXFP8LinearConverter", "mx");
    if (const std::size_t at = all_.find("NVFP4LinearConverter"); at != std::string_view::npos)
      set("model", "converters_nvfp4", "NVFP4LinearConverter", at, "NVFP4LinearConverter");
  }

  // activation_checkpoint=FullAC.Config() or SelectiveAC.Config() (per-op: every second matmul);
  // the last one in the text counts (a derived configuration assigns its own after the base's).
  void checkpointing() {
    const std::size_t full = all_.rfind("FullAC.Config("), selective = all_.rfind("SelectiveAC.Config(");
    const bool has_full = full != std::string_view::npos, has_selective = selective != std::string_view::npos;
    if (has_full && (!has_selective || full > selective)) {
      set("activation_checkpoint", "mode", "full", full, "FullAC.Config()");
    } else if (has_selective) {
      set("activation_checkpoint", "mode", "selective", selective, "SelectiveAC.Config() (per-op)");
      set("activation_checkpoint", "selective_ac_option", "op", selective, "SelectiveAC.Config() (per-op)");
    }
    if (const std::size_t at = all_.find("MemoryBudgetAC"); at != std::string_view::npos)
      set("activation_checkpoint", "memory_budget", "MemoryBudgetAC", at, "MemoryBudgetAC");
  }

  // 2026's token budgets as the sequences a TOML job counts: tokens per micro-batch and per step
  // over the context length (torchtitan's defaults 16384 and 2048 where the text is silent).
  void batch_in_sequences() {
    json& t = toml_.values["training"];
    if (t.contains("max_context_length") && !t.contains("seq_len")) {
      t["seq_len"] = t["max_context_length"];
      toml_.lines["training.seq_len"] = toml_.lines["training.max_context_length"];
      toml_.names["training.seq_len"] = name_of("training.max_context_length");
    }
    if (!t.contains("num_tokens_per_microbatch_per_dp_rank") && !t.contains("num_tokens_per_train_step")) return;
    const std::int64_t seq =
        t.contains("seq_len") && t["seq_len"].is_number_integer() ? t["seq_len"].get<std::int64_t>() : 2048;
    const auto sequences = [&](const char* from, const char* to) {
      if (!t.contains(from) || !t[from].is_number_integer() || t[from].get<std::int64_t>() <= 0) return;
      const std::int64_t tokens = t[from].get<std::int64_t>();
      t[to] = tokens % seq == 0 ? json(tokens / seq) : json(std::to_string(tokens) + " tokens");
      toml_.lines[std::string("training.") + to] = toml_.lines[std::string("training.") + from];
      toml_.names[std::string("training.") + to] = name_of(std::string("training.") + from) + " ÷ the context length";
      t.erase(from);
    };
    sequences("num_tokens_per_microbatch_per_dp_rank", "local_batch_size");
    sequences("num_tokens_per_train_step", "global_batch_size");
    if (t.contains("max_context_length")) t.erase("max_context_length");
  }

  Toml result() {
    keywords("ParallelismConfig", "parallelism");
    keywords("TrainingConfig", "training");
    keywords("CompileConfig", "compile");
    static const std::regex implementation(R"re(["']?implementation["']?\s*[:=]\s*["'](\w+)["'])re");
    std::cmatch m;
    if (std::regex_search(all_.data(), all_.data() + all_.size(), m, implementation))
      set("optimizer", "implementation", m[1].str(), static_cast<std::size_t>(m.position(0)),
          "the optimizer's implementation");
    toml_.python = true;
    // torchtitan's ChunkedLossWrapper runs the output layer and the loss a slice of the tokens at
    // a time (torchtitan/components/loss.py): no full-vocabulary tensor is ever whole.
    if (const std::size_t at = all_.find("ChunkedLossWrapper"); at != std::string_view::npos)
      set("training", "loss", "chunked", at, "ChunkedLossWrapper.Config(...)");
    model();
    checkpointing();
    assignments();
    flags();
    batch_in_sequences();
    return toml_;
  }

 private:
  std::string name_of(const std::string& key) const {
    return toml_.names.contains(key) ? toml_.names[key].get<std::string>() : key;
  }
  void put(const std::string& table, const std::string& key, const std::string& value, std::size_t offset,
           const std::string& name) {
    if (table != "parallelism" && table != "training" && table != "compile" && table != "activation_checkpoint" &&
        table != "model" && table != "optimizer")
      return;
    const auto v = literal(value);
    set(table, key, v ? *v : json(value), offset, name);
  }
  void set(const std::string& table, const std::string& key, const json& value, std::size_t offset,
           const std::string& name) {
    toml_.values[table][key] = value;
    toml_.lines[table + "." + key] = text_.line_of_offset(offset);
    toml_.names[table + "." + key] = name;
  }

  const Pasted& text_;
  std::string_view all_;
  Toml toml_;
};

}  // namespace

bool torchtitan_python(std::string_view text) {
  if (text.find("Trainer.Config(") != std::string_view::npos || text.find("model_registry(") != std::string_view::npos)
    return true;
  // A command line names the configuration with --config (and its family with --module, which
  // torchtitan.train lets a shipped configuration's name imply); a TOML job that mentions one in
  // a comment still opens its tables with [section] lines.
  if (text.find("--config") == std::string_view::npos) return false;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t first = text.find_first_not_of(" \t", at);
    if (first != std::string_view::npos && first < text.size() && text[first] == '[') return false;
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) break;
    at = end + 1;
  }
  return true;
}

Toml torchtitan_python_tables(const Pasted& text) { return Tables(text).result(); }

}  // namespace atlas
