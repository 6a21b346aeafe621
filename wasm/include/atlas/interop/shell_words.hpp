// The words of a pasted shell script after comments, quotes, continuations and variable
// expansion (shell_words.cpp). Used to read Megatron-LM launch scripts.
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
  bool splits = false;                 // holds an unquoted expansion, which the shell splits into words
  std::vector<std::string> undefined;  // variables or substitutions that could not be expanded
};

std::vector<ShellWord> shell_words(std::string_view text);

/// $(( … )) arithmetic on literal integers (exposed for tests).
std::optional<long long> shell_arithmetic(const std::string& expression);

}  // namespace atlas
