// recorded_path and its spec/argument forms: no absolute path of the machine in what a run records.
#include "verify/io/recorded_path.hpp"

#include <filesystem>

#include <gtest/gtest.h>

namespace nb {
namespace {

TEST(RecordedPath, RelativePathsStayAsTyped) {
  EXPECT_EQ(recorded_path("cases/a.json"), "cases/a.json");
  EXPECT_EQ(recorded_path("../data/gpt2"), "../data/gpt2");
  EXPECT_EQ(recorded_path(""), "");
}

TEST(RecordedPath, AbsolutePathsOutsideTheWorkingDirectoryKeepTheirLastComponent) {
  const std::string cwd = std::filesystem::current_path().string();
  ASSERT_NE(cwd.rfind("/nonexistent-root", 0), 0u);
  EXPECT_EQ(recorded_path("/nonexistent-root/models/gpt2"), ".../gpt2");
  EXPECT_EQ(recorded_path("/nonexistent-root/models/gpt2/"), ".../gpt2");
  EXPECT_EQ(recorded_path("/"), "...");
}

TEST(RecordedPath, AbsolutePathsBelowTheWorkingDirectoryBecomeRelative) {
  const std::filesystem::path cwd = std::filesystem::current_path();
  EXPECT_EQ(recorded_path((cwd / "out" / "report" / "results.json").string()), "out/report/results.json");
  EXPECT_EQ(recorded_path((cwd / "out" / ".." / "x.json").string()), "x.json");
}

TEST(RecordedPath, SpecsAndArguments) {
  EXPECT_EQ(recorded_spec("gpt2-positions:/nonexistent-root/gpt2"), "gpt2-positions:.../gpt2");
  EXPECT_EQ(recorded_spec("random"), "random");
  EXPECT_EQ(recorded_spec("file:rows.json"), "file:rows.json");
  EXPECT_EQ(recorded_argument("/nonexistent-root/a/case.json"), ".../case.json");
  EXPECT_EQ(recorded_argument("--json=/nonexistent-root/r.json"), "--json=.../r.json");
  EXPECT_EQ(recorded_argument("attention-dump:/nonexistent-root/dumps"), "attention-dump:.../dumps");
  EXPECT_EQ(recorded_argument("--seed"), "--seed");
  EXPECT_EQ(recorded_argument("L=8,d=4,T=1:2"), "L=8,d=4,T=1:2");
  EXPECT_EQ(recorded_argument("Cor. 3"), "Cor. 3");
}

}  // namespace
}  // namespace nb
