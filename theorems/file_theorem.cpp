#include "theorems/file_theorem.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <type_traits>
#include <utility>

#include "models/random/bounded_logit_sweeps.hpp"
#include "models/random/coverage_cases.hpp"
#include "models/random/finite_difference_cases.hpp"
#include "models/random/key_query_cases.hpp"
#include "models/random/length_scaled_cases.hpp"
#include "models/random/logit_pair_cases.hpp"
#include "models/random/logit_cases.hpp"
#include "models/random/normalizer_cases.hpp"
#include "models/random/paired_logit_cases.hpp"
#include "models/random/random_set_cases.hpp"
#include "models/random/random_inputs.hpp"
#include "models/random/requested_shape.hpp"
#include "models/random/two_level_logit_cases.hpp"
#include "models/random/scaled_token_cases.hpp"
#include "models/random/sparsemax_step_cases.hpp"
#include "models/random/sphere_expectation_cases.hpp"
#include "models/random/vector_cases.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/engine/process_bytes.hpp"
#include "verify/engine/case_names.hpp"
#include "verify/formula/formula_program.hpp"
#include "verify/formula/vocabulary/expectations.hpp"
#include "verify/numbers/outside_domain.hpp"
#include "verify/formula/formula_latex.hpp"
#include "verify/io/input_file.hpp"
#include "verify/numbers/number_literal.hpp"
#include "verify/engine/slack.hpp"
#include "verify/engine/verdict.hpp"
#include "verify/numbers/readable_decimal.hpp"

