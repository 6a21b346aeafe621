// Enough of the shell to read a launch script as people paste it: comments, quotes, line
// continuations, NAME=value assignments (arrays too), $NAME / ${NAME:-default} and $(( … ))
// arithmetic. Nothing is executed: a command substitution $( … ) stays an unknown value.
#include "atlas/interop/shell_words.hpp"

#include <cctype>
#include <cmath>
#include <map>

namespace atlas {

namespace {

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Integer arithmetic of $(( … )) after variables are expanded: + - * / % and parentheses.
class Arithmetic {
  // Operands have at most 15 digits and results stay within ±1e15, so no product overflows.
  static constexpr long long kLimit = 1000000000000000LL;

 public:
  Arithmetic(const std::string& text, const std::map<std::string, std::string>& vars, long& budget, int nesting = 0)
      : s_(text), vars_(vars), budget_(budget), nesting_(nesting) {}
  std::optional<long long> value() {
    auto v = sum(0);
    skip();
    return v && i_ == s_.size() ? v : std::nullopt;
  }

 private:
  void skip() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  std::optional<long long> sum(int depth) {
    auto left = product(depth);
    for (skip(); left && i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-'); skip()) {
      const char op = s_[i_++];
      auto right = product(depth);
      if (!right) return std::nullopt;
      left = op == '+' ? *left + *right : *left - *right;
      if (*left > kLimit || *left < -kLimit) return std::nullopt;
    }
    return left;
  }
  std::optional<long long> product(int depth) {
    auto left = atom(depth);
    for (skip(); left && i_ < s_.size() && (s_[i_] == '*' || s_[i_] == '/' || s_[i_] == '%'); skip()) {
      const char op = s_[i_++];
      auto right = atom(depth);
      if (!right || (op != '*' && *right == 0)) return std::nullopt;
      if (op == '*' && std::abs(static_cast<double>(*left) * static_cast<double>(*right)) > kLimit) return std::nullopt;
      left = op == '*' ? *left * *right : op == '/' ? *left / *right : *left % *right;
      if (*left > kLimit || *left < -kLimit) return std::nullopt;
    }
    return left;
  }
  std::optional<long long> atom(int depth) {
    skip();
    // Names may hold expressions naming other names: the budget bounds the work of a script
    // written to double it at every level.
    if (i_ >= s_.size() || depth + nesting_ > 20 || --budget_ < 0) return std::nullopt;
    if (s_[i_] == '(') {
      ++i_;
      auto v = sum(depth + 1);
      skip();
      if (!v || i_ >= s_.size() || s_[i_] != ')') return std::nullopt;
      ++i_;
      return v;
    }
    if (s_[i_] == '-') {
      ++i_;
      const auto v = atom(depth + 1);
      return v ? std::optional<long long>(-*v) : std::nullopt;
    }
    if (is_name_start(s_[i_])) {  // a bare variable name, as $(( GPUS * NODES )) allows
      std::size_t j = i_;
      while (j < s_.size() && is_name_char(s_[j])) ++j;
      const auto it = vars_.find(s_.substr(i_, j - i_));
      i_ = j;
      if (it == vars_.end()) return std::nullopt;
      return Arithmetic(it->second, vars_, budget_, nesting_ + depth + 1).value();  // a name may hold an expression
    }
    long long v = 0;
    const std::size_t start = i_;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])) && i_ - start < 15)
      v = v * 10 + (s_[i_++] - '0');
    if (i_ == start) return std::nullopt;
    return v;
  }

  const std::string& s_;
  const std::map<std::string, std::string>& vars_;
  long& budget_;
  int nesting_;
  std::size_t i_ = 0;
};

class Reader {
 public:
  explicit Reader(std::string_view text) : t_(text) {}

