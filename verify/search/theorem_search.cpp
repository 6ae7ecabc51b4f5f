#include "verify/search/theorem_search.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "verify/search/search_coordinates.hpp"
#include "verify/search/tightness.hpp"
#include "verify/io/errors.hpp"
#include "verify/results/run.hpp"

namespace nb::search {
namespace {

// Restarts share the budget, each with enough evaluations for Subplex to move in a few dimensions.
constexpr std::size_t kMaxRestarts = 16, kEvaluationsPerRestart = 125;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

// has_shape, and the temperature `wanted` sets where the case has one: what shrinking or
// simplifying a case found at a requested shape must keep.
bool is_at_shape(const Case& c, const CaseShape& wanted) {
  if (!has_shape(c, wanted)) return false;
  if (!wanted.T || !c.numbers.contains("T")) return true;
  return c.number("T").size() == 1 && c.number("T").exact(0) == ExactTensor::literal(*wanted.T).exact(0);
}

// The shapes to ask the theorem's suite for: the requested one when its suite takes every part
// the request sets (TheoremInfo::shapes), so that a search can start at a shape no default case
// has; none otherwise, and then suite cases of the shape are selected.
std::vector<CaseShape> drawn_shapes(const Theorem& t, const CaseShape& wanted) {
  const SuiteShapes& takes = t.info().shapes;
  const bool set = wanted.L || wanted.d || wanted.N || wanted.T;
  const bool taken = (!wanted.L || takes.L) && (!wanted.d || takes.d) && (!wanted.N || takes.N) && (!wanted.T || takes.T);
  if (set && taken) return {wanted};
  return {};
}

// `count` suite cases of the requested shape within the theorem's assumptions, T set as requested.
// Case 0 of several suites is the paper's planted witness: the search starts from the random cases
// after it, to find its own.
std::vector<Case> starts(const Theorem& t, const SearchSettings& s, std::size_t count) {
  const std::vector<CaseShape> drawn = drawn_shapes(t, s.shape);
  const bool filtered = drawn.empty() && (s.shape.L || s.shape.d || s.shape.N);
  const std::vector<Case> suite = t.suite({s.seed, filtered ? 64 * count + 1 : 2 * count + 1, drawn});
  std::vector<Case> out;
  for (std::size_t i = 1; i < suite.size() && out.size() < count; ++i) {
    if (!has_shape(suite[i], s.shape)) continue;
    try {
      t.check_assumptions(suite[i]);
    } catch (const InputError&) {
      continue;  // e.g. a requested N that this case's draw leaves no room for
    }
    Case c = suite[i];
    if (drawn.empty() && s.shape.T && c.numbers.contains("T")) {
      c.numbers["T"] = ExactTensor::literal(*s.shape.T);
      c.label += " (T set to " + *s.shape.T + ")";
    }
    out.push_back(std::move(c));
  }
  if (out.empty())
    throw UsageError("search " + t.info().id + ": none of the first " + std::to_string(suite.size()) + " cases of its " +
                     (drawn.empty() ? "suite" : "suite drawn at that shape") + " (seed " + std::to_string(s.seed) +
                     ") has the shape " + shape_text(s.shape) + " within its assumptions");
  return out;
}

// Whether every entry of the numbers `space` bounds lies within its bounds: a case shrunk or
// simplified stays where the search may go (a theorem file's declared ranges).
bool inside_bounds(const SearchSpace& space, const Case& c) {
  for (const SearchInput& in : space.inputs) {
    const auto number = c.numbers.find(in.number);
    if (number == c.numbers.end()) continue;
    for (std::size_t i = 0; i < number->second.size(); ++i)
      if (!(number->second.approx(i) >= in.low && number->second.approx(i) <= in.high)) return false;
  }
  return true;
}

// The engine's verdict on one case, through the run layer like any other case.
Verdict certified_verdict(const Theorem& t, const Case& c, const CheckSettings& settings) {
  RunPlan plan;
  plan.settings = settings;
  plan.theorems.push_back({&t, {c}, CaseOrigin::SuiteOrSaved});
  return run(plan).theorems.front().outcomes.front().verdict;
}

}  // namespace

double search_objective(const Theorem& theorem, const Case& c, const EvalContext& ctx) {
  theorem.check_assumptions(c);
  return tightness(theorem.evaluate_double(c, ctx)).relative_slack;
}

std::string why_not_searchable(const Theorem& theorem) { return theorem.info().search.not_searchable; }

TheoremSearch search_theorem(const Theorem& theorem, const SearchSettings& settings) {
  const TheoremInfo& info = theorem.info();
  if (!info.search.not_searchable.empty())
    throw UsageError(info.id + " is not searchable: " + info.search.not_searchable);
  TheoremSearch result;
  result.theorem = &theorem;
  const EvalContext ctx{settings.check.confidence, settings.check.seed};
  const std::size_t count = std::clamp<std::size_t>(settings.budget / kEvaluationsPerRestart, 1, kMaxRestarts);

  for (Case& start : starts(theorem, settings, count)) {
    const SearchCoordinates coordinates(info.search, start);
    const Objective f = [&](const std::vector<double>& x) {
      try {
        return search_objective(theorem, coordinates.at(x), ctx);
      } catch (const InputError&) {
        return kInfinity;  // outside the theorem's assumptions (or not finite)
      }
    };
    SearchRestart r;
    r.start = start;
    r.minimum = minimize_locally(f, coordinates.start(), std::max<std::size_t>(settings.budget / count, 1));
    r.start_relative_slack = f(coordinates.start());
    r.best = coordinates.at(r.minimum.x);
    r.best.label = "search: restart " + std::to_string(result.restarts.size()) + " from '" + start.label + "' after " +
                   std::to_string(r.minimum.evaluations) + " evaluations";
    r.best.provenance = {{"source", "search"},
                         {"seed", std::to_string(settings.seed)},
                         {"restart", std::to_string(result.restarts.size())},
                         {"start", start.label},
                         {"evaluations", std::to_string(r.minimum.evaluations)}};
    r.claim = tightness(theorem.evaluate_double(r.best, ctx)).claim;
    result.evaluations += r.minimum.evaluations + 1;
    result.restarts.push_back(std::move(r));
  }

  std::vector<std::size_t> order(result.restarts.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return result.restarts[a].minimum.value < result.restarts[b].minimum.value;
  });
  result.best_restart = order.front();
  for (std::size_t i : order)
    if (std::find(result.certified_cases.begin(), result.certified_cases.end(), result.restarts[i].best) ==
        result.certified_cases.end())
      result.certified_cases.push_back(result.restarts[i].best);

