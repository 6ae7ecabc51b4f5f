#include "verify/cli/check_command.hpp"

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <unistd.h>

#include "models/sources/theorem_source_cases.hpp"
#include "reports/report_files.hpp"
#include "reports/report_output.hpp"
#include "verify/io/atomic_file.hpp"
#include "theorems/pinned_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/cli/check_summary.hpp"
#include "verify/cli/check_table.hpp"
#include "verify/cli/command_line.hpp"
#include "verify/cli/paper_reference.hpp"
#include "verify/cli/progress_line.hpp"
#include "verify/cli/interrupt_signals.hpp"
#include "verify/cli/time_left.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/input_sources.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/cli/source_options.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/exact_time_limit_option.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/cli/theorem_lookup.hpp"
#include "verify/cli/violation_files.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"
#include "verify/results/outcome_spool.hpp"
#include "verify/results/results.hpp"
#include "verify/results/run.hpp"
#include "verify/results/run_on_ranks.hpp"
#include "verify/results/source_looseness.hpp"
#include "verify/engine/suite_regime.hpp"
#include "verify/results/version.hpp"

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
                    "Check the theorems whose source cites this part of the paper: \"Cor. 3\", \"Theorem 2\", "
                    "\"Lemma 1\", \"Section 3.3\", \"Fig. 4\" (repeatable)");
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

