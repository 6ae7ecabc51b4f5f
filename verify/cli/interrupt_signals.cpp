#include "verify/cli/interrupt_signals.hpp"

#include <atomic>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "verify/io/pending_output.hpp"

namespace nb::cli {
namespace {

int signal_pipe[2] = {-1, -1};
// Whether a StopOnSignal exists, and the signal it received (0: none yet).
std::atomic<bool> stop_wanted{false};
std::atomic<int> stop_signal{0};

extern "C" void forward_signal(int signal) {
  const auto number = static_cast<unsigned char>(signal);
  [[maybe_unused]] const auto written = ::write(signal_pipe[1], &number, 1);
}

bool ignored_by_parent(int signal) {
  struct sigaction current {};
  return ::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

void say(const char* message) { [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, std::strlen(message)); }

[[noreturn]] void exit_on(int signal) {
  remove_pending_outputs();
  say(signal == SIGINT ? "\nnormbound: interrupted (SIGINT); unfinished output removed\n"
                       : "\nnormbound: terminated (SIGTERM); unfinished output removed\n");
  std::_Exit(128 + signal);  // no static destructors: worker threads may still be running
}

// The first signal while a run can stop is the run's to act on; any other ends the process.
void on_signal(int signal) {
  int none = 0;
  if (stop_wanted && stop_signal.compare_exchange_strong(none, signal)) {
    say(signal == SIGINT ? "\nnormbound: interrupted (SIGINT); stopping after the cases under evaluation to write "
                           "partial results (again to stop at once, writing nothing)\n"
                         : "\nnormbound: terminated (SIGTERM); stopping after the cases under evaluation to write "
                           "partial results (again to stop at once, writing nothing)\n");
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
  for (int signal : {SIGINT, SIGTERM})
    if (!ignored_by_parent(signal)) ::sigaction(signal, &action, nullptr);
}

StopOnSignal::StopOnSignal() { stop_wanted = true; }

StopOnSignal::~StopOnSignal() { stop_wanted = false; }

std::string StopOnSignal::stop_requested() {
  switch (stop_signal.load()) {
    case SIGINT: return "interrupted by SIGINT";
    case SIGTERM: return "terminated by SIGTERM";
  }
  return "";
}

int StopOnSignal::exit_status() {
  const int signal = stop_signal.load();
  return signal == 0 ? 0 : 128 + signal;
}

}  // namespace nb::cli
