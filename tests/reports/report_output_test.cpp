#include "reports/report_output.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"
#include "verify/io/errors.hpp"

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
  const fs::path old = scratch.path() / "old";
  for (const char* text : {"first", "second"}) {
    StagedDirectory staged(old);
    staged.write(std::string(text) == "first"
                     ? std::vector<ReportFile>{{"report.md", "first"}, {"stale.svg", "old"}, {"results.json", "{}"}}
                     : std::vector<ReportFile>{{"report.md", "second"}, {"results.json", "{}"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(old / "report.md"), "second");
  EXPECT_FALSE(fs::exists(old / "stale.svg"));  // listed in the first report's manifest
  EXPECT_EQ(test::read_text(old / kReportManifest), "report.md\nresults.json\n");
  EXPECT_EQ(entries(old), 3u);  // no staging directory left
  EXPECT_EQ(entries(scratch.path()), 1u);

  fs::create_directory(scratch.path() / "mine");
  test::write_text(scratch.path() / "mine/notes.txt", "keep");
  EXPECT_THROW(StagedDirectory(scratch.path() / "mine"), UsageError);
  EXPECT_EQ(test::read_text(scratch.path() / "mine/notes.txt"), "keep");
}

TEST(StagedDirectory, ReplacesAReportAloneInItsDirectoryWhole) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  {
    StagedDirectory staged(target);
    staged.write({{"report.md", "first"}, {"cases/a.json", "{}"}});
    staged.commit();
  }
  fs::permissions(target, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  struct stat before {};
  ASSERT_EQ(::stat(target.c_str(), &before), 0);
  {
    StagedDirectory staged(target);
    EXPECT_EQ(staged.staging().parent_path(), scratch.path());  // staged beside the old report
    staged.write({{"report.md", "second"}});
    staged.commit();
  }
  struct stat after {};
  ASSERT_EQ(::stat(target.c_str(), &after), 0);
  EXPECT_NE(after.st_ino, before.st_ino);  // another directory: exchanged whole, not filled file by file
  EXPECT_EQ(after.st_mode, before.st_mode);
  EXPECT_EQ(test::read_text(target / "report.md"), "second");
  EXPECT_FALSE(fs::exists(target / "cases"));
  EXPECT_EQ(test::read_text(target / kReportManifest), "report.md\n");
  EXPECT_EQ(entries(scratch.path()), 1u);  // the old report is gone
}

TEST(StagedDirectory, NeverReplacesAFileWithoutManifestEvenWithForce) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  fs::create_directories(target / "cases");
  test::write_text(target / "report.md", "the user's report");
  test::write_text(target / "figure.svg", "the user's figure");
  test::write_text(target / "cases/mine.json", "the user's case");
  EXPECT_THROW(StagedDirectory{target}, UsageError);  // no manifest: nothing there is normbound's
  {
    StagedDirectory staged(target, true);
    staged.write({{"report.md", "normbound's"}, {"results.json", "{}"}});
    EXPECT_THROW(staged.commit(), UsageError);  // report.md is in the way, and stays the user's
  }
  EXPECT_EQ(test::read_text(target / "report.md"), "the user's report");
  EXPECT_EQ(test::read_text(target / "figure.svg"), "the user's figure");
  EXPECT_EQ(test::read_text(target / "cases/mine.json"), "the user's case");
  EXPECT_FALSE(fs::exists(target / "results.json"));
  EXPECT_EQ(entries(target), 3u);  // report.md, figure.svg, cases/: no manifest, no staging left
}

TEST(StagedDirectory, KeepsTheUsersFilesAndDirectoriesWithForce) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  {
    StagedDirectory staged(target);
    staged.write({{"report.md", "first"}, {"cases/a.json", "{}"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / kReportManifest), "cases/a.json\nreport.md\n");
  test::write_text(target / "report.pdf", "compiled by the user");
  fs::create_directory(target / "drafts");  // empty: a directory is never removed
  EXPECT_THROW(StagedDirectory{target}, UsageError);
  EXPECT_EQ(test::read_text(target / "report.md"), "first");
  {
    StagedDirectory staged(target, true);
    staged.write({{"report.md", "second"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / "report.md"), "second");
  EXPECT_EQ(test::read_text(target / "report.pdf"), "compiled by the user");
  EXPECT_TRUE(fs::is_directory(target / "drafts"));
  EXPECT_FALSE(fs::exists(target / "cases/a.json"));  // normbound's own file of the previous report
  EXPECT_EQ(test::read_text(target / kReportManifest), "report.md\n");  // the user's file stays the user's
}

TEST(StagedDirectory, KeepsAFileTheUserAddsDuringTheRun) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  {
    StagedDirectory staged(target);
    staged.write({{"report.md", "first"}});
    staged.commit();
  }
  {
    StagedDirectory staged(target);  // the directory holds only normbound's files now
    test::write_text(target / "notes.txt", "added while the report was made");
    staged.write({{"report.md", "second"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(target / "notes.txt"), "added while the report was made");
  EXPECT_EQ(test::read_text(target / "report.md"), "second");
  {
    StagedDirectory staged(target, true);
    test::write_text(target / "report.tex", "the user's, same name as the new report's");
    staged.write({{"report.md", "third"}, {"report.tex", "normbound's"}});
    EXPECT_THROW(staged.commit(), UsageError);  // report.tex is the user's now: nothing is changed
  }
  EXPECT_EQ(test::read_text(target / "notes.txt"), "added while the report was made");
  EXPECT_EQ(test::read_text(target / "report.tex"), "the user's, same name as the new report's");
  EXPECT_EQ(test::read_text(target / "report.md"), "second");
  EXPECT_EQ(test::read_text(target / kReportManifest), "report.md\n");
  EXPECT_EQ(entries(target), 4u);  // no staging directory left
}

TEST(StagedDirectory, WritesThroughASymlinkedDirectoryAndKeepsTheLink) {
  const test::ScratchDirectory scratch;
  fs::create_directory(scratch.path() / "real");
  fs::create_directory_symlink("real", scratch.path() / "link");
  for (const char* text : {"first", "second"}) {
    StagedDirectory staged(scratch.path() / "link");
    staged.write({{"report.md", text}});
    staged.commit();
  }
  EXPECT_TRUE(fs::is_symlink(scratch.path() / "link"));
  EXPECT_EQ(test::read_text(scratch.path() / "real/report.md"), "second");
  EXPECT_EQ(entries(scratch.path()), 2u);
}

TEST(StagedDirectory, AnEditedManifestOwnsNothingOutsideTheReport) {
  const test::ScratchDirectory scratch;
  const fs::path target = scratch.path() / "report";
  fs::create_directory(target);
  test::write_text(scratch.path() / "precious.txt", "outside the report");
  test::write_text(target / kReportManifest, "../precious.txt\n/etc/hostname\n");
  {
    StagedDirectory staged(target);
    staged.write({{"report.md", "r"}});
    staged.commit();
  }
  EXPECT_EQ(test::read_text(scratch.path() / "precious.txt"), "outside the report");
  EXPECT_EQ(test::read_text(target / kReportManifest), "report.md\n");
}

TEST(StagedDirectory, RefusesAnUnusableParent) {
  const test::ScratchDirectory scratch;
  test::write_text(scratch.path() / "file", "x");
  EXPECT_THROW(StagedDirectory(scratch.path() / "file/report"), OutputError);
  EXPECT_EQ(entries(scratch.path()), 1u);
}

TEST(WriteReportFiles, WritesAllFilesOrNone) {
  const test::ScratchDirectory scratch;
  EXPECT_THROW(write_report_files(scratch.path(), {{"figure.svg", "<svg/>"}, {"missing/report.md", "x"}}), OutputError);
  EXPECT_EQ(entries(scratch.path()), 0u);  // the figure written first is gone again
}

TEST(WriteReportFiles, RefusesAMissingDirectory) {
  const test::ScratchDirectory scratch;
  EXPECT_THROW(write_report_files(scratch.path() / "missing", {{"a.md", "x"}}), OutputError);
  EXPECT_EQ(entries(scratch.path()), 0u);
}

TEST(WriteReportFiles, RefusesNamesThatLeaveTheDirectory) {
  const test::ScratchDirectory scratch;
  fs::create_directory(scratch.path() / "report");
  for (const char* name : {"cases/../../escaped.json", "../escaped.json", "/tmp/escaped.json", "", "cases//a.json"})
    EXPECT_THROW(write_report_files(scratch.path() / "report", {{name, "x"}}), InputError) << name;
  EXPECT_EQ(entries(scratch.path()), 1u);
  EXPECT_EQ(entries(scratch.path() / "report"), 0u);
  EXPECT_TRUE(report_file_name_is_plain("cases/softmax-weight-bounds-random-seed7-3.json"));
}

}  // namespace
}  // namespace nb::reports
