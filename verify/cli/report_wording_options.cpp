#include "verify/cli/report_wording_options.hpp"

namespace nb::cli {

void add_report_wording_options(CLI::App& command, std::string& title, std::string& introduction) {
  command.add_option("--title", title,
                     "Title of the report, and of the --appendix fragment's opening subsection (default: "
                     "'Certified checks of bounds from' the works the theorems' sources cite)");
  command.add_option("--intro", introduction,
                     "The report's framing sentence, before what the verdicts mean (default: 'Checks of the "
                     "bounds from' those works 'in certified interval arithmetic.')");
}

}  // namespace nb::cli
