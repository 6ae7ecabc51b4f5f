// softmax with one exponential per class of equal logits (verify/kernels/softmax_of_distinct.hpp)
// against the engine's softmax (verify/kernels/softmax.hpp), which takes one per entry: on exact
// logits with ties, at a random working precision, each weight's enclosure holds the midpoint of
// the engine's softmax at 1024 bits, in MPFI and in binary64 intervals; in double the two agree to
// rounding; and the classes are the exact ties (distinct_entries), literals that are not binary64
// values included.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include <mpfi.h>

#include "verify/kernels/distinct_entries.hpp"
#include "verify/kernels/softmax.hpp"
#include "verify/kernels/softmax_of_distinct.hpp"

namespace nb {
namespace {

bool distinct_encloses(const Interval& x, const Mpfr& y) { return mpfi_cmp_fr(x.backend().data(), y.backend().data()) == 0; }

TEST(DistinctEntries, ClassesAreTheExactTies) {
  const ExactTensor v = ExactTensor::vector({0.5, -1, 0.5, 2, -1, 0.5});
  const DistinctEntries d = distinct_entries(v);
  EXPECT_EQ(d.class_of, (std::vector<std::size_t>{0, 1, 0, 2, 1, 0}));
  EXPECT_EQ(d.first, (std::vector<std::size_t>{0, 1, 3}));
  EXPECT_EQ(d.count, (std::vector<std::size_t>{3, 2, 1}));
}

// Against a grouping by pairwise comparison, on vectors of 1 to 12 distinct binary64 values (the
// one-pass path for at most kFewClasses, the sort beyond), -0 and 0 one value.
TEST(DistinctEntries, FewAndManyValuesGiveTheClassesOfPairwiseEquality) {
  std::mt19937_64 rng(2508178);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t values = 1 + static_cast<std::size_t>(trial) % 12, L = 1 + rng() % 300;
    std::vector<double> pool{-0.0};
    for (std::size_t k = 1; k < values; ++k) pool.push_back(std::ldexp(static_cast<double>(rng() % 2001) - 1000, -7));
    pool.push_back(0.0);
    std::vector<double> l(L);
    for (double& x : l) x = pool[rng() % pool.size()];
    const DistinctEntries d = distinct_entries(ExactTensor::vector(l));
    std::vector<std::size_t> first, count, class_of(L);
    for (std::size_t i = 0; i < L; ++i) {
      std::size_t k = 0;
      while (k < first.size() && l[first[k]] != l[i]) ++k;
      if (k == first.size()) {
        first.push_back(i);
        count.push_back(0);
      }
      class_of[i] = k;
      ++count[k];
    }
    ASSERT_EQ(d.first, first) << "trial " << trial;
    ASSERT_EQ(d.count, count) << "trial " << trial;
    ASSERT_EQ(d.class_of, class_of) << "trial " << trial;
  }
}

TEST(DistinctEntries, LiteralsAreComparedAsRationals) {
  // 1/3 and 0.1 are no binary64 values; 1/3 twice is one class, 0.1 and its double are two.
  const ExactTensor v = ExactTensor::from_json(
      nlohmann::json::parse(R"({"shape": [4], "values": ["1/3", "0.1", "1/3", "0x1.999999999999ap-4"]})"), "v");
  ASSERT_FALSE(v.all_dyadic());
  const DistinctEntries d = distinct_entries(v);
  EXPECT_EQ(d.class_of, (std::vector<std::size_t>{0, 1, 0, 2}));
}

TEST(SoftmaxOfDistinct, EnclosesTheEngineSoftmax) {
  std::mt19937_64 rng(2508178);
  const std::vector<double> pool = {0.125, -3.5, 2, 0.3, -0.7, 7.25, 0};
  for (int trial = 0; trial < 80; ++trial) {
    const std::size_t L = 1 + rng() % 40;
    std::vector<double> l(L);
    for (double& x : l) x = pool[rng() % (trial % 2 ? 2 : pool.size())];
    const ExactTensor exact = ExactTensor::vector(l);
    const DistinctEntries classes = distinct_entries(exact);
    const std::string T = trial % 3 == 0 ? "1/3" : trial % 3 == 1 ? "1" : "7";
    set_working_precision(1024);
    const Vector<Interval> reference = softmax(exact.to_vector<Interval>(), ExactTensor::literal(T).entry<Interval>(0));
    const unsigned bits = 53 + static_cast<unsigned>(rng() % 400);
    set_working_precision(bits);
    const Vector<Interval> grouped =
        softmax_of_distinct(exact.to_vector<Interval>(), ExactTensor::literal(T).entry<Interval>(0), classes);
    const Vector<DoubleInterval> fast = softmax_of_distinct(
        exact.to_vector<DoubleInterval>(), ExactTensor::literal(T).entry<DoubleInterval>(0), classes);
    const Vector<double> point = softmax_of_distinct(exact.to_vector<double>(), ExactTensor::literal(T).entry<double>(0), classes);
    const Vector<double> direct = softmax(exact.to_vector<double>(), ExactTensor::literal(T).entry<double>(0));
    set_working_precision(1024);
    for (std::size_t i = 0; i < L; ++i) {
      const auto k = static_cast<Eigen::Index>(i);
      const Mpfr middle = midpoint_of(reference[k]);
      EXPECT_TRUE(distinct_encloses(grouped[k], middle)) << "trial " << trial << ", entry " << i << " at " << bits << " bits";
      EXPECT_TRUE(Mpfr(lower_end_of(fast[k])) <= middle && middle <= Mpfr(upper_end_of(fast[k])))
          << "trial " << trial << ", entry " << i;
      EXPECT_NEAR(point[k], direct[k], 1e-14) << "trial " << trial << ", entry " << i;
    }
  }
  set_working_precision(128);
}

}  // namespace
}  // namespace nb