  std::vector<ShellWord> words() {
    std::vector<ShellWord> out;
    bool command_start = true;
    int array_depth = 0;
    std::string array_name;
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\\' && i_ + 1 < t_.size() && (t_[i_ + 1] == '\n' || t_[i_ + 1] == '\r')) {
        i_ += t_[i_ + 1] == '\r' && i_ + 2 < t_.size() && t_[i_ + 2] == '\n' ? 3 : 2;
        ++line_;
        continue;
      }
      if (c == '\n' || c == ';' || c == '&' || c == '|') {
        if (c == '\n') ++line_;
        ++i_;
        if (array_depth == 0 && (out.empty() || !out.back().boundary))
          out.push_back(ShellWord{"", "", line_, false, true, false, {}});
        if (array_depth == 0) command_start = true;
        continue;
      }
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i_;
        continue;
      }
      if (c == '#') {
        while (i_ < t_.size() && t_[i_] != '\n') ++i_;
        continue;
      }
      if (c == ')' && array_depth > 0) {
        ++i_, --array_depth;
        continue;
      }
      if (c == '(' || c == ')') {
        ++i_;
        continue;
      }
      ShellWord w = word();
      const auto eq = w.raw.find('=');
      const bool assignment =
          command_start && eq != std::string::npos && eq > 0 && is_name_start(w.raw[0]) &&
          w.raw.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == eq;
      if (assignment) {
        const std::string name = w.raw.substr(0, eq);
        const std::string value = w.text.substr(w.text.find('=') + 1);
        if (eq + 1 == w.raw.size() && i_ < t_.size() && t_[i_] == '(') {
          ++i_, ++array_depth;  // NAME=( … ): its words are read where they stand; "${NAME[@]}" adds nothing
          vars_[name] = "";
          continue;
        }
        w.assignment = true;
        out.push_back(w);
        if (value.rfind("--", 0) == 0 || value.find(" --") != std::string::npos) {
          // GPT_ARGS="--num-layers 24 …": its words are read here, at their own line, and
          // "$GPT_ARGS" adds nothing later (as for arrays).
          vars_[name] = "";
          split_into(out, w, value);
        } else {
          vars_[name] = value;
        }
        continue;
      }
      if (w.raw == "export" || w.raw == "local" || w.raw == "readonly" || w.raw == "declare") continue;
      if (array_depth == 0) command_start = false;
      if (w.splits)
        split_into(out, w, w.text);
      else
        out.push_back(std::move(w));
    }
    return out;
  }

 private:
  ShellWord word() {
    ShellWord w{"", "", line_, false, false, false, {}};
    const std::size_t start = i_;
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (std::isspace(static_cast<unsigned char>(c)) || c == ';' || c == '&' || c == '|' || c == '(' || c == ')')
        break;
      if (c == '\\' && i_ + 1 < t_.size()) {
        if (t_[i_ + 1] == '\n') break;  // a continuation ends the word
        w.text += t_[i_ + 1], i_ += 2;
      } else if (c == '\'') {
        const auto end = t_.find('\'', i_ + 1);
        const std::size_t stop = end == std::string_view::npos ? t_.size() : end;
        w.text.append(t_.substr(i_ + 1, stop - i_ - 1));
        i_ = stop + 1;
      } else if (c == '"') {
        ++i_;
        while (i_ < t_.size() && t_[i_] != '"') {
          if (t_[i_] == '$')
            expand(w);
          else if (t_[i_] == '\\' && i_ + 1 < t_.size())
            w.text += t_[i_ + 1], i_ += 2;
          else
            w.text += t_[i_++];
        }
        ++i_;
      } else if (c == '$') {
        expand(w);
        w.splits = true;
      } else {
        w.text += c, ++i_;
      }
    }
    w.raw = std::string(t_.substr(start, std::min(i_, t_.size()) - start));
    for (char c : w.raw)
      if (c == '\n') ++line_;
    return w;
  }

  // Unquoted expansions split into words, as the shell does ("$DISTRIBUTED_ARGS").
  static void split_into(std::vector<ShellWord>& out, const ShellWord& w, const std::string& text) {
    std::size_t at = 0;
    bool any = false;
    while (at < text.size()) {
      const auto start = text.find_first_not_of(" \t\n\r", at);
      if (start == std::string::npos) break;
      const auto end = std::min(text.find_first_of(" \t\n\r", start), text.size());
      ShellWord part = w;
      part.text = text.substr(start, end - start);
      part.assignment = false;
      out.push_back(std::move(part));
      any = true;
      at = end;
    }
    if (!any && !w.undefined.empty()) out.push_back(w);  // an unknown value still stands in its place
  }

  // The text between a ${ or $( and its matching closer, with i_ after the closer.
  std::string enclosed(char open, char close) {
    int depth = 1;
    const std::size_t start = i_;
    while (i_ < t_.size() && depth > 0) {
      if (t_[i_] == open)
        ++depth;
      else if (t_[i_] == close)
        --depth;
      ++i_;
    }
    return std::string(t_.substr(start, i_ - start - (depth == 0 ? 1 : 0)));
  }

  void expand(ShellWord& w) {
    ++i_;  // '$'
    if (i_ >= t_.size()) {
      w.text += '$';
      return;
    }
    if (t_.compare(i_, 2, "((") == 0) {
      i_ += 2;
      std::string expr = enclosed('(', ')');
      if (i_ < t_.size() && t_[i_] == ')') ++i_;
      std::string expanded;
      for (char k : expr) expanded += k == '$' || k == '{' || k == '}' ? ' ' : k;
      const auto v = Arithmetic(expanded, vars_, budget_).value();
      if (v)
        w.text += std::to_string(*v);
      else
        w.undefined.push_back("$((" + expr + "))"), w.text += "$((" + expr + "))";
      return;
    }
    if (t_[i_] == '(') {
      ++i_;
      const std::string cmd = enclosed('(', ')');
      w.undefined.push_back("$(" + cmd + ")");
      w.text += "$(" + cmd + ")";
      return;
    }
    std::string name, fallback;
    bool has_fallback = false;
    if (t_[i_] == '{') {
      ++i_;
      const std::string inner = enclosed('{', '}');
      std::size_t k = inner[0] == '#' ? 1 : 0;
      while (k < inner.size() && is_name_char(inner[k])) ++k;
      name = inner.substr(inner[0] == '#' ? 1 : 0, k - (inner[0] == '#' ? 1 : 0));
      if (inner.compare(k, 2, ":-") == 0 || inner.compare(k, 2, ":=") == 0)
        has_fallback = true, fallback = inner.substr(k + 2);
      else if (k < inner.size() && (inner[k] == '-' || inner[k] == '='))
        has_fallback = true, fallback = inner.substr(k + 1);
      if (k < inner.size() && inner[k] == '[') return;  // ${ARR[@]}: its words were read where it was set
    } else if (is_name_start(t_[i_])) {
      while (i_ < t_.size() && is_name_char(t_[i_])) name += t_[i_++];
    } else {
      w.text += '$';
      return;
    }
    const auto it = vars_.find(name);
    if (it != vars_.end() && !(it->second.empty() && has_fallback))
      w.text += it->second;
    else if (has_fallback)
      w.text += fallback.size() > 1 && fallback[0] == '$' && vars_.count(fallback.substr(1)) ? vars_[fallback.substr(1)]
                                                                                             : fallback;
    else
      w.undefined.push_back("$" + name);
  }

  std::string_view t_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::map<std::string, std::string> vars_;
  long budget_ = 1000000;  // arithmetic steps for the whole script
};

}  // namespace

std::vector<ShellWord> shell_words(std::string_view text) { return Reader(text).words(); }

std::optional<long long> shell_arithmetic(const std::string& expression) {
  long budget = 1000000;
  return Arithmetic(expression, {}, budget).value();
}

}  // namespace atlas
