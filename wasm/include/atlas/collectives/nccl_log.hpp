// Reader for the text that nccl-tests' all_reduce_perf prints: header comments, "#  Rank" lines,
// the column header, data rows (out-of-place and in-place groups; with or without `root`;
// `#wrong` or the older `error` column), footer lines, interleaved NCCL INFO / launcher output,
// srun-style "0: " prefixes, and hand-edited tables (sizes like 1_073_741_824 or 1G).
// It never throws; every line it cannot use is reported with its 1-based line number.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atlas {

struct NcclRow {
  int line = 0;
  double size = 0;                     // B
  std::string type;                    // "float", … ("" when the table has no such column)
  std::string redop;                   // "sum", …
  double time = 0;                     // out-of-place, s
  std::optional<double> logged_algbw;  // GB/s as printed
  std::optional<double> logged_busbw;
  std::string wrong;                    // "#wrong" / "error" cell as printed ("" when absent)
  std::optional<double> in_place_time;  // s
  std::optional<double> in_place_logged_busbw;
  std::string in_place_wrong;
};

struct NcclLine {
  int line = 0;
  std::string reason;
  std::string text;  // the line, shortened
};

struct NcclLog {
  std::vector<NcclRow> rows;
  std::vector<NcclLine> unreadable;  // looked like table rows but could not be read
  std::vector<NcclLine> skipped;     // other text (NCCL INFO, shell prompts, …), first few only
  int skipped_count = 0;
  int rank_lines = 0;                     // distinct ranks in "#  Rank N …" lines
  std::optional<std::string> collective;  // from "Collective test starting: all_reduce_perf"
  std::optional<double> avg_busbw;        // GB/s from the "# Avg bus bandwidth" footer
  bool header_found = false;
  bool too_many_rows = false;  // reading stopped after kMaxRows rows
};

inline constexpr std::size_t kMaxSkippedListed = 50;
inline constexpr std::size_t kMaxUnreadableListed = 200;
/// all_reduce_perf prints tens of rows per run; more than this is not a log a person pasted.
inline constexpr std::size_t kMaxRows = 5000;
/// Smallest row time read (µs); smaller ones are unreadable rows (their rates would overflow).
inline constexpr double kMinTimeMicroseconds = 1e-3;

NcclLog parse_nccl_log(std::string_view text);

/// A size cell: digits with optional _ or , separators and an optional unit (B, K/M/G as
/// nccl-tests' -b/-e read them = powers of 1024, KB/MB/GB = 1000, KiB/MiB/GiB = 1024).
std::optional<double> parse_size(std::string_view cell);

}  // namespace atlas
