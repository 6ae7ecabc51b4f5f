// "Say why" of an undecided proof (verify/prove/residual_explanation.hpp): the residual boxes'
// hull in decimals rounded outward, and the set they pile up next to.
#include "verify/prove/residual_explanation.hpp"

#include <gtest/gtest.h>

namespace nb::prove {
namespace residual_explanation_test {

// A region of three logits in [-2, 2] and T in [1/2, 2].
Region logits_and_t() {
  Region r;
  r.sizes = {{"L", 3}};
  for (std::size_t i = 0; i < 3; ++i) r.coordinates.push_back({"logits", i, "logits[" + std::to_string(i) + "]"});
  r.coordinates.push_back({"T", 0, "T"});
  r.box = {{Rational(-2), Rational(-2), Rational(-2), Rational(1, 2)}, {Rational(2), Rational(2), Rational(2), Rational(2)}};
  return r;
}

ProofLeaf leaf(std::vector<Rational> lo, std::vector<Rational> hi) { return ProofLeaf{Box{std::move(lo), std::move(hi)}}; }

std::vector<const ProofLeaf*> pointers(const std::vector<ProofLeaf>& leaves) {
  std::vector<const ProofLeaf*> out;
  for (const ProofLeaf& l : leaves) out.push_back(&l);
  return out;
}

TEST(ResidualExplanation, NamesTheTieEveryBoxIsNextTo) {
  const Region r = logits_and_t();
  // Boxes on the tie logits[0] = logits[2], one beside it within its width, logits[1] far below.
  const std::vector<ProofLeaf> leaves = {
      leaf({Rational(1), Rational(-3, 2), Rational(1), Rational(1, 2)}, {Rational(5, 4), Rational(-1), Rational(5, 4), Rational(2)}),
      leaf({Rational(1), Rational(-3, 2), Rational(5, 4), Rational(1, 2)}, {Rational(5, 4), Rational(-1), Rational(3, 2), Rational(2)}),
  };
  EXPECT_EQ(stuck_set_text(r, pointers(leaves)),
            "every residual box meets, or lies within its width of, the set where logits[0] = logits[2]");
}

TEST(ResidualExplanation, NamesNoSetBoxesAreNotNextTo) {
  const Region r = logits_and_t();
  const std::vector<ProofLeaf> leaves = {
      leaf({Rational(1), Rational(-7, 4), Rational(-1), Rational(1)}, {Rational(5, 4), Rational(-3, 2), Rational(-3, 4), Rational(5, 4)}),
  };
  EXPECT_EQ(stuck_set_text(r, pointers(leaves)), "");
}

TEST(ResidualExplanation, PrefersAValueToTiesOfWideBoxes) {
  Region r = logits_and_t();
  // Every box holds logits[0] = 0 and is wide in logits[1], logits[2] (which may tie by chance).
  const std::vector<ProofLeaf> leaves = {
      leaf({Rational(-1, 8), Rational(-2), Rational(-2), Rational(1, 2)}, {Rational(0), Rational(2), Rational(2), Rational(2)}),
      leaf({Rational(0), Rational(-2), Rational(-2), Rational(1, 2)}, {Rational(1, 8), Rational(2), Rational(2), Rational(2)}),
  };
  EXPECT_EQ(stuck_set_text(r, pointers(leaves)), "every residual box meets, or lies within its width of, the set where logits[0] = 0");
}

TEST(ResidualExplanation, HullInDecimalsRoundedOutward) {
  const Region r = logits_and_t();
  const std::vector<ProofLeaf> leaves = {
      leaf({Rational(1, 3), Rational(-2), Rational(-2), Rational(1, 2)}, {Rational(2, 3), Rational(2), Rational(2), Rational(2)}),
  };
  // 1/3 down and 2/3 up at 6 digits; the coordinates spanning their whole side are left out.
  EXPECT_EQ(residual_hull_text(r, pointers(leaves)), "logits[0] in [0.333333, 0.666667]");
  EXPECT_EQ(residual_hull(pointers(leaves)), leaves[0].box);
}

}  // namespace residual_explanation_test
}  // namespace nb::prove
