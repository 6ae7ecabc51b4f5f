// Arb (nb::ArbInterval, verify/numbers/arb_interval.hpp) against MPFI (nb::Interval) behind the same
// template parameter: the same templated evaluation of the theorems whose cases
// dominate the MPFI escalation rounds of `normbound check --all`, at the precisions the ladder uses.
//
//   bench_arb_vs_mpfi [--seed S] [--rounds R] [--min-seconds X] [--bits B]... [--only TEXT]...
//   bench_arb_vs_mpfi --mpfi-rounds     the MPFI rounds' CPU time in check --all, per theorem
//
// Workloads, per theorem (theorems/arb_trial_theorems.hpp):
//   "<id> ladder"   the cases of `check --all` (the theorem's pinned cases, then its default suite
//                   of 100 cases at the default seed 2508178) that the engine takes to the cap of
//                   its ladder (2048 bits): selected by running the engine with default settings,
//                   exact decisions off; all of them are one workload (one evaluation of each);
//   "<id> <shape>"  the non-tight cases of bench/certified_workloads.hpp (--seed) of the theorem.
// Per workload and precision: the CPU time of one evaluation of the workload in MPFI and in Arb
// (medians of interleaved rounds, MPFI then Arb) and MPFI/Arb (> 1: Arb is faster); then, from one
// more evaluation in each type, every claim's slack (bound - value, verify/engine/slack.hpp): whether
// the two enclosures overlap (they must: both enclose the same number), their widths (the median
// log2 of MPFI's; Arb's width over MPFI's: median and maximum over the claims), and how many
// claims each type decides (slack enclosure excluding 0, or the exact point 0).
// Both types get the same working precision (the bits set_working_precision gives for --bits).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "bench/certified_workloads.hpp"
#include "bench/cpu_time.hpp"
#include "bench/seconds_text.hpp"
#include "theorems/arb_trial_theorems.hpp"
#include "theorems/pinned_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/median.hpp"
#include "verify/results/run.hpp"
#include "verify/engine/slack.hpp"

