// The network lab (`collective`, network_lab.cpp) and `dp-network`: the lab's figures are the
// planner's NCCL model of the same call, its bus bandwidth is nccl-tests', the fabric takes
// bandwidth only where traffic goes above a leaf, and bad topologies are coded errors.
#include <doctest/doctest.h>

#include "atlas/collectives/network_lab.hpp"
#include "atlas/training/communication.hpp"
#include "atlas/training/plan_request.hpp"
#include "support.hpp"

using namespace atlas;
using atlas_test::call;
using atlas_test::error_code;
using atlas_test::error_path;
using atlas_test::find_transfer;

namespace {

Hardware preset_hardware(const char* id, std::int64_t gpus) {
  Problems problems;
  const auto hw = read_hardware(json{{"hardware", {{"preset", id}, {"gpus", gpus}}}}, problems);
  REQUIRE(hw);
  return *hw;
}

json lab(const char* collective, double bytes, std::int64_t ranks, std::int64_t per_domain, json topology,
         const char* algorithm = "auto") {
  return call("collective", json{{"collective", collective},
                                 {"bytes", bytes},
                                 {"ranks", ranks},
                                 {"ranks_per_domain", per_domain},
                                 {"topology", topology},
                                 {"algorithm", algorithm},
                                 {"sweep", {{"points", 5}}}});
}

}  // namespace

TEST_CASE("collective: the planner's nccl_time for the same call, to the bit, on every collective it issues") {
  const Hardware hw = preset_hardware("h100-sxm", 64);
  const NetworkLinks links = network_links(hw);
  const json topology{{"preset", "h100-sxm"}};
  struct Case {
    const char* name;
    Collective op;
  };
  for (const Case c :
       {Case{"all-reduce", Collective::all_reduce}, Case{"all-gather", Collective::all_gather},
        Case{"reduce-scatter", Collective::reduce_scatter}, Case{"all-to-all", Collective::all_to_all}}) {
    const std::string collective = c.name;
    CAPTURE(collective);
    // A data-parallel group under tp 8 (one member per node) and a packed one (whole nodes).
    for (const auto& [stride, size, per_domain] :
         {std::array<std::int64_t, 3>{8, 8, 1}, std::array<std::int64_t, 3>{1, 64, 8}, {1, 8, 8}}) {
      const GroupPlacement g = place_group(64, 8, stride, size);
      for (double bytes : {4096.0, 1e6, 2.5e8, 4e9}) {
        const std::int64_t group_size = size;  // a copy: CAPTURE cannot take a structured binding
        CAPTURE(group_size);
        CAPTURE(bytes);
        const CollectiveTime want = nccl_time(c.op, bytes, g, links);
        const json got = lab(c.name, bytes, size, per_domain, topology);
        REQUIRE(error_code(got) == "");
        CHECK(got["time"].get<double>() == want.time);
        CHECK(got["latency"].get<double>() == want.latency);
        CHECK(got["busbw"].get<double>() == want.busbw);
        CHECK(got["protocol"] == protocol_name(want.protocol));
        CHECK(got["nccl_choice"] == (want.algorithm == Algorithm::tree  ? "tree"
                                     : want.algorithm == Algorithm::p2p ? "point-to-point"
                                                                        : "ring"));
      }
    }
  }
}

