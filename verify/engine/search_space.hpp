#pragma once
// Where `normbound search` may move a theorem's inputs: data in TheoremInfo, so that a theorem
// declares its parameterisation in its own file (e.g. logits free, T fixed), and the optimizer
// stays inside the theorem's assumptions by construction instead of by rejection.
#include <limits>
#include <string>
#include <vector>

namespace nb {

// How one case number is moved. Real: each entry is a free coordinate. Positive: each entry is
// e^x for a free coordinate x (temperatures, radii). RowsOnSphere: each row keeps its Euclidean
// norm and moves on its sphere (the coordinates are the row's entries, normalized back).
enum class SearchDomain { Real, Positive, RowsOnSphere };

struct SearchInput {
  std::string number;  // the case number's name
  SearchDomain domain = SearchDomain::Real;
  // Where every entry stays (a theorem file's declared range): a candidate's entry beyond an end
  // is put at that end.
  double low = -std::numeric_limits<double>::infinity(), high = std::numeric_limits<double>::infinity();
};

struct SearchSpace {
  // The numbers the search moves; all others (numbers, integers, options) stay as in the start
  // case. Empty: every number of the start case moves as Real, and a candidate that breaks the
  // theorem's assumptions is rejected (the generic perturbation of the suite's cases).
  std::vector<SearchInput> inputs;
  // Not empty: the theorem cannot be searched, and why (e.g. its value is a sampled statistic,
  // which an optimizer would fit to its sampling noise).
  std::string not_searchable;
};

}  // namespace nb
