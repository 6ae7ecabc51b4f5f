#include "verify/cli/interrupt_signals.hpp"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "verify/io/pending_output.hpp"

namespace nb::cli {
namespace {

int signal_pipe[2] = {-1, -1};
// Whether a StopOnSignal exists, whether it says so on stderr, what it stops after, and the
// signal it received (0: none yet).
std::atomic<bool> stop_wanted{false};
std::atomic<bool> stop_announced{true};
std::atomic<const char*> stop_after{"the cases"};
std::atomic<int> stop_signal{0};

// The signals handled, each with what the results say of a run it stopped and the word for its
// message.
struct HandledSignal {
  int number;
  const char* reason;  // "interrupted by SIGINT"
  const char* done;    // "interrupted (SIGINT)"
};
constexpr HandledSignal kHandled[] = {{SIGINT, "interrupted by SIGINT", "interrupted (SIGINT)"},
                                      {SIGTERM, "terminated by SIGTERM", "terminated (SIGTERM)"},
                                      {SIGUSR1, "stopped by SIGUSR1", "stopped (SIGUSR1)"}};

const HandledSignal& handled(int signal) {
  for (const HandledSignal& h : kHandled)
    if (h.number == signal) return h;
  return kHandled[0];
}

extern "C" void forward_signal(int signal) {
  const auto number = static_cast<unsigned char>(signal);
  [[maybe_unused]] const auto written = ::write(signal_pipe[1], &number, 1);
}

bool ignored_by_parent(int signal) {
  struct sigaction current {};
  return ::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

void say(const std::string& message) {
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message.data(), message.size());
}

[[noreturn]] void exit_on(int signal) {
  remove_pending_outputs();
  say(std::string("\nnormbound: ") + handled(signal).done + "; unfinished output removed\n");
  std::_Exit(128 + signal);  // no static destructors: worker threads may still be running
}

// The first signal while a run can stop is the run's to act on; any other ends the process.
void on_signal(int signal) {
  int none = 0;
  if (stop_wanted && stop_signal.compare_exchange_strong(none, signal)) {
    if (stop_announced)
      say(std::string("\nnormbound: ") + handled(signal).done + "; stopping after " + stop_after.load() +
          " under evaluation to write partial results (again to stop at once, writing nothing)\n");
    return;
  }
  exit_on(signal);
}

}  // namespace

void handle_interrupt_signals() {
  if (::pipe2(signal_pipe, O_CLOEXEC) != 0) return;  // then the signals keep their default action
  std::thread([] {
    for (;;) {
      unsigned char number = 0;
      if (::read(signal_pipe[0], &number, 1) == 1) on_signal(number);
    }
  }).detach();
  struct sigaction action {};
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (const HandledSignal& h : kHandled)
    if (!ignored_by_parent(h.number)) ::sigaction(h.number, &action, nullptr);
}

StopOnSignal::StopOnSignal(bool announce, const char* what) {
  stop_announced = announce;
  stop_after = what;
  stop_wanted = true;
}

StopOnSignal::~StopOnSignal() { stop_wanted = false; }

std::string StopOnSignal::stop_requested() {
  const int signal = stop_signal.load();
  return signal == 0 ? "" : handled(signal).reason;
}

int StopOnSignal::exit_status(const std::string& reason) {
  for (const HandledSignal& h : kHandled)
    if (reason.starts_with(h.reason)) return 128 + h.number;
  return kExitInterrupted;
}

}  // namespace nb::cli
