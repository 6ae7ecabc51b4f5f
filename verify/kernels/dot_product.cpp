#include "verify/kernels/dot_product.hpp"

#include <bit>
#include <cstdint>

namespace nb {

std::optional<DoubleInterval> point_dot_enclosure(double s, double a, std::size_t n) {
  constexpr std::size_t kMaxTerms = std::size_t{1} << 20;  // where 2 gamma_2n <= 2^-30
  if (n > kMaxTerms || !std::isfinite(s) || !std::isfinite(a) || a == 0) return std::nullopt;
  constexpr double c = 0x1p-53 + 0x1p-82;  // u (1 + 2^-29), exact
  // (n + 1) eta, exact: the subnormal whose bits are the integer n + 1 (std::ldexp gives the same
  // number through a library call that cost a quarter of a sampled statistic's time).
  const double error = c * a + std::bit_cast<double>(static_cast<std::uint64_t>(n + 1));
  return DoubleInterval::from_ends(DoubleInterval::add_down(s, -error), DoubleInterval::add_up(s, error));
}

}  // namespace nb
