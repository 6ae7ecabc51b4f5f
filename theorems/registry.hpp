#pragma once
// Every theorem of the process, by id: the
// theorem folder's files (theorems/theorem_folder.hpp), read on first use in every process (the
// program, its children, tests, benchmarks), then the theorem files added.
#include <memory>
#include <string>
#include <vector>

#include "verify/engine/theorem.hpp"
#include "verify/io/time_limited_child.hpp"

namespace nb::theorems {

// A theorem file as this process read it, once: its path as given, its text and that text's
// SHA-256 (empty in a child, which has the text from its parent), and the theorem it states.
// Every tier, and every child of exact decisions, evaluates that text, whatever happens to the
// file afterwards.
struct TheoremFileRead {
  std::string path, text, sha256;
  const Theorem* theorem = nullptr;
};

// Every registered theorem, in registration order: the C++ ones, the theorem folder's files in name
// order, then the files added (`list` and `check --all` show them in the paper's order:
// verify/cli/paper_reference.hpp). Ids are unique. The first call reads the folder; it throws InputError
// when the folder is missing or a file of it cannot be read or states no theorem (naming the file,
// line and column), and is tried again at the next call.
const std::vector<std::unique_ptr<Theorem>>& all();

// Reads the theorem file at `path` and adds its theorem after the others, for the rest of the
// process; a file of the theorem folder (the same file, by canonical path) is not added twice: its
// theorem is returned. Call it before any theorem is evaluated. Throws InputError as all() does,
// and when the file's id is taken.
const Theorem* add_theorem_file(const std::string& path);

// The theorem with this id, or nullptr.
const Theorem* find(const std::string& id);

// Up to `count` registered ids closest to `id` (edit distance, then order), for "did you mean".
std::vector<std::string> closest_ids(const std::string& id, std::size_t count = 3);

// The file that states `theorem`, as read; nullptr for a theorem stated in C++.
const TheoremFileRead* theorem_file_read(const Theorem& theorem);

// The file of the theorem folder that states the theorem `id`, or "" when none does.
std::string theorem_folder_file(const std::string& id);

// From now on the children of exact decisions are fresh processes, `program` followed, once
// theorem files are registered, by kTheoremTexts (theorems/theorem_texts.hpp) and a sealed file of
// their texts as this process read them; `program` calls use_theorem_texts_of with it before
// any use of the registry. Without this call they are forks, which hold the registry anyway.
void run_exact_workers_with_theorem_texts(FreshProgram program);

// In a fresh child of exact decisions: the theorem files are the texts in `file`, as the parent
// read them, in place of the folder's. Call it before any use of the registry.
void use_theorem_texts_of(const std::string& file);

}  // namespace nb::theorems
