#include "reports/cited_works.hpp"

#include <gtest/gtest.h>

#include "reports/title_text.hpp"

namespace nb::reports {
namespace {

TEST(CitedWorks, NamesTheWorkEachSourceCitesFirstOnce) {
  EXPECT_EQ(works_cited({"arXiv 2508.17821, Corollary 3", "Shannon (1948), weakened on purpose", "",
                         "arXiv 2508.17821, beside Lemma 1; Kim 2021, Theorem 3.1", "arXiv 2602.01893; a note"}),
            (std::vector<std::string>{"arXiv 2508.17821", "Shannon (1948)", "arXiv 2602.01893"}));
}

TEST(CitedWorks, PhrasesThemForATitle) {
  EXPECT_EQ(works_phrase({}), "");
  EXPECT_EQ(works_phrase({"A"}), "A");
  EXPECT_EQ(works_phrase({"A", "B"}), "A and B");
  EXPECT_EQ(works_phrase({"A", "B", "C"}), "A, B and C");
  EXPECT_EQ(works_phrase({"A", "B", "C", "D"}), "A, B and 2 other works");
}

TEST(CitedWorks, FindsThePartOfTheWorkASourceNamesFirst) {
  EXPECT_EQ(part_cited("arXiv 2508.17821, Corollary 3 (and the dashed curve of Fig. 4)"), "Corollary 3");
  EXPECT_EQ(part_cited("arXiv 2508.17821, beside Corollary 2(ii) (a rate for E[d~] -> 0 as N -> L, derived here)"),
            "Corollary 2(ii)");
  EXPECT_EQ(part_cited("arXiv 2508.17821, Section 3.3 and Fig. 4 (dashed curve)"), "Section 3.3");
  EXPECT_EQ(part_cited("arXiv 2508.17821, abstract and discussion of Theorem 2 (about 80% separable)"), "Theorem 2");
  EXPECT_EQ(part_cited("arXiv 2508.17821, Fig. 2b."), "Fig. 2b");
  EXPECT_EQ(part_cited("arXiv 2508.17821, Theorems of section two"), "");
  EXPECT_EQ(part_cited("Shannon (1948), weakened on purpose"), "");
  EXPECT_EQ(part_cited("Shannon (1948); Kim 2021, Theorem 3.1"), "");  // another work's part is not this one's
}

TEST(TitleText, PrintsTheSymbolsAsciiStandsFor) {
  EXPECT_EQ(title_text("Sparsemax: norm <= 1, and >= 0, != 2"), "Sparsemax: norm \u2264 1, and \u2265 0, \u2260 2");
  EXPECT_EQ(title_text("a rate as N -> L"), "a rate as N \u2192 L");
  EXPECT_EQ(title_text("moves at most sqrt 2, sqrt L"), "moves at most \u221A2, \u221AL");
  EXPECT_EQ(title_text("sqrt(x), musqrt 2 and sqrt stay"), "sqrt(x), musqrt 2 and sqrt stay");
  EXPECT_EQ(title_text("Attention entropy is at most log L"), "Attention entropy is at most log L");
}

}  // namespace
}  // namespace nb::reports
