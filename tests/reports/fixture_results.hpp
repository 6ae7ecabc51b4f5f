#pragma once
// The fixed results the report tests render: data/fixture-results.json, a real run of three
// theorems (6 cases each) edited to cover every verdict, layer/head provenance, a case-file
// source and a label full of characters that need escaping.
#include <string>

#include "verify/results.hpp"

namespace nb::test {

std::string fixture_results_path();
const RunResults& fixture_results();

}  // namespace nb::test
