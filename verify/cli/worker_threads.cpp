#include "verify/cli/worker_threads.hpp"

#include <algorithm>
#include <thread>

namespace nb::cli {

unsigned worker_threads(unsigned requested, unsigned hardware_threads, std::ostream& err) {
  const unsigned hardware = std::max(1u, hardware_threads);
  if (requested == 0) return hardware;
  const unsigned most = kThreadsPerHardwareThread * hardware;
  if (requested <= most) return requested;
  err << "normbound: --threads " << requested << " is more than " << kThreadsPerHardwareThread
      << " per hardware thread; using " << most << " (" << hardware << " hardware thread(s))\n";
  return most;
}

unsigned worker_threads(unsigned requested, std::ostream& err) {
  return worker_threads(requested, std::thread::hardware_concurrency(), err);
}

}  // namespace nb::cli
