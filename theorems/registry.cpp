#include "theorems/registry.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace nb::theorems {

#define NORMBOUND_THEOREM(Name) std::unique_ptr<Theorem> make_##Name();
#include "theorems/theorem_list.hpp"
#undef NORMBOUND_THEOREM

namespace {

std::vector<std::unique_ptr<Theorem>> make_all() {
  std::vector<std::unique_ptr<Theorem>> list;
#define NORMBOUND_THEOREM(Name) list.push_back(make_##Name());
#include "theorems/theorem_list.hpp"
#undef NORMBOUND_THEOREM
  std::set<std::string> ids;
  for (const auto& t : list)
    if (!ids.insert(t->info().id).second)
      throw std::logic_error("theorem id registered twice: " + t->info().id);
  return list;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

const std::vector<std::unique_ptr<Theorem>>& all() {
  static const auto list = make_all();
  return list;
}

const Theorem* find(const std::string& id) {
  for (const auto& t : all())
    if (t->info().id == id) return t.get();
  return nullptr;
}

std::vector<std::string> closest_ids(const std::string& id, std::size_t count) {
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& t : all()) {
    const std::string& candidate = t->info().id;
    // A substring match counts as close whatever its length difference.
    const std::size_t d = candidate.find(id) != std::string::npos ? 0 : edit_distance(id, candidate);
    scored.emplace_back(d, candidate);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (std::size_t i = 0; i < scored.size() && i < count; ++i) out.push_back(scored[i].second);
  return out;
}

}  // namespace nb::theorems
