#include "verify/prove/box_statement.hpp"

#include <limits>
#include <numeric>
#include <utility>

#include "verify/errors.hpp"
#include "verify/formula/formula_evaluation.hpp"

namespace nb::prove {
namespace {

using formula::Bindings;
using formula::InputSpec;

// The enclosure in R of [lo, hi]: the low end's enclosure's low end to the high end's high end.
template <class R>
R enclosure(const Rational& lo, const Rational& hi) {
  const R a = rational_to<R>(lo), b = rational_to<R>(hi);
  if constexpr (std::is_same_v<R, DoubleInterval>) return DoubleInterval::from_ends(a.lower(), b.upper());
  else return between(lower_end_of(a), upper_end_of(b));
}

// Whether a claim's verdict says it holds at every point of the enclosures.
bool holds(Verdict v) { return v == Verdict::Proven || v == Verdict::NearTight || v == Verdict::EqualExact; }

}  // namespace

const char* box_status_key(BoxStatus s) {
  switch (s) {
    case BoxStatus::Holds: return "holds";
    case BoxStatus::Fails: return "fails";
    case BoxStatus::OutsideAssumptions: return "outside-assumptions";
    case BoxStatus::Undecided: return "undecided";
  }
  return "undecided";
}

BoxStatement::BoxStatement(const formula::TheoremSpec& spec, const Region& region, std::vector<std::size_t> claims,
                           BoxKernels kernels, VerdictPolicy policy)
    : spec_(spec), region_(region), claims_(std::move(claims)), kernels_(kernels), policy_(policy) {
  if (claims_.empty()) {
    claims_.resize(spec_.claims.size());
    std::iota(claims_.begin(), claims_.end(), std::size_t{0});
  }
  for (std::size_t k : claims_)
    if (k >= spec_.claims.size())
      throw UsageError("claim " + std::to_string(k + 1) + " of " + spec_.info.id + " does not exist (it states " +
                       std::to_string(spec_.claims.size()) + ")");
}

template <class R>
BoxVerdict BoxStatement::evaluate(const Box& box, unsigned bits) const {
  // slack_of's ends are Mpfr numbers at the working precision, exact for binary64 ends at >= 53 bits.
  set_working_precision(std::is_same_v<R, Interval> ? bits : 64);
  BoxVerdict out;
  // `positive` inputs: decided on the exact ends.
  bool undecided_assumption = false;
  for (std::size_t k = 0; k < region_.coordinates.size(); ++k)
    for (const InputSpec& in : spec_.inputs)
      if (in.positive && in.name == region_.coordinates[k].input) {
        if (box.hi[k] <= 0) {
          out.status = BoxStatus::OutsideAssumptions;
          return out;
        }
        undecided_assumption = undecided_assumption || box.lo[k] <= 0;
      }

  Bindings<R> names;
  for (const auto& [name, size] : region_.sizes) names[name] = R(size);
  for (std::size_t k = 0; k < region_.coordinates.size();) {
    const std::string& input = region_.coordinates[k].input;
    const InputSpec* in = nullptr;
    for (const InputSpec& i : spec_.inputs)
      if (i.name == input) in = &i;
    const auto [rows, cols] = formula::dimensions(*in, region_.sizes);
    Matrix<R> m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c, ++k)
        m(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = enclosure<R>(box.lo[k], box.hi[k]);
    if (in->kind == InputSpec::Kind::Scalar) names[input] = m(0, 0);
    else if (in->kind == InputSpec::Kind::Vector) names[input] = Vector<R>(m.col(0));
    else names[input] = m;
  }
  const auto value = [&](const formula::Formula& f) {
    return kernels_ == BoxKernels::Range ? formula::evaluate_over_box(f, names) : formula::evaluate(f, names);
  };
  const auto scalar = [&](const formula::Formula& f) {
    formula::Value<R> v = value(f);
    if (const R* x = std::get_if<R>(&v)) return *x;
    throw InputError(f.origin + ": a scalar is needed, not " + formula::shape_of(v));
  };
  const auto verdict = [&](const formula::ClaimSpec& c, SlackEnclosure* slack) {
    const SlackEnclosure s = slack_of(Claim<R>{"", scalar(c.value), scalar(c.bound), c.relation});
    if (slack) *slack = s;
    return classify(s, c.relation, Evidence::Certified, policy_, working_precision(), false);
  };
  for (const auto& [name, f] : spec_.definitions) names[name] = value(f);
  for (const formula::ClaimSpec& a : spec_.assumptions) {
    const Verdict v = verdict(a, nullptr);
    if (v == Verdict::Violated) {
      out.status = BoxStatus::OutsideAssumptions;
      return out;
    }
    undecided_assumption = undecided_assumption || !holds(v);
  }
  bool all_hold = true, one_fails = false;
  for (std::size_t k : claims_) {
    SlackEnclosure s;
    const Verdict v = verdict(spec_.claims[k], &s);
    all_hold = all_hold && holds(v);
    one_fails = one_fails || v == Verdict::Violated;
    if (!holds(v))
      out.undecided_width += s.known ? Mpfr(s.hi - s.lo).convert_to<double>() : std::numeric_limits<double>::infinity();
    out.slacks.push_back(std::move(s));
  }
  out.status = undecided_assumption ? BoxStatus::Undecided
               : all_hold           ? BoxStatus::Holds
               : one_fails          ? BoxStatus::Fails
                                    : BoxStatus::Undecided;
  return out;
}

template BoxVerdict BoxStatement::evaluate<DoubleInterval>(const Box&, unsigned) const;
template BoxVerdict BoxStatement::evaluate<Interval>(const Box&, unsigned) const;

}  // namespace nb::prove
