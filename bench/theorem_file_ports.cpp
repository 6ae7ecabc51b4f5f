// Theorem files against C++: for every former C++ theorem of the kept data (--kept,
// bench/theorem_file_ports_cpp.tsv: built-in id, L, cases, seconds per case, measured before the
// C++ theorems were replaced by their files), the CPU time per case of nb::evaluate_cases (the
// default settings of `normbound check`, one thread) on the theorem its file states (<id>.toml in
// the specs directory, registered as `normbound check` registers it, so that its exact decisions
// go to the thread's worker process as the C++ theorems' did), the kept C++ time of the same id and L, their
// ratio (the aim: at most 1.5x), and the plain-double floor: the file's evaluation in binary64
// (Theorem::evaluate_double) of the same cases, what no certified check can go below. No C++
// theorem is run: the cases are the file's own suite drawn under the built-in id (seed 2508178,
// --cases cases), which is the C++ suite the kept times were measured on where the file's suite
// generator is the C++ one. Cases are drawn at each length of --lengths (default 16,256,1024) and,
// where the suite takes d, d = 64 (GPT-2's head width); a suite that takes no L keeps its own
// lengths (the L column says which the cases have). Reading the file and drawing the cases are not
// timed.
//
// Rounds interleave the runs (file, double floor), --rounds times per theorem; each run repeats
// its evaluations of all the cases until it has used --min-seconds of CPU time (the process's CPU
// time, which other load on the machine inflates less than wall time). The Markdown table prints
// medians over the rounds.
//
//   bench_theorem_file_ports [--specs DIR] [--cases N] [--rounds R] [--min-seconds X] [--only TEXT]
//                            [--lengths L,...] [--kept FILE]
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/cpu_time.hpp"
#include "bench/seconds_text.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/case_shape.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"

namespace {

constexpr std::uint64_t kSeed = 2508178;  // `normbound check`'s default seed
constexpr std::size_t kD = 64;

// The file stating former C++ theorem `id` in `dir`, <id>.toml; empty if it does not exist.
std::filesystem::path file_of(const std::string& dir, const std::string& id) {
  const std::filesystem::path file = std::filesystem::path(dir) / (id + ".toml");
  return std::filesystem::exists(file) ? file : std::filesystem::path();
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
  CLI::App app{"Theorem files against the C++ theorems they replaced (CPU time per case, kept C++ times)"};
  std::string specs = NORMBOUND_SPECS_DIR, only;
  std::size_t count = 10;
  std::vector<std::size_t> lengths{16, 256, 1024};
  unsigned rounds = 5;
  double min_seconds = 0.2;
  app.add_option("--specs", specs, "The theorem folder: <id>.toml for each kept id")
      ->capture_default_str();
  app.add_option("--cases", count, "Cases of each file's suite")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--rounds", rounds, "Interleaved rounds per port (medians are printed)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("--only", only, "Run only the theorems whose id contains this text");
  std::string kept_file = NORMBOUND_KEPT_TIMES;
  app.add_option("--lengths", lengths, "L of the cases, in turn")->delimiter(',')->capture_default_str();
  app.add_option("--kept", kept_file, "C++ times per case kept from before the migration")->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  const auto kept = kept_times(kept_file);
  if (kept.empty()) {
    std::cerr << "bench_theorem_file_ports: no kept C++ times in " << kept_file << '\n';
    return 66;
  }

  try {
    const nb::CheckSettings settings;  // the defaults of `normbound check`, one thread
    std::printf("seed %llu, %u rounds, CPU time per case of evaluate_cases (medians), one thread\n\n",
                static_cast<unsigned long long>(kSeed), rounds);
    std::printf("| theorem | L | cases | file per case | C++ kept | file/C++ kept | double floor | file/floor |\n");
    std::printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    std::fflush(stdout);
    std::vector<std::string> ids;
    for (const auto& [key, seconds] : kept)
      if (key.first.find(only) != std::string::npos && (ids.empty() || ids.back() != key.first)) ids.push_back(key.first);
    // Every file is registered before any case is evaluated, as `normbound check` registers its
    // theorems: the exact decisions then go to the thread's one worker process, which finds the
    // theorem by its id, as the kept C++ theorems' did (registered theorems), not to a process
    // forked for each decision, whose fork the file would pay and the C++ did not. The worker's own
    // CPU time is counted in neither (the process's clock).
    std::map<std::string, const nb::Theorem*> files;
    for (const std::string& built_in_id : ids) {
      const std::filesystem::path path = file_of(specs, built_in_id);
      if (path.empty()) throw nb::InputError(specs + ": no theorem file for '" + built_in_id + "'");
      const nb::Theorem* file = nb::theorems::add_theorem_file(path.string());
      // The suite's draws depend on the id: the kept times' cases were drawn under the built-in one.
      if (file->info().id != built_in_id)
        throw nb::InputError(path.string() + " states '" + file->info().id + "', not '" + built_in_id + "'");
      files[built_in_id] = file;
    }
    for (const std::size_t L : lengths)
    for (const std::string& built_in_id : ids) {
      const nb::Theorem* file = files.at(built_in_id);

      const nb::SuiteShapes& takes = file->info().shapes;
      nb::CaseShape shape;
      if (takes.L) shape.L = L;
      if (takes.d) shape.d = kD;
      const std::vector<nb::Case> cases = file->suite({.seed = kSeed, .count = count, .shapes = {shape}});

      std::vector<double> file_seconds, floor_seconds;
      const double per_case = 1.0 / static_cast<double>(cases.size());
      volatile double sink = 0;  // keeps the double evaluations from being optimized away
      for (unsigned r = 0; r < rounds; ++r) {
        file_seconds.push_back(
            nb::bench::seconds_per_evaluation(min_seconds, [&] { nb::evaluate_cases(*file, cases, settings); }));
        floor_seconds.push_back(nb::bench::seconds_per_evaluation(min_seconds, [&] {
          for (const nb::Case& c : cases) sink = sink + file->evaluate_double(c, {}).claims[0].value;
        }));
      }
      const double in_file = nb::median_of(file_seconds) * per_case, floor = nb::median_of(floor_seconds) * per_case;
      const auto kept_time = kept.find({built_in_id, nb::shape_of(cases.front()).L.value_or(0)});
      const auto ratio = [](double x, double y) {
        char text[32];
        std::snprintf(text, sizeof text, "%.2fx", x / y);
        return std::string(text);
      };
      std::printf("| %s | %s | %zu | %s | %s | %s | %s | %s |\n", built_in_id.c_str(), lengths_text(cases).c_str(),
                  cases.size(), nb::bench::seconds_text(in_file).c_str(),
                  kept_time == kept.end() ? "" : nb::bench::seconds_text(kept_time->second).c_str(),
                  kept_time == kept.end() ? "" : ratio(in_file, kept_time->second).c_str(),
                  nb::bench::seconds_text(floor).c_str(), ratio(in_file, floor).c_str());
      std::fflush(stdout);
    }
  } catch (const nb::InputError& e) {
    std::cerr << "bench_theorem_file_ports: " << e.what() << '\n';
    return 65;
  } catch (const std::filesystem::filesystem_error& e) {
    std::cerr << "bench_theorem_file_ports: " << e.what() << '\n';
    return 66;
  }
  return 0;
}
