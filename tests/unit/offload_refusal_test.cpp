// Offloading to host memory is not modelled, so a plan that asks for it is refused at the field
// that asks, in words, rather than planned as if everything stayed on the GPU (issue 38).
#include <doctest/doctest.h>

#include <string>

#include "support.hpp"

using namespace atlas_test;

namespace {

json offload_request(const char* key, json value) {
  json r = plan_request(json{{"tp", 1}, {"zero", 2}, {"framework", "deepspeed"}}, json{{"global", 8}}, "llama-3.1-8b",
                        8, "h100-sxm");
  r["parallel"][key] = std::move(value);
  return r;
}

}  // namespace

TEST_CASE("offloading the optimizer, the weights or the activations is a coded error at its path") {
  for (const char* key : {"offload_optimizer", "offload_params", "offload_activations"}) {
    for (const json& value : {json(true), json("cpu"), json("nvme")}) {
      CAPTURE(key);
      CAPTURE(value.dump());
      const json answer = call("plan", offload_request(key, value));
      REQUIRE(atlas::is_error(answer));
      CHECK(answer["error"]["code"] == "offload_not_modelled");
      CHECK(answer["error"]["path"] == std::string("/parallel/") + key);
      CHECK(answer["error"]["message"].get<std::string>().find("not modelled") != std::string::npos);
    }
  }
}

TEST_CASE("offloading switched off plans as before, with no unknown-field warning") {
  const json plain = call("plan", plan_request(json{{"tp", 1}, {"zero", 2}, {"framework", "deepspeed"}},
                                               json{{"global", 8}}, "llama-3.1-8b", 8, "h100-sxm"));
  for (const json& value : {json(false), json("none")}) {
    const json answer = call("plan", offload_request("offload_optimizer", value));
    REQUIRE_FALSE(atlas::is_error(answer));
    CHECK(answer["memory"]["total"] == plain["memory"]["total"]);
    for (const auto& w : answer.value("warnings", json::array())) CHECK(w["code"] != "unknown_field");
  }
}
