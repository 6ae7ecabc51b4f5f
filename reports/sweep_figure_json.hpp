#pragma once
// A reproduction's figure as JSON and back, so that a report re-rendered from the saved
// reproduction draws it as the run did. Numbers are kept as shortest_number_text.
#include <nlohmann/json.hpp>

#include "reports/sweep_figure.hpp"

namespace nb::reports {

nlohmann::json sweep_figure_json(const SweepFigure& figure);

// The figure sweep_figure_json wrote; throws InputError naming the figure and what is wrong.
SweepFigure sweep_figure_from_json(const nlohmann::json& j);

}  // namespace nb::reports
