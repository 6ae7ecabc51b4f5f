// normbound: checks the bounds of "Limitations of Normalization in Attention Mechanism"
// (arXiv 2508.17821) in certified arithmetic. One file per subcommand; this one wires them up
// and maps failures to exit codes (64 usage, 65 data, 70 internal error, 71 out of memory or of
// threads, 73 cannot create an output, 74 write failed, as sysexits.h; 130/143 after
// SIGINT/SIGTERM).
#include <exception>
#include <memory>
#include <iostream>
#include <optional>
#include <string_view>

#include <CLI/CLI.hpp>

#include "verify/cli/check_command.hpp"
#include "verify/cli/failure_status.hpp"
#include "verify/cli/help_command.hpp"
#include "verify/cli/help_formatter.hpp"
#include "verify/cli/interrupt_signals.hpp"
#include "verify/cli/list_command.hpp"
#include "verify/cli/output_width.hpp"
#include "verify/cli/prove_command.hpp"
#include "verify/cli/recheck_command.hpp"
#include "verify/cli/report_command.hpp"
#include "verify/cli/reproduce_command.hpp"
#include "verify/cli/search_command.hpp"
#include "verify/cli/standard_output.hpp"
#include "verify/cli/theorem_files.hpp"
#include "theorems/registry.hpp"
#include "theorems/theorem_texts.hpp"
#include "verify/distributed/rank_world.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/io/out_of_memory.hpp"
#include "verify/results/version.hpp"

namespace {

// The exit status of the subcommand the command line names (kExitUsage if none ran).
int run_subcommand(int argc, char** argv, const nb::RankWorld& ranks) {
  nb::install_out_of_memory_exit();
  nb::cli::handle_interrupt_signals();
  CLI::App app{
      "normbound: certified checks of the softmax-attention bounds of arXiv 2508.17821, and of bounds "
      "stated in theorem files.\n"
      "Each bound is a theorem; each case gets PROVEN / NEAR-TIGHT / EQUAL / TIGHT / VIOLATED / INCONCLUSIVE "
      "from an interval enclosure of slack = bound - value, escalating precision when undecided (EQUAL: the "
      "bound attained, slack exactly 0).\n"
      "Exit status: 0 all as expected, 1 unexpected outcome, 2 inconclusive cases remain, "
      "64 usage error, 65 bad input data, 70 internal error (please report it), 71 out of memory or of threads, "
      "73 an output cannot be created where asked, 74 a write failed (disk full, standard output lost), "
      "130/143 interrupted.",
      "normbound"};  // named, so that usage lines say normbound rather than the binary's path
  // Help wraps to the terminal (80 columns off a terminal); subcommands share the formatter.
  app.formatter(std::make_shared<nb::cli::WrappingFormatter>(nb::cli::standard_output_width().value_or(80)));
  app.set_version_flag("--version,-V", std::string("normbound ") + nb::kVersion + " (" + nb::kGitCommit + ")");
  app.require_subcommand(1);
  nb::cli::ListOptions list_options;
  nb::cli::CheckOptions check_options;
  nb::cli::ReportCommandOptions report_options;
  nb::cli::ReproduceOptions reproduce_options;
  nb::cli::SearchOptions search_options;
  nb::cli::ProveOptions prove_options;
  nb::cli::RecheckOptions recheck_options;
  CLI::App* list = nb::cli::add_list_command(app, list_options);
  CLI::App* check = nb::cli::add_check_command(app, check_options);
  CLI::App* report = nb::cli::add_report_command(app, report_options);
  CLI::App* reproduce = nb::cli::add_reproduce_command(app, reproduce_options);
  CLI::App* search = nb::cli::add_search_command(app, search_options);
  CLI::App* prove = nb::cli::add_prove_command(app, prove_options);
  CLI::App* recheck = nb::cli::add_recheck_command(app, recheck_options);
  std::string help_topic;
  CLI::App* help = app.add_subcommand("help", "Show the help of normbound, or of one subcommand: normbound help check");
  help->add_option("subcommand", help_topic, "The subcommand to explain");
  // After the subcommands, which would inherit it.
  app.footer(
      "Theorems stated in files: each TOML file of the theorems/ folder is a theorem like the built-in ones "
      "(docs/theorem-files.md); --theorem-file FILE adds one of your own:\n"
      "  normbound check --theorem-file my-bound.toml --cases 200\n"
      "'normbound help SUBCOMMAND' (or SUBCOMMAND --help) explains one subcommand.");
  try {
    if (const auto unknown = nb::cli::unknown_subcommand(app, argc, argv)) {
      std::cerr << *unknown << "\n";
      return nb::cli::kExitUsage;
    }
    app.parse(argc, argv);
    if (help->parsed()) return nb::cli::run_help(app, help_topic, std::cout, std::cerr);
    // Only check, reproduce and prove deal their work to the ranks of an MPI job; run twice,
    // another command would write its outputs twice.
    if (ranks.size() > 1 && !check->parsed() && !reproduce->parsed() && !prove->parsed()) {
      if (ranks.leads())
        std::cerr << "normbound: only 'normbound check', 'reproduce' and 'prove' run on several MPI ranks: run '"
                  << app.get_subcommands().front()->get_name() << "' without mpirun\n";
      return nb::cli::kExitUsage;
    }
    if (list->parsed()) return nb::cli::run_list(list_options, std::cout, nb::cli::standard_output_width());
    if (check->parsed()) return nb::cli::run_check(check_options, argc, argv, std::cout, std::cerr, ranks);
    if (report->parsed()) return nb::cli::run_report(report_options, std::cout);
    if (reproduce->parsed())
      return nb::cli::run_reproduce(reproduce_options, argc, argv, std::cout, std::cerr, ranks);
    if (search->parsed()) return nb::cli::run_search(search_options, argc, argv, std::cout);
    if (prove->parsed()) return nb::cli::run_prove(prove_options, std::cout, ranks);
    if (recheck->parsed()) return nb::cli::run_recheck(recheck_options, std::cout);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return nb::cli::kExitUsage;
  } catch (...) {
    return nb::cli::report_failure(std::current_exception(), std::cerr);
  }
  return nb::cli::kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc >= 2 && argv[1] == nb::cli::kServeExactDecisions) {
    // The theorem files' texts as the parent read them, in place of the folder's.
    if (argc >= 4 && argv[2] == nb::theorems::kTheoremTexts) nb::theorems::use_theorem_texts_of(argv[3]);
    nb::theorems::all();  // registers the theorems the requests name
    nb::serve_exact_decision_requests();
  }
  // /proc/self/exe: this very binary, even if its file was replaced since it started.
  nb::theorems::run_exact_workers_with_theorem_texts({"/proc/self/exe", std::string(nb::cli::kServeExactDecisions)});
  std::optional<nb::RankWorld> ranks;
  try {
    ranks.emplace();
  } catch (...) {
    return nb::cli::report_failure(std::current_exception(), std::cerr);
  }
  const int status = nb::cli::checked_standard_output(run_subcommand(argc, argv, *ranks), std::cerr);
  // A failed rank ends the whole job: the others would wait for it (rank 0 for its cases, the
  // others for their next chunk), and rank 0 writes nothing it did not gather. A run stopped by a
  // signal has gathered and written what its ranks decided: they end as usual.
  const bool stopped = status == nb::cli::kExitInterrupted || status == nb::cli::kExitTerminated ||
                       status == nb::cli::kExitStopped;
  if (status >= nb::cli::kExitUsage && !stopped) ranks->end_every_rank(status);
  return status;
}
