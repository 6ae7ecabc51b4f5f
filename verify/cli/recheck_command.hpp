#pragma once
// `normbound recheck`: a region proof's certificate verified afresh (verify/prove/proof_certificate.hpp).
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace nb::cli {

struct RecheckOptions {
  std::string certificate;
  unsigned threads = 0;
  double time_limit = 3600;
  // What the certificate must prove: the statement of a theorem file, sizes, a region, claims.
  std::string against;
  std::vector<std::string> sizes, regions;
  std::vector<std::uint64_t> claims;
};

CLI::App* add_recheck_command(CLI::App& app, RecheckOptions& options);

// Rechecks and prints what it verified (the theorem, its statement's SHA-256, the claims, the
// sizes, the region, the outcome): 0 when the certificate holds, 1 with the first offending leaf
// or field when it does not or when it is not about what the options demand (another statement
// than --against's or the theorem folder's, less than --size/--region/--claim ask), 2 when the time
// limit came first; throws InputError for a file that is not a certificate, UsageError for a
// demand that does not fit its theorem.
int run_recheck(const RecheckOptions& options, std::ostream& out);

}  // namespace nb::cli
