// The part of TOML that training configs use: [table] and [table.sub] headers, key = value with
// bare, quoted or dotted keys, basic and literal strings, integers (with _), floats, booleans,
// one-line arrays of those, and # comments. Anything else is `toml_syntax` at its line, so a
// config is never half-read. (Multi-line strings, inline tables, dates: not used by torchtitan.)
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "atlas/interop/import.hpp"

namespace atlas {

namespace {

class LineParser {
 public:
  LineParser(std::string_view line, int number, const Pasted& text) : s_(line), number_(number), text_(text) {}

  bool fail(const std::string& what) {
    if (!failed_) text_.error("toml_syntax", what, number_);
    failed_ = true;
    return false;
  }
  void skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t')) ++i_;
  }
  bool at_end() {
    skip();
    return i_ >= s_.size() || s_[i_] == '#';
  }
  bool peek(char c) {
    skip();
    return i_ < s_.size() && s_[i_] == c;
  }
  bool take(char c) {
    if (!peek(c)) return false;
    ++i_;
    return true;
  }

  // A dotted key: bare parts (A-Za-z0-9_-) or quoted ones.
  std::optional<std::vector<std::string>> key() {
    std::vector<std::string> parts;
    do {
      skip();
      if (i_ < s_.size() && (s_[i_] == '"' || s_[i_] == '\'')) {
        auto q = string();
        if (!q) return std::nullopt;
        parts.push_back(q->get<std::string>());
        continue;
      }
      const std::size_t start = i_;
      while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '_' || s_[i_] == '-'))
        ++i_;
      if (i_ == start) return fail("Expected a key name here."), std::nullopt;
      parts.emplace_back(s_.substr(start, i_ - start));
    } while (parts.size() <= 16 && take('.'));
    if (parts.size() > 16) return fail("A key of more than 16 dotted parts is not a training config's."), std::nullopt;
    return parts;
  }

  std::optional<json> value(int depth = 0) {
    skip();
    if (i_ >= s_.size()) return fail("A key needs a value after '='."), std::nullopt;
    const char c = s_[i_];
    if (c == '"' || c == '\'') return string();
    if (c == '[') {
      if (depth > 0) return fail("Arrays inside arrays are not read here."), std::nullopt;
      ++i_;
      json list = json::array();
      while (!peek(']')) {
        auto v = value(depth + 1);
        if (!v) return std::nullopt;
        list.push_back(*v);
        if (!take(',')) break;
      }
      if (!take(']')) return fail("An array must close with ']' on the same line."), std::nullopt;
      return list;
    }
    if (c == '{') return fail("Inline tables ({ … }) are not read here; write a [table] instead."), std::nullopt;
    const std::size_t start = i_;
    while (i_ < s_.size() && !std::isspace(static_cast<unsigned char>(s_[i_])) && s_[i_] != ',' && s_[i_] != ']' &&
           s_[i_] != '#')
      ++i_;
    std::string word(s_.substr(start, i_ - start));
    if (word == "true") return json(true);
    if (word == "false") return json(false);
    std::string digits;
    for (char d : word)
      if (d != '_') digits += d;
    if (digits.empty() || digits.size() > 40)
      return fail("\"" + word + "\" is not a TOML value (a string needs quotes)."), std::nullopt;
    char* end = nullptr;
    const bool integer = digits.find_first_of(".eE") == std::string::npos && digits.find("inf") == std::string::npos &&
                         digits.find("nan") == std::string::npos;
    if (integer) {
      errno = 0;
      const long long v = std::strtoll(digits.c_str(), &end, 10);
      if (end == digits.c_str() + digits.size() && errno == 0) return json(v);
    } else {
      const double v = std::strtod(digits.c_str(), &end);
      if (end == digits.c_str() + digits.size() && std::isfinite(v)) return json(v);
    }
    return fail("\"" + word + "\" is not a TOML value (a string needs quotes)."), std::nullopt;
  }

  std::optional<json> string() {
    const char quote = s_[i_++];
    std::string out;
    while (i_ < s_.size() && s_[i_] != quote) {
      if (quote == '"' && s_[i_] == '\\' && i_ + 1 < s_.size()) {
        const char e = s_[i_ + 1];
        out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
        i_ += 2;
      } else {
        out += s_[i_++];
      }
    }
    if (i_ >= s_.size()) return fail(std::string("A string is not closed (missing ") + quote + ")."), std::nullopt;
    ++i_;
    return json(out);
  }

  bool failed() const { return failed_; }

 private:
  std::string_view s_;
  std::size_t i_ = 0;
  int number_;
  const Pasted& text_;
  bool failed_ = false;
};

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ".") + p;
  return out;
}

}  // namespace

std::optional<Toml> parse_toml(const Pasted& text) {
  Toml toml;
  std::vector<std::string> table;
  const std::string_view all = text.text();
  int number = 0;
  bool ok = true;
  for (std::size_t at = 0; at <= all.size() && ok;) {
    const auto end = std::min(all.find('\n', at), all.size());
    std::string_view line = all.substr(at, end - at);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    at = end + 1;
    ++number;
    LineParser p(line, number, text);
    if (p.at_end()) continue;
    if (p.take('[')) {
      if (p.peek('[')) return p.fail("Arrays of tables ([[ … ]]) are not read here."), std::nullopt;
      auto name = p.key();
      if (!name || !p.take(']') || !p.at_end())
        return p.failed() ? std::nullopt : (p.fail("A table header is [name] alone on its line."), std::nullopt);
      table = *name;
      json* node = &toml.values;
      for (const auto& part : table) {
        json& next = (*node)[part];
        if (next.is_null()) next = json::object();
        if (!next.is_object()) return p.fail("[" + joined(table) + "] was already given a value."), std::nullopt;
        node = &next;
      }
      continue;
    }
    auto key = p.key();
    if (!key) return std::nullopt;
    if (!p.take('=')) return p.fail("Expected '=' after the key \"" + joined(*key) + "\"."), std::nullopt;
    auto v = p.value();
    if (!v) return std::nullopt;
    if (!p.at_end()) return p.fail("Unexpected text after the value; one key = value per line."), std::nullopt;
    std::vector<std::string> full = table;
    full.insert(full.end(), key->begin(), key->end());
    json* node = &toml.values;
    for (std::size_t k = 0; k + 1 < full.size(); ++k) {
      json& next = (*node)[full[k]];
      if (next.is_null()) next = json::object();
      if (!next.is_object())
        return p.fail("\"" + joined(full) + "\" goes inside a key that already has a value."), std::nullopt;
      node = &next;
    }
    if (node->contains(full.back())) return p.fail("\"" + joined(full) + "\" is given twice."), std::nullopt;
    (*node)[full.back()] = *v;
    toml.lines[joined(full)] = number;
    if (at > all.size()) break;
  }
  return toml;
}

}  // namespace atlas
