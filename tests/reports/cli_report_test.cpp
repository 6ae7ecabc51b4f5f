// Tests of `normbound check --report`, `normbound report` and the files they leave, run through the
// binary (NORMBOUND_CLI). The pdflatex test is skipped when pdflatex is not on PATH.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
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
// Its one exact decision takes well under a second; the generous time limit keeps two runs under
// a sanitizer on a loaded machine byte-identical (the deterministic work budget decides, not the
// CPU clock).
const std::string kCheck = kCli +
    " check softmax-jacobian-spectral-as-printed softmax-jacobian-spectral-sharp --cases 8 --exact-time-limit 60";

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
                           "slack-softmax-jacobian-spectral-as-printed.svg", "cases/softmax-jacobian-spectral-as-printed-random-seed2508178-0.json", ".normbound-files"})
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

TEST(CheckReport, AMovedReportReplaysEachViolationFromInsideIt) {
  const ScratchDirectory dir;
  ASSERT_EQ(check_report(dir, "--no-timestamp").exit_code, 0);
  fs::create_directory(dir.path() / "elsewhere");
  fs::rename(dir.path() / "out/report", dir.path() / "elsewhere/moved");
  const fs::path moved = dir.path() / "elsewhere/moved";
  const auto original = nlohmann::json::parse(read_text(moved / "results.json"));
  const auto& violations = original["theorems"][0]["violations"];
  ASSERT_FALSE(violations.empty());
  for (const auto& v : violations) {
    const std::string replay = v["replay"];
    ASSERT_TRUE(replay.starts_with("normbound check ")) << replay;
    EXPECT_NE(replay.find("--case cases/"), std::string::npos) << replay;  // relative to the report
    const CommandResult r = run_command(kCli + replay.substr(9) + " --json - ", moved.string());
    ASSERT_EQ(r.exit_code, 0) << replay << "\n" << r.out << r.err;  // the theorem is expected to be violated
    const auto replayed = nlohmann::json::parse(r.out);
    const auto& again = replayed["theorems"][0]["outcomes"][0];
    EXPECT_EQ(again["verdict"], "violated");
    EXPECT_EQ(again["slack"], v["outcome"]["slack"]);
    EXPECT_EQ(again["value"], v["outcome"]["value"]);
    EXPECT_EQ(again["bound"], v["outcome"]["bound"]);
  }
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"elsewhere", "out"}));  // replays wrote nothing
  EXPECT_TRUE(fs::is_empty(dir.path() / "out"));
}

TEST(CheckReport, WritesCaseFilesOnlyWhenAsked) {
  const ScratchDirectory dir;
  CommandResult r = run_command(kCheck, dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::is_empty(dir.path()));
  EXPECT_NE(r.out.find("--cases-dir DIR or --report DIR saves"), std::string::npos) << r.out;
  r = run_command(kCheck + " --cases-dir saved", dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "saved/softmax-jacobian-spectral-as-printed-random-seed2508178-0.json"));
}

TEST(CheckReport, ForceReplacesOnlyNormboundsOwnFiles) {
  const ScratchDirectory dir;
  ASSERT_EQ(check_report(dir, "--no-timestamp").exit_code, 0);
  write_text(dir.path() / "out/report/report.pdf", "the user's PDF");
  const auto before = tree(dir.path() / "out/report");
  CommandResult r = check_report(dir, "--no-timestamp");
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_NE(r.err.find("report.pdf"), std::string::npos) << r.err;
  EXPECT_EQ(tree(dir.path() / "out/report"), before);
  r = check_report(dir, "--no-timestamp --top 1 --force");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto after = tree(dir.path() / "out/report");
  EXPECT_EQ(after.at("report.pdf"), "the user's PDF");
  EXPECT_NE(after.at("report.md"), before.at("report.md"));  // one tight case listed now
}

