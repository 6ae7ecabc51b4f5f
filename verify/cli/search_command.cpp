#include "verify/cli/search_command.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

#include "reports/case_text.hpp"
#include "reports/decimal_text.hpp"
#include "reports/report_files.hpp"
#include "reports/report_output.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/cli/run_outputs.hpp"
#include "verify/io/atomic_file.hpp"
#include "verify/search/search_record.hpp"
#include "theorems/pinned_cases.hpp"
#include "verify/search/tightness.hpp"
#include "verify/cli/check_table.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/exact_time_limit_option.hpp"
#include "verify/cli/command_line.hpp"
#include "verify/cli/terminal_style.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/cli/theorem_lookup.hpp"
#include "verify/cli/violation_files.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/run.hpp"
#include "verify/engine/slack.hpp"
#include "verify/results/version.hpp"

namespace nb::cli {
namespace {

constexpr std::uint64_t kMaxBudget = 100'000'000;


void print_search(const search::SearchedTheorem& s, std::ostream& out) {
  const search::TheoremSearch& t = s.search;
  const search::SearchRestart& best = t.restarts.at(t.best_restart);
  out << t.theorem->info().id << ": " << t.restarts.size() << " restart(s) from its suite, " << t.evaluations
      << " binary64 evaluations\n"
      << "  best ratio " << decimal_near(Mpfr(search::tightness_ratio(best.minimum.value)), 6) << " on '"
      << best.claim << "', restart " << t.best_restart << " from '" << best.start.label << "' (ratio "
      << decimal_near(Mpfr(search::tightness_ratio(best.start_relative_slack)), 6) << " there)\n";
  if (t.shrunk)
    out << "  " << (t.violation ? "shrunk" : "simplified") << " in " << t.shrink.steps << " step(s) ("
        << t.shrink.attempts << " candidates tried); shown first: '" << t.certified_cases.front().label << "'\n";
  out << "  frontier: " << s.frontier.text << "\n";
}

// For a theorem that held at every point certified: the tightest of them, its inputs exactly and
// its certified relative slack, so that how close the search came can be read and replayed.
void print_tightest_point(const TheoremResult& r, std::ostream& out) {
  if (!r.violations.empty() || !r.worst_case) return;
  const CaseOutcome& o = r.worst_case->outcome;
  out << "\n" << r.info.id << ": no counterexample; the tightest point certified:\n"
      << "  case " << o.index << " (" << o.label << "), " << verdict_name(o.verdict) << "\n";
  // A point that holds is not saved as a case file, so a long tensor is only named by its shape.
  out << reports::decimal_input_lines(r.worst_case->input, "    ", reports::kShownEntries, " values (too many to show)");
  out << "  claim            " << o.claim << "\n"
      << "  relative slack   in " << reports::full_enclosure(o.relative_slack) << "\n";
}

}  // namespace

CLI::App* add_search_command(CLI::App& app, SearchOptions& o) {
  CLI::App* search = app.add_subcommand(
      "search",
      "Search a theorem's free inputs for its tightest case or a counterexample (NLopt, from its suite's cases),\n"
      "certify what is found like any case, and shrink a certified violation.\n"
      "Examples:\n"
      "  normbound search softmax-jacobian-spectral-as-printed --budget 2000\n"
      "  normbound search softmax-weight-bounds --shape L=16,d=4 --json search.json");
  search->add_option("ids", o.ids, "Theorem ids to search ('normbound list' shows them)")->required();
  add_count_option(*search, "--budget", o.budget, 1, kMaxBudget,
                   "Binary64 evaluations per theorem, shared by the restarts");
  add_count_option(*search, "--seed", o.seed, 0, std::numeric_limits<std::uint64_t>::max(),
                   "Seed of the suites the restarts start from (printed; same seed, same results)");
  search->add_option("--theorem-file", o.theorem_files,
                     "Add the theorem stated in this TOML file (docs/theorem-files.md), to search by its id "
                     "(repeatable; one file each)")
      ->allow_extra_args(false);
  search->add_option("--shape", o.shape,
                     "Start only from suite cases of this shape, e.g. L=8,d=4,N=2; T=.. sets the temperature");
  search->add_option("--json", o.json, "Write the certified results and the search record as JSON to this file ('-': to stdout, the text then going to stderr)");
  search->add_option("--report", o.report_dir,
                     "Write a report directory (as check --report) with a Search section");
  search->add_flag("--force", o.force,
                   "Let --report write into a directory holding files normbound did not write (as check --force)");
  add_cases_dir_option(*search, o.cases_dir);
  search->add_flag("--pin", o.pin,
                   "Add each theorem's case shown first (the shrunk one) with its certified verdict to the pinned "
                   "corpus, as PIN_DIR/ID/search-seed-S.json (check replays it before the suite after a rebuild)");
  search->add_option("--pin-dir", o.pin_dir, "Directory of the pinned corpus")->capture_default_str();
  search->add_option("--threads", o.threads, "Worker threads of the certification (0: one per hardware thread)")
      ->capture_default_str();
  add_exact_time_limit_option(*search, o.exact_time_limit);
  search->add_flag("--no-timestamp", o.no_timestamp, "Record no timestamp");
  search->add_flag("--wide", o.wide, "Print the verdict table one line per theorem, however narrow the terminal (as check --wide)");
  return search;
}

int run_search(const SearchOptions& o, int argc, char** argv, std::ostream& stdout_stream) {
  validate_exact_time_limit(o.exact_time_limit);
  std::vector<NamedPath> inputs;
  for (const std::string& file : o.theorem_files) inputs.push_back({"--theorem-file", file});
  refuse_outputs_onto_inputs({{"--json", o.json}}, {{"--report", o.report_dir}}, inputs);
  RunOutputs outputs(o.json, stdout_stream, std::cerr, true, o.wide);
  const TerminalStyle& style = outputs.style();
  std::ostream& terminal = outputs.out();
  add_theorem_files(o.theorem_files);
  std::vector<const Theorem*> selected;
  for (const auto& id : o.ids) {
    const Theorem& t = theorem_or_usage_error(id);
    if (const std::string why = search::why_not_searchable(t); !why.empty())
      throw UsageError(id + " is not searchable: " + why);
    selected.push_back(&t);
  }
  search::SearchSettings settings;
  settings.seed = o.seed;
  settings.budget = o.budget;
  settings.shape = parse_case_shape(o.shape);
  settings.check.seed = o.seed;
  settings.check.threads = worker_threads(o.threads, outputs.err());
  settings.check.exact_time_limit = o.exact_time_limit;

  outputs.stage_report(o.report_dir, o.force);
  const CaseFilePlacement placement{o.cases_dir, outputs.report().has_value()};

  std::ostringstream out;
  out << "normbound " << kVersion << " search: seed " << o.seed << ", budget " << o.budget
      << " binary64 evaluations per theorem" << (o.shape.empty() ? "" : ", shape " + o.shape)
      << "; certified by binary64 intervals, then MPFI from " << settings.check.precision << " to "
      << settings.check.max_precision << " bits\n\n";

  std::vector<search::SearchedTheorem> searched;
  RunPlan plan;
  plan.settings = settings.check;
  plan.record.command_line = command_line(argc, argv);
  plan.record.timestamp = timestamp(o.no_timestamp);
  plan.record.source = "search";
  for (const Theorem* t : selected) {
    searched.push_back({search::search_theorem(*t, settings), {}});
    plan.theorems.push_back({t, searched.back().search.certified_cases, CaseOrigin::SuiteOrSaved});
  }
  plan.record.sources.push_back(
      {"search", "", "", {{"seed", std::to_string(o.seed)}, {"budget", std::to_string(o.budget)}, {"shape", o.shape}}});
  RunResults results = run(plan);
  for (std::size_t i = 0; i < searched.size(); ++i)
    searched[i].frontier =
        search::tightness_frontier(searched[i].search, results.theorems[i], settings.check.policy.near_tight);
  save_violation_files(results, placement, plan.record.source, o.seed,
                       [&](const std::string& id, const std::string& file) {
                         return "normbound check " + id + " --case " + file + theorem_file_arguments(o.theorem_files);
                       });

  for (const auto& s : searched) print_search(s, out);
  out << "\n";
  terminal << styled(out.str(), style);
  print_verdict_table(results, terminal, style);
  print_flagged(results, terminal, placement.in_report() ? outputs.report_target() : std::string(), style);
  std::ostringstream tightest;
  for (const TheoremResult& r : results.theorems) print_tightest_point(r, tightest);
  terminal << styled(tightest.str(), style);

  if (o.pin)
    for (std::size_t i = 0; i < searched.size(); ++i) {
      const TheoremResult& r = results.theorems[i];
      const std::filesystem::path dir = std::filesystem::path(o.pin_dir) / r.info.id;
      const std::string name = "search-seed-" + std::to_string(o.seed) + ".json";
      create_output_directories(dir);
      const nlohmann::json pinned = theorems::pinned_case_json(
          searched[i].search.certified_cases.front(), r.outcomes.front().verdict,
          "found by normbound search --seed " + std::to_string(o.seed) + " --budget " + std::to_string(o.budget) +
              (o.shape.empty() ? "" : " --shape " + o.shape) + ": " + searched[i].frontier.text);
      write_file_atomically((dir / name).string(), pinned.dump(1) + "\n");
      terminal << styled("pinned " + (dir / name).string() + " (" + verdict_name(r.outcomes.front().verdict) + ")\n", style);
    }
  results.search = search::search_record(searched, o.budget, o.seed);
  const RunResults saved = results_as_saved(results);
  if (outputs.saves_json()) outputs.write_json(results_to_json(saved).dump(2) + "\n");
  if (outputs.report()) outputs.write_report(reports::report_directory_files(saved, reports::ReportOptions{}));
  const int status = exit_status(results);
  return outputs.exit_with(status, exit_status_meaning(status));
}

}  // namespace nb::cli
