#include "verify/cli/prove_command.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "reports/case_text.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/cli/outputs_apart.hpp"
#include "verify/io/atomic_file.hpp"
#include "verify/cli/count_option.hpp"
#include "verify/cli/progress_line.hpp"
#include "verify/cli/prove_rows.hpp"
#include "verify/cli/source_options.hpp"
#include "verify/cli/run_outputs.hpp"
#include "verify/cli/run_deadline.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/wall_time_limit_option.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/io/errors.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/prove/proof_certificate.hpp"
#include "verify/prove/ordered_cone.hpp"
#include "verify/prove/region_proof.hpp"
#include "verify/prove/residual_explanation.hpp"
#include "verify/prove/statement_text.hpp"
#include "verify/results/version.hpp"

namespace nb::cli {
namespace {

namespace fs = std::filesystem;
using prove::ProofOutcome;

constexpr std::size_t kShrinkAttempts = 200;
// The tree keeps every box (exact rational ends): 10^7 boxes of 4 coordinates take about 10 GB.
constexpr std::uint64_t kMaxBoxes = 10'000'000;
constexpr std::size_t kResidualBoxesShown = 5;

// The statement `prove` works on: a theorem file, given or from the theorem folder.
struct StatementFile {
  std::string path, text;
  formula::TheoremSpec spec;
};

StatementFile statement_file(const ProveOptions& o) {
  if (o.id.empty() == o.theorem_file.empty())
    throw UsageError("give a theorem id or --theorem-file FILE (one of them)");
  const std::vector<const Theorem*> given =
      add_theorem_files(o.theorem_file.empty() ? std::vector<std::string>{} : std::vector<std::string>{o.theorem_file});
  StatementFile s;
  s.path = o.theorem_file;
  if (s.path.empty()) {
    s.path = theorems::theorem_folder_file(o.id);
    if (s.path.empty()) {
      std::string close;
      for (const std::string& id : theorems::closest_ids(o.id)) close += (close.empty() ? "" : ", ") + id;
      throw UsageError("no theorem '" + o.id + "'" + (close.empty() ? "" : " (did you mean " + close + "?)"));
    }
  }
  // The text the run read once (theorems/registry.hpp), which its exact decisions evaluate too.
  const Theorem* stated = given.empty() ? theorems::find(o.id) : given.front();
  s.text = theorems::theorem_file_read(*stated)->text;
  s.spec = formula::read_theorem_spec(s.text, s.path);
  return s;
}

std::string percent(const Rational& part, const Rational& whole) {
  if (whole == 0) return "0%";
  std::ostringstream s;
  s.precision(3);
  s << Rational(part * 100 / whole).convert_to<double>() << "%";
  return s.str();
}

}  // namespace

CLI::App* add_prove_command(CLI::App& app, ProveOptions& o) {
  CLI::App* prove = app.add_subcommand(
      "prove",
      "Prove a theorem's claims for every input in a region (branch and bound on boxes in interval arithmetic),\n"
      "or find a certified counterexample in it. The theorem is a theorem file, or a theorem of the folder.\n"
      "Sizes are fixed: a proof at L = 3 says nothing of L = 4.\n"
      "Outcomes: PROVEN ON REGION (every box certified), VIOLATED (a counterexample the engine certifies),\n"
      "UNDECIDED (limits reached: the residual boxes are listed). Exit 0 as the theorem expects, 1 the\n"
      "other certain outcome, 2 undecided.\n"
      "Examples:\n"
      "  normbound prove softmax-jacobian-spectral-as-printed --size L=2 --region logits=[-1,1] --region T=[1,1]\n"
      "  normbound prove softmax-jacobian-spectral-sharp --size L=3 --region logits=[-2,2] --region T=[1/2,2] \\\n"
      "      --claim 1 --certificate sharp.cert.json\n"
      "  normbound recheck sharp.cert.json\n"
      "  normbound prove softmax-weight-bounds --source gpt2-positions:DIR --rows 4 --radius 1e-3");
  prove->add_option("id", o.id, "The theorem to prove ('normbound list' shows them)");
  prove->add_option("--theorem-file", o.theorem_file, "Prove the theorem stated in this TOML file (docs/theorem-files.md)");
  prove->add_option("--size", o.sizes, "Fix a length: NAME=N, e.g. L=3 (repeatable; every length needs one)");
  prove->add_option("--region", o.regions,
                    "Give every entry of an input an interval: NAME=[LO,HI], exact literals, e.g. logits=[-2,2], "
                    "T=[1/2,2] (repeatable; a theorem file's input without one takes its declared range)");
  prove->add_option("--claim", o.claims, "Prove only this claim, numbered from 1 as 'normbound list' shows them (repeatable)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1000}));
  add_count_option(*prove, "--max-boxes", o.max_boxes, 1, kMaxBoxes,
                   "Most boxes to evaluate before stopping UNDECIDED (each kept box costs memory: about 1 KB at 4 coordinates)");
  add_wall_time_limit_option(*prove, o.time_limit, "Most seconds of wall time before stopping UNDECIDED");
  prove->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread); the outcome does not depend on it")
      ->capture_default_str();
  prove->add_option("--certificate", o.certificate,
                    "Write the proof's certificate (every leaf box, its verdict, tier and precision) to this file, "
                    "for 'normbound recheck'");
  prove->add_option("--json", o.json, "Write the outcome as JSON to this file ('-': to stdout, the text then going to stderr)");
  prove->add_option("--cases-dir", o.cases_dir, "Save a counterexample as a case file in this directory");
  prove->add_option("--forms", o.forms,
                    "Enclosures of a box's slacks: natural (interval propagation), or mean-value (also the mean-value "
                    "form and the monotonicity test, from derivatives; the default)")
      ->check(CLI::IsMember({"natural", "mean-value"}));
  prove->add_flag("--no-reduction", o.no_reduction,
                  "Prove on the whole region even where the statement is invariant under permuting a vector's entries "
                  "(by default it is proved on the ordered cone of that vector)");
  add_source_options(*prove, o.source, o.top_n);
  prove->get_option("--source")
      ->description("Prove on the neighbourhood of every selected row of a model source (with --radius): "
                    "hf:DIR (with --text), gpt2-positions:DIR, gpt2:DIR (with --text), attention-dump:PATH, file:PATH");
  prove->add_option("--radius", o.radius,
                    "With --source: each row's box, every entry of its vector and matrix inputs (logits, or query and "
                    "keys) within this of the row's, scalars (T) as the row gives them; an exact literal "
                    "(1e-3 is exactly 1/1000, 1/1024)");
  return prove;
}

nlohmann::json prove_json_head(const std::string& format, const std::string& id, const std::string& file,
                               const std::vector<std::size_t>& claims) {
  nlohmann::json j;
  j["format"] = format;
  j["version"] = 1;
  j["theorem"] = id;
  j["file"] = file;
  nlohmann::json claim_numbers = nlohmann::json::array();
  for (std::size_t k : claims) claim_numbers.push_back(k + 1);
  j["claims"] = claim_numbers;
  return j;
}

int run_prove(const ProveOptions& o, std::ostream& stdout_stream, const RankWorld& ranks) {
  // The other ranks of an MPI job only evaluate boxes: their text goes nowhere.
  RunOutputs outputs(o.json, stdout_stream, std::cerr, ranks.leads());
  std::ostream& out = outputs.out();
  std::ostream& err = outputs.err();
  refuse_outputs_onto_inputs({{"--certificate", o.certificate}, {"--json", o.json}}, {},
                             {{"--theorem-file", o.theorem_file}});
  if (o.source.spec != "random") {
    if (ranks.size() > 1) throw UsageError("--source runs in one process (give no mpirun)");
    const StatementFile file = statement_file(o);
    return run_prove_rows(o, file.path, file.spec, stdout_stream);
  }
  if (!o.radius.empty()) throw UsageError("--radius applies to --source SPEC: the neighbourhood of each row of a source");
  // The proof stops at its time limit between boxes; a box's evaluation or a counterexample's
  // exact decisions that run on past it end the run a tenth of the limit (at least 1 s) later.
  std::ostringstream limit;
  limit << o.time_limit;
  const RunDeadline deadline(
      o.time_limit + std::max(1.0, o.time_limit / 10),
      "normbound: prove: the time limit of " + limit.str() +
          " s came within work that cannot be cut short (a box's evaluation, a counterexample's exact decisions); "
          "stopped UNDECIDED, with no certificate, JSON or case file written (--time-limit)\n",
      ranks.leads() ? STDERR_FILENO : -1, 2);
  const auto past_time_limit = [start = std::chrono::steady_clock::now(), seconds = o.time_limit] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > seconds;
  };
  const StatementFile file = statement_file(o);
  const formula::TheoremSpec& spec = file.spec;
  const prove::Region region = prove::make_region(spec, o.sizes, o.regions, true);
  std::vector<std::size_t> claims;
  for (std::uint64_t k : o.claims) claims.push_back(static_cast<std::size_t>(k - 1));
  // The symmetry reduction, where the statement allows it (verify/prove/ordered_cone.hpp): the
  // boxes are then the cone's, and a counterexample is still certified in the region.
  const std::optional<prove::Region> cone = o.no_reduction ? std::nullopt : prove::ordered_cone_region(spec, region, claims);
  const prove::Region& proved_region = cone ? *cone : region;
  const prove::BoxStatement statement(spec, proved_region, claims, prove::BoxKernels::Range, {},
                                      o.forms == "natural" ? prove::BoxForms::Natural : prove::BoxForms::MeanValue);
  const Theorem* registered = theorems::find(spec.info.id);
  if (!registered) throw InputError("theorem '" + spec.info.id + "' of " + file.path + " is not registered");
  // A counterexample must violate a claim the run is about: with --claim, the theorem of those
  // claims alone certifies it (and its shrinking), not the file's every claim.
  const std::unique_ptr<Theorem> of_claims =
      std::set<std::size_t>(statement.claims().begin(), statement.claims().end()).size() == spec.claims.size()
          ? nullptr
                                                       : theorems::make_file_theorem(prove::spec_of_claims(spec, statement.claims()));
  const Theorem* theorem = of_claims ? of_claims.get() : registered;

