// results_from_json (verify/results/results.hpp) is tested here, beside the reports that depend on it.
#include <cmath>
#include <fstream>
#include <limits>
#include <stdexcept>

#include <gtest/gtest.h>

#include "tests/reports/fixture_results.hpp"
#include "verify/results/source_looseness.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/results.hpp"

namespace nb {
namespace {

nlohmann::json fixture_json() {
  std::ifstream in(test::fixture_results_path());
  return nlohmann::json::parse(in);
}

// The message of the InputError that results_from_json throws on `j` ("" if none).
std::string error_of(const nlohmann::json& j) {
  try {
    results_from_json(j);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ResultsFromJson, RoundTripsTheFixtureExactly) {
  const nlohmann::json j = fixture_json();
  EXPECT_EQ(results_to_json(results_from_json(j)), j);
}

TEST(ResultsFromJson, ReadsEveryField) {
  const RunResults& r = test::fixture_results();
  EXPECT_EQ(r.settings.seed, 2508178u);
  EXPECT_EQ(r.settings.exact_budget, 20000000u);
  EXPECT_EQ(r.settings.exact_time_limit, 5.0);
  EXPECT_EQ(r.timestamp, "2025-01-01T00:00:00Z");
  ASSERT_EQ(r.sources.size(), 2u);
  EXPECT_EQ(r.sources[1].sha256, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  ASSERT_EQ(r.theorems.size(), 3u);
  const TheoremResult& t = r.theorems[0];
  EXPECT_EQ(t.info.expect, Expect::Violated);
  EXPECT_EQ(t.violations_total, 4u);
  EXPECT_EQ(t.violations[0].input.number("T").approx(0), 1.0);
  EXPECT_EQ(t.outcomes[0].relation, Relation::LessEqual);
  EXPECT_DOUBLE_EQ(t.outcomes[0].slack.approx, -0.25);
}

TEST(ResultsFromJson, ReadsTheLoosenessBackAsItsOutcomesGiveIt) {
  RunResults r = test::fixture_results();
  r.looseness = looseness_of(r);
  ASSERT_FALSE(r.looseness.empty());
  const nlohmann::json j = results_to_json(r);
  ASSERT_TRUE(j.contains("looseness"));
  const RunResults back = results_from_json(j);
  EXPECT_EQ(looseness_json(back.looseness), looseness_json(r.looseness));
  EXPECT_EQ(results_to_json(back), j);
  nlohmann::json edited = j;
  edited["looseness"]["theorems"][0]["vacuous"] = !edited["looseness"]["theorems"][0]["vacuous"].get<bool>();
  EXPECT_NE(error_of(edited).find("looseness: disagrees with the outcomes"), std::string::npos);
}

// A search run's record (RunResults::search) reads back exactly, a ratio that was not finite as
// NaN (null in the file), and must name the results' theorems in order.
TEST(ResultsFromJson, ReadsTheSearchBack) {
  RunResults r = test::fixture_results();
  SearchRecord search{2000, 18446744073709551615u, {}};
  for (const TheoremResult& t : r.theorems) {
    SearchedTheoremRecord& s = search.theorems.emplace_back();
    s.id = t.info.id;
    s.evaluations = 1999;
    s.frontier_kind = "approached";
    s.frontier_text = "approached to within 1e-09";
    s.search_ratio = 0.1 + 0.2;
    s.suite_ratio = std::numeric_limits<double>::infinity();
    s.witness = "search: restart 0";
    s.restarts.push_back({"random 3", 0.5, 1.0 / 3, "claim 1", 17});
    s.shown_first = true;
    s.shrink_steps = 4;
    s.shrink_attempts = 40;
  }
  r.search = search;
  const nlohmann::json j = results_to_json(r);
  const RunResults back = results_from_json(j);
  ASSERT_TRUE(back.search.has_value());
  EXPECT_EQ(back.search->seed, 18446744073709551615u);
  EXPECT_EQ(back.search->theorems[1].search_ratio, 0.1 + 0.2);
  EXPECT_EQ(back.search->theorems[1].restarts[0].best_ratio, 1.0 / 3);
  EXPECT_TRUE(std::isnan(back.search->theorems[1].suite_ratio));
  EXPECT_EQ(results_to_json(back), j);
  nlohmann::json reordered = j;
  std::swap(reordered["search"]["theorems"][0], reordered["search"]["theorems"][1]);
  EXPECT_NE(error_of(reordered).find("search.theorems[0].id: must be"), std::string::npos) << error_of(reordered);
  nlohmann::json unknown = j;
  unknown["search"]["theorems"][2]["frontier"]["kind"] = "close";
  EXPECT_NE(error_of(unknown).find("search.theorems[2].frontier.kind: unknown value \"close\""), std::string::npos);
  nlohmann::json short_list = j;
  short_list["search"]["theorems"].erase(1);
  EXPECT_NE(error_of(short_list).find("search.theorems: must name the results' theorems"), std::string::npos);
}

TEST(ResultsFromJson, NamesTheFieldThatBreaksTheSchema) {
  struct Breakage {
    std::function<void(nlohmann::json&)> apply;
    std::string expected;
  };
  const std::vector<Breakage> breakages{
      {[](auto& j) { j["theorems"][0]["outcomes"][1].erase("slack"); },
       "theorems[0].outcomes[1]: missing field \"slack\""},
      {[](auto& j) { j["theorems"][0]["outcomes"][0]["verdict"] = "maybe"; }, "theorems[0].outcomes[0].verdict"},
      {[](auto& j) { j["theorems"][0]["outcomes"][0]["slack"] = {"1", "x"}; },
       "theorems[0].outcomes[0].slack: expected [lo, hi]"},
      {[](auto& j) { j["theorems"][1]["counts"]["proven"] = 5; }, "theorems[1].counts.proven: disagrees"},
      {[](auto& j) { j["theorems"][1]["cases"] = 7; }, "theorems[1].cases: differs"},
      {[](auto& j) { j["theorems"][1]["fidelity"] = "exact"; }, "theorems[1].fidelity: unknown value \"exact\""},
      {[](auto& j) { j["theorems"][1]["id"] = "../escape"; }, "not kebab-case"},
      {[](auto& j) { j["theorems"][1]["id"] = j["theorems"][0]["id"]; }, "appears twice"},
      {[](auto& j) { j["theorems"][0]["violations"][0]["case"].erase("theorem"); },
       "theorems[0].violations[0].case: a case needs the field 'theorem'"},
      {[](auto& j) { j["seed"] = "12a"; }, "seed: expected a decimal 64-bit"},
      {[](auto& j) { j["schema_version"] = 1; }, "unsupported schema_version 1"},
      {[](auto& j) { j["settings"]["threads"] = -1; }, "settings.threads: expected a non-negative integer"},
      {[](auto& j) { j["settings"].erase("exact_time_limit"); }, "settings: missing field \"exact_time_limit\""},
      {[](auto& j) { j = nlohmann::json::array(); }, "top level: expected an object"},
      // The looseness block is the outcomes' (looseness_of): another one is refused.
      {[](auto& j) { j["looseness"] = {{"theorems", nlohmann::json::array()}}; }, "looseness: disagrees with the outcomes"},
      // A certified verdict on an unknown (NaN) enclosure, or on one whose infinite end faces a finite
      // end of either sign: a report would show it decided.
      {[](auto& j) { j["theorems"][0]["outcomes"][0]["slack"] = {"nan", "nan"}; },
       "theorems[0].outcomes[0].slack: is [nan, nan], which decides no sign, but the verdict is \"violated\""},
      {[](auto& j) { j["theorems"][0]["outcomes"][0]["relative_slack"] = {"-inf", "1"}; },
       "theorems[0].outcomes[0].relative_slack: is [-inf, 1], which decides no sign"},
      {[](auto& j) { j["theorems"][0]["outcomes"][0]["slack"] = {"-inf", "inf"}; },
       "theorems[0].outcomes[0].slack: is [-inf, inf], which decides no sign"},
  };
  for (const Breakage& b : breakages) {
    nlohmann::json j = fixture_json();
    b.apply(j);
    const std::string message = error_of(j);
    EXPECT_NE(message.find(b.expected), std::string::npos) << "expected \"" << b.expected << "\" in \"" << message << "\"";
  }
}

// A REFUSED case (outside the assumptions) reads back with its reason; its count is written only
// where some case was, and a file without the key has none.
TEST(ResultsFromJson, ReadsRefusedCasesAndTheirCount) {
  nlohmann::json j = fixture_json();
  nlohmann::json& t = j["theorems"][1];
  ASSERT_FALSE(t["counts"].contains("refused")) << "no refused case, no key";
  nlohmann::json& outcome = t["outcomes"][0];
  t["counts"][outcome["verdict"].get<std::string>()] = t["counts"][outcome["verdict"].get<std::string>()].get<int>() - 1;
  outcome["verdict"] = "refused";
  outcome["exact"] = "the assumption max(i, abs(logits[i])) <= B does not certainly hold";
  for (const char* e : {"value", "bound", "slack", "relative_slack"}) outcome[e] = {"nan", "nan"};
  EXPECT_NE(error_of(j).find("theorems[1].counts: \"refused\" (absent: 0) disagrees"), std::string::npos) << error_of(j);
  t["counts"]["refused"] = 1;
  EXPECT_NE(error_of(j).find("theorems[1].expectation"), std::string::npos) << "the outcome in words counts it";
  t["expectation"] = "holds on 4 of 6, 1 INCONCLUSIVE, 1 REFUSED";
  ASSERT_EQ(error_of(j), "");
  const RunResults r = results_from_json(j);
  EXPECT_EQ(r.theorems[1].counts[static_cast<int>(Verdict::Refused)], 1u);
  EXPECT_EQ(r.theorems[1].outcomes[0].verdict, Verdict::Refused);
  EXPECT_EQ(results_to_json(r), j);
  EXPECT_EQ(exit_status(r), exit_status(results_from_json(fixture_json()))) << "a refused case changes no exit status";
}

// An infinite end is the overflow of a valid enclosure: beside a certified verdict it reads back
// when the finite end decides the sign (a VIOLATED relative slack of -0.75 / 2^-1074 in binary64,
// a PROVEN slack whose bound overflowed MPFR).
TEST(ResultsFromJson, ReadsCertifiedVerdictsBesideOneInfiniteEndOfTheirSign) {
  nlohmann::json j = fixture_json();
  nlohmann::json& outcome = j["theorems"][0]["outcomes"][0];
  ASSERT_EQ(outcome["verdict"], "violated");
  outcome["relative_slack"] = {"-inf", "-1.7976931348623157e308"};
  EXPECT_EQ(error_of(j), "");
  outcome["slack"] = {"-inf", "0"};
  EXPECT_EQ(error_of(j), "");
  outcome["verdict"] = "proven";
  j["theorems"][0]["counts"]["violated"] = j["theorems"][0]["counts"]["violated"].get<int>() - 1;
  j["theorems"][0]["counts"]["proven"] = j["theorems"][0]["counts"]["proven"].get<int>() + 1;
  outcome["slack"] = {"1e323228496", "inf"};
  outcome["relative_slack"] = {"0", "inf"};
  const std::string message = error_of(j);
  EXPECT_EQ(message.find("slack"), std::string::npos) << message;
}

TEST(CheckResults, RefusesWhatResultsAsSavedRefusesWithoutSavingACopy) {
  RunResults r = test::fixture_results();
  EXPECT_NO_THROW(check_results(r));
  // A certified verdict beside a slack that decides no sign: a bug of the engine, never a verdict.
  CaseOutcome& o = r.theorems[0].outcomes[0];
  o.verdict = Verdict::Proven;
  o.slack = EnclosureText{"nan", "1", 0};
  std::string saved_message, checked_message;
  try {
    results_as_saved(r);
  } catch (const std::logic_error& e) {
    saved_message = e.what();
  }
  try {
    check_results(r);
  } catch (const std::logic_error& e) {
    checked_message = e.what();
  }
  EXPECT_NE(checked_message.find("theorems[0].outcomes[0].slack"), std::string::npos) << checked_message;
  EXPECT_EQ(checked_message, saved_message);
}

TEST(ReadResultsFile, SaysWhyAFileCannotBeRead) {
  const test::ScratchDirectory dir;
  try {
    read_results_file((dir.path() / "missing.json").string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot read results file"), std::string::npos);
  }
  test::write_text(dir.path() / "broken.json", "{\"schema_version\": 2,");
  try {
    read_results_file((dir.path() / "broken.json").string());
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos);
  }
}

}  // namespace
}  // namespace nb
