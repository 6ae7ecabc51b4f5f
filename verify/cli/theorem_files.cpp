#include "verify/cli/theorem_files.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <map>
#include <system_error>

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/engine/exact_decision_in_child.hpp"
#include "verify/engine/process_bytes.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/input_file.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::cli {
namespace {

namespace fs = std::filesystem;

// The `*.toml` files of `folder`, in name order (so that every run lists them alike).
std::vector<fs::path> folder_files(const std::string& folder) {
  std::error_code error;
  if (!fs::is_directory(folder, error))
    throw InputError(std::string(kTheoremFolderVariable) + " names '" + folder + "', which is not a folder");
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder))
    if (entry.path().extension() == ".toml" && entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A theorem file as this run reads it, once: every tier, and every child of exact decisions,
// evaluates this text, whatever happens to the file afterwards.
TheoremFileRead load(const fs::path& file) {
  TheoremFileRead f{file.string(), "", "", nullptr};
  f.text = read_input_file(file, "theorem file", f.sha256);
  return f;
}

std::unique_ptr<Theorem> theorem_stated(const std::string& path, const std::string& text) {
  return theorems::make_file_theorem(formula::read_theorem_spec(text, path));
}

// The texts of `files` in a sealed memory file (no one can change it), which the children of exact
// decisions read through /proc/PID/fd/N as the arguments of kServeExactDecisions say: a text may
// be larger than an argument can be. Returns the descriptor.
int sealed_texts(const std::deque<TheoremFileRead>& files) {
  ByteWriter w;
  w.integer(files.size());
  for (const TheoremFileRead& f : files) {
    w.text(f.path);
    w.text(f.text);
  }
  const int fd = ::memfd_create("normbound-theorem-texts", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot hold the theorem files' texts");
  for (std::size_t done = 0; done < w.bytes().size();) {
    const ssize_t n = ::write(fd, w.bytes().data() + done, w.bytes().size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = errno;
      ::close(fd);
      throw std::system_error(error, std::generic_category(), "cannot hold the theorem files' texts");
    }
    done += static_cast<std::size_t>(n);
  }
  ::fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
  return fd;
}

// The theorem files added so far (the folder's by canonical path too), and the memory file that
// hands their texts to the children of exact decisions.
struct AddedFiles {
  std::map<fs::path, const Theorem*> of_folder;
  std::deque<TheoremFileRead> files;  // a deque: theorem_file_read hands out pointers into it
  int texts_fd = -1;

  const Theorem* add(TheoremFileRead file, std::unique_ptr<Theorem> theorem) {
    file.theorem = theorem.get();
    theorems::add(std::move(theorem));
    files.push_back(std::move(file));
    return files.back().theorem;
  }

  // Makes the children of exact decisions fresh processes that add these texts.
  void hand_to_children() {
    if (files.empty()) return;
    const int fd = sealed_texts(files);
    if (texts_fd >= 0) ::close(texts_fd);
    texts_fd = fd;
    run_exact_workers_as({"/proc/self/exe", std::string(kServeExactDecisions), std::string(kTheoremTexts),
                          "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd)});
  }
};

// The files added, the folder's added on first use.
AddedFiles& added_files() {
  static AddedFiles added = [] {
    AddedFiles a;
    const std::string folder = theorem_folder();
    if (!folder.empty())
      for (const fs::path& file : folder_files(folder)) {
        TheoremFileRead loaded = load(file);
        std::unique_ptr<Theorem> theorem = theorem_stated(loaded.path, loaded.text);
        const Theorem* t = a.add(std::move(loaded), std::move(theorem));
        a.of_folder[fs::canonical(file)] = t;
      }
    return a;
  }();
  return added;
}

// A test's seam: with kPauseAfterReading naming a file, creates it and waits (up to a minute) until
// the test removes it, so that the test can change the theorem files between this run's reading
// and its evaluation (tests/cli/theorem_file_read_once.sh).
void pause_for_a_test() {
  const char* pause = std::getenv(kPauseAfterReading);
  if (pause == nullptr || *pause == '\0') return;
  if (const int fd = ::open(pause, O_WRONLY | O_CREAT | O_CLOEXEC, 0600); fd >= 0) ::close(fd);
  for (int i = 0; i < 6000 && ::access(pause, F_OK) == 0; ++i) ::usleep(10'000);
}

}  // namespace

std::string theorem_folder() {
  if (const char* folder = std::getenv(kTheoremFolderVariable)) return folder;
  std::error_code error;
  // An installed binary finds its folder relative to itself, so that the prefix may move; a
  // build-tree binary has none there and reads the source tree it was built from.
  const fs::path installed =
      fs::read_symlink("/proc/self/exe", error).parent_path() / NORMBOUND_INSTALLED_THEOREM_DIR;
  if (!error && fs::is_directory(installed, error)) return installed.lexically_normal().string();
  return fs::is_directory(NORMBOUND_DEFAULT_THEOREM_DIR, error) ? NORMBOUND_DEFAULT_THEOREM_DIR : "";
}

std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files) {
  AddedFiles& added = added_files();
  std::vector<const Theorem*> theorems_of_files;
  for (const std::string& file : files) {
    std::error_code error;
    const auto in_folder = added.of_folder.find(fs::canonical(file, error));
    if (!error && in_folder != added.of_folder.end()) {
      theorems_of_files.push_back(in_folder->second);
      continue;
    }
    TheoremFileRead loaded = load(file);
    std::unique_ptr<Theorem> theorem = theorem_stated(loaded.path, loaded.text);
    const std::string id = theorem->info().id;
    const Theorem* taken = theorems::find(id);
    for (const auto& [path, folder_theorem] : added.of_folder)
      if (folder_theorem == taken)
        throw InputError("theorem id '" + id + "' of '" + file + "' is taken by " + path.filename().string() +
                         " in the theorem folder (" + kTheoremFolderVariable + "= leaves the folder out)");
    theorems_of_files.push_back(added.add(std::move(loaded), std::move(theorem)));
  }
  added.hand_to_children();
  pause_for_a_test();
  return theorems_of_files;
}

const TheoremFileRead* theorem_file_read(const Theorem& theorem) {
  for (const TheoremFileRead& f : added_files().files)
    if (f.theorem == &theorem) return &f;
  return nullptr;
}

std::vector<InputSource> theorem_file_sources(const std::vector<const Theorem*>& run) {
  std::vector<InputSource> sources;
  for (const Theorem* t : run)
    if (const TheoremFileRead* read = theorem_file_read(*t))
      sources.push_back({"theorem-file", recorded_path(read->path), read->sha256, {{"theorem", t->info().id}}});
  return sources;
}

std::vector<reports::ReportFile> report_theorem_file_copies(const std::vector<const Theorem*>& theorems) {
  std::vector<reports::ReportFile> copies;
  for (const Theorem* t : theorems)
    if (const TheoremFileRead* read = theorem_file_read(*t))
      copies.push_back({std::string(kReportTheoremsDirectory) + "/" + t->info().id + ".toml", read->text});
  return copies;
}

std::string theorem_folder_file(const std::string& id) {
  for (const auto& [path, theorem] : added_files().of_folder)
    if (theorem->info().id == id) return path.string();
  return "";
}

std::string theorem_file_arguments(const std::vector<std::string>& files) {
  std::string arguments;
  for (const std::string& file : files) arguments += " --theorem-file " + file;
  return arguments;
}

void add_theorem_files_of_child(int argc, char** argv) {
  if (argc < 4 || std::string_view(argv[2]) != kTheoremTexts) return;
  const std::string bytes = read_input_file(argv[3], "theorem texts");
  ByteReader r(bytes);
  for (std::uint64_t n = r.integer(); n > 0; --n) {
    const std::string path = r.text(), text = r.text();
    theorems::add(theorem_stated(path, text));
  }
}

}  // namespace nb::cli
