// Runs a launch script's commands in the reader's head: assignments set variables, `export` and
// `declare` are assignments too, `eval` and `bash -c "…"` read their string as script, and of
// if / elif / else and case the branch the text decides is read. When the text cannot decide
// (a file test, an argument) the first branch is read and a note names the branches left out.
#include <algorithm>

#include "shell_tokens.hpp"

namespace atlas {

namespace {

using namespace shell;

enum class Truth { no, yes, unknown };

bool glob(const std::string& pattern, const std::string& text, std::size_t p = 0, std::size_t t = 0) {
  for (; p < pattern.size(); ++p, ++t) {
    if (pattern[p] == '*') {
      for (std::size_t k = t; k <= text.size(); ++k)
        if (glob(pattern, text, p + 1, k)) return true;
      return false;
    }
    if (t >= text.size() || (pattern[p] != '?' && pattern[p] != text[t])) return false;
  }
  return t == text.size();
}

std::string basename(const std::string& s) {
  const auto slash = s.find_last_of('/');
  return slash == std::string::npos ? s : s.substr(slash + 1);
}

bool known(const Chars& c) {
  return std::none_of(c.unknown.begin(), c.unknown.end(), [](int u) { return u != 0; });
}

class Runner {
 public:
  Runner(const std::vector<Token>& tokens, Expander& ex, ShellScript& out, int depth)
      : t_(tokens), ex_(ex), out_(out), depth_(depth) {}

  void run() {
    while (i_ < t_.size()) {
      list({}, true);
      if (i_ < t_.size()) ++i_;  // a keyword or ) out of place: step over it
    }
  }

 private:
  bool keyword(const char* k) const { return i_ < t_.size() && t_[i_].kind == Tok::word && t_[i_].word.plain() == k; }
  int line() const { return i_ < t_.size() ? t_[i_].line : (t_.empty() ? 0 : t_.back().line); }

  // Commands until one of `stops` (a keyword at a command's start, or ")" / ";;"), not consumed.
  Truth list(std::initializer_list<const char*> stops, bool live) {
    Truth acc = Truth::unknown;
    Tok pending = Tok::newline;
    while (i_ < t_.size() && !ex_.exhausted()) {
      const Token& tok = t_[i_];
      if (tok.kind == Tok::newline || tok.kind == Tok::semi || tok.kind == Tok::amp) {
        ++i_, pending = Tok::newline;
        continue;
      }
      if (tok.kind == Tok::and_if || tok.kind == Tok::or_if || tok.kind == Tok::pipe) {
        ++i_, pending = tok.kind;
        continue;
      }
      if (tok.kind == Tok::close_paren || tok.kind == Tok::case_end) {
        for (const char* s : stops)
          if ((tok.kind == Tok::close_paren ? std::string(")") : std::string(";;")) == s) return acc;
        ++i_;
        continue;
      }
      if (tok.kind == Tok::open_paren) {
        ++i_;
        continue;
      }
      for (const char* s : stops)
        if (keyword(s)) return acc;
      const bool skip = (pending == Tok::and_if && acc == Truth::no) || (pending == Tok::or_if && acc == Truth::yes);
      const Truth r = command(live && !skip);
      if (!skip) {
        if (pending == Tok::and_if)
          acc = acc == Truth::yes ? r : (r == Truth::no ? Truth::no : Truth::unknown);
        else if (pending == Tok::or_if)
          acc = acc == Truth::no ? r : (r == Truth::yes ? Truth::yes : Truth::unknown);
        else
          acc = r;
      }
      pending = Tok::newline;
    }
    return acc;
  }

  Truth command(bool live) {
    if (keyword("if")) return if_clause(live);
    if (keyword("case")) return case_clause(live);
    if (keyword("for") || keyword("select") || keyword("while") || keyword("until")) return loop(live);
    if (keyword("function")) {
      i_ += 2;
      return Truth::unknown;
    }
    for (const char* k : {"{", "}", "!", "then", "do", "done", "fi", "esac", "else", "elif", "in"})
      if (keyword(k)) {
        ++i_;
        return Truth::unknown;
      }
    return simple(live);
  }

  // The branches of an if: the first whose condition holds, or cannot be decided.
  Truth if_clause(bool live) {
    const int start = line();
    bool taken = false, guessed = false;
    int taken_line = 0;
    std::string condition;
    std::vector<int> left_out;
    for (bool first = true;; first = false) {
      const bool is_else = !first && keyword("else");
      ++i_;  // if / elif / else
      const int branch_line = line();
      Truth holds = Truth::yes;
      if (!is_else) {
        const std::size_t from = i_;
        holds = list({"then"}, false);
        if (live && !taken) holds = condition_truth(from);
        if (holds == Truth::unknown && live && !taken) {
          for (std::size_t k = from; k < i_; ++k)
            if (t_[k].kind == Tok::word) condition += (condition.empty() ? "" : " ") + t_[k].word.raw;
        }
        if (keyword("then")) ++i_;
      }
      const bool run_it = live && !taken && holds != Truth::no;
      if (run_it) {
        taken = true, taken_line = branch_line;
        if (holds == Truth::unknown) guessed = true;
      } else if (live) {
        left_out.push_back(branch_line);
      }
      list({"elif", "else", "fi"}, run_it);
      if (keyword("fi") || i_ >= t_.size()) break;
    }
    if (i_ < t_.size()) ++i_;
    if (guessed && !left_out.empty()) note_branch(start, "if " + condition, taken_line, left_out);
    return Truth::unknown;
  }

