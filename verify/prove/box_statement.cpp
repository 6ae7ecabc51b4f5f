#include "verify/prove/box_statement.hpp"

#include <algorithm>
#include <limits>
#include <numeric>
#include <utility>

#include "verify/io/errors.hpp"
#include "verify/numbers/arb_numbers.hpp"  // first: is_interval_v<ArbInterval> before the templates ask it
#include "verify/numbers/enclosure_intersection.hpp"
#include "verify/numbers/outside_domain.hpp"
#include "verify/kernels/top_weight_downdate_gap.hpp"
#include "verify/prove/gradient_number.hpp"
#include "verify/prove/ordered_cone.hpp"
#include "verify/prove/sampled_expectations.hpp"
#include "verify/engine/slack_of_enclosure.hpp"
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

// Names bound for an evaluation on a box: each length to its size, coordinate k of each input to
// entry(k) (an enclosure of its interval, in V).
template <class V, class Entry>
Bindings<V> input_bindings(const formula::TheoremSpec& spec, const Region& region, const Entry& entry) {
  Bindings<V> names;
  for (const auto& [name, size] : region.sizes) names[name] = V(size);
  std::vector<V> values;
  for (std::size_t k = 0; k < region.coordinates.size(); ++k) values.push_back(entry(k));
  cone_entries(region, values);  // an ordered cone's coordinates to its input's entries
  for (std::size_t k = 0; k < region.coordinates.size();) {
    const std::string& input = region.coordinates[k].input;
    const InputSpec* in = nullptr;
    for (const InputSpec& i : spec.inputs)
      if (i.name == input) in = &i;
    const auto [rows, cols] = formula::dimensions(*in, region.sizes);
    Matrix<V> m(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < cols; ++c, ++k) m(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)) = values[k];
    if (in->kind == InputSpec::Kind::Scalar) names[input] = m(0, 0);
    else if (in->kind == InputSpec::Kind::Vector) names[input] = Vector<V>(m.col(0));
    else names[input] = m;
  }
  return names;
}

// Whether the definitions and claims of `spec` compile for the prove gradients: false where one
// calls a function that has no derivative kernel, whichever it is (the compiler's mark,
// NoDerivativeKernel), so that no list of such functions can fall behind the vocabulary.
bool compiles_with_derivatives(const formula::TheoremSpec& spec, const Region& region) {
  using G = Gradient<DoubleInterval>;
  const Bindings<G> names = input_bindings<G>(spec, region, [&](std::size_t k) {
    return G(enclosure<DoubleInterval>(region.box.lo[k], region.box.hi[k]));
  });
  std::vector<const formula::Formula*> formulas;
  for (const formula::ClaimSpec& c : spec.claims) {
    formulas.push_back(&c.value);
    formulas.push_back(&c.bound);
  }
  try {
    const formula::Program<G> compiled(formula::detail::inputs_of(names), spec.definitions, formulas, true);
  } catch (const formula::NoDerivativeKernel&) {
    return false;
  }
  return true;
}

// slack(c) + sum_k g_k (x_k - c_k) over the coordinates k of `varying` (position p of varying
// holds coordinate varying[p], whose derivative is g.gradient[p]; an empty gradient is 0), with
// x_k - c_k enclosed from the exact rational differences of the ends: by the mean value theorem
// (Lebourg's for the Clarke gradients of abs and max), an enclosure of the slack at every point
// of `box` when g encloses the derivatives over `box` and every other coordinate is fixed at c.
template <class R>
R mean_value_form(const R& at_midpoint, const Gradient<R>& g, const Box& box, const std::vector<Rational>& c,
                  const std::vector<std::size_t>& varying) {
  R out = at_midpoint;
  for (std::size_t p = 0; p < g.gradient.size(); ++p) {
    const std::size_t k = varying[p];
    out += g.gradient[p] * enclosure<R>(box.lo[k] - c[k], box.hi[k] - c[k]);
  }
  return out;
}

