#pragma once
// Output under construction (a report's staging directory, a temporary file before its rename)
// that an interrupted run must not leave behind. The CLI's signal handling
// (verify/cli/interrupt_signals.hpp) calls remove_pending_outputs() before it exits on SIGINT or
// SIGTERM; library code only registers what it creates.
#include <filesystem>
#include <functional>

namespace nb {

class PendingOutput {
 public:
  // Runs `create` (which makes `path`: a directory, a file) and registers `path` for removal on
  // an interrupt, with no clean-up in between (a clean-up that has begun makes this wait, and
  // the process exits first). If `create` throws, nothing is registered.
  PendingOutput(std::filesystem::path path, const std::function<void()>& create);
  // Unregisters the path; removes nothing (the owner removes or publishes its output).
  ~PendingOutput();
  PendingOutput(const PendingOutput&) = delete;
  PendingOutput& operator=(const PendingOutput&) = delete;

  const std::filesystem::path& path() const { return path_; }

  // Runs `publish` (the renames that make the output final) and unregisters the path, with no
  // clean-up in between: an interrupt sees the output either pending or published, never half
  // moved. If `publish` throws, the path stays registered.
  void publish(const std::function<void()>& publish);

  // Runs `exchange` (which swaps the output with what it replaces, so that `path` then holds the
  // old) with no clean-up in between; the path stays registered, so that an interrupt from then on
  // removes the old. An interrupt sees the output either pending or in place, never half moved.
  void exchange(const std::function<void()>& exchange);

 private:
  std::filesystem::path path_;
  bool registered_ = false;
};

// Removes every registered path (directories with their contents) and blocks registrations and
// publications from then on: for the signal handler, which exits right after.
void remove_pending_outputs() noexcept;

// remove_pending_outputs, unless another thread's registration, publication or clean-up holds the
// registry at that moment: then removes nothing, without waiting. For the handler of a failed
// allocation of GMP or FLINT (verify/io/out_of_memory.hpp), which must not wait on a thread that may
// itself be stuck; it never runs inside a registration or publication of its own thread (those
// make no multiprecision numbers).
void remove_pending_outputs_unless_busy() noexcept;

}  // namespace nb
