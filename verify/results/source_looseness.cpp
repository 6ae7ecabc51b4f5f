#include "verify/results/source_looseness.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "verify/engine/slack.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb {
namespace {

// 10^e in MPFR, for text: the largest ratio and its inverse, the factor by which the bound is looser,
// from their log10 (a factor such as 10^57033 overflows a double).
Mpfr power_of_ten(double e) { return pow(Mpfr(10), Mpfr(e)); }

}  // namespace

std::pair<int, int> layer_and_head(const CaseOutcome& o) {
  const auto at = [&](const char* key) {
    auto it = o.provenance.find(key);
    return it == o.provenance.end() ? -1 : std::stoi(it->second);
  };
  return {at("layer"), at("head")};
}

std::optional<TheoremLooseness> looseness_of_spreads(const std::string& id,
                                                     const std::map<std::pair<int, int>, Log10RatioSpread>& spreads) {
  if (spreads.empty()) return std::nullopt;
  TheoremLooseness l{id, {}, 0, 0, -std::numeric_limits<double>::infinity(), true};
  for (const auto& [key, s] : spreads) {
    const auto name = [](int k) { return k < 0 ? std::string() : std::to_string(k); };
    l.groups.push_back({name(key.first), name(key.second), s.cases, std::pow(10.0, s.min), std::pow(10.0, s.median),
                        std::pow(10.0, s.max)});
    l.cases += s.cases;
    l.max_log10_ratio = std::max(l.max_log10_ratio, s.max);
  }
  l.max_ratio = std::pow(10.0, l.max_log10_ratio);
  l.vacuous = l.max_log10_ratio < -std::log10(kVacuousFactor);
  return l;
}

std::vector<TheoremLooseness> looseness_of(const RunResults& results) {
  std::vector<TheoremLooseness> out;
  for (const TheoremResult& t : results.theorems) {
    std::optional<TheoremLooseness> l;
    if (t.kept) {
      l = t.kept->looseness;
    } else {
      std::map<std::pair<int, int>, std::vector<double>> by_head;  // (layer, head), -1 when absent
      for (const CaseOutcome& o : t.outcomes)
        if (const auto ratio = log10_tightness_ratio(o)) by_head[layer_and_head(o)].push_back(*ratio);
      std::map<std::pair<int, int>, Log10RatioSpread> spreads;
      for (auto& [key, logs] : by_head) spreads.emplace(key, *log10_ratio_spread(std::move(logs)));
      l = looseness_of_spreads(t.info.id, spreads);
    }
    if (l) out.push_back(std::move(*l));
  }
  return out;
}

nlohmann::json looseness_json(const std::vector<TheoremLooseness>& looseness) {
  nlohmann::json theorems = nlohmann::json::array();
  for (const TheoremLooseness& l : looseness) {
    nlohmann::json groups = nlohmann::json::array();
    for (const RatioSpread& g : l.groups)
      groups.push_back({{"layer", g.layer}, {"head", g.head}, {"cases", g.cases}, {"min", g.min},
                        {"median", g.median}, {"max", g.max}});
    theorems.push_back({{"id", l.id}, {"cases", l.cases}, {"max_ratio", l.max_ratio}, {"vacuous", l.vacuous},
                        {"factor", 1 / l.max_ratio}, {"groups", groups}});
  }
  return {{"theorems", theorems}};
}

std::string vacuous_lines(const std::vector<TheoremLooseness>& looseness) {
  std::string out;
  for (const TheoremLooseness& l : looseness)
    if (l.vacuous)
      out += l.id + ": vacuous on this input (the bound is at least " + looser_factor_text(l) +
             " times looser than the value on every one of its " + std::to_string(l.cases) + " cases)\n";
  return out;
}

std::string largest_ratio_text(const TheoremLooseness& l) { return decimal_near(power_of_ten(l.max_log10_ratio), 3); }

std::string looser_factor_text(const TheoremLooseness& l) { return decimal_near(power_of_ten(-l.max_log10_ratio), 3); }

}  // namespace nb