// `slack`, the enclosure of a claim's slack on a box with `names` bound to the box's enclosures,
// intersected with the enclosure of the claim's joint slack (verify/formula/joint_slack.hpp).
template <class R>
R with_joint_slack(const R& slack, const std::optional<formula::JointSlack>& joint, const Bindings<R>& names) {
  if (!joint) return slack;
  const formula::Value<R> logits = formula::evaluate_over_box(joint->arguments[0], names);
  const formula::Value<R> T = formula::evaluate_over_box(joint->arguments[1], names);
  if (!std::holds_alternative<Vector<R>>(logits) || !std::holds_alternative<R>(T)) return slack;
  return intersection(slack, top_weight_over_jacobian_norm_slack(std::get<Vector<R>>(logits), std::get<R>(T)));
}

// Whether a claim's verdict says it holds at every point of the enclosures.
bool holds(Verdict v) { return v == Verdict::Proven || v == Verdict::NearTight || v == Verdict::EqualExact; }

}  // namespace

const char* box_forms_key(BoxForms f) { return f == BoxForms::Natural ? "natural" : "mean-value"; }

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
                           BoxKernels kernels, VerdictPolicy policy, BoxForms forms)
    : spec_(spec),
      region_(region),
      claims_(std::move(claims)),
      kernels_(kernels),
      policy_(policy),
      forms_(forms) {
  refuse_sampled_expectations(spec_, region_.sizes);
  differentiable_ = forms_ == BoxForms::MeanValue && compiles_with_derivatives(spec_, region_);
  if (claims_.empty()) {
    claims_.resize(spec_.claims.size());
    std::iota(claims_.begin(), claims_.end(), std::size_t{0});
  }
  for (std::size_t k : claims_)
    if (k >= spec_.claims.size())
      throw UsageError("claim " + std::to_string(k + 1) + " of " + spec_.info.id + " does not exist (it states " +
                       std::to_string(spec_.claims.size()) + ")");
  joint_.resize(spec_.claims.size());
  for (auto& [k, joint] : joint_slacks(spec_, claims_, kernels_)) joint_[k] = std::move(joint);
}

std::vector<std::pair<std::size_t, formula::JointSlack>> joint_slacks(const formula::TheoremSpec& spec,
                                                                     const std::vector<std::size_t>& claims,
                                                                     BoxKernels kernels) {
  std::vector<std::pair<std::size_t, formula::JointSlack>> out;
  if (kernels == BoxKernels::Engine) return out;
  std::vector<std::size_t> all = claims;
  if (all.empty())
    for (std::size_t k = 0; k < spec.claims.size(); ++k) all.push_back(k);
  for (std::size_t k : all)
    if (k < spec.claims.size())
      if (std::optional<formula::JointSlack> joint = formula::joint_slack(spec, spec.claims[k])) out.emplace_back(k, std::move(*joint));
  return out;
}

template <class R>
std::vector<R> BoxStatement::natural_slacks(const Box& box, const std::vector<std::size_t>& which) const {
  Bindings<R> names = input_bindings<R>(spec_, region_, [&](std::size_t k) { return enclosure<R>(box.lo[k], box.hi[k]); });
  const auto scalar = [&](const formula::Formula& f) {
    return kernels_ == BoxKernels::Range ? std::get<R>(formula::evaluate_over_box(f, names)) : formula::evaluate_scalar(f, names);
  };
  for (const auto& [name, f] : spec_.definitions)
    names[name] = kernels_ == BoxKernels::Range ? formula::evaluate_over_box(f, names) : formula::evaluate(f, names);
  std::vector<R> out;
  for (std::size_t k : which) {
    const formula::ClaimSpec& c = spec_.claims[k];
    out.push_back(with_joint_slack(slack_value(Claim<R>{"", scalar(c.value), scalar(c.bound), c.relation}), joint_[k], names));
  }
  return out;
}

