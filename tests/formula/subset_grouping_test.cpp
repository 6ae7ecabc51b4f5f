// The enumeration of expectation(S, subset(L, N), e) over classes of equal tokens
// (verify/formula/vocabulary/subset_symmetry.hpp, subset_grouping.hpp): which bodies are shown
// symmetric, and, on random small cases with tied tokens and zero rows at distinct weights, the
// grouped mean against the same body enumerated subset by subset (made unsymmetric by adding
// 0 * i, the token variable as a number), equal in the exact tier and enclosing the same number in
// intervals, with fewer bodies evaluated.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/vocabulary/subset_symmetry.hpp"
#include "verify/kernels/top_n.hpp"

namespace nb::formula {
namespace {

SubsetSymmetry symmetry_of(const std::string& body) {
  const Formula f = parse_formula(body);
  const auto is_value = [](const std::string& name) { return name == "a" || name == "y" || name == "w" || name == "N"; };
  SubsetSymmetry s = subset_symmetry(f.root, "S", is_value, {});
  // The nodes point into f: keep the names only.
  for (const Node*& leaf : s.leaves) leaf = nullptr;
  return s;
}

// Theorem 1's distance over the complement, with the weights a and the rows y.
const char* const kBody = "sum(i, 1 - S, norm(a[i] * y[i] - vec(k, sum(j, S, a[j] * y[j][k]))))";

TEST(SubsetSymmetry, TheoremOnesDistanceIsSymmetricWithTheWeightsReadOnlyTimesTheRows) {
  const SubsetSymmetry s = symmetry_of(kBody);
  EXPECT_EQ(s.failure, "");
  ASSERT_EQ(s.leaves.size(), 2u);
  EXPECT_EQ(s.weight_of, (std::vector<int>{1, -1}));  // a (read first) is y's weight
}

TEST(SubsetSymmetry, AWeightReadOtherwiseTooIsCompared) {
  const SubsetSymmetry s = symmetry_of("sum(i, S, a[i] * y[i][0] + a[i])");
  EXPECT_EQ(s.failure, "");
  EXPECT_EQ(s.weight_of, (std::vector<int>{-1, -1}));
}

TEST(SubsetSymmetry, ValuesThatReadNoTokenAreConstants) {
  const SubsetSymmetry s = symmetry_of("max(j, S, y[j][0]) * sum(k, w[k]) + N + count(i, 1 - S, a[i] > 0)");
  EXPECT_EQ(s.failure, "");
  EXPECT_EQ(s.leaves.size(), 2u);  // y and a; w is read whole, at no token
}

TEST(SubsetSymmetry, BodiesThatTellTokensApartAreNotShownSymmetric) {
  EXPECT_NE(symmetry_of("sum(i, S, i * y[i][0])").failure.find("token variable i as a number"), std::string::npos);
  EXPECT_NE(symmetry_of("sum(i, S, norm(y[i] - y[0]))").failure.find("reads y both at a token"), std::string::npos);
  EXPECT_NE(symmetry_of("sum(i, S, y[i][0]) + y[1][0]").failure, "");
  EXPECT_NE(symmetry_of("S[0] + sum(i, S, a[i])").failure.find("random set S"), std::string::npos);
  EXPECT_NE(symmetry_of("sum(i, S, y[i + 1][0])").failure, "");
  EXPECT_NE(symmetry_of("sum(i, S, a[i] * where(i <= N, 1, 0))").failure, "");
  EXPECT_NE(symmetry_of("sum(i, S, softmax(a)[i])").failure.find("not an input or a definition"), std::string::npos);
  EXPECT_NE(symmetry_of("sum(k, S * w, a[k])").failure, "");  // S read as a vector
  EXPECT_NE(symmetry_of("sum(i, S, expectation(U, subset(3, 1), sum(j, U, a[j])))").failure, "");
}

template <class R>
struct Result {
  R value;
  std::uint64_t bodies;
};

// The expectation of `body` over the N-subsets of L tokens at logits l, temperature 1/2 and rows y.
template <class R>
Result<R> expected(const std::string& body, const std::vector<double>& l, const std::vector<double>& y, std::size_t d,
                   std::size_t N) {
  const std::size_t L = l.size();
  const Formula f = parse_formula("expectation(S, subset(" + std::to_string(L) + ", " + std::to_string(N) + "), " + body + ")");
  const std::vector<std::pair<std::string, Formula>> definitions = {{"a", parse_formula("softmax(l / (1/2))")}};
  const std::vector<ProgramInput> inputs = {{"l", Shape::Vector, std::to_string(L), "1"},
                                            {"y", Shape::Matrix, std::to_string(L), std::to_string(d)}};
  const Program<R> program(inputs, definitions, {&f}, true);
  const ExactTensor logits = ExactTensor::vector(l), rows(L, d, y);
  std::vector<Value<R>> values = {logits.to_vector<R>(), Matrix<R>(rows.to_matrix<R>())};
  Run<R> run(program, std::move(values), {&logits, &rows});
  const R value = std::get<R>(run.value(0));
  return {value, run.expectations().enumerated};
}

// Random cases: L tokens, each a copy of one of a few distinct (logit, row) pairs or a zero row at a
// logit of its own, entries multiples of 1/2.
struct Case {
  std::vector<double> l, y;
  std::size_t d, N;
};
Case random_case(std::mt19937_64& rng) {
  std::uniform_int_distribution<int> small(-4, 4), length(2, 9), width(1, 3), kinds(1, 3);
  Case c;
  const std::size_t L = static_cast<std::size_t>(length(rng));
  c.d = static_cast<std::size_t>(width(rng));
  c.N = std::uniform_int_distribution<std::size_t>(1, L - 1)(rng);
  const int distinct = kinds(rng);
  std::vector<std::vector<double>> kinds_rows(static_cast<std::size_t>(distinct), std::vector<double>(c.d + 1));
  for (auto& r : kinds_rows)
    for (double& x : r) x = small(rng) / 2.0;
  for (std::size_t t = 0; t < L; ++t) {
    const int pick = std::uniform_int_distribution<int>(0, distinct)(rng);  // distinct: a zero row
    if (pick == distinct) {
      c.l.push_back(static_cast<double>(t) / 4);
      c.y.insert(c.y.end(), c.d, 0.0);
    } else {
      const auto& r = kinds_rows[static_cast<std::size_t>(pick)];
      c.l.push_back(r[0]);
      c.y.insert(c.y.end(), r.begin() + 1, r.end());
    }
  }
  return c;
}

const std::string kUngrouped = std::string("sum(i, 1 - S, norm(a[i] * y[i] - vec(k, sum(j, S, a[j] * y[j][k]))) + 0 * i)");

TEST(SubsetGrouping, GroupedMeanEqualsTheFullEnumerationInIntervals) {
  std::mt19937_64 rng(43);
  std::uint64_t grouped_bodies = 0, full_bodies = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const Case c = random_case(rng);
    const std::uint64_t subsets = binomial(c.l.size(), c.N);
    const auto check = [&](auto zero) {
      using R = decltype(zero);
      const Result<R> grouped = expected<R>(kBody, c.l, c.y, c.d, c.N);
      const Result<R> full = expected<R>(kUngrouped, c.l, c.y, c.d, c.N);
      EXPECT_EQ(full.bodies, subsets);
      EXPECT_LE(grouped.bodies, subsets);
      // Both enclose the mean: they meet, and are as narrow as each other's rounding allows.
      EXPECT_LE(lower_end_of(grouped.value), upper_end_of(full.value)) << "trial " << trial;
      EXPECT_GE(upper_end_of(grouped.value), lower_end_of(full.value)) << "trial " << trial;
      EXPECT_LT(upper_end_of(grouped.value) - lower_end_of(grouped.value), 1e-10) << "trial " << trial;
      if constexpr (std::is_same_v<R, DoubleInterval>) {
        grouped_bodies += grouped.bodies;
        full_bodies += full.bodies;
      }
    };
    check(DoubleInterval());
    check(Interval());
  }
  EXPECT_LT(grouped_bodies * 2, full_bodies);  // the ties and zero rows are grouped
}

// The squared distances (no square root: Calcium decides the difference of the two means zero).
const char* const kSquares = "sum(i, 1 - S, sum(k, (a[i] * y[i][k] - sum(j, S, a[j] * y[j][k]))^2))";

TEST(SubsetGrouping, GroupedMeanIsTheFullEnumerationsExactly) {
  std::mt19937_64 rng(44);
  ExactScope scope;
  int grouped_cases = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const Case c = random_case(rng);
    const Result<ExactReal> grouped = expected<ExactReal>(kSquares, c.l, c.y, c.d, c.N);
    const Result<ExactReal> full = expected<ExactReal>(kSquares + std::string(" + sum(i, S, 0 * i)"), c.l, c.y, c.d, c.N);
    EXPECT_EQ(sign_of(ExactReal(grouped.value - full.value)), ExactSign::Zero) << "trial " << trial;
    EXPECT_EQ(full.bodies, binomial(c.l.size(), c.N));
    grouped_cases += grouped.bodies < full.bodies;
  }
  EXPECT_GT(grouped_cases, 6);
}

