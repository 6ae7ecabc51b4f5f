#include "verify/kernels/top_n.hpp"

#include <algorithm>
#include <numeric>

namespace nb {

Selection selection_of(std::size_t L, std::vector<std::size_t> selected) {
  Selection s;
  s.rest.reserve(L - selected.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < L; ++i) {
    if (k < selected.size() && selected[k] == i)
      ++k;
    else
      s.rest.push_back(i);
  }
  s.selected = std::move(selected);
  return s;
}

std::vector<std::size_t> descending_order(const ExactTensor& values) {
  const std::size_t L = values.size();
  std::vector<std::size_t> order(L);
  std::iota(order.begin(), order.end(), std::size_t{0});
  if (values.all_dyadic()) {
    // Binary64 values compare exactly as doubles.
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return values.approx(a) > values.approx(b); });
  } else {
    std::vector<Rational> exact(L);
    for (std::size_t i = 0; i < L; ++i) exact[i] = values.exact(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return exact[a] > exact[b]; });
  }
  // stable_sort keeps equal values in increasing index order: the tie-break.
  return order;
}

Selection top_n(const ExactTensor& values, std::size_t N) {
  const std::size_t L = values.size();
  // The first N of descending_order without ordering the other L - N (O(L log N), not a sort of
  // all L: largest(v, 1) of a model row's 1024 logits): larger first, equal values by index, a
  // total order, so the same N entries in the same order.
  std::vector<std::size_t> order(L);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto last = order.begin() + static_cast<std::ptrdiff_t>(std::min(N, L));
  if (values.all_dyadic()) {
    std::partial_sort(order.begin(), last, order.end(), [&](std::size_t a, std::size_t b) {
      const double x = values.approx(a), y = values.approx(b);
      return x > y || (x == y && a < b);
    });
  } else {
    std::vector<Rational> exact(L);
    for (std::size_t i = 0; i < L; ++i) exact[i] = values.exact(i);
    std::partial_sort(order.begin(), last, order.end(), [&](std::size_t a, std::size_t b) {
      return exact[a] > exact[b] || (exact[a] == exact[b] && a < b);
    });
  }
  order.resize(N);
  std::sort(order.begin(), order.end());
  return selection_of(L, std::move(order));
}

bool exactly_equal(const ExactTensor& values, std::size_t i, std::size_t j) {
  if (values.is_dyadic(i) && values.is_dyadic(j)) return values.approx(i) == values.approx(j);
  return values.exact(i) == values.exact(j);
}

std::uint64_t binomial(std::uint64_t n, std::uint64_t k) {
  if (k > n) return 0;
  k = std::min(k, n - k);
  unsigned __int128 r = 1;
  for (std::uint64_t i = 1; i <= k; ++i) {
    r = r * (n - k + i) / i;  // exact: r * (n-k+i) is i times C(n-k+i, i)
    if (r > UINT64_MAX) return UINT64_MAX;
  }
  return static_cast<std::uint64_t>(r);
}

}  // namespace nb
