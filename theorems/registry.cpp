#include "theorems/registry.hpp"

#include <set>
#include <stdexcept>

#include "theorems/separability_exact_draws.hpp"
#include "verify/io/closest_names.hpp"
#include "verify/io/errors.hpp"
#include "verify/engine/exact_decision_in_child.hpp"

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

// The built-in theorems, then those added.
std::vector<std::unique_ptr<Theorem>>& registered() {
  static auto list = make_all();
  return list;
}

}  // namespace

const std::vector<std::unique_ptr<Theorem>>& all() {
  static const bool workers_set_up = [] {
    // They exist unchanged from now on (theorems are only added before any is evaluated): the
    // children of exact decisions may use them.
    find_theorems_in_exact_workers(&find);
    add_exact_task(kSeparabilityDrawTask, &decide_separability_draws);
    return true;
  }();
  (void)workers_set_up;
  return registered();
}

void add(std::unique_ptr<Theorem> theorem) {
  if (find(theorem->info().id) != nullptr)
    throw InputError("theorem id '" + theorem->info().id + "' is taken by another theorem");
  registered().push_back(std::move(theorem));
}

const Theorem* find(const std::string& id) {
  for (const auto& t : all())
    if (t->info().id == id) return t.get();
  return nullptr;
}

std::vector<std::string> closest_ids(const std::string& id, std::size_t count) {
  std::vector<std::string> ids;
  for (const auto& t : all()) ids.push_back(t->info().id);
  return closest_names(id, ids, count);
}

}  // namespace nb::theorems
