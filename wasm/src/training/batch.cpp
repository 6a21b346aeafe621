#include "atlas/training/batch.hpp"

#include <algorithm>

#include "atlas/contract/commands.hpp"
#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

constexpr double kMaxBatchCount = 1e12;  // far beyond any real batch, small enough that products stay exact in int64

// a × b, or nullopt when it does not fit int64 (terms reach 1e12 each, so products can overflow).
std::optional<std::int64_t> checked_product(std::int64_t a, std::int64_t b) {
  std::int64_t out = 0;
  if (__builtin_mul_overflow(a, b, &out)) return std::nullopt;
  return out;
}

}  // namespace

std::optional<std::int64_t> data_parallel_degree(std::int64_t world, std::int64_t tp, std::int64_t pp, std::int64_t cp,
                                                 Problems& problems, const std::string& base) {
  const auto tp_pp = checked_product(tp, pp);
  const auto product = tp_pp ? checked_product(*tp_pp, cp) : std::nullopt;
  if (!product || *product > world) {
    problems.error("not_divisible",
                   "tp × pp × cp = " + std::to_string(tp) + " × " + std::to_string(pp) + " × " + std::to_string(cp) +
                       " is more than world = " + std::to_string(world) +
                       " GPUs, so there is not even one data-parallel replica.",
                   child_path(base, "world"));
    return std::nullopt;
  }
  const std::int64_t model = *product;
  if (world % model != 0) {
    problems.error("not_divisible",
                   "world = " + std::to_string(world) + " GPUs is not divisible by tp × pp × cp = " +
                       std::to_string(tp) + " × " + std::to_string(pp) + " × " + std::to_string(cp) + " = " +
                       std::to_string(model) + ", so there is no whole number of data-parallel replicas.",
                   child_path(base, "world"));
    return std::nullopt;
  }
  return world / model;
}

std::optional<BatchAccount> solve_batch(const BatchQuestion& q, Problems& problems, const std::string& base) {
  const int unknowns = !q.global + !q.micro + !q.accumulation + !q.data_parallel;
  if (unknowns > 1) {
    problems.error("underdetermined",
                   "Give at least three of global, micro, accumulation and dp (or world with tp, pp, cp); " +
                       std::to_string(unknowns) + " are missing.",
                   base);
    return std::nullopt;
  }
  BatchAccount a;
  if (!q.global) {
    a.micro = *q.micro;
    a.accumulation = *q.accumulation;
    a.data_parallel = *q.data_parallel;
    const double product = static_cast<double>(a.micro) * a.accumulation * a.data_parallel;
    if (product > kMaxBatchCount) {
      // Point at the largest factor: that is the one to make smaller (global was not given).
      std::string largest = "micro";
      if (a.accumulation > a.micro) largest = "accumulation";
      if (a.data_parallel > std::max(a.micro, a.accumulation)) largest = q.data_parallel_key;
      problems.error("out_of_range",
                     "The global batch micro × accumulation × dp = " + std::to_string(a.micro) + " × " +
                         std::to_string(a.accumulation) + " × " + std::to_string(a.data_parallel) +
                         " would exceed 1e12 samples.",
                     child_path(base, largest));
      return std::nullopt;
    }
    a.global = a.micro * a.accumulation * a.data_parallel;
    a.solved_for = "global";
    return a;
  }
  a.global = *q.global;
  // The unknown factor is global divided by the product of the two known ones.
  auto divide = [&](std::int64_t known_a, std::int64_t known_b, const char* term,
                    const std::string& how) -> std::optional<std::int64_t> {
    const auto product = checked_product(known_a, known_b);
    if (!product || *product > a.global) {
      problems.error("not_divisible",
                     how + " = " + std::to_string(known_a) + " × " + std::to_string(known_b) +
                         " is more than global = " + std::to_string(a.global) + ", so '" + term +
                         "' would be less than 1.",
                     child_path(base, "global"));
      return std::nullopt;
    }
    const std::int64_t denominator = *product;
    if (a.global % denominator != 0) {
      problems.error("not_divisible",
                     "global = " + std::to_string(a.global) + " is not divisible by " + how + " = " +
                         std::to_string(denominator) + ", so '" + term + "' would not be a whole number.",
                     child_path(base, "global"));
      return std::nullopt;
    }
    return a.global / denominator;
  };
  if (!q.micro) {
    auto v = divide(*q.accumulation, *q.data_parallel, "micro", "accumulation × dp");
    if (!v) return std::nullopt;
    a = {a.global, *v, *q.accumulation, *q.data_parallel, "micro"};
  } else if (!q.accumulation) {
    auto v = divide(*q.micro, *q.data_parallel, "accumulation", "micro × dp");
    if (!v) return std::nullopt;
    a = {a.global, *q.micro, *v, *q.data_parallel, "accumulation"};
  } else if (!q.data_parallel) {
    auto v = divide(*q.micro, *q.accumulation, "dp", "micro × accumulation");
    if (!v) return std::nullopt;
    a = {a.global, *q.micro, *q.accumulation, *v, "dp"};
  } else {
    a = {a.global, *q.micro, *q.accumulation, *q.data_parallel, ""};
    const double product = static_cast<double>(a.micro) * a.accumulation * a.data_parallel;
    if (product != static_cast<double>(a.global)) {
      problems.error("inconsistent",
                     "micro × accumulation × dp = " + std::to_string(a.micro) + " × " + std::to_string(a.accumulation) +
                         " × " + std::to_string(a.data_parallel) +
                         " does not equal global = " + std::to_string(a.global) + ".",
                     child_path(base, "global"));
      return std::nullopt;
    }
  }
  return a;
}

