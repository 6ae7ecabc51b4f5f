// A region certificate on any bytes: parsed, then rechecked (verify/prove/proof_certificate.hpp)
// with a time limit of a second, one thread, and no counterexample ever certified (the engine's
// certification is the case readers' and the theorems' business, fuzzed elsewhere). The recheck
// passes, fails with its reason, or refuses the file with an InputError. Certificates whose region
// or sizes exceed 16 are parsed but not rechecked: their formulas' cost (sums over many terms) is
// their theorem's, as for theorem_file_fuzzer.
#include <cstdint>
#include <string>

#include "tests/fuzz/fuzz_input.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"
#include "verify/prove/proof_certificate.hpp"

namespace {

constexpr std::size_t kMaxRechecked = 16;

bool small(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("region") || !j["region"].is_array() || j["region"].size() > kMaxRechecked) return false;
  if (!j.contains("sizes") || !j["sizes"].is_object()) return true;  // recheck refuses it
  for (const auto& [name, size] : j["sizes"].items())
    if (!size.is_number_integer() || size.get<std::int64_t>() > static_cast<std::int64_t>(kMaxRechecked)) return false;
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const nlohmann::json j = nb::parse_json(nb::fuzz::text_of(data, size), "fuzz.json");
    if (!small(j)) return 0;
    nb::prove::recheck_certificate(j, 1, [](const nb::formula::TheoremSpec&, const nb::Case&) { return false; }, 1.0);
  } catch (const nb::InputError&) {
  }
  return 0;
}
