#include "verify/cli/paper_reference.hpp"

#include <gtest/gtest.h>

#include "theorems/registry.hpp"
#include "verify/io/errors.hpp"

namespace nb::cli {
namespace {

const std::vector<std::string> kCitingSources{"arXiv 2508.17821, Corollary 3 (and the dashed curve of Fig. 4)",
                                        "arXiv 2508.17821, Corollary 2(ii) and Fig. 2b",
                                        "arXiv 2508.17821, Section 3.3 (Algorithm 5)",
                                        "arXiv 2508.17821, beside Lemma 1; Kim 2021, Theorem 3.1",
                                        "arXiv 2602.01893, Theorem 4 (a user's paper)"};

std::string reference_refusal(const std::vector<std::string>& values) {
  try {
    source_selection(values, kCitingSources);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "accepted";
}

std::vector<std::string> reference_texts(const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const auto& r : source_selection(values, kCitingSources).parts) out.push_back(r.text());
  return out;
}

TEST(PaperReference, ReadsAKindAndItsNumberAsAWhole) {
  EXPECT_EQ(paper_reference("Cor. 3"), (PaperReference{"Corollary", "3"}));
  EXPECT_EQ(paper_reference(" corollary 2(ii) "), (PaperReference{"Corollary", "2(ii)"}));
  EXPECT_EQ(paper_reference("\xC2\xA7" "3.3"), (PaperReference{"Section", "3.3"}));
  EXPECT_EQ(paper_reference("Fig. 2b"), (PaperReference{"Figure", "2b"}));
  for (const char* partial : {"3", "Corollary", "Cor.", "Corollary 3 (entrywise)", "Corollaries 3", "Corollary x"})
    EXPECT_FALSE(paper_reference(partial)) << partial;
}

TEST(PaperReference, CitedAreTheReferencesToThePaperBeforeOtherWorks) {
  EXPECT_EQ(references_cited(kCitingSources[3]), (std::vector<PaperReference>{{"Lemma", "1"}}));
  EXPECT_EQ(references_cited(kCitingSources[1]), (std::vector<PaperReference>{{"Corollary", "2(ii)"}, {"Figure", "2b"}}));
}

TEST(PaperReference, MatchesAWholeReferenceOrAPartOfIt) {
  EXPECT_TRUE(cites(kCitingSources[0], {"Corollary", "3"}));
  EXPECT_TRUE(cites(kCitingSources[1], {"Corollary", "2"}));
  EXPECT_TRUE(cites(kCitingSources[1], {"Figure", "2"}));
  EXPECT_FALSE(cites("arXiv 2508.17821, Corollary 30", {"Corollary", "3"}));
  EXPECT_FALSE(cites(kCitingSources[2], {"Section", "3"}));
  EXPECT_FALSE(cites(kCitingSources[0], {"Lemma", "3"}));
  EXPECT_FALSE(cites(kCitingSources[3], {"Theorem", "3.1"}));  // Kim's, not the paper's
}

TEST(PaperReference, JoinsAKindAndTheNumberThatFollowsIt) {
  EXPECT_EQ(reference_texts({"Corollary", "3"}), (std::vector<std::string>{"Corollary 3"}));
  EXPECT_EQ(reference_texts({"Cor.", "3", "Lemma 1", "Sec.", "3.3"}),
            (std::vector<std::string>{"Corollary 3", "Lemma 1", "Section 3.3"}));
}

TEST(PaperReference, RefusesPartialOrUncitedReferencesListingTheCitedOnes) {
  const std::string cited =
      "; the parts of the paper the theorems cite: Algorithm 5, Corollary 2(ii), Corollary 3, Figure 2b, Figure 4, "
      "Lemma 1, Section 3.3, Theorem 4";
  EXPECT_EQ(reference_refusal({"3"}), "--paper-ref '3' is a number without its kind: say which part of the paper (e.g. 'Corollary 3')" + cited);
  EXPECT_EQ(reference_refusal({"Corollary"}), "--paper-ref 'Corollary' names no number: say which one" + cited);
  EXPECT_EQ(reference_refusal({"Corollary 3", "3"}), reference_refusal({"3"}));
  EXPECT_EQ(reference_refusal({"Corollary 30"}), "no registered theorem matches --paper-ref 'Corollary 30': none cites it" + cited);
  EXPECT_EQ(reference_refusal({"Theorem 3.1"}), "no registered theorem matches --paper-ref 'Theorem 3.1': none cites it" + cited);
  EXPECT_EQ(reference_refusal({"Corollary 3 (entrywise)"}),
            "--paper-ref 'Corollary 3 (entrywise)' is neither a part of the paper (a kind and its number, e.g. "
            "'Corollary 3') nor text a theorem's source quotes (e.g. 'arXiv 2508.17821')" + cited);
  EXPECT_EQ(reference_refusal({"arXiv 2601.00001"}),
            "--paper-ref 'arXiv 2601.00001' is neither a part of the paper (a kind and its number, e.g. "
            "'Corollary 3') nor text a theorem's source quotes (e.g. 'arXiv 2508.17821')" + cited);
  EXPECT_EQ(reference_refusal({"2602.01893"}).substr(0, 50), "--paper-ref '2602.01893' is a number without its k");
}

// Any work a source names selects the theorems citing it: another paper's arXiv number, an author,
// whatever the case.
TEST(PaperReference, SelectsByAWorkTheSourcesQuote) {
  const SourceSelection users = source_selection({"arXiv 2602.01893"}, kCitingSources);
  EXPECT_TRUE(users.parts.empty());
  EXPECT_EQ(users.quoted, (std::vector<std::string>{"arXiv 2602.01893"}));
  EXPECT_TRUE(users.selects(kCitingSources[4]));
  EXPECT_FALSE(users.selects(kCitingSources[0]));
  const SourceSelection kim = source_selection({"kim 2021"}, kCitingSources);
  EXPECT_TRUE(kim.selects(kCitingSources[3]));
  EXPECT_FALSE(kim.selects(kCitingSources[2]));
  const SourceSelection both = source_selection({"Cor. 3", "ARXIV 2602.01893"}, kCitingSources);
  EXPECT_TRUE(both.selects(kCitingSources[0]) && both.selects(kCitingSources[4]));
  EXPECT_FALSE(both.selects(kCitingSources[1]));
}

// The six Jacobian files (entry, Frobenius, saturation, sharp, as printed, temperature) and the
// infinity-to-one theorem.
TEST(PaperReference, SelectsTheSevenRegisteredTheoremsThatCiteCorollary3) {
  EXPECT_EQ(theorems_citing({"Corollary", "3"}, {}).size(), 7u);
  EXPECT_EQ(theorems_citing({"Corollary", "3"}, {}), theorems_citing({"Cor. 3"}, {}));
}

std::vector<std::string> ids_in_paper_order(const std::vector<std::string>& ids) {
  std::vector<const Theorem*> theorems;
  for (const std::string& id : ids) {
    theorems.push_back(theorems::find(id));
    if (theorems.back() == nullptr) ADD_FAILURE() << id << " is not registered";
  }
  std::vector<std::string> out;
  for (const Theorem* t : in_paper_order(theorems)) out.push_back(t->info().id);
  return out;
}

// Sections, Lemmas, Theorems, Corollaries, each by number (Section 2.3 before 3.3 before 4); in one
// part the source naming it before one beside it, then fidelity (as printed first); a source citing
// no part of the paper last. Given in reverse, so that the registry's order cannot pass for it.
TEST(PaperReference, OrdersTheoremsAsThePaperDoes) {
  const std::vector<std::string> paper_order{"softmax-lipschitz",                    // Section 2.3
                                             "finite-difference-sensitivity",        // Section 3.3
                                             "multihead-coverage",                   // Section 4
                                             "normalizer-weight-bounds",             // Lemma 1
                                             "length-scaled-softmax-concentration",  // beside Lemma 1
                                             "normalizer-jacobian-bound",            // Lemma 2
                                             "topn-distance-fixed",                  // Theorem 1
                                             "separability-lower",                   // Theorem 2
                                             "softmax-weight-bounds",                // Corollary 1
                                             "topn-distance-full-selection",         // Corollary 2(ii)
                                             "softmax-jacobian-spectral-as-printed",  // Corollary 3, verbatim
                                             "softmax-jacobian-entry",               // Corollary 3, extension
                                             "softmax-jacobian-spectral-sharp",      // beside Corollary 3
                                             "softmax-entropy-log-l"};               // Shannon (1948)
  EXPECT_EQ(ids_in_paper_order({paper_order.rbegin(), paper_order.rend()}), paper_order);
}

TEST(PaperReference, RegisteredTheoremsComeInPaperOrder) {
  const std::vector<const Theorem*> all = registered_in_paper_order();
  EXPECT_EQ(all, in_paper_order(all));
  EXPECT_EQ(all.size(), theorems::all().size());
  EXPECT_EQ(all.front()->info().id, "softmax-lipschitz");
}

}  // namespace
}  // namespace nb::cli
