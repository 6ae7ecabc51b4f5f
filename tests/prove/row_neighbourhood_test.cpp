// Proofs on the neighbourhood of one row (verify/prove/row_neighbourhood.hpp): the box each input
// takes, a row decided in one box, a small row split to a counterexample, and a long row whose
// undecided box is not split.
#include "verify/prove/row_neighbourhood.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "theorems/file_theorem.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/counterexample.hpp"

namespace nb::prove {
namespace row_neighbourhood_test {

formula::TheoremSpec spec_of(const std::string& name) {
  return theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/" + name);
}

Case logit_row(const std::vector<double>& logits, double T) {
  Case c;
  c.label = "row";
  c.numbers["logits"] = ExactTensor::vector(logits);
  c.numbers["T"] = ExactTensor::scalar(T);
  return c;
}

// Logits spread like an attention row's: a few large, most small.
std::vector<double> spread_logits(std::size_t L) {
  std::vector<double> l(L);
  for (std::size_t i = 0; i < L; ++i) l[i] = 12 * std::sin(0.7 * static_cast<double>(i)) - 0.01 * static_cast<double>(i);
  return l;
}

TEST(RowNeighbourhood, WidensVectorsAndMatricesEntrywiseAndKeepsScalars) {
  const formula::TheoremSpec spec = spec_of("softmax-weight-bounds.toml");
  Case row;
  row.label = "L0 H0 row 2";
  row.numbers["query"] = ExactTensor::vector({1, -2});
  row.numbers["keys"] = ExactTensor(3, 2, {1, 2, 3, 4, 5, 0.5});
  row.numbers["T"] = ExactTensor::scalar(8);
  const Rational r = Rational(1) / 1000;
  const Region region = row_region(spec, row, r);
  EXPECT_EQ(region.sizes.at("L"), 3);
  EXPECT_EQ(region.sizes.at("d"), 2);
  ASSERT_EQ(region.coordinates.size(), 2u + 6u + 1u);
  EXPECT_EQ(region.coordinates[0].label, "query[0]");
  EXPECT_EQ(region.box.lo[1], Rational(-2) - r);
  EXPECT_EQ(region.box.hi[1], Rational(-2) + r);
  EXPECT_EQ(region.coordinates[7].label, "keys[2][1]");
  EXPECT_EQ(region.box.lo[7], Rational(1, 2) - r);
  EXPECT_EQ(region.coordinates[8].label, "T");
  EXPECT_EQ(region.box.lo[8], 8);
  EXPECT_EQ(region.box.hi[8], 8);
  row.numbers.erase("query");
  EXPECT_THROW(row_region(spec, row, r), InputError);
}

TEST(RowNeighbourhood, CorollaryOneAndTheSharpBoundsFirstClaimDecideInOneBox) {
  const formula::TheoremSpec sharp = spec_of("softmax-jacobian-spectral-sharp.toml");
  for (const std::size_t L : {8, 300}) {
    const Region region = row_region(sharp, logit_row(spread_logits(L), 8), Rational(1) / 1000);
    const RowProof r = prove_row(sharp, region, {0}, BoxForms::MeanValue, ProofSettings{}, nullptr);
    EXPECT_EQ(r.outcome, ProofOutcome::ProvenOnRegion) << "L = " << L;
    EXPECT_EQ(r.method, RowMethod::WholeBox) << "L = " << L;
    EXPECT_EQ(r.boxes, 1u);
  }
  const formula::TheoremSpec corollary = spec_of("softmax-weight-bounds.toml");
  Case row;
  row.label = "row";
  std::vector<double> keys;
  for (int i = 0; i < 100 * 4; ++i) keys.push_back(std::cos(1.3 * i));
  row.numbers["query"] = ExactTensor::vector({0.5, -1, 2, 0.25});
  row.numbers["keys"] = ExactTensor(100, 4, keys);
  row.numbers["T"] = ExactTensor::scalar(2);
  const RowProof r = prove_row(corollary, row_region(corollary, row, Rational(1) / 1000), {}, BoxForms::MeanValue,
                               ProofSettings{}, nullptr);
  EXPECT_EQ(r.outcome, ProofOutcome::ProvenOnRegion);
  EXPECT_EQ(r.method, RowMethod::WholeBox);
}

// The sharp bound's second claim is attained at tied top logits: a box around a tie never decides.
// A short row is split (and stays undecided at its box limit); a long one is not split, its
// centre (the row) is no counterexample, and the whole box is the residual.
// The sharp bound's second claim multiplied through by T: the form prove encloses with the norm
// and the top weight apart (the sharp file's own form takes a joint slack and proves at ties).
TEST(RowNeighbourhood, ARowAtATieStaysUndecidedSplitOnlyWhenShort) {
  const formula::TheoremSpec sharp =
      theorems::read_theorem_file_spec(std::string(NORMBOUND_PROVE_TEST_DATA) + "/top-weight-bound-through-t.toml");
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec_of_claims(sharp, {0}));
  ProofSettings settings;
  settings.max_boxes = 50;
  for (const std::size_t L : {3, 300}) {
    std::vector<double> logits = spread_logits(L);
    logits[1] = logits[0] = 20;  // the top two tie
    const Region region = row_region(sharp, logit_row(logits, 1), Rational(1) / 100);
    std::size_t certified = 0;
    const CertifyFn certify = [&](const Case& c) -> std::optional<Case> {
      ++certified;
      CaseOutcome outcome;
      return certified_counterexample(*theorem, c, region, 0, outcome);
    };
    const RowProof r = prove_row(sharp, region, {0}, BoxForms::MeanValue, settings, certify);
    EXPECT_EQ(r.outcome, ProofOutcome::Undecided) << "L = " << L;
    ASSERT_TRUE(r.residual.has_value()) << "L = " << L;
    if (L == 3) {
      EXPECT_EQ(r.method, RowMethod::Split);
      EXPECT_GT(r.boxes, 1u);
      EXPECT_EQ(r.stopped_by, "box limit");
    } else {
      EXPECT_EQ(r.method, RowMethod::WholeBox);
      EXPECT_EQ(*r.residual, region.box);
      EXPECT_EQ(certified, 1u);
      EXPECT_NE(r.stopped_by.find("beyond splitting"), std::string::npos);
    }
  }
}

// A false statement (the top weight of two logits at most 1/2): the whole box fails, the split
// certifies a counterexample inside the box.
TEST(RowNeighbourhood, AFalseStatementGivesACounterexampleInsideTheBox) {
  const formula::TheoremSpec spec = formula::read_theorem_spec(R"toml(id = "weight-at-most-a-half-row"
title = "The top weight of two logits is at most one half (false)"
source = "test"
fidelity = "extension"
expect = "holds"

[inputs]
logits = { kind = "vector", length = "L", range = [1, 2] }
L = { kind = "length", range = [2, 2] }

[[claim]]
value = "max(i, softmax(logits)[i])"
relation = "<="
bound = "1 / 2"
)toml",
                                                               "weight-at-most-a-half-row.toml");
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  Case row;
  row.label = "row";
  row.numbers["logits"] = ExactTensor::vector({1, 2});
  const Region region = row_region(spec, row, Rational(1) / 100);
  const CertifyFn certify = [&](const Case& c) -> std::optional<Case> {
    CaseOutcome outcome;
    return certified_counterexample(*theorem, c, region, 0, outcome);
  };
  const RowProof r = prove_row(spec, region, {}, BoxForms::MeanValue, ProofSettings{}, certify);
  ASSERT_EQ(r.outcome, ProofOutcome::Violated);
  ASSERT_TRUE(r.witness.has_value());
  EXPECT_TRUE(case_in_box(*r.witness, region, region.box));
}

}  // namespace row_neighbourhood_test
}  // namespace nb::prove