TEST(CheckReport, RefusesABadLocationAndLeavesNoHalfWrittenReport) {
  const ScratchDirectory dir;
  write_text(dir.path() / "file", "x");
  CommandResult r = run_command(kCheck + " --report file/report", dir.path().string());
  EXPECT_EQ(r.exit_code, 73);
  EXPECT_NE(r.err.find("cannot create 'file': 'file' is not a directory"), std::string::npos) << r.err;

  fs::create_directory(dir.path() / "notes");
  write_text(dir.path() / "notes/mine.txt", "keep");
  r = run_command(kCheck + " --report notes", dir.path().string());
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_NE(r.err.find("holds files normbound did not write (mine.txt)"), std::string::npos) << r.err;
  EXPECT_EQ(names_in(dir.path() / "notes"), std::vector<std::string>{"mine.txt"});

  // A failure after the checks ran (the JSON cannot be written) leaves no report either, nor the
  // report's missing parent.
  r = run_command(kCheck + " --report out/report --json missing/results.json", dir.path().string());
  EXPECT_EQ(r.exit_code, 73);
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"file", "notes"}));
}

TEST(ReportCommand, RebuildsAWholeReportDirectory) {
  const ScratchDirectory dir;
  ASSERT_EQ(check_report(dir, "--no-timestamp").exit_code, 0);
  const CommandResult r = run_command(kCli + " report out/report/results.json --out rebuilt", dir.path().string());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(tree(dir.path() / "rebuilt"), tree(dir.path() / "out/report"));
}

TEST(ReportCommand, FormatFollowsTheExtensionOfOut) {
  const ScratchDirectory dir;
  const std::string fixture = shell_quote((kData / "fixture-results.json").string());
  ASSERT_EQ(run_command(kCli + " report " + fixture + " --out x.tex", dir.path().string()).exit_code, 0);
  EXPECT_TRUE(read_text(dir.path() / "x.tex") == read_text(kData / "golden/report.tex"));
  EXPECT_EQ(names_in(dir.path()), std::vector<std::string>{"x.tex"});  // no SVG beside a LaTeX file
  const CommandResult r = run_command(kCli + " report " + fixture + " --format md --out y.tex", dir.path().string());
  EXPECT_EQ(r.exit_code, 64);
  EXPECT_NE(r.err.find("contradicts"), std::string::npos) << r.err;
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

// `normbound report ARGUMENTS` in `dir` for each refusal: its exit code and a message holding its text.
struct Refusal {
  std::string arguments, message;
  int exit_code;
};
void expect_refusals(const ScratchDirectory& dir, const std::vector<Refusal>& refusals) {
  for (const Refusal& c : refusals) {
    const CommandResult r = run_command(kCli + " report " + c.arguments, dir.path().string());
    EXPECT_EQ(r.exit_code, c.exit_code) << c.arguments << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.arguments << ": " << r.err;
  }
}

// A reproduction (reproduction.json, rendered again with the results.json beside it) of another
// version, without its results, or asked for as one file is refused, and nothing is written.
TEST(ReportCommand, RefusesAReproductionItCannotRenderAgain) {
  const ScratchDirectory dir;
  fs::create_directory(dir.path() / "old");
  write_text(dir.path() / "old/reproduction.json", "{\"format\": \"normbound-reproduction\", \"version\": 2}");
  fs::copy_file(kData / "fixture-results.json", dir.path() / "old/results.json");
  fs::create_directory(dir.path() / "alone");
  write_text(dir.path() / "alone/reproduction.json", "{\"format\": \"normbound-reproduction\", \"version\": 3}");
  expect_refusals(dir, {{"old/reproduction.json --out out", "not a reproduction of version 3", 65},
                        {"alone/reproduction.json --out out", "alone/results.json", 65},
                        {"old/reproduction.json --out out.md", "renders as a report directory", 64}});
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"alone", "old"}));
}

