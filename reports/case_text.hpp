#pragma once
// Plain-text descriptions of a case's inputs and origin, shared by every report format (each
// format only escapes them).
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb::reports {

// Each input of `c` (numbers, then integers, then options, each by name) as (name, exact text).
// Numbers are printed exactly: binary64 entries as their exact decimal expansion when short,
// otherwise in C99 hex; literals as written. Tensors with more than `max_entries` entries print
// as their shape followed by `too_long`, "R x C values (exact values in the case file)" by default.
inline constexpr std::size_t kShownEntries = 16;
std::vector<std::pair<std::string, std::string>> exact_inputs(
    const Case& c, std::size_t max_entries = kShownEntries,
    const std::string& too_long = " values (exact values in the case file)");

// Each input of `c` as exact_inputs gives it, but binary64 entries in decimal, never hex
// (readable_decimal: exact when short, else the shortest text that reads back to the value);
// `rounded` is set to whether an entry shown is not its value exactly.
std::vector<std::pair<std::string, std::string>> decimal_inputs(
    const Case& c, bool& rounded, std::size_t max_entries = kShownEntries,
    const std::string& too_long = " values (exact values in the case file)");

// The inputs of `c` for a reader at a terminal, a line "<indent>name = value" each: as exact_inputs
// gives them, but binary64 entries in decimal, never hex (readable_decimal: exact when short, else
// the shortest text that reads back to the value), and then a line saying so when an entry shown
// is not its value exactly (the case file holds the values exactly).
std::string decimal_input_lines(const Case& c, const std::string& indent, std::size_t max_entries = kShownEntries,
                                const std::string& too_long = " values (exact values in the case file)");

// One line "name = value, ..." of the inputs, tensors longer than 4 entries abbreviated to their
// shape: for tables, where only the worst case's shape of input matters.
std::string input_summary(const Case& c);

// Where a case came from, for readers: the provenance entries that locate it ("layer 3, head 7,
// row 12"), in a fixed order, or "" when it has none of them.
std::string location_text(const std::map<std::string, std::string>& provenance);

}  // namespace nb::reports
