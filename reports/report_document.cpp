#include "reports/report_document.hpp"

#include "reports/case_text.hpp"
#include "reports/decimal_text.hpp"

namespace nb::reports {
namespace {

// Significant digits of enclosures in tables (rounded outward, so still enclosures); the flagged
// violations and the JSON give every recorded digit.
constexpr int kTableDigits = 8;

std::size_t count(const TheoremResult& t, Verdict v) { return t.counts[static_cast<int>(v)]; }

RichText number(std::size_t n) { return {plain(std::to_string(n))}; }
RichText where(const CaseOutcome& o) {
  const std::string w = location_text(o.provenance);
  return {plain(w.empty() ? "-" : w)};
}
RichText verdict_text(Verdict v) { return {plain(verdict_name(v))}; }

// A block of one paragraph, optionally followed by a table.
Block paragraph_block(RichText text, std::optional<Table> table = std::nullopt) {
  Block b;
  b.paragraphs.push_back(std::move(text));
  b.table = std::move(table);
  return b;
}

Part run_part(const ReportContent& c) {
  Block b;
  for (const HeaderRow& h : c.header) {
    RichText item{strong(h.key + ":"), plain(" ")};
    item.insert(item.end(), h.value.begin(), h.value.end());
    b.list.push_back({item, {}});
  }
  return {1, "Run", "run", {b}};
}

Table verdict_table(const ReportContent& c) {
  Table t{{{"theorem", false, 3.3},
           {"fidelity"},
           {"expect"},
           {"cases", true, 0, true},
           {"PROVEN", true, 0, true},
           {"NEAR-TIGHT", true, 0, true},
           {"EQUAL (exact)", true, 0, true},
           {"TIGHT", true, 0, true},
           {"VIOLATED", true, 0, true},
           {"INCONCLUSIVE", true, 0, true},
           {"statistical H / V / U", false, 1.5},
           {"outcome"}},
          {}};
  for (const TheoremReport& r : c.theorems) {
    const TheoremResult& x = *r.result;
    const auto n = [&](Verdict v) { return std::to_string(count(x, v)); };
    t.rows.push_back({{code(x.info.id)},
                      {plain(fidelity_name(x.info.fidelity))},
                      {plain(expect_name(x.info.expect))},
                      number(x.outcomes.size()),
                      {plain(n(Verdict::Proven))},
                      {plain(n(Verdict::NearTight))},
                      {plain(n(Verdict::EqualExact))},
                      {plain(n(Verdict::Tight))},
                      {plain(n(Verdict::Violated))},
                      {plain(n(Verdict::Inconclusive))},
                      {plain(n(Verdict::HoldsStatistical) + " / " + n(Verdict::ViolatedStatistical) + " / " +
                             n(Verdict::UndecidedStatistical))},
                      {x.expected ? plain("as expected") : strong("UNEXPECTED")}});
  }
  return t;
}

Table tightness_table(const ReportContent& c) {
  Table t{{{"theorem", false, 3.4},
           {"smallest relative slack", false, 3.2},
           {"worst case", false, 6.0},
           {"median log10", true},
           {"over cases", true}},
          {}};
  for (const TheoremReport& r : c.theorems) {
    const Tightness& k = r.tightness;
    RichText worst{plain("-")}, smallest{plain("-")};
    if (k.worst_case) {
      const CaseOutcome& o = k.worst_case->outcome;
      worst = {plain("case " + std::to_string(o.index) + ": "), code(o.label), plain(" "),
               code(input_summary(k.worst_case->input))};
      smallest = {code(short_enclosure(o.relative_slack))};
    }
    t.rows.push_back({{code(r.result->info.id)},
                      smallest,
                      worst,
                      {plain(k.median_log10_relative_slack ? fixed_text(*k.median_log10_relative_slack, 2) : "-")},
                      number(k.median_cases)});
  }
  return t;
}

Part summary_part(const ReportContent& c) {
  return {1,
          "Summary",
          "summary",
          {paragraph_block({plain("Verdicts per theorem (statistical: HOLDS / VIOLATED / UNDECIDED (statistical)).")},
                           verdict_table(c)),
           paragraph_block({plain("Tightness: the smallest relative slack over certified cases (an enclosure) with "
                                  "that worst case, and the median of log10(relative slack) over the cases certified "
                                  "to hold with positive slack (the last column counts them).")},
                           tightness_table(c))}};
}

Part theorems_part(const ReportContent& c) {
  Part p{1, "Theorems", "theorems", {}};
  for (const TheoremReport& r : c.theorems) {
    const TheoremInfo& i = r.result->info;
    Block b;
    b.heading = {code(i.id), plain(": " + i.title)};
    b.paragraphs = {{plain("Source: " + i.source + ". Fidelity: " + fidelity_name(i.fidelity) +
                           ". Expect: " + expect_name(i.expect) + ".")}};
    b.display_math = i.statement;
    b.list.push_back({{plain("plain text: "), code(i.summary)}, {}});
    if (!i.assumptions.empty()) {
      RichText a{plain("assumptions: ")};
      for (std::size_t k = 0; k < i.assumptions.size(); ++k) {
        if (k) a.push_back(plain(", "));
        a.push_back(code(i.assumptions[k]));
      }
      b.list.push_back({a, {}});
    }
    b.list.push_back({{plain("outcome: " + r.result->expectation)}, {}});
    p.blocks.push_back(std::move(b));
  }
  return p;
}

ListItem violation_item(const FlaggedCase& f) {
  const CaseOutcome& o = f.outcome;
  ListItem item{{strong("case " + std::to_string(o.index)), plain(" "), code(o.label), plain(", claim "),
                 code(o.claim), plain(", decided at " + std::to_string(o.precision_bits) + " bits")},
                {}};
  RichText inputs{plain("inputs:")};
  for (const auto& [name, value] : exact_inputs(f.input)) {
    inputs.push_back(plain(inputs.size() > 1 ? ", " : " "));
    inputs.push_back(code(name + " = " + value));
  }
  item.details.push_back(inputs);
  item.details.push_back({plain("value in "), code(full_enclosure(o.value)), plain(", bound in "),
                          code(full_enclosure(o.bound))});
  item.details.push_back({plain("slack in "), code(full_enclosure(o.slack)), plain(", relative slack in "),
                          code(full_enclosure(o.relative_slack))});
  if (slack_is_exactly_zero(o))
    item.details.push_back({plain("bound attained: the slack is exactly 0, which refutes the strict relation")});
  for (const auto& [name, q] : o.quantities) item.details.push_back({code(name), plain(" in "), code(full_enclosure(q))});
  if (const std::string w = location_text(o.provenance); !w.empty()) item.details.push_back({plain("from: " + w)});
  if (!f.case_file.empty()) item.details.push_back({plain("case file: "), code(f.case_file)});
  if (!f.replay.empty()) item.details.push_back({plain("replay: "), code(f.replay)});
  return item;
}

// A table of `cases` with the columns case, label, where, then those `more` adds.
template <class More>
Table case_table(const std::vector<const CaseOutcome*>& cases, const std::vector<Column>& more_columns, More more) {
  Table t{{{"case", true}, {"label", false, 2.8}, {"where", false, 2.2}}, {}};
  t.columns.insert(t.columns.end(), more_columns.begin(), more_columns.end());
  for (const CaseOutcome* o : cases) {
    std::vector<RichText> row{number(o->index), {code(o->label)}, where(*o)};
    for (RichText& cell : more(*o)) row.push_back(std::move(cell));
    t.rows.push_back(std::move(row));
  }
  return t;
}

Part violations_part(const ReportContent& c) {
  Part p{2, "Violations", "violations", {}};
  for (const TheoremReport& r : c.theorems) {
    const FlaggedCases& f = r.flagged;
    const TheoremResult& t = *r.result;
    if (f.violations_total > 0) {
      Block b;
      b.heading = {code(t.info.id), plain(": " + std::to_string(f.violations_total) + " certified counterexample(s) ("),
                   t.info.expect == Expect::Violated ? plain("expected") : strong("UNEXPECTED"), plain(")")};
      for (const FlaggedCase* v : f.violations) b.list.push_back(violation_item(*v));
      if (f.violations_total > f.violations.size())
        b.list.push_back({{plain(std::to_string(f.violations_total - f.violations.size()) +
                                 " more counted, not recorded in full (the results keep the smallest inputs)")},
                          {}});
      p.blocks.push_back(std::move(b));
    }
    if (!f.statistical_violations.empty()) {
      Block b;
      b.heading = {code(t.info.id),
                   plain(": " + std::to_string(f.statistical_violations.size()) + " case(s) VIOLATED (statistical)")};
      b.table = case_table(f.statistical_violations, {{"claim", false, 3.6}, {"slack (confidence interval)", false, 4.4}},
                           [](const CaseOutcome& o) {
                             return std::vector<RichText>{{code(o.claim)}, {code(short_enclosure(o.slack, kTableDigits))}};
                           });
      p.blocks.push_back(std::move(b));
    }
  }
  if (p.blocks.empty()) p.blocks.push_back(paragraph_block({plain("No case is violated.")}));
  return p;
}

// A part with, for each theorem that has cases in `cases_of(r)`, a heading "<id>: what(r)" and a
// table of those cases (case_table with `more_columns` and `more`); the sentence `none` if no
// theorem has any.
template <class CasesOf, class What, class More>
Part case_tables_part(const ReportContent& c, std::string title, std::string anchor, const std::string& none,
                      CasesOf cases_of, What what, const std::vector<Column>& more_columns, More more) {
  Part p{2, std::move(title), std::move(anchor), {}};
  for (const TheoremReport& r : c.theorems) {
    const std::vector<const CaseOutcome*>& cases = cases_of(r);
    if (cases.empty()) continue;
    Block b;
    b.heading = {code(r.result->info.id), plain(": " + what(r))};
    b.table = case_table(cases, more_columns, more);
    p.blocks.push_back(std::move(b));
  }
  if (p.blocks.empty()) p.blocks.push_back(paragraph_block({plain(none)}));
  return p;
}

Part tight_part(const ReportContent& c) {
  return case_tables_part(
      c, "Near-tight and tight cases", "tight", "No case is NEAR-TIGHT, EQUAL (exact) or TIGHT.",
      [](const TheoremReport& r) -> const auto& { return r.flagged.tightest; },
      [](const TheoremReport& r) {
        return "the " + std::to_string(r.flagged.tightest.size()) + " tightest of " +
               std::to_string(r.flagged.tight_total) + " NEAR-TIGHT/EQUAL (exact)/TIGHT case(s)";
      },
      {{"verdict"}, {"relative slack", false, 2.8}, {"slack", false, 4.4}, {"bits", true}, {"exact evaluation", false, 3}},
      [](const CaseOutcome& o) {
        return std::vector<RichText>{verdict_text(o.verdict), {code(short_enclosure(o.relative_slack))},
                                     {code(short_enclosure(o.slack, kTableDigits))}, number(o.precision_bits),
                                     {plain(o.exact.empty() ? "-" : o.exact)}};
      });
}

Part undecided_part(const ReportContent& c) {
  return case_tables_part(
      c, "Undecided cases", "undecided", "Every case is decided.",
      [](const TheoremReport& r) -> const auto& { return r.flagged.undecided; },
      [](const TheoremReport& r) { return std::to_string(r.flagged.undecided.size()) + " undecided case(s)"; },
      {{"verdict"}, {"slack", false, 5}, {"bits reached", true}}, [](const CaseOutcome& o) {
        return std::vector<RichText>{verdict_text(o.verdict), {code(short_enclosure(o.slack, kTableDigits))},
                                     number(o.precision_bits)};
      });
}

Part figures_part(const ReportContent& c) {
  Part p{1, "Figures", "figures", {}};
  for (const Figure& f : c.figures) {
    Block b;
    b.figure = &f;
    p.blocks.push_back(std::move(b));
  }
  if (p.blocks.empty()) p.blocks.push_back(paragraph_block({plain("No figure: no case has data to plot.")}));
  return p;
}

Part findings_part(const ReportContent& c) {
  Part p{1, "Findings", "findings", {}};
  for (const RichText& f : c.findings) p.blocks.push_back(paragraph_block(f));
  return p;
}

}  // namespace

Document report_document(const ReportContent& content) {
  const RunResults& r = *content.results;
  Document d;
  d.title = "normbound report";
  d.author = {plain("normbound " + r.version + ", commit "), code(r.commit)};
  d.date = r.timestamp.empty() ? RichText{} : RichText{code(r.timestamp)};
  d.introduction = {plain("Checks of the bounds of "),
                    strong("Limitations of Normalization in Attention Mechanism"),
                    plain(" (arXiv 2508.17821) in certified interval arithmetic: each bound is a theorem, each case "
                          "gets PROVEN / NEAR-TIGHT / TIGHT / VIOLATED / INCONCLUSIVE from an enclosure of its "
                          "slack (statistical claims: HOLDS / VIOLATED / UNDECIDED (statistical)); a case TIGHT at "
                          "the precision cap is evaluated again in exact arithmetic, and is EQUAL (exact) where the "
                          "bound is attained.")};
  d.parts = {run_part(content),
             summary_part(content),
             theorems_part(content),
             {1, "Flagged cases", "flagged", {}},
             violations_part(content),
             tight_part(content),
             undecided_part(content),
             figures_part(content),
             findings_part(content)};
  return d;
}

}  // namespace nb::reports
