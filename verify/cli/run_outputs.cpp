#include "verify/cli/run_outputs.hpp"

#include <unistd.h>

#include "verify/io/errors.hpp"

namespace nb::cli {

RunOutputs::RunOutputs(std::string json, std::ostream& stdout_stream, std::ostream& stderr_stream, bool leads,
                       bool wide)
    : json_(std::move(json)),
      leads_(leads),
      err_(leads ? stderr_stream : quiet_),
      out_(!leads ? quiet_ : json_ == "-" ? stderr_stream : stdout_stream),
      stdout_(leads ? stdout_stream : quiet_),
      style_(terminal_style_of(json_ == "-" ? STDERR_FILENO : STDOUT_FILENO, wide)) {}

void RunOutputs::write_json(const ContentPieces& pieces, const std::string& what) {
  if (json_.empty() || !leads_) return;
  if (json_ == "-") {
    pieces([this](const std::string& piece) { stdout_ << piece; });
    return;
  }
  write_file_atomically(json_, pieces);
  if (!what.empty()) out_ << "\n" << styled(what + " written to " + json_ + "\n", style_);
}

void RunOutputs::write_json(const std::string& text, const std::string& what) {
  write_json([&text](const std::function<void(const std::string&)>& write) { write(text); }, what);
}

void RunOutputs::stage_report(const std::string& dir, bool force) {
  if (dir.empty()) {
    if (force) throw UsageError("--force applies to --report DIR only");
    return;
  }
  if (leads_) report_.emplace(dir, force);
}

std::string RunOutputs::report_target() const { return report_ ? report_->target().string() : std::string(); }

void RunOutputs::write_report(const std::vector<reports::ReportFile>& files) {
  if (!report_) return;
  report_->write(files);
  report_->commit();
  out_ << "\n" << styled("report written to " + report_->target().string() + "\n", style_);
}

int RunOutputs::exit_with(int status, const std::string& meaning) {
  out_ << "\nexit status " << status << " (" << meaning << ")\n";
  return status;
}

}  // namespace nb::cli