namespace nb::theorems {
namespace {

using formula::ClaimSpec;
using formula::Program;
using formula::Run;
using formula::dimensions;
using formula::InputSpec;
using formula::QuantitySpec;
using formula::SuiteSpec;
using formula::TheoremSpec;
using formula::WitnessSpec;
using Kind = InputSpec::Kind;

// Leaves out of `c` the integers `spec` declares no input for: the sample_seed or N that a shared
// suite generator draws where the file declares no such input (it writes L for N, say).
void drop_undeclared_integers(const TheoremSpec& spec, Case& c) {
  std::erase_if(c.integers, [&](const auto& integer) {
    return std::none_of(spec.inputs.begin(), spec.inputs.end(), [&](const InputSpec& in) { return in.name == integer.first; });
  });
}

const char* const kShapeNames[] = {"uniform", "ties", "near-ties", "range ends", "spread"};
// How many times a suite case that breaks an assumption is drawn again before it stays (and the
// run refuses it, naming the assumption).
constexpr std::size_t kDraws = 16;

// "{1/4, 1, 2}": the values an input is drawn from (a choice's words: "{softmax, tanh}").
std::string choices_text(const InputSpec& in) {
  std::string text;
  for (const std::string& v : in.is_choice() ? in.words : in.values) text += (text.empty() ? "{" : ", ") + v;
  return text + "}";
}

// The word of a choice input whose code is the literal `code` (one of its values).
const std::string& choice_word(const InputSpec& in, const std::string& code) {
  return in.words[static_cast<std::size_t>(std::find(in.values.begin(), in.values.end(), code) - in.values.begin())];
}

// The seed of a case's sampled expectations: its integer input sample_seed where it has one (as
// the built-in suites' sampling cases carry; optional where a file declares it), else FNV-1a of
// its inputs' exact values, so that a case draws the same subsets wherever it runs (alone on
// replay, or at any place in a suite).
std::uint64_t draw_seed(const Case& c) {
  if (const auto given = c.integers.find("sample_seed"); given != c.integers.end())
    return static_cast<std::uint64_t>(given->second);
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&](const std::string& text) {
    for (const char ch : text) h = (h ^ static_cast<unsigned char>(ch)) * 0x100000001b3ULL;
    h = (h ^ 0xff) * 0x100000001b3ULL;
  };
  for (const auto& [name, value] : c.numbers) {
    mix(name);
    for (std::size_t k = 0; k < value.size(); ++k) mix(value.text(k));
  }
  for (const auto& [name, value] : c.integers) mix(name + "=" + std::to_string(value));
  for (const auto& [name, value] : c.options) mix(name + "=" + value);
  return h;
}

// The answer's first integer when the child's evaluation found a bug (else the number decided).
constexpr std::uint64_t kBug = ~std::uint64_t{0};

// "value relation bound" as the file writes it (== for equality).
std::string relation_text(const ClaimSpec& c) {
  return c.value.text + " " + (c.relation == Relation::Equal ? "==" : relation_symbol(c.relation)) + " " + c.bound.text;
}

class FileTheorem final : public Theorem {
 public:
  explicit FileTheorem(TheoremSpec spec)
      : spec_(std::move(spec)),
        programs_(compile<double>(), compile<Mpfr>(), compile<DoubleInterval>(), compile<Interval>(),
                  compile<ExactReal>()) {
    TheoremInfo& info = spec_.info;
    std::string statement, summary;
    for (const ClaimSpec& c : spec_.claims) {
      const std::string tex_relation = c.relation == Relation::LessEqual      ? "\\le"
                                       : c.relation == Relation::GreaterEqual ? "\\ge"
                                                                              : relation_symbol(c.relation);
      statement += (statement.empty() ? "" : ",\\quad ") + formula::latex(c.value) + " " + tex_relation + " " +
                   formula::latex(c.bound);
      summary += (summary.empty() ? "" : "; ") + relation_text(c);
      claim_names_.push_back(relation_text(c));
    }
    // The claims that read a sampled expectation, and how many such expectations share the
    // run's confidence (verify/formula/vocabulary/expectations.hpp).
    std::set<std::string> sampling;
    for (const auto& [name, f] : spec_.definitions) {
      sampled_expectations_ += formula::sampled_expectations_in(f.root);
      if (formula::reads_a_sampled_expectation(f.root, sampling)) sampling.insert(name);
    }
    for (const ClaimSpec& c : spec_.claims)
      claim_samples_.push_back(formula::reads_a_sampled_expectation(c.value.root, sampling) ||
                               formula::reads_a_sampled_expectation(c.bound.root, sampling));
    // A quantity's expectation gives no verdict: it takes the claims' level, and lowers it not.
    for (const ClaimSpec& c : spec_.claims)
      sampled_expectations_ += formula::sampled_expectations_in(c.value.root) + formula::sampled_expectations_in(c.bound.root);
    for (const ClaimSpec& a : spec_.assumptions)
      sampled_expectations_ += formula::sampled_expectations_in(a.value.root) + formula::sampled_expectations_in(a.bound.root);
    if (info.statement.empty()) {
      info.statement = statement;
      // A statement made from the claims reads the file's definitions by name: say what they are.
      for (const auto& [name, f] : spec_.definitions) info.definitions.emplace_back(formula::latex_name(name), formula::latex(f));
    }
    info.summary = summary;
    for (const InputSpec& in : spec_.inputs) {
      (in.kind == Kind::Length ? info.reads.integers : in.is_choice() ? info.reads.options : info.reads.numbers)
          .push_back(in.name);
      for (std::size_t k = 0; k < in.words.size(); ++k) choice_codes_.emplace(in.words[k], ExactTensor::literal(in.values[k]));
      // A source feeds the numbers; the lengths are read off them, but for a selection size N that
      // sizes no input, which the source's --top-n gives.
      // An input with a default is optional: a source need not provide it.
      if (spec_.suite.sources &&
          ((in.kind != Kind::Length && in.fallback.empty()) || (in.name == "N" && !sizes_an_input(in.name))))
        info.inputs.push_back(in.name);
      if (!in.fallback.empty()) defaults_.emplace(in.name, ExactTensor::literal(in.fallback));
      if (!in.from.empty() && in.from != in.name) info.source_names[in.name] = in.from;
      std::string shape = in.kind == Kind::Vector ? " (a vector of length " + in.length + ")"
                          : in.kind == Kind::Matrix ? " (a " + in.rows + " x " + in.cols + " matrix)"
                          : in.kind == Kind::Length ? " (a length)"
                                                    : "";
      if (in.values.empty())
        info.assumptions.push_back(in.name + shape + " drawn in [" + in.low + ", " + in.high + "]" +
                                   (in.integer && in.kind != Kind::Length ? ", integer" : ""));
      else
        info.assumptions.push_back(in.name + shape + " one of " + choices_text(in));
      if (in.positive) info.assumptions.push_back(in.name + " > 0");
      if (!in.fallback.empty()) info.assumptions.push_back(in.name + " = " + in.fallback + " where a case gives none");
    }
    for (const ClaimSpec& a : spec_.assumptions)
      info.assumptions.push_back(relation_text(a));
    // `check --regime` and `search --shape` set the lengths named L, d and N and a scalar T (not
    // one with a list of values, which a shape's value may be outside of).
    for (const InputSpec& in : spec_.inputs) {
      if (!in.values.empty()) continue;
      if (in.kind == Kind::Length) {
        info.shapes.L = info.shapes.L || in.name == "L";
        info.shapes.d = info.shapes.d || in.name == "d";
        info.shapes.N = info.shapes.N || in.name == "N";
      }
      info.shapes.T = info.shapes.T || (in.kind == Kind::Scalar && in.name == "T");
    }
    if (!info.shapes.any()) info.shapes.why = "it declares no length named L, d or N, nor a scalar named T";
    info.shapes.max_L = spec_.suite.regime_max_L;
    if (!spec_.suite.regime_why.empty()) info.shapes.why = spec_.suite.regime_why;
    info.shapes.in_default_suite = spec_.suite.paper_regime && info.shapes.any();
    search_inside_the_ranges(info.search);
    refuse_generator_of_other_inputs();
    // Formulas that do not fit the inputs fail here, with their place in the file.
    Case corner;
    corner.theorem = info.id;
    for (const InputSpec& in : spec_.inputs)
      if (in.kind == Kind::Length) corner.integers[in.name] = static_cast<std::int64_t>(std::ceil(in.draw_low));
    for (const InputSpec& in : spec_.inputs)
      if (in.is_choice()) corner.options[in.name] = choice_word(in, in.low);
      else if (in.kind != Kind::Length) {
        const auto [rows, cols] = dimensions(in, corner.integers);
        corner.numbers[in.name] = in.values.empty() ? ExactTensor(rows, cols, std::vector<double>(rows * cols, in.draw_low))
                                                    : ExactTensor::literal(in.low);
      }
    Run<double> at_corner = run<double>(corner);
    for (std::size_t k = 0; k < quantity_at(0); ++k) at_corner.scalar(k);
    Sides<double> at_corner_quantities;  // a quantity's mistakes are the file's too
    record_quantities(at_corner, at_corner_quantities);
    refuse_zero_divisors_on_ranges(corner.integers);
    for (const WitnessSpec& w : spec_.witnesses) {
      Case c = w.input;
      c.theorem = info.id;
      try {
        check_assumptions(c);
      } catch (const InputError& e) {
        throw InputError(w.place + ": the witness '" + c.label + "' is no case of the statement: " + e.what());
      }
      info.witnesses.push_back(std::move(c));
    }
  }

