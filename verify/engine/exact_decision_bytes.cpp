#include "verify/engine/exact_decision_bytes.hpp"

#include <cstdint>
#include <new>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"
#include "verify/engine/process_bytes.hpp"

namespace nb {
namespace {

// Every field below travels; one added to these types must be added here (the sizes catch most).
static_assert(sizeof(VerdictPolicy) == sizeof(double), "send the new field of VerdictPolicy");
static_assert(sizeof(ExactBudget) == 16, "send the new field of ExactBudget");
static_assert(sizeof(EvalContext) == 48, "send the new field of EvalContext");

// What the answer starts with.
enum class Answer : std::uint64_t { Decided, InputFailure, OtherFailure };

// The arguments of decide_claims_exactly that it changes.
struct DecisionState {
  Sides<Interval> sides;
  std::vector<Verdict> verdicts;
  std::vector<SlackEnclosure> slacks;
};

void write_budget(ByteWriter& w, const ExactBudget& b) {
  w.integer(b.units);
  w.integer(b.generators);
}

ExactBudget read_budget(ByteReader& r) {
  ExactBudget b;
  b.units = r.integer();
  b.generators = static_cast<unsigned>(r.integer());
  return b;
}

void write_state(ByteWriter& w, const Sides<Interval>& sides, const std::vector<Verdict>& verdicts,
                 const std::vector<SlackEnclosure>& slacks) {
  w.integer(sides.claims.size());
  for (const Claim<Interval>& claim : sides.claims) {
    w.text(claim.name);
    w.interval(claim.value);
    w.interval(claim.bound);
    w.enumerator(claim.relation);
    w.enumerator(claim.evidence);
  }
  w.integer(sides.quantities.size());
  for (const auto& [name, q] : sides.quantities) {
    w.text(name);
    w.interval(q);
  }
  w.integer(verdicts.size());
  for (Verdict v : verdicts) w.enumerator(v);
  w.integer(slacks.size());
  for (const SlackEnclosure& s : slacks) {
    for (const Mpfr* x : {&s.lo, &s.hi, &s.relative_lo, &s.relative_hi, &s.bound_magnitude}) w.number(*x);
    w.integer(s.relative_is_absolute);
    w.integer(s.known);
  }
}

// Numbers are moved into place, never assigned: they keep the precision they were sent with,
// whatever the reader's working precision.
DecisionState read_state(ByteReader& r) {
  DecisionState d;
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    std::string name = r.text();
    Interval value = r.interval();
    Interval bound = r.interval();
    const Relation relation = r.enumerator(Relation::Equal);
    const Evidence evidence = r.enumerator(Evidence::Statistical);
    d.sides.claim(std::move(name), std::move(value), relation, std::move(bound), evidence);
  }
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    std::string name = r.text();
    d.sides.quantity(std::move(name), r.interval());
  }
  for (std::uint64_t n = r.integer(); n > 0; --n) d.verdicts.push_back(r.enumerator(Verdict::EqualExact));
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    Mpfr lo = r.number(), hi = r.number(), relative_lo = r.number(), relative_hi = r.number();
    Mpfr bound_magnitude = r.number();
    const bool relative_is_absolute = r.integer() != 0;
    const bool known = r.integer() != 0;
    d.slacks.push_back({std::move(lo), std::move(hi), std::move(relative_lo), std::move(relative_hi),
                        relative_is_absolute, std::move(bound_magnitude), known});
  }
  return d;
}

// The case's JSON text when it reads back as exactly `c`.
std::optional<std::string> exact_case_text(const Case& c) {
  const nlohmann::json j = case_to_json(c);
  try {
    const Case back = case_from_json(j);
    if (!(back == c) || case_to_json(back) != j) return std::nullopt;
  } catch (const InputError&) {
    return std::nullopt;
  }
  return j.dump();
}

}  // namespace