TEST(ReportCommand, MapsBadInputToExitCodesAndWritesNothing) {
  const ScratchDirectory dir;
  write_text(dir.path() / "broken.json", "{\"schema_version\": 2,");
  std::string invalid = read_text(kData / "fixture-results.json");
  invalid.replace(invalid.find("\"violated\","), 11, "\"wrong\",");
  write_text(dir.path() / "invalid.json", invalid);
  fs::create_directory(dir.path() / "out");
  expect_refusals(dir, {
           {"missing.json --out out/r.md", "missing.json", 64},
           {"broken.json --out out/r.md", "not valid JSON", 65},
           {"invalid.json --out out/r.md", "theorems[0].expect: unknown value", 65},
           {shell_quote((kData / "fixture-results.json").string()) + " --out nowhere/r.md", "cannot create output: 'nowhere/", 73},
           {shell_quote((kData / "fixture-results.json").string()) + " --out out/r.txt", "cannot tell the format", 64},
           {shell_quote((kData / "fixture-results.json").string()) + " --format md --out out", "leave out --format", 64},
           {shell_quote((kData / "fixture-results.json").string()) + " --format pdf --out out/r.pdf", "pdf", 64}});
  EXPECT_TRUE(fs::is_empty(dir.path() / "out"));
  EXPECT_EQ(names_in(dir.path()), (std::vector<std::string>{"broken.json", "invalid.json", "out"}));
}

// pdflatex twice (references, longtable widths) on `file` in `dir`; the log of the second run.
std::string compile(const fs::path& dir, const std::string& file = "report.tex") {
  for (int pass = 0; pass < 2; ++pass) {
    const CommandResult r = run_command("pdflatex -interaction=nonstopmode -halt-on-error " + file, dir.string());
    EXPECT_EQ(r.exit_code, 0) << r.out;
  }
  return read_text(dir / (fs::path(file).stem().string() + ".log"));
}

bool has_pdflatex() { return run_command("command -v pdflatex", ".").exit_code == 0; }

// No warning and no overfull box (text running into the margin) in a pdflatex log.
void expect_clean_log(const std::string& log, const std::string& what) {
  EXPECT_EQ(log.find("Warning"), std::string::npos) << what << ": pdflatex warned; see its log:\n" << log;
  EXPECT_EQ(log.find("Overfull"), std::string::npos) << what << ": an overfull box; see its log:\n" << log;
}

TEST(Latex, ReportsCompileWithoutWarnings) {
  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the LaTeX reports are not compiled";
  const ScratchDirectory dir;
  // Every registered theorem, so that every statement and label goes through pdflatex.
  run_command(kCli + " check --all --cases 3 --report all --appendix --no-timestamp", dir.path().string());
  ASSERT_TRUE(fs::exists(dir.path() / "all/report.tex"));
  fs::create_directory(dir.path() / "fixture");
  fs::copy_file(kData / "golden/report.tex", dir.path() / "fixture/report.tex");
  for (const char* report : {"all", "fixture"}) {
    expect_clean_log(compile(dir.path() / report), report);
    EXPECT_TRUE(fs::exists(dir.path() / report / "report.pdf"));
    if (run_command("command -v pdftotext", ".").exit_code != 0) continue;
    const CommandResult text = run_command("pdftotext report.pdf -", (dir.path() / report).string());
    for (const char* expected : {"Run", "Summary", "Findings", "Theorems", "Table 1:", "Figure 1:", "Appendix"})
      EXPECT_NE(text.out.find(expected), std::string::npos) << report << " lacks " << expected;
  }
}

