#pragma once
// An exact decision (verify/engine/exact_decision.hpp) as bytes that another process can act on: a request
// holds every argument of decide_claims_exactly and the caller's working precision, an answer its
// result and everything it changed, or the exception it threw. Nothing is rounded on the way:
// numbers and intervals travel bit for bit with their precision (verify/engine/process_bytes.hpp), the
// case as its JSON (verify/engine/case.hpp), only when that reads back as the very case, the theorem as its
// id. The children of verify/engine/exact_decision_in_child.hpp use it.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "verify/engine/exact_decision.hpp"

namespace nb {

// A function giving, for a theorem id, the theorem object, or nullptr.
using TheoremFinder = const Theorem* (*)(const std::string& id);

// The request to run decide_claims_exactly(theorem, c, ctx, budget, classify, sides, verdicts,
// slacks) at the calling thread's working precision; nullopt when `c` does not read back from its
// JSON in every bit (case_from_json(case_to_json(c)) differs from `c`, or writes other JSON: an
// entry -0 reads back as +0).
std::optional<std::string> exact_decision_request(const Theorem& theorem, const Case& c, const EvalContext& ctx,
                                                  const ExactBudget& budget, const SlackClassifier& classify,
                                                  const Sides<Interval>& sides, const std::vector<Verdict>& verdicts,
                                                  const std::vector<SlackEnclosure>& slacks);

// In the process that decides: runs the request on the calling thread, with the theorem find(id)
// and the request's working precision (the thread keeps it), and returns the answer. A request that
// fails before decide_claims_exactly runs (an id `find` does not know, bytes that are no request)
// is answered as decide_claims_exactly's exceptions other than InputError are (a bug);
// std::bad_alloc propagates.
std::string answer_exact_decision_request(const std::string& request, TheoremFinder find);

// The answer of `decide`, a call of decide_claims_exactly on `sides`, `verdicts` and `slacks`,
// made in the process that decides (answer_exact_decision_request; the one-off children of
// verify/engine/exact_decision_in_child.hpp). std::bad_alloc propagates.
std::string exact_decision_answer(const std::function<std::string()>& decide, const Sides<Interval>& sides,
                                  const std::vector<Verdict>& verdicts, const std::vector<SlackEnclosure>& slacks);

// In the process that asked: stores the answer's `sides`, `verdicts` and `slacks` (of the same
// claims and quantities as the request's) and returns decide_claims_exactly's result, or throws
// what it threw (InputError as InputError, anything else as std::logic_error with its message).
// Throws std::logic_error when the bytes are no answer to that request.
std::string read_exact_decision_answer(const std::string& answer, Sides<Interval>& sides,
                                       std::vector<Verdict>& verdicts, std::vector<SlackEnclosure>& slacks);

}  // namespace nb
