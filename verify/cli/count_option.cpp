#include "verify/cli/count_option.hpp"

#include <charconv>

#include "verify/io/errors.hpp"

namespace nb::cli {

std::uint64_t count_from(const std::string& text, const std::string& option, std::uint64_t min, std::uint64_t max,
                         const std::string& hint) {
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  // from_chars takes no sign and reports overflow, so "-1", "+1" and 2^64 all fail here.
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (text.empty() || error != std::errc() || stop != end || value < min || value > max)
    throw UsageError(option + " must be an integer from " + std::to_string(min) + " to " + std::to_string(max) +
                     " (got '" + text + "')" + (hint.empty() ? "" : "; " + hint));
  return value;
}

CLI::Option* add_count_option(CLI::App& command, const std::string& name, std::uint64_t& value, std::uint64_t min,
                              std::uint64_t max, const std::string& description, const std::string& hint) {
  return command
      .add_option_function<std::string>(
          name, [&value, name, min, max, hint](const std::string& text) { value = count_from(text, name, min, max, hint); },
          description)
      ->type_name("UINT")
      ->default_str(std::to_string(value));
}

}  // namespace nb::cli
