// The screened extreme distance between rows over two index sets (verify/formula/pair_distance_screen.hpp:
// max(j, S, max(i, T, norm(X[i] - X[j]))) and min likewise, the pairs screened in binary64 and
// evaluated only where they can be the extreme) against the double loop evaluated on every pair
// (the same formula with the distance times (1 + 0 * i), which the screen does not match). At a
// random working precision both enclosures meet the direct evaluation at 1024 bits, in binary64
// intervals they meet it too, in double they agree to rounding and in exact arithmetic their
// difference is exactly 0. Rows of small integers and halves, many of them equal, so that several
// pairs are at the largest (smallest) distance; sets that overlap, one-member sets and no set.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"

namespace nb::formula {
namespace {

bool meets(const Interval& x, const Interval& y) { return !(upper_end_of(x) < lower_end_of(y) || upper_end_of(y) < lower_end_of(x)); }

struct Rows {
  std::size_t L = 0, d = 0;
  std::vector<double> x;       // L x d, row-major
  std::vector<double> S, T;    // indicator vectors of length L
};

template <class R>
R value_of(const std::string& f, const Rows& rows) {
  ExactInputs exact;
  exact["X"] = ExactTensor(rows.L, rows.d, rows.x);
  exact["S"] = ExactTensor::vector(rows.S);
  exact["T"] = ExactTensor::vector(rows.T);
  Bindings<R> names;
  names["X"] = Matrix<R>(exact["X"].template to_matrix<R>());
  names["S"] = exact["S"].template to_vector<R>();
  names["T"] = exact["T"].template to_vector<R>();
  return evaluate_scalar(parse_formula(f), names, &exact);
}

// A non-empty random subset of L indices (as an indicator vector).
std::vector<double> some_of(std::size_t L, std::mt19937_64& rng) {
  std::vector<double> set(L, 0.0);
  for (double& m : set) m = rng() % 2 ? 1.0 : 0.0;
  set[rng() % L] = 1.0;
  return set;
}

struct ScreenPair {
  std::string screened, direct;
};

const std::vector<ScreenPair> kPairs = {
    {"max(j, S, max(i, T, norm(X[i] - X[j])))", "max(j, S, max(i, T, norm(X[i] - X[j]) * (1 + 0 * i)))"},
    {"max(j, S, max(i, T, norm(X[j] - X[i])))", "max(j, S, max(i, T, norm(X[j] - X[i]) * (1 + 0 * i)))"},
    {"min(j, S, min(i, T, norm(X[i] - X[j])))", "min(j, S, min(i, T, norm(X[i] - X[j]) * (1 + 0 * i)))"},
    {"max(j, max(i, norm(X[i] - X[j])))", "max(j, max(i, norm(X[i] - X[j]) * (1 + 0 * i)))"},
    {"min(j, S, min(i, norm(X[i] - X[j])))", "min(j, S, min(i, norm(X[i] - X[j]) * (1 + 0 * i)))"},
    {"max(j, max(i, 1 - S, norm(X[i] - X[j])))", "max(j, max(i, 1 - S, norm(X[i] - X[j]) * (1 + 0 * i)))"},
};

TEST(PairDistanceScreen, EnclosesWhatTheDoubleLoopEncloses) {
  std::mt19937_64 rng(2508178);
  const std::vector<double> pool = {0, 1, -1, 0.5, 2, -2};
  int complements = 0;
  for (int trial = 0; trial < 80; ++trial) {
    Rows rows;
    rows.L = 1 + rng() % 9;
    rows.d = 1 + rng() % 4;
    // Even trials: entries from three values (many equal rows and tied distances).
    for (std::size_t k = 0; k < rows.L * rows.d; ++k) rows.x.push_back(pool[rng() % (trial % 2 ? pool.size() : 3)]);
    rows.S = some_of(rows.L, rng);
    rows.T = trial % 4 == 1 ? rows.S : some_of(rows.L, rng);
    bool S_is_everything = true;
    for (const double m : rows.S) S_is_everything = S_is_everything && m == 1;
    for (const ScreenPair& p : kPairs) {
      if (p.screened.find("1 - S") != std::string::npos) {
        if (S_is_everything) continue;  // max over the empty set has no value in either form
        ++complements;
      }
      set_working_precision(1024);
      const Interval reference = value_of<Interval>(p.direct, rows);
      const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
      set_working_precision(bits);
      const Interval screened = value_of<Interval>(p.screened, rows), direct = value_of<Interval>(p.direct, rows);
      set_working_precision(1024);
      EXPECT_TRUE(meets(screened, reference)) << p.screened << " at " << bits << " bits, trial " << trial << ": " << screened;
      EXPECT_TRUE(meets(direct, reference)) << p.direct << " at " << bits << " bits, trial " << trial;
      const DoubleInterval fast = value_of<DoubleInterval>(p.screened, rows);
      EXPECT_TRUE(Mpfr(lower_end_of(fast)) <= upper_end_of(reference) && lower_end_of(reference) <= Mpfr(upper_end_of(fast)))
          << p.screened << " in binary64 intervals, trial " << trial;
      const double x = value_of<double>(p.screened, rows), y = value_of<double>(p.direct, rows);
      EXPECT_NEAR(x, y, 1e-12 * (1 + std::abs(y))) << p.screened << ", trial " << trial;
      const ExactReal gap(value_of<ExactReal>(p.screened, rows) - value_of<ExactReal>(p.direct, rows));
      EXPECT_EQ(sign_of(gap), ExactSign::Zero) << p.screened << " in exact arithmetic, trial " << trial;
    }
  }
  set_working_precision(128);
  EXPECT_GT(complements, 40) << "the set written as an expression is met";
}

}  // namespace
}  // namespace nb::formula
