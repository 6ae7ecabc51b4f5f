// Certificates of region proofs (verify/prove/proof_certificate.hpp): one written by a proof
// rechecks, every kind of tampering makes the recheck fail at the offending leaf or field, a
// certificate about another statement, less region or other claims than demanded is refused, and
// a leaf the first arithmetic gets wrong is caught by the second (Arb).
#include "verify/prove/proof_certificate.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "theorems/file_theorem.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/sha256.hpp"
#include "verify/prove/counterexample.hpp"

namespace nb::prove {
namespace proof_certificate_test {

// ||J||_2 <= 1/(2T) with its bound apart from the norm: a proof of many leaves (tests/prove/data).
const std::string kOverT = std::string(NORMBOUND_PROVE_TEST_DATA) + "/jacobian-norm-below-half-over-t.toml";
const std::string kPrinted = std::string(NORMBOUND_SPECS_DIR) + "/softmax-jacobian-spectral-as-printed.toml";

bool engine_violated(const formula::TheoremSpec& spec, const Case& c) {
  return engine_outcome(*theorems::make_file_theorem(spec), c, false).verdict == Verdict::Violated;
}

const std::string kApart = std::string(NORMBOUND_PROVE_TEST_DATA) + "/two-claims-apart.toml";

// The certificate of a proof of the theorem file `file` on the region `regions` (claim 1 only),
// a counterexample certified against claim 1 alone.
nlohmann::json certificate(const std::string& file, const std::vector<std::string>& sizes,
                           const std::vector<std::string>& regions, std::size_t max_boxes = 200000) {
  const std::string text = read_input_file(file, "theorem file");
  const std::string name = std::filesystem::path(file).filename();  // as a certificate records it
  const formula::TheoremSpec spec = formula::read_theorem_spec(text, name);
  const Region region = make_region(spec, sizes, regions, false);
  const BoxStatement statement(spec, region, {0}, BoxKernels::Range);
  const std::unique_ptr<Theorem> theorem = theorems::make_file_theorem(spec);
  ProofSettings settings;
  settings.max_boxes = max_boxes;
  const RegionProof proof = prove_region(statement, spec, region, settings, [&](const Case& c) -> std::optional<Case> {
    if (engine_violated(spec_of_claims(spec, {0}), c)) return c;
    return std::nullopt;
  });
  return certificate_json(ProvedStatement{&spec, name, text, statement.claims(), statement.kernels(), statement.forms()},
                          region, proof);
}

const nlohmann::json& proven() {
  static const nlohmann::json j = certificate(kOverT, {"L=3"}, {"logits=[-1/2,1/2]", "T=[1,2]"});
  return j;
}

RecheckResult recheck(const nlohmann::json& j) { return recheck_certificate(j, 2, engine_violated); }

TEST(ProofCertificate, AProofRechecks) {
  ASSERT_EQ(proven().at("outcome"), "proven_on_region");
  const RecheckResult r = recheck(proven());
  EXPECT_TRUE(r.passed) << r.failure;
  EXPECT_EQ(r.outcome, ProofOutcome::ProvenOnRegion);
  EXPECT_EQ(r.leaves, proven().at("leaves").size());
  EXPECT_EQ(r.proven, r.leaves);
  EXPECT_EQ(r.theorem_id, "jacobian-norm-below-half-over-t");
}

TEST(ProofCertificate, ATimeLimitLeavesTheRecheckUnfinished) {
  const RecheckResult r = recheck_certificate(proven(), 1, engine_violated, 1e-6);
  EXPECT_FALSE(r.finished);
  EXPECT_FALSE(r.passed);
  EXPECT_TRUE(recheck_certificate(proven(), 1, engine_violated, 600).finished);
}

TEST(ProofCertificate, AWidenedLeafFails) {
  nlohmann::json j = proven();
  j["leaves"][3]["box"][0][0] = "-1";  // below the region's -1/2: certainly wider
  const RecheckResult r = recheck(j);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("leaf 3 records the box"), std::string::npos) << r.failure;
}

TEST(ProofCertificate, AWidenedTreeWithItsLeavesFailsOnTheEvaluation) {
  // The whole region claimed proven by one leaf: the tree is consistent, the evaluation is not.
  nlohmann::json j = proven();
  j["nodes"] = nlohmann::json::array({{{"leaf", 0}}});
  nlohmann::json leaf = j["leaves"][0];
  leaf["box"] = nlohmann::json::array();
  for (const auto& c : j["region"]) leaf["box"].push_back(c["interval"]);
  j["leaves"] = nlohmann::json::array({leaf});
  const RecheckResult r = recheck(j);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("is recorded proven, but evaluates as undecided"), std::string::npos) << r.failure;
}

