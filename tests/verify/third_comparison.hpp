#pragma once
// A one-claim theorem for engine tests: "x REL 1/3" for the case's scalar x, with REL the case's
// option "relation" (<= when absent), so that x decides whether the claim is true, false or an
// exact equality. With option "norm", x is the spectral norm of the 1x1 matrix (x), which has no
// exact form in general. With option "indicator", x is replaced by 1{x < 1/3}, which intervals
// cannot decide at x = 1/3 (the claim stays INCONCLUSIVE at any precision) and exact arithmetic can.
// With option "cancel", x is evaluated as (x + 2^100) - 2^100: the same number, whose enclosure is
// about 2^(100-p) wide at p bits (wide, not within resolution, until p is well above 100).
#include <cstdint>
#include <string>

#include "verify/io/errors.hpp"
#include "verify/kernels/indicator.hpp"
#include "verify/kernels/spectral_norm.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::test {

struct ThirdComparison {
  static TheoremInfo info() {
    TheoremInfo i;
    i.id = "test-third-comparison";
    i.title = "x compared with 1/3";
    i.reads = {.numbers = {"x"}, .integers = {}, .options = {"relation", "norm", "indicator", "cancel"}};
    return i;
  }
  static std::vector<Case> suite(const SuiteRequest&) { return {}; }
  static void check_assumptions(const Case& c) {
    if (c.number("x").size() != 1) throw InputError("x must be a scalar");
  }
  template <class R>
  static Sides<R> evaluate(const Case& c, const EvalContext&) {
    R x = c.number("x").entry<R>(0);
    if (c.options.count("norm")) x = spectral_norm(Matrix<R>(Matrix<R>::Constant(1, 1, x)));
    if (c.options.count("indicator")) x = indicator_less(x, R(1) / R(3));
    if (c.options.count("cancel")) {
      const R shift = R(std::int64_t{1} << 50) * R(std::int64_t{1} << 50);  // 2^100 in every type
      x = (x + shift) - shift;
    }
    const std::string r = c.options.count("relation") ? c.option("relation") : "<=";
    const Relation relation = r == "<=" ? Relation::LessEqual
                              : r == "<" ? Relation::Less
                              : r == ">=" ? Relation::GreaterEqual
                              : r == ">" ? Relation::Greater
                                         : Relation::Equal;
    Sides<R> s;
    s.claim("x " + r + " 1/3", x, relation, R(1) / R(3));
    return s;
  }
};

// The case x (an exact literal such as "1/3" or "0.25") with the given relation.
inline Case third_comparison(const std::string& x, const std::string& relation = "<=") {
  Case c;
  c.label = "x=" + x.substr(0, 12) + " " + relation;
  c.numbers["x"] = ExactTensor::literal(x);
  c.options["relation"] = relation;
  return c;
}

}  // namespace nb::test
