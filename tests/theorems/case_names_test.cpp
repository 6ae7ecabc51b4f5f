// Every theorem declares what it reads (TheoremInfo::reads), and a case naming anything else is
// refused with a message listing the declared names: a multihead-coverage case with "q" instead
// of "target" ran and silently skipped the minimality claim.
#include <gtest/gtest.h>

#include "tests/theorems/witness_checks.hpp"
#include "verify/io/errors.hpp"

namespace nb {
namespace case_names_test {

bool has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

TEST(CaseNames, AnUnknownInputIsRefusedListingWhatTheTheoremReads) {
  Case c;
  c.label = "minimal H";
  c.numbers["p"] = ExactTensor::literal("0.8");
  c.numbers["q"] = ExactTensor::literal("0.99");
  c.integers["H"] = 3;
  try {
    theorems::find("multihead-coverage")->check_assumptions(c);
    ADD_FAILURE() << "a case with 'q' was accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("the number 'q', which multihead-coverage does not read (it reads numbers "
                                         "p, coverage, target; integers H)"),
              std::string::npos)
        << e.what();
  }
  c.numbers.erase("q");
  c.numbers["target"] = ExactTensor::literal("0.99");
  EXPECT_NO_THROW(theorems::find("multihead-coverage")->check_assumptions(c));
}

TEST(CaseNames, UnknownIntegersAndOptionsAreRefusedToo) {
  Case c;
  c.numbers["logits"] = ExactTensor::vector({0, 1});
  c.numbers["T"] = ExactTensor::literal("1");
  c.numbers["a"] = ExactTensor::literal("1");
  c.options["normaliser"] = "softmax";
  EXPECT_THROW(theorems::find("normalizer-weight-bounds")->check_assumptions(c), InputError);
  c.options = {{"normalizer", "softmax"}};
  c.integers["N"] = 1;
  EXPECT_THROW(theorems::find("normalizer-weight-bounds")->check_assumptions(c), InputError);
  c.integers.clear();
  EXPECT_NO_THROW(theorems::find("normalizer-weight-bounds")->check_assumptions(c));
}

// Registry-wide, so that declarations cannot go stale: every name a default suite uses is
// declared, and so is everything a model source feeds the theorem (TheoremInfo::inputs).
TEST(CaseNames, EveryTheoremDeclaresEverythingItsSuiteUses) {
  for (const auto& t : theorems::all()) {
    const TheoremInfo& info = t->info();
    for (const Case& c : t->suite({20251129, 30})) {
      for (const auto& [name, value] : c.numbers) EXPECT_TRUE(has(info.reads.numbers, name)) << info.id << ": " << name;
      for (const auto& [name, value] : c.integers) EXPECT_TRUE(has(info.reads.integers, name)) << info.id << ": " << name;
      for (const auto& [name, value] : c.options) EXPECT_TRUE(has(info.reads.options, name)) << info.id << ": " << name;
    }
    for (const auto& name : info.inputs)
      EXPECT_TRUE(name == "N" ? has(info.reads.integers, name)
                              : has(info.reads.numbers, name) || has(info.reads.options, name))  // a choice
          << info.id << ": " << name;
  }
}

}  // namespace case_names_test
}  // namespace nb
