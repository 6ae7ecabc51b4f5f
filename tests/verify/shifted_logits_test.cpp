// logits_minus_maximum: binary64 logits take a subtraction in the binary64 types instead of exact
// rationals; the numbers must be those of the exact subtraction, rounded to nearest (double) or
// enclosed (DoubleInterval), over logits of every magnitude, ties, and differences that overflow.
#include <cmath>
#include <iostream>
#include <limits>

#include <gtest/gtest.h>

#include "models/random/random_inputs.hpp"
#include "verify/numbers/double_interval.hpp"
#include "verify/numbers/rational.hpp"
#include "verify/kernels/shifted_logits.hpp"

namespace nb {
namespace shifted_logits_test {

TEST(ShiftedLogits, Binary64PathsMatchTheExactSubtraction) {
  const std::uint64_t seed = 20261206;
  std::cout << "seed " << seed << "\n";
  random::Rng rng(seed);
  const int ranges[][2] = {{-30, 30}, {-1074, -1000}, {1000, 1023}, {-1074, 1023}};
  std::size_t overflowed = 0;
  for (const auto& range : ranges)
    for (int trial = 0; trial < 50; ++trial) {
      std::vector<double> values;
      const std::size_t L = 1 + random::uniform_index(rng, 0, 40);
      for (std::size_t i = 0; i < L; ++i) {
        const double m = std::ldexp(random::uniform(rng, 1.0, 2.0),
                                    range[0] + static_cast<int>(random::uniform_index(rng, 0, range[1] - range[0])));
        values.push_back(rng() % 5 == 0 && i > 0 ? values[i - 1] : (rng() & 1 ? m : -m));  // some ties
      }
      const ExactTensor logits = ExactTensor::vector(values);
      Rational top = logits.exact(0);
      for (std::size_t i = 1; i < L; ++i) top = std::max(top, logits.exact(i));
      const Vector<double> fast = logits_minus_maximum<double>(logits);
      const Vector<DoubleInterval> box = logits_minus_maximum<DoubleInterval>(logits);
      for (std::size_t i = 0; i < L; ++i) {
        const Rational exact = logits.exact(i) - top;
        const auto k = static_cast<Eigen::Index>(i);
        EXPECT_EQ(fast[k], rational_to<double>(exact)) << "logit " << i << " of trial " << trial;
        ASSERT_FALSE(box[k].is_nan());
        if (std::isfinite(box[k].lower())) {
          EXPECT_LE(Rational(box[k].lower()), exact);
        }
        EXPECT_GE(Rational(box[k].upper()), exact);  // the upper end is finite (>= -DBL_MAX)
        if (exact == 0) {
          EXPECT_TRUE(box[k].lower() == 0 && box[k].upper() == 0) << "the largest logit is exactly 0";
        }
        overflowed += !std::isfinite(fast[k]);
      }
    }
  EXPECT_GT(overflowed, 0u) << "some differences overflow binary64 (-inf, and a lower end of -inf)";
}

}  // namespace shifted_logits_test
}  // namespace nb