json to_json(const BatchAccount& a) {
  return json{{"global", a.global},
              {"micro", a.micro},
              {"accumulation", a.accumulation},
              {"dp", a.data_parallel},
              {"solved_for", a.solved_for},
              {"equation", std::to_string(a.global) + " = " + std::to_string(a.micro) + " × " +
                               std::to_string(a.accumulation) + " × " + std::to_string(a.data_parallel)}};
}

/// Request: any three of {global, micro, accumulation, dp}; dp may instead come from
/// {world, tp, pp, cp}. Optional seq (tokens per sample) adds tokens per step.
json cmd_batch(const json& request, Problems& problems) {
  if (!require_object(request, problems)) return {};
  const Fields f(request, "", problems);
  // An answer fed back as a request works: its derived fields are known and ignored.
  f.warn_unknown({"global", "micro", "accumulation", "dp", "world", "tp", "pp", "cp", "seq", "solved_for", "equation",
                  "tokens_per_step"});
  const Range count{1, kMaxBatchCount, false, true};
  BatchQuestion q;
  if (f.has("global")) q.global = f.integer("global", count);
  if (f.has("micro")) q.micro = f.integer("micro", count);
  if (f.has("accumulation")) q.accumulation = f.integer("accumulation", count);
  if (f.has("dp") && f.has("world")) {
    problems.error("conflict", "Give either dp or world (with tp, pp, cp), not both.", "/world");
  } else if (f.has("dp")) {
    q.data_parallel = f.integer("dp", count);
  } else if (f.has("world")) {
    auto world = f.integer("world", {1, 1e7});
    auto tp = f.integer("tp", {1, 1e5}, 1);
    auto pp = f.integer("pp", {1, 1e5}, 1);
    auto cp = f.integer("cp", {1, 1e5}, 1);
    if (world && tp && pp && cp) q.data_parallel = data_parallel_degree(*world, *tp, *pp, *cp, problems);
    q.data_parallel_key = "world";
  }
  std::optional<std::int64_t> seq;
  if (f.has("seq")) seq = f.integer("seq", {1, 1e8});
  if (!problems.ok()) return {};
  auto account = solve_batch(q, problems);
  if (!account) return {};
  json out = to_json(*account);
  if (seq) {
    out["seq"] = *seq;
    out["tokens_per_step"] = static_cast<double>(account->global) * static_cast<double>(*seq);
  }
  return out;
}

}  // namespace atlas