  const TheoremInfo& info() const override { return spec_.info; }

  // Case i is drawn again (at most kDraws times, each draw from (seed, id, i, draw)) while it breaks
  // an assumption, so that a statement with a real hypothesis can be checked on its suite.
  std::vector<Case> suite(const SuiteRequest& request) const override {
    std::vector<Case> cases = generated(request, 0);
    for (std::size_t i = 0; i < cases.size(); ++i)
      for (std::size_t attempt = 1; attempt < kDraws && breaks_an_assumption(cases[i]); ++attempt) {
        SuiteRequest one = request;
        one.count = i + 1;
        cases[i] = std::move(generated(one, attempt).back());
        cases[i].provenance["draw"] = std::to_string(attempt + 1);
      }
    return cases;
  }

  void check_assumptions(const Case& c) const override {
    check_case_names(c, spec_.info.reads, spec_.info.id);
    // Lengths first: the shapes of the other inputs are read from them, whatever the order written.
    const std::map<std::string, std::int64_t> sizes = lengths(c);
    for (const auto& [name, size] : sizes)
      if (size < 1) throw InputError(name + " must be at least 1 (a length)");
    for (const InputSpec& in : spec_.inputs) {
      if (in.kind == Kind::Length) continue;
      const ExactTensor& v = number(c, in);
      const auto [rows, cols] = dimensions(in, sizes);
      if (v.rows() != rows || v.cols() != cols)
        throw InputError(in.name + " must be " +
                         (in.kind == Kind::Vector   ? "a vector of length " + in.length + " = " + std::to_string(rows)
                          : in.kind == Kind::Matrix ? "a " + in.rows + " x " + in.cols + " = " + std::to_string(rows) +
                                                          " x " + std::to_string(cols) + " matrix"
                                                    : std::string("a scalar")) +
                         ", not " + std::to_string(v.rows()) + " x " + std::to_string(v.cols()));
      if (in.positive)
        for (std::size_t k = 0; k < v.size(); ++k)
          if (v.exact(k) <= Rational(0)) throw InputError(in.name + " must be > 0 (got " + decimal_text(v, k) + ")");
    }
    // After the shapes: a scalar is then one number.
    for (const InputSpec& in : spec_.inputs) {
      if (in.values.empty()) continue;
      const Rational x = in.kind == Kind::Length ? Rational(c.integer(in.name)) : number(c, in).exact(0);
      if (std::none_of(in.values.begin(), in.values.end(), [&](const std::string& v) { return read_number_literal(v, "") == x; }))
        throw InputError(in.name + " must be one of " + choices_text(in));
    }
    if (spec_.assumptions.empty()) return;
    // An assumption without a value does not hold: the case is refused. A definition without a value
    // at a case that meets every assumption (verify/numbers/outside_domain.hpp) leaves its claims
    // undefined: the case is evaluated, and becomes INCONCLUSIVE with that reason. The assumptions
    // come first, each evaluating only the definitions it reads (not those no formula reads, which
    // the evaluation computes), so that a case breaking one (a zero direction v, which
    // u = v / norm(v) cannot divide by) is refused naming it.
    Run<DoubleInterval> fast = run<DoubleInterval>(c, false);
    std::optional<Run<Interval>> wide;  // only where binary64 leaves an assumption undecided
    for (std::size_t k = 0; k < spec_.assumptions.size(); ++k) {
      const ClaimSpec& a = spec_.assumptions[k];
      try {
        if (certainly_holds(a, fast, assumption_at(k))) continue;
        if (!wide) wide.emplace(run<Interval>(c, false));
        if (!certainly_holds(a, *wide, assumption_at(k)) && !exactly_holds(a, c, assumption_at(k)))
          throw InputError("the assumption " + relation_text(a) + " does not certainly hold");
      } catch (const OutsideDomain& e) {
        throw InputError("the assumption " + relation_text(a) + " has no value here: " + e.what());
      }
    }
  }

  Sides<double> evaluate_double(const Case& c, const EvalContext& ctx) const override { return evaluate<double>(c, ctx); }
  Sides<Mpfr> evaluate_mpfr(const Case& c, const EvalContext& ctx) const override { return evaluate<Mpfr>(c, ctx); }
  Sides<DoubleInterval> evaluate_fast(const Case& c, const EvalContext& ctx) const override {
    return evaluate<DoubleInterval>(c, ctx);
  }
  Sides<Interval> evaluate_interval(const Case& c, const EvalContext& ctx) const override {
    return evaluate<Interval>(c, ctx);
  }
  Sides<ExactReal> evaluate_exact(const Case& c, const EvalContext& ctx) const override {
    return evaluate<ExactReal>(c, ctx);
  }

