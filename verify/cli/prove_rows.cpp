#include "verify/cli/prove_rows.hpp"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "models/sources/theorem_source_cases.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/cli/progress_line.hpp"
#include "verify/cli/terminal_text.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/io/atomic_file.hpp"
#include "verify/io/errors.hpp"
#include "verify/numbers/number_literal.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/prove/proof_certificate.hpp"
#include "verify/prove/row_neighbourhood.hpp"
#include "verify/prove/statement_text.hpp"
#include "verify/results/version.hpp"

namespace nb::cli {
namespace {

namespace fs = std::filesystem;
using prove::ProofOutcome;

// Boxes whose every interval is printed; a larger residual box is in --json.
constexpr std::size_t kBoxShownCoordinates = 16;

Rational radius_of(const std::string& text) {
  Rational r;
  try {
    r = read_number_literal(text, "--radius");
  } catch (const InputError& e) {
    throw UsageError(e.what());
  }
  if (r < 0) throw UsageError("--radius " + text + ": a radius is >= 0");
  return r;
}

std::string seconds_text(double s) {
  std::ostringstream t;
  t.precision(3);
  t << s << " s";
  return t.str();
}

// "logits" or "query, keys": the inputs the radius widens; "T": those kept as the row gives them.
std::string input_names(const formula::TheoremSpec& spec, bool widened) {
  std::string names;
  for (const formula::InputSpec& in : spec.inputs) {
    if (in.kind == formula::InputSpec::Kind::Length) continue;
    if ((in.kind != formula::InputSpec::Kind::Scalar) == widened) names += (names.empty() ? "" : ", ") + in.name;
  }
  return names.empty() ? "none" : names;
}

}  // namespace

int run_prove_rows(const ProveOptions& o, const std::string& path, const formula::TheoremSpec& spec, std::ostream& stdout_stream) {
  const bool json_to_stdout = o.json == "-";
  std::ostream& err = std::cerr;
  std::ostream& out = json_to_stdout ? err : stdout_stream;
  if (o.radius.empty()) throw UsageError("--source needs --radius R: the neighbourhood of each row to prove on");
  if (!o.regions.empty() || !o.sizes.empty())
    throw UsageError("--source takes each row's sizes and inputs from the source: give no --size or --region");
  if (!o.certificate.empty())
    throw UsageError("--source --radius writes no certificate (a row's box is as large as the row, and recheck has no source)");
  const Rational radius = radius_of(o.radius);
  const Theorem* registered = theorems::find(spec.info.id);
  if (!registered) throw InputError("theorem '" + spec.info.id + "' of " + path + " is not registered");
  std::vector<std::size_t> claims;
  for (std::uint64_t k : o.claims) claims.push_back(static_cast<std::size_t>(k - 1));
  if (claims.empty())
    for (std::size_t k = 0; k < spec.claims.size(); ++k) claims.push_back(k);
  for (std::size_t k : claims)
    if (k >= spec.claims.size())
      throw UsageError("claim " + std::to_string(k + 1) + " of " + spec.info.id + " does not exist (it states " +
                       std::to_string(spec.claims.size()) + ")");
  // A counterexample must violate a claim the run is about (as prove's).
  const std::unique_ptr<Theorem> of_claims =
      std::set<std::size_t>(claims.begin(), claims.end()).size() == spec.claims.size()
          ? nullptr
          : theorems::make_file_theorem(prove::spec_of_claims(spec, claims));
  const Theorem* theorem = of_claims ? of_claims.get() : registered;

  const sources::ModelCases model = sources::load_source(o.source);
  std::vector<std::size_t> top_n = o.top_n;
  std::string why_not;
  const std::optional<sources::TheoremSourceCases> rows = sources::theorem_source_cases(*registered, model, top_n, why_not);
  if (!rows) throw UsageError(why_not);

  prove::ProofSettings settings;
  settings.max_boxes = o.max_boxes;
  settings.time_limit = o.time_limit;
  settings.threads = worker_threads(o.threads, err);
  const prove::BoxForms forms = o.forms == "natural" ? prove::BoxForms::Natural : prove::BoxForms::MeanValue;

  const std::string name = fs::path(path).filename().string();
  out << "normbound " << kVersion << " prove: " << spec.info.id << " (" << name << ")\n";
  for (std::size_t k : claims) out << "  " << terminal_safe(prove::claim_line(spec, k)) << "\n";
  out << "  source: " << terminal_safe(model.description) << "; " << rows->cases.size() << " row(s)\n"
      << "  neighbourhood of each row: every entry of " << input_names(spec, true) << " within " << o.radius
      << " of the row's (a closed box)"
      << (input_names(spec, false) == "none" ? "" : "; " + input_names(spec, false) + " as the row gives it") << "\n"
      << "  each row: its whole box in one evaluation; a box still undecided is split when it has at most "
      << prove::kMaxRegionCoordinates << " coordinates (limits per row: " << settings.max_boxes << " boxes, "
      << settings.time_limit << " s; " << settings.threads << " thread(s))\n\n";

  ProgressLine progress(err, ::isatty(2) != 0 ? ProgressLine::Display::Redrawn : ProgressLine::Display::Plain);
  std::size_t proven = 0, violated = 0, undecided = 0, one_box = 0;
  double total_seconds = 0, slowest = 0;
  nlohmann::json row_results = nlohmann::json::array();
  for (std::size_t i = 0; i < rows->cases.size(); ++i) {
    const auto started = std::chrono::steady_clock::now();
    const Case row = rows->cases[i];
    const prove::Region region = prove::row_region(spec, row, radius);
    CaseOutcome witness_outcome;
    const prove::CertifyFn certify = [&](const Case& c) -> std::optional<Case> {
      return prove::certified_counterexample(*theorem, c, region, 0, witness_outcome);
    };
    const prove::RowProof r = prove::prove_row(spec, region, claims, forms, settings, certify);
    // The row's time: building its box (the row's case from the source's activations) and proving.
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    total_seconds += seconds;
    slowest = std::max(slowest, seconds);
    (r.outcome == ProofOutcome::ProvenOnRegion ? proven : r.outcome == ProofOutcome::Violated ? violated : undecided) += 1;
    if (r.outcome == ProofOutcome::ProvenOnRegion && r.method == prove::RowMethod::WholeBox) ++one_box;

    out << "  " << terminal_safe(row.label) << " (" << prove::sizes_text(region) << "): " << proof_outcome_name(r.outcome);
    if (r.outcome == ProofOutcome::ProvenOnRegion)
      out << (r.outside_assumptions ? " (no point of the box meets the assumptions)" : "") << ", "
          << (r.method == prove::RowMethod::WholeBox ? std::string("in one box") : "split into " + std::to_string(r.boxes) + " boxes");
    else if (r.outcome == ProofOutcome::Violated)
      out << ": a counterexample in the box, certified by the engine (" << verdict_name(witness_outcome.verdict) << " on '"
          << terminal_safe(witness_outcome.claim) << "')";
    else
      out << " (" << (r.method == prove::RowMethod::WholeBox ? std::string("one box") : std::to_string(r.boxes) + " boxes")
          << "; " << r.stopped_by << "); lowest end of a claim's slack enclosed over the whole box "
          << (isnan(r.slack_lo) ? std::string("unknown") : decimal_down(r.slack_lo, 6));
    out << ", " << seconds_text(seconds) << "\n";
    if (r.residual && r.method == prove::RowMethod::Split && region.coordinates.size() <= kBoxShownCoordinates)
      out << "    first residual box: " << prove::region_text(region, *r.residual) << "\n";
    std::string witness_file;
    if (r.witness && !o.cases_dir.empty()) {
      witness_file = (fs::path(o.cases_dir) / (spec.info.id + "-row-" + std::to_string(i) + "-counterexample.json")).string();
      write_case_file(*r.witness, witness_file);
      out << "    saved as " << witness_file << "; replay: normbound check --case " << witness_file << "\n";
    }

    nlohmann::json j;
    j["label"] = row.label;
    j["provenance"] = row.provenance;
    j["sizes"] = region.sizes;
    j["outcome"] = proof_outcome_key(r.outcome);
    j["method"] = r.method == prove::RowMethod::WholeBox ? "one-box" : "split";
    j["boxes"] = r.boxes;
    j["lowest_slack_over_box"] = isnan(r.slack_lo) ? nlohmann::json(nullptr) : nlohmann::json(decimal_down(r.slack_lo));
    j["stopped_by"] = r.stopped_by;
    j["residual_box"] = !r.residual                             ? nlohmann::json(nullptr)
                        : r.method == prove::RowMethod::WholeBox ? nlohmann::json("whole")
                                                                 : prove::box_json(*r.residual);
    j["witness"] = r.witness ? case_to_json(*r.witness) : nlohmann::json(nullptr);
    j["witness_file"] = witness_file;
    j["seconds"] = seconds;
    row_results.push_back(std::move(j));

    std::ostringstream line;
    line << "prove: row " << i + 1 << " of " << rows->cases.size() << " (" << proven << " proven, " << violated
         << " violated, " << undecided << " undecided), " << seconds_text(total_seconds);
    progress.update(line.str(), i + 1 == rows->cases.size());
  }

  const ProofOutcome outcome = violated    ? ProofOutcome::Violated
                               : undecided ? ProofOutcome::Undecided
                                           : ProofOutcome::ProvenOnRegion;
  out << "\n" << proof_outcome_name(outcome) << ": " << proven << " of " << rows->cases.size() << " row(s) proven on their neighbourhood ("
      << one_box << " in one box), " << violated << " violated, " << undecided << " undecided; "
      << seconds_text(total_seconds) << " (slowest row " << seconds_text(slowest) << ")\n";

  if (!o.json.empty()) {
    nlohmann::json j = prove_json_head("normbound-prove-rows", spec.info.id, name, claims);
    j["source"] = model.description;
    j["radius"] = o.radius;
    j["widened"] = input_names(spec, true);
    j["outcome"] = proof_outcome_key(outcome);
    j["rows"] = row_results;
    j["counts"] = {{"proven", proven}, {"proven_in_one_box", one_box}, {"violated", violated}, {"undecided", undecided}};
    j["seconds"] = total_seconds;
    if (json_to_stdout) stdout_stream << j.dump(2) << "\n";
    else write_file_atomically(o.json, j.dump(2) + "\n");
  }
  if (outcome == ProofOutcome::Undecided) return 2;
  const bool expected = (outcome == ProofOutcome::ProvenOnRegion) == (spec.info.expect == Expect::Holds);
  return expected ? 0 : 1;
}

}  // namespace nb::cli
