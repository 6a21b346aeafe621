// Issue 12's limits: requests that used to crash, hang, exhaust memory or answer with megabytes
// now get a coded error at the field to fix, within a work budget that is checked by counting
// work (the search estimate, rows read, issues listed), never by a clock.
#include <doctest/doctest.h>

#include <algorithm>

#include "../fuzz/response_check.hpp"
#include "atlas/collectives/nccl_log.hpp"
#include "atlas/training/plan_request.hpp"
#include "atlas/training/search_budget.hpp"
#include "support.hpp"

using namespace atlas_test;

namespace {

// Runs request text and checks the contract's invariants on the answer before returning it;
// an error answer must also be small (echoes are bounded: none grows with a huge bad input).
json answer(const std::string& command, const std::string& text) {
  const std::string out = atlas::run_text(command, text);
  CHECK(atlas_fuzz::response_problem(out) == "");
  const json r = json::parse(out);
  if (atlas::is_error(r)) CHECK(out.size() < 20000);
  return r;
}

std::string nested(const std::string& open, const std::string& inner, const std::string& close, int depth) {
  std::string s;
  s.reserve((open.size() + close.size()) * depth + inner.size());
  for (int i = 0; i < depth; ++i) s += open;
  s += inner;
  for (int i = 0; i < depth; ++i) s += close;
  return s;
}

json search_request(json model, std::int64_t gpus, std::int64_t global, json limits = json::object()) {
  return json{{"model", std::move(model)},
              {"hardware", {{"preset", "a100-80gb"}, {"gpus", gpus}}},
              {"batch", {{"global", global}}},
              {"limits", std::move(limits)}};
}

}  // namespace

TEST_CASE("deep nesting is refused before any command recurses, at the value that goes too deep") {
  const json plan = answer("plan", "{\"model\":" + nested("{\"a\":", "1", "}", 10000) + "}");
  CHECK(error_code(plan) == "too_deep");
  const std::string path = error_path(plan);
  CHECK(path.rfind("/model/a/a/", 0) == 0);
  CHECK(std::count(path.begin(), path.end(), '/') == static_cast<long>(atlas::kMaxDepth));  // the 65th level
  const json quiz = answer("quiz", "{\"check\":{\"options\":" + nested("[", "", "]", 10000) + "}}");
  CHECK(error_code(quiz) == "too_deep");
  CHECK(error_path(quiz).rfind("/check/options/0/0", 0) == 0);
  CHECK(error_code(answer("validate", nested("[", "", "]", 1000000))) == "too_deep");
  // Exactly at the limit is fine (the command then says what it thinks of the request).
  CHECK(error_code(answer("batch", nested("[", "", "]", static_cast<int>(atlas::kMaxDepth)))) == "not_object");
  CHECK(error_code(answer("batch", nested("[", "", "]", static_cast<int>(atlas::kMaxDepth) + 1))) == "too_deep");
  // A parsed value handed to run() directly gets the same check.
  json deep = 1;
  for (int i = 0; i < 5000; ++i) deep = json::array({std::move(deep)});
  CHECK(error_code(atlas::run("quiz", json{{"check", deep}})) == "too_deep");
}

TEST_CASE("a number beyond double range is out_of_range at its path, with a short echo") {
  const json r = answer("validate", "1e999");
  CHECK(error_code(r) == "out_of_range");
  CHECK(error_path(r) == "");
  CHECK(has_error(answer("plan", R"({"model":{"preset":"gpt3-175b"},"hardware":{"gpus":[1,{"x":-1e400}]}})"),
                  "out_of_range", "/hardware/gpus/1/x"));
  const std::string digits(4 * 1024 * 1024, '7');  // 4 MB of digits: a number far beyond 1e308
  const json big = answer("batch", "{\"global\":" + digits + "}");
  CHECK(error_code(big) == "out_of_range");
  CHECK(error_path(big) == "/global");
  CHECK(big["error"]["message"].get<std::string>().size() < 200);
}

TEST_CASE("request size, value count, key length and duplicate keys are limits with codes") {
  CHECK(error_code(answer("batch", std::string(atlas::kMaxRequestBytes + 1, ' '))) == "too_large");
  const std::string key(1024 * 1024, 'k');  // a 1 MB unknown key: once echoed twice per warning
  const json long_key = answer("batch", "{\"micro\":8,\"accumulation\":16,\"dp\":64,\"" + key + "\":1}");
  CHECK(error_code(long_key) == "too_long");
  CHECK(error_path(long_key) == "");
  std::string many = "[";
  for (std::size_t i = 0; i <= atlas::kMaxValues; ++i) many += i ? ",0" : "0";
  many += "]";
  const json count = answer("batch", many);
  CHECK(error_code(count) == "too_many");
  CHECK(error_path(count) == "/" + std::to_string(atlas::kMaxValues - 1));
  CHECK(has_error(answer("batch", R"({"global":8192,"global":4096,"micro":8,"dp":64})"), "duplicate_key", "/global"));
}

