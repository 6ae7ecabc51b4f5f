// Theorem files against C++: for every port in the specs directory, a file
// <builtin-id>-as-formula.toml restating a built-in theorem, the CPU time per case of
// nb::evaluate_cases (the default settings of `normbound check`, one thread) on the built-in
// theorem and on the theorem the file states, on the same cases: the built-in's suite (seed
// 2508178, --cases cases) drawn at each length of --L (default 256) and, where its suite takes d,
// d = 64 (GPT-2's head width). A suite that takes no L keeps its own lengths: the table's L column says which the cases
// have. The file's cases are the built-in's restated (theorems/file_port.hpp); reading the file and
// drawing and restating the cases are not timed.
//
// Rounds interleave the two, C++ then file, --rounds times per port; each run repeats
// evaluate_cases on all the cases until it has used --min-seconds of CPU time (the process's CPU
// time, which other load on the machine inflates less than wall time). The Markdown table prints
// medians over the rounds and file / C++ (the aim: within 3x at L = 256). Exits 1 if any case's
// verdict differs between the two, after printing each difference. --lengths draws the cases at
// each of several L in turn.
//
// The C++ times are also kept as data (--kept, bench/theorem_file_ports_cpp.tsv: built-in id, L,
// cases, seconds per case), measured before the C++ theorems are replaced by their files: the
// table prints the kept time of each (id, L) beside the file's. --record FILE times the C++
// theorems alone and writes that data.
//
//   bench_theorem_file_ports [--specs DIR] [--cases N] [--rounds R] [--min-seconds X] [--only TEXT]
//                            [--lengths L,...] [--kept FILE] [--record FILE]
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/cpu_time.hpp"
#include "bench/seconds_text.hpp"
#include "theorems/file_port.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/case_shape.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"
#include "verify/engine/verdict.hpp"

namespace {

constexpr std::uint64_t kSeed = 2508178;  // `normbound check`'s default seed
constexpr std::size_t kD = 64;
const std::string kPortSuffix = "-as-formula.toml";

// The port files in `dir` whose name contains `only`, sorted.
std::vector<std::filesystem::path> port_files(const std::string& dir, const std::string& only) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.ends_with(kPortSuffix) && name.find(only) != std::string::npos) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// "256", or "2-64" when the cases' lengths differ.
std::string lengths_text(const std::vector<nb::Case>& cases) {
  std::size_t lo = std::numeric_limits<std::size_t>::max(), hi = 0;
  for (const nb::Case& c : cases) {
    const std::size_t L = nb::shape_of(c).L.value_or(0);
    lo = std::min(lo, L);
    hi = std::max(hi, L);
  }
  return lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi);
}

