#pragma once
// What `normbound check` runs, built from its options: the theorems selected (ids, --all,
// --paper-ref, --fidelity, --theorem-file, --case), each with its cases (a source's rows, a
// regime's cases, saved case files, or its pinned cases and its suite), the engine settings and
// the run's record. The command itself only calls these, runs the plan and prints.
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "verify/cli/check_command.hpp"
#include "verify/results/run.hpp"

namespace nb::cli {

struct CheckSelection {
  std::vector<const Theorem*> theorems;               // in the order checked
  std::vector<const Theorem*> file_theorems;          // those of --theorem-file, in order
  std::map<std::string, std::vector<Case>> replayed;  // the --case files' cases, by theorem id
  std::vector<std::string> case_file_sha256;          // of each --case file, "" unless hashed
};

// The theorems and saved cases `o` names, the theorem files registered. The --case files are
// hashed only with `hash_case_files` (saved results record the hash; it costs about as much as
// reading the numbers). Throws UsageError for a selection that names nothing or contradicts
// itself, InputError naming a case file that cannot be read or breaks its theorem's assumptions.
CheckSelection select_checked(const CheckOptions& o, bool hash_case_files);

// The plan's settings and record, before its theorems (worker_threads notes go to `err`).
RunPlan check_settings(const CheckOptions& o, std::string command_line, std::ostream& err);

// "normbound VERSION: seed S, ..." and, in a regime, its description: the run's first lines.
void print_check_header(const CheckOptions& o, const RunPlan& plan, std::size_t ranks, std::ostream& out);

// Adds the theorems of `selection` to `plan`, each with its cases, and where they came from to its
// record (the replayed cases moved out of `selection`); a run on a source's or a regime's cases
// measures the looseness. Says on `out` what it leaves out or adds (the source, its short rows,
// theorems it cannot run, pinned cases).
void add_checked_cases(const CheckOptions& o, CheckSelection& selection, RunPlan& plan, std::ostream& out);

}  // namespace nb::cli