TEST_CASE("responses list at most kMaxIssuesListed errors and warnings, then one count") {
  json request{{"micro", 8}, {"accumulation", 16}, {"dp", 64}};
  for (int i = 0; i < 1000; ++i) request["unknown" + std::to_string(i)] = i;
  const json ok = atlas::run("batch", request);
  REQUIRE_FALSE(atlas::is_error(ok));
  REQUIRE(ok["warnings"].size() == atlas::kMaxIssuesListed + 1);
  CHECK(ok["warnings"].back()["code"] == "too_many_issues");
  CHECK(ok["warnings"].back()["message"] == "900 more warnings are not listed.");
  // 200,000 bad column names (the issue's 36 MB of errors): refused by the list's size.
  std::string columns =
      "{\"ranks\":8,\"bytes\":1,\"bandwidth\":1e9,\"latency\":0,\"sweep\":{\"bytes\":{\"from\":1,"
      "\"to\":10,\"columns\":[";
  for (int i = 0; i < 100000; ++i) columns += i ? ",\"x\"" : "\"x\"";
  columns += "]}}}";
  const json r = answer("allreduce", columns);
  CHECK(error_code(r) == "too_many");
  CHECK(error_path(r) == "/sweep/bytes/columns");
}

TEST_CASE("batch products are overflow-checked: int64 wrap-around is a coded error, not SIGFPE") {
  const json a = answer("batch", R"({"global":1,"micro":4294967296,"dp":4294967296})");
  CHECK(error_code(a) == "not_divisible");
  CHECK(error_path(a) == "/global");
  CHECK(a["error"]["message"].get<std::string>().find("4294967296 × 4294967296 is more than global = 1") !=
        std::string::npos);
  const json b = answer("batch", R"({"global":1e12,"micro":1e12,"dp":1e12})");
  CHECK(b["error"]["message"].get<std::string>().find("1000000000000 × 1000000000000") != std::string::npos);
  // Solving for global: the error names the largest factor, a field that was given.
  CHECK(error_path(answer("batch", R"({"micro":2,"accumulation":3,"dp":1e12})")) == "/dp");
  // Big but fine: exact in int64.
  const json c = answer("batch", R"({"global":1e12,"micro":1e6,"dp":1e6})");
  CHECK(c["accumulation"] == 1);
}

TEST_CASE("physical minimums name the field and its unit, not a non-finite output") {
  const json bw = answer("allreduce", R"({"ranks":8,"bytes":1e9,"bandwidth":1e-300,"latency":0})");
  CHECK(error_code(bw) == "out_of_range");
  CHECK(error_path(bw) == "/bandwidth");
  CHECK(bw["error"]["message"] ==
        "'bandwidth' is 1e-300 B/s; it must be at least 1000000 B/s and at most 1000000000000000 B/s.");
  // The smallest bandwidth allowed, with the largest payload, ranks and latency, stays finite.
  const json slow = answer("allreduce", R"({"ranks":65536,"bytes":1e15,"bandwidth":1e6,"latency":10,"compare":true,
                                            "scaling":{"compute":1e-9},"sweep":{"bytes":{"from":1,"to":1e15},
                                            "ranks":{"from":1,"to":65536}}})");
  CHECK_FALSE(atlas::is_error(slow));
  // nccl-tests: a row time below what all_reduce_perf prints is an unreadable row, not infinity.
  const json nccl = answer(
      "nccl-tests", R"({"log":"1024 256 float sum -1 1e-300 1 1 0\n2048 512 float sum -1 2 1 1 0\n","ranks":8})");
  REQUIRE_FALSE(atlas::is_error(nccl));
  CHECK(nccl["rows"].size() == 1);
  REQUIRE(nccl["unreadable"].size() == 1);
  CHECK(nccl["unreadable"][0]["line"] == 1);
}

TEST_CASE("whole numbers in messages are written in full") {
  const json r = answer("quiz", R"({"check":{},"seed":9007199254740992})");
  CHECK(has_error(r, "out_of_range", "/seed"));
  bool found = false;
  for (const auto& e : r["errors"])
    if (e["path"] == "/seed")
      found = e["message"] == "'seed' is 9007199254740992; it must be at least 0 and at most 9007199254740991.";
  CHECK(found);
}