 private:
  // The suite's cases from the generator the file chooses, at attempt `attempt` of each (0: the
  // first draw, from (seed, id, i) as every suite; a later one from (seed, id/draw-k, i), and from
  // the five shapes, in the next shape, since a shape such as the range's ends may break an
  // assumption at every draw).
  std::vector<Case> generated(const SuiteRequest& request, std::size_t attempt) const {
    const std::string id = attempt == 0 ? spec_.info.id : spec_.info.id + "/draw-" + std::to_string(attempt + 1);
    std::vector<Case> cases;
    switch (spec_.suite.generator) {
      case SuiteSpec::Generator::Shapes:
        for (std::size_t i = 0; i < request.count; ++i) cases.push_back(draw(request, i, id, (i + attempt) % 5));
        return cases;
      case SuiteSpec::Generator::LogitCases: cases = random::logit_cases(request, id, spec_.suite.max_L); break;
      case SuiteSpec::Generator::FiniteDifferenceCases:
        cases = random::finite_difference_cases(request, id, spec_.suite.max_L);
        break;
      case SuiteSpec::Generator::FixedSetCases: cases = random::fixed_set_cases(request, id); break;
      case SuiteSpec::Generator::TwoLevelLogitCases: cases = random::two_level_logit_cases(request, id); break;
      case SuiteSpec::Generator::LogitPairCases: cases = random::logit_pair_cases(request, id); break;
      case SuiteSpec::Generator::KeyQueryCases: cases = random::key_query_cases(request, id); break;
      case SuiteSpec::Generator::BoundedLogitSweeps: cases = random::bounded_logit_sweeps(request, id); break;
      case SuiteSpec::Generator::LengthScaledCases: cases = random::length_scaled_cases(request, id); break;
      case SuiteSpec::Generator::PairedLogitCases:
        cases = random::paired_logit_cases(request, id, spec_.suite.max_L);
        break;
      case SuiteSpec::Generator::SparsemaxStepCases: cases = random::sparsemax_step_cases(request, id); break;
      case SuiteSpec::Generator::ScaledTokenCases: cases = random::scaled_token_cases(request, id); break;
      case SuiteSpec::Generator::SeparabilityCases:
        cases = random::separability_cases(request, id, spec_.suite.min_N);
        break;
      case SuiteSpec::Generator::SeparabilityNearInfimumCases:
        cases = random::separability_near_infimum_cases(request, id, spec_.suite.min_N);
        break;
      case SuiteSpec::Generator::FullSelectionCases: cases = random::full_selection_cases(request, id); break;
      case SuiteSpec::Generator::RandomSetCases: cases = random::random_set_cases(request, id, false); break;
      case SuiteSpec::Generator::RandomRateCases: cases = random::random_rate_cases(request, id, false); break;
      case SuiteSpec::Generator::EverySizeCases: cases = random::every_size_cases(request, id); break;
      case SuiteSpec::Generator::CoverageCases: cases = random::coverage_cases(request, id); break;
      case SuiteSpec::Generator::NormalizerCases: cases = random::normalizer_logit_cases(request, id, spec_.suite.max_L); break;
      case SuiteSpec::Generator::NormalizerRangeCases: cases = random::normalizer_range_cases(request, id, spec_.suite.max_L); break;
      case SuiteSpec::Generator::SphereExpectationCases: cases = random::sphere_expectation_cases(request, id); break;
    }
    for (Case& c : cases) {
      c.theorem = spec_.info.id;
      drop_undeclared_integers(spec_, c);
    }
    return cases;
  }

  // `search` moves every number the suite draws, each entry inside its declared range unless the
  // input is declared unbounded; integer inputs, inputs with values and optional inputs (with a
  // default, which a start case may not give) stay as in the start case.
  void search_inside_the_ranges(SearchSpace& search) const {
    for (const InputSpec& in : spec_.inputs) {
      if (in.kind == Kind::Length || in.integer || !in.values.empty() || !in.fallback.empty()) continue;
      SearchInput moved{in.name, SearchDomain::Real};
      if (!in.unbounded) {
        moved.low = in.draw_low;
        moved.high = in.draw_high;
      }
      search.inputs.push_back(moved);
    }
    if (search.inputs.empty())
      search.not_searchable =
          "each of its inputs is a length, an integer, one of a list of values or optional: nothing to move";
    const std::function<bool(const formula::Node&)> samples_a_sphere = [&](const formula::Node& n) {
      return formula::over_a_sphere(n) || std::any_of(n.args.begin(), n.args.end(), samples_a_sphere);
    };
    for (const ClaimSpec& c : spec_.claims)
      if (samples_a_sphere(c.value.root) || samples_a_sphere(c.bound.root))
        search.not_searchable = "a claim reads an expectation over a sphere, always sampled: an optimizer would fit "
                                "the sampling noise of its estimate";
  }

  // Whether the length `length` sizes a vector or matrix input.
  bool sizes_an_input(const std::string& length) const {
    return std::any_of(spec_.inputs.begin(), spec_.inputs.end(), [&](const InputSpec& in) {
      return in.length == length || in.rows == length || in.cols == length;
    });
  }

  bool breaks_an_assumption(const Case& c) const {
    try {
      check_assumptions(c);
      return false;
    } catch (const InputError&) {
      return true;
    }
  }

  // A structured generator draws the inputs it knows: the file must declare exactly those (its
  // lengths aside), or its cases would be refused one by one.
  void refuse_generator_of_other_inputs() const {
    if (spec_.suite.generator == SuiteSpec::Generator::Shapes) return;
    const Case drawn = generated({.seed = 0, .count = 1}, 0).front();
    std::set<std::string> drawn_names, declared_names;
    for (const auto& [name, value] : drawn.numbers) drawn_names.insert(name);
    std::set<std::string> required_names;  // an input with a default may be left out of a case
    for (const InputSpec& in : spec_.inputs)
      if (in.kind != Kind::Length && !in.is_choice()) {
        declared_names.insert(in.name);
        if (in.fallback.empty()) required_names.insert(in.name);
      }
    for (const InputSpec& in : spec_.inputs)
      if (in.is_choice() && !drawn.options.contains(in.name))
        throw InputError(spec_.suite.place + ": the generator draws no option '" + in.name + "', which the file's choice reads");
    if (!std::includes(drawn_names.begin(), drawn_names.end(), required_names.begin(), required_names.end()) ||
        !std::includes(declared_names.begin(), declared_names.end(), drawn_names.begin(), drawn_names.end())) {
      const auto listed = [](const std::set<std::string>& names) {
        std::string text;
        for (const std::string& n : names) text += (text.empty() ? "" : ", ") + n;
        return text;
      };
      throw InputError(spec_.suite.place + ": the generator draws the inputs " + listed(drawn_names) +
                       "; the file declares " + listed(declared_names) + " (lengths aside)");
    }
  }

