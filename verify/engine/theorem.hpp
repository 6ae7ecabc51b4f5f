#pragma once
// A theorem: metadata, the generators of its default suite, an assumption check, and one
// evaluation per number type. The library's theorems are theorem files (theorems/file_theorem.hpp,
// read at run time by theorems/registry.hpp); TheoremModel<T> makes one of a struct with
//
//   static TheoremInfo info();
//   static std::vector<Case> suite(const SuiteRequest&);     // the default cases
//   static void check_assumptions(const Case&);              // throws InputError
//   template <class R> static Sides<R> evaluate(const Case&, const EvalContext&);
//
// as the engine's tests do. A theorem does not print, does not pick precision, does not know about
// reports.
#include <cstdint>
#include <memory>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "verify/engine/case.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/numbers/exact_real.hpp"
#include "verify/numbers/numbers.hpp"
#include "verify/engine/case_shape.hpp"
#include "verify/engine/search_space.hpp"
#include "verify/engine/sides.hpp"
#include "verify/engine/suite_shapes.hpp"

namespace nb {

enum class Fidelity { Verbatim, Reconstructed, Heuristic, Extension };
enum class Expect { Holds, Violated };

const char* fidelity_name(Fidelity f);  // "verbatim", "reconstructed", "heuristic", "extension"
const char* expect_name(Expect e);      // "holds", "violated"

struct TheoremInfo {
  std::string id;          // kebab-case, unique
  std::string title;       // one line
  std::string source;      // paper and section, e.g. "arXiv 2508.17821, Corollary 3"
  Fidelity fidelity = Fidelity::Verbatim;
  Expect expect = Expect::Holds;
  std::string statement;   // the claim in LaTeX (math mode content)
  std::string summary;     // the claim in one plain-text line, for tables
  // What the statement's own names mean, each as (name, formula) in LaTeX math, in order: a
  // theorem file's [define]s when its statement is made from its claims. Empty when the statement
  // says everything itself.
  std::vector<std::pair<std::string, std::string>> definitions;
  std::vector<std::string> assumptions;  // plain text, one per line
  // For a printed statement that is false: the id of the registered theorem stating its valid form
  // (the sharp constant, the corrected envelope), which reports name beside the violation. "" if none.
  std::string corrected_by;
  // Names of the case numbers the evaluation reads, and "N" if it reads the integer N (the size of
  // the top-N set). A model-derived source (GPT-2, a file) can feed the theorem only when it
  // provides all of the numbers; N then comes from `check --top-n`. Empty: the theorem runs only
  // on its own suites and on saved cases.
  std::vector<std::string> inputs;
  // The source's name of each input in `inputs` that a source provides under another name (a
  // theorem file's `from`: an input "l" read from "logits"); an input not named here has its own.
  std::map<std::string, std::string> source_names;
  // Everything the theorem reads from a case (numbers, integers, options; optional ones
  // included): a case naming anything else is refused before its assumptions are checked.
  CaseNames reads;
  // What `normbound search` may move (verify/engine/search_space.hpp); the default is the generic
  // perturbation of every number of the suite's cases.
  SearchSpace search;
  // The shape parts its suite can draw cases at (SuiteRequest::shapes), for `check --regime` and
  // `search --shape`; the default takes none.
  SuiteShapes shapes;
  // Cases the statement pins (a theorem file's [[witness]]s): `check` runs them before the suite,
  // whatever the seed, as it runs the pinned corpus (theorems/pinned_cases.hpp).
  std::vector<Case> witnesses;
};

// What a suite generator is asked for: `count` cases from the run's `seed`. Case i must depend
// only on (seed, i) (and the shapes), so that results do not depend on how cases are scheduled.
struct SuiteRequest {
  std::uint64_t seed = 0;
  std::size_t count = 0;
  // Not empty: case i is drawn at shapes[i % shapes.size()], in the parts the theorem's suite
  // takes (TheoremInfo::shapes); the rest is drawn as in the default suite. Generators draw as
  // usual and then put the requested parts in, so the default suite does not change.
  std::vector<CaseShape> shapes;

  const CaseShape* shape_of_case(std::size_t i) const { return shapes.empty() ? nullptr : &shapes[i % shapes.size()]; }
};

// What an evaluation may know about the run besides its case.
struct EvalContext {
  double confidence = 0.999;  // level of statistical claims' confidence intervals
  std::uint64_t seed = 0;     // for evaluations that sample (derive per case from this)
  // How often the engine has doubled the sample size of an undecided statistical case (the
  // sequential looks; `confidence` is already corrected for them).
  unsigned sample_doublings = 0;
  // The exact work an interval evaluation may spend on parts that no precision decides (the
  // tied comparisons of a sampled draw: the sphere expectation's tied draws, verify/formula/vocabulary/sphere_expectation_calls.hpp); units 0: none.
  ExactBudget exact;
  // The CPU seconds each exact evaluation may take in the child that runs it
  // (verify/engine/exact_decision_in_child.hpp), whatever the budget.
  double exact_time_limit = 5;

  // The number of samples to draw for a case whose base sample size is `base`.
  std::size_t samples(std::size_t base) const { return base << sample_doublings; }
};

// The run-time face of a theorem, over all its number types.
class Theorem {
 public:
  virtual ~Theorem() = default;
  virtual const TheoremInfo& info() const = 0;
  virtual std::vector<Case> suite(const SuiteRequest& request) const = 0;
  virtual void check_assumptions(const Case& c) const = 0;
  virtual Sides<double> evaluate_double(const Case& c, const EvalContext& ctx) const = 0;
  virtual Sides<Mpfr> evaluate_mpfr(const Case& c, const EvalContext& ctx) const = 0;
  virtual Sides<DoubleInterval> evaluate_fast(const Case& c, const EvalContext& ctx) const = 0;
  virtual Sides<Interval> evaluate_interval(const Case& c, const EvalContext& ctx) const = 0;
  // In exact arithmetic, for claims that intervals leave TIGHT (verify/engine/exact_decision.hpp). Call
  // inside an ExactScope; throws NoExactForm when the evaluation gives up.
  virtual Sides<ExactReal> evaluate_exact(const Case& c, const EvalContext& ctx) const = 0;
};

template <class T>
class TheoremModel final : public Theorem {
 public:
  TheoremModel() : info_(T::info()) {}
  const TheoremInfo& info() const override { return info_; }
  std::vector<Case> suite(const SuiteRequest& request) const override {
    std::vector<Case> cases = T::suite(request);
    for (Case& c : cases) c.theorem = info_.id;
    return cases;
  }
  void check_assumptions(const Case& c) const override {
    check_case_names(c, info_.reads, info_.id);
    T::check_assumptions(c);
  }
  Sides<double> evaluate_double(const Case& c, const EvalContext& ctx) const override {
    return T::template evaluate<double>(c, ctx);
  }
  Sides<Mpfr> evaluate_mpfr(const Case& c, const EvalContext& ctx) const override {
    return T::template evaluate<Mpfr>(c, ctx);
  }
  Sides<DoubleInterval> evaluate_fast(const Case& c, const EvalContext& ctx) const override {
    return T::template evaluate<DoubleInterval>(c, ctx);
  }
  Sides<Interval> evaluate_interval(const Case& c, const EvalContext& ctx) const override {
    return T::template evaluate<Interval>(c, ctx);
  }
  Sides<ExactReal> evaluate_exact(const Case& c, const EvalContext& ctx) const override {
    return T::template evaluate<ExactReal>(c, ctx);
  }

 private:
  TheoremInfo info_;
};

}  // namespace nb
