#include "verify/prove/proof_certificate.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "verify/formula/theorem_spec.hpp"
#include "verify/prove/box_statement.hpp"
#include "verify/prove/region.hpp"
#include "verify/prove/region_proof.hpp"

namespace nb::prove {
namespace {

// A certificate records the forms its leaves were proved in, and recheck evaluates them in those:
// the weight bounds (L = 2, d = 1) on query in [1/4096, 1/8], which the mean-value forms prove in
// fewer leaves than the natural form needs, recheck in the forms recorded, and not in the natural
// form that a certificate without "forms" means (those written before the forms were selectable).
TEST(ProofCertificate, RecheckEvaluatesInTheRecordedForms) {
  const std::string name = "softmax-weight-bounds-as-formula.toml";
  std::ifstream in(std::string(NORMBOUND_SPECS_DIR) + "/" + name);
  std::stringstream text;
  text << in.rdbuf();
  const formula::TheoremSpec spec = formula::read_theorem_spec(text.str(), name);
  const Region region = make_region(spec, {"L=2", "d=1"}, {"query=[1/4096,1/8]", "keys=[1/2,2]", "T=[1,1]"}, true);
  const auto no_violation = [](const formula::TheoremSpec&, const Case&) { return false; };
  std::size_t leaves[2] = {0, 0};
  for (const BoxForms forms : {BoxForms::Natural, BoxForms::MeanValue}) {
    const BoxStatement statement(spec, region, {}, BoxKernels::Range, {}, forms);
    const RegionProof proof = prove_region(statement, spec, region, ProofSettings{}, [](const Case&) { return std::nullopt; });
    ASSERT_EQ(proof.outcome, ProofOutcome::ProvenOnRegion);
    leaves[forms == BoxForms::MeanValue] = proof.leaves.size();
    nlohmann::json j = certificate_json(ProvedStatement{&spec, name, text.str(), statement.claims(), statement.kernels(), forms},
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

}  // namespace
}  // namespace nb::prove
