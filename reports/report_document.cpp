#include "reports/report_document.hpp"

#include "reports/case_text.hpp"
#include "reports/cited_works.hpp"
#include "reports/decimal_text.hpp"
#include "reports/natural_order.hpp"
#include "reports/slack_strip_figure.hpp"
#include "reports/statement_math.hpp"
#include "reports/title_text.hpp"
#include "reports/verdict_words.hpp"
#include "verify/results/source_looseness.hpp"

#include <algorithm>
#include <array>

namespace nb::reports {
namespace {

// Significant digits of enclosures in tables (rounded outward, so still enclosures); the flagged
// violations and the JSON give every recorded digit.
constexpr int kTableDigits = 8;


// TIGHT means equality within resolution, neither proven nor refuted: the tables say so.
std::string tight_verdict_words(Verdict v) {
  return v == Verdict::Tight ? "TIGHT (equal within resolution)" : verdict_name(v);
}

RichText number(std::size_t n) { return {plain(std::to_string(n))}; }
RichText where(const CaseOutcome& o) {
  const std::string w = location_text(o.provenance);
  return {plain(w.empty() ? "-" : w)};
}
RichText verdict_text(Verdict v) { return {plain(verdict_name(v))}; }

Block paragraph_block(RichText text) {
  Block b;
  b.paragraphs.push_back(std::move(text));
  return b;
}

// A block holding `table` with its caption.
Block table_block(Table table, RichText caption) {
  Block b;
  table.caption = std::move(caption);
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

// "arXiv 2508.17821, Corollary 3": the work and part of it a theorem's source cites, under which
// the summary lists it.
std::string source_group(const std::string& source) {
  const std::string work = work_cited(source), part = part_cited(source);
  return part.empty() ? work : work + ", " + part;
}

// The theorems grouped by the work their sources cite first, then by the part of it, each group
// where its first theorem is in the results' order (the order the theorems were registered or
// named), and in that order within a group.
std::vector<const TheoremReport*> in_source_order(const std::vector<TheoremReport>& theorems) {
  std::vector<std::string> works, groups;
  for (const TheoremReport& r : theorems) {
    works.push_back(work_cited(r.result->info.source));
    groups.push_back(source_group(r.result->info.source));
  }
  const auto first = [](const std::vector<std::string>& all, std::size_t i) {
    return std::find(all.begin(), all.end(), all[i]) - all.begin();
  };
  std::vector<std::size_t> order(theorems.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::pair(first(works, a), first(groups, a)) < std::pair(first(works, b), first(groups, b));
  });
  std::vector<const TheoremReport*> ordered;
  for (const std::size_t i : order) ordered.push_back(&theorems[i]);
  return ordered;
}

// A fidelity as one letter, which the summary's caption spells out.
const char* fidelity_letter(Fidelity f) {
  switch (f) {
    case Fidelity::Verbatim: return "V";
    case Fidelity::Reconstructed: return "R";
    case Fidelity::Heuristic: return "H";
    case Fidelity::Extension: return "E";
  }
  return "?";
}

Table verdict_table(const ReportContent& c) {
  // A column per verdict some theorem has (each other column would hold zeros only), and the
  // statistical column only for a run with statistical claims. Every cell is one short line (the
  // id unbroken, the fidelity a letter, the counts under sideways headers, the outcome two words):
  // a row per theorem, so that 32 theorems and their headings fit one page.
  constexpr std::array<std::pair<Verdict, const char*>, 7> kVerdictColumns{
      {{Verdict::Proven, "PROVEN"}, {Verdict::NearTight, "NEAR-TIGHT"}, {Verdict::EqualExact, "EQUAL (exact)"},
       {Verdict::Tight, "TIGHT (within resolution)"}, {Verdict::Violated, "VIOLATED"},
       {Verdict::Inconclusive, "INCONCLUSIVE"}, {Verdict::Refused, "REFUSED"}}};
  const auto any = [&](Verdict v) {
    return std::any_of(c.theorems.begin(), c.theorems.end(),
                       [&](const TheoremReport& r) { return verdict_count(*r.result, v) > 0; });
  };
  std::vector<Verdict> shown;
  for (const auto& [v, header] : kVerdictColumns)
    if (any(v)) shown.push_back(v);
  const bool statistical = any(Verdict::HoldsStatistical) || any(Verdict::ViolatedStatistical) || any(Verdict::UndecidedStatistical);
  Table t{{{"theorem", false}, {"fidelity", false, 0, true}, {"expected to", false, 0, true}, {"cases", true, 0, true}}, {}};
  for (const auto& [v, header] : kVerdictColumns)
    if (std::find(shown.begin(), shown.end(), v) != shown.end()) t.columns.push_back({header, true, 0, true});
  if (statistical) t.columns.push_back({"statistical H / V / U", true, 0, true});
  t.columns.push_back({"outcome", false});
  t.whole = true;
  std::string group;
  for (const TheoremReport* r : in_source_order(c.theorems)) {
    const TheoremResult& x = *r->result;
    if (source_group(x.info.source) != group) {
      group = source_group(x.info.source);
      t.groups.emplace_back(t.rows.size(), RichText{plain(group)});
    }
    const auto n = [&](Verdict v) { return std::to_string(verdict_count(x, v)); };
    std::vector<RichText> row{{code(x.info.id)}, {plain(fidelity_letter(x.info.fidelity))},
                              {plain(x.info.expect == Expect::Holds ? "hold" : "fail")}, number(x.cases)};
    for (const Verdict v : shown) row.push_back({plain(n(v))});
    if (statistical)
      row.push_back({plain(n(Verdict::HoldsStatistical) + " / " + n(Verdict::ViolatedStatistical) + " / " +
                           n(Verdict::UndecidedStatistical))});
    // Whether the counts meet the expectation (TheoremResult::expected, as the console counts
    // them); the counts say how.
    row.push_back({x.expected ? plain("as expected") : strong("UNEXPECTED")});
    t.rows.push_back(std::move(row));
  }
  return t;
}

Part summary_part(const ReportContent& c) {
  return {1,
          "Summary",
          "summary",
          {table_block(verdict_table(c),
                       {plain("Verdicts per theorem, under the work and part of it each cites (a verdict no theorem "
                              "has gets no column). Only PROVEN, NEAR-TIGHT and EQUAL (exact) certify that a bound "
                              "holds and only VIOLATED that it fails; TIGHT is equality within resolution "
                              "(neither); statistical verdicts are HOLDS / VIOLATED / UNDECIDED (statistical). "
                              "Fidelity: V verbatim (printed in the paper), R reconstructed (a proven reading where "
                              "the printed formula is not available), H heuristic (an envelope, not a theorem), E "
                              "extension (a fact beside the paper's statement). A theorem expected to fail is "
                              "false as stated: its suite holds counterexamples. The outcome says whether the counts "
                              "meet that expectation; the theorem's part of the appendix says it in words.")})}};
}

ListItem witness_item(const FlaggedCase& f) {
  const CaseOutcome& o = f.outcome;
  ListItem item{{strong("case " + std::to_string(o.index)), plain(" "), code(o.label), plain(", claim "),
                 code(o.claim), plain(", decided at " + std::to_string(o.precision_bits) + " bits")},
                {}};
  // Decimals, as the console prints them: the case file keeps the exact values.
  bool rounded = false;
  RichText inputs{plain("inputs:")};
  for (const auto& [name, value] : decimal_inputs(f.input, rounded)) {
    inputs.push_back(plain(inputs.size() > 1 ? ", " : " "));
    inputs.push_back(code(name + " = " + value));
  }
  if (rounded) inputs.push_back(plain(" (the shortest decimals that read back to the binary64 values; exact in the case file)"));
  item.details.push_back(inputs);
  item.details.push_back({plain("value "), code(approximate_text(o.value)), plain(", bound "),
                          code(approximate_text(o.bound)), plain(", slack "), code(approximate_text(o.slack)),
                          plain(", relative slack "), code(approximate_text(o.relative_slack)),
                          plain(" (enclosures: results.json)")});
  if (slack_is_exactly_zero(o))
    item.details.push_back({plain("bound attained: the slack is exactly 0, which refutes the strict relation")});
  auto quantities = o.quantities;
  std::stable_sort(quantities.begin(), quantities.end(),
                   [](const auto& a, const auto& b) { return natural_less(a.first, b.first); });
  RichText q;
  for (const auto& [name, e] : quantities) {
    q.push_back(plain(q.empty() ? "" : ", "));
    q.push_back(code(name + " " + approximate_text(e)));
  }
  if (!q.empty()) item.details.push_back(q);
  if (const std::string w = location_text(o.provenance); !w.empty()) item.details.push_back({plain("from: " + w)});
  if (!f.case_file.empty()) item.details.push_back({plain("case file: "), code(f.case_file)});
  if (!f.replay.empty()) item.details.push_back({plain("replay: "), code(f.replay)});
  return item;
}

// The LaTeX widths of a case table's label and where columns: a full line, or the half line beside
// a figure.
struct CaseColumnWidths {
  double label = 4.6, label_located = 2.6, where = 2.0;
};
constexpr CaseColumnWidths kBesideFigure{2.6, 1.5, 1.6};

// A table of `cases` with the columns case, label, where (when any case has a location), then those
// `more` adds.
template <class More>
Table case_table(const std::vector<const CaseOutcome*>& cases, const std::vector<Column>& more_columns, More more,
                 const CaseColumnWidths& widths = {}) {
  // "where" only when some case comes from a model or file (random suites locate nothing).
  const bool located = std::any_of(cases.begin(), cases.end(),
                                   [](const CaseOutcome* o) { return !location_text(o->provenance).empty(); });
  Table t{{{"case", true}, {"label", false, located ? widths.label_located : widths.label}}, {}};
  if (located) t.columns.push_back({"where", false, widths.where});
  t.columns.insert(t.columns.end(), more_columns.begin(), more_columns.end());
  for (const CaseOutcome* o : cases) {
    std::vector<RichText> row{number(o->index), {code(o->label)}};
    if (located) row.push_back(where(*o));
    for (RichText& cell : more(*o)) row.push_back(std::move(cell));
    t.rows.push_back(std::move(row));
  }
  return t;
}

// A tightest-cases table of at most this many rows is set beside the theorem's strip plot when that
// is its only figure (a longer one, from a large --top, takes the full line and may break across pages).
constexpr std::size_t kRowsBesideFigure = 8;

// One theorem: statement, verdict counts, its certified witness with the fewest input values, its
// tightest cases and its figures.
Part theorem_part(const ReportContent& c, const TheoremReport& r) {
  const TheoremResult& t = *r.result;
  const TheoremInfo& i = t.info;
  Part p{2, title_text(i.title), "theorem-" + i.id, {}};
  Block statement;
  statement.display_math = statement_math(i.statement);
  for (const auto& [name, formula] : i.definitions)
    statement.definitions.push_back(statement_math(name) + " = " + statement_math(formula));
  p.blocks.push_back(std::move(statement));
  // Where the statement comes from and what became of it, in one paragraph under it.
  RichText about{code(i.id), plain(". Source: " + i.source + ". Fidelity: " + fidelity_name(i.fidelity) +
                                   ". Expect: " + expect_name(i.expect) + ". Verdicts on " +
                                   count_text(t.cases, "case", "cases") + ": " + verdict_counts_text(t) + ". ")};
  about.push_back(t.expected ? plain("Outcome as expected.")
                             : strong(std::string("UNEXPECTED outcome: expected to ") +
                                      (i.expect == Expect::Holds ? "hold." : "fail on its own cases.")));
  if (!i.corrected_by.empty()) {
    about.push_back(plain(" Valid form: "));
    about.push_back(code(i.corrected_by));
    about.push_back(plain("."));
  }
  // Bounded results: the counts, medians and looseness cover every case, the figures and listings
  // only the cases kept.
  if (t.kept)
    about.push_back(plain(" Bounded results: " + count_text(t.outcomes.size(), "case", "cases") + " of " +
                          std::to_string(t.cases) + " kept in full (" +
                          (t.kept->flagged == 0 ? std::string()
                                                : "the first " + std::to_string(t.kept->flagged_kept) + " of " +
                                                      std::to_string(t.kept->flagged) + " not proven, ") +
                          "the violations listed, the worst case and the tightest proven ones of each head); the "
                          "figures and case listings show those, the counts and summaries every case."));
  p.blocks.push_back(paragraph_block(std::move(about)));

  const FlaggedCases& f = r.flagged;
  if (!f.violations.empty()) {
    Block b;
    b.heading = {plain("Certified witness with the fewest input values")};
    b.list.push_back(witness_item(*f.violations.front()));
    p.blocks.push_back(std::move(b));
    if (f.violations_total > 1)
      p.blocks.push_back(paragraph_block({plain(count_text(f.violations_total - 1, "further certified counterexample",
                                                           "further certified counterexamples") +
                                                ": in results.json (with their case files, where saved).")}));
  }
  std::vector<const Figure*> figures;
  for (const Figure& fig : c.figures)
    if (fig.theorem_id == i.id) figures.push_back(&fig);
  // The strip plot beside the tightest cases when it is the theorem's only figure, else the figures
  // in rows of two (the strip plot beside the figure that answers the theorem's question, or the
  // two heat maps): each row costs the page space of one figure.
  const bool beside = !f.tightest.empty() && f.tightest.size() <= kRowsBesideFigure && figures.size() == 1;
  if (!f.tightest.empty()) {
    const std::size_t equal = verdict_count(t, Verdict::EqualExact);
    const bool equal_shown = std::any_of(f.tightest.begin(), f.tightest.end(),
                                         [](const CaseOutcome* o) { return o->verdict == Verdict::EqualExact; });
    RichText caption{plain("The tightest cases of "), code(i.id),
                     plain(": " + std::to_string(f.tightest.size()) + " of its " + std::to_string(f.tight_total) +
                           " NEAR-TIGHT, EQUAL (exact) or TIGHT cases")};
    if (equal_shown && equal > 1)
      caption.push_back(plain("; one row stands for its " + std::to_string(equal) + " EQUAL (exact), all at relative slack 0"));
    caption.push_back(plain("."));
    p.blocks.push_back(table_block(
        case_table(f.tightest,
                   {{"verdict", false, beside ? 2.0 : 2.2}, {"relative slack", false, beside ? 2.3 : 2.6}, {"bits", true}},
                   [](const CaseOutcome& o) {
                     return std::vector<RichText>{{plain(tight_verdict_words(o.verdict))},
                                                  {code(approximate_text(o.relative_slack))}, number(o.precision_bits)};
                   },
                   beside ? kBesideFigure : CaseColumnWidths{}),
        std::move(caption)));
  }
  for (const Figure* fig : figures) {
    if (!beside && p.blocks.back().figures.size() != 1) p.blocks.emplace_back();
    p.blocks.back().figures.push_back(fig);
  }
  return p;
}

// A part with, for each theorem that has cases in `cases_of(r)`, a heading "<id>: what(r)" and a
// table of those cases (case_table with `more_columns` and `more`); the sentence `none` if no
// theorem has any.
template <class CasesOf, class What, class More>
Part case_tables_part(const ReportContent& c, std::string title, std::string anchor, const std::string& none,
                      CasesOf cases_of, What what, const std::vector<Column>& more_columns, More more) {
  Part p{1, std::move(title), std::move(anchor), {}};
  for (const TheoremReport& r : c.theorems) {
    const std::vector<const CaseOutcome*>& cases = cases_of(r);
    if (cases.empty()) continue;
    p.blocks.push_back(table_block(case_table(cases, more_columns, more), {code(r.result->info.id), plain(": " + what(r) + ".")}));
  }
  if (p.blocks.empty()) p.blocks.push_back(paragraph_block({plain(none)}));
  return p;
}

Part statistical_violations_part(const ReportContent& c) {
  return case_tables_part(
      c, "Statistical violations", "statistical-violations", "No case is VIOLATED (statistical).",
      [](const TheoremReport& r) -> const auto& { return r.flagged.statistical_violations; },
      [](const TheoremReport& r) {
        return "the first " + std::to_string(r.flagged.statistical_violations.size()) + " of " +
               std::to_string(verdict_count(*r.result, Verdict::ViolatedStatistical)) + " VIOLATED (statistical)";
      },
      {{"slack (confidence interval)", false, 4.4}},
      [](const CaseOutcome& o) { return std::vector<RichText>{{code(short_enclosure(o.slack, 6))}}; });
}

Part undecided_part(const ReportContent& c) {
  return case_tables_part(
      c, "Undecided cases", "undecided", "Every case is decided.",
      [](const TheoremReport& r) -> const auto& { return r.flagged.undecided; },
      [](const TheoremReport& r) {
        std::string what = "the first " + std::to_string(r.flagged.undecided.size()) + " of " +
                           std::to_string(r.flagged.undecided_total) + " undecided";
        // A case with no value, or refused, is undecided for another reason than precision: say which.
        const auto& outcomes = r.result->outcomes;
        const auto say = [&](const auto& is_one, const std::string& words) {
          const auto first = std::find_if(outcomes.begin(), outcomes.end(), is_one);
          if (first != outcomes.end())
            what += "; " + std::to_string(std::count_if(outcomes.begin(), outcomes.end(), is_one)) + " of them " +
                    words + " (case " + std::to_string(first->index) + ": " + first->exact + ")";
        };
        say([](const CaseOutcome& o) { return is_undefined(o.exact); }, "have no value there");
        say([](const CaseOutcome& o) { return o.verdict == Verdict::Refused; },
            "are REFUSED, outside the assumptions");
        return what;
      },
      {{"verdict", false, 2.4}, {"slack", false, 2.6}, {"bits reached", true, 0, true}}, [](const CaseOutcome& o) {
        const bool no_slack = is_undefined(o.exact) || o.verdict == Verdict::Refused;
        return std::vector<RichText>{verdict_text(o.verdict),
                                     {no_slack ? plain(is_undefined(o.exact) ? "undefined" : "not evaluated")
                                               : code(short_enclosure(o.slack, 6))},
                                     number(o.precision_bits)};
      });
}

Part findings_part(const ReportContent& c) {
  Part p{1, "Findings", "findings", {}};
  for (const RichText& f : c.findings) p.blocks.push_back(paragraph_block(f));
  return p;
}

// On a source's cases: per theorem its cases with a tightness ratio, the largest ratio, and
// whether the bound is vacuous there.
Part looseness_part(const std::vector<TheoremLooseness>& looseness) {
  Table t{{{"theorem", false, 4.5},
           {"cases", true, 0, true},
           {"largest ratio", true},
           {"vacuous on this input", false, 3.5}},
          {}};
  for (const TheoremLooseness& l : looseness)
    t.rows.push_back({{code(l.id)},
                      number(l.cases),
                      {plain(largest_ratio_text(l))},
                      {plain(l.vacuous ? "yes, factor " + looser_factor_text(l) : "no")}});
  return {1,
          "Looseness on this input",
          "looseness",
          {table_block(std::move(t),
                       {plain("The tightness ratio of each case's deciding claim (value/bound for an upper bound, "
                              "bound/value for a lower bound; 1 is attained), from the enclosures' midpoints; per "
                              "layer and head in the JSON ("),
                        code("looseness"),
                        plain("). A bound more than " + std::to_string(static_cast<int>(kVacuousFactor)) +
                              " times looser than the value on every case is vacuous on this input.")})}};
}

}  // namespace

Document report_document(const ReportContent& content) {
  const RunResults& r = *content.results;
  Document d;
  // The title and framing sentence the user gave, or ones naming the works the theorems cite.
  std::vector<std::string> sources;
  for (const TheoremResult& t : r.theorems) sources.push_back(t.info.source);
  const std::vector<std::string> works = works_cited(sources);
  const std::string bounds = works.empty() ? "bounds" : "bounds from " + works_phrase(works);
  d.title = content.options.title.empty() ? "Certified checks of " + bounds : content.options.title;
  d.author = {plain("normbound " + r.version + ", commit "), code(r.commit)};
  d.date = r.timestamp.empty() ? RichText{} : RichText{code(r.timestamp)};
  d.introduction = {plain(content.options.introduction.empty() ? "Checks of the " + bounds + " in certified interval arithmetic."
                                                               : content.options.introduction),
                    plain(" Each bound is a theorem, and each case gets PROVEN / NEAR-TIGHT / TIGHT / VIOLATED / "
                          "INCONCLUSIVE from an enclosure of its slack (statistical claims: HOLDS / VIOLATED / "
                          "UNDECIDED (statistical)); a case TIGHT at the precision cap is evaluated again in exact "
                          "arithmetic; a slack certified exactly 0 (an enclosure [0, 0], or exact arithmetic) is "
                          "EQUAL (exact): the bound is attained.")};
  // What every strip plot shows is said once, before the theorems.
  Part theorems{1, "Theorems", "theorems", {}};
  if (std::any_of(content.figures.begin(), content.figures.end(),
                  [](const Figure& f) { return f.name.starts_with("slack-"); }))
    theorems.blocks.push_back(paragraph_block(slack_strip_explanation(r.settings)));
  d.parts = {run_part(content), summary_part(content), findings_part(content)};
  if (!r.looseness.empty()) d.parts.push_back(looseness_part(r.looseness));
  d.appendix_title = "per-theorem detail";
  d.appendix.push_back(std::move(theorems));
  // The theorems in the summary's order, so that the appendix follows it.
  for (const TheoremReport* r : in_source_order(content.theorems)) d.appendix.push_back(theorem_part(content, *r));
  d.appendix.push_back(statistical_violations_part(content));
  d.appendix.push_back(undecided_part(content));
  return d;
}

}  // namespace nb::reports
