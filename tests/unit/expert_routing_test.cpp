// The plan's `experts` answer (expert_routing.cpp): the tokens a rank of the expert group routes
// per micro-batch, the rows its experts receive, the busiest rank under uneven routing, and the
// bytes and link of one all-to-all, counted by hand and tied to the transfer list's own call.
#include <doctest/doctest.h>

#include <cmath>

#include "support.hpp"

using namespace atlas_test;

namespace {

json plan(const json& model, int gpus, const json& parallel, int micro = 1) {
  const json r = atlas::run("plan", json{{"model", model},
                                         {"hardware", {{"preset", "h100-sxm"}, {"gpus", gpus}}},
                                         {"parallel", parallel},
                                         {"batch", {{"global", 64}, {"micro", micro}}}});
  REQUIRE_FALSE(atlas::is_error(r));
  return r;
}

double dispatch_bytes(const json& r) {
  for (const auto& t : r["communication"])
    if (t["id"] == "ep-fwd-dispatch") return t["bytes_per_call"].get<double>();
  return -1;
}

}  // namespace

TEST_CASE("tokens per expert: Mixtral 8x7B with one expert on each of eight GPUs, counted by hand") {
  const json mixtral = {{"preset", "mixtral-8x7b"}, {"seq", 4096}};
  const json r = plan(mixtral, 8, {{"ep", 8}, {"zero", 3}});
  const json& x = r["experts"];
  // 4,096 tokens a micro-batch, each to 2 of 8 experts: 8,192 rows; one expert a GPU receives them all.
  CHECK(x["tokens"].get<double>() == 4096);
  CHECK(x["rows"].get<double>() == 8192);
  CHECK(x["local_experts"].get<double>() == 1);
  CHECK(x["rows_per_expert"].get<double>() == 8192);
  CHECK(x["busiest_rows"].get<double>() == 8192);
  CHECK(x["link"] == "nvlink");
  CHECK(x["leaving_fraction"].get<double>() == doctest::Approx(7.0 / 8.0));
  // One all-to-all: 8,192 bf16 rows of 4,096, the transfer list's own call.
  CHECK(x["all_to_all_bytes"].get<double>() == 2.0 * 8192 * 4096);
  CHECK(x["all_to_all_bytes"].get<double>() == dispatch_bytes(r));
  CHECK(x["moe_layers"].get<int>() == 32);

  // The busiest rank under uneven routing receives, and sends, the imbalance times the mean.
  const json uneven = plan(mixtral, 8, {{"ep", 8}, {"zero", 3}, {"routing_imbalance", 1.5}});
  CHECK(uneven["experts"]["busiest_rows"].get<double>() == 1.5 * 8192);
  CHECK(uneven["experts"]["all_to_all_bytes"].get<double>() == dispatch_bytes(uneven));
  CHECK(uneven["experts"]["rows_per_expert"].get<double>() == 8192);  // the mean rank's
}

TEST_CASE("tokens per expert: sequence and context parallelism split the tokens a rank routes; the link follows") {
  const json qwen = {{"preset", "qwen3-30b-a3b"}, {"seq", 8192}};
  // tp 2 with sequence parallelism and cp 2: 8,192 ÷ 2 ÷ 2 = 2,048 tokens; × 8 = 16,384 rows over
  // the 128 ÷ 8 = 16 experts of a rank: 1,024 rows an expert.
  const json r = plan(qwen, 32, {{"tp", 2}, {"cp", 2}, {"ep", 8}, {"sequence_parallel", true}});
  const json& x = r["experts"];
  CHECK(x["tokens"].get<double>() == 2048);
  CHECK(x["rows_per_expert"].get<double>() == 1024);
  CHECK(x["all_to_all_bytes"].get<double>() == dispatch_bytes(r));
  // Sixteen expert ranks cannot share one 8-GPU host: the all-to-all crosses the network.
  const json wide = plan(qwen, 16, {{"ep", 16}});
  CHECK(wide["experts"]["link"] == "network");
  // No expert parallelism: every expert on every GPU, nothing leaves it.
  const json local = plan(qwen, 8, json::object());
  CHECK(local["experts"]["link"] == "none");
  CHECK(local["experts"]["all_to_all_bytes"].get<double>() == 0);
  CHECK(local["experts"]["rows_per_expert"].get<double>() == 8192.0 * 8 / 128);
  // A dense model has no experts answer at all.
  const json dense = plan({{"preset", "llama-3.1-8b"}}, 8, json::object());
  CHECK_FALSE(dense.contains("experts"));
}

