#include "verify/cli/check_summary.hpp"

namespace nb::cli {

std::string summary_line(const RunResults& results) {
  std::size_t cases = 0, expected = 0, undecided = 0, refused = 0;
  std::string unexpected;
  std::size_t unexpected_count = 0;
  for (const TheoremResult& t : results.theorems) {
    cases += t.cases;
    refused += t.counts[static_cast<int>(Verdict::Refused)];
    if (!t.expected) {
      unexpected += (unexpected.empty() ? "" : ", ") + t.info.id;
      ++unexpected_count;
      continue;
    }
    ++expected;
    if (undecided_count(t.counts) > 0) ++undecided;
  }
  const std::size_t n = results.theorems.size();
  std::string s = "== " + std::to_string(n) + (n == 1 ? " theorem, " : " theorems, ") + std::to_string(cases) +
                  (cases == 1 ? " case: " : " cases: ") + std::to_string(expected) + " as expected";
  if (unexpected_count) s += ", " + std::to_string(unexpected_count) + " UNEXPECTED (" + unexpected + ")";
  if (undecided) s += ", " + std::to_string(undecided) + " of them with undecided cases";
  if (refused) s += ", " + std::to_string(refused) + (refused == 1 ? " case" : " cases") + " REFUSED";
  return s + " ==";
}

}  // namespace nb::cli
