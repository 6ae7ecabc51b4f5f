// Theorem files against C++: for every former C++ theorem of the kept data (--kept,
// bench/theorem_file_ports_cpp.tsv: built-in id, L, cases, seconds per case, measured before the
// C++ theorems were replaced by their files), the CPU time per case of nb::evaluate_cases (the
// default settings of `normbound check`, one thread) on the theorem its file states
// (<id>.toml in the specs directory, or <id>-as-formula.toml beside a C++ theorem still there), the
// kept C++ time of the same id and L, their ratio (the aim: at most 1.5x), and the plain-double
// floor: the file's evaluation in binary64 (Theorem::evaluate_double) of the same cases, what no
// certified check can go below. Where the C++ theorem is still built in it is timed too (the
// "C++ now" column) and its suite (seed 2508178, --cases cases) gives the cases, restated for the
// file (theorems/file_port.hpp); else the file's own suite does. Cases are drawn at each length of
// --lengths (default 16,256,1024) and, where the suite takes d, d = 64 (GPT-2's head width); a
// suite that takes no L keeps its own lengths (the L column says which the cases have). Reading
// the file and drawing and restating the cases are not timed.
//
// Rounds interleave the runs (C++ if any, file, double floor), --rounds times per theorem; each run
// repeats its evaluations of all the cases until it has used --min-seconds of CPU time (the
// process's CPU time, which other load on the machine inflates less than wall time). The Markdown
// table prints medians over the rounds. Exits 1 if any case's verdict differs between the C++
// theorem and its file, after printing each difference. --record FILE times the C++ theorems alone
// and writes the kept data.
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

// The file stating former C++ theorem `id` in `dir`: <id>.toml, or <id>-as-formula.toml while the
// C++ theorem is still built in; empty if neither exists.
std::filesystem::path file_of(const std::string& dir, const std::string& id) {
  for (const std::string& name : {id + ".toml", id + "-as-formula.toml"})
    if (std::filesystem::exists(std::filesystem::path(dir) / name)) return std::filesystem::path(dir) / name;
  return {};
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
  std::vector<std::size_t> lengths{16, 256, 1024};
  unsigned rounds = 5;
  double min_seconds = 0.2;
  app.add_option("--specs", specs, "The theorem folder: <id>.toml (or <id>-as-formula.toml) for each kept id")
      ->capture_default_str();
  app.add_option("--cases", count, "Cases of each built-in's suite")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--rounds", rounds, "Interleaved rounds per port (medians are printed)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("--only", only, "Run only the theorems whose id contains this text");
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
    std::printf("| theorem | L | cases | file per case | C++ kept | file/C++ kept | double floor | file/floor | C++ now | file/C++ now |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    std::fflush(stdout);
    std::vector<std::string> ids;
    for (const auto& [key, seconds] : kept)
      if (key.first.find(only) != std::string::npos && (ids.empty() || ids.back() != key.first)) ids.push_back(key.first);
    for (const std::size_t L : lengths)
    for (const std::string& built_in_id : ids) {
      const std::filesystem::path path = file_of(specs, built_in_id);
      if (path.empty()) throw nb::InputError(specs + ": no theorem file for '" + built_in_id + "'");
      const nb::formula::TheoremSpec spec = nb::theorems::read_theorem_file_spec(path.string());
      const std::unique_ptr<nb::Theorem> file = nb::theorems::make_file_theorem(spec);
      // The C++ theorem, while it is built in beside its file (the file then states another id).
      const nb::Theorem* built_in = spec.info.id == built_in_id ? nullptr : nb::theorems::find(built_in_id);
      if (record.is_open() && !built_in) throw nb::InputError("no built-in theorem '" + built_in_id + "' to record");

      const nb::SuiteShapes& takes = (built_in ? built_in : file.get())->info().shapes;
      nb::CaseShape shape;
      if (takes.L) shape.L = L;
      if (takes.d) shape.d = kD;
      const nb::SuiteRequest request{.seed = kSeed, .count = count, .shapes = {shape}};
      const std::vector<nb::Case> cases = built_in ? built_in->suite(request) : file->suite(request);
      std::vector<nb::Case> restated;
      for (const nb::Case& c : cases) restated.push_back(built_in ? nb::theorems::port_case(spec, c) : c);

      std::vector<double> cpp_seconds, file_seconds, floor_seconds;
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
      volatile double sink = 0;  // keeps the double evaluations from being optimized away
      for (unsigned r = 0; r < rounds; ++r) {
        if (built_in)
          cpp_seconds.push_back(nb::bench::seconds_per_evaluation(
              min_seconds, [&] { cpp_outcomes = nb::evaluate_cases(*built_in, cases, settings); }));
        file_seconds.push_back(nb::bench::seconds_per_evaluation(
            min_seconds, [&] { file_outcomes = nb::evaluate_cases(*file, restated, settings); }));
        floor_seconds.push_back(nb::bench::seconds_per_evaluation(min_seconds, [&] {
          for (const nb::Case& c : restated) sink = sink + file->evaluate_double(c, {}).claims[0].value;
        }));
      }
      const double in_file = nb::median_of(file_seconds) * per_case, floor = nb::median_of(floor_seconds) * per_case;
      const auto kept_time = kept.find({built_in_id, nb::shape_of(cases.front()).L.value_or(0)});
      const auto ratio = [](double x, double y) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2fx", x / y);
        return std::string(text);
      };
      std::string cpp_text, cpp_ratio;
      if (built_in) {
        const double cpp = nb::median_of(cpp_seconds) * per_case;
        cpp_text = nb::bench::seconds_text(cpp);
        cpp_ratio = ratio(in_file, cpp);
      }
      std::printf("| %s | %s | %zu | %s | %s | %s | %s | %s | %s | %s |\n", built_in_id.c_str(),
                  lengths_text(cases).c_str(), cases.size(), nb::bench::seconds_text(in_file).c_str(),
                  kept_time == kept.end() ? "" : nb::bench::seconds_text(kept_time->second).c_str(),
                  kept_time == kept.end() ? "" : ratio(in_file, kept_time->second).c_str(),
                  nb::bench::seconds_text(floor).c_str(), ratio(in_file, floor).c_str(), cpp_text.c_str(),
                  cpp_ratio.c_str());
      std::fflush(stdout);
      if (built_in)
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
