// Unfinished output is registered so that an interrupt removes it; published output is not.
#include "verify/io/pending_output.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "tests/support/scratch_directory.hpp"

namespace nb {
namespace {

namespace fs = std::filesystem;

// remove_pending_outputs() never returns the registry to use (the process exits next), so each
// check of it runs in a forked child, as gtest's death tests do, and reports by exit code.
TEST(PendingOutput, TheInterruptCleanUpRemovesWhatIsPendingAndKeepsWhatIsPublished) {
  const test::ScratchDirectory scratch;
  const fs::path staging = scratch.path() / ".report.tmp-1", temporary = scratch.path() / "case.json.tmp",
                 published = scratch.path() / "results.json";
  EXPECT_EXIT(
      {
        PendingOutput dir(staging, [&] { fs::create_directory(staging); });
        std::ofstream(staging / "report.md") << "partial";
        PendingOutput file(temporary, [&] { std::ofstream(temporary) << "partial"; });
        PendingOutput done(scratch.path() / "results.json.tmp",
                           [&] { std::ofstream(scratch.path() / "results.json.tmp") << "{}"; });
        done.publish([&] { fs::rename(scratch.path() / "results.json.tmp", published); });
        remove_pending_outputs();
        std::_Exit(!fs::exists(staging) && !fs::exists(temporary) && fs::exists(published) ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

TEST(PendingOutput, AFailedCreationRegistersNothingAndDestructionRemovesNothing) {
  const test::ScratchDirectory scratch;
  const fs::path kept = scratch.path() / "kept";
  EXPECT_THROW(PendingOutput(kept, [] { throw std::runtime_error("cannot create"); }), std::runtime_error);
  { PendingOutput owner(kept, [&] { fs::create_directory(kept); }); }
  EXPECT_TRUE(fs::exists(kept));  // removing is its owner's business, or the interrupt's
  EXPECT_EXIT(
      {
        remove_pending_outputs();
        std::_Exit(fs::exists(kept) ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace nb