TEST(ProofCertificate, AFlippedVerdictFails) {
  nlohmann::json j = certificate(kOverT, {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, 300);
  ASSERT_EQ(j.at("outcome"), "undecided");
  std::size_t flipped = j["leaves"].size();
  for (std::size_t l = 0; l < j["leaves"].size() && flipped == j["leaves"].size(); ++l)
    if (j["leaves"][l]["status"] == "residual") {
      j["leaves"][l]["status"] = "proven";
      flipped = l;
    }
  const RecheckResult r = recheck(j);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("leaf " + std::to_string(flipped) + " "), std::string::npos) << r.failure;
}

TEST(ProofCertificate, AMissingPieceFails) {
  nlohmann::json j = proven();
  // Node 0's high half dropped: its subtree's leaves no longer belong to the tree.
  j["nodes"][0]["high"] = j["nodes"][0]["low"];
  EXPECT_FALSE(recheck(j).passed);
  nlohmann::json k = proven();
  k["leaves"].erase(k["leaves"].size() - 1);
  EXPECT_FALSE(recheck(k).passed);
}

TEST(ProofCertificate, ACutOutsideItsBoxFails) {
  nlohmann::json j = proven();
  j["nodes"][0]["cut"]["at"] = "5";
  const RecheckResult r = recheck(j);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("nodes[0] cuts"), std::string::npos) << r.failure;
}

TEST(ProofCertificate, AnEditedStatementOrRegionFails) {
  nlohmann::json text = proven();
  std::string t = text["theorem"]["text"];
  t.replace(t.find("1 / (2 * T)"), 11, "1 / (3 * T)");
  text["theorem"]["text"] = t;
  EXPECT_NE(recheck(text).failure.find("SHA-256"), std::string::npos);
  nlohmann::json region = proven();
  region["region"][0]["interval"] = {"-1", "1/2"};  // a larger region, the same leaves
  EXPECT_FALSE(recheck(region).passed);
  nlohmann::json outcome = certificate(kOverT, {"L=3"}, {"logits=[-2,2]", "T=[1/2,2]"}, 300);
  outcome["outcome"] = "proven_on_region";
  EXPECT_NE(recheck(outcome).failure.find("its leaves show undecided"), std::string::npos);
}

TEST(ProofCertificate, ACounterexampleRechecksAndAMovedOneFails) {
  nlohmann::json j = certificate(kPrinted, {"L=2"}, {"logits=[-1,1]", "T=[1,1]"});
  ASSERT_EQ(j.at("outcome"), "violated");
  EXPECT_TRUE(recheck(j).passed);
  nlohmann::json outside = j;
  outside["witness"]["numbers"]["logits"]["values"] = {"2", "2"};
  EXPECT_NE(recheck(outside).failure.find("outside the region"), std::string::npos);
  nlohmann::json holds = j;
  holds["witness"]["numbers"]["logits"]["values"] = {"-1", "1"};
  EXPECT_NE(recheck(holds).failure.find("not certified VIOLATED"), std::string::npos);
}

// Forgery of the claims: a counterexample to claim 1 presented as one to claim 3, which holds on
// the whole region [0, 1], or to claim 2, which the point does not violate.
TEST(ProofCertificate, ACounterexampleIsCertifiedAgainstTheCertificatesClaimsAlone) {
  nlohmann::json j = certificate(kApart, {}, {"x=[0,1]"});
  ASSERT_EQ(j.at("outcome"), "violated");
  const RecheckResult genuine = recheck(j);
  EXPECT_TRUE(genuine.passed) << genuine.failure;
  ASSERT_EQ(genuine.claims.size(), 1u);
  EXPECT_EQ(genuine.claims[0], "claim 1: x <= 3/4");
  for (const int other : {2, 3}) {
    j["claims"] = {other};
    const RecheckResult r = recheck(j);
    EXPECT_FALSE(r.passed);
    EXPECT_NE(r.failure.find("not certified VIOLATED for claim " + std::to_string(other)), std::string::npos) << r.failure;
  }
}

