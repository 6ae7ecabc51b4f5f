#include "reports/findings.hpp"

#include <algorithm>

#include "reports/case_text.hpp"
#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

std::size_t count(const TheoremResult& t, Verdict v) { return t.counts[static_cast<int>(v)]; }

void append(RichText& to, const RichText& more) { to.insert(to.end(), more.begin(), more.end()); }

// "case 3 (`ties L=2 T=1`, layer 2, head 5)"
RichText case_reference(const CaseOutcome& o) {
  const std::string where = location_text(o.provenance);
  RichText r{plain("case " + std::to_string(o.index) + " ("), code(o.label)};
  if (!where.empty()) r.push_back(plain(", " + where));
  r.push_back(plain(")"));
  return r;
}

// "12 PROVEN, 3 NEAR-TIGHT" for the verdicts of `verdicts` that occur.
std::string verdict_breakdown(const TheoremResult& t, std::initializer_list<Verdict> verdicts) {
  std::string s;
  for (Verdict v : verdicts)
    if (count(t, v)) s += (s.empty() ? "" : ", ") + std::to_string(count(t, v)) + " " + verdict_name(v);
  return s;
}

RichText violated_sentences(const TheoremReport& r, const RunSettingsRecord& settings) {
  const TheoremResult& t = *r.result;
  const std::size_t n = t.outcomes.size();
  const std::string expectation = t.info.expect == Expect::Violated ? ", as expected" : ", UNEXPECTEDLY";
  RichText s;
  if (!r.flagged.violations.empty()) {
    const FlaggedCase& w = *r.flagged.violations.front();
    s.push_back(plain(" is violated on " + std::to_string(r.flagged.violations_total) + " of " + std::to_string(n) +
                      " cases" + expectation + ". Minimal certified witness: "));
    append(s, case_reference(w.outcome));
    s.push_back(plain(" with "));
    bool first = true;
    for (const auto& [name, value] : exact_inputs(w.input)) {
      if (!first) s.push_back(plain(", "));
      s.push_back(code(name + " = " + value));
      first = false;
    }
    if (slack_is_exactly_zero(w.outcome)) {
      s.push_back(plain(": bound attained (slack exactly 0), which refutes the strict relation."));
    } else {
      s.push_back(plain(": slack in "));
      s.push_back(code(full_enclosure(w.outcome.slack)));
      s.push_back(plain(" at " + std::to_string(w.outcome.precision_bits) + " bits."));
    }
  }
  if (!r.flagged.statistical_violations.empty()) {
    const CaseOutcome& o = *r.flagged.statistical_violations.front();
    s.push_back(plain(std::string(s.empty() ? " is" : " It is also") + " violated statistically on " +
                      std::to_string(r.flagged.statistical_violations.size()) + " of " + std::to_string(n) +
                      " cases at confidence " + setting_text(settings.confidence) +
                      (s.empty() ? expectation : std::string()) + ", for example "));
    append(s, case_reference(o));
    s.push_back(plain(" with slack in "));
    s.push_back(code(short_enclosure(o.slack)));
    s.push_back(plain("."));
  }
  if (!r.flagged.undecided.empty())
    s.push_back(plain(" " + count_text(r.flagged.undecided.size(), "case remains", "cases remain") + " undecided (" +
                      verdict_breakdown(t, {Verdict::Inconclusive, Verdict::UndecidedStatistical}) + ")."));
  return s;
}

RichText holding_sentence(const TheoremReport& r) {
  const TheoremResult& t = *r.result;
  const std::size_t n = t.outcomes.size(), undecided = r.flagged.undecided.size();
  const std::string breakdown = verdict_breakdown(
      t, {Verdict::Proven, Verdict::NearTight, Verdict::EqualExact, Verdict::Tight, Verdict::HoldsStatistical});
  const std::string expectation =
      t.info.expect == Expect::Holds ? "" : "; UNEXPECTED: a violation was expected";
  if (undecided == 0)
    return {plain(" holds on every one of its " + count_text(n, "case", "cases") + " (" + breakdown + ")" + expectation +
                  ".")};
  unsigned bits = 0;
  for (const CaseOutcome* o : r.flagged.undecided) bits = std::max(bits, o->precision_bits);
  return {plain(" holds on every decided case (" + (breakdown.empty() ? std::string("none") : breakdown) + ") but " +
                std::to_string(undecided) + " of its " + std::to_string(n) + " cases remain undecided (" +
                verdict_breakdown(t, {Verdict::Inconclusive, Verdict::UndecidedStatistical}) + ", up to " +
                std::to_string(bits) + " bits)" + expectation + ".")};
}

RichText tightness_sentence(const TheoremReport& r, const RunSettingsRecord& settings) {
  const TheoremResult& t = *r.result;
  if (!r.flagged.tightest.empty()) {
    const CaseOutcome& o = *r.flagged.tightest.front();
    const std::size_t attained = count(t, Verdict::EqualExact);
    RichText s{plain(" It is tight on " + count_text(r.flagged.tight_total, "case", "cases") + " (" +
                     verdict_breakdown(t, {Verdict::EqualExact, Verdict::Tight, Verdict::NearTight}) + ", " +
                     (attained ? "EQUAL (exact) meaning the bound is attained, " : "") +
                     "NEAR-TIGHT meaning relative slack below " + setting_text(settings.near_tight) + "); ")};
    if (o.verdict == Verdict::EqualExact) {
      s.push_back(plain("the bound is attained (slack exactly 0 in exact arithmetic) on " +
                        count_text(attained, "case", "cases") + ", the first "));
      append(s, case_reference(o));
      s.push_back(plain("."));
      return s;
    }
    s.push_back(plain("the tightest is "));
    append(s, case_reference(o));
    s.push_back(plain(" with relative slack in "));
    s.push_back(code(short_enclosure(o.relative_slack)));
    s.push_back(plain("."));
    return s;
  }
  const FlaggedCase* worst = r.tightness.worst_case;
  if (!worst || worst->outcome.verdict == Verdict::Violated) return {};
  RichText s{plain(" No case comes within the near-tight threshold " + setting_text(settings.near_tight) +
                   "; the smallest relative slack is ")};
  s.push_back(code(short_enclosure(worst->outcome.relative_slack)));
  s.push_back(plain(", at "));
  append(s, case_reference(worst->outcome));
  s.push_back(plain("."));
  return s;
}

// 0: holds on every case; 1: holds where decided; 2: violated.
int group_of(const TheoremReport& r) {
  if (r.flagged.violations_total > 0 || !r.flagged.statistical_violations.empty()) return 2;
  return r.flagged.undecided.empty() ? 0 : 1;
}

}  // namespace

std::vector<RichText> findings_of(const RunSettingsRecord& settings, const std::vector<TheoremReport>& theorems) {
  std::vector<const TheoremReport*> order;
  for (const TheoremReport& r : theorems) order.push_back(&r);
  std::stable_sort(order.begin(), order.end(),
                   [](const TheoremReport* a, const TheoremReport* b) { return group_of(*a) < group_of(*b); });
  std::vector<RichText> findings;
  for (const TheoremReport* r : order) {
    const TheoremResult& t = *r->result;
    RichText f{plain(t.info.title + ", "), code(t.info.id), plain(",")};
    append(f, group_of(*r) == 2 ? violated_sentences(*r, settings) : holding_sentence(*r));
    append(f, tightness_sentence(*r, settings));
    findings.push_back(std::move(f));
  }
  return findings;
}

}  // namespace nb::reports