  // The number of input `in` in case `c`, or its default where the case gives none; of a choice,
  // the code of the case's option. Throws InputError for a choice the case does not give or gives
  // a word it does not take.
  const ExactTensor& number(const Case& c, const InputSpec& in) const {
    if (in.is_choice()) {
      const auto word = c.options.find(in.name);
      if (word == c.options.end())
        throw InputError("the case gives no option '" + in.name + "' (one of " + choices_text(in) + ")");
      if (std::find(in.words.begin(), in.words.end(), word->second) == in.words.end())
        throw InputError("the option '" + in.name + "' must be one of " + choices_text(in) + ", not '" + word->second + "'");
      return choice_codes_.at(word->second);
    }
    const auto given = c.numbers.find(in.name);
    if (given == c.numbers.end())
      if (const auto fallback = defaults_.find(in.name); fallback != defaults_.end()) return fallback->second;
    return c.number(in.name);
  }

  // The lengths of case `c`: each as the case gives it, or where it gives none (a case from a model
  // source), the size of the first input it sizes. Throws InputError for a length nothing gives.
  std::map<std::string, std::int64_t> lengths(const Case& c) const {
    std::map<std::string, std::int64_t> sizes(c.integers);
    const auto read_off = [&](const std::string& length, std::size_t size) {
      if (!std::isdigit(static_cast<unsigned char>(length[0]))) sizes.try_emplace(length, static_cast<std::int64_t>(size));
    };
    for (const InputSpec& in : spec_.inputs) {
      const auto number = c.numbers.find(in.name);
      if (number == c.numbers.end()) continue;
      if (in.kind == Kind::Vector) read_off(in.length, number->second.size());
      if (in.kind == Kind::Matrix) {
        read_off(in.rows, number->second.rows());
        read_off(in.cols, number->second.cols());
      }
    }
    for (const InputSpec& in : spec_.inputs)
      if (in.kind == Kind::Length && sizes.find(in.name) == sizes.end()) {
        // sample_seed only seeds the draws: without it they take draw_seed's seed from the inputs
        // (a formula reading it sees that seed's upper 63 bits).
        if (in.name == "sample_seed") {
          sizes.emplace(in.name, static_cast<std::int64_t>(draw_seed(c) >> 1));
          continue;
        }
        throw InputError("the case gives no length " + in.name + ", nor an input it sizes");
      }
    return sizes;
  }

  // Evaluates every formula in binary64 intervals on the inputs' whole declared ranges (the lengths
  // at `lengths`; a positive input above 0): a divisor that may be 0 there is the file's mistake,
  // thrown as a FormulaError at its place, rather than cases left INCONCLUSIVE without a reason.
  void refuse_zero_divisors_on_ranges(const std::map<std::string, std::int64_t>& lengths) const {
    // An [[assume]] may keep a divisor away from 0 where the ranges do not (a direction v != 0):
    // the ranges alone do not decide then, and a case whose divisor holds 0 stays INCONCLUSIVE.
    if (!spec_.assumptions.empty()) return;
    const Program<DoubleInterval> refusing(program_inputs(), spec_.definitions, formulas(), true,
                                           {.refuse_zero_divisors = true});
    // A choice takes each of its values in turn (a kernel reads one code, not a range of them).
    std::vector<std::size_t> choice(spec_.inputs.size(), 0);
    for (std::size_t k = 0; k < spec_.inputs.size();) {
      on_ranges(refusing, lengths, choice);
      for (k = 0; k < spec_.inputs.size(); ++k) {
        if (!spec_.inputs[k].is_choice()) continue;
        if (++choice[k] < spec_.inputs[k].values.size()) break;
        choice[k] = 0;
      }
    }
  }

  // One evaluation of `refusing` on the inputs' ranges, choice k at its value choice[k].
  void on_ranges(const Program<DoubleInterval>& refusing, const std::map<std::string, std::int64_t>& lengths,
                 const std::vector<std::size_t>& choice) const {
    std::vector<formula::Value<DoubleInterval>> ranges;
    for (std::size_t k = 0; k < spec_.inputs.size(); ++k) {
      const InputSpec& in = spec_.inputs[k];
      if (in.kind == Kind::Length) {
        ranges.emplace_back(DoubleInterval(lengths.at(in.name)));
        continue;
      }
      if (in.is_choice()) {
        ranges.emplace_back(DoubleInterval(ExactTensor::literal(in.values[choice[k]]).approx(0)));
        continue;
      }
      double low = lower_end_of(ExactTensor::literal(in.low).template entry<DoubleInterval>(0));
      if (in.positive && !(low > 0)) low = std::numeric_limits<double>::denorm_min();
      const DoubleInterval range =
          DoubleInterval::from_ends(low, upper_end_of(ExactTensor::literal(in.high).template entry<DoubleInterval>(0)));
      const auto [rows, cols] = dimensions(in, lengths);
      if (in.kind == Kind::Scalar) ranges.emplace_back(range);
      else if (in.kind == Kind::Vector) ranges.emplace_back(Vector<DoubleInterval>(Vector<DoubleInterval>::Constant(rows, range)));
      else ranges.emplace_back(Matrix<DoubleInterval>(Matrix<DoubleInterval>::Constant(rows, cols, range)));
    }
    Run<DoubleInterval> evaluation(refusing, std::move(ranges), {});
    evaluation.define_all();
    for (std::size_t k = 0; k < 2 * spec_.claims.size(); ++k) evaluation.scalar(k);
  }

