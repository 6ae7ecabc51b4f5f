#pragma once
// `normbound recheck`: a region proof's certificate verified afresh (verify/prove/proof_certificate.hpp).
#include <ostream>
#include <string>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct RecheckOptions {
  std::string certificate;
  unsigned threads = 0;
  double time_limit = 3600;
};

CLI::App* add_recheck_command(CLI::App& app, RecheckOptions& options);

// Rechecks and prints the result: 0 when the certificate holds, 1 with the first offending leaf or
// field when it does not, 2 when the time limit came first; throws InputError for a file that is
// not a certificate.
int run_recheck(const RecheckOptions& options, std::ostream& out);

}  // namespace nb::cli
