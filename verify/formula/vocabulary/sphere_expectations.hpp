#pragma once
// Expectations over tokens drawn i.i.d. uniformly on a sphere, the vocabulary of theorem files for
// statements under Assumption 1 of arXiv 2508.17821 (Theorem 2's upper envelope in expectation):
//
//   expectation(X, sphere(L, d, radius), e, low, high, draws)
//
// is E over X, an L x d matrix whose rows are i.i.d. uniform on the sphere of radius `radius` in
// R^d, of e (a scalar formula reading X), sampled: the file states low <= e <= high for every X,
// and `draws` (an integer formula, such as an integer input `samples`) is how many configurations
// the engine's first look draws (each later look doubles them). X is a new name, seen in e only.
//
// Contract: as a sampled expectation over a subset (expectations.hpp): with probability at least
// the level the run gives it (the file's sampled expectations share the run's confidence), the
// value holds the exact expectation (Hoeffding's and the empirical Bernstein interval with the
// width high - low, verify/kernels/statistics.hpp), each draw of e enclosed in the number type;
// a draw certainly outside [low, high] leaves the value undefined; double and MPFR give the sample
// mean, the exact tier and derivatives no value. The rows are drawn in binary64
// (verify/kernels/sphere_rows.hpp) from the case's seed (its integer input sample_seed where it
// has one) and the radius rounded to binary64, so within a few ulps of the sphere; each draw is
// exact as drawn, and e reads it as an input with that exact value (separation(X) screens on it).
// A draw whose value no precision decides (a distance equal to r, as tied weights in d = 1 give:
// a count [k, k + 1] at every precision) would keep the interval wide however many are drawn: in
// MPFI, the draws whose enclosure is wider than 2^-(p/2) at working precision p are evaluated once
// more in the exact tier (Calcium), in the thread's child of exact evaluations
// (verify/engine/exact_decision_in_child.hpp, within the run's exact budget and time limit, since
// one Calcium operation can run for hours), and their enclosures narrowed to their exact values.
// The compiler's side is sphere_expectation_calls.hpp.
#include <cstddef>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "verify/formula/formula.hpp"
#include "verify/numbers/numbers.hpp"

namespace nb::formula {

// The exact evaluation of the draws of a sphere expectation that no precision decides.
struct ExactSphereDraws {
  // The draws of the expectation at `place` (" at column C of 'FORMULA'") to evaluate exactly
  // (their numbers, increasing, and MPFI enclosures), and the radius the rows were drawn at.
  struct Request {
    std::string place;
    double radius = 1;
    std::vector<std::size_t> draws;
    std::vector<Interval> values;
    std::vector<Interval> narrowed;  // the answer: the first values narrowed to their exact ones
    bool answered = false;
  };
  // The run's side (MPFI): the request's answer from the child of exact evaluations (no narrowed
  // value where it gave up, went over its time limit or the budget), unset where the run makes
  // no exact evaluations.
  std::function<std::vector<Interval>(const Request&)> decide;
  // The child's side (the exact tier): the request it answers, or null.
  Request* answering = nullptr;
};

// At most this many draws at a look's start (the first look's `draws`, doubled at each look).
inline constexpr std::size_t kMaxSphereDraws = 1 << 20;

// Whether `n` is an expectation whose law is sphere(...).
inline bool over_a_sphere(const Node& n) {
  return n.kind == Node::Kind::Call && n.text == "expectation" && n.args.size() >= 2 &&
         n.args[1].kind == Node::Kind::Call && n.args[1].text == "sphere";
}

// The variables of the expectations over a sphere in `definitions` and `formulas`: a definition
// reading one is local to a draw (docs/theorem-files.md), computed once per draw of the body that
// names it.
inline void add_sphere_draw_variables(const Node& n, std::set<std::string>& into) {
  if (over_a_sphere(n) && n.args[0].kind == Node::Kind::Name) into.insert(n.args[0].text);
  for (const Node& a : n.args) add_sphere_draw_variables(a, into);
}
inline std::set<std::string> sphere_draw_variables(const std::vector<std::pair<std::string, Formula>>& definitions,
                                                   const std::vector<const Formula*>& formulas) {
  std::set<std::string> out;
  for (const auto& d : definitions) add_sphere_draw_variables(d.second.root, out);
  for (const Formula* f : formulas) add_sphere_draw_variables(f->root, out);
  return out;
}

// Whether `n` reads one of `names` other than as a variable it binds itself (the first argument
// of sum, vec, max, min, count or expectation binds it in the rest).
inline bool reads_a_name(const Node& n, const std::set<std::string>& names) {
  if (n.kind == Node::Kind::Name) return names.contains(n.text);
  const bool binds = n.kind == Node::Kind::Call && n.args.size() >= 2 && n.args[0].kind == Node::Kind::Name &&
                     (n.text == "sum" || n.text == "vec" || n.text == "max" || n.text == "min" || n.text == "count" ||
                      n.text == "expectation");
  if (binds && names.contains(n.args[0].text)) {
    std::set<std::string> free = names;
    free.erase(n.args[0].text);
    for (std::size_t k = 1; k < n.args.size(); ++k)
      if (reads_a_name(n.args[k], free)) return true;
    return false;
  }
  for (const Node& a : n.args)
    if (reads_a_name(a, names)) return true;
  return false;
}

// The LaTeX of n when it is an expectation over a sphere, else none: E over X with i.i.d. rows
// uniform on S^{d-1}(radius); the range and the draws, which sampling needs, are left out.
inline std::optional<std::string> sphere_expectation_latex(const Node& n,
                                                           const std::function<std::string(const Node&)>& tex,
                                                           const std::function<std::string(const std::string&)>& name) {
  if (!over_a_sphere(n) || n.args.size() != 6 || n.args[0].kind != Node::Kind::Name || n.args[1].args.size() != 3)
    return std::nullopt;
  const Node& law = n.args[1];
  return "\\mathbb{E}_{" + name(n.args[0].text) + "_1,\\dots," + name(n.args[0].text) + "_{" + tex(law.args[0]) +
         "}\\overset{\\text{iid}}{\\sim}\\mathrm{Unif}(S^{" + tex(law.args[1]) + "-1}(" + tex(law.args[2]) +
         "))}\\left[" + tex(n.args[2]) + "\\right]";
}

}  // namespace nb::formula
