#include "verify/prove/sampled_expectations.hpp"

#include <optional>
#include <vector>

#include "verify/formula/formula_evaluation.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/formula/vocabulary/sphere_expectations.hpp"
#include "verify/io/errors.hpp"
#include "verify/kernels/top_n.hpp"
#include "verify/numbers/outside_domain.hpp"

namespace nb::prove {
namespace {

// The value of the integer formula `n` (a length, a literal, sums and products of them) at
// `sizes`, or nothing where it reads another name (an index variable) or is no integer.
std::optional<std::uint64_t> integer_at(const formula::Node& n, const std::map<std::string, std::int64_t>& sizes) {
  formula::Bindings<double> names;
  for (const auto& [name, size] : sizes) names[name] = static_cast<double>(size);
  try {
    const double v = formula::evaluate_scalar(formula::Formula{"", n, ""}, names);
    if (!(v >= 0 && v <= 9.0e15) || v != static_cast<double>(static_cast<std::uint64_t>(v))) return std::nullopt;
    return static_cast<std::uint64_t>(v);
  } catch (const InputError&) {  // a name the sizes do not bind
    return std::nullopt;
  } catch (const OutsideDomain&) {
    return std::nullopt;
  }
}

// Why the expectation `n` is sampled at `sizes` and what may be done instead of check, or nothing
// where it is enumerated.
struct Sampled {
  std::string why, or_else;
};
std::optional<Sampled> sampled_because(const formula::Node& n, const std::map<std::string, std::int64_t>& sizes) {
  if (formula::over_a_sphere(n)) return Sampled{"an expectation over random points of a sphere", ""};
  const formula::Node& law = n.args[1];
  if (law.kind != formula::Node::Kind::Call || law.text != "subset" || law.args.size() != 2)
    return std::nullopt;  // not an expectation the compiler takes: its own error names it
  const std::string enumerated = std::to_string(formula::kMaxEnumeratedSubsets);
  const std::string or_else =
      ", or sizes with at most " + enumerated + " subsets (enumerated: a finite mean, proved as any formula)";
  const std::optional<std::uint64_t> L = integer_at(law.args[0], sizes), N = integer_at(law.args[1], sizes);
  if (!L || !N)
    return Sampled{"an expectation over subset(L, N) whose L and N the sizes do not fix (it may be sampled)", or_else};
  if (binomial(*L, *N) <= formula::kMaxEnumeratedSubsets) return std::nullopt;
  return Sampled{"an expectation over the C(" + std::to_string(*L) + ", " + std::to_string(*N) +
                     ") subsets of subset(L, N), more than the " + enumerated + " enumerated",
                 or_else};
}

// The first sampled expectation in the tree `n`, and its column.
std::optional<std::pair<Sampled, std::size_t>> first_sampled(const formula::Node& n,
                                                             const std::map<std::string, std::int64_t>& sizes) {
  if (formula::samples(n))
    if (std::optional<Sampled> why = sampled_because(n, sizes)) return std::pair(*why, n.position);
  for (const formula::Node& a : n.args)
    if (auto found = first_sampled(a, sizes)) return found;
  return std::nullopt;
}

}  // namespace

void refuse_sampled_expectations(const formula::TheoremSpec& spec, const std::map<std::string, std::int64_t>& sizes) {
  std::vector<std::pair<std::string, const formula::Formula*>> formulas;
  for (const auto& [name, f] : spec.definitions) formulas.emplace_back("definition '" + name + "'", &f);
  for (std::size_t k = 0; k < spec.claims.size(); ++k) {
    formulas.emplace_back("claim " + std::to_string(k + 1), &spec.claims[k].value);
    formulas.emplace_back("claim " + std::to_string(k + 1), &spec.claims[k].bound);
  }
  for (std::size_t k = 0; k < spec.assumptions.size(); ++k) {
    formulas.emplace_back("assumption " + std::to_string(k + 1), &spec.assumptions[k].value);
    formulas.emplace_back("assumption " + std::to_string(k + 1), &spec.assumptions[k].bound);
  }
  for (const auto& [where, f] : formulas)
    if (const auto found = first_sampled(f->root, sizes))
      throw UsageError("prove decides claims on regions, and " + spec.info.id + "'s " + where + " (" +
                       (f->origin.empty() ? "" : f->origin + ", ") + "column " + std::to_string(found->second + 1) +
                       ") holds " + found->first.why + ", estimated from random draws: a statistical verdict, " +
                       "not an enclosure over a box; use normbound check " + spec.info.id + found->first.or_else);
}

}  // namespace nb::prove