  prove::ProofSettings settings;
  settings.max_boxes = o.max_boxes;
  settings.time_limit = o.time_limit;
  settings.threads = worker_threads(o.threads, err);
  settings.ranks = &ranks;

  const std::string name = fs::path(file.path).filename().string();
  out << "normbound " << kVersion << " prove: " << spec.info.id << " (" << name << ")\n";
  for (std::size_t k : statement.claims()) out << "  " << terminal_safe(prove::claim_line(spec, k)) << "\n";
  out << "  sizes: " << prove::sizes_text(region) << "\n"
      << "  region: " << prove::region_text(region, region.box) << " (" << region.coordinates.size() << " coordinates)\n";
  if (cone)
    out << "  reduction: the statement is invariant under permutations of " << cone->cone->input
        << "'s entries (read off its formulas): proved on the ordered cone " << cone->cone->input << "[0] >= ... >= "
        << cone->cone->input << "[" << cone->cone->length - 1 << "] in coordinates " << prove::region_text(*cone, cone->box)
        << ", where a tie is a face\n";
  for (const auto& [k, joint] : prove::joint_slacks(spec, statement.claims(), statement.kernels()))
    out << "  claim " << k + 1 << "'s slack also enclosed as one quantity: " << formula::joint_slack_key(joint.kind) << "\n";
  out
      << "  limits: " << settings.max_boxes << " boxes, " << settings.time_limit << " s; " << settings.threads << " thread(s)"
      << (ranks.size() > 1 ? " on each of " + std::to_string(ranks.size()) + " MPI ranks" : "") << "\n\n";

