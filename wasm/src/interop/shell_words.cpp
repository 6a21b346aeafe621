// Expansion as the shell does it, with nothing executed: $NAME and ${NAME…} with defaults,
// arrays ("${A[@]}" keeps each element whole, ${A[@]} splits them), $(( … )) arithmetic, and
// field splitting of unquoted expansions only. A command substitution, a positional argument
// or an unset variable stays an unknown value, remembered by how it was written.
#include <cctype>
#include <cmath>

#include "shell_tokens.hpp"

namespace atlas::shell {

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

using Lookup = std::function<std::optional<std::string>(const std::string&)>;

// Integer arithmetic: + - * / % and parentheses on literals and bare names.
class Arithmetic {
  // Operands have at most 15 digits and results stay within ±1e15, so no product overflows.
  static constexpr long long kLimit = 1000000000000000LL;

 public:
  Arithmetic(const std::string& text, const Lookup& lookup, long& budget, int nesting = 0)
      : s_(text), lookup_(lookup), budget_(budget), nesting_(nesting) {}
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
    if (s_[i_] == '-' || s_[i_] == '+') {
      const bool minus = s_[i_++] == '-';
      const auto v = atom(depth + 1);
      return v ? std::optional<long long>(minus ? -*v : *v) : std::nullopt;
    }
    if (is_name_start(s_[i_])) {  // a bare variable name, as $(( GPUS * NODES )) allows
      std::size_t j = i_;
      while (j < s_.size() && is_name_char(s_[j])) ++j;
      const auto text = lookup_(s_.substr(i_, j - i_));
      i_ = j;
      if (!text) return std::nullopt;
      return Arithmetic(*text, lookup_, budget_, nesting_ + depth + 1).value();  // a name may hold an expression
    }
    long long v = 0;
    const std::size_t start = i_;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_])) && i_ - start < 15)
      v = v * 10 + (s_[i_++] - '0');
    if (i_ == start) return std::nullopt;
    return v;
  }

  const std::string& s_;
  const Lookup& lookup_;
  long& budget_;
  int nesting_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<long long> arithmetic(const std::string& expression, const Lookup& lookup, long& budget) {
  return Arithmetic(expression, lookup, budget).value();
}

void Chars::push(char c, int at, bool splits, int unknown_id) {
  s += c;
  line.push_back(at);
  split.push_back(splits ? 1 : 0);
  unknown.push_back(unknown_id);
}

void Chars::append(const Chars& other, bool splits) {
  for (std::size_t k = 0; k < other.s.size(); ++k)
    push(other.s[k], other.line[k], splits && other.unknown[k] <= 0, other.unknown[k]);
}

std::optional<std::string> Expander::value_of(const std::string& name) const {
  const auto it = vars.find(name);
  if (it == vars.end() || it->second.values.empty()) return std::nullopt;
  const Chars& c = it->second.values.front();
  for (int u : c.unknown)
    if (u > 0) return std::nullopt;
  return c.s;
}

void Expander::assign(const std::string& name, std::vector<Chars> values, bool array, bool append, int line) {
  Variable& v = vars[name];
  if (append && !v.values.empty()) {
    if (array || v.array)
      for (auto& c : values) v.values.push_back(std::move(c));
    else if (!values.empty())
      v.values.front().append(values.front(), false);
    v.array = v.array || array;
  } else {
    v.values = std::move(values);
    v.array = array;
  }
  v.line = line, v.used = false, v.flags = false;
  for (const auto& c : v.values)
    for (std::size_t k = 0; k + 1 < c.s.size() && !v.flags; ++k)
      v.flags = c.s[k] == '-' && c.s[k + 1] == '-' && (k == 0 || is_blank(c.s[k - 1])) && c.unknown[k] <= 0;
}

void Expander::unknown(const std::string& written, int line, std::vector<Chars>& out) {
  unknowns.push_back(written);
  const int id = static_cast<int>(unknowns.size());
  for (char c : written) out.back().push(c, line, false, id);  // stands whole in its place, never split
}

