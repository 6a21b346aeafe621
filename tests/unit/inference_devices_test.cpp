// Inference mode's `stages` and `communication` lists, which the split explorer's diagram draws:
// each stage's layers and one device's memory (KV cache exact, against the hand formula), and the
// tensors that cross device boundaries per prompt and per decode step, tagged where they cross.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

const json* find(const json& list, const std::string& id) {
  for (const auto& t : list)
    if (t["id"] == id) return &t;
  return nullptr;
}

double num(const json& j) { return j.get<double>(); }

// Llama-3.1-70B: 80 layers, 8 KV heads of 128; prompt 2048 + output 256 = 2304 tokens, a whole
// number of 16-token blocks.
constexpr double kTokens = 2304, kHidden = 8192, kVocab = 128256;

}  // namespace

TEST_CASE("inference stages: Llama-3.1-70B on tp 8, one stage holding every layer and a slice of each KV head") {
  const json r = serve("llama-3.1-70b", 8, {{"tp", 8}}, {{"concurrency", 16}});
  REQUIRE_FALSE(r.contains("error"));
  REQUIRE(r["stages"].size() == 1);
  const json& st = r["stages"][0];
  CHECK(st["first_layer"] == 0);
  CHECK(st["layers"] == 80);
  CHECK(st["devices"] == 8);
  CHECK(st["embedding"] == true);
  CHECK(st["head"] == true);
  CHECK(num(st["kv_heads_per_device"]) == 1.0);  // 8 KV heads over 8 ranks
  const json& m = st["memory"];
  CHECK(num(m["kv_cache_per_token"]) == 2.0 * 80 * 1 * 128 * 2);
  CHECK(num(m["kv_cache_per_sequence"]) == kTokens * 40960.0);
  CHECK(num(m["kv_cache"]) == 16 * kTokens * 40960.0);  // 1,509,949,440 B
  CHECK(num(m["kv_cache"]) == num(r["memory"]["kv_cache"]));
  CHECK(num(m["weights"]) == num(r["memory"]["weights"]));
  CHECK(num(m["total"]) ==
        doctest::Approx(num(m["weights"]) + num(m["kv_cache"]) + num(m["activations"]) + num(m["reserve"])));
  CHECK(num(m["free"]) == doctest::Approx(num(m["capacity"]) - num(m["total"])));
  CHECK(num(m["max_sequences"]) == num(r["memory"]["max_concurrency"]));
  CHECK(st["formulas"]["kv_cache"]["values"].back() == json{{"value", 1509949440}, {"unit", "B"}});
}

TEST_CASE("inference stages: tp 2 · pp 4 splits the layers into four stages, embedding first and head last") {
  const json r = serve("llama-3.1-70b", 8, {{"tp", 2}, {"pp", 4}}, {{"concurrency", 16}});
  REQUIRE_FALSE(r.contains("error"));
  REQUIRE(r["stages"].size() == 4);
  double tightest = 1e18;
  for (int i = 0; i < 4; ++i) {
    const json& st = r["stages"][i];
    CAPTURE(i);
    CHECK(st["index"] == i);
    CHECK(st["first_layer"] == 20 * i);
    CHECK(st["layers"] == 20);
    CHECK(st["embedding"] == (i == 0));
    CHECK(st["head"] == (i == 3));
    CHECK(num(st["kv_heads_per_device"]) == 4.0);
    // 2 × 20 layers × 4 KV heads × 128 × 2 B: the same 40,960 B per token as tp 8, other heads.
    CHECK(num(st["memory"]["kv_cache_per_token"]) == 2.0 * 20 * 4 * 128 * 2);
    CHECK(num(st["memory"]["kv_cache"]) == 16 * kTokens * 40960.0);
    tightest = std::min(tightest, num(st["memory"]["max_sequences"]));
  }
  // Middle stages hold only layers; the ends add a vocabulary table each.
  const auto weights = [&](int i) { return num(r["stages"][i]["memory"]["weights"]); };
  CHECK(weights(1) == weights(2));
  CHECK(weights(0) > weights(1));
  CHECK(weights(3) > weights(1));
  CHECK(num(r["memory"]["weights"]) == std::max(weights(0), weights(3)));
  CHECK(num(r["memory"]["max_concurrency"]) == tightest);  // one replica: the tightest stage decides
}

