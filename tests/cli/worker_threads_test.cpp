// --threads (verify/cli/worker_threads.hpp): 0 is one thread per hardware thread, counts up to
// kThreadsPerHardwareThread per hardware thread are kept, larger ones capped with a note (100000
// threads crashed in OpenMP).
#include "verify/cli/worker_threads.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace nb::cli {
namespace worker_threads_test {

TEST(WorkerThreads, ZeroMeansOnePerHardwareThread) {
  std::ostringstream err;
  EXPECT_EQ(worker_threads(0, 6, err), 6u);
  EXPECT_EQ(worker_threads(0, 0, err), 1u) << "an unknown hardware count counts as 1";
  EXPECT_EQ(err.str(), "");
}

TEST(WorkerThreads, CountsUpToTheCapAreKept) {
  std::ostringstream err;
  for (unsigned requested : {1u, 2u, 7u, 8u}) EXPECT_EQ(worker_threads(requested, 2, err), requested);
  EXPECT_EQ(err.str(), "");
}

TEST(WorkerThreads, LargerCountsAreCappedWithANote) {
  for (unsigned hardware : {0u, 1u, 2u, 64u}) {
    std::ostringstream err;
    const unsigned cap = kThreadsPerHardwareThread * (hardware == 0 ? 1 : hardware);
    EXPECT_EQ(worker_threads(100000, hardware, err), cap) << hardware;
    EXPECT_EQ(worker_threads(cap + 1, hardware, err), cap) << hardware;
    EXPECT_NE(err.str().find("--threads 100000 is more than"), std::string::npos) << err.str();
    EXPECT_NE(err.str().find("using " + std::to_string(cap)), std::string::npos) << err.str();
  }
}

}  // namespace worker_threads_test
}  // namespace nb::cli
