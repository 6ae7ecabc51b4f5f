// The BPE tokenizer's mechanics on small hand-made vocabularies, the pre-tokenizer's word
// boundaries, GPT-2's byte symbols, and input validation. Agreement with the reference encoder
// on real GPT-2 data is in gpt3_encoder_comparison_test.cpp.
#include "models/gpt2/tokenizer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <map>
#include <random>
#include <set>

#include "models/gpt2/byte_symbols.hpp"
#include "models/gpt2/pretokenizer.hpp"
#include "models/gpt2/utf8.hpp"
#include "verify/io/errors.hpp"

namespace nb::gpt2 {
namespace {

// 256 single-byte tokens with id = byte value, then `extra` tokens with ids 256, 257, ...
nlohmann::json byte_vocab(const std::vector<std::string>& extra) {
  nlohmann::json vocab = nlohmann::json::object();
  for (int b = 0; b < 256; ++b) vocab[byte_symbols()[static_cast<std::size_t>(b)]] = b;
  for (std::size_t i = 0; i < extra.size(); ++i) vocab[extra[i]] = 256 + static_cast<int>(i);
  return vocab;
}

std::vector<int> ids_of(const std::string& bytes) {
  std::vector<int> ids;
  for (const char c : bytes) ids.push_back(static_cast<unsigned char>(c));
  return ids;
}

TEST(Utf8, EncodesAndDecodesEveryLength) {
  // Encodings from the Unicode standard: 'A', 'é' C3 A9, '€' E2 82 AC, '😀' F0 9F 98 80.
  const std::vector<std::pair<char32_t, std::string>> cases{
      {U'A', "A"}, {U'\u00e9', "\xC3\xA9"}, {U'\u20ac', "\xE2\x82\xAC"}, {U'\U0001F600', "\xF0\x9F\x98\x80"}};
  std::string all;
  for (const auto& [code_point, bytes] : cases) {
    EXPECT_EQ(encode_utf8(code_point), bytes);
    all += bytes;
  }
  std::size_t position = 0;
  for (const auto& [code_point, bytes] : cases) EXPECT_EQ(decode_utf8(all, position), code_point);
  EXPECT_EQ(position, all.size());
}

TEST(ByteSymbols, FollowGpt2sMapping) {
  // Well-known GPT-2 symbols: printable ASCII maps to itself, space to 'Ġ' (U+0120), newline to
  // 'Ċ' (U+010A), byte 0 to 'Ā' (U+0100), soft hyphen 0xAD (the last unprintable byte) to U+0143.
  EXPECT_EQ(byte_code_point('A'), U'A');
  EXPECT_EQ(byte_code_point(' '), U'\u0120');
  EXPECT_EQ(byte_code_point('\n'), U'\u010A');
  EXPECT_EQ(byte_code_point(0), U'\u0100');
  EXPECT_EQ(byte_code_point(0xAD), U'\u0143');
  EXPECT_EQ(byte_symbols()[' '], "\xC4\xA0");
  std::set<char32_t> image;
  for (int b = 0; b < 256; ++b) {
    const char32_t c = byte_code_point(static_cast<std::uint8_t>(b));
    image.insert(c);
    EXPECT_EQ(symbol_byte(c), static_cast<std::uint8_t>(b));
  }
  EXPECT_EQ(image.size(), 256u);
  EXPECT_FALSE(symbol_byte(U' ').has_value());
  EXPECT_FALSE(symbol_byte(U'\u0144').has_value());
}

TEST(Pretokenizer, SplitsLikeGpt2sPattern) {
  const Pretokenizer split;
  using V = std::vector<std::string_view>;
  EXPECT_EQ(split.split("Hello world"), (V{"Hello", " world"}));
  // A run of spaces gives all but the last to \s+(?!\S); the last joins the next word.
  EXPECT_EQ(split.split("Hello   world"), (V{"Hello", "  ", " world"}));
  EXPECT_EQ(split.split("it's they'll I'D"), (V{"it", "'s", " they", "'ll", " I", "'", "D"}));
  EXPECT_EQ(split.split("x=42.5;\n\n  y"), (V{"x", "=", "42", ".", "5", ";", "\n\n ", " y"}));
  EXPECT_EQ(split.split("héllo wörld 123 日本語 😀!! end  "), (V{"héllo", " wörld", " 123", " 日本語", " 😀!!", " end", "  "}));
  EXPECT_EQ(split.split("٣٤ Ⅻ"), (V{"٣٤", " Ⅻ"}));  // Arabic-Indic digits and a letter-number are \p{N}
  EXPECT_TRUE(split.split("").empty());
}

TEST(Pretokenizer, RejectsInvalidUtf8WithTheOffset) {
  const Pretokenizer split;
  for (const std::string bad : {"ab\xff", "ab\xc3", "ab\xc0\xaf", "ab\xed\xa0\x80", "ab\xf4\x90\x80\x80"}) {
    try {
      split.split(bad);
      ADD_FAILURE() << "accepted invalid UTF-8";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("not valid UTF-8 at byte 2"), std::string::npos) << e.what();
    }
  }
}

TEST(Tokenizer, MergesLowestRankPairFirstAndAllItsOccurrences) {
  // Ranks: (a b) first, then (b c), then (ab c).
  const auto tokenizer = Gpt2Tokenizer::parse(byte_vocab({"ab", "bc", "abc"}), "#version: 0.2\na b\nb c\nab c\n", "t");
  EXPECT_EQ(tokenizer.encode("abc"), (std::vector<int>{258}));       // a b -> ab, then ab c -> abc
  EXPECT_EQ(tokenizer.encode("bc"), (std::vector<int>{257}));
  EXPECT_EQ(tokenizer.encode("ababa"), (std::vector<int>{256, 256, 'a'}));
  // Words are merged separately: (c ab) is no merge; " bc" is the space byte then bc.
  EXPECT_EQ(tokenizer.encode("cab bc"), (std::vector<int>{'c', 256, ' ', 257}));
}

// GPT-2's merge loop as encoder.py states it: the lowest-ranked adjacent pair, all its occurrences
// left to right, again until no pair is a merge. Quadratic, so only for short words.
std::vector<std::string> merged_as_encoder_py(const std::string& word, const std::map<std::string, int>& ranks) {
  std::vector<std::string> parts;
  for (const char c : word) parts.emplace_back(1, c);
  while (parts.size() > 1) {
    int best = std::numeric_limits<int>::max();
    std::size_t at = 0;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i)
      if (const auto it = ranks.find(parts[i] + ' ' + parts[i + 1]); it != ranks.end() && it->second < best) {
        best = it->second;
        at = i;
      }
    if (best == std::numeric_limits<int>::max()) break;
    const std::string left = parts[at], right = parts[at + 1];
    std::vector<std::string> next;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (i + 1 < parts.size() && parts[i] == left && parts[i + 1] == right) next.push_back(left + parts[++i]);
      else next.push_back(parts[i]);
    }
    parts = std::move(next);
  }
  return parts;
}

