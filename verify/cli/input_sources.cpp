#include "verify/cli/input_sources.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include <openssl/evp.h>
#include <unistd.h>

#include "verify/errors.hpp"
#include "verify/input_file.hpp"
#include "verify/recorded_path.hpp"

namespace nb::cli {

void collect_generators(const std::vector<Case>& cases, std::set<std::string>& generators) {
  for (const Case& c : cases)
    if (auto it = c.provenance.find("generator"); it != c.provenance.end()) generators.insert(it->second);
}

InputSource random_suite_source(std::uint64_t seed, std::size_t cases_per_theorem,
                                const std::set<std::string>& generators) {
  std::string names;
  for (const auto& g : generators) names += (names.empty() ? "" : ",") + g;
  return {"random", "", "",
          {{"seed", std::to_string(seed)},
           {"cases_per_theorem", std::to_string(cases_per_theorem)},
           {"generators", names}}};
}

InputSource case_file_source(const std::string& path) { return {"case-file", recorded_path(path), file_sha256(path), {}}; }

std::string file_sha256(const std::string& path) {
  const InputFile file(path);
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr);
  char buffer[1 << 16];
  for (::ssize_t got; (got = ::read(file.descriptor(), buffer, sizeof buffer)) != 0;) {
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw InputError("cannot read '" + path + "' to compute its SHA-256 (" + std::strerror(errno) + ")");
    EVP_DigestUpdate(ctx.get(), buffer, static_cast<std::size_t>(got));
  }
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned length = 0;
  EVP_DigestFinal_ex(ctx.get(), digest, &length);
  std::string hex;
  for (unsigned i = 0; i < length; ++i) {
    char byte[3];
    std::snprintf(byte, sizeof byte, "%02x", digest[i]);
    hex += byte;
  }
  return hex;
}

}  // namespace nb::cli
