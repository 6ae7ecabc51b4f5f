#pragma once
// What a theorem's evaluation returns: one or more claims "value REL bound", plus named
// intermediate quantities worth printing (||J||_2, alpha-bar_N, d_1 ...). A case holds when all
// of its claims hold; the engine turns each claim into a slack enclosure and a verdict.
#include <string>
#include <utility>
#include <vector>

namespace nb {

enum class Relation { LessEqual, Less, GreaterEqual, Greater, Equal };

// "<=", "<", ">=", ">", "=".
const char* relation_symbol(Relation r);

// How a claim's numbers were obtained. Certified: value and bound are enclosures computed in
// interval arithmetic (for R = Interval). Statistical: value is a confidence interval at the
// run's confidence level for an expectation estimated by sampling; more precision cannot decide it.
enum class Evidence { Certified, Statistical };

template <class R>
struct Claim {
  std::string name;  // what is claimed, e.g. "max_i alpha_i <= e^{2 Delta/T}/L"
  R value;
  R bound;
  Relation relation = Relation::LessEqual;
  Evidence evidence = Evidence::Certified;
};

template <class R>
struct Sides {
  std::vector<Claim<R>> claims;
  std::vector<std::pair<std::string, R>> quantities;

  void claim(std::string name, R value, Relation relation, R bound,
             Evidence evidence = Evidence::Certified) {
    claims.push_back({std::move(name), std::move(value), std::move(bound), relation, evidence});
  }
  void quantity(std::string name, R value) { quantities.emplace_back(std::move(name), std::move(value)); }
};

}  // namespace nb
