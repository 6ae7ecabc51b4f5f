// [suite]'s regime_max_L, regime_why and sources: a theorem file states, as a built-in theorem
// does, the longest L a regime runs it at and why, or why a file that takes no shape is not run (a
// regime_max_L without its reason is a mistake of the file), and that it runs on its suite and
// saved cases only, not on a model source's rows.
#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/engine/suite_regime.hpp"
#include "verify/formula/theorem_spec.hpp"
#include "verify/io/errors.hpp"

namespace nb::theorems {
namespace file_theorem_run_keys_test {

const std::string kStatement = R"toml(id = "sign-split-at-most-one"
title = "t"
source = "s"
fidelity = "extension"
expect = "holds"

[inputs]
logits = { kind = "vector", length = "L", range = [-8, 8] }
T = { kind = "scalar", range = ["1/16", 16], positive = true }
L = { kind = "length", range = [1, 16] }

[[claim]]
value = "sign_split(softmax(logits / T))"
relation = "<="
bound = "1"
)toml";

std::unique_ptr<Theorem> theorem_from(const std::string& text) {
  return make_file_theorem(formula::read_theorem_spec(text, "regime.toml"));
}

TEST(FileTheoremRunKeys, RegimeMaxLLeavesOutTheLongerShapesAndSaysWhy) {
  const auto runs_everywhere = theorem_from(kStatement);
  EXPECT_EQ(regime_shapes(runs_everywhere->info(), paper_regime()).shapes.size(), 3u);
  const auto t = theorem_from(kStatement + "[suite]\nregime_max_L = 256\nregime_why = \"sign vectors\"\n");
  const RegimeShapes at_most_256 = regime_shapes(t->info(), paper_regime());
  EXPECT_EQ(at_most_256.shapes.size(), 2u);
  EXPECT_EQ(at_most_256.note, "L <= 256 only, because sign vectors");
  const auto short_only = theorem_from(kStatement + "[suite]\nregime_max_L = 16\nregime_why = \"sign vectors\"\n");
  const RegimeShapes none = regime_shapes(short_only->info(), paper_regime());
  EXPECT_TRUE(none.shapes.empty());
  EXPECT_EQ(none.note, "not run, because its cases are limited to L <= 16: sign vectors");
}

TEST(FileTheoremRunKeys, RegimeWhyNamesTheReasonOfAFileTakingNoShape) {
  std::string text = kStatement;
  text.replace(text.find("L = {"), 1, "n");
  for (std::size_t at; (at = text.find("\"L\"")) != std::string::npos;) text.replace(at, 3, "\"n\"");
  text.replace(text.find("T = {"), 1, "t");
  text.replace(text.find("/ T)"), 4, "/ t)");
  EXPECT_EQ(regime_shapes(theorem_from(text)->info(), paper_regime()).note,
            "not run, because it declares no length named L, d or N, nor a scalar named T");
  EXPECT_EQ(regime_shapes(theorem_from(text + "[suite]\nregime_why = \"a construction\"\n")->info(), paper_regime()).note,
            "not run, because a construction");
}

TEST(FileTheoremRunKeys, RegimeMaxLWithoutItsReasonIsAMistake) {
  try {
    theorem_from(kStatement + "[suite]\nregime_max_L = 16\n");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("regime_max_L needs regime_why"), std::string::npos) << e.what();
  }
  EXPECT_THROW(theorem_from(kStatement + "[suite]\nregime_max_L = 0\nregime_why = \"x\"\n"), InputError);
}

TEST(FileTheoremRunKeys, SourcesFalseKeepsItOffModelSources) {
  EXPECT_EQ(theorem_from(kStatement)->info().inputs, (std::vector<std::string>{"logits", "T"}));
  const auto t = theorem_from(kStatement + "[suite]\nsources = false\n");
  EXPECT_TRUE(t->info().inputs.empty()) << "a theorem without source inputs runs only on its suites and saved cases";
  EXPECT_THROW(theorem_from(kStatement + "[suite]\nsources = 0\n"), InputError);
}

}  // namespace file_theorem_run_keys_test
}  // namespace nb::theorems
