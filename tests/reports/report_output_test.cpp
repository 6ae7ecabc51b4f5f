#include "reports/report_output.hpp"

#include <gtest/gtest.h>

#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"
#include "verify/errors.hpp"

namespace nb::reports {
namespace {

namespace fs = std::filesystem;

std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

TEST(StagedDirectory, AppearsWholeOnCommit) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "out/report";  // the parent is created like mkdir -p
  {
    StagedDirectory staged(target);
    write_report_files(staged.staging(), {{"report.md", "# r\n"}, {"results.json", "{}\n"}});
    EXPECT_FALSE(fs::exists(target));
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / "report.md"), "# r\n");
  EXPECT_EQ(entries(scratch.path() / "out"), 1u);  // no staging directory left
}

TEST(StagedDirectory, LeavesNothingBehindWithoutCommit) {
  const test::ScratchDirectory scratch;
  {
    StagedDirectory staged(scratch.path() / "report/");
    write_report_files(staged.staging(), {{"report.md", "partial"}});
  }
  EXPECT_EQ(entries(scratch.path()), 0u);
}

TEST(StagedDirectory, CreatesMissingParentsOnlyOnCommit) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "a/b/report";
  {
    StagedDirectory staged(target);  // staged in the deepest existing directory
    EXPECT_EQ(staged.staging().parent_path(), scratch.path());
    write_report_files(staged.staging(), {{"report.md", "failed run"}});
  }
  EXPECT_EQ(entries(scratch.path()), 0u);  // no a/, no a/b/
  {
    StagedDirectory staged(target);
    write_report_files(staged.staging(), {{"report.md", "# r\n"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / "report.md"), "# r\n");
  EXPECT_EQ(entries(scratch.path()), 1u);
}

TEST(StagedDirectory, ReplacesAPreviousReportOnly) {
  const test::ScratchDirectory scratch;
  fs::create_directory(scratch.path() / "old");
  test::write_text(scratch.path() / "old/results.json", "{}");
  test::write_text(scratch.path() / "old/report.md", "old");
  test::write_text(scratch.path() / "old/stale.svg", "old");
  {
    StagedDirectory staged(scratch.path() / "old");
    write_report_files(staged.staging(), {{"report.md", "new"}, {"results.json", "{}"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(scratch.path() / "old/report.md"), "new");
  EXPECT_FALSE(fs::exists(scratch.path() / "old/stale.svg"));
  EXPECT_EQ(entries(scratch.path()), 1u);

  fs::create_directory(scratch.path() / "mine");
  test::write_text(scratch.path() / "mine/notes.txt", "keep");
  EXPECT_THROW(StagedDirectory(scratch.path() / "mine"), UsageError);
  EXPECT_EQ(test::read_text(scratch.path() / "mine/notes.txt"), "keep");
}

TEST(StagedDirectory, KeepsTheUsersFilesOnlyWithForce) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  {
    StagedDirectory staged(target);
    staged.write({{"report.md", "first"}, {"cases/a.json", "{}"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / kReportManifest), "cases/a.json\nreport.md\n");
  test::write_text(target / "report.pdf", "compiled by the user");
  EXPECT_THROW(StagedDirectory{target}, UsageError);
  EXPECT_EQ(test::read_text(target / "report.md"), "first");
  {
    StagedDirectory staged(target, true);
    staged.write({{"report.md", "second"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / "report.md"), "second");
  EXPECT_EQ(test::read_text(target / "report.pdf"), "compiled by the user");
  EXPECT_FALSE(fs::exists(target / "cases/a.json"));  // normbound's own file of the previous report
  EXPECT_EQ(test::read_text(target / kReportManifest), "report.md\n");  // the user's file stays the user's
}

TEST(StagedDirectory, RefusesAnUnusableParent) {
  const test::ScratchDirectory scratch;
  test::write_text(scratch.path() / "file", "x");
  EXPECT_THROW(StagedDirectory(scratch.path() / "file/report"), InputError);
  EXPECT_EQ(entries(scratch.path()), 1u);
}

TEST(WriteReportFiles, WritesAllFilesOrNone) {
  const test::ScratchDirectory scratch;
  EXPECT_THROW(write_report_files(scratch.path(), {{"figure.svg", "<svg/>"}, {"missing/report.md", "x"}}), InputError);
  EXPECT_EQ(entries(scratch.path()), 0u);  // the figure written first is gone again
}

TEST(WriteReportFiles, RefusesAMissingDirectory) {
  const test::ScratchDirectory scratch;
  EXPECT_THROW(write_report_files(scratch.path() / "missing", {{"a.md", "x"}}), InputError);
  EXPECT_EQ(entries(scratch.path()), 0u);
}

}  // namespace
}  // namespace nb::reports
