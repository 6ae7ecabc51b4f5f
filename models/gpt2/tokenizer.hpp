#pragma once
// GPT-2's byte-level BPE tokenizer (vocab.json + merges.txt), following OpenAI's encoder.py:
// pre-tokenize (see Pretokenizer), map each word's UTF-8 bytes to GPT-2's byte symbols, then
// repeatedly merge the adjacent pair of lowest merge rank until no pair has a rank.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/gpt2/pretokenizer.hpp"

namespace nb::gpt2 {

// How the text "<|endoftext|>" is read.
enum class SpecialTokens {
  huggingface,  // as Hugging Face's GPT-2 tokenizer: the single token <|endoftext|> (id 50256 in GPT-2)
  plain,        // as OpenAI's encoder.py and the JavaScript gpt-3-encoder: ordinary text
};

inline constexpr std::string_view kEndOfText = "<|endoftext|>";

class Gpt2Tokenizer {
 public:
  // Reads vocab.json and merges.txt (see parse). Errors name the files.
  static Gpt2Tokenizer load(const std::filesystem::path& vocab_json, const std::filesystem::path& merges_txt);

  // Reads `directory`/vocab.json and `directory`/merges.txt.
  static Gpt2Tokenizer load_directory(const std::filesystem::path& directory);

  // Builds a tokenizer from a parsed vocab (token string -> id) and the text of a merges file
  // (an optional "#version" first line, then one "left right" pair per line, highest priority
  // first). `source` names the data in errors. Guarantees on success: ids are exactly 0..size-1,
  // each once; every token string consists of GPT-2 byte symbols; all 256 single-byte symbols are
  // tokens; every merge line has two non-empty parts, appears once, and its concatenation is a
  // token. Throws nb::InputError naming the token or merge line otherwise.
  static Gpt2Tokenizer parse(const nlohmann::json& vocab, std::string_view merges, const std::string& source);

  // Token ids of `text` (UTF-8). In SpecialTokens::huggingface mode, each occurrence of
  // "<|endoftext|>" becomes that token's id and the text between occurrences is encoded
  // separately; in plain mode the whole text is ordinary text. Guarantees: decode(encode(text))
  // == text in both modes. Throws nb::InputError if `text` is not valid UTF-8, or (huggingface
  // mode) it contains "<|endoftext|>" and the vocabulary has no such token.
  std::vector<int> encode(std::string_view text, SpecialTokens mode = SpecialTokens::huggingface) const;

  // The bytes token `id` stands for (may be an incomplete UTF-8 sequence).
  // Throws nb::InputError if id is outside [0, size()).
  const std::string& token_bytes(int id) const;

  // Concatenated token_bytes of `ids`.
  std::string decode(std::span<const int> ids) const;

  // Number of tokens in the vocabulary.
  int size() const { return static_cast<int>(token_bytes_.size()); }

 private:
  Gpt2Tokenizer() = default;
  void encode_ordinary(std::string_view text, std::vector<int>& ids) const;
  void encode_word(std::string_view word, std::vector<int>& ids) const;

  Pretokenizer pretokenizer_;
  std::unordered_map<std::string, int> ids_;          // token string (byte symbols) -> id
  std::unordered_map<std::string, int> merge_ranks_;  // "left right" -> rank (0 = first merge)
  std::vector<std::string> token_bytes_;              // id -> bytes
  std::optional<int> end_of_text_;
};

}  // namespace nb::gpt2