TEST(SubsetGrouping, LoneRowAtDistinctWeightsIsTwoClasses) {
  // One nonzero row, the others zero at distinct logits: the zero rows' weights are unread, so
  // the 12 tokens are two classes and the 924 subsets of 6 two choices (the lone token in or out).
  std::vector<double> l, y;
  for (int t = 0; t < 12; ++t) {
    l.push_back(t / 2.0);
    y.push_back(t == 5 ? 1.5 : 0);
    y.push_back(t == 5 ? -2 : 0);
  }
  const Result<DoubleInterval> grouped = expected<DoubleInterval>(kBody, l, y, 2, 6);
  const Result<DoubleInterval> full = expected<DoubleInterval>(kUngrouped, l, y, 2, 6);
  EXPECT_EQ(grouped.bodies, 2u);
  EXPECT_EQ(full.bodies, 924u);
  EXPECT_LE(grouped.value.lower(), full.value.upper());
  EXPECT_GE(grouped.value.upper(), full.value.lower());
  // A body reading the weights beside the rows (not only times them) keeps the 12 tokens apart.
  EXPECT_EQ(expected<DoubleInterval>("sum(i, S, a[i] * y[i][0] + a[i])", l, y, 2, 6).bodies, 924u);
}

TEST(SubsetGrouping, UnsymmetricBodiesAreEnumeratedSubsetBySubset) {
  // Eight identical tokens: a symmetric body takes one choice; one reading a token's place does not.
  const std::vector<double> l(8, 1), y(8, 0.5);
  EXPECT_EQ(expected<DoubleInterval>("sum(j, S, y[j][0])", l, y, 1, 3).bodies, 1u);
  EXPECT_EQ(expected<DoubleInterval>("sum(j, S, j * y[j][0])", l, y, 1, 3).bodies, 56u);
  EXPECT_EQ(expected<DoubleInterval>("sum(j, S, y[j][0]) + S[0]", l, y, 1, 3).bodies, 56u);
  // The place-dependent mean is the full one's: E[sum_{j in S} j / 2] = 3 * 3.5 / 2.
  const DoubleInterval placed = expected<DoubleInterval>("sum(j, S, j * y[j][0])", l, y, 1, 3).value;
  EXPECT_LE(placed.lower(), 5.25);
  EXPECT_GE(placed.upper(), 5.25);
}

}  // namespace
}  // namespace nb::formula