// Forgery of the region: a genuine certificate for a smaller region says which region it covers,
// and is refused under a demand for a larger one (or other sizes, or a claim it is not about).
TEST(ProofCertificate, ACertificateForLessThanDemandedIsRefused) {
  const RecheckResult plain = recheck(proven());
  EXPECT_EQ(plain.region, "logits in [-0.5, 0.5] (each of 3 entries); T in [1, 2]");
  EXPECT_EQ(plain.sizes, "L = 3");
  const auto demanding = [&](RecheckDemand d) { return recheck_certificate(proven(), 2, engine_violated, 3600, d); };
  const RecheckResult inside = demanding({.regions = {"logits[1]=[0,1/4]", "T=[1,3/2]"}, .claims = {0}});
  EXPECT_TRUE(inside.passed) << inside.failure;
  const RecheckResult larger = demanding({.regions = {"logits=[-1,1]"}});
  EXPECT_TRUE(larger.refused);
  EXPECT_FALSE(larger.passed);
  EXPECT_NE(larger.failure.find("covers logits[0] in [-0.5, 0.5], not the demanded [-1, 1]"), std::string::npos) << larger.failure;
  EXPECT_TRUE(demanding({.regions = {"T=[1/2,2]"}}).refused);
  EXPECT_TRUE(demanding({.sizes = {"L=4"}}).refused);
  EXPECT_TRUE(demanding({.sizes = {"L=3"}}).passed);
  EXPECT_THROW(demanding({.regions = {"q=[0,1]"}}), UsageError);
  EXPECT_THROW(demanding({.claims = {1}}), UsageError);  // the statement has one claim
}

// Forgery of the statement: the embedded text edited (a weaker bound the leaves still prove) and
// its SHA-256 recomputed rechecks on its own, and is refused against the theorem file's text.
TEST(ProofCertificate, AnEditedStatementWithItsHashRecomputedIsRefusedAgainstTheFile) {
  const std::string original = read_input_file(kOverT, "theorem file");
  nlohmann::json j = proven();
  std::string text = j["theorem"]["text"];
  text.replace(text.find("1 / (2 * T)"), 11, "1 / (1 * T)");
  Sha256 h;
  h.update(text.data(), text.size());
  const std::string edited_sha256 = h.hex_digest();
  j["theorem"]["text"] = text;
  j["theorem"]["sha256"] = edited_sha256;
  const RecheckResult alone = recheck(j);
  EXPECT_TRUE(alone.passed) << alone.failure;  // nothing to compare it with
  EXPECT_EQ(alone.statement_sha256, edited_sha256);
  const RecheckResult against = recheck_certificate(j, 2, engine_violated, 3600, {.statement = original, .statement_origin = "F"});
  EXPECT_TRUE(against.refused);
  EXPECT_NE(against.failure.find("is not the text of F"), std::string::npos) << against.failure;
  const RecheckResult genuine = recheck_certificate(proven(), 2, engine_violated, 3600, {.statement = original});
  EXPECT_TRUE(genuine.passed) << genuine.failure;
  EXPECT_TRUE(genuine.statement_is_demanded);
  EXPECT_NE(genuine.statement_sha256, alone.statement_sha256);
}

