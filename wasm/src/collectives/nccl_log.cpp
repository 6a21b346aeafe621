// Line-by-line reader of all_reduce_perf output. Columns are located from the table header when
// there is one (so reordered or trimmed hand-edited tables work) and from the row's width
// otherwise (13 cells: current format with `root`; 12: older format without it).
#include "atlas/collectives/nccl_log.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <set>

namespace atlas {

namespace {

struct Columns {
  int size = 0, type = 2, redop = 3;
  int time = 5, algbw = 6, busbw = 7, wrong = 8;
  int ip_time = 9, ip_busbw = 11, ip_wrong = 12;
  int width = 13;
};

Columns current_format() { return {}; }

Columns size_and_time() {  // a bare two-or-more-column table: size first, time second
  Columns c;
  c.type = c.redop = c.algbw = c.busbw = c.wrong = c.ip_time = c.ip_busbw = c.ip_wrong = -1;
  c.time = 1;
  return c;
}

Columns older_format() {  // no `root` column: everything after redop moves one to the left
  Columns c;
  c.time = 4, c.algbw = 5, c.busbw = 6, c.wrong = 7, c.ip_time = 8, c.ip_busbw = 10, c.ip_wrong = 11, c.width = 12;
  return c;
}

std::vector<std::string_view> split(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
    std::size_t j = i;
    while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
    if (j > i) out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim_blanks(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The whole cell must be a finite decimal number; strtod alone would accept "12abc".
std::optional<double> parse_number(std::string_view cell) {
  if (cell.empty() || cell.size() > 64) return std::nullopt;
  const std::string s(cell);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  // strtod also takes "inf", "nan" and hex; a table cell is plain decimal.
  for (char c : s)
    if (!(std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'))
      return std::nullopt;
  return v;
}

// Cuts a line for echoing back, on a UTF-8 character boundary.
std::string shorten(std::string_view s) {
  constexpr std::size_t kMax = 120;
  if (s.size() <= kMax) return std::string(s);
  std::size_t cut = kMax;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return std::string(s.substr(0, cut)) + "…";
}

// Launchers prefix each line with the task id ("0: ", "[1,0]<stdout>:"); drop that.
std::string_view drop_launcher_prefix(std::string_view s) {
  std::string_view t = trim_blanks(s);
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i > 0 && i < t.size() && t[i] == ':') return trim_blanks(t.substr(i + 1));
  if (!t.empty() && t.front() == '[') {
    const auto close = t.find("]<stdout>:");
    if (close != std::string_view::npos) return trim_blanks(t.substr(close + 10));
  }
  return t;
}

// Reads a header row ("size count type redop root time algbw busbw #wrong time …").
std::optional<Columns> header_columns(const std::vector<std::string_view>& cells) {
  Columns c;
  c.type = c.redop = c.algbw = c.busbw = c.wrong = c.ip_time = c.ip_busbw = c.ip_wrong = -1;
  int times = 0;
  bool size = false;
  int i = -1;
  for (const auto& raw : cells) {
    // Unit annotations like "(us)" written next to a name are not columns of their own.
    if (!raw.empty() && raw.front() == '(') continue;
    ++i;
    const std::string k = lower(raw);
    const bool in_place = times >= 2;
    if (k == "size")
      size = true, c.size = i;
    else if (k == "type")
      c.type = i;
    else if (k == "redop")
      c.redop = i;
    else if (k == "time")
      (times++ == 0 ? c.time : c.ip_time) = i;
    else if (k == "algbw" && !in_place)
      c.algbw = i;
    else if (k == "busbw")
      (in_place ? c.ip_busbw : c.busbw) = i;
    else if (k == "#wrong" || k == "error" || k == "wrong")
      (in_place ? c.ip_wrong : c.wrong) = i;
  }
  if (!size || times == 0) return std::nullopt;
  c.width = i + 1;
  return c;
}

std::string cell(const std::vector<std::string_view>& cells, int index) {
  return index >= 0 && index < static_cast<int>(cells.size()) ? std::string(cells[static_cast<std::size_t>(index)])
                                                              : std::string();
}

std::optional<double> number_at(const std::vector<std::string_view>& cells, int index) {
  if (index < 0 || index >= static_cast<int>(cells.size())) return std::nullopt;
  return parse_number(cells[static_cast<std::size_t>(index)]);
}

}  // namespace

std::optional<double> parse_size(std::string_view raw) {
  std::string digits;
  std::size_t i = 0;
  for (; i < raw.size(); ++i) {
    const char c = raw[i];
    if (c == '_' || c == ',') continue;
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
      digits += c;
    else
      break;
  }
  if (digits.empty() || digits.size() > 24) return std::nullopt;
  auto value = parse_number(digits);
  if (!value) return std::nullopt;
  const std::string unit = lower(raw.substr(i));
  double scale = 0;
  if (unit.empty() || unit == "b")
    scale = 1;
  else if (unit == "k" || unit == "kib")
    scale = 1024.0;
  else if (unit == "m" || unit == "mib")
    scale = 1024.0 * 1024;
  else if (unit == "g" || unit == "gib")
    scale = 1024.0 * 1024 * 1024;
  else if (unit == "kb")
    scale = 1e3;
  else if (unit == "mb")
    scale = 1e6;
  else if (unit == "gb")
    scale = 1e9;
  if (scale == 0) return std::nullopt;
  const double bytes = *value * scale;
  if (!std::isfinite(bytes) || bytes > 1e15) return std::nullopt;
  return bytes;
}

NcclLog parse_nccl_log(std::string_view text) {
  NcclLog log;
  std::set<long> ranks;
  std::optional<Columns> header;
  int number = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    ++number;
    std::string_view line = drop_launcher_prefix(raw);
    if (line.empty()) {
      if (end == text.size()) break;
      continue;
    }

    if (line.front() == '#') {
      const auto cells = split(line.substr(1));
      if (cells.size() >= 2 && lower(cells[0]) == "rank") {
        // Only whole rank numbers a real run could print; converting 1e300 to long is undefined.
        if (auto r = parse_number(cells[1]); r && *r >= 0 && *r <= 1e7 && std::floor(*r) == *r)
          ranks.insert(static_cast<long>(*r));
      } else if (auto h = header_columns(cells)) {
        header = h;
        log.header_found = true;
      } else if (line.find("Avg bus bandwidth") != std::string_view::npos) {
        const auto colon = line.find(':');
        if (colon != std::string_view::npos) log.avg_busbw = parse_number(trim_blanks(line.substr(colon + 1)));
      } else if (line.find("Collective test starting:") != std::string_view::npos ||
                 line.find("Collective test concluded:") != std::string_view::npos) {
        const auto colon = line.find(':');
        log.collective = std::string(trim_blanks(line.substr(colon + 1)));
      }
      if (end == text.size()) break;
      continue;
    }

    const auto cells = split(line);
    if (auto h = header_columns(cells); h && !parse_size(cells[0])) {  // a header without '#'
      header = h;
      log.header_found = true;
    } else if (!parse_size(cells[0])) {
      // Not a table row: NCCL INFO lines, prompts, warnings. Listed so nothing vanishes silently.
      ++log.skipped_count;
      if (log.skipped.size() < kMaxSkippedListed) log.skipped.push_back({number, "not a table row", shorten(raw)});
    } else {
      // A row: use the header's layout when the width matches, else the known layouts.
      Columns c = current_format();
      const int width = static_cast<int>(cells.size());
      if (header && header->width == width)
        c = *header;
      else if (width == 12 || width == 8)
        c = older_format();
      else if (width < 8)
        c = size_and_time();
      const auto size = parse_size(cells[static_cast<std::size_t>(c.size)]);
      const auto time_us = number_at(cells, c.time);
      std::string reason;
      if (width < 2)
        reason = "only one cell; expected at least size and time";
      else if (!time_us)
        reason = "time column (" + std::to_string(c.time + 1) + ") is not a number: '" + cell(cells, c.time) + "'";
      else if (!(*time_us >= kMinTimeMicroseconds))
        reason = "time must be at least 0.001 us (all_reduce_perf prints microseconds with two decimals)";
      if (!reason.empty()) {
        if (log.unreadable.size() < kMaxUnreadableListed) log.unreadable.push_back({number, reason, shorten(raw)});
      } else {
        NcclRow row;
        row.line = number;
        row.size = *size;
        row.type = cell(cells, c.type);
        row.redop = cell(cells, c.redop);
        row.time = *time_us * 1e-6;  // nccl-tests prints microseconds
        row.logged_algbw = number_at(cells, c.algbw);
        row.logged_busbw = number_at(cells, c.busbw);
        row.wrong = cell(cells, c.wrong);
        if (auto ip = number_at(cells, c.ip_time); ip && *ip >= kMinTimeMicroseconds) row.in_place_time = *ip * 1e-6;
        row.in_place_logged_busbw = number_at(cells, c.ip_busbw);
        row.in_place_wrong = cell(cells, c.ip_wrong);
        if (log.rows.size() == kMaxRows) {  // a real log has tens of rows: stop reading
          log.too_many_rows = true;
          break;
        }
        log.rows.push_back(std::move(row));
      }
    }
    if (end == text.size()) break;
  }
  log.rank_lines = static_cast<int>(ranks.size());
  return log;
}

}  // namespace atlas