// The fragment of --appendix goes into another document's appendix with \input: it compiles there
// with the packages its comment names, and its numbered tables and figures are there.
TEST(Latex, AppendixFragmentCompilesInsideAnotherDocument) {
  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the appendix fragment is not compiled";
  const ScratchDirectory dir;
  fs::copy_file(kData / "golden/report-appendix.tex", dir.path() / "report-appendix.tex");
  const std::string fragment = read_text(dir.path() / "report-appendix.tex");
  EXPECT_EQ(fragment.find("\\documentclass"), std::string::npos);
  EXPECT_EQ(fragment.find("\\begin{document}"), std::string::npos);
  // The preamble is what the fragment's opening comment asks for, line by line.
  std::string preamble;
  std::istringstream lines(fragment);
  for (std::string line; std::getline(lines, line) && line.starts_with("%");)
    if (line.starts_with("%   \\")) preamble += line.substr(4) + "\n";
  EXPECT_NE(preamble.find("\\usepackage{pgfplots}"), std::string::npos) << fragment.substr(0, 600);
  write_text(dir.path() / "paper.tex",
             "\\documentclass{article}\n" + preamble +
             "\\begin{document}\nOur main text; the checks are in Appendix~\\ref{nb:sec:findings}.\n"
             "\\appendix\n\\section{Proofs and checks}\n\\input{report-appendix}\n\\end{document}\n");
  expect_clean_log(compile(dir.path(), "paper.tex"), "paper.tex");
  ASSERT_TRUE(fs::exists(dir.path() / "paper.pdf"));
  if (run_command("command -v pdftotext", ".").exit_code != 0) return;
  const std::string text = run_command("pdftotext paper.pdf -", dir.path().string()).out;
  // \ref{nb:sec:findings}: the third part (after the run and the summary) of the fragment, a
  // subsection of the paper's appendix section A.
  for (const char* expected : {"Our main text", "Appendix A.1.3", "Findings", "Table 1:", "Figure 1:"})
    EXPECT_NE(text.find(expected), std::string::npos) << "paper.pdf lacks " << expected << ":\n" << text;
}

