// results_from_json on any JSON document (what `normbound report` reads), then every report
// format rendered from the results it accepts: a report or InputError, never a crash.
#include "reports/report_files.hpp"
#include "tests/fuzz/fuzz_input.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"
#include "verify/results/results.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nb::RunResults results = nb::results_from_json(nb::parse_json(nb::fuzz::text_of(data, size), "fuzz input"));
    (void)nb::reports::report_directory_files(results, {3});
  } catch (const nb::InputError&) {
  }
  return 0;
}
