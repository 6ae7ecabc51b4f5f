#include "tests/reports/fixture_results.hpp"

#include <stdexcept>

namespace nb::test {

std::string fixture_results_path() { return NORMBOUND_REPORTS_TEST_DATA "/fixture-results.json"; }

const RunResults& fixture_results() {
  static const RunResults results = read_results_file(fixture_results_path());
  return results;
}

const RunResults& figure_results() {
  static const RunResults results = read_results_file(NORMBOUND_REPORTS_TEST_DATA "/figure-results.json");
  return results;
}

const TheoremResult& theorem_named(const RunResults& results, const std::string& id) {
  for (const TheoremResult& t : results.theorems)
    if (t.info.id == id) return t;
  throw std::runtime_error("no theorem " + id);
}

}  // namespace nb::test
