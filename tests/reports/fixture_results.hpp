#pragma once
// The fixed results the report tests render: data/fixture-results.json, a real run of three
// theorems (6 cases each) edited to cover every verdict, layer/head provenance, a case-file
// source and a label full of characters that need escaping.
#include <string>

#include "verify/results/results.hpp"

namespace nb::test {

std::string fixture_results_path();
const RunResults& fixture_results();

// data/figure-results.json: an unedited run of the theorems with figures of their own (the softmax
// Jacobian theorems and the finite-difference sensitivity), 12 cases each, seed 2508178:
//   normbound check softmax-jacobian-spectral-as-printed softmax-jacobian-spectral-sharp
//     softmax-jacobian-temperature-inflation finite-difference-sensitivity
//     finite-difference-sensitivity-as-printed --cases 12 --no-timestamp --json figure-results.json
const RunResults& figure_results();

// The result of theorem `id` in `results`; throws std::runtime_error when there is none.
const TheoremResult& theorem_named(const RunResults& results, const std::string& id);

}  // namespace nb::test
