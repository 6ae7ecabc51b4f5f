#pragma once
// Exact byte images of what a child process hands back to its parent (verify/io/time_limited_child.hpp)
// or an MPI rank to rank 0 (verify/results/run_on_ranks.hpp): integers, doubles, text, and MPFR numbers and MPFI intervals with their precision and every bit (MPFR's
// portable binary format, mpfr_fpif_export), so that the parent reads the very numbers the child
// computed.
#include <cstdint>
#include <string>

#include "verify/numbers/numbers.hpp"

namespace nb {

class ByteWriter {
 public:
  void integer(std::uint64_t n);
  template <class E>
  void enumerator(E e) { integer(static_cast<std::uint64_t>(e)); }
  void real(double x);  // every bit, NaN payloads and -0 too
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
  double real();
  // An enumerator of E, refused when above `last`.
  template <class E>
  E enumerator(E last) {
    const std::uint64_t n = integer();
    if (n > static_cast<std::uint64_t>(last)) no_enumerator();
    return static_cast<E>(n);
  }
  std::string text();
  Mpfr number();
  Interval interval();
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  [[noreturn]] static void no_enumerator();
  const std::string& bytes_;
  std::size_t at_ = 0;
};

}  // namespace nb