TEST_CASE("collective: a plan's data-parallel calls cost what the lab says for their bytes and group") {
  const json plan = call("plan", R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":64},
      "parallel":{"tp":8,"zero":1},"batch":{"micro":1,"global":64}})");
  REQUIRE(error_code(plan) == "");
  for (const auto& [id, name] : {std::pair<const char*, const char*>{"dp-grad-reducescatter", "reduce-scatter"},
                                 {"dp-param-allgather", "all-gather"}}) {
    const char* const transfer_id = id;  // a copy: CAPTURE cannot take a structured binding
    CAPTURE(transfer_id);
    const json* t = find_transfer(plan, id);
    REQUIRE(t);
    const double bytes = (*t)["bytes_per_call"];
    const json got = lab(name, bytes, (*t)["group_size"], 1, json{{"preset", "h100-sxm"}});
    REQUIRE(error_code(got) == "");
    const double per_call = (*t)["time_per_step"].get<double>() / (*t)["count_per_step"].get<double>();
    CHECK(got["time"].get<double>() == doctest::Approx(per_call).epsilon(1e-12));
    CHECK(got["busbw"].get<double>() == doctest::Approx((*t)["busbw"].get<double>()).epsilon(1e-12));
    CHECK(got["algorithm"] == (*t)["algorithm"]);
  }
}

TEST_CASE(
    "collective: bus bandwidth follows nccl-tests (all-reduce 2(n−1)/n, gathers and all-to-all (n−1)/n, "
    "broadcast and send-recv 1)") {
  const json topology{{"preset", "h100-sxm"}};
  const double n = 16;
  for (const auto& [name, factor] : {std::pair<const char*, double>{"all-reduce", 2 * (n - 1) / n},
                                     {"all-gather", (n - 1) / n},
                                     {"reduce-scatter", (n - 1) / n},
                                     {"all-to-all", (n - 1) / n},
                                     {"broadcast", 1.0}}) {
    const char* const which = name;  // a copy: CAPTURE cannot take a structured binding
    CAPTURE(which);
    const json r = lab(name, 1e9, 16, 8, topology);
    REQUIRE(error_code(r) == "");
    CHECK(r["bus_factor"].get<double>() == doctest::Approx(factor));
    CHECK(r["busbw"].get<double>() == doctest::Approx(r["algbw"].get<double>() * factor));
    CHECK(r["algbw"].get<double>() == doctest::Approx(1e9 / r["time"].get<double>()));
  }
  const json p2p = lab("send-recv", 1e9, 2, 1, topology);
  CHECK(p2p["busbw"].get<double>() == doctest::Approx(p2p["algbw"].get<double>()));
}

TEST_CASE("collective: broadcast is NCCL's ring, one hop of latency on top of the base") {
  const json r = lab("broadcast", 8, 8, 8, json{{"preset", "h100-sxm"}, {"latency", 0}});
  REQUIRE(error_code(r) == "");
  CHECK(r["algorithm"] == "ring");
  CHECK(r["protocol"] == "LL");
  const NcclLatencies& lat = nccl_latencies();
  CHECK(r["latency"].get<double>() == doctest::Approx((lat.ring_base[0] + lat.ring_nvlink[0]) * 1e-6));
  CHECK(error_code(lab("broadcast", 8, 8, 8, json{{"preset", "h100-sxm"}}, "tree")) == "algorithm_unavailable");
}

