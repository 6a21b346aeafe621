// The shell reader's entry points (read_shell_script, shell_words), the #SBATCH options, and the
// pieces the runner (shell_script.cpp) asks of it: [ … ] tests and glob patterns.
#include <algorithm>
#include <cctype>

#include "shell_tokens.hpp"

namespace atlas {

using namespace shell;

namespace {}  // namespace

namespace shell {

// A case pattern or [[ == ]] right side: * and ? (no brackets), matched greedily with one
// backtrack point, so no pattern costs more than pattern × text steps.
bool shell_glob(const std::string& pattern, const std::string& text) {
  std::size_t p = 0, t = 0, star = std::string::npos, resume = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p, ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++, resume = t;
    } else if (star != std::string::npos) {
      p = star + 1, t = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

Truth test_words(std::vector<Chars> w) {
  if (!w.empty() && (w.back().s == "]" || w.back().s == "]]")) w.pop_back();
  w.erase(w.begin());
  bool negate = false;
  if (!w.empty() && w[0].s == "!") negate = true, w.erase(w.begin());
  for (const auto& c : w)
    if (!known(c)) return Truth::unknown;
  auto number = [](const std::string& s, long long& v) {
    char* end = nullptr;
    v = std::strtoll(s.c_str(), &end, 10);
    return !s.empty() && end == s.c_str() + s.size();
  };
  Truth r = Truth::unknown;
  if (w.size() == 1) {
    r = w[0].s.empty() ? Truth::no : Truth::yes;
  } else if (w.size() == 2 && (w[0].s == "-z" || w[0].s == "-n")) {
    r = (w[1].s.empty() == (w[0].s == "-z")) ? Truth::yes : Truth::no;
  } else if (w.size() == 3) {
    const std::string& op = w[1].s;
    long long a = 0, b = 0;
    if (op == "=" || op == "==") r = shell_glob(w[2].s, w[0].s) ? Truth::yes : Truth::no;
    if (op == "!=") r = shell_glob(w[2].s, w[0].s) ? Truth::no : Truth::yes;
    if (op.size() == 3 && op[0] == '-' && number(w[0].s, a) && number(w[2].s, b)) {
      const std::string o = op.substr(1);
      const bool v = o == "eq"   ? a == b
                     : o == "ne" ? a != b
                     : o == "lt" ? a < b
                     : o == "le" ? a <= b
                     : o == "gt" ? a > b
                                 : a >= b;
      if (o == "eq" || o == "ne" || o == "lt" || o == "le" || o == "gt" || o == "ge") r = v ? Truth::yes : Truth::no;
    }
  }
  if (negate && r != Truth::unknown) r = r == Truth::yes ? Truth::no : Truth::yes;
  return r;
}

}  // namespace shell

ShellWord to_shell_word(const Chars& c, const Expander& ex, int fallback_line) {
  ShellWord w;
  w.text = w.raw = c.s;
  w.line = c.line.empty() ? fallback_line : c.line[0];
  for (int u : c.unknown) {
    auto& list = u > 0 ? w.undefined : w.defaulted;
    const std::string& what = ex.unknowns[static_cast<std::size_t>(u > 0 ? u : -u) - 1];
    if (u && std::find(list.begin(), list.end(), what) == list.end()) list.push_back(what);
  }
  return w;
}

std::string why_unknown(const std::string& written) {
  if (written.rfind("$(", 0) == 0 && written.rfind("$((", 0) != 0)
    return written + " is a command's output, which the reader does not run";
  if (written.rfind("$((", 0) == 0) return written + " names a value the pasted text does not set";
  const std::size_t at = written.rfind("${", 0) == 0 ? 2 : 1;
  if (at < written.size() &&
      (std::isdigit(static_cast<unsigned char>(written[at])) || written[at] == '@' || written[at] == '*'))
    return written + " is an argument the script is run with, not in the pasted text";
  return written + " is not set in the pasted text";
}

std::vector<std::pair<std::string, std::string>> sbatch_options(const ShellCommand& directive) {
  static const std::pair<const char*, const char*> kShort[] = {{"-N", "nodes"}, {"-n", "ntasks"}, {"-G", "gpus"}};
  std::vector<std::pair<std::string, std::string>> out;
  const auto& w = directive.words;
  for (std::size_t k = 0; k < w.size(); ++k) {
    const std::string& t = w[k].text;
    if (t.rfind("--", 0) == 0) {
      const auto eq = t.find('=');
      if (eq != std::string::npos)
        out.emplace_back(t.substr(2, eq - 2), t.substr(eq + 1));
      else if (k + 1 < w.size() && w[k + 1].text[0] != '-')
        out.emplace_back(t.substr(2), w[++k].text);
      continue;
    }
    for (const auto& [flag, name] : kShort)
      if (t.rfind(flag, 0) == 0) {
        if (t.size() > 2)
          out.emplace_back(name, t.substr(t[2] == '=' ? 3 : 2));
        else if (k + 1 < w.size())
          out.emplace_back(name, w[++k].text);
      }
  }
  return out;
}

ShellScript read_shell_script(std::string_view text) {
  ShellScript out;
  const Source source = Source::of(text);
  const Lexed lexed = lex(source);
  out.sbatch = lexed.sbatch;
  out.notes = lexed.notes;
  Expander ex;
  // Slurm sets these from the job's directives (sbatch's OUTPUT ENVIRONMENT VARIABLES), so
  // `--nnodes $SLURM_NNODES` reads the #SBATCH --nodes above it.
  for (const auto& d : out.sbatch)
    for (const auto& option : sbatch_options(d)) {
      // Not a structured binding: clang 14 (emcc 3.1.6) cannot capture one in a lambda.
      const std::string& name = option.first;
      const std::string& value = option.second;
      auto seed = [&](const char* var) {
        Chars c;
        for (char ch : value) c.push(ch, d.line, false);
        ex.assign(var, {c}, false, false, d.line);
      };
      if (name == "nodes") seed("SLURM_NNODES"), seed("SLURM_JOB_NUM_NODES");
      if (name == "ntasks-per-node") seed("SLURM_NTASKS_PER_NODE");
      if (name == "gpus-per-node") seed("SLURM_GPUS_PER_NODE");
      if (name == "ntasks") seed("SLURM_NTASKS");
    }
  run_script(lexed.tokens, ex, out);
  out.too_long = out.too_long || ex.exhausted();
  // Flags set aside in a string or array that no command expanded: a pasted excerpt without
  // its launch line. Their words are read where they were written.
  std::vector<std::pair<int, std::string>> order;
  for (const auto& [name, v] : ex.vars)
    if (v.flags && !v.used) order.emplace_back(v.line, name);
  std::sort(order.begin(), order.end());
  for (const auto& [line, name] : order) {
    ShellCommand c{{}, line};
    for (const auto& value : ex.vars[name].values) {
      Chars piece;
      for (std::size_t k = 0; k <= value.s.size(); ++k) {
        if (k == value.s.size() ||
            ((value.s[k] == ' ' || value.s[k] == '\t' || value.s[k] == '\n') && value.unknown[k] <= 0)) {
          if (!piece.s.empty()) c.words.push_back(to_shell_word(piece, ex, line)), piece = Chars{};
          continue;
        }
        piece.push(value.s[k], value.line[k], false, value.unknown[k]);
      }
    }
    out.unused.push_back(std::move(c));
  }
  return out;
}

std::vector<ShellWord> shell_words(std::string_view text) {
  const ShellScript script = read_shell_script(text);
  std::vector<ShellWord> out;
  for (const auto* list : {&script.commands, &script.unused})
    for (const auto& c : *list) {
      for (const auto& w : c.words) out.push_back(w);
      ShellWord boundary;
      boundary.boundary = true, boundary.line = c.line;
      out.push_back(boundary);
    }
  return out;
}

}  // namespace atlas
