#pragma once
// A theorem's `statement` is LaTeX math that reports typeset as written, and it comes from input
// files (a theorem file, a results file): only math passes. docs/theorem-files.md lists what.
#include <string>

namespace nb::reports {

// `statement` with every control word outside a whitelist of math commands (symbols, operators,
// fonts, accents, delimiters, spacing; none that reads or writes files, defines commands or
// changes category codes: \input, \write18, \catcode, \def, \begin ...) shown as its name
// (\backslash\mathtt{input}); % # & $ escaped; a second ^ of TeX's ^^ character notation set as
// \wedge; braces balanced (an unmatched } escaped, missing } added at the end); line breaks and
// tabs as spaces, other control characters left out. Math that uses only whitelisted commands is
// unchanged.
std::string statement_math(const std::string& statement);

}  // namespace nb::reports