TEST_CASE("collective: oversubscription slows only traffic that leaves its leaf; rails keep rings on one leaf") {
  // 64 HGX nodes, one data-parallel member each: a ring along 64 hosts.
  const json rail{{"preset", "h100-sxm"}, {"fabric", "rail"}, {"oversubscription", 8}, {"leaf_ports", 32}};
  const json host_leaf{{"preset", "h100-sxm"}, {"fabric", "one-switch"}, {"oversubscription", 8}, {"leaf_ports", 32}};
  const json flat{{"preset", "h100-sxm"}};
  const double ring_flat = lab("all-reduce", 4e9, 64, 1, flat, "ring")["time"];
  const json ring_rail = lab("all-reduce", 4e9, 64, 1, rail, "ring");
  const json ring_host = lab("all-reduce", 4e9, 64, 1, host_leaf, "ring");
  // A rail leaf spans 32 hosts: one ring link in 32 leaves it, 8 × 1/32 < 1, nothing slows.
  CHECK(ring_rail["fabric"]["crossing"].get<double>() == doctest::Approx(1.0 / 32));
  CHECK(ring_rail["time"].get<double>() == ring_flat);
  // A host's own leaf spans 32 / 8 = 4 hosts: one link in 4 leaves, 8 × 1/4 = 2, so half a NIC.
  CHECK(ring_host["fabric"]["crossing"].get<double>() == doctest::Approx(0.25));
  CHECK(ring_host["fabric"]["factor"].get<double>() == doctest::Approx(0.5));
  CHECK(ring_host["time"].get<double>() > 1.8 * ring_flat);
  // All-to-all sends most of its traffic above the leaf either way; rails still keep more below.
  const double a2a_flat = lab("all-to-all", 4e9, 64, 1, flat)["time"];
  const json a2a_rail = lab("all-to-all", 4e9, 64, 1, rail);
  const json a2a_host = lab("all-to-all", 4e9, 64, 1, host_leaf);
  CHECK(a2a_rail["time"].get<double>() > 2 * a2a_flat);
  CHECK(a2a_host["time"].get<double>() > a2a_rail["time"].get<double>());
  CHECK(a2a_rail["fabric"]["crossing"].get<double>() == doctest::Approx(32.0 / 63));
}

TEST_CASE("collective: every algorithm has a curve, NCCL's pick is the fastest, hierarchical is three calls") {
  const json r = call("collective", R"({"collective":"all-reduce","bytes":1e9,"ranks":512,"ranks_per_domain":8,
      "topology":{"preset":"h100-sxm"},"sweep":{"from":8,"to":8e9,"points":10}})");
  REQUIRE(error_code(r) == "");
  const json& curve = r["curve"];
  REQUIRE(curve["bytes"].size() == 10);
  for (const char* a : {"ring", "tree", "hierarchical"}) REQUIRE(curve["time"].contains(a));
  for (std::size_t i = 0; i < 10; ++i) {
    const double ring = curve["time"]["ring"][i], tree = curve["time"]["tree"][i];
    CHECK(curve["nccl_choice"][i] == (tree < ring ? "tree" : "ring"));
  }
  CHECK(curve["nccl_choice"][0] == "tree");  // small messages across 64 nodes: the tree's log2 hops
  const Hardware hw = preset_hardware("h100-sxm", 512);
  const NetworkLinks l = network_links(hw);
  const double parts = nccl_time(Collective::reduce_scatter, 1e9, GroupPlacement{8, 1, 8}, l).time +
                       nccl_time(Collective::all_reduce, 1e9 / 8, GroupPlacement{64, 64, 1}, l).time +
                       nccl_time(Collective::all_gather, 1e9, GroupPlacement{8, 1, 8}, l).time;
  bool found = false;
  for (const auto& a : r["algorithms"])
    if (a["name"] == "hierarchical") {
      found = true;
      CHECK(a["time"].get<double>() == doctest::Approx(parts));
    }
  CHECK(found);
}

TEST_CASE("collective: bad requests are coded errors at their paths") {
  const auto err = [](const char* text) {
    const json r = call("collective", text);
    return error_code(r) + " " + error_path(r);
  };
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm","nvlink_domain":72,"gpus_per_host":5}})") ==
      "hosts_not_divisible /topology/gpus_per_host");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm","oversubscription":0.5}})") ==
      "out_of_range /topology/oversubscription");
  CHECK(err(R"({"collective":"all-scatter","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm"}})") ==
        "unknown_value /collective");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm"},"algorithm":"spiral"})") ==
      "unknown_value /algorithm");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm"},"algorithm":"nvls"})") ==
      "algorithm_not_modelled /algorithm");
  CHECK(
      err(R"({"collective":"all-gather","bytes":1e6,"ranks":16,"topology":{"preset":"h100-sxm"},"algorithm":"tree"})") ==
      "algorithm_unavailable /algorithm");
  for (const char* bytes : {"0", "-1"})
    CHECK(err((std::string(R"({"collective":"all-reduce","ranks":8,"topology":{"preset":"h100-sxm"},"bytes":)") +
               bytes + "}")
                  .c_str()) == "out_of_range /bytes");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":12,"ranks_per_domain":8,"topology":{"preset":"h100-sxm"}})") ==
      "not_divisible /ranks_per_domain");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm","gpus_per_host":"eight"}})") ==
      "wrong_type /topology/gpus_per_host");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8192,"ranks_per_domain":1,"topology":{"preset":"h100-sxm","nvlink_domain":1024,"gpus_per_host":1}})") ==
      "too_large /ranks");
  CHECK(err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"nvlink_domain":8}})") ==
        "missing_field /topology/gpus_per_host");
  CHECK(
      err(R"({"collective":"all-reduce","bytes":1e6,"ranks":8,"topology":{"preset":"h100-sxm","fabric":"one-switch","leaf_ports":4}})") ==
      "leaf_too_small /topology/leaf_ports");
}

