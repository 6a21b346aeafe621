// A launch script read as a shell would run it, without running anything: comments, quotes,
// continuations, variables with defaults, arrays, `export`, here-documents (skipped),
// if / elif / else and case (the branch the text decides, else the first, said so), and
// command substitutions left unknown. Used to read Megatron-LM launch scripts.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atlas {

struct ShellWord {
  std::string text;  // after expansion
  std::string raw;   // as written (for messages)
  int line = 0;      // 1-based line where the word starts
  bool assignment = false;
  bool boundary = false;               // end of a command (newline, ;, &&, |): no word, only a separator
  bool splits = false;                 // came from an unquoted expansion
  std::vector<std::string> undefined;  // variables or substitutions that could not be expanded
  std::vector<std::string> defaulted;  // unset variables whose ${NAME:-default} gave the value
};

struct ShellCommand {
  std::vector<ShellWord> words;
  int line = 0;
};

/// Something the reader decided for the person: a branch taken, a here-document skipped.
struct ShellNote {
  std::string code;
  std::string message;
  int line = 0;
};

struct ShellAssignment {
  std::string name;
  std::string value;  // expanded; "" when unknown
  bool known = true;
  int line = 0;
};

struct ShellScript {
  std::vector<ShellCommand> commands;        // every command run, its words expanded and split
  std::vector<ShellCommand> sbatch;          // #SBATCH directives
  std::vector<ShellCommand> unused;          // strings or arrays of --flags set but never expanded
  std::vector<ShellAssignment> assignments;  // in the order run
  std::vector<ShellNote> notes;
  std::vector<std::pair<std::string, int>> sourced;  // `source FILE` / `. FILE`: not read
  bool too_long = false;                             // expansion ran past the reader's budget
};

ShellScript read_shell_script(std::string_view text);

/// Why an unknown value is unknown, in the user's words: "$DATA is not set in the pasted text",
/// "$5 is an argument the script is run with", "$(hostname) is a command's output, not run here".
std::string why_unknown(const std::string& written);

/// An #SBATCH directive's options by their long names ("nodes", "ntasks-per-node",
/// "gpus-per-node", "ntasks", "gpus", "gres"), each with its text.
std::vector<std::pair<std::string, std::string>> sbatch_options(const ShellCommand& directive);

/// The words of every command (then of the unused flag strings), a boundary between commands.
std::vector<ShellWord> shell_words(std::string_view text);

/// $(( … )) arithmetic on literal integers (exposed for tests).
std::optional<long long> shell_arithmetic(const std::string& expression);

}  // namespace atlas
