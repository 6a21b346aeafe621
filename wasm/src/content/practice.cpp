// `practice`: generated batch-accounting exercises and their grading.
//   {"seed": 7, "count": 20, "start": 0}     → {"seed", "exercises": [exercise…]}
//   {"seed": 7, "index": 3}                  → {"seed", "index", "exercise"}
//   {"seed": 7, "index": 3, "response": 64}  → the exercise plus correct, expected, feedback, score
// A response may be a number or the text a person typed ("8,192", "4.19M").
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "atlas/content/practice.hpp"
#include "atlas/content/quiz.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

constexpr double kMaxExercises = 1000;  // exercises per request; a page asks for one at a time
constexpr double kMaxIndex = 1e9;
constexpr double kMaxResponse = 1e18;

// Whole numbers go out as JSON integers so "8192" is not printed as "8192.0".
json number_json(double v) {
  if (std::floor(v) == v && std::fabs(v) < 9e15) return static_cast<std::int64_t>(v);
  return v;
}

// Units are stored plural ("GPUs", "samples"); a given of exactly 1 reads "1 GPU", "1 sample".
std::string unit_for(const Given& g, bool with_value) {
  if (with_value && g.value == 1 && g.unit.size() > 1 && g.unit.back() == 's')
    return g.unit.substr(0, g.unit.size() - 1);
  return g.unit;
}

json given_json(const Given& g, bool with_value) {
  json out{{"name", g.name}, {"symbol", g.symbol}, {"label", g.label}, {"unit", unit_for(g, with_value)}};
  if (with_value) out["value"] = number_json(g.value);
  return out;
}

std::string tolerance_text(double tolerance) {
  if (tolerance == 0) return "exact";
  char percent[32];
  std::snprintf(percent, sizeof percent, "%g", tolerance * 100);
  return std::string("within ") + percent + " %";
}

bool matches(double response, double target, double tolerance) {
  if (tolerance == 0) return response == target;
  return std::fabs(response - target) <= tolerance * std::fabs(target);
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Multi-byte spaces people paste from formatted numbers: NBSP, thin space, narrow NBSP.
std::size_t space_length(const std::string& s, std::size_t i) {
  if (s.compare(i, 2, "\xC2\xA0") == 0) return 2;
  if (s.compare(i, 3, "\xE2\x80\x89") == 0 || s.compare(i, 3, "\xE2\x80\xAF") == 0) return 3;
  return (s[i] == ',' || s[i] == '_' || s[i] == ' ') ? 1 : 0;
}

}  // namespace

std::optional<double> parse_response(const std::string& raw) {
  const auto first = raw.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return std::nullopt;
  const std::string text = raw.substr(first, raw.find_last_not_of(" \t\r\n") - first + 1);
  // Grouping separators are accepted only between groups of three digits, so a decimal comma
  // ("4,5") is refused rather than silently read as 45.
  std::string plain;
  bool in_integer_part = true;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    const std::size_t sep = in_integer_part ? space_length(text, i) : 0;
    if (sep > 0) {
      const std::size_t next = i + sep;
      const bool grouped = !plain.empty() && is_digit(plain.back()) && next + 3 <= text.size() &&
                           is_digit(text[next]) && is_digit(text[next + 1]) && is_digit(text[next + 2]) &&
                           (next + 3 == text.size() || !is_digit(text[next + 3]));
      if (!grouped) return std::nullopt;
      i = next;
      continue;
    }
    if (c == '.' || c == 'e' || c == 'E') in_integer_part = false;
    plain += c;
    ++i;
  }
  double scale = 1;
  if (!plain.empty()) {
    switch (plain.back()) {
      case 'k':
      case 'K':
        scale = 1e3;
        break;
      case 'M':
        scale = 1e6;
        break;
      case 'G':
        scale = 1e9;
        break;
      default:
        break;
    }
    if (scale != 1) plain.pop_back();
  }
  if (plain.empty() || plain.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(plain.c_str(), &end);
  if (end != plain.c_str() + plain.size() || !std::isfinite(value * scale)) return std::nullopt;
  return value * scale;
}