  // The suite's tightest case, for the frontier's comparison.
  result.suite_relative_slack = kInfinity;
  for (const Case& c : theorem.suite({settings.seed, settings.suite_cases, drawn_shapes(theorem, settings.shape)})) {
    try {
      const double s = search_objective(theorem, c, ctx);
      if (s < result.suite_relative_slack) {
        result.suite_relative_slack = s;
        result.suite_label = c.label;
      }
    } catch (const InputError&) {
    }
  }

  // A certified violation is shrunk while it stays certified VIOLATED; otherwise the tightest point
  // is simplified while its binary64 relative slack does not grow. Both stay at a requested shape;
  // at a requested size (L, d or N) the tightest point is kept as found, since simplifying it there
  // could only rewrite its entries one at a time, each candidate a copy of the whole case (minutes
  // at L = 1024, d = 64).
  const Case* violated = nullptr;
  for (const Case& c : result.certified_cases)
    if (certified_verdict(theorem, c, settings.check) == Verdict::Violated) {
      violated = &c;
      break;
    }
  result.violation = violated != nullptr;
  if (violated) {
    result.shrink = shrink_case(
        *violated,
        [&](const Case& c) {
          theorem.check_assumptions(c);
          return is_at_shape(c, settings.shape) && inside_bounds(info.search, c) &&
                 certified_verdict(theorem, c, settings.check) == Verdict::Violated;
        },
        settings.shrink_attempts);
  } else if (!settings.shape.L && !settings.shape.d && !settings.shape.N) {
    const Case& best = result.certified_cases.front();
    const double best_slack = result.restarts[result.best_restart].minimum.value;
    result.shrink = shrink_case(
        best,
        [&](const Case& c) {
          if (!is_at_shape(c, settings.shape) || !inside_bounds(info.search, c)) return false;
          ++result.evaluations;
          return search_objective(theorem, c, ctx) <= best_slack;
        },
        settings.shrink_attempts);
  }
  const Case& origin = violated ? *violated : result.certified_cases.front();
  if (result.shrink.steps > 0) {
    Case shown = result.shrink.shrunk;
    shown.label = std::string(violated ? "search: shrunk violation" : "search: simplified tightest point") +
                  " of restart " + origin.provenance.at("restart") + " (" + std::to_string(result.shrink.steps) +
                  " steps)";
    shown.provenance["shrunk_from"] = origin.label;
    result.certified_cases.insert(result.certified_cases.begin(), std::move(shown));
    result.shrunk = true;
  } else if (violated && violated != &result.certified_cases.front()) {
    Case shown = *violated;
    result.certified_cases.erase(result.certified_cases.begin() + (violated - result.certified_cases.data()));
    result.certified_cases.insert(result.certified_cases.begin(), std::move(shown));
  }
  return result;
}

}  // namespace nb::search
