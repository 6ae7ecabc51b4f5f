#include "verify/engine/verdict.hpp"

#include <algorithm>
#include <array>

#include "verify/io/errors.hpp"

namespace nb {
namespace {

struct VerdictNames {
  Verdict verdict;
  const char* name;
  const char* key;
};
constexpr std::array<VerdictNames, kVerdictCount> kNames{{
    {Verdict::Proven, "PROVEN", "proven"},
    {Verdict::NearTight, "NEAR-TIGHT", "near_tight"},
    {Verdict::Tight, "TIGHT", "tight"},
    {Verdict::Violated, "VIOLATED", "violated"},
    {Verdict::Inconclusive, "INCONCLUSIVE", "inconclusive"},
    {Verdict::HoldsStatistical, "HOLDS (statistical)", "holds_statistical"},
    {Verdict::ViolatedStatistical, "VIOLATED (statistical)", "violated_statistical"},
    {Verdict::UndecidedStatistical, "UNDECIDED (statistical)", "undecided_statistical"},
    {Verdict::EqualExact, "EQUAL (exact)", "equal_exact"},
    {Verdict::Refused, "REFUSED", "refused"},
}};

// Severity order of deciding_claim: lower is reported first.
int severity(Verdict v) {
  switch (v) {
    case Verdict::Violated: return 0;
    case Verdict::ViolatedStatistical: return 1;
    case Verdict::Inconclusive: return 2;
    case Verdict::UndecidedStatistical: return 3;
    case Verdict::Tight: return 4;
    case Verdict::EqualExact: return 5;
    case Verdict::NearTight: return 6;
    case Verdict::HoldsStatistical: return 7;
    case Verdict::Proven: return 8;
    case Verdict::Refused: return 9;
  }
  return 2;
}

}  // namespace

const char* verdict_name(Verdict v) {
  for (const auto& n : kNames)
    if (n.verdict == v) return n.name;
  return "?";
}

const char* verdict_key(Verdict v) {
  for (const auto& n : kNames)
    if (n.verdict == v) return n.key;
  return "?";
}

Verdict verdict_from_key(const std::string& key) {
  for (const auto& n : kNames)
    if (key == n.key) return n.verdict;
  throw InputError("unknown verdict '" + key + "'");
}

bool is_statistical(Verdict v) {
  return v == Verdict::HoldsStatistical || v == Verdict::ViolatedStatistical ||
         v == Verdict::UndecidedStatistical;
}

Verdict classify(const SlackEnclosure& s, Relation relation, Evidence evidence,
                 const VerdictPolicy& policy, unsigned bits, bool final_precision,
                 std::size_t problem_size) {
  const bool statistical = evidence == Evidence::Statistical;
  if (!s.known) return statistical ? Verdict::UndecidedStatistical : Verdict::Inconclusive;

  bool holds = false, fails = false;
  switch (relation) {
    case Relation::LessEqual:
    case Relation::GreaterEqual:
      holds = s.lo >= 0;
      fails = s.hi < 0;
      break;
    case Relation::Less:
    case Relation::Greater:
      holds = s.lo > 0;
      fails = s.hi <= 0;
      break;
    case Relation::Equal:
      holds = s.lo == 0 && s.hi == 0;
      fails = s.lo > 0 || s.hi < 0;
      break;
  }
  if (statistical)
    return holds ? Verdict::HoldsStatistical : fails ? Verdict::ViolatedStatistical : Verdict::UndecidedStatistical;
  // A rigorous enclosure that is the point 0 certifies slack = 0 as an exact evaluation does: an
  // inequality's bound is attained (a strict relation's [0, 0] fails above).
  if (holds && relation != Relation::Equal && s.lo == 0 && s.hi == 0) return classify_exact(ExactSign::Zero, relation);
  // An equality has no slack to be near; a proven inequality with little room is flagged.
  if (holds)
    return relation != Relation::Equal && s.relative_hi < Mpfr(policy.near_tight) ? Verdict::NearTight
                                                                                 : Verdict::Proven;
  if (fails) return Verdict::Violated;
  if (final_precision && s.lo <= 0 && s.hi >= 0) {
    // Resolution 2^-(bits-8) n^2 relative to the bound's scale (absolute when |bound| < 1).
    const Mpfr scale = s.bound_magnitude > 1 ? s.bound_magnitude : Mpfr(1);
    const Mpfr n = Mpfr(std::max<std::size_t>(problem_size, 1));
    const Mpfr resolution = ldexp(scale * n * n, -static_cast<int>(bits) + 8);
    if (s.hi - s.lo < resolution) return Verdict::Tight;
  }
  return Verdict::Inconclusive;
}

Verdict classify_exact(ExactSign slack, Relation relation) {
  const bool strict = relation == Relation::Less || relation == Relation::Greater;
  switch (slack) {
    case ExactSign::Zero: return strict ? Verdict::Violated : Verdict::EqualExact;
    case ExactSign::Positive: return relation == Relation::Equal ? Verdict::Violated : Verdict::Proven;
    case ExactSign::Negative: return Verdict::Violated;
    case ExactSign::Unknown: break;
  }
  return Verdict::Tight;
}

bool needs_more_precision(Verdict v) { return v == Verdict::Inconclusive; }

bool is_settled(Verdict v, const SlackEnclosure& s, Relation relation, const VerdictPolicy& policy) {
  switch (v) {
    case Verdict::Proven: return relation == Relation::Equal || s.relative_lo >= Mpfr(policy.near_tight);
    case Verdict::NearTight:
    case Verdict::EqualExact:
    case Verdict::Violated:
    case Verdict::HoldsStatistical:
    case Verdict::ViolatedStatistical: return true;
    case Verdict::Tight:
    case Verdict::Inconclusive:
    case Verdict::UndecidedStatistical:
    case Verdict::Refused: return false;
  }
  return false;
}

std::size_t deciding_claim(const std::vector<Verdict>& verdicts, const std::vector<SlackEnclosure>& slacks) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < verdicts.size(); ++i) {
    const int a = severity(verdicts[i]), b = severity(verdicts[best]);
    if (a < b || (a == b && slacks[i].relative_lo < slacks[best].relative_lo)) best = i;
  }
  return best;
}

}  // namespace nb
