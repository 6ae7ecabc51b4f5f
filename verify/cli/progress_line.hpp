#pragma once
// A line of progress: on a terminal redrawn in place, at most ten times a second (a run decides
// thousands of cases a second, and a redraw for each wrote megabytes to the terminal); elsewhere
// (a pipe, a log file) a plain line every few seconds, so that a log shows a long run advancing
// without filling up. A redrawn line is cut to the terminal's width less one column (a line that
// fills the last column wraps on some terminals, and the next redraw then leaves it behind), and
// each redraw clears to the end of the line.
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
  static constexpr std::chrono::milliseconds kPlainInterval{5000};  // a plain line at most this often

  // How the line shows: not at all, redrawn in place (a terminal), or as plain lines.
  enum class Display { None, Redrawn, Plain };

  // A redrawn line fits standard error's width (output_width_of, 80 when it has none).
  ProgressLine(std::ostream& out, Display display, Clock now = std::chrono::steady_clock::now);
  // A redrawn line fits `width` columns.
  ProgressLine(std::ostream& out, Display display, std::size_t width, Clock now);
  // Redrawn when `terminal`, otherwise not shown.
  ProgressLine(std::ostream& out, bool terminal, Clock now = std::chrono::steady_clock::now);
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  // Shows `line`: redrawn in place of the one shown unless the last redraw is more recent than
  // kRedrawInterval, a `final` line (the run's last state) always, after kQuiet; as a plain line
  // once kPlainInterval has passed since the start and since the last, a `final` one only after
  // an earlier one.
  void update(const std::string& line, bool final);
  // Clears a redrawn line, so that what follows starts on a clean line.
  ~ProgressLine();

 private:
  std::ostream& out_;
  Display display_;
  Clock now_;
  std::size_t width_;
  std::chrono::steady_clock::time_point start_, drawn_at_;
  bool shown_ = false;  // whether a line was shown
};

}  // namespace nb::cli
