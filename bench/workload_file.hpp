#pragma once
// The benchmark's input file, which every peer (C++, mpmath, Arb) reads, so that all of them
// evaluate identical numbers. Whitespace-separated tokens, every number a C99 hexadecimal float
// (printf "%a", exactly a binary64 value; C's strtod and Python's float.fromhex read it exactly):
//
//   normbound-bench-inputs 1
//   seed 2508178
//   workload softmax-weight-bounds L=256,d=64
//   number T 1 1 0x1p+3
//   number query 64 1 0x1.2p-1 ...          (name rows cols, then the entries row by row)
//   integer N 5
//   end
//   ...
#include <cstdint>
#include <string>
#include <vector>

#include "bench/certified_workloads.hpp"

namespace nb::bench {

struct WorkloadFile {
  std::uint64_t seed = 0;
  std::vector<Workload> workloads;
};

// Throws InputError when a number is not a binary64 value or the file cannot be written.
void write_workload_file(const WorkloadFile& file, const std::string& path);
// Throws InputError naming the file and the offending token.
WorkloadFile read_workload_file(const std::string& path);

}  // namespace nb::bench