template <class R>
void BoxStatement::tighten(const Box& box, const std::vector<bool>& tighten, std::vector<R>& slacks) const {
  // Derivatives with respect to the coordinates of width > 0; the others are constants.
  std::vector<std::size_t> varying;
  for (std::size_t k = 0; k < box.lo.size(); ++k)
    if (box.lo[k] != box.hi[k]) varying.push_back(k);
  const std::vector<Rational> c = midpoint(box);
  std::vector<R> offsets;  // x_k - c_k over the box, for the centred values (gradient_number.hpp)
  for (std::size_t k : varying) offsets.push_back(enclosure<R>(box.lo[k] - c[k], box.hi[k] - c[k]));
  Bindings<Gradient<R>> names = input_bindings<Gradient<R>>(spec_, region_, [&](std::size_t k) {
    Gradient<R> x(enclosure<R>(box.lo[k], box.hi[k]));
    for (std::size_t p = 0; p < varying.size(); ++p)
      if (varying[p] == k) {
        std::vector<R> unit(varying.size(), R(0));
        unit[p] = R(1);
        x = Gradient<R>(x.value, std::move(unit), enclosure<R>(c[k], c[k]), &offsets);
      }
    return x;
  });
  for (const auto& [name, f] : spec_.definitions) names[name] = formula::evaluate(f, names);
  for (std::size_t j = 0; j < claims_.size(); ++j) {
    if (!tighten[j]) continue;
    const formula::ClaimSpec& claim = spec_.claims[claims_[j]];
    const Gradient<R> g = slack_value(Claim<Gradient<R>>{"", formula::evaluate_scalar(claim.value, names),
                                                         formula::evaluate_scalar(claim.bound, names), claim.relation});
    // Derivatives that are not all enclosed by finite intervals prove nothing (a sqrt at 0, a
    // quotient by an interval around 0): the natural form alone stands.
    if (!is_finite_value(g)) continue;
    // g's value already meets the mean-value form at the midpoint (centred values, gradient_number.hpp).
    slacks[j] = intersection(slacks[j], g.value);
    // Monotonicity: where d slack / d x_k > 0 on the whole box, the slack's minimum over the box
    // lies on the face x_k = lo_k (where < 0, on x_k = hi_k); on all such coordinates at once, on
    // the face with all of them collapsed. A lower end of the slack on that face is one on the box.
    Box face = box;
    std::vector<std::size_t> still_varying;
    std::vector<R> still_gradient;
    for (std::size_t p = 0; p < g.gradient.size(); ++p) {
      const std::size_t k = varying[p];
      if (lower_end_of(g.gradient[p]) > 0) face.hi[k] = face.lo[k];
      else if (upper_end_of(g.gradient[p]) < 0) face.lo[k] = face.hi[k];
      else {
        still_varying.push_back(k);
        still_gradient.push_back(g.gradient[p]);
      }
    }
    if (face == box) continue;
    const std::vector<std::size_t> one{claims_[j]};
    R on_face = natural_slacks<R>(face, one)[0];
    // The mean-value form on the face, with the derivatives over the box (which hold those over
    // the face) of the coordinates the face leaves varying.
    const std::vector<Rational> face_c = midpoint(face);
    const R at_face_midpoint = natural_slacks<R>(Box{face_c, face_c}, one)[0];
    if (is_finite_value(at_face_midpoint))
      on_face = intersection(
          on_face, mean_value_form(at_face_midpoint, Gradient<R>(g.value, still_gradient), face, face_c, still_varying));
    const auto face_lo = lower_end_of(on_face), slack_hi = upper_end_of(slacks[j]);
    if (end_is_nan(face_lo) || end_is_nan(slack_hi)) continue;
    // Only the lower end is the face's: the slack's maximum over the box need not lie on it. A
    // minimum above the maximum means one enclosure is wrong: unknown.
    slacks[j] = face_lo > slack_hi ? not_a_number<R>() : intersection(slacks[j], between(face_lo, slack_hi));
  }
}

