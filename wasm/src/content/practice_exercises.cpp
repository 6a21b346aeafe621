// The practice generator: draws the factors of a training layout, poses one question about it,
// and answers it through the `batch` solver. Values stay in ranges seen in real runs (microbatch
// 1–32, up to a few thousand GPUs, sequences of 1k–8k tokens) so the arithmetic feels familiar.
#include <stdexcept>

#include "atlas/content/practice.hpp"
#include "atlas/content/prng.hpp"
#include "atlas/training/batch.hpp"

namespace atlas {

namespace {

const std::vector<std::int64_t> kMicroBatches{1, 2, 4, 8, 16, 32};
const std::vector<std::int64_t> kAccumulation{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 64};
const std::vector<std::int64_t> kDataParallel{1, 2, 4, 8, 12, 16, 24, 32, 48, 64, 96, 128, 256};
const std::vector<std::int64_t> kTensor{1, 2, 4, 8};
const std::vector<std::int64_t> kPipeline{1, 2, 4, 8, 16};
const std::vector<std::int64_t> kContext{1, 1, 1, 2, 4};  // context parallelism is the rarer axis
const std::vector<std::int64_t> kSequence{1024, 2048, 4096, 8192};
const std::vector<std::int64_t> kDocument{128, 256, 512, 1024};
const std::vector<std::int64_t> kRoundTargets{1000, 1500, 2000, 3000, 5000, 6000, 10000};
constexpr double kTokenTolerance = 0.005;  // tokens are usually quoted rounded ("4.19M")

std::string num(double v) {
  // Thousands grouped with commas; all values here are whole numbers.
  std::string digits = std::to_string(static_cast<std::int64_t>(v));
  std::string out;
  const int n = static_cast<int>(digits.size());
  for (int i = 0; i < n; ++i) {
    out += digits[static_cast<std::size_t>(i)];
    if ((n - i - 1) % 3 == 0 && i != n - 1) out += ',';
  }
  return out;
}

std::string plural(std::int64_t n, const std::string& noun) {
  return num(double(n)) + " " + noun + (n == 1 ? "" : "s");
}

Given micro(std::int64_t v) { return {"micro", "B_micro", "Microbatch per replica", double(v), "samples"}; }
Given accumulation(std::int64_t v) { return {"accumulation", "N_acc", "Accumulation steps", double(v), "steps"}; }
Given replicas(std::int64_t v) { return {"dp", "N_dp", "Data-parallel replicas", double(v), "replicas"}; }
Given global(std::int64_t v) { return {"global", "B_global", "Global batch", double(v), "samples"}; }
Given world(std::int64_t v) { return {"world", "W", "World size", double(v), "GPUs"}; }
// Model-parallel degrees count GPUs working on the same samples: "tp = 4" is 4 GPUs per layer.
Given tensor(std::int64_t v) { return {"tp", "tp", "Tensor-parallel degree", double(v), "GPUs"}; }
Given pipeline(std::int64_t v) { return {"pp", "pp", "Pipeline-parallel degree", double(v), "stages"}; }
Given context(std::int64_t v) { return {"cp", "cp", "Context-parallel degree", double(v), "GPUs"}; }
Given sequence(std::int64_t v) { return {"seq", "L", "Sequence length", double(v), "tokens"}; }

// The solver's answer, or a thrown logic_error: a generated exercise it cannot solve is a bug.
BatchAccount solve(const BatchQuestion& q) {
  Problems p;
  auto account = solve_batch(q, p);
  if (!account)
    throw std::logic_error("practice: batch solver rejected a generated exercise: " + p.errors()[0].message);
  return *account;
}

// "1 data-parallel replica", "8 data-parallel replicas": a learner reads these sentences.
std::string replicas_text(std::int64_t n) {
  return num(n) + (n == 1 ? " data-parallel replica" : " data-parallel replicas");
}

std::int64_t replicas_of(std::int64_t w, std::int64_t tp, std::int64_t pp, std::int64_t cp) {
  Problems p;
  auto dp = data_parallel_degree(w, tp, pp, cp, p);
  if (!dp) throw std::logic_error("practice: generated world size does not divide");
  return *dp;
}

void agree(double constructed, double solved) {
  if (constructed != solved) throw std::logic_error("practice: generator and batch solver disagree");
}

// Adds a tempting wrong value only when it is positive, differs from the answer and from the
// mistakes already listed (when two slips give the same number, the first explanation stands).
void tempt(Exercise& e, double value, std::string why) {
  if (value <= 0 || value == e.unknown.value) return;
  for (const auto& m : e.mistakes)
    if (m.value == value) return;
  e.mistakes.push_back({value, std::move(why)});
}

struct Layout {
  std::int64_t micro, acc, dp, tp, pp, cp, seq;
};

Layout draw_layout(Prng& rng) {
  Layout l{rng.pick(kMicroBatches), rng.pick(kAccumulation), rng.pick(kDataParallel), rng.pick(kTensor),
           rng.pick(kPipeline),     rng.pick(kContext),      rng.pick(kSequence)};
  if (l.tp * l.pp * l.cp == 1)
    l.tp = rng.pick(std::vector<std::int64_t>{2, 4, 8});  // world-size exercises need a model-parallel axis
  return l;
}

const std::string kEquation = "B_global = B_micro × N_acc × N_dp";
const std::string kNotReplicas =
    "Tensor-, pipeline- and context-parallel ranks cooperate on the same samples, so only data-parallel "
    "replicas multiply the batch.";

void one_factor(Exercise& e, const Layout& l, const std::string& unknown) {
  const std::int64_t g = l.micro * l.acc * l.dp;
  BatchQuestion q{g, l.micro, l.acc, l.dp};
  if (unknown == "global") q.global.reset();
  if (unknown == "micro") q.micro.reset();
  if (unknown == "accumulation") q.accumulation.reset();
  if (unknown == "dp") q.data_parallel.reset();
  const BatchAccount a = solve(q);
  agree(double(g), double(a.global));
  const std::string eq =
      num(a.global) + " = " + num(a.micro) + " × " + num(a.accumulation) + " × " + num(a.data_parallel);
  if (unknown == "global") {
    e.givens = {micro(l.micro), accumulation(l.acc), replicas(l.dp)};
    e.unknown = global(a.global);
    e.question = (l.dp == 1 ? std::string("One data-parallel replica runs microbatches of ")
                            : "Each of " + replicas_text(l.dp) + " runs microbatches of ") +
                 num(l.micro) + " samples and accumulates gradients over " + num(l.acc) +
                 " of them before the optimizer step. How many samples does one optimizer step see?";
    e.solution = {kEquation,
                  "B_global = " + num(l.micro) + " × " + num(l.acc) + " × " + num(l.dp) + " = " + num(g) + " samples."};
    tempt(e, double(l.micro * l.dp),
          "That leaves out accumulation: each replica adds " + num(l.acc) + " microbatches per step.");
    tempt(e, double(l.micro * l.acc),
          "That is one replica's share; the " + num(l.dp) + " replicas each see different samples.");
    return;
  }
  e.givens = {global(g)};
  if (unknown != "micro") e.givens.push_back(micro(l.micro));
  if (unknown != "accumulation") e.givens.push_back(accumulation(l.acc));
  if (unknown != "dp") e.givens.push_back(replicas(l.dp));
  if (unknown == "micro") {
    e.unknown = micro(a.micro);
    e.question = "A run needs a global batch of " + num(g) + " samples on " + replicas_text(l.dp) + " with " +
                 num(l.acc) + " accumulation steps. What microbatch must each replica run?";
    e.solution = {kEquation,
                  "B_micro = B_global ÷ (N_acc × N_dp) = " + num(g) + " ÷ (" + num(l.acc) + " × " + num(l.dp) +
                      ") = " + num(a.micro) + " samples.",
                  "Check: " + eq + "."};
    tempt(e, double(g / l.dp), "That forgets accumulation: divide by N_acc as well as N_dp.");
  } else if (unknown == "accumulation") {
    e.unknown = accumulation(a.accumulation);
    e.question = "A run needs a global batch of " + num(g) + " samples; " + replicas_text(l.dp) +
                 (l.dp == 1 ? " fits" : " each fit") + " a microbatch of " + num(l.micro) +
                 ". How many accumulation steps per optimizer step?";
    e.solution = {kEquation,
                  "N_acc = B_global ÷ (B_micro × N_dp) = " + num(g) + " ÷ (" + num(l.micro) + " × " + num(l.dp) +
                      ") = " + num(a.accumulation) + ".",
                  "Check: " + eq + "."};
    tempt(e, double(g / l.micro),
          "That counts one replica only: the " + num(l.dp) + " replicas share the global batch.");
  } else {
    e.unknown = replicas(a.data_parallel);
    e.question = "A global batch of " + num(g) + " samples is built from microbatches of " + num(l.micro) + " with " +
                 num(l.acc) + " accumulation steps. How many data-parallel replicas does that take?";
    e.solution = {kEquation,
                  "N_dp = B_global ÷ (B_micro × N_acc) = " + num(g) + " ÷ (" + num(l.micro) + " × " + num(l.acc) +
                      ") = " + num(a.data_parallel) + " replicas.",
                  "Check: " + eq + "."};
    tempt(e, double(g / l.micro),
          "That forgets accumulation: each replica contributes " + num(l.acc) + " microbatches.");
  }
}

void from_world(Exercise& e, const Layout& l, const std::string& unknown) {
  e.trap = "model_parallel_ranks";
  const std::int64_t w = l.dp * l.tp * l.pp * l.cp;
  const std::int64_t dp = replicas_of(w, l.tp, l.pp, l.cp);
  agree(double(l.dp), double(dp));
  const std::string layout =
      num(w) + " GPUs split as tp = " + num(l.tp) + ", pp = " + num(l.pp) + ", cp = " + num(l.cp);
  const std::string dp_step = "N_dp = W ÷ (tp × pp × cp) = " + num(w) + " ÷ (" + num(l.tp) + " × " + num(l.pp) + " × " +
                              num(l.cp) + ") = " + num(dp) + " replicas.";
  e.givens = {world(w), tensor(l.tp), pipeline(l.pp), context(l.cp)};
  if (unknown == "dp") {
    e.unknown = replicas(dp);
    e.question = "A job runs on " + layout + ". How many data-parallel replicas does it have?";
    e.solution = {kNotReplicas, dp_step};
    tempt(e, double(w),
          "Every GPU was counted as a replica; " + num(l.tp * l.pp * l.cp) +
              " GPUs together hold one copy of the model.");
    tempt(e, double(w / l.tp), "Pipeline and context ranks are not replicas either: divide by pp and cp too.");
    return;
  }
  e.givens.push_back(micro(l.micro));
  if (unknown == "global") {
    e.givens.push_back(accumulation(l.acc));
    const BatchAccount a = solve({std::nullopt, l.micro, l.acc, dp});
    e.unknown = global(a.global);
    e.question = "A job runs on " + layout + ", with microbatch " + num(l.micro) + " and " + num(l.acc) +
                 " accumulation steps. What is the global batch in samples?";
    e.solution = {
        kNotReplicas, dp_step,
        "B_global = " + num(l.micro) + " × " + num(l.acc) + " × " + num(dp) + " = " + num(a.global) + " samples."};
    tempt(e, double(w * l.micro * l.acc),
          "Every GPU was counted as a replica; only the " + num(dp) + " data-parallel groups see different samples.");
    return;
  }
  const std::int64_t g = l.micro * l.acc * dp;
  e.givens.push_back(global(g));
  const BatchAccount a = solve({g, l.micro, std::nullopt, dp});
  e.unknown = accumulation(a.accumulation);
  e.question = "A job runs on " + layout + ", with microbatch " + num(l.micro) +
               ". How many accumulation steps give a global batch of " + num(g) + " samples?";
  e.solution = {kNotReplicas, dp_step,
                "N_acc = " + num(g) + " ÷ (" + num(l.micro) + " × " + num(dp) + ") = " + num(a.accumulation) + "."};
  if ((g % (l.micro * w)) == 0)
    tempt(e, double(g / (l.micro * w)),
          "Every GPU was counted as a replica; divide by N_dp = " + num(dp) + ", not by the world size.");
}

Given document(std::int64_t v) { return {"doc", "d", "Average document length", double(v), "tokens"}; }

void tokens_per_step(Exercise& e, const Layout& l) {
  e.trap = "samples_vs_tokens";
  const BatchAccount a = solve({std::nullopt, l.micro, l.acc, l.dp});
  const double tokens = double(a.global) * double(l.seq);
  e.givens = {micro(l.micro), accumulation(l.acc), replicas(l.dp), sequence(l.seq)};
  e.unknown = {"tokens", "T", "Tokens per optimizer step", tokens, "tokens"};
  e.tolerance = kTokenTolerance;
  e.question = "Each of " + num(l.dp) + " data-parallel replicas runs microbatches of " + plural(l.micro, "sequence") +
               " of " + num(l.seq) + " tokens and accumulates " + plural(l.acc, "step") +
               ". How many tokens does one optimizer step see?";
  e.solution = {"B_global = " + num(l.micro) + " × " + num(l.acc) + " × " + num(l.dp) + " = " + num(a.global) +
                    " samples (sequences).",
                "Tokens = B_global × L = " + num(a.global) + " × " + num(l.seq) + " = " + num(tokens) + " tokens."};
  tempt(e, double(a.global), "That is the batch in samples (sequences); multiply by the sequence length for tokens.");
  tempt(e, double(l.micro * l.acc * l.seq),
        "That is one replica's tokens; the " + num(l.dp) + " replicas see different sequences.");
}

void accumulation_from_tokens(Exercise& e, const Layout& l) {
  e.trap = "samples_vs_tokens";
  const std::int64_t budget = l.micro * l.acc * l.dp * l.seq;
  const std::int64_t g = budget / l.seq;
  const BatchAccount a = solve({g, l.micro, std::nullopt, l.dp});
  agree(double(l.acc), double(a.accumulation));
  e.givens = {{"tokens", "T", "Tokens per optimizer step", double(budget), "tokens"},
              sequence(l.seq),
              micro(l.micro),
              replicas(l.dp)};
  e.unknown = accumulation(a.accumulation);
  e.question = "A recipe asks for " + num(budget) + " tokens per optimizer step with sequences of " + num(l.seq) +
               " tokens, microbatch " + num(l.micro) + " and " + num(l.dp) +
               " data-parallel replicas. How many accumulation steps?";
  e.solution = {
      "B_global in samples = tokens ÷ L = " + num(budget) + " ÷ " + num(l.seq) + " = " + num(g) + " sequences.",
      "N_acc = B_global ÷ (B_micro × N_dp) = " + num(g) + " ÷ (" + num(l.micro) + " × " + num(l.dp) +
          ") = " + num(a.accumulation) + "."};
  tempt(e, double(budget / (l.micro * l.dp)),
        "Tokens were treated as samples: divide the token budget by the sequence length first.");
}

void not_divisible(Exercise& e, Layout l, Prng& rng) {
  e.trap = "not_divisible";
  std::int64_t target = rng.pick(kRoundTargets);
  // Redraw until the round target is not a multiple of B_micro × N_dp (that is the point).
  for (int attempt = 0; attempt < 64; ++attempt) {
    const std::int64_t unit = l.micro * l.dp;
    if (unit >= 2 && unit < target && target % unit != 0) break;
    l.micro = rng.pick(kMicroBatches);
    l.dp = rng.pick(kDataParallel);
  }
  const std::int64_t unit = l.micro * l.dp;
  if (unit < 2 || unit >= target || target % unit == 0) {
    l.micro = 3;  // 21 shares no factor 7 with any round target, so it never divides one
    l.dp = 7;
  }
  const std::int64_t per_step = l.micro * l.dp;
  Problems refused;
  if (solve_batch({target, l.micro, std::nullopt, l.dp}, refused))
    throw std::logic_error("practice: batch solver accepted a target that should not divide");
  const std::int64_t acc = (target + per_step - 1) / per_step;
  const BatchAccount a = solve({std::nullopt, l.micro, acc, l.dp});
  e.givens = {{"target", "B_target", "Target global batch", double(target), "samples"}, micro(l.micro), replicas(l.dp)};
  e.unknown = global(a.global);
  e.question = "A recipe asks for a global batch of " + num(target) + " samples. " + num(l.dp) +
               " data-parallel replicas each run microbatches of " + num(l.micro) +
               ", and accumulation steps come in whole numbers. What is the smallest global batch of at least " +
               num(target) + " samples this layout can run exactly?";
  e.solution = {"Each accumulation step adds B_micro × N_dp = " + num(l.micro) + " × " + num(l.dp) + " = " +
                    num(per_step) + " samples.",
                "The batch solver refuses the target: " + refused.errors()[0].message,
                "Round N_acc up to " + num(acc) + ": B_global = " + num(l.micro) + " × " + num(acc) + " × " +
                    num(l.dp) + " = " + num(a.global) + " samples (or change the microbatch or replica count)."};
  tempt(e, double(target),
        num(target) + " is not a multiple of " + num(per_step) + ", so it would need a fractional accumulation step.");
  tempt(e, double((target / per_step) * per_step),
        "That rounds down, below the target; round the accumulation steps up.");
}

void packing(Exercise& e, const Layout& l, Prng& rng) {
  e.trap = "sequence_packing";
  std::int64_t d = rng.pick(kDocument);
  while (d >= l.seq) d /= 2;
  const BatchAccount a = solve({std::nullopt, l.micro, l.acc, l.dp});
  const double documents = double(a.global) * double(l.seq / d);
  e.givens = {micro(l.micro), accumulation(l.acc), replicas(l.dp), sequence(l.seq), document(d)};
  e.unknown = {"documents", "N_docs", "Documents per optimizer step", documents, "documents"};
  e.tolerance = kTokenTolerance;
  e.question = "Sequence packing fills each row of " + num(l.seq) + " tokens with whole documents averaging " + num(d) +
               " tokens, without padding. Microbatch of " + plural(l.micro, "row") + ", " +
               plural(l.acc, "accumulation step") + ", " + num(l.dp) +
               " data-parallel replicas. About how many documents does one optimizer step see?";
  e.solution = {
      "B_global = " + num(l.micro) + " × " + num(l.acc) + " × " + num(l.dp) + " = " + num(a.global) + " packed rows.",
      "Each row holds L ÷ d = " + num(l.seq) + " ÷ " + num(d) + " = " + num(l.seq / d) + " documents on average.",
      "Documents ≈ " + num(a.global) + " × " + num(l.seq / d) + " = " + num(documents) +
          ". The nominal batch counts rows; packing changes the effective count of examples."};
  tempt(e, double(a.global), "That counts packed rows; each row holds about " + num(l.seq / d) + " documents.");
}

}  // namespace

const std::vector<std::string>& exercise_kinds() {
  static const std::vector<std::string> kinds{"global",
                                              "micro",
                                              "accumulation",
                                              "dp",
                                              "dp_from_world",
                                              "global_from_world",
                                              "accumulation_from_world",
                                              "tokens_per_step",
                                              "accumulation_from_tokens",
                                              "not_divisible",
                                              "packing"};
  return kinds;
}

Exercise make_exercise_of_kind(std::uint64_t seed, std::int64_t index, const std::string& kind) {
  Prng rng = Prng::for_item(seed, static_cast<std::uint64_t>(index));
  Exercise e;
  e.seed = seed;
  e.index = index;
  e.kind = kind;
  const Layout l = draw_layout(rng);
  if (kind == "global" || kind == "micro" || kind == "accumulation" || kind == "dp")
    one_factor(e, l, kind);
  else if (kind == "dp_from_world")
    from_world(e, l, "dp");
  else if (kind == "global_from_world")
    from_world(e, l, "global");
  else if (kind == "accumulation_from_world")
    from_world(e, l, "accumulation");
  else if (kind == "tokens_per_step")
    tokens_per_step(e, l);
  else if (kind == "accumulation_from_tokens")
    accumulation_from_tokens(e, l);
  else if (kind == "not_divisible")
    not_divisible(e, l, rng);
  else if (kind == "packing")
    packing(e, l, rng);
  else
    throw std::logic_error("practice: unknown exercise kind " + kind);
  return e;
}

Exercise make_exercise(std::uint64_t seed, std::int64_t index) {
  Prng rng = Prng::for_item(seed ^ 0x5851f42d4c957f2dULL, static_cast<std::uint64_t>(index));
  return make_exercise_of_kind(seed, index, rng.pick(exercise_kinds()));
}

}  // namespace atlas
