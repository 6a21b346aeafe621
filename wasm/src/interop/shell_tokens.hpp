// The pieces the shell reader passes between its lexer (shell_lex.cpp), its expansion of words
// (shell_words.cpp) and its runner of commands (shell_script.cpp). Internal to interop/.
#pragma once

#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "atlas/interop/shell_words.hpp"

namespace atlas::shell {

/// Text to read with the line of each byte: a nested `bash -c "…"` string keeps the lines its
/// characters were written on.
struct Source {
  std::string text;
  std::vector<int> lines;
  static Source of(std::string_view text);
};

/// One piece of a word as written: literal characters, or an expansion to do when it runs.
struct Part {
  enum Kind { literal, param, command, arithmetic } kind = literal;
  std::string text;         // the characters, or what is inside ${…} / $(…) / $((…)), or the name of $NAME
  std::vector<int> lines;   // literal: a line per character; otherwise lines[0]
  bool quoted = false;      // inside "…" or '…'
  bool braced = false;      // ${…} rather than $NAME
  bool splittable = false;  // unquoted blanks of a ${NAME:-a b} default: the shell splits them
};

struct Word {
  std::vector<Part> parts;
  int line = 0;
  std::string raw;
  /// The word when it is plain unquoted text (a keyword, NAME= before an array), else "".
  std::string plain() const;
};

enum class Tok { word, newline, semi, and_if, or_if, pipe, amp, open_paren, close_paren, case_end, array };

struct Token {
  Tok kind = Tok::word;
  Word word;                   // word; array: NAME= or NAME+=
  std::vector<Word> elements;  // array: NAME=( … )
  int line = 0;
};

struct Lexed {
  std::vector<Token> tokens;
  std::vector<ShellCommand> sbatch;  // #SBATCH lines, split on blanks (sbatch expands nothing)
  std::vector<ShellNote> notes;      // here-documents skipped
};

Lexed lex(const Source& source);
/// The text of a ${NAME:-default} default as a word (blanks kept, quotes removed when expanded).
Word lex_default(const std::string& text, int line);

/// Characters after expansion with, for each, its line, whether the shell would split at it
/// (an unquoted expansion's blank) and which unknown value it stands for (0: none).
struct Chars {
  std::string s;
  std::vector<int> line;
  std::vector<unsigned char> split;
  std::vector<int> unknown;  // > 0: an unknown value; < 0: the default of an unset variable
  void push(char c, int at, bool splits, int unknown_id = 0);
  void append(const Chars& other, bool splits);
};

/// Whether every character is known (no unknown value, no unset variable's default).
inline bool known(const Chars& c) {
  for (int u : c.unknown)
    if (u > 0) return false;
  return true;
}

/// A shell variable name: a letter or underscore, then letters, digits or underscores.
inline bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
inline bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

struct Variable {
  std::vector<Chars> values;  // one for a scalar
  bool array = false;
  int line = 0;
  bool flags = false;  // holds words starting with --
  bool used = false;   // expanded since it was set
};

/// Variables and the expansion of words with them.
class Expander {
 public:
  std::map<std::string, Variable> vars;
  std::vector<std::string> unknowns;  // what an unknown value was written as ("$DATA", "$(hostname)")

  /// A word as the command's arguments: expanded and split as the shell does.
  std::vector<Chars> fields(const Word& w);
  /// A word as an assignment's value: expanded, not split.
  Chars scalar(const Word& w);
  void assign(const std::string& name, std::vector<Chars> values, bool array, bool append, int line);
  std::optional<std::string> value_of(const std::string& name) const;
  bool exhausted() const { return budget_ <= 0; }

 private:
  void expand(const Word& w, std::vector<Chars>& out, bool& quoted_seen);
  void param(const Part& p, std::vector<Chars>& out, bool& quoted_seen);
  void unknown(const std::string& written, int line, std::vector<Chars>& out);
  long budget_ = 1'000'000;  // characters produced by expansion over the whole script
  long arithmetic_budget_ = 1'000'000;
  int default_depth_ = 0;
};

/// $(( … )) after $NAME and ${NAME} are read as bare names; names are looked up through `lookup`.
std::optional<long long> arithmetic(const std::string& expression,
                                    const std::function<std::optional<std::string>(const std::string&)>& lookup,
                                    long& budget);

enum class Truth { no, yes, unknown };
/// A `[ … ]` / `[[ … ]]` / `test` command's truth, when its words are known.
Truth test_words(std::vector<Chars> words);
bool shell_glob(const std::string& pattern, const std::string& text);

}  // namespace atlas::shell

namespace atlas {
/// Runs the commands of a lexed script (shell_script.cpp).
void run_script(const std::vector<shell::Token>& tokens, shell::Expander& ex, ShellScript& out);
ShellWord to_shell_word(const shell::Chars& c, const shell::Expander& ex, int fallback_line);
}  // namespace atlas
