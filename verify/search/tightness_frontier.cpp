#include "verify/search/tightness_frontier.hpp"

#include <algorithm>

#include "verify/search/tightness.hpp"
#include "verify/engine/slack.hpp"

namespace nb::search {
namespace {


}  // namespace

const char* frontier_kind_name(FrontierKind k) {
  switch (k) {
    case FrontierKind::Violated: return "violated";
    case FrontierKind::Sharp: return "sharp";
    case FrontierKind::Approached: return "approached";
    case FrontierKind::Loose: return "loose";
  }
  return "?";
}

TightnessFrontier tightness_frontier(const TheoremSearch& search, const TheoremResult& certified, double near_tight) {
  TightnessFrontier f;
  const double best = search.restarts.at(search.best_restart).minimum.value;
  f.search_ratio = tightness_ratio(best);
  f.suite_ratio = tightness_ratio(search.suite_relative_slack);
  const std::string suite =
      "; suite: best ratio " + decimal_near(Mpfr(f.suite_ratio), 6) + " at '" + search.suite_label + "'";
  const auto& outcomes = certified.outcomes;
  const auto first = [&](auto&& pick) { return std::find_if(outcomes.begin(), outcomes.end(), pick); };
  if (auto o = first([](const CaseOutcome& o) { return o.verdict == Verdict::Violated; }); o != outcomes.end()) {
    f.kind = FrontierKind::Violated;
    f.witness = o->label;
    f.text = "violated (certified; best binary64 ratio " + decimal_near(Mpfr(f.search_ratio), 6) + ") at '" +
             o->label + "'";
  } else if (auto a = first([](const CaseOutcome& o) {
               return o.verdict == Verdict::EqualExact || o.verdict == Verdict::Tight || slack_is_exactly_zero(o);
             });
             a != certified.outcomes.end()) {
    f.kind = FrontierKind::Sharp;
    f.witness = a->label;
    f.text = std::string("sharp (attained: ratio 1 ") +
             (a->verdict == Verdict::Tight ? "within resolution" : "exactly") + ", " + verdict_name(a->verdict) +
             ", at '" + a->label + "')";
  } else if (best < near_tight) {
    f.kind = FrontierKind::Approached;
    f.witness = certified.outcomes.empty() ? "" : certified.outcomes.front().label;
    f.text = "approached to within " + decimal_near(Mpfr(best), 6) + " (relative slack; ratio " +
             decimal_near(Mpfr(f.search_ratio), 6) + ") after " + std::to_string(search.evaluations) + " evaluations";
  } else {
    f.kind = FrontierKind::Loose;
    f.witness = certified.outcomes.empty() ? "" : certified.outcomes.front().label;
    f.text = "loose: best ratio " + decimal_near(Mpfr(f.search_ratio), 6) + " after " +
             std::to_string(search.evaluations) + " evaluations";
  }
  f.text += suite;
  return f;
}

}  // namespace nb::search
