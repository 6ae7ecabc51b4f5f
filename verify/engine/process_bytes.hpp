#pragma once
// Exact byte images of what a child process hands back to its parent (verify/io/time_limited_child.hpp):
// integers, text, and MPFR numbers and MPFI intervals with their precision and every bit (MPFR's
// portable binary format, mpfr_fpif_export), so that the parent reads the very numbers the child
// computed.
#include <cstdint>
#include <string>

#include "verify/numbers/numbers.hpp"

namespace nb {

class ByteWriter {
 public:
  void integer(std::uint64_t n);
  void text(const std::string& s);
  void number(const Mpfr& x);
  void interval(const Interval& x);
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// Reads, in order, what a ByteWriter wrote. Every read throws std::logic_error when the bytes end
// early or are not what was written (they come from normbound's own child: that is a bug).
class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : bytes_(bytes) {}
  std::uint64_t integer();
  std::string text();
  Mpfr number();
  Interval interval();
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  const std::string& bytes_;
  std::size_t at_ = 0;
};

}  // namespace nb
