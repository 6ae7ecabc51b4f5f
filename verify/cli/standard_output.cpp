#include "verify/cli/standard_output.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

#include "verify/cli/failure_status.hpp"

namespace nb::cli {

int checked_standard_output(int status, std::ostream& err) {
  errno = 0;
  std::cout.flush();
  const bool flushed = std::fflush(stdout) == 0;
  const int reason = errno;
  if (flushed && !std::ferror(stdout) && std::cout.good()) return status;
  err << "normbound: write failed: standard output: "
      << (reason != 0 ? std::strerror(reason) : "a write to it failed (a full disk, a closed file?)") << "\n";
  return kExitIo;
}

}  // namespace nb::cli
