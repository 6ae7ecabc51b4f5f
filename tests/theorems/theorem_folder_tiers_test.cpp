// Every theorem file of theorems gives the same verdict, case by case on its own suite, with
// the binary64 interval tier and with MPFI alone: a file added there is checked so with no other
// change (its expectation is checked by the ctest cli_theorem_file_<name>).
#include <algorithm>
#include <filesystem>
#include <iostream>

#include <gtest/gtest.h>

#include "theorems/file_theorem.hpp"
#include "verify/engine/engine.hpp"

namespace nb::theorems {
namespace theorem_folder_tiers_test {

namespace fs = std::filesystem;

constexpr std::uint64_t kSeed = 20251203;
constexpr std::size_t kCases = 30;

std::vector<std::string> spec_files() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(fs::path(NORMBOUND_SOURCE_DIR) / "theorems"))
    if (e.path().extension() == ".toml") files.push_back(e.path().stem().string());
  std::sort(files.begin(), files.end());
  return files;
}

class TheoremFolderFile : public testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Theorem> theorem() const {
    return read_theorem_file(std::string(NORMBOUND_SOURCE_DIR) + "/theorems/" + GetParam() + ".toml");
  }
};

TEST_P(TheoremFolderFile, Binary64TierGivesTheVerdictsOfMpfiAlone) {
  const std::unique_ptr<Theorem> t = theorem();
  const std::vector<Case> cases = t->suite({.seed = kSeed, .count = kCases});
  CheckSettings with_tier, mpfi_only;
  with_tier.seed = mpfi_only.seed = kSeed;
  with_tier.threads = mpfi_only.threads = 2;
  mpfi_only.binary64_tier = false;
  const auto a = evaluate_cases(*t, cases, with_tier), b = evaluate_cases(*t, cases, mpfi_only);
  std::size_t at_53 = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(verdict_name(a[i].verdict), std::string(verdict_name(b[i].verdict)))
        << "case " << i << " (" << cases[i].label << ")";
    at_53 += a[i].precision_bits == kBinary64TierBits;
  }
  std::cout << "  decided in binary64: " << at_53 << " of " << cases.size() << "\n";
}

INSTANTIATE_TEST_SUITE_P(Specs, TheoremFolderFile, testing::ValuesIn(spec_files()),
                         [](const testing::TestParamInfo<std::string>& p) {
                           std::string name = p.param;
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace theorem_folder_tiers_test
}  // namespace nb::theorems
