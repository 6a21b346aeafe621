// torchtitan's job as the import reads it: the tables of a TOML file or of a 2026 Python
// configuration read into the same form (torchtitan_python.cpp), and the accessors that name
// each setting where the text had it. import_torchtitan.cpp reads the split, the model and the
// batch; torchtitan_settings.cpp the kernels, precision, optimizer and recomputation.
#pragma once

#include <set>

#include "atlas/interop/import.hpp"

namespace atlas::torchtitan_import {

class Job {
 public:
  Job(const Pasted& text, const Toml& toml, RunFacts& facts) : text_(text), toml_(toml), facts_(facts) {}

  const json* get(const std::string& table, const std::string& key) {
    used_.insert(table + "." + key);
    const json& t = toml_.values.contains(table) ? toml_.values[table] : empty_;
    return t.is_object() && t.contains(key) ? &t[key] : nullptr;
  }
  int line(const std::string& table, const std::string& key) const {
    const std::string k = table + "." + key;
    return toml_.lines.contains(k) ? toml_.lines[k].get<int>() : 0;
  }
  std::string from(const std::string& table, const std::string& key) const {
    const std::string k = table + "." + key;
    return toml_.names.contains(k) ? toml_.names[k].get<std::string>() : "[" + table + "] " + key;
  }
  // An integer; -1 is torchtitan's "derive it" where `derive` allows it.
  std::optional<std::int64_t> whole(const std::string& table, const std::string& key, bool derive = false) {
    const json* v = get(table, key);
    if (!v) return std::nullopt;
    if (!v->is_number_integer() || (v->get<std::int64_t>() < 1 && !(derive && v->get<std::int64_t>() == -1)) ||
        v->get<std::int64_t>() > 1000000000) {
      text_.error("not_integer",
                  from(table, key) + " must be a whole number of 1 or more" + (derive ? " (or -1)" : "") + ", not " +
                      v->dump() + ".",
                  line(table, key));
      return std::nullopt;
    }
    return v->get<std::int64_t>();
  }
  std::optional<std::string> text(const std::string& table, const std::string& key) {
    const json* v = get(table, key);
    if (!v) return std::nullopt;
    if (!v->is_string()) {
      text_.error("not_string", from(table, key) + " must be a quoted string, not " + v->dump() + ".",
                  line(table, key));
      return std::nullopt;
    }
    return v->get<std::string>();
  }
  void set(const char* section, const char* key, const json& value, const std::string& table, const std::string& name) {
    facts_.set(text_, line(table, name), section, key, value, from(table, name));
  }

  // torchtitan's selective_ac_option "N" as the engine's block recomputation (torchtitan_settings.cpp).
  void every_nth_block(const std::string& option, std::int64_t pp);

  // The table that holds `key`: [parallelism], else 2024's [training] or [experimental].
  std::string where(const std::string& key) const {
    for (const char* t : {"parallelism", "training", "experimental"})
      if (has(t, key)) return t;
    return "parallelism";
  }
  bool has(const std::string& table, const std::string& key) const {
    return toml_.values.contains(table) && toml_.values[table].is_object() && toml_.values[table].contains(key);
  }
  // A degree read where the file has it; absent, torchtitan's default of 1, as assumed.
  void degree(const char* key, std::int64_t value, const std::string& name) {
    if (has(where(name), name))
      set("parallel", key, value, where(name), name);
    else
      facts_.fallback("parallel", key, value, "torchtitan's default (no " + name + ")");
  }

  // The shape `export` wrote under [model] for a custom flavor, set into the model; false if absent.
  bool exported_shape() {
    const std::string_view t = text_.text();
    const auto at = t.find(std::string("\n") + kModelComment);
    if (at == std::string_view::npos) return false;
    const std::size_t start = at + 1 + std::string_view(kModelComment).size();
    const std::string_view row = t.substr(
        start, t.find('\n', start) == std::string_view::npos ? std::string_view::npos : t.find('\n', start) - start);
    const int where = text_.line_of_offset(at + 1);
    const json shape = json::parse(row, nullptr, false);
    if (!shape.is_object()) {
      text_.error("invalid_json",
                  "The exported model shape after \"" + std::string(kModelComment) +
                      "\" is not a JSON object; export the run again.",
                  where);
      return true;
    }
    for (auto it = shape.begin(); it != shape.end(); ++it)
      facts_.set(text_, where, "model", it.key(), it.value(), "the exported model shape (comment under [model])");
    return true;
  }

  void read();
  void checkpointing(std::int64_t pp);
  void kernels();
  void optimizer();
  void precision();
  void report_unused();

 private:
  const Pasted& text_;
  const Toml& toml_;
  RunFacts& facts_;
  std::set<std::string> used_;
  const json empty_ = json::object();
};

}  // namespace atlas::torchtitan_import
