// Tests of `normbound check --report`, `normbound report` and the files they leave, run through the
// binary (NORMBOUND_CLI). The pdflatex test is skipped when pdflatex is not on PATH.
#include <algorithm>
#include <filesystem>
#include <regex>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "tests/reports/command.hpp"
#include "tests/support/scratch_directory.hpp"
#include "tests/reports/text_file.hpp"

namespace nb::test {
namespace {

namespace fs = std::filesystem;

const std::string kCli = shell_quote(NORMBOUND_CLI);
const fs::path kData = NORMBOUND_REPORTS_TEST_DATA;
// A small run with certified violations (the as-printed Corollary 3 fails at its case 0) and
// NEAR-TIGHT/TIGHT cases.
const std::string kCheck = kCli + " check softmax-jacobian-spectral-as-printed softmax-jacobian-spectral-sharp --cases 8";

// Every regular file below `dir`, by path relative to it, with its content.
std::map<std::string, std::string> tree(const fs::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file()) files[fs::relative(e.path(), dir).string()] = read_text(e.path());
  return files;
}

std::vector<std::string> names_in(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

CommandResult check_report(const ScratchDirectory& dir, const std::string& extra = "") {
  return run_command(kCheck + " --report out/report " + extra, dir.path().string());
}

TEST(CheckReport, WritesTheReportDirectory) {
  const ScratchDirectory dir;
  const CommandResult r = check_report(dir, "--no-timestamp");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("report written to out/report"), std::string::npos);
  const auto files = tree(dir.path() / "out/report");
  for (const char* name : {"report.md", "report.tex", "results.json", "slack-softmax-jacobian-spectral-sharp.svg",
                           "jacobian-softmax-jacobian-spectral-as-printed.svg", "cases/softmax-jacobian-spectral-as-printed-0.json"})
    EXPECT_EQ(files.count(name), 1u) << name;
  EXPECT_EQ(names_in(dir.path() / "out"), std::vector<std::string>{"report"});  // no staging directory left
}

TEST(CheckReport, SameRunGivesIdenticalBytes) {
  const ScratchDirectory dir;
  for (const std::string& fixing : {std::string("--no-timestamp"), std::string()}) {
    const std::string env = fixing.empty() ? "SOURCE_DATE_EPOCH=86400 " : "";
    ASSERT_EQ(run_command(env + kCheck + " --report out/report " + fixing, dir.path().string()).exit_code, 0);
    fs::rename(dir.path() / "out/report", dir.path() / "first");
    ASSERT_EQ(run_command(env + kCheck + " --report out/report " + fixing, dir.path().string()).exit_code, 0);
    const auto first = tree(dir.path() / "first"), second = tree(dir.path() / "out/report");
    EXPECT_EQ(first.size(), second.size());
    for (const auto& [name, content] : first) EXPECT_TRUE(second.at(name) == content) << name << " differs";
    if (env.empty()) {
      EXPECT_NE(first.at("report.md").find("not recorded"), std::string::npos);
    } else {
      EXPECT_NE(first.at("report.md").find("1970-01-02T00:00:00Z"), std::string::npos);
    }
    fs::remove_all(dir.path() / "first");
    fs::remove_all(dir.path() / "out");
  }
}

TEST(CheckReport, ReportCommandReproducesEveryFormat) {
  const ScratchDirectory dir;
  ASSERT_EQ(check_report(dir, "--no-timestamp").exit_code, 0);
  fs::create_directory(dir.path() / "again");
  for (const auto& [format, name] : std::vector<std::pair<std::string, std::string>>{
           {"md", "report.md"}, {"tex", "report.tex"}, {"json", "results.json"}}) {
    const CommandResult r = run_command(kCli + " report out/report/results.json --format " + format + " --out again/" + name,
                                        dir.path().string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(read_text(dir.path() / "again" / name) == read_text(dir.path() / "out/report" / name)) << name;
  }
  for (const auto& [name, content] : tree(dir.path() / "out/report"))
    if (name.ends_with(".svg")) {
      EXPECT_TRUE(read_text(dir.path() / "again" / name) == content) << name;
    }
}

TEST(CheckReport, FlaggedViolationReplaysToTheSameViolation) {
  const ScratchDirectory dir;
  ASSERT_EQ(check_report(dir, "--no-timestamp").exit_code, 0);
  const std::string md = read_text(dir.path() / "out/report/report.md");
  const std::size_t violations = md.find("### Violations"), tight = md.find("### Near-tight and tight cases");
  ASSERT_NE(violations, std::string::npos);
  const std::size_t heading = md.find("#### `softmax-jacobian-spectral-as-printed`: ", violations);
  ASSERT_LT(heading, tight);
  std::smatch replay;
  const std::string section = md.substr(heading, tight - heading);
  ASSERT_TRUE(std::regex_search(section, replay, std::regex("replay: `normbound (check [^`]*)`")));

  const CommandResult r = run_command(kCli + " " + replay[1].str() + " --json replay.json", dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;  // the theorem is expected to be violated
  const auto original = nlohmann::json::parse(read_text(dir.path() / "out/report/results.json"));
  const auto replayed = nlohmann::json::parse(read_text(dir.path() / "replay.json"));
  const auto& first = original["theorems"][0]["violations"][0]["outcome"];
  const auto& again = replayed["theorems"][0]["outcomes"][0];
  EXPECT_EQ(again["verdict"], "violated");
  EXPECT_EQ(again["slack"], first["slack"]);
  EXPECT_EQ(again["value"], first["value"]);
  EXPECT_EQ(again["bound"], first["bound"]);
}

TEST(CheckReport, RefusesABadLocationAndLeavesNoHalfWrittenReport) {
  const ScratchDirectory dir;
  write_text(dir.path() / "file", "x");
  CommandResult r = run_command(kCheck + " --report file/report", dir.path().string());
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_NE(r.err.find("cannot create 'file': 'file' is not a directory"), std::string::npos) << r.err;

  fs::create_directory(dir.path() / "notes");
  write_text(dir.path() / "notes/mine.txt", "keep");
  r = run_command(kCheck + " --report notes", dir.path().string());
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_NE(r.err.find("is not a report directory"), std::string::npos) << r.err;
  EXPECT_EQ(names_in(dir.path() / "notes"), std::vector<std::string>{"mine.txt"});

  // A failure after the checks ran (the JSON cannot be written) leaves no report either, nor the
  // report's missing parent.
  r = run_command(kCheck + " --report out/report --json missing/results.json", dir.path().string());
  EXPECT_EQ(r.exit_code, 65);
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"file", "notes"}));
}

