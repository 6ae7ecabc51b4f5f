#pragma once
// The certified checks of an experiment's rows, decided head by head as the heads stream past:
// a row's case (its logits and its keys' vectors) is built when the run asks for it, a chunk at a
// time (CaseList, verify/results/run.hpp), and none outlives its head, so the cases held do not
// grow with the rows. What is kept per theorem is every case's outcome and, in full, only the
// cases the summary can show (the worst case and the first violations), so that the result is the
// one a single run over all the rows would summarize.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "verify/reproduce/experiment.hpp"

namespace nb::reproduce {

class HeadChecks {
 public:
  explicit HeadChecks(const SweepSettings& settings) : s_(settings) {}

  // Decides now `count` cases of theorem `id`, case i being build(i) (called from several threads,
  // a chunk at a time), after those already checked for `id`. On an MPI job every rank calls it
  // alike; the cases are dealt over the ranks and rank 0 keeps the outcomes.
  void check(const std::string& id, std::size_t count, const std::function<Case(std::size_t)>& build);

  // Per theorem, in the order first checked: its result over all its cases (summarize, origin
  // External). Empty on ranks other than 0.
  std::vector<TheoremResult> results() const;

  double seconds() const { return seconds_; }  // wall time spent in check
  std::size_t cases() const { return cases_; }  // cases checked

 private:
  struct Tally {
    const Theorem* theorem = nullptr;
    std::vector<CaseOutcome> outcomes;  // every case checked, index = position
    std::map<std::size_t, Case> kept;   // by position: the cases summarize may show in full
  };
  Tally& tally(const std::string& id);
  SweepSettings s_;
  std::vector<std::pair<std::string, Tally>> tallies_;
  double seconds_ = 0;
  std::size_t cases_ = 0;
};

}  // namespace nb::reproduce
