// `quiz`: grades an answer to the entry's check question.
//   {"check": {...}, "answer": 2}            → correct, correct_answer, explanation, score
//   {"check": {...}, "answer": 0, "seed": 7} → the same, with answer as a position in the
//                                              seed's shuffled order, mapped back through `order`
//   {"check": {...}, "seed": 7}              → the shuffled layout only, for drawing the question
#include "atlas/content/quiz.hpp"

#include "atlas/content/entry.hpp"
#include "atlas/content/prng.hpp"
#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }

// One graded item's score in the xAPI shape (raw, min, max, scaled), so the page passes it on
// unchanged rather than computing it.
json score_of(bool correct) {
  return json{{"raw", correct ? 1 : 0}, {"min", 0}, {"max", 1}, {"scaled", correct ? 1.0 : 0.0}};
}

}  // namespace

std::optional<json> validate_check(const json& check, const std::string& path, Problems& problems) {
  // The entry validator owns the rules for a check; run it on an entry holding only the check
  // and keep what it says about "/check", re-rooted at `path`. Everything else it reports is
  // about the fields this synthetic entry leaves out.
  Problems scratch;
  json normalized = validate_entry(json{{"check", check}}, scratch);
  bool ok = true;
  for (const auto& e : scratch.errors()) {
    if (!starts_with(e.path, "/check")) continue;
    problems.error(e.code, e.message, path + e.path.substr(6));
    ok = false;
  }
  for (const auto& w : scratch.warnings())
    if (starts_with(w.path, "/check")) problems.warning(w.code, w.message, path + w.path.substr(6));
  if (!ok || !normalized.contains("check")) return std::nullopt;
  return normalized["check"];
}

std::vector<int> option_order(std::optional<std::uint64_t> seed, int option_count) {
  if (!seed) {
    std::vector<int> identity(static_cast<std::size_t>(option_count));
    for (int i = 0; i < option_count; ++i) identity[static_cast<std::size_t>(i)] = i;
    return identity;
  }
  return shuffled_order(*seed, option_count);
}

json cmd_quiz(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  const Fields f(request, "", problems);
  f.warn_unknown({"check", "answer", "seed"});
  std::optional<json> check;
  if (const json* raw = f.object("check", true)) check = validate_check(*raw, "/check", problems);

  std::optional<std::uint64_t> seed;
  if (f.has("seed")) {
    if (auto s = f.integer("seed", {0, kMaxSeed})) seed = static_cast<std::uint64_t>(*s);
  }
  // The answer is required for grading; a seeded request without one asks for the layout only.
  std::optional<std::int64_t> answer;
  if (f.has("answer") || !f.has("seed")) answer = f.integer("answer", {0, 1e6});
  if (!problems.ok() || !check) return {};

  const auto& options = (*check)["options"];
  const int count = static_cast<int>(options.size());
  if (answer && *answer >= count) {
    problems.error("out_of_range",
                   "'answer' is " + std::to_string(*answer) + " but there are " + std::to_string(count) +
                       " options (positions 0 to " + std::to_string(count - 1) + ").",
                   "/answer");
    return {};
  }

  const std::vector<int> order = option_order(seed, count);
  const int correct_original = (*check)["answer"].get<int>();
  int correct_position = 0;
  json shown = json::array();
  for (int k = 0; k < count; ++k) {
    const int original = order[static_cast<std::size_t>(k)];
    shown.push_back(options[static_cast<std::size_t>(original)]);
    if (original == correct_original) correct_position = k;
  }

  json out{{"question", (*check)["question"]}, {"options", shown}, {"order", order}};
  if (seed) out["seed"] = *seed;
  if (!answer) return out;

  const int chosen_position = static_cast<int>(*answer);
  const int chosen_original = order[static_cast<std::size_t>(chosen_position)];
  const bool correct = chosen_original == correct_original;
  out["correct"] = correct;
  out["answer"] = chosen_position;
  out["correct_answer"] = correct_position;
  out["original_answer"] = chosen_original;
  out["original_correct_answer"] = correct_original;
  out["chosen"] = options[static_cast<std::size_t>(chosen_original)];
  out["correct_option"] = options[static_cast<std::size_t>(correct_original)];
  out["explanation"] = (*check)["explanation"];
  out["score"] = score_of(correct);
  return out;
}

}  // namespace atlas
