#include "verify/exact_decision_in_child.hpp"

#include <atomic>
#include <optional>
#include <sstream>

#include "verify/time_limited_child.hpp"

namespace nb {
namespace {

// Set once, before the children that use it are forked (an atomic: engine threads read it).
std::atomic<TheoremFinder> theorem_finder{nullptr};

// What a thread's child does with a request: it finds the theorem with the finder the process
// held when the child was forked, which is set, since no child is asked before it is.
std::string answer_request(const std::string& request) {
  return answer_exact_decision_request(request, theorem_finder.load());
}

// Set before the first exact decision (so before the threads that ask for them start).
FreshProgram exact_worker_program;

TimeLimitedWorker& thread_worker() {
  thread_local TimeLimitedWorker worker(answer_request, exact_worker_program);
  return worker;
}

std::string seconds_text(double seconds) {
  std::ostringstream s;
  s << seconds;
  return s.str();
}

}  // namespace

void find_theorems_in_exact_workers(TheoremFinder find) {
  TheoremFinder none = nullptr;
  theorem_finder.compare_exchange_strong(none, find);
}

void run_exact_workers_as(FreshProgram program) { exact_worker_program = std::move(program); }

void serve_exact_decision_requests() { serve_time_limited_requests(answer_request); }

pid_t exact_decision_worker_pid() { return thread_worker().pid(); }

std::string decide_claims_exactly_within(double cpu_seconds, const Theorem& theorem, const Case& c,
                                         const EvalContext& ctx, const ExactBudget& budget,
                                         const SlackClassifier& classify, Sides<Interval>& sides,
                                         std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks) {
  if (!wants_exact_decision(verdicts, budget)) return "";
  const TheoremFinder find = theorem_finder.load();
  std::optional<std::string> request;
  if (find != nullptr && find(theorem.info().id) == &theorem)
    request = exact_decision_request(theorem, c, ctx, budget, classify, sides, verdicts, slacks);
  // Otherwise a child of its own, on its copy of the arguments.
  const auto decide_here = [&] {
    return exact_decision_answer(
        [&] { return decide_claims_exactly(theorem, c, ctx, budget, classify, sides, verdicts, slacks); }, sides,
        verdicts, slacks);
  };
  const ChildEnd end =
      request ? thread_worker().run(*request, cpu_seconds) : run_in_time_limited_child(decide_here, cpu_seconds);
  switch (end.kind) {
    case ChildEnd::Kind::Answered: break;
    case ChildEnd::Kind::OverTimeLimit:
      return kExactUndecided + kExactOverTimeLimit + " (" + seconds_text(cpu_seconds) + " s of CPU)";
    case ChildEnd::Kind::OutOfMemory: return kExactUndecided + "exact evaluation out of memory";
    case ChildEnd::Kind::Stalled: return kExactUndecided + "exact evaluation stalled";
    case ChildEnd::Kind::Failed: return kExactUndecided + "exact evaluation failed: " + end.failure;
  }
  return read_exact_decision_answer(end.answer, sides, verdicts, slacks);
}

}  // namespace nb
