#include "verify/cli/check_command.hpp"

#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include <unistd.h>

#include "theorems/registry.hpp"
#include "verify/atomic_file.hpp"
#include "verify/cli/check_table.hpp"
#include "verify/cli/version.hpp"
#include "verify/engine.hpp"
#include "verify/errors.hpp"
#include "verify/results.hpp"

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
  if (!(o.near_tight > 0 && o.near_tight < 1)) throw UsageError("--near-tight must be in (0, 1)");
  if (!(o.confidence > 0 && o.confidence < 1)) throw UsageError("--confidence must be in (0, 1)");
  if (o.cases == 0) throw UsageError("--cases must be at least 1");
  if (o.ids.empty() && !o.all && o.case_files.empty())
    throw UsageError("name theorem ids, or --all, or --case FILE (see 'normbound list')");
  if (o.all && !o.ids.empty()) throw UsageError("give theorem ids or --all, not both");
}

const Theorem& theorem_or_usage_error(const std::string& id) {
  if (const Theorem* t = theorems::find(id)) return *t;
  std::string hint;
  for (const auto& c : theorems::closest_ids(id)) hint += (hint.empty() ? "" : ", ") + c;
  throw UsageError("unknown theorem id '" + id + "'; closest: " + hint + " ('normbound list' shows all)");
}

std::string command_line(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

// The command that re-runs exactly `case_file` with this run's precision settings.
std::string replay_command(const std::string& id, const std::string& case_file, const CheckOptions& o) {
  std::string s = "normbound check " + id + " --case " + case_file;
  if (o.precision != g_defaults.precision) s += " --precision " + std::to_string(o.precision);
  if (o.max_precision != g_defaults.max_precision) s += " --max-precision " + std::to_string(o.max_precision);
  return s;
}

// Progress on stderr for runs longer than a second, only when stderr is a terminal.
class ProgressLine {
 public:
  ProgressLine(std::ostream& err, std::string id)
      : err_(err), id_(std::move(id)), start_(std::chrono::steady_clock::now()), tty_(::isatty(2) != 0) {}
  void operator()(std::size_t done, std::size_t total, unsigned bits) {
    if (!tty_ || std::chrono::steady_clock::now() - start_ < std::chrono::seconds(1)) return;
    err_ << "\r  " << id_ << ": " << done << "/" << total << " cases decided (" << bits << "-bit round)   "
         << std::flush;
    shown_ = true;
  }
  ~ProgressLine() {
    if (shown_) err_ << "\r" << std::string(80, ' ') << "\r" << std::flush;
  }

 private:
  std::ostream& err_;
  std::string id_;
  std::chrono::steady_clock::time_point start_;
  bool tty_;
  bool shown_ = false;
};

std::string timestamp() {
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) return std::string("@") + epoch;
  return std::to_string(std::chrono::duration_cast<std::chrono::seconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count());
}

}  // namespace

CLI::App* add_check_command(CLI::App& app, CheckOptions& o) {
  CLI::App* check = app.add_subcommand(
      "check",
      "Evaluate theorems on their default random suites (or on saved cases) and print a verdict per case.\n"
      "Examples:\n"
      "  normbound check --all\n"
      "  normbound check softmax-jacobian-spectral-as-printed --cases 500 --seed 7\n"
      "  normbound check --case normbound-cases/softmax-jacobian-spectral-as-printed-0.json");
  check->add_option("ids", o.ids, "Theorem ids to check ('normbound list' shows them)");
  check->add_flag("--all", o.all, "Check every registered theorem");
  check->add_option("--cases", o.cases, "Cases per theorem in the random suite")->capture_default_str();
  check->add_option("--seed", o.seed, "Seed of the random suites (printed; same seed, same results)")
      ->capture_default_str();
  check->add_option("--precision", o.precision, "First working precision in bits (16..65536)")->capture_default_str();
  check->add_option("--max-precision", o.max_precision,
                    "Precision cap in bits: undecided cases are re-evaluated at double the precision up to it")
      ->capture_default_str();
  check->add_option("--near-tight", o.near_tight,
                    "Flag a proven case as NEAR-TIGHT when its relative slack is below this")
      ->capture_default_str();
  check->add_option("--confidence", o.confidence, "Confidence level of statistical verdicts")->capture_default_str();
  check->add_option("--threads", o.threads, "Worker threads (0: one per hardware thread); results do not depend on it")
      ->capture_default_str();
  check->add_option("--json", o.json, "Write the complete results as JSON to this file");
  check->add_option("--case", o.case_files, "Replay a saved case file instead of the random suite (repeatable)")
      ->check(CLI::ExistingFile);
  check->add_option("--cases-dir", o.cases_dir, "Directory where counterexamples are saved as case files")
      ->capture_default_str();
  return check;
}

