#include "verify/atomic_file.hpp"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <system_error>

#include <unistd.h>

#include "verify/errors.hpp"
#include "verify/pending_output.hpp"

namespace nb {

void write_files_atomically(const std::vector<FileContent>& files) {
  std::vector<std::unique_ptr<PendingOutput>> temporaries;
  auto fail = [&](std::size_t first_kept, const std::string& why) {
    for (std::size_t i = first_kept; i < temporaries.size(); ++i) std::remove(temporaries[i]->path().c_str());
    throw InputError(why);
  };
  for (const FileContent& f : files) {
    const std::string tmp = f.path + ".tmp." + std::to_string(::getpid());
    std::ofstream out;
    temporaries.push_back(
        std::make_unique<PendingOutput>(tmp, [&] { out.open(tmp, std::ios::binary | std::ios::trunc); }));
    if (!out) fail(0, "cannot write '" + f.path + "': directory missing or not writable");
    out << f.content;
    out.close();  // flushes: a full disk shows here at the latest
    if (!out) fail(0, "cannot write '" + f.path + "': write failed (disk full?)");
  }
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    temporaries[i]->publish([&] { std::filesystem::rename(temporaries[i]->path(), files[i].path, ec); });
    if (ec) fail(i, "cannot write '" + files[i].path + "': " + ec.message());
  }
}

void write_file_atomically(const std::string& path, const std::string& content) {
  write_files_atomically({{path, content}});
}

}  // namespace nb
