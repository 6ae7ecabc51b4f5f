#include "verify/cli/time_left.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace nb::cli {

std::string rounded_duration(std::chrono::duration<double> d) {
  const auto seconds = static_cast<long long>(std::llround(std::max(0.0, d.count())));
  char text[64];
  if (seconds < 60) std::snprintf(text, sizeof text, "%lld s", seconds);
  else if (seconds < 3600) std::snprintf(text, sizeof text, "%lld min %lld s", seconds / 60, seconds % 60);
  else std::snprintf(text, sizeof text, "%lld h %02lld min", seconds / 3600, seconds / 60 % 60);
  return text;
}

std::string share_and_time_left(std::size_t done, std::size_t total, std::chrono::duration<double> elapsed) {
  char share[32];
  std::snprintf(share, sizeof share, "%.1f%%", 100.0 * static_cast<double>(done) / static_cast<double>(total));
  if (done == 0 || elapsed < std::chrono::seconds(1)) return share;
  if (done >= total) return std::string(share) + ", done in " + rounded_duration(elapsed);
  const double per_case = elapsed.count() / static_cast<double>(done);
  return std::string(share) + ", " + rounded_duration(elapsed) + " elapsed, about " +
         rounded_duration(std::chrono::duration<double>(per_case * static_cast<double>(total - done))) + " left";
}

}  // namespace nb::cli
