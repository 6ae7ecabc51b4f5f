#include "verify/reproduce/claim.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "reports/markdown_text.hpp"
#include "verify/io/errors.hpp"

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

std::vector<Claim> claims_from_json(const nlohmann::json& j) {
  constexpr std::array kVerdicts{ClaimVerdict::Reproduced,  ClaimVerdict::NotReproduced, ClaimVerdict::ConsistentByConstruction,
                                 ClaimVerdict::Fragile,     ClaimVerdict::NotTestable,   ClaimVerdict::NotApplicable};
  std::vector<Claim> claims;
  for (const nlohmann::json& c : j) {
    Claim claim{c.at("claim").get<std::string>(),    c.at("paper").get<std::string>(),
                c.at("criterion").get<std::string>(), c.at("measured").get<std::string>(),
                ClaimVerdict::NotTestable,            c.at("basis").get<std::string>(),
                c.at("evidence").get<std::string>(),  {}};
    const std::string verdict = c.at("verdict").get<std::string>();
    const auto named = std::find_if(kVerdicts.begin(), kVerdicts.end(),
                                    [&](ClaimVerdict v) { return verdict == claim_verdict_text(v); });
    if (named == kVerdicts.end()) throw InputError("claim " + claim.id + ": unknown verdict '" + verdict + "'");
    claim.verdict = *named;
    // JSON has no NaN: claims_json writes it as null.
    for (const auto& [name, value] : c.at("numbers").items())
      claim.numbers[name] = value.is_null() ? std::numeric_limits<double>::quiet_NaN() : value.get<double>();
    claims.push_back(std::move(claim));
  }
  return claims;
}

}  // namespace nb::reproduce
