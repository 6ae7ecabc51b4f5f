#pragma once
// Expectations over a uniformly random subset, the vocabulary of theorem files for statements
// about a random selection (Theorem 1 of arXiv 2508.17821 with I_N uniform over the N-subsets):
//
//   expectation(S, subset(L, N), e)             E over S uniform among the N-subsets of
//                                               {0, ..., L-1} of e, by enumeration;
//   expectation(S, subset(L, N), e, low, high)  the same, and where there are too many subsets to
//                                               enumerate, a confidence interval from draws of S,
//                                               the file stating low <= e <= high for every S;
//   expectation(S, subset(L, N), e, low, high, n)  the same with n draws at the first look (an
//                                               integer in [2, kMaxSampledDraws]; else
//                                               kSampledDraws), so that a case may set its own.
//
// S is a new name, visible in e only: the indicator vector of the subset (1 at its members, 0
// elsewhere), an index set as top(v, N) is (sum(j, S, ...), 1 - S its complement).
//
// Contract (Arb's). Enumerated (C(L, N) <= kMaxEnumeratedSubsets): the value encloses the exact
// mean of e over every N-subset for every point of the inputs' enclosures (a sum of enclosures
// divided by the exact count; subsets that differ only by tokens the body cannot tell apart
// evaluated once, times their number: expectation_calls.hpp), exact in the exact tier; a
// certified value. Sampled: with probability at least the run's confidence over the draws, the
// interval holds the exact expectation (Hoeffding's and the empirical Bernstein bound, verify/kernels/statistics.hpp, with
// the range width high - low), each draw enclosed in binary64 intervals (MPFI's too: its width is
// nothing beside the interval's; a distance from a row to a sum of rows through the binary64
// filter of verify/kernels/filtered_row_distance.hpp); double and MPFR give the
// sample mean (a screening estimate), the exact tier and derivatives no value: a statistical
// value, and a claim reading one has a statistical verdict, never PROVEN or VIOLATED. The
// sampled expectations of a file share the run's confidence by the union bound (each is at
// level 1 - (1 - confidence) / K for K of them), so that every claim keeps the stated level.
// The compiler's side is expectation_calls.hpp, the LaTeX expectations_latex.hpp.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "verify/formula/formula.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"

namespace nb::formula {

// At most this many subsets are enumerated (C(12, 6) = 924, C(18, 9) = 48620); beyond, an
// expectation with a range is sampled and one without has no value.
inline constexpr std::uint64_t kMaxEnumeratedSubsets = 200000;
// Draws of a sampled expectation at the engine's first look where it gives no number of its own;
// each later look doubles them. A number of its own is at most kMaxSampledDraws (a case may not
// ask for unbounded work).
inline constexpr std::size_t kSampledDraws = 64000;
inline constexpr std::size_t kMaxSampledDraws = 1000000;

// What the sampled expectations of one evaluation need from the run, and what they tell it.
struct ExpectationDraws {
  double confidence = 0.999;  // the run's level, for all the file's sampled expectations together
  std::size_t expectations = 1;  // K above: how many sampled expectations share it
  std::uint64_t seed = 0;        // the case's
  unsigned doublings = 0;        // the engine's look
  bool sampled = false;          // set when an expectation was sampled in this evaluation
  // The members of each random set being evaluated, in increasing order, by its vector slot.
  // (A deque: a reference to one stays valid while a later expectation adds its own.)
  std::deque<std::vector<std::size_t>> members;
  ExactSphereDraws exact_draws;  // draws of expectations over a sphere evaluated exactly
  // Bodies the enumerated expectations evaluated: one per subset, or one per choice of how many
  // tokens each class of equal tokens gives where they are grouped (subset_grouping.hpp).
  std::uint64_t enumerated = 0;

  double level_of_each() const { return 1 - (1 - confidence) / static_cast<double>(expectations); }
  // The draws at this look of an expectation drawing `first` at the first look.
  std::size_t draws(std::size_t first = kSampledDraws) const { return first << doublings; }
};

// Whether `n` is an expectation with a range (one that may be sampled), with or without its
// number of draws.
inline bool samples(const Node& n) {
  return n.kind == Node::Kind::Call && n.text == "expectation" &&
         (n.args.size() == 5 || n.args.size() == 6 || over_a_sphere(n));
}

// How many expectations with a range the tree `n` holds.
inline std::size_t sampled_expectations_in(const Node& n) {
  std::size_t count = samples(n) ? 1 : 0;
  for (const Node& a : n.args) count += sampled_expectations_in(a);
  return count;
}

// Whether the tree `n` holds an expectation with a range, or names one of `sampling` (the
// definitions that do, directly or through others).
inline bool reads_a_sampled_expectation(const Node& n, const std::set<std::string>& sampling) {
  if (samples(n) || (n.kind == Node::Kind::Name && sampling.contains(n.text))) return true;
  for (const Node& a : n.args)
    if (reads_a_sampled_expectation(a, sampling)) return true;
  return false;
}

// How many evaluations of its body expectation(S, subset(L, N), e[, low, high]) makes at most
// for L and N at most `L` and `N` (for the cost limit): every subset where there are at most
// kMaxEnumeratedSubsets, else the first look's default draws (a ranged one: a case asking for
// more through the number of draws pays for them, up to kMaxSampledDraws) or one (it has no value).
inline double expectation_evaluations(double L, double N, bool ranged) {
  // The most subsets: C(L, n) over n <= N is largest at n = min(N, L / 2).
  const double n = N < L / 2 ? N : static_cast<double>(static_cast<std::uint64_t>(L / 2));
  double count = 1;
  for (double k = 1; k <= n && count <= static_cast<double>(kMaxEnumeratedSubsets); ++k) count = count * (L - n + k) / k;
  if (count <= static_cast<double>(kMaxEnumeratedSubsets)) return count;
  return ranged ? static_cast<double>(kSampledDraws) : 1;
}

}  // namespace nb::formula