  // The condition between `if` and `then`, read again with its tests evaluated.
  Truth condition_truth(std::size_t from) {
    const std::size_t end = i_;
    i_ = from;
    in_condition_ = true;
    const Truth t = list({"then"}, true);
    in_condition_ = false;
    i_ = end;
    return t;
  }

  Truth case_clause(bool live) {
    const int start = line();
    ++i_;
    std::optional<std::string> subject;
    std::string written;
    if (i_ < t_.size() && t_[i_].kind == Tok::word) {
      written = t_[i_].word.raw;
      if (live) {
        const Chars c = ex_.scalar(t_[i_].word);
        if (known(c)) subject = c.s;
      }
      ++i_;
    }
    while (i_ < t_.size() && t_[i_].kind == Tok::newline) ++i_;
    if (keyword("in")) ++i_;
    bool taken = false, guessed = false;
    int taken_line = 0;
    std::vector<int> left_out;
    while (i_ < t_.size() && !keyword("esac")) {
      if (t_[i_].kind == Tok::newline || t_[i_].kind == Tok::open_paren) {
        ++i_;
        continue;
      }
      const int branch_line = line();
      bool matches = false;
      while (i_ < t_.size() && t_[i_].kind != Tok::close_paren && t_[i_].kind != Tok::newline) {
        if (t_[i_].kind == Tok::word && subject && live) {
          const Chars pattern = ex_.scalar(t_[i_].word);
          matches = matches || glob(pattern.s, *subject);
        }
        ++i_;
      }
      if (i_ < t_.size() && t_[i_].kind == Tok::close_paren) ++i_;
      const bool run_it = live && !taken && (matches || !subject);
      if (run_it) {
        taken = true, taken_line = branch_line;
        if (!subject) guessed = true;
      } else if (live) {
        left_out.push_back(branch_line);
      }
      list({";;", "esac"}, run_it);
      if (i_ < t_.size() && t_[i_].kind == Tok::case_end) ++i_;
    }
    if (i_ < t_.size()) ++i_;
    if (guessed && !left_out.empty()) note_branch(start, "case " + written, taken_line, left_out);
    return Truth::unknown;
  }

  // A loop's body is read once: launch scripts loop over hosts or retries, not over flags.
  Truth loop(bool live) {
    const bool is_for = keyword("for") || keyword("select");
    ++i_;
    if (is_for && i_ < t_.size() && t_[i_].kind == Tok::word) {
      const std::string name = t_[i_].word.plain();
      ++i_;
      if (keyword("in")) {
        ++i_;
        if (live && i_ < t_.size() && t_[i_].kind == Tok::word && !name.empty()) {
          auto first = ex_.fields(t_[i_].word);
          if (!first.empty()) ex_.assign(name, {first.front()}, false, false, t_[i_].line);
        }
      }
    }
    while (i_ < t_.size() && !keyword("do")) ++i_;
    if (i_ < t_.size()) ++i_;
    list({"done"}, live);
    if (i_ < t_.size()) ++i_;
    return Truth::unknown;
  }

  void note_branch(int line, const std::string& what, int taken, const std::vector<int>& left_out) {
    std::string others;
    for (int l : left_out) others += (others.empty() ? "" : ", ") + std::to_string(l);
    out_.notes.push_back(ShellNote{"branch_guessed",
                                   "the text does not decide `" + what + "`; the branch at line " +
                                       std::to_string(taken) + " is read, the one(s) at line " + others + " are not.",
                                   line});
  }

