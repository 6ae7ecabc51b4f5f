// Cost of a certified check against plain double on the workloads
// (bench/certified_workloads.hpp): the same templated evaluation of a theorem, once in binary64
// (Theorem::evaluate_double) and once as the check normbound performs (nb::evaluate_cases on the
// one case, one thread, default precision settings: whatever tiers and escalation the engine
// uses). Runs alternate, double then certified, `--rounds` times per workload; each run repeats
// the evaluation until it has used `--min-seconds` of CPU time and counts the time per evaluation.
// Times are the process's CPU time, so that other load on the machine inflates them less than
// wall-clock time would; the tables print medians over the rounds.
//
//   bench_certified [--seed S | --inputs FILE] [--rounds R] [--min-seconds X] [--only TEXT]... [--json [--claims]]
//   bench_certified --seed S --write-inputs FILE     the workloads as exact hex floats, for the peers
//
// --json prints what bench/compare_certified.sh collects: per workload the times of every round
// and, with --claims, for the peers' agreement check, each claim's value and bound enclosed at the
// first precision of the check (outward-rounded decimal text; one more interval evaluation, not
// timed).
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "bench/certified_workloads.hpp"
#include "bench/cpu_time.hpp"
#include "bench/seconds_text.hpp"
#include "bench/workload_file.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"
#include "verify/engine/outcome.hpp"

namespace {

using nb::bench::seconds_per_evaluation;
using nb::bench::seconds_text;
using nb::bench::Workload;

struct Timings {
  std::vector<double> plain, certified;  // seconds per evaluation, one entry per round
  std::string verdict;                   // of the certified check
};

const nb::Theorem& theorem_of(const Workload& w) {
  const nb::Theorem* t = nb::theorems::find(w.theorem);
  if (!t) throw nb::UsageError("workload " + nb::bench::workload_name(w) + ": no theorem '" + w.theorem + "'");
  return *t;
}

// Every claim's value and bound as Theorem::evaluate_interval encloses them at the check's first
// precision: what the peers' values are compared with.
nlohmann::json claims_at_first_precision(const Workload& w, const nb::CheckSettings& settings) {
  nb::set_working_precision(settings.precision);
  const nb::Sides<nb::Interval> sides = theorem_of(w).evaluate_interval(w.input, {});
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& c : sides.claims) {
    const nb::EnclosureText value = nb::enclosure_text(c.value), bound = nb::enclosure_text(c.bound);
    claims.push_back({{"name", c.name},
                      {"value", {value.lo, value.hi}},
                      {"bound", {bound.lo, bound.hi}}});
  }
  return claims;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Certified check vs plain double on the workloads (CPU time, interleaved rounds)"};
  std::uint64_t seed = 2508178;
  std::string inputs, write_inputs;
  unsigned rounds = 5;
  double min_seconds = 0.2;
  std::vector<std::string> only;
  bool json = false, claims = false;
  app.add_option("--seed", seed, "Seed of the workloads' random inputs (printed)")->capture_default_str();
  app.add_option("--inputs", inputs, "Read the workloads from this file (written by --write-inputs)");
  app.add_option("--write-inputs", write_inputs, "Write the workloads of --seed to this file and exit");
  app.add_option("--rounds", rounds, "Interleaved rounds per workload (medians are printed)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("--only", only, "Run only workloads whose name contains this text (repeatable)");
  app.add_flag("--json", json, "Print JSON (the times of every round) instead of the table");
  app.add_flag("--claims", claims, "With --json, add the claims' enclosures at the first precision")->needs("--json");
  CLI11_PARSE(app, argc, argv);

  try {
    nb::bench::WorkloadFile file =
        inputs.empty() ? nb::bench::WorkloadFile{seed, nb::bench::certified_workloads(seed)} : nb::bench::read_workload_file(inputs);
    if (!write_inputs.empty()) {
      nb::bench::write_workload_file(file, write_inputs);
      std::cout << "wrote " << file.workloads.size() << " workloads (seed " << file.seed << ") to " << write_inputs << '\n';
      return 0;
    }
    std::erase_if(file.workloads, [&](const Workload& w) {
      const std::string name = nb::bench::workload_name(w);
      return !only.empty() && std::none_of(only.begin(), only.end(), [&](const std::string& o) {
        return name.find(o) != std::string::npos;
      });
    });

    const nb::CheckSettings settings;  // the defaults of `normbound check`, one thread
    const unsigned bits = nb::set_working_precision(settings.precision);
    nlohmann::json report = {{"peer", "normbound"}, {"seed", file.seed}, {"precision_bits", bits},
                             {"workloads", nlohmann::json::array()}};
    if (!json) {
      std::printf("seed %llu, %u rounds, CPU time per evaluation (medians); certified = check at %u bits first\n",
                  static_cast<unsigned long long>(file.seed), rounds, bits);
      std::printf("%-48s %12s %12s %16s\n", "workload", "double", "certified", "certified/double");
    }
    volatile double sink = 0;
    for (const Workload& w : file.workloads) {
      const nb::Theorem& theorem = theorem_of(w);
      const std::vector<nb::Case> one{w.input};
      Timings t;
      for (unsigned r = 0; r < rounds; ++r) {
        t.plain.push_back(seconds_per_evaluation(min_seconds, [&] {
          sink = sink + theorem.evaluate_double(w.input, {}).claims[0].value;
        }));
        t.certified.push_back(seconds_per_evaluation(min_seconds, [&] {
          t.verdict = nb::verdict_name(nb::evaluate_cases(theorem, one, settings)[0].verdict);
        }));
      }
      const double plain = nb::median_of(t.plain), certified = nb::median_of(t.certified);
      if (json) {
        nlohmann::json entry = {{"name", nb::bench::workload_name(w)},
                                {"double_seconds", t.plain},
                                {"certified_seconds", t.certified},
                                {"verdict", t.verdict}};
        if (claims) entry["claims"] = claims_at_first_precision(w, settings);
        report["workloads"].push_back(std::move(entry));
      } else {
        std::printf("%-48s %12s %12s %15.0fx   %s\n", nb::bench::workload_name(w).c_str(), seconds_text(plain).c_str(),
                    seconds_text(certified).c_str(), certified / plain, t.verdict.c_str());
        std::fflush(stdout);
      }
    }
    if (json) std::cout << report.dump() << '\n';
  } catch (const nb::UsageError& e) {
    std::cerr << "bench_certified: " << e.what() << '\n';
    return 64;
  } catch (const nb::InputError& e) {
    std::cerr << "bench_certified: " << e.what() << '\n';
    return 65;
  }
  return 0;
}