  ProgressLine progress(err, ranks.leads() && ::isatty(2) != 0);
  settings.progress = [&](const prove::ProofProgress& p) {
    std::ostringstream line;
    line.precision(3);
    line << "prove: " << p.boxes << " boxes, " << p.open << " open, undecided " << p.undecided_fraction * 100
         << "% of the region, " << p.seconds << " s";
    progress.update(line.str(), false);
  };
  CaseOutcome witness_outcome;
  const prove::CertifyFn certify = [&](const Case& c) -> std::optional<Case> {
    if (past_time_limit()) return std::nullopt;  // the box stays residual, as unevaluated ones do
    return prove::certified_counterexample(*theorem, c, region, kShrinkAttempts, witness_outcome);
  };
  const prove::RegionProof proof = prove::prove_region(statement, spec, proved_region, settings, certify);
  if (!ranks.leads()) return 0;  // rank 0 holds the same proof, and the witness

  std::size_t proven = 0, outside = 0, residual = 0, mpfi = 0, unevaluated = 0;
  unsigned most_bits = 0;
  Mpfr tightest = std::numeric_limits<double>::infinity();
  std::vector<const prove::ProofLeaf*> residual_leaves;
  for (const prove::ProofLeaf& l : proof.leaves) {
    (l.status == prove::LeafStatus::Proven ? proven : l.status == prove::LeafStatus::Residual ? residual : outside) += 1;
    if (l.tier == Tier::Mpfi && l.status != prove::LeafStatus::Residual) {
      ++mpfi;
      most_bits = std::max(most_bits, l.bits);
    }
    if (l.status == prove::LeafStatus::Residual) {
      residual_leaves.push_back(&l);
      if (!l.evaluated) ++unevaluated;
      if (isnan(l.slack_lo) || l.slack_lo < tightest) tightest = l.slack_lo;
    }
  }
  // The volume shares are of the boxes' coordinates: on a cone, of their box, which holds the
  // cone's part of the region and the rest of the box (L! times the cone's volume).
  const std::string volume_of = cone ? "the cone's coordinates' box" : "the region";
  std::ostringstream seconds;
  seconds.precision(3);
  seconds << proof.seconds;
  out << proof_outcome_name(proof.outcome);
  std::string witness_file;
  if (proof.outcome == ProofOutcome::ProvenOnRegion) {
    out << ": every claim holds at every point of the region"
        << (outside ? " where the assumptions hold (" + percent(proof.outside_volume, proof.region_volume) + " of " + volume_of +
                          " is outside them" + (cone ? " or the region" : "") + ")"
                    : "")
        << ".\n";
  } else if (proof.outcome == ProofOutcome::Violated) {
    out << ": a counterexample in the region, certified by the engine (" << verdict_name(witness_outcome.verdict)
        << ", slack in [" << witness_outcome.slack.lo << ", " << witness_outcome.slack.hi << "] on '"
        << terminal_safe(witness_outcome.claim) << "'):\n";
    out << terminal_safe(reports::decimal_input_lines(*proof.witness, "  "));
    if (!o.cases_dir.empty()) {
      witness_file = (fs::path(o.cases_dir) / (spec.info.id + "-prove-counterexample.json")).string();
      write_case_file(*proof.witness, witness_file);
      out << "  saved as " << witness_file << "; replay: normbound check --case " << witness_file
          << theorem_file_arguments(o.theorem_file.empty() ? std::vector<std::string>{} : std::vector<std::string>{o.theorem_file})
          << "\n";
    } else {
      out << "  (--cases-dir DIR saves it as a case file for normbound check --case)\n";
    }
  } else {
    out << ": stopped by the " << (proof.stopped_by.empty() ? "limits" : proof.stopped_by) << "; " << residual
        << " residual box(es) (" << unevaluated << " not evaluated), " << percent(proof.residual_volume, proof.region_volume)
        << " of " << volume_of << "'s volume\n"
        << "  lowest end of a claim's slack enclosed over a residual box: "
        << (isnan(tightest) ? std::string("unknown") : decimal_down(tightest, 6))
        << " (an enclosure over a whole box, widened by the interval arithmetic: not a value at a point, and no "
           "counterexample; of an unevaluated box, its parent's)\n";
    if (const std::string hull = prove::residual_hull_text(proved_region, residual_leaves); !hull.empty())
      out << "  the residual boxes lie in " << hull << "\n";
    if (const std::string stuck = prove::stuck_set_text(proved_region, residual_leaves); !stuck.empty())
      out << "  where it is stuck: " << stuck
          << " (where the slack's enclosure over a box stays around 0: a bound attained there, or too close to decide "
             "by boxes)\n";
    for (std::size_t i = 0; i < residual_leaves.size() && i < kResidualBoxesShown; ++i)
      out << "  residual: " << prove::region_text(proved_region, residual_leaves[i]->box) << "\n";
    if (residual_leaves.size() > kResidualBoxesShown)
      out << "  (" << residual_leaves.size() - kResidualBoxesShown << " more: --json or --certificate lists them all)\n";
  }
  out << "  " << proof.boxes << " boxes evaluated, " << proof.leaves.size() << " leaves (" << proven << " proven, "
      << residual << " residual, " << outside << " outside the assumptions" << (cone ? " or the cone's region" : "") << "; " << mpfi << " decided in MPFI"
      << (mpfi ? " up to " + std::to_string(most_bits) + " bits" : "") << "), " << seconds.str() << " s\n";

