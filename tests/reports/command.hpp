#pragma once
// Runs a shell command and captures what it printed, for tests of the normbound binary.
#include <string>

namespace nb::test {

struct CommandResult {
  int exit_code = -1;
  std::string out, err;
};

// Runs `command` with /bin/sh in `directory` (stdout and stderr captured separately).
CommandResult run_command(const std::string& command, const std::string& directory);

// `text` quoted for /bin/sh.
std::string shell_quote(const std::string& text);

}  // namespace nb::test