// A researcher's own paper: an appendix made from their theorem files alone (a paper that is not
// normbound's). The fragment compiles inside a minimal article under a section of its appendix, and
// reads as that paper's appendix: its title (by default naming the paper its theorems cite, else
// --title), its framing sentence (--intro), each statement with the definitions it reads, the
// witness in decimals, and no section of its own (no appendix letter taken). Its pages are
// rendered to PNG, as a reader would see them.
TEST(Latex, AppendixOfAUsersPaperFromItsTheoremFilesAlone) {
  const ScratchDirectory dir;
  for (const char* file : {"entropy-gap.toml", "top-weight-floor.toml", "entropy-floor.toml"})
    fs::copy_file(kData / "user-paper" / file, dir.path() / file);
  const CommandResult run = run_command(kCli + " check --theorem-file entropy-gap.toml --theorem-file top-weight-floor.toml"
                                               " --theorem-file entropy-floor.toml"
                                               " --cases 12 --report out --appendix --no-timestamp",
                                        dir.path().string());
  ASSERT_TRUE(fs::exists(dir.path() / "out/report-appendix.tex")) << run.out << run.err;
  const std::string fragment = read_text(dir.path() / "out/report-appendix.tex");
  const auto has = [&](const std::string& part) { return fragment.find(part) != std::string::npos; };
  EXPECT_TRUE(has("\\subsection{Certified checks of bounds from arXiv 2602.01893}\\label{nb:appendix}")) << fragment;
  EXPECT_TRUE(has("Checks of the bounds from arXiv 2602.01893 in certified interval arithmetic.")) << fragment;
  EXPECT_FALSE(has("\\section{")) << "the fragment takes an appendix letter:\n" << fragment;
  EXPECT_FALSE(has("2508.17821")) << "the fragment names normbound's paper:\n" << fragment;
  // The title's ASCII >= as the symbol; each statement with its definitions under it.
  EXPECT_TRUE(has("for T $\\ge$ 1/\\allowbreak{}2")) << fragment;
  EXPECT_TRUE(has("\\nbstatement{\\mathrm{entropy} \\le \\log")) << fragment;
  EXPECT_TRUE(has("where\n\\nbdefinition{a = \\operatorname{softmax}")) << fragment;
  EXPECT_TRUE(has("\\nbdefinition{\\mathrm{entropy} = ")) << fragment;
  EXPECT_TRUE(has("\\nbdefinition{\\mathrm{top} = ")) << fragment;
  // The summary under the paper's parts, each once, where its first theorem is (the third file,
  // Theorem 4 again, joins the first under its heading): Theorem 4, then Lemma 2.
  const std::size_t theorem = fragment.find("\\textit{arXiv 2602.01893, Theorem 4}"),
                    lemma = fragment.find("\\textit{arXiv 2602.01893, Lemma 2}");
  ASSERT_NE(theorem, std::string::npos);
  ASSERT_NE(lemma, std::string::npos);
  EXPECT_EQ(fragment.find("\\textit{arXiv 2602.01893, Theorem 4}", theorem + 1), std::string::npos);
  EXPECT_LT(theorem, lemma);
  EXPECT_LT(fragment.find("entropy-{}\\allowbreak{}floor", theorem), lemma);
  // The witness in decimals: no hex float anywhere (the case files keep the exact values).
  EXPECT_TRUE(has("inputs: ")) << fragment;
  EXPECT_FALSE(std::regex_search(fragment, std::regex("0x[0-9a-f.]+p[-+]"))) << fragment;

  // The user's own title and framing sentence, from the saved results.
  const CommandResult own = run_command(kCli + " report out/results.json --out own.tex --appendix --title 'Checks of"
                                               " our bounds' --intro 'We checked the bounds of Section 3 by machine.'",
                                        dir.path().string());
  ASSERT_EQ(own.exit_code, 0) << own.err;
  const std::string titled = read_text(dir.path() / "own.tex");
  EXPECT_NE(titled.find("\\subsection{Checks of our bounds}\\label{nb:appendix}"), std::string::npos) << titled;
  EXPECT_NE(titled.find("We checked the bounds of Section 3 by machine. Each bound is a theorem"), std::string::npos) << titled;
  // The definitions are part of the saved results (results.json "definitions").
  EXPECT_NE(titled.find("\\nbdefinition{a = \\operatorname{softmax}"), std::string::npos) << titled;

  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the user's appendix is not compiled";
  std::string preamble;
  std::istringstream lines(fragment);
  for (std::string line; std::getline(lines, line) && line.starts_with("%");)
    if (line.starts_with("%   \\")) preamble += line.substr(4) + "\n";
  write_text(dir.path() / "out/paper.tex",
             "\\documentclass{article}\n" + preamble +
             "\\begin{document}\n\\section{Introduction}\nOur bounds are checked in Appendix~\\ref{nb:appendix}.\n"
             "\\appendix\n\\section{Proofs}\nOur proofs.\n\\section{Checks}\n\\input{report-appendix}\n\\end{document}\n");
  expect_clean_log(compile(dir.path() / "out", "paper.tex"), "paper.tex");
  ASSERT_TRUE(fs::exists(dir.path() / "out/paper.pdf"));
  if (run_command("command -v pdftotext", ".").exit_code == 0) {
    // pdftotext sets a heading's number and title on lines of their own: one space between words.
    const std::string raw = run_command("pdftotext paper.pdf -", (dir.path() / "out").string()).out;
    const std::string text = std::regex_replace(raw, std::regex("\\s+"), " ");
    // The paper's letters stay its own: A Proofs, B Checks, and the fragment is B.1.
    for (const char* expected : {"Appendix B.1", "A Proofs", "B Checks", "B.1 Certified checks of bounds from arXiv 2602.01893",
                                 "B.1.4 Theorems", "where", "Table 1:"})
      EXPECT_NE(text.find(expected), std::string::npos) << "paper.pdf lacks " << expected << ":\n" << text;
    EXPECT_EQ(raw.find("\nC\n"), std::string::npos) << "a section lettered C:\n" << raw;
  }
  if (run_command("command -v pdftoppm", ".").exit_code != 0) return;
  ASSERT_EQ(run_command("pdftoppm -r 50 -png paper.pdf page", (dir.path() / "out").string()).exit_code, 0);
  EXPECT_TRUE(fs::exists(dir.path() / "out/page-1.png"));
  // NORMBOUND_KEEP_PAGES=DIR keeps the pages (and the PDF) for a reader to look at.
  if (const char* keep = std::getenv("NORMBOUND_KEEP_PAGES"))
    for (const auto& e : fs::directory_iterator(dir.path() / "out"))
      if (e.path().extension() == ".png" || e.path().extension() == ".pdf")
        fs::copy_file(e.path(), fs::path(keep) / e.path().filename(), fs::copy_options::overwrite_existing);
}

