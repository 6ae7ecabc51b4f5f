#include "verify/cli/check_table.hpp"

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <map>
#include <sstream>

#include "reports/case_text.hpp"
#include "reports/decimal_text.hpp"
#include "reports/report_files.hpp"
#include "verify/cli/terminal_style.hpp"
#include "verify/cli/wrapped_text.hpp"

namespace nb::cli {
namespace {

std::size_t count(const TheoremResult& t, Verdict v) { return t.counts[static_cast<int>(v)]; }

// Why the TIGHT cases of `t` stayed TIGHT after their exact evaluation, with counts, e.g.
// "3 no exact form (general spectral norm), 1 not tried".
std::string exact_reasons(const TheoremResult& t) {
  std::map<std::string, std::size_t> reasons;
  std::size_t kept = 0;
  for (const auto& o : t.outcomes)
    if (o.verdict == Verdict::Tight) ++reasons[exact_outcome_reason(o.exact)], ++kept;
  std::string s;
  for (const auto& [reason, n] : reasons) s += (s.empty() ? "" : ", ") + std::to_string(n) + " " + reason;
  // Bounded results keep the first flagged cases only: the others' reasons are not known here.
  if (const std::size_t left_out = count(t, Verdict::Tight) - kept)
    s += (s.empty() ? "" : ", ") + std::to_string(left_out) + " not kept (--json FILE keeps every case)";
  return s;
}

std::string statistical_counts(const TheoremResult& t) {
  return std::to_string(count(t, Verdict::HoldsStatistical)) + "/" + std::to_string(count(t, Verdict::ViolatedStatistical)) +
         "/" + std::to_string(count(t, Verdict::UndecidedStatistical));
}

// The smallest relative slack as a short enclosure, marked where it is absolute (a bound of 0
// has no relative slack).
std::string worst_slack(const TheoremResult& t) {
  if (!t.worst_case) return "-";
  const CaseOutcome& o = t.worst_case->outcome;
  return reports::short_enclosure(o.relative_slack) + (o.relative_is_absolute ? " (abs.)" : "");
}

// What "(abs.)" means, when a row has it.
std::string absolute_slack_note(const RunResults& results) {
  for (const auto& t : results.theorems)
    if (t.worst_case && t.worst_case->outcome.relative_is_absolute)
      return "(abs.): the bound is 0 there, so the slack is absolute (relative_is_absolute in results.json)\n";
  return "";
}

std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find('\n', at), text.size());
    widest = std::max(widest, columns(std::string_view(text).substr(at, end - at)));
    at = end + 1;
  }
  return widest;
}

}  // namespace

void print_verdict_table(const RunResults& results, std::ostream& terminal, const TerminalStyle& style) {
  std::ostringstream wide;
  // The id column fits the longest id (theorem files may bring long ones) and a space.
  std::size_t id_width = 42;
  for (const auto& t : results.theorems) id_width = std::max(id_width, t.info.id.size() + 1);
  wide << std::left << std::setw(id_width) << "theorem" << std::right << std::setw(6) << "cases" << std::setw(8)
       << "PROVEN" << std::setw(12) << "NEAR-TIGHT" << std::setw(7) << "EQUAL" << std::setw(7) << "TIGHT"
       << std::setw(10) << "VIOLATED" << std::setw(14) << "INCONCLUSIVE" << std::setw(12) << "STAT H/V/U" << "  "
       << std::left << std::setw(26) << "min relative slack" << "outcome\n";
  for (const auto& t : results.theorems)
    wide << std::left << std::setw(id_width) << t.info.id << std::right << std::setw(6) << t.cases
         << std::setw(8) << count(t, Verdict::Proven) << std::setw(12) << count(t, Verdict::NearTight)
         << std::setw(7) << count(t, Verdict::EqualExact) << std::setw(7) << count(t, Verdict::Tight)
         << std::setw(10) << count(t, Verdict::Violated) << std::setw(14) << count(t, Verdict::Inconclusive)
         << std::setw(12) << statistical_counts(t) << "  " << std::left << std::setw(26) << worst_slack(t)
         << t.expectation << "\n";
  const std::string note = absolute_slack_note(results);
  if (!style.width || widest_line(wide.str()) <= *style.width) {
    terminal << styled(wide.str() + note, style);
    return;
  }
  // Two lines per theorem at least: its id (and outcome when it fits beside), then its counts.
  const std::size_t width = *style.width;
  std::ostringstream narrow;
  narrow << "theorem, outcome\n" << std::right << std::setw(7) << "cases" << std::setw(7) << "PROVEN" << std::setw(7)
         << "NEAR-T" << std::setw(6) << "EQUAL" << std::setw(6) << "TIGHT" << std::setw(6) << "VIOL" << std::setw(7)
         << "INCONC" << std::setw(12) << "STAT H/V/U" << "  min rel. slack\n"
         << "(NEAR-T: NEAR-TIGHT, VIOL: VIOLATED, INCONC: INCONCLUSIVE, STAT: statistical HOLDS/VIOLATED/UNDECIDED; "
            "--wide: one line per theorem)\n";
  for (const auto& t : results.theorems) {
    const bool beside = columns(t.info.id) + 2 + columns(t.expectation) <= width;
    narrow << t.info.id << (beside ? "  " + t.expectation : "") << "\n";
    if (!beside) narrow << "    " << t.expectation << "\n";
    std::ostringstream counts;
    counts << std::right << std::setw(7) << t.cases << std::setw(7) << count(t, Verdict::Proven) << std::setw(7)
           << count(t, Verdict::NearTight) << std::setw(6) << count(t, Verdict::EqualExact) << std::setw(6)
           << count(t, Verdict::Tight) << std::setw(6) << count(t, Verdict::Violated) << std::setw(7)
           << count(t, Verdict::Inconclusive) << std::setw(12) << statistical_counts(t);
    const std::string slack = worst_slack(t);
    if (columns(counts.str()) + 2 + columns(slack) <= width) narrow << counts.str() << "  " << slack << "\n";
    else narrow << counts.str() << "\n    min relative slack " << slack << "\n";
  }
  terminal << styled(narrow.str() + note, style);
}