TEST(Tokenizer, MergesAsEncoderPyOnRandomWordsAndMerges) {
  std::mt19937 random(42);
  std::size_t words = 0;
  for (int vocabulary = 0; vocabulary < 40; ++vocabulary) {
    // Merges of random pairs of tokens made so far, over the letters a, b, c.
    std::vector<std::string> tokens = {"a", "b", "c"}, extra;
    std::map<std::string, int> ranks;
    std::string merges;
    while (ranks.size() < 24) {
      const std::string left = tokens[random() % tokens.size()], right = tokens[random() % tokens.size()];
      if (std::find(tokens.begin(), tokens.end(), left + right) != tokens.end()) continue;
      ranks.emplace(left + ' ' + right, static_cast<int>(ranks.size()));
      merges += left + ' ' + right + "\n";
      tokens.push_back(left + right);
      extra.push_back(left + right);
    }
    const auto tokenizer = Gpt2Tokenizer::parse(byte_vocab(extra), merges, "random");
    for (int w = 0; w < 50; ++w, ++words) {
      std::string word(1 + random() % 40, 'a');
      for (char& c : word) c = static_cast<char>('a' + random() % 3);
      std::vector<int> expected;
      for (const std::string& part : merged_as_encoder_py(word, ranks))
        expected.push_back(part.size() == 1 ? part[0] : 256 + static_cast<int>(std::find(extra.begin(), extra.end(), part) - extra.begin()));
      ASSERT_EQ(tokenizer.encode(word), expected) << word << " with merges\n" << merges;
    }
  }
  EXPECT_EQ(words, 2000u);
}

