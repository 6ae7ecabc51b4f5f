#pragma once
// The report document as a standalone LaTeX article for pdflatex with Debian's TeX Live
// (texlive-latex-base, -latex-recommended, -pictures): booktabs tables that break across pages
// (longtable), statements in amsmath display math, figures drawn by pgfplots from the same data as
// the SVG files.
#include <string>

#include "reports/report_document.hpp"

namespace nb::reports {

// The complete .tex document. Every label it references is defined in it (all start with "nb:"),
// and all text except the theorems' LaTeX statements is escaped (latex_escape.hpp).
std::string latex_report(const Document& document);

// The same sections as a fragment for \input into another document (an appendix): no preamble, no
// title; a comment lists the packages it needs (latex_packages()), and its definitions stay in a
// group.
std::string latex_appendix(const Document& document);

// The \usepackage lines both need.
std::string latex_packages();

}  // namespace nb::reports