TEST_CASE("inference crossings: decode's tensor-parallel all-reduces move 2 per layer × hidden × 2 B × users") {
  const json r = serve("llama-3.1-70b", 8, {{"tp", 8}}, {{"concurrency", 32}});
  REQUIRE_FALSE(r.contains("error"));
  const json& decode = r["communication"]["decode"];
  const json* attn = find(decode, "tp-attention-allreduce");
  const json* mlp = find(decode, "tp-mlp-allreduce");
  REQUIRE(attn);
  REQUIRE(mlp);
  CHECK((*attn)["where"] == "layer.attention.out");
  CHECK((*mlp)["where"] == "layer.mlp.fc2");
  CHECK(num((*attn)["count_per_step"]) == 80);
  CHECK(num((*attn)["bytes_per_call"]) == 2 * 32 * kHidden);
  CHECK(num((*attn)["bytes_per_step"]) + num((*mlp)["bytes_per_step"]) == 2 * 80 * kHidden * 2 * 32);
  CHECK(num((*attn)["bytes_per_token"]) == 80 * kHidden * 2);                     // per output token of one user
  CHECK(num((*attn)["exposed_time_per_step"]) == num((*attn)["time_per_step"]));  // nothing hides it
  bool step_bytes = false;  // 2 × 32 × 8192 × 80 B per decode step
  for (const auto& v : (*attn)["formula"]["values"]) step_bytes |= v == json{{"value", 41943040}, {"unit", "B"}};
  CHECK(step_bytes);
  const json* logits = find(decode, "tp-logits-allgather");
  REQUIRE(logits);
  CHECK((*logits)["where"] == "head");
  CHECK(num((*logits)["bytes_per_step"]) == 2 * 32 * kVocab);
  CHECK((*find(decode, "tp-embedding-allreduce"))["where"] == "embedding");
  // Prefill: the whole prompt's hidden states once per layer; logits of the last position only.
  const json& prefill = r["communication"]["prefill"];
  CHECK(num((*find(prefill, "tp-attention-allreduce"))["bytes_per_call"]) == 2 * 2048 * kHidden);
  CHECK(num((*find(prefill, "tp-attention-allreduce"))["bytes_per_token"]) == 80 * kHidden * 2);
  CHECK(num((*find(prefill, "tp-logits-allgather"))["bytes_per_step"]) == 2 * kVocab);
  for (const json* list : {&prefill, &decode})
    for (const auto& t : *list) {
      CHECK(!t["scope"].get<std::string>().empty());
      CHECK(t["formula"]["text"].get<std::string>().find(" per call") != std::string::npos);
    }
}

TEST_CASE("inference crossings with a pipeline: sends per stage boundary, passes per decode step, unique ids") {
  const json r = serve("llama-3.1-70b", 8, {{"tp", 2}, {"pp", 4}}, {{"concurrency", 13}});
  REQUIRE_FALSE(r.contains("error"));
  const json& decode = r["communication"]["decode"];
  // 13 sequences go round four stages in 4 passes of up to 4: the bytes count all 13 exactly.
  const json* send = find(decode, "pp-send");
  REQUIRE(send);
  CHECK((*send)["where"] == "stage-boundary");
  CHECK((*send)["stage"] == 0);
  CHECK(num((*send)["count_per_step"]) == 4);
  CHECK(num((*send)["bytes_per_call"]) == 2 * 2 * 4 * kHidden);
  CHECK(num((*send)["bytes_per_step"]) == 2 * 2 * 13 * kHidden);
  CHECK(num((*find(decode, "tp-attention-allreduce"))["count_per_step"]) == 20 * 4);
  // The last stage's transfers are listed too, under their own ids; it has no next stage.
  const json* last = find(decode, "tp-logits-allgather-last-stage");
  REQUIRE(last);
  CHECK((*last)["stage"] == 3);
  CHECK(num((*last)["bytes_per_step"]) == 2 * 13 * kVocab);
  CHECK(find(decode, "pp-send-last-stage") == nullptr);
  CHECK(find(decode, "tp-logits-allgather") == nullptr);
  for (const char* phase : {"prefill", "decode"}) {
    std::set<std::string> ids;
    for (const auto& t : r["communication"][phase]) CHECK(ids.insert(t["id"].get<std::string>()).second);
  }
  CHECK(num((*find(r["communication"]["prefill"], "pp-send"))["bytes_per_step"]) == 2 * 2 * 2048 * kHidden);
}

TEST_CASE("inference crossings: experts at the MoE layer, the KV hand-off at the cache, tags the diagram knows") {
  const std::set<std::string> places{"embedding", "layer.attention.out", "layer.mlp.fc2", "layer.moe",
                                     "head",      "stage-boundary",      "kv-cache"};
  const json moe = serve("mixtral-8x7b", 8, {{"tp", 1}, {"ep", 8}});
  REQUIRE_FALSE(moe.contains("error"));
  const json* dispatch = find(moe["communication"]["decode"], "ep-dispatch");
  REQUIRE(dispatch);
  CHECK((*dispatch)["where"] == "layer.moe");
  const json split = serve("llama-3.1-8b", 2, {{"tp", 1}}, {{"disaggregated", true}});
  REQUIRE_FALSE(split.contains("error"));
  const json* handoff = find(split["communication"]["prefill"], "kv-handoff");
  REQUIRE(handoff);
  CHECK((*handoff)["where"] == "kv-cache");
  // The whole prompt's cache: 2048 tokens × 32 layers × 2 × 8 KV heads × 128 × 2 B.
  CHECK(num((*handoff)["bytes_per_step"]) == 2048.0 * 32 * 2 * 8 * 128 * 2);
  for (const json* r : {&moe, &split})
    for (const char* phase : {"prefill", "decode"})
      for (const auto& t : (*r)["communication"][phase]) CHECK(places.count(t["where"].get<std::string>()) == 1);
}
