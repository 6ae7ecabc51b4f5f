#include "verify/io/pending_output.hpp"

#include <algorithm>
#include <mutex>
#include <system_error>
#include <vector>

namespace nb {
namespace {

// The registry is process-wide: a signal interrupts the whole process, whichever thread owns an
// output. One mutex orders registration, publication and the clean-up.
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

std::vector<const std::filesystem::path*>& registry() {
  static std::vector<const std::filesystem::path*> paths;
  return paths;
}

void unregister(const std::filesystem::path* path) {
  auto& paths = registry();
  paths.erase(std::remove(paths.begin(), paths.end(), path), paths.end());
}

}  // namespace

PendingOutput::PendingOutput(std::filesystem::path path, const std::function<void()>& create) : path_(std::move(path)) {
  const std::lock_guard lock(registry_mutex());
  create();
  registry().push_back(&path_);
  registered_ = true;
}

PendingOutput::~PendingOutput() {
  if (!registered_) return;
  const std::lock_guard lock(registry_mutex());
  unregister(&path_);
}

void PendingOutput::publish(const std::function<void()>& publish) {
  const std::lock_guard lock(registry_mutex());
  publish();
  unregister(&path_);
  registered_ = false;
}

void PendingOutput::exchange(const std::function<void()>& exchange) {
  const std::lock_guard lock(registry_mutex());
  exchange();
}

namespace {

void remove_registered() noexcept {
  for (const std::filesystem::path* path : registry()) {
    std::error_code ec;
    std::filesystem::remove_all(*path, ec);
  }
}

}  // namespace

void remove_pending_outputs() noexcept {
  registry_mutex().lock();  // never unlocked: the process exits next
  remove_registered();
}

void remove_pending_outputs_unless_busy() noexcept {
  if (registry_mutex().try_lock()) remove_registered();  // never unlocked either
}

}  // namespace nb
