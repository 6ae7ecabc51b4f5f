#include "verify/cli/interrupt_signals.hpp"

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

extern "C" void forward_signal(int signal) {
  const auto number = static_cast<unsigned char>(signal);
  [[maybe_unused]] const auto written = ::write(signal_pipe[1], &number, 1);
}

bool ignored_by_parent(int signal) {
  struct sigaction current {};
  return ::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_IGN;
}

[[noreturn]] void exit_on(int signal) {
  remove_pending_outputs();
  const char* message = signal == SIGINT ? "\nnormbound: interrupted (SIGINT); unfinished output removed\n"
                                         : "\nnormbound: terminated (SIGTERM); unfinished output removed\n";
  [[maybe_unused]] const auto written = ::write(STDERR_FILENO, message, std::strlen(message));
  std::_Exit(128 + signal);  // no static destructors: worker threads may still be running
}

}  // namespace

void handle_interrupt_signals() {
  if (::pipe2(signal_pipe, O_CLOEXEC) != 0) return;  // then the signals keep their default action
  std::thread([] {
    unsigned char number = 0;
    while (::read(signal_pipe[0], &number, 1) != 1) {
    }
    exit_on(number);
  }).detach();
  struct sigaction action {};
  action.sa_handler = forward_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (int signal : {SIGINT, SIGTERM})
    if (!ignored_by_parent(signal)) ::sigaction(signal, &action, nullptr);
}

}  // namespace nb::cli