std::optional<std::string> exact_decision_request(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                                  const ExactBudget& budget, const SlackClassifier& classify,
                                                  const Sides<Interval>& sides, const std::vector<Verdict>& verdicts,
                                                  const std::vector<SlackEnclosure>& slacks) {
  const std::optional<std::string> case_text = exact_case_text(c);
  if (!case_text) return std::nullopt;
  ByteWriter w;
  w.text(theorem.info().id);
  w.text(*case_text);
  w.real(ctx.confidence);
  w.integer(ctx.seed);
  w.integer(ctx.sample_doublings);
  write_budget(w, ctx.exact);
  w.real(ctx.exact_time_limit);
  write_budget(w, budget);
  w.real(classify.policy.near_tight);
  w.integer(classify.bits);
  w.integer(classify.final_precision);
  w.integer(classify.problem_size);
  // Boost's working precisions (in decimal digits), which set_working_precision sets alike.
  w.integer(Mpfr::thread_default_precision());
  w.integer(Interval::thread_default_precision());
  write_state(w, sides, verdicts, slacks);
  return w.bytes();
}

std::string answer_exact_decision_request(const std::string& request, TheoremFinder find) {
  DecisionState state;
  return exact_decision_answer(
      [&] {
        ByteReader r(request);
        const std::string id = r.text();
        const Theorem* theorem = find ? find(id) : nullptr;
        if (theorem == nullptr) throw std::logic_error("an exact decision's process does not know theorem '" + id + "'");
        const Case c = case_from_json(nlohmann::json::parse(r.text()));
        EvalContext ctx;
        ctx.confidence = r.real();
        ctx.seed = r.integer();
        ctx.sample_doublings = static_cast<unsigned>(r.integer());
        ctx.exact = read_budget(r);
        ctx.exact_time_limit = r.real();
        const ExactBudget budget = read_budget(r);
        SlackClassifier classify;
        classify.policy.near_tight = r.real();
        classify.bits = static_cast<unsigned>(r.integer());
        classify.final_precision = r.integer() != 0;
        classify.problem_size = r.integer();
        Mpfr::thread_default_precision(static_cast<unsigned>(r.integer()));
        Interval::thread_default_precision(static_cast<unsigned>(r.integer()));
        state = read_state(r);
        if (!r.at_end()) throw std::logic_error("an exact decision's request holds more than its arguments");
        return decide_claims_exactly(*theorem, c, ctx, budget, classify, state.sides, state.verdicts, state.slacks);
      },
      state.sides, state.verdicts, state.slacks);
}

std::string exact_decision_answer(const std::function<std::string()>& decide, const Sides<Interval>& sides,
                                  const std::vector<Verdict>& verdicts, const std::vector<SlackEnclosure>& slacks) {
  ByteWriter w;
  try {
    const std::string exact = decide();
    w.enumerator(Answer::Decided);
    w.text(exact);
    write_state(w, sides, verdicts, slacks);
  } catch (const std::bad_alloc&) {
    throw;  // the child's out-of-memory exit
  } catch (const std::length_error&) {
    // A size beyond what a container holds (a string of 2^62 digits): memory running out as well,
    // which leaves the case TIGHT ("exact evaluation out of memory"), not a failure of normbound's.
    throw std::bad_alloc();
  } catch (const InputError& e) {
    w = {};
    w.enumerator(Answer::InputFailure);
    w.text(e.what());
  } catch (const std::exception& e) {
    w = {};
    w.enumerator(Answer::OtherFailure);
    w.text(e.what());
  }
  return w.bytes();
}

std::string read_exact_decision_answer(const std::string& answer, Sides<Interval>& sides,
                                       std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks) {
  ByteReader r(answer);
  const Answer kind = r.enumerator(Answer::OtherFailure);
  const std::string text = r.text();
  if (kind == Answer::InputFailure) throw InputError(text);
  if (kind != Answer::Decided) throw std::logic_error(text);
  DecisionState state = read_state(r);
  if (!r.at_end() || state.sides.claims.size() != sides.claims.size() ||
      state.sides.quantities.size() != sides.quantities.size() || state.verdicts.size() != verdicts.size() ||
      state.slacks.size() != slacks.size())
    throw std::logic_error("a child process answered another exact decision");
  sides = std::move(state.sides);
  verdicts = std::move(state.verdicts);
  slacks = std::move(state.slacks);
  return text;
}

}  // namespace nb
