// The migration gate of Theorem 2's separability theorems, kept after their C++ went: each file
// (theorems/separability-{lower,envelope-floor,fraction-cap,upper-envelope,
// upper-envelope-expectation}.toml) gives, case by
// case, the verdict the C++ theorem gave (`normbound check ID --cases 60 --seed S --json`, recorded
// in data/separability-cpp-verdicts.tsv before the C++ was deleted) on its suite of 60 cases at
// seeds 2508178, 3 and 7 after its pinned case (now the file's witness), and on gpt2-positions
// rows (NORMBOUND_GPT2_DIR; attention dumps give no vectors, so neither the C++ nor the files run
// on them; the expectation over the sphere reads no model rows). The suites are the C++ suites
// (the generators seed by id): the labels recorded beside the verdicts are compared too.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "models/sources/theorem_source_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/engine.hpp"

namespace nb::theorems {
namespace separability_file_ports_test {

// One recorded C++ outcome: the case's label and verdict.
struct Recorded {
  std::string label, verdict;
};

// The recorded outcomes of theorem `id` on case set `set`, in case order.
std::vector<Recorded> recorded(const std::string& id, const std::string& set) {
  std::ifstream in(std::string(NORMBOUND_SOURCE_DIR) + "/tests/theorems/data/separability-cpp-verdicts.tsv");
  EXPECT_TRUE(in) << "cannot read data/separability-cpp-verdicts.tsv";
  std::vector<Recorded> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string theorem, which, index, verdict, label;
    std::getline(fields, theorem, '\t');
    std::getline(fields, which, '\t');
    std::getline(fields, index, '\t');
    std::getline(fields, verdict, '\t');
    std::getline(fields, label);
    if (theorem == id && which == set) out.push_back({label, verdict});
  }
  return out;
}

// Expects the file's verdict on each of `cases` to be the recorded C++ one, and those from
// `first_labelled` on to be the recorded cases (by their labels; a witness is labelled anew).
void compare(const Theorem& file, const std::vector<Case>& cases, const std::string& set,
             std::size_t first_labelled) {
  const std::vector<Recorded> expected = recorded(file.info().id, set);
  ASSERT_FALSE(expected.empty()) << "no recorded C++ verdicts of " << file.info().id << " on " << set;
  ASSERT_EQ(expected.size(), cases.size()) << file.info().id << " " << set;
  CheckSettings settings;
  settings.threads = 2;
  const std::vector<CaseOutcome> got = evaluate_cases(file, cases, settings);
  std::map<std::string, std::size_t> counts;
  std::size_t differences = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    ++counts[expected[i].verdict];
    if (i >= first_labelled) {
      EXPECT_EQ(cases[i].label, expected[i].label) << file.info().id << " " << set << " case " << i;
    }
    if (verdict_key(got[i].verdict) == expected[i].verdict) continue;
    ++differences;
    ADD_FAILURE() << file.info().id << " " << set << " case " << i << " (" << cases[i].label
                  << "): " << verdict_key(got[i].verdict) << ", the C++ theorem " << expected[i].verdict
                  << "; as a case file:\n"
                  << case_file_text(cases[i]);
  }
  std::cout << file.info().id << " " << set << ": " << got.size() << " cases compared (";
  for (const auto& [verdict, n] : counts) std::cout << " " << verdict << " " << n;
  std::cout << " ), " << differences << " differences\n";
}

class SeparabilityPort : public testing::TestWithParam<std::string> {
 protected:
  const Theorem& file() const { return *find(GetParam()); }
};

TEST_P(SeparabilityPort, GivesTheCppVerdictOnEveryCaseOfItsSuite) {
  for (const std::uint64_t seed : {std::uint64_t{2508178}, std::uint64_t{3}, std::uint64_t{7}}) {
    std::vector<Case> cases = file().info().witnesses;
    const std::vector<Case> suite = file().suite({.seed = seed, .count = 60});
    cases.insert(cases.end(), suite.begin(), suite.end());
    compare(file(), cases, "seed " + std::to_string(seed), file().info().witnesses.size());
  }
}

TEST_P(SeparabilityPort, GivesTheCppVerdictOnGpt2PositionRows) {
  const char* data = std::getenv("NORMBOUND_GPT2_DIR");
  if (data == nullptr || *data == '\0') GTEST_SKIP() << "NORMBOUND_GPT2_DIR is not set";
  if (file().info().inputs.empty()) GTEST_SKIP() << GetParam() << " reads no model rows (its suite draws the vectors)";
  // Fewer rows for fraction-cap, whose rows end in many exact decisions (N_s / N at its bound 4/5
  // or 1): minutes at 8 rows of 128 tokens per head.
  const bool slow = GetParam() == "separability-fraction-cap";
  sources::SourceRequest request;
  request.spec = std::string("gpt2-positions:") + data;
  request.rows = slow ? "1" : "8";
  request.max_tokens = slow ? 16 : 128;
  const sources::ModelCases rows = sources::load_source(request);
  std::string why_not;
  const auto got = sources::theorem_source_cases(file(), rows, {1, 5}, why_not);
  ASSERT_TRUE(got) << GetParam() << " does not run on gpt2-positions rows: " << why_not;
  std::vector<Case> cases;
  for (const Case& c : got->cases) cases.push_back(c);
  compare(file(), cases, "gpt2-positions rows " + request.rows + " tokens " + std::to_string(request.max_tokens), 0);
}

INSTANTIATE_TEST_SUITE_P(Ports, SeparabilityPort,
                         testing::Values("separability-lower", "separability-envelope-floor",
                                         "separability-fraction-cap", "separability-upper-envelope",
                                         "separability-upper-envelope-expectation"),
                         [](const testing::TestParamInfo<std::string>& p) {
                           std::string name = p.param;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace separability_file_ports_test
}  // namespace nb::theorems