TEST(Tokenizer, RankOrderDecidesBetweenCompetingMerges) {
  // With (b c) ranked above (a b), "abc" becomes a + bc; there is no merge (a bc).
  const auto tokenizer = Gpt2Tokenizer::parse(byte_vocab({"bc", "ab"}), "b c\na b\n", "t");
  EXPECT_EQ(tokenizer.encode("abc"), (std::vector<int>{'a', 256}));
  EXPECT_EQ(tokenizer.encode("abd"), (std::vector<int>{257, 'd'}));
}

TEST(Tokenizer, EndOfTextIsOneTokenOnlyInHuggingFaceMode) {
  const auto tokenizer = Gpt2Tokenizer::parse(byte_vocab({"<|endoftext|>"}), "", "t");
  const std::string text = "a<|endoftext|><|endoftext|>b<|endoftext";
  std::vector<int> expected{'a', 256, 256, 'b'};
  const auto tail = ids_of("<|endoftext");
  expected.insert(expected.end(), tail.begin(), tail.end());
  EXPECT_EQ(tokenizer.encode(text), expected);
  EXPECT_EQ(tokenizer.encode(text, SpecialTokens::plain), ids_of(text));
  EXPECT_EQ(tokenizer.decode(tokenizer.encode(text)), text);

  const auto without = Gpt2Tokenizer::parse(byte_vocab({}), "", "t");
  EXPECT_THROW(without.encode("x<|endoftext|>"), InputError);
  EXPECT_EQ(without.encode("x<|endoftext|>", SpecialTokens::plain), ids_of("x<|endoftext|>"));
}

TEST(Tokenizer, RoundTripsArbitraryUtf8AndRejectsInvalidUtf8) {
  const auto tokenizer = Gpt2Tokenizer::parse(byte_vocab({"Ġt", "he", "Ġthe"}), "Ġ t\nh e\nĠt he\n", "t");
  for (const auto& text : std::vector<std::string>{"the the  the\n", "naïve 日本 🎉\t\r\n", std::string("nul\0byte", 8)}) {
    EXPECT_EQ(tokenizer.decode(tokenizer.encode(text)), text);
  }
  EXPECT_EQ(tokenizer.encode(" the"), (std::vector<int>{258}));
  EXPECT_THROW(tokenizer.encode("bad \xe2\x82"), InputError);
  EXPECT_THROW(tokenizer.token_bytes(259), InputError);
  EXPECT_THROW(tokenizer.token_bytes(-1), InputError);
}

TEST(Tokenizer, RejectsInvalidVocabulariesAndMerges) {
  auto expect_rejected = [](const nlohmann::json& vocab, const std::string& merges, const std::string& part) {
    try {
      Gpt2Tokenizer::parse(vocab, merges, "vocab");
      ADD_FAILURE() << "accepted invalid tokenizer data; expected an error mentioning '" << part << "'";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  auto vocab = byte_vocab({"ab"});
  expect_rejected(nlohmann::json::array(), "", "not a JSON object");
  auto missing_byte = vocab;
  missing_byte.erase(byte_symbols()['a']);
  missing_byte["ab"] = 97;  // keeps the ids 0..256 each used once
  missing_byte["x-x"] = 256;
  expect_rejected(missing_byte, "", "lacks the single-byte token 'a'");
  auto duplicate_id = vocab;
  duplicate_id["ab"] = 7;
  expect_rejected(duplicate_id, "", "each used once");
  auto string_id = vocab;
  string_id["ab"] = "256";
  expect_rejected(string_id, "", "non-integer id");
  auto foreign = vocab;
  foreign.erase("ab");
  foreign["a b"] = 256;  // a literal space is not a byte symbol
  expect_rejected(foreign, "", "not a GPT-2 byte symbol");
  expect_rejected(vocab, "a b c\n", "line 1 is not two tokens");
  expect_rejected(vocab, "#version: 0.2\nab\n", "line 2 is not two tokens");
  expect_rejected(vocab, "a c\n", "makes 'ac', which is not a token");
  expect_rejected(vocab, "a b\na b\n", "line 2 repeats");
}

}  // namespace
}  // namespace nb::gpt2
