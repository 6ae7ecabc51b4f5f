#pragma once
// A figure of a reproduction, drawn like the paper's Figs. 2-4: curves against a grid (either
// axis logarithmic), box plots over heads at each grid point, and reference lines.
#include <string>
#include <vector>

namespace nb::reports {

struct SweepSeries {
  std::string name;           // legend entry
  std::vector<double> x, y;   // same length; non-finite or (on a log axis) non-positive points are left out
  bool dashed = false;
};

// A box plot at grid position x: quartiles, median and whiskers (min, max) of values over heads.
struct SweepBox {
  double x;
  double min, lower_quartile, median, upper_quartile, max;
};

struct SweepFigure {
  std::string name;  // file stem: "fig2a", ...
  std::string title, x_label, y_label;
  bool log_x = false, log_y = false;
  std::vector<SweepSeries> series;
  std::vector<SweepBox> boxes;
  std::vector<double> vertical_lines;  // e.g. the critical N
};

}  // namespace nb::reports
