// A word of 128 k bytes without spaces through the BPE tokenizer, under a ctest TIMEOUT (60 s):
// merging in O(n log n) takes well under a second; scanning every pair of parts for each of its
// 18,278 merges (O(n x merges), as the tokenizer once did) takes minutes. A time bound rather than
// a timing: the test asserts only the tokens, and ctest stops it if it runs on.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/gpt2/byte_symbols.hpp"
#include "models/gpt2/tokenizer.hpp"

namespace nb::gpt2 {
namespace {

TEST(TokenizerLongWord, MergesA128KByteWordInTime) {
  // Blocks "xyZ" of two lower-case letters and an upper-case one, every one of the 26^3 blocks,
  // repeated to 128 k bytes; the merges (x y) then (xy Z), one rank each, make each block one token.
  nlohmann::json vocab = nlohmann::json::object();
  for (int b = 0; b < 256; ++b) vocab[byte_symbols()[static_cast<std::size_t>(b)]] = b;
  std::string merges, word;
  std::vector<std::string> blocks;
  for (char x = 'a'; x <= 'z'; ++x)
    for (char y = 'a'; y <= 'z'; ++y) {
      const std::string pair{x, y};
      vocab[pair] = static_cast<int>(vocab.size());
      merges += std::string{x, ' ', y} + "\n";
      for (char z = 'A'; z <= 'Z'; ++z) blocks.push_back(pair + z);
    }
  for (const std::string& block : blocks) {
    vocab[block] = static_cast<int>(vocab.size());
    merges += block.substr(0, 2) + " " + block.substr(2) + "\n";
  }
  while (word.size() < (std::size_t{1} << 17)) word += blocks[(word.size() / 3 * 7919) % blocks.size()];
  const Gpt2Tokenizer tokenizer = Gpt2Tokenizer::parse(vocab, merges, "blocks");
  const std::vector<int> ids = tokenizer.encode(word);
  ASSERT_EQ(ids.size(), word.size() / 3 + (word.size() % 3 != 0));
  EXPECT_EQ(tokenizer.decode(ids), word);
  for (std::size_t i = 0; i < word.size() / 3; ++i) ASSERT_EQ(tokenizer.token_bytes(ids[i]), word.substr(3 * i, 3));
}

}  // namespace
}  // namespace nb::gpt2