// The second arithmetic: a first arithmetic that wrongly proves every leaf (an enclosure that
// misses the true value) passes a certificate claiming the printed spectral bound, which is
// false on its region, proven in one leaf; Arb balls do not.
TEST(ProofCertificate, ALeafTheFirstArithmeticGetsWrongIsCaughtInArb) {
  nlohmann::json j = certificate(kPrinted, {"L=2"}, {"logits=[-1,1]", "T=[1,1]"});
  ASSERT_EQ(j.at("outcome"), "violated");
  j["outcome"] = "proven_on_region";
  j.erase("witness");
  j["nodes"] = nlohmann::json::array({{{"leaf", 0}}});
  nlohmann::json box = nlohmann::json::array();
  for (const auto& c : j["region"]) box.push_back(c["interval"]);
  j["leaves"] = nlohmann::json::array({{{"box", box}, {"status", "proven"}, {"tier", "binary64"}, {"bits", 53}}});
  const LeafCheck wrong = [](const BoxStatement&, const Box&, Tier, unsigned) { return BoxStatus::Holds; };
  const RecheckResult r = recheck_certificate(j, 1, engine_violated, 3600, {}, wrong);
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.failure.find("in Arb balls at 64 bits"), std::string::npos) << r.failure;
  // Two arithmetics are used on a genuine proof: every leaf again in Arb (or MPFI after binary64).
  const RecheckResult genuine = recheck(proven());
  EXPECT_TRUE(genuine.passed) << genuine.failure;
  EXPECT_EQ(genuine.arb_leaves + genuine.mpfi_leaves, genuine.proven + genuine.outside);
  EXPECT_GT(genuine.arb_leaves, 0u);
  EXPECT_GE(genuine.arb_pieces, genuine.arb_leaves);
  EXPECT_GE(genuine.arb_bits, 64u);
  std::printf("second arithmetic: %zu leaves in Arb (%zu pieces), %zu in MPFI\n", genuine.arb_leaves, genuine.arb_pieces,
              genuine.mpfi_leaves);
}

TEST(ProofCertificate, AFileThatIsNoCertificateIsAnInputError) {
  EXPECT_THROW(recheck(nlohmann::json{{"format", "normbound-case"}}), InputError);
  nlohmann::json j = proven();
  j["nodes"][1] = "leaf";
  EXPECT_THROW(recheck(j), InputError);
  nlohmann::json k = proven();
  k["sizes"]["L"] = 0;
  EXPECT_THROW(recheck(k), InputError);
}

// A certificate records the forms its leaves were proved in, and recheck evaluates them in those:
// the weight bounds (L = 2, d = 1) on query in [1/4096, 1/8], which the mean-value forms prove in
// fewer leaves than the natural form needs, recheck in the forms recorded, and not in the natural
// form that a certificate without "forms" means (those written before the forms were selectable).
TEST(ProofCertificate, RecheckEvaluatesInTheRecordedForms) {
  const std::string name = "softmax-weight-bounds.toml";
  const std::string text = read_input_file(std::string(NORMBOUND_SPECS_DIR) + "/" + name, "theorem file");
  const formula::TheoremSpec spec = formula::read_theorem_spec(text, name);
  const Region region = make_region(spec, {"L=2", "d=1"}, {"query=[1/4096,1/8]", "keys=[1/2,2]", "T=[1,1]"}, true);
  const auto no_violation = [](const formula::TheoremSpec&, const Case&) { return false; };
  std::size_t leaves[2] = {0, 0};
  for (const BoxForms forms : {BoxForms::Natural, BoxForms::MeanValue}) {
    const BoxStatement statement(spec, region, {}, BoxKernels::Range, {}, forms);
    const RegionProof proof = prove_region(statement, spec, region, ProofSettings{}, [](const Case&) { return std::nullopt; });
    ASSERT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion);
    leaves[forms == BoxForms::MeanValue] = proof.leaves.size();
    nlohmann::json j = certificate_json(ProvedStatement{&spec, name, text, statement.claims(), statement.kernels(), forms},
                                        region, proof);
    EXPECT_EQ(j.at("forms"), box_forms_key(forms));
    const RecheckResult again = recheck_certificate(j, 1, no_violation);
    EXPECT_TRUE(again.passed) << box_forms_key(forms) << ": " << again.failure;
    j.erase("forms");
    const RecheckResult as_natural = recheck_certificate(j, 1, no_violation);
    EXPECT_EQ(as_natural.passed, forms == BoxForms::Natural) << box_forms_key(forms) << ": " << as_natural.failure;
  }
  std::printf("leaves: natural %zu, mean-value %zu\n", leaves[0], leaves[1]);
  EXPECT_LT(leaves[1], leaves[0]);
}

}  // namespace proof_certificate_test
}  // namespace nb::prove
