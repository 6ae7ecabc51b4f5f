#pragma once
// A line of progress redrawn in place on a terminal. Redrawn at most ten times a second: a run
// decides thousands of cases a second, and a redraw for each wrote megabytes to the terminal.
#include <chrono>
#include <cstddef>
#include <functional>
#include <ostream>
#include <string>

namespace nb::cli {

class ProgressLine {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  static constexpr std::chrono::milliseconds kQuiet{1000};          // no line for runs shorter than this
  static constexpr std::chrono::milliseconds kRedrawInterval{100};  // at most ten redraws a second

  // Draws on `out` only when `terminal`; `now` reads the time (a test's clock in unit tests).
  ProgressLine(std::ostream& out, bool terminal, Clock now = std::chrono::steady_clock::now);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // Shows `line` in place of the one shown, unless the last redraw is more recent than
  // kRedrawInterval; a `final` line (the run's last state) is always shown, after kQuiet.
  void update(const std::string& line, bool final);
  // Clears the line, so that what follows starts on a clean line.
  ~ProgressLine();

 private:
  std::ostream& out_;
  bool terminal_;
  Clock now_;
  std::chrono::steady_clock::time_point start_, drawn_at_;
  std::size_t shown_ = 0;  // length of the line on screen
};

}  // namespace nb::cli