template <class R>
BoxVerdict BoxStatement::evaluate(const Box& box, unsigned bits) const {
  // slack_of's ends are Mpfr numbers at the working precision, exact for binary64 ends at >= 53 bits.
  set_working_precision(std::is_same_v<R, DoubleInterval> ? 64 : bits);
  if constexpr (std::is_same_v<R, ArbInterval>) ArbInterval::set_precision(bits);
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

  // A box of an ordered cone's coordinates certainly beyond the region's lowest entry: no point of
  // the region there (verify/prove/ordered_cone.hpp).
  if (outside_cone_region(region_, box)) {
    out.status = BoxStatus::OutsideAssumptions;
    return out;
  }

  // An operation certainly outside its domain on the whole box (verify/numbers/outside_domain.hpp):
  // the statement has no value there, so the box is neither proved nor a counterexample; it stays
  // undecided (split, then residual). One that may be outside gives NaN enclosures: undecided too.
  try {
    Bindings<R> names = input_bindings<R>(spec_, region_, [&](std::size_t k) { return enclosure<R>(box.lo[k], box.hi[k]); });
    const auto value = [&](const formula::Formula& f) {
      return kernels_ == BoxKernels::Range ? formula::evaluate_over_box(f, names) : formula::evaluate(f, names);
    };
    const auto scalar = [&](const formula::Formula& f) {
      formula::Value<R> v = value(f);
      if (const R* x = std::get_if<R>(&v)) return *x;
      throw InputError(f.origin + ": a scalar is needed, not " + formula::shape_of(v));
    };
    const auto claim_of = [&](const formula::ClaimSpec& c) {
      return Claim<R>{"", scalar(c.value), scalar(c.bound), c.relation};
    };
    const auto verdict = [&](const Claim<R>& c, const R& slack, SlackEnclosure* enclosure) {
      const SlackEnclosure s = slack_of(c, slack);
      if (enclosure) *enclosure = s;
      return classify(s, c.relation, Evidence::Certified, policy_, working_precision(), false);
    };
    for (const auto& [name, f] : spec_.definitions) names[name] = value(f);
    for (const formula::ClaimSpec& a : spec_.assumptions) {
      const Claim<R> c = claim_of(a);
      const Verdict v = verdict(c, slack_value(c), nullptr);
      if (v == Verdict::Violated) {
        out.status = BoxStatus::OutsideAssumptions;
        return out;
      }
      undecided_assumption = undecided_assumption || !holds(v);
    }
    std::vector<Claim<R>> claims;
    std::vector<R> slacks;
    std::vector<bool> undecided;
    for (std::size_t k : claims_) {
      claims.push_back(claim_of(spec_.claims[k]));
      slacks.push_back(with_joint_slack(slack_value(claims.back()), joint_[k], names));
      undecided.push_back(!holds(verdict(claims.back(), slacks.back(), nullptr)));
    }
    if (uses_derivatives() && std::find(undecided.begin(), undecided.end(), true) != undecided.end())
      tighten<R>(box, undecided, slacks);
    bool all_hold = true, one_fails = false;
    for (std::size_t j = 0; j < claims.size(); ++j) {
      SlackEnclosure s;
      const Verdict v = verdict(claims[j], slacks[j], &s);
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
  } catch (const OutsideDomain&) {
    BoxVerdict undefined;
    undefined.undecided_width = std::numeric_limits<double>::infinity();
    return undefined;
  }
}

template BoxVerdict BoxStatement::evaluate<DoubleInterval>(const Box&, unsigned) const;
template BoxVerdict BoxStatement::evaluate<Interval>(const Box&, unsigned) const;
template BoxVerdict BoxStatement::evaluate<ArbInterval>(const Box&, unsigned) const;

}  // namespace nb::prove
