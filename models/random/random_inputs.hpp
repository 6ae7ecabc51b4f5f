#pragma once
// Reproducible random inputs for theorem suites. Boost.Random's engines and distributions are
// specified algorithms (unlike std::normal_distribution, whose output is up to the standard
// library), so a seed gives the same numbers on every platform.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <boost/random/mersenne_twister.hpp>

namespace nb::random {

using Rng = boost::random::mt19937_64;

// The generator of case `index` of theorem `theorem_id` in a run with seed `run_seed`.
Rng rng_for(std::uint64_t run_seed, std::string_view theorem_id, std::size_t index);

// In [lo, hi); lo when hi <= lo.
double uniform(Rng& rng, double lo, double hi);
// In [lo, hi]; lo when hi < lo (a requested shape below a generator's range: the case then breaks
// its theorem's assumptions, which the caller checks, instead of getting an arbitrary draw).
std::size_t uniform_index(Rng& rng, std::size_t lo, std::size_t hi);
// Log-uniform integer in [lo, hi]: small sizes as often as large ones.
std::size_t log_uniform_size(Rng& rng, std::size_t lo, std::size_t hi);

// n independent N(0, sigma^2) values.
std::vector<double> gaussian(Rng& rng, std::size_t n, double sigma);

// rows x d row-major, each row a Gaussian direction scaled to Euclidean norm `radius` in double
// arithmetic (so the norms are radius up to a few ulps; theorems measure what they need).
std::vector<double> sphere_rows(Rng& rng, std::size_t rows, std::size_t d, double radius);

// Shapes of logit vectors that stress the softmax bounds.
enum class LogitShape {
  Gaussian,  // N(0, s^2), s log-uniform in [2^-6, 2^6]
  Ties,      // all logits equal (where several equalities of the paper live)
  NearTies,  // equal up to perturbations of 2^-40
  TopTie,    // two equal largest logits, the rest lower by a random gap
  Spread,    // one logit far above the rest (extreme spread, up to 2^10)
};
inline constexpr int kLogitShapeCount = 5;
const char* logit_shape_name(LogitShape shape);
std::vector<double> logits(Rng& rng, LogitShape shape, std::size_t L);

// A temperature for suites, as an exact literal: one of 1/64, 0.01, 0.1, 1/4, 1, 2, 8, 100.
std::string temperature_literal(Rng& rng);

}  // namespace nb::random
