#include "models/random/vector_cases.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "models/random/requested_shape.hpp"
#include "verify/kernels/left_out_token_at_s.hpp"

namespace nb::random {

const char* vector_family_name(VectorFamily family) {
  switch (family) {
    case VectorFamily::Gaussian: return "gaussian";
    case VectorFamily::Sphere: return "sphere";
    case VectorFamily::Antipodal: return "antipodal";
    case VectorFamily::Identical: return "identical";
    case VectorFamily::Lone: return "lone";
  }
  return "?";
}

std::vector<double> token_vectors(Rng& rng, VectorFamily family, std::size_t L, std::size_t d, double scale) {
  switch (family) {
    case VectorFamily::Gaussian: return gaussian(rng, L * d, scale);
    case VectorFamily::Sphere: return sphere_rows(rng, L, d, scale);
    case VectorFamily::Antipodal: {
      std::vector<double> v = gaussian(rng, L * d, scale);
      for (std::size_t i = 1; i < L; i += 2)
        for (std::size_t k = 0; k < d; ++k) v[i * d + k] = -v[(i - 1) * d + k];
      return v;
    }
    case VectorFamily::Identical: {
      const std::vector<double> x = gaussian(rng, d, scale);
      std::vector<double> v;
      v.reserve(L * d);
      for (std::size_t i = 0; i < L; ++i) v.insert(v.end(), x.begin(), x.end());
      return v;
    }
    case VectorFamily::Lone: {
      std::vector<double> v(L * d, 0.0);
      const std::vector<double> x = gaussian(rng, d, scale);
      std::copy(x.begin(), x.end(), v.begin() + static_cast<std::ptrdiff_t>(uniform_index(rng, 0, L - 1) * d));
      return v;
    }
  }
  return {};
}

double min_row_separation(const std::vector<double>& rows, std::size_t L, std::size_t d) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < L; ++i)
    for (std::size_t j = i + 1; j < L; ++j) {
      double sum = 0;
      for (std::size_t k = 0; k < d; ++k) {
        const double t = rows[i * d + k] - rows[j * d + k];
        sum += t * t;
      }
      best = std::min(best, sum);
    }
  return std::sqrt(best);
}

Case token_case(Rng& rng, const TokenShape& shape, std::uint64_t seed, std::size_t index) {
  const std::vector<double> l = logits(rng, shape.logits, shape.L);
  const std::vector<double> x = token_vectors(rng, shape.vectors, shape.L, shape.d, shape.scale);
  Case c;
  c.numbers["logits"] = ExactTensor::vector(l);
  c.numbers["T"] = ExactTensor::literal(shape.T);
  c.numbers["vectors"] = ExactTensor(shape.L, shape.d, x);
  if (shape.N > 0) c.integers["N"] = static_cast<std::int64_t>(shape.N);
  c.label = std::string(vector_family_name(shape.vectors)) + " " + logit_shape_name(shape.logits) +
            " L=" + std::to_string(shape.L) + " d=" + std::to_string(shape.d) +
            (shape.N > 0 ? " N=" + std::to_string(shape.N) : std::string()) + " T=" + shape.T;
  c.provenance = {{"source", "random"},
                  {"generator", "token_case"},
                  {"vectors", vector_family_name(shape.vectors)},
                  {"logits", logit_shape_name(shape.logits)},
                  {"scale", exact_decimal_or_hex(shape.scale)},
                  {"seed", std::to_string(seed)},
                  {"index", std::to_string(index)}};
  if (shape.vectors == VectorFamily::Sphere && shape.L >= 2)
    c.provenance["min_separation"] = exact_decimal_or_hex(min_row_separation(x, shape.L, shape.d));
  return c;
}

std::size_t selection_size(Rng& rng, std::size_t L) {
  switch (uniform_index(rng, 0, 7)) {
    case 0: return 1;
    case 1: return L > 1 ? L - 1 : 1;
    case 2: return L;
    default: return uniform_index(rng, 1, L);
  }
}

VectorFamily cycled_family(std::size_t i) {
  static constexpr VectorFamily kCycle[] = {VectorFamily::Gaussian, VectorFamily::Sphere, VectorFamily::Antipodal,
                                            VectorFamily::Identical};
  return kCycle[i % 4];
}

TokenShape random_token_shape(Rng& rng, VectorFamily family, std::size_t L, std::size_t max_d) {
  TokenShape s;
  s.vectors = family;
  s.L = L;
  s.logits = static_cast<LogitShape>(uniform_index(rng, 0, kLogitShapeCount - 1));
  s.T = temperature_literal(rng);
  s.scale = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 8)) - 4);
  s.d = log_uniform_size(rng, 1, max_d);
  return s;
}