  // What the programs read: the inputs in the file's order (a length is a scalar).
  std::vector<formula::ProgramInput> program_inputs() const {
    std::vector<formula::ProgramInput> inputs;
    for (const InputSpec& in : spec_.inputs) {
      if (in.kind == Kind::Vector) inputs.push_back({in.name, formula::Shape::Vector, in.length, "1"});
      else if (in.kind == Kind::Matrix) inputs.push_back({in.name, formula::Shape::Matrix, in.rows, in.cols});
      else inputs.push_back({in.name, formula::Shape::Scalar, "1", "1"});
    }
    return inputs;
  }

  // The formulas a program computes: each claim's value and bound, then each assumption's, then
  // each quantity's value.
  std::vector<const formula::Formula*> formulas() const {
    std::vector<const formula::Formula*> all;
    for (const ClaimSpec& c : spec_.claims) all.insert(all.end(), {&c.value, &c.bound});
    for (const ClaimSpec& a : spec_.assumptions) all.insert(all.end(), {&a.value, &a.bound});
    for (const QuantitySpec& q : spec_.quantities) all.push_back(&q.value);
    return all;
  }
  std::size_t assumption_at(std::size_t k) const { return 2 * (spec_.claims.size() + k); }
  std::size_t quantity_at(std::size_t k) const { return assumption_at(spec_.assumptions.size()) + k; }

  template <class R>
  Program<R> compile() const {
    return Program<R>(program_inputs(), spec_.definitions, formulas(), true);
  }
  template <class R>
  const Program<R>& program() const {
    return std::get<Program<R>>(programs_);
  }

  // The matrix v in R, its entries converted in place (not a row-major conversion copied, which
  // set every entry twice: L d numbers of softmax-weight-bounds' keys per round).
  template <class R>
  static Matrix<R> column_major(const ExactTensor& v) {
    Matrix<R> m(static_cast<Eigen::Index>(v.rows()), static_cast<Eigen::Index>(v.cols()));
    for (Eigen::Index k = 0; k < m.cols(); ++k)  // in the order of m's storage, a column at a time
      for (Eigen::Index r = 0; r < m.rows(); ++r) m(r, k) = v.template entry<R>(static_cast<std::size_t>(r * m.cols() + k));
    return m;
  }

  // An evaluation of the program for R on the inputs of `c` (their exact values passed too).
  template <class R>
  Run<R> run(const Case& c, bool compute_unread = true) const {
    const std::map<std::string, std::int64_t> sizes = lengths(c);
    std::vector<formula::Value<R>> values;
    std::vector<const ExactTensor*> exact;
    for (const InputSpec& in : spec_.inputs) {
      if (in.kind == Kind::Length) {
        values.emplace_back(R(sizes.at(in.name)));
        exact.push_back(nullptr);
        continue;
      }
      const ExactTensor& v = number(c, in);
      if (in.kind == Kind::Scalar) values.emplace_back(v.template entry<R>(0));
      else if (in.kind == Kind::Vector) values.emplace_back(v.template to_vector<R>());
      else values.emplace_back(column_major<R>(v));
      exact.push_back(&v);
    }
    return Run<R>(program<R>(), std::move(values), std::move(exact), compute_unread);
  }

  // Whether assumption `a` (formulas `at` and at + 1 of the run), evaluated in the interval type R,
  // holds for every point of its enclosures (decided as a claim's verdict is: never on a rounded guess).
  template <class R>
  static bool certainly_holds(const ClaimSpec& a, Run<R>& run, std::size_t at) {
    R value = run.scalar(at);
    const Claim<R> claim{"", std::move(value), run.scalar(at + 1), a.relation};
    const Verdict v = classify(slack_of(claim), a.relation, Evidence::Certified, VerdictPolicy{}, working_precision(),
                               false);
    return v == Verdict::Proven || v == Verdict::NearTight || v == Verdict::EqualExact;
  }

  // Whether assumption `a` (formulas `at` and at + 1) holds at case `c` in exact arithmetic
  // (Calcium), where no enclosure decided it: inputs whose literals are no doubles, a logit 0.1 and
  // a range a = 0.1. A sign Calcium does not decide, or no value, does not hold.
  bool exactly_holds(const ClaimSpec& a, const Case& c, std::size_t at) const {
    try {
      Run<ExactReal> r = run<ExactReal>(c);
      ExactReal value = r.scalar(at);
      const Claim<ExactReal> claim{"", std::move(value), r.scalar(at + 1), a.relation};
      const ExactSign s = sign_of(slack_value(claim));
      if (a.relation == Relation::Equal) return s == ExactSign::Zero;
      const bool strict = a.relation == Relation::Less || a.relation == Relation::Greater;
      return s == ExactSign::Positive || (!strict && s == ExactSign::Zero);
    } catch (const OutsideDomain&) {
      return false;
    }
  }

