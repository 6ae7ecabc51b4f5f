#include "verify/cli/wall_time_limit_option.hpp"

#include <sstream>

namespace nb::cli {

void add_wall_time_limit_option(CLI::App& command, double& seconds, const std::string& what) {
  const CLI::Validator in_range(
      [](std::string& text) {
        double value = 0;
        std::istringstream in(text);
        // >= and <= both false for NaN, so NaN is refused here with the infinities.
        if (in >> value && in.eof() && value >= kMinWallTimeLimit && value <= kMaxWallTimeLimit) return std::string();
        std::ostringstream why;
        why << "must be a number of seconds from " << kMinWallTimeLimit << " to " << kMaxWallTimeLimit
            << ", not " << text;
        return why.str();
      },
      "SECONDS in [0.001, 1e6]");
  command.add_option("--time-limit", seconds, what)->check(in_range)->capture_default_str();
}

}  // namespace nb::cli
