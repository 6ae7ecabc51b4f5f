#include "verify/reproduce/claim.hpp"

#include "reports/markdown_text.hpp"

namespace nb::reproduce {

using reports::markdown_escape;

const char* claim_verdict_text(ClaimVerdict v) {
  switch (v) {
    case ClaimVerdict::Reproduced: return "REPRODUCED";
    case ClaimVerdict::NotReproduced: return "NOT REPRODUCED";
    case ClaimVerdict::ConsistentByConstruction: return "CONSISTENT BY CONSTRUCTION";
    case ClaimVerdict::Fragile: return "FRAGILE";
    case ClaimVerdict::NotApplicable: return "NOT APPLICABLE TO THIS NORMALIZER";
    case ClaimVerdict::NotTestable: break;
  }
  return "NOT TESTABLE ON THIS SOURCE";
}

Claim untestable_claim(std::string id, std::string paper, std::string criterion, std::string why) {
  return {std::move(id), std::move(paper), std::move(criterion), "-", ClaimVerdict::NotTestable, std::move(why), "", {}};
}

std::string claims_markdown(const std::vector<Claim>& claims) {
  std::string s = "| claim | paper | criterion | evidence | measured | verdict |\n|---|---|---|---|---|---|\n";
  for (const Claim& c : claims)
    s += "| " + markdown_escape(c.id) + " | " + markdown_escape(c.paper) + " | " + markdown_escape(c.criterion) + " | " +
         markdown_escape(c.evidence) + " | " + markdown_escape(c.measured) + " | **" + claim_verdict_text(c.verdict) +
         "**" + (c.basis.empty() ? "" : ": " + markdown_escape(c.basis)) + " |\n";
  return s;
}

nlohmann::json claims_json(const std::vector<Claim>& claims) {
  nlohmann::json j = nlohmann::json::array();
  for (const Claim& c : claims)
    j.push_back({{"claim", c.id}, {"paper", c.paper}, {"criterion", c.criterion}, {"evidence", c.evidence},
                 {"measured", c.measured}, {"verdict", claim_verdict_text(c.verdict)}, {"basis", c.basis},
                 {"numbers", c.numbers}});
  return j;
}

}  // namespace nb::reproduce