// The pages before the appendix of a compiled standalone report, which starts the appendix on a
// page of its own labelled nb:appendix: "\newlabel{nb:appendix}{{NUMBER}{PAGE}..." in its .aux.
std::optional<std::size_t> body_pages(const fs::path& report) {
  const std::string aux = read_text(report / "report.aux");
  std::smatch page;
  if (!std::regex_search(aux, page, std::regex(R"(\\newlabel\{nb:appendix\}\{\{[^{}]*\}\{([0-9]+)\})"))) return {};
  return std::stoul(page[1]) - 1;
}

// Copy number `copy` of the theorem file `spec`, its id ending in "-copy-N" (a copy is a theorem of
// its own), written to `dir`; its name relative to `dir`.
std::string theorem_file_copy(const fs::path& spec, std::size_t copy, const fs::path& dir) {
  const std::string suffix = "-copy-" + std::to_string(copy);
  std::string text;
  std::istringstream lines(read_text(spec));
  for (std::string line; std::getline(lines, line);)
    text += (line.starts_with("id = \"") ? line.insert(line.find('"', 6), suffix) : line) + "\n";
  const std::string name = spec.stem().string() + suffix + ".toml";
  write_text(dir / name, text);
  return name;
}

// The theorem files that bring a run of `registered` theorems (the built-in ones and the theorem
// folder's) to at least `total`, written to `dir` and named relative to it: copies of the files of
// theorems under new ids, as many as needed.
std::vector<std::string> theorem_files(std::size_t registered, std::size_t total, const fs::path& dir) {
  std::vector<fs::path> specs;
  for (const auto& e : fs::directory_iterator(fs::path(NORMBOUND_SOURCE_DIR) / "theorems"))
    if (e.path().extension() == ".toml") specs.push_back(e.path());
  std::sort(specs.begin(), specs.end());
  std::vector<std::string> names;
  for (std::size_t copy = 1; !specs.empty() && registered + names.size() < total; ++copy)
    for (std::size_t i = 0; i < specs.size() && registered + names.size() < total; ++i)
      names.push_back(theorem_file_copy(specs[i], copy, dir));
  return names;
}

// The page of label `label` in a compiled report's .aux: "\newlabel{LABEL}{{NUMBER}{PAGE}...".
std::optional<std::size_t> label_page(const fs::path& report, const std::string& label) {
  const std::string aux = read_text(report / "report.aux");
  std::smatch page;
  if (!std::regex_search(aux, page, std::regex("\\\\newlabel\\{" + label + "\\}\\{\\{[^{}]*\\}\\{([0-9]+)\\}")))
    return {};
  return std::stoul(page[1]);
}

