#pragma once
// The workloads of the certified-arithmetic benchmark: one non-tight case per theorem
// and shape, drawn from a seed, at the temperature T = 8 of GPT-2's heads (sqrt(d_head) = 8).
//   softmax-weight-bounds            L = 256, d = 64   (Corollary 1)
//   softmax-jacobian-spectral-sharp  L = 8, 64, 512    (the sharp Jacobian bound)
//   topn-distance-fixed              L = 256, d = 64, N = 5   (Theorem 1, fixed set)
//   separability-lower               L = 1024, d = 64, N = 5  (Theorem 2, lower bound)
#include <cstdint>
#include <string>
#include <vector>

#include "verify/engine/case.hpp"

namespace nb::bench {

struct Workload {
  std::string theorem;  // registered theorem id
  std::string shape;    // e.g. "L=256,d=64": with the id, the workload's name (no spaces)
  Case input;
};

// "theorem shape", the name the peers and tables use.
inline std::string workload_name(const Workload& w) { return w.theorem + " " + w.shape; }

// The workloads above; case k depends only on (seed, its name). Gaussian entries: query, keys and
// token vectors N(0, 1) in d = 64 (logits q.k of spread 8, so q.k / T of spread 1), logits of the
// other workloads N(0, 8^2).
std::vector<Workload> certified_workloads(std::uint64_t seed);

// The Theorem 1 or 2 workload of `theorem` at L tokens, as above (logits of spread 8, N(0, 1) token
// vectors in d = 64, N = 5); depends only on (seed, its name).
Workload token_workload(std::uint64_t seed, const std::string& theorem, std::size_t L);

}  // namespace nb::bench
