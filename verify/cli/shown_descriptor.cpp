#include "verify/cli/shown_descriptor.hpp"

#include <cstdlib>
#include <fstream>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace nb::cli {
namespace {

// Open MPI's launchers, by the name /proc gives their process.
bool launched_by_mpirun(pid_t parent) {
  std::ifstream comm("/proc/" + std::to_string(parent) + "/comm");
  std::string name;
  std::getline(comm, name);
  return name == "mpirun" || name == "mpiexec" || name == "orterun" || name == "prterun";
}

}  // namespace

ShownDescriptor::ShownDescriptor(int fd) {
  // Open MPI sets it in every rank's environment (as RankWorld reads it).
  if (std::getenv("OMPI_COMM_WORLD_SIZE") == nullptr) {
    fd_ = fd;
    return;
  }
  const pid_t parent = ::getppid();
  if (!launched_by_mpirun(parent)) return;
  const std::string path = "/proc/" + std::to_string(parent) + "/fd/" + std::to_string(fd);
  // Only a character device can be a terminal; opening a pipe's end or a file is not needed to
  // know it is none (and opening a FIFO could wait for a writer).
  struct stat target {};
  if (::stat(path.c_str(), &target) != 0 || !S_ISCHR(target.st_mode)) return;
  fd_ = ::open(path.c_str(), O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
  opened_ = fd_ >= 0;
}

ShownDescriptor::~ShownDescriptor() {
  if (opened_) ::close(fd_);
}

}  // namespace nb::cli
