// The index-set vocabulary of theorem files (verify/formula/vocabulary/index_sets.hpp): top-N
// sets and their complement, reductions over a set's members, argmax, sort, concat and largest
// with a computed k, each against an independent evaluation (a brute-force ordering of doubles);
// ties decided on exact inputs in every tier; enclosures that cannot order two entries leave a
// member undecided, never guessed.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include <nlohmann/json.hpp>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/formula_latex.hpp"

namespace nb::formula {
namespace {

// The N largest of v by a brute-force count: i is in when fewer than N entries precede it
// (larger, or equal with a smaller index).
std::vector<int> brute_top(const std::vector<double>& v, std::size_t N) {
  std::vector<int> in(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    std::size_t before = 0;
    for (std::size_t j = 0; j < v.size(); ++j) before += v[j] > v[i] || (v[j] == v[i] && j < i);
    in[i] = before < N;
  }
  return in;
}

template <class R = double>
Vector<R> as_vector(const std::vector<double>& v) {
  Vector<R> x(static_cast<Eigen::Index>(v.size()));
  for (std::size_t i = 0; i < v.size(); ++i) x[static_cast<Eigen::Index>(i)] = R(v[i]);
  return x;
}

TEST(IndexSets, TopAndLeftOutMatchABruteForceOrderWithTiesToTheSmallerIndex) {
  std::mt19937_64 rng(43);
  std::uniform_int_distribution<int> small(-3, 3);  // many ties
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t L = 1 + trial % 9;
    std::vector<double> v(L);
    for (double& x : v) x = small(rng);
    const std::size_t N = static_cast<std::size_t>(trial) % (L + 1);
    const std::vector<int> want = brute_top(v, N);
    Bindings<double> names{{"v", as_vector(v)}, {"N", double(N)}};
    const Vector<double> top = std::get<Vector<double>>(evaluate(parse_formula("top(v, N)"), names));
    const Vector<double> rest = std::get<Vector<double>>(evaluate(parse_formula("left_out(v, N)"), names));
    Bindings<DoubleInterval> boxes{{"v", as_vector<DoubleInterval>(v)}, {"N", DoubleInterval(double(N))}};
    const Vector<DoubleInterval> enclosed = std::get<Vector<DoubleInterval>>(evaluate(parse_formula("top(v, N)"), boxes));
    for (std::size_t i = 0; i < L; ++i) {
      EXPECT_EQ(top[static_cast<Eigen::Index>(i)], want[i]) << "trial " << trial << " i " << i;
      EXPECT_EQ(rest[static_cast<Eigen::Index>(i)], 1 - want[i]);
      // Point intervals (equal values are the same point) decide every member.
      EXPECT_EQ(enclosed[static_cast<Eigen::Index>(i)].lower(), want[i]);
      EXPECT_EQ(enclosed[static_cast<Eigen::Index>(i)].upper(), want[i]);
    }
    // sum, max and min over the members against loops over the brute-force set.
    double sum = 0, best = -1e300, least = 1e300;
    for (std::size_t i = 0; i < L; ++i)
      if (want[i]) {
        sum += v[i] * v[i];
        best = std::max(best, v[i]);
        least = std::min(least, v[i]);
      }
    EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, top(v, N), v[i]^2)"), names), sum);
    EXPECT_EQ(evaluate_scalar(parse_formula("count(i, left_out(v, N), v[i] >= 0)"), names),
              [&] {
                int c = 0;
                for (std::size_t i = 0; i < L; ++i) c += !want[i] && v[i] >= 0;
                return c;
              }());
    if (N > 0) {
      EXPECT_EQ(evaluate_scalar(parse_formula("max(i, top(v, N), v[i])"), names), best);
      EXPECT_EQ(evaluate_scalar(parse_formula("min(i, top(v, N), v[i])"), names), least);
    } else {
      EXPECT_THROW(evaluate_scalar(parse_formula("max(i, top(v, N), v[i])"), names), OutsideDomain)
          << "the max over the empty set has no value";
    }
  }
}

TEST(IndexSets, EnclosuresThatCannotOrderTwoEntriesLeaveTheirMembershipUndecided) {
  // [0, 2] and [1, 3] may be in either order: which is the top one is undecided; [-5, -4] is out.
  const Bindings<DoubleInterval> boxes{
      {"v", Vector<DoubleInterval>{{between(0.0, 2.0), between(1.0, 3.0), between(-5.0, -4.0)}}}};
  const Vector<DoubleInterval> top = std::get<Vector<DoubleInterval>>(evaluate(parse_formula("top(v, 1)"), boxes));
  EXPECT_EQ(top[0].lower(), 0);
  EXPECT_EQ(top[0].upper(), 1);
  EXPECT_EQ(top[1].lower(), 0);
  EXPECT_EQ(top[1].upper(), 1);
  EXPECT_EQ(top[2].upper(), 0);
  // Both are in the top two, whatever their order.
  const Vector<DoubleInterval> two = std::get<Vector<DoubleInterval>>(evaluate(parse_formula("top(v, 2)"), boxes));
  EXPECT_EQ(two[0].lower(), 1);
  EXPECT_EQ(two[1].lower(), 1);
  EXPECT_EQ(two[2].upper(), 0);
  // A reduction over an undecided set is unknown, never a guess.
  EXPECT_TRUE(std::isnan(evaluate_scalar(parse_formula("sum(i, top(v, 1), v[i])"), boxes).lower()));
  EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, top(v, 2), 1)"), boxes).lower(), 2);
  // argmax: the hull of the indices that may be it.
  const DoubleInterval at = evaluate_scalar(parse_formula("argmax(v)"), boxes);
  EXPECT_EQ(at.lower(), 0);
  EXPECT_EQ(at.upper(), 1);
}