int run_check(const CheckOptions& o, int argc, char** argv, std::ostream& out, std::ostream& err) {
  validate(o);

  // Which theorems, on which cases.
  std::vector<const Theorem*> selected;
  std::map<std::string, std::vector<Case>> replayed;
  for (const auto& id : o.ids) selected.push_back(&theorem_or_usage_error(id));
  if (o.all)
    for (const auto& t : theorems::all()) selected.push_back(t.get());
  for (const auto& file : o.case_files) {
    Case c = read_case_file(file);
    const Theorem& t = theorem_or_usage_error(c.theorem);
    if (!o.ids.empty() && std::find(o.ids.begin(), o.ids.end(), c.theorem) == o.ids.end())
      throw UsageError("case file '" + file + "' is for theorem '" + c.theorem + "', which was not named");
    if (o.ids.empty() && !o.all && replayed.find(c.theorem) == replayed.end()) selected.push_back(&t);
    replayed[c.theorem].push_back(std::move(c));
  }

  CheckSettings settings;
  settings.precision = o.precision;
  settings.max_precision = o.max_precision;
  settings.policy.near_tight = o.near_tight;
  settings.confidence = o.confidence;
  settings.seed = o.seed;
  settings.threads = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());

  RunResults results;
  results.version = kVersion;
  results.commit = kGitCommit;
  results.command_line = command_line(argc, argv);
  results.timestamp = timestamp();
  results.settings = {o.precision, o.max_precision, settings.threads, o.near_tight, o.confidence,
                      o.seed,      o.cases,         o.case_files.empty() ? "random" : "case-file"};

  out << "normbound " << kVersion << ": seed " << o.seed << ", precision " << o.precision << " bits (Ziv "
      << "escalation to " << o.max_precision << "), near-tight below " << o.near_tight << ", "
      << (o.case_files.empty() ? std::to_string(o.cases) + " random cases per theorem"
                               : std::to_string(o.case_files.size()) + " saved case(s)")
      << ", " << settings.threads << " thread(s)\n\n";

  for (const Theorem* t : selected) {
    const std::string& id = t->info().id;
    auto it = replayed.find(id);
    const std::vector<Case> cases =
        it != replayed.end() ? it->second : t->suite({o.seed, o.cases});
    ProgressLine progress(err, id);
    std::vector<CaseOutcome> outcomes = evaluate_cases(
        *t, cases, settings, [&](std::size_t d, std::size_t n, unsigned b) { progress(d, n, b); });
    TheoremResult r = summarize(t->info(), cases, std::move(outcomes));
    if (!r.violations.empty()) std::filesystem::create_directories(o.cases_dir);
    for (auto& v : r.violations) {
      v.case_file = (std::filesystem::path(o.cases_dir) / (id + "-" + std::to_string(v.outcome.index) + ".json")).string();
      write_case_file(v.input, v.case_file);
      v.replay = replay_command(id, v.case_file, o);
    }
    results.theorems.push_back(std::move(r));
  }

  print_verdict_table(results, out);
  print_flagged(results, out);
  if (!o.json.empty()) {
    write_file_atomically(o.json, results_to_json(results).dump(2) + "\n");
    out << "\nresults written to " << o.json << "\n";
  }
  const int status = exit_status(results);
  out << "\nexit status " << status
      << (status == 0 ? " (every outcome as expected)"
                      : status == 1 ? " (an UNEXPECTED outcome)" : " (INCONCLUSIVE cases remain)")
      << "\n";
  return status;
}

}  // namespace nb::cli
