#include "verify/search/case_shrinker.hpp"

#include <cmath>
#include <set>
#include <vector>

#include "verify/io/errors.hpp"

namespace nb::search {
namespace {

// The shortest exact text of entry i: what a reader of the case sees.
std::string entry_text(const ExactTensor& t, std::size_t i) {
  return t.is_dyadic(i) ? exact_decimal_or_hex(t.approx(i)) : t.text(i);
}

// The tensor without the indices [first, first + count) of every axis of length n.
ExactTensor without_indices(const ExactTensor& t, std::size_t n, std::size_t first, std::size_t count) {
  const auto kept = [&](std::size_t extent, std::size_t k) { return extent != n || k < first || k >= first + count; };
  std::vector<std::string> texts;
  std::size_t rows = 0, cols = 0;
  for (std::size_t r = 0; r < t.rows(); ++r) {
    if (!kept(t.rows(), r)) continue;
    ++rows;
    cols = 0;
    for (std::size_t c = 0; c < t.cols(); ++c)
      if (kept(t.cols(), c)) {
        ++cols;
        texts.push_back(t.text(r * t.cols() + c));
      }
  }
  nlohmann::json j = {{"shape", t.cols() == 1 ? nlohmann::json::array({rows}) : nlohmann::json::array({rows, cols})},
                      {"values", texts}};
  return ExactTensor::from_json(j, "shrunk");
}

// The tensor with entry i replaced by the binary64 value v.
ExactTensor with_entry(const ExactTensor& t, std::size_t i, double v) {
  std::vector<std::string> texts;
  for (std::size_t k = 0; k < t.size(); ++k) texts.push_back(k == i ? exact_decimal_or_hex(v) : t.text(k));
  nlohmann::json j = {{"shape", t.cols() == 1 ? nlohmann::json::array({t.rows()})
                                              : nlohmann::json::array({t.rows(), t.cols()})},
                      {"values", texts}};
  return ExactTensor::from_json(j, "shrunk");
}

// Offers candidate simplifications of `c` to `offer`, the biggest first, until `offer` returns
// true (taken). Lazily: a case of n entries has O(n) candidates, each a copy of the case.
void offer_simplifications(const Case& c, const std::function<bool(Case&&)>& offer) {
  // Fewer tokens or dimensions: remove halves, quarters, ... down to single indices of every axis
  // of the same length n at once (the token axis of logits and vectors, the width of query and keys).
  std::set<std::size_t, std::greater<>> extents;
  for (const auto& [name, t] : c.numbers) {
    if (t.rows() > 1) extents.insert(t.rows());
    if (t.cols() > 1) extents.insert(t.cols());
  }
  for (std::size_t n : extents)
    for (std::size_t width = n / 2; width >= 1; width /= 2)
      for (std::size_t first = 0; first + width <= n; first += width) {
        Case shorter = c;
        for (auto& [name, t] : shorter.numbers)
          if (t.rows() == n || t.cols() == n) t = without_indices(t, n, first, width);
        if (offer(std::move(shorter))) return;
      }
  // Integers closer to 1.
  for (const auto& [name, v] : c.integers)
    for (std::int64_t smaller : {std::int64_t{1}, v / 2, v - 1})
      if (smaller >= 1 && smaller < v) {
        Case closer = c;
        closer.integers[name] = smaller;
        if (offer(std::move(closer))) return;
      }
  // Whole tensors: all 0, or all tied with their first entry.
  for (const auto& [name, t] : c.numbers)
    for (bool zero : {true, false}) {
      std::vector<double> values(t.size(), zero ? 0.0 : t.approx(0));
      Case flat = c;
      flat.numbers[name] = ExactTensor(t.rows(), t.cols(), std::move(values));
      if (offer(std::move(flat))) return;
    }
  // Numbers: 0, a tie with the first or the previous entry, 1, -1, half (as an integer), then dyadics with ever
  // more bits.
  for (const auto& [name, t] : c.numbers)
    for (std::size_t i = 0; i < t.size(); ++i) {
      const double x = t.approx(i);
      std::vector<double> values{0.0};
      if (i > 0) values.insert(values.end(), {t.approx(0), t.approx(i - 1)});
      for (double v : {1.0, -1.0, std::nearbyint(x / 2)}) values.push_back(v);
      for (int bits = 0; bits <= 24; bits += bits < 4 ? 1 : 4)
        values.push_back(std::ldexp(std::nearbyint(std::ldexp(x, bits)), -bits));
      const std::size_t length = entry_text(t, i).size();
      for (double v : values) {
        if (!std::isfinite(v) || exact_decimal_or_hex(v).size() > length || (t.is_dyadic(i) && v == x)) continue;
        Case simpler = c;
        simpler.numbers[name] = with_entry(t, i, v);
        if (offer(std::move(simpler))) return;
      }
    }
}

}  // namespace

CaseComplexity complexity_of(const Case& c) {
  CaseComplexity k;
  std::set<std::string> distinct;
  for (const auto& [name, t] : c.numbers)
    for (std::size_t i = 0; i < t.size(); ++i) {
      const std::string text = entry_text(t, i);
      k.text_length += text.size();
      k.magnitude += std::fabs(t.approx(i));
      distinct.insert(name + ":" + text);
    }
  for (const auto& [name, v] : c.integers) k.text_length += std::to_string(v).size();
  k.entries = c.size();
  k.distinct_values = distinct.size();
  return k;
}

ShrunkCase shrink_case(const Case& start, const CaseProperty& property, std::size_t max_attempts) {
  ShrunkCase s{start, 0, 0};
  bool progress = true;
  while (progress && s.attempts < max_attempts) {
    progress = false;
    const CaseComplexity current = complexity_of(s.shrunk);
    offer_simplifications(s.shrunk, [&](Case&& candidate) {
      if (s.attempts >= max_attempts) return true;
      if (!(complexity_of(candidate) < current)) return false;
      ++s.attempts;
      bool keeps = false;
      try {
        keeps = property(candidate);
      } catch (const InputError&) {
        keeps = false;  // the candidate breaks an assumption of the theorem
      }
      if (keeps) {
        s.shrunk = std::move(candidate);
        ++s.steps;
        progress = true;
      }
      return keeps;
    });
  }
  return s;
}

}  // namespace nb::search