TEST(ReportCommand, RendersTheFixtureLikeTheLibraryGoldens) {
  const ScratchDirectory dir;
  for (const auto& [format, name] : std::vector<std::pair<std::string, std::string>>{
           {"md", "report.md"}, {"tex", "report.tex"}, {"json", "results.json"}}) {
    const CommandResult r = run_command(
        kCli + " report " + shell_quote((kData / "fixture-results.json").string()) + " --format " + format + " --out " + name,
        dir.path().string());
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(read_text(dir.path() / name) == read_text(kData / "golden" / name)) << name;
  }
}

TEST(ReportCommand, MapsBadInputToExitCodesAndWritesNothing) {
  const ScratchDirectory dir;
  write_text(dir.path() / "broken.json", "{\"schema_version\": 2,");
  std::string invalid = read_text(kData / "fixture-results.json");
  invalid.replace(invalid.find("\"violated\","), 11, "\"wrong\",");
  write_text(dir.path() / "invalid.json", invalid);
  fs::create_directory(dir.path() / "out");
  struct Case {
    std::string arguments, message;
    int exit_code;
  };
  for (const Case& c : std::vector<Case>{
           {"missing.json --out out/r.md", "missing.json", 64},
           {"broken.json --out out/r.md", "not valid JSON", 65},
           {"invalid.json --out out/r.md", "theorems[0].expect: unknown value", 65},
           {shell_quote((kData / "fixture-results.json").string()) + " --out nowhere/r.md", "no such directory", 65},
           {shell_quote((kData / "fixture-results.json").string()) + " --out out", "names a directory", 64},
           {shell_quote((kData / "fixture-results.json").string()) + " --format pdf --out out/r.pdf", "pdf", 64}}) {
    const CommandResult r = run_command(kCli + " report " + c.arguments, dir.path().string());
    EXPECT_EQ(r.exit_code, c.exit_code) << c.arguments << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.arguments << ": " << r.err;
  }
  EXPECT_TRUE(fs::is_empty(dir.path() / "out"));
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"broken.json", "invalid.json", "out"}));
}

// pdflatex twice (references, longtable widths) in `dir`; the log of the second run.
std::string compile(const fs::path& dir) {
  for (int pass = 0; pass < 2; ++pass) {
    const CommandResult r = run_command("pdflatex -interaction=nonstopmode -halt-on-error report.tex", dir.string());
    EXPECT_EQ(r.exit_code, 0) << r.out;
  }
  return read_text(dir / "report.log");
}

TEST(Latex, ReportsCompileWithoutWarnings) {
  if (run_command("command -v pdflatex", ".").exit_code != 0) GTEST_SKIP() << "pdflatex not on PATH";
  const ScratchDirectory dir;
  // Every registered theorem, so that every statement and label goes through pdflatex.
  run_command(kCli + " check --all --cases 3 --report all --no-timestamp", dir.path().string());
  ASSERT_TRUE(fs::exists(dir.path() / "all/report.tex"));
  fs::create_directory(dir.path() / "fixture");
  fs::copy_file(kData / "golden/report.tex", dir.path() / "fixture/report.tex");
  for (const char* report : {"all", "fixture"}) {
    const std::string log = compile(dir.path() / report);
    EXPECT_EQ(log.find("Warning"), std::string::npos) << report << ": pdflatex warned; see its log:\n" << log;
    EXPECT_TRUE(fs::exists(dir.path() / report / "report.pdf"));
    if (run_command("command -v pdftotext", ".").exit_code != 0) continue;
    const CommandResult text = run_command("pdftotext report.pdf -", (dir.path() / report).string());
    for (const char* expected : {"Summary", "Flagged cases", "Violations", "Figure 1:", "Findings"})
      EXPECT_NE(text.out.find(expected), std::string::npos) << report << " lacks " << expected;
  }
}

}  // namespace
}  // namespace nb::test
