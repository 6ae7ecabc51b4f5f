#include "verify/cli/check_command.hpp"

#include <chrono>
#include <limits>
#include <optional>
#include <sstream>

#include <unistd.h>

#include "reports/report_files.hpp"
#include "reports/report_output.hpp"
#include "verify/cli/check_summary.hpp"
#include "verify/cli/check_plan.hpp"
#include "verify/cli/check_table.hpp"
#include "verify/cli/command_line.hpp"
#include "verify/cli/progress_line.hpp"
#include "verify/cli/interrupt_signals.hpp"
#include "verify/cli/time_left.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/cli/run_outputs.hpp"
#include "verify/cli/source_options.hpp"
#include "verify/cli/terminal_style.hpp"
#include "verify/cli/exact_time_limit_option.hpp"
#include "verify/cli/report_wording_options.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/violation_files.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/outcome_spool.hpp"
#include "verify/results/results.hpp"
#include "verify/results/run.hpp"
#include "verify/results/run_on_ranks.hpp"
#include "verify/results/source_looseness.hpp"

namespace nb::cli {
namespace {

constexpr unsigned kMinPrecision = 16, kMaxPrecision = 1u << 16;

CheckOptions g_defaults;

void validate(const CheckOptions& o) {
  if (o.precision < kMinPrecision || o.precision > kMaxPrecision)
    throw UsageError("--precision must be between " + std::to_string(kMinPrecision) + " and " +
                     std::to_string(kMaxPrecision) + " bits (got " + std::to_string(o.precision) + ")");
  if (o.max_precision < o.precision || o.max_precision > kMaxPrecision)
    throw UsageError("--max-precision must be between --precision (" + std::to_string(o.precision) + ") and " +
                     std::to_string(kMaxPrecision) + " bits (got " + std::to_string(o.max_precision) + ")");
  if (o.max_sample_doublings > kMaxSampleDoublings)
    throw UsageError("--max-sample-doublings must be at most " + std::to_string(kMaxSampleDoublings) + " (got " +
                     std::to_string(o.max_sample_doublings) + ")");
  if (!(o.near_tight > 0 && o.near_tight < 1)) throw UsageError("--near-tight must be in (0, 1)");
  if (!(o.confidence > 0 && o.confidence < 1)) throw UsageError("--confidence must be in (0, 1)");
  validate_exact_time_limit(o.exact_time_limit);
  for (std::size_t N : o.top_n)
    if (N == 0) throw UsageError("--top-n sizes must be at least 1 (the top-N set is not empty)");
  const bool by_reference = !o.paper_refs.empty() || !o.fidelities.empty();
  if (o.ids.empty() && !o.all && o.case_files.empty() && o.theorem_files.empty() && !by_reference)
    throw UsageError(
        "name theorem ids, or --all, --paper-ref REF, --fidelity TAG, --case FILE or --theorem-file FILE (see "
        "'normbound list')");
  if (o.all && !o.ids.empty()) throw UsageError("give theorem ids or --all, not both");
  if (by_reference && (o.all || !o.ids.empty()))
    throw UsageError("--paper-ref and --fidelity select theorems themselves; leave out ids and --all");
}

// The command that re-runs exactly `case_file` with this run's precision settings, registering
// `theorem_files` (the --theorem-file files, or in a report their copies there).
std::string replay_command(const std::string& id, const std::string& case_file, const CheckOptions& o,
                           const std::vector<std::string>& theorem_files) {
  std::string s = "normbound check " + id + " --case " + case_file;
  s += theorem_file_arguments(theorem_files);
  if (o.precision != g_defaults.precision) s += " --precision " + std::to_string(o.precision);
  if (o.max_precision != g_defaults.max_precision) s += " --max-precision " + std::to_string(o.max_precision);
  if (o.exact_budget != g_defaults.exact_budget) s += " --exact-budget " + std::to_string(o.exact_budget);
  if (o.exact_time_limit != g_defaults.exact_time_limit) {
    std::ostringstream seconds;
    seconds << o.exact_time_limit;
    s += " --exact-time-limit " + seconds.str();
  }
  return s;
}

// The round as the help names it: "binary64 interval tier", "MPFI at 256 bits", "exact (Calcium)".
std::string round_words(DecidingRound round) {
  switch (round.tier) {
    case Tier::Binary64: return "binary64 interval tier";
    case Tier::Mpfi: return "MPFI at " + std::to_string(round.bits) + " bits";
    case Tier::Exact: return "exact (Calcium)";
  }
  return "?";
}

// Progress on stderr: the cases of the run decided so far, their share and the time left at the
// pace so far, and the theorem and deciding round of the latest (the engine decides the theorems'
// cases interleaved). Redrawn on a terminal, a plain line every few seconds elsewhere.
class DecidedCasesLine {
 public:
  DecidedCasesLine(std::ostream& err, std::size_t total)
      : line_(err, ::isatty(2) != 0 ? ProgressLine::Display::Redrawn : ProgressLine::Display::Plain),
        total_(total),
        start_(std::chrono::steady_clock::now()) {}
  void operator()(const std::string& id, DecidingRound round) {
    ++decided_;
    line_.update("  " + std::to_string(decided_) + "/" + std::to_string(total_) + " cases decided (" +
                     share_and_time_left(decided_, total_, std::chrono::steady_clock::now() - start_) +
                     "), latest " + id + " (" + round_words(round) + ")",
                 decided_ == total_);
  }

