#include "verify/cli/theorem_files.hpp"

#include <cstdlib>

#include <fcntl.h>
#include <unistd.h>

#include "theorems/registry.hpp"
#include "verify/io/recorded_path.hpp"

namespace nb::cli {
namespace {

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

std::vector<const Theorem*> add_theorem_files(const std::vector<std::string>& files) {
  theorems::all();
  std::vector<const Theorem*> theorems_of_files;
  for (const std::string& file : files) theorems_of_files.push_back(theorems::add_theorem_file(file));
  pause_for_a_test();
  return theorems_of_files;
}

std::vector<InputSource> theorem_file_sources(const std::vector<const Theorem*>& run) {
  std::vector<InputSource> sources;
  for (const Theorem* t : run)
    if (const theorems::TheoremFileRead* read = theorems::theorem_file_read(*t))
      sources.push_back({"theorem-file", recorded_path(read->path), read->sha256, {{"theorem", t->info().id}}});
  return sources;
}

std::vector<reports::ReportFile> report_theorem_file_copies(const std::vector<const Theorem*>& theorems) {
  std::vector<reports::ReportFile> copies;
  for (const Theorem* t : theorems)
    if (const theorems::TheoremFileRead* read = theorems::theorem_file_read(*t))
      copies.push_back({std::string(kReportTheoremsDirectory) + "/" + t->info().id + ".toml", read->text});
  return copies;
}

std::string theorem_file_arguments(const std::vector<std::string>& files) {
  std::string arguments;
  for (const std::string& file : files) arguments += " --theorem-file " + file;
  return arguments;
}

}  // namespace nb::cli
