#include "verify/cli/recheck_command.hpp"

#include <filesystem>
#include <iostream>
#include <sstream>

#include <unistd.h>

#include "reports/case_text.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
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

// The demand of the options: with --against its text; else, for a theorem of the theorem folder,
// the folder file's text (a certificate under a library theorem's id must prove that statement).
prove::RecheckDemand demand_of(const RecheckOptions& o, const nlohmann::json& j) {
  prove::RecheckDemand d;
  d.sizes = o.sizes;
  d.regions = o.regions;
  for (std::uint64_t k : o.claims) d.claims.push_back(static_cast<std::size_t>(k - 1));
  if (!o.against.empty()) {
    d.statement = read_input_file(o.against, "theorem file");
    d.statement_origin = o.against;
    return d;
  }
  const nlohmann::json* id = j.is_object() && j.contains("theorem") && j["theorem"].is_object() && j["theorem"].contains("id")
                                 ? &j["theorem"]["id"]
                                 : nullptr;
  if (id && id->is_string()) {
    if (const std::string file = theorems::theorem_folder_file(id->get<std::string>()); !file.empty()) {
      d.statement = theorems::theorem_file_read(*theorems::find(id->get<std::string>()))->text;
      d.statement_origin = "the theorem folder's " + std::filesystem::path(file).filename().string();
    }
  }
  return d;
}

}  // namespace

CLI::App* add_recheck_command(CLI::App& app, RecheckOptions& o) {
  CLI::App* recheck = app.add_subcommand(
      "recheck",
      "Verify a certificate of 'normbound prove' without trusting it, and print what it proves: the theorem, the\n"
      "SHA-256 of the statement it embeds, the claims, the sizes and the region. Every leaf box is rebuilt from\n"
      "the region and the cuts (so that the leaves cover the region), compared with the box it records, and\n"
      "evaluated afresh at its tier and precision and again in Arb balls; a counterexample is certified again\n"
      "against the certificate's claims. The statement must be that of --against FILE, or of the theorem\n"
      "folder's file for a theorem of the folder. Exit 0 when it holds, 1 at the first offending leaf or field\n"
      "or when it proves less than --against/--size/--region/--claim demand, 2 when the time limit comes first.\n"
      "Example:\n"
      "  normbound recheck sharp.cert.json --region 'logits=[-2,2]' --region 'T=[1/2,2]' --claim 1");
  recheck->add_option("certificate", o.certificate, "The certificate file")->required();
  recheck->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread)")->capture_default_str();
  add_wall_time_limit_option(*recheck, o.time_limit,
                             "Most seconds of wall time for the whole recheck (reading the certificate included); past them it stops "
                             "unfinished (exit 2)");
  recheck->add_option("--against", o.against,
                      "Refuse a certificate whose embedded statement is not this theorem file's text, byte for byte");
  recheck->add_option("--size", o.sizes, "Refuse a certificate at other sizes: NAME=N (repeatable)");
  recheck->add_option("--region", o.regions,
                      "Refuse a certificate whose region does not hold this: NAME=[LO,HI] as prove's --region (repeatable)");
  recheck->add_option("--claim", o.claims,
                      "Refuse a proof that is not about this claim, a counterexample to another (numbered from 1; repeatable)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1000}));
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
  const prove::RecheckDemand demand = demand_of(o, j);
  const prove::RecheckResult r =
      prove::recheck_certificate(j, worker_threads(o.threads, std::cerr), violated, o.time_limit, demand);
  // What was verified (or, before an offence, what the certificate says it is about).
  const std::string headline = !r.finished ? "UNFINISHED" : r.refused ? "REFUSED" : !r.passed ? "FAILED" : "passed";
  out << "recheck " << headline << ": " << terminal_safe(o.certificate) << "\n"
      << "  theorem: " << terminal_safe(r.theorem_id) << " (" << terminal_safe(r.file) << ")\n"
      << "  statement SHA-256: " << r.statement_sha256;
  if (!demand.statement) out << " (compared with no file: --against FILE compares; the theorem folder has no such id)";
  else if (r.statement_is_demanded) out << ", the text of " << terminal_safe(demand.statement_origin);
  out << "\n";
  for (const std::string& claim : r.claims) out << "  " << terminal_safe(claim) << "\n";
  if (!r.sizes.empty()) out << "  sizes: " << r.sizes << "\n";
  if (!r.region.empty()) out << "  region: " << terminal_safe(r.region) << "\n";
  if (!r.reduction.empty()) out << "  proved on " << terminal_safe(r.reduction) << "\n";
  for (const std::string& joint : r.joint_slacks)
    out << "  slack enclosed jointly (checked on the formulas): " << terminal_safe(joint) << "\n";
  if (!r.finished) {
    out << "  the time limit of " << o.time_limit << " s came before every leaf was evaluated (--time-limit)\n";
    return 2;
  }
  if (!r.passed) {
    out << "  " << (r.refused ? "not what was demanded: " : "") << terminal_safe(r.failure) << "\n";
    return 1;
  }
  out << "  " << prove::proof_outcome_name(r.outcome);
  if (r.outcome == prove::ProofOutcome::Violated) {
    out << ": the counterexample certified again against the claims above\n"
        << terminal_safe(reports::decimal_input_lines(*r.witness, "    "));
    return 0;
  }
  // On an ordered cone the leaves cover the cone's coordinate box, which holds the cone's part of
  // the region (verify/prove/ordered_cone.hpp), not the region itself.
  out << ": " << r.leaves << " leaves cover " << (r.reduction.empty() ? "the region" : "the ordered cone's coordinate box")
      << " (" << r.proven << " proven afresh, " << r.outside
      << " outside the assumptions afresh, " << r.residual << " residual)";
  if (r.proven + r.outside > 0) {
    out << "; each evaluated in its recorded arithmetic and again in another: " << r.arb_leaves << " in Arb balls ("
        << r.arb_pieces << " pieces" << (r.arb_leaves ? ", up to " + std::to_string(r.arb_bits) + " bits" : "") << ")";
    if (r.mpfi_leaves) out << ", " << r.mpfi_leaves << " binary64 leaves the balls did not decide in MPFI";
  }
  out << "\n";
  if (r.proven + r.outside > 0 && !r.shared_kernels.empty()) {
    out << "  every evaluated leaf went through these in both arithmetics, with one algorithm (docs/prove.md):\n";
    for (const std::string& k : r.shared_kernels) out << "    " << k << "\n";
  }
  return 0;
}

}  // namespace nb::cli
