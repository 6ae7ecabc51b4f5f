#pragma once
// The file descriptor whose terminal (or file, or pipe) shows what normbound writes to one of its
// own. In one process it is that descriptor. In a rank of an MPI job it is not: Open MPI gives
// each rank's standard output a pseudo-terminal of mpirun's own and copies what arrives there to
// mpirun's standard output, which may be a file or a pipe (`mpirun -np 2 normbound check ... >
// out.txt`), so a rank asking isatty would colour and wrap text bound for a file. What the user
// sees is mpirun's descriptor: a rank that mpirun started on this machine (mpirun is its parent)
// opens it through /proc; a rank started otherwise (by Open MPI's daemon on another machine) has
// none, and its output counts as no terminal.
namespace nb::cli {

class ShownDescriptor {
 public:
  explicit ShownDescriptor(int fd);
  ~ShownDescriptor();
  ShownDescriptor(const ShownDescriptor&) = delete;
  ShownDescriptor& operator=(const ShownDescriptor&) = delete;
  // The descriptor to ask isatty and ioctl; -1 when there is none (isatty then says no).
  int get() const { return fd_; }

 private:
  int fd_ = -1;
  bool opened_ = false;  // opened here (mpirun's), so closed here
};

}  // namespace nb::cli
