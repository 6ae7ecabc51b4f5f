#include "verify/reproduce/certified_findings.hpp"

#include <cmath>
#include <cstdio>
#include <string>

#include "verify/results/source_looseness.hpp"
#include "verify/results/tightness_ratio.hpp"

namespace nb::reproduce {
namespace {

const std::string kIdPrefix = "certified ";

std::string power_of_ten_text(double log10_value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", std::pow(10.0, log10_value));
  return buffer;
}

}  // namespace

std::vector<Claim> certified_findings(const std::vector<CertifiedRows>& certified) {
  std::vector<Claim> claims;
  for (const CertifiedRows& checked : certified) {
    const TheoremResult& t = checked.result;
    const std::size_t n = t.cases;
    const auto count = [&](Verdict v) { return t.counts[static_cast<std::size_t>(v)]; };
    const std::size_t violated = count(Verdict::Violated);
    const std::size_t held = count(Verdict::Proven) + count(Verdict::NearTight) + count(Verdict::EqualExact);
    const std::optional<Log10RatioSpread>& spread = checked.ratios;
    const std::size_t with_ratio = spread ? spread->cases : 0;

    Claim c{kIdPrefix + t.info.id, t.info.source + ": " + t.info.summary,
            "the statement on each row, decided in certified arithmetic; vacuous where the median value/bound ratio "
            "is below 1/" + std::to_string(static_cast<int>(kVacuousFactor)) + " or the bound is not positive on most rows",
            "", ClaimVerdict::ConsistentByConstruction, "", "", {}};
    c.measured = violated ? "fails on " + std::to_string(violated) + " of " + std::to_string(n) + " rows (certified witnesses)"
                          : held == n ? "holds on all " + std::to_string(n) + " rows"
                                      : "holds on " + std::to_string(held) + " of " + std::to_string(n) + " rows";
    if (n > held + violated) c.measured += ", " + std::to_string(n - held - violated) + " undecided";
    if (spread)
      c.measured += "; value/bound (bound/value for a lower bound) over " + std::to_string(with_ratio) + " rows: median " +
                    power_of_ten_text(spread->median) + ", loosest " + power_of_ten_text(spread->min) + ", tightest " +
                    power_of_ten_text(spread->max);
    if (with_ratio < n) c.measured += "; no ratio on " + std::to_string(n - with_ratio) + " rows (bound or value not positive)";
    c.numbers = {{"rows", static_cast<double>(n)}, {"violated", static_cast<double>(violated)},
                 {"held", static_cast<double>(held)}, {"rows_with_ratio", static_cast<double>(with_ratio)}};
    if (spread) c.numbers["median_log10_ratio"] = spread->median;

    std::string looseness;
    if (spread && spread->median < -std::log10(kVacuousFactor))
      looseness = "VACUOUS on this source: at the median row the bound is " + power_of_ten_text(-spread->median) +
                  " times the value";
    else if (2 * with_ratio < n)
      looseness = "VACUOUS on this source: the bound is not positive (trivial) on " + std::to_string(n - with_ratio) +
                  " of " + std::to_string(n) + " rows";
    else if (spread)
      looseness = "informative: the median row's value/bound is " + power_of_ten_text(spread->median);
    // An undecided row (TIGHT: the slack encloses 0 at the finest precision) is no counterexample.
    if (held + violated < n) looseness += std::string(looseness.empty() ? "" : "; ") + "undecided rows are no counterexamples";
    if (violated) {
      c.verdict = ClaimVerdict::NotReproduced;
      c.basis = std::to_string(violated) + " certified counterexamples (results.json; normbound report renders them)" +
                (t.info.corrected_by.empty() ? "" : "; the valid form is " + t.info.corrected_by);
    } else if (t.info.expect == Expect::Violated) {
      c.verdict = ClaimVerdict::Reproduced;
      c.basis = "the printed statement holds on these rows, though it is false in general" +
                (t.info.corrected_by.empty() ? "" : " (the valid form is " + t.info.corrected_by + ")") + "; " + looseness;
    } else {
      c.basis = "a proven statement holds on any input; " + looseness;
    }
    claims.push_back(c);
  }
  return claims;
}

bool is_certified_finding(const Claim& c) { return c.id.starts_with(kIdPrefix); }

}  // namespace nb::reproduce
