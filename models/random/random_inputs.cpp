#include "models/random/random_inputs.hpp"

#include <cmath>

#include <boost/random/normal_distribution.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

#include "verify/engine/seed.hpp"
#include "verify/kernels/sphere_rows.hpp"

namespace nb::random {

Rng rng_for(std::uint64_t run_seed, std::string_view theorem_id, std::size_t index) {
  return Rng(splitmix64(splitmix64(run_seed ^ fnv1a(theorem_id)) + index));
}

double uniform(Rng& rng, double lo, double hi) {
  // Boost's distribution needs lo < hi (it asserts, and without assertions loops forever on
  // lo == hi): a range of one value, such as a theorem file's [-1, -1], draws that value.
  if (!(lo < hi)) return lo;
  return boost::random::uniform_real_distribution<double>(lo, hi)(rng);
}

std::size_t uniform_index(Rng& rng, std::size_t lo, std::size_t hi) {
  if (hi < lo) return lo;
  return boost::random::uniform_int_distribution<std::size_t>(lo, hi)(rng);
}

std::size_t log_uniform_size(Rng& rng, std::size_t lo, std::size_t hi) {
  const double x = std::exp(uniform(rng, std::log(double(lo)), std::log(double(hi) + 1)));
  return std::min(hi, std::max(lo, static_cast<std::size_t>(x)));
}

std::vector<double> gaussian(Rng& rng, std::size_t n, double sigma) {
  boost::random::normal_distribution<double> normal(0.0, sigma);
  std::vector<double> v(n);
  for (auto& x : v) x = normal(rng);
  return v;
}

std::vector<double> sphere_rows(Rng& rng, std::size_t rows, std::size_t d, double radius) {
  return nb::sphere_rows(rng, rows, d, radius);
}

const char* logit_shape_name(LogitShape shape) {
  switch (shape) {
    case LogitShape::Gaussian: return "gaussian";
    case LogitShape::Ties: return "ties";
    case LogitShape::NearTies: return "near-ties";
    case LogitShape::TopTie: return "top-tie";
    case LogitShape::Spread: return "spread";
  }
  return "?";
}

std::vector<double> logits(Rng& rng, LogitShape shape, std::size_t L) {
  const double scale = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 12)) - 6);
  switch (shape) {
    case LogitShape::Gaussian: return gaussian(rng, L, scale);
    case LogitShape::Ties: return std::vector<double>(L, std::round(uniform(rng, -8, 8)));
    case LogitShape::NearTies: {
      std::vector<double> v(L, std::round(uniform(rng, -8, 8)));
      for (auto& x : v) x += std::ldexp(uniform(rng, -1, 1), -40);
      return v;
    }
    case LogitShape::TopTie: {
      std::vector<double> v = gaussian(rng, L, scale);
      double top = v[0];
      for (double x : v) top = std::max(top, x);
      const double gap = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 8)) - 2);
      for (auto& x : v) x -= gap;
      const std::size_t a = uniform_index(rng, 0, L - 1);
      const std::size_t b = L > 1 ? (a + 1 + uniform_index(rng, 0, L - 2)) % L : a;
      v[a] = v[b] = top;
      return v;
    }
    case LogitShape::Spread: {
      std::vector<double> v = gaussian(rng, L, 1.0);
      v[uniform_index(rng, 0, L - 1)] = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 1, 10)));
      return v;
    }
  }
  return {};
}

std::string temperature_literal(Rng& rng) {
  static const char* const kTemperatures[] = {"1/64", "0.01", "0.1", "1/4", "1", "2", "8", "100"};
  return kTemperatures[uniform_index(rng, 0, 7)];
}

}  // namespace nb::random
