// Corollary 1 of arXiv 2508.17821: with Delta = ||q||_2 max_i ||k_i||_2 every logit q.k_i lies
// in [-Delta, Delta] (Cauchy-Schwarz), so every softmax weight at temperature T satisfies
//   e^{-2 Delta / T} / L <= alpha_i <= e^{2 Delta / T} / L.
// The paper writes ||k||_2; it must be read as max_i ||k_i||_2 for the statement to be true.
// Equality: q = 0 (all weights 1/L, both sides 1/L).
#include <cmath>

#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "theorems/positive_scalar.hpp"
#include "theorems/theorem_registration.hpp"
#include "verify/kernels/dot_product.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/softmax.hpp"

namespace nb::theorems {

struct SoftmaxWeightBounds {
  static TheoremInfo info() {
    return {.id = "softmax-weight-bounds",
            .title = "Softmax weights are of order 1/L (Corollary 1)",
            .source = "arXiv 2508.17821, Corollary 1 (Lemma 1 with a = Delta)",
            .fidelity = Fidelity::Verbatim,
            .expect = Expect::Holds,
            .statement = R"(\frac{1}{L}e^{-2\Delta/T} \le \alpha_i \le \frac{1}{L}e^{2\Delta/T},\quad \Delta = \|q\|_2 \max_i \|k_i\|_2,\ \alpha = \mathrm{softmax}(Kq/T))",
            .summary = "e^{-2D/T}/L <= a_i <= e^{2D/T}/L with D = ||q|| max_i ||k_i||",
            .assumptions = {"T > 0", "L >= 1 keys of the query's dimension d >= 1"},
            .inputs = {"query", "keys", "T"},
            .reads = {.numbers = {"query", "keys", "T"}},
            .search = {.inputs = {{"query"}, {"keys"}}},
            .shapes = {.L = true, .d = true, .T = true, .in_default_suite = true}};
  }

  // Families by i % 4: Gaussian q and keys (scale log-uniform in [2^-4, 2]), keys on a sphere,
  // q = 0 (the equality case), keys that are multiples of q (logits at +-Delta exactly up to
  // rounding). L log-uniform in [1, 4096], d log-uniform in [1, 64].
  static std::vector<Case> suite(const SuiteRequest& r) {
    std::vector<Case> cases;
    for (std::size_t i = 0; i < r.count; ++i) {
      random::Rng rng = random::rng_for(r.seed, info().id, i);
      const random::RequestedShape want(r, i);
      const std::size_t L = want.L(random::log_uniform_size(rng, 1, 4096));
      const std::size_t d = want.d(random::log_uniform_size(rng, 1, 64));
      const double scale = std::ldexp(1.0, static_cast<int>(random::uniform_index(rng, 0, 5)) - 4);
      const std::string T = want.T(random::temperature_literal(rng));
      std::vector<double> q = random::gaussian(rng, d, scale), keys;
      static const char* const kFamilies[] = {"gaussian", "sphere", "zero-query", "aligned"};
      const char* family = kFamilies[i % 4];
      switch (i % 4) {
        case 0: keys = random::gaussian(rng, L * d, scale); break;
        case 1: keys = random::sphere_rows(rng, L, d, scale); break;
        case 2:
          q.assign(d, 0.0);
          keys = random::gaussian(rng, L * d, scale);
          break;
        case 3:
          for (std::size_t k = 0; k < L; ++k) {
            const double m = random::uniform(rng, -1, 1);
            for (std::size_t j = 0; j < d; ++j) keys.push_back(m * q[j]);
          }
          break;
      }
      Case c;
      c.label = std::string(family) + " L=" + std::to_string(L) + " d=" + std::to_string(d) + " T=" + T;
      c.numbers["query"] = ExactTensor::vector(q);
      c.numbers["keys"] = ExactTensor(L, d, keys);
      c.numbers["T"] = ExactTensor::literal(T);
      c.provenance = {{"source", "random"}, {"generator", family}, {"seed", std::to_string(r.seed)},
                      {"index", std::to_string(i)}};
      cases.push_back(std::move(c));
    }
    return cases;
  }

  static void check_assumptions(const Case& c) {
    const ExactTensor& q = c.number("query");
    const ExactTensor& k = c.number("keys");
    if (q.size() == 0 || !q.is_vector()) throw InputError("query must be a non-empty vector");
    if (k.rows() == 0) throw InputError("keys must have at least one row");
    if (k.cols() != q.size())
      throw InputError("keys have " + std::to_string(k.cols()) + " columns but the query has dimension " +
                       std::to_string(q.size()));
    positive_scalar(c, "T", "temperature T");
  }

  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    using std::exp;
    using std::sqrt;
    const Vector<R> q = c.number("query").to_vector<R>();
    const RowMatrix<R> K = c.number("keys").to_matrix<R>();
    const R T = c.number("T").entry<R>(0);
    const Eigen::Index L = K.rows();

    R key_norm = sqrt(squared_norm(K.row(0)));
    for (Eigen::Index i = 1; i < L; ++i) key_norm = max_of(key_norm, R(sqrt(squared_norm(K.row(i)))));
    const R delta = sqrt(squared_norm(q)) * key_norm;
    const Vector<R> alpha = softmax(matrix_vector_product(K, q), T);
    R lo = alpha[0], hi = alpha[0];
    for (Eigen::Index i = 1; i < L; ++i) {
      lo = min_of(lo, alpha[i]);
      hi = max_of(hi, alpha[i]);
    }
    const R spread = exp(R(2) * delta / T);
    Sides<R> s;
    s.claim("min_i alpha_i >= e^{-2 Delta/T} / L", lo, Relation::GreaterEqual, R(1) / (spread * R(L)));
    s.claim("max_i alpha_i <= e^{2 Delta/T} / L", hi, Relation::LessEqual, spread / R(L));
    s.quantity("Delta", delta);
    s.quantity("min_i alpha_i", lo);
    s.quantity("max_i alpha_i", hi);
    return s;
  }
};

}  // namespace nb::theorems

NORMBOUND_DEFINE_THEOREM(SoftmaxWeightBounds)
