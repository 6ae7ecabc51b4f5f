// Corollary 2(ii) of arXiv 2508.17821 (reconstructed: the printed formula is not available): for
// fixed L, as N -> L the expected distance goes to 0. At N = L every token is selected, so
//   d~ = 0 (empty sum), the Theorem 1 fixed-set bound (1 - a) d_1 + ((L - N) a - (1 - a)) d_2 = 0
//   (a = 1, and no token is left out so d_1 is the empty maximum, taken as 0), the random-set main
//   sum M = ((L - N)/L) sum_i ... = 0 and its Jensen gap eps = E[d~] - M = 0.
// The claims are equalities that interval arithmetic decides exactly (1 - a is evaluated as the
// empty sum of the weights left out). Whether E[d~] decreases monotonically on the way to N = L
// is a separate statement: topn-distance-random-monotone.
#include "models/random/random_set_cases.hpp"
#include "theorems/theorem_registration.hpp"
#include "theorems/topn_distance.hpp"

namespace nb::theorems {

struct TopnDistanceFullSelection {
  static TheoremInfo info() {
    return {.id = "topn-distance-full-selection",
            .title = "Selecting every token: distance, bound and expectation vanish (Corollary 2(ii))",
            .source = "arXiv 2508.17821, Corollary 2(ii)",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(N=L\ \Rightarrow\ \tilde d=0,\quad (1-\bar\alpha_N)d_1+\big((L-N)\bar\alpha_N-(1-\bar\alpha_N)\big)d_2=0,\quad M=0,\quad \varepsilon=\mathbb E[\tilde d]-M=0)",
            .summary = "at N = L: d~ = 0, Thm 1 bound = 0, M = 0, eps = 0",
            .assumptions = {"T > 0", "L >= 2 (the main sum divides by L - 1)", "N = L"},
            .inputs = {"logits", "T", "vectors"},
            .reads = {.numbers = {"logits", "T", "vectors"}, .integers = {"N"}},
            .shapes = {.L = true, .d = true, .T = true, .in_default_suite = true}};
  }

  // models/random/random_set_cases.hpp
  static std::vector<Case> suite(const SuiteRequest& r) { return random::full_selection_cases(r, info().id); }

  static void check_assumptions(const Case& c) {
    check_token_input(c, 2, false);
    if (c.integers.contains("N") && c.integer("N") != static_cast<std::int64_t>(c.number("logits").size()))
      throw InputError("this statement is about N = L (got N = " + std::to_string(c.integer("N")) + ")");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const TokenInput<R> in = token_input<R>(c);
    const std::size_t L = static_cast<std::size_t>(in.y.rows());
    const Selection all = top_n(c.number("logits"), L);
    const FixedSetTerms<R> fixed = fixed_set_terms(in, c.number("vectors"), all);
    const R main = random_set_main_sum(in.y, L);
    const R eps = expected_distance_by_enumeration(in.y, equal_token_classes(c), L) - main;
    Sides<R> s;
    s.claim("d~ = 0 at N = L", fixed.cumulative, Relation::Equal, R(0));
    s.claim("Theorem 1 bound = 0 at N = L", fixed.cumulative_bound, Relation::Equal, R(0));
    s.claim("M = 0 at N = L", main, Relation::Equal, R(0));
    s.claim("eps = E[d~] - M = 0 at N = L", eps, Relation::Equal, R(0));
    s.quantity("d_2", fixed.d2);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(TopnDistanceFullSelection)