  // A claim that reads an expectation sampled at this case is statistical (its sides a confidence
  // interval), the others certified.
  template <class R>
  Sides<R> evaluate(const Case& c, const EvalContext& ctx) const {
    Run<R> r = run<R>(c);
    if (sampled_expectations_ > 0) {
      r.expectations() = {.confidence = ctx.confidence, .expectations = sampled_expectations_, .seed = draw_seed(c),
                          .doublings = ctx.sample_doublings};
      if constexpr (std::is_same_v<R, Interval>)
        if (ctx.exact.units > 0)
          r.expectations().exact_draws.decide = [this, &c, &ctx](const formula::ExactSphereDraws::Request& q) {
            return draws_decided_in_child(c, ctx, q);
          };
    }
    std::vector<std::pair<R, R>> sides;
    for (std::size_t k = 0; k < spec_.claims.size(); ++k) {
      R value = r.scalar(2 * k);
      sides.emplace_back(std::move(value), r.scalar(2 * k + 1));
    }
    Sides<R> s;
    for (std::size_t k = 0; k < spec_.claims.size(); ++k)
      s.claim(claim_names_[k], std::move(sides[k].first), spec_.claims[k].relation, std::move(sides[k].second),
              r.expectations().sampled && claim_samples_[k] ? Evidence::Statistical : Evidence::Certified);
    record_quantities(r, s);
    return s;
  }

  // The request's draws of a sphere expectation on case `c` narrowed to their exact values, in the
  // thread's child of exact evaluations (decide_sphere_draws), within ctx's budget and time limit:
  // the first ones decided, none past the time limit. Throws std::logic_error where an exact value
  // lies outside its enclosure (a bug in one of the two evaluations).
  std::vector<Interval> draws_decided_in_child(const Case& c, const EvalContext& ctx,
                                               const formula::ExactSphereDraws::Request& q) const {
    ByteWriter request;
    request.text(spec_.info.id);
    request.text(case_to_json(c).dump());
    request.integer(ctx.exact.units);
    request.integer(ctx.exact.generators);
    request.integer(ctx.sample_doublings);
    request.integer(Mpfr::thread_default_precision());
    request.integer(Interval::thread_default_precision());
    request.text(q.place);
    request.real(q.radius);
    request.integer(q.draws.size());
    for (std::size_t j = 0; j < q.draws.size(); ++j) {
      request.integer(q.draws[j]);
      request.interval(q.values[j]);
    }
    const std::optional<std::string> answer = run_exact_task_within(ctx.exact_time_limit, kSphereDrawTask, request.bytes());
    if (!answer) return {};  // over the time limit, stalled, out of memory
    ByteReader r(*answer);
    const std::uint64_t decided = r.integer();
    if (decided == kBug) throw std::logic_error(r.text());
    std::vector<Interval> narrowed;
    for (std::uint64_t j = 0; j < decided; ++j) narrowed.push_back(r.interval());
    return narrowed;
  }

 public:
  // The child's side of draws_decided_in_child: the draws evaluated exactly on case `c` at `seed`.
  void decide_draws_exactly(const Case& c, const ExactBudget& budget, unsigned doublings,
                            formula::ExactSphereDraws::Request& q) const {
    ExactScope scope(budget);  // outlives every number made in it
    Run<ExactReal> r = run<ExactReal>(c);
    r.expectations() = {.expectations = sampled_expectations_, .seed = draw_seed(c), .doublings = doublings};
    r.expectations().exact_draws.answering = &q;
    // The formula holding the expectation reaches it first: each is evaluated until one has.
    for (std::size_t k = 0; k < quantity_at(spec_.quantities.size()) && !q.answered; ++k) try {
        r.scalar(k);
      } catch (const OutsideDomain&) {
      } catch (const NoExactForm&) {
      }
  }

 private:
  // The file's [[quantity]]s on case `c`, for reports. A verdict never waits on one: the exact tier
  // records none (a quantity may have no exact form), and one without a value here is left out.
  template <class R>
  void record_quantities(Run<R>& r, Sides<R>& s) const {
    if constexpr (!std::is_same_v<R, ExactReal>)
      for (std::size_t k = 0; k < spec_.quantities.size(); ++k) try {
          s.quantity(spec_.quantities[k].name, r.scalar(quantity_at(k)));
        } catch (const OutsideDomain&) {
        }
  }

  // One of the values of input `in` for case shape `shape`: the smallest or the largest for the
  // range ends, else any.
  static const std::string& choose(random::Rng& rng, const InputSpec& in, std::size_t shape) {
    if (shape == 3) return random::uniform_index(rng, 0, 1) ? in.high : in.low;
    return in.values[random::uniform_index(rng, 0, in.values.size() - 1)];
  }

  // One value of input `in` for case shape `shape`, inside its range.
  static double draw_value(random::Rng& rng, const InputSpec& in, std::size_t shape) {
    const double lo = in.draw_low, hi = in.draw_high;
    double x;
    if (shape == 3) x = random::uniform_index(rng, 0, 1) ? hi : lo;
    else if (shape == 4 && lo > 0 && hi > 100 * lo) x = std::exp(random::uniform(rng, std::log(lo), std::log(hi)));
    else x = random::uniform(rng, lo, hi);
    if (in.integer) return std::clamp(std::round(x), std::ceil(lo), std::floor(hi));
    return std::clamp(x, lo, hi);
  }

