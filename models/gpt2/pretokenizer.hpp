#pragma once
// GPT-2's pre-tokenization: text is cut into words by the regular expression
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// (OpenAI gpt-2 encoder.py), matched with PCRE2 in UTF mode with Unicode properties (UCP), and
// BPE runs on each word separately.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace nb::gpt2 {

class Pretokenizer {
 public:
  // Compiles the pattern (JIT-compiled when PCRE2 supports it on this machine).
  Pretokenizer();
  ~Pretokenizer();
  Pretokenizer(Pretokenizer&&) noexcept;
  Pretokenizer& operator=(Pretokenizer&&) noexcept;

  // The successive matches of the pattern in `text`, as views into `text`. Guarantees: the
  // pieces are non-empty and concatenate to `text` (every character matches some alternative).
  // Throws nb::InputError with the byte offset if `text` is not valid UTF-8. Thread-safe.
  std::vector<std::string_view> split(std::string_view text) const;

 private:
  struct Compiled;
  std::unique_ptr<Compiled> compiled_;
};

}  // namespace nb::gpt2