namespace {

using nb::ArbInterval;
using nb::Interval;
using nb::Mpfr;
using nb::bench::seconds_text;

constexpr std::uint64_t kCheckSeed = 2508178;  // `normbound check`'s default seed
constexpr std::size_t kCheckCases = 100;       // and its default suite size

struct TrialTheorem {
  std::string id;
  std::function<nb::Sides<Interval>(const nb::Case&)> mpfi;
  std::function<nb::Sides<ArbInterval>(const nb::Case&)> arb;
};

template <class T>
TrialTheorem trial_theorem() {
  return {T::info().id, [](const nb::Case& c) { return T::template evaluate<Interval>(c, {}); },
          [](const nb::Case& c) { return T::template evaluate<ArbInterval>(c, {}); }};
}

struct TrialWorkload {
  std::string name;
  const TrialTheorem* theorem = nullptr;
  std::vector<nb::Case> cases;
};

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

// The cases of `check --all` for theorem `id` that the engine's ladder takes to max_precision.
std::vector<nb::Case> cases_at_the_cap(const std::string& id) {
  const nb::Theorem* theorem = nb::theorems::find(id);
  if (!theorem) throw nb::UsageError("no theorem '" + id + "'");
  const CheckedCases checked = checked_cases_of(*theorem);
  std::vector<nb::Case> capped;
  for (const nb::CaseOutcome& o : checked.outcomes)
    if (o.precision_bits >= checked.settings.max_precision) capped.push_back(checked.cases[o.index]);
  return capped;
}

// --mpfi-rounds: the CPU time of the MPFI rounds of `check --all`, theorem by theorem, one
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

// The width of an enclosure given by its ends, as log2 (-inf for a point, NaN when unknown).
double log2_width(const Mpfr& lo, const Mpfr& hi) {
  const Mpfr w = hi - lo;
  return static_cast<double>(log2(w));
}

// Whether a slack enclosure decides its claim's sign: it excludes 0, or it is the point 0.
bool decides(const Mpfr& lo, const Mpfr& hi) { return lo > 0 || hi < 0 || (lo == 0 && hi == 0); }

struct ClaimComparison {
  std::size_t claims = 0, overlapping = 0, mpfi_decided = 0, arb_decided = 0;
  std::vector<double> mpfi_log2_widths, log2_width_ratios;  // Arb's width over MPFI's, as log2
};

ClaimComparison compare_claims(const TrialWorkload& w) {
  ClaimComparison c;
  for (const nb::Case& one : w.cases) {
    const nb::Sides<Interval> m = w.theorem->mpfi(one);
    const nb::Sides<ArbInterval> a = w.theorem->arb(one);
    if (m.claims.size() != a.claims.size()) throw nb::InputError(w.name + ": the two evaluations differ in claims");
    for (std::size_t k = 0; k < m.claims.size(); ++k) {
      const Interval ms = nb::slack_value(m.claims[k]);
      const ArbInterval as = nb::slack_value(a.claims[k]);
      const Mpfr mlo = nb::lower_end_of(ms), mhi = nb::upper_end_of(ms);
      const Mpfr alo = nb::lower_end_of(as), ahi = nb::upper_end_of(as);
      ++c.claims;
      if (nb::overlaps(as, ms) && nb::overlaps(a.claims[k].value, m.claims[k].value) &&
          nb::overlaps(a.claims[k].bound, m.claims[k].bound))
        ++c.overlapping;
      if (decides(mlo, mhi)) ++c.mpfi_decided;
      if (decides(alo, ahi)) ++c.arb_decided;
      const double mw = log2_width(mlo, mhi), aw = log2_width(alo, ahi);
      c.mpfi_log2_widths.push_back(mw);
      if (std::isinf(mw) && std::isinf(aw)) {
        c.log2_width_ratios.push_back(0);  // both points: the same width
      } else {
        c.log2_width_ratios.push_back(aw - mw);
      }
    }
  }
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Arb (arb_t balls) against MPFI behind the interval template parameter"};
  std::uint64_t seed = kCheckSeed;
  unsigned rounds = 5;
  double min_seconds = 0.2;
  std::vector<unsigned> bits = {128, 512, 2048};
  std::vector<std::string> only;
  bool mpfi_rounds = false;
  app.add_option("--seed", seed, "Seed of bench/certified_workloads.hpp's inputs (printed)")->capture_default_str();
  app.add_option("--rounds", rounds, "Interleaved rounds per workload and precision (medians are printed)")
      ->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--min-seconds", min_seconds, "CPU seconds each timed run lasts at least")->capture_default_str();
  app.add_option("--bits", bits, "Working precisions, bits")->capture_default_str()->check(CLI::Range(53u, 1u << 20));
  app.add_option("--only", only, "Run only workloads whose name contains this text (repeatable)");
  app.add_flag("--mpfi-rounds", mpfi_rounds, "Print the CPU time of check --all's MPFI rounds per theorem instead");
  CLI11_PARSE(app, argc, argv);

  try {
    if (mpfi_rounds) {
      print_mpfi_rounds();
      return 0;
    }
    // normalizer-jacobian-bound, the trial's theorem, is a theorem file now: no C++ theorem is left to trial.
    const std::vector<TrialTheorem> theorems;
    const auto wanted = [&](const std::string& name) {
      return only.empty() || std::any_of(only.begin(), only.end(), [&](const std::string& o) {
               return name.find(o) != std::string::npos;
             });
    };
    std::vector<TrialWorkload> workloads;
    const std::vector<nb::bench::Workload> certified = nb::bench::certified_workloads(seed);
    for (const TrialTheorem& t : theorems) {
      if (wanted(t.id + " ladder")) workloads.push_back({t.id + " ladder", &t, cases_at_the_cap(t.id)});
      for (const nb::bench::Workload& w : certified)
        if (w.theorem == t.id && wanted(nb::bench::workload_name(w)))
          workloads.push_back({nb::bench::workload_name(w), &t, {w.input}});
    }

    std::printf("workload seed %llu, ladder cases of check --all (seed %llu, %zu cases), %u rounds, CPU time per "
                "evaluation of the workload (medians)\n",
                static_cast<unsigned long long>(seed), static_cast<unsigned long long>(kCheckSeed), kCheckCases, rounds);
    std::printf("%-46s %5s %5s %11s %11s %9s %7s %13s %17s %17s %13s\n", "workload", "cases", "bits", "MPFI", "Arb",
                "MPFI/Arb", "claims", "overlapping", "log2 w MPFI (med)", "log2 Arb/MPFI w (med, max)",
                "decided MPFI/Arb");
    volatile std::size_t sink = 0;
    for (const TrialWorkload& w : workloads) {
      for (unsigned requested : bits) {
        const unsigned p = nb::set_working_precision(requested);
        ArbInterval::set_precision(p);
        std::vector<double> mpfi_seconds, arb_seconds;
        for (unsigned r = 0; r < rounds; ++r) {
          mpfi_seconds.push_back(nb::bench::seconds_per_evaluation(min_seconds, [&] {
            for (const nb::Case& c : w.cases) sink = sink + w.theorem->mpfi(c).claims.size();
          }));
          arb_seconds.push_back(nb::bench::seconds_per_evaluation(min_seconds, [&] {
            for (const nb::Case& c : w.cases) sink = sink + w.theorem->arb(c).claims.size();
          }));
        }
        const double mpfi = nb::median_of(mpfi_seconds), arb = nb::median_of(arb_seconds);
        const ClaimComparison c = compare_claims(w);
        const double ratio_median = c.log2_width_ratios.empty() ? 0 : nb::median_of(c.log2_width_ratios);
        const double ratio_max = c.log2_width_ratios.empty()
                                     ? 0
                                     : *std::max_element(c.log2_width_ratios.begin(), c.log2_width_ratios.end());
        const double width_median = c.mpfi_log2_widths.empty() ? 0 : nb::median_of(c.mpfi_log2_widths);
        std::printf("%-46s %5zu %5u %11s %11s %9.2f %7zu %13zu %17.1f %8.2f %8.2f %9zu/%zu\n", w.name.c_str(),
                    w.cases.size(), p, seconds_text(mpfi).c_str(), seconds_text(arb).c_str(), mpfi / arb, c.claims,
                    c.overlapping, width_median, ratio_median, ratio_max, c.mpfi_decided, c.arb_decided);
        std::fflush(stdout);
      }
    }
  } catch (const nb::UsageError& e) {
    std::cerr << "bench_arb_vs_mpfi: " << e.what() << '\n';
    return 64;
  } catch (const nb::InputError& e) {
    std::cerr << "bench_arb_vs_mpfi: " << e.what() << '\n';
    return 65;
  }
  return 0;
}
