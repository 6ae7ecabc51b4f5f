#pragma once
// Texts on which the GPT-2 tokenizer is compared with the reference JavaScript encoder: fixed
// texts covering prose, code, numbers, whitespace runs, accents, CJK, emoji, other scripts and
// <|endoftext|>, then random mixtures of their pieces, drawn from std::mt19937_64(seed).
#include <cstdint>
#include <string>
#include <vector>

namespace nb::test {

// The fixed texts followed by `random_count` random ones. Guarantees: valid UTF-8; for a given
// seed the same texts on every platform (only the generator's raw 64-bit outputs are used).
std::vector<std::string> tokenizer_corpus(std::uint64_t seed, std::size_t random_count);

}  // namespace nb::test
