#include "reports/theorem_report.hpp"

namespace nb::reports {

TheoremReport theorem_report(const TheoremResult& theorem, std::size_t top) {
  return {&theorem, tightness_of(theorem), flagged_cases(theorem, top)};
}

}  // namespace nb::reports
