#pragma once
// A claim of the paper's experiments (E1-E6 of Section 3), the criterion we check it by, stated in
// numbers, the evidence it was judged on, what we measured and the verdict with its basis.
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nb::reproduce {

// Beyond REPRODUCED / NOT REPRODUCED: a claim that holds on any input because a theorem or a
// definition makes it hold says nothing about the input; one whose threshold lies within the
// statistic's uncertainty could flip on another draw or source; one this source cannot test; and
// one made for softmax, when the run's weights come from another normalizer.
enum class ClaimVerdict { Reproduced, NotReproduced, ConsistentByConstruction, Fragile, NotTestable, NotApplicable };

// "REPRODUCED", "NOT REPRODUCED", "CONSISTENT BY CONSTRUCTION", "FRAGILE", "NOT TESTABLE ON THIS SOURCE",
// "NOT APPLICABLE TO THIS NORMALIZER"
const char* claim_verdict_text(ClaimVerdict v);

struct Claim {
  std::string id;         // "E1", or "E1 (model A)" when it is checked per expectation model
  std::string paper;      // the paper's statement, paraphrased
  std::string criterion;  // the statistic and its threshold
  std::string measured;   // our number(s)
  ClaimVerdict verdict = ClaimVerdict::NotTestable;
  std::string basis;      // why the verdict: the theorem or definition, the margin, why not testable
  std::string evidence;   // the source, the rows, samples and grid the statistic was computed on
  std::map<std::string, double> numbers;  // the statistic's numbers, for independent checks
};

// A claim that the input cannot test, with the reason as its basis.
Claim untestable_claim(std::string id, std::string paper, std::string criterion, std::string why);

// The Markdown table | claim | paper | criterion | evidence | measured | verdict |, the verdict
// followed by its basis.
std::string claims_markdown(const std::vector<Claim>& claims);
nlohmann::json claims_json(const std::vector<Claim>& claims);
// The claims claims_json wrote (a number it wrote as null reads as NaN); throws InputError.
std::vector<Claim> claims_from_json(const nlohmann::json& j);

}  // namespace nb::reproduce
