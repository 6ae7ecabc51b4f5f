#include "theorems/registry.hpp"

#include <deque>
#include <filesystem>
#include <map>
#include <optional>

#include <unistd.h>

#include "theorems/file_theorem.hpp"
#include "theorems/theorem_folder.hpp"
#include "theorems/theorem_texts.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/io/closest_names.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"

namespace nb::theorems {

namespace {

namespace fs = std::filesystem;

// The theorems, the files that state some of them, and the folder's files by canonical path.
struct Registry {
  std::vector<std::unique_ptr<Theorem>> theorems;
  std::deque<TheoremFileRead> files;  // a deque: theorem_file_read hands out pointers into it
  std::map<fs::path, const Theorem*> of_folder;
};

// What the program sets before the registry is made: the texts a child has from its parent, and
// the fresh program of the children of exact decisions (empty: forks) with the descriptor of the
// sealed texts it was last handed.
std::optional<std::vector<TheoremText>> texts_from_parent;
FreshProgram fresh_children;
int sealed_texts_fd = -1;

const Theorem* find_in(const Registry& r, const std::string& id) {
  for (const auto& t : r.theorems)
    if (t->info().id == id) return t.get();
  return nullptr;
}

// Adds the theorem `file` states.
const Theorem* add_file(Registry& r, TheoremFileRead file) {
  std::unique_ptr<Theorem> theorem = make_file_theorem(formula::read_theorem_spec(file.text, file.path));
  const std::string& id = theorem->info().id;
  if (find_in(r, id) != nullptr) {
    std::string taker = "another theorem";
    for (const auto& [path, folder_theorem] : r.of_folder)
      if (folder_theorem->info().id == id)
        taker = path.filename().string() + " in the theorem folder (" + kTheoremFolderVariable +
                "= leaves the folder out)";
    throw InputError("theorem id '" + id + "' of '" + file.path + "' is taken by " + taker);
  }
  file.theorem = theorem.get();
  r.theorems.push_back(std::move(theorem));
  r.files.push_back(std::move(file));
  return r.files.back().theorem;
}

// Every file's corrected_by names a registered theorem: a report names it beside the violation.
void check_corrections(const Registry& r) {
  for (const TheoremFileRead& f : r.files)
    if (const std::string& by = f.theorem->info().corrected_by; !by.empty() && find_in(r, by) == nullptr)
      throw InputError(f.path + ": corrected_by names '" + by + "', which is no registered theorem");
}

TheoremFileRead read_once(const fs::path& file) {
  TheoremFileRead f{file.string(), "", "", nullptr};
  f.text = read_input_file(file, "theorem file", f.sha256);
  return f;
}

// Makes the fresh children of exact decisions (if any) add the texts of every file registered.
void hand_texts_to_children(const Registry& r) {
  if (fresh_children.empty()) return;
  std::vector<TheoremText> texts;
  for (const TheoremFileRead& f : r.files) texts.emplace_back(f.path, f.text);
  const int fd = sealed_theorem_texts(texts);
  if (sealed_texts_fd >= 0) ::close(sealed_texts_fd);
  sealed_texts_fd = fd;
  FreshProgram program = fresh_children;
  program.emplace_back(kTheoremTexts);
  program.push_back("/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd));
  run_exact_workers_as(program);
}

Registry make_registry() {
  Registry r;
  if (texts_from_parent) {
    for (auto& [path, text] : *texts_from_parent) add_file(r, {path, text, "", nullptr});
  } else if (const std::string folder = theorem_folder(); !folder.empty()) {
    for (const fs::path& file : theorem_folder_files(folder)) {
      const Theorem* t = add_file(r, read_once(file));
      r.of_folder[fs::canonical(file)] = t;
    }
  }
  check_corrections(r);
  hand_texts_to_children(r);
  return r;
}

Registry& registry() {
  static const bool workers_set_up = [] {
    // The theorems exist unchanged from now on (they are only added before any is evaluated): the
    // children of exact decisions may use them.
    find_theorems_in_exact_workers(&find);
    add_exact_task(kSphereDrawTask, &decide_sphere_draws);
    return true;
  }();
  (void)workers_set_up;
  static Registry r = make_registry();
  return r;
}

}  // namespace

const std::vector<std::unique_ptr<Theorem>>& all() { return registry().theorems; }

const Theorem* add_theorem_file(const std::string& path) {
  Registry& r = registry();
  std::error_code error;
  if (const auto in_folder = r.of_folder.find(fs::canonical(path, error)); !error && in_folder != r.of_folder.end())
    return in_folder->second;
  const Theorem* added = add_file(r, read_once(path));
  check_corrections(r);
  hand_texts_to_children(r);
  return added;
}

const Theorem* find(const std::string& id) { return find_in(registry(), id); }

std::vector<std::string> closest_ids(const std::string& id, std::size_t count) {
  std::vector<std::string> ids;
  for (const auto& t : all()) ids.push_back(t->info().id);
  return closest_names(id, ids, count);
}

const TheoremFileRead* theorem_file_read(const Theorem& theorem) {
  for (const TheoremFileRead& f : registry().files)
    if (f.theorem == &theorem) return &f;
  return nullptr;
}

std::string theorem_folder_file(const std::string& id) {
  for (const auto& [path, theorem] : registry().of_folder)
    if (theorem->info().id == id) return path.string();
  return "";
}

void run_exact_workers_with_theorem_texts(FreshProgram program) {
  fresh_children = std::move(program);
  run_exact_workers_as(fresh_children);
}

void use_theorem_texts_of(const std::string& file) { texts_from_parent = read_theorem_texts(file); }

}  // namespace nb::theorems
