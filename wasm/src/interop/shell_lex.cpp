// The shell's words and operators as written, nothing expanded yet: quotes, $… expansions,
// continuations, comments (an #SBATCH line kept as a directive), redirections (their targets
// dropped), here-documents (skipped, and said so) and NAME=( … ) arrays.
#include <cctype>

#include "shell_tokens.hpp"

namespace atlas::shell {

Source Source::of(std::string_view text) {
  Source s{std::string(text), {}};
  s.lines.reserve(text.size());
  int line = 1;
  for (char c : text) {
    s.lines.push_back(line);
    if (c == '\n') ++line;
  }
  return s;
}

std::string Word::plain() const {
  std::string out;
  for (const auto& p : parts)
    if (p.kind != Part::literal || p.quoted)
      return "";
    else
      out += p.text;
  return out;
}

namespace {

bool blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }
bool meta(char c) {
  return blank(c) || c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')' || c == '<' || c == '>';
}

class Lexer {
 public:
  explicit Lexer(const Source& s) : s_(s), t_(s.text) {}

  Lexed run() {
    Lexed out;
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\\' && i_ + 1 < t_.size() && t_[i_ + 1] == '\n') {
        i_ += 2;
      } else if (blank(c)) {
        ++i_;
      } else if (c == '#') {
        comment(out);
      } else if (c == '\n') {
        op(out, Tok::newline, 1);
        heredocs(out);
      } else if (t_.compare(i_, 2, ";;") == 0) {
        op(out, Tok::case_end, 2);
      } else if (c == ';') {
        op(out, Tok::semi, 1);
      } else if (t_.compare(i_, 2, "&&") == 0) {
        op(out, Tok::and_if, 2);
      } else if (t_.compare(i_, 2, "||") == 0) {
        op(out, Tok::or_if, 2);
      } else if (t_.compare(i_, 2, "|&") == 0) {
        op(out, Tok::pipe, 2);
      } else if (c == '|') {
        op(out, Tok::pipe, 1);
      } else if (t_.compare(i_, 2, "&>") == 0) {
        i_ += t_.compare(i_, 3, "&>>") == 0 ? 3 : 2, target();
      } else if (c == '&') {
        op(out, Tok::amp, 1);
      } else if (c == '(') {
        op(out, Tok::open_paren, 1);
      } else if (c == ')') {
        op(out, Tok::close_paren, 1);
      } else if (c == '<' || c == '>' || redirect_number()) {
        redirect();
      } else {
        Token tok{Tok::word, word(false), {}, line()};
        tok.line = tok.word.line;
        const std::string plain = tok.word.plain();
        const auto eq = plain.find('=');
        if (i_ < t_.size() && t_[i_] == '(' && eq != std::string::npos && eq + 1 == plain.size() && eq > 0 &&
            is_name_start(plain[0])) {
          ++i_;
          tok.kind = Tok::array;
          tok.elements = elements();
        }
        out.tokens.push_back(std::move(tok));
      }
    }
    return out;
  }

  // An empty quoted part: '' and "" make a word even when nothing is inside them.
  static void quoted_mark(Word& w) { w.parts.push_back(Part{Part::literal, "", {}, true, false, false}); }

  Word word(bool in_default) {
    Word w;
    w.line = line();
    const std::size_t start = i_;
    auto literal = [&](char ch, int at, bool quoted, bool splittable = false) {
      if (w.parts.empty() || w.parts.back().kind != Part::literal || w.parts.back().quoted != quoted ||
          w.parts.back().splittable != splittable)
        w.parts.push_back(Part{Part::literal, "", {}, quoted, false, splittable});
      w.parts.back().text += ch;
      w.parts.back().lines.push_back(at);
    };
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (!in_default && meta(c)) break;
      if (c == '\\' && i_ + 1 < t_.size()) {
        if (t_[i_ + 1] != '\n') literal(t_[i_ + 1], line_at(i_ + 1), true);
        i_ += 2;
      } else if (c == '\'') {
        ++i_;
        quoted_mark(w);
        while (i_ < t_.size() && t_[i_] != '\'') literal(t_[i_], line_at(i_), true), ++i_;
        ++i_;
      } else if (c == '"') {
        ++i_;
        quoted_mark(w);
        while (i_ < t_.size() && t_[i_] != '"') {
          if (t_[i_] == '$' || t_[i_] == '`') {
            if (!dollar(w, true)) literal(t_[i_], line_at(i_), true), ++i_;
          } else if (t_[i_] == '\\' && i_ + 1 < t_.size() &&
                     std::string_view("$`\"\\\n").find(t_[i_ + 1]) != std::string_view::npos) {
            if (t_[i_ + 1] != '\n') literal(t_[i_ + 1], line_at(i_ + 1), true);
            i_ += 2;
          } else {
            literal(t_[i_], line_at(i_), true), ++i_;
          }
        }
        ++i_;
      } else if (c == '$' || c == '`') {
        if (!dollar(w, false)) literal(c, line_at(i_), true), ++i_;
      } else {
        literal(c, line_at(i_), false, in_default && (blank(c) || c == '\n'));
        ++i_;
      }
    }
    w.raw = t_.substr(start, std::min(i_, t_.size()) - start);
    return w;
  }

 private:
  int line() const { return line_at(i_); }
  int line_at(std::size_t at) const {
    if (s_.lines.empty()) return 1;
    return s_.lines[std::min(at, s_.lines.size() - 1)];
  }
  void op(Lexed& out, Tok kind, std::size_t n) {
    out.tokens.push_back(Token{kind, {}, {}, line()});
    i_ += n;
  }

  // From i_ (at an opener already passed) to the matching closer, quotes respected.
  std::string until_close(char open, char close) {
    int depth = 1;
    const std::size_t start = i_;
    while (i_ < t_.size()) {
      const char c = t_[i_];
      if (c == '\\') {
        i_ += 2;
        continue;
      }
      if (c == '\'' && open != '{') {
        const auto end = t_.find('\'', i_ + 1);
        i_ = end == std::string::npos ? t_.size() : end + 1;
        continue;
      }
      if (c == '"') {
        for (++i_; i_ < t_.size() && t_[i_] != '"'; ++i_)
          if (t_[i_] == '\\') ++i_;
        ++i_;
        continue;
      }
      if (c == open) ++depth;
      if (c == close && --depth == 0) break;
      ++i_;
    }
    const std::string inside = t_.substr(start, std::min(i_, t_.size()) - start);
    if (i_ < t_.size()) ++i_;
    return inside;
  }

  // $NAME, ${…}, $(…), $((…)) or `…` at i_; false when the $ is a plain character.
  bool dollar(Word& w, bool quoted) {
    const int at = line();
    Part p{Part::param, "", {at}, quoted, false, false};
    if (t_[i_] == '`') {
      const auto end = t_.find('`', i_ + 1);
      const std::size_t stop = end == std::string::npos ? t_.size() : end;
      p.kind = Part::command, p.text = t_.substr(i_ + 1, stop - i_ - 1), i_ = stop + 1;
    } else if (t_.compare(i_, 3, "$((") == 0) {
      i_ += 3;
      p.kind = Part::arithmetic, p.text = until_close('(', ')');
      if (i_ < t_.size() && t_[i_] == ')') ++i_;
    } else if (t_.compare(i_, 2, "$(") == 0) {
      i_ += 2;
      p.kind = Part::command, p.text = until_close('(', ')');
    } else if (t_.compare(i_, 2, "${") == 0) {
      i_ += 2;
      p.braced = true, p.text = until_close('{', '}');
    } else if (i_ + 1 < t_.size() && is_name_start(t_[i_ + 1])) {
      for (++i_; i_ < t_.size() && is_name_char(t_[i_]); ++i_) p.text += t_[i_];
    } else if (i_ + 1 < t_.size() && std::string_view("0123456789@*#?$!").find(t_[i_ + 1]) != std::string_view::npos) {
      p.text = t_[i_ + 1], i_ += 2;
    } else {
      return false;
    }
    w.parts.push_back(std::move(p));
    return true;
  }

  void comment(Lexed& out) {
    const std::size_t start = i_;
    while (i_ < t_.size() && t_[i_] != '\n') ++i_;
    const bool line_start = start == 0 || t_[start - 1] == '\n';
    if (!line_start || t_.compare(start, 7, "#SBATCH") != 0) return;
    ShellCommand d{{}, line_at(start)};
    std::size_t at = start + 7;
    while (at < i_) {
      while (at < i_ && blank(t_[at])) ++at;
      std::size_t end = at;
      while (end < i_ && !blank(t_[end])) ++end;
      if (end > at) {
        if (t_[at] == '#') break;  // a comment after the directive
        ShellWord w;
        w.text = w.raw = t_.substr(at, end - at), w.line = d.line;
        d.words.push_back(std::move(w));
      }
      at = end;
    }
    out.sbatch.push_back(std::move(d));
  }

  bool redirect_number() const {
    std::size_t j = i_;
    while (j < t_.size() && std::isdigit(static_cast<unsigned char>(t_[j]))) ++j;
    return j > i_ && j < t_.size() && (t_[j] == '<' || t_[j] == '>') && (i_ == 0 || meta(t_[i_ - 1]));
  }

  void redirect() {
    while (i_ < t_.size() && std::isdigit(static_cast<unsigned char>(t_[i_]))) ++i_;
    if (t_.compare(i_, 3, "<<<") == 0) {
      i_ += 3, target();
    } else if (t_.compare(i_, 2, "<<") == 0) {
      i_ += 2;
      const bool strip_tabs = i_ < t_.size() && t_[i_] == '-';
      if (strip_tabs) ++i_;
      while (i_ < t_.size() && blank(t_[i_])) ++i_;
      std::string delimiter;
      for (const auto& p : word(false).parts) delimiter += p.kind == Part::literal ? p.text : "$" + p.text;
      pending_.push_back({delimiter, strip_tabs});
    } else {
      ++i_;
      if (i_ < t_.size() && (t_[i_] == '>' || t_[i_] == '&' || t_[i_] == '|')) ++i_;
      if (i_ < t_.size() && t_[i_ - 1] == '&' && (std::isdigit(static_cast<unsigned char>(t_[i_])) || t_[i_] == '-')) {
        ++i_;
        return;
      }
      target();
    }
  }
  void target() {
    while (i_ < t_.size() && blank(t_[i_])) ++i_;
    if (i_ < t_.size() && !meta(t_[i_])) word(false);
  }

  void heredocs(Lexed& out) {
    for (const auto& [delimiter, strip_tabs] : pending_) {
      const int first = line();
      int last = first;
      while (i_ < t_.size()) {
        const auto end = std::min(t_.find('\n', i_), t_.size());
        std::string_view row(t_.data() + i_, end - i_);
        last = line();
        i_ = end < t_.size() ? end + 1 : end;
        if (strip_tabs)
          while (!row.empty() && row.front() == '\t') row.remove_prefix(1);
        if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
        if (row == delimiter) break;
      }
      out.notes.push_back(ShellNote{"heredoc_skipped",
                                    "a here-document (<<" + delimiter + ", lines " + std::to_string(first) + "–" +
                                        std::to_string(last) + ") is text for another program; it is not read.",
                                    first});
      out.tokens.push_back(Token{Tok::newline, {}, {}, last});
    }
    pending_.clear();
  }

  std::vector<Word> elements() {
    std::vector<Word> out;
    while (i_ < t_.size() && t_[i_] != ')') {
      const char c = t_[i_];
      if (blank(c) || c == '\n') {
        ++i_;
      } else if (c == '\\' && i_ + 1 < t_.size() && t_[i_ + 1] == '\n') {
        i_ += 2;
      } else if (c == '#') {
        while (i_ < t_.size() && t_[i_] != '\n') ++i_;
      } else if (meta(c)) {
        ++i_;  // stray operators inside ( … ) are not elements
      } else {
        out.push_back(word(false));
      }
    }
    if (i_ < t_.size()) ++i_;
    return out;
  }

  const Source& s_;
  const std::string& t_;
  std::size_t i_ = 0;
  std::vector<std::pair<std::string, bool>> pending_;  // here-document delimiters awaiting the next line
};

}  // namespace

Lexed lex(const Source& source) { return Lexer(source).run(); }

Word lex_default(const std::string& text, int line) {
  Source s{text, std::vector<int>(text.size(), line)};
  Lexer lexer(s);
  Word w = lexer.word(true);
  w.line = line;
  return w;
}

}  // namespace atlas::shell
