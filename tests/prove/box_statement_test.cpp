// A theorem file's claims on a box (verify/prove/box_statement.hpp): the slack enclosure holds the
// slack at every sampled point of the box, in both tiers and with either softmax; the statuses.
#include "verify/prove/box_statement.hpp"

#include <gtest/gtest.h>

#include <random>

#include "theorems/file_theorem.hpp"

namespace nb::prove {
namespace box_statement_test {

constexpr unsigned kSeed = 20261205;

formula::TheoremSpec spec_of(const std::string& name) {
  return theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/" + name);
}

// A random sub-box of `region`'s box with sides of about `side` times the region's.
Box sub_box(const Region& region, double side, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> unit(0, 1);
  Box b = region.box;
  for (std::size_t k = 0; k < b.lo.size(); ++k) {
    const Rational width = region.box.hi[k] - region.box.lo[k];
    const Rational start = region.box.lo[k] + width * Rational(unit(rng) * (1 - side));
    b.lo[k] = start;
    b.hi[k] = start + width * Rational(side);
  }
  return b;
}

// The slack of claim `k` at the point `point` of `region`, by the engine's binary64 tier on the
// case (the theorem's own evaluation of exact inputs, not the box evaluation).
SlackEnclosure point_slack(const Theorem& theorem, const formula::TheoremSpec& spec, const Region& region,
                           const std::vector<Rational>& point, std::size_t k) {
  return slack_of(theorem.evaluate_fast(point_case(spec, region, point), EvalContext{}).claims.at(k));
}

struct Statement {
  std::string file;
  std::vector<std::string> sizes, regions;
};

class BoxEnclosure : public ::testing::TestWithParam<Statement> {};

TEST_P(BoxEnclosure, HoldsTheSlackAtEverySampledPoint) {
  const formula::TheoremSpec spec = spec_of(GetParam().file);
  const Region region = make_region(spec, GetParam().sizes, GetParam().regions, true);
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  std::mt19937_64 rng(kSeed);
  SCOPED_TRACE("seed " + std::to_string(kSeed));
  std::uniform_real_distribution<double> unit(0, 1);
  for (int trial = 0; trial < 40; ++trial) {
    const Box box = sub_box(region, std::ldexp(1.0, -(trial % 8)), rng);
    for (BoxKernels kernels : {BoxKernels::Range, BoxKernels::Engine}) {
      const BoxStatement statement(spec, region, {}, kernels);
      const BoxVerdict fast = statement.evaluate<DoubleInterval>(box);
      const BoxVerdict wide = statement.evaluate<Interval>(box, 128);
      for (int sample = 0; sample < 10; ++sample) {
        std::vector<Rational> point(box.lo.size());
        for (std::size_t k = 0; k < point.size(); ++k) point[k] = box.lo[k] + (box.hi[k] - box.lo[k]) * Rational(unit(rng));
        for (std::size_t k = 0; k < spec.claims.size(); ++k) {
          const SlackEnclosure at = point_slack(*theorem, spec, region, point, k);
          for (const BoxVerdict* v : {&fast, &wide}) {
            if (!v->slacks[k].known) continue;  // unknown encloses everything
            EXPECT_LE(v->slacks[k].lo, at.hi) << "trial " << trial << ", claim " << k + 1;
            EXPECT_GE(v->slacks[k].hi, at.lo) << "trial " << trial << ", claim " << k + 1;
          }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    TheoremFiles, BoxEnclosure,
    ::testing::Values(Statement{"softmax-jacobian-spectral-sharp.toml", {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}},
                      Statement{"softmax-weight-bounds.toml", {"L=3", "d=2"}, {"T=[1/4,4]"}},
                      Statement{"softmax-entropy-log-l.toml", {"L=4"}, {"l=[-3,3]", "T=[1/2,2]"}},
                      Statement{"softmax-jacobian-frobenius.toml", {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}}));

TEST(BoxStatement, StatusesOfWholeBoxes) {
  const formula::TheoremSpec printed = spec_of("softmax-jacobian-spectral-as-printed.toml");
  const Region near_ties = make_region(printed, {"L=2"}, {"logits=[-1/64,1/64]", "T=[1,1]"}, false);
  EXPECT_EQ(BoxStatement(printed, near_ties, {}, BoxKernels::Range).evaluate<DoubleInterval>(near_ties.box).status,
            BoxStatus::Fails);
  const Region wide = make_region(printed, {"L=2"}, {"logits=[-8,8]", "T=[1,1]"}, false);
  EXPECT_EQ(BoxStatement(printed, wide, {}, BoxKernels::Range).evaluate<DoubleInterval>(wide.box).status,
            BoxStatus::Undecided);
  const formula::TheoremSpec sharp = spec_of("softmax-jacobian-spectral-sharp.toml");
  const Region small = make_region(sharp, {"L=3"}, {"logits[0]=[0,1/16]", "logits[1]=[1,17/16]", "logits[2]=[2,33/16]", "T=[1,1]"}, false);
  EXPECT_EQ(BoxStatement(sharp, small, {0}, BoxKernels::Range).evaluate<DoubleInterval>(small.box).status, BoxStatus::Holds);
  // T is declared positive: a box of T <= 0 is outside the assumptions, one reaching 0 undecided.
  const Region negative = make_region(sharp, {"L=3"}, {"logits=[0,1]", "T=[-1,0]"}, false);
  EXPECT_EQ(BoxStatement(sharp, negative, {}, BoxKernels::Range).evaluate<DoubleInterval>(negative.box).status,
            BoxStatus::OutsideAssumptions);
  const Region reaching = make_region(sharp, {"L=3"}, {"logits=[0,1]", "T=[-1,1]"}, false);
  EXPECT_EQ(BoxStatement(sharp, reaching, {}, BoxKernels::Range).evaluate<DoubleInterval>(reaching.box).status,
            BoxStatus::Undecided);
}

TEST(BoxStatement, AClaimThatDoesNotExistIsAUsageError) {
  const formula::TheoremSpec sharp = spec_of("softmax-jacobian-spectral-sharp.toml");
  const Region r = make_region(sharp, {"L=3"}, {"logits=[0,1]", "T=[1,1]"}, false);
  EXPECT_THROW(BoxStatement(sharp, r, {2}, BoxKernels::Range), UsageError);
}

// The mean-value form applies where every call of the statement has a derivative kernel, which
// the compiler says (formula::NoDerivativeKernel), whatever the function: spectral_norm, sort
// (inside an expectation's range), a vocabulary function (sparsemax's Jacobian).
TEST(BoxStatement, DerivativesWhereTheCompilerHasEveryKernel) {
  const auto uses_derivatives = [](const std::string& file, const std::vector<std::string>& sizes, BoxForms forms) {
    const formula::TheoremSpec spec = spec_of(file);
    const Region region = make_region(spec, sizes, {}, true);
    return BoxStatement(spec, region, {}, BoxKernels::Range, {}, forms).uses_derivatives();
  };
  EXPECT_TRUE(uses_derivatives("softmax-weight-bounds.toml", {"L=2", "d=1"}, BoxForms::MeanValue));
  EXPECT_FALSE(uses_derivatives("softmax-weight-bounds.toml", {"L=2", "d=1"}, BoxForms::Natural));
  EXPECT_FALSE(uses_derivatives("softmax-jacobian-spectral-sharp.toml", {"L=2"}, BoxForms::MeanValue));
  EXPECT_FALSE(uses_derivatives("topn-distance-random.toml", {"L=3", "N=1", "d=1"}, BoxForms::MeanValue));
  EXPECT_FALSE(uses_derivatives("sparsemax-jacobian.toml", {"L=2"}, BoxForms::MeanValue));
}

// A sampled expectation has no enclosure over a box: refused when the statement is made, before
// any of it is compiled; an enumerated one (C(3, 1) subsets) is a formula like any other.
TEST(BoxStatement, ASampledExpectationIsRefused) {
  const formula::TheoremSpec sphere = spec_of("separability-upper-envelope-expectation.toml");
  const Region drawn = make_region(sphere, {"L=3", "N=2", "dimension=2", "samples=10", "sample_seed=1"}, {}, true);
  EXPECT_THROW(BoxStatement(sphere, drawn, {}, BoxKernels::Range), UsageError);
  const formula::TheoremSpec subsets = spec_of("topn-distance-random.toml");
  const Region sampled = make_region(subsets, {"L=40", "N=20", "d=1"}, {}, true);
  EXPECT_THROW(BoxStatement(subsets, sampled, {}, BoxKernels::Range), UsageError);
  const Region enumerated = make_region(subsets, {"L=3", "N=1", "d=1"}, {}, true);
  EXPECT_NO_THROW(BoxStatement(subsets, enumerated, {}, BoxKernels::Range));
}

}  // namespace box_statement_test
}  // namespace nb::prove
