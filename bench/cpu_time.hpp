#pragma once
// CPU time of the process, and the CPU time of one call of a function measured over repeated
// calls: the benchmarks' clock (other load on the shared machine inflates it less than wall time).
#include <time.h>

#include <cstddef>

namespace nb::bench {

inline double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// CPU seconds per call of `evaluate`, called until `min_seconds` have passed (at least once).
template <class Evaluate>
double seconds_per_evaluation(double min_seconds, Evaluate evaluate) {
  const double start = cpu_seconds();
  std::size_t calls = 0;
  double elapsed = 0;
  do {
    evaluate();
    ++calls;
    elapsed = cpu_seconds() - start;
  } while (elapsed < min_seconds);
  return elapsed / static_cast<double>(calls);
}

}  // namespace nb::bench
