// read_case_file on any file content: a case or InputError.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/engine/case.hpp"
#include "verify/io/errors.hpp"

namespace {

// The file the reader is given: one per process, removed when the fuzzer exits.
struct ScratchCaseFile {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("normbound-fuzz-case-" + std::to_string(::getpid()) + ".json"))
                               .string();
  ~ScratchCaseFile() { std::remove(path.c_str()); }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const ScratchCaseFile file;
  std::ofstream(file.path, std::ios::binary | std::ios::trunc) << nb::fuzz::text_of(data, size);
  try {
    nb::read_case_file(file.path);
  } catch (const nb::InputError&) {
  }
  return 0;
}
