#include "verify/io/recorded_path.hpp"

#include <filesystem>
#include <system_error>

namespace nb {
namespace {

namespace fs = std::filesystem;

bool absolute(const std::string& text) { return !text.empty() && text.front() == '/'; }

}  // namespace

std::string recorded_path(const std::string& path) {
  if (!absolute(path)) return path;
  const fs::path p = fs::path(path).lexically_normal();
  std::error_code error;
  const fs::path cwd = fs::current_path(error);
  if (!error) {
    const fs::path relative = p.lexically_relative(cwd);
    if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
  }
  fs::path last = p.has_filename() ? p.filename() : p.parent_path().filename();
  return last.empty() ? std::string("...") : ".../" + last.generic_string();
}

std::string recorded_spec(const std::string& spec) {
  const auto colon = spec.find(':');
  if (colon == std::string::npos) return spec;
  return spec.substr(0, colon + 1) + recorded_path(spec.substr(colon + 1));
}

std::string recorded_argument(const std::string& argument) {
  if (absolute(argument)) return recorded_path(argument);
  if (argument.starts_with("--")) {
    const auto equals = argument.find('=');
    return equals == std::string::npos ? argument
                                       : argument.substr(0, equals + 1) + recorded_argument(argument.substr(equals + 1));
  }
  const auto colon = argument.find(':');
  if (colon != std::string::npos && absolute(argument.substr(colon + 1))) return recorded_spec(argument);
  return argument;
}

}  // namespace nb
