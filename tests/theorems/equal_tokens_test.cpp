// Classes of equal tokens (theorems/equal_tokens.hpp) and the enumeration of E[d~] by class
// counts: the classes are those y_i = alpha_i x_i equal by hand, and grouping the subsets gives
// the E[d~] of enumerating every subset one by one.
#include <gtest/gtest.h>

#include "tests/theorems/token_case.hpp"
#include "theorems/equal_tokens.hpp"
#include "theorems/token_inputs.hpp"
#include "theorems/topn_distance.hpp"
#include "verify/numbers/exact_real.hpp"

namespace nb {
namespace equal_tokens_test {

using namespace witness;

// Tokens 0, 2, 5 are zero (one class whatever their logits); 1 and 4 are equal with equal logits;
// 3 equals 1 but its logit differs; 6 is alone.
Case mixed_case(std::int64_t N) {
  return token_case("topn-distance-random", {1, 2, 0, 3, 2, -1, 0}, "1/2",
                    {{0, 0}, {1, -2}, {0, 0}, {1, -2}, {1, -2}, {0, 0}, {3, 0.5}}, N);
}

TEST(EqualTokens, ClassesAreTheEqualRowsOfY) {
  const theorems::EqualTokenClasses classes = theorems::equal_token_classes(mixed_case(3));
  EXPECT_EQ(classes.first, (std::vector<std::size_t>{0, 1, 3, 6}));
  EXPECT_EQ(classes.size, (std::vector<std::size_t>{3, 2, 1, 1}));
}

TEST(EqualTokens, ClassCountsCoverEverySubsetOnce) {
  const theorems::EqualTokenClasses classes = theorems::equal_token_classes(mixed_case(3));
  for (std::size_t N = 0; N <= 7; ++N) {
    std::uint64_t subsets = 0;
    theorems::for_each_class_count(classes, N, [&](const std::vector<std::size_t>& taken) {
      std::size_t sum = 0;
      for (std::size_t c = 0; c < taken.size(); ++c) {
        EXPECT_LE(taken[c], classes.size[c]);
        sum += taken[c];
      }
      EXPECT_EQ(sum, N);
      subsets += theorems::subsets_of_choice(classes, taken);
    });
    EXPECT_EQ(subsets, binomial(7, N)) << "N = " << N;
  }
}

TEST(EqualTokens, GroupedEnumerationEqualsSubsetBySubset) {
  for (std::int64_t N = 1; N <= 7; ++N) {
    const Case c = mixed_case(N);
    const theorems::TokenInput<ExactReal> in = theorems::token_input<ExactReal>(c);
    const ExactReal grouped = theorems::expected_distance_by_enumeration(in.y, theorems::equal_token_classes(c),
                                                                          static_cast<std::size_t>(N));
    ExactReal one_by_one(0);
    for_each_selection(7, static_cast<std::size_t>(N),
                       [&](const Selection& I) { one_by_one += theorems::cumulative_distance(in.y, I); });
    one_by_one /= ExactReal(binomial(7, static_cast<std::size_t>(N)));
    EXPECT_EQ(sign_of(grouped - one_by_one), ExactSign::Zero) << "N = " << N;
  }
}

}  // namespace equal_tokens_test
}  // namespace nb
