#include "verify/source_looseness.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include "verify/median.hpp"
#include "verify/slack.hpp"

namespace nb {
namespace {

bool certified_inequality(const CaseOutcome& o) {
  const bool certified = o.verdict == Verdict::Proven || o.verdict == Verdict::NearTight ||
                         o.verdict == Verdict::EqualExact || o.verdict == Verdict::Violated;
  return certified && o.relation != Relation::Equal;
}

// value/bound for <= and <, bound/value for >= and >; NaN when not both finite and positive.
double ratio_of(const CaseOutcome& o) {
  const double v = o.value.approx, b = o.bound.approx;
  if (!(std::isfinite(v) && std::isfinite(b) && v > 0 && b > 0)) return std::nan("");
  return o.relation == Relation::LessEqual || o.relation == Relation::Less ? v / b : b / v;
}


}  // namespace

std::vector<TheoremLooseness> looseness_of(const RunResults& results) {
  std::vector<TheoremLooseness> out;
  for (const TheoremResult& t : results.theorems) {
    std::map<std::pair<int, int>, std::vector<double>> by_head;  // (layer, head), -1 when absent
    TheoremLooseness l{t.info.id, {}, 0, 0, true};
    for (const CaseOutcome& o : t.outcomes) {
      const double r = certified_inequality(o) ? ratio_of(o) : std::nan("");
      if (std::isnan(r)) continue;
      const auto at = [&](const char* key) {
        auto it = o.provenance.find(key);
        return it == o.provenance.end() ? -1 : std::stoi(it->second);
      };
      by_head[{at("layer"), at("head")}].push_back(r);
      ++l.cases;
      l.max_ratio = std::max(l.max_ratio, r);
    }
    if (l.cases == 0) continue;
    for (auto& [key, ratios] : by_head) {
      std::sort(ratios.begin(), ratios.end());
      const auto name = [](int k) { return k < 0 ? std::string() : std::to_string(k); };
      l.groups.push_back({name(key.first), name(key.second), ratios.size(), ratios.front(), median_of_sorted(ratios),
                          ratios.back()});
    }
    l.vacuous = l.max_ratio * kVacuousFactor < 1;
    out.push_back(std::move(l));
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
      out += l.id + ": vacuous on this input (the bound is at least " + decimal_near(Mpfr(1 / l.max_ratio), 3) +
             " times looser than the value on every one of its " + std::to_string(l.cases) + " cases)\n";
  return out;
}

std::string looseness_markdown(const std::vector<TheoremLooseness>& looseness) {
  std::string md =
      "\n## Looseness on this input\n\nThe tightness ratio of each case's deciding claim (value/bound for an upper "
      "bound, bound/value for a lower bound; 1 is attained), from the enclosures' midpoints; per layer and head "
      "in the JSON (`looseness`). A bound more than 10 times looser than the value on every case is vacuous on "
      "this input.\n\n| theorem | cases | largest ratio | vacuous on this input |\n|---|---|---|---|\n";
  for (const TheoremLooseness& l : looseness)
    md += "| `" + l.id + "` | " + std::to_string(l.cases) + " | " + decimal_near(Mpfr(l.max_ratio), 3) + " | " +
          (l.vacuous ? "yes, factor " + decimal_near(Mpfr(1 / l.max_ratio), 3) : "no") + " |\n";
  return md;
}

}  // namespace nb
