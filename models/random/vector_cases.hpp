#pragma once
// Token-vector cases for the Theorem 1 and Theorem 2 suites: logits (weights alpha =
// softmax(logits / T)), token vectors x_1..x_L in R^d and a selection size N.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "models/random/random_inputs.hpp"
#include "verify/engine/case.hpp"
#include "verify/engine/theorem.hpp"

namespace nb::random {

// The shape parts token-vector suites take (TheoremInfo::shapes): L, d, N and T.
inline const SuiteShapes kTokenCaseShapes{.L = true, .d = true, .N = true, .T = true};

// How token vectors are drawn.
enum class VectorFamily {
  Gaussian,   // i.i.d. N(0, scale^2) entries
  Sphere,     // uniform directions on the sphere of radius `scale` (norms equal up to ulps)
  Antipodal,  // Gaussian x_0, x_1, ... with x_{2k+1} = -x_{2k}: Theorem 1's equality at L = 2
  Identical,  // one Gaussian vector repeated L times
  Lone,       // one Gaussian vector at a random position, every other row 0: where the random-set
              // rate bound of Corollary 2(ii) is attained for every L and N
};
const char* vector_family_name(VectorFamily family);

// L x d row-major token vectors of `family` at `scale`.
std::vector<double> token_vectors(Rng& rng, VectorFamily family, std::size_t L, std::size_t d, double scale);

// The smallest distance between two rows of an L x d row-major matrix, in binary64 (an estimate
// for provenance; theorems compute the exact one). +infinity when L < 2.
double min_row_separation(const std::vector<double>& rows, std::size_t L, std::size_t d);

struct TokenShape {
  std::size_t L = 2, d = 1, N = 1;  // N = 0: the case has no selection size
  LogitShape logits = LogitShape::Gaussian;
  VectorFamily vectors = VectorFamily::Gaussian;
  double scale = 1;   // entry scale, or the sphere radius; suites use powers of two (exact radii)
  std::string T = "1";  // temperature literal
};

// A case with numbers "logits" (length L), "T", "vectors" (L x d, row i is x_i) and integer "N"
// (unless shape.N = 0),
// drawn from `rng` with `shape`. The label names the shape; provenance records the generator,
// shape, `seed` and `index`, and for sphere vectors the radius and the binary64 estimate of the
// minimum separation ("min_separation").
Case token_case(Rng& rng, const TokenShape& shape, std::uint64_t seed, std::size_t index);

// The vector family of case i in suites that cycle through Gaussian, sphere, antipodal and
// identical vectors.
VectorFamily cycled_family(std::size_t i);

// A shape with `family`, L tokens, N = 1 (callers set it), and at random: the logit shape, the
// temperature, the scale 2^-4 .. 2^4 and d log-uniform in [1, max_d].
TokenShape random_token_shape(Rng& rng, VectorFamily family, std::size_t L, std::size_t max_d);

// A selection size for L tokens: N = 1, L - 1 and L each with probability 1/8, otherwise
// uniform in [1, L].
std::size_t selection_size(Rng& rng, std::size_t L);

// The suite of the fixed-set Theorem 1 statements. Families by i % 8: antipodal pair at L = 2,
// N = 1 (the equality case of both readings); Gaussian with L log-uniform in [2, 4096]; sphere,
// L in [2, 8]; Gaussian, L in [2, 8]; identical vectors, L in [2, 8] (equality of reading (a));
// sphere, L log-uniform in [2, 4096]; antipodal pairs, L in [3, 64]; Gaussian, L in [9, 256].
// d is log-uniform in [1, 64] (in [1, 16] when L > 256), N = selection_size(L), the rest as in
// random_token_shape. Requested shapes (kTokenCaseShapes) replace the drawn L, d, N and T.
std::vector<Case> fixed_set_cases(const SuiteRequest& request, std::string_view theorem_id);

// The suite of the Theorem 2 statements. Sphere vectors (radius 2^-4 .. 2^4) for i % 4 != 3,
// Gaussian vectors otherwise; L in [2, 8] for even i, log-uniform in [2, 128] for odd i; d
// log-uniform in [1, 64]; N uniform in [1, L - 1] so that r = min_{i not in I} ||s - alpha_i x_i||
// exists, except every fifth case, which gives r (number "r", a power of two below the radius)
// and N uniform in [1, L]. With `min_N` > 1, L and N start at min_N + 1 and min_N instead.
// Requested shapes (kTokenCaseShapes) replace the drawn L, d, N and T.
std::vector<Case> separability_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t min_N = 1);

// separability_cases with case i % 4 == 2 (unless a shape is requested for it) replaced by one near
// the infimum e^{-1/2} of the upper envelope's terms: L = 3 sphere vectors of radius 2^-4 .. 2^4 in
// d in [1, 8], logits (g, 0, -g) with g in [8, 32] at T = 1, N = 2 and r = radius * 2^-30.
std::vector<Case> separability_near_infimum_cases(const SuiteRequest& request, std::string_view theorem_id,
                                                  std::size_t min_N = 1);

}  // namespace nb::random
