#include "reports/findings.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "reports/case_text.hpp"
#include "reports/decimal_text.hpp"
#include "reports/title_text.hpp"
#include "reports/verdict_words.hpp"
#include "verify/results/slack_order.hpp"

namespace nb::reports {
namespace {

void append(RichText& to, const RichText& more) { to.insert(to.end(), more.begin(), more.end()); }

// "case 3 (`ties L=2 T=1`, layer 2, head 5)"
RichText case_reference(const CaseOutcome& o) {
  const std::string where = location_text(o.provenance);
  RichText r{plain("case " + std::to_string(o.index) + " ("), code(o.label)};
  if (!where.empty()) r.push_back(plain(", " + where));
  r.push_back(plain(")"));
  return r;
}

// What a finding says about a theorem, in the order the findings go: what is false, then what is
// sharp (attained or near-tight), close (some case within kLooseRelativeSlack), loose (no case that
// close), and last what the run could not decide.
enum class Kind { False, ViolatedStatistically, Sharp, Close, Loose, HoldsStatistically, Undecided };
constexpr std::array<const char*, 7> kKindLead{"False as stated.", "Violated (statistical).", "Sharp.", "Close.", "Loose.",
                                               "Holds (statistical).", "Not decided on every case."};

Kind kind_of(const TheoremReport& r) {
  const TheoremResult& t = *r.result;
  if (r.flagged.violations_total > 0) return Kind::False;
  if (verdict_count(t, Verdict::ViolatedStatistical) > 0) return Kind::ViolatedStatistically;
  const std::size_t n = t.cases, holding = certified_holding(t);
  if (n > 0 && holding == n) {
    // A proven slack of exactly 0 (an identity, or ≥ attained) is sharp too.
    const FlaggedCase* worst = r.tightness.worst_case;
    const bool attained = worst && worst->outcome.relative_slack.lo == "0" && worst->outcome.relative_slack.hi == "0";
    const bool sharp = attained || verdict_count(t, Verdict::EqualExact) + verdict_count(t, Verdict::NearTight) > 0;
    if (sharp) return Kind::Sharp;
    const std::optional<double> log10 = worst ? log10_of_positive_midpoint(worst->outcome.relative_slack) : std::nullopt;
    return log10 && *log10 < std::log10(kLooseRelativeSlack) ? Kind::Close : Kind::Loose;
  }
  if (n > 0 && holding + verdict_count(t, Verdict::HoldsStatistical) == n) return Kind::HoldsStatistically;
  return Kind::Undecided;
}

std::string expectation_words(const TheoremResult& t) { return t.expected ? "" : " UNEXPECTED for this theorem."; }

// "slack ≈ -0.25 (value ≈ 0.5, bound ≈ 0.25)": the witness's numbers to 6 significant digits.
RichText witness_numbers(const CaseOutcome& o) {
  RichText s{plain("value "), code(approximate_text(o.value)), plain(" against bound "), code(approximate_text(o.bound))};
  if (slack_is_exactly_zero(o)) {
    s.push_back(plain(": bound attained (slack exactly 0), which refutes the strict relation"));
  } else {
    s.push_back(plain(", slack "));
    s.push_back(code(approximate_text(o.slack)));
  }
  return s;
}

RichText corrected_form(const TheoremResult& t, const std::vector<TheoremReport>& all) {
  if (t.info.corrected_by.empty()) return {};
  RichText s{plain(" Valid form: "), code(t.info.corrected_by)};
  for (const TheoremReport& other : all)
    if (other.result->info.id == t.info.corrected_by) {
      const TheoremResult& c = *other.result;
      s.push_back(plain(", "));
      s.push_back(code(c.info.summary));
      s.push_back(plain(" (" + c.info.source + "): " + verdict_counts_text(c) + " of " +
                        count_text(c.cases, "case", "cases") + "."));
      return s;
    }
  s.push_back(plain(" (not checked in this run)."));
  return s;
}

RichText false_sentences(const TheoremReport& r, const std::vector<TheoremReport>& all) {
  const TheoremResult& t = *r.result;
  RichText s{plain(": " + std::to_string(r.flagged.violations_total) + " certified counterexample" +
                   (r.flagged.violations_total == 1 ? "" : "s") + " among " +
                   count_text(t.cases, "case", "cases") + "." + expectation_words(t))};
  if (!r.flagged.violations.empty()) {
    const FlaggedCase& w = *r.flagged.violations.front();
    s.push_back(plain(" Witness with the fewest input values, "));
    append(s, case_reference(w.outcome));
    s.push_back(plain(": "));
    append(s, witness_numbers(w.outcome));
    s.push_back(plain("."));
  }
  append(s, corrected_form(t, all));
  return s;
}

RichText statistical_sentences(const TheoremReport& r, const RunSettingsRecord& settings) {
  const TheoremResult& t = *r.result;
  RichText s{plain(": " + verdict_counts_text(t) + " of " + count_text(t.cases, "case", "cases") +
                   ", at confidence " + setting_text(settings.confidence) + "." + expectation_words(t))};
  if (!r.flagged.statistical_violations.empty()) {
    const CaseOutcome& o = *r.flagged.statistical_violations.front();
    s.push_back(plain(" For example "));
    append(s, case_reference(o));
    s.push_back(plain(" with slack "));
    s.push_back(code(short_enclosure(o.slack, 6)));
    s.push_back(plain(" (a confidence interval)."));
  }
  return s;
}

// For theorems without a counterexample: the counts, then how close the cases come to the bound.
RichText holding_sentences(const TheoremReport& r, Kind kind, const RunSettingsRecord& settings) {
  const TheoremResult& t = *r.result;
  const std::size_t n = t.cases;
  RichText s{plain(kind == Kind::Sharp || kind == Kind::Close || kind == Kind::Loose
                       ? ": holds on all " + count_text(n, "case", "cases") + " (" + verdict_counts_text(t) + ")."
                       : ": " + verdict_counts_text(t) + " of " + count_text(n, "case", "cases") + "; no counterexample.")};
  s.push_back(plain(expectation_words(t)));
  const std::size_t attained = verdict_count(t, Verdict::EqualExact);
  if (attained > 0) {
    for (const CaseOutcome& o : t.outcomes)
      if (o.verdict == Verdict::EqualExact) {
        s.push_back(plain(" The bound is attained (slack certified exactly 0) on " +
                          count_text(attained, "case", "cases") + ", the first "));
        append(s, case_reference(o));
        s.push_back(plain("."));
        break;
      }
  }
  const CaseOutcome* closest = nullptr;
  for (const CaseOutcome* o : r.flagged.tightest)
    if (o->verdict == Verdict::NearTight) {
      closest = o;
      break;
    }
  if (closest) {
    s.push_back(plain(" " + count_text(verdict_count(t, Verdict::NearTight), "case comes", "cases come") +
                      " within relative slack " + setting_text(settings.near_tight) + " of it, the closest "));
    append(s, case_reference(*closest));
    s.push_back(plain(" at relative slack "));
    s.push_back(code(approximate_text(closest->relative_slack)));
    s.push_back(plain("."));
  } else if (attained == 0 && r.tightness.worst_case) {
    const CaseOutcome& w = r.tightness.worst_case->outcome;
    s.push_back(plain(" Smallest relative slack "));
    s.push_back(code(approximate_text(w.relative_slack)));
    s.push_back(plain(", at "));
    append(s, case_reference(w));
    s.push_back(plain("."));
  }
  return s;
}

}  // namespace

std::vector<RichText> findings_of(const RunSettingsRecord& settings, const std::vector<TheoremReport>& theorems) {
  std::array<std::vector<const TheoremReport*>, kKindLead.size()> by_kind;
  for (const TheoremReport& r : theorems) by_kind[static_cast<std::size_t>(kind_of(r))].push_back(&r);

  RichText overview{plain("Of " + count_text(theorems.size(), "theorem", "theorems") + " checked: ")};
  std::string parts;
  // Each kind with the thresholds that draw its line, so that the words say what they mean.
  const std::string loose = setting_text(kLooseRelativeSlack);
  const std::array<std::string, kKindLead.size()> kKindCount{
      "false as stated (certified counterexamples)",
      "violated statistically",
      "sharp (attained, or within relative slack " + setting_text(settings.near_tight) + ")",
      "close (some case within relative slack " + loose + ")",
      "loose (relative slack at least " + loose + " on every case)",
      "holding statistically",
      "not decided on every case"};
  for (std::size_t k = 0; k < by_kind.size(); ++k)
    if (!by_kind[k].empty()) parts += (parts.empty() ? "" : "; ") + std::to_string(by_kind[k].size()) + " " + kKindCount[k];
  overview.push_back(plain(parts + "."));

  std::vector<RichText> findings{overview};
  for (std::size_t k = 0; k < by_kind.size(); ++k)
    for (const TheoremReport* r : by_kind[k]) {
      const TheoremResult& t = *r->result;
      RichText f{strong(kKindLead[k]), plain(" " + title_text(t.info.title) + " ("), code(t.info.id), plain(")")};
      const Kind kind = static_cast<Kind>(k);
      if (kind == Kind::False) append(f, false_sentences(*r, theorems));
      else if (kind == Kind::ViolatedStatistically) append(f, statistical_sentences(*r, settings));
      else append(f, holding_sentences(*r, kind, settings));
      findings.push_back(std::move(f));
    }
  return findings;
}

}  // namespace nb::reports
