// The lower bound of Theorem 2 of arXiv 2508.17821 (reconstructed: the printed formula is not
// available), which holds deterministically, hence in expectation. Notation of
// theorems/separability.hpp (M, delta, s, dist_i, xi_i, r, N_s, N_in):
//   (i)  for every i in I_N: ||s - alpha_i x_i||_2 <= xi_i;
//   (ii) N_s / N >= 1 - (1/(r N)) sum_{i in I_N} xi_i.
// Proof: (i) is derived in separability.hpp from ||x_j|| <= M and
// <x_j, x_k> <= M^2 - delta^2/2, which hold for any vectors with M the largest norm and delta the
// smallest separation (the paper's sphere of radius M is the case of equal norms). (ii): the
// tokens of I_N not counted in N_in have dist_i >= r, so r (N - N_in) <= sum_{i in I_N} dist_i
// <= sum_i xi_i (Markov's argument, deterministic), and N_s = N_in unless a token left out lies
// in B_r(s) (eq. (10)'s second factor): always for the paper's r = min_{i not in I_N}
// ||s - alpha_i x_i||. A larger given r can put a left-out token in the ball; eq. (10) then gives
// N_s = 0 and (ii) does not follow (it fails when sum_i xi_i < r N), so the claim is checked for
// N_in, which is what the argument bounds. It is checked times r N, r (N - N_in) <= sum_i xi_i
// (r > 0 is an assumption). Equality in (i): N = 1 (both 0); N = 2 when the other selected vector
// has the largest norm.
#include "models/random/vector_cases.hpp"
#include "theorems/separability_inputs.hpp"
#include "theorems/theorem_registration.hpp"

namespace nb::theorems {

struct SeparabilityLower {
  static TheoremInfo info() {
    return {.id = "separability-lower",
            .title = "Separable fraction of the top-N tokens, lower bound (Theorem 2)",
            .source = "arXiv 2508.17821, Theorem 2 (lower bound)",
            .fidelity = Fidelity::Reconstructed,
            .expect = Expect::Holds,
            .statement = R"(\|s-\alpha_ix_i\|_2\le\xi_i\ (i\in I_N),\quad \frac{N_s}{N}\ge1-\frac{1}{rN}\sum_{i\in I_N}\xi_i,\quad \xi_i^2=M^2\Big(\sum_{j\in I_N\setminus i}\alpha_j\Big)^2-\frac{\delta^2}{2}\sum_{j\ne k\in I_N\setminus i}\alpha_j\alpha_k)",
            .summary = "||s - a_i x_i|| <= xi_i and N_s/N >= 1 - sum_i xi_i / (r N) (checked times r N)",
            .assumptions = separability_assumptions(),
            .inputs = {"logits", "T", "vectors", "N"},
            .reads = separability_reads(),
            .shapes = random::kTokenCaseShapes};
  }

  static std::vector<Case> suite(const SuiteRequest& r) { return random::separability_cases(r, info().id); }

  static void check_assumptions(const Case& c) { check_separability_input(c); }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    const SeparabilityTerms<R> t = separability_terms<R>(c);
    const Selection I = top_n_selection(c);
    const R N = R(I.selected.size());
    Sides<R> s;
    for (std::size_t k = 0; k < I.selected.size(); ++k)
      s.claim("||s - alpha_i x_i|| <= xi_i for i = " + std::to_string(I.selected[k]), t.dist[k], Relation::LessEqual,
              t.xi[k]);
    R xi_sum = R(0);
    for (const R& xi : t.xi) xi_sum += xi;
    s.claim("r (N - N_in) <= sum_i xi_i  (N_s/N >= 1 - sum_i xi_i/(r N) times r N, N_in = N_s)", t.r * (N - t.inside),
            Relation::LessEqual, xi_sum);
    s.quantity("N_s / N", t.separated / N);
    s.quantity("1 - sum_i xi_i / (r N)", R(1) - xi_sum / (t.r * N));
    s.quantity("M", t.M);
    s.quantity("delta", t.delta);
    s.quantity("r", t.r);
    s.quantity("N_s", t.separated);
    s.quantity("N_in", t.inside);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SeparabilityLower)
