#include "reports/sweep_figure_scale.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "reports/figure_axes.hpp"

namespace nb::reports {

// At most this many ticks on a linear axis (its labels fit the SVG's 390-pixel plot width).
constexpr std::size_t kLinearTicks = 7;

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
    if (ticks.size() >= 2) return ticks;
    // Less than two decades: 1, 2 and 5 times the powers of ten in range.
    ticks.clear();
    for (int k = static_cast<int>(std::floor(r.lo)); k <= last; ++k)
      for (double m : {1.0, 2.0, 5.0})
        if (const double t = k + std::log10(m); t >= r.lo && t <= r.hi) ticks.push_back(t);
    if (ticks.size() >= 2) return ticks;
    // Less than that: round values, at their logarithms.
    ticks.clear();
    const double lo = std::pow(10.0, r.lo), hi = std::pow(10.0, r.hi);
    for (double v : reports::multiples_in(reports::nice_step(lo, hi, kLinearTicks), lo, hi)) ticks.push_back(std::log10(v));
    return ticks;
  }
  return reports::multiples_in(reports::nice_step(r.lo, r.hi, kLinearTicks), r.lo, r.hi);
}

}  // namespace nb::reports
