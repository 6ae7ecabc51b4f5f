#include "verify/cli/progress_line.hpp"

#include <utility>

namespace nb::cli {

ProgressLine::ProgressLine(std::ostream& out, Display display, Clock now)
    : out_(out), display_(display), now_(std::move(now)), start_(now_()) {}

ProgressLine::ProgressLine(std::ostream& out, bool terminal, Clock now)
    : ProgressLine(out, terminal ? Display::Redrawn : Display::None, std::move(now)) {}

void ProgressLine::update(const std::string& line, bool final) {
  if (display_ == Display::None) return;
  const auto now = now_();
  if (display_ == Display::Plain) {
    const bool due = now - start_ >= kPlainInterval && (shown_ == 0 || now - drawn_at_ >= kPlainInterval);
    if (!due && !(final && shown_ > 0)) return;
    out_ << line << "\n" << std::flush;
    shown_ = line.size();
    drawn_at_ = now;
    return;
  }
  if (now - start_ < kQuiet) return;
  if (shown_ > 0 && !final && now - drawn_at_ < kRedrawInterval) return;
  out_ << "\r" << line << std::string(line.size() < shown_ ? shown_ - line.size() : 0, ' ') << std::flush;
  shown_ = line.size();
  drawn_at_ = now;
}

ProgressLine::~ProgressLine() {
  if (display_ == Display::Redrawn && shown_ > 0) out_ << "\r" << std::string(shown_, ' ') << "\r" << std::flush;
}

}  // namespace nb::cli