int run_check(const CheckOptions& o, int argc, char** argv, std::ostream& stdout_stream, std::ostream& stderr_stream,
              const RankWorld& ranks) {
  validate(o);
  std::vector<NamedPath> inputs;
  for (const std::string& file : o.theorem_files) inputs.push_back({"--theorem-file", file});
  for (const std::string& file : o.case_files) inputs.push_back({"--case", file});
  if (const auto source = source_input("--source", o.source.spec)) inputs.push_back(*source);
  inputs.push_back({"--text", o.source.text_file});
  refuse_outputs_onto_inputs({{"--json", o.json}}, {{"--report", o.report_dir}}, inputs);
  // The other ranks of an MPI job only evaluate: their text goes nowhere (a stream without a buffer).
  std::ostream quiet(nullptr);
  std::ostream& err = ranks.leads() ? stderr_stream : quiet;
  // With --json - the results alone go to stdout, so that they can be piped; the text to stderr.
  const bool json_to_stdout = o.json == "-";
  std::ostream& out = !ranks.leads() ? quiet : json_to_stdout ? err : stdout_stream;
  const TerminalStyle style = terminal_style_of(json_to_stdout ? STDERR_FILENO : STDOUT_FILENO, o.wide);

  // Which theorems, on which cases.
  std::vector<const Theorem*> selected;
  const std::vector<const Theorem*> file_theorems = add_theorem_files(o.theorem_files);
  for (const Theorem* t : file_theorems)
    if (o.ids.empty() && !o.all && o.case_files.empty() && o.paper_refs.empty() && o.fidelities.empty())
      selected.push_back(t);
  std::map<std::string, std::vector<Case>> replayed;
  std::map<std::string, CaseList> from_source;  // built when asked, a chunk at a time
  for (const auto& id : o.ids) selected.push_back(&theorem_or_usage_error(id));
  if (o.all)
    for (const auto& t : theorems::all()) selected.push_back(t.get());
  if (!o.paper_refs.empty() || !o.fidelities.empty()) {
    selected = theorems_citing(o.paper_refs, o.fidelities);
    if (selected.empty())
      throw UsageError("no registered theorem matches --paper-ref/--fidelity (see 'normbound list' for sources and tags)");
  }
  // The SHA-256 of the bytes read, in the order of o.case_files: only saved results record it,
  // so a run that saves none does not compute it (it costs about as much as reading the numbers).
  const bool results_saved = json_to_stdout || !o.json.empty() || !o.report_dir.empty();
  std::vector<std::string> case_file_sha256;
  for (const auto& file : o.case_files) {
    std::string& sha256 = case_file_sha256.emplace_back();
    Case c = results_saved ? read_case_file(file, sha256) : read_case_file(file);
    const Theorem& t = theorem_or_usage_error(c.theorem);
    if (!o.ids.empty() && std::find(o.ids.begin(), o.ids.end(), c.theorem) == o.ids.end())
      throw UsageError("case file '" + file + "' is for theorem '" + c.theorem + "', which was not named");
    // Checked here too (the engine checks every case again) so that the error names the file.
    try {
      t.check_assumptions(c);
    } catch (const InputError& e) {
      throw InputError("case file '" + file + "': " + e.what());
    }
    if (o.ids.empty() && !o.all && replayed.find(c.theorem) == replayed.end()) selected.push_back(&t);
    replayed[c.theorem].push_back(std::move(c));
  }

  const SuiteRegime* regime = o.regime.empty() ? nullptr : &regime_named(o.regime);
  if (regime && (o.source.spec != "random" || !o.case_files.empty()))
    throw UsageError("--regime draws the random suites: give it without --source and --case");

  RunPlan plan;
  CheckSettings& settings = plan.settings;
  settings.binary64_tier = !o.mpfi_only;
  settings.precision = o.precision;
  settings.max_precision = o.max_precision;
  settings.max_sample_doublings = o.max_sample_doublings;
  settings.policy.near_tight = o.near_tight;
  settings.confidence = o.confidence;
  settings.seed = o.seed;
  settings.exact.units = o.exact_budget;
  settings.exact_time_limit = o.exact_time_limit;
  settings.threads = worker_threads(o.threads, err);
  plan.record.command_line = command_line(argc, argv);
  plan.record.timestamp = timestamp(o.no_timestamp);
  plan.record.cases_per_theorem = o.cases;
  plan.record.source = o.source.spec != "random" ? recorded_spec(o.source.spec) : o.case_files.empty() ? "random" : "case-file";

  // The report directory is staged before the run, so an unwritable location fails before the work.
  std::optional<reports::StagedDirectory> report;
  if (!o.report_dir.empty()) {
    if (ranks.leads()) report.emplace(o.report_dir, o.force);  // the other ranks write nothing
  } else if (o.force || o.appendix) throw UsageError(std::string(o.force ? "--force" : "--appendix") + " applies to --report DIR only");
  const CaseFilePlacement placement{o.cases_dir, report.has_value()};

  std::ostringstream header;
  header << "normbound " << kVersion << ": seed " << o.seed << ", " << (o.mpfi_only ? "" : "binary64 intervals, then ")
      << "MPFI from " << o.precision << " to " << o.max_precision << " bits, near-tight below " << o.near_tight << ", "
      << (o.source.spec != "random" ? "cases from --source"
          : o.case_files.empty()    ? std::to_string(o.cases) + (regime ? " cases per theorem in the " + regime->name + " regime"
                                                                 : " random cases per theorem besides its pinned and regime ones")
                                    : std::to_string(o.case_files.size()) + " saved case(s)")
      << ", " << settings.threads << " thread(s)"
      << (ranks.size() > 1 ? " on each of " + std::to_string(ranks.size()) + " MPI ranks" : "") << "\n\n";
  if (regime) header << regime->name << " regime: " << regime->description << "\n";
  out << styled(header.str(), style);

  for (std::size_t i = 0; i < o.case_files.size(); ++i)
    plan.record.sources.push_back(case_file_source(o.case_files[i], case_file_sha256[i]));
  // A model or file source replaces the random suites of every theorem that can read it.
  const CaseOrigin origin = o.source.spec != "random" ? CaseOrigin::External : CaseOrigin::SuiteOrSaved;
  if (o.source.spec != "random") {
    if (!o.case_files.empty()) throw UsageError("give --source or --case, not both");
    const sources::ModelCases model = sources::load_source(o.source);
    std::vector<std::size_t> top_n = o.top_n;
    std::sort(top_n.begin(), top_n.end());
    top_n.erase(std::unique(top_n.begin(), top_n.end()), top_n.end());
    for (const auto& file : model.input_files) {
      const auto read = model.input_sha256.find(file);
      plan.record.sources.push_back({o.source.spec.substr(0, o.source.spec.find(':')), recorded_path(file),
                                     read != model.input_sha256.end() ? read->second : file_sha256(file),
                                     {{"description", model.description}}});
    }
    out << "source: " << model.description << "\n\n";
    std::vector<const Theorem*> runnable;
    for (const Theorem* t : selected) {
      std::string why_not;
      if (auto cases = sources::theorem_source_cases(*t, model, top_n, why_not)) {
        if (cases->rows_too_short > 0)
          out << "note: " << t->info().id << ": " << cases->rows_too_short
              << " (row, N) pair(s) left out, the row having L <= N tokens\n";
        from_source[t->info().id] = std::move(cases->cases);
        runnable.push_back(t);
      } else if (!o.ids.empty()) {  // named by id: a usage error; chosen by --all or --paper-ref: skipped
        throw UsageError(why_not);
      } else {
        out << "skipped: " << why_not << "\n";
      }
    }
    selected = std::move(runnable);
  }
  std::set<std::string> generators;  // of the random suites run
  bool random_suites = false;
  std::size_t pinned = 0;
  for (const Theorem* t : selected) {
    if (auto built = from_source.find(t->info().id); built != from_source.end()) {
      plan.theorems.push_back({t, {}, origin, std::move(built->second)});
      continue;
    }
    auto it = replayed.find(t->info().id);
    if (it != replayed.end()) {
      plan.theorems.push_back({t, std::move(it->second), origin});
      continue;
    }
    // In a regime: its cases instead of the suite, judged as cases from outside the suite (a
    // theorem expected to fail need not fail there).
    if (regime) {
      const RegimeShapes shapes = regime_shapes(t->info(), *regime);
      if (shapes.shapes.empty() && !o.ids.empty())
        throw UsageError(t->info().id + " is not run in the " + regime->name + " regime: " + shapes.note);
      if (!shapes.note.empty()) out << regime->name << " regime: " << t->info().id << ": " << shapes.note << "\n";
      if (shapes.shapes.empty()) continue;
      plan.theorems.push_back({t, regime_cases(*t, *regime, o.seed, o.cases), CaseOrigin::External});
      random_suites = true;
      collect_generators(plan.theorems.back().cases, generators);
      continue;
    }
    // The theorem's pinned cases (tests/cases, then its witnesses) first, then its suite.
    plan.theorems.push_back(suite_cases(*t, o.seed, o.cases));
    std::vector<Case> cases = theorems::pinned_cases_of(t->info().id);
    cases.insert(cases.end(), t->info().witnesses.begin(), t->info().witnesses.end());
    pinned += cases.size();
    cases.insert(cases.end(), plan.theorems.back().cases.begin(), plan.theorems.back().cases.end());
    plan.theorems.back().cases = std::move(cases);
    random_suites = true;
    collect_generators(plan.theorems.back().cases, generators);
  }
  if (random_suites)
    plan.record.sources.insert(plan.record.sources.begin(), random_suite_source(o.seed, o.cases, generators));
  if (regime) {
    plan.record.sources.front().parameters["regime"] = regime->name;
    out << "\n";
  }
  std::vector<const Theorem*> run_theorems;
  for (const TheoremCases& t : plan.theorems) run_theorems.push_back(t.theorem);
  for (InputSource& file : theorem_file_sources(run_theorems)) plan.record.sources.push_back(std::move(file));
  if (pinned > 0) {
    plan.record.sources.insert(plan.record.sources.begin(),
                               {"pinned", "tests/cases", "", {{"cases", std::to_string(pinned)}}});
    out << styled(std::to_string(pinned) + " pinned case(s) from tests/cases and the theorem files' witnesses replayed "
                  "before the suites\n\n", style);
  }

  std::size_t total_cases = 0;
  std::vector<std::size_t> cases_per_theorem;
  for (const TheoremCases& t : plan.theorems) {
    total_cases += case_count(t);
    cases_per_theorem.push_back(case_count(t));
  }
  // A source's rows are streamed: the results are bounded (counts, summaries and the cases a
  // reader needs), and --json gets every outcome, spooled to disk as it is decided.
  std::optional<OutcomeSpool> every_outcome;
  if (is_streamed(plan)) {
    plan.held = OutcomesHeld::Bounded;
    if (!o.json.empty()) {
      every_outcome.emplace(cases_per_theorem);
      plan.every_outcome = [&](std::size_t first, const std::vector<CaseOutcome>& outcomes) {
        every_outcome->add(first, outcomes);
      };
    }
  }
  std::optional<DecidedCasesLine> progress(std::in_place, err, total_cases);
  const RunProgressFn show = [&](const std::string& id, std::size_t, std::size_t, DecidingRound round) {
    (*progress)(id, round);
  };
  std::optional<RunResults> gathered;
  if (ranks.size() > 1) {
    gathered = run_on_ranks(plan, ranks, show);
  } else if (is_streamed(plan)) {
    // A streamed run stops between chunks on SIGINT or SIGTERM and keeps what it decided.
    const StopOnSignal stop_on_signal;
    gathered = run(plan, show, [] { return StopOnSignal::stop_requested(); });
  } else {
    gathered = run(plan, show);
  }
  progress.reset();
  if (!gathered) return 0;  // not rank 0: its cases are in rank 0's results
  RunResults& results = *gathered;
  if (!results.partial.empty())
    out << "PARTIAL RESULTS: " << results.partial << "; what follows covers the cases decided before\n\n";
  // A report holds copies of the --theorem-file files, which its replay commands name relative to
  // it: they replay from the report, wherever it is moved.
  const std::vector<reports::ReportFile> theorem_copies =
      placement.in_report() ? report_theorem_file_copies(file_theorems) : std::vector<reports::ReportFile>{};
  std::vector<std::string> replay_theorem_files = o.theorem_files;
  if (placement.in_report()) {
    replay_theorem_files.clear();
    for (const reports::ReportFile& copy : theorem_copies) replay_theorem_files.push_back(copy.name);
  }
  save_violation_files(results, placement, plan.record.source, o.seed, [&](const std::string& id, const std::string& file) {
    return replay_command(id, file, o, replay_theorem_files);
  });

  print_verdict_table(results, out, style);
  print_flagged(results, out, placement.in_report() ? report->target().string() : std::string(), style);
  // On a source's cases: how loose each bound is there, a part of the results.
  if (origin == CaseOrigin::External || regime) {
    results.looseness = looseness_of(results);
    if (const std::string vacuous = vacuous_lines(results.looseness); !vacuous.empty()) out << "\n" << terminal_safe(vacuous);
  }
  // Reports render the results as saved, read back: then `normbound report results.json` gives
  // the same bytes as this run's report. A run that saves nothing only checks its results (a
  // certified verdict beside an enclosure that decides no sign is a bug, exit 70, not a verdict).
  std::optional<RunResults> saved;
  if (results_saved) saved = results_as_saved(results);
  else check_results(results);
  const reports::ReportOptions report_options{o.top, o.appendix};
  if (every_outcome && json_to_stdout) {
    every_outcome->write_results(*saved, [&](const std::string& piece) { stdout_stream << piece; });
  } else if (every_outcome) {
    write_file_atomically(o.json, [&](const std::function<void(const std::string&)>& write) {
      every_outcome->write_results(*saved, write);
    });
    out << "\nresults written to " << o.json << "\n";
  } else if (json_to_stdout) {
    stdout_stream << reports::report_files(*saved, report_options, reports::ReportFormat::Json, "-").at(0).content;
  } else if (!o.json.empty()) {
    write_file_atomically(o.json,
                          reports::report_files(*saved, report_options, reports::ReportFormat::Json, o.json).at(0).content);
    out << "\nresults written to " << o.json << "\n";
  }
  if (report) {
    std::vector<reports::ReportFile> files = reports::report_directory_files(*saved, report_options);
    files.insert(files.end(), theorem_copies.begin(), theorem_copies.end());
    report->write(files);
    report->commit();
    out << "\nreport written to " << report->target().string() << "\n";
  }
  if (!results.partial.empty()) {
    const int status = StopOnSignal::exit_status();
    out << "\nexit status " << status << " (" << results.partial << "; the results are partial)\n"
        << styled(summary_line(results), style);
    return status;
  }
  const int status = exit_status(results);
  out << "\nexit status " << status << " (" << exit_status_meaning(status) << ")\n"
      << styled(summary_line(results), style);
  return status;
}

}  // namespace nb::cli
