#pragma once
// How a failure that escapes a command ends the process: its exit status (sysexits.h) and one
// message on stderr. Usage and input errors are the ways errors are handled; any other exception
// is a bug that this last line of defence turns into a message instead of std::terminate.
#include <exception>
#include <ostream>

#include "verify/io/out_of_memory.hpp"

namespace nb::cli {

inline constexpr int kExitUsage = 64;     // EX_USAGE: UsageError
inline constexpr int kExitData = 65;      // EX_DATAERR: InputError
inline constexpr int kExitInternal = 70;  // EX_SOFTWARE: anything else, an internal error
inline constexpr int kExitOsError = kExitOutOfMemory;  // EX_OSERR (71): the memory or the processes ran out
inline constexpr int kExitCantCreate = 73;              // EX_CANTCREAT: OutputError
inline constexpr int kExitIo = 74;                      // EX_IOERR: WriteError, a file system error, lost standard output

// Writes the message for `failure` to `err` (made terminal-safe: messages quote input files) and
// returns the exit status: kExitUsage for nb::UsageError, kExitData for nb::InputError,
// kExitOsError for std::bad_alloc ("out of memory") and for a std::system_error of EAGAIN or ENOMEM
// (a thread or process the system would not create), kExitCantCreate for nb::OutputError, kExitIo
// for nb::WriteError and for a file system error (std::filesystem::filesystem_error: the
// environment, e.g. a directory removed during the run), kExitInternal with the exception's
// message and a request to report it for any other std::exception or a non-standard exception.
int report_failure(const std::exception_ptr& failure, std::ostream& err);

}  // namespace nb::cli
