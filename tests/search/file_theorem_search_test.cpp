// `search` on a theorem file stays inside the inputs' declared ranges: a statement true there (and
// false beyond, at T < 0) is not reported violated; an input declared unbounded may leave its range.
#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/search/theorem_search.hpp"

namespace nb::search {
namespace file_theorem_search_test {

// exp(x / T) <= exp(2 / T): true for T > 0 and x <= 2 (the ranges), false for every T < 0, x < 2.
std::string file_text(const std::string& T) {
  return R"toml(id = "exp-quotient-monotone"
title = "t"
source = "s"
fidelity = "extension"
expect = "holds"
[inputs]
x = { kind = "scalar", range = [-2, 2] }
T = )toml" + T + R"toml(
[[claim]]
value = "exp(x / T)"
relation = "<="
bound = "exp(2 / T)"
)toml";
}

TheoremSearch searched(const std::string& T) {
  const std::unique_ptr<Theorem> t = theorems::make_file_theorem(formula::read_theorem_spec(file_text(T), "f.toml"));
  SearchSettings settings;
  settings.seed = 2508178;
  settings.budget = 600;
  settings.suite_cases = 20;
  TheoremSearch s = search_theorem(*t, settings);
  s.theorem = nullptr;  // the theorem ends here
  return s;
}

TEST(FileTheoremSearch, StaysInsideTheDeclaredRanges) {
  const TheoremSearch s = searched(R"({ kind = "scalar", range = ["1/4", 4] })");
  EXPECT_FALSE(s.violation);
  for (const Case& c : s.certified_cases) {
    EXPECT_GE(c.number("T").approx(0), 0.25) << c.label;
    EXPECT_LE(c.number("T").approx(0), 4.0) << c.label;
    EXPECT_GE(c.number("x").approx(0), -2.0) << c.label;
    EXPECT_LE(c.number("x").approx(0), 2.0) << c.label;
  }
}

TEST(FileTheoremSearch, AnUnboundedInputMayLeaveItsRange) {
  const TheoremSearch s = searched(R"({ kind = "scalar", range = ["1/4", 4], unbounded = true })");
  bool beyond = false;
  for (const Case& c : s.certified_cases) beyond = beyond || c.number("T").approx(0) > 4 || c.number("T").approx(0) < 0.25;
  EXPECT_TRUE(beyond);
}

}  // namespace file_theorem_search_test
}  // namespace nb::search
