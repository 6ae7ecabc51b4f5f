#include "verify/cli/run_deadline.hpp"

#include <chrono>
#include <cstdlib>
#include <iostream>

#include <unistd.h>

#include "verify/io/pending_output.hpp"

namespace nb::cli {

RunDeadline::RunDeadline(double seconds, std::string message, int fd, int status) {
  const auto at = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
  thread_ = std::thread([this, at, message = std::move(message), fd, status] {
    std::unique_lock lock(mutex_);
    if (finished_.wait_until(lock, at, [this] { return done_; })) return;
    std::cout.flush();  // what the command printed so far (a synchronized stream: no data race)
    remove_pending_outputs();
    for (std::size_t done = 0; fd >= 0 && done < message.size();) {
      const ::ssize_t wrote = ::write(fd, message.data() + done, message.size() - done);
      if (wrote <= 0) break;
      done += static_cast<std::size_t>(wrote);
    }
    std::_Exit(status);
  });
}

RunDeadline::~RunDeadline() {
  {
    const std::lock_guard lock(mutex_);
    done_ = true;
  }
  finished_.notify_one();
  thread_.join();
}

}  // namespace nb::cli
