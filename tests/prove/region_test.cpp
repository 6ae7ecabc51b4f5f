// The region of `normbound prove` from its options (verify/prove/region.hpp): sizes, intervals
// whole or by entry, declared ranges, and the usage errors that name what to fix.
#include "verify/prove/region.hpp"

#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/io/errors.hpp"

namespace nb::prove {
namespace region_test {

formula::TheoremSpec spec_of(const std::string& name) {
  return theorems::read_theorem_file_spec(std::string(NORMBOUND_SPECS_DIR) + "/" + name);
}

const formula::TheoremSpec& weight_bounds() {
  static const formula::TheoremSpec spec = spec_of("softmax-weight-bounds.toml");
  return spec;
}

TEST(Region, CoordinatesAreEveryEntryInTheFilesOrder) {
  const Region r = make_region(weight_bounds(), {"L=2", "d=1"}, {"query=[-1,1]", "keys=[1/2,2]", "T=[1,1]"}, false);
  std::vector<std::string> labels;
  for (const Coordinate& c : r.coordinates) labels.push_back(c.label);
  EXPECT_EQ(labels, (std::vector<std::string>{"query[0]", "keys[0][0]", "keys[1][0]", "T"}));
  EXPECT_EQ(r.sizes, (std::map<std::string, std::int64_t>{{"L", 2}, {"d", 1}}));
  EXPECT_EQ(r.box.lo[1], Rational(1, 2));
  EXPECT_EQ(r.box.hi[3], Rational(1));
  EXPECT_EQ(volume(r.box, r), Rational(2) * Rational(3, 2) * Rational(3, 2));  // T fixed counts as 1
}

TEST(Region, AnEntryMayTakeItsOwnInterval) {
  const Region r = make_region(weight_bounds(), {"L=2", "d=1"},
                               {"query=[-1,1]", "keys=[1/2,2]", "keys[1][0]=[-2,-1/3]", "T=[1,1]"}, false);
  EXPECT_EQ(r.box.lo[2], Rational(-2));
  EXPECT_EQ(r.box.hi[2], Rational(-1, 3));
  EXPECT_EQ(r.box.lo[1], Rational(1, 2));
}

TEST(Region, ATheoremFilesInputWithoutAnIntervalTakesItsDeclaredRange) {
  const Region r = make_region(weight_bounds(), {"L=2", "d=1"}, {"T=[1,2]"}, true);
  EXPECT_EQ(r.box.lo[0], Rational(-2));
  EXPECT_EQ(r.box.hi[1], Rational(2));
}

TEST(Region, MistakesAreUsageErrorsNamingWhatToGive) {
  const auto message = [](const std::vector<std::string>& sizes, const std::vector<std::string>& regions) {
    try {
      make_region(weight_bounds(), sizes, regions, false);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({"d=1"}, {}), "give the length L with --size L=N");
  EXPECT_NE(message({"L=2", "d=1"}, {"query=[-1,1]"}).find("give --region NAME=[LO,HI] for keys[0][0], keys[1][0], T"),
            std::string::npos);
  EXPECT_NE(message({"L=0", "d=1"}, {}).find("a length is an integer from 1 to"), std::string::npos);
  EXPECT_NE(message({"L=2", "L=3", "d=1"}, {}).find("given twice"), std::string::npos);
  EXPECT_NE(message({"N=2", "d=1"}, {}).find("has no length 'N' (its lengths: L, d)"), std::string::npos);
  EXPECT_NE(message({"L=2", "d=1"}, {"q=[0,1]"}).find("has no input 'q'"), std::string::npos);
  EXPECT_NE(message({"L=2", "d=1"}, {"T=[2,1]"}).find("the low end exceeds the high end"), std::string::npos);
  EXPECT_NE(message({"L=2", "d=1"}, {"T=1"}).find("expected T=[LO,HI]"), std::string::npos);
  EXPECT_NE(message({"L=2", "d=1"}, {"T=[x,1]"}).find("--region T"), std::string::npos);
  EXPECT_NE(message({"L=2", "d=1"}, {"query=[0,1]", "keys=[0,1]", "T=[1,1]", "keys[2][0]=[0,1]"}).find("no such entry"),
            std::string::npos);
  EXPECT_NE(message({"L=512", "d=8"}, {"query=[0,1]", "keys=[0,1]", "T=[1,1]"}).find("more than 256 coordinates"),
            std::string::npos);
}

// A choice left out is named with its words (it takes one, not an interval).
TEST(Region, AChoiceLeftOutIsNamedWithItsWords) {
  const formula::TheoremSpec lemma = spec_of("normalizer-weight-bounds.toml");
  try {
    make_region(lemma, {"L=2"}, {}, true);
    ADD_FAILURE() << "no UsageError";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("give --region normalizer=WORD, WORD one of softmax, softplus, tanh, square"),
              std::string::npos)
        << e.what();
  }
  EXPECT_NO_THROW(make_region(lemma, {"L=2"}, {"normalizer=tanh"}, true));
}

TEST(Region, RationalLiteralsAreExact) {
  EXPECT_EQ(rational_literal(Rational(1, 3)), "1/3");
  EXPECT_EQ(rational_literal(Rational(-3, 8)), "-0.375");
  EXPECT_EQ(rational_literal(Rational(5)), "5");
  const Rational tenth(1, 10);
  EXPECT_EQ(rational_literal(tenth), "1/10");  // no binary64 value
}

TEST(Region, APointCaseLiesInItsBoxAndOnlyThere) {
  const Region r = make_region(weight_bounds(), {"L=2", "d=1"}, {"query=[-1,1]", "keys=[1/3,2]", "T=[1,1]"}, false);
  const std::vector<Rational> mid = midpoint(r.box);
  const Case c = point_case(weight_bounds(), r, mid);
  EXPECT_EQ(c.theorem, "softmax-weight-bounds");
  EXPECT_EQ(c.number("keys").rows(), 2u);
  EXPECT_EQ(c.number("keys").exact(0), Rational(7, 6));
  EXPECT_TRUE(case_in_box(c, r, r.box));
  Box elsewhere = r.box;
  elsewhere.lo[1] = Rational(2);
  EXPECT_FALSE(case_in_box(c, r, elsewhere));
  // The case is one the theorem accepts.
  EXPECT_NO_THROW(theorems::make_file_theorem(weight_bounds())->check_assumptions(c));
}

}  // namespace region_test
}  // namespace nb::prove