void Expander::param(const Part& p, std::vector<Chars>& out, bool& quoted_seen) {
  const int line = p.lines.empty() ? 0 : p.lines[0];
  const std::string written = p.braced ? "${" + p.text + "}" : "$" + p.text;
  if (p.kind == Part::command) return unknown("$(" + p.text + ")", line, out);
  if (p.kind == Part::arithmetic) {
    std::string expr;
    bool opaque = false;
    for (std::size_t k = 0; k < p.text.size(); ++k) {
      const char c = p.text[k];
      if (c == '$' && k + 1 < p.text.size() && !is_name_start(p.text[k + 1]) && p.text[k + 1] != '{') opaque = true;
      if (c == '$' && k + 2 < p.text.size() && p.text[k + 1] == '{' && !is_name_start(p.text[k + 2])) opaque = true;
      expr += c == '$' || c == '{' || c == '}' ? ' ' : c;
    }
    const auto v = opaque ? std::nullopt
                          : arithmetic(
                                expr, [this](const std::string& n) { return value_of(n); }, arithmetic_budget_);
    if (!v) return unknown("$((" + p.text + "))", line, out);
    for (char c : std::to_string(*v)) out.back().push(c, line, !p.quoted);
    if (p.quoted) quoted_seen = true;
    return;
  }
  // ${#NAME}, ${NAME[@]}, ${NAME:-word} and their kin; other operators leave the value unknown.
  const std::string& t = p.text;
  std::size_t k = 0;
  const bool length = p.braced && t.size() > 1 && t[0] == '#';
  if (length) k = 1;
  std::string name;
  if (k < t.size() && is_name_start(t[k]))
    while (k < t.size() && is_name_char(t[k])) name += t[k++];
  else if (k < t.size())
    name = t[k++];
  std::string subscript;
  if (p.braced && k < t.size() && t[k] == '[') {
    const auto close = t.find(']', k);
    if (close == std::string::npos) return unknown(written, line, out);
    subscript = t.substr(k + 1, close - k - 1), k = close + 1;
  }
  std::string op, word;
  if (p.braced && k < t.size()) {
    const std::size_t n = t[k] == ':' && k + 1 < t.size() ? 2 : 1;
    op = t.substr(k, n), word = t.substr(k + n);
    if (op != ":-" && op != "-" && op != ":=" && op != "=" && op != ":+" && op != "+" && op != ":?" && op != "?")
      return unknown(written, line, out);
  }
  auto it = vars.find(name);
  const bool set = it != vars.end();
  const bool empty = set && (it->second.values.empty() || (!it->second.array && it->second.values[0].s.empty()));
  const bool colon = !op.empty() && op[0] == ':';
  const char kind = op.empty() ? 0 : op.back();
  if (kind == '-' || kind == '=' || kind == '+') {
    const bool use_word = kind == '+' ? set && !(colon && empty) : !set || (colon && empty);
    if (kind == '+' && !use_word) return;
    if (use_word) {
      if (set) it->second.used = true;
      if (default_depth_ >= 16) return unknown(written, line, out);  // ${A:-${B:-${C:-…}}} bounded
      const Word w = lex_default(word, line);
      std::vector<Chars> parts(1);
      bool seen = false;
      ++default_depth_;
      expand(w, parts, seen);
      --default_depth_;
      if (seen && p.quoted) quoted_seen = true;
      // The default of an unset variable is known but remembered as a default (a negative id),
      // so a GPU count that rests on one can say so.
      int defaulted = 0;
      if (!set) unknowns.push_back(written), defaulted = -static_cast<int>(unknowns.size());
      for (std::size_t e = 0; e < parts.size(); ++e) {
        if (e > 0) out.back().push(' ', line, !p.quoted, defaulted);
        for (std::size_t c = 0; c < parts[e].s.size(); ++c)
          out.back().push(parts[e].s[c], parts[e].line[c], !p.quoted && parts[e].split[c],
                          parts[e].unknown[c] != 0 ? parts[e].unknown[c] : defaulted);
      }
      if (kind == '=' && !p.quoted) assign(name, {out.back()}, false, false, line);
      return;
    }
  }
  if (!set) return unknown(written, line, out);
  Variable& v = it->second;
  v.used = true;
  if (length) {
    const std::size_t n =
        subscript == "@" || subscript == "*" ? v.values.size() : (v.values.empty() ? 0 : v.values[0].s.size());
    for (char c : std::to_string(n)) out.back().push(c, line, false);
    return;
  }
  if (subscript == "@" || subscript == "*") {
    for (std::size_t e = 0; e < v.values.size(); ++e) {
      if (e > 0) {
        if (p.quoted && subscript == "@")
          out.emplace_back();  // "${A[@]}": each element its own word
        else
          out.back().push(' ', line, !p.quoted);
      }
      out.back().append(v.values[e], !p.quoted);
    }
    if (p.quoted && !v.values.empty()) quoted_seen = true;
    return;
  }
  std::size_t index = 0;
  if (!subscript.empty()) {
    const auto at = arithmetic(
        subscript, [this](const std::string& n) { return value_of(n); }, arithmetic_budget_);
    if (!at || *at < 0) return unknown(written, line, out);
    index = static_cast<std::size_t>(*at);
  }
  if (index < v.values.size()) out.back().append(v.values[index], !p.quoted);
  if (p.quoted) quoted_seen = true;
}

void Expander::expand(const Word& w, std::vector<Chars>& out, bool& quoted_seen) {
  for (const auto& p : w.parts) {
    if (budget_ <= 0) return;
    if (p.kind == Part::literal) {
      for (std::size_t k = 0; k < p.text.size(); ++k) out.back().push(p.text[k], p.lines[k], p.splittable);
      if (p.quoted) quoted_seen = true;
    } else {
      const std::size_t before = out.back().s.size();
      param(p, out, quoted_seen);
      budget_ -= static_cast<long>(out.back().s.size() - std::min(before, out.back().s.size())) + 1;
    }
  }
}

std::vector<Chars> Expander::fields(const Word& w) {
  std::vector<Chars> joined(1), out;
  bool quoted_seen = false;
  expand(w, joined, quoted_seen);
  for (const auto& field : joined) {
    Chars piece;
    bool produced = false;
    for (std::size_t k = 0; k < field.s.size(); ++k) {
      if (field.split[k] && is_blank(field.s[k])) {
        if (!piece.s.empty()) out.push_back(std::move(piece)), piece = Chars{}, produced = true;
        continue;
      }
      piece.push(field.s[k], field.line[k], false, field.unknown[k]);
    }
    if (!piece.s.empty() || (!produced && quoted_seen)) out.push_back(std::move(piece));
  }
  return out;
}

Chars Expander::scalar(const Word& w) {
  std::vector<Chars> joined(1);
  bool quoted_seen = false;
  expand(w, joined, quoted_seen);
  Chars out;
  for (std::size_t e = 0; e < joined.size(); ++e) {
    if (e > 0) out.push(' ', w.line, false);
    out.append(joined[e], false);
  }
  return out;
}

}  // namespace atlas::shell

namespace atlas {

std::optional<long long> shell_arithmetic(const std::string& expression) {
  long budget = 1000000;
  return shell::arithmetic(
      expression, [](const std::string&) { return std::optional<std::string>(); }, budget);
}

}  // namespace atlas
