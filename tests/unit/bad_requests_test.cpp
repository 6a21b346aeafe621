// The bad-input table (tests/fixtures/bad-requests.tsv): every row is a request that must come
// back as an error response holding an error with exactly the row's code and JSON pointer.
#include <doctest/doctest.h>

#include <set>
#include <sstream>
#include <vector>

#include "../fuzz/response_check.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

struct Row {
  int line;
  std::string command, code, path, request;
};

std::vector<Row> bad_request_rows() {
  std::vector<Row> rows;
  std::istringstream in(read_source_file("tests/fixtures/bad-requests.tsv"));
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    Row r{number, "", "", "", ""};
    std::size_t a = line.find('\t'), b = line.find('\t', a + 1), c = line.find('\t', b + 1);
    REQUIRE_MESSAGE(c != std::string::npos, "line " << number << " needs four tab-separated cells");
    r.command = line.substr(0, a);
    r.code = line.substr(a + 1, b - a - 1);
    r.path = line.substr(b + 1, c - b - 1);
    if (r.path == "-") r.path.clear();
    r.request = line.substr(c + 1);
    rows.push_back(r);
  }
  return rows;
}

}  // namespace

TEST_CASE("bad-input table: every row is its coded error at its path") {
  const auto rows = bad_request_rows();
  CHECK(rows.size() >= 100);
  std::set<std::string> commands;
  for (const auto& r : rows) {
    CAPTURE(r.line);
    CAPTURE(r.request.substr(0, 200));
    const std::string text = atlas::run_text(r.command, r.request);
    CHECK(atlas_fuzz::response_problem(text) == "");
    const json response = json::parse(text);
    REQUIRE(atlas::is_error(response));
    INFO("got " << response["errors"].dump().substr(0, 400));
    CHECK(has_error(response, r.code, r.path));
    commands.insert(r.command);
  }
  // Every command that reads a request is covered (version and presets take none).
  for (const char* c : {"validate", "batch", "allreduce", "nccl-tests", "plan", "search", "quiz", "practice"})
    CHECK_MESSAGE(commands.count(c) == 1, c);
}
