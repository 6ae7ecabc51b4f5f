// parse_attention_dump on any JSON document: a dump of the declared shape, or InputError.
#include <cstdlib>

#include "models/gpt2/attention_dump.hpp"
#include "tests/fuzz/fuzz_input.hpp"
#include "verify/io/errors.hpp"
#include "verify/io/json_document.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const auto dump =
        nb::gpt2::parse_attention_dump(nb::parse_json(nb::fuzz::text_of(data, size), "fuzz.json"), "fuzz.json");
    if (dump.qk_dot.size() != static_cast<std::size_t>(dump.n_layer) * static_cast<std::size_t>(dump.n_head))
      std::abort();
  } catch (const nb::InputError&) {
  }
  return 0;
}
