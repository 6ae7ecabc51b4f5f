#include "reports/verdict_words.hpp"

namespace nb::reports {

std::size_t verdict_count(const TheoremResult& t, Verdict v) { return t.counts[static_cast<int>(v)]; }

std::size_t certified_holding(const TheoremResult& t) {
  return verdict_count(t, Verdict::Proven) + verdict_count(t, Verdict::NearTight) +
         verdict_count(t, Verdict::EqualExact);
}

std::string verdict_counts_text(const TheoremResult& t) {
  std::string s;
  const auto add = [&](std::size_t n, const std::string& words) {
    if (n) s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + words;
  };
  const std::size_t proven = verdict_count(t, Verdict::Proven), near = verdict_count(t, Verdict::NearTight);
  add(proven + near, near ? "PROVEN (" + std::to_string(near) + " of them NEAR-TIGHT)" : "PROVEN");
  add(verdict_count(t, Verdict::EqualExact), "EQUAL (exact): bound attained");
  add(verdict_count(t, Verdict::Tight), "TIGHT: equal within resolution, neither proven nor refuted");
  add(verdict_count(t, Verdict::Violated),
      verdict_count(t, Verdict::Violated) == 1 ? "certified counterexample" : "certified counterexamples");
  add(verdict_count(t, Verdict::Inconclusive), "INCONCLUSIVE");
  add(verdict_count(t, Verdict::HoldsStatistical), "HOLDS (statistical)");
  add(verdict_count(t, Verdict::ViolatedStatistical), "VIOLATED (statistical)");
  add(verdict_count(t, Verdict::UndecidedStatistical), "UNDECIDED (statistical)");
  add(verdict_count(t, Verdict::Refused), "REFUSED: outside the assumptions, not evaluated");
  return s.empty() ? "no case" : s;
}

}  // namespace nb::reports
