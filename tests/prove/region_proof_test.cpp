// Branch and bound over a region (verify/prove/region_proof.hpp): a true claim proved with leaves
// that cover the region, a false one refuted at a point the engine certifies, a claim attained on
// a set (q = 0) left undecided only next to it, and the same tree whatever the thread count.
#include "verify/prove/region_proof.hpp"

#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/prove/counterexample.hpp"
#include "verify/search/case_shrinker.hpp"

namespace nb::prove {
namespace region_proof_test {

formula::TheoremSpec spec_of(const std::string& name) {
  return theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/" + name);
}

// The engine's certification of a candidate, as `prove` does it (without shrinking).
CertifyFn engine_certifies(const Theorem& theorem) {
  return [&theorem](const Case& c) -> std::optional<Case> {
    if (engine_outcome(theorem, c, false).verdict == Verdict::Violated) return c;
    return std::nullopt;
  };
}

// The sum of the leaves' volumes, and that no two leaves overlap in more than a face.
void expect_leaves_tile_the_region(const RegionProof& proof, const Region& region) {
  Rational total = 0;
  for (const ProofLeaf& l : proof.leaves) total += volume(l.box, region);
  EXPECT_EQ(total, proof.region_volume);
  for (std::size_t i = 0; i < proof.leaves.size() && i < 200; ++i)
    for (std::size_t j = i + 1; j < proof.leaves.size() && j < 200; ++j) {
      bool apart = false;
      for (std::size_t k = 0; k < region.coordinates.size(); ++k)
        apart = apart || (region.box.hi[k] > region.box.lo[k] &&
                          (proof.leaves[i].box.hi[k] <= proof.leaves[j].box.lo[k] ||
                           proof.leaves[j].box.hi[k] <= proof.leaves[i].box.lo[k]));
      EXPECT_TRUE(apart) << "leaves " << i << " and " << j << " overlap";
    }
}

// ||J||_2 <= 1/(2T) written with its bound apart from the norm needs many leaves on a small region.
TEST(RegionProof, ProvesTheSpectralBoundOverTOnASmallRegion) {
  const formula::TheoremSpec spec =
      theorems::read_theorem_file_spec(std::string(NORMBOUND_PROVE_TEST_DATA) + "/jacobian-norm-below-half-over-t.toml");
  const Region region = make_region(spec, {"L=3"}, {"logits=[-1/2,1/2]", "T=[1,2]"}, false);
  const BoxStatement statement(spec, region, {0}, BoxKernels::Range);
  ProofSettings settings;
  settings.threads = 2;
  const RegionProof proof = prove_region(statement, spec, region, settings, nullptr);
  EXPECT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion);
  EXPECT_EQ(proof.residual_volume, 0);
  EXPECT_GT(proof.leaves.size(), 1u);
  for (const ProofLeaf& l : proof.leaves) EXPECT_EQ(l.status, LeafStatus::Proven);
  expect_leaves_tile_the_region(proof, region);
}

// The port states the same bound as T ||J||_2 <= 1/2, and Gershgorin's discs alone
// (lambda_max <= max_i 2 a_i (1 - a_i) <= 1/2, verify/kernels/softmax_jacobian_norm_over_box.hpp)
// prove it on the whole region at once, while the form with 1/(2T) apart is still undecided there
// after 300 boxes.
TEST(RegionProof, ProvesTheSharpSpectralBoundTimesTInOneBox) {
  const formula::TheoremSpec port = spec_of("softmax-jacobian-spectral-sharp.toml");
  const Region region = make_region(port, {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, false);
  const RegionProof proof = prove_region(BoxStatement(port, region, {0}, BoxKernels::Range), port, region, {}, nullptr);
  EXPECT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion);
  EXPECT_EQ(proof.leaves.size(), 1u);
  const formula::TheoremSpec over_t =
      theorems::read_theorem_file_spec(std::string(NORMBOUND_PROVE_TEST_DATA) + "/jacobian-norm-below-half-over-t.toml");
  const Region same = make_region(over_t, {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, false);
  ProofSettings settings;
  settings.max_boxes = 300;
  EXPECT_EQ(prove_region(BoxStatement(over_t, same, {0}, BoxKernels::Range), over_t, same, settings, nullptr).outcome,
            ProofOutcome::Undecided);
}

TEST(RegionProof, RefutesThePrintedSpectralBoundAtACertifiedPoint) {
  const formula::TheoremSpec spec = spec_of("softmax-jacobian-spectral-as-printed.toml");
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  const Region region = make_region(spec, {"L=2"}, {"logits=[-1,1]", "T=[1,1]"}, false);
  const RegionProof proof =
      prove_region(BoxStatement(spec, region, {}, BoxKernels::Range), spec, region, {}, engine_certifies(*theorem));
  ASSERT_EQ(proof.outcome, ProofOutcome::Violated);
  ASSERT_TRUE(proof.witness);
  EXPECT_TRUE(case_in_box(*proof.witness, region, region.box));
  EXPECT_EQ(engine_outcome(*theorem, *proof.witness, false).verdict, Verdict::Violated);
}

TEST(RegionProof, ACounterexampleIsShrunkInsideTheRegion) {
  const formula::TheoremSpec spec = spec_of("softmax-jacobian-spectral-as-printed.toml");
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  const Region region = make_region(spec, {"L=2"}, {"logits=[1/3,1]", "T=[1,1]"}, false);
  CaseOutcome outcome;
  const std::optional<Case> shrunk =
      certified_counterexample(*theorem, point_case(spec, region, midpoint(region.box)), region, 100, outcome);
  ASSERT_TRUE(shrunk);
  EXPECT_EQ(outcome.verdict, Verdict::Violated);
  EXPECT_TRUE(case_in_box(*shrunk, region, region.box));
  // Simpler than the midpoint (2/3, 2/3): the shrinker's order, and a tie that still violates.
  EXPECT_LT(search::complexity_of(*shrunk), search::complexity_of(point_case(spec, region, midpoint(region.box))));
  EXPECT_EQ(shrunk->number("logits").exact(0), shrunk->number("logits").exact(1));
}

// Corollary 1's weight bounds are equalities at q = 0 (every weight 1/L). The first cut is at
// q = 0, so every box has q >= 0 or q <= 0; there |q| is q (or -q) and the slack's derivative in q
// has a certain sign, so the monotonicity test moves to the face q = 0, where the slack is exactly 0.
// The natural form alone cannot prove the boxes next to q = 0.
TEST(RegionProof, ProvesTheWeightBoundsUpToQueryZero) {
  const formula::TheoremSpec spec = spec_of("softmax-weight-bounds.toml");
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  const Region region = make_region(spec, {"L=2", "d=1"}, {"query=[-1,1]", "keys=[1/2,2]", "T=[1,1]"}, false);
  ProofSettings settings;
  settings.max_boxes = 3000;
  const RegionProof proof =
      prove_region(BoxStatement(spec, region, {}, BoxKernels::Range), spec, region, settings, engine_certifies(*theorem));
  EXPECT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion);
  expect_leaves_tile_the_region(proof, region);
  const RegionProof natural =
      prove_region(BoxStatement(spec, region, {}, BoxKernels::Range, {}, BoxForms::Natural), spec, region, settings,
                   engine_certifies(*theorem));
  EXPECT_EQ(natural.outcome, ProofOutcome::Undecided);
}

TEST(RegionProof, TheTreeDoesNotDependOnTheThreads) {
  const formula::TheoremSpec spec = spec_of("softmax-weight-bounds.toml");
  const Region region = make_region(spec, {"L=2", "d=1"}, {"query=[-1,1]", "keys=[1/2,2]", "T=[1/2,2]"}, false);
  const BoxStatement statement(spec, region, {}, BoxKernels::Range);
  ProofSettings one, three;
  one.max_boxes = three.max_boxes = 1500;
  three.threads = 3;
  const RegionProof a = prove_region(statement, spec, region, one, nullptr);
  const RegionProof b = prove_region(statement, spec, region, three, nullptr);
  ASSERT_EQ(a.nodes.size(), b.nodes.size());
  for (std::size_t i = 0; i < a.nodes.size(); ++i) {
    EXPECT_EQ(a.nodes[i].coordinate, b.nodes[i].coordinate);
    EXPECT_EQ(a.nodes[i].at, b.nodes[i].at);
  }
  ASSERT_EQ(a.leaves.size(), b.leaves.size());
  for (std::size_t i = 0; i < a.leaves.size(); ++i) EXPECT_EQ(a.leaves[i].status, b.leaves[i].status);
  EXPECT_EQ(a.boxes, 1500u);
  EXPECT_EQ(a.stopped_by, "box limit");
}

}  // namespace region_proof_test
}  // namespace nb::prove
