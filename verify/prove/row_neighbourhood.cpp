#include "verify/prove/row_neighbourhood.hpp"

#include <cctype>

#include "verify/io/errors.hpp"
#include "verify/numbers/number_literal.hpp"

namespace nb::prove {
namespace {

using formula::InputSpec;
using Kind = InputSpec::Kind;

// The lengths of `row`: its integers, then each length as the size of the first input it sizes.
std::map<std::string, std::int64_t> row_lengths(const formula::TheoremSpec& spec, const Case& row) {
  std::map<std::string, std::int64_t> sizes;
  const auto read_off = [&](const std::string& length, std::size_t size) {
    if (!length.empty() && !std::isdigit(static_cast<unsigned char>(length[0])))
      sizes.try_emplace(length, static_cast<std::int64_t>(size));
  };
  for (const InputSpec& in : spec.inputs)
    if (const auto given = row.integers.find(in.name); in.kind == Kind::Length && given != row.integers.end())
      sizes.emplace(in.name, given->second);
  for (const InputSpec& in : spec.inputs) {
    const auto number = row.numbers.find(in.name);
    if (number == row.numbers.end()) continue;
    if (in.kind == Kind::Vector) read_off(in.length, number->second.size());
    if (in.kind == Kind::Matrix) {
      read_off(in.rows, number->second.rows());
      read_off(in.cols, number->second.cols());
    }
  }
  for (const InputSpec& in : spec.inputs)
    if (in.kind == Kind::Length && !sizes.contains(in.name))
      throw InputError(row.label + ": the row gives no length " + in.name + ", nor an input it sizes");
  return sizes;
}

Mpfr lowest_slack_end(const BoxVerdict& v) {
  Mpfr lo = std::numeric_limits<double>::infinity();
  for (const SlackEnclosure& s : v.slacks) {
    if (!s.known) return not_a_number<Mpfr>();
    if (s.lo < lo) lo = s.lo;
  }
  return v.slacks.empty() ? not_a_number<Mpfr>() : lo;
}

}  // namespace

const char* row_method_key(RowMethod m) { return m == RowMethod::WholeBox ? "one box" : "split"; }

Region row_region(const formula::TheoremSpec& spec, const Case& row, const Rational& radius) {
  Region region;
  region.sizes = row_lengths(spec, row);
  for (const InputSpec& in : spec.inputs) {
    if (in.kind == Kind::Length) continue;
    const auto number = row.numbers.find(in.name);
    if (number == row.numbers.end() && in.fallback.empty())
      throw InputError(row.label + ": the row has no input " + in.name);
    const auto [rows, cols] = formula::dimensions(in, region.sizes);
    if (number != row.numbers.end() && number->second.size() != rows * cols)
      throw InputError(row.label + ": input " + in.name + " has " + std::to_string(number->second.size()) +
                       " entries where its lengths give " + std::to_string(rows * cols));
    const Rational widen = in.kind == Kind::Scalar ? Rational(0) : radius;
    for (std::size_t k = 0; k < rows * cols; ++k) {
      std::string label = in.name;
      if (in.kind == Kind::Vector) label += "[" + std::to_string(k) + "]";
      if (in.kind == Kind::Matrix) label += "[" + std::to_string(k / cols) + "][" + std::to_string(k % cols) + "]";
      const Rational at = number != row.numbers.end() ? number->second.exact(k) : read_number_literal(in.fallback, in.name);
      region.coordinates.push_back({in.name, k, label});
      region.box.lo.push_back(at - widen);
      region.box.hi.push_back(at + widen);
    }
  }
  return region;
}

RowProof prove_row(const formula::TheoremSpec& spec, const Region& region, const std::vector<std::size_t>& claims,
                   BoxForms split_forms, const ProofSettings& settings, const CertifyFn& certify) {
  RowProof out;
  // The whole box in the natural form: derivatives in thousands of coordinates would cost
  // thousands of evaluations, and the range kernels already take the inputs' dependence.
  const BoxStatement whole(spec, region, claims, BoxKernels::Range, {}, BoxForms::Natural);
  const BoxVerdict v = whole.evaluate<DoubleInterval>(region.box);
  out.slack_lo = lowest_slack_end(v);
  if (v.status == BoxStatus::Holds || v.status == BoxStatus::OutsideAssumptions) {
    out.outcome = ProofOutcome::ProvenOnRegion;
    out.outside_assumptions = v.status == BoxStatus::OutsideAssumptions;
    return out;
  }
  if (region.coordinates.size() <= kMaxRegionCoordinates) {
    out.method = RowMethod::Split;
    const BoxStatement split(spec, region, claims, BoxKernels::Range, {}, split_forms);
    RegionProof proof = prove_region(split, spec, region, settings, certify);
    out.outcome = proof.outcome;
    out.boxes = 1 + proof.boxes;
    out.stopped_by = proof.stopped_by;
    out.witness = std::move(proof.witness);
    for (const ProofLeaf& l : proof.leaves)
      if (l.status == LeafStatus::Residual) {
        out.residual = l.box;
        break;
      }
    return out;
  }
  // Too many coordinates to split: the row itself (the box's centre) may still be a counterexample.
  if (certify)
    if (std::optional<Case> w = certify(point_case(spec, region, midpoint(region.box)))) {
      out.outcome = ProofOutcome::Violated;
      out.witness = std::move(w);
      return out;
    }
  out.residual = region.box;
  out.stopped_by = std::to_string(region.coordinates.size()) + " coordinates, beyond splitting (at most " +
                   std::to_string(kMaxRegionCoordinates) + ")";
  return out;
}

}  // namespace nb::prove
