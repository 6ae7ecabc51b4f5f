// The migration gate of a built-in theorem restated in a theorem file: the file gives the C++
// theorem's verdict on every case of the C++ suite, on the C++ theorem's pinned cases, on the
// file's witnesses (the file's cases are the C++ cases with the lengths the files declare:
// theorems/file_port.hpp) and on the rows of the model sources the tests have data for
// (gpt2-positions from NORMBOUND_GPT2_DIR, attention dumps from NORMBOUND_ATTENTION_DUMPS).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>

#include "models/sources/theorem_source_cases.hpp"
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
};

class FileTheoremPort : public testing::TestWithParam<Port> {
 protected:
  const Theorem& built_in() const { return *find(GetParam().built_in); }
  // The port as the theorem folder holds it (read once by the registry).
  const Theorem& file() const { return *find(GetParam().file); }
  formula::TheoremSpec spec() const {
    return formula::read_theorem_spec(theorem_file_read(file())->text, GetParam().file + ".toml");
  }
};

// A certified equality: an equality claim whose slack is exactly 0. Intervals report it PROVEN
// (their enclosure is the point 0, as a C++ theorem computing integer numerators gets it), the exact
// tier EQUAL (exact) (a file stating it on rationals such as 4/5, which no enclosure holds as a
// point): the same decision.
bool certified_equality(const CaseOutcome& o) {
  return o.relation == Relation::Equal && (o.verdict == Verdict::Proven || o.verdict == Verdict::EqualExact) &&
         slack_is_exactly_zero(o);
}

// Expects the port's verdict on each of `restated` to be the built-in's on the same case of
// `cases` (a certified equality either way counting as the same); returns how many were compared.
std::size_t compare(const Theorem& built_in, const Theorem& file, const std::vector<Case>& cases,
                    const std::vector<Case>& restated, const std::string& what) {
  CheckSettings settings;
  settings.threads = 2;
  const std::vector<CaseOutcome> expected = evaluate_cases(built_in, cases, settings);
  const std::vector<CaseOutcome> got = evaluate_cases(file, restated, settings);
  EXPECT_EQ(expected.size(), got.size());
  std::size_t differences = 0;
  for (std::size_t i = 0; i < got.size() && i < expected.size(); ++i)
    if (got[i].verdict != expected[i].verdict && !(certified_equality(got[i]) && certified_equality(expected[i]))) {
      ++differences;
      ADD_FAILURE() << file.info().id << " " << what << " case " << i << " (" << cases[i].label << "): "
                    << verdict_name(got[i].verdict) << ", the C++ theorem " << verdict_name(expected[i].verdict)
                    << "; as a case file:\n"
                    << case_file_text(restated[i]);
    }
  std::cout << file.info().id << " " << what << ": " << got.size() << " cases compared, " << differences
            << " differences\n";
  return got.size();
}

TEST_P(FileTheoremPort, GivesTheBuiltInVerdictOnEveryCaseOfItsSuite) {
  const formula::TheoremSpec port = spec();
  std::vector<Case> cases = built_in().suite({.seed = 2508178, .count = 40});
  const std::vector<Case> pinned = pinned_cases_of(GetParam().built_in);
  cases.insert(cases.end(), pinned.begin(), pinned.end());
  for (Case c : file().info().witnesses) {
    c.theorem = GetParam().built_in;
    cases.push_back(std::move(c));
  }
  std::vector<Case> restated;
  for (const Case& c : cases) restated.push_back(port_case(port, c));
  compare(built_in(), file(), cases, restated,
          "suite, " + std::to_string(pinned.size()) + " pinned, " +
              std::to_string(file().info().witnesses.size()) + " witnesses");
}

// The rows of one model source: `kind`:$`variable`.
struct RowSource {
  const char* variable;
  std::string kind;
};

TEST_P(FileTheoremPort, GivesTheBuiltInVerdictOnEveryRowOfTheSources) {
  std::size_t sources_read = 0;
  for (const RowSource& source : {RowSource{"NORMBOUND_GPT2_DIR", "gpt2-positions"},
                                  RowSource{"NORMBOUND_ATTENTION_DUMPS", "attention-dump"}}) {
    const char* data = std::getenv(source.variable);
    if (data == nullptr || *data == '\0') continue;
    ++sources_read;
    sources::SourceRequest request;
    request.spec = source.kind + ":" + data;
    request.rows = "8";
    request.max_tokens = 128;
    const sources::ModelCases rows = sources::load_source(request);
    std::string why_not;
    // `--top-n 1` for a theorem that takes a selection size: enumerated at these lengths (a
    // sampled N, 64,000 draws a row and theorem, would take this test minutes).
    const std::vector<std::size_t> top_n = {1};
    const auto expected = sources::theorem_source_cases(built_in(), rows, top_n, why_not);
    if (!expected) continue;  // the C++ theorem runs on no source, or not on this one's rows
    const auto got = sources::theorem_source_cases(file(), rows, top_n, why_not);
    ASSERT_TRUE(got) << GetParam().file << " does not run on " << source.kind << " rows, as the C++ theorem does: "
                     << why_not;
    ASSERT_EQ(expected->cases.size(), got->cases.size());
    std::vector<Case> cases, restated;
    for (const Case& c : expected->cases) cases.push_back(c);
    for (const Case& c : got->cases) restated.push_back(c);
    compare(built_in(), file(), cases, restated, source.kind + " rows");
  }
  if (sources_read == 0) GTEST_SKIP() << "neither NORMBOUND_GPT2_DIR nor NORMBOUND_ATTENTION_DUMPS is set";
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(FileTheoremPort);  // every port's C++ may be deleted
INSTANTIATE_TEST_SUITE_P(Ports, FileTheoremPort, testing::ValuesIn(kPorts),
                         [](const testing::TestParamInfo<Port>& p) {
                           std::string name = p.param.built_in;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace file_theorem_ports_test
}  // namespace nb::theorems
