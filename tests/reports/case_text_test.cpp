// A case's inputs as a terminal shows them (decimal) and as reports and case files keep them (exact).
#include "reports/case_text.hpp"

#include <gtest/gtest.h>

namespace nb::reports {
namespace case_text_test {

Case case_of(double T, std::vector<double> l) {
  Case c;
  c.numbers["T"] = ExactTensor::scalar(T);
  c.numbers["l"] = ExactTensor::vector(std::move(l));
  c.numbers["r"] = ExactTensor::literal("1/3");
  c.integers["L"] = 2;
  return c;
}

TEST(DecimalInputLines, PrintsBinary64InputsInDecimalAndSaysWhenOneIsNotExact) {
  const Case c = case_of(0x1.07ca1d4028dd9p+2, {0.1, -14.75});
  EXPECT_EQ(decimal_input_lines(c, "  "),
            "  T = 4.1217110754546065\n"
            "  l = (0.1, -14.75)\n"
            "  r = 1/3\n"
            "  L = 2\n"
            "  (decimals: the shortest that read back to the binary64 values)\n");
  // Reports keep the exact form.
  EXPECT_EQ(exact_inputs(c).front().second, "0x1.07ca1d4028dd9p+2");
}

TEST(DecimalInputLines, AddsNoNoteWhenEveryValueIsExact) {
  EXPECT_EQ(decimal_input_lines(case_of(0.25, {0.5, 3}), ""), "T = 0.25\nl = (0.5, 3)\nr = 1/3\nL = 2\n");
}

TEST(DecimalInputLines, NamesTheShapeOfALongTensor) {
  EXPECT_EQ(decimal_input_lines(case_of(1, std::vector<double>(20, 0.1)), "", 16, " values"),
            "T = 1\nl = 20 values\nr = 1/3\nL = 2\n");
}

}  // namespace case_text_test
}  // namespace nb::reports
