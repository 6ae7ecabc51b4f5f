#include "verify/exact_decision_in_child.hpp"

#include <cstdint>
#include <new>
#include <sstream>
#include <stdexcept>

#include "verify/errors.hpp"
#include "verify/process_bytes.hpp"
#include "verify/time_limited_child.hpp"

namespace nb {
namespace {

// What the child's answer starts with.
enum class Answer : std::uint64_t { Decided, InputFailure, OtherFailure };

// Everything decide_claims_exactly may change, in a fixed order.
void write_state(ByteWriter& w, const Sides<Interval>& sides, const std::vector<Verdict>& verdicts,
                 const std::vector<SlackEnclosure>& slacks) {
  for (Verdict v : verdicts) w.integer(static_cast<std::uint64_t>(v));
  for (const SlackEnclosure& s : slacks) {
    for (const Mpfr* x : {&s.lo, &s.hi, &s.relative_lo, &s.relative_hi, &s.bound_magnitude}) w.number(*x);
    w.integer(s.relative_is_absolute);
    w.integer(s.known);
  }
  for (const Claim<Interval>& claim : sides.claims) {
    w.interval(claim.value);
    w.interval(claim.bound);
  }
  for (const auto& [name, q] : sides.quantities) w.interval(q);
}

void read_state(ByteReader& r, Sides<Interval>& sides, std::vector<Verdict>& verdicts,
                std::vector<SlackEnclosure>& slacks) {
  for (Verdict& v : verdicts) {
    const std::uint64_t n = r.integer();
    if (n > static_cast<std::uint64_t>(Verdict::EqualExact)) throw std::logic_error("a child process sent no verdict");
    v = static_cast<Verdict>(n);
  }
  for (SlackEnclosure& s : slacks) {
    for (Mpfr* x : {&s.lo, &s.hi, &s.relative_lo, &s.relative_hi, &s.bound_magnitude}) *x = r.number();
    s.relative_is_absolute = r.integer() != 0;
    s.known = r.integer() != 0;
  }
  for (Claim<Interval>& claim : sides.claims) {
    claim.value = r.interval();
    claim.bound = r.interval();
  }
  for (auto& [name, q] : sides.quantities) q = r.interval();
  if (!r.at_end()) throw std::logic_error("a child process sent more than its exact decision");
}

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << seconds;
  return s.str();
}

}  // namespace

std::string decide_claims_exactly_within(double cpu_seconds, const Theorem& theorem, const Case& c,
                                         const EvalContext& ctx, const ExactBudget& budget,
                                         const SlackClassifier& classify, Sides<Interval>& sides,
                                         std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks) {
  if (!wants_exact_decision(verdicts, budget)) return "";
  // Runs in the child, on its copy of the arguments.
  const auto decide = [&] {
    ByteWriter w;
    try {
      const std::string exact = decide_claims_exactly(theorem, c, ctx, budget, classify, sides, verdicts, slacks);
      w.integer(static_cast<std::uint64_t>(Answer::Decided));
      w.text(exact);
      write_state(w, sides, verdicts, slacks);
    } catch (const std::bad_alloc&) {
      throw;  // the child's out-of-memory exit
    } catch (const InputError& e) {
      w = {};
      w.integer(static_cast<std::uint64_t>(Answer::InputFailure));
      w.text(e.what());
    } catch (const std::exception& e) {
      w = {};
      w.integer(static_cast<std::uint64_t>(Answer::OtherFailure));
      w.text(e.what());
    }
    return w.bytes();
  };
  const ChildEnd end = run_in_time_limited_child(decide, cpu_seconds);
  switch (end.kind) {
    case ChildEnd::Kind::Answered: break;
    case ChildEnd::Kind::OverTimeLimit:
      return kExactUndecided + kExactOverTimeLimit + " (" + seconds_text(cpu_seconds) + " s of CPU)";
    case ChildEnd::Kind::OutOfMemory: return kExactUndecided + "exact evaluation out of memory";
    case ChildEnd::Kind::Stalled: return kExactUndecided + "exact evaluation stalled";
    case ChildEnd::Kind::Failed: return kExactUndecided + "exact evaluation failed: " + end.failure;
  }
  ByteReader r(end.answer);
  const std::uint64_t kind = r.integer();
  const std::string text = r.text();
  if (kind == static_cast<std::uint64_t>(Answer::InputFailure)) throw InputError(text);
  if (kind != static_cast<std::uint64_t>(Answer::Decided)) throw std::logic_error(text);
  read_state(r, sides, verdicts, slacks);
  return text;
}

}  // namespace nb
