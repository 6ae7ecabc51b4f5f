#include "tests/reports/command.hpp"

#include <cstdlib>
#include <sys/wait.h>

#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"

namespace nb::test {

std::string shell_quote(const std::string& text) {
  std::string q = "'";
  for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

CommandResult run_command(const std::string& command, const std::string& directory) {
  const ScratchDirectory capture;
  const auto out = capture.path() / "out", err = capture.path() / "err";
  const std::string line = "cd " + shell_quote(directory) + " && " + command + " >" + shell_quote(out.string()) +
                           " 2>" + shell_quote(err.string());
  const int status = std::system(line.c_str());
  CommandResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

}  // namespace nb::test