  const prove::ProvedStatement proved{&spec, name, file.text, statement.claims(), statement.kernels(),
                                          statement.forms(), cone ? cone->cone->input : ""};
  if (!o.certificate.empty()) {
    write_file_atomically(o.certificate, prove::certificate_json(proved, region, proof).dump() + "\n");
    out << "  certificate: " << o.certificate << " (normbound recheck " << o.certificate << ")\n";
  }
  if (!o.json.empty()) {
    nlohmann::json j = prove_json_head("normbound-prove", spec.info.id, name, statement.claims());
    j["sizes"] = region.sizes;
    j["region"] = prove::region_json(region);
    j["outcome"] = proof_outcome_key(proof.outcome);
    j["boxes"] = proof.boxes;
    j["leaves"] = {{"proven", proven}, {"residual", residual}, {"outside_assumptions", outside}, {"mpfi", mpfi}};
    j["residual_fraction"] = proof.region_volume > 0 ? Rational(proof.residual_volume / proof.region_volume).convert_to<double>() : 0.0;
    j["outside_fraction"] = proof.region_volume > 0 ? Rational(proof.outside_volume / proof.region_volume).convert_to<double>() : 0.0;
    j["tightest_residual_slack"] = residual && !isnan(tightest) ? nlohmann::json(decimal_down(tightest)) : nlohmann::json(nullptr);
    nlohmann::json residual_boxes = nlohmann::json::array();
    for (const prove::ProofLeaf* l : residual_leaves) residual_boxes.push_back(prove::box_json(l->box));
    j["residual_boxes"] = residual_boxes;
    j["residual_hull"] = residual_leaves.empty() ? nlohmann::json(nullptr) : prove::box_json(prove::residual_hull(residual_leaves));
    j["stuck_at"] = prove::stuck_set_text(proved_region, residual_leaves);
    j["reduction"] = cone ? nlohmann::json{{"ordered_cone", cone->cone->input}} : nlohmann::json(nullptr);
    j["stopped_by"] = proof.stopped_by;
    j["witness"] = proof.witness ? case_to_json(*proof.witness) : nlohmann::json(nullptr);
    j["witness_file"] = witness_file;
    j["seconds"] = proof.seconds;
    outputs.write_json(j.dump(2) + "\n", "");
  }
  if (proof.outcome == ProofOutcome::Undecided) return 2;
  const bool expected = (proof.outcome == ProofOutcome::ProvenOnRegion) == (spec.info.expect == Expect::Holds);
  return expected ? 0 : 1;
}

}  // namespace nb::cli
