// Joint slacks (verify/formula/joint_slack.hpp) in region proofs: the sharp spectral bound's second
// claim is recognised however its subexpressions are named, not where its sides are not the ones
// the kernel encloses; with it a box across the tie of the two top logits holds, and the claim is
// proved on regions containing ties (L = 3 and L = 4, on the ordered cone and on the whole region).
#include "verify/prove/box_statement.hpp"

#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/prove/ordered_cone.hpp"
#include "verify/prove/region_proof.hpp"

namespace nb::prove {
namespace joint_slack_test {

const formula::TheoremSpec& sharp() {
  static const formula::TheoremSpec spec =
      theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/softmax-jacobian-spectral-sharp.toml");
  return spec;
}

// The sharp bound's second claim stated with `define` and the claim `claim` (TOML lines).
formula::TheoremSpec second_claim(const std::string& define, const std::string& claim) {
  return formula::read_theorem_spec(
      "id = \"joint-slack-test\"\ntitle = \"t\"\nsource = \"a test\"\nfidelity = \"extension\"\nexpect = \"holds\"\n"
      "[inputs]\nlogits = { kind = \"vector\", length = \"L\", range = [-2, 2] }\n"
      "T = { kind = \"scalar\", range = [\"1/2\", 2], positive = true }\nL = { kind = \"length\", range = [2, 8] }\n"
      "[define]\n" + define + "\n[[claim]]\n" + claim + "\n",
      "joint-slack-test.toml");
}

bool recognised(const formula::TheoremSpec& spec) {
  return formula::joint_slack(spec, spec.claims.at(0)).has_value();
}

TEST(JointSlack, RecognisedHoweverItsSubexpressionsAreNamed) {
  EXPECT_FALSE(formula::joint_slack(sharp(), sharp().claims[0]).has_value());  // T ||J(l / T, 1)|| <= 1/2
  ASSERT_TRUE(formula::joint_slack(sharp(), sharp().claims[1]).has_value());
  EXPECT_EQ(formula::joint_slack_key(formula::joint_slack(sharp(), sharp().claims[1])->kind),
            std::string("top-weight-over-jacobian-norm"));
  const std::string norm = "value = \"spectral_norm(softmax_jacobian(logits, T))\"\nrelation = \"<=\"\n";
  EXPECT_TRUE(recognised(second_claim("", norm + "bound = \"max(i, softmax(logits / T)[i]) / T\"")));
  EXPECT_TRUE(recognised(second_claim("", norm + "bound = \"max(i, softmax(logits / T)[i] / T)\"")));
  EXPECT_TRUE(recognised(second_claim("J = \"softmax_jacobian(logits, T)\"\nn = \"spectral_norm(J)\"\n"
                                      "a = \"softmax(logits / T)\"\nm = \"max(j, a[j])\"\ntop = \"m / T\"",
                                      "value = \"n\"\nrelation = \"<=\"\nbound = \"top\"")));
  EXPECT_TRUE(recognised(second_claim("", "value = \"max(i, softmax(logits / T)[i]) / T\"\nrelation = \">=\"\n"
                                          "bound = \"spectral_norm(softmax_jacobian(logits, T))\"")));
  // Not the kernel's slack: the sides swapped for <=, another temperature, other logits, other
  // weights, the claim multiplied through by T.
  EXPECT_FALSE(recognised(second_claim("", "value = \"max(i, softmax(logits / T)[i]) / T\"\nrelation = \"<=\"\n"
                                           "bound = \"spectral_norm(softmax_jacobian(logits, T))\"")));
  EXPECT_FALSE(recognised(second_claim("", norm + "bound = \"max(i, softmax(logits / T)[i]) / (2 * T)\"")));
  EXPECT_FALSE(recognised(second_claim("", norm + "bound = \"max(i, softmax(2 * logits / T)[i]) / T\"")));
  EXPECT_FALSE(recognised(second_claim("", norm + "bound = \"max(i, exp(logits / T)[i]) / T\"")));
  EXPECT_FALSE(recognised(second_claim("", "value = \"T * spectral_norm(softmax_jacobian(logits, T))\"\n"
                                           "relation = \"<=\"\nbound = \"max(i, softmax(logits / T)[i])\"")));
}

// A box across the tie of the two top logits: the second claim holds on it with the joint slack,
// and is undecided without it (the same statement multiplied through by T, which is not recognised).
TEST(JointSlack, ABoxAcrossATieHolds) {
  const std::vector<std::string> regions = {"logits[0]=[1,17/16]", "logits[1]=[1,17/16]", "logits[2]=[-1,-15/16]",
                                            "T=[1,1]"};
  const Region region = make_region(sharp(), {"L=3"}, regions, false);
  const BoxVerdict joint = BoxStatement(sharp(), region, {1}, BoxKernels::Range).evaluate<DoubleInterval>(region.box);
  EXPECT_EQ(joint.status, BoxStatus::Holds);
  EXPECT_EQ(joint.slacks[0].lo, 0);
  // The naive evaluation (BoxKernels::Engine) takes no joint slack.
  EXPECT_EQ(BoxStatement(sharp(), region, {1}, BoxKernels::Engine).evaluate<DoubleInterval>(region.box).status,
            BoxStatus::Undecided);
  const formula::TheoremSpec through_t =
      second_claim("", "value = \"T * spectral_norm(softmax_jacobian(logits, T))\"\nrelation = \"<=\"\n"
                       "bound = \"max(i, softmax(logits / T)[i])\"");
  const Region same = make_region(through_t, {"L=3"}, regions, false);
  EXPECT_EQ(BoxStatement(through_t, same, {}, BoxKernels::Range).evaluate<DoubleInterval>(same.box).status,
            BoxStatus::Undecided);
  // In MPFI too. Not in Arb: a ball's lower end is never exactly 0 (its radius is rounded up), so
  // recheck decides such a leaf in MPFI, its fallback for leaves the balls do not decide.
  EXPECT_EQ(BoxStatement(sharp(), region, {1}, BoxKernels::Range).evaluate<Interval>(region.box, 64).status, BoxStatus::Holds);
  EXPECT_EQ(BoxStatement(sharp(), region, {1}, BoxKernels::Range).evaluate<ArbInterval>(region.box, 64).status,
            BoxStatus::Undecided);
}

// Both claims on regions containing ties, on the ordered cone and on the whole region.
TEST(JointSlack, TheSharpBoundIsProvedOnRegionsWithTies) {
  struct Run {
    std::string L, logits;
  };
  for (const Run& run : {Run{"L=3", "logits=[-2,2]"}, Run{"L=4", "logits=[-1,1]"}}) {
    const Region region = make_region(sharp(), {run.L}, {run.logits, "T=[1/2,2]"}, false);
    const std::optional<Region> cone = ordered_cone_region(sharp(), region, {});
    ASSERT_TRUE(cone.has_value());
    for (const Region* r : {&*cone, &region}) {
      const RegionProof proof = prove_region(BoxStatement(sharp(), *r, {}, BoxKernels::Range), sharp(), *r, {}, nullptr);
      EXPECT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion) << run.L << (r == &region ? ", whole region" : ", cone");
      std::cout << run.L << (r == &region ? ", whole region: " : ", cone: ") << proof.leaves.size() << " leaves\n";
    }
  }
}

}  // namespace joint_slack_test
}  // namespace nb::prove
