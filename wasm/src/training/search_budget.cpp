#include "atlas/training/search_budget.hpp"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "atlas/contract/fields.hpp"
#include "atlas/training/plan_request.hpp"

namespace atlas {

namespace {

// Divisors of n up to cap, memoised: the same few values (gpus / tp, global / dp, …) recur.
class Divisors {
 public:
  const std::vector<std::int64_t>& of(std::int64_t n) {
    auto it = cache_.find(n);
    if (it != cache_.end()) return it->second;
    std::vector<std::int64_t> out;
    for (std::int64_t d = 1; d * d <= n; ++d) {
      if (n % d != 0) continue;
      out.push_back(d);
      if (d != n / d) out.push_back(n / d);
    }
    std::sort(out.begin(), out.end());
    return cache_.emplace(n, std::move(out)).first->second;
  }
  std::int64_t count_up_to(std::int64_t n, std::int64_t cap) {
    const auto& d = of(n);
    return std::upper_bound(d.begin(), d.end(), cap) - d.begin();
  }

 private:
  std::map<std::int64_t, std::vector<std::int64_t>> cache_;
};

std::string grouped(std::int64_t v) {
  std::string s = std::to_string(v), out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (i > 0 && (s.size() - i) % 3 == 0) out += ',';
    out += s[i];
  }
  return out;
}

}  // namespace

std::int64_t estimate_search_groups(const ModelShape& m, std::int64_t gpus, std::int64_t global,
                                    const SearchLimits& lim, std::int64_t cap) {
  if (gpus < 1 || global < 1) return 0;
  Divisors div;
  std::map<std::int64_t, std::int64_t> virtual_choices;                     // per pp
  std::map<std::pair<std::int64_t, std::int64_t>, std::int64_t> per_dp_pp;  // Σ over micro of schedules
  const auto schedules = [&](std::int64_t pp, std::int64_t acc) -> std::int64_t {
    if (pp == 1) return 1;
    std::int64_t n = 2;  // 1F1B and GPipe
    if (m.layers % pp != 0 || acc % pp != 0) return n;
    auto it = virtual_choices.find(pp);
    if (it == virtual_choices.end()) {
      std::int64_t v = 0;
      for (std::int64_t d : div.of(m.layers / pp))
        if (d >= 2 && d <= lim.max_virtual_stages) ++v;
      it = virtual_choices.emplace(pp, v).first;
    }
    return n + it->second;
  };
  std::int64_t groups = 0;
  for (std::int64_t tp : div.of(gpus)) {
    if (tp > lim.max_tp) break;
    if (m.heads % tp != 0 || m.kv_heads % tp != 0 || m.mlp_width() % tp != 0) continue;
    for (std::int64_t cp : div.of(gpus / tp)) {
      if (cp > lim.max_cp) break;
      if (m.seq % cp != 0) continue;
      for (std::int64_t pp : div.of(gpus / (tp * cp))) {
        if (pp > std::min(lim.max_pp, m.layers)) break;
        const std::int64_t dp = gpus / (tp * cp * pp);
        if (global % dp != 0) continue;
        std::int64_t eps = 1;
        if (m.moe()) {
          eps = 0;
          for (std::int64_t ep : div.of(dp)) {
            if (ep > std::min(lim.max_ep, m.experts)) break;
            if (m.experts % ep == 0) ++eps;
          }
        }
        auto key = std::make_pair(dp, pp);
        auto it = per_dp_pp.find(key);
        if (it == per_dp_pp.end()) {
          std::int64_t sum = 0;
          for (std::int64_t micro : div.of(global / dp)) {
            if (micro > lim.max_micro) break;
            sum += schedules(pp, global / (dp * micro));
          }
          it = per_dp_pp.emplace(key, sum).first;
        }
        groups += eps * it->second * (tp > 1 ? 2 : 1);
        if (groups > cap) return groups;
      }
    }
  }
  return groups;
}

bool search_within_budget(const json& request, Problems& problems) {
  if (!request.is_object()) return true;
  // Read what the count needs into a scratch list: a request with problems goes on to
  // cmd_search, which reports them (once) at their paths.
  Problems scratch;
  auto model = read_model(request, scratch);
  auto hardware = read_hardware(request, scratch);
  const Fields root(request, "", scratch);
  const Fields batch = root.section("batch", true);
  auto global = batch.present() ? batch.integer("global", {1, 1e7, false, true}) : std::nullopt;
  SearchLimits lim;
  const Fields l = root.section("limits", false);
  const Range any{1, 1e9, false, true};
  auto tp = l.integer("max_tp", any, lim.max_tp), pp = l.integer("max_pp", any, lim.max_pp);
  auto cp = l.integer("max_cp", any, lim.max_cp), ep = l.integer("max_ep", any, lim.max_ep);
  auto micro = l.integer("max_micro", any, lim.max_micro);
  auto v = l.integer("max_virtual_stages", any, lim.max_virtual_stages);
  if (!scratch.ok() || !model || !hardware || !global || !tp || !pp || !cp || !ep || !micro || !v) return true;
  lim = SearchLimits{*tp, *pp, *cp, *ep, *micro, *v};
  const std::int64_t groups = estimate_search_groups(*model, hardware->gpus, *global, lim);
  if (groups <= kMaxSearchGroups) return true;
  Divisors div;
  problems.error(
      "search_too_large",
      "This search would enumerate more than " + grouped(kMaxSearchGroups) +
          " split groups (each up to 12 layouts), the engine's budget for one request: " + grouped(hardware->gpus) +
          " GPUs have " + grouped(div.count_up_to(hardware->gpus, hardware->gpus)) +
          " divisors to share among tp, cp, pp and dp, and a global batch of " + grouped(*global) + " has " +
          grouped(div.count_up_to(*global, *global)) +
          " micro-batch sizes. Narrow it with limits (max_tp, max_pp, max_cp, max_micro, "
          "max_virtual_stages), fewer GPUs or another global batch.",
      "/limits");
  return false;
}

}  // namespace atlas
