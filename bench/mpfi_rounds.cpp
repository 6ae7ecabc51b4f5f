// The CPU time of the MPFI rounds of `normbound check --all`, theorem by theorem: what Arb balls
// (verify/numbers/arb_interval.hpp) could take off the whole run where they replace MPFI
// (docs/performance.md, "Arb as the interval type").
//
//   bench_mpfi_rounds
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "bench/cpu_time.hpp"
#include "bench/seconds_text.hpp"
#include "theorems/pinned_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/run.hpp"

namespace {

using nb::bench::seconds_text;

constexpr std::uint64_t kCheckSeed = 2508178;  // `normbound check`'s default seed
constexpr std::size_t kCheckCases = 100;       // and its default suite size

// The cases `check --all` evaluates for a theorem and the engine's outcome of each (default
// settings, exact decisions off: they follow the last round and do not move the ladder).
struct CheckedCases {
  nb::CheckSettings settings;
  std::vector<nb::Case> cases;
  std::vector<nb::CaseOutcome> outcomes;
};

CheckedCases checked_cases_of(const nb::Theorem& theorem) {
  CheckedCases checked;
  checked.settings.exact.units = 0;
  checked.cases = nb::theorems::pinned_cases_of(theorem.info().id);
  std::vector<nb::Case> suite = nb::suite_cases(theorem, kCheckSeed, kCheckCases).cases;
  checked.cases.insert(checked.cases.end(), suite.begin(), suite.end());
  checked.outcomes = nb::evaluate_cases(theorem, checked.cases, checked.settings);
  return checked;
}

// The CPU time of the MPFI rounds of `check --all`, theorem by theorem, one
// thread: each case the binary64 tier leaves open climbs the engine's own ladder
// (nb::mpfi_ladder_outcome, exact decisions off) at the look (sample size) that decided it. The
// engine's bookkeeping per round (slacks, verdicts) is counted with the evaluations.
void print_mpfi_rounds() {
  std::printf("%-46s %6s %6s %12s %16s\n", "theorem", "open", "capped", "MPFI rounds", "of which capped");
  double total = 0, total_capped = 0;
  for (const auto& theorem : nb::theorems::all()) {
    const CheckedCases checked = checked_cases_of(*theorem);
    const nb::CheckSettings& settings = checked.settings;
    double seconds = 0, capped_seconds = 0;
    std::size_t open = 0, capped = 0;
    for (const nb::CaseOutcome& o : checked.outcomes) {
      if (o.precision_bits <= nb::kBinary64TierBits) continue;
      const double start = nb::bench::cpu_seconds();
      nb::mpfi_ladder_outcome(*theorem, checked.cases[o.index], o.index, settings, o.sample_doublings);
      const double elapsed = nb::bench::cpu_seconds() - start;
      ++open;
      seconds += elapsed;
      if (o.precision_bits >= settings.max_precision) {
        ++capped;
        capped_seconds += elapsed;
      }
    }
    total += seconds;
    total_capped += capped_seconds;
    std::printf("%-46s %6zu %6zu %12s %16s\n", theorem->info().id.c_str(), open, capped, seconds_text(seconds).c_str(),
                seconds_text(capped_seconds).c_str());
    std::fflush(stdout);
  }
  std::printf("%-46s %6s %6s %12s %16s\n", "all", "", "", seconds_text(total).c_str(), seconds_text(total_capped).c_str());
}

}  // namespace

int main() {
  try {
    print_mpfi_rounds();
  } catch (const nb::InputError& e) {
    std::cerr << "bench_mpfi_rounds: " << e.what() << '\n';
    return 65;
  }
  return 0;
}
