// What the compiled formulas share and rewrite for speed (verify/formula/formula_program.hpp),
// against the direct evaluation of the same numbers:
//   - s (v / t) is computed as v (s / t) (one division, not one per entry): against the product
//     written entry by entry, (s (v[i] / t));
//   - softmax weights and the norm of their Jacobian are kept per run: softmax_jacobian(v / s, t)
//     has the weights softmax(v, s t), and ||J||_2 is the norm at temperature 1 over t, so two
//     spectral norms of one Jacobian at different temperatures compute one; against the same norms
//     by the general spectral norm kernel, on logits that carry no exact value (a + 0 b[0]).
// Each pair means one number: at a random working precision both enclosures hold the midpoint of
// the direct evaluation at 1024 bits (an interval of width about 2^-1000 around the value), and
// so do the binary64 intervals; in double the two agree to rounding. Vectors with ties, of lengths
// 2 to 9.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <mpfi.h>

#include "verify/formula/formula_evaluation.hpp"

namespace nb::formula {
namespace {

bool encloses_midpoint(const Interval& x, const Mpfr& y) { return mpfi_cmp_fr(x.backend().data(), y.backend().data()) == 0; }

struct SharedPair {
  std::string shared, direct;
};

// Formulas over vectors a and b (b's entries are never 0, so norm(b) > 0).
const std::vector<SharedPair> kSharedPairs = {
    {"sum(i, (max(j, b[j]) * (a / norm(b)))[i]^2)", "sum(i, (max(j, b[j]) * (a[i] / norm(b)))^2)"},
    {"sum(i, ((a / norm(b)) * min(j, b[j]))[i])", "sum(i, (a[i] / norm(b)) * min(j, b[j]))"},
    {"norm(3 * (a / 7))", "sqrt(sum(i, (3 * (a[i] / 7))^2))"},
    {"spectral_norm(softmax_jacobian(a, 3)) + spectral_norm(softmax_jacobian(a / 3, 1))",
     "spectral_norm(softmax_jacobian(a + 0 * b[0], 3)) + spectral_norm(softmax_jacobian((a + 0 * b[0]) / 3, 1))"},
    {"spectral_norm(softmax_jacobian(a / 2, 1)) - 2 * spectral_norm(softmax_jacobian(a, 2)) + spectral_norm(softmax_jacobian(a, 5))",
     "spectral_norm(softmax_jacobian((a + 0 * b[0]) / 2, 1)) - 2 * spectral_norm(softmax_jacobian(a + 0 * b[0], 2)) + "
     "spectral_norm(softmax_jacobian(a + 0 * b[0], 5))"},
    {"max(i, softmax(a / 3)[i]) + spectral_norm(softmax_jacobian(a, 3))",
     "max(i, softmax((a + 0 * b[0]) / 3)[i]) + spectral_norm(softmax_jacobian(a + 0 * b[0], 3))"},
};

template <class R>
R pair_value(const std::string& f, const std::vector<std::string>& a, const std::vector<std::string>& b) {
  Bindings<R> names;
  ExactInputs exact;
  for (const auto& [name, entries] : {std::pair{"a", &a}, std::pair{"b", &b}}) {
    std::vector<double> values;
    for (const std::string& x : *entries) values.push_back(std::stod(x));
    exact[name] = ExactTensor::vector(values);
    names[name] = exact[name].template to_vector<R>();
  }
  return evaluate_scalar(parse_formula(f), names, &exact);
}

TEST(SharedKernels, EncloseWhatTheDirectEvaluationEncloses) {
  std::mt19937_64 rng(2508178);
  const std::vector<std::string> pool = {"0.125", "0.5", "-0.75", "1.5", "0.3", "-2", "0.0625"};
  for (int trial = 0; trial < 40; ++trial) {
    const std::size_t L = 2 + rng() % 8, M = 1 + rng() % 9;  // L = 1: the general kernel's enclosure of 0 is not tight
    std::vector<std::string> a(L), b(M);
    for (std::string& x : a) x = pool[rng() % (trial % 2 ? 3 : pool.size())];  // odd trials: many ties
    for (std::string& x : b) x = pool[rng() % pool.size()];
    for (const SharedPair& p : kSharedPairs) {
      set_working_precision(1024);
      const Interval reference = pair_value<Interval>(p.direct, a, b);
      const Mpfr middle = midpoint_of(reference);
      const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
      set_working_precision(bits);
      const Interval shared = pair_value<Interval>(p.shared, a, b);
      set_working_precision(1024);
      EXPECT_TRUE(encloses_midpoint(shared, middle)) << p.shared << " at " << bits << " bits, trial " << trial << ": " << shared;
      const double x = pair_value<double>(p.shared, a, b), y = pair_value<double>(p.direct, a, b);
      EXPECT_NEAR(x, y, 1e-12 * (1 + std::abs(y))) << p.shared << ", trial " << trial;
      const DoubleInterval fast = pair_value<DoubleInterval>(p.shared, a, b);
      EXPECT_TRUE(Mpfr(lower_end_of(fast)) <= middle && middle <= Mpfr(upper_end_of(fast)))
          << p.shared << " in binary64 intervals, trial " << trial;
    }
  }
  set_working_precision(128);
}

}  // namespace
}  // namespace nb::formula