TEST_CASE("tokens per expert while serving: a decode step's rows, the share of experts they touch, the bytes read") {
  const auto serve = [](int users, int ep) {
    const json r = atlas::run("plan", json{{"mode", "inference"},
                                           {"model", {{"preset", "gpt-oss-120b"}}},
                                           {"hardware", {{"preset", "h100-sxm"}, {"gpus", ep}}},
                                           {"parallel", {{"ep", ep}}},
                                           {"serving",
                                            {{"concurrency", users},
                                             {"prompt", 512},
                                             {"output", 512},
                                             {"weights", "bf16"},
                                             {"expert_weights", "mxfp4"}}}});
    REQUIRE_FALSE(atlas::is_error(r));
    return r;
  };
  // 16 users on one GPU, each token to 4 of 128 experts: 64 rows touching 1 − (1 − 4/128)^16 of them.
  const json one = serve(16, 1);
  const json& x = one["experts"];
  const double share = 1.0 - std::pow(1.0 - 4.0 / 128.0, 16.0);
  CHECK(x["tokens"].get<double>() == 16);
  CHECK(x["rows"].get<double>() == 64);
  CHECK(x["touched_fraction"].get<double>() == doctest::Approx(share));
  CHECK(x["touched_experts"].get<double>() == doctest::Approx(128 * share));
  CHECK(x["rows_per_touched_expert"].get<double>() == doctest::Approx(64 / (128 * share)));
  // Only the touched experts' weights are read, at their share of the stage's expert bytes.
  CHECK(x["expert_bytes_read"].get<double>() == doctest::Approx(share * x["expert_bytes"].get<double>()));
  // More users touch more of them; with the experts spread over 8 GPUs each device holds 16 and
  // sees every replica's tokens: the share follows tokens × ep.
  CHECK(serve(64, 1)["experts"]["touched_fraction"].get<double>() > share);
  const json spread = serve(16, 8);
  CHECK(spread["experts"]["local_experts"].get<double>() == 16);
  const double tokens = spread["experts"]["tokens"].get<double>();
  CHECK(spread["experts"]["touched_fraction"].get<double>() ==
        doctest::Approx(1.0 - std::pow(1.0 - 4.0 / 128.0, tokens * 8)));
  // A dense model has none.
  const json dense = atlas::run("plan", json{{"mode", "inference"},
                                             {"model", {{"preset", "llama-3.1-8b"}}},
                                             {"hardware", {{"preset", "h100-sxm"}, {"gpus", 1}}}});
  CHECK_FALSE(dense.contains("experts"));
}

TEST_CASE("serving under uneven routing: the busiest expert rank's rows, experts and all-to-all set the step") {
  const auto serve = [](double imbalance, const char* model = "qwen3-30b-a3b", int ep = 8) {
    return atlas::run("plan", json{{"mode", "inference"},
                                   {"model", {{"preset", model}}},
                                   {"hardware", {{"preset", "h100-sxm"}, {"gpus", ep}}},
                                   {"parallel", {{"ep", ep}, {"routing_imbalance", imbalance}}},
                                   {"serving", {{"concurrency", 64}, {"prompt", 512}, {"output", 512}}}});
  };
  const json even = serve(1), uneven = serve(2);
  REQUIRE_FALSE(atlas::is_error(even));
  REQUIRE_FALSE(atlas::is_error(uneven));
  CHECK(uneven["parallel"]["routing_imbalance"].get<double>() == 2);
  const auto dispatch = [](const json& r) {
    for (const auto& t : r["communication"]["decode"])
      if (t["id"] == "ep-dispatch") return t["bytes_per_call"].get<double>();
    return -1.0;
  };
  // Twice the mean rows arrive at the busiest rank, and leave it again.
  CHECK(dispatch(uneven) == doctest::Approx(2 * dispatch(even)));
  const json& x = uneven["experts"];
  CHECK(x["busiest_rows"].get<double>() == 2 * x["rows"].get<double>());
  // Each of its experts is picked twice as often: 1 − (1 − 2 × 8/128)^(tokens × ep).
  const double tokens = x["tokens"].get<double>();
  CHECK(x["touched_fraction"].get<double>() == doctest::Approx(1.0 - std::pow(1.0 - 16.0 / 128.0, tokens * 8)));
  CHECK(uneven["time"]["decode"]["experts_time"].get<double>() > even["time"]["decode"]["experts_time"].get<double>());
  CHECK(uneven["time"]["decode_step"].get<double>() > even["time"]["decode_step"].get<double>());
  // More than every routed token is impossible; a dense model warns that nothing changes.
  const json over = serve(9);
  REQUIRE(atlas::is_error(over));
  CHECK(over["error"]["code"] == "routing_imbalance_range");
  CHECK(over["error"]["path"] == "/parallel/routing_imbalance");
  const json dense = serve(2, "llama-3.1-8b", 1);
  REQUIRE_FALSE(atlas::is_error(dense));
  CHECK(dense["warnings"][0]["code"] == "routing_imbalance_dense");
}
