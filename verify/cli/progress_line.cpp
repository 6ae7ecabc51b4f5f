#include "verify/cli/progress_line.hpp"

#include <unistd.h>

#include <utility>

#include "verify/cli/output_width.hpp"

namespace nb::cli {
namespace {

// "Erase in line" from the cursor to the end: what a shorter line leaves of a longer one.
constexpr const char* kClearToEndOfLine = "\x1b[K";

// The first code points of `line` that take at most `width` columns.
std::string cut_to(const std::string& line, std::size_t width) {
  std::size_t taken = 0, end = 0;
  for (; end < line.size(); ++end)
    if ((static_cast<unsigned char>(line[end]) & 0xC0) != 0x80 && ++taken > width) break;
  return line.substr(0, end);
}

}  // namespace

ProgressLine::ProgressLine(std::ostream& out, Display display, std::size_t width, Clock now)
    : out_(out), display_(display), now_(std::move(now)), width_(width), start_(now_()) {}

ProgressLine::ProgressLine(std::ostream& out, Display display, Clock now)
    : ProgressLine(out, display, output_width_of(STDERR_FILENO).value_or(80), std::move(now)) {}

ProgressLine::ProgressLine(std::ostream& out, bool terminal, Clock now)
    : ProgressLine(out, terminal ? Display::Redrawn : Display::None, std::move(now)) {}

void ProgressLine::update(const std::string& line, bool final) {
  if (display_ == Display::None) return;
  const auto now = now_();
  if (display_ == Display::Plain) {
    const bool due = now - start_ >= kPlainInterval && (!shown_ || now - drawn_at_ >= kPlainInterval);
    if (!due && !(final && shown_)) return;
    out_ << line << "\n" << std::flush;
    shown_ = true;
    drawn_at_ = now;
    return;
  }
  if (now - start_ < kQuiet) return;
  if (shown_ && !final && now - drawn_at_ < kRedrawInterval) return;
  out_ << "\r" << cut_to(line, width_ > 1 ? width_ - 1 : 1) << kClearToEndOfLine << std::flush;
  shown_ = true;
  drawn_at_ = now;
}

ProgressLine::~ProgressLine() {
  if (display_ == Display::Redrawn && shown_) out_ << "\r" << kClearToEndOfLine << std::flush;
}

}  // namespace nb::cli
