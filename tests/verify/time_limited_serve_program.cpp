// The fresh program of the TimeLimitedWorker tests: serves what their forked children serve, each
// answer marked as its own.
#include <string>
#include <string_view>

#include "tests/verify/time_limited_serve.hpp"
#include "verify/io/time_limited_child.hpp"

int main(int argc, char** argv) {
  if (argc != 2 || std::string_view(argv[1]) != "--serve") return 64;
  nb::serve_time_limited_requests(
      [](const std::string& request) { return nb::time_limited_child_test::serve(request) + " (fresh program)"; });
}