  // Case i of the suite `request` asks for: drawn as in the default suite, then the shape parts
  // the request sets put in (so that the default suite does not depend on them).
  Case draw(const SuiteRequest& request, std::size_t i, const std::string& id, std::size_t shape) const {
    const std::uint64_t seed = request.seed;
    const random::RequestedShape want(request, i);
    random::Rng rng = random::rng_for(seed, id, i);
    Case c;
    c.theorem = spec_.info.id;
    std::string sizes;
    for (const InputSpec& in : spec_.inputs)
      if (in.kind == Kind::Length) {
        const std::size_t drawn =
            in.values.empty()
                ? random::uniform_index(rng, static_cast<std::size_t>(std::ceil(in.draw_low)),
                                        static_cast<std::size_t>(std::floor(in.draw_high)))
                : static_cast<std::size_t>(ExactTensor::literal(choose(rng, in, shape)).approx(0));
        const std::size_t size = !in.values.empty() ? drawn
                                 : in.name == "L"   ? want.L(drawn)
                                 : in.name == "d"   ? want.d(drawn)
                                 : in.name == "N"   ? want.N(drawn)
                                                    : drawn;
        c.integers[in.name] = static_cast<std::int64_t>(size);
        sizes += " " + in.name + "=" + std::to_string(c.integers[in.name]);
      }
    std::string words;
    for (const InputSpec& in : spec_.inputs) {
      if (in.kind == Kind::Length) continue;
      if (in.is_choice()) {
        c.options[in.name] = choice_word(in, choose(rng, in, shape));
        words += " " + in.name + "=" + c.options[in.name];
        continue;
      }
      if (!in.values.empty()) {
        c.numbers[in.name] = ExactTensor::literal(choose(rng, in, shape));
        continue;
      }
      const auto [rows, cols] = dimensions(in, c.integers);
      const std::size_t n = rows * cols;
      std::vector<double> values(n);
      const double tied = draw_value(rng, in, shape);
      for (double& v : values) v = shape == 1 || shape == 2 ? tied : draw_value(rng, in, shape);
      if (shape == 2 && !in.integer && n > 1) {
        // One entry moved by a relative 2^-40, towards the inside of the range.
        const std::size_t k = random::uniform_index(rng, 0, n - 1);
        const double step = values[k] == 0 ? std::ldexp(1.0, -40) : std::abs(values[k]) * std::ldexp(1.0, -40);
        if (values[k] + step <= in.draw_high) values[k] += step;
        else if (values[k] - step >= in.draw_low) values[k] -= step;
      }
      c.numbers[in.name] = ExactTensor(rows, cols, std::move(values));
      if (in.kind == Kind::Scalar && in.name == "T" && in.values.empty() && !want.T("").empty())
        c.numbers[in.name] = ExactTensor::literal(want.T(""));
    }
    c.label = std::string(kShapeNames[shape]) + sizes + words;
    c.provenance = {{"source", "random"}, {"generator", kShapeNames[shape]}, {"seed", std::to_string(seed)}};
    return c;
  }

  TheoremSpec spec_;
  std::map<std::string, ExactTensor> defaults_;  // of the inputs with a default, by name
  std::map<std::string, ExactTensor> choice_codes_;  // the code of each word of a choice input
  // The file's formulas compiled for each tier's number type (verify/formula/formula_program.hpp).
  std::tuple<Program<double>, Program<Mpfr>, Program<DoubleInterval>, Program<Interval>, Program<ExactReal>> programs_;
  std::vector<std::string> claim_names_;
  std::vector<bool> claim_samples_;  // whether claim k reads a sampled expectation
  std::size_t sampled_expectations_ = 0;
};

}  // namespace

std::string decide_sphere_draws(const std::string& input) {
  try {
    ByteReader r(input);
    const Theorem* theorem = find(r.text());
    const auto* file = dynamic_cast<const FileTheorem*>(theorem);
    if (!file) throw std::logic_error("sphere draws asked of a theorem that is no theorem file");
    const Case c = case_from_json(nlohmann::json::parse(r.text()));
    ExactBudget budget;
    budget.units = r.integer();
    budget.generators = static_cast<unsigned>(r.integer());
    const auto doublings = static_cast<unsigned>(r.integer());
    Mpfr::thread_default_precision(static_cast<unsigned>(r.integer()));
    Interval::thread_default_precision(static_cast<unsigned>(r.integer()));
    formula::ExactSphereDraws::Request q;
    q.place = r.text();
    q.radius = r.real();
    for (std::uint64_t n = r.integer(), j = 0; j < n; ++j) {
      q.draws.push_back(r.integer());
      q.values.push_back(r.interval());
    }
    file->decide_draws_exactly(c, budget, doublings, q);
    ByteWriter answer;
    answer.integer(q.narrowed.size());
    for (const Interval& x : q.narrowed) answer.interval(x);
    return answer.bytes();
  } catch (const std::logic_error& e) {
    ByteWriter bug;
    bug.integer(kBug);
    bug.text(e.what());
    return bug.bytes();
  }
}

std::unique_ptr<Theorem> make_file_theorem(TheoremSpec spec) { return std::make_unique<FileTheorem>(std::move(spec)); }

formula::TheoremSpec read_theorem_file_spec(const std::string& path) {
  return formula::read_theorem_spec(read_input_file(path, "theorem file"), path);
}

std::unique_ptr<Theorem> read_theorem_file(const std::string& path) { return make_file_theorem(read_theorem_file_spec(path)); }

}  // namespace nb::theorems
