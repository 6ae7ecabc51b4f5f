#include "verify/atomic_file.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <system_error>

#include <unistd.h>

#include "verify/errors.hpp"

namespace nb {

void write_file_atomically(const std::string& path, const std::string& content) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw InputError("cannot write '" + path + "': directory missing or not writable");
    out << content;
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw InputError("cannot write '" + path + "': write failed (disk full?)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::remove(tmp.c_str());
    throw InputError("cannot write '" + path + "': " + ec.message());
  }
}

}  // namespace nb