  static bool assignment_form(const Word& w, std::string& name, bool& append) {
    if (w.parts.empty() || w.parts[0].kind != Part::literal || w.parts[0].quoted) return false;
    const std::string& t = w.parts[0].text;
    const auto eq = t.find('=');
    if (eq == std::string::npos || eq == 0) return false;
    append = t[eq - 1] == '+';
    name = t.substr(0, append ? eq - 1 : eq);
    if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) return false;
    return std::all_of(name.begin(), name.end(),
                       [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
  }

  void assign(const Token& tok, bool declared) {
    std::string name;
    bool append = false;
    if (!assignment_form(tok.word, name, append)) return;
    if (tok.kind == Tok::array) {
      std::vector<Chars> values;
      for (const auto& e : tok.elements)
        for (auto& f : ex_.fields(e)) values.push_back(std::move(f));
      ex_.assign(name, std::move(values), true, append, tok.line);
    } else {
      Word value = tok.word;
      Part& head = value.parts[0];
      const auto cut = head.text.find('=') + 1;
      head.text.erase(0, cut), head.lines.erase(head.lines.begin(), head.lines.begin() + static_cast<long>(cut));
      if (head.text.empty() && value.parts.size() == 1) head.quoted = true;
      ex_.assign(name, {ex_.scalar(value)}, false, append, tok.line);
    }
    const Variable& v = ex_.vars[name];
    std::string text;
    bool ok = true;
    for (const auto& c : v.values) text += (text.empty() ? "" : " ") + c.s, ok = ok && known(c);
    out_.assignments.push_back(ShellAssignment{name, ok ? text : "", ok, tok.line});
    (void)declared;
  }

  Truth simple(bool live) {
    const std::size_t from = i_;
    while (i_ < t_.size() && (t_[i_].kind == Tok::word || t_[i_].kind == Tok::array)) ++i_;
    if (from + 1 < t_.size() && i_ == from + 1 && t_[i_].kind == Tok::open_paren && i_ + 1 < t_.size() &&
        t_[i_ + 1].kind == Tok::close_paren) {
      i_ += 2;  // name() { … }: the body is read where it stands
      return Truth::unknown;
    }
    if (!live || i_ == from) return Truth::unknown;
    std::size_t k = from;
    std::string name;
    bool append = false;
    for (; k < i_ && (t_[k].kind == Tok::array || assignment_form(t_[k].word, name, append)); ++k)
      if (!in_condition_) assign(t_[k], false);
    if (k == i_) return Truth::yes;
    const std::string head = t_[k].word.plain();
    if (head == "export" || head == "declare" || head == "typeset" || head == "local" || head == "readonly") {
      for (++k; k < i_; ++k)
        if (t_[k].kind == Tok::array || assignment_form(t_[k].word, name, append)) assign(t_[k], true);
      return Truth::yes;
    }
    std::vector<Chars> words;
    for (; k < i_; ++k)
      for (auto& f : ex_.fields(t_[k].word)) words.push_back(std::move(f));
    if (words.empty()) return Truth::unknown;
    const std::string cmd = basename(words[0].s);
    if (cmd == "[" || cmd == "[[" || cmd == "test") return test(words);
    if (cmd == "true" || cmd == ":") return Truth::yes;
    if (cmd == "false") return Truth::no;
    if (in_condition_) return Truth::unknown;
    if (cmd == "source" || cmd == ".") {
      out_.sourced.emplace_back(words.size() > 1 ? words[1].s : "", words[0].line.empty() ? 0 : words[0].line[0]);
      return Truth::unknown;
    }
    if (cmd == "eval") {
      Chars script;
      for (std::size_t w = 1; w < words.size(); ++w) {
        if (w > 1) script.push(' ', script.line.empty() ? 0 : script.line.back(), false);
        script.append(words[w], false);
      }
      nested(script);
      return Truth::unknown;
    }
    for (std::size_t w = 0; w + 2 < words.size(); ++w) {
      const std::string b = basename(words[w].s);
      if ((b == "bash" || b == "sh" || b == "zsh") && words[w + 1].s == "-c") {
        emit(std::vector<Chars>(words.begin(), words.begin() + static_cast<long>(w)));
        nested(words[w + 2]);
        return Truth::unknown;
      }
    }
    emit(words);
    return Truth::unknown;
  }

  void nested(const Chars& script) {
    if (depth_ >= 8) return;
    Source s{script.s, script.line};
    const Lexed lexed = lex(s);
    Runner(lexed.tokens, ex_, out_, depth_ + 1).run();
  }

  void emit(const std::vector<Chars>& words) {
    if (words.empty()) return;
    out_.commands.push_back(ShellCommand{{}, words[0].line.empty() ? 0 : words[0].line[0]});
    for (const auto& w : words) out_.commands.back().words.push_back(to_word(w, ex_, out_.commands.back().line));
  }

 public:
  static ShellWord to_word(const Chars& c, const Expander& ex, int fallback_line) {
    ShellWord w;
    w.text = w.raw = c.s;
    w.line = c.line.empty() ? fallback_line : c.line[0];
    for (int u : c.unknown)
      if (u && std::find(w.undefined.begin(), w.undefined.end(), ex.unknowns[u - 1]) == w.undefined.end())
        w.undefined.push_back(ex.unknowns[u - 1]);
    return w;
  }

 private:
  Truth test(std::vector<Chars> w) {
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
      if (op == "=" || op == "==") r = glob(w[2].s, w[0].s) ? Truth::yes : Truth::no;
      if (op == "!=") r = glob(w[2].s, w[0].s) ? Truth::no : Truth::yes;
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

  const std::vector<Token>& t_;
  Expander& ex_;
  ShellScript& out_;
  int depth_;
  std::size_t i_ = 0;
  bool in_condition_ = false;
};

}  // namespace

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
    for (const auto& [name, value] : sbatch_options(d)) {
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
  Runner(lexed.tokens, ex, out, 0).run();
  out.too_long = ex.exhausted();
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
            ((value.s[k] == ' ' || value.s[k] == '\t' || value.s[k] == '\n') && !value.unknown[k])) {
          if (!piece.s.empty()) c.words.push_back(Runner::to_word(piece, ex, line)), piece = Chars{};
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