Grade grade_exercise(const Exercise& e, double response) {
  const double expected = e.unknown.value;
  if (matches(response, expected, e.tolerance)) {
    return {true, e.tolerance == 0 ? "Correct." : "Correct (" + tolerance_text(e.tolerance) + ")."};
  }
  for (const auto& m : e.mistakes)
    if (matches(response, m.value, e.tolerance)) return {false, m.why};
  return {false, "Not this time: work through the solution below."};
}

json to_json(const Exercise& e) {
  json givens = json::array();
  for (const auto& g : e.givens) givens.push_back(given_json(g, true));
  json out{{"id", std::to_string(e.seed) + "-" + std::to_string(e.index)},
           {"seed", e.seed},
           {"index", e.index},
           {"kind", e.kind},
           {"question", e.question},
           {"givens", givens},
           {"unknown", given_json(e.unknown, false)},
           {"answer", number_json(e.unknown.value)},
           {"tolerance", e.tolerance},
           {"tolerance_text", tolerance_text(e.tolerance)},
           // The accepted interval, so a course site's xAPI record can state it ("min[:]max").
           {"accepted", json{{"min", number_json(e.unknown.value * (1 - e.tolerance))},
                             {"max", number_json(e.unknown.value * (1 + e.tolerance))}}},
           {"solution", e.solution}};
  if (!e.trap.empty()) out["trap"] = e.trap;
  return out;
}

json cmd_practice(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  const Fields f(request, "", problems);
  f.warn_unknown({"seed", "count", "start", "index", "response"});
  const auto seed = f.integer("seed", {0, kMaxSeed});
  std::optional<std::int64_t> index, count, start;
  if (f.has("index")) {
    index = f.integer("index", {0, kMaxIndex});
    if (f.has("count") || f.has("start"))
      problems.error("conflict", "Give either index (one exercise) or count and start (a list), not both.",
                     f.has("count") ? "/count" : "/start");
  } else {
    count = f.integer("count", {1, kMaxExercises}, 10);
    start = f.integer("start", {0, kMaxIndex}, 0);
    if (f.has("response"))
      problems.error("missing_field", "Grading a response needs the exercise's 'index'.", "/index");
  }
  std::optional<double> response;
  if (f.has("response")) {
    const json& r = request["response"];
    if (r.is_string()) {
      response = parse_response(r.get<std::string>());
      if (!response)
        problems.error("not_a_number",
                       "The response \"" + quote_cut(r.get<std::string>(), 40) +
                           "\" is not a number (digits, optional 1,000 grouping, a decimal point, k/M/G).",
                       "/response");
    } else {
      response = f.number("response", {-kMaxResponse, kMaxResponse});
    }
  }
  if (!problems.ok()) return {};

  const auto stream = static_cast<std::uint64_t>(*seed);
  if (!index) {
    json list = json::array();
    for (std::int64_t i = *start; i < *start + *count; ++i) list.push_back(to_json(make_exercise(stream, i)));
    return json{{"seed", *seed}, {"start", *start}, {"exercises", std::move(list)}};
  }
  const Exercise e = make_exercise(stream, *index);
  json out{{"seed", *seed}, {"index", *index}, {"exercise", to_json(e)}};
  if (!response) return out;
  const Grade g = grade_exercise(e, *response);
  out["response"] = number_json(*response);
  out["correct"] = g.correct;
  out["expected"] = number_json(e.unknown.value);
  out["feedback"] = g.feedback;
  out["score"] = json{{"raw", g.correct ? 1 : 0}, {"min", 0}, {"max", 1}, {"scaled", g.correct ? 1.0 : 0.0}};
  return out;
}

}  // namespace atlas