TEST_CASE("nccl-tests: rank lines beyond any real run are ignored; rows are capped") {
  const json r = answer("nccl-tests", R"({"log":"#  Rank 1e300 Group 0\n#  Rank -1 Group 0\n#  Rank 3 Group 0\n"})");
  REQUIRE_FALSE(atlas::is_error(r));
  CHECK(r["rank_lines"] == 1);
  std::string log;
  for (std::size_t i = 0; i <= atlas::kMaxRows; ++i) log += "1024 1 float sum -1 1.0 1 1 0\n";
  const json many = answer("nccl-tests", json{{"log", log}, {"ranks", 8}}.dump());
  CHECK(error_code(many) == "too_many");
  CHECK(error_path(many) == "/log");
  log.erase(log.size() - 30);  // exactly kMaxRows rows
  const json max = atlas::run("nccl-tests", json{{"log", log}, {"ranks", 8}});
  REQUIRE_FALSE(atlas::is_error(max));
  CHECK(max["rows"].size() == atlas::kMaxRows);
  CHECK(has_error(answer("nccl-tests", R"({"log":"","min_bytes":1000,"max_bytes":10})"), "out_of_range", "/max_bytes"));
}

TEST_CASE("search: the estimate counts exactly the groups search enumerates (12 layouts each)") {
  const json cases[] = {
      search_request({{"preset", "gpt3-175b"}}, 1024, 1536),
      search_request({{"preset", "llama-3.1-8b"}, {"seq", 512}}, 64, 128, {{"max_cp", 1}}),
      search_request({{"preset", "mixtral-8x7b"}}, 256, 512, {{"max_tp", 4}, {"max_micro", 4}}),
      search_request({{"preset", "megatron-22b"}}, 96, 384, {{"max_virtual_stages", 2}}),
  };
  for (const json& request : cases) {
    CAPTURE(request.dump());
    const json r = atlas::run("search", request);
    REQUIRE_FALSE(atlas::is_error(r));
    atlas::Problems p;
    auto model = atlas::read_model(request, p);
    auto hardware = atlas::read_hardware(request, p);
    REQUIRE(p.ok());
    atlas::SearchLimits lim;
    const json& l = request["limits"];
    lim.max_tp = l.value("max_tp", lim.max_tp), lim.max_pp = l.value("max_pp", lim.max_pp);
    lim.max_cp = l.value("max_cp", lim.max_cp), lim.max_micro = l.value("max_micro", lim.max_micro);
    lim.max_virtual_stages = l.value("max_virtual_stages", lim.max_virtual_stages);
    const auto groups = atlas::estimate_search_groups(*model, hardware->gpus, request["batch"]["global"], lim);
    CHECK(groups > 0);
    CHECK(r["counts"]["evaluated"] == 12 * groups);
  }
}

TEST_CASE("search: a space beyond the budget is refused before enumerating, naming what to narrow") {
  // The issue's 200-byte request that ran 38.6 s natively and 85 s in WASM: 23 million groups.
  const json big = search_request({{"preset", "llama-3.1-8b"},
                                   {"layers", 7560},
                                   {"heads", 55440},
                                   {"kv_heads", 55440},
                                   {"hidden", 55440},
                                   {"ffn", 221760}},
                                  8648640, 8648640);
  atlas::Problems p;
  auto model = atlas::read_model(big, p);
  REQUIRE(model);
  const auto groups = atlas::estimate_search_groups(*model, 8648640, 8648640, {});
  CHECK(groups > atlas::kMaxSearchGroups);
  CHECK(groups <= atlas::kMaxSearchGroups + 1000000);  // counting stopped soon after the budget
  const json r = atlas::run("search", big);
  CHECK(error_code(r) == "search_too_large");
  CHECK(error_path(r) == "/limits");
  const std::string message = r["error"]["message"];
  CHECK(message.find("150,000") != std::string::npos);
  CHECK(message.find("448 divisors") != std::string::npos);
  CHECK(message.find("max_micro") != std::string::npos);
  // Narrowed as the message suggests, the same space fits the budget and is searched.
  json narrowed = big;
  narrowed["limits"] = {{"max_tp", 8}, {"max_pp", 16}, {"max_cp", 1}, {"max_micro", 2}, {"max_virtual_stages", 1}};
  CHECK(error_code(atlas::run("search", narrowed)) != "search_too_large");
  // A request the budget cannot read goes on to search's own errors, reported once.
  const json bad = atlas::run(
      "search",
      json{{"model", {{"preset", "nope"}}}, {"hardware", {{"preset", "a100-80gb"}}}, {"batch", {{"global", 8}}}});
  CHECK(error_code(bad) == "unknown_preset");
  CHECK(bad["errors"].size() == 1);
}
