#include "verify/reproduce/sweep_figure_scale.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace nb::reproduce {

double AxisRange::to_axis(double v) const { return log ? std::log10(v) : v; }

bool drawable(const SweepFigure& f, double x, double y) {
  return std::isfinite(x) && std::isfinite(y) && (!f.log_x || x > 0) && (!f.log_y || y > 0);
}

std::pair<AxisRange, AxisRange> figure_ranges(const SweepFigure& f) {
  AxisRange X{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), f.log_x};
  AxisRange Y{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(), f.log_y};
  const auto cover = [](AxisRange& r, double v) {
    r.lo = std::min(r.lo, r.to_axis(v));
    r.hi = std::max(r.hi, r.to_axis(v));
  };
  for (const auto& s : f.series)
    for (std::size_t k = 0; k < s.x.size() && k < s.y.size(); ++k)
      if (drawable(f, s.x[k], s.y[k])) cover(X, s.x[k]), cover(Y, s.y[k]);
  for (const auto& b : f.boxes)
    for (double v : {b.min, b.max})
      if (drawable(f, b.x, v)) cover(X, b.x), cover(Y, v);
  for (double v : f.vertical_lines)
    if (drawable(f, v, 1)) cover(X, v);
  for (AxisRange* r : {&X, &Y}) {
    if (!(r->lo <= r->hi)) r->lo = 0, r->hi = 1;
    if (r->hi - r->lo < 1e-12) r->lo -= 0.5, r->hi += 0.5;
    const double pad = 0.04 * (r->hi - r->lo);
    r->lo -= pad;
    r->hi += pad;
  }
  return {X, Y};
}

std::vector<double> axis_ticks(const AxisRange& r) {
  std::vector<double> ticks;
  if (r.log) {
    const int first = static_cast<int>(std::ceil(r.lo)), last = static_cast<int>(std::floor(r.hi));
    const int step = last - first > 8 ? 2 : 1;
    for (int k = first; k <= last; k += step) ticks.push_back(k);
    if (!ticks.empty()) return ticks;
  }
  for (int k = 0; k < 5; ++k) ticks.push_back(r.lo + (r.hi - r.lo) * (k + 0.5) / 5);
  return ticks;
}

}  // namespace nb::reproduce
