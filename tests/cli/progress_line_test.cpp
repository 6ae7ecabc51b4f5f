#include "verify/cli/progress_line.hpp"

#include <algorithm>
#include <sstream>

#include <gtest/gtest.h>

namespace nb::cli {
namespace {

using namespace std::chrono_literals;

// A clock the test moves by hand.
struct ManualClock {
  std::chrono::steady_clock::time_point now{};
  ProgressLine::Clock reader() {
    return [this] { return now; };
  }
};

std::size_t redraws_in(const std::string& terminal) { return std::count(terminal.begin(), terminal.end(), '\r'); }

TEST(ProgressLine, RedrawsAtMostTenTimesASecondAndAlwaysTheFinalState) {
  ManualClock clock;
  std::ostringstream terminal;
  {
    ProgressLine line(terminal, true, clock.reader());
    clock.now += 1s;  // past the quiet first second
    for (int i = 1; i <= 10000; ++i) {
      line.update("case " + std::to_string(i), i == 10000);
      clock.now += 100us;
    }
    EXPECT_LE(redraws_in(terminal.str()), 11u);
    EXPECT_GE(redraws_in(terminal.str()), 10u);
    EXPECT_TRUE(terminal.str().ends_with("\rcase 10000\x1b[K")) << terminal.str();
  }
  EXPECT_TRUE(terminal.str().ends_with("\r\x1b[K"));  // cleared
}

TEST(ProgressLine, ARedrawFitsTheWidthAndClearsWhatALongerLineLeft) {
  ManualClock clock;
  std::ostringstream terminal;
  {
    ProgressLine line(terminal, ProgressLine::Display::Redrawn, 20, clock.reader());
    clock.now += 1s;
    line.update("  1234/5678 cases decided (21.7%, 3 s elapsed)", false);
    clock.now += 1s;
    line.update("  done \xE2\x89\xA4 all", true);
  }
  // Each redraw: at most 19 columns (the last one left free), then "erase to the end of the line".
  EXPECT_EQ(terminal.str(), "\r  1234/5678 cases d\x1b[K\r  done \xE2\x89\xA4 all\x1b[K\r\x1b[K");
}

TEST(ProgressLine, ShowsNothingInTheFirstSecondNorWhenOff) {
  ManualClock clock;
  std::ostringstream terminal, file;
  {
    ProgressLine quick(terminal, true, clock.reader());
    ProgressLine piped(file, false, clock.reader());
    for (int i = 0; i < 100; ++i, clock.now += 5ms) quick.update("case", i == 99);
    clock.now += 1s;
    piped.update("case", true);
  }
  EXPECT_EQ(terminal.str(), "");
  EXPECT_EQ(file.str(), "");
}

TEST(ProgressLine, OffATerminalPrintsAPlainLineEveryFewSeconds) {
  ManualClock clock;
  std::ostringstream log;
  {
    ProgressLine line(log, ProgressLine::Display::Plain, clock.reader());
    // 12 s of updates every 10 ms: lines at 5 s and 10 s, then the final state.
    for (int i = 1; i <= 1200; ++i) {
      clock.now += 10ms;
      line.update("case " + std::to_string(i), i == 1200);
    }
  }
  EXPECT_EQ(log.str(), "case 500\ncase 1000\ncase 1200\n");
  EXPECT_EQ(redraws_in(log.str()), 0u);
}

TEST(ProgressLine, OffATerminalARunShorterThanTheIntervalPrintsNothing) {
  ManualClock clock;
  std::ostringstream log;
  {
    ProgressLine line(log, ProgressLine::Display::Plain, clock.reader());
    for (int i = 1; i <= 400; ++i, clock.now += 10ms) line.update("case", i == 400);
  }
  EXPECT_EQ(log.str(), "");
}

}  // namespace
}  // namespace nb::cli
