#pragma once
// How long a run has left, estimated from its pace so far, for progress lines.
#include <chrono>
#include <cstddef>
#include <string>

namespace nb::cli {

// "12.5%, 28 s elapsed, about 3 min 20 s left": the share of `total` done, the time taken so far
// and the time the rest takes at the pace of the `done` taking `elapsed` (the cases left are taken
// to cost what the decided ones did). Before any is done, or in a run's first second, the share
// alone ("0.0%"); when all are done, "100.0%, done in 42 s". total > 0.
std::string share_and_time_left(std::size_t done, std::size_t total, std::chrono::duration<double> elapsed);

// A duration to the nearest second, in its two largest units: "42 s", "3 min 20 s", "2 h 05 min".
std::string rounded_duration(std::chrono::duration<double> d);

}  // namespace nb::cli