// The summary table of the default report (check --all, every registered theorem and the theorem
// folder's files), its first table, is on one page: its caption (nb:tab:1) and its last row
// (nb:tab:1:last) are labelled on the same page. NORMBOUND_KEEP_PAGES=DIR keeps that page as
// summary.png.
TEST(Latex, SummaryTableOfCheckAllIsOnOnePage) {
  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the summary's pages are not counted";
  const ScratchDirectory dir;
  const CommandResult run = run_command(kCli + " check --all --cases 3 --report report --no-timestamp", dir.path().string());
  const fs::path report = dir.path() / "report";
  ASSERT_TRUE(fs::exists(report / "report.tex")) << run.out << run.err;
  expect_clean_log(compile(report), "the report");
  const std::optional<std::size_t> first = label_page(report, "nb:tab:1"), last = label_page(report, "nb:tab:1:last");
  ASSERT_TRUE(first && last) << "report.aux has no label nb:tab:1 or nb:tab:1:last";
  EXPECT_EQ(*first, *last) << "the summary table runs from page " << *first << " to page " << *last;
  const std::size_t theorems = nlohmann::json::parse(read_text(report / "results.json"))["theorems"].size();
  std::cout << "the summary of " << theorems << " theorems: on page " << *first << " to " << *last << "\n";
  if (const char* keep = std::getenv("NORMBOUND_KEEP_PAGES"); keep && *first == *last) {
    const std::string page = std::to_string(*first);
    run_command("pdftoppm -r 90 -png -singlefile -f " + page + " -l " + page + " report.pdf " +
                    shell_quote((fs::path(keep) / "summary").string()),
                report.string());
  }
}

// A user's folder of many theorems: a summary of more rows and headings than a page holds (70
// copies of one cheap theorem file, 71 lines) continues on the next pages, each continuation page
// opening with the table's header row, and no row is lost. The caption (nb:tab:1) and the last
// row (nb:tab:1:last) are on different pages; pdftotext gives each page's text.
TEST(Latex, SummaryTableOfManyTheoremsContinuesWithItsHeader) {
  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the summary's pages are not counted";
  if (run_command("command -v pdftotext", ".").exit_code != 0) GTEST_SKIP() << "pdftotext not on PATH";
  constexpr std::size_t kTheorems = 70;
  const ScratchDirectory dir;
  fs::create_directory(dir.path() / "theorems");
  std::string files;
  for (std::size_t copy = 1; copy <= kTheorems; ++copy)
    files += " --theorem-file theorems/" +
             theorem_file_copy(fs::path(NORMBOUND_SOURCE_DIR) / "theorems/softmax-weight-bounds.toml", copy,
                               dir.path() / "theorems");
  const CommandResult run = run_command(kCli + " check" + files + " --cases 2 --report report --no-timestamp",
                                        dir.path().string());
  const fs::path report = dir.path() / "report";
  ASSERT_TRUE(fs::exists(report / "report.tex")) << run.out << run.err;
  expect_clean_log(compile(report), "the report");
  const std::optional<std::size_t> first = label_page(report, "nb:tab:1"), last = label_page(report, "nb:tab:1:last");
  ASSERT_TRUE(first && last) << "report.aux has no label nb:tab:1 or nb:tab:1:last";
  EXPECT_LT(*first, *last) << "the summary of " << kTheorems << " theorems is on one page";
  std::string rows;  // the table's pages, in order
  for (std::size_t page = *first; page <= *last; ++page) {
    const std::string p = std::to_string(page);
    // The page's text up to the next section's heading, whose findings name the theorems too.
    std::string text = run_command("pdftotext -f " + p + " -l " + p + " report.pdf -", report.string()).out;
    text = text.substr(0, text.find("Findings"));
    const std::size_t first_row = text.find("softmax-weight-bounds-copy-");
    ASSERT_NE(first_row, std::string::npos) << "page " << page << " holds no row of the summary:\n" << text;
    // The header row's horizontal cells, before the page's first row (the caption, which names
    // both words too, is on the first page only).
    const std::string head = text.substr(0, first_row);
    EXPECT_NE(head.find("theorem"), std::string::npos) << "page " << page << " has no header row:\n" << text;
    EXPECT_NE(head.find("outcome"), std::string::npos) << "page " << page << " has no header row:\n" << text;
    rows += text;
  }
  for (std::size_t copy = 1; copy <= kTheorems; ++copy)
    EXPECT_TRUE(std::regex_search(rows, std::regex("softmax-weight-bounds-copy-" + std::to_string(copy) + "\\b")))
        << "the summary's pages lack copy " << copy;
  std::cout << "the summary of " << kTheorems << " theorems: pages " << *first << " to " << *last << "\n";
}

