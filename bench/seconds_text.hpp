#pragma once
// A time in the benchmarks' tables: "1.23 s", "4.56 ms" or "7.89 us" (three significant digits
// for the times they print, which span microseconds to seconds).
#include <cstdio>
#include <string>

namespace nb::bench {

inline std::string seconds_text(double s) {
  char buf[32];
  if (s >= 1) std::snprintf(buf, sizeof buf, "%.2f s", s);
  else if (s >= 1e-3) std::snprintf(buf, sizeof buf, "%.2f ms", s * 1e3);
  else std::snprintf(buf, sizeof buf, "%.2f us", s * 1e6);
  return buf;
}

}  // namespace nb::bench
