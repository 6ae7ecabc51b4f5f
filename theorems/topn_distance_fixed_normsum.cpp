// Theorem 1 of arXiv 2508.17821 for a fixed top-N set, reading (b) of the distance (7)
// (reconstructed: the printed formula is not available). Notation as in topn_distance_fixed.cpp:
//   d^ = ||sum_{i not in I_N} alpha_i x_i - s||_2 <= (1 - a) d_1 + |1 - 2a| d_2.
// Proof: with x^ = s / a and 1 - a = sum_{i not in I_N} alpha_i,
//   sum_{i not in I_N} alpha_i x_i - s = sum_{i not in I_N} alpha_i (x_i - x^) + ((1 - a) - a) x^,
// and ||x_i - x^|| <= d_1, ||x^|| <= d_2 as in reading (a).
// Equality: L = 2, N = 1, x_2 = -x_1 (both sides ||x_1||); N = L with all x_i equal (||s|| = d_2).
#include "models/random/vector_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceFixedNormsum {
  static TheoremInfo info() {
    return {.id = "topn-distance-fixed-normsum",
            .title = "Top-N distance bound, fixed set, norm-of-sum reading (Theorem 1)",
            .source = "arXiv 2508.17821, Theorem 1 (fixed I_N; distance (7) read as the norm of a difference of sums)",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\Big\|\sum_{i\notin I_N}\alpha_i x_i - s\Big\|_2 \le (1-\bar\alpha_N)\,d_1 + |1-2\bar\alpha_N|\,d_2,\quad s=\sum_{j\in I_N}\alpha_j x_j)",
            .summary = "||sum_{i out} a_i x_i - s|| <= (1-a) d1 + |1-2a| d2",
            .assumptions = fixed_set_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = {.numbers = {"logits", "T", "vectors"}, .integers = {"N"}},
            .shapes = random::kTokenCaseShapes.also_in_default_suite()};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::fixed_set_cases(r, info().id); }

  static void check_assumptions(const Case& c) { check_token_input(c, 1, true); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const TokenInput<R> in = token_input<R>(c);
    const FixedSetTerms<R> t = fixed_set_terms(in, c.number("vectors"), top_n_selection(c));
    Sides<R> s;
    s.claim("d^ <= (1 - a) d_1 + |1 - 2a| d_2", t.norm_of_sum, Relation::LessEqual, t.norm_of_sum_bound);
    s.quantity("d^", t.norm_of_sum);
    add_fixed_set_quantities(s, t);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceFixedNormsum)
