#pragma once
// A claim of the paper's experiments (E1-E6 of Section 3), the criterion we check it by, stated in
// numbers, what we measured and the verdict.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace nb::reproduce {

enum class ClaimVerdict { Reproduced, NotReproduced, NotTestable };

const char* claim_verdict_text(ClaimVerdict v);  // "REPRODUCED", "NOT REPRODUCED", "NOT TESTABLE WITH THIS INPUT"

struct Claim {
  std::string id;         // "E1", or "E1 (model A)" when it is checked per expectation model
  std::string paper;      // the paper's statement, paraphrased
  std::string criterion;  // the checkable criterion, in numbers
  std::string measured;   // our number(s)
  ClaimVerdict verdict = ClaimVerdict::NotTestable;
};

// A claim that the input cannot test, with the reason as its measurement.
Claim untestable_claim(std::string id, std::string paper, std::string criterion, std::string why);

// The Markdown table | claim | paper | criterion | measured | verdict |.
std::string claims_markdown(const std::vector<Claim>& claims);
nlohmann::json claims_json(const std::vector<Claim>& claims);

}  // namespace nb::reproduce
