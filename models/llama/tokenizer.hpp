#pragma once
// The sentencepiece-style BPE tokenizer of Llama-family models, read from a Hugging Face
// tokenizer.json (and tokenizer_config.json for add_bos_token / add_eos_token), encoding as
// Hugging Face tokenizers does: the special (added) tokens are cut out of the raw text first; each
// piece of text between them is normalized (prepend "▁", replace " " by "▁"), split into its
// characters, a character missing from the vocabulary becoming its UTF-8 bytes as <0xNN> tokens
// (byte fallback) or the unknown token, and the parts merged by BPE, the lowest-ranked adjacent
// pair first, leftmost on ties (gpt2::MergeOrder::one_pair); then <s> in front if add_bos_token.
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace nb::llama {

class LlamaTokenizer {
 public:
  // Reads `directory`/tokenizer.json and, if present, `directory`/tokenizer_config.json (see parse).
  static LlamaTokenizer load_directory(const std::filesystem::path& directory);

  // Builds a tokenizer from parsed tokenizer.json and tokenizer_config.json (null when the
  // directory has none: add_bos_token true, add_eos_token false, as LlamaTokenizer's defaults);
  // `source` names them in errors. Guarantees on success: model.type is "BPE" without dropout,
  // subword prefix or suffix, or ignore_merges; the normalizer is the Llama one (Sequence of
  // Prepend "▁" and Replace " " -> "▁"); there is no pre_tokenizer; vocab ids are 0..n-1, each
  // once; every merge ("a b" or ["a", "b"]) joins two tokens into a token, once; every added token
  // has normalized, lstrip, rstrip and single_word false; bos_token / eos_token (when added) and
  // unk_token (when named) are tokens. Throws nb::InputError naming `source`, the field and its
  // value otherwise (a tokenizer kind normbound does not implement is refused, never approximated).
  static LlamaTokenizer parse(const nlohmann::json& tokenizer, const nlohmann::json& config, const std::string& source);

  // Token ids of `text` (UTF-8), as described above. Throws nb::InputError with the byte offset if
  // `text` is not valid UTF-8, or if a character has neither a token, byte tokens nor an unknown token.
  std::vector<int> encode(std::string_view text) const;

  // The vocabulary's piece of `id` (added tokens included). Throws nb::InputError if out of range.
  const std::string& piece(int id) const;

  int size() const { return static_cast<int>(pieces_.size()); }

 private:
  LlamaTokenizer() = default;
  void encode_segment(std::string_view text, std::vector<int>& ids) const;

  std::unordered_map<std::string, int> ids_;     // piece -> id
  std::vector<std::string> pieces_;              // id -> piece
  std::unordered_map<std::string, std::unordered_map<std::string, int>> ranks_;  // left -> right -> rank
  std::vector<std::pair<std::string, int>> special_;  // added tokens, matched in the raw text
  std::optional<int> unk_;
  bool fuse_unk_ = false;
  bool byte_fallback_ = false;
  std::optional<int> bos_, eos_;  // prepended / appended by encode when set
};

}  // namespace nb::llama