// Pages the body of the default report (run, summary, findings: before the appendix) may take, for
// any number of theorems up to well beyond 40. Each theorem adds a summary row and a findings
// paragraph, about 0.12 page (measured by text lines on the last body page): 30 theorems fill
// about 4.3 pages, 40 about 5.5, so 8 pages leave room for some 20 more. Its statements, tables
// and figures go to the appendix, which has no budget.
constexpr std::size_t kBodyPageBudget = 8;
constexpr std::size_t kTheoremsInBudgetRun = 40;

// The report of ./run.sh (check --all on the default suites, with the theorem folder's files) with
// copies of theorem files added where it has fewer than 40 theorems: its body fits kBodyPageBudget pages; it compiles without an overfull box, pdftoppm
// renders every page, and every figure the report directory holds is referenced by both documents
// and not empty. The default report's theorems are all in it, so this one run stands for it too.
TEST(Latex, ReportOf40TheoremsKeepsItsBodyInThePageBudget) {
  if (!has_pdflatex()) GTEST_SKIP() << "pdflatex not on PATH: the report's pages are not counted";
  if (run_command("command -v pdftoppm", ".").exit_code != 0) GTEST_SKIP() << "pdftoppm not on PATH";
  const ScratchDirectory dir;
  const CommandResult list = run_command(kCli + " list --json", dir.path().string());
  ASSERT_EQ(list.exit_code, 0) << list.err;
  const std::size_t registered = nlohmann::json::parse(list.out).size();
  std::string files;
  fs::create_directory(dir.path() / "theorems");
  for (const std::string& name : theorem_files(registered, kTheoremsInBudgetRun, dir.path() / "theorems"))
    files += " --theorem-file theorems/" + name;
  const CommandResult run = run_command(kCli + " check --all" + files + " --report report --no-timestamp", dir.path().string());
  const fs::path report = dir.path() / "report";
  ASSERT_TRUE(fs::exists(report / "report.tex")) << run.out << run.err;
  const std::size_t theorems = nlohmann::json::parse(read_text(report / "results.json"))["theorems"].size();
  EXPECT_GE(theorems, kTheoremsInBudgetRun);
  expect_clean_log(compile(report), "the report");
  const std::string md = read_text(report / "report.md"), tex = read_text(report / "report.tex");
  std::size_t figures = 0;
  for (const auto& e : fs::directory_iterator(report))
    if (e.path().extension() == ".svg") {
      ++figures;
      const std::string name = e.path().filename().string(), stem = e.path().stem().string();
      EXPECT_GT(fs::file_size(e.path()), 0u) << name;
      EXPECT_NE(md.find("](" + name + ")"), std::string::npos) << name << " is not linked from report.md";
      EXPECT_NE(tex.find("\\label{nb:fig:" + stem + "}"), std::string::npos) << stem << " is not in report.tex";
    }
  EXPECT_GT(figures, 0u);
  ASSERT_EQ(run_command("pdftoppm -r 20 -png report.pdf page", report.string()).exit_code, 0);
  std::size_t pages = 0;
  for (const auto& e : fs::directory_iterator(report))
    if (e.path().filename().string().starts_with("page") && e.path().extension() == ".png") {
      ++pages;
      EXPECT_GT(fs::file_size(e.path()), 0u) << e.path().filename();
    }
  const std::optional<std::size_t> body = body_pages(report);
  ASSERT_TRUE(body.has_value()) << "report.aux has no label nb:appendix";
  EXPECT_GE(*body, 1u);
  EXPECT_GT(pages, *body);  // the appendix has pages of its own
  EXPECT_LE(*body, kBodyPageBudget) << "the body of the report of " << theorems << " theorems has " << *body << " pages";
  std::cout << "the report of " << theorems << " theorems: " << *body << " pages before the appendix, " << pages
            << " in all, " << figures << " figures\n";
}

}  // namespace
}  // namespace nb::test
