// Theorem 1 of arXiv 2508.17821 for a fixed top-N set, reading (a) of the distance (7)
// (reconstructed: the printed formula is not available). With alpha = softmax(l/T), I_N the N
// largest weights, s = sum_{j in I_N} alpha_j x_j, a = sum_{j in I_N} alpha_j,
// d_1 = max_{i not in I_N, j in I_N} ||x_i - x_j||_2 and d_2 = max_{j in I_N} ||x_j||_2:
//   d~ = sum_{i not in I_N} ||alpha_i x_i - s||_2 <= (1 - a) d_1 + ((L - N) a - (1 - a)) d_2.
// Proof: with x^ = s / a, a convex combination of the selected x_j,
//   alpha_i x_i - s = alpha_i (x_i - x^) + (alpha_i - a) x^.
// ||x_i - x^|| <= max_{j in I_N} ||x_i - x_j|| <= d_1 (the norm is convex), ||x^|| <= d_2, and
// 0 <= alpha_i <= min_{j in I_N} alpha_j <= a for i not in I_N, so |alpha_i - a| = a - alpha_i.
// Summing over the L - N tokens left out: sum alpha_i d_1 + sum (a - alpha_i) d_2 = the bound.
// Equality: L = 2, N = 1, x_2 = -x_1 (both sides ||x_1||); identical vectors (d_1 = 0 and every
// term is (a - alpha_i) ||x||); N = L (both sides 0).
#include "models/random/vector_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceFixed {
  static TheoremInfo info() {
    return {.id = "topn-distance-fixed",
            .title = "Top-N distance bound, fixed set, cumulative reading (Theorem 1)",
            .source = "arXiv 2508.17821, Theorem 1 (fixed I_N; distance (7) read as a sum over the tokens left out)",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\sum_{i\notin I_N}\|\alpha_i x_i - s\|_2 \le (1-\bar\alpha_N)\,d_1 + \big((L-N)\bar\alpha_N-(1-\bar\alpha_N)\big)\,d_2,\quad s=\sum_{j\in I_N}\alpha_j x_j,\ d_1=\max_{i\notin I_N,\,j\in I_N}\|x_i-x_j\|_2,\ d_2=\max_{j\in I_N}\|x_j\|_2)",
            .summary = "sum_{i out} ||a_i x_i - s|| <= (1-a) d1 + ((L-N) a - (1-a)) d2",
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
    s.claim("d~ <= (1 - a) d_1 + ((L - N) a - (1 - a)) d_2", t.cumulative, Relation::LessEqual, t.cumulative_bound);
    s.quantity("d~", t.cumulative);
    add_fixed_set_quantities(s, t);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceFixed)
