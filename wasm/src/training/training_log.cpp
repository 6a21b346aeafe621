// Reading a training log excerpt. Megatron-LM prints, every log interval,
//   iteration   10/ 100 | consumed samples: 640 | elapsed time per iteration (ms): 3407.2 |
//   throughput per GPU (TFLOP/s/GPU): 402.5 | … | global batch size: 64 | …
// and once, after the first interval, "memory (MB) | allocated: … | max allocated: … |
// reserved: … | max reserved: …" in MiB (its "MB" divides by 1024²); Weights & Biases and
// TensorBoard exports name the peak "mem-max-allocated-bytes". torchtitan prints per step
//   step: 20  loss: 6.8123  memory: 62.21GiB(78.43%)  tps: 5,893  tflops: 341.28  mfu: 34.51%
// where memory is the caching allocator's reserved peak and tps tokens per second per GPU
// ("wps" before 2025).
#include "atlas/training/training_log.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "atlas/contract/fields.hpp"

namespace atlas {

namespace {

/// The number right after `key` (spaces, '=' or ':' skipped; thousands commas allowed).
std::optional<double> log_number_after(std::string_view line, std::string_view key) {
  const auto at = line.find(key);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t i = at + key.size();
  while (i < line.size() && (line[i] == ' ' || line[i] == ':' || line[i] == '=' || line[i] == '\t')) ++i;
  std::string digits;
  for (; i < line.size(); ++i) {
    const char c = line[i];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == 'e' || c == 'E' || c == '+' ||
        (c == '-' && digits.empty()))
      digits += c;
    else if (c != ',' || digits.empty())
      break;
  }
  if (digits.empty()) return std::nullopt;
  char* end = nullptr;
  const double v = std::strtod(digits.c_str(), &end);
  if (end == digits.c_str() || !(v >= 0) || v > 1e30) return std::nullopt;
  return v;
}

double log_median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// The intervals a median reads: all of them, or all but the first when there are three or more.
std::optional<double> log_steady(const std::vector<double>& v) {
  if (v.empty()) return std::nullopt;
  if (v.size() < 3) return log_median(v);
  return log_median(std::vector<double>(v.begin() + 1, v.end()));
}

}  // namespace

TrainingLog read_training_log(std::string_view text) {
  TrainingLog log;
  std::vector<double> step_ms, tflops, tps, mfu;
  int line_no = 0;
  const auto note = [&](const std::string& what) {
    if (log.read.size() < 12) log.read.push_back(json{{"line", line_no}, {"what", what}});
  };
  for (std::size_t at = 0; at <= text.size();) {
    const auto end = std::min(text.find('\n', at), text.size());
    const std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_no;
    if (const auto ms = log_number_after(line, "elapsed time per iteration (ms)")) {
      log.format = "megatron";
      ++log.intervals;
      step_ms.push_back(*ms);
      if (const auto t = log_number_after(line, "throughput per GPU (TFLOP/s/GPU)")) tflops.push_back(*t);
      if (const auto g = log_number_after(line, "global batch size")) log.global_batch = *g;
      note("iteration interval: " + format_number(*ms) + " ms per iteration");
      continue;
    }
    if (line.find("memory (MB)") != std::string_view::npos) {
      if (const auto mib = log_number_after(line, "max allocated")) {
        const double bytes = *mib * 1048576.0;
        if (!log.memory_bytes || bytes > *log.memory_bytes) log.memory_bytes = bytes;
        log.memory_quantity = "allocated";
        note("max allocated " + format_number(*mib) + " MiB");
      }
      continue;
    }
    if (const auto bytes = log_number_after(line, "mem-max-allocated-bytes")) {
      if (!log.memory_bytes || *bytes > *log.memory_bytes) log.memory_bytes = *bytes;
      log.memory_quantity = "allocated";
      note("mem-max-allocated-bytes " + format_number(*bytes));
      continue;
    }
    const auto rate =
        line.find("tps:") != std::string_view::npos ? log_number_after(line, "tps:") : log_number_after(line, "wps:");
    if (line.find("step:") != std::string_view::npos && rate) {
      if (log.format.empty()) log.format = "torchtitan";
      ++log.intervals;
      tps.push_back(*rate);
      if (const auto t = log_number_after(line, "tflops:")) tflops.push_back(*t);
      if (const auto m = log_number_after(line, "mfu:")) mfu.push_back(*m / 100.0);
      if (const auto gib = log_number_after(line, "memory:")) {
        const double bytes = *gib * 1073741824.0;
        if (!log.memory_bytes || bytes > *log.memory_bytes) log.memory_bytes = bytes;
        log.memory_quantity = "reserved";
      }
      note("step: " + format_number(*rate) + " tokens/s per GPU");
    }
  }
  if (const auto ms = log_steady(step_ms)) log.step_seconds = *ms / 1000.0;
  log.tflops_per_gpu = log_steady(tflops);
  log.tokens_per_second_per_gpu = log_steady(tps);
  log.mfu = log_steady(mfu);
  const std::size_t lines = std::max(step_ms.size(), tps.size());
  log.used = static_cast<int>(lines >= 3 ? lines - 1 : lines);
  return log;
}

}  // namespace atlas
