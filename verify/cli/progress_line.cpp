#include "verify/cli/progress_line.hpp"

#include <utility>

namespace nb::cli {

ProgressLine::ProgressLine(std::ostream& out, bool terminal, Clock now)
    : out_(out), terminal_(terminal), now_(std::move(now)), start_(now_()) {}

void ProgressLine::update(const std::string& line, bool final) {
  if (!terminal_) return;
  const auto now = now_();
  if (now - start_ < kQuiet) return;
  if (shown_ > 0 && !final && now - drawn_at_ < kRedrawInterval) return;
  out_ << "\r" << line << std::string(line.size() < shown_ ? shown_ - line.size() : 0, ' ') << std::flush;
  shown_ = line.size();
  drawn_at_ = now;
}

ProgressLine::~ProgressLine() {
  if (shown_ > 0) out_ << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
}

}  // namespace nb::cli
