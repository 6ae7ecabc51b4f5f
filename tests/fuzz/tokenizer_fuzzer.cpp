// Gpt2Tokenizer::encode (the tiny fixture's vocabulary) on any bytes: ids that decode to the
// text, in both special-token modes, or InputError (invalid UTF-8).
#include <cstdlib>
#include <string>

#include "models/gpt2/tokenizer.hpp"
#include "tests/fuzz/fuzz_input.hpp"
#include "verify/io/errors.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto tokenizer = nb::gpt2::Gpt2Tokenizer::load_directory(NORMBOUND_TINY_GPT2_DIR);
  const std::string_view text = nb::fuzz::text_of(data, size);
  for (const auto mode : {nb::gpt2::SpecialTokens::huggingface, nb::gpt2::SpecialTokens::plain}) {
    try {
      if (tokenizer.decode(tokenizer.encode(text, mode)) != text) std::abort();
    } catch (const nb::InputError&) {
    }
  }
  return 0;
}
