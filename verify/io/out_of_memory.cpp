#include "verify/io/out_of_memory.hpp"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>

#include <flint/flint.h>
#include <gmp.h>
#include <unistd.h>

#include "verify/io/pending_output.hpp"

namespace nb {
namespace {

bool quiet = false;  // set in a child process only, before it runs anything that allocates

void* allocate(std::size_t bytes) {
  void* p = std::malloc(bytes);
  if (p == nullptr && bytes != 0) exit_out_of_memory(bytes, "a multiprecision number");
  return p;
}

void* allocate_zeroed(std::size_t count, std::size_t size) {
  void* p = std::calloc(count, size);
  if (p == nullptr && count != 0 && size != 0) exit_out_of_memory(count * size, "a multiprecision number");
  return p;
}

void* reallocate(void* old, std::size_t bytes) {
  void* p = std::realloc(old, bytes);
  if (p == nullptr && bytes != 0) exit_out_of_memory(bytes, "a multiprecision number");
  return p;
}

// GMP's functions also pass the old size (unused by realloc and free).
void* gmp_reallocate(void* old, std::size_t, std::size_t bytes) { return reallocate(old, bytes); }
void gmp_free(void* p, std::size_t) { std::free(p); }

// What std::terminate does: an exception that left a thread's function or a noexcept one. A
// std::bad_alloc among them is memory running out like any other (exit 71, not abort()); anything
// else is normbound's bug, said so (exit 70, not a signal).
[[noreturn]] void end_on_uncaught_exception() noexcept {
  const std::exception_ptr escaped = std::current_exception();
  try {
    if (escaped) std::rethrow_exception(escaped);
  } catch (const std::bad_alloc&) {
    exit_out_of_memory(0, "std::bad_alloc in a worker thread");
  } catch (...) {
  }
  if (!quiet) {
    static const char message[] =
        "normbound: internal error: an exception left a worker thread; please report this with the command line "
        "and the input files that caused it\n";
    [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, sizeof message - 1);
    remove_pending_outputs_unless_busy();
  }
  std::_Exit(kExitInternalError);
}

}  // namespace

void install_out_of_memory_exit() {
  mp_set_memory_functions(allocate, gmp_reallocate, gmp_free);
  __flint_set_memory_functions(allocate, allocate_zeroed, reallocate, std::free);
  std::set_terminate(end_on_uncaught_exception);
}

void exit_out_of_memory(std::size_t bytes, const char* what) noexcept {
  if (!quiet) {
    // No allocation here: the message is formatted on the stack.
    char message[256];
    const int n = bytes == 0 ? std::snprintf(message, sizeof message,
                                             "normbound: out of memory (%s); run fewer or smaller cases, or give "
                                             "normbound more memory\n",
                                             what)
                             : std::snprintf(message, sizeof message,
                                             "normbound: out of memory while allocating %zu bytes for %s; run fewer or "
                                             "smaller cases, or give normbound more memory\n",
                                             bytes, what);
    if (n > 0) {
      [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, static_cast<std::size_t>(n));
    }
    remove_pending_outputs_unless_busy();
  }
  std::_Exit(kExitOutOfMemory);
}

void exit_quietly_when_out_of_memory() { quiet = true; }

}  // namespace nb
