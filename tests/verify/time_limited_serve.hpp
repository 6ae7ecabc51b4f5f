#pragma once
// What the tests' time-limited children serve, the same whether the child is a fork of the test
// (tests/verify/time_limited_child_test.cpp) or the fresh program made for them
// (tests/verify/time_limited_serve_program.cpp).
#include <ctime>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>

#include <unistd.h>

namespace nb::time_limited_child_test {

// A lock of the process's own: a test holds it while its worker starts a child.
inline std::mutex& held_by_the_test() {
  static std::mutex lock;
  return lock;
}

// Answers "REQUEST by PID"; spins for ever on "spin"; uses about 0.2 s of CPU time on "work"; throws
// on "throw"; runs out of memory on "memory"; takes held_by_the_test() first on "lock".
inline std::string serve(const std::string& request) {
  if (request == "spin")
    for (volatile unsigned long spin = 0;;) spin = spin + 1;
  if (request == "work") {
    const std::clock_t start = std::clock();
    for (volatile unsigned long spin = 0; std::clock() - start < CLOCKS_PER_SEC / 5;) spin = spin + 1;
  }
  if (request == "throw") throw std::runtime_error("boom");
  if (request == "memory") throw std::bad_alloc();
  std::unique_lock<std::mutex> lock(held_by_the_test(), std::defer_lock);
  if (request == "lock") lock.lock();
  return request + " by " + std::to_string(::getpid());
}

}  // namespace nb::time_limited_child_test
