#include "reports/figure_data.hpp"

#include "reports/jacobian_figure.hpp"
#include "reports/layer_head_heatmaps.hpp"
#include "reports/sensitivity_figure.hpp"
#include "reports/slack_strip_figure.hpp"

namespace nb::reports {

std::vector<Figure> figures_of(const RunResults& results) {
  std::vector<Figure> figures;
  for (const TheoremResult& t : results.theorems)
    for (auto make : {slack_strip_figure, jacobian_figure, sensitivity_figure, smallest_slack_heatmap, ratio_heatmap})
      if (auto f = make(t, results.settings)) figures.push_back(std::move(*f));
  return figures;
}

}  // namespace nb::reports
