// The inputs and the in-process side of bench/compare_input_path.sh, which measures what reading a
// case costs beside evaluating it: `normbound check --case` on Corollary 1 cases (arXiv 2508.17821,
// Section 3: softmax-weight-bounds at L = 256, d = 64) and on a file source of 1024 keys, against
// the same cases evaluated in process and by the mpmath peer (bench/input_path_mpmath.py).
//
//   bench_input_path --write DIR [--seed S] [--cases N]
//       DIR/case-K.json (K < N): the softmax-weight-bounds workload of bench_certified at seed S + K
//       (query and keys N(0, 1), T = 8), as `normbound check` saves cases (hex floats);
//       DIR/keys-1024.json: a file source {"T", "queries": one query, "keys": 1024 x 64} of
//       N(0, 1) entries written as JSON numbers in their shortest round-trip decimal (what
//       Python's json.dump writes), so that they are decimals that are mostly not binary64 values.
//   bench_input_path --evaluate [--precision P] [--rounds R] [--min-seconds X] FILE...
//       for each case file, or each file source (a name not starting with "case-"), the CPU seconds
//       of one nb::evaluate_cases on its softmax-weight-bounds cases (the settings of
//       `normbound check --precision P`, one thread) and of the plain-double floor, the theorem's
//       evaluation in binary64 (Theorem::evaluate_double) of the same cases, medians of R rounds,
//       as JSON {"FILE": {"certified": seconds, "double": seconds}, ...}; the reading is not timed.
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "bench/certified_workloads.hpp"
#include "bench/cpu_time.hpp"
#include "models/random/random_inputs.hpp"
#include "models/sources/load_source.hpp"
#include "models/sources/theorem_source_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/io/atomic_file.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"

namespace {

constexpr const char* kTheorem = "softmax-weight-bounds";

// Rows of N(0, 1) numbers as JSON numbers in shortest round-trip form.
std::string decimal_rows(nb::random::Rng& rng, std::size_t rows, std::size_t cols) {
  std::string text = "[";
  char digits[32];
  for (std::size_t r = 0; r < rows; ++r) {
    text += r ? ",\n [" : "[";
    const std::vector<double> row = nb::random::gaussian(rng, cols, 1);
    for (std::size_t c = 0; c < cols; ++c) {
      const auto end = std::to_chars(digits, digits + sizeof digits, row[c]).ptr;
      text += (c ? ", " : "") + std::string(digits, end);
    }
    text += "]";
  }
  return text + "]";
}

void write_inputs(const std::filesystem::path& dir, std::uint64_t seed, std::size_t count) {
  std::filesystem::create_directories(dir);
  for (std::size_t k = 0; k < count; ++k)
    for (const nb::bench::Workload& w : nb::bench::certified_workloads(seed + k))
      if (w.theorem == kTheorem) {
        nb::Case c = w.input;
        c.theorem = w.theorem;
        nb::write_case_file(c, (dir / ("case-" + std::to_string(k) + ".json")).string());
      }
  nb::random::Rng rng = nb::random::rng_for(seed, "keys-1024", 0);
  const std::string queries = decimal_rows(rng, 1, 64), keys = decimal_rows(rng, 1024, 64);
  nb::write_file_atomically((dir / "keys-1024.json").string(),
                            "{\"T\": \"8\",\n\"queries\": " + queries + ",\n\"keys\": " + keys + "}\n");
}

std::vector<nb::Case> cases_of(const std::string& file) {
  if (std::filesystem::path(file).filename().string().starts_with("case-")) return {nb::read_case_file(file)};
  nb::sources::SourceRequest request;
  request.spec = "file:" + file;
  std::string why_not;
  auto cases = nb::sources::theorem_source_cases(*nb::theorems::find(kTheorem), nb::sources::load_source(request), {},
                                                 why_not);
  if (!cases) throw nb::InputError(file + ": " + why_not);
  std::vector<nb::Case> built;
  for (const nb::Case& c : cases->cases) built.push_back(c);
  return built;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Inputs and in-process times of bench/compare_input_path.sh"};
  std::string write_dir;
  std::uint64_t seed = 2508178;
  std::size_t count = 10;
  bool evaluate = false;
  unsigned rounds = 5, precision = 256;
  double min_seconds = 0.2;
  std::vector<std::string> files;
  app.add_option("--write", write_dir, "Write the case files and the file source into this directory");
  app.add_option("--seed", seed, "Seed of the inputs")->capture_default_str();
  app.add_option("--cases", count, "Case files to write")->capture_default_str();
  app.add_flag("--evaluate", evaluate, "Time the in-process evaluation of the cases of FILE...");
  app.add_option("--precision", precision, "First MPFI precision of the check, bits")->capture_default_str();
  app.add_option("--rounds", rounds, "Rounds per file (the median is printed)")->capture_default_str();
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("files", files, "Case files or file sources to evaluate");
  CLI11_PARSE(app, argc, argv);
  try {
    if (!write_dir.empty()) write_inputs(write_dir, seed, count);
    if (!evaluate) return 0;
    const nb::Theorem& theorem = *nb::theorems::find(kTheorem);
    nb::CheckSettings settings;  // the defaults of `normbound check`, one thread
    settings.precision = precision;
    settings.max_precision = std::max(settings.max_precision, precision);
    nlohmann::json times = nlohmann::json::object();
    for (const std::string& file : files) {
      const std::vector<nb::Case> cases = cases_of(file);
      std::vector<double> certified, plain;
      volatile double sink = 0;
      for (unsigned r = 0; r < rounds; ++r) {
        certified.push_back(
            nb::bench::seconds_per_evaluation(min_seconds, [&] { nb::evaluate_cases(theorem, cases, settings); }));
        plain.push_back(nb::bench::seconds_per_evaluation(min_seconds, [&] {
          for (const nb::Case& c : cases) sink = sink + theorem.evaluate_double(c, {}).claims[0].value;
        }));
      }
      times[std::filesystem::path(file).filename().string()] = {{"certified", nb::median_of(certified)},
                                                                 {"double", nb::median_of(plain)}};
    }
    std::cout << times.dump() << '\n';
  } catch (const nb::InputError& e) {
    std::cerr << "bench_input_path: " << e.what() << '\n';
    return 65;
  }
  return 0;
}
