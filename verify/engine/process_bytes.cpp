#include "verify/engine/process_bytes.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include <mpfi.h>
#include <mpfr.h>

namespace nb {
namespace {

constexpr int kIntegerBytes = 8;

[[noreturn]] void malformed(const char* what) {
  throw std::logic_error(std::string("the bytes of a child process end early or hold no ") + what);
}

// The fpif image of x.
std::string fpif_bytes(mpfr_srcptr x) {
  char* buffer = nullptr;
  std::size_t size = 0;
  FILE* stream = ::open_memstream(&buffer, &size);
  if (stream == nullptr) throw std::bad_alloc();
  const int failed = mpfr_fpif_export(stream, const_cast<mpfr_ptr>(x));  // it does not change x
  std::fclose(stream);
  std::string bytes(buffer, size);
  std::free(buffer);
  if (failed != 0) throw std::logic_error("mpfr_fpif_export failed");
  return bytes;
}

}  // namespace

void ByteWriter::integer(std::uint64_t n) {
  for (int i = 0; i < kIntegerBytes; ++i) bytes_.push_back(static_cast<char>((n >> (8 * i)) & 0xff));
}

void ByteWriter::real(double x) { integer(std::bit_cast<std::uint64_t>(x)); }

void ByteWriter::text(const std::string& s) {
  integer(s.size());
  bytes_ += s;
}

void ByteWriter::number(const Mpfr& x) { text(fpif_bytes(x.backend().data())); }

void ByteWriter::interval(const Interval& x) {
  text(fpif_bytes(&x.backend().data()->left));
  text(fpif_bytes(&x.backend().data()->right));
}

std::uint64_t ByteReader::integer() {
  if (bytes_.size() - at_ < kIntegerBytes) malformed("integer");
  std::uint64_t n = 0;
  for (int i = 0; i < kIntegerBytes; ++i) n |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[at_++])) << (8 * i);
  return n;
}

void ByteReader::no_enumerator() { malformed("enumerator"); }

double ByteReader::real() { return std::bit_cast<double>(integer()); }

std::string ByteReader::text() {
  const std::uint64_t size = integer();
  if (bytes_.size() - at_ < size) malformed("text");
  std::string s = bytes_.substr(at_, size);
  at_ += size;
  return s;
}

Mpfr ByteReader::number() {
  std::string image = text();
  FILE* stream = ::fmemopen(image.data(), image.size(), "rb");
  if (stream == nullptr) malformed("number");
  Mpfr x;
  const int failed = mpfr_fpif_import(x.backend().data(), stream);  // takes the image's precision
  const bool all_read = std::fgetc(stream) == EOF;
  std::fclose(stream);
  if (failed != 0 || !all_read) malformed("number");
  return x;
}

Interval ByteReader::interval() {
  const Mpfr lo = number(), hi = number();
  Interval x;
  // At the ends' precision, so that they are not rounded.
  mpfi_set_prec(x.backend().data(), std::max(mpfr_get_prec(lo.backend().data()), mpfr_get_prec(hi.backend().data())));
  mpfi_interv_fr(x.backend().data(), lo.backend().data(), hi.backend().data());
  return x;
}

}  // namespace nb
