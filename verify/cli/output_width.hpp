#pragma once
// The width the terminal's text is fitted to (lists, tables, help, progress): a terminal's, or
// what COLUMNS says.
#include <cstddef>
#include <optional>

namespace nb::cli {

// COLUMNS when it is a positive integer (the user's choice, also for a pipe); otherwise, on a
// terminal, its width (`window_columns`, 0 when unknown) or 80; otherwise none: no wrapping.
std::optional<std::size_t> output_width(bool terminal, std::size_t window_columns, const char* columns);

// output_width of the file descriptor `fd`, read from isatty and ioctl(TIOCGWINSZ) of the descriptor
// that shows it (ShownDescriptor: mpirun's, in a rank of an MPI job) and the environment.
std::optional<std::size_t> output_width_of(int fd);
// output_width_of standard output.
std::optional<std::size_t> standard_output_width();

}  // namespace nb::cli
