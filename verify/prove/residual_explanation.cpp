#include "verify/prove/residual_explanation.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "verify/engine/slack.hpp"
#include "verify/numbers/rational.hpp"

namespace nb::prove {
namespace {

// Inputs with more entries than this are not searched for ties (their pairs grow quadratically).
constexpr std::size_t kMostTiedEntries = 32;

// q in decimals, 6 significant digits, rounded down (or up): below (above) q's binary64 enclosure.
std::string decimal_below(const Rational& q) { return decimal_down(Mpfr(rational_to<DoubleInterval>(q).lower()), 6); }
std::string decimal_above(const Rational& q) { return decimal_up(Mpfr(rational_to<DoubleInterval>(q).upper()), 6); }

// Whether box b meets, or lies within its own width of, the set where coordinates i and j are
// equal: a box whose sibling meets the set is stuck by it too.
bool near_tie(const Box& b, std::size_t i, std::size_t j) {
  return std::max(b.lo[i], b.lo[j]) - std::min(b.hi[i], b.hi[j]) <= std::max(b.hi[i] - b.lo[i], b.hi[j] - b.lo[j]);
}

// Whether box b meets, or lies within its own width of, the set where coordinate k is `at`, its
// side along k at most a quarter of the region's (a wide side is next to anything).
bool near_value(const Box& b, const Box& region, std::size_t k, const Rational& at) {
  const Rational width = b.hi[k] - b.lo[k];
  return width * 4 <= region.hi[k] - region.lo[k] && b.lo[k] - width <= at && at <= b.hi[k] + width;
}

// A set the residual boxes may pile up next to, and how many of them do.
struct Candidate {
  std::string set;
  std::size_t boxes = 0;
};

}  // namespace

Box residual_hull(const std::vector<const ProofLeaf*>& leaves) {
  Box hull = leaves.at(0)->box;
  for (const ProofLeaf* l : leaves)
    for (std::size_t k = 0; k < hull.lo.size(); ++k) {
      hull.lo[k] = std::min(hull.lo[k], l->box.lo[k]);
      hull.hi[k] = std::max(hull.hi[k], l->box.hi[k]);
    }
  return hull;
}

std::string residual_hull_text(const Region& region, const std::vector<const ProofLeaf*>& leaves) {
  if (leaves.empty()) return "";
  const Box hull = residual_hull(leaves);
  std::string text;
  for (std::size_t k = 0; k < region.coordinates.size(); ++k) {
    if (hull.lo[k] == region.box.lo[k] && hull.hi[k] == region.box.hi[k]) continue;
    text += (text.empty() ? "" : "; ") + region.coordinates[k].label + " in [" + decimal_below(hull.lo[k]) + ", " +
            decimal_above(hull.hi[k]) + "]";
  }
  return text;
}

std::string stuck_set_text(const Region& region, const std::vector<const ProofLeaf*>& leaves) {
  if (leaves.empty()) return "";
  const auto count = [&](const auto& near) {
    return static_cast<std::size_t>(std::count_if(leaves.begin(), leaves.end(), [&](const ProofLeaf* l) { return near(l->box); }));
  };
  std::vector<Candidate> candidates;
  // Ties of two entries of one input: any, then each (a named tie before any, the list read backwards).
  for (std::size_t first = 0; first < region.coordinates.size();) {
    std::size_t end = first;
    while (end < region.coordinates.size() && region.coordinates[end].input == region.coordinates[first].input) ++end;
    const bool cone = region.cone && region.cone->first == first;  // its ties are faces, below
    if (!cone && end - first >= 2 && end - first <= kMostTiedEntries) {
      if (end - first > 2)
        candidates.push_back({"two entries of " + region.coordinates[first].input + " tie", count([&](const Box& b) {
                                for (std::size_t i = first; i < end; ++i)
                                  for (std::size_t j = i + 1; j < end; ++j)
                                    if (near_tie(b, i, j)) return true;
                                return false;
                              })});
      for (std::size_t i = first; i < end; ++i)
        for (std::size_t j = i + 1; j < end; ++j)
          candidates.push_back({region.coordinates[i].label + " = " + region.coordinates[j].label,
                                count([&](const Box& b) { return near_tie(b, i, j); })});
    }
    first = end;
  }
  // Ends of the region, and 0 inside it, along coordinates the residual boxes do not span.
  const std::size_t first_value_set = candidates.size();
  const Box hull = residual_hull(leaves);
  for (std::size_t k = 0; k < region.coordinates.size(); ++k) {
    if (hull.lo[k] == region.box.lo[k] && hull.hi[k] == region.box.hi[k]) continue;
    const std::string& label = region.coordinates[k].label;
    if (region.cone && k > region.cone->first && k < region.cone->first + region.cone->length) {
      // A difference of an ordered cone's consecutive entries: at 0 they tie.
      const std::string& input = region.cone->input;
      const std::size_t m = k - region.cone->first;
      candidates.push_back({input + "[" + std::to_string(m - 1) + "] = " + input + "[" + std::to_string(m) + "]",
                            count([&](const Box& b) { return near_value(b, region.box, k, Rational(0)); })});
      continue;
    }
    candidates.push_back({label + " = " + decimal_below(region.box.lo[k]) + " (its lowest)",
                          count([&](const Box& b) { return b.lo[k] == region.box.lo[k]; })});
    candidates.push_back({label + " = " + decimal_above(region.box.hi[k]) + " (its highest)",
                          count([&](const Box& b) { return b.hi[k] == region.box.hi[k]; })});
    if (region.box.lo[k] < 0 && region.box.hi[k] > 0)
      candidates.push_back({label + " = 0", count([&](const Box& b) { return near_value(b, region.box, k, Rational(0)); })});
  }
  // The sets next to every residual box, a coordinate's value before ties (on wide boxes of many
  // entries some two entries come near each other by chance); failing those, the one next to the
  // most (at least half).
  std::string every;
  std::size_t most = 0;
  for (std::size_t i = candidates.size(); i-- > 0;) {
    const Candidate& c = candidates[i];
    if (c.boxes == leaves.size() && (every.empty() || i >= first_value_set))
      every = c.set + (every.empty() ? "" : ", and where " + every);
    most = std::max(most, c.boxes);
  }
  if (!every.empty()) return "every residual box meets, or lies within its width of, the set where " + every;
  if (most * 2 < leaves.size()) return "";
  for (const Candidate& c : candidates)
    if (c.boxes == most)
      return std::to_string(most) + " of the " + std::to_string(leaves.size()) +
             " residual boxes meet, or lie within their width of, the set where " + c.set;
  return "";
}

}  // namespace nb::prove
