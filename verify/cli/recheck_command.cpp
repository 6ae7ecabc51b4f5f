#include "verify/cli/recheck_command.hpp"

#include <iostream>
#include <sstream>

#include <unistd.h>

#include "theorems/file_theorem.hpp"
#include "verify/cli/run_deadline.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/wall_time_limit_option.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/json_document.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/prove/proof_certificate.hpp"

namespace nb::cli {
namespace {

// The largest certificate read (docs/limits.md): its JSON held in memory takes about ten times its
// bytes. About a million boxes of a few coordinates.
constexpr std::uint64_t kMaxCertificateBytes = std::uint64_t{1} << 28;

}  // namespace

CLI::App* add_recheck_command(CLI::App& app, RecheckOptions& o) {
  CLI::App* recheck = app.add_subcommand(
      "recheck",
      "Verify a certificate of 'normbound prove' without trusting it: every leaf box is rebuilt from the region\n"
      "and the cuts (so that the leaves cover the region), compared with the box it records, and evaluated\n"
      "afresh at its tier and precision; a counterexample is certified again. Exit 0 when it holds, 1 at the\n"
      "first offending leaf or field, 2 when the time limit comes first.\n"
      "Example:\n"
      "  normbound recheck sharp.cert.json");
  recheck->add_option("certificate", o.certificate, "The certificate file")->required();
  recheck->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread)")->capture_default_str();
  add_wall_time_limit_option(*recheck, o.time_limit,
                             "Most seconds of wall time for the whole recheck (reading the certificate included); past them it stops "
                             "unfinished (exit 2)");
  return recheck;
}

int run_recheck(const RecheckOptions& o, std::ostream& out) {
  // The whole recheck within its time limit: reading the certificate, its counterexample's exact
  // decisions and a leaf at 65,536 bits are not cut short from within.
  std::ostringstream limit;
  limit << o.time_limit;
  const RunDeadline deadline(o.time_limit,
                             "recheck UNFINISHED: " + terminal_safe(o.certificate) + "\n  the time limit of " +
                                 limit.str() + " s came before the recheck ended (--time-limit)\n",
                             STDOUT_FILENO, 2);
  const nlohmann::json j = parse_json(read_input_file(o.certificate, "certificate", kMaxCertificateBytes), o.certificate);
  // The theorem is made from the certificate's text, not registered: no exact decisions in a child.
  const prove::ViolationCheck violated = [](const formula::TheoremSpec& spec, const Case& c) {
    const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
    try {
      theorem->check_assumptions(c);
    } catch (const InputError&) {
      return false;
    }
    return prove::engine_outcome(*theorem, c, false).verdict == Verdict::Violated;
  };
  const prove::RecheckResult r = prove::recheck_certificate(j, worker_threads(o.threads, std::cerr), violated, o.time_limit);
  if (!r.finished) {
    out << "recheck UNFINISHED: " << terminal_safe(o.certificate) << " (" << terminal_safe(r.theorem_id) << ")\n  "
        << "the time limit of " << o.time_limit << " s came before every leaf was evaluated (--time-limit)\n";
    return 2;
  }
  if (!r.passed) {
    out << "recheck FAILED: " << terminal_safe(o.certificate) << " (" << terminal_safe(r.theorem_id) << ")\n  "
        << terminal_safe(r.failure) << "\n";
    return 1;
  }
  out << "recheck passed: " << terminal_safe(o.certificate) << " (" << terminal_safe(r.theorem_id) << "): "
      << prove::proof_outcome_name(r.outcome);
  if (r.outcome == prove::ProofOutcome::Violated) out << ", the counterexample certified again\n";
  else
    out << "; " << r.leaves << " leaves cover the region (" << r.proven << " proven afresh, " << r.outside
        << " outside the assumptions afresh, " << r.residual << " residual)\n";
  return 0;
}

}  // namespace nb::cli
