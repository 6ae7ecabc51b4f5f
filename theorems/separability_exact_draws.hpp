#pragma once
// Counts of sampled separability draws decided in exact arithmetic. In a draw, N_s counts the
// tokens with dist_k < r; when a distance equals r exactly (in d = 1 the sphere is the two points
// +-M, so with tied weights identical or mirrored tokens make such ties with positive
// probability), interval arithmetic leaves that comparison at [0, 1] at every precision, and a
// confidence interval over the draws stays wide however many are drawn. Such draws are
// evaluated once more exactly (Calcium, verify/numbers/exact_real.hpp) and their N_s and envelope
// narrowed to enclosures of their exact values. Only draws whose count intervals leave open pay
// for it. The exact evaluations of a case run together in the thread's child of exact
// evaluations (verify/engine/exact_decision_in_child.hpp), which replays the draws from their seed and is
// killed past the run's time limit: one Calcium operation can run for hours, whatever the budget.
#include <cstdint>
#include <string>
#include <vector>

#include "models/random/random_inputs.hpp"
#include "theorems/separability.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::theorems {

// The next draw of case `c` from `rng`: L = |logits| tokens uniform on the sphere of radius
// c.number("radius") in R^{c.integer("dimension")} (random::sphere_rows).
ExactTensor sphere_draw(random::Rng& rng, const Case& c);

// N_s and the envelope of draw number `draw` (counted from 0).
struct DrawCounts {
  std::size_t draw;
  Interval separated, envelope;
};

class ExactSeparabilityDraws {
 public:
  // For the draws of case `c` (its logits, T, top-N set, dimension and radius) made by
  // sphere_draw from random::Rng(seed), within ctx.exact for all of them together (units 0:
  // never evaluate exactly) and ctx.exact_time_limit seconds of CPU time.
  ExactSeparabilityDraws(const Case& c, const EvalContext& ctx, std::uint64_t seed)
      : case_(c), budget_(ctx.exact), time_limit_(ctx.exact_time_limit), seed_(seed) {}

  // Keeps N_s and the envelope of draw number `k` (noted in increasing order) when
  // terms.separated is not a single count.
  void note(std::size_t k, const SeparabilityTerms<Interval>& terms);

  // The noted draws with N_s and the envelope narrowed to enclosures of their exact values: the
  // first ones noted, up to the first that the exact
  // evaluation gives up on (an undecidable comparison, the budget); none when the evaluations
  // together go over the time limit or the child's memory. The enclosures are at the calling
  // thread's working precision. Throws std::logic_error when an exact value lies outside its
  // interval (a bug in one of the two evaluations).
  std::vector<DrawCounts> decide();

 private:
  const Case& case_;
  ExactBudget budget_;
  double time_limit_;
  std::uint64_t seed_;
  std::vector<DrawCounts> noted_;
};

// The name of decide's exact evaluation as a task of the children (theorems/registry.cpp adds it).
inline const std::string kSeparabilityDrawTask = "separability-draws";

// That task: runs in the child, on the bytes decide sends.
std::string decide_separability_draws(const std::string& input);

}  // namespace nb::theorems
