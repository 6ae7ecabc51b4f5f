#include "verify/cli/check_plan.hpp"

#include <algorithm>
#include <set>

#include "models/sources/theorem_source_cases.hpp"
#include "theorems/pinned_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/cli/command_line.hpp"
#include "verify/cli/input_sources.hpp"
#include "verify/cli/paper_reference.hpp"
#include "verify/cli/theorem_files.hpp"
#include "verify/cli/theorem_lookup.hpp"
#include "verify/cli/worker_threads.hpp"
#include "verify/engine/suite_regime.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"
#include "verify/results/version.hpp"

namespace nb::cli {
namespace {

// The regime --regime names, or none.
const SuiteRegime* regime_of(const CheckOptions& o) { return o.regime.empty() ? nullptr : &regime_named(o.regime); }

// Replaces the theorems of `selection` by those that can read the --source's cases, each with
// them; the plan records the files read.
void read_source(const CheckOptions& o, CheckSelection& selection, std::map<std::string, CaseList>& from_source,
                 RunPlan& plan, std::ostream& out) {
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
  for (const Theorem* t : selection.theorems) {
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
  selection.theorems = std::move(runnable);
}

}  // namespace

CheckSelection select_checked(const CheckOptions& o, bool hash_case_files) {
  CheckSelection s;
  s.file_theorems = add_theorem_files(o.theorem_files);
  for (const Theorem* t : s.file_theorems)
    if (o.ids.empty() && !o.all && o.case_files.empty() && o.paper_refs.empty() && o.fidelities.empty())
      s.theorems.push_back(t);
  for (const auto& id : o.ids) s.theorems.push_back(&theorem_or_usage_error(id));
  if (o.all)
    for (const Theorem* t : registered_in_paper_order()) s.theorems.push_back(t);
  if (!o.paper_refs.empty() || !o.fidelities.empty()) {
    s.theorems = theorems_citing(o.paper_refs, o.fidelities);
    if (s.theorems.empty())
      throw UsageError("no registered theorem matches --paper-ref/--fidelity (see 'normbound list' for sources and tags)");
  }
  for (const auto& file : o.case_files) {
    std::string& sha256 = s.case_file_sha256.emplace_back();
    Case c = hash_case_files ? read_case_file(file, sha256) : read_case_file(file);
    const Theorem& t = theorem_or_usage_error(c.theorem);
    if (!o.ids.empty() && std::find(o.ids.begin(), o.ids.end(), c.theorem) == o.ids.end())
      throw UsageError("case file '" + file + "' is for theorem '" + c.theorem + "', which was not named");
    // Checked here too (the engine checks every case again) so that the error names the file.
    try {
      t.check_assumptions(c);
    } catch (const InputError& e) {
      throw InputError("case file '" + file + "': " + e.what());
    }
    if (o.ids.empty() && !o.all && s.replayed.find(c.theorem) == s.replayed.end()) s.theorems.push_back(&t);
    s.replayed[c.theorem].push_back(std::move(c));
  }
  if (regime_of(o) && (o.source.spec != "random" || !o.case_files.empty()))
    throw UsageError("--regime draws the random suites: give it without --source and --case");
  return s;
}

RunPlan check_settings(const CheckOptions& o, std::string command_line, std::ostream& err) {
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
  plan.record.command_line = std::move(command_line);
  plan.record.timestamp = timestamp(o.no_timestamp);
  plan.record.cases_per_theorem = o.cases;
  plan.record.source = o.source.spec != "random" ? recorded_spec(o.source.spec) : o.case_files.empty() ? "random" : "case-file";
  return plan;
}

void print_check_header(const CheckOptions& o, const RunPlan& plan, std::size_t ranks, std::ostream& out) {
  const SuiteRegime* regime = regime_of(o);
  out << "normbound " << kVersion << ": seed " << o.seed << ", " << (o.mpfi_only ? "" : "binary64 intervals, then ")
      << "MPFI from " << o.precision << " to " << o.max_precision << " bits, near-tight below " << o.near_tight << ", "
      << (o.source.spec != "random" ? "cases from --source"
          : o.case_files.empty()    ? std::to_string(o.cases) + (regime ? " cases per theorem in the " + regime->name + " regime"
                                                                 : " random cases per theorem besides its pinned and regime ones")
                                    : std::to_string(o.case_files.size()) + " saved case(s)")
      << ", " << plan.settings.threads << " thread(s)"
      << (ranks > 1 ? " on each of " + std::to_string(ranks) + " MPI ranks" : "") << "\n\n";
  if (regime) out << regime->name << " regime: " << regime->description << "\n";
}

void add_checked_cases(const CheckOptions& o, CheckSelection& selection, RunPlan& plan, std::ostream& out) {
  const SuiteRegime* regime = regime_of(o);
  for (std::size_t i = 0; i < o.case_files.size(); ++i)
    plan.record.sources.push_back(case_file_source(o.case_files[i], selection.case_file_sha256[i]));
  // A model or file source replaces the random suites of every theorem that can read it.
  const CaseOrigin origin = o.source.spec != "random" ? CaseOrigin::External : CaseOrigin::SuiteOrSaved;
  std::map<std::string, CaseList> from_source;  // built when asked, a chunk at a time
  if (o.source.spec != "random") read_source(o, selection, from_source, plan, out);
  std::set<std::string> generators;  // of the random suites run
  bool random_suites = false;
  std::size_t pinned = 0;
  for (const Theorem* t : selection.theorems) {
    if (auto built = from_source.find(t->info().id); built != from_source.end()) {
      plan.theorems.push_back({t, {}, origin, std::move(built->second)});
      continue;
    }
    auto it = selection.replayed.find(t->info().id);
    if (it != selection.replayed.end()) {
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
    out << pinned << " pinned case(s) from tests/cases and the theorem files' witnesses replayed before the suites\n\n";
  }
  // On a source's or a regime's cases: how loose each bound is there, a part of the results.
  plan.looseness = origin == CaseOrigin::External || regime;
}

}  // namespace nb::cli
