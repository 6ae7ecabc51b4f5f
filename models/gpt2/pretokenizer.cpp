#include "models/gpt2/pretokenizer.hpp"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <stdexcept>

#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

constexpr const char* kPattern = R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

std::string pcre2_message(int code) {
  PCRE2_UCHAR buffer[256];
  pcre2_get_error_message(code, buffer, sizeof buffer);
  return reinterpret_cast<const char*>(buffer);
}

}  // namespace

struct Pretokenizer::Compiled {
  pcre2_code* code = nullptr;
  ~Compiled() { pcre2_code_free(code); }
};

Pretokenizer::Pretokenizer() : compiled_(std::make_unique<Compiled>()) {
  int error = 0;
  PCRE2_SIZE error_offset = 0;
  compiled_->code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(kPattern), PCRE2_ZERO_TERMINATED, PCRE2_UTF | PCRE2_UCP,
                                  &error, &error_offset, nullptr);
  // The pattern is a constant: failing to compile it is a build problem, not bad input.
  if (!compiled_->code) throw std::logic_error("GPT-2 pre-tokenizer pattern does not compile: " + pcre2_message(error));
  // JIT is an optimisation only; the interpreter gives the same matches where JIT is unavailable.
  pcre2_jit_compile(compiled_->code, PCRE2_JIT_COMPLETE);
}

Pretokenizer::~Pretokenizer() = default;
Pretokenizer::Pretokenizer(Pretokenizer&&) noexcept = default;
Pretokenizer& Pretokenizer::operator=(Pretokenizer&&) noexcept = default;

std::vector<std::string_view> Pretokenizer::split(std::string_view text) const {
  const std::unique_ptr<pcre2_match_data, void (*)(pcre2_match_data*)> match(
      pcre2_match_data_create_from_pattern(compiled_->code, nullptr), &pcre2_match_data_free);
  if (!match) throw std::bad_alloc();
  std::vector<std::string_view> pieces;
  const auto* subject = reinterpret_cast<PCRE2_SPTR>(text.data());
  std::size_t offset = 0;
  // The first call validates the whole subject as UTF-8; later calls skip that O(n) check.
  std::uint32_t options = 0;
  while (offset < text.size()) {
    const int rc = pcre2_match(compiled_->code, subject, text.size(), offset, options, match.get(), nullptr);
    if (rc <= PCRE2_ERROR_UTF8_ERR1 && rc >= PCRE2_ERROR_UTF8_ERR21) {
      throw InputError("text is not valid UTF-8 at byte " + std::to_string(pcre2_get_startchar(match.get())) + " (" +
                       pcre2_message(rc) + ")");
    }
    if (rc < 0) throw std::runtime_error("GPT-2 pre-tokenizer: PCRE2 match failed: " + pcre2_message(rc));
    const PCRE2_SIZE* span = pcre2_get_ovector_pointer(match.get());
    // Every character matches some alternative, so matches are adjacent and non-empty.
    if (span[0] != offset || span[1] <= span[0]) {
      throw std::logic_error("GPT-2 pre-tokenizer left text at byte " + std::to_string(offset) + " unmatched");
    }
    pieces.push_back(text.substr(span[0], span[1] - span[0]));
    offset = span[1];
    options = PCRE2_NO_UTF_CHECK;
  }
  return pieces;
}

}  // namespace nb::gpt2
