// Memory running out inside GMP (MPFR, MPFI) or FLINT (Arb, Calcium) ends the process with exit
// status 71 and a message (verify/io/out_of_memory.hpp), not abort(), and removes the output under
// construction. Each death test caps its own address space (RLIMIT_AS) and then asks for more.
#include "verify/io/out_of_memory.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <new>
#include <stdexcept>
#include <thread>

#include <flint/flint.h>
#include <gmp.h>
#include <sys/resource.h>

#include "tests/support/scratch_directory.hpp"
#include "verify/io/pending_output.hpp"

namespace nb {
namespace out_of_memory_test {

constexpr rlim_t kAddressSpace = rlim_t{4} << 30;  // 4 GiB
constexpr mp_bitcnt_t kTooManyBits = mp_bitcnt_t{1} << 36;  // an 8 GiB integer

void cap_address_space() {
  const rlimit cap{kAddressSpace, kAddressSpace};
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &cap), 0);
}

void allocate_huge_gmp_integer() {
  mpz_t x;
  mpz_init2(x, kTooManyBits);
  mpz_clear(x);
}

TEST(OutOfMemoryDeathTest, AFailedGmpAllocationExitsWith71AndAMessage) {
  EXPECT_EXIT(
      {
        install_out_of_memory_exit();
        cap_address_space();
        allocate_huge_gmp_integer();
      },
      ::testing::ExitedWithCode(71), "normbound: out of memory while allocating [0-9]+ bytes for a multiprecision number");
}

TEST(OutOfMemoryDeathTest, AFailedFlintAllocationExitsWith71) {
  EXPECT_EXIT(
      {
        install_out_of_memory_exit();
        cap_address_space();
        flint_free(flint_malloc(std::size_t{8} << 30));
      },
      ::testing::ExitedWithCode(71), "out of memory while allocating");
}

TEST(OutOfMemoryDeathTest, PendingOutputIsRemoved) {
  const test::ScratchDirectory scratch;
  const std::filesystem::path file = scratch.path() / "results.json.tmp";
  EXPECT_EXIT(
      {
        install_out_of_memory_exit();
        const PendingOutput pending(file, [&] { std::ofstream(file) << "half"; });
        cap_address_space();
        allocate_huge_gmp_integer();
      },
      ::testing::ExitedWithCode(71), "out of memory");
  EXPECT_FALSE(std::filesystem::exists(file)) << "the temporary of an output under construction is removed";
}

TEST(OutOfMemoryDeathTest, ABadAllocLeavingAThreadExitsWith71) {
  EXPECT_EXIT(
      {
        install_out_of_memory_exit();
        std::thread([] { throw std::bad_alloc(); }).join();
      },
      ::testing::ExitedWithCode(71), "normbound: out of memory \\(std::bad_alloc in a worker thread\\)");
}

TEST(OutOfMemoryDeathTest, AnotherExceptionLeavingAThreadIsAnInternalErrorNotASignal) {
  EXPECT_EXIT(
      {
        install_out_of_memory_exit();
        std::thread([] { throw std::runtime_error("lost"); }).join();
      },
      ::testing::ExitedWithCode(70), "normbound: internal error: an exception left a worker thread");
}

}  // namespace out_of_memory_test
}  // namespace nb
