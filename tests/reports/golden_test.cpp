// Byte-for-byte golden tests of the three formats on data/fixture-results.json. After an intended
// change, regenerate with NORMBOUND_UPDATE_GOLDEN=1 (see CMakeLists.txt) and review the diff.
#include <cstdlib>
#include <filesystem>
#include <set>

#include <gtest/gtest.h>

#include "reports/figure_data.hpp"
#include "reports/pgfplots_plot.hpp"
#include "reports/report_files.hpp"
#include "reports/svg_plot.hpp"
#include "tests/reports/fixture_results.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"
#include "verify/io/errors.hpp"

namespace nb::reports {
namespace {

namespace fs = std::filesystem;

const fs::path kGolden = fs::path(NORMBOUND_REPORTS_TEST_DATA) / "golden";

bool updating() {
  const char* v = std::getenv("NORMBOUND_UPDATE_GOLDEN");
  return v && std::string(v) == "1";
}

const std::vector<ReportFile>& directory_files() {
  static const std::vector<ReportFile> files = report_directory_files(test::fixture_results(), {3, true});
  return files;
}

const ReportFile& file_named(const std::vector<ReportFile>& files, const std::string& name) {
  for (const ReportFile& f : files)
    if (f.name == name) return f;
  throw std::runtime_error("no file " + name);
}

TEST(Golden, ReportDirectoryMatchesByteForByte) {
  if (updating()) {
    fs::remove_all(kGolden);
    fs::create_directories(kGolden);
    for (const ReportFile& f : directory_files()) test::write_text(kGolden / f.name, f.content);
    GTEST_SKIP() << "goldens rewritten in " << kGolden;
  }
  std::set<std::string> expected, produced;
  for (const auto& entry : fs::directory_iterator(kGolden)) expected.insert(entry.path().filename().string());
  for (const ReportFile& f : directory_files()) {
    produced.insert(f.name);
    EXPECT_TRUE(test::read_text(kGolden / f.name) == f.content)
        << f.name << " differs from its golden; if intended, run with NORMBOUND_UPDATE_GOLDEN=1";
  }
  EXPECT_EQ(produced, expected);
}

// The figures of data/figure-results.json (the Jacobian and sensitivity figures, which the report
// fixture has no quantities for), as SVG and as pgfplots code, in golden-figures/.
TEST(Golden, FiguresOfTheFigureFixtureMatchByteForByte) {
  const fs::path golden = fs::path(NORMBOUND_REPORTS_TEST_DATA) / "golden-figures";
  std::vector<ReportFile> files;
  for (const Figure& f : figures_of(test::figure_results())) {
    files.push_back({svg_file_name(f), svg_figure(f)});
    files.push_back({f.name + ".tex", pgfplots_figure(f)});
  }
  if (updating()) {
    fs::remove_all(golden);
    fs::create_directories(golden);
    for (const ReportFile& f : files) test::write_text(golden / f.name, f.content);
    GTEST_SKIP() << "goldens rewritten in " << golden;
  }
  std::set<std::string> expected, produced;
  for (const auto& entry : fs::directory_iterator(golden)) expected.insert(entry.path().filename().string());
  for (const ReportFile& f : files) {
    produced.insert(f.name);
    EXPECT_TRUE(test::read_text(golden / f.name) == f.content)
        << f.name << " differs from its golden; if intended, run with NORMBOUND_UPDATE_GOLDEN=1";
  }
  EXPECT_EQ(produced, expected);
}

TEST(Golden, EachFormatAloneGivesTheSameBytesAsTheDirectory) {
  const RunResults& r = test::fixture_results();
  const auto md = report_files(r, {3}, ReportFormat::Markdown, "report.md");
  ASSERT_EQ(md.size(), directory_files().size() - 3);  // the figures and report.md
  EXPECT_EQ(report_files(r, {3, true}, ReportFormat::Latex, "a.tex").at(0).content,
            file_named(directory_files(), kAppendixFile).content);
  for (const ReportFile& f : md) EXPECT_EQ(f.content, file_named(directory_files(), f.name).content) << f.name;
  EXPECT_EQ(report_files(r, {3}, ReportFormat::Latex, "report.tex").at(0).content,
            file_named(directory_files(), "report.tex").content);
  EXPECT_EQ(report_files(r, {3}, ReportFormat::Json, "results.json").at(0).content,
            file_named(directory_files(), "results.json").content);
}

TEST(Golden, JsonReportReadsBackToTheSameReport) {
  const test::ScratchDirectory dir;
  test::write_text(dir.path() / "results.json", file_named(directory_files(), "results.json").content);
  const RunResults again = read_results_file((dir.path() / "results.json").string());
  const auto files = report_directory_files(again, {3, true});
  ASSERT_EQ(files.size(), directory_files().size());
  for (std::size_t i = 0; i < files.size(); ++i) EXPECT_EQ(files[i].content, directory_files()[i].content) << files[i].name;
}

TEST(Golden, TopLimitsTheTightCasesListed) {
  const std::string json = report_files(test::fixture_results(), {1}, ReportFormat::Json, "r.json").at(0).content;
  const auto j = nlohmann::json::parse(json);
  EXPECT_EQ(j["report"]["top"], 1);
  EXPECT_EQ(j["report"]["theorems"][1]["flagged"]["tightest"], nlohmann::json::array({3}));
  EXPECT_EQ(j["report"]["theorems"][1]["flagged"]["tight_total"], 4);
}

TEST(Golden, ReportFormatNamesAreChecked) {
  EXPECT_EQ(report_format("tex"), ReportFormat::Latex);
  EXPECT_THROW(report_format("pdf"), UsageError);
}

}  // namespace
}  // namespace nb::reports
