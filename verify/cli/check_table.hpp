#pragma once
// Plain-text rendering of a check run for the terminal. Labels and input names come from case
// files and model sources, so both functions print through terminal_safe (styled).
#include <ostream>
#include <string>

#include "verify/cli/terminal_style.hpp"
#include "verify/results/results.hpp"

namespace nb::cli {

// One row per theorem: id, cases, PROVEN, NEAR-TIGHT, TIGHT, VIOLATED, INCONCLUSIVE, statistical
// H/V/U, the smallest relative slack as an enclosure ("(abs.)" after it where the bound is 0 and
// the slack is absolute), and the outcome against `expect`. When those lines do not fit the
// style's width: two lines or more per theorem (the id with its outcome, then the counts under
// abbreviated heads, which a legend spells out), no line wider than the width unless an id is.
void print_verdict_table(const RunResults& results, std::ostream& out, const TerminalStyle& style = {});

// For each theorem with violations: the first of its counterexamples with the fewest input values
// (Case::size), its inputs in decimal (the case file holds them exactly), its slack enclosure,
// where it was saved and the command that replays it. Then INCONCLUSIVE and TIGHT counts worth a
// second look. Case files and replay commands recorded relative to a report
// directory (`report_dir` non-empty) are printed as run from the working directory. Without a
// saved case file, a line says how to save one.
// Lines wider than the style's width continue on indented lines.
void print_flagged(const RunResults& results, std::ostream& out, const std::string& report_dir = "",
                   const TerminalStyle& style = {});

}  // namespace nb::cli
