#include "verify/engine/exact_decision_in_child.hpp"

#include <atomic>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "verify/engine/process_bytes.hpp"
#include "verify/io/time_limited_child.hpp"

namespace nb {
namespace {

// Set once, before the children that use it are forked (an atomic: engine threads read it).
std::atomic<TheoremFinder> theorem_finder{nullptr};

// The tasks by name; filled before the first child starts (a fresh child fills its own).
std::map<std::string, ExactTask>& exact_tasks() {
  static std::map<std::string, ExactTask> tasks;
  return tasks;
}

// A request to a thread's child: the name of a task ("" for a decision of claims), then its bytes.
std::string framed(const std::string& task, const std::string& bytes) {
  ByteWriter w;
  w.text(task);
  w.text(bytes);
  return w.bytes();
}

// What a thread's child does with a request: a decision of claims finds the theorem with the
// finder the process held when the child started, which is set, since no child is asked before
// it is; a task is found by its name, as added then.
std::string answer_request(const std::string& request) {
  ByteReader r(request);
  const std::string task = r.text(), bytes = r.text();
  if (task.empty()) return answer_exact_decision_request(bytes, theorem_finder.load());
  const auto found = exact_tasks().find(task);
  if (found == exact_tasks().end()) throw std::logic_error("no exact task named " + task);
  return found->second(bytes);
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

void add_exact_task(const std::string& name, ExactTask task) { exact_tasks().emplace(name, task); }

std::optional<std::string> run_exact_task_within(double cpu_seconds, const std::string& name,
                                                 const std::string& input) {
  ChildEnd end = thread_worker().run(framed(name, input), cpu_seconds);
  if (end.kind != ChildEnd::Kind::Answered) return std::nullopt;
  return std::move(end.answer);
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
  const ChildEnd end = request ? thread_worker().run(framed("", *request), cpu_seconds)
                               : run_in_time_limited_child(decide_here, cpu_seconds);
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