// The kept C++ times per case, by (built-in id, L); empty when `path` cannot be read. Lines
// starting with '#' are comments.
std::map<std::pair<std::string, std::size_t>, double> kept_times(const std::string& path) {
  std::map<std::pair<std::string, std::size_t>, double> times;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id;
    std::size_t L = 0, cases = 0;
    double seconds = 0;
    if (fields >> id >> L >> cases >> seconds) times[{id, L}] = seconds;
  }
  return times;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Theorem files against the built-in C++ theorems they restate (CPU time per case, interleaved rounds)"};
  std::string specs = NORMBOUND_SPECS_DIR, only;
  std::size_t count = 10;
  std::vector<std::size_t> lengths{256};
  unsigned rounds = 5;
  double min_seconds = 0.2;
  app.add_option("--specs", specs, "Directory of the port files <builtin-id>-as-formula.toml")->capture_default_str();
  app.add_option("--cases", count, "Cases of each built-in's suite")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--rounds", rounds, "Interleaved rounds per port (medians are printed)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("--only", only, "Run only the ports whose file name contains this text");
  std::string kept_file = NORMBOUND_KEPT_TIMES, record_file;
  app.add_option("--lengths", lengths, "L of the cases, in turn")->delimiter(',')->capture_default_str();
  app.add_option("--kept", kept_file, "C++ times per case kept from before the migration")->capture_default_str();
  app.add_option("--record", record_file, "Time the C++ theorems alone and write their times per case here");
  CLI11_PARSE(app, argc, argv);
  const auto kept = kept_times(kept_file);
  std::ofstream record;
  if (!record_file.empty()) {
    record.open(record_file);
    if (!record) {
      std::cerr << "bench_theorem_file_ports: cannot write " << record_file << '\n';
      return 73;
    }
    record << "# C++ CPU seconds per case of evaluate_cases (default settings, one thread), medians of " << rounds
           << " rounds,\n# the built-in's suite at seed " << kSeed << " drawn at L (d = " << kD
           << " where it takes d), written by\n# bench_theorem_file_ports --record\n# id\tL\tcases\tseconds\n";
  }

  bool verdicts_differ = false;
  try {
    const nb::CheckSettings settings;  // the defaults of `normbound check`, one thread
    std::printf("seed %llu, %u rounds, CPU time per case of evaluate_cases (medians), one thread\n\n",
                static_cast<unsigned long long>(kSeed), rounds);
    std::printf("| port | L | cases | C++ per case | C++ kept | file per case | file/C++ |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
    std::fflush(stdout);
    for (const std::size_t L : lengths)
    for (const std::filesystem::path& path : port_files(specs, only)) {
      const std::string name = path.filename().string();
      const std::string built_in_id = name.substr(0, name.size() - kPortSuffix.size());
      const nb::Theorem* built_in = nb::theorems::find(built_in_id);
      if (!built_in) throw nb::InputError(path.string() + ": no built-in theorem '" + built_in_id + "'");
      const nb::formula::TheoremSpec spec = nb::theorems::read_theorem_file_spec(path.string());
      const std::unique_ptr<nb::Theorem> file = nb::theorems::make_file_theorem(spec);

      const nb::SuiteShapes& takes = built_in->info().shapes;
      nb::CaseShape shape;
      if (takes.L) shape.L = L;
      if (takes.d) shape.d = kD;
      const std::vector<nb::Case> cases = built_in->suite({.seed = kSeed, .count = count, .shapes = {shape}});
      std::vector<nb::Case> restated;
      for (const nb::Case& c : cases) restated.push_back(nb::theorems::port_case(spec, c));

      std::vector<double> cpp_seconds, file_seconds;
      std::vector<nb::CaseOutcome> cpp_outcomes, file_outcomes;
      const double per_case = 1.0 / static_cast<double>(cases.size());
      if (record.is_open()) {
        for (unsigned r = 0; r < rounds; ++r)
          cpp_seconds.push_back(nb::bench::seconds_per_evaluation(
              min_seconds, [&] { cpp_outcomes = nb::evaluate_cases(*built_in, cases, settings); }));
        record << built_in_id << '\t' << lengths_text(cases) << '\t' << cases.size() << '\t'
               << nb::median_of(cpp_seconds) * per_case << '\n' << std::flush;
        std::printf("| %s | %s | %zu | %s | recorded | | |\n", built_in_id.c_str(), lengths_text(cases).c_str(),
                    cases.size(), nb::bench::seconds_text(nb::median_of(cpp_seconds) * per_case).c_str());
        std::fflush(stdout);
        continue;
      }
      for (unsigned r = 0; r < rounds; ++r) {
        cpp_seconds.push_back(nb::bench::seconds_per_evaluation(
            min_seconds, [&] { cpp_outcomes = nb::evaluate_cases(*built_in, cases, settings); }));
        file_seconds.push_back(nb::bench::seconds_per_evaluation(
            min_seconds, [&] { file_outcomes = nb::evaluate_cases(*file, restated, settings); }));
      }
      const double cpp = nb::median_of(cpp_seconds) * per_case, in_file = nb::median_of(file_seconds) * per_case;
      const auto kept_time = kept.find({built_in_id, nb::shape_of(cases.front()).L.value_or(0)});
      std::printf("| %s | %s | %zu | %s | %s | %s | %.2fx |\n", spec.info.id.c_str(), lengths_text(cases).c_str(),
                  cases.size(), nb::bench::seconds_text(cpp).c_str(),
                  kept_time == kept.end() ? "" : nb::bench::seconds_text(kept_time->second).c_str(),
                  nb::bench::seconds_text(in_file).c_str(), in_file / cpp);
      std::fflush(stdout);
      for (std::size_t i = 0; i < cases.size(); ++i)
        if (cpp_outcomes[i].verdict != file_outcomes[i].verdict) {
          verdicts_differ = true;
          std::fprintf(stderr, "%s case %zu (%s): C++ %s, file %s\n", spec.info.id.c_str(), i, cases[i].label.c_str(),
                       nb::verdict_name(cpp_outcomes[i].verdict), nb::verdict_name(file_outcomes[i].verdict));
        }
    }
  } catch (const nb::InputError& e) {
    std::cerr << "bench_theorem_file_ports: " << e.what() << '\n';
    return 65;
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "bench_theorem_file_ports: " << e.what() << '\n';
    return 66;
  }
  return verdicts_differ ? 1 : 0;
}
