#include "verify/cli/command_line.hpp"

#include <chrono>
#include <cstdlib>
#include <ctime>

#include "verify/io/errors.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::cli {

std::string command_line(int argc, char** argv) {
  std::string s = "normbound";
  for (int i = 1; i < argc; ++i) s += " " + recorded_argument(argv[i]);
  return s;
}

std::string timestamp(bool omit) {
  if (omit) return "";
  std::time_t seconds = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH")) {
    const std::string text = epoch;
    if (text.empty() || text.size() > 15 || text.find_first_not_of("0123456789") != std::string::npos)
      throw UsageError("SOURCE_DATE_EPOCH must be a number of seconds since 1970 (got '" + text + "')");
    seconds = static_cast<std::time_t>(std::stoll(text));
  }
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buffer;
}

}  // namespace nb::cli
