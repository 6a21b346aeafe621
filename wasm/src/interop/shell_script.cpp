// Runs a launch script's commands in the reader's head: assignments set variables, `export` and
// `declare` are assignments too, `eval` and `bash -c "…"` read their string as script, and of
// if / elif / else and case the branch the text decides is read. When the text cannot decide
// (a file test, an argument) the first branch is read and a note names the branches left out.
#include <algorithm>

#include "shell_tokens.hpp"

namespace atlas {

namespace {

using namespace shell;

std::string basename(const std::string& s) {
  const auto slash = s.find_last_of('/');
  return slash == std::string::npos ? s : s.substr(slash + 1);
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
    // Nesting is bounded: a text of a thousand nested ifs is refused, not a deep recursion.
    if (nest_ >= 64 && (keyword("if") || keyword("case") || keyword("for") || keyword("while") || keyword("until") ||
                        keyword("select"))) {
      out_.too_long = true;
      i_ = t_.size();
      return Truth::unknown;
    }
    ++nest_;
    const Truth t = compound(live);
    --nest_;
    return t;
  }

  Truth compound(bool live) {
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
    if (in_condition_) return Truth::unknown;  // an if inside a condition: not read twice over
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
          matches = matches || shell_glob(pattern.s, *subject);
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

  void assign(const Token& tok) {
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
      if (!in_condition_) assign(t_[k]);
    if (k == i_) return Truth::yes;
    const std::string head = t_[k].word.plain();
    if (head == "export" || head == "declare" || head == "typeset" || head == "local" || head == "readonly") {
      for (++k; k < i_; ++k)
        if (t_[k].kind == Tok::array || assignment_form(t_[k].word, name, append)) assign(t_[k]);
      return Truth::yes;
    }
    std::vector<Chars> words;
    for (; k < i_; ++k)
      for (auto& f : ex_.fields(t_[k].word)) words.push_back(std::move(f));
    if (words.empty()) return Truth::unknown;
    const std::string cmd = basename(words[0].s);
    if (cmd == "[" || cmd == "[[" || cmd == "test") return test_words(words);
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
    for (const auto& w : words) out_.commands.back().words.push_back(to_shell_word(w, ex_, out_.commands.back().line));
  }

 private:
  const std::vector<Token>& t_;
  Expander& ex_;
  ShellScript& out_;
  int depth_;
  std::size_t i_ = 0;
  bool in_condition_ = false;
  int nest_ = 0;
};

}  // namespace

void run_script(const std::vector<shell::Token>& tokens, shell::Expander& ex, ShellScript& out) {
  Runner(tokens, ex, out, 0).run();
}

}  // namespace atlas