TEST_CASE("dp-network: the bound hides data-parallel traffic from the bandwidth it names, and not below it") {
  const char* const request = R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":64,
      "inter_bandwidth":2e9},"parallel":{"tp":1,"zero":0},"batch":{"micro":1,"global":64}})";
  const json r = call("dp-network", request);
  REQUIRE(error_code(r) == "");
  REQUIRE(r["needed"]["found"] == true);
  const double need = r["needed"]["inter_bandwidth"];
  CHECK(r["current"]["exposed_bound"].get<double>() > 0);  // 2 GB/s per GPU is too little
  CHECK(need > 2e9);
  // The plan itself at that bandwidth: the bound's data-parallel exposure is gone, just below it is not.
  const auto bound_dp = [&](double bw) {
    Problems problems;
    json req = json::parse(request);
    req["hardware"]["inter_bandwidth"] = bw;
    auto plan = read_plan_request(req, problems);
    REQUIRE(plan);
    plan->input.ideal = true;
    PlanFigures f;
    evaluate_plan(plan->input, f);
    return f.exposed[static_cast<int>(Group::DP)];
  };
  CHECK(bound_dp(need) == 0);
  CHECK(bound_dp(need * 0.999) > 0);
  // As run it never reaches zero; more bandwidth only brings it down to the floor.
  CHECK(r["needed"]["exposed"].get<double>() > 0);
  CHECK(r["floor"]["exposed"].get<double>() <= r["needed"]["exposed"].get<double>());
  CHECK(r["current"]["exposed"].get<double>() > r["needed"]["exposed"].get<double>());
  CHECK(r["needed"]["nic_bandwidth"].get<double>() == doctest::Approx(need));  // one NIC per GPU
  // Its figures at the request's own bandwidth are the plan's.
  const json plan = call("plan", request);
  CHECK(r["current"]["exposed"].get<double>() == plan["time"]["communication"]["DP"].get<double>());
  // As run, the exposure settles within 1 % of its floor from some bandwidth on.
  const double settles = r["settles"]["exposed"];
  CHECK(settles <= r["floor"]["exposed"].get<double>() * 1.01);
  CHECK(r["settles"]["inter_bandwidth"].get<double>() <= r["floor"]["inter_bandwidth"].get<double>());
}

TEST_CASE("dp-network: a data-parallel group inside one NVLink domain needs no network") {
  const json r = call("dp-network", R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},
      "parallel":{"tp":1},"batch":{"micro":1,"global":8}})");
  REQUIRE(error_code(r) == "");
  CHECK(r["needed"]["found"] == false);
  CHECK(r["needed"]["reason"] == "inside_domain");
  CHECK(r["dp"]["inter_node"] == false);
  CHECK(error_code(call("dp-network", R"({"model":{"preset":"llama-3.1-8b"},"hardware":{"preset":"h100-sxm","gpus":8},
      "parallel":{"tp":3},"batch":{"micro":1,"global":8}})")) != "");
}