TEST(IndexSets, TiesOfAnExactInputAreDecidedOnItsExactValueInEveryTier) {
  // Weights of tied logits: softmax(l / T) with T > 0 is ordered as l, so the top pair is (0, 2)
  // decided on l (the tie 1/3 = 1/3 goes to the smaller index), also where intervals could not.
  const ExactInputs exact{{"l", ExactTensor::from_json(nlohmann::json::parse(R"({"shape": [4], "values": ["1/3", -1, "1/3", "1/3"]})"), "l")},
                          {"T", ExactTensor::literal("1/7")}};
  const auto expect_top_two = [&](auto zero) {
    using R = decltype(zero);
    ExactScope scope;
    const Bindings<R> names{{"l", exact.at("l").template to_vector<R>()}, {"T", exact.at("T").template entry<R>(0)}};
    const Vector<R> top = std::get<Vector<R>>(evaluate(parse_formula("top(softmax(l / T), 2)"), names, &exact));
    const std::vector<int> want = {1, 0, 1, 0};
    for (Eigen::Index i = 0; i < 4; ++i) EXPECT_EQ(integer_value(top[i]), want[static_cast<std::size_t>(i)]) << i;
    EXPECT_EQ(integer_value(evaluate_scalar(parse_formula("argmax(l)"), names, &exact)), 0);
  };
  expect_top_two(DoubleInterval());
  expect_top_two(Interval());
  expect_top_two(ExactReal());
  // Without the exact value, the tied weights' enclosures (not points) leave the pair undecided.
  const Bindings<Interval> wide{{"l", exact.at("l").to_vector<Interval>()}, {"T", exact.at("T").entry<Interval>(0)}};
  const Vector<Interval> top = std::get<Vector<Interval>>(evaluate(parse_formula("top(softmax(l / T), 2)"), wide));
  EXPECT_FALSE(integer_value(top[2]).has_value());
}

TEST(IndexSets, SortArgmaxConcatAndLargestWithAComputedK) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(-4, 4);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t L = 1 + trial % 6;
    std::vector<double> v(L);
    for (double& x : v) x = trial % 2 ? std::round(u(rng)) : u(rng);
    std::vector<double> descending = v;
    std::sort(descending.begin(), descending.end(), std::greater<>());
    const Bindings<double> names{{"v", as_vector(v)}, {"L", double(L)}};
    const Vector<double> s = std::get<Vector<double>>(evaluate(parse_formula("sort(v)"), names));
    const Vector<DoubleInterval> enclosed = std::get<Vector<DoubleInterval>>(
        evaluate(parse_formula("sort(v)"), Bindings<DoubleInterval>{{"v", as_vector<DoubleInterval>(v)}}));
    for (std::size_t k = 0; k < L; ++k) {
      EXPECT_EQ(s[static_cast<Eigen::Index>(k)], descending[k]);
      EXPECT_EQ(enclosed[static_cast<Eigen::Index>(k)].lower(), descending[k]);
      // largest(v, k) with k a formula, against the k-th of the sorted list.
      const Bindings<double> with_k{{"v", as_vector(v)}, {"k", double(k)}};
      EXPECT_EQ(evaluate_scalar(parse_formula("largest(v, k + 1)"), with_k), descending[k]);
    }
    const std::size_t first = static_cast<std::size_t>(std::max_element(v.begin(), v.end()) - v.begin());
    EXPECT_EQ(evaluate_scalar(parse_formula("argmax(v)"), names), double(first)) << "the first of equal largest";
    EXPECT_EQ(evaluate_scalar(parse_formula("sum(i, where(i == argmax(v), v[i], 0))"), names), descending[0]);
    const Vector<double> joined = std::get<Vector<double>>(evaluate(parse_formula("concat(v, -v)"), names));
    ASSERT_EQ(joined.size(), static_cast<Eigen::Index>(2 * L));
    for (std::size_t i = 0; i < L; ++i) {
      EXPECT_EQ(joined[static_cast<Eigen::Index>(i)], v[i]);
      EXPECT_EQ(joined[static_cast<Eigen::Index>(L + i)], -v[i]);
    }
  }
  const Bindings<double> v{{"v", Vector<double>{{5.0, 3.0}}}, {"h", 0.5}};
  EXPECT_THROW(evaluate_scalar(parse_formula("largest(v, h)"), v), FormulaError) << "k is no integer";
  EXPECT_THROW(evaluate_scalar(parse_formula("largest(v, 2 + 1)"), v), FormulaError) << "k beyond the length";
  EXPECT_THROW(evaluate(parse_formula("top(v, 3)"), v), FormulaError) << "N beyond the length";
  EXPECT_THROW(evaluate_scalar(parse_formula("sum(i, v, 1)"), v), FormulaError) << "(5, 3) is no set";
}

TEST(IndexSets, WritesSetsInThePapersNotation) {
  EXPECT_EQ(latex(parse_formula("sum(i, top(a, N), a[i])")), "\\sum_{i \\in \\operatorname{top}_{N}\\left(a\\right)} a_{i}");
  EXPECT_EQ(latex(parse_formula("max(j, left_out(l, N), norm(x[j]))")),
            "\\max_{j \\in \\overline{\\operatorname{top}_{N}\\left(l\\right)}} \\left\\lVert x_{j}\\right\\rVert");
  EXPECT_EQ(latex(parse_formula("count(i, top(l, 2), l[i] > 0)")),
            "\\#\\left\\{i \\in \\operatorname{top}_{2}\\left(l\\right) : l_{i} > 0\\right\\}");
  EXPECT_EQ(latex(parse_formula("argmax(l)")), "\\operatorname{arg\\,max}\\left(l\\right)");
}

}  // namespace
}  // namespace nb::formula