 private:
  ProgressLine line_;
  std::size_t total_, decided_ = 0;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* check = app.add_subcommand(
      "check",
      "Evaluate theorems on their default random suites (or on saved cases) and print a verdict per case.\n"
      "Examples:\n"
      "  normbound check --all\n"
      "  normbound check softmax-jacobian-spectral-as-printed --cases 500 --seed 7\n"
      "  normbound check --case cases/softmax-jacobian-spectral-as-printed-random-seed2508178-0.json\n"
      "  normbound check topn-distance-fixed --source gpt2-positions:DIR --max-tokens 64 --top-n 1,5 --vectors keys");
  check->add_option("ids", o.ids, "Theorem ids to check ('normbound list' shows them)");
  check->add_flag("--all", o.all, "Check every registered theorem");
  check->add_option("--paper-ref", o.paper_refs,
                    "Check the theorems whose source cites this part of the paper (\"Cor. 3\", \"Theorem 2\", "
                    "\"Section 3.3\", \"Fig. 4\") or holds this text (\"arXiv 2602.01893\", \"Shannon\") (repeatable)");
  check->add_option("--fidelity", o.fidelities, "Check the theorems with this fidelity tag (repeatable)")
      ->check(CLI::IsMember({"verbatim", "reconstructed", "heuristic", "extension"}));
  add_count_option(*check, "--cases", o.cases, 1, kMaxCases, "Cases per theorem in the random suite",
                   "a suite is held in memory, so run more seeds instead");
  add_count_option(*check, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                   "Seed of the random suites (printed; same seed, same results)");
  check->add_flag("--mpfi-only", o.mpfi_only,
                  "Skip the binary64 interval tier: evaluate every case in MPFI from --precision (slower; the "
                  "verdicts are the same)");
  check->add_option("--precision", o.precision,
                    "First MPFI working precision in bits (16..65536), for cases the binary64 tier leaves undecided")
      ->capture_default_str();
  check->add_option("--max-precision", o.max_precision,
                    "Precision cap in bits: undecided cases are re-evaluated at double the precision up to it")
      ->capture_default_str();
  check->add_option("--near-tight", o.near_tight,
                    "Flag a proven case as NEAR-TIGHT when its relative slack is below this")
      ->capture_default_str();
  check->add_option("--confidence", o.confidence,
                    "Confidence level of statistical verdicts, over all their looks (see --max-sample-doublings)")
      ->capture_default_str();
  check->add_option("--max-sample-doublings", o.max_sample_doublings,
                    "How often an UNDECIDED (statistical) case is evaluated again with twice the samples; the error "
                    "probability is spent over the looks")
      ->capture_default_str();
  check->add_option("--exact-budget", o.exact_budget,
                    "Work allowed to the exact (Calcium) evaluation of each case left TIGHT at the precision cap, "
                    "in units of about one operation on small numbers; 0 turns exact decisions off")
      ->capture_default_str();
  add_exact_time_limit_option(*check, o.exact_time_limit);
  check->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread); results do not depend on it")
      ->capture_default_str();
  check->add_option("--json", o.json, "Write the complete results as JSON to this file ('-': to stdout, the text then going to stderr)");
  add_source_options(*check, o.source, o.top_n);
  check->add_option("--regime", o.regime,
                    "Draw the suites in a regime instead: 'paper' (d = 64, T = 8, L = 64, 256, 1024: GPT-2's, as in "
                    "the paper); a theorem too costly there is named with the reason and not run");
  check->add_option("--case", o.case_files, "Replay a saved case file instead of the random suite (repeatable)")
      ->check(CLI::ExistingFile);
  check->add_option("--theorem-file", o.theorem_files,
                    "Add the theorem stated in this TOML file (docs/theorem-files.md) and, unless ids, --all or "
                    "--paper-ref choose, check it (repeatable; one file each: an id after it is an id)")
      ->allow_extra_args(false);
  add_cases_dir_option(*check, o.cases_dir);
  check->add_option("--report", o.report_dir,
                    "Write a report directory: report.md (with SVG figures), report.tex, results.json and the "
                    "counterexamples' case files; it appears complete or not at all, and its paths are relative "
                    "to it");
  check->add_flag("--force", o.force,
                  "Let --report write into a directory holding files normbound did not write: the report goes "
                  "beside them, and normbound never replaces or removes a file it did not write");
  check->add_flag("--appendix", o.appendix,
                  "With --report: also write report-appendix.tex, the report as a LaTeX fragment to \\input into a "
                  "paper's appendix");
  add_report_wording_options(*check, o.title, o.intro);
  add_count_option(*check, "--top", o.top, 0, kMaxTop,
                   "Cases a report lists per theorem in each listing (tightest, undecided, statistical)");
  check->add_flag("--wide", o.wide,
                  "Print the verdict table one line per theorem with every column spelt out, however narrow the "
                  "terminal (off a terminal without COLUMNS it is so anyway)");
  check->add_flag("--no-timestamp", o.no_timestamp,
                  "Record no timestamp (reports of the same run are then byte-identical; SOURCE_DATE_EPOCH fixes "
                  "the timestamp instead)");
  return check;
}

namespace {

// The files and sources the run reads, which no output may replace.
std::vector<NamedPath> check_inputs(const CheckOptions& o) {
  std::vector<NamedPath> inputs;
  for (const std::string& file : o.theorem_files) inputs.push_back({"--theorem-file", file});
  for (const std::string& file : o.case_files) inputs.push_back({"--case", file});
  if (const auto source = source_input("--source", o.source.spec)) inputs.push_back(*source);
  inputs.push_back({"--text", o.source.text_file});
  return inputs;
}

// A source's rows are streamed: the results are bounded (counts, summaries and the cases a reader
// needs), and --json gets every outcome, spooled to disk as it is decided into `spool`.
void hold_streamed_outcomes(RunPlan& plan, bool every_outcome, std::optional<OutcomeSpool>& spool) {
  if (!is_streamed(plan)) return;
  plan.held = OutcomesHeld::Bounded;
  if (!every_outcome) return;
  std::vector<std::size_t> cases_per_theorem;
  for (const TheoremCases& t : plan.theorems) cases_per_theorem.push_back(case_count(t));
  spool.emplace(cases_per_theorem);
  plan.every_outcome = [&spool](std::size_t first, const std::vector<CaseOutcome>& outcomes) { spool->add(first, outcomes); };
}

// The plan's results, on rank 0 of an MPI job (none on the others) or here, with progress on
// `err`; a streamed run stops between chunks on SIGINT, SIGTERM or SIGUSR1 (the one mpirun
// forwards to every rank) and keeps what it decided.
std::optional<RunResults> run_checks(const RunPlan& plan, const RankWorld& ranks, std::ostream& err) {
  std::size_t total_cases = 0;
  for (const TheoremCases& t : plan.theorems) total_cases += case_count(t);
  DecidedCasesLine progress(err, total_cases);
  const RunProgressFn show = [&progress](const std::string& id, std::size_t, std::size_t, DecidingRound round) {
    progress(id, round);
  };
  if (!is_streamed(plan)) return ranks.size() > 1 ? run_on_ranks(plan, ranks, show) : run(plan, show);
  const StopOnSignal stop_on_signal(ranks.leads());
  const StopFn stop = [] { return StopOnSignal::stop_requested(); };
  return ranks.size() > 1 ? run_on_ranks(plan, ranks, show, stop) : run(plan, show, stop);
}

// Saves the violations' case files (in the report, or --cases-dir) with their replay commands,
// and returns the copies of the --theorem-file files a report holds, which those commands name.
std::vector<reports::ReportFile> save_check_cases(const CheckOptions& o, RunResults& results,
                                                  const std::vector<const Theorem*>& file_theorems, bool report) {
  const CaseFilePlacement placement{o.cases_dir, report};
  std::vector<reports::ReportFile> copies;
  std::vector<std::string> replay_files = o.theorem_files;
  if (placement.in_report()) {
    copies = report_theorem_file_copies(file_theorems);
    replay_files.clear();
    for (const reports::ReportFile& copy : copies) replay_files.push_back(copy.name);
  }
  save_violation_files(results, placement, results.settings.source, o.seed, [&](const std::string& id, const std::string& file) {
    return replay_command(id, file, o, replay_files);
  });
  return copies;
}

// Writes --json and --report from the results as saved, read back: then `normbound report
// results.json` gives the same bytes as this run's report. A run that saves nothing only checks its
// results (a certified verdict beside an enclosure that decides no sign is a bug, exit 70).
void write_check_results(const CheckOptions& o, const RunResults& results, const std::optional<OutcomeSpool>& spool,
                         const std::vector<reports::ReportFile>& theorem_copies, RunOutputs& outputs) {
  if (!outputs.saves_json() && !outputs.report()) {
    check_results(results);
    return;
  }
  const RunResults saved = results_as_saved(results);
  const reports::ReportOptions report_options{o.top, o.appendix, o.title, o.intro};
  if (spool)
    outputs.write_json([&](const std::function<void(const std::string&)>& write) { spool->write_results(saved, write); });
  else if (outputs.saves_json())
    outputs.write_json(reports::report_files(saved, report_options, reports::ReportFormat::Json, o.json).at(0).content);
  if (!outputs.report()) return;
  std::vector<reports::ReportFile> files = reports::report_directory_files(saved, report_options);
  files.insert(files.end(), theorem_copies.begin(), theorem_copies.end());
  outputs.write_report(files);
}

// The exit status, said with the summary: a partial run's that of the signal that stopped it.
int check_exit_status(const RunResults& results, RunOutputs& outputs, const TerminalStyle& style) {
  const bool partial = !results.partial.empty();
  const int status = partial ? StopOnSignal::exit_status(results.partial) : exit_status(results);
  outputs.exit_with(status, partial ? results.partial + "; the results are partial" : exit_status_meaning(status));
  outputs.out() << styled(summary_line(results) + "\n", style);
  return status;
}

}  // namespace

int run_check(const CheckOptions& o, int argc, char** argv, std::ostream& stdout_stream, std::ostream& stderr_stream,
              const RankWorld& ranks) {
  validate(o);
  refuse_outputs_onto_inputs({{"--json", o.json}}, {{"--report", o.report_dir}}, check_inputs(o));
  RunOutputs outputs(o.json, stdout_stream, stderr_stream, ranks.leads(), o.wide);
  std::ostream& out = outputs.out();
  const TerminalStyle& style = outputs.style();
  CheckSelection selection = select_checked(o, outputs.saves_json() || !o.report_dir.empty());
  RunPlan plan = check_settings(o, command_line(argc, argv), outputs.err());
  outputs.stage_report(o.report_dir, o.force);
  if (o.report_dir.empty() && (o.appendix || !o.title.empty() || !o.intro.empty()))
    throw UsageError(std::string(o.appendix ? "--appendix" : !o.title.empty() ? "--title" : "--intro") +
                     " applies to --report DIR only");
  // The header before the cases are planned (reading a model's source takes a while), then what
  // the planning says (sources read, theorems skipped).
  std::ostringstream header, planned;
  print_check_header(o, plan, ranks.size(), header);
  out << styled(header.str(), style) << std::flush;
  add_checked_cases(o, selection, plan, planned);
  out << styled(planned.str(), style);
  std::optional<OutcomeSpool> spool;
  hold_streamed_outcomes(plan, outputs.saves_json(), spool);
  std::optional<RunResults> gathered = run_checks(plan, ranks, outputs.err());
  if (!gathered) return 0;  // not rank 0: its cases are in rank 0's results
  RunResults& results = *gathered;
  if (!results.partial.empty())
    out << "PARTIAL RESULTS: " << results.partial << "; what follows covers the cases decided before\n\n";
  const std::vector<reports::ReportFile> theorem_copies =
      save_check_cases(o, results, selection.file_theorems, outputs.report().has_value());
  print_verdict_table(results, out, style);
  print_flagged(results, out, o.cases_dir.empty() ? outputs.report_target() : std::string(), style);
  if (const std::string vacuous = vacuous_lines(results.looseness); !vacuous.empty()) out << "\n" << styled(vacuous, style);
  write_check_results(o, results, spool, theorem_copies, outputs);
  return check_exit_status(results, outputs, style);
}

}  // namespace nb::cli
