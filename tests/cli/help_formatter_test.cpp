#include "verify/cli/help_formatter.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "verify/cli/wrapped_text.hpp"

namespace nb::cli {
namespace {

std::size_t widest(const std::string& text) {
  std::istringstream in(text);
  std::size_t w = 0;
  for (std::string line; std::getline(in, line);) w = std::max(w, columns(line));
  return w;
}

TEST(HelpFormatter, ContinuesAnOptionsDescriptionUnderItself) {
  // CLI11's layout: two spaces, the name padded to the column (30), the description.
  const std::string option = "  --near-tight FLOAT [0.001]  Flag a proven case as NEAR-TIGHT when its relative slack is below this";
  const std::string under(30, ' ');
  EXPECT_EQ(wrapped_help(option + "\n", 60, 30), "  --near-tight FLOAT [0.001]  Flag a proven case as\n" + under +
                                                   "NEAR-TIGHT when its relative\n" + under + "slack is below this\n");
}

TEST(HelpFormatter, ContinuesOtherLinesUnderTheirFirstWord) {
  EXPECT_EQ(wrapped_help("Exit status: 0 all as expected, 1 unexpected outcome\n  normbound check --all\n", 30, 30),
            "Exit status: 0 all as\nexpected, 1 unexpected outcome\n  normbound check --all\n");
}

TEST(HelpFormatter, AnAppsWholeHelpFitsTheWidth) {
  CLI::App app{"An application whose description is a long sentence, longer than any terminal is wide, on purpose.",
               "demo"};
  app.formatter(std::make_shared<WrappingFormatter>(40));
  std::string value;
  app.add_option("--an-option-with-a-long-name", value, "What the option does, said at length so that it wraps");
  CLI::App* sub = app.add_subcommand("sub", "A subcommand, also described at a length that needs two lines or more");
  sub->add_option("--other", value, "Another option described at length, which must wrap under itself");
  EXPECT_LE(widest(app.help()), 40u) << app.help();
  EXPECT_LE(widest(sub->help()), 40u) << sub->help();
}

}  // namespace
}  // namespace nb::cli
