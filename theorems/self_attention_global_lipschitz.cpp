// Dot-product self-attention has no global Lipschitz constant (an extension beside Section 2.3
// of arXiv 2508.17821, whose Lipschitz bounds are for softmax of fixed logits; Kim, Papamakarios
// and Mnih, "The Lipschitz constant of self-attention", ICML 2021, Theorem 3.1). Expected to be
// violated: the statement is the would-be global bound
//   |d y_1 / d x_1| <= C,   y = f(X) = softmax(X X^T) X,
// for the case's constant C, in Kim et al.'s setting reduced to its core: d = 1 (tokens x_1..x_N
// are numbers), W_Q = W_K = W_V = 1, no 1/sqrt(d); |d y_1/d x_1| is one entry of the Jacobian of
// f, so it is at most any operator norm of it, and a violation certifies ||J_f(X)|| > C.
// The entry: y_1 = sum_j P_j x_j with P = softmax(z), z_j = x_1 x_j, so dz_j/dx_1 = w_j with
// w_1 = 2 x_1 and w_j = x_j otherwise, and
//   d y_1 / d x_1 = P_1 + sum_j P_j x_j w_j - (sum_j P_j x_j)(sum_j P_j w_j)
// (the softmax Jacobian diag P - P P^T applied to w, then to x). What is proven: on the family
// x_1 = 0, x_j = c u_j (j >= 2), every logit of row 1 is 0, P = 1/N, and
//   d y_1 / d x_1 = 1/N + c^2 Var(u),  Var(u) = (1/N) sum_j u_j^2 - ((1/N) sum_j u_j)^2 (u_1 = 0),
// which exceeds every C once c^2 > (C - 1/N)/Var(u): no constant bounds the Jacobian, however
// small the softmax weights' own Lipschitz constant. The suite sweeps c = 1, 2, 4, ..., 2048 at
// C in {1, 100, 10^4, 10^6}; the cases below the threshold hold, those above it are certified
// counterexamples (N = 2, u = (0, 1): d y_1/d x_1 = 1/2 + c^2/4).
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SelfAttentionGlobalLipschitz {
  static TheoremInfo info() {
    return {.id = "self-attention-global-lipschitz",
            .title = "Dot-product self-attention has no global Lipschitz constant (Kim et al. 2021)",
            .source = "arXiv 2508.17821, beside Section 2.3 (Lipschitz bounds of softmax); Kim, Papamakarios & Mnih 2021 (ICML), Theorem 3.1",
            .fidelity = Fidelity::Extension,
            .expect = Expect::Violated,
            .statement = R"(\left|\frac{\partial y_1}{\partial x_1}\right|\le C,\quad y=\mathrm{softmax}(xx^\top)\,x,\ x\in\mathbb R^N\ (d=1))",
            .summary = "|dy_1/dx_1| <= C for y = softmax(x x^T) x, d = 1 (a global Lipschitz bound; false)",
            .assumptions = {"C > 0", "N >= 1 tokens of dimension 1"},
            .reads = {.numbers = {"tokens", "C"}},
            .search = {.inputs = {{"tokens"}}},
            .shapes = {.why = "its counterexample is a construction with d = 1 and a few tokens scaled by 2^k, not a row of a head"}};
  }

  // Sweeps of twelve cases, c = 2^k (k = 0..11) at one C per sweep (1, 100, 10^4, 10^6 cycled):
  // tokens x = c u with u_1 = 0 and u_2..u_N standard Gaussian, N in [2, 8] drawn per sweep.
  static std::vector<Case> suite(const SuiteRequest& r) {
    static const char* const kConstants[] = {"1", "100", "10000", "1000000"};
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      const std::size_t sweep = i / 12;
      const int k = static_cast<int>(i % 12);
      random::Rng rng = random::rng_for(r.seed, std::string(info().id) + "/sweep", sweep);
      const std::size_t N = random::uniform_index(rng, 2, 8);
      std::vector<double> x = random::gaussian(rng, N, 1);
      x[0] = 0;
      for (double& t : x) t = std::ldexp(t, k);
      const std::string C = kConstants[sweep % 4];
      Case c;
      c.numbers["tokens"] = ExactTensor::vector(x);
      c.numbers["C"] = ExactTensor::literal(C);
      c.label = "N=" + std::to_string(N) + " c=2^" + std::to_string(k) + " C=" + C;
      c.provenance = {{"source", "random"}, {"generator", "scaled-tokens"}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor& x = c.number("tokens");
    if (x.size() == 0 || !x.is_vector()) throw InputError("tokens must be a non-empty vector (d = 1)");
    positive_scalar(c, "C", "constant C");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::abs;
    const Vector<R> x = c.number("tokens").to_vector<R>();
    const Eigen::Index N = x.size();
    Vector<R> z(N), w(N);
    for (Eigen::Index j = 0; j < N; ++j) {
      z[j] = x[0] * x[j];
      w[j] = j == 0 ? R(R(2) * x[0]) : x[j];
    }
    const Vector<R> P = softmax(z, R(1));
    R mean_x = R(0), mean_w = R(0), mean_xw = R(0), largest = R(0);  // means under P
    for (Eigen::Index j = 0; j < N; ++j) {
      largest = max_of(largest, R(abs(x[j])));
      mean_x += P[j] * x[j];
      mean_w += P[j] * w[j];
      mean_xw += P[j] * x[j] * w[j];
    }
    const R entry = P[0] + mean_xw - mean_x * mean_w;
    Sides<R> s;
    s.claim("|dy_1/dx_1| <= C", R(abs(entry)), Relation::LessEqual, c.number("C").entry<R>(0));
    s.quantity("dy_1/dx_1", entry);
    s.quantity("max_j |x_j|", largest);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SelfAttentionGlobalLipschitz)
