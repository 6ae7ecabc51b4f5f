// A theorem folder on any bytes: the input, cut at each line "%%", is up to four files 0.toml,
// 1.toml, ... written into a folder of this process's, which is read as the theorem folder is
// (verify/cli/theorem_files.cpp): every `*.toml` in name order through read_theorem_file from the
// disk, an id taken by a built-in theorem or an earlier file refused, then each theorem's summary
// wrapped as `normbound list` prints it. Every step gives its result or an InputError; a file
// nested 50,000 levels deep once overflowed the stack here, and `list` of one with 200,000 claims
// ran for minutes. Files whose lengths may exceed 64 are read but not evaluated
// (tests/fuzz/small_theorem.hpp).
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

#include "tests/fuzz/fuzz_input.hpp"
#include "tests/fuzz/small_theorem.hpp"
#include "theorems/file_theorem.hpp"
#include "theorems/registry.hpp"
#include "verify/cli/wrapped_text.hpp"
#include "verify/io/errors.hpp"

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxFiles = 4;

// The folder, made once per process and removed when it exits.
struct ScratchFolder {
  fs::path path;
  ScratchFolder() {
    std::string name = (fs::temp_directory_path() / "theorem-folder-fuzz-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr) std::abort();
    path = name;
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
};

const fs::path& folder() {
  static const ScratchFolder made;
  return made.path;
}

// The folder's files as the input states them (the earlier ones removed).
void write_folder(std::string_view text) {
  for (const fs::directory_entry& entry : fs::directory_iterator(folder())) fs::remove(entry.path());
  for (std::size_t k = 0; k < kMaxFiles && !text.empty(); ++k) {
    const std::size_t cut = text.find("\n%%\n");
    std::ofstream(folder() / (std::to_string(k) + ".toml"), std::ios::binary)
        << text.substr(0, cut == std::string_view::npos ? text.size() : cut);
    text.remove_prefix(cut == std::string_view::npos ? text.size() : cut + 4);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  write_folder(nb::fuzz::text_of(data, size));
  std::vector<fs::path> files;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder())) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::set<std::string> ids;
  for (const fs::path& file : files) {
    try {
      const nb::formula::TheoremSpec spec = nb::theorems::read_theorem_file_spec(file.string());
      if (nb::theorems::find(spec.info.id) || !ids.insert(spec.info.id).second) continue;  // refused by id
      if (!nb::fuzz::small_theorem(spec)) continue;
      const std::unique_ptr<nb::Theorem> theorem = nb::theorems::make_file_theorem(spec);
      for (const std::string& text : {theorem->info().source, theorem->info().summary}) nb::cli::wrapped(text, 80);
    } catch (const nb::InputError&) {
    }
  }
  return 0;
}
