// The built-in theorems restated in theorems as formulas give the same verdict as their C++
// versions on every case of the C++ suite, on the C++ theorem's pinned cases and on the file's
// witnesses (the file's cases are the C++ cases with the lengths the files declare:
// theorems/file_port.hpp).
#include <gtest/gtest.h>

#include <iostream>

#include "theorems/file_port.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/pinned_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"

namespace nb::theorems {
namespace file_theorem_ports_test {

struct Port {
  std::string built_in, file;
};

const std::vector<Port> kPorts = {
    {"finite-difference-sensitivity", "finite-difference-sensitivity-as-formula"},
    {"finite-difference-sensitivity-as-printed", "finite-difference-sensitivity-as-printed-as-formula"},
    {"length-scaled-softmax-concentration", "length-scaled-softmax-concentration-as-formula"},
    {"softmax-bounded-logits-sweep", "softmax-bounded-logits-sweep-as-formula"},
    {"softmax-dispersion", "softmax-dispersion-as-formula"},
    {"softmax-jacobian-entry", "softmax-jacobian-entry-as-formula"},
    {"softmax-jacobian-frobenius", "softmax-jacobian-frobenius-as-formula"},
    {"softmax-jacobian-saturation", "softmax-jacobian-saturation-as-formula"},
    {"softmax-jacobian-spectral-sharp", "softmax-jacobian-spectral-sharp-as-formula"},
    {"softmax-jacobian-spectral-as-printed", "softmax-jacobian-spectral-as-printed-as-formula"},
    {"softmax-jacobian-temperature-inflation", "softmax-jacobian-temperature-inflation-as-formula"},
    {"softmax-lipschitz", "softmax-lipschitz-as-formula"},
    {"softmax-weight-bounds", "softmax-weight-bounds-as-formula"},
    {"topn-distance-fixed", "topn-distance-fixed-as-formula"},
    {"topn-distance-fixed-normsum", "topn-distance-fixed-normsum-as-formula"},
};

class FileTheoremPort : public testing::TestWithParam<Port> {};

TEST_P(FileTheoremPort, GivesTheBuiltInVerdictOnEveryCaseOfItsSuite) {
  const Port& port = GetParam();
  const Theorem& built_in = *find(port.built_in);
  const formula::TheoremSpec spec =
      read_theorem_file_spec(std::string(NORMBOUND_SOURCE_DIR) + "/theorems/" + port.file + ".toml");
  const std::unique_ptr<Theorem> file = make_file_theorem(spec);
  std::vector<Case> cases = built_in.suite({.seed = 2508178, .count = 40});
  for (const Case& c : pinned_cases_of(port.built_in)) cases.push_back(c);
  for (Case c : file->info().witnesses) {
    c.theorem = port.built_in;
    cases.push_back(std::move(c));
  }
  std::vector<Case> restated;
  for (const Case& c : cases) restated.push_back(port_case(spec, c));
  CheckSettings settings;
  settings.threads = 2;
  const std::vector<CaseOutcome> expected = evaluate_cases(built_in, cases, settings);
  const std::vector<CaseOutcome> got = evaluate_cases(*file, restated, settings);
  ASSERT_EQ(expected.size(), got.size());
  std::cout << port.file << ": " << got.size() << " cases compared (" << pinned_cases_of(port.built_in).size()
            << " pinned, " << file->info().witnesses.size() << " witnesses)\n";
  for (std::size_t i = 0; i < got.size(); ++i)
    EXPECT_EQ(std::string(verdict_name(got[i].verdict)), verdict_name(expected[i].verdict))
        << port.file << " case " << i << " (" << cases[i].label << "), as a case file:\n"
        << case_file_text(restated[i]);
}

INSTANTIATE_TEST_SUITE_P(Ports, FileTheoremPort, testing::ValuesIn(kPorts),
                         [](const testing::TestParamInfo<Port>& p) {
                           std::string name = p.param.built_in;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace file_theorem_ports_test
}  // namespace nb::theorems
