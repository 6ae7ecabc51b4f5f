#pragma once
// SweepFigure as a LaTeX file holding one pgfplots tikzpicture (loglog/semilog axes, one
// \addplot per series, boxes drawn as rectangles and whiskers), to \input into a document whose
// preamble loads pgfplots.
#include <string>

#include "reports/sweep_figure.hpp"

namespace nb::reports {

std::string sweep_figure_pgfplots(const SweepFigure& figure);

}  // namespace nb::reports