std::vector<Case> fixed_set_cases(const SuiteRequest& request, std::string_view theorem_id) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    static constexpr VectorFamily kFamilies[] = {
        VectorFamily::Antipodal, VectorFamily::Gaussian,  VectorFamily::Sphere,    VectorFamily::Gaussian,
        VectorFamily::Identical, VectorFamily::Sphere,    VectorFamily::Antipodal, VectorFamily::Gaussian};
    std::size_t L = 0;
    switch (i % 8) {
      case 0: L = 2; break;
      case 1: case 5: L = log_uniform_size(rng, 2, 4096); break;
      case 6: L = uniform_index(rng, 3, 64); break;
      case 7: L = uniform_index(rng, 9, 256); break;
      default: L = uniform_index(rng, 2, 8); break;
    }
    const RequestedShape want(request, i);
    L = want.L(L);
    TokenShape shape = random_token_shape(rng, kFamilies[i % 8], L, L > 256 ? 16 : 64);
    shape.d = want.d(shape.d);
    shape.T = want.T(shape.T);
    shape.N = want.N(i % 8 == 0 ? 1 : selection_size(rng, L));
    cases.push_back(token_case(rng, shape, request.seed, i));
  }
  return cases;
}

std::vector<Case> separability_cases(const SuiteRequest& request, std::string_view theorem_id, std::size_t min_N) {
  std::vector<Case> cases;
  for (std::size_t i = 0; i < request.count; ++i) {
    Rng rng = rng_for(request.seed, theorem_id, i);
    const RequestedShape want(request, i);
    const std::size_t L =
        want.L(i % 2 == 0 ? uniform_index(rng, min_N + 1, 8) : log_uniform_size(rng, min_N + 1, 128));
    TokenShape shape = random_token_shape(rng, i % 4 == 3 ? VectorFamily::Gaussian : VectorFamily::Sphere, L, 64);
    shape.d = want.d(shape.d);
    shape.T = want.T(shape.T);
    bool given_r = i % 5 == 4;
    shape.N = want.N(uniform_index(rng, min_N, given_r ? L : L - 1));
    const double r = std::ldexp(shape.scale, -static_cast<int>(uniform_index(rng, 1, 4)));
    Case c = token_case(rng, shape, request.seed, i);
    // Ties on few distinct vectors (sphere rows in d = 1 are +-scale) can put a left-out token
    // exactly at s, where the paper's r is 0 and Theorem 2 says nothing; such a case gets an r.
    given_r = given_r || left_out_token_at_s(c.number("logits"), c.number("vectors"),
                                                      top_n(c.number("logits"), shape.N));
    if (given_r) {
      c.numbers["r"] = ExactTensor::scalar(r);
      c.label += " r=" + exact_decimal_or_hex(r);
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

std::vector<Case> separability_near_infimum_cases(const SuiteRequest& request, std::string_view theorem_id,
                                                  std::size_t min_N) {
  std::vector<Case> cases = separability_cases(request, theorem_id, min_N);
  for (std::size_t i = 2; i < cases.size(); i += 4) {
    if (RequestedShape(request, i).requested()) continue;  // its L, N and T are fixed
    Rng rng = rng_for(request.seed, std::string(theorem_id) + "/near-infimum", i);
    const std::size_t d = uniform_index(rng, 1, 8);
    const double radius = std::ldexp(1.0, static_cast<int>(uniform_index(rng, 0, 8)) - 4);
    const double g = static_cast<double>(uniform_index(rng, 8, 32));
    Case c;
    c.numbers["logits"] = ExactTensor::vector({g, 0, -g});
    c.numbers["T"] = ExactTensor::literal("1");
    c.numbers["vectors"] = ExactTensor(3, d, sphere_rows(rng, 3, d, radius));
    c.numbers["r"] = ExactTensor::scalar(std::ldexp(radius, -30));
    c.integers["N"] = 2;
    c.label = "near-infimum L=3 d=" + std::to_string(d) + " N=2 g=" + std::to_string(static_cast<int>(g));
    c.provenance = {{"source", "random"}, {"generator", "near-infimum"}, {"seed", std::to_string(request.seed)},
                    {"index", std::to_string(i)}};
    cases[i] = std::move(c);
  }
  return cases;
}

}  // namespace nb::random
