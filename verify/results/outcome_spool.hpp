#pragma once
// Every outcome of a run whose results are bounded (verify/results/outcome_keeper.hpp), kept on
// disk rather than in memory as the chunks are decided (in any order: MPI ranks send theirs as
// they finish), and written back as the complete results: the JSON that results_to_json writes of
// the same run holding every outcome, made a piece at a time so that it is never held whole.
#include <cstddef>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "verify/engine/outcome.hpp"
#include "verify/results/results.hpp"

namespace nb {

class OutcomeSpool {
 public:
  // For a run whose theorem t has cases_per_theorem[t] cases, refs numbered theorem by theorem
  // (plan_case_refs). Throws WriteError when no temporary file can be made.
  explicit OutcomeSpool(std::vector<std::size_t> cases_per_theorem);

  // The outcomes of refs[first, first + outcomes.size()).
  void add(std::size_t first, const std::vector<CaseOutcome>& outcomes);

  // The complete results as JSON text with two-space indentation and sorted keys, piece by piece:
  // results_to_json(bounded), each theorem with the outcomes spooled for it (in case order), their
  // number as its "cases", and no "kept". `bounded` are the run's bounded results.
  void write_results(const RunResults& bounded, const std::function<void(const std::string&)>& write) const;

 private:
  struct Chunk {
    std::size_t first = 0, count = 0;
    long offset = 0;
  };
  std::vector<std::size_t> cases_per_theorem_;
  std::vector<Chunk> chunks_;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file_;
  long size_ = 0;
};

}  // namespace nb
