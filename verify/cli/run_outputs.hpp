#pragma once
// Where a run's text and results go, for check, reproduce, search and prove alike. In an MPI job
// only the lead rank writes: the text of the others goes nowhere. `--json -` takes standard output
// for the results alone, so that they can be piped, and the text then goes to standard error.
// A report directory is staged before the run, so that an unwritable place fails before the work.
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "reports/report_output.hpp"
#include "verify/cli/terminal_style.hpp"
#include "verify/io/atomic_file.hpp"

namespace nb::cli {

class RunOutputs {
 public:
  // `json` is the --json option ("" for none, "-" for standard output); `leads` whether this
  // process is the lead rank of the job (or the only process); `wide` the --wide flag.
  RunOutputs(std::string json, std::ostream& stdout_stream, std::ostream& stderr_stream, bool leads,
             bool wide = false);
  RunOutputs(const RunOutputs&) = delete;
  RunOutputs& operator=(const RunOutputs&) = delete;

  // The run's text: standard output, or standard error with --json -.
  std::ostream& out() { return out_; }
  // Progress, notes and warnings: standard error.
  std::ostream& err() { return err_; }
  // How text for out() is fitted and coloured: the terminal_style_of the descriptor it writes to
  // (standard error with --json -), its width left out with --wide.
  const TerminalStyle& style() const { return style_; }
  // Whether this process writes anything (the lead rank).
  bool leads() const { return leads_; }
  // Whether the results are written as JSON (--json FILE or --json -).
  bool saves_json() const { return !json_.empty(); }

  // Writes the JSON the pieces make to standard output (--json -) or atomically to the --json
  // file, then says "<what> written to FILE" on out() (fitted to style()) unless `what` is "".
  // Nothing without --json.
  void write_json(const ContentPieces& pieces, const std::string& what = "results");
  void write_json(const std::string& text, const std::string& what = "results");

  // Stages the --report directory `dir` (on the lead rank; "" for none). `force` without a
  // directory is a usage error.
  void stage_report(const std::string& dir, bool force);
  // The staged report directory, if any.
  const std::optional<reports::StagedDirectory>& report() const { return report_; }
  // Where the report goes ("" without one): what printed case paths are relative to.
  std::string report_target() const;
  // Writes `files` into the staged report, puts it in place and says so on out().
  void write_report(const std::vector<reports::ReportFile>& files);

  // Says "exit status S (meaning)" on out() and returns S.
  int exit_with(int status, const std::string& meaning);

 private:
  std::string json_;
  bool leads_;
  std::ostream quiet_{nullptr};  // a stream without a buffer: what the other ranks write
  std::ostream& err_;
  std::ostream& out_;
  std::ostream& stdout_;
  TerminalStyle style_;
  std::optional<reports::StagedDirectory> report_;
};

}  // namespace nb::cli