void print_flagged(const RunResults& results, std::ostream& terminal, const std::string& report_dir,
                   const TerminalStyle& style) {
  std::ostringstream out;
  for (const auto& t : results.theorems) {
    if (t.kept && t.kept->flagged > t.kept->flagged_kept)
      out << "\n" << t.info.id << ": " << t.kept->flagged << " cases not PROVEN, NEAR-TIGHT or HOLDS; the first "
          << t.kept->flagged_kept << " kept in full (bounded results: --json FILE keeps every case)\n";
    if (!t.violations.empty()) {
      const FlaggedCase& f = t.violations.front();
      const CaseOutcome& o = f.outcome;
      out << "\n" << t.info.id << ": " << t.violations_total << " certified counterexample(s)"
          << (t.info.expect == Expect::Violated ? " (expected)" : " (UNEXPECTED)") << "; of those with the fewest input values, the first:\n"
          << "  case " << o.index << " (" << o.label << ")\n";
      out << reports::decimal_input_lines(f.input, "    ");
      out << "  claim   " << o.claim << "\n"
          << "  value   in " << reports::full_enclosure(o.value) << "\n"
          << "  bound   in " << reports::full_enclosure(o.bound) << "\n"
          << "  slack   in " << reports::full_enclosure(o.slack)
          << (slack_is_exactly_zero(o) ? "  (bound attained: exactly 0, so the strict relation fails)"
                                       : "  (certainly < 0 at " + std::to_string(o.precision_bits) + " bits)")
          << "\n";
      for (const auto& [name, q] : o.quantities) out << "  " << name << " in " << reports::full_enclosure(q) << "\n";
      const bool in_report = !report_dir.empty() && f.case_file.starts_with(std::string(reports::kReportCasesDirectory) + "/");
      if (!f.case_file.empty())
        out << "  saved   " << (in_report ? (std::filesystem::path(report_dir) / f.case_file).string() : f.case_file)
            << "\n";
      if (!f.replay.empty()) {
        // A command wraps with the shell's continuations, not as text: the lines so far are
        // fitted, then its own lines are kept as they are.
        const std::string replay = in_report ? "(cd " + report_dir + " && " + f.replay + ")" : f.replay;
        terminal << styled(out.str(), style)
                 << styled(style.width ? shell_lines("  replay  ", replay, *style.width, 10) : "  replay  " + replay + "\n",
                           {std::nullopt, style.colour});
        out.str("");
      }
      if (f.case_file.empty()) out << "  (not saved: --cases-dir DIR or --report DIR saves counterexamples as case files)\n";
    }
    if (const std::size_t attained = count(t, Verdict::EqualExact)) {
      for (const auto& o : t.outcomes)
        if (o.verdict == Verdict::EqualExact) {
          out << "\n" << t.info.id << ": " << attained
              << " EQUAL (exact): bound attained (slack certified exactly 0: an enclosure [0, 0], or exact arithmetic)\n"
              << "  case " << o.index << " (" << o.label << "): " << o.claim << "\n";
          break;
        }
    }
    if (const std::size_t refused = count(t, Verdict::Refused)) {
      out << "\n" << t.info.id << ": " << refused
          << " REFUSED: outside the statement's assumptions, so not evaluated (counted for neither outcome)\n";
      for (const auto& o : t.outcomes)
        if (o.verdict == Verdict::Refused) {
          out << "  case " << o.index << " (" << o.label << "): " << o.exact << "\n";
          break;
        }
    }
    const std::size_t inconclusive = count(t, Verdict::Inconclusive), tight = count(t, Verdict::Tight);
    if (inconclusive + tight > 0) {
      out << "\n" << t.info.id << ": ";
      if (tight)
        out << tight << " TIGHT (equal within resolution, neither proven nor refuted; exact evaluation: "
            << exact_reasons(t) << ")";
      if (tight && inconclusive) out << ", ";
      std::size_t undefined = 0;
      for (const auto& o : t.outcomes) undefined += is_undefined(o.exact);
      if (inconclusive > undefined) out << inconclusive - undefined << " INCONCLUSIVE at the precision cap";
      if (inconclusive > undefined && undefined) out << ", ";
      if (undefined) out << undefined << " INCONCLUSIVE because a claim has no value there (undefined)";
      out << "\n";
      for (const auto& o : t.outcomes)
        if ((o.verdict == Verdict::Tight || o.verdict == Verdict::Inconclusive) && !is_undefined(o.exact)) {
          out << "  case " << o.index << " (" << o.label << "): " << verdict_name(o.verdict) << ", slack in "
              << reports::full_enclosure(o.slack) << " at " << o.precision_bits << " bits\n";
          break;
        }
      for (const auto& o : t.outcomes)
        if (is_undefined(o.exact)) {
          out << "  case " << o.index << " (" << o.label << "): " << verdict_name(o.verdict) << ", "
              << o.exact << "\n";
          break;
        }
    }
  }
  terminal << styled(out.str(), style);
}

}  // namespace nb::cli
